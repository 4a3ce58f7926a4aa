"""The colour-blind-safe categorical palette shared by every chart.

Okabe & Ito's eight colours (Okabe and Ito, "Color Universal Design", 2008), reordered so that
the first few clusters get the most distinct hues on a white projector screen; its yellow and
black come last because they read worst on white and against text. Noise points are grey and
never take a cluster colour. `.streamlit/config.toml` repeats this list as the app theme's
``chartCategoricalColors`` (a test keeps the two equal).
"""

CLUSTER_COLORS: tuple[str, ...] = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#F0E442",  # yellow
    "#000000",  # black
)
NOISE_COLOR = "#BBBBBB"

# Past eight clusters colours repeat, so the marker shape changes with each lap of the palette.
MARKER_SYMBOLS: tuple[str, ...] = ("circle", "diamond", "square", "triangle-up", "cross", "x")


def cluster_color(label: int) -> str:
    """Colour of cluster ``label``; negative labels (noise) are grey."""
    if label < 0:
        return NOISE_COLOR
    return CLUSTER_COLORS[label % len(CLUSTER_COLORS)]


def cluster_symbol(label: int) -> str:
    """Marker symbol of cluster ``label``: changes each time the colours wrap around."""
    if label < 0:
        return "circle-open"
    return MARKER_SYMBOLS[(label // len(CLUSTER_COLORS)) % len(MARKER_SYMBOLS)]
