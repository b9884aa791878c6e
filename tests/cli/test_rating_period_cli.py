"""``trfconv period`` and ``trfconv report`` as a rating officer runs them over a month: exit codes
(docs/period.md: 2 when there is nothing to compute or the list asked for is not held), the list used
named, caveats naming their event, and the FIDE list layout that reads back."""

from __future__ import annotations

import trfconv
from periodbuild import LOSS, newcomer_event


def test_a_period_without_an_event_exits_2_naming_the_periods_of_the_events(tmp_path, cli):
    trfconv.write(newcomer_event("Winter", "2026/02/02", ["1-0", LOSS, LOSS], 6000), tmp_path / "winter.trf")
    trfconv.write(newcomer_event("Spring", "2026/03/02", ["1-0", LOSS, LOSS], 7000), tmp_path / "spring.trf")
    run = cli("period", tmp_path, "--period", "2026-09")
    assert run.exit_code == 2, run.output
    assert "PER001" in run.stderr and "they end in the periods of the lists of 2026-03, 2026-04" in run.stderr
    assert cli("period", tmp_path, "--period", "2026-04").exit_code == 0


def test_the_fide_layout_reads_back_with_list_import(tmp_path, cli):
    """The period's new ratings in FIDE's single-type layout, written into a folder under FIDE's
    name (standard_apr26frl.txt), import with ``list import`` and no option; each line is stored as
    written, and reads back the values written (birth year 0 where unknown, as FIDE writes it)."""
    from periodbuild import DRAW

    win, folder = "1-0", tmp_path / "out"
    folder.mkdir()
    trfconv.write(newcomer_event("Spring", "2026/03/02", [win, DRAW, LOSS, win, DRAW, win], 6000), tmp_path / "spring.trf")
    rated = newcomer_event("Club", "2026/03/20", [win, DRAW, LOSS], 7000, newcomer="5002", newcomer_rating=2000)
    trfconv.write(rated, tmp_path / "club.trf")
    run = cli("period", tmp_path / "spring.trf", tmp_path / "club.trf", "--format", "fide", "-o", folder)
    assert run.exit_code == 0, run.output
    written = folder / "standard_apr26frl.txt"
    assert f"wrote {written}" in run.stderr
    lines = written.read_bytes().decode("ascii").split("\r\n")
    assert lines[0].split()[-5:] == ["APR26", "Gms", "K", "B-day", "Flag"] and lines[-1] == ""
    db = tmp_path / "lists.sqlite"
    imported = cli("list", "import", written, "--db", db)
    assert imported.exit_code == 0, imported.output
    assert "list of 2026-04" in imported.stdout
    store = trfconv.ratinglists.open_lists(db)
    assert len(lines) == 2 + 1 + 4  # the newcomer's Ru (6 games), the club's four rated players
    for line in lines[1:-1]:  # each field where the layout (docs §5.2) puts it, as written
        entry = store.player(int(line[:15]), "2026-04")
        rating = entry.rating("standard")
        assert (str(entry.fide_id), entry.name, entry.federation, entry.sex or "") == \
            tuple(line[a:b].strip() for a, b in ((0, 15), (15, 76), (76, 80), (80, 84)))
        assert (rating.rating, rating.games, rating.k or 0, entry.birth_year or 0) == \
            tuple(int(line[a:b] or 0) for a, b in ((113, 119), (119, 123), (123, 126), (126, 132)))
        assert line[126:132].strip() == "0"  # unknown birth year: FIDE's 0
    # K: the next list's (8.3.3): the newcomer has 6 games (< 30): 40; the club's players 20
    assert {line[:15].strip(): int(line[123:126]) for line in lines[1:-1]} == {
        "5001": 40, "5002": 20, "7000": 20, "7001": 20, "7002": 20}


def test_report_with_no_list_in_force_for_the_event_exits_2_saying_what_is_held(tmp_path, cli):
    """docs/rating-lists.md: ``report FILE --list`` exits 2 when no list (or none of that month) is held. The
    event started on 3 October 2026; only the list of November is held: none is in force."""
    import ratinglist_build as build

    db = tmp_path / "lists.sqlite"
    trfconv.ratinglists.import_list(build.FIXTURES / "players_list_foa.txt", db=db, month="2026-11")
    event = tmp_path / "event.trf"
    trfconv.write(newcomer_event("October", "2026/10/03", ["1-0", LOSS, LOSS], 6000), event)
    for command in ("report", "check", "validate"):
        run = cli(command, event, "--list", "--db", db)
        assert run.exit_code == 2, (command, run.output)
        assert "no FIDE standard list held for 2026-10-03" in run.stderr
        assert "the lists held: 2026-11 (standard, rapid, blitz)" in run.stderr


def test_period_caveats_name_their_events_and_the_list_used(tmp_path):
    from ratinglist_build import HEADER_SINGLE, P, single_line, txt

    a = newcomer_event("Alpha", "2026/02/02", ["1-0", LOSS, LOSS], 6000, newcomer="5002", newcomer_rating=2000)
    b = newcomer_event("Beta", "2026/02/10", ["1-0", LOSS, LOSS], 6100, newcomer="5002", newcomer_rating=2000)
    undeclared = [newcomer_event(t.event.name, t.event.start_date.strftime("%Y/%m/%d"), ["1-0", LOSS, LOSS], first,
                         newcomer="5002", newcomer_rating=2000, kind=None) for t, first in ((a, 6000), (b, 6100))]
    result = trfconv.period(undeclared, month="2026-03")
    (said,) = [d.message for d in result.diagnostics if d.code == "VAL003"]
    assert said.endswith("(in 2 events: Alpha, Beta)")
    (k,) = [d.message for d in result.diagnostics if d.code == "PER012"]
    assert k.endswith("give the list for the list's K")
    # with a list: the list used is named (January's, the February list not being held), and the
    # K inferred for the players it lacks does not ask for the list
    path = tmp_path / "standard_jan26frl.txt"
    opponents = [single_line(P(i, f"Player, {i}", "FRA", "M"), (1800, 0, 0 if i == 6100 else 20))
                 for i in (6000, 6001, 6002, 6100)]  # the list gives 6100 no K
    path.write_bytes(txt(HEADER_SINGLE.format(code="JAN26"), [single_line(P(5002, "Player, 001", "FRA", "M"),
                                                                          (2000, 0, 20)), *opponents]))
    trfconv.ratinglists.import_list(path, db=tmp_path / "lists.sqlite")
    lists = trfconv.ratinglists.open_lists(tmp_path / "lists.sqlite")
    listed = trfconv.period([a, b], lists=lists, month="2026-03")
    (where,) = [d.message for d in listed.diagnostics if d.code == "PER009"]
    # 6101 and 6102 are not in the (single-type) list: not rated on it, so not rated players here
    assert "from the FIDE standard list of 2026-01 (the list of 2026-02 is not held) for 5 of 5 rated" in where
    (k,) = [d.message for d in listed.diagnostics if d.code == "PER012"]
    assert "give the list" not in k and k.endswith("the list held gives no K for them")


class _Counted:
    """A rating lists look-up that counts the players asked for."""

    def __init__(self, lookup):
        self.lookup, self.asked = lookup, []

    def __getattr__(self, name):
        return getattr(self.lookup, name)

    def player(self, fide_id, month=None):
        self.asked.append((int(fide_id), month))
        return self.lookup.player(fide_id, month)

    def players(self, fide_ids, month=None):
        fide_ids = list(fide_ids)
        self.asked.extend((int(n), month) for n in fide_ids)
        return self.lookup.players(fide_ids, month)


def test_the_rating_before_the_period_reuses_the_events_look_up_of_the_same_list(tmp_path):
    from ratinglist_build import HEADER_SINGLE, P, single_line, txt

    a = newcomer_event("Alpha", "2026/02/02", ["1-0", LOSS, LOSS], 6000, newcomer="5002", newcomer_rating=2000)
    b = newcomer_event("Beta", "2026/02/10", ["1-0", LOSS, LOSS], 6100, newcomer="5002", newcomer_rating=2000)
    path = tmp_path / "standard_jan26frl.txt"
    path.write_bytes(txt(HEADER_SINGLE.format(code="JAN26"), [single_line(P(i, f"Player, {i}", "FRA", "M"),
                                                                           (1800 + i % 7, 0, 20))
                                                               for i in (5002, 6000, 6001, 6002, 6100)]))
    trfconv.ratinglists.import_list(path, db=tmp_path / "lists.sqlite")
    lists = trfconv.ratinglists.open_lists(tmp_path / "lists.sqlite")
    counted = _Counted(lists)
    result = trfconv.period([a, b], lists=counted, month="2026-03")
    lines = [(int(p.fide_id), "2026-01") for t in (a, b) for p in t.players]
    # the January list rates both events and is the previous list: each line asked for once, by its event
    assert sorted(counted.asked) == sorted(lines)
    assert result == trfconv.period([a, b], lists=lists, month="2026-03")
    assert {p.key: p.rating for p in result.rated}["6000"] == 1800 + 6000 % 7
