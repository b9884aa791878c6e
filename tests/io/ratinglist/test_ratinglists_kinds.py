"""Lists by kind: FIDE's single-type files (standard_oct26frl.txt, rapid_…, blitz_…) hold only the
players rated in them; the combined list names every registered player. Importing a single-type
file adds its kind for its month and never removes another kind nor the month's combined list;
with single-type lists only, a FIDE ID absent from them is a player not rated on them, not an
unknown ID (docs/rating-lists.md)."""

from __future__ import annotations

import ratinglist_build as build
from trfbuild import player_line, trf

import trfconv
from trfconv.ratinglists import crosscheck, import_list, open_lists, rated_from_list

MONTH = "2026-10"
HEADER = ("012 Lists Open", "022 Ghent", "032 BEL", "042 2026/10/03", "052 2026/10/05", "102 Arbiter, Anne")
#: In the combined list, unrated in all three kinds: absent from every single-type file.
UNRATED = 90100062
#: Rated in standard and rapid only: absent from the blitz file.
NO_BLITZ = 90100020


def _event(fide_id: int, rating: str = "") -> trfconv.Tournament:
    line = player_line(1, "Hallgrimsdottir, Sunna", sex="w", rating=rating, fed="ISL", fide_id=str(fide_id),
                       birth="2011")
    return trfconv.reads(trf(*HEADER, line), path="event.trf")


def test_a_single_type_import_keeps_the_other_kinds_and_the_combined_list(tmp_path):
    db = tmp_path / "lists.sqlite"
    import_list(build.FIXTURES / "players_list_foa.txt", db=db, month=MONTH)
    for kind in ("standard", "rapid", "blitz"):
        import_list(build.FIXTURES / f"{kind}_oct26frl.txt", db=db)
    lists = open_lists(db)
    assert {kind: s.file for kind, s in lists.months()[MONTH].items()} == {
        kind: f"{kind}_oct26frl.txt" for kind in ("standard", "rapid", "blitz")}
    assert lists.registered(MONTH)  # the combined list stays: it names every registered player
    entry = lists.player(UNRATED, MONTH)
    assert entry is not None and entry.name == "Hallgrimsdottir, Sunna"
    assert [r.rating for r in entry.ratings] == [None, None, None]
    assert lists.player(NO_BLITZ, MONTH).rating("blitz").rating is None
    assert lists.player(NO_BLITZ, MONTH).rating("standard").rating == 2288
    # an ID in no list of the month stays the error it is
    assert [d.code for d in crosscheck(_event(90199999), lists, "standard")] == ["LST001"]


def test_single_type_lists_only_an_absent_id_is_not_rated_on_them(tmp_path):
    db = tmp_path / "lists.sqlite"
    import_list(build.FIXTURES / "standard_oct26frl.txt", db=db)
    import_list(build.FIXTURES / "blitz_oct26frl.txt", db=db)
    lists = open_lists(db)
    assert not lists.registered(MONTH) and list(lists.months()[MONTH]) == ["standard", "blitz"]
    (d,) = crosscheck(_event(UNRATED), lists, "standard")
    assert (d.code, d.severity.value) == ("LST035", "info")
    assert "not in the FIDE standard list of 2026-10, a single-type list of the players rated in it: not rated " \
           "on this list" in d.message
    (d,) = crosscheck(_event(UNRATED, "1450"), lists, "standard")
    assert (d.code, d.severity.value) == ("LST035", "warning") and "the file rates him 1450" in d.message
    # the report's ratings: unrated on this list, whatever the file says
    t, k, _ = rated_from_list(_event(UNRATED, "1450"), lists, "standard")
    assert t.players[0].rating is None and k == {}


def test_check_with_single_type_lists_only_is_no_error(tmp_path, cli):
    db = tmp_path / "lists.sqlite"
    import_list(build.FIXTURES / "standard_oct26frl.txt", db=db)
    path = tmp_path / "event.trf"
    path.write_bytes(trf(*HEADER, player_line(1, "Hallgrimsdottir, Sunna", sex="w", fed="ISL",
                                              fide_id=str(UNRATED), birth="2011")))
    run = cli("check", path, "--list", "--db", db)
    assert run.exit_code == 0 and "info LST035" in run.output and "LST001" not in run.output
    assert "0 error(s)" in run.output
