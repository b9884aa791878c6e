"""Tests of trfconv.timecontrol on record 222 codes and record 122 texts."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trfconv.timecontrol import Period, TimeControl, format_code, parse_code, parse_text


def symmetric(*periods: Period) -> TimeControl:
    return TimeControl(periods, periods)


CLASSICAL_40_100_15_30 = symmetric(Period(6000, 40, 30), Period(900, None, 30))
CLASSICAL_40_90_30_30 = symmetric(Period(5400, 40, 30), Period(1800, None, 30))
RAPID_90_30 = symmetric(Period(5400, None, 30))


@pytest.mark.parametrize(
    ("code", "expected", "minutes"),
    [
        ("5400+30", RAPID_90_30, 120),
        ("40/6000+30:900+30", CLASSICAL_40_100_15_30, 145),
        (
            "40/6000+30:20/3000+30:1500+30",
            symmetric(Period(6000, 40, 30), Period(3000, 20, 30), Period(1500, None, 30)),
            180,
        ),
        ("W300-B240", TimeControl((Period(300),), (Period(240),)), 4),
        ("600", symmetric(Period(600)), 10),
        ("40/7200:3600", symmetric(Period(7200, 40), Period(3600)), 180),
    ],
)
def test_parse_code(code: str, expected: TimeControl, minutes: int) -> None:
    tc = parse_code(code)
    assert tc == expected
    assert tc.minutes_for(60) == minutes
    assert format_code(tc) == code


@pytest.mark.parametrize(
    "code",
    ["", "abc", "standard", "W300", "B240-W300", "300:40/300", "0/300", "90'+30\"", "40/", "+30"],
)
def test_parse_code_refuses_what_is_not_a_code(code: str) -> None:
    assert parse_code(code) is None


def test_format_code_writes_equal_sides_once() -> None:
    assert format_code(TimeControl((Period(300),), (Period(300),))) == "300"
    assert format_code(symmetric(Period(6000, 40, 0), Period(900, None, 30))) == "40/6000:900+30"


@pytest.mark.parametrize(
    ("text", "expected", "minutes"),
    [
        ("90 min/40 moves + 30 min + 30 sec/move", CLASSICAL_40_90_30_30, 150),
        ("90'+30\"", RAPID_90_30, 120),
        ("G/90;inc30", RAPID_90_30, 120),
        ("40/90, 30, +30s", CLASSICAL_40_90_30_30, 150),
        ("40/120, 60", symmetric(Period(7200, 40), Period(3600)), 180),
        ("100'/40 + 15' + 30\"", CLASSICAL_40_100_15_30, 145),
        ("100'x40+15'+30\"", CLASSICAL_40_100_15_30, 145),
        ("90+30", RAPID_90_30, 120),
        ("60 min + 30 sec", symmetric(Period(3600, None, 30)), 90),
        ("15 min + 10 sec", symmetric(Period(900, None, 10)), 25),
        ("3+2", symmetric(Period(180, None, 2)), 5),
        ("5400+30", RAPID_90_30, 120),
        ("90 minutes + 30 seconds per move from move 1", RAPID_90_30, 120),
        ("40 moves in 2 hours + 1 hour", symmetric(Period(7200, 40), Period(3600)), 180),
        ("90 min", symmetric(Period(5400)), 90),
        # spellings found in the corpus TRFs
        ("1:30 + 10 from move 1", symmetric(Period(5400, None, 10)), 100),
        ("All moves in 90 minutes, plus 10 seconds per move", symmetric(Period(5400, None, 10)), 100),
        ("120 minutes per player per game", symmetric(Period(7200)), 120),
        ("120", symmetric(Period(7200)), 120),
        ("90 minutes + 30 seconds per move", RAPID_90_30, 120),
        ("100'x40mm + 50'x20mm + 30\" from move 1",
         symmetric(Period(6000, 40, 30), Period(3000, 20, 30)), 180),
        # other common spellings, English, German, French, Spanish
        ("90 Min./40 Züge + 30 Min. + 30 Sek./Zug", CLASSICAL_40_90_30_30, 150),
        ("1h30 + 30 s/coup", RAPID_90_30, 120),
        ("90 min + 30 s par coup à partir du premier coup", RAPID_90_30, 120),
        ("90 minutos + 30 segundos por jugada", RAPID_90_30, 120),
        ("Standard: 90+30", RAPID_90_30, 120),
        ("Rapid 15+10", symmetric(Period(900, None, 10)), 25),
        ("1h 30m + 30s", RAPID_90_30, 120),
        ("1 h 30 min + 30 s", RAPID_90_30, 120),
        ("2 hours", symmetric(Period(7200)), 120),
        ("90m+30s", RAPID_90_30, 120),
        ("40/90, SD/30, +30 inc", CLASSICAL_40_90_30_30, 150),
        ("G/45+15", symmetric(Period(2700, None, 15)), 60),
        ("90 min + 30 sec increment from move 1", RAPID_90_30, 120),
        ("40 moves in 100 min, 20 moves in 50 min, 15 min, +30 s",
         symmetric(Period(6000, 40, 30), Period(3000, 20, 30), Period(900, None, 30)), 180),
        ("2h/40 + 1h", symmetric(Period(7200, 40), Period(3600)), 180),
        ("5+3", symmetric(Period(300, None, 3)), 8),
        ("90'/40 + 30' + 30''", CLASSICAL_40_90_30_30, 150),
        ("60 min + 30 s Fischer", symmetric(Period(3600, None, 30)), 90),
    ],
)
def test_parse_text(text: str, expected: TimeControl, minutes: int) -> None:
    tc = parse_text(text)
    assert tc == expected
    assert tc.minutes_for(60) == minutes


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "abc",
        "standard",
        "moves/time, increment",
        "90 min + 30 min",  # two rest-of-game periods
        "30 sec",  # an increment without a period
        "90+30+10",  # something after the increment
        "0/90",
        "40 moves",
        "100x40",  # bare numbers around x: which is which?
        "1.5 h",
        "40/6000+30:900+30",  # a 222 code is not free text
        "G/90 inc/30",  # terms must be separated by + , or ;
        "MOVES/TIME INCREMENT",  # the TRF16 template text
        "1h30 KO + 30s",  # an unknown word
    ],
)
def test_parse_text_returns_none_when_not_understood(text: str) -> None:
    assert parse_text(text) is None


def test_minutes_for_counts_only_the_periods_reached() -> None:
    tc = CLASSICAL_40_100_15_30
    assert tc.minutes_for(40) == 100 + 20
    assert tc.minutes_for(41) == 100 + 15 + Fraction(41 * 30, 60)
    assert tc.minutes_for(0) == 0


def test_minutes_for_takes_the_side_with_less_time() -> None:
    assert TimeControl((Period(300),), (Period(240, None, 2),)).minutes_for() == 5
    assert TimeControl((Period(300),), (Period(240, None, 1),)).minutes_for() == 5
    assert TimeControl((Period(300),), (Period(230, None, 1),)).minutes_for() == Fraction(290, 60)


def test_a_last_period_with_a_move_count_lasts_to_the_end() -> None:
    assert symmetric(Period(1800, 40, 10)).minutes_for(60) == 30 + 10


@pytest.mark.parametrize(
    "build",
    [
        lambda: Period(-1),
        lambda: Period(60, 0),
        lambda: Period(60, None, -1),
        lambda: TimeControl((), (Period(60),)),
        lambda: symmetric(Period(60), Period(60)),
    ],
)
def test_invalid_controls_are_refused(build) -> None:
    with pytest.raises(ValueError):
        build()


def sides(last_moves: st.SearchStrategy) -> st.SearchStrategy[tuple[Period, ...]]:
    """Clock periods where only the last one may lack a move count."""
    seconds = st.integers(min_value=0, max_value=20_000)
    increments = st.integers(min_value=0, max_value=120)
    counted = st.builds(Period, seconds, st.integers(min_value=1, max_value=80), increments)
    last = st.builds(Period, seconds, last_moves, increments)
    return st.tuples(st.lists(counted, max_size=3), last).map(lambda pair: (*pair[0], pair[1]))


time_controls = st.one_of(
    sides(st.none() | st.integers(min_value=1, max_value=80)).map(
        lambda periods: TimeControl(periods, periods)
    ),
    st.builds(TimeControl, sides(st.none()), sides(st.none())),
)


@given(time_controls)
def test_code_round_trip(tc: TimeControl) -> None:
    assert parse_code(format_code(tc)) == tc


@given(time_controls, st.integers(min_value=0, max_value=200))
def test_minutes_for_grows_with_moves(tc: TimeControl, moves: int) -> None:
    assert tc.minutes_for(moves) <= tc.minutes_for(moves + 1)


@given(st.text())
def test_any_text_parses_without_error(text: str) -> None:
    parse_text(text)
    parse_code(text)
