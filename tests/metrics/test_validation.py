"""metrics.validation: one idea of an integer, of a real and of a choice, and text parsing."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from metrics.validation import (
    Interval,
    ParameterError,
    check_bool,
    check_choice,
    check_integer,
    check_real,
    check_text,
    parse_integer,
    parse_real,
)


@pytest.mark.parametrize("value", [0, 7, np.int8(7), np.int64(7), np.uint64(7)])
def test_python_and_numpy_integers_are_integers(value):
    assert check_integer(value, "k", 0, 10) == int(value)
    assert type(check_integer(value, "k", 0, 10)) is int


@pytest.mark.parametrize("value", [True, np.True_, 3.0, np.float64(3), "3", None, 3 + 0j])
def test_everything_else_is_not_an_integer(value):
    with pytest.raises(ParameterError, match=r"k must be an integer in \[0, 10\]"):
        check_integer(value, "k", 0, 10)


def test_parameter_error_is_caught_as_value_error_and_as_type_error():
    with pytest.raises(ValueError):
        check_integer(-1, "k", 0)
    with pytest.raises(TypeError):
        check_integer("a", "k", 0)


@given(st.integers(), st.integers(-50, 50), st.integers(-50, 50))
def test_check_integer_accepts_exactly_the_closed_interval(value, low, high):
    if low <= value <= high:
        assert check_integer(value, "k", low, high) == value
    else:
        with pytest.raises(ParameterError):
            check_integer(value, "k", low, high)


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_check_real_accepts_exactly_finite_numbers_in_the_half_open_interval(value):
    if math.isfinite(value) and 0 < value <= 1:
        assert check_real(value, "x", 0, 1, low_open=True) == value
    else:
        with pytest.raises(ParameterError, match=r"x must be a finite number in \(0, 1\]"):
            check_real(value, "x", 0, 1, low_open=True)


def test_interval_membership_at_both_ends():
    closed, open_ = Interval(0, 1), Interval(0, 1, low_open=True, high_open=True)
    assert 0 in closed and 1 in closed
    assert 0 not in open_ and 1 not in open_ and 0.5 in open_
    assert -1e300 in Interval(None, 0) and 1e300 in Interval(0, None)


def test_check_choice_and_check_bool():
    assert check_choice("b", "letter", ("a", "b")) == "b"
    with pytest.raises(ParameterError, match="letter must be one of 'a', 'b'; got 'c'"):
        check_choice("c", "letter", ("a", "b"))
    with pytest.raises(ParameterError):
        check_choice([1], "letter", {"a", "b"})  # unhashable: refused, not a crash
    assert check_bool(np.True_, "flag") is True
    with pytest.raises(ParameterError):
        check_bool(1, "flag")


@given(st.integers(-(10**30), 10**30))
def test_parse_integer_reads_what_python_writes(value):
    low, high = -(10**20), 10**20
    if low <= value <= high:
        assert parse_integer(str(value), "k", low, high) == value
    else:
        with pytest.raises(ParameterError):
            parse_integer(str(value), "k", low, high)


@pytest.mark.parametrize("text", ["1e309", "-inf", "nan", "²", "٣", "1.5", "0x10", "1_000", "", " ",
                                  "1" * 41, "[x](http://evil.example)"])
def test_parse_integer_refuses_hostile_text_with_one_message(text):
    with pytest.raises(ParameterError) as info:
        parse_integer(text, "seed", 0, 2**32 - 1)
    assert str(info.value) == f"seed must be an integer in [0, 4294967295], got {text!r}"


def test_parse_integer_takes_integral_float_literals():
    assert parse_integer("3.0", "k", 1, 10) == 3
    assert parse_integer("1e3", "k", 1, 10**6) == 1000


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_parse_real_round_trips_repr(value):
    assert parse_real(repr(value), "x") == value


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "1e309", "abc", "½"])
def test_parse_real_refuses_non_finite_and_non_numbers(text):
    with pytest.raises(ParameterError, match="x must be a finite number"):
        parse_real(text, "x")


@pytest.mark.parametrize("value", [10**5000, "x" * 100_000, list(range(100_000))],
                         ids=["huge int", "long text", "long list"])
def test_a_refused_value_is_shown_briefly(value):
    with pytest.raises(ParameterError) as error:
        check_integer(value, "n_draws", 1, 10**6)
    assert len(str(error.value)) < 200


def test_check_text_bounds_length_and_lines():
    assert check_text("moons.csv", "file name", 20, one_line=True) == "moons.csv"
    for bad, message in [("a" * 21, "at most 20 characters, got 21"), (b"x", "must be text"),
                         ("a\nb", "one line")]:
        with pytest.raises(ParameterError, match=message):
            check_text(bad, "file name", 20, one_line=True)
    assert check_text("a\nb", "prompt", 20) == "a\nb"
