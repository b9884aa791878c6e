"""TRF writers: TRF-2026 (``trf26``) and TRF16 (``trf16``, with the JaVaFo ``XX?`` lines that
engines read for what TRF16 cannot say).

Writing is strict: every value is put in its columns from ``formats/trf/records.toml``, numbers
right-aligned, dates in the TRF-2026 forms, and whatever does not fit or cannot be said in the
chosen version is reported (``WRT0xx``) instead of being written wrongly. Lines the reader kept
verbatim go back after the record they followed.

A round block holds only the result codes TRF16 and TRF-2026 define (C.04 Annex 2 3.2: ``1 = 0
+ - W D L H F U Z`` and blank): an adjourned or unknown result (``X``, which consumers reject)
is written as a pairing without a result in TRF-2026 and left out of TRF16, which has no
pairing without a result either; a block the reader could not read is not copied (it would be
rejected again) but left out; each said (``WRT004``). A forfeit between two players whose colour
the source does not give is written with the colours of the start numbers (White for the lower:
TRF requires one, and no rule reads a forfeit's colour), said (``WRT009``).
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from datetime import date
from fractions import Fraction

from ..dates import format_date, format_round_date, resolve_dates
from ..diagnostics import Diagnostic, diagnostic
from ..encoding import encodable
from ..model import (
    DEFAULT_SCORES,
    NOT_PAIRED,
    Bye,
    Colour,
    Forfeit,
    Game,
    NotPaired,
    Outcome,
    Pending,
    Player,
    ScoreSystem,
    Team,
    Tournament,
    Unreadable,
)
from ..numbers import decimal_text, exact_sum, short_text
from ..timecontrol import TimeControl, format_code
from .layout import layouts
from .lossy import dropped
from .registry import Written

VERSIONS = ("trf26", "trf16")
_FOLD = {"ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l",
         "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
         "‘": "'", "’": "'", "‚": ",", "“": '"', "”": '"', "„": '"', "–": "-", "—": "-", "…": "..."}


def write_trf(t: Tournament, version: str = "trf26", *, line_ending: str = "\r\n",
              encoding: str = "utf-8") -> tuple[str, list[Diagnostic], int]:
    """The file text (not yet encoded; every character is representable in ``encoding``), the
    writer's diagnostics, and the players a reader finds in it (the 001 lines written with a
    start number)."""
    if version not in VERSIONS:
        raise ValueError(f"unknown TRF version {version!r}; use one of {', '.join(VERSIONS)}")
    writer = _Writer(t, version, encoding)
    records = writer.records()
    writer.unpaired_rounds()
    writer.dates_read_back()
    return line_ending.join(writer.place_extras(records)) + line_ending, writer.diagnostics, writer.players


def write_trf26(t: Tournament, *, line_ending: str = "\r\n", encoding: str = "utf-8") -> Written:
    text, diagnostics, players = write_trf(t, "trf26", line_ending=line_ending, encoding=encoding)
    return Written(text.encode(encoding), diagnostics, players)


def write_trf16(t: Tournament, *, line_ending: str = "\r\n", encoding: str = "utf-8") -> Written:
    text, diagnostics, players = write_trf(t, "trf16", line_ending=line_ending, encoding=encoding)
    return Written(text.encode(encoding), diagnostics, players)


def canonical_extras(t: Tournament) -> tuple:
    """``t.extras`` in the order the TRF-2026 writer puts them back (stable: lines with the
    same anchor keep their order). Readers store extras this way, so that writing and reading
    again gives the same model even when the source ordered its record blocks differently."""
    if all(e.after is None for e in t.extras):
        return t.extras
    order = {key: i for i, (key, _) in enumerate(_Writer(t, "trf26", "utf-8").records())}
    return tuple(sorted(t.extras, key=lambda e: -1 if e.after is None else order.get(e.after, len(order))))


class _Writer:
    def __init__(self, t: Tournament, version: str, encoding: str):
        self.t = t
        self.v26 = version == "trf26"
        self.version = version
        self.encoding = encoding
        self.layouts = layouts()
        self.diagnostics: list[Diagnostic] = []
        self.folded: dict[str, list[str]] = defaultdict(list)
        self.colourless: list[tuple[int, int]] = []  # (player, round) of games written with colour '-'
        self.forfeit_colours: list[tuple[int, int]] = []  # (player, round) of forfeits given a colour
        #: (player, round, entry, the entry as written) of the entries no round block can say as they are
        self.left_out: list[tuple[int, int, object, object]] = []
        #: The 001 lines written with a start number a reader takes (not blank, not 0).
        self.players = 0

    # -- reporting and text -----------------------------------------------------------------
    def report(self, code: str, message: str) -> None:
        self.diagnostics.append(diagnostic(code, message))

    def dropped(self, what: str) -> None:
        self.diagnostics.append(dropped(self.version.upper(), what))

    def text(self, value: str | None, where: str, width: int | None = None) -> str:
        """``value`` made representable in the output encoding and fitted to ``width``."""
        if not value:
            return ""
        value = value.replace("\r", " ").replace("\n", " ")
        if not encodable(value, self.encoding):
            value = "".join(self.fold(ch, where) for ch in value)
        if width is not None and len(value) > width:
            self.report("WRT001", f"{where}: {value!r} is {len(value)} characters, the column holds "
                                  f"{width}; written as {value[:width]!r}")
            value = value[:width]
        return value

    def fold(self, ch: str, where: str) -> str:
        if encodable(ch, self.encoding):
            return ch
        plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out = plain if plain and encodable(plain, self.encoding) else _FOLD.get(ch, "?")
        if not encodable(out, self.encoding):
            out = "?"
        self.folded[ch].append(where)
        return out

    def code(self, value: str | None, where: str, width: int) -> str:
        """A code (299 type, 330 result) as :meth:`text` writes it, but left blank rather than cut
        when it is too long: a cut code can read as another one (``-+-`` as ``-+``)."""
        text = self.text(value, where)
        if len(text) > width:
            self.report("WRT003", f"{where}: {text!r} does not fit in {width} columns; left blank")
            return ""
        return text

    def number(self, value: int | None, where: str, width: int) -> str:
        if value is None:
            return ""
        text = str(value)
        if len(text) > width or value < 0:
            self.report("WRT003", f"{where}: {value} does not fit in {width} columns; left blank")
            return ""
        return text

    def start_number(self, value: int, where: str) -> str:
        """A start number as :meth:`number` writes it, but 0 too is left blank and said: a
        reader takes no player from a line numbered 0 (the JSON form can hold one)."""
        if value == 0:
            self.report("WRT003", f"{where}: 0 is no start number a reader takes; left blank")
            return ""
        return self.number(value, where, 4)

    def decimal(self, value: Fraction | None, where: str, width: int) -> str:
        if value is None:
            return ""
        text = decimal_text(value, 1)
        if text is None or len(text) > width:
            text = decimal_text(value, 0)
        if text is None or len(text) > width:
            self.report("WRT003", f"{where}: {short_text(value)} cannot be written in {width} columns; "
                                  "left blank")
            return ""
        return text

    # -- the records, in order, each with its anchor key ------------------------------------
    def records(self) -> list[tuple[str, str | None]]:
        out: list[tuple[str, str | None]] = []
        out += self.header()
        out += self.engine()
        out += [(f"001:{p.start_number}", self.player(p)) for p in self.t.players]
        self.colourless_games()
        self.unwritable_blocks()
        out += self.national()
        out += self.teams()
        out += self.team_records()
        if self.folded:
            for ch, places in self.folded.items():
                shown = ", ".join(places[:3]) + (" …" if len(places) > 3 else "")
                self.report("WRT002", f"{ch!r} (U+{ord(ch):04X}) is not in {self.encoding}; replaced "
                                      f"in {len(places)} place(s): {shown}")
        return out

    def header(self) -> list[tuple[str, str | None]]:
        e = self.t.event
        out = []

        def line(code: str, value, key: str | None = None) -> None:
            if value not in (None, ""):
                out.append((key or code, f"{code} {value}"))

        line("012", self.text(e.name, "012 tournament name"))
        line("022", self.text(e.city, "022 city"))
        line("032", self.text(e.federation, "032 federation"))
        line("042", self.date(e.start_date, "042 start date"))
        line("052", self.date(e.end_date, "052 end date"))
        line("062", self.count(e.declared_players, "062 number of players"))
        line("072", self.count(e.declared_rated_players, "072 number of rated players"))
        line("082", self.count(e.declared_teams, "082 number of teams"))
        line("092", self.text(e.type, "092 type"))
        line("102", self.text(e.chief_arbiter, "102 chief arbiter"))
        for i, deputy in enumerate(e.deputy_arbiters, 1):
            line("112", self.text(deputy, "112 deputy arbiter"), f"112#{i}")
        line("122", self.text(e.time_control_text, "122 time control"))
        if e.round_dates:
            dates = [self.round_date(d, r) for r, d in enumerate(e.round_dates, 1)]
            out.append(("132", self.layouts["round_dates"].write("132", {"dates": dates})))
        if self.v26:
            line("142", e.declared_rounds)
            line("152", self.t.pairing.initial_colour and self.t.pairing.initial_colour.value.upper())
            line("162", self.scores162())
            line("172", self.text(e.rank_method, "172 rank method"))
            line("182", self.text(e.pairing_controller, "182 pairing controller"))
            line("192", self.text(self.t.pairing.system, "192 type code"))
            line("202", self.text(",".join(e.tiebreaks), "202 tie-breaks"))
            line("212", self.text(",".join(e.standings_tiebreaks), "212 tie-breaks"))
            line("222", self.time_control(e.time_control))
            line("352", self.text(self.t.team_event.board_colours, "352 board colours"))
            line("362", self.match_points())
        else:
            for what, present in (
                ("172 rank method", e.rank_method), ("182 pairing controller", e.pairing_controller),
                ("192 type code", self.t.pairing.system), ("202 tie-breaks", e.tiebreaks),
                ("212 tie-breaks", e.standings_tiebreaks), ("222 time control code", e.time_control),
                ("352 board colours", self.t.team_event.board_colours),
                ("362 match points", self.t.team_event.match_points),
            ):
                if present:
                    self.dropped(what)
        return out

    def count(self, value: int | str | None, where: str) -> int | str | None:
        """A declared count: a number, or the text the reader could not read as one (which goes
        through :meth:`text` like any text)."""
        return self.text(value, where) if isinstance(value, str) else value

    def date(self, value, where: str) -> str:
        if isinstance(value, date):
            return format_date(value)
        return self.text(value, where)

    def round_date(self, value, r: int) -> str:
        if isinstance(value, date):
            try:
                return format_round_date(value)
            except ValueError:
                self.report("WRT003", f"132 round {r}: {value.isoformat()} has no YY/MM/DD form; left blank")
                return ""
        return self.text(value, f"132 round {r} date", 8)

    def time_control(self, value: TimeControl | str | None) -> str:
        if isinstance(value, TimeControl):
            return format_code(value)
        return self.text(value, "222 time control")

    def scores162(self) -> str:
        """TRF-2026 162: only the symbols that differ from the defaults (P follows W and X
        follows D unless set). Empty when 162 cannot say it; XXS is written then."""
        s = self.t.scores
        if s == DEFAULT_SCORES or not _expressible_in_162(s):
            return ""
        pairs = []
        for symbol, value, default in (
            ("W", s.win_white, Fraction(1)), ("D", s.draw_white, Fraction(1, 2)),
            ("L", s.loss_white, Fraction(0)), ("A", s.zero_bye, Fraction(0)),
            ("P", s.pab, s.win_white),
        ):  # X (an unknown result) is no result code a round block can hold: never written
            if value != default:
                pairs.append(symbol + self.decimal(value, f"162 {symbol}", 4).rjust(4))
        return self.layouts["scores"].write("162", {"pairs": pairs})[4:]

    def match_points(self) -> str:
        m = self.t.team_event.match_points
        if m is None:
            return ""
        pairs = [sym + self.decimal(v, f"362 {sym}", 4).rjust(4)
                 for sym, v in (("TW", m.win), ("TD", m.draw), ("TL", m.loss))]
        return self.layouts["match_points"].write("362", {"pairs": pairs})[4:]

    def engine(self) -> list[tuple[str, str | None]]:
        """JaVaFo lines: in TRF16 for all engine data, in TRF-2026 only for what its own
        records cannot hold (XXA, XXZ, XXP without rounds, XXC rank, colour-dependent XXS)."""
        p, e, s = self.t.pairing, self.t.event, self.t.scores
        out = []
        if not self.v26 and e.declared_rounds is not None:
            out.append(("142", f"XXR {e.declared_rounds}"))
        options = (["rank"] if p.by_rank else []) + (
            [f"{p.initial_colour.name.lower()}1"] if p.initial_colour and not self.v26 else [])
        if options:
            out.append(("152", "XXC " + " ".join(options)))
        if s != DEFAULT_SCORES and (not self.v26 or not _expressible_in_162(s)):
            out.append(("162", "XXS " + " ".join(f"{code}={short_text(getattr(s, name))}"
                                                 for code, name in _XXS_FIELDS
                                                 if getattr(s, name) != getattr(DEFAULT_SCORES, name))))
        # a reader takes an unknown result's value as 162 D's (TRF-2026 162) or XXS's default: X
        # itself is no result code and is never written
        read_back = s.draw_white if self.v26 and _expressible_in_162(s) else DEFAULT_SCORES.unknown
        if s.unknown != read_back:
            self.dropped(f"the value of an unknown result ({short_text(s.unknown)}, 162 X; read back as "
                         f"{short_text(read_back)}): TRF has no result X")
        if p.absent_next_round:
            out.append(("XXZ", "XXZ " + " ".join(map(str, p.absent_next_round))))
        for a in p.player_accelerations:
            points = [self.decimal(x, f"XXA {a.player}", 4) for x in a.points]
            out.append((f"XXA:{a.player}", self.layouts["player_acceleration"].write(
                "XXA", {"player": self.number(a.player, "XXA player", 4), "points": points})))
        return out

    # -- players ----------------------------------------------------------------------------
    def player(self, p: Player) -> str:
        where = f"player {p.start_number}"
        mark = len(self.left_out)
        blocks = "".join("  " + self.block(e, p.start_number, r) for r, e in enumerate(p.rounds, 1))
        points = p.points
        if points is not None and len(self.left_out) > mark:  # the points column adds up the blocks written
            points -= exact_sum(self.t.scores.points(e) - self.t.scores.points(w) for *_, e, w in self.left_out[mark:])
        values = {
            "start_number": self.start_number(p.start_number, f"{where} start number"),
            "sex": self.text(p.sex, f"{where} sex", 1),
            "title": self.text(p.title, f"{where} title", 3),
            "name": self.text(p.name, f"{where} name", 33),
            "rating": self.number(p.rating, f"{where} rating", 4),
            "federation": self.text(p.federation, f"{where} federation", 3),
            "fide_id": self.text(p.fide_id, f"{where} FIDE id", 11),
            "birth_date": self.text(str(p.birth_date) if p.birth_date else "", f"{where} birth date", 10),
            "points": self.decimal(points, f"{where} points", 4),
            "rank": self.number(p.rank, f"{where} rank", 4),
        }
        self.players += values["start_number"] != ""
        head = self.layouts["player"].write("001", values).ljust(89)
        return (head + blocks).rstrip()

    def dates_read_back(self) -> None:
        """A 132 round date has two-digit years; a reader takes an ambiguous one as the reading
        closest to the file's other dates (:func:`~trfconv.dates.resolve_dates`). A date whose
        written form reads back as another date is said, not lost silently."""
        e = self.t.event
        values = [e.start_date, e.end_date, *e.round_dates]
        texts = [format_date(v) if isinstance(v, date) else (v or "") for v in values[:2]]
        for v in values[2:]:
            try:
                texts.append(format_round_date(v) if isinstance(v, date) else (v or ""))
            except ValueError:
                texts.append("")  # said by round_date (WRT003)
        for r, (value, text, reading) in enumerate(zip(values[2:], texts[2:], resolve_dates(texts)[2:], strict=True), 1):
            if isinstance(value, date) and text and reading.value != value:
                self.dropped(f"round {r}'s date {value.isoformat()} as such: written {text!r} (132, two-digit "
                             f"year), it reads back as {reading.value} beside the file's other dates")

    def unpaired_rounds(self) -> None:
        """A player line ends with its last round block that is not blank: the last rounds in
        which nobody is paired cannot be written (a reader sees fewer rounds); said once."""
        last = self.t.last_round_held
        if self.t.rounds > last:
            rounds = f"round {last + 1}" if self.t.rounds == last + 1 else f"rounds {last + 1}-{self.t.rounds}"
            self.dropped(f"{rounds}, in which no player is paired (a player line ends with its last round written)")

    def colourless_games(self) -> None:
        """One warning for the played games the model holds without a colour (a crosstable that
        gives none, such as SwissPerfect's), as :meth:`block` met them: TRF16 has ``-`` only for
        rounds without a game."""
        games = self.colourless
        if games:
            first = ", ".join(f"player {p} round {r}" for p, r in games[:3])
            self.report("WRT006", f"{len(games)} played game{'s' if len(games) > 1 else ''} without a colour "
                                  f"({first}{', …' if len(games) > 3 else ''}): the source gives none; "
                                  "written with colour '-'")

    def unwritable_blocks(self) -> None:
        """What :meth:`block` could not write as the model holds it, said once each kind (see the
        module docstring)."""
        if self.left_out:
            shown = "; ".join(f"player {p} round {r}: {_unwritable(e, self.v26)}" for p, r, e, _ in self.left_out[:3])
            self.dropped(f"{len(self.left_out)} round entr{'y' if len(self.left_out) == 1 else 'ies'} as they are, "
                         f"which no round block can say ({shown}{' …' if len(self.left_out) > 3 else ''}; the "
                         "points column adds up the blocks as written)")
        if self.forfeit_colours:
            first = ", ".join(f"player {p} round {r}" for p, r in self.forfeit_colours[:3])
            self.report("WRT009", f"{len(self.forfeit_colours)} forfeit(s) without a colour ({first}"
                                  f"{', …' if len(self.forfeit_colours) > 3 else ''}): the source gives none and "
                                  "TRF requires one; written with White for the lower start number")

    def block(self, entry, player: int, r: int) -> str:
        match entry:
            case Game(opponent=o, colour=c, outcome=outcome, rated=rated):
                if c is None:
                    self.colourless.append((player, r))
                rated_code, unrated_code = _RESULTS[outcome]
                return f"{self.opponent(o, player, r)} {c.value if c else '-'} {rated_code if rated else unrated_code}"
            case Forfeit(won=won, opponent=o, colour=c):
                if c is None and o is not None:
                    c = Colour.WHITE if player < o else Colour.BLACK
                    self.forfeit_colours.append((player, r))
                return f"{self.opponent(o, player, r)} {c.value if c else '-'} {'+' if won else '-'}"
            case Bye(kind=kind):
                return f"0000 - {kind.value}"
            case Pending(opponent=o, colour=c, adjourned=adjourned):
                if not self.v26:
                    self.left_out.append((player, r, entry, NOT_PAIRED))
                    return " " * 8
                if adjourned:
                    self.left_out.append((player, r, entry, Pending(o, c)))
                return f"{self.opponent(o, player, r)} {c.value if c else '-'}  "
            case NotPaired():
                return " " * 8
            case Unreadable():
                self.left_out.append((player, r, entry, NOT_PAIRED))
                return " " * 8
        raise TypeError(f"not a round entry: {entry!r}")

    def opponent(self, o: int | None, player: int, r: int) -> str:
        """Right-aligned start number; ``0000`` when there is none (TRF16 3.2)."""
        if o is None:
            return "0000"
        return self.number(o, f"player {player} round {r} opponent", 4).rjust(4)

    def national(self) -> list[tuple[str, str | None]]:
        out = []
        for p in self.t.players:
            for n in p.national_ratings:
                key = f"{n.federation}:{p.start_number}"
                if not self.v26:
                    self.dropped(f"the {n.federation} national rating record of player {p.start_number}")
                    out.append((key, None))
                    continue
                where = f"{n.federation} record of player {p.start_number}"
                out.append((key, self.layouts["national"].write(self.text(n.federation, where, 3), {
                    "start_number": self.start_number(p.start_number, f"{where} start number"),
                    "sex": self.text(n.sex, where, 1),
                    "classification": self.text(n.classification, where, 3),
                    "name": self.text(n.name, where, 33),
                    "rating": self.number(n.rating, where, 4),
                    "origin": self.text(n.origin, where, 3),
                    "national_id": self.text(n.national_id, where, 11),
                    "birth_date": self.text(str(n.birth_date) if n.birth_date else "", where, 10),
                })))
        return out

    # -- teams ------------------------------------------------------------------------------
    def teams(self) -> list[tuple[str, str | None]]:
        if self.v26:
            return [(f"310:{team.number}", self.team310(team)) for team in self.t.teams]
        out = []
        for i, team in enumerate(sorted(self.t.teams, key=lambda x: x.number), 1):
            if team.number != i:
                self.report("WRT003", f"team {team.number}: TRF16 numbers teams by the order of 013 "
                                      f"lines; it is written as team {i}")
            if team.nickname or team.strength is not None or team.match_points is not None \
                    or team.game_points is not None or team.rank is not None:
                self.dropped(f"team {team.number}'s nickname, strength, points and rank (310)")
            out.append((f"013:{i}", self.layouts["team016"].write("013", {
                "name": self.text(team.name, f"team {team.number} name", 32),
                "members": [self.number(m, f"team {team.number} member", 4) for m in team.members]})))
        return out

    def team310(self, team: Team) -> str:
        where = f"team {team.number}"
        strength = team.strength  # an integer (TRF-2026 "111111") unless the file had decimals
        return self.layouts["team"].write("310", {
            "number": self.number(team.number, f"{where} number", 3),
            "name": self.text(team.name, f"{where} name", 32),
            "nickname": self.text(team.nickname, f"{where} nickname", 5),
            "strength": (self.number(strength.numerator, f"{where} strength", 6)
                         if strength is not None and strength.denominator == 1
                         else self.decimal(strength, f"{where} strength", 6)),
            "match_points": self.decimal(team.match_points, f"{where} match points", 6),
            "game_points": self.decimal(team.game_points, f"{where} game points", 6),
            "rank": self.number(team.rank, f"{where} rank", 3),
            "members": [self.number(m, f"{where} member", 4) for m in team.members],
        })

    def team_records(self) -> list[tuple[str, str | None]]:
        """240, 250, 260 (XXP for a prohibition without rounds), 299, 300, 320, 330: the order
        of FIDE TEC's TRF-2026 sample."""
        t, L = self.t, self.layouts
        out: list[tuple[str, str | None]] = []

        def add(key: str, layout: str, code: str, values: dict, what: str) -> None:
            if self.v26:
                out.append((key, L[layout].write(code, values)))
            else:
                self.dropped(what)
                out.append((key, None))

        for i, bye in enumerate(t.pairing.requested_byes, 1):
            add(f"240#{i}", "bye", "240", {
                "kind": bye.kind.value, "round": self.number(bye.round, "240 round", 3),
                "ids": [self.number(x, "240 id", 4) for x in bye.ids]},
                f"the requested {bye.kind.value} byes of round {bye.round} (240)")
        for i, a in enumerate(t.pairing.accelerations, 1):
            game_points = "" if a.match_points is not None and a.game_points == 0 else \
                self.decimal(a.game_points, "250 game points", 4)
            add(f"250#{i}", "acceleration", "250", {
                "match_points": self.decimal(a.match_points, "250 match points", 4),
                "game_points": game_points,
                "first_round": self.number(a.first_round, "250 round", 3),
                "last_round": self.number(a.last_round, "250 round", 3),
                "first_id": self.number(a.first_id, "250 id", 4),
                "last_id": self.number(a.last_id, "250 id", 4)}, "an acceleration range (250)")
        for i, rule in enumerate(t.pairing.prohibited, 1):
            if rule.first_round is None or rule.last_round is None:
                out.append((f"260#{i}", "XXP " + " ".join(map(str, rule.ids))))
                continue
            add(f"260#{i}", "prohibited", "260", {
                "first_round": self.number(rule.first_round, "260 round", 3),
                "last_round": self.number(rule.last_round, "260 round", 3),
                "ids": [self.number(x, "260 id", 4) for x in rule.ids]},
                f"prohibited pairings for rounds {rule.first_round}-{rule.last_round} (260)")
        for i, adj in enumerate(t.point_adjustments, 1):
            add(f"299#{i}", "adjustment", "299", {
                "kind": self.code(adj.kind, "299 type", 1),
                "match_points": self.decimal(adj.match_points, "299 match points", 4),
                "points": self.decimal(adj.points, "299 points", 4),
                "round": self.number(adj.round, "299 round", 3),
                "ids": [self.number(x, "299 id", 4) for x in adj.ids]}, "a points assignment (299)")
        for i, lu in enumerate(t.team_event.lineups, 1):
            add(f"300#{i}", "lineup", "300", {
                "round": self.number(lu.round, "300 round", 3), "team": self.number(lu.team, "300 team", 3),
                "opponent": self.number(lu.opponent, "300 opponent", 3),
                "boards": [self.number(b, "300 player", 4) if b else "0000" for b in lu.boards]},
                f"the line-up of team {lu.team} in round {lu.round} (300)")
        pab = t.team_event.pab
        if pab:
            add("320", "team_pab", "320", {
                "match_points": self.decimal(pab.match_points, "320 match points", 4),
                "game_points": self.decimal(pab.game_points, "320 game points", 4),
                "teams": [self.number(x or 0, "320 team", 3) for x in pab.teams]}, "the team PAB record 320")
        for i, f in enumerate(t.team_event.forfeits, 1):
            add(f"330#{i}", "team_forfeit", "330", {
                "result": self.code(f.result, "330 result", 2), "round": self.number(f.round, "330 round", 3),
                "white": self.number(f.white, "330 team", 3), "black": self.number(f.black, "330 team", 3)},
                f"the forfeited team match of round {f.round} (330)")
        return out

    # -- kept lines ---------------------------------------------------------------------------
    def place_extras(self, records: list[tuple[str, str | None]]) -> list[str]:
        """Interleave the verbatim lines with the records: each after the record it followed
        when read, those with no anchor first, those whose anchor is not written last."""
        by_anchor: dict[str | None, list[str]] = defaultdict(list)
        for extra in self.t.extras:
            by_anchor[extra.after].append(self.text(extra.text, "kept line"))
        lines = list(by_anchor.pop(None, []))
        for key, line in records:
            if line is not None:
                lines.append(line)
            lines.extend(by_anchor.pop(key, []))
        for rest in by_anchor.values():
            lines.extend(rest)
        return lines


_RESULTS = {Outcome.WIN: ("1", "W"), Outcome.DRAW: ("=", "D"), Outcome.LOSS: ("0", "L")}


def _unwritable(entry, v26: bool) -> str:
    """What became of an entry :meth:`_Writer.block` could not write as it is, in words."""
    if isinstance(entry, Unreadable):
        return f"the unreadable block {entry.text!r}, left blank"
    what = "an adjourned or unknown result (X)" if entry.adjourned else "a pairing without a result"
    return f"{what} against {entry.opponent}, " + ("written without a result" if v26 and entry.adjourned
                                                    else "left blank")
_XXS_FIELDS = (("WW", "win_white"), ("BW", "win_black"), ("WD", "draw_white"), ("BD", "draw_black"),
               ("WL", "loss_white"), ("BL", "loss_black"), ("ZPB", "zero_bye"), ("HPB", "half_bye"),
               ("FPB", "full_bye"), ("PAB", "pab"), ("FW", "forfeit_win"), ("FL", "forfeit_loss"))


def _expressible_in_162(s: ScoreSystem) -> bool:
    """162 has one value per symbol: W for every win and the FPB, D for draws and the HPB, L for
    played losses, A for the ZPB and forfeit losses."""
    return (s.win_white == s.win_black == s.forfeit_win == s.full_bye
            and s.draw_white == s.draw_black == s.half_bye
            and s.loss_white == s.loss_black and s.zero_bye == s.forfeit_loss)
