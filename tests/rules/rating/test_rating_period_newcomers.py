"""Newcomers in the rating period, as B.02 (2024, amended 1 October 2025) words it:

* 8.2.1: "If an unrated player scores zero in their first event, this score is disregarded." Only
  the first event (by end date, then start date), within a month and across months; the lists
  database remembers that the first event happened even when it was disregarded.
* 8.2.4: "If an unrated player receives a published rating before a particular tournament in which
  they have played is rated, then they are rated as a rated player with their current rating, but
  in the rating of their opponents they are counted as an unrated player."

Every opponent is rated 1800, so that Ra = 1800 whatever the games (8.2.2: the two hypothetical
opponents are rated 1800 too) and Ru = 1800 + dp(p), p = (W + 1) / (n + 2) (table 8.1.1).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction as F

from ratinglist_build import HEADER_SINGLE, P, single_line, txt
from periodbuild import DRAW, LOSS, NEWCOMER, newcomer_event

import trfconv
from trfconv import ratinglists
from trfconv.rules.rateability.verdict import Gets


def _day(d: date) -> str:
    return d.strftime("%Y/%m/%d")


def _month(events: list[tuple[str, list[str]]], first: date, opponent: int = 6000) -> list[trfconv.Tournament]:
    """One event after the other from ``first`` (each one day a game, one day apart)."""
    out, day = [], first
    for name, results in events:
        out.append(newcomer_event(name, _day(day), results, opponent))
        opponent += 100
        day += timedelta(days=len(results) + 1)
    return out


def _newcomer(result) -> trfconv.rules.rating.period.PlayerPeriod:
    return next(p for p in result.players if p.key == NEWCOMER)


#: The issue's newcomer: 0/3 in his first event, then 0/2, 1/2 of 4, 0/3, 0/4 and 0/5.
ISSUE = [("First", [LOSS] * 3), ("Second", [LOSS] * 2), ("Third", [DRAW] + [LOSS] * 3), ("Fourth", [LOSS] * 3),
         ("Fifth", [LOSS] * 4), ("Sixth", [LOSS] * 5)]


def test_only_the_first_events_zero_is_disregarded_within_a_month():
    """8.2.1: the zero of the first event (0/3) is disregarded; the zeros of the later events
    count: n 18, W 1/2, p = 1.5 / 20 = .075 -> .08, dp -401 (table 8.1.1), Ru 1399 (below 1400, not
    published), where dropping every zero kept only the 1/2-of-4 event (Ru 1607)."""
    events = _month(ISSUE, date(2026, 2, 1))
    result = trfconv.period(list(reversed(events)), month="2026-03")  # the order given does not matter
    p = _newcomer(result)
    assert (p.gets, p.n, p.score) == (Gets.INITIAL, 18, F(1, 2))
    counted = {result.events[e.event].name: e.counted for e in p.events}
    assert counted == {"First": False, "Second": True, "Third": True, "Fourth": True, "Fifth": True, "Sixth": True}
    assert (p.initial.average, p.initial.p, p.initial.dp, p.initial.value) == (1800, 8, -401, 1399)
    assert p.initial.published is False  # below 1400 (7.1.4)
    assert p.first_event == "First"
    (said,) = [d.message for d in result.diagnostics if d.code == "PER019"]
    assert "8.2.1" in said and "1 player(s) in First" in said
    # alone, the 1/2-of-4 event gives 1800 + dp(.25) = 1800 - 193: what trfconv gave for the month
    alone = _newcomer(trfconv.period([events[2]], month="2026-03"))
    assert (alone.n, alone.initial.value) == (4, 1607)


def test_the_first_event_is_the_one_that_ended_first_then_started_first():
    # 8.2.1 "first event": A (1-5 Feb) and B (4-5 Feb) end the same day; A started first
    a = newcomer_event("A", "2026/02/01", [LOSS] * 3, 6000, end="2026/02/05")
    b = newcomer_event("B", "2026/02/04", [LOSS] * 2, 6100)
    c = newcomer_event("C", "2026/02/02", [DRAW, LOSS], 6200)  # started after A but ended first (3 Feb)
    p = _newcomer(trfconv.period([a, b], month="2026-03"))
    assert [e.counted for e in p.events] == [False, True] and p.n == 2
    p = _newcomer(trfconv.period([a, b, c], month="2026-03"))
    assert p.first_event == "C" and all(e.counted for e in p.events) and p.n == 7  # C's 1/2 is no zero


def test_a_newcomer_whose_only_event_is_his_first_zero_gets_nothing():
    result = trfconv.period([newcomer_event("Only", "2026/02/01", [LOSS] * 5, 6000)], month="2026-03")
    p = _newcomer(result)
    assert p.gets is Gets.NOTHING and p.n == 0 and "8.2.1" in p.reason


def test_across_months_a_disregarded_first_event_is_remembered(tmp_path):
    """8.2.1 with --keep-unrated: the first event (0/3, February) is disregarded and nothing is
    kept, but the database remembers it; the zero of March (0/2) then counts, with 1/2 of 4."""
    store = ratinglists.open_lists(tmp_path / "lists.sqlite")
    february = newcomer_event("First", "2026/02/02", [LOSS] * 3, 6000)
    march = _month(ISSUE[1:3], date(2026, 3, 2), 7000)
    first = _newcomer(trfconv.period([february], month="2026-03", keep=store))
    assert first.gets is Gets.NOTHING and store.kept_games(int(NEWCOMER), "standard", "2024-03", "2026-04") == []
    assert store.first_event(int(NEWCOMER), "standard", "2026-04") == "First (list of 2026-03)"
    second = trfconv.period(march, month="2026-04", keep=store)
    p = _newcomer(second)
    assert p.first_event is None and all(e.counted for e in p.events) and (p.n, p.score) == (6, F(1, 2))
    assert not [d for d in second.diagnostics if d.code == "PER019"]
    # computed again, the period of March does not take its own record for an earlier one
    again = _newcomer(trfconv.period([february], month="2026-03", keep=store))
    assert again.gets is Gets.NOTHING
    # without the database, March's first event (0/2) is taken for the first and disregarded
    alone = _newcomer(trfconv.period(march, month="2026-04"))
    assert [e.counted for e in alone.events] == [False, True] and alone.n == 4


def test_across_months_a_later_zero_counts(tmp_path):
    """8.2.1: 1/2 of 4 in February (4 games < 5: kept, 7.1.4), then 0/3 in March: the March zero is
    no first event's and is pooled: n 7 with the 4 kept games."""
    store = ratinglists.open_lists(tmp_path / "lists.sqlite")
    trfconv.period([newcomer_event("Winter", "2026/02/02", [DRAW] + [LOSS] * 3, 6000)], month="2026-03", keep=store)
    p = _newcomer(trfconv.period([newcomer_event("Spring", "2026/03/02", [LOSS] * 3, 7000)], month="2026-04", keep=store))
    assert p.gets is Gets.INITIAL and len(p.earlier) == 4 and p.events[0].counted and p.n == 3
    assert p.initial.games == 7 and p.initial.score == F(1, 2)
    # the pooled games carry their event
    assert {g.event for g in p.earlier} == {"Winter"}


def _lists(tmp_path, months: dict[str, list[tuple[int, tuple[int, int, int]]]]) -> ratinglists.Store:
    codes = {"2026-01": "JAN26", "2026-02": "FEB26"}
    db = tmp_path / "lists.sqlite"
    for month, players in months.items():
        path = tmp_path / f"standard_{codes[month].lower()}frl.txt"
        path.write_bytes(txt(HEADER_SINGLE.format(code=codes[month]),
                             [single_line(P(i, f"Player, {i}", "FRA", "M", born=1990), r) for i, r in players]))
        ratinglists.import_list(path, db=db)
    return ratinglists.open_lists(db)


def test_a_newcomer_rated_since_the_event_started_is_rated_as_rated_and_unrated_for_opponents(tmp_path):
    """8.2.4: the event started on 28 January (the January list: the newcomer unrated) and ended on
    3 February; the February list publishes him at 1900 (K 40). In the period of March he is rated
    as a rated player with 1900 over its games; his opponents' games against him do not count."""
    opponents = [(6000 + i, (1800, 0, 20)) for i in range(4)]
    store = _lists(tmp_path, {"2026-01": opponents, "2026-02": [(int(NEWCOMER), (1900, 5, 40)), *opponents]})
    t = newcomer_event("Late", "2026/01/28", ["1-0", DRAW, LOSS, "1-0"], 6000, end="2026/02/03")
    t = replace(t, players=tuple(replace(p, rating=1800 if p.start_number > 1 else None) for p in t.players))
    result = trfconv.period([t], lists=store, month="2026-03")
    p = _newcomer(result)
    rules = result.rules.rating
    expected = sum(rules.tables.pd(100) for _ in range(4))  # D = 1900 - 1800 each game
    assert (p.gets, p.rating, p.k.k, p.n) == (Gets.CHANGE, 1900, 40, 4)
    assert p.change_exact == 40 * (F(5, 2) - F(expected, 100))
    assert "8.2.4" in p.events[0].note
    # the opponent played an unrated player: no game of his counts (8.3.1), so he is not in the period
    assert not [q for q in result.players if q.key == "6000"]
    assert any(d.code == "PER020" for d in result.diagnostics)


def test_the_next_lists_k_from_the_text():
    """8.3.3 for the next list: 2400 reached gives 10, kept when the rating drops; a junior under
    2300 keeps 40 until the end of the year of his 18th birthday; a new player keeps 40 until he
    has completed events with at least 30 games (a first rating: all the games it rests on)."""
    from trfconv.rules.editions import edition
    from trfconv.rules.rating.k import next_k
    from trfconv.rules.rating.rules import rules_of

    r = rules_of(edition("b02-2024"))
    assert next_k(r, rating=2400, k=20, games=9, born=1990, year=2026)[0] == 10
    assert next_k(r, rating=2391, k=10, games=9, born=1990, year=2026)[0] == 10  # reached once, kept
    assert next_k(r, rating=2399, k=20, games=9, born=1990, year=2026)[0] == 20
    assert next_k(r, rating=2250, k=40, games=9, born=2008, year=2026)[0] == 40  # 18 in 2026: junior
    assert next_k(r, rating=2300, k=40, games=9, born=2010, year=2026)[0] == 20  # 2300: no junior K
    assert next_k(r, rating=1700, k=40, games=9, born=2007, year=2026)[0] == 20  # 19 in 2026
    assert next_k(r, rating=1650, k=None, games=29, born=None, year=2026, first=True)[0] == 40
    assert next_k(r, rating=1650, k=None, games=30, born=None, year=2026, first=True)[0] == 20
    assert next_k(r, rating=1650, k=40, games=30, born=None, year=2026)[0] == 20
    k, why = next_k(r, rating=1650, k=40, games=12, born=None, year=2026)
    assert k == 40 and "earlier games unknown" in why


def test_unrated_games_of_a_player_rated_in_the_same_month_are_not_counted_and_no_8_2_1():
    """The files disagree (unrated in A, rated 1900 in B, both started under the February list):
    A's games are not counted, no 8.2.4 (he was not rated since A started), no 8.2.1 caveat."""
    a = newcomer_event("A", "2026/02/02", [LOSS] * 3, 6000)
    b = newcomer_event("B", "2026/02/16", ["1-0", DRAW, LOSS], 6100, newcomer_rating=1900)
    result = trfconv.period([a, b], month="2026-03")
    p = _newcomer(result)
    assert (p.gets, p.n, [e.counted for e in p.events]) == (Gets.CHANGE, 3, [False, True])
    assert p.events[0].note == "rated in another event of the period"
    assert not [d for d in result.diagnostics if d.code in ("PER019", "PER020")]


def test_every_document_says_why_a_newcomer_got_nothing():
    from trfconv.documents.basis import Basis
    from trfconv.documents.period import PeriodReport
    from trfconv.documents.registry import document

    result = trfconv.period([newcomer_event("Only", "2026/02/01", [LOSS] * 5, 6000)], month="2026-03")
    report = PeriodReport(Basis("only.trf", result.diagnostics, False, scope="rating"), result)
    for form in ("text", "html", "csv", "json"):
        text = document("period").render(report, form)
        assert "a score of 0 in the first event is disregarded (8.2.1)" in text, form


def test_a_listed_rating_below_1400_or_from_the_events_own_list_is_no_8_2_4(tmp_path):
    """8.2.4 needs a rating published after the event started: a player listed below 1400 (7.2.1:
    shown and treated as unrated), or unrated in an event that started under the very list the
    period starts from (his file says unrated, --file-ratings), is a newcomer, pooled into Ru."""
    opponents = [(6000 + i, (1800, 0, 20)) for i in range(4)]
    (tmp_path / "low").mkdir()
    low = _lists(tmp_path / "low", {"2026-01": [(int(NEWCOMER), (1350, 5, 40)), *opponents],
                                    "2026-02": [(int(NEWCOMER), (1380, 5, 40)), *opponents]})
    late = newcomer_event("Late", "2026/01/28", ["1-0", DRAW, LOSS, "1-0"], 6000, end="2026/02/03")
    p = _newcomer(trfconv.period([late], lists=low, month="2026-03"))
    assert (p.gets, p.n) == (Gets.INITIAL, 4)
    (tmp_path / "same").mkdir()
    same = _lists(tmp_path / "same", {"2026-02": [(int(NEWCOMER), (1900, 5, 40)), *opponents]})
    february = newcomer_event("February", "2026/02/10", ["1-0", DRAW, LOSS, "1-0"], 6000)
    result = trfconv.period([february], lists=same, file_ratings=True, month="2026-03")
    assert _newcomer(result).gets is Gets.INITIAL and not [d for d in result.diagnostics if d.code == "PER020"]
