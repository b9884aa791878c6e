"""The Vega reader: its text crosstable (fixtures made in Vega's layout: the sample event from
Vega's own TRFx, and a small event with every kind of cell), and its ``.vegz`` file, which is
recognised and refused with one diagnostic; truncated and flipped copies of the binary files
give diagnostics, never exceptions."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

import paths
import pytest
from trfbuild import as_trf
from hypothesis import given, settings
from hypothesis import strategies as st

import trfconv
from trfconv.io.registry import detect_format, unreadable_codes
from trfconv.io.vega import read_vega
from trfconv.model import NOT_PAIRED, Bye, ByeKind, Colour, Forfeit, Game, Outcome

VEGA = paths.FIXTURES / "native" / "vega"
SAMPLE = VEGA / "made__Sample_Tournament-crosstable.txt"
BYES = VEGA / "made__byes-forfeits-crosstable.txt"
TRFX = VEGA / "samuraitruong__vegachess-html-generator__Sample_Tournament.trfx"
STANDINGS = VEGA / "samuraitruong__vegachess-html-generator__standings.qtf"
BINARIES = [VEGA / "samuraitruong__vegachess-html-generator__Sample_Tournament.vegz",
            VEGA / "samuraitruong__vegachess-html-generator__Sample_Tournament-VEGZ-00.bakz"]


def codes(t):
    return [d.code for d in t.diagnostics]


@pytest.mark.parametrize("path", BINARIES, ids=["vegz", "bakz"])
def test_vegz_is_recognised_and_refused_with_the_way_out(path):
    data = path.read_bytes()
    assert detect_format(data) == "vega" and detect_format(data, "x.bin") == "vega"
    t = trfconv.read(path)
    assert codes(t) == ["VEG001"] and t.players == ()
    assert "TRF" in t.diagnostics[0].message and "VEG001" in unreadable_codes()


def test_the_crosstable_is_detected_before_trf_and_csv_and_takes_no_other_file():
    assert detect_format(SAMPLE.read_bytes()) == "vega" and detect_format(BYES.read_bytes()) == "vega"
    assert detect_format(TRFX.read_bytes()) == "trf"
    for other in sorted((paths.FIXTURES / "crosstables").iterdir()):
        assert detect_format(other.read_bytes(), str(other)) != "vega", other.name


def test_the_sample_event_equals_vegas_trfx_and_standings():
    t, vega = trfconv.read(SAMPLE), trfconv.read(TRFX)
    assert (len(t.players), t.rounds, len(t.teams)) == (6, 5, 0)
    # the double forfeit's two cells have no colour; numbering; the made sample's VIC and THL are no
    # FIDE federations (TRF062)
    assert codes(t) == ["VEG004", "VEG005", "TRF062", "TRF062", "TRF062"]
    assert (t.event.name, t.event.city, t.event.start_date) == ("Vega sample tournament", "Melbourne",
                                                                date(2023, 12, 29))
    position = {p.start_number: p.rank for p in vega.players}  # Vega's start number -> row of the table
    for p in vega.players:
        mine = t.player(p.rank)
        assert (mine.name.replace(",", ""), mine.rating, mine.federation, mine.points) == (
            p.name, p.rating, p.federation, p.points)
        assert sum(map(t.scores.points, mine.rounds)) == p.points
        for e, theirs in zip(mine.rounds, p.rounds, strict=True):
            assert (type(e), position[theirs.opponent], getattr(e, "outcome", None)) == (
                type(theirs), e.opponent, getattr(theirs, "outcome", None))
    # Vega's standings (standings.qtf): each position's name and points, and the same ranks when
    # trfconv breaks the ties with Vega's first tie-break (Buchholz)
    ranks = {row.player.start_number: row.rank for row in trfconv.standings(t, "BH").rows}
    for position, name, points in vega_standings():
        assert (t.player(position).name.replace(",", ""), t.player(position).points) == (name, points)
        assert ranks[position] == position


def vega_standings() -> list[tuple[int, str, Fraction]]:
    """(position, name, points) of each row of Vega's standings, a QTF (rich text) table of ten
    cells a row: Pos, N, Title, NAME, Rtg, Fed, Pts, BH, BH-C1, BH-C2."""
    cells = [c.strip() for c in re.findall(r"\[s0;[^ \]]*(?: ([^\]]*))?\]", STANDINGS.read_text())]
    start = cells.index("BH-C2") + 1
    rows = [cells[i:i + 10] for i in range(start, len(cells) - 9, 10) if cells[i].isdigit()]
    assert len(rows) == 6
    return [(int(r[0]), r[3], Fraction(r[6])) for r in rows]


def test_every_kind_of_cell_and_players_2_4_and_7():
    t = trfconv.read(BYES)
    assert (len(t.players), t.rounds, t.event.end_date) == (7, 3, date(2025, 2, 15))
    assert codes(t) == ["VEG004", "VEG005"]
    p2, p4, p7 = t.player(2), t.player(4), t.player(7)
    assert p2.rounds == (Game(4, Colour.BLACK, Outcome.WIN), Bye(ByeKind.HALF), Game(1, Colour.BLACK, Outcome.DRAW))
    assert (p4.name, p4.federation, p4.rounds[1]) == ("Delta, Dee Dee", None, Bye(ByeKind.PAB))
    assert (p7.rating, p7.rounds) == (None, (Forfeit(False, 3), NOT_PAIRED, NOT_PAIRED))
    assert (t.player(1).title, t.player(1).points) == ("FM", Fraction(5, 2))
    assert [p.points for p in t.players] == [sum(map(t.scores.points, p.rounds)) for p in t.players]


@pytest.mark.parametrize("path", [SAMPLE, BYES], ids=["sample", "byes"])
def test_round_trip_through_trf26(path):
    t = trfconv.read(path)
    assert trfconv.reads(trfconv.dumps(t, "trf26")[0]) == as_trf(t)  # a forfeit's colour: White for the lower number


def test_a_damaged_crosstable_says_what_it_could_not_read():
    text = BYES.read_text().replace("+F7 ", "?F7 ").replace("  6 Foxtrot,Finn", "  6")
    t = trfconv.reads(text.encode(), path="damaged.txt", format="vega")
    assert codes(t).count("VEG003") == 2 and len(t.players) == 6
    headless = trfconv.reads(b"Cross Table at round 1 sorted by score\nnothing\n", format="vega")
    assert codes(headless) == ["VEG002"]


@settings(max_examples=60, deadline=None)
@given(which=st.sampled_from(BINARIES + [SAMPLE]), data=st.data())
def test_truncated_and_flipped_copies_give_diagnostics_never_exceptions(which, data):
    raw = bytearray(which.read_bytes())
    cut = data.draw(st.integers(0, len(raw)))
    for _ in range(data.draw(st.integers(0, 8))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    t = read_vega(bytes(raw[:cut]), which.name)
    assert all(d.code in trfconv.diagnostics.CODES for d in t.diagnostics)


def test_the_crosstable_ranks_as_its_trfx_an_undeclared_event_with_rematches_is_a_swiss():
    """A Vega crosstable names no event type. 6 players and 5 rounds are a round robin's counts,
    but players 1 and 6 meet twice within the cycle, so it is a Swiss: judged as one, the
    Buchholz of the two players of round 2's double forfeit equals the TRFx's (and FIDE's
    checker's on it: 10 and 12), where the round robin's forfeit rules gave 9.5 and 12.5."""
    from trfconv.rules.rateability.shape import shape_of

    crosstable, trfx = trfconv.read(SAMPLE), trfconv.read(TRFX)
    assert not shape_of(crosstable).round_robin

    def bh(t):
        return {" ".join(sorted(r.player.name.replace(",", " ").split())): r.values[1]
                for r in trfconv.standings(t, "BH").rows}

    assert bh(crosstable) == bh(trfx)
    assert bh(crosstable)["Devinci Leona"] == 10 and bh(crosstable)["Nguyen Truong"] == 12
