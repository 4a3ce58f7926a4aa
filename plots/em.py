"""Figures of the EM explorer: soft assignments with covariance ellipses, the likelihood curve."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from plots.framed import code_marker, color_codes, framed_figure, plane_layout
from plots.fuzzy import blend_colors, certainty
from plots.palette import CLUSTER_COLORS, OUTLINE, POINT_LINE, cluster_color, cluster_symbol
from plots.scatter import points_trace

# The 2-sigma ellipse is drawn dashed, so the 1-sigma one reads as the component's core.
SIGMA_DASH = {1: "solid", 2: "dash"}
# Each ellipse is a dark casing with the component's colour on top: the colour alone
# vanished among the component's own points, and light colours among any on white.
CASING_WIDTH, ELLIPSE_WIDTH = 5, 2.5


def _ellipse_traces(j: int, n_sigma: int, curve: np.ndarray | None) -> list[go.Scatter]:
    """The casing and the coloured line of component ``j``'s ``n_sigma`` ellipse (empty
    curves when ``curve`` is None: a framed chart's frames fill them)."""
    x, y = ([], []) if curve is None else (curve[:, 0], curve[:, 1])
    dash = SIGMA_DASH.get(n_sigma, "dot")
    return [go.Scatter(x=x, y=y, mode="lines", hoverinfo="skip",
                       name="" if casing else f"{n_sigma} sigma",
                       legendgroup=f"{n_sigma} sigma", showlegend=j == 0 and not casing,
                       line={"color": OUTLINE if casing else cluster_color(j), "dash": dash,
                             "width": CASING_WIDTH if casing else ELLIPSE_WIDTH})
            for casing in (True, False)]


def em_step_figure(X: np.ndarray, responsibilities: np.ndarray, means: np.ndarray,
                   ellipses: list[dict[int, np.ndarray]], *, title: str = "",
                   axis_titles: tuple[str, str] = ("x1", "x2")) -> go.Figure:
    """One EM step: points shaded by their responsibilities, hard label as marker shape.

    Each point's colour mixes the components' colours in proportion to ``w_ik``; its marker
    shape is the component of largest ``w_ik`` (one legend entry each). ``ellipses[k]`` maps
    a number of standard deviations (1, 2) to the curve of component k; means are crosses.
    """
    X = np.asarray(X, dtype=float)
    w = np.asarray(responsibilities, dtype=float)
    colors = np.array(blend_colors(w), dtype=object)
    hard = w.argmax(axis=1)
    hover = "<br>".join(f"w{j} = %{{customdata[{j}]:.2f}}" for j in range(w.shape[1]))
    fig = go.Figure()
    for j in range(w.shape[1]):
        mask = hard == j
        if not mask.any():
            continue
        fig.add_trace(go.Scatter(
            x=X[mask, 0], y=X[mask, 1], mode="markers", name=f"cluster {j}",
            marker={"color": list(colors[mask]), "size": 9,
                    "symbol": cluster_symbol(j), "line": POINT_LINE},
            customdata=w[mask], hovertemplate=hover + f"<extra>cluster {j}</extra>",
        ))
    for j, curves in enumerate(ellipses):
        for n_sigma, curve in curves.items():
            fig.add_traces(_ellipse_traces(j, n_sigma, curve))
    means = np.asarray(means, dtype=float)
    fig.add_trace(go.Scatter(
        x=means[:, 0], y=means[:, 1], mode="markers", name="means",
        marker={"symbol": "x", "size": 20, "line": {"width": 2, "color": "black"},
                "color": [cluster_color(j) for j in range(len(means))]},
        hovertemplate="mean (%{x:.3g}, %{y:.3g})<extra></extra>",
    ))
    fig.update_layout(title=title, height=540, font={"size": 15}, legend={"font": {"size": 14}},
                      xaxis_title=axis_titles[0], yaxis_title=axis_titles[1],
                      margin={"l": 40, "r": 10, "t": 50 if title else 20, "b": 40})
    fig.update_yaxes(scaleanchor="x", scaleratio=1)
    return fig


def log_likelihood_figure(log_likelihood: list[float], current: int) -> go.Figure:
    """L(Theta_t) after each step t, the current step marked: EM never lowers it."""
    steps = list(range(len(log_likelihood)))
    fig = go.Figure(go.Scatter(x=steps, y=log_likelihood, mode="lines+markers", name="L",
                               line={"color": CLUSTER_COLORS[0], "width": 3}))
    fig.add_trace(go.Scatter(x=[current], y=[log_likelihood[current]], mode="markers",
                             name="now", marker={"size": 16, "color": CLUSTER_COLORS[3]}))
    fig.update_layout(height=260, showlegend=False, font={"size": 14},
                      xaxis_title="EM step", yaxis_title="log-likelihood L",
                      margin={"l": 60, "r": 10, "t": 10, "b": 40})
    return fig


def log_likelihood_data(log_likelihood: list[float]) -> pd.DataFrame:
    """Tidy table of the log-likelihood after each step."""
    return pd.DataFrame({"step": range(len(log_likelihood)), "log_likelihood": log_likelihood})


def em_animation_figure(X: np.ndarray, responsibilities: list[np.ndarray],
                        means: list[np.ndarray], ellipses: list[list[dict[int, np.ndarray]]],
                        titles: list[str], active: int, *,
                        axis_titles: tuple[str, str] = ("x1", "x2")) -> go.Figure:
    """Every EM step as one animated chart: Play, Pause and a step slider.

    Step ``i`` colours each point by its most responsible Gaussian, faded as the
    responsibility is shared (`plots.fuzzy.certainty`), and moves the means and the
    ellipses (``ellipses[i][k][s]``: component k at s standard deviations) between steps.
    Each frame carries only those: colour codes, opacities, the cluster of each point (its
    hover), the ellipses' curves (single precision) and the means.
    """
    X = np.asarray(X, dtype=float)
    k = means[0].shape[0]
    fig = go.Figure(points_trace(len(X))(
        x=X[:, 0], y=X[:, 1], mode="markers", name="points", showlegend=False,
        marker=code_marker(size=9),
        hovertemplate="most responsible: %{customdata}<extra></extra>"))
    sigmas = sorted(ellipses[0][0])
    for j in range(k):
        for n_sigma in sigmas:
            fig.add_traces(_ellipse_traces(j, n_sigma, None))
    fig.add_trace(go.Scatter(
        x=[], y=[], mode="markers", name="means",
        marker={"symbol": "x", "size": 20, "line": {"width": 2, "color": "black"},
                "color": [cluster_color(j) for j in range(k)]},
        hovertemplate="mean (%{x:.3g}, %{y:.3g})<extra></extra>"))
    updates = []
    for w, mu, curves in zip(responsibilities, means, ellipses, strict=True):
        hard = np.asarray(w).argmax(axis=1)
        update = {0: {"marker": {"color": color_codes(hard),
                                 "opacity": (0.15 + 0.85 * certainty(w)).astype(np.float32)},
                      "customdata": hard.astype(np.int16)}}
        for j in range(k):
            for s, n_sigma in enumerate(sigmas):
                curve = np.asarray(curves[j][n_sigma], dtype=np.float32)
                first = 1 + 2 * (j * len(sigmas) + s)  # the casing, then the colour
                update[first] = update[first + 1] = {"x": curve[:, 0], "y": curve[:, 1]}
        update[1 + 2 * k * len(sigmas)] = {"x": mu[:, 0], "y": mu[:, 1]}
        updates.append(update)
    plane_layout(fig, axis_titles, 580)
    return framed_figure(fig, [str(i) for i in range(len(updates))], updates, name="step",
                         active=active, layouts=[{"title": {"text": t}} for t in titles],
                         play_ms=400, transition_ms=300, slider_y=-0.12)
