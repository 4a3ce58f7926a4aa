"""The colour-blind-safe categorical palette, marker symbols and dashes shared by every chart.

Okabe & Ito's eight colours (Okabe and Ito, "Color Universal Design", 2008), reordered so that
the first few clusters get the most distinct hues on a white projector screen; its yellow and
black come last because they read worst on white and against text. Under Machado, Oliveira &
Fernandes's (2009) simulation of protanopia, deuteranopia and tritanopia (severity 1) every
two of them still differ by a CIEDE2000 colour difference of at least 10
(tests/plots/test_palette.py). Noise points are grey and never take a cluster colour.
`.streamlit/config.toml` repeats this list as the app theme's ``chartCategoricalColors`` (a
test keeps the two equal).

Colour is never the only cue (WCAG 2.1, 1.4.1): cluster ``k`` also has the marker symbol
``k mod 7`` and the line dash ``k mod 6``; seven symbols and eight colours (coprime) give 56
clusters a distinct pair. Light fills (orange, sky blue, yellow, the tints, grey) do not reach
3:1 against the white plot, so every data point carries the dark `OUTLINE` (WCAG 1.4.11).
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
NOISE_COLOR = "#888888"

# Filled shapes only (open ones mean border points, crosses and stars mean centres), each
# with its number in plotly's symbol list: frames ship one byte a point, not a name.
MARKER_SYMBOLS: tuple[str, ...] = ("circle", "square", "diamond", "triangle-up",
                                   "triangle-down", "cross", "pentagon")
SYMBOL_NUMBERS: dict[str, int] = {"circle": 0, "square": 1, "diamond": 2, "cross": 3,
                                  "triangle-up": 5, "triangle-down": 6, "pentagon": 13}
NOISE_SYMBOL = "circle-open"
LINE_DASHES: tuple[str, ...] = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")

# Framed charts colour points by a number (`plots.framed.color_codes`): cluster c is code
# c mod CODED_CLUSTERS (the clusters colour and symbol tell apart), its light tint that plus
# CODED_CLUSTERS, noise NOISE_CODE.
CODED_CLUSTERS = len(CLUSTER_COLORS) * len(MARKER_SYMBOLS)
NOISE_CODE = 2 * CODED_CLUSTERS

# Casing of curves drawn over points (and threshold lines): 21:1 on white, and from 4:1
# (blue) to 10:1 against the cluster colours but black. Points are outlined a little
# lighter and thinner (10:1 on white), so that a dense cluster keeps its colour.
OUTLINE = "#000000"
POINT_LINE: dict = {"width": 0.6, "color": "#404040"}
# How far `tint` mixes a colour with white.
_TINT = 0.55


def tint(color: str) -> str:
    """``color`` (``#rrggbb``) mixed with white: a lighter shade of a cluster's colour
    (DBSCAN's border points).

    Examples
    --------
    >>> tint("#000000")
    '#8c8c8c'
    """
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * _TINT):02x}" for c in rgb)


def cluster_color(label: int) -> str:
    """Colour of cluster ``label``; negative labels (noise) are grey.

    Examples
    --------
    >>> cluster_color(0), cluster_color(8), cluster_color(-1)
    ('#0072B2', '#0072B2', '#888888')
    """
    if label < 0:
        return NOISE_COLOR
    return CLUSTER_COLORS[label % len(CLUSTER_COLORS)]


def cluster_symbol(label: int) -> str:
    """Marker symbol of cluster ``label`` (``label mod 7``); noise is an open circle.

    Examples
    --------
    >>> cluster_symbol(0), cluster_symbol(1), cluster_symbol(7), cluster_symbol(-1)
    ('circle', 'square', 'circle', 'circle-open')
    """
    if label < 0:
        return NOISE_SYMBOL
    return MARKER_SYMBOLS[label % len(MARKER_SYMBOLS)]


def cluster_dash(label: int) -> str:
    """Line dash of cluster (or series) ``label``: ``label mod 6``; noise is dotted.

    Examples
    --------
    >>> cluster_dash(0), cluster_dash(1), cluster_dash(-1)
    ('solid', 'dash', 'dot')
    """
    if label < 0:
        return "dot"
    return LINE_DASHES[label % len(LINE_DASHES)]


def series_line(index: int, width: float = 3) -> dict:
    """The ``line`` of series ``index`` of a line chart: its colour and its dash.

    Examples
    --------
    >>> series_line(1)
    {'color': '#E69F00', 'width': 3, 'dash': 'dash'}
    """
    return {"color": cluster_color(index), "width": width, "dash": cluster_dash(index)}


def series_marker(index: int, size: float = 8) -> dict:
    """The ``marker`` of series ``index``: its colour and symbol, outlined dark.

    Examples
    --------
    >>> series_marker(1)["symbol"]
    'square'
    """
    return {"color": cluster_color(index), "symbol": cluster_symbol(index), "size": size,
            "line": POINT_LINE}
