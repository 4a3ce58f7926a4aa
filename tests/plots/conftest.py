"""Reference colours for the figure tests, written out here rather than read from plots/."""

import pytest

# Okabe & Ito's palette in the order the charts use it (plots/palette.py documents the order).
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442",
             "#000000")
GREY = "#BBBBBB"


@pytest.fixture
def okabe_ito():
    return OKABE_ITO


@pytest.fixture
def grey():
    return GREY
