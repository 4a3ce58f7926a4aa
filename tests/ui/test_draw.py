"""What the drawing tools' messages do to a drawing's link text (ui.draw.apply_edit):
points land in the cells under them, Undo takes back a whole drag, and anything else the
browser might send is ignored or refused with the limit named."""

import numpy as np
import pytest

from datasets.drawn import EXTENT, GRID, MAX_POINTS, decode_points, encode_points
from ui.draw import apply_edit

SCALE = (GRID - 1) / EXTENT


def test_a_drag_lands_in_its_cells_and_one_undo_takes_it_back():
    undo = []
    text = apply_edit("", {"add": [[1.0, 2.0]], "cls": 0}, undo)
    drag = [[5.0, 5.0], [5.5, 5.0], [6.0, 5.1]]
    text = apply_edit(text, {"add": drag, "cls": 3}, undo)
    cells, classes = decode_points(text)
    # Each point in the grid cell nearest to it, counted by hand from the surface's scale.
    assert cells.tolist() == [[round(x * SCALE), round(y * SCALE)]
                              for x, y in [[1.0, 2.0], *drag]]
    assert classes.tolist() == [0, 3, 3, 3]
    text = apply_edit(text, {"undo": True}, undo)
    assert decode_points(text)[0].tolist() == cells[:1].tolist()
    assert apply_edit(text, {"undo": True}, undo) == ""


def test_undo_of_a_drawing_from_a_link_takes_one_point_and_clear_takes_all():
    text = encode_points([[1, 1], [2, 2], [3, 3]], [0, 1, 2])
    undo = []
    assert apply_edit(text, {"undo": True}, undo) == encode_points([[1, 1], [2, 2]], [0, 1])
    undo = [1]
    assert apply_edit(text, {"clear": True}, undo) == "" and undo == []


def test_a_point_on_a_standardized_chart_lands_where_it_was_clicked():
    text = encode_points([[0, 0], [1023, 1023]], [0, 0])
    # z = 0 is the drawing's mean, the surface's middle.
    cells, _ = decode_points(apply_edit(text, {"add": [[0.0, 0.0]], "cls": 1}, [],
                                        standardized=True))
    assert cells[-1].tolist() == [512, 512]


@pytest.mark.parametrize("edit", [
    None, "add", [], {}, {"add": "x"}, {"add": [[1.0, float("nan")]]},
    {"add": [[1.0, 1.0]], "cls": 5}, {"add": [[1.0, 1.0]], "cls": "one"}, {"add": []},
])
def test_messages_that_ask_nothing_change_nothing(edit):
    undo = []
    assert apply_edit(encode_points([[1, 1]], [0]), edit, undo) is None
    assert undo == []


def test_points_past_the_limit_are_refused_with_the_limit_named():
    full = encode_points(np.zeros((MAX_POINTS, 2), dtype=int), np.zeros(MAX_POINTS, dtype=int))
    undo = []
    with pytest.raises(ValueError, match="at most 2,000 points"):
        apply_edit(full, {"add": [[1.0, 1.0]], "cls": 0}, undo)
    assert undo == []
