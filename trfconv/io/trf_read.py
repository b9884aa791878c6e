"""TRF reader: TRF06, TRF16, TRF-2026 and the dialects found in the wild (JaVaFo TRF(x),
bbpPairings TRF(bx), lichess, FIDE's example1, Swiss-Manager/Vega/Sharly/TEC output).

Reading is lenient: every line ends up in the model or, verbatim, in ``Tournament.extras``;
every doubt becomes a diagnostic with its line and column. Column positions come from
``formats/trf/records.toml`` (the writer uses the same layouts).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from functools import cache
from operator import itemgetter

from ..dates import PartialDate, read_birth_date, resolve_dates
from ..diagnostics import Diagnostic, Severity, diagnostic, shown
from ..encoding import decode
from ..model import (
    MAX_ROUNDS,
    NOT_PAIRED,
    TEAM_FORFEIT_RESULTS,
    Acceleration,
    Bye,
    ByeKind,
    Colour,
    Event,
    Extra,
    Forfeit,
    Game,
    Lineup,
    MatchPointSystem,
    NationalRating,
    Outcome,
    Pairing,
    Pending,
    Player,
    PlayerAcceleration,
    PointAdjustment,
    ProhibitedPairing,
    RequestedBye,
    ScoreSystem,
    Team,
    TeamEvent,
    TeamForfeit,
    TeamPab,
    Tournament,
    Unreadable,
)
from ..numbers import ascii_digits, exact_number, not_a_number, placeholder
from ..records import builder
from ..timecontrol import parse_code
from .build import TournamentBuilder
from .control_chars import writable_lines
from .files import MAX_LINES, too_many_lines
from .layout import formats_dir, layouts, round_block

_FIRST_BLOCK = round_block()["first"] - 1  # 0-based start of round 1's block (column 92)
_BLOCK_STEP = round_block()["step"]
#: The fields of a 001 line, in the order of :class:`Player`'s fields.
#: Where a player line's fields start (1-based), for a finding about one of them.
_PLAYER_COLUMNS = {"points": 81, "federation": 54, "fide_id": 58}
_PLAYER = layouts()["player"].cutter("start_number", "name", "sex", "title", "rating", "federation", "fide_id",
                                     "birth_date", "points", "rank")
_LINE_END = re.compile(r"\r\n|\r|\n")
_ROUND_PREFIX = re.compile(r"^round \d+: ")
_BULK = {"TRF017", "TRF023", "TRF024", "LIN002"}  # normalisations reported once, with a count
_TITLES = {"G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM",
           "WC": "WCM", "GF": "WGM", "MF": "WIM", "FF": "WFM", "CF": "WCM"}
_FIDE_TITLES = {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"}
_SINGLE = {"012": "name", "022": "city", "032": "federation", "092": "type",
           "102": "chief_arbiter", "122": "time_control_text", "172": "rank_method",
           "182": "pairing_controller"}
_COUNTS = {"062": "declared_players", "072": "declared_rated_players", "082": "declared_teams"}
_ENGINE = {"XXR", "XXC", "XXS", "XXZ", "XXP", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
_INFORMATIVE = {"801", "802"}  # TRF-2026 human-readable team summaries: kept verbatim
_CPP_DUBOV = {"TNR", "ACC", "BYE", "FOR"}
_ETT26 = re.compile(
    r"FIDE_DUTCH(_2017|_2025|_2026)?(_BAKU)?|FIDE_(DUBOV|BURSTEIN|DOUBLESWISS)(_BAKU)?|"
    r"CUSTOM_(SWISS|DOUBLESWISS|ROUNDROBIN|SCHILLER|SCHEVENINGEN|KNOCKOUT)|"
    r"BERGER_(DOUBLE)?ROUNDROBIN(_G\d+)?|FIDE_(DOUBLE)?ROUNDROBIN|FIDE_SCHILLER|"
    r"FIDE_(DOUBLE)?SCHEVENINGEN|FIDE_TEAM(_TYPEA|_TYPEB)?(_MP|_GP)?(_GP|_MP)?(_BAKU)?|"
    r"CUSTOM_TEAM_SWISS(_MP|_GP)?|(BERGER|FIDE)_TEAM_(DOUBLE)?ROUNDROBIN|CUSTOM_TEAM_(ROUNDROBIN|KNOCKOUT)"
)


@cache
def _federations() -> frozenset[str]:
    text = (formats_dir() / "trf" / "federations.txt").read_text("ascii")
    return frozenset(w for line in text.splitlines() if not line.startswith("#") for w in line.split())


def misaligned_lines(text: str) -> int:
    """How many 001 lines have a round block whose colour column is not ``w``, ``b``, ``-`` or
    blank: the symptom of a wrong decoding (an accented name took two characters)."""
    bad = 0
    for line in _LINE_END.split(text):
        if line.startswith("001") and any(line[i] not in "wbWB- " for i in range(96, len(line), 10)):
            bad += 1
    return bad


#: Lines read before a file none of whose lines is a TRF record is said to be no TRF file.
_SURE_AFTER = 1000


def read_trf(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    decoded = decode(data, path=path, encoding=encoding, misaligned=misaligned_lines)
    reader = _Reader(path, decoded.diagnostics, decoded.encoding)
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


class _Blocks(dict):
    """Round-block text -> entry, for one file: a block is parsed the first time it is met, and
    equal blocks share one entry. ``doubtful`` holds the problems of the blocks that come with a
    diagnostic, to be reported at each place the block is found."""

    def __init__(self):
        super().__init__()
        self.doubtful: dict[str, tuple] = {}

    def entries(self, blocks: tuple[str, ...]) -> list:
        """The entries of ``blocks``, in order. An ordinary game (``_PLAIN_GAMES``, opponent
        written as TRF writes it) is built here; any other block is left to :func:`_block`.
        One loop, without a call per block: half the blocks of a large Swiss are new."""
        get, plain, numbers, doubtful = self.get, _PLAIN_GAMES, _start_numbers(), self.doubtful
        out = []
        for block in blocks:
            entry = get(block)
            if entry is None:
                game, opponent = plain.get(block[4:]), numbers.get(block[:4])
                if game is not None and opponent is not None:
                    entry = _new_game(opponent, *game)
                else:
                    entry, problems = _block(block)
                    if problems:
                        doubtful[block] = problems
                self[block] = entry
            out.append(entry)
        return out


class _Reader:
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
        self.blocks = _Blocks()

    # -- helpers ---------------------------------------------------------------------------
    def report(self, code: str, message: str, column: int | None = None, line: int | None = None) -> None:
        self.diagnostics.append(diagnostic(
            code, message, path=self.path, line=line or self.lineno, column=column))

    def keep(self, text: str, code: str | None = None, message: str = "") -> None:
        """Keep a line verbatim, anchored after the last understood record."""
        self.extras.append(Extra(text, self.last_key))
        if code:
            self.report(code, message, column=1)

    def number(self, text: str, what: str, column: int) -> int | None:
        if not text:
            return None
        if ascii_digits(text):
            return int(text)
        self.report("TRF045" if what.endswith("id") else "TRF039",
                    f"{what} {shown(text)} {not_a_number(text)}", column)
        return None

    def points(self, text: str, what: str, column: int, code: str = "TRF039") -> Fraction | None:
        if not text:
            return None
        value = self.fractions.get(text)
        if value is None:
            value = exact_number(text)
            if value is None:
                self.report(code, f"{what} {shown(text)} {not_a_number(text)}", column)
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
            self.report("LIN001", "line endings mixed: " + ", ".join(
                sorted(repr(e) for e in endings)), line=1)
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
                self.report("LIN002", "TAB character read as a blank", line.index("\t") + 1)
                line = line.replace("\t", " ")
            code = line[:3]
            handler = dispatch.get(code)
            if handler:
                handler(line)
            elif code in _SINGLE or code in _COUNTS or code in ("042", "052", "112", "142", "152",
                                                               "192", "202", "212", "222", "352"):
                self.header(code, line)
            elif code in _ENGINE:
                self.engine(code, line)
            else:
                self.other(code, line)
            if self.lineno == _SURE_AFTER and not self.players and len(self.extras) == self.lineno:
                break  # none of the first lines is a TRF record: no need to read on to say so
        if not self.players:
            self.report("IO002", self.no_player(lines[:self.lineno]), line=1)
        return self.build(endings)

    def no_player(self, lines: list[str]) -> str:
        """Why a file without a player line is no TRF file, and what it looks like instead."""
        text = [line for line in lines if line.strip()]
        if not text:
            return "the file is empty"
        kept = [e.text for e in self.extras if e.text.strip() and not e.text.startswith("###")]  # no known record
        first = text[0].strip()[:60]
        if len(kept) * 2 > len(text) or (kept and kept[0] == text[0]):  # mostly, or from its first line, no TRF
            return (f"no player line (001) and {len(kept)} of {len(text)} lines are no TRF record: this is not a TRF "
                    f"file (it starts {first!r})")
        return "no player line (001): the file holds only header records"

    # -- header records ---------------------------------------------------------------------
    def header(self, code: str, line: str) -> None:
        value = line[4:].strip()
        if code == "112":
            if value:
                self.event.setdefault("deputy_arbiters", []).append(value)
                self.record(f"112#{len(self.event['deputy_arbiters'])}")
                self.seen[f"112#{len(self.event['deputy_arbiters'])}"] = self.lineno
            return
        if code in self.seen:
            self.keep(line, "TRF003", f"second {code} record (first on line {self.seen[code]}); "
                                      "the first is used")
            return
        self.seen[code] = self.lineno
        if code in ("142", "152", "192", "202", "212", "222", "352"):
            self.version_marks.add("TRF26")
        if not value:
            return
        self.record(code)
        if code in _SINGLE:
            self.event[_SINGLE[code]] = value
        elif code in _COUNTS:
            self.event[_COUNTS[code]] = int(value) if ascii_digits(value) else value
            if not ascii_digits(value):
                self.report("TRF039", f"{code} count {shown(value)} {not_a_number(value)}", 5)
        elif code in ("042", "052"):
            self.dates[code] = value
        elif code == "142":
            self.declared_rounds(value, "142", line)
        elif code == "152":
            colour = {"W": Colour.WHITE, "B": Colour.BLACK}.get(value.upper())
            if colour is None:
                self.report("TRF039", f"152 initial colour {value!r} is not W or B", 5)
                self.keep(line)
            self.pairing["initial_colour"] = colour
        elif code == "192":
            self.pairing["system"] = value
            if not _ETT26.fullmatch(value):
                self.report("TRF041", f"192 code {value!r} is not in the ETT26 list", 5)
        elif code in ("202", "212"):
            key = "tiebreaks" if code == "202" else "standings_tiebreaks"
            self.event[key] = tuple(t.strip() for t in value.split(",") if t.strip())
        elif code == "222":
            parsed = parse_code(value)
            if parsed is None:
                self.report("TRF044", f"222 time control {value!r} cannot be read", 5)
            self.event["time_control"] = parsed or value
        elif code == "352":
            self.team_event["board_colours"] = value

    def record(self, key: str) -> None:
        self.last_key = key

    def declared_rounds(self, value: str, code: str, line: str) -> None:
        rounds = self.number(value.split()[0] if value.split() else "", f"{code} number of rounds", 5)
        previous = self.event.get("declared_rounds")
        if rounds is not None and rounds > MAX_ROUNDS:
            self.keep(line, "TRF039", f"{code} says {rounds} rounds, more than the {MAX_ROUNDS} TRF can "
                                      "number; line kept verbatim")
            return
        if rounds is not None and previous is not None and previous != rounds:
            self.report("TRF039", f"{code} says {rounds} rounds, an earlier record said {previous}", 5)
            return
        if rounds is not None:
            self.event["declared_rounds"] = rounds

    def round_dates(self, line: str) -> None:
        if "132" in self.seen:
            self.keep(line, "TRF003", f"second 132 record (first on line {self.seen['132']})")
            return
        self.seen["132"] = self.lineno
        tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", line[3:])]
        if not tokens:
            return
        self.record("132")
        if all(start + 3 >= 91 and (start + 3 - 91) % 10 == 0 for start, _ in tokens):
            self.round_date_texts = self.layouts["round_dates"].read(line)["dates"]
        else:
            self.diagnostics.append(diagnostic(
                "TRF010", "round dates are not at columns 92, 102, 112, …; read them in order",
                path=self.path, line=self.lineno, column=tokens[0][0] + 4, severity=Severity.WARNING))
            self.round_date_texts = [text for _, text in tokens]

    # -- engine extensions -----------------------------------------------------------------
    def engine(self, code: str, line: str) -> None:
        value = line[4:].strip()
        # Anchor keys of the TRF-2026 record holding the same data, so that lines around an
        # engine record stay near it whichever dialect is written.
        key = {"XXR": "142", "XXC": "152", "XXZ": "XXZ"}.get(code, "162")
        if code == "XXR":
            self.dialects.add("javafo")
            self.declared_rounds(value, "XXR", line)
        elif code == "XXC":
            self.dialects.add("javafo")
            for token in value.lower().split():
                if token == "rank":
                    self.pairing["by_rank"] = True
                elif token in ("white1", "black1"):
                    self.pairing["initial_colour"] = Colour.WHITE if token == "white1" else Colour.BLACK
                else:
                    self.report("TRF001", f"XXC option {token!r} unknown; line kept verbatim", 5)
                    self.keep(line)
                    return
        elif code == "XXS":
            self.dialects.add("javafo")
            for token in value.split():
                name, _, number = token.partition("=")
                amount = self.points(number, f"XXS {name}", 5, "TRF040")
                if amount is None or name.upper() not in _XXS:
                    self.report("TRF040", f"XXS entry {token!r} cannot be read; line kept verbatim", 5)
                    self.keep(line)
                    return
                self.score_codes.append(("XXS " + name.upper(), amount))
        elif code in ("XXZ", "XXP"):
            self.dialects.add("javafo")
            ids = tuple(int(t) for t in value.split() if ascii_digits(t))
            if len(ids) != len(value.split()):
                self.report("TRF045", f"{code} holds something that is not a player id; line kept "
                                      "verbatim", 5)
                self.keep(line)
                return
            if code == "XXZ":
                self.pairing["absent_next_round"] = self.pairing.get("absent_next_round", ()) + ids
            else:
                items = self.pairing.setdefault("prohibited", [])
                items.append(ProhibitedPairing(ids))
                key = f"260#{len(items)}"
        elif code in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            self.dialects.add("bbpPairings")
            amount = self.points(line[4:12].strip(), code, 5, "TRF040")
            if amount is None:
                self.keep(line)
                return
            self.score_codes.append((code, amount))
        self.record(key)

    def player_acceleration(self, line: str) -> None:
        self.dialects.add("javafo")
        values = self.layouts["player_acceleration"].read(line)
        player = self.number(values["player"], "XXA player id", 5)
        if player is None:
            self.keep(line, "TRF004", "XXA line without a player id kept verbatim")
            return
        points = tuple(self.points(p, "XXA points", 10 + 5 * i) if p else None
                       for i, p in enumerate(values["points"]))
        self.pairing.setdefault("player_accelerations", []).append(PlayerAcceleration(player, points))
        self.record(f"XXA:{player}")

    def scores162(self, line: str) -> None:
        self.version_marks.add("TRF26")
        for i, pair in enumerate(self.layouts["scores"].read(line)["pairs"]):
            symbol, amount_text = pair[:1], pair[1:].strip()
            amount = self.points(amount_text, f"162 {symbol}", 7 + 9 * i, "TRF040")
            if symbol not in "WDLAPX" or not symbol or amount is None:
                self.report("TRF040", f"162 entry {pair!r} cannot be read; line kept verbatim", 6 + 9 * i)
                self.keep(line)
                return
            self.score_codes.append(("162 " + symbol, amount))
        self.record("162")

    def match_points(self, line: str) -> None:
        values = {}
        for i, pair in enumerate(self.layouts["match_points"].read(line)["pairs"]):
            symbol, amount = pair[:2], self.points(pair[2:].strip(), "362 points", 7 + 9 * i, "TRF040")
            if symbol not in ("TW", "TD", "TL") or amount is None:
                self.report("TRF040", f"362 entry {pair!r} cannot be read; line kept verbatim", 5 + 9 * i)
                self.keep(line)
                return
            values[{"TW": "win", "TD": "draw", "TL": "loss"}[symbol]] = amount
        self.team_event["match_points"] = MatchPointSystem(**values)
        self.record("362")

    # -- players ----------------------------------------------------------------------------
    def player(self, line: str) -> None:
        if len(line) < 84 and len(line) > 8:
            self.report("TRF011", f"player line has {len(line)} characters, at least 84 expected "
                                  "(points column)", len(line) + 1)
        column = self.layouts["player"].first_filled_gap(line)
        if column is not None:
            self.report("TRF010", f"column {column} should be blank but holds {line[column - 1]!r}: "
                                  "fields are shifted", column)
        start, name, sex, title, rating, federation, fide_id, birth, points, rank = map(str.strip, _PLAYER(line))
        if not ascii_digits(start) or int(start) == 0:
            self.keep(line, "TRF013", f"player line without a valid start number ({start!r}); kept "
                                      "verbatim")
            return
        number = int(start)
        if number in self.player_lines:
            self.report("TRF014", f"start number {number} already used on line "
                                  f"{self.player_lines[number]}", 5)
        else:
            self.player_lines[number] = self.lineno
        rounds = self.round_entries(line)
        self.players.append(_new_player(  # by position: the model's field order (a call by keyword costs more)
            number, name, self.sex(sex), self.title(title), self.rating(rating, 49), federation or None,
            self.identifier(fide_id, "FIDE id", 58), self.birth(birth, 70), self.points(points, "points", 81, "TRF016"),
            self.int_field(rank, "rank", 86), rounds))
        self.record(f"001:{number}")

    def round_entries(self, line: str) -> tuple:
        """The round blocks of a 001 line, trailing not-paired rounds dropped (the caller pads
        every player to the same number of rounds)."""
        tail = line[_FIRST_BLOCK - 2:]  # from column 90: "  OOOO C R" per round
        if len(tail) > MAX_ROUNDS * _BLOCK_STEP and tail[MAX_ROUNDS * _BLOCK_STEP:].strip():
            # every reader pads the players to the longest line: 500,000 blocks on one line of a
            # 5 MB file would be 500,000 rounds for each player
            column = _FIRST_BLOCK - 1 + MAX_ROUNDS * _BLOCK_STEP
            self.report("TRF046", f"the round blocks go on after round {MAX_ROUNDS} ({len(tail) // _BLOCK_STEP:,} "
                                  f"blocks); columns {column} to {len(line)} are not read", column)
            tail = tail[:MAX_ROUNDS * _BLOCK_STEP]
        if (tail[0::_BLOCK_STEP] + tail[1::_BLOCK_STEP]).strip():
            self.report_gaps(line)
        blocks = _blocks_cut((len(tail) + 7) // _BLOCK_STEP)(tail)  # every block that starts in the tail
        entries = self.blocks.entries(blocks)
        doubtful = self.blocks.doubtful
        if doubtful and not doubtful.keys().isdisjoint(blocks):
            for index, block in enumerate(blocks):
                for code, message, offset in doubtful.get(block, ()):
                    self.report(code, f"round {index + 1}: {message}",
                                _FIRST_BLOCK + index * _BLOCK_STEP + offset + 1)
        while entries and entries[-1] is NOT_PAIRED:
            entries.pop()
        return tuple(entries)

    def report_gaps(self, line: str) -> None:
        for index, start in enumerate(range(_FIRST_BLOCK, len(line) + 2, _BLOCK_STEP)):
            gap = line[start - 2:start]
            if gap.strip():
                self.report("TRF010", f"round {index + 1}: columns {start - 1}-{start} should be blank, "
                                      f"found {gap!r}: the round blocks are shifted", start - 1)
                return

    def sex(self, text: str) -> str | None:
        if text in ("m", "w") or not text:
            return text or None
        normal = {"M": "m", "W": "w", "f": "w", "F": "w"}.get(text)
        if normal:
            self.report("TRF017", f"sex {text!r} read as {normal!r}", 10)
            return normal
        self.report("TRF018", f"sex code {text!r} is neither m nor w; kept", 10)
        return text

    def title(self, text: str) -> str | None:
        if not text or text in _FIDE_TITLES:
            return text or None
        normal = _TITLES.get(text.upper()) or (text.upper() if text.upper() in _FIDE_TITLES else None)
        if normal:
            self.report("TRF017", f"title {text!r} read as {normal}", 11)
            return normal
        self.report("TRF018", f"title {text!r} is not a FIDE title code; kept", 11)
        return text

    def rating(self, text: str, column: int) -> int | None:
        value = self.int_field(text, "rating", column)
        return value or None

    def int_field(self, text: str, what: str, column: int) -> int | None:
        if not text:
            return None
        if ascii_digits(text):
            return int(text)
        self.report("TRF016", f"{what} {shown(text)} {not_a_number(text)}", column)
        return None

    def identifier(self, text: str, what: str, column: int) -> str | None:
        if not text or text.strip("0") == "":
            return None
        if ascii_digits(text):  # the usual case (digits are never a placeholder)
            return text
        if placeholder(text):
            self.report("FID001", f"{what} {shown(text)} is a placeholder; read as none", column)
            return None
        self.report("TRF016", f"{what} {shown(text)} {not_a_number(text)}; kept as written", column)
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
                self.report("TRF037", f"birth date {text!r} cannot be read; kept as written", column)
                return text
            return None
        return value

    def national(self, code: str, line: str) -> None:
        values = self.layouts["national"].read(line)
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

    # -- teams ------------------------------------------------------------------------------
    def members(self, texts: list[str], first: int, step: int) -> tuple[int, ...]:
        out = []
        for i, text in enumerate(texts):
            value = self.number(text, "team member id", first + i * step)
            if value:
                out.append(value)
        return tuple(out)

    def team013(self, line: str) -> None:
        values = self.layouts["team016"].read(line)
        index = len(self.teams013) + 1
        team = Team(index, values["name"], self.members(values["members"], 37, 5))
        self.teams013.append((self.lineno, line, team))
        self.record(f"013:{index}")

    def team310(self, line: str) -> None:
        self.version_marks.add("TRF26")
        values = self.layouts["team"].read(line)
        number = self.number(values["number"], "team number", 5)
        if number is None:
            self.keep(line, "TRF004", "310 record without a team number kept verbatim")
            return
        self.teams310.append(Team(
            number=number,
            name=values["name"],
            members=self.members(values["members"], 74, 5),
            nickname=values["nickname"] or None,
            strength=self.points(values["strength"], "team strength", 48),
            match_points=self.points(values["match_points"], "match points", 55),
            game_points=self.points(values["game_points"], "game points", 62),
            rank=self.number(values["rank"], "team rank", 69),
        ))
        self.record(f"310:{number}")

    def ids(self, texts: list[str], first: int, step: int) -> tuple[int, ...]:
        return tuple(v for i, t in enumerate(texts)
                     if (v := self.number(t, "id", first + i * step)) is not None)

    def bye240(self, line: str) -> None:
        self.version_marks.add("TRF26")
        values = self.layouts["bye"].read(line)
        kind = {"F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO, "U": ByeKind.PAB}.get(values["kind"].upper())
        round_ = self.number(values["round"], "240 round", 7)
        if kind is None or round_ is None:
            self.keep(line, "TRF004", f"240 record with type {values['kind']!r} and round "
                                      f"{values['round']!r} cannot be read; kept verbatim")
            return
        byes = self.pairing.setdefault("requested_byes", [])
        byes.append(RequestedBye(kind, round_, self.ids(values["ids"], 11, 5)))
        self.record(f"240#{len(byes)}")

    def acceleration(self, line: str) -> None:
        self.version_marks.add("TRF26")
        v = self.layouts["acceleration"].read(line)
        numbers = [self.number(v[k], f"250 {k.replace('_', ' ')}", c) for k, c in
                   (("first_round", 15), ("last_round", 19), ("first_id", 23), ("last_id", 28))]
        gp = self.points(v["game_points"], "250 game points", 10) or Fraction(0)
        if None in numbers:
            self.keep(line, "TRF004", "250 record cannot be read; kept verbatim")
            return
        items = self.pairing.setdefault("accelerations", [])
        items.append(Acceleration(gp, *numbers, match_points=self.points(v["match_points"], "250 match points", 5)))
        self.record(f"250#{len(items)}")

    def prohibited260(self, line: str) -> None:
        self.version_marks.add("TRF26")
        v = self.layouts["prohibited"].read(line)
        items = self.pairing.setdefault("prohibited", [])
        items.append(ProhibitedPairing(self.ids(v["ids"], 13, 5), self.number(v["first_round"], "260 round", 5),
                                       self.number(v["last_round"], "260 round", 9)))
        self.record(f"260#{len(items)}")

    def adjustment(self, line: str) -> None:
        """299. A record whose fields straddle their separators (the TRF-2025 draft's columns,
        e.g. ``299 +  2.0  2.5   1    1``) cannot be read without guessing which number is
        which: it is kept verbatim, and so never applied to the standings."""
        self.version_marks.add("TRF26")
        layout = self.layouts["adjustment"]
        column = layout.first_filled_gap(line)
        if column is not None:
            self.diagnostics.append(diagnostic(
                "TRF010", f"299 record: column {column} should be blank but holds {line[column - 1]!r}: the "
                          "fields are shifted (MP 8-11, points 14-17, round 20-22, ids from 24); kept verbatim "
                          "and not applied to the standings", path=self.path, line=self.lineno, column=column,
                severity=Severity.WARNING))
            self.keep(line)
            return
        v = layout.read(line)
        round_ = self.number(v["round"], "299 round", 20)
        self.adjustments.append(PointAdjustment(
            kind=v["kind"] or None, ids=self.ids(v["ids"], 24, 5),
            points=self.points(v["points"], "299 points", 14),
            match_points=self.points(v["match_points"], "299 match points", 8),
            round=round_ or None))
        self.record(f"299#{len(self.adjustments)}")

    def lineup(self, line: str) -> None:
        v = self.layouts["lineup"].read(line)
        round_, team = self.number(v["round"], "300 round", 5), self.number(v["team"], "300 team", 9)
        if round_ is None or team is None:
            self.keep(line, "TRF004", "300 record without round or team kept verbatim")
            return
        boards = tuple(self.number(b, "300 player id", 17 + 5 * i) or None for i, b in enumerate(v["boards"]))
        items = self.team_event.setdefault("lineups", [])
        items.append(Lineup(round_, team, self.number(v["opponent"], "300 opponent", 13), boards))
        self.record(f"300#{len(items)}")

    def team_pab(self, line: str) -> None:
        v = self.layouts["team_pab"].read(line)
        teams = tuple(self.number(t, "320 team", 15 + 4 * i) or None for i, t in enumerate(v["teams"]))
        self.team_event["pab"] = TeamPab(self.points(v["match_points"], "320 match points", 5),
                                         self.points(v["game_points"], "320 game points", 10), teams)
        self.record("320")

    def team_forfeit(self, line: str) -> None:
        v = self.layouts["team_forfeit"].read(line)
        numbers = [self.number(v[k], f"330 {k}", c) for k, c in (("round", 8), ("white", 12), ("black", 16))]
        if v["result"] not in TEAM_FORFEIT_RESULTS or None in numbers:
            self.keep(line, "TRF004", f"330 record {line[4:].strip()!r} cannot be read; kept verbatim")
            return
        items = self.team_event.setdefault("forfeits", [])
        items.append(TeamForfeit(v["result"], *numbers))
        self.record(f"330#{len(items)}")

    # -- everything else -------------------------------------------------------------------
    def other(self, code: str, line: str) -> None:
        stripped = line.strip()
        if not stripped or line.startswith("###"):
            if line.startswith("###"):
                self.version_marks.add("TRF26")
            self.keep(line)
        elif code in _INFORMATIVE:
            self.version_marks.add("TRF26")
            self.keep(line)
        elif (code in _federations() or code == self.nrs_federation()) and ascii_digits(line[4:8].strip()):
            self.national(code, line)
        elif code in _CPP_DUBOV:
            self.dialects.add("CPPDubovSystem")
            self.keep(line, "TRF005", f"private CPPDubovSystem record {code!r} kept verbatim")
        elif _looks_like_ruler(line):
            self.keep(line, "TRF002", "ruler line without ### kept verbatim")
        else:
            self.keep(line, "TRF001", f"unknown record {code!r} kept verbatim")

    def nrs_federation(self) -> str | None:
        method = self.event.get("rank_method", "")
        return method.split()[0] if method and len(method.split()) > 1 else None

    # -- assembling -------------------------------------------------------------------------
    def build(self, endings: set[str]) -> Tournament:
        rounds = max((len(p.rounds) for p in self.players), default=0)
        players = [p if len(p.rounds) == rounds else
                   replace(p, rounds=p.rounds + (NOT_PAIRED,) * (rounds - len(p.rounds)))
                   for p in self.players]
        players = self.attach_national(players)
        event = self.event_dates()
        teams = self.teams()
        pairing = {k: tuple(v) if isinstance(v, list) else v for k, v in self.pairing.items()}
        team_event = {k: tuple(v) if isinstance(v, list) else v for k, v in self.team_event.items()}
        tournament = Tournament(
            event=Event(**event),
            players=tuple(players),
            teams=teams,
            scores=self.score_system(),
            pairing=Pairing(**pairing),
            team_event=TeamEvent(**team_event),
            point_adjustments=tuple(self.adjustments),
            extras=tuple(self.extras),
        )
        if self.extras:
            from .trf_write import canonical_extras

            tournament = replace(tournament, extras=canonical_extras(tournament))
        builder = TournamentBuilder(self.path, "trf", version=self.version(players), dialects=self.dialect_names(),
                                    encoding=self.encoding, line_ending=_dominant(endings),
                                    diagnostics=self.diagnostics)
        return builder.finish(tournament, locate=self.locator(), fold=lambda found: _fold_repeats(found, bool(teams)),
                              writable=self.writable)


    def locator(self):
        lines = self.player_lines
        path = self.path
        seen = self.seen

        def locate(what: str, key: int | str | None = None, round_: int | None = None):
            if what == "player":
                column = None if round_ is None else 92 + 10 * (round_ - 1)
                return path, lines.get(key), column
            if what in _PLAYER_COLUMNS:
                return path, lines.get(key), _PLAYER_COLUMNS[what]
            return path, seen.get(what), None
        return locate

    def attach_national(self, players: list[Player]) -> list[Player]:
        if not self.nrs:
            return players
        by_player: dict[int, list[NationalRating]] = {}
        for number, lineno, record in self.nrs:
            if number not in self.player_lines:
                self.report("TRF045", f"national rating record for start number {number}, which has "
                                      "no player line", 5, line=lineno)
            by_player.setdefault(number, []).append(record)
        return [replace(p, national_ratings=tuple(by_player[p.start_number]))
                if p.start_number in by_player else p for p in players]

    def event_dates(self) -> dict:
        event = {k: tuple(v) if isinstance(v, list) else v for k, v in self.event.items()}
        texts = [self.dates.get("042", ""), self.dates.get("052", "")] + list(self.round_date_texts)
        readings = resolve_dates(texts)
        values = [r.value for r in readings]
        for i, (text, reading) in enumerate(zip(texts, readings, strict=True)):
            where = ("042", "052")[i] if i < 2 else "132"
            column = 5 if i < 2 else 92 + 10 * (i - 2)
            line = self.seen.get(where)
            if text and reading.value is None:
                self.report("TRF037", f"{where} date {text!r} cannot be read; kept as written", column, line)
            elif reading.alternatives and not _settled(i, reading, values):
                self.report("TRF038", f"{where} date {text!r} read as {reading.value.isoformat()} "
                                      f"({reading.pattern}); it could also be "
                                      + ", ".join(d.isoformat() for d in reading.alternatives), column, line)
        values = [v or (text or None) for v, text in zip(values, texts, strict=True)]
        event["start_date"], event["end_date"] = values[0], values[1]
        event["round_dates"] = tuple(values[2:])
        return event

    def teams(self) -> tuple[Team, ...]:
        if not self.teams310:
            return tuple(team for _, _, team in self.teams013)
        by_number = {t.number: t for t in self.teams310}
        for lineno, line, team in self.teams013:
            # TRF-2026 keeps 013 only for old readers; the 310 record is the truth.
            self.extras.append(Extra(line, f"013:{team.number}"))
            other = by_number.get(team.number)
            if other is None or other.name != team.name or other.members != team.members:
                self.report("TRF043", f"013 team {team.number} ({team.name!r}) differs from its 310 "
                                      "record; 310 is used", 5, line=lineno)
        return tuple(self.teams310)

    def score_system(self) -> ScoreSystem:
        return scores_from_codes(self.score_codes)

    def version(self, players: list[Player]) -> str:
        """TRF26 when a record or comment only TRF-2026 has is present; TRF06 when byes are
        written only in the legacy way (no bye letters); TRF16 otherwise."""
        if self.version_marks:
            return "TRF26"
        legacy = any(d.code in ("TRF023", "TRF024") for d in self.diagnostics)
        if legacy and not any(isinstance(e, Bye) for p in players for e in p.rounds):
            return "TRF06"
        return "TRF16"

    def dialect_names(self) -> tuple[str, ...]:
        names = set(self.dialects)
        city, federation = self.event.get("city", ""), self.event.get("federation", "")
        if "lichess.org" in city or federation == "Lichess":
            names.add("lichess")
        if any(d.code == "TRF002" for d in self.diagnostics):
            names.add("unmarked-rulers")
        return tuple(sorted(names))


def _fold_repeats(found: list[Diagnostic], team_event: bool) -> list[Diagnostic]:
    """The diagnostics, with repeats of the same normalisation folded into the first one
    ("… (1328 such blocks; this is the first)"). In team events '0000 - -' is how TRF-2026
    writes a player who did not play for his team, so TRF024 is only information there."""
    out: list[Diagnostic] = []
    first: dict[tuple[str, str], list[int]] = {}
    for d in found:
        if team_event and d.code == "TRF024":
            d = replace(d, severity=Severity.INFO)
        if d.code in _BULK:
            key = (d.code, _ROUND_PREFIX.sub("", d.message))
            if key in first:
                first[key][1] += 1
                continue
            first[key] = [len(out), 1]
        out.append(d)
    for index, count in first.values():
        if count > 1:
            out[index] = replace(out[index], message=f"{out[index].message} ({count} times; this is the first)")
    return out


def _settled(index: int, reading, values: list) -> bool:
    """An ambiguous date is settled when its reading fits the event's other dates and none of
    its alternatives does: a round date between start and end, a start at most a week before
    the first round, an end at most a week after the last."""
    start, end = values[0], values[1]
    rounds = [v for v in values[2:] if v is not None]

    def fits(d) -> bool:
        if index == 0:
            return bool(rounds) and 0 <= (min(rounds) - d).days <= 7
        if index == 1:
            return bool(rounds) and 0 <= (d - max(rounds)).days <= 7
        return start is not None and end is not None and start <= d <= end

    return fits(reading.value) and not any(fits(a) for a in reading.alternatives)


def scores_from_codes(codes: list[tuple[str, Fraction]]) -> ScoreSystem:
    """The score system described by 162 / XXS / BB? entries, in file order (the last value
    wins). In 162 a PAB (P) is worth a win unless set on its own, and bbpPairings' BBU defaults
    to BBW; JaVaFo's XXS PAB keeps its own default (1). An unknown result (162 X) follows the
    162 D value unless set; XXS and BB? cannot say anything about it."""
    values: dict[str, Fraction] = {}
    explicit: set[str] = set()
    for code, amount in codes:
        for name in _TARGETS[code]:
            values[name] = amount
            explicit.add(name)
    follows = {c for c, _ in codes}
    if "pab" not in explicit and follows & {"162 W", "BBW"}:
        values["pab"] = values["win_white"]
    if "unknown" not in explicit and "162 D" in follows:
        values["unknown"] = values["draw_white"]
    return ScoreSystem(**values)


_WIN = ("win_white", "win_black")
_DRAW = ("draw_white", "draw_black")
_LOSS = ("loss_white", "loss_black")
_XXS = {"WW": ("win_white",), "BW": ("win_black",), "WD": ("draw_white",), "BD": ("draw_black",),
        "WL": ("loss_white",), "BL": ("loss_black",), "ZPB": ("zero_bye",), "HPB": ("half_bye",),
        "FPB": ("full_bye",), "PAB": ("pab",), "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
        "W": _WIN + ("forfeit_win", "full_bye"), "D": _DRAW + ("half_bye",)}
_TARGETS = {
    "162 W": _WIN + ("forfeit_win", "full_bye"), "162 D": _DRAW + ("half_bye",), "162 L": _LOSS,
    "162 A": ("zero_bye", "forfeit_loss"), "162 P": ("pab",), "162 X": ("unknown",),
    "BBW": _WIN + ("forfeit_win", "full_bye"), "BBD": _DRAW + ("half_bye",), "BBL": _LOSS,
    "BBZ": ("zero_bye",), "BBF": ("forfeit_loss",), "BBU": ("pab",),
    **{"XXS " + k: v for k, v in _XXS.items()},
}


def _looks_like_ruler(line: str) -> bool:
    stripped = line.strip()
    first = stripped.split()[0]
    return (stripped.replace(" ", "").isdigit() or line.startswith(" ")
            or (len(first) == 3 and len(set(first)) == 1 and first.isalpha()))


_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "W": Colour.WHITE, "B": Colour.BLACK,
            "-": None, " ": None}
_BYES = {"H": ByeKind.HALF, "F": ByeKind.FULL, "U": ByeKind.PAB, "Z": ByeKind.ZERO}
_GAMES = {"1": (Outcome.WIN, True), "=": (Outcome.DRAW, True), "0": (Outcome.LOSS, True),
          "W": (Outcome.WIN, False), "D": (Outcome.DRAW, False), "L": (Outcome.LOSS, False)}


def _block(block: str) -> tuple:
    """One round block ``OOOO C R`` (8 characters, or fewer when the line was trimmed) ->
    (entry, ((code, message, offset), ...))."""
    game = _PLAIN_GAMES.get(block[4:])
    if game:
        opponent = block[:4].lstrip()
        if ascii_digits(opponent) and opponent.strip("0"):
            colour, outcome, rated = game
            return Game(int(opponent), colour, outcome, rated), ()
    block = block.ljust(8)
    problems = []
    opp_text, colour_char, result = block[0:4].strip(), block[5], block[7]
    if block[4] != " " or block[6] != " ":
        problems.append(("TRF010", f"block {block!r} is not 'OOOO C R'", 4 if block[4] != " " else 6))
        return Unreadable(block), tuple(problems)
    if opp_text and not ascii_digits(opp_text):
        problems.append(("TRF020", f"opponent {opp_text!r} is not a start number", 0))
        return Unreadable(block), tuple(problems)
    opponent = int(opp_text) if opp_text else 0
    if colour_char not in _COLOURS:
        problems.append(("TRF021", f"colour {colour_char!r} is not w, b or -", 5))
        return Unreadable(block), tuple(problems)
    if colour_char in "WB":
        problems.append(("TRF017", f"colour {colour_char!r} read as {colour_char.lower()!r}", 5))
    colour = _COLOURS[colour_char]
    upper = result.upper()
    if upper in _GAMES and result not in "0=1" and result.islower():
        problems.append(("TRF017", f"result {result!r} read as {upper!r}", 7))
    if result in "10=" or upper in "WDL":
        outcome, rated = _GAMES[result if result in "10=" else upper]
        if opponent:
            if colour is None:
                problems.append(("TRF026", f"game against {opponent} has no colour", 5))
            return Game(opponent, colour, outcome, rated), tuple(problems)
        if result == "=":
            problems.append(("TRF023", "'0000 - =' (TRF06 half-point bye) read as H", 7))
            return Bye(ByeKind.HALF), tuple(problems)
        problems.append(("TRF020", f"result {result!r} needs an opponent", 7))
        return Unreadable(block), tuple(problems)
    if result in "+-":
        if not opponent:
            problems.append(("TRF024", f"'{result}' without an opponent: read as a forfeit "
                                       f"{'win' if result == '+' else 'loss'} (legacy files meant "
                                       f"{'a bye' if result == '+' else 'an absence'}; TRF16 writes "
                                       f"{'U or F' if result == '+' else 'Z'})", 7))
        return Forfeit(result == "+", opponent or None, colour), tuple(problems)
    if upper in _BYES or upper == "B":
        kind = _BYES.get(upper, ByeKind.PAB)
        if upper == "B":
            problems.append(("TRF023", "'B' (Tromsø 2014 draft pairing bye) read as U", 7))
        elif result.islower():
            problems.append(("TRF017", f"result {result!r} read as {upper!r}", 7))
        if opponent:
            problems.append(("TRF025", f"bye {upper!r} with opponent {opponent}: the opponent is "
                                       "ignored (TRF16 requires 0000)", 0))
        return Bye(kind), tuple(problems)
    if result == " ":
        if opponent:
            problems.append(("TRF027", f"paired against {opponent}, no result yet", 7))
            return Pending(opponent, colour), tuple(problems)
        return NOT_PAIRED, tuple(problems)
    if upper in "X?" and opponent:
        problems.append(("TRF028", f"result {result!r} read as unknown/adjourned", 7))
        return Pending(opponent, colour, adjourned=True), tuple(problems)
    problems.append(("TRF020", f"result code {result!r} unknown; block kept verbatim", 7))
    return Unreadable(block), tuple(problems)


#: " C R" -> (colour, outcome, rated) for the blocks of an ordinary game: the fast path.
_PLAIN_GAMES = {f" {c} {r}": (_COLOURS[c], *_GAMES[r]) for c in "wb" for r in "10=WDL"}
#: A :class:`Game` built at half the cost: a large Swiss has some 55,000 different blocks.
_new_game = builder(Game)
#: A :class:`Player` built at half the cost, one per 001 line.
_new_player = builder(Player)


@cache
def _blocks_cut(count: int) -> Callable[[str], tuple[str, ...]]:
    """What cuts the first ``count`` round blocks (``tail[i:i + 8]`` for i = 2, 12, 22 …) out of a
    001 line's tail from column 90, the last one short when the line is: one call at C speed
    per line instead of a slice per block."""
    if count < 2:  # an itemgetter of one item returns it bare
        return lambda tail: (tail[2:10],) if count else ()
    return itemgetter(*(slice(i, i + 8) for i in range(2, count * _BLOCK_STEP, _BLOCK_STEP)))


@cache
def _start_numbers() -> dict[str, int]:
    """A round block's opponent field as TRF writes it (right-aligned in 4 columns) -> the start
    number: one look-up on the fast path instead of a test and a conversion per block (a
    zero-padded or otherwise unusual field takes the general path)."""
    return {f"{n:>4}": n for n in range(1, 10000)}


def _dominant(endings: set[str]) -> str | None:
    for ending in ("\r\n", "\n", "\r"):
        if ending in endings:
            return ending
    return None


_TRF_RECORD = re.compile(rb"(?m)^(?:001|012|022|032|042|052|062|092|102|122|132|142|XX[RCSPZA]|BB[WDLZFU]) ")


def sniff(head: bytes) -> bool:
    """Whether the first bytes of a file are this format's (the format registry asks)."""
    return _TRF_RECORD.search(head.replace(b"\r", b"\n")) is not None
