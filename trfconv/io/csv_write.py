"""Writer for trfconv's canonical crosstable CSV (``docs/reference/formats.md``, "The canonical crosstable CSV").

One header row, then one row per player: start number, name, federation, FIDE id, rating,
birth date, sex, title, points, rank, then one cell per round. Round cells: ``12w1`` (game
against 12 with White, won), ``5b½``, ``7b0``, unrated games ``12wW`` / ``12bD`` / ``12wL``,
forfeits ``12w+`` / ``12b-`` (``+`` / ``-`` without an opponent), byes ``H F U Z``, an empty
cell for "not paired", ``12w`` for a game without a result yet and ``12wX`` for an adjourned
one; ``-`` stands for an unknown colour. Points are exact decimals with a dot (``3.5``), birth
dates ``1978-05-03`` / ``1978`` (``1978-05-00`` when the day is unknown).

:func:`project` says what the file holds. Above the header, the event's name, city, federation,
dates, chief arbiter, time control and number of rounds are ``Key: value`` lines the reader
understands (``Event: …``, ``Dates: 2026-03-01 to 2026-03-07``); the rest of the model (other
event data, teams, score system, engine data, national ratings, lines kept verbatim, unreadable
round blocks) is reported as ``WRT004``, item by item. Text cells that a spreadsheet would run as a formula
(starting with ``=`` ``+`` ``-`` ``@``) get a leading apostrophe (``CSV009``), which the reader
removes again.
"""

from __future__ import annotations

import dataclasses
from datetime import date

from ..dates import PartialDate
from ..diagnostics import diagnostic
from ..encoding import encodable
from ..messages import msg
from ..model import (
    DEFAULT_SCORES,
    NOT_PAIRED,
    Bye,
    Event,
    Forfeit,
    Game,
    NotPaired,
    Outcome,
    Pending,
    Player,
    Tournament,
)
from ..numbers import ascii_digits, decimal_text
from ..tabular import write_rows
from .csv_read import profile, sex_code
from .lossy import lossy_diagnostics
from .registry import Written

LABEL = "CSV"
COLUMNS = ("start_number", "name", "federation", "fide_id", "rating", "birth_date", "sex", "title", "points",
           "rank")
_RESULTS = {Outcome.WIN: ("1", "W"), Outcome.DRAW: ("½", "D"), Outcome.LOSS: ("0", "L")}


def write_csv(t: Tournament, *, line_ending: str = "\r\n", encoding: str = "utf-8") -> Written:
    kept = project(t)
    diagnostics = lossy_diagnostics(LABEL, t, kept)
    canonical = profile("trfconv")
    names = canonical.writes
    rows = [[f"{canonical.labels[field]}: {value}"] for field, value in _metadata(kept.event)]
    rows.append([names[c] for c in COLUMNS] + [f"{r}.Rd" for r in range(1, kept.rounds + 1)])
    for p in kept.players:
        rows.append([str(p.start_number), p.name, p.federation, p.fide_id, _int(p.rating), _birth_date(p.birth_date),
                     p.sex, p.title, decimal_text(p.points, 1) if p.points is not None else "", _int(p.rank),
                     *(round_cell(e) for e in p.rounds)])
    guarded: list[tuple[int, str]] = []
    text = write_rows(rows, line_ending=line_ending, guarded=guarded)
    if guarded:
        shown = ", ".join(f"player {rows[i][0]} {cell[:20]!r}" for i, cell in guarded[:5])
        diagnostics.append(diagnostic("CSV009", msg("{count} text cell(s) start with = + - @ and were written with a "
                                                    "leading apostrophe: {shown}", count=len(guarded), shown=shown)))
    data = text.encode(encoding, errors="replace")
    lost = sorted(ch for ch in set(text) if not encodable(ch, encoding))
    if lost:
        diagnostics.append(diagnostic("WRT002", msg("{items} not in {encoding}; written as '?'",
                                                    items=repr(''.join(lost)), encoding=encoding)))
    return Written(data, diagnostics, len(kept.players))


def round_cell(entry) -> str:
    """The canonical text of one round entry."""
    match entry:
        case Game(opponent=o, colour=c, outcome=outcome, rated=rated):
            return f"{o}{c.value if c else '-'}{_RESULTS[outcome][0 if rated else 1]}"
        case Forfeit(won=won, opponent=None):
            return "+" if won else "-"
        case Forfeit(won=won, opponent=o, colour=c):
            return f"{o}{c.value if c else '-'}{'+' if won else '-'}"
        case Pending(opponent=o, colour=c, adjourned=adjourned):
            return f"{o}{c.value if c else '-'}{'X' if adjourned else ''}"
        case Bye(kind=kind):
            return kind.value
    return ""


def project(t: Tournament) -> Tournament:
    """``t`` reduced to what the canonical CSV holds, exactly as it reads back."""
    players = tuple(_player(p) for p in t.players if (p.name or "").strip() and p.start_number > 0)  # as read back
    length = max((len(p.rounds) for p in players), default=0)
    players = tuple(dataclasses.replace(p, rounds=p.rounds + (NOT_PAIRED,) * (length - len(p.rounds)))
                    for p in players)
    return Tournament(event=_event(t.event), players=players, scores=DEFAULT_SCORES)


def _event(e: Event) -> Event:
    """The event data the metadata lines hold: one-line texts, both dates as calendar dates, a
    positive round count."""
    def text(value: str | None) -> str | None:
        value = " ".join((value or "").split())
        return value or None

    dated = isinstance(e.start_date, date) and isinstance(e.end_date, date)
    return Event(name=text(e.name), city=text(e.city), federation=text(e.federation),
                 start_date=e.start_date if dated else None, end_date=e.end_date if dated else None,
                 chief_arbiter=text(e.chief_arbiter), time_control_text=text(e.time_control_text),
                 declared_rounds=e.declared_rounds if e.declared_rounds and e.declared_rounds > 0 else None)


def _metadata(e: Event) -> list[tuple[str, str]]:
    """The ``Key: value`` lines above the header (profile ``trfconv``, ``[metadata]``)."""
    dates = f"{e.start_date.isoformat()} to {e.end_date.isoformat()}" if e.start_date else None
    values = {"name": e.name, "city": e.city, "federation": e.federation, "dates": dates,
              "chief_arbiter": e.chief_arbiter, "time_control_text": e.time_control_text,
              "declared_rounds": None if e.declared_rounds is None else str(e.declared_rounds)}
    return [(field, value) for field, value in values.items() if value is not None]


def _player(p: Player) -> Player:
    return Player(
        start_number=p.start_number, name=p.name.strip(), sex=sex_code(p.sex),
        title=(p.title or "").strip() or None, rating=p.rating if p.rating and p.rating > 0 else None,
        federation=(p.federation or "").strip() or None,
        fide_id=p.fide_id if p.fide_id and ascii_digits(p.fide_id) and int(p.fide_id) else None,
        birth_date=p.birth_date.strip() or None if isinstance(p.birth_date, str) else p.birth_date,
        points=p.points if p.points is not None and decimal_text(p.points) is not None else None,
        rank=p.rank if p.rank and p.rank > 0 else None,
        rounds=tuple(_entry(e) for e in p.rounds),
    )


def _entry(entry):
    """What a round cell keeps of an entry: all but an unreadable block, and the colour of a
    forfeit without an opponent."""
    match entry:
        case Forfeit(won=won, opponent=None):
            return Forfeit(won)
        case Game() | Forfeit() | Pending() | Bye() | NotPaired():
            return entry
    return NOT_PAIRED


def _int(value: int | None) -> str:
    return "" if value is None else str(value)


def _birth_date(value) -> str:
    if isinstance(value, PartialDate):
        if value.month is None and value.day is None:
            return f"{value.year:04d}"
        return f"{value.year:04d}-{value.month or 0:02d}-{value.day or 0:02d}"
    return value or ""

