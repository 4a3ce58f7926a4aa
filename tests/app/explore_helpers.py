"""Read the explorer pages' charts and metrics in AppTest runs."""

import base64
import json

import numpy as np

import datasets
from ui.scrub import CARRIER_PREFIX


def blobs(n=500, seed=0):
    """The blobs dataset with its default noise: the explorers' usual test data."""
    return datasets.load("blobs", n_samples=n, random_state=seed,
                         noise=datasets.DATASETS["blobs"].default_noise)


def chart(at, key: str) -> dict:
    """The plotly figure (as JSON) of the chart with ``key``."""
    for element in at.get("plotly_chart"):
        if element.proto.id.endswith(f"-{key}"):
            return json.loads(element.proto.spec)
    raise KeyError(f"no chart with key {key!r}")


def trace(figure: dict, name: str) -> dict:
    """The first trace called ``name``."""
    for item in figure["data"]:
        if item.get("name") == name:
            return item
    raise KeyError(f"no trace {name!r} in {[t.get('name') for t in figure['data']]}")


def xy(item: dict) -> np.ndarray:
    """The (x, y) points of a trace."""
    return np.column_stack([array(item["x"]), array(item["y"])])


def array(values) -> np.ndarray:
    """A numeric array of a figure's JSON, which plotly may store as a typed buffer."""
    if isinstance(values, dict):  # {"dtype": ..., "bdata": base64, "shape": "r, c"}
        flat = np.frombuffer(base64.b64decode(values["bdata"]), dtype=values["dtype"])
        shape = values.get("shape")
        return flat.reshape([int(v) for v in str(shape).split(",")]) if shape else flat
    return np.asarray(values, dtype=float)


def partition(figure: dict, X: np.ndarray) -> np.ndarray:
    """Cluster of each row of X read off the scatter's "cluster k" / "noise" traces, or, on
    a scrubbed scatter (`plots.framed.scrubbed_scatter`), off the cluster each point carries
    for its hover."""
    if figure.get("frames") and "customdata" in figure["data"][0]:
        assert np.allclose(xy(figure["data"][0]), X[:, :2])
        return array(figure["data"][0]["customdata"]).astype(int)
    labels = np.full(len(X), -2)
    lookup = {tuple(np.round(p, 9)): i for i, p in enumerate(X[:, :2])}
    for item in figure["data"]:
        name = item.get("name", "")
        if not (name.startswith("cluster ") or name in ("noise", "halo")):
            continue
        label = -1 if not name.startswith("cluster ") else int(name.split()[1])
        for point in xy(item):
            labels[lookup[tuple(np.round(point, 9))]] = label
    assert (labels > -2).all(), "every point is drawn in exactly one cluster trace"
    return labels


def frames(figure: dict, prefix: str) -> dict[str, list[dict]]:
    """The frames of a framed chart whose names start with ``prefix=``, by the value's label:
    each frame's trace updates (those of its ``baseframe`` for a frame that repeats another's,
    as plotly plays it: `plots.framed.framed_figure`'s ``reuse``)."""
    by_name = {frame["name"]: frame for frame in figure.get("frames", [])}

    def data(frame: dict) -> list[dict]:
        if "baseframe" not in frame:
            return frame["data"]
        assert "data" not in frame, f"frame {frame['name']} has a base and data of its own"
        return by_name[frame["baseframe"]]["data"]

    return {name.split("=", 1)[1]: data(frame) for name, frame in by_name.items()
            if name.startswith(f"{prefix}=")}


def metrics(at) -> dict[str, str]:
    """Metric label -> shown value."""
    return {m.label: m.value for m in at.metric}


def selection(points: list[dict]) -> dict:
    """A plotly selection state as the browser sends it, for ``at.session_state[key]``."""
    return {"selection": {"points": points, "point_indices": [], "box": [], "lasso": []}}


def go_to_step(at, prefix: str, step: int | None = None) -> None:
    """Show step ``step`` (the last if None) of the step-through ``prefix``, as the chart's
    slider or step buttons do: through the URL-bound slider ``<prefix>_step``."""
    slider = at.slider(key=f"{prefix}_step")
    slider.set_value(slider.max if step is None else step).run()


def hidden_widgets(at, keys) -> set[str]:
    """Those of ``keys`` whose widget's carrier box the page hides (`ui.scrub.carrier`'s
    style: a chart's slider scrubs the value)."""
    return {key for html in at.get("html") for key in keys
            if f".st-key-{CARRIER_PREFIX}{key} " in html.proto.body}


def carried(at, key: str) -> bool:
    """Whether the widget stored under ``key`` sits in its `ui.scrub.carrier` box (the
    container whose id ends with the carrier's key), the box the page's style hides."""
    def walk(node, parent):
        for child in getattr(node, "children", {}).values():
            if getattr(child, "key", None) == key and getattr(child, "type", "") != "":
                yield parent
            yield from walk(child, child)

    return any(parent is not None and str(getattr(parent.proto, "id", ""))
               .endswith(f"-{CARRIER_PREFIX}{key}") for parent in walk(at.main, None))
