"""The reader of one TRF file: its state, the helpers every record's reading uses (``report``,
``keep``, ``number``, ``points``, ``record``) and the loop sending each line to what reads its
kind of record (:mod:`.header`, :mod:`.players`, :mod:`.rounds`, :mod:`.teams`,
:mod:`.dialects`); :mod:`.assemble` makes the tournament of it."""

from __future__ import annotations

import gc
import re
from contextlib import contextmanager
from fractions import Fraction

from ...dates import PartialDate
from ...diagnostics import Diagnostic, diagnostic, shown
from ...encoding import decode
from ...messages import Message, msg
from ...model import Extra, NationalRating, Player, PointAdjustment, Team, Tournament
from ...numbers import ascii_digits, exact_number, not_a_number
from ..control_chars import writable_lines
from ..files import MAX_LINES, too_many_lines
from ..layout import layouts
from .assemble import Assembly
from .dialects import ENGINE, DialectRecords
from .header import HEADER_CODES, HeaderRecords
from .players import PlayerRecords
from .rounds import Blocks, RoundBlocks
from .shifts import realigned
from .teams import TeamRecords

_LINE_END = re.compile(r"\r\n|\r|\n")


def misaligned_lines(text: str) -> int:
    """How many 001 lines have a round block whose colour column is not ``w``, ``b``, ``-`` or
    blank: the symptom of a wrong decoding (an accented name took two characters)."""
    bad = 0
    for line in _LINE_END.split(text):
        if line.startswith("001") and any(line[i] not in "wbWB- " for i in range(96, len(line), 10)):
            bad += 1
    return bad


#: The fields a shift can move (the player line's, the national rating record's), as a message names them.
_FIELD_NAMES = {"start_number": msg("start number"), "sex": msg("sex"), "title": msg("title"), "name": msg("name"),
                "rating": msg("rating"), "federation": msg("federation"), "fide_id": msg("fide id"),
                "birth_date": msg("birth date"), "points": msg("points"), "rank": msg("rank"),
                "classification": msg("classification"), "origin": msg("origin"), "national_id": msg("national id"),
                "number": msg("number"), "nickname": msg("nickname"), "strength": msg("strength"),
                "match_points": msg("match points"), "game_points": msg("game points")}

#: Lines read before a file none of whose lines is a TRF record is said to be no TRF file.
_SURE_AFTER = 1000


def read_trf(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    decoded = decode(data, path=path, encoding=encoding, misaligned=misaligned_lines)
    reader = Reader(path, decoded.diagnostics, decoded.encoding)
    with _collector_paused():
        return reader.read(decoded.text)


def _split_lines(text: str) -> tuple[list[str], set[str]]:
    """The lines of ``text`` and the line endings it uses (CRLF, CR, LF). Counting and
    ``str.split`` do it at C speed when the file uses one kind of ending, as nearly all do."""
    if "\r" not in text:  # the usual file: one search instead of three counts
        return text.split("\n"), {"\n"} if "\n" in text else set()
    crlf = text.count("\r\n")
    counts = {"\r\n": crlf, "\r": text.count("\r") - crlf, "\n": text.count("\n") - crlf}
    endings = {ending for ending, count in counts.items() if count}
    if len(endings) == 1:
        return text.split(next(iter(endings))), endings
    return _LINE_END.split(text), endings


@contextmanager
def _collector_paused():
    """Reading allocates several objects per round block and creates no garbage cycles; left
    on, Python's cycle collector would run hundreds of times over a 10,000-player file."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class Reader(HeaderRecords, PlayerRecords, RoundBlocks, TeamRecords, DialectRecords, Assembly):
    """One TRF file being read: what its records said so far, and where."""

    def __init__(self, path: str | None, diagnostics: list[Diagnostic], encoding: str | None):
        self.path = path
        self.diagnostics = diagnostics
        self.encoding = encoding
        self.layouts = layouts()
        self.event: dict = {}
        self.players: list[Player] = []
        self.player_lines: dict[int, int] = {}
        self.nrs: list[tuple[int, int, NationalRating]] = []
        self.teams310: list[Team] = []
        self.teams013: list[tuple[int, str, Team]] = []
        self.pairing: dict = {}
        self.team_event: dict = {}
        self.adjustments: list[PointAdjustment] = []
        self.score_codes: list[tuple[str, Fraction]] = []
        self.extras: list[Extra] = []
        self.seen: dict[str, int] = {}
        self.last_key: str | None = None
        self.lineno = 0
        self.writable = False  # whether the file's lines hold no unwritable character (read)
        self.dates: dict[str, str] = {}
        self.round_date_texts: list[str] = []
        self.dialects: set[str] = set()
        self.version_marks: set[str] = set()
        self.fractions: dict[str, Fraction] = {}  # number texts already read
        self.birth_dates: dict[str, PartialDate] = {}  # birth-date texts already read (a player in five shares his)
        self.blocks = Blocks()

    # -- helpers ---------------------------------------------------------------------------
    def report(self, code: str, message: str, column: int | None = None, line: int | None = None) -> None:
        self.diagnostics.append(diagnostic(
            code, message, path=self.path, line=line or self.lineno, column=column))

    def keep(self, text: str, code: str | None = None, message: str = "") -> None:
        """Keep a line verbatim, anchored after the last understood record."""
        self.extras.append(Extra(text, self.last_key))
        if code:
            self.report(code, message, column=1)

    def record(self, key: str) -> None:
        self.last_key = key

    def realigned(self, record: str, line: str, texts: dict[str, str], after: tuple[int, ...] = ()) -> dict[str, str]:
        """``texts`` (a record's field texts, by name) with the fields a shift moved read where
        it put them, or left blank where that is not certain (:mod:`.shifts`), each said:
        TRF048 read moved, TRF049 left blank or in doubt. Called when a separator is filled."""
        texts = dict(texts)
        for m in realigned(self.layouts[record], line, after):
            what = _FIELD_NAMES[m.field.name]
            own = line[m.field.first - 1:m.field.last].strip()
            if not m.doubt and not m.text:
                self.report("TRF048", msg("{what} read as blank: {own} in its columns {first}-{last} is part of "
                                          "{found}, another field's value the shift moved there", what=what,
                                          own=repr(own), first=m.field.first, last=m.field.last, found=repr(m.found)),
                            m.field.first)
            elif not m.doubt:
                self.report("TRF048", msg("{what} read from columns {first}-{last}, where the shift put it: {text} "
                                          "(its own columns {own_first}-{own_last} hold {own})", what=what,
                                          first=m.first, last=m.last, text=repr(m.text), own_first=m.field.first,
                                          own_last=m.field.last, own=repr(own)),
                            m.first)
            elif m.text is None:
                self.report("TRF049", msg("{what} left blank: its columns {own_first}-{own_last} run into another "
                                          "field's in {found} (columns {first}-{last}), and which characters are "
                                          "whose cannot be told", what=what, own_first=m.field.first,
                                          own_last=m.field.last, found=repr(m.found), first=m.first, last=m.last),
                            m.first)
            else:
                self.report("TRF049", msg("{what} {text} read from its columns {own_first}-{own_last}, in doubt: "
                                          "{found} runs over columns {first}-{last}", what=what, text=repr(m.text),
                                          own_first=m.field.first, own_last=m.field.last, found=repr(m.found),
                                          first=m.first, last=m.last), m.first)
            texts[m.field.name] = m.text or ""
        return texts

    def number(self, text: str, what: str, column: int) -> int | None:
        """``text`` as a whole number, or None (blank, or not a number: said, ``what`` naming
        the field)."""
        if not text:
            return None
        if ascii_digits(text):
            return int(text)
        self.report("TRF045" if what.endswith("id") else "TRF039",
                    msg("{what} {text} {why}", what=what, text=shown(text), why=not_a_number(text)), column)
        return None

    def points(self, text: str, what: str, column: int, code: str = "TRF039") -> Fraction | None:
        if not text:
            return None
        value = self.fractions.get(text)
        if value is None:
            value = exact_number(text)
            if value is None:
                self.report(code, msg("{what} {text} {why}", what=what, text=shown(text), why=not_a_number(text)),
                            column)
            else:
                self.fractions[text] = value
        return value

    # -- the file ---------------------------------------------------------------------------
    def read(self, text: str) -> Tournament:
        lines, endings = _split_lines(text)
        if too_many := too_many_lines(text):
            self.report("LIM001", too_many, line=MAX_LINES + 1)
            del lines[MAX_LINES:]
        if len(endings) > 1:
            self.report("LIN001", msg("line endings mixed: {endings}", endings=sorted(repr(e) for e in endings)),
                        line=1)
        if lines and lines[-1] == "":
            lines.pop()
        self.writable = writable_lines(lines)  # every text of the model is cut from these lines
        dispatch = {"001": self.player, "013": self.team013, "310": self.team310,
                    "132": self.round_dates, "162": self.scores162, "362": self.match_points,
                    "240": self.bye240, "250": self.acceleration, "260": self.prohibited260,
                    "299": self.adjustment, "300": self.lineup, "320": self.team_pab,
                    "330": self.team_forfeit, "XXA": self.player_acceleration}
        for self.lineno, line in enumerate(lines, 1):
            if "\t" in line:
                self.report("LIN002", msg("TAB character read as a blank"), line.index("\t") + 1)
                line = line.replace("\t", " ")
            code = line[:3]
            handler = dispatch.get(code)
            if handler:
                handler(line)
            elif code in HEADER_CODES:
                self.header(code, line)
            elif code in ENGINE:
                self.engine(code, line)
            else:
                self.other(code, line)
            if self.lineno == _SURE_AFTER and not self.players and len(self.extras) == self.lineno:
                break  # none of the first lines is a TRF record: no need to read on to say so
        if not self.players:
            self.report("IO002", self.no_player(lines[:self.lineno]), line=1)
        return self.build(endings)

    def no_player(self, lines: list[str]) -> Message:
        """Why a file without a player line is no TRF file, and what it looks like instead."""
        text = [line for line in lines if line.strip()]
        if not text:
            return msg("the file is empty")
        kept = [e.text for e in self.extras if e.text.strip() and not e.text.startswith("###")]  # no known record
        first = text[0].strip()[:60]
        if len(kept) * 2 > len(text) or (kept and kept[0] == text[0]):  # mostly, or from its first line, no TRF
            return msg("no player line (001) and {kept} of {lines} lines are no TRF record: this is not a TRF file "
                       "(it starts {first})", kept=len(kept), lines=len(text), first=repr(first))
        return msg("no player line (001): the file holds only header records")
