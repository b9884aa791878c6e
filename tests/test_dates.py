"""Tests of trfconv.dates on date texts found in real TRF files."""

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trfconv.dates import (
    DateReading,
    PartialDate,
    date_candidates,
    format_date,
    format_round_date,
    read_birth_date,
    read_date,
    resolve_dates,
)


@pytest.mark.parametrize(
    ("text", "expected", "pattern"),
    [
        ("2025/09/13", date(2025, 9, 13), "YYYY/MM/DD"),
        ("2008-02-01", date(2008, 2, 1), "YYYY-MM-DD"),
        ("2011/07/02", date(2011, 7, 2), "YYYY/MM/DD"),
        ("28. 07. 2005", date(2005, 7, 28), "DD.MM.YYYY"),
        ("25.02.2011", date(2011, 2, 25), "DD.MM.YYYY"),
        ("May 29, 2020", date(2020, 5, 29), "Mon D, YYYY"),
        ("May 10, 2020", date(2020, 5, 10), "Mon D, YYYY"),
        ("September 13, 2025", date(2025, 9, 13), "Mon D, YYYY"),
        ("Sept 13, 2025", date(2025, 9, 13), "Mon D, YYYY"),
        ("sep. 13 2025", date(2025, 9, 13), "Mon D, YYYY"),
        ("13 Sep 2025", date(2025, 9, 13), "D Mon YYYY"),
        ("24/09/2010", date(2010, 9, 24), "DD/MM/YYYY"),
        ("  2025/09/13 ", date(2025, 9, 13), "YYYY/MM/DD"),
    ],
)
def test_unambiguous_event_dates(text: str, expected: date, pattern: str) -> None:
    assert read_date(text) == DateReading(expected, pattern, ())


@pytest.mark.parametrize(
    ("text", "expected", "pattern"),
    [
        # 042/052 values that also fit another order.
        ("08/04/2018", date(2018, 4, 8), "DD/MM/YYYY"),
        ("10.09.13", date(2010, 9, 13), "YY.MM.DD"),
        # 132 round dates.
        ("25/09/13", date(2025, 9, 13), "YY/MM/DD"),
        ("11.25.02", date(2011, 2, 25), "YY.DD.MM"),
        ("18/04/08", date(2018, 4, 8), "YY/MM/DD"),
        ("24/12/01", date(2024, 12, 1), "YY/MM/DD"),
    ],
)
def test_ambiguous_dates_take_the_most_plausible_reading(
    text: str, expected: date, pattern: str
) -> None:
    reading = read_date(text)
    assert (reading.value, reading.pattern) == (expected, pattern)
    assert reading.alternatives
    assert expected not in reading.alternatives


def test_two_digit_year_forms_list_every_order() -> None:
    assert date_candidates("10.09.13") == [
        (date(2010, 9, 13), "YY.MM.DD"),
        (date(2013, 9, 10), "DD.MM.YY"),
        (date(2013, 10, 9), "MM.DD.YY"),
    ]


def test_day_first_comes_before_month_first() -> None:
    assert date_candidates("08/04/2018") == [
        (date(2018, 4, 8), "DD/MM/YYYY"),
        (date(2018, 8, 4), "MM/DD/YYYY"),
    ]


def test_a_date_reached_by_two_orders_is_listed_once() -> None:
    assert read_date("05/05/2020") == DateReading(date(2020, 5, 5), "DD/MM/YYYY", ())


@pytest.mark.parametrize(
    ("two_digits", "year"), [("00", 2000), ("69", 2069), ("70", 1970), ("99", 1999)]
)
def test_two_digit_year_pivot(two_digits: str, year: int) -> None:
    assert read_date(f"{two_digits}/01/15").value == date(year, 1, 15)


@pytest.mark.parametrize(
    "text",
    ["", "   ", "2025/13/45", "2025/02/30", "Foo 12, 2020", "12.2011", "123/04/05", "yesterday"],
)
def test_nothing_valid_reads_as_none(text: str) -> None:
    assert date_candidates(text) == []
    assert read_date(text) == DateReading(None, None, ())


def test_near_dates_settle_an_ambiguity() -> None:
    reading = read_date("08/04/2018", near=[date(2018, 8, 1)])
    assert reading == DateReading(date(2018, 8, 4), "MM/DD/YYYY", (date(2018, 4, 8),))


def test_near_uses_the_median_so_one_stray_anchor_does_not_decide() -> None:
    near = [date(2018, 4, 1), date(2018, 4, 2), date(2030, 1, 1)]
    assert read_date("08/04/2018", near=near).value == date(2018, 4, 8)


def test_dates_at_the_ends_of_the_calendar_settle_without_overflow() -> None:
    # the week of slack around year 1 or 9999 once went past date.min/date.max (found by
    # test_resolve_gives_one_reading_per_text)
    assert [r.value for r in resolve_dates(["0001/01/01", "9999/12/31"])] == [date(1, 1, 1), date(9999, 12, 31)]
    assert read_date("02/01/0001", near=[date(1, 1, 1)]) == DateReading(date(1, 1, 2), "DD/MM/YYYY", (date(1, 2, 1),))
    assert read_date("12/31/9999", near=[date(9999, 12, 30)]).value == date(9999, 12, 31)


def test_resolve_reads_year_day_month_round_dates_of_bunratty_2011() -> None:
    readings = resolve_dates(["25.02.2011", "27.02.2011", "11.25.02", "11.26.02"])
    assert [reading.value for reading in readings] == [
        date(2011, 2, 25),
        date(2011, 2, 27),
        date(2011, 2, 25),
        date(2011, 2, 26),
    ]
    assert [reading.pattern for reading in readings[2:]] == ["YY.DD.MM", "YY.DD.MM"]


def test_resolve_reads_an_ambiguous_start_from_the_unambiguous_end() -> None:
    readings = resolve_dates(["08/04/2018", "15/04/2018", "18/04/08"])
    assert [reading.value for reading in readings] == [
        date(2018, 4, 8),
        date(2018, 4, 15),
        date(2018, 4, 8),
    ]


def test_resolve_month_first_file() -> None:
    readings = resolve_dates(["04/08/2018", "04/15/2018", "04/08/2018"])
    assert [reading.value for reading in readings] == [
        date(2018, 4, 8),
        date(2018, 4, 15),
        date(2018, 4, 8),
    ]
    assert readings[0].pattern == "MM/DD/YYYY"


def test_resolve_without_anchor_reads_each_text_alone() -> None:
    assert resolve_dates(["10.09.13", "", "24/12/01"]) == [
        read_date("10.09.13"),
        DateReading(None, None, ()),
        read_date("24/12/01"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1990/11/30", PartialDate(1990, 11, 30)),
        ("1969.12.06", PartialDate(1969, 12, 6)),
        ("1978", PartialDate(1978)),
        ("1993/00/00", PartialDate(1993)),
        ("1990/00/00", PartialDate(1990)),
        ("1990/05/00", PartialDate(1990, 5)),
        ("06.12.1969", PartialDate(1969, 12, 6)),
        (" 1978 ", PartialDate(1978)),
    ],
)
def test_birth_dates(text: str, expected: PartialDate) -> None:
    assert read_birth_date(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "    ",
        "abcd",
        "78",
        "0000/00/00",
        "0000",
        "1990/13/01",
        "1990/02/30",
        "1990/00/05",  # a day without a month
        "1990/11-30",  # mixed separators
    ],
)
def test_invalid_birth_dates_are_none(text: str) -> None:
    assert read_birth_date(text) is None


@pytest.mark.parametrize(
    ("partial", "text"),
    [
        (PartialDate(1978), "1978/00/00"),
        (PartialDate(1990, 5), "1990/05/00"),
        (PartialDate(1969, 12, 6), "1969/12/06"),
    ],
)
def test_partial_date_prints_in_trf_form(partial: PartialDate, text: str) -> None:
    assert str(partial) == text


@pytest.mark.parametrize(
    ("year", "month", "day"), [(0, None, None), (1990, 0, None), (1990, None, 5), (2023, 2, 29)]
)
def test_impossible_partial_dates_are_refused(
    year: int, month: int | None, day: int | None
) -> None:
    with pytest.raises(ValueError):
        PartialDate(year, month, day)


def test_format_date_and_round_date() -> None:
    assert format_date(date(2025, 9, 13)) == "2025/09/13"
    assert format_round_date(date(2025, 9, 13)) == "25/09/13"
    assert format_round_date(date(1999, 1, 2)) == "99/01/02"


def test_format_round_date_refuses_a_year_it_cannot_express() -> None:
    with pytest.raises(ValueError):
        format_round_date(date(2070, 1, 1))


@given(st.dates())
def test_format_date_reads_back(d: date) -> None:
    assert read_date(format_date(d)) == DateReading(d, "YYYY/MM/DD", ())


@given(st.dates(min_value=date(1970, 1, 1), max_value=date(2069, 12, 31)))
def test_format_round_date_reads_back(d: date) -> None:
    reading = read_date(format_round_date(d))
    assert (reading.value, reading.pattern) == (d, "YY/MM/DD")


partial_dates = st.builds(
    lambda d, known: PartialDate(
        d.year, d.month if known > 1 else None, d.day if known > 2 else None
    ),
    st.dates(),
    st.integers(min_value=1, max_value=3),
)


@given(partial_dates)
def test_birth_date_reads_back(partial: PartialDate) -> None:
    assert read_birth_date(str(partial)) == partial


@given(st.text())
def test_any_text_reads_without_error(text: str) -> None:
    reading = read_date(text)
    assert (reading.value is None) == (reading.pattern is None)
    assert reading.value not in reading.alternatives
    read_birth_date(text)


@given(st.lists(st.dates().map(format_date) | st.text(max_size=12), max_size=8))
def test_resolve_gives_one_reading_per_text(texts: list[str]) -> None:
    readings = resolve_dates(texts)
    assert len(readings) == len(texts)
    for text, reading in zip(texts, readings, strict=True):
        assert reading.value in (None, *(value for value, _ in date_candidates(text)))


@given(st.integers(1, 9999), st.one_of(st.none(), st.integers(1, 12)), st.one_of(st.none(), st.integers(1, 28)))
def test_partial_date_pickled_as_its_numbers(year, month, day):
    """A birth date goes between processes (a month's player lines, from the worker processes):
    the same date back, by its constructor."""
    import pickle

    if month is None:
        day = None
    value = PartialDate(year, month, day)
    back = pickle.loads(pickle.dumps(value))
    assert back == value and type(back) is PartialDate and str(back) == str(value)
    assert value.__reduce__() == (PartialDate, (year, month, day))
