"""The link text of drawn points: exact round trips, bounds, and refusals."""

import base64

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from datasets import load
from datasets.drawn import (
    CHARS_PER_POINT,
    EXTENT,
    GRID,
    MAX_CLASSES,
    MAX_POINTS,
    cells_at,
    decode_points,
    drawn_dataset,
    encode_points,
)

points = st.lists(
    st.tuples(st.integers(0, GRID - 1), st.integers(0, GRID - 1),
              st.integers(0, MAX_CLASSES - 1)),
    max_size=300,
)


def split(drawn):
    cells = np.array([(x, y) for x, y, _ in drawn], dtype=int).reshape(-1, 2)
    return cells, np.array([c for _, _, c in drawn], dtype=int)


@given(points)
def test_decoding_gives_back_every_point_in_order(drawn):
    cells, classes = split(drawn)
    text = encode_points(cells, classes)
    assert len(text) == CHARS_PER_POINT * len(drawn)
    back_cells, back_classes = decode_points(text)
    np.testing.assert_array_equal(back_cells, cells)
    np.testing.assert_array_equal(back_classes, classes)


@given(points)
def test_the_text_is_the_standard_url_safe_base64_of_the_packed_bits(drawn):
    """An independent reference: Python's base64 of each point's three bytes."""
    cells, classes = split(drawn)
    packed = b"".join(((int(x) << 14) | (int(y) << 4) | (int(c) << 1)).to_bytes(3, "big")
                      for (x, y), c in zip(cells, classes, strict=True))
    assert encode_points(cells, classes) == base64.urlsafe_b64encode(packed).decode()


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@given(st.text(alphabet=ALPHABET, max_size=80))
def test_any_text_of_whole_valid_points_decodes_and_reencodes_identically(text):
    # Valid by hand: whole 4-character points whose last character (the low 6 bits) has
    # the spare bit 0 and a class 0-4 in bits 1-3.
    lows = [ALPHABET.index(text[i]) for i in range(3, len(text), 4)]
    valid = len(text) % 4 == 0 and all(v & 1 == 0 and (v >> 1) & 7 < 5 for v in lows)
    if valid:
        assert encode_points(*decode_points(text)) == text
    else:
        with pytest.raises(ValueError):
            decode_points(text)


def test_the_largest_drawing_fits_and_one_more_point_is_refused():
    rng = np.random.default_rng(0)
    cells = rng.integers(0, GRID, size=(MAX_POINTS, 2))
    classes = rng.integers(0, MAX_CLASSES, size=MAX_POINTS)
    text = encode_points(cells, classes)
    assert len(text) == 8000
    np.testing.assert_array_equal(decode_points(text)[0], cells)
    with pytest.raises(ValueError, match="at most 2,000 points"):
        encode_points(np.vstack([cells, [[0, 0]]]), np.append(classes, 0))
    with pytest.raises(ValueError, match="at most 2,000 points"):
        decode_points(text + "AAAA")


@pytest.mark.parametrize(("text", "message"), [
    ("AAA", "4 characters each"),
    ("AA=A", "only letters, digits"),
    ("<scr", "only letters, digits"),
    ("AAAK", "classes 0 to 4"),   # class 5
    ("AAAB", "classes 0 to 4"),   # the spare bit
])
def test_bad_text_is_refused_with_the_valid_form(text, message):
    with pytest.raises(ValueError, match=message):
        decode_points(text)


def test_a_non_string_is_a_type_error():
    with pytest.raises(TypeError, match="must be a string"):
        decode_points(1234)


@pytest.mark.parametrize(("cells", "classes", "message"), [
    ([[0, -1]], [0], "from 0 to 1023"),
    ([[0, 0]], [5], "from 0 to 4"),
    ([[0.5, 0]], [0], "whole numbers"),
    ([[0, 0], [1, 1]], [0], "shape"),
])
def test_bad_points_are_refused(cells, classes, message):
    with pytest.raises(ValueError, match=message):
        encode_points(cells, classes)


def test_the_dataset_spans_the_surface_and_takes_the_drawn_classes_as_truth():
    cells = [[0, 0], [GRID - 1, 0], [0, GRID - 1], [512, 512]]
    data = drawn_dataset(encode_points(cells, [4, 2, 4, 2]))
    np.testing.assert_allclose(data.X, np.array(cells) * EXTENT / (GRID - 1))
    assert data.y.tolist() == [1, 0, 1, 0]
    assert data.feature_names == ("x1", "x2")


def test_load_makes_the_same_data_from_its_source_and_needs_ten_points():
    text = encode_points([[i * 50, 1000 - i * 40] for i in range(12)],
                         [i % 3 for i in range(12)])
    data = load("drawn", points=text, standardize=True)
    again = load(**data.source)
    np.testing.assert_array_equal(again.X, data.X)
    np.testing.assert_array_equal(again.y, data.y)
    np.testing.assert_allclose(data.X.mean(axis=0), 0, atol=1e-12)
    with pytest.raises(ValueError, match="draw at least 10 points"):
        load("drawn", points=text[:9 * CHARS_PER_POINT])
    with pytest.raises(ValueError, match="takes only points"):
        load("drawn", points=text, centers=3)


@given(st.lists(st.tuples(st.integers(0, GRID - 1), st.integers(0, GRID - 1)), min_size=1,
                max_size=40),
       st.booleans())
def test_cells_at_inverts_the_charts_coordinates(cells, standardize):
    # A chart shows a drawing as scikit-learn's StandardScaler would (standardized) or on
    # the surface's scale; its inverse takes each point back to its own cell.
    from sklearn.preprocessing import StandardScaler

    cells = np.array(cells)
    text = encode_points(cells, np.zeros(len(cells), dtype=int))
    surface = cells * (EXTENT / (GRID - 1))
    shown = StandardScaler().fit_transform(surface) if standardize else surface
    assert cells_at(shown, text, standardize).tolist() == cells.tolist()


def test_cells_at_keeps_points_off_the_surface_on_its_edge():
    text = encode_points([[0, 0], [1023, 1023]], [0, 1])
    # Beyond the drawing's z-scores of -1 and 1 (its two corners), and beyond [0, EXTENT].
    assert cells_at([[-3.0, 5.0], [0.0, 0.0]], text, standardize=True).tolist() == [
        [0, 1023], [512, 512]]
    assert cells_at([[-1.0, 11.0]], text).tolist() == [[0, GRID - 1]]
