"""The data controls shared by the explorer pages: dataset, size, noise, seed."""

from typing import NamedTuple

import streamlit as st

from datasets import DATASETS, MAX_SAMPLES, Dataset
from ui.cache import load_dataset
from ui.draw import drawing_tools, drawn_points
from ui.scrub import carrier
from ui.text import plain, show_error
from ui.widgets import seed_input

# The explorers draw the data exactly as the algorithm sees it, so they offer the 2-D
# generated sets and the points a student draws; "Compare algorithms" also takes the real,
# many-featured ones.
PLANAR = tuple(name for name, spec in DATASETS.items() if spec.kind in ("generator", "drawn"))
# Interactions stay below half a second up to this many points (the teaching views redraw
# every point on each step).
MAX_POINTS = 2000


class DataChoice(NamedTuple):
    """What the data widgets chose: the arguments of :func:`ui.cache.load_dataset`."""

    name: str
    n_samples: int | None
    noise: float | None
    seed: int
    standardize: bool
    points: str = ""  # drawn points: their link text (`datasets.drawn`)


def data_choice(prefix: str, default: str = "blobs", names: tuple[str, ...] = PLANAR,
                default_n: int | None = None, standardize: bool | None = None, *,
                dataset_key: str = "data", seed_label: str = "Data seed",
                seed_help: str = "Fixes the random draw of the data: the same seed gives the "
                                 "same points.", draw_on: str | None = None) -> DataChoice:
    """Draw the data widgets, bound to the URL under ``<prefix>_<dataset_key>``,
    ``<prefix>_n``, ``<prefix>_noise_<dataset>``, ``<prefix>_seed`` and ``<prefix>_std``.

    Drawn points are drawn on the page's chart of key ``draw_on`` (`ui.draw.drawn_points`).

    ``standardize`` is the toggle's default (None: on for the real sets only).
    """
    name = st.selectbox(
        "Dataset", names, index=names.index(default), format_func=lambda k: DATASETS[k].label,
        key=f"{prefix}_{dataset_key}", bind="query-params",
        help="Generated shapes have a known answer (the true classes) to compare with.",
    )
    spec = DATASETS[name]
    st.caption(spec.description)
    points, tools = "", None
    if spec.kind == "drawn":
        tools = st.container()  # filled once the drawing's standardization is known
        points = drawn_points(prefix)
        if points is None:  # an unreadable link: the default data, after a warning
            name, points, tools = default, "", None
            spec = DATASETS[name]
    n_samples = noise = None
    if spec.kind == "generator":
        n_default = min(default_n or spec.default_n, MAX_POINTS)
        n_samples = st.slider(
            "Points", 50, min(MAX_POINTS, MAX_SAMPLES), n_default, 50, key=f"{prefix}_n",
            bind="query-params", help="How many points to generate (up to 2,000 here).",
        )
    if spec.has_noise:
        with carrier(f"{prefix}_noise_{name}"):  # hidden where a chart's slider scrubs it
            noise = st.slider(
                "Noise", 0.0, float(spec.max_noise), float(spec.default_noise),
                float(spec.max_noise) / 50, key=f"{prefix}_noise_{name}", bind="query-params",
                help="How much the generator blurs the shapes.",
            )
    seed = seed_input(seed_label, f"{prefix}_seed", help=seed_help)
    standardize = st.toggle(
        "Standardize", spec.kind == "real" if standardize is None else standardize,
        key=f"{prefix}_std", bind="query-params",
        help="Rescale every feature to mean 0 and standard deviation 1 before clustering.",
    )
    if tools is not None:
        with tools:
            drawing_tools(prefix, points, draw_on, standardize)
    return DataChoice(name, n_samples, noise, seed, standardize, points)


def load_choice(choice: DataChoice) -> Dataset | None:
    """The data of ``choice``; None after showing ``st.error`` when they cannot be made (an
    ``st.info`` asking for more points when a drawing has too few)."""
    try:
        return load_dataset(*choice)
    except (ValueError, TypeError) as error:
        if DATASETS[choice.name].kind == "drawn":
            # Too few points yet is where every drawing starts, not a mistake.
            st.info(plain(str(error), 200), icon=":material/draw:")
        else:
            show_error(error, "Could not make the data: ")
        return None


def dataset_controls(prefix: str, default: str = "blobs", names: tuple[str, ...] = PLANAR,
                     default_n: int | None = None, standardize: bool | None = None,
                     draw_on: str | None = None) -> Dataset | None:
    """Draw the data widgets (:func:`data_choice`) and load the data (:func:`load_choice`)."""
    return load_choice(data_choice(prefix, default, names, default_n, standardize,
                                   draw_on=draw_on))
