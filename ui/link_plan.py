"""What a link asks of a page, decided without Streamlit: parameters in, values and warnings out.

A page run ends with `plan`: given what the app remembers of the session (`LinkState`), the
page, the controls the page drew (`Control`) and the URL's parameters, it says which values
to give the controls on an immediate rerun, which warnings to show, which parameters to
write into the address bar and what to remember for the next run (`LinkPlan`). A lesson
step's values can be put in place before that, from the controls an earlier run of the page
drew (`placed_in_advance`): the plan then has nothing to rerun for. `ui.links` is the
Streamlit shell that reads those inputs and applies the plan.

Numbers in a link are read by the one gate, `metrics.validation`: an integer control takes
``3`` or ``3.0`` but not ``2.7`` (refused, with a warning that says an integer is expected,
never rounded), a number beyond a control's range is moved to its nearest end and said.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from metrics.validation import ParameterError, parse_integer, parse_real
from ui.text import plain

# Parameters of the app rather than of a control: kept in the copied link as they are.
APP_PARAMS = ("controls", "lesson", "lessonz", "step", "embed", "embed_options", "class")
# Parameters read outside the pages' controls and never copied into a link: presenter mode
# (drawn in the sidebar) and a class teacher's secret (ui.classroom.TEACH_PARAM), which Copy
# link must not leak to the students.
IGNORED = ("present", "teach")
FOCUS_PARAM = "controls"  # ui.presenter's focus view
FOCUS_VALUES = ("on", "off")
# A warning quotes at most this much of a link value.
MAX_QUOTED = 60
#: Old prefix -> new prefix of link parameters (the Learn pages' confusable ``lds_`` of
#: Distances and ``ldi_`` of Dimensionality). Pages' prefixes live in
#: :data:`ui.navigation.PAGES`; when one changes, its old prefix goes here and stays.
RENAMED_PREFIXES = {"lds_": "dist_", "ldi_": "dim_"}
#: Old label -> current label of a choice in a link (any spelling of the old one): the
#: experiments' preset radio said "Paper's settings" before it said "Paper".
RENAMED_LABELS = {"Paper's settings": "Paper"}
NUMBER_KINDS = ("int_value", "double_value", "int_array_value", "double_array_value")


@dataclass(frozen=True)
class Control:
    """One control bound to the URL, as the page drew it.

    Parameters
    ----------
    param : str
        Its URL name.
    value : tuple of str
        Its current value in URL form (one text per item of a multi-valued control).
    options, labels : tuple or None
        A choice's values (as the page receives them) and their on-screen labels (the URL
        form); None for other controls.
    low, high : float or None
        A number's range.
    kind : str
        Streamlit's value type (``string_value``, ``double_array_value``, ``bool_value``...).
    current : tuple
        Its current value(s) as the page receives them, one per item.
    multi : bool
        Whether the page receives a list (a range slider, a multiselect).
    integer : bool
        Whether a number control holds integers.
    default : object
        The value it shows when a link gives it none (as the page receives it; None when
        unknown): what a link value it cannot take leaves it at.
    """

    param: str
    value: tuple[str, ...]
    options: tuple[Any, ...] | None = None
    labels: tuple[str, ...] | None = None
    low: float | None = None
    high: float | None = None
    kind: str = "string_value"
    current: tuple[Any, ...] = ()
    multi: bool = False
    integer: bool = False
    default: Any = None

    @property
    def is_choice(self) -> bool:
        return self.labels is not None

    @property
    def is_number(self) -> bool:
        return not self.is_choice and self.kind in NUMBER_KINDS

    @property
    def is_text(self) -> bool:
        """A text box: Streamlit takes whatever text a link gives it."""
        return not self.is_choice and self.kind == "string_value"


@dataclass(frozen=True)
class LinkState:
    """What the app remembers about links between two runs of one session.

    Parameters
    ----------
    opened : str or None
        The page whose opening URL was read.
    applying : bool
        The next run is the rerun that applies a link's values: it reads the URL again.
    checked : frozenset
        The link values (and unknown names) already answered, so each gets one warning.
    pending : mapping
        Values to give the controls at the start of the next run.
    notices : tuple of str
        Warnings to show on the next run.
    request : mapping
        Values a lesson step asks of controls (URL form), for the next run.
    later : tuple of str
        Warnings others (the lesson bar) asked to show with the link's.
    applied : frozenset of str
        The controls given a link's value by the app, to write into the address bar.
    named : frozenset of str
        The controls the link or lesson step being applied names (a page keeps them when
        it changes the others).
    rerun : bool
        A page asked for one more run.
    """

    opened: str | None = None
    applying: bool = False
    checked: frozenset = frozenset()
    pending: Mapping[str, Any] = field(default_factory=dict)
    notices: tuple[str, ...] = ()
    request: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    later: tuple[str, ...] = ()
    applied: frozenset[str] = frozenset()
    named: frozenset[str] = frozenset()
    rerun: bool = False


@dataclass(frozen=True)
class LinkPlan:
    """The end of a page run: what to do about the link.

    Parameters
    ----------
    state : LinkState
        What to remember for the next run.
    rerun : bool
        Run the page again now (``state.pending`` then holds the values to apply).
    warnings : tuple of str
        Warnings to show now (empty when rerunning: they wait in ``state.notices``).
    write : tuple of str
        Controls whose value goes into the address bar.
    """

    state: LinkState
    rerun: bool = False
    warnings: tuple[str, ...] = ()
    write: tuple[str, ...] = ()


def quoted(text: str) -> str:
    """``text`` as inline code that no link value can break out of (no backticks, no line
    breaks, at most ``MAX_QUOTED`` characters).

    Examples
    --------
    >>> quoted("a`b\\nc")
    "`a'b c`"
    """
    text = " ".join(str(text).replace("`", "'").split())
    if len(text) > MAX_QUOTED:
        text = text[:MAX_QUOTED] + "…"
    return f"`{text}`"


def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


def _valid_values(control: Control) -> str:
    if control.is_choice:
        return "one of " + ", ".join(quoted(label) for label in control.labels)
    if control.kind == "bool_value":
        return "`true` or `false`"
    what = "an integer" if control.integer else "a number"
    if control.low is not None and control.high is not None:
        return f"{what} from {_number(control.low)} to {_number(control.high)}"
    return what if control.is_number else "a value the control accepts"


def _shown(control: Control, values: Sequence[Any] | None = None) -> str:
    if values is None:
        return ", ".join(control.value) or "nothing"
    return ", ".join(_number(v) if control.is_number else str(v) for v in values)


def unusable_message(control: Control, asked: Sequence[str],
                     shown: Sequence[Any] | None = None) -> str:
    """The warning for a link value the control cannot take: the parameter, the value, what
    is shown instead (``shown``, or the control's value) and the valid values. The value
    came from the link, so it goes through the one escaping rule for user text
    (`ui.text.plain`).

    Examples
    --------
    >>> k = Control("k", ("5",), low=1, high=50, kind="double_array_value", integer=True)
    >>> unusable_message(k, ["2.7"])
    'Link parameter `k`: “2\\\\.7” cannot be used, so the page shows `5`. Valid values: an integer from 1 to 50.'
    """  # noqa: E501
    asked_text = plain(", ".join(asked), MAX_QUOTED)
    return (f"Link parameter {quoted(control.param)}: “{asked_text}” cannot be "
            f"used, so the page shows {quoted(_shown(control, shown))}. Valid values: "
            f"{_valid_values(control)}.")


def clamped_message(control: Control, asked: Sequence[str], used: Sequence[Any]) -> str:
    """The warning for a link number outside the control's range, moved to its nearest end."""
    return (f"Link parameter {quoted(control.param)}: “{plain(', '.join(asked), MAX_QUOTED)}” "
            f"is out of range, so the page shows {quoted(_shown(control, used))}, the nearest "
            f"value it can take. Valid values: {_valid_values(control)}.")


def unknown_message(names: Sequence[str]) -> str:
    """The warning for link parameters that no control of the page reads."""
    return ("No control on this page as shown reads the link parameter"
            + ("s " if len(names) > 1 else " ") + ", ".join(quoted(n) for n in names)
            + ": ignored. Copy link gives the names this page uses.")


def focus_message(value: str) -> str:
    """The warning for a ``controls=`` value that is neither ``on`` nor ``off``."""
    return (f"Link parameter {quoted(FOCUS_PARAM)}: “{plain(value, MAX_QUOTED)}” cannot be "
            "used, so the page shows its controls. Valid values: `off` (only the title, "
            "charts and key numbers) or `on`.")


# Longer than any value a control of this app writes (30 typed centres take ~500).
MAX_VALUE_LENGTH = 2000
# A teacher's lesson travels in one parameter, bounded and validated by its own reader
# (explorer.lesson_files.decode_lesson); so do drawn points (``<prefix>_drawn``, up to 8,000
# characters; datasets.drawn.decode_points).
LONG_PARAMS = ("lessonz",)
LONG_SUFFIXES = ("_drawn",)


def unreadable(value: str) -> str | None:
    """Why a link value is dropped before any widget reads it, or None when widgets may.

    Streamlit's URL-bound number inputs raise on values such as ``inf`` or ``nan`` (and on
    a 10,000-digit number, which reads as infinity) before the page can catch anything;
    overlong values only bloat every later link.

    Examples
    --------
    >>> unreadable("1e309"), unreadable("3.5"), unreadable("iris")
    ('not a finite number', None, None)
    """
    if len(value) > MAX_VALUE_LENGTH:
        return f"longer than {MAX_VALUE_LENGTH:,} characters"
    try:
        # Streamlit's own parser, not the gate's: what matters is what Streamlit reads.
        number = float(value)
    except ValueError:
        return None
    return None if math.isfinite(number) else "not a finite number"


def dropped_params(url: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """The link parameters to drop before the page runs, each with why (sorted reasons).

    Examples
    --------
    >>> dropped_params({"seed": ["-inf"], "k": ["3"], "lessonz": ["A" * 9000]})
    {'seed': ['not a finite number']}
    """
    dropped = {}
    for name, values in url.items():
        if name in LONG_PARAMS or name.endswith(LONG_SUFFIXES):
            continue
        reasons = {unreadable(value) for value in values} - {None}
        if reasons:
            dropped[name] = sorted(reasons)
    return dropped


def dropped_message(dropped: Mapping[str, Sequence[str]]) -> str:
    """The one warning naming the dropped parameters (names escaped: they come from the
    link)."""
    return ("This link had values no control can take; they were ignored: "
            + "; ".join(f"{plain(name, limit=60)} ({', '.join(reasons)})"
                        for name, reasons in dropped.items()) + ".")


def new_name(name: str) -> str:
    """The current name of link parameter ``name`` (itself when it was never renamed).

    Examples
    --------
    >>> new_name("lds_p"), new_name("db_eps")
    ('dist_p', 'db_eps')
    """
    for old, new in RENAMED_PREFIXES.items():
        if name.startswith(old):
            return new + name.removeprefix(old)
    return name


def renamed_params(url: Mapping[str, Sequence[str]]) -> dict[str, list[str]] | None:
    """The URL's parameters under their current names, or None when none was renamed.

    A name given both ways keeps the current one's values; the order of the others is kept.

    Examples
    --------
    >>> renamed_params({"lds_p": ["0.5"], "dist_qual": ["jaccard"]})
    {'dist_p': ['0.5'], 'dist_qual': ['jaccard']}
    >>> renamed_params({"lds_p": ["0.5"], "dist_p": ["2"]}), renamed_params({"a": ["1"]})
    ({'dist_p': ['2']}, None)
    """
    if all(new_name(name) == name for name in url):
        return None
    renamed: dict[str, list[str]] = {}
    for name, values in url.items():
        current = new_name(name)
        if current == name or current not in url:
            renamed.setdefault(current, list(values))
        if current == name:
            renamed[current] = list(values)
    return renamed


def _plain(text: Any) -> str:
    """Spelling-insensitive form: ``Two+moons``, ``two_moons`` and ``Two moons`` agree."""
    return re.sub(r"[\s_+\-]", "", str(text)).casefold()


def resolve_choice(control: Control, tokens: Sequence[str]) -> list[Any] | None:
    """The options ``tokens`` name, each by its label, its registry key or a former label
    (`RENAMED_LABELS`), in any spelling; None if one of them names no option.

    Examples
    --------
    >>> data = Control("d", ("Two moons",), options=("moons", "iris"),
    ...                labels=("Two moons", "Iris"))
    >>> resolve_choice(data, ["two_moons", "IRIS"]), resolve_choice(data, ["wine"])
    (['moons', 'iris'], None)
    """
    chosen = []
    for token in tokens:
        token = next((new for old, new in RENAMED_LABELS.items()
                      if _plain(old) == _plain(token)), token)
        hits = [option for option, label in zip(control.options, control.labels, strict=True)
                if _plain(token) in (_plain(option), _plain(label))]
        if not hits:
            return None
        chosen.append(hits[0])
    return chosen


def _read_number(control: Control, text: str) -> float | int:
    """``text`` read by the gate as the control's kind of number (unbounded: the caller
    moves it into range); raises ParameterError."""
    if control.integer:
        return parse_integer(text, control.param)
    return parse_real(text, control.param)


def same_value(control: Control, tokens: Sequence[str]) -> bool:
    """True if the control holds what ``tokens`` ask for (numbers compared as numbers).

    Examples
    --------
    >>> k = Control("k", ("3",), kind="double_array_value", integer=True)
    >>> same_value(k, ["3.0"]), same_value(k, ["3.5"])
    (True, False)
    """
    if control.is_number:
        try:
            return [parse_real(t, control.param) for t in tokens] == [
                parse_real(v, control.param) for v in control.value]
        except ParameterError:
            return False
    if control.kind == "bool_value":
        return [t.lower() for t in tokens] == list(control.value)
    return list(tokens) == list(control.value)


@dataclass(frozen=True)
class Reading:
    """What one link value gives one control.

    Parameters
    ----------
    value : object
        The value to give the control (as the page receives it), or None to leave it.
    warning : str or None
        What to say about it.
    """

    value: Any = None
    warning: str | None = None


def read_value(control: Control, asked: Sequence[str]) -> Reading:
    """What the link value(s) ``asked`` give ``control``.

    A choice is matched by label or key in any spelling; a flag takes ``true`` or
    ``false``; a number is read by `metrics.validation` (an integer control refuses a
    fraction) and moved into the control's range, with a warning. A value the control
    cannot take leaves it at its default, with a warning naming the valid values.

    Examples
    --------
    >>> k = Control("k", ("5",), low=1, high=50, kind="double_array_value", current=(5,),
    ...             integer=True, default=5)
    >>> read_value(k, ["7"]).value, read_value(k, ["3.0"]).value
    (7, 3)
    >>> read_value(k, ["99"]).value, "out of range" in read_value(k, ["99"]).warning
    (50, True)
    >>> reading = read_value(k, ["2.7"])
    >>> reading.value, "an integer from 1 to 50" in reading.warning
    (None, True)
    """
    if same_value(control, asked):
        return Reading()
    wanted = _wanted(control, asked)
    if wanted is None:
        return _refused(control, asked)
    values = _in_range(control, wanted)
    warning = None if values == _items(wanted) else clamped_message(control, asked, values)
    if [str(v) for v in control.current] == [str(v) for v in values]:
        return Reading(warning=warning)
    return Reading(values if control.multi else values[0], warning)


def _items(wanted: Any) -> list[Any]:
    return wanted if isinstance(wanted, list) else [wanted]


def _in_range(control: Control, wanted: Any) -> list[Any]:
    """The ``wanted`` value(s) of `_wanted`, a number moved to the nearest end of the
    control's range."""
    values = _items(wanted)
    if not control.is_number or control.low is None:
        return values
    moved = [min(max(v, control.low), control.high) for v in values]
    return [type(v)(m) for v, m in zip(values, moved, strict=True)]


def placed_in_advance(known: Mapping[str, Control],
                      step: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The values a lesson step gives the controls that an earlier run of its page drew
    (``known``, param -> control), in URL form (a choice by its label), to give the
    widgets as they are drawn: the page then shows the step on its first run, and `plan`
    finds nothing to rerun for.

    A value is read as `read_value` reads it (a number moved into range; `plan` says so).
    A control no earlier run drew, or a value it cannot take, is left to `plan`: a rerun
    with its value, or its warning.

    Examples
    --------
    >>> k = Control("k", ("5",), low=1, high=50, kind="double_array_value", current=(5,),
    ...             integer=True, default=5)
    >>> data = Control("d", ("Two moons",), options=("moons", "iris"),
    ...                labels=("Two moons", "Iris"))
    >>> placed_in_advance({"k": k, "d": data}, {"k": ["99"], "d": ["IRIS"], "seed": ["3"]})
    {'k': ('50',), 'd': ('Iris',)}
    >>> placed_in_advance({"k": k}, {"k": ["2.7"]})
    {}
    """
    placed = {}
    for name, asked in step.items():
        control = known.get(name)
        wanted = None if control is None else _wanted(control, tuple(asked))
        if wanted is not None:
            placed[name] = tuple(_url_text(control, v) for v in _in_range(control, wanted))
    return placed


def url_text(value: Any) -> str:
    """One value as Streamlit writes it in the URL (``5.0`` as ``5``, booleans in lower
    case).

    Examples
    --------
    >>> url_text(5.0), url_text(0.25), url_text(True), url_text("Iris")
    ('5', '0.25', 'true', 'Iris')
    """
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return str(int(value))
    return str(value)


def _url_text(control: Control, value: Any) -> str:
    """One item of a control's value as its URL text (a choice by its label)."""
    if control.is_choice:
        return control.labels[control.options.index(value)]
    return url_text(value)


def _refused(control: Control, asked: Sequence[str]) -> Reading:
    default = control.default
    if default is None:
        return Reading(warning=unusable_message(control, asked))
    shown = list(default) if isinstance(default, list | tuple) else [default]
    unchanged = [str(v) for v in control.current] == [str(v) for v in shown]
    return Reading(None if unchanged else default,
                   unusable_message(control, asked, shown))


def _wanted(control: Control, asked: Sequence[str]) -> Any:
    """The value(s) ``asked`` names for the control, not yet moved into its range; None if
    it names none."""
    if control.options is not None:
        chosen = resolve_choice(control, asked)
        if chosen is None:
            return None
        return chosen if control.multi else chosen[0]
    if control.kind == "bool_value":
        return {"true": True, "false": False}.get(asked[0].lower()) if len(asked) == 1 else None
    if not control.is_number or len(asked) != len(control.current):
        return None
    try:
        return [_read_number(control, text) for text in asked]
    except ParameterError:
        return None


def plan(state: LinkState, page: str, controls: Sequence[Control],
         opened: Mapping[str, Sequence[str]], url: Mapping[str, Sequence[str]]) -> LinkPlan:
    """Compare what the URL that opened ``page`` (or a lesson step, ``state.request``) asks
    of every control with what it shows, at the end of a page run.

    A value given by its registry key (or another spelling), or by a lesson step, is
    applied on an immediate rerun; a value that names nothing valid gets one warning. A
    text box's link value is Streamlit's to read (it takes any text) and is not read. The
    URL is read only on the run that opens the page and on the reruns that apply it: on a
    rerun after a student moves a control, the browser's URL can still hold an older value
    of that control (a fast run of slider steps), and reading it would move the control
    back.

    Parameters
    ----------
    state : LinkState
        What the previous runs left.
    page : str
        The page's URL path.
    controls : sequence of Control
        The controls the page drew on this run.
    opened : mapping
        The values the URL that opened the page gave each parameter (Streamlit's initial
        query parameters).
    url : mapping
        The URL's parameters now, name -> values.

    Returns
    -------
    LinkPlan

    Examples
    --------
    >>> k = Control("k", ("5",), low=1, high=50, kind="double_array_value", current=(5,),
    ...             integer=True, default=5)
    >>> first = plan(LinkState(), "p", [k], {"k": ["7"]}, {"k": ["7"]})
    >>> first.rerun, dict(first.state.pending)
    (True, {'k': 7})
    >>> k7 = Control("k", ("7",), low=1, high=50, kind="double_array_value", current=(7,),
    ...              integer=True, default=5)
    >>> second = plan(first.state, "p", [k7], {"k": ["7"]}, {"k": ["7"]})
    >>> second.rerun, second.warnings, second.write
    (False, (), ())
    """
    checked = set(state.checked)
    step = dict(state.request)
    opening = state.opened != page or state.applying
    pending, notices, asking = _read_controls(controls, step, opened if opening else {},
                                              checked)
    notices = [*state.later, *notices]
    drawn = {control.param for control in controls}
    base = replace(state, opened=page, applying=False, request={}, later=(),
                   named=frozenset())
    if pending:
        # Controls that appear only once these values are set (an algorithm's parameters)
        # get theirs on the next run.
        later = {name: values for name, values in step.items() if name not in drawn}
        return LinkPlan(replace(base, checked=frozenset(checked), pending=pending,
                                notices=tuple(notices), request=later, applying=True,
                                applied=state.applied | set(pending),
                                named=frozenset(asking)), rerun=True)
    if state.rerun:
        # The page asked for one more run: what it would have said waits for that run.
        return LinkPlan(replace(base, checked=frozenset(checked), notices=tuple(notices),
                                rerun=False), rerun=True)
    # The values applied on the reruns before this one go in the address bar, so the link
    # there reopens this view on a reload.
    write = tuple(control.param for control in controls
                  if control.param in state.applied and control.value
                  and list(url.get(control.param, ())) != list(control.value))
    if opening:
        notices += _page_notices(page, drawn, url, checked)
    return LinkPlan(replace(base, checked=frozenset(checked), applied=frozenset()),
                    warnings=tuple(notices), write=write)


def _read_controls(controls: Sequence[Control], step: Mapping[str, Sequence[str]],
                   opened: Mapping[str, Sequence[str]], checked: set):
    """The values, warnings and named controls of what ``step`` and ``opened`` ask; a link
    value answered before (in ``checked``, updated) is not read again."""
    pending, notices, asking = {}, [], set()
    for control in controls:
        asked = step.get(control.param)
        from_url = asked is None
        if from_url:
            asked = opened.get(control.param)
            # An empty tuple is a value: "name=" empties a multiselect. A text box holds
            # the link's text as Streamlit read it (its page checks it: drawn points,
            # typed centres) or one changed since: a page stopped (st.stop()) before this
            # check on every run until this one, whose URL predates what the drawing's
            # tools put in the box on it.
            if asked is None or control.is_text or (control.param, tuple(asked)) in checked:
                continue
            asked = tuple(asked)
            checked.add((control.param, asked))
        asking.add(control.param)
        reading = read_value(control, tuple(asked))
        if reading.warning is not None:
            notices.append(reading.warning)
        if reading.value is not None:
            pending[control.param] = reading.value
            if from_url:
                # Streamlit's own reading of the link (2.7 read as 2) may stand in the URL
                # the rerun starts from: it is no new link value.
                checked.add((control.param, control.value))
    return pending, notices, asking


def _page_notices(page: str, drawn: set[str], url: Mapping[str, Sequence[str]],
                  checked: set) -> list[str]:
    """The warnings about the URL as a whole when ``page`` opens: names no control reads, a
    focus value other than on or off; each once per page (``checked``, updated)."""
    notices = []
    unknown = [name for name in url
               if name not in drawn | set(APP_PARAMS) | set(IGNORED)
               and ("?", page, name) not in checked]
    checked.update(("?", page, name) for name in unknown)
    if unknown:
        notices.append(unknown_message(unknown))
    focus = list(url.get(FOCUS_PARAM, ()))[-1:]
    if focus and focus[0].lower() not in FOCUS_VALUES \
            and ("?", page, FOCUS_PARAM, focus[0]) not in checked:
        checked.add(("?", page, FOCUS_PARAM, focus[0]))
        notices.append(focus_message(focus[0]))
    return notices
