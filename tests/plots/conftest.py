"""Reference colours for the figure tests, written out here rather than read from plots/."""

import plotly.graph_objects as go
import pytest

# Okabe & Ito's palette in the order the charts use it (plots/palette.py documents the order).
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442",
             "#000000")
GREY = "#888888"


@pytest.fixture
def okabe_ito():
    return OKABE_ITO


@pytest.fixture
def grey():
    return GREY


def validated_frames(fig):
    """The frames of ``fig`` as plotly.py validates them: each trace update readable as a
    trace object (``frame.data[0].marker.color``). Frames are attached without validation
    (`plots.framed.set_frames`), so this also fails on any invalid key a frame carries."""
    return [go.Frame(frame) for frame in fig.frames]
