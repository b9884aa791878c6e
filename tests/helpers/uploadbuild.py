"""The event of the upload check's tests: the players of the list fixture (invented) in a Swiss of
three rounds that meets every absolute criterion, written as TRF16 with some records or players
changed."""

from __future__ import annotations

from trfbuild import player_line, trf


def round_dates(*dates: str) -> str:
    """A 132 record: round r's date at columns 92+10(r-1) (TRF16)."""
    return "132" + " " * 88 + "  ".join(dates)


HEADER = {
    "012": "012 Autumn Open", "022": "022 Ghent", "032": "032 BEL", "042": "042 2026/10/03",
    "052": "052 2026/10/05", "092": "092 Individual: Swiss-System", "102": "102 IA Brenzola, Ilario 90100070",
    "112": "112 FA Nunez Garcia, Jose Maria 90100046", "122": "122 90 min + 30 sec", "202": "202 SB",
    "132": round_dates("26/10/03", "26/10/04", "26/10/05"),
}
#: The players of the list fixture (invented), as the 2026-10 list has them, in a Swiss of three
#: rounds that meets every absolute criterion: number -> (player_line keywords, rounds).
PLAYERS = {
    1: (dict(name="Brenzola, Ilario", title="IM", rating="2401", fed="ITA", fide_id="90100070", birth="1969/00/00",
             points="2.5", rank="1"), ("   4 w 1", "   2 b =", "   3 w 1")),
    2: (dict(name="Vardanel, Toren", title="GM", rating="2612", fed="NED", fide_id="90100011", birth="1991/00/00",
             points="2.0", rank="3"), ("   5 b 1", "   1 w =", "   6 b =")),
    3: (dict(name="Nunez Garcia, Jose Maria", title="FM", rating="2305", fed="ESP", fide_id="90100046",
             birth="1985/00/00", points="1.5", rank="4"), ("   6 w =", "   5 b 1", "   1 b 0")),
    4: (dict(name="Ostrakova, Mirela", title="WGM", rating="2288", fed="SVK", fide_id="90100020", sex="w",
             birth="1999/00/00", points="1.0", rank="5"), ("   1 b 0", "   6 b 0", "   5 w 1")),
    5: (dict(name="Morlan, Pel", rating="1620", fed="FRA", fide_id="90100119", birth="1990/00/00", points="0.0",
             rank="6"), ("   2 w 0", "   3 w 0", "   4 b 0")),
    6: (dict(name="Sorvina, Kaisa", rating="1688", fed="FIN", fide_id="90100127", sex="w", birth="2009/00/00",
             points="2.0", rank="2"), ("   3 b =", "   4 w 1", "   2 w =")),
}


def event_text(header: dict | None = None, players: dict | None = None, extra: tuple[str, ...] = ()) -> bytes:
    """The generated event with some header records and players changed (a value None drops it)."""
    h = {**HEADER, **(header or {})}
    p = {**PLAYERS, **(players or {})}
    lines = [v for v in h.values() if v is not None] + list(extra)
    lines += [player_line(n, **kw, rounds=rounds) for n, (kw, rounds) in sorted(p.items()) if kw is not None]
    return trf(*lines)


def player(n: int, rounds: tuple[str, ...] | None = None, **changes) -> dict:
    """Player ``n`` with ``changes`` to his 001 line (and his rounds), for :func:`event_text`."""
    kw, own = PLAYERS[n]
    return {n: ({**kw, **changes}, own if rounds is None else rounds)}
