"""The arbiters a file names: TRF16 and TRF-2026 have the 102 (Chief Arbiter) and 112 (Deputy Chief
Arbiter, one line for each arbiter) records only, free text; each is read into the arbiters it
names (title, name, FIDE ID) as real producers write them, one record naming several FIDE IDs is
several arbiters (TRF063), and every writer gives them back."""

from __future__ import annotations

import pytest
from trfbuild import player_line, trf

import trfconv
from trfconv.arbiter_records import named_arbiters, split_record


@pytest.mark.parametrize("text, read", [
    ("IA Mikel Larreategi Arana (22232540)", [("Mikel Larreategi Arana", "22232540", ("IA",))]),
    ("Francisco Javier Sanz Morinigo - AN 2216434", [("Francisco Javier Sanz Morinigo - AN", "2216434", ())]),
    ("Arbiter, Anna", [("Arbiter, Anna", None, ())]),
    ("NSR Thomas Rondio, NSR Wolfgang Hettler", [("NSR Thomas Rondio, NSR Wolfgang Hettler", None, ())]),
    ("IA Chief, Carl (1234567), FA Deputy, Fred 8888888",
     [("Chief, Carl", "1234567", ("IA",)), ("Deputy, Fred", "8888888", ("FA",))]),
])
def test_a_record_as_producers_write_it(text, read):
    """Real 102/112 texts of the corpus (Vega, Swiss-Manager, chess-results, a German league) and
    two arbiters on one line."""
    assert split_record(text) == read


EVENT = trf("012 Arbiters' Open", "022 Paris", "032 FRA", "042 2026/03/01", "052 2026/03/02",
            "102 IA Chief, Carl (1234567)", "112 FA Deputy, Fred 8888888", "112 NA Aide, Ann 7777777, NA Help, Hal 6666666",
            "132" + " " * 88 + "26/03/01  26/03/02",
            player_line(1, "Player 001", rating="2000", points="1.5", rounds=("   2 w 1", "   2 b =")),
            player_line(2, "Player 002", rating="2000", points="0.5", rounds=("   1 b 0", "   1 w =")))


def test_the_reader_names_each_arbiter_and_says_when_one_line_holds_two():
    t = trfconv.reads(EVENT, path="event.trf")
    got = [(a.record, a.role, a.name, a.fide_id, a.titles) for a in named_arbiters(t.event)]
    assert got == [("102", "Chief Arbiter", "Chief, Carl", "1234567", ("IA",)),
                   ("112#1", "Deputy Chief Arbiter", "Deputy, Fred", "8888888", ("FA",)),
                   ("112#2", "Deputy Chief Arbiter", "Aide, Ann", "7777777", ("NA",)),
                   ("112#2", "Deputy Chief Arbiter", "Help, Hal", "6666666", ("NA",))]
    (said,) = [d for d in t.diagnostics if d.code == "TRF063"]
    assert said.location.line == 8 and said.message.startswith("112 names 2 arbiters with FIDE IDs")


@pytest.mark.parametrize("form", ["trf26", "trf16", "json"])
def test_every_writer_gives_the_arbiters_back(form):
    t = trfconv.reads(EVENT, path="event.trf")
    data, _ = trfconv.dumps(t, form)
    back = trfconv.reads(data)
    assert (back.event.chief_arbiter, back.event.deputy_arbiters) == (t.event.chief_arbiter, t.event.deputy_arbiters)
    assert named_arbiters(back.event) == named_arbiters(t.event)
