"""The measure registry as the pages show it: a random-model switch and one table of scores."""

import numpy as np
import pandas as pd
import streamlit as st

import metrics
from explorer.measures import measure_table, models_table
from ui.export import csv_download
from ui.lesson import table, worked_answer


def random_model_controls(prefix: str) -> tuple[str, bool]:
    """Widgets choosing the random model of the adjusted measures, bound to the URL."""
    models = list(metrics.RANDOM_MODELS)
    model = st.selectbox(
        "Random model", models, key=f"{prefix}_model", bind="query-params",
        format_func=lambda name: metrics.RANDOM_MODELS[name].label,
        help="What 'by chance' means for the adjusted measures (ARI, AMI): which random "
        "clusterings their expected value is taken over (Gates & Ahn 2017).",
    )
    one_sided = st.toggle(
        "One-sided (truth fixed)", key=f"{prefix}_one_sided", bind="query-params",
        help="Keep the true classes as they are and draw only the clustering at random. "
        "Under perm this changes nothing.",
    )
    return model, one_sided


def show_measure_table(values: dict[str, float], key: str) -> pd.DataFrame:
    """Draw :func:`explorer.measures.measure_table` and return it."""
    shown = measure_table(values)
    table(
        shown, hide_index=True, key=key, height=38 + 35 * len(shown),
        column_config={
            "value": st.column_config.NumberColumn(format="%.4f"),
            "adjusted": st.column_config.CheckboxColumn(
                help="Corrected for chance: 0 on average for random clusterings."
            ),
            "higher is better": st.column_config.CheckboxColumn(
                help="Ticked for similarities; unticked for distances (0 = identical)."
            ),
            "key": st.column_config.TextColumn(help="The name in metrics.MEASURES."),
        },
    )
    csv_download("Measures (CSV)", shown, key, key=f"{key}_csv",
                 help="Every measure's value, as in the table, as a CSV file.")
    return shown


def show_formulas(values: dict[str, float]) -> None:
    """Each measure's formula from the registry with its value, for the curious (after a
    lesson's reveal: the values would answer its question)."""
    if not worked_answer("the formulas with their values"):
        return
    for name, value in values.items():
        m = metrics.MEASURES[name]
        st.markdown(f"**{m.label}** = {value:.4f} — {m.description}")
        st.latex(m.formula)


@st.cache_data(max_entries=32, show_spinner=False)
def _models_table(counts: np.ndarray) -> pd.DataFrame:
    # Cached by the table's counts: a class on one lesson step asks for the same table at once.
    return models_table(counts)


def show_models_table(contingency, key: str) -> pd.DataFrame:
    """Draw :func:`explorer.measures.models_table` and return it: computed once for every
    session when ``contingency`` is an array of counts (a lesson's table), on each run for a
    `metrics.Contingency` (a page's own clustering against the truth; it may be sparse and
    keeps what it derives, no key for a cache)."""
    shown = (_models_table(contingency) if isinstance(contingency, np.ndarray)
             else models_table(contingency))
    table(
        shown, hide_index=True, key=key,
        column_config={"ARI": st.column_config.NumberColumn(format="%.4f"),
                       "AMI (arithmetic)": st.column_config.NumberColumn(format="%.4f"),
                       "one-sided": st.column_config.CheckboxColumn(
                           help="Truth fixed, only the clustering drawn at random.")},
    )
    return shown
