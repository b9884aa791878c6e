"""The rating period through ``trfconv.period`` and ``trfconv period``: FIDE's own calculations
for 58 players with two or more events in one period (fixtures/rating/fide-multi-event-periods.txt,
read by tests/rules/rating/test_rating_fide_periods.py), each event written as a TRF file and the previous
FIDE list of each period as a single-type standard list in a rating lists database.

Every player's period total (FIDE's "Total change"), K, games, rating before the period, rounded
change and new rating must be FIDE's: the new rating is the period's list in the 50 periods
without a base correction or an unexplained move (the 8 others are named in
test_rating_fide_periods.py: there the list moved by another amount than any calculation gives).
"""

from __future__ import annotations

import csv
import json
import shutil
from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction as F

import pytest
from eventbuild import swiss
from lxml import etree
from ratinglist_build import HEADER_SINGLE, P, single_line, txt
from fide_periods import BASE_CORRECTED, CASES, FIXTURE, UNEXPLAINED, Case, Event, event_trf

import trfconv
from trfconv import ratinglists
from trfconv.rules.rateability.verdict import Gets
from trfconv.rules.rating.period import shift

ENDS = {(words[1], words[2]): date.fromisoformat(words[3])
        for words in (line.split() for line in FIXTURE.read_text(encoding="utf-8").splitlines())
        if words and words[0] == "event"}
_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")


def event_file(c: Case, number: int, e: Event, end: date | None = None) -> bytes:
    """The event as a TRF (test_rating_fide_periods.event_trf): the case's player by his FIDE ID,
    each opponent a FIDE ID of his own (900,000,000 + case, event, round)."""
    first = 900_000_000 + int(c.case[3:]) * 10_000 + number * 100
    return event_trf(e, player_id=c.fide_id, opponent_id=lambda i: first + i,
                     end=end or ENDS[(e.event_id, e.start.isoformat())])


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


def _with_ids(t: trfconv.Tournament, ids: dict[int, str]) -> trfconv.Tournament:
    """``t`` with FIDE IDs given to its players by start number."""
    return replace(t, players=tuple(replace(p, fide_id=ids[p.start_number]) for p in t.players))


def _one_against_three(name: str, day: str, ratings, ids, results) -> trfconv.Tournament:
    """Player 1 against players 2, 3 and 4 in rounds 1-3 (``results`` his: 1-0, 0-1, =), the other
    two drawing each round."""
    others = {2: (3, 4), 3: (2, 4), 4: (2, 3)}
    rounds = [[(1, o, r), (*others[o], "=")] for o, r in zip((2, 3, 4), results, strict=True)]
    return _with_ids(swiss(ratings, rounds, start=day, name=name), ids)


def test_unrated_results_are_pooled_over_the_period():
    # 1.5 of 3 in each event against players rated 1800: alone, 3 games < 5 (7.1.4); pooled,
    # Ra = (6 x 1800 + 2 x 1800) / 8 = 1800, p = (3 + 1) / 8 = .50, dp 0: Ru 1800, published
    a = _one_against_three("Spring A", "2026/02/02", [None, 1800, 1800, 1800],
                           {1: "5001", 2: "6001", 3: "6002", 4: "6003"}, ("1-0", "0-1", "="))
    b = _one_against_three("Spring B", "2026/02/16", [None, 1800, 1800, 1800],
                           {1: "5001", 2: "6004", 3: "6005", 4: "6006"}, ("0-1", "=", "1-0"))
    alone = trfconv.rate(a).player(1).initial
    assert (alone.value, alone.published) == (1800, False)
    result = trfconv.period([a, b], month="2026-03")
    pooled = next(p for p in result.players if p.key == "5001")
    assert (pooled.gets, pooled.n, pooled.score, pooled.initial.average, pooled.initial.value,
            pooled.initial.published, pooled.new_rating) == (Gets.INITIAL, 6, F(3), F(1800), 1800, True, 1800)
    assert [d.code for d in result.diagnostics if d.code.startswith("PER")] == ["PER009", "PER012", "PER013"]


def test_k_times_n_is_capped_over_the_period_not_each_event(periods):
    # 20 wins against an equal rating in each of two events: 40 games, K 20 x 40 > 700: K 17 for the
    # period (8.3.3), though 20 x 20 = 400 in each event; dR +0.50 a game: 17 x 10 per event
    from fide_periods import Game

    c = Case("F-X01", "5002", "2026-03", F(340), {"2026-02": 1800, "2026-03": 2140}, 20, 40, ())
    files = []
    for number, day in enumerate((date(2026, 2, 2), date(2026, 2, 16))):
        e = Event(c.case, f"77{number}", day, {"Ro": F(1800)}, tuple(Game(1800, False, F(1), F(1, 2), 1800)
                                                                     for _ in range(20)))
        files.append(trfconv.reads(event_file(c, number, e, end=day + timedelta(days=5)), path=f"{e.event_id}.trf"))
    result = trfconv.period(files, month="2026-03")
    line = next(p for p in result.players if p.key == "5002")
    assert (line.k.k, line.k.before_cap, line.n) == (17, 20, 40)
    assert [e.change_exact for e in line.events] == [170, 170]
    assert (line.change_exact, line.change, line.rating, line.new_rating) == (340, 340, 1800, 2140)
    assert [p.k.k for p in (trfconv.rate(t).player(1) for t in files)] == [20, 20]


def test_an_event_longer_than_a_month_is_split_by_round_dates():
    dates = ["2026/01/20", "2026/01/27", "2026/02/03", "2026/02/10"]
    rounds = [[(1, 2, "1-0"), (3, 4, "=")], [(1, 3, "1-0"), (2, 4, "=")], [(1, 4, "1-0"), (2, 3, "=")],
              [(2, 1, "="), (4, 3, "=")]]
    t = _with_ids(swiss([1900, 1900, 1900, 1900], rounds, dates=dates, start="2026/01/20", end="2026/02/28",
                        name="Winter League"), {1: "7001", 2: "7002", 3: "7003", 4: "7004"})
    february = trfconv.period([t], month="2026-03")
    january = trfconv.period([t], month="2026-02")
    for result, rounds_here, first in ((january, [1, 2], "2026-01-20"), (february, [3, 4], "2026-02-03")):
        (event,) = result.events
        assert sorted(event.rounds) == rounds_here
        (note,) = [d for d in result.diagnostics if d.code == "PER006"]
        assert f"rounds {rounds_here[0]}-{rounds_here[1]}, played in {result.played}" in note.message
        assert f"on the list in force on {first}" in note.message
        one = next(p for p in result.players if p.key == "7001")
        assert [g.round for e in one.events for g in e.games] == rounds_here
    # January: 2 wins against 1900 (PD .50): +20; February: a win and a draw: +10
    assert [next(p for p in r.players if p.key == "7001").change for r in (january, february)] == [20, 10]


def test_files_that_are_no_tournament_and_copies_are_said_once(periods, cli, tmp_path):
    folders, _ = periods
    c = next(c for c in CASES if c.case == "F-M02")
    folder = tmp_path / "month"
    (folder / "sub").mkdir(parents=True)
    for path in folders[c.case].iterdir():
        (folder / "sub" / path.name).write_bytes(path.read_bytes())
    first = sorted(folders[c.case].iterdir())[0]
    (folder / "copy.trf").write_bytes(first.read_bytes())
    (folder / "minutes.pdf").write_bytes(b"%PDF-1.7\n%\xe2\xe3\n")
    run = cli("period", folder, "--period", c.period)
    assert run.exit_code == 0
    skipped = [line for line in run.stderr.splitlines() if line.startswith("trfconv:") and "PER014" in line]
    assert len(skipped) == 1 and "minutes.pdf" in skipped[0] and "a PDF document" in skipped[0]
    assert "period: list of 2025-11 (games of 2025-10): 2 event(s)" in run.stderr
    assert "1 file(s) skipped" in run.stderr
    assert "\nEvents (2)\n" in run.stdout
    left_out = run.stdout.split("\nLeft out (2)\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert [line.split(": ")[1] for line in left_out] == ["warning PER014", "warning PER016"]
    assert f"sub/{first.name}: warning PER016: FIDE event {first.stem} is given twice" in left_out[1]


def test_the_fide_list_layout_reads_back_as_a_list(periods, cli, tmp_path):
    folders, lists = periods
    c = next(c for c in CASES if c.case == "F-M05")  # 2146 - 5.40 -> 2141 in the December 2025 list
    out = tmp_path / "next.txt"
    run = cli("period", folders[c.case], "--list", "--db", lists.path, "--period", c.period, "--file-ratings",
              "--format", "fide", "-o", out)
    assert run.exit_code == 0, run.output
    ratinglists.import_list(out, db=tmp_path / "next.sqlite", kind="standard")
    entry = ratinglists.open_lists(tmp_path / "next.sqlite").player(int(c.fide_id))
    assert (entry.month, entry.rating("standard").rating, entry.rating("standard").games,
            entry.rating("standard").k) == (c.period, c.lists[c.period], c.list_games, c.k)


def test_printed_forms(periods):
    from trfconv.documents.basis import Basis
    from trfconv.documents.period import PeriodReport
    from trfconv.documents.registry import document

    folders, lists = periods
    c = next(c for c in CASES if c.case == "F-M06")  # three events: 17.00 -> +17, 2264 -> 2281
    result = trfconv.period([folders[c.case]], lists=lists, month=c.period, file_ratings=True)
    report = PeriodReport(Basis("F-M06", result.diagnostics), result)
    html = document("period").render(report, "html")
    tree = etree.fromstring(html.split("\n", 1)[1].encode())  # well-formed XML after the doctype
    names = tree.xpath("//section[@id='detail']//h3/text()")
    assert f"Player ({c.fide_id})" in names
    assert "Period: n 25, total +17.00, rounded once +17: new rating 2281." in html
    text = document("period").render(report, "text")
    assert f"{c.fide_id:>11} {'Player':<28} {'':<3} {2264:>6} {20:>3} {25:>3} {'14':>5} {'+17.00':>8} {'+17':>4} {2281:>5}" \
        in text.splitlines()
    rows = list(csv.reader(document("period").render(report, "csv").splitlines()))
    header = rows.index(["fide_id", "name", "federation", "outcome", "events", "rating_before", "K", "K_source", "n",
                         "W", "K(W-We)", "change", "new_rating", "Ru", "Ru_published", "note"])
    (row,) = [dict(zip(rows[header], r, strict=True)) for r in rows[header + 1:] if r[0] == c.fide_id]
    assert [row[k] for k in ("events", "rating_before", "K", "n", "W", "K(W-We)", "change", "new_rating")] == \
        ["3", "2264", "20", "25", "14", "17.00", "17", "2281"]


def test_unrated_results_are_kept_for_a_later_period(tmp_path):
    """7.1.4: a newcomer's 3 games of February (3 < 5: no rating in the March list) are kept in the
    database and pooled with his 3 games of March: Ru 1800 published in the April list. A period
    computed again replaces what it kept, and gives the same result."""
    store = ratinglists.open_lists(tmp_path / "lists.sqlite")
    ids = {1: "5001", 2: "6001", 3: "6002", 4: "6003"}
    february = _one_against_three("Winter", "2026/02/02", [None, 1800, 1800, 1800], ids, ("1-0", "0-1", "="))
    march = _one_against_three("Spring", "2026/03/02", [None, 1800, 1800, 1800],
                               {**ids, 2: "6004", 3: "6005", 4: "6006"}, ("0-1", "=", "1-0"))
    for _ in range(2):  # computing the period again keeps the same games once
        first = trfconv.period([february], month="2026-03", keep=store)
    newcomer = next(p for p in first.players if p.key == "5001")
    assert (newcomer.n, newcomer.initial.published) == (3, False)
    assert [d.message for d in first.diagnostics if d.code == "PER017"] == [
        f"games of 1 player(s) still unrated kept in {store.path} for later periods (7.1.4)"]
    assert [(g.month, g.event, g.opponent_rating, g.score) for g in store.kept_games(5001, "standard", "2024-03",
                                                                                       "2026-04")] == [
        ("2026-03", "Winter", 1800, F(1)), ("2026-03", "Winter", 1800, F(0)), ("2026-03", "Winter", 1800, F(1, 2))]
    second = trfconv.period([march], month="2026-04", keep=store)
    pooled = next(p for p in second.players if p.key == "5001")
    assert (len(pooled.earlier), pooled.n, pooled.initial.average, pooled.initial.value, pooled.initial.published,
            pooled.new_rating) == (3, 3, F(1800), 1800, True, 1800)
    caveat = next(d.message for d in second.diagnostics if d.code == "PER013")
    assert "the lists of 2024-03 on" in caveat and "for 1 player(s)" in caveat
    again = trfconv.period([march], month="2026-04", keep=store)
    assert next(p for p in again.players if p.key == "5001").new_rating == 1800  # the same, computed again
    assert [g.month for g in store.kept_games(5001, "standard", "2024-03", "2026-05")] == ["2026-03"] * 3
    alone = trfconv.period([march], month="2026-04")  # without the database: 3 games only
    assert next(p for p in alone.players if p.key == "5001").initial.published is False


def test_the_documents_say_the_earlier_games_pooled(tmp_path, cli):
    store_path = tmp_path / "lists.sqlite"
    store = ratinglists.open_lists(store_path)
    ids = {1: "5001", 2: "6001", 3: "6002", 4: "6003"}
    february = _one_against_three("Winter", "2026/02/02", [None, 1800, 1800, 1800], ids, ("1-0", "0-1", "="))
    march = _one_against_three("Spring", "2026/03/02", [None, 1800, 1800, 1800],
                               {**ids, 2: "6004", 3: "6005", 4: "6006"}, ("0-1", "=", "1-0"))
    trfconv.write(february, tmp_path / "winter.trf")
    trfconv.write(march, tmp_path / "spring.trf")
    first = cli("period", tmp_path / "winter.trf", "--period", "2026-03", "--db", store_path, "--keep-unrated")
    assert first.exit_code == 0, first.stderr
    data = json.loads(cli("period", tmp_path / "spring.trf", "--period", "2026-04", "--db", store_path,
                          "--keep-unrated", "--format", "json").stdout)
    newcomer = next(p for p in data["players"] if p["key"] == "5001")
    assert newcomer["initial"]["published"] is True and newcomer["initial"]["ru"] == 1800
    assert [(g["list"], g["event"], g["score"]) for g in newcomer["earlier"]] == [
        ("2026-03", "Winter", "1"), ("2026-03", "Winter", "0"), ("2026-03", "Winter", "0.5")]
    text = cli("period", tmp_path / "spring.trf", "--period", "2026-04", "--db", store_path, "--keep-unrated",
               "--details").stdout
    # n and W are those Ru rests on, this period's and the earlier games pooled (written as the rating report does)
    assert ("pooled: n 6 W 3 Rc 1800, p 0.50 dp 0 (with 3 game(s) of earlier periods (list 2026-03: Winter)), "
            "Ru 1800") in text
    del store


# -- the period judged in worker processes (--jobs): the serial period, byte for byte ---------------
@pytest.fixture(scope="module")
def month_folder(periods, tmp_path_factory):
    """The ten cases of the list of April 2026 as one month (a folder per case), with a file that
    is no tournament file and a copy of an event (PER014 and PER016 in their places)."""
    folders, _ = periods
    month = tmp_path_factory.mktemp("month")
    for c in CASES:
        if c.period == "2026-04":
            shutil.copytree(folders[c.case], month / c.case)
    (month / "zz-copy.trf").write_bytes(min(month.rglob("*.trf")).read_bytes())
    (month / "minutes.pdf").write_bytes(b"%PDF-1.7\n%\xe2\xe3\n")
    return month


def test_the_month_folder_holds_a_month_of_several_cases(month_folder):
    assert sum(1 for c in CASES if c.period == "2026-04") == 10
    assert len(list(month_folder.rglob("*.trf"))) == 1 + sum(len(c.events) for c in CASES if c.period == "2026-04")


@pytest.mark.slow
@pytest.mark.parametrize(("form", "options"), [("text", ()), ("json", ()), ("text", ("--file-ratings",)),
                                               ("json", ("--file-ratings",)), ("csv", ("--file-ratings",)),
                                               ("html", ("--file-ratings",)), ("fide", ("--file-ratings",))])
def test_the_period_in_workers_writes_the_serial_document(month_folder, periods, cli, tmp_path, form, options):
    """``--jobs 2`` reads, judges and rates the events in two worker processes (each looking the
    players up in the list it opens itself), ``--jobs 1`` in this one: the same document, byte
    for byte, and the same lines on standard error."""
    _, lists = periods
    written, said = {}, {}
    for jobs in (1, 2):
        out = tmp_path / f"period-{jobs}.{form}"
        run = cli("period", month_folder, "--list", "--db", lists.path, "--period", "2026-04", "--format", form,
                  "-o", out, "--jobs", jobs, *options)
        assert run.exit_code == 0, run.output
        written[jobs], said[jobs] = out.read_bytes(), run.stderr.replace(str(out), "OUT")
    assert written[1] == written[2] and said[1] == said[2]
    assert said[1].startswith(f"trfconv: {month_folder}/minutes.pdf: warning PER014: not a tournament file")
    assert "period: list of 2026-04 (games of 2026-03): " + \
        ("28 event(s), 170 rated player(s), 0 unrated" if options else "13 event(s), 0 rated player(s), 48 unrated") \
        in said[1]


def test_the_period_in_workers_is_the_serial_period(month_folder, periods):
    """The library's ``jobs``: the same result whatever the number of workers, the dates read in
    the workers too when no month is given; a look-up that cannot be sent to a worker (a caller's
    own) is used in this process."""
    _, lists = periods
    serial = trfconv.period([month_folder], lists=lists, jobs=1)
    assert serial.month == "2026-04"
    assert [d.code for d in serial.diagnostics][:2] == ["PER014", "PER016"]
    assert trfconv.period([month_folder], lists=lists, jobs=2) == serial

    class Own:  # a look-up of the caller's, which pickle refuses (a lambda)
        def __init__(self):
            self.lookup, self.refused = lists, lambda: None

        def __getattr__(self, name):
            return getattr(self.lookup, name)

    assert trfconv.period([month_folder], lists=Own(), jobs=2) == serial


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bug_in_a_worker_ends_the_period_as_in_one_process(month_folder, cli, monkeypatch, jobs):
    """An error while an event is judged is the internal error the command gives in one process
    (exit 3, one line); Ctrl-C while it is judged ends it interrupted (130). In a worker both
    come back to the command, which stops the other worker."""
    from trfconv.rules.rating import period as rules

    real = rules.judge_event

    def failing(t, *args, **kwargs):
        if t.event.name == "FIDE event 468267":
            raise what
        return real(t, *args, **kwargs)

    monkeypatch.setattr(rules, "judge_event", failing)
    what = RuntimeError("judged wrong")
    run = cli("period", month_folder, "--period", "2026-04", "--jobs", jobs)
    assert run.exit_code == 3 and run.stdout == ""
    assert run.stderr == "trfconv: internal error: RuntimeError: judged wrong (a bug in trfconv; please report it " \
                         "with the command and the file)\n"
    what = KeyboardInterrupt()
    run = cli("period", month_folder, "--period", "2026-04", "--jobs", jobs)
    said = "trfconv: interrupted: the period was not computed; nothing written\n"
    assert (run.exit_code, run.stdout, run.stderr) == (130, "", said)


def test_an_event_of_the_period_is_rated_without_its_own_ru():
    """The period pools a newcomer's games of every event into one Ru (8.2.2-8.2.3): each event
    is rated without the Ru of that event alone, and gives the same games."""
    from trfconv.rules.rating.event import rate

    t = _one_against_three("Winter", "2026/02/02", [None, 1800, 1800, 1800], {1: "5001", 2: "6001", 3: "6002",
                                                                              4: "6003"}, ("1-0", "0-1", "="))
    verdict = trfconv.validate(t)
    whole, bare = rate(t, verdict), rate(t, verdict, own_ru=False)
    assert (whole.players[0].gets, whole.players[0].initial.value) == (Gets.INITIAL, 1800)
    assert (bare.players[0].gets, bare.players[0].initial) == (Gets.INITIAL, None)
    assert [(p.games, p.rc, p.score, p.change_exact) for p in bare.players] == \
        [(p.games, p.rc, p.score, p.change_exact) for p in whole.players]


def test_the_first_reading_takes_a_trf_files_dates_from_its_headers():
    """Without --period every file is read once for its dates before it is judged: a TRF file's
    header records only (its 001 lines hold nearly all of its bytes), which give the dates the
    whole file gives, for every file of the corpus that holds players (one with a byte-order mark
    is read whole)."""
    from paths import FIXTURES

    from trfconv.jobs.month import headers

    def dates(t):
        return t.event.start_date, t.event.end_date, t.event.round_dates

    compared = 0
    for path in sorted((FIXTURES / "trf").glob("*.trf")):
        full = trfconv.read(path)
        if not full.players:
            continue
        first, players = headers(path, None)
        assert players and dates(first) == dates(full), path.name
        compared += not first.players  # read without its player lines (a file with a byte-order mark: whole)
    assert compared >= 30
