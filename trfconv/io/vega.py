"""Reader for Vega's files: the text crosstable Vega prints, and the recognition of its own
``.vegz`` tournament file, which cannot be read.

The crosstable (Vega's "Cross Table … sorted by score" text export), as public exports of
Australian events show it::

    2024 Some Open
    Sydney - 03/03/2024, 03/03/2024

     Cross Table at round 9 sorted by score

    Pos NAME                  Rtg   T  Fed  Pts |   1     2     3    |   User
    ---------------------------------------------------------------------------
      1 Surname,Firstname     2367  CM  OS  8.5 | +W56  +B37  =BYE   |    0.0
     86 Other,Name        (W)    0     NSW  0.0 | -F52   --    --    |    0.0

- the title line is the event's name, the next line ``City - start, end`` (dd/mm/yyyy);
- rows are in ranking order and **opponents are named by their row's position** (``Pos``): the
  table prints no start numbers, so players are numbered by position (``VEG005``) and the
  position is their rank;
- a cell is a result (``+ = -``), a colour (``W``/``B``) or ``F`` (a forfeit, colour not
  printed: ``VEG004``) and the opponent's position; ``+BYE`` is the pairing-allocated bye,
  ``=BYE`` a half-point bye, ``-BYE`` a zero-point bye, ``--`` not paired; ``(W)`` marks a
  player who withdrew (his later rounds are ``--``); ``Pts`` is kept as the declared points;
  the columns after the second ``|`` (a user tie-break) are not read.

The ``.vegz`` file (and its ``.bakz`` backups) of Vega 8 is compressed or enciphered with no
public description; it is recognised by the ten bytes every known one starts with and refused
with one diagnostic (``VEG001``) naming the way out: Vega's own TRF export. The plain-text
``.veg`` of older Vega versions holds no pairings or results (they are kept in other files), so
no crosstable can be read from it; it is not read.
"""

from __future__ import annotations

import re
from datetime import date

from ..encoding import decode
from ..messages import msg
from ..model import (
    MAX_ROUNDS,
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Forfeit,
    Game,
    Outcome,
    Pending,
    Player,
    Tournament,
    Unreadable,
)
from ..names import fide_name
from ..numbers import decimal_number
from ..titles import TITLE_CODES
from .build import TournamentBuilder
from .files import too_many_lines

#: The first bytes of every known ``.vegz``/``.bakz`` (six files of one Vega 8 installation).
VEGZ_START = bytes.fromhex("bf51559810d2060fe658")
_CROSS_TABLE = re.compile(r"^\s*Cross Table at round ([0-9]+)", re.MULTILINE)
_HEADER = re.compile(r"^\s*Pos\s+NAME\s.*\bPts\s*\|(?P<rounds>[0-9\s]+)(\||$)", re.MULTILINE)
_SNIFF_CROSS_TABLE = re.compile(rb"^\s*Cross Table at round \d+", re.MULTILINE)
_SNIFF_HEADER = re.compile(rb"^\s*Pos\s+NAME\s.*\bPts\s*\|\s*1\b", re.MULTILINE)
_PLACE_DATES = re.compile(r"^(?P<city>.*?)\s+-\s+(?P<start>[0-9]{1,2}/[0-9]{1,2}/[0-9]{4})"
                          r"(?:\s*,\s*(?P<end>[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}))?\s*$")
#: Opponents and positions are start numbers: at most 4 digits, as in every TRF.
_CELL = re.compile(r"(?P<result>[-+=])?(?P<kind>[WBF])?(?P<opponent>[0-9]{1,4}|BYE)")
_POSITION = re.compile(r"[0-9]{1,4}")
_POINTS = re.compile(r"[0-9]{1,4}(?:[.,][0-9])?")
#: A rating: at most 4 digits (FIDE's scale; the TRF column holds 4).
_RATING = re.compile(r"[0-9]{1,4}")
_OUTCOMES = {"+": Outcome.WIN, "=": Outcome.DRAW, "-": Outcome.LOSS}
_BYES = {"+": ByeKind.PAB, "=": ByeKind.HALF, "-": ByeKind.ZERO}
_COLOURS = {"W": Colour.WHITE, "B": Colour.BLACK}


def sniff(head: bytes) -> bool:
    """A ``.vegz`` file by its first bytes, or a Vega crosstable by its two header lines."""
    if head.startswith(VEGZ_START):
        return True
    # the words first: the patterns, tried at every line, cost a month's reading a fifth of a second
    return b"Cross Table at round" in head and _SNIFF_CROSS_TABLE.search(head) is not None and \
        _SNIFF_HEADER.search(head) is not None


def read_vega(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    """A Vega crosstable's tournament, or the one diagnostic of a ``.vegz``; never raises on bad
    content."""
    if data.startswith(VEGZ_START) or (path or "").lower().endswith((".vegz", ".bakz")):
        builder = TournamentBuilder(path, "vega", version="vegz")
        builder.report("VEG001", msg("this is Vega 8's own tournament file (.vegz or its .bakz backup): compressed "
                                     "or enciphered, with no public description, so trfconv does not read it. In "
                                     "Vega, export the tournament as TRF (the .trfx Vega writes next to it) and read "
                                     "that"))
        return builder.unreadable()
    decoded = decode(data, path=path, encoding=encoding)
    builder = TournamentBuilder(path, "vega", version="crosstable", encoding=decoded.encoding,
                                diagnostics=list(decoded.diagnostics))
    if too_many := too_many_lines(decoded.text):  # the bound of every line-based reader
        builder.report("LIM001", too_many.replace("; only the first are read", ""))
        return builder.unreadable()
    _Crosstable(builder, decoded.text.splitlines()).read()
    return builder.build()


class _Crosstable:
    def __init__(self, builder: TournamentBuilder, lines: list[str]):
        self.b, self.lines = builder, lines
        self.uncoloured: list[str] = []

    def read(self) -> None:
        header = next((i for i, line in enumerate(self.lines) if _HEADER.match(line)), None)
        if header is None:
            self.b.report("VEG002", msg("no header line 'Pos NAME … Pts | 1 2 3 …' found: this is not a Vega "
                                        "crosstable"))
            return
        rounds = len(_HEADER.match(self.lines[header]).group("rounds").split())
        if rounds > MAX_ROUNDS:
            self.b.report("VEG002", msg("the header numbers {rounds:,} rounds, more than the {max_rounds} a file may "
                                        "hold: this is not a Vega crosstable trfconv reads",
                                        rounds=rounds, max_rounds=MAX_ROUNDS))
            return
        self.event(header)
        for number, line in enumerate(self.lines[header + 1:], header + 2):
            if line.strip() and set(line.strip()) != {"-"}:
                self.row(line, number, rounds)
        if self.uncoloured:
            self.b.report("VEG004", msg("{count} forfeit(s) printed without a colour ({items}{more})",
                                        count=len(self.uncoloured), items=self.uncoloured[:8],
                                        more=" …" if len(self.uncoloured) > 8 else ""))
        self.b.report("VEG005", msg("the crosstable prints no start numbers: players are numbered by their position "
                                    "in it (opponents are named by position), which is also their rank"))

    def event(self, header: int) -> None:
        texts = [line.strip() for line in self.lines[:header] if line.strip()]
        texts = [t for t in texts if not _CROSS_TABLE.match(t)]
        event: dict = {"name": texts[0] if texts else None}
        for text in texts[1:2]:
            m = _PLACE_DATES.match(text)
            if m:
                event.update(city=m["city"].strip() or None, start_date=self.date(m["start"]),
                             end_date=self.date(m["end"]) if m["end"] else None)
        self.b.event.update(event)

    def date(self, text: str) -> date | str:
        day, month, year = (int(x) for x in text.split("/"))
        try:
            return date(year, month, day)
        except ValueError:
            self.b.report("VEG003", msg("date {text} is not a dd/mm/yyyy date; kept as text", text=repr(text)))
            return text

    def row(self, line: str, number: int, rounds: int) -> None:
        left, bar, rest = line.partition("|")
        player = self.player(left, number)
        if player is None:
            return
        self.b.add_player(player, line=number)
        cells = rest.split("|", 1)[0].split()
        if len(cells) != rounds:
            self.b.report("VEG003", msg("player {start_number}: {count} round cells where the header has {rounds}; "
                                        "the row's rounds are not read",
                                        start_number=player.start_number, count=len(cells), rounds=rounds), line=number)
            return
        for r, cell in enumerate(cells, 1):
            self.b.entry(r, player.start_number, self.cell(cell, player.start_number, r, number), line=number)

    def player(self, left: str, number: int) -> Player | None:
        tokens = left.split()
        if len(tokens) < 4 or not _POSITION.fullmatch(tokens[0]) or not _POINTS.fullmatch(tokens[-1]):
            self.b.report("VEG003", msg("row {row} is not 'Pos NAME Rtg T Fed Pts'; left out",
                                        row=repr(left.strip()[:40])),
                          line=number)
            return None
        position, points = int(tokens[0]), decimal_number(tokens[-1])
        rest = tokens[1:-1]  # name words, (W) for a withdrawn player, rating, title, federation
        rating_at = next((i for i in range(len(rest) - 1, 0, -1) if _RATING.fullmatch(rest[i])), None)
        if rating_at is None or len(rest) - rating_at > 3:
            self.b.report("VEG003", msg("row {position}: no rating column (a rating is 1 to 4 digits); left out",
                                        position=position),
                          line=number)
            return None
        after = rest[rating_at + 1:]
        title = after.pop(0) if after and (len(after) == 2 or after[0] in TITLE_CODES) else None
        federation = after[0] if after else None
        rating = int(rest[rating_at])
        rest = rest[:rating_at - 1] if rest[rating_at - 1] == "(W)" else rest[:rating_at]
        return Player(start_number=position, name=fide_name(" ".join(rest)), title=title, rating=rating or None,
                      federation=federation, points=points, rank=position)

    def cell(self, cell: str, player: int, round_: int, line: int):
        if cell == "--":
            return NOT_PAIRED
        m = _CELL.fullmatch(cell)
        if m is None or (m["kind"] is None and m["opponent"] != "BYE" and m["result"] is not None):
            self.b.report("VEG003", msg("player {player} round {round}: cell {cell} cannot be read; kept as "
                                        "unreadable", player=player, round=round_, cell=repr(cell)), line=line)
            return Unreadable(cell[:8])
        result, kind, opponent = m["result"], m["kind"], m["opponent"]
        if opponent == "BYE":
            return Bye(_BYES[result or "+"])
        if result is None:
            return Pending(int(opponent), _COLOURS.get(kind))
        if kind == "F":
            if result == "=":
                self.b.report("VEG003", msg("player {player} round {round}: a forfeit drawn ({cell}); kept as "
                                            "unreadable", player=player, round=round_, cell=repr(cell)), line=line)
                return Unreadable(cell[:8])
            self.uncoloured.append(msg("player {number} round {round}", number=player, round=round_))
            return Forfeit(result == "+", int(opponent))
        return Game(int(opponent), _COLOURS[kind], _OUTCOMES[result])
