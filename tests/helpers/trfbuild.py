"""Hand-built TRF lines for tests, written column by column from the TRF16 text (independent of
trfconv's own layout file, so that reader and writer are checked against the specification), and
a model as a TRF round block can hold it (:func:`as_trf`), what a TRF written from it reads back as."""

from __future__ import annotations

from dataclasses import replace

import trfconv
from trfconv.model import NOT_PAIRED, Colour, Forfeit, Pending, Unreadable


def player_line(number: int, name: str, *, rating: str = "", points: str = "", rank: str = "",
                rounds: tuple[str, ...] = (), sex: str = "m", title: str = "", fed: str = "",
                fide_id: str = "", birth: str = "") -> str:
    """A 001 line: start number 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation
    54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89, round blocks from 92
    (each round block given as the 8 characters 'OOOO C R')."""
    line = (f"001 {number:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide_id:>11} "
            f"{birth:<10} {points:>4} {rank:>4}")
    assert len(line) == 89, len(line)
    for block in rounds:
        assert len(block) == 8, block
        line += "  " + block
    return line


def trf(*lines: str, ending: str = "\n") -> bytes:
    return (ending.join(lines) + ending).encode("utf-8")


HEADER = ("012 Test Open", "022 Paris", "032 FRA", "042 2025/03/01", "052 2025/03/02", "102 Arbiter, Anne")


def as_trf(t: trfconv.Tournament, version: str = "trf26") -> trfconv.Tournament:
    """``t`` as a TRF round block can hold it (C.04 Annex 2 3.2), everything else the same: a
    forfeit between two players needs a colour (the scheduled one; one the source does not give
    is written White for the lower start number, WRT009); an adjourned result (X) is no result
    code (TRF-2026: a pairing without a result); TRF16 has no pairing without a result, and no
    unreadable block is copied (both left out, WRT004)."""
    def entry(e, player: int):
        if isinstance(e, Forfeit) and e.colour is None and e.opponent is not None:
            return replace(e, colour=Colour.WHITE if player < e.opponent else Colour.BLACK)
        if isinstance(e, Unreadable) or (isinstance(e, Pending) and version == "trf16"):
            return NOT_PAIRED
        if isinstance(e, Pending) and e.adjourned:
            return replace(e, adjourned=False)
        return e
    players = tuple(replace(p, rounds=tuple(entry(e, p.start_number) for e in p.rounds)) for p in t.players)
    return replace(t, players=players)


def ratings_as_letters(source, path, n: int):
    """``source`` (a TRF file) written to ``path`` with the rating of its first ``n`` players as
    letters: ``n`` TRF016 errors that say the same thing (the grouping of repeated errors, the
    documents withheld)."""
    lines = source.read_text("utf-8").splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("001")][:n]
    for i in starts:
        lines[i] = lines[i][:48] + "abcd" + lines[i][52:]
    path.write_text("".join(lines), "utf-8")
    return path
