"""Plotly figure builders: tidy data in, ``go.Figure`` out. Never imports streamlit."""

from plots.palette import CLUSTER_COLORS, NOISE_COLOR, cluster_color
from plots.scatter import as_classes, cluster_scatter

__all__ = ["CLUSTER_COLORS", "NOISE_COLOR", "as_classes", "cluster_color", "cluster_scatter"]
