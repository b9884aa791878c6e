"""The rating period through ``trfconv.period`` and ``trfconv period``: FIDE's own calculations
for 58 players with two or more events in one period (fixtures/rating/fide-multi-event-periods.txt,
read by tests/test_rating_fide_periods.py), each event written as a TRF file and the previous
FIDE list of each period as a single-type standard list in a rating lists database.

Every player's period total (FIDE's "Total change"), K, games, rating before the period, rounded
change and new rating must be FIDE's: the new rating is the period's list in the 50 periods
without a base correction or an unexplained move (the 8 others are named in
test_rating_fide_periods.py: there the list moved by another amount than any calculation gives).
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from fractions import Fraction as F

import pytest
from ratinglist_build import HEADER_SINGLE, P, single_line, txt
from test_rating_fide_periods import BASE_CORRECTED, CASES, FIXTURE, UNEXPLAINED, Case, Event
from trfbuild import player_line, trf

import trfconv
from trfconv import ratinglists
from trfconv.rules.rateability.verdict import Gets
from trfconv.rules.rating.period import shift

ENDS = {(words[1], words[2]): date.fromisoformat(words[3])
        for words in (line.split() for line in FIXTURE.read_text(encoding="utf-8").splitlines())
        if words and words[0] == "event"}
_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")


def event_file(c: Case, number: int, e: Event) -> bytes:
    """The event as a TRF: the player (start number 1, his FIDE ID) against one opponent per
    round, each opponent a FIDE ID of his own (900,000,000 + case, event, round), rated as FIDE
    used him (a capped opponent 500 points away, as in test_rating_fide_periods.py)."""
    results = {F(1): ("1", "0"), F(1, 2): ("=", "="), F(0): ("0", "1")}
    mine, lines = [], []
    for i, g in enumerate(e.games):
        own, theirs = results[g.score]
        colour, other = ("w", "b") if i % 2 == 0 else ("b", "w")
        mine.append(f"{i + 2:>4} {colour} {own}")
        blocks = ["0000 - -"] * len(e.games)
        blocks[i] = f"   1 {other} {theirs}"
        opponent = 900_000_000 + int(c.case[3:]) * 10_000 + number * 100 + i
        lines.append(player_line(i + 2, f"Opponent {i + 1}", rating=str(g.opponent), fide_id=str(opponent),
                                 rounds=tuple(blocks)))
    start, end = e.start.strftime("%Y/%m/%d"), ENDS[(e.event_id, e.start.isoformat())].strftime("%Y/%m/%d")
    return trf(f"012 FIDE event {e.event_id}", f"042 {start}", f"052 {end}",
               player_line(1, "Player", rating=str(e.ro), fide_id=c.fide_id, rounds=tuple(mine)), *lines)


def previous_lists(tmp) -> ratinglists.Store:
    """One standard list per month: each case's player in the list before his period (FIDE's
    published rating and K), imported into a database."""
    months: dict[str, list[str]] = {}
    for c in CASES:
        before = shift(c.period, -1)
        line = single_line(P(int(c.fide_id), f"Player, {c.case}", "FID", "M"), (c.lists[before], 0, c.k))
        months.setdefault(before, []).append(line)
    db = tmp / "lists.sqlite"
    for month, lines in months.items():
        code = _MONTHS[int(month[5:]) - 1] + month[2:4]
        path = tmp / f"standard_{code.lower()}frl.txt"
        path.write_bytes(txt(HEADER_SINGLE.format(code=code), lines))
        ratinglists.import_list(path, db=db)
    return ratinglists.open_lists(db)


@pytest.fixture(scope="module")
def periods(tmp_path_factory):
    """Per case: the folder of its event files, and the lists database."""
    tmp = tmp_path_factory.mktemp("periods")
    folders = {}
    for c in CASES:
        folder = folders[c.case] = tmp / c.case
        folder.mkdir()
        for number, e in enumerate(c.events):
            (folder / f"{e.event_id}.trf").write_bytes(event_file(c, number, e))
    return folders, previous_lists(tmp)


def test_the_cases_are_periods_of_the_month_before_their_list():
    for c in CASES:
        months = sorted(c.lists)
        assert (months[-2], months[-1]) == (shift(c.period, -1), c.period), c.case


@pytest.mark.parametrize("c", CASES, ids=[c.case for c in CASES])
def test_every_period_is_fides(c, periods):
    folders, lists = periods
    result = trfconv.period([folders[c.case]], lists=lists, month=c.period, file_ratings=True)
    assert not [d for d in result.diagnostics if d.severity.value == "error"]
    assert len(result.events) == len(c.events)
    line = next(p for p in result.players if p.key == c.fide_id)
    assert line.gets is Gets.CHANGE
    # each event's K x (W - We), unrounded, then FIDE's "Total change", K and games of the period
    by_event = {result.events[e.event].name.removeprefix("FIDE event "): e for e in line.events}
    assert {i: by_event[e.event_id].change_exact for i, e in enumerate(c.events)} == \
        {i: e.row["Kchg"] for i, e in enumerate(c.events)}
    assert (line.change_exact, line.k.k, line.k.source, line.n) == \
        (c.total, c.k, f"the FIDE standard list of {shift(c.period, -1)}", c.list_games)
    # the previous list plus the total rounded once: FIDE's list, but where FIDE corrected the base
    before = c.lists[shift(c.period, -1)]
    assert (line.rating, line.change, line.new_rating) == (before, c.per_period, before + c.per_period)
    assert (line.new_rating == c.lists[c.period]) == (c.case not in BASE_CORRECTED | UNEXPLAINED)


def test_events_ending_in_the_month_before_last_are_late_and_said(periods):
    folders, lists = periods
    c = next(c for c in CASES if c.case == "F-M08")  # event 450355 ended 30 Dec 2025, rated in Feb 2026
    result = trfconv.period([folders[c.case]], lists=lists, month=c.period, file_ratings=True)
    late = [d for d in result.diagnostics if d.code == "PER005"]
    assert len(late) == 1 and "FIDE event 450355 ended on 2025-12-30" in late[0].message
    # the same events in the period before: the January event ends later, the December one is in
    earlier = trfconv.period([folders[c.case]], lists=lists, month=shift(c.period, -1), file_ratings=True)
    assert [e.name for e in earlier.events] == ["FIDE event 450355"]
    assert sum(d.code == "PER003" for d in earlier.diagnostics) == 2


def test_through_the_command_line(periods, cli, tmp_path):
    folders, lists = periods
    c = next(c for c in CASES if c.case == "F-M02")  # rounding once: +0.60 -> +1, 1620 -> 1621
    out = tmp_path / "period.json"
    run = cli("period", folders[c.case], "--list", "--db", lists.path, "--period", c.period, "--file-ratings",
              "--format", "json", "-o", out)
    assert run.exit_code == 0, run.output
    data = json.loads(out.read_text(encoding="utf-8"))
    player = next(p for p in data["players"] if p["fide_id"] == c.fide_id)
    assert (player["rating"], player["k"]["value"], player["n"], player["change_exact"], player["change"],
            player["new_rating"]) == (1620, 20, 7, "0.60", 1, 1621)
    assert [e["change_exact"] for e in player["events"]] == ["-1.60", "2.20"]
