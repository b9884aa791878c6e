"""The player line (001) and the TRF-2026 national rating records (a federation's code and a start
number): name, sex, title, rating, federation, FIDE id, birth date, points and rank, each read
from its columns (``formats/trf/records.toml``) and checked; the round blocks are
:mod:`.rounds`'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...dates import read_birth_date
from ...diagnostics import Severity, diagnostic, shown
from ...messages import msg
from ...model import NationalRating, Player
from ...numbers import ascii_digits, not_a_number, placeholder
from ...records import builder
from ...titles import TITLE_CODES, fide_title
from ..layout import layouts

#: The fields of a 001 line, in the order of :class:`Player`'s fields.
_FIELDS = ("start_number", "name", "sex", "title", "rating", "federation", "fide_id", "birth_date", "points", "rank")
_PLAYER = layouts()["player"].cutter(*_FIELDS)
#: The columns between the rank and the first round block, blank in every 001 line.
_BEFORE_ROUNDS = (90, 91)
#: The column after a national rating record's last field (its birth date, 70-79).
_AFTER_NATIONAL = (80,)
#: The fields a message names, made once (a message per player line would cost its reading).
_FIDE_ID, _POINTS, _RANK, _RATING = msg("FIDE id"), msg("points"), msg("rank"), msg("rating")
#: A :class:`Player` built at half the cost, one per 001 line.
_new_player = builder(Player)


class PlayerRecords:
    """The 001 lines and the national rating records, for the reader (:class:`.reader.Reader`)
    whose state and helpers (``report``, ``keep``, ``points``, ``record``) they use."""

    if TYPE_CHECKING:  # the reader's helper, declared for the type checker
        def keep(self, text: str, code: str | None = None, message: str = "") -> None: ...

    def player(self, line: str) -> None:
        if len(line) < 84 and len(line) > 8:
            self.report("TRF011", msg("player line has {count} characters, at least 84 expected (points column)",
                                      count=len(line)), len(line) + 1)
        column = self.layouts["player"].first_filled_gap(line)
        texts = _PLAYER(line)
        if column is not None:
            self.report("TRF010", msg("column {column} should be blank but holds {held}: fields are shifted",
                                      column=column, held=repr(line[column - 1])), column)
        if column is not None or line[89:91].strip():  # 90-91 (before the round blocks): the rank moved?
            texts = tuple(self.realigned("player", line, dict(zip(_FIELDS, texts, strict=True)), _BEFORE_ROUNDS).values())
        start, name, sex, title, rating, federation, fide_id, birth, points, rank = map(str.strip, texts)
        if not ascii_digits(start) or int(start) == 0:
            self.keep(line, "TRF013", msg("player line without a valid start number ({start}); kept verbatim",
                                          start=repr(start)))
            return
        number = int(start)
        if number in self.player_lines:
            self.report("TRF014", msg("start number {number} already used on line {line}", number=number,
                                      line=self.player_lines[number]), 5)
        else:
            self.player_lines[number] = self.lineno
        rounds = self.round_entries(line)
        self.players.append(_new_player(  # by position: the model's field order (a call by keyword costs more)
            number, name, self.sex(sex), self.title(title), self.rating(rating, 49), federation or None,
            self.identifier(fide_id, _FIDE_ID, 58), self.birth(birth, 70), self.points(points, _POINTS, 81, "TRF016"),
            self.int_field(rank, _RANK, 86), rounds))
        self.record(f"001:{number}")

    def sex(self, text: str) -> str | None:
        if text in ("m", "w") or not text:
            return text or None
        normal = {"M": "m", "W": "w", "f": "w", "F": "w"}.get(text)
        if normal:
            self.report("TRF017", msg("sex {text} read as {normal}", text=repr(text), normal=repr(normal)), 10)
            return normal
        self.report("TRF018", msg("sex code {text} is neither m nor w; kept", text=repr(text)), 10)
        return text

    def title(self, text: str) -> str | None:
        if not text or text in TITLE_CODES:
            return text or None
        normal = fide_title(text)
        if normal:
            self.report("TRF017", msg("title {text} read as {normal}", text=repr(text), normal=normal), 11)
            return normal
        self.report("TRF018", msg("title {text} is not a FIDE title code; kept", text=repr(text)), 11)
        return text

    def rating(self, text: str, column: int) -> int | None:
        value = self.int_field(text, _RATING, column)
        return value or None

    def int_field(self, text: str, what: str, column: int) -> int | None:
        if not text:
            return None
        if ascii_digits(text):
            return int(text)
        self.report("TRF016", msg("{what} {text} {why}", what=what, text=shown(text), why=not_a_number(text)), column)
        return None

    def identifier(self, text: str, what: str, column: int) -> str | None:
        if not text or text.strip("0") == "":
            return None
        if ascii_digits(text):  # the usual case (digits are never a placeholder)
            return text
        if placeholder(text):
            self.report("FID001", msg("{what} {text} is a placeholder; read as none", what=what, text=shown(text)),
                        column)
            return None
        self.report("TRF016", msg("{what} {text} {why}; kept as written", what=what, text=shown(text),
                                  why=not_a_number(text)), column)
        return text

    def birth(self, text: str, column: int):
        if not text:
            return None
        value = self.birth_dates.get(text)
        if value is not None:
            return value
        value = read_birth_date(text)
        if value is not None:
            self.birth_dates[text] = value
        else:
            if text.strip("0/.- "):
                self.report("TRF037", msg("birth date {text} cannot be read; kept as written", text=repr(text)), column)
                return text
            return None
        return value

    def national(self, code: str, line: str) -> None:
        values = self.layouts["national"].read(line)
        column = self.layouts["national"].first_filled_gap(line) or (_AFTER_NATIONAL[0] if line[79:80].strip() else None)
        if column is not None:
            self.diagnostics.append(diagnostic(
                "TRF010", msg("national rating record: column {column} should be blank but holds {held}: fields "
                              "are shifted", column=column, held=repr(line[column - 1])), path=self.path,
                line=self.lineno, column=column, severity=Severity.WARNING))
            values = self.realigned("national", line, values, _AFTER_NATIONAL)
        if not ascii_digits(values["start_number"]):  # a shift blanked it (TRF049)
            self.keep(line, "TRF013", msg("national rating record without a valid start number ({start}); kept "
                                          "verbatim", start=repr(values["start_number"])))
            return
        number = int(values["start_number"])
        self.version_marks.add("TRF26")
        record = NationalRating(
            federation=code,
            sex=values["sex"] or None,
            classification=values["classification"] or None,
            name=values["name"] or None,
            rating=self.rating(values["rating"], 49),
            origin=values["origin"] or None,
            national_id=values["national_id"] or None,
            birth_date=self.birth(values["birth_date"], 70),
        )
        self.nrs.append((number, self.lineno, record))
        self.record(f"{code}:{number}")
