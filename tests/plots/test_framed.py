"""plots.framed: one frame per value holding exactly its trace updates, a slider over them."""

import copy
import json

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
import pytest

from plots.framed import framed_figure, hover_integers
from tests.plots.conftest import validated_frames


def base_figure():
    fig = go.Figure(go.Scatter(x=[0.0, 1.0, 2.0], y=[0.0, 1.0, 0.0], mode="markers"))
    fig.add_trace(go.Scattergl(x=[5.0], y=[5.0], name="centre"))
    return fig


def test_each_frame_holds_only_its_updates_addressed_by_trace_index():
    colors = [np.array([0, 1, 1]), np.array([2, 2, 0]), np.array([1, 0, 2])]
    centres = [([1.0], [2.0]), ([3.0], [4.0]), ([5.0], [6.0])]
    updates = [{0: {"marker": {"color": c}}, 1: {"x": x, "y": y}}
               for c, (x, y) in zip(colors, centres, strict=True)]
    fig = framed_figure(base_figure(), ["0.1", "0.2", "0.3"], updates, name="eps", active=1)
    assert [frame.name for frame in validated_frames(fig)] == ["eps=0.1", "eps=0.2", "eps=0.3"]
    for frame, color, (x, y) in zip(validated_frames(fig), colors, centres, strict=True):
        assert list(frame.traces) == [0, 1]
        assert [trace.type for trace in frame.data] == ["scatter", "scattergl"]
        np.testing.assert_array_equal(frame.data[0].marker.color, color)
        assert frame.data[0].x is None  # the points' positions are not copied
        assert list(frame.data[1].x) == x and list(frame.data[1].y) == y
    # The chart opens on the active value, its other properties untouched.
    np.testing.assert_array_equal(fig.data[0].marker.color, colors[1])
    assert list(fig.data[0].x) == [0.0, 1.0, 2.0] and fig.data[0].mode == "markers"
    assert list(fig.data[1].x) == [3.0] and fig.data[1].name == "centre"


def test_the_slider_plays_one_frame_per_step_with_its_label():
    updates = [{0: {"y": [i, i, i]}} for i in range(4)]
    fig = framed_figure(base_figure(), ["a", "b", "c", "d"], updates, name="K", active=2)
    (slider,) = fig.layout.sliders
    assert slider.active == 2 and slider.name == "K"
    assert [step.label for step in slider.steps] == ["a", "b", "c", "d"]
    assert [step.method for step in slider.steps] == ["animate"] * 4
    assert [list(step.args[0]) for step in slider.steps] == [["K=a"], ["K=b"], ["K=c"], ["K=d"]]
    assert not fig.layout.updatemenus


def test_play_and_pause_buttons_and_per_frame_layout():
    updates = [{0: {"y": [i, 0, 0]}} for i in range(3)]
    layouts = [{"title": {"text": f"step {i}"}} for i in range(3)]
    fig = framed_figure(base_figure(), ["0", "1", "2"], updates, name="step", layouts=layouts,
                        play_ms=400, transition_ms=300)
    titles = [frame.layout.title.text for frame in validated_frames(fig)]
    assert titles == ["step 0", "step 1", "step 2"]
    assert fig.layout.title.text == "step 0"
    (menu,) = fig.layout.updatemenus
    play, pause = menu.buttons
    assert (play.label, pause.label) == ("Play", "Pause")
    assert play.args[0] is None and play.args[1]["frame"]["duration"] == 400
    assert play.args[1]["transition"]["duration"] == 300 and play.args[1]["fromcurrent"]
    assert list(pause.args[0]) == [None]


def test_a_second_call_adds_a_second_slider_and_its_frames():
    fig = framed_figure(base_figure(), ["1", "2"], [{0: {"y": [1, 1, 1]}}, {0: {"y": [2, 2, 2]}}],
                        name="eps")
    fig = framed_figure(fig, ["3", "5"], [{0: {"y": [3, 3, 3]}}, {0: {"y": [5, 5, 5]}}],
                        name="min_samples", slider_y=-0.3)
    assert [s.name for s in fig.layout.sliders] == ["eps", "min_samples"]
    names = [f.name for f in validated_frames(fig)]
    assert names == ["eps=1", "eps=2", "min_samples=3", "min_samples=5"]
    assert list(fig.data[0].y) == [3, 3, 3]


@pytest.mark.parametrize(("labels", "updates", "kwargs", "match"), [
    (["a"], [], {}, "one update per label"),
    (["a", "a"], [{0: {}}, {0: {}}], {}, "unique"),
    (["a"], [{0: {}}], {"active": 1}, "active must be in"),
    (["a", "b"], [{0: {}}, {1: {}}], {}, "same traces"),
    (["a"], [{7: {}}], {}, "trace indices"),
    (["a"], [{0: {}}], {"layouts": []}, "one layout per label"),
])
def test_bad_arguments_say_what_is_wrong(labels, updates, kwargs, match):
    with pytest.raises(ValueError, match=match):
        framed_figure(base_figure(), labels, updates, name="p", **kwargs)


def test_colour_codes_name_the_palettes_colours():
    from plots.framed import CODE_COLORS, color_codes
    from plots.palette import NOISE_COLOR, cluster_color

    labels = np.array([0, 3, 7, 8, 11, -1])
    codes = color_codes(labels)
    assert [CODE_COLORS[c] for c in codes] == [cluster_color(int(v)) for v in labels]
    assert CODE_COLORS[codes[-1]] == NOISE_COLOR
    light = color_codes(labels, light=[True] * 6)
    assert [CODE_COLORS[c] for c in light[:-1]] != [cluster_color(int(v)) for v in labels[:-1]]
    assert CODE_COLORS[light[-1]] == NOISE_COLOR  # noise is never tinted


def test_scrubbed_scatter_holds_each_values_clusters():
    from plots.framed import scrubbed_scatter

    xy = np.arange(8.0).reshape(4, 2)
    labels = np.array([[0, 0, 0, 0], [0, 0, 1, 1], [2, 0, 1, -1]])
    fig = scrubbed_scatter(xy, labels, ["1", "2", "3"], name="K", active=1,
                           titles=["one", "two", "three"])
    assert len(validated_frames(fig)) == 3 and fig.layout.title.text == "two"
    for frame, row in zip(validated_frames(fig), labels, strict=True):
        assert list(frame.data[0].customdata) == list(row)
    assert list(fig.data[0].x) == [0.0, 2.0, 4.0, 6.0]
    with pytest.raises(ValueError, match="shape"):
        scrubbed_scatter(xy, labels[:, :3], ["1", "2", "3"], name="K", active=0)


def test_frames_attached_without_validation_reach_plotlys_json_and_validate():
    # plots.framed.set_frames writes plotly.py's private BaseFigure._frame_objs: if plotly
    # stops reading it, the frames vanish from the JSON the browser gets and this fails.
    fig = framed_figure(base_figure(), ["1", "2"], [{0: {"y": [1, 1, 1]}}, {0: {"y": [2, 2, 2]}}],
                        name="k", layouts=[{"title": {"text": "one"}}, {"title": {"text": "two"}}])
    shipped = json.loads(pio.to_json(fig))["frames"]
    assert [f["name"] for f in shipped] == ["k=1", "k=2"]
    assert [f["data"][0]["y"] for f in shipped] == [[1, 1, 1], [2, 2, 2]]
    assert [f["layout"]["title"]["text"] for f in shipped] == ["one", "two"]
    # What plotly would have built with its validation on is the same figure.
    checked = go.Figure(data=fig.data, layout=fig.layout, frames=validated_frames(fig))
    assert json.loads(pio.to_json(checked))["frames"] == shipped


def test_a_framed_figure_still_validates_later_edits():
    # The copy is made with plotly's validation off (private _validate flags); it must be
    # back on for whatever the page does with the figure next.
    fig = framed_figure(base_figure(), ["1"], [{0: {"y": [1, 1, 1]}}], name="k")
    with pytest.raises(ValueError):
        fig.update_layout(not_a_layout_property=1)
    with pytest.raises(ValueError):
        fig.data[0].update(not_a_trace_property=1)
    with pytest.raises(ValueError):
        fig.layout.sliders[0].update(not_a_slider_property=1)


class _NoPop(dict):
    """A trace's dict that refuses to be written: a figure another thread draws meanwhile."""

    def pop(self, *args):
        raise AssertionError(f"the shared figure's trace was changed: pop{args}")

    def __deepcopy__(self, memo):  # a copy is the reader's own, plain dict
        return copy.deepcopy(dict(self), memo)


def test_copying_a_shared_figure_never_writes_to_it():
    """A cached experiment figure is drawn by every session at once; a projector's copy of it
    (`ui.export.plot`) once took each trace's ``type`` out for a moment (plotly's validator),
    and a student's session reading it meanwhile failed with ``KeyError: 'type'``."""
    from plots.framed import copied_figure

    shared = go.Figure([go.Scatter(x=[0, 1], y=[1, 0]), go.Bar(x=[1], y=[2])])
    shared._data = [_NoPop(trace) for trace in shared._data]
    with pytest.raises(AssertionError, match="pop"):  # what plotly itself does
        go.Figure(shared)
    copy = copied_figure(shared)
    assert [t.type for t in copy.data] == [t.type for t in shared.data] == ["scatter", "bar"]
    assert copy.to_plotly_json()["data"] == shared.to_plotly_json()["data"]


def played(figure: dict, name: str) -> dict:
    """Frame ``name`` of a figure's JSON as plotly.js plays it (its ``computeFrame`` for one
    level of base, in frames whose layouts have the same keys): the base's traces and data,
    the base's layout updated by the frame's own."""
    by_name = {frame["name"]: frame for frame in figure["frames"]}
    frame = by_name[name]
    base = by_name.get(frame.get("baseframe"), {})
    layout = {**base.get("layout", {}), **frame.get("layout", {})}
    return {"traces": frame.get("traces", base.get("traces")),
            "data": frame.get("data", base.get("data")), "layout": layout}


def test_a_repeated_frame_names_the_first_as_its_base_and_keeps_its_own_layout():
    colors = [np.array([0, 1, 1]), np.array([0, 1, 1]), np.array([2, 2, 0]),
              np.array([0, 1, 1])]
    updates = [{0: {"marker": {"color": c}}} for c in colors]
    layouts = [{"title": {"text": f"t{i}"}, "shapes": []} for i in range(4)]
    fig = framed_figure(base_figure(), ["a", "b", "c", "d"], updates, name="v", active=1,
                        layouts=layouts, reuse=True)
    shipped = json.loads(pio.to_json(fig))
    assert [f.get("baseframe") for f in shipped["frames"]] == [None, "v=a", None, "v=a"]
    assert "data" not in shipped["frames"][1] and "traces" not in shipped["frames"][3]
    for i, name in enumerate(["v=a", "v=b", "v=c", "v=d"]):
        frame = played(shipped, name)
        assert frame["traces"] == [0]
        assert frame["data"][0]["marker"]["color"] == json.loads(pio.to_json(
            go.Figure(go.Scatter(marker_color=colors[i]))))["data"][0]["marker"]["color"]
        assert frame["layout"]["title"]["text"] == f"t{i}"
    # The chart opens on b: its own update, its own title.
    np.testing.assert_array_equal(fig.data[0].marker.color, colors[1])
    assert fig.layout.title.text == "t1"
    # Without reuse every frame carries its data.
    plain = framed_figure(base_figure(), ["a", "b", "c", "d"], updates, name="v")
    assert all("baseframe" not in f.to_plotly_json() for f in plain.frames)


def test_a_second_slider_reuses_the_first_sliders_frames_but_never_a_reused_one():
    same = {0: {"marker": {"color": np.array([0, 1, 1])}}}
    other = {0: {"marker": {"color": np.array([2, 2, 2])}}}
    fig = framed_figure(base_figure(), ["1", "2"], [same, same], name="eps", reuse=True)
    fig = framed_figure(fig, ["3", "4"], [other, same], name="K", reuse=True)
    bases = [f.to_plotly_json().get("baseframe") for f in fig.frames]
    assert bases == [None, "eps=1", None, "eps=1"]


def test_frames_are_reused_only_where_plotlys_merge_gives_the_frames_own_layout():
    same = {0: {"marker": {"color": np.array([0, 1, 1])}}}
    circle = {"type": "circle", "x0": 0, "x1": 1, "y0": 0, "y1": 1}
    # plotly merges a frame's shapes into its base's item by item: an empty list would
    # leave the base's circle drawn, so a frame of another shape count keeps its data.
    layouts = [{"shapes": [circle]}, {"shapes": []}, {"shapes": [{**circle, "x1": 2}]},
               {"title": {"text": "t"}}]
    fig = framed_figure(base_figure(), ["a", "b", "c", "d"], [same] * 4, name="v",
                        layouts=layouts, reuse=True)
    bases = [f.to_plotly_json().get("baseframe") for f in fig.frames]
    assert bases == [None, None, "v=a", None]
    assert played(json.loads(pio.to_json(fig)), "v=c")["layout"]["shapes"][0]["x1"] == 2


def test_hover_integers_keep_their_values_in_the_fewest_bytes():
    for values, dtype in (([0, 5, 127], "i1"), ([0, 128], "i2"), ([40_000], "i4")):
        held = hover_integers(np.array(values))
        encoded = json.loads(pio.to_json(go.Figure(go.Scatter(customdata=held))))
        assert encoded["data"][0]["customdata"]["dtype"] == dtype
        np.testing.assert_array_equal(held, values)
    # -1 as two bytes 0xFF is base64 "//", written \u002f each by plotly.io: a list instead.
    rows = np.where(np.arange(2000) < 1900, -1, np.arange(2000) % 7)
    as_list = pio.to_json(go.Figure(go.Scatter(customdata=hover_integers(rows))))
    as_int16 = pio.to_json(go.Figure(go.Scatter(customdata=rows.astype(np.int16))))
    assert json.loads(as_list)["data"][0]["customdata"] == rows.tolist()
    assert len(as_list) < len(as_int16) / 2
