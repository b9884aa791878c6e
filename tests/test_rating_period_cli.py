"""``trfconv period`` and ``trfconv report`` as a rating officer runs them over a month: exit codes
(README: 2 when there is nothing to compute or the list asked for is not held), the list used
named, caveats naming their event, and the FIDE list layout that reads back."""

from __future__ import annotations

import trfconv
from test_rating_period_newcomers import LOSS, _event


def test_a_period_without_an_event_exits_2_naming_the_periods_of_the_events(tmp_path, cli):
    trfconv.write(_event("Winter", "2026/02/02", ["1-0", LOSS, LOSS], 6000), tmp_path / "winter.trf")
    trfconv.write(_event("Spring", "2026/03/02", ["1-0", LOSS, LOSS], 7000), tmp_path / "spring.trf")
    run = cli("period", tmp_path, "--period", "2026-09")
    assert run.exit_code == 2, run.output
    assert "PER001" in run.stderr and "they end in the periods of the lists of 2026-03, 2026-04" in run.stderr
    assert cli("period", tmp_path, "--period", "2026-04").exit_code == 0


def test_the_fide_layout_reads_back_with_list_import(tmp_path, cli):
    """The period's new ratings in FIDE's single-type layout, written into a folder under FIDE's
    name (standard_apr26frl.txt), import with ``list import`` and no option; each line is stored as
    written, and reads back the values written (birth year 0 where unknown, as FIDE writes it)."""
    from test_rating_period_newcomers import DRAW

    win, folder = "1-0", tmp_path / "out"
    folder.mkdir()
    trfconv.write(_event("Spring", "2026/03/02", [win, DRAW, LOSS, win, DRAW, win], 6000), tmp_path / "spring.trf")
    rated = _event("Club", "2026/03/20", [win, DRAW, LOSS], 7000, newcomer="5002", newcomer_rating=2000)
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
