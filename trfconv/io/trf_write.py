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
from collections.abc import Callable
from datetime import date
from fractions import Fraction

from ..dates import format_date, format_round_date, resolve_dates
from ..diagnostics import Diagnostic, diagnostic
from ..encoding import encodable
from ..messages import SEMICOLON, Message, joined, msg, plural
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

#: Where a value is written, for a message: the message, or what makes it (for the values of
#: every player line, made only when one is said).
Where = str | Callable[[], str]

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

    def text(self, value: str | None, where: Where, width: int | None = None) -> str:
        """``value`` made representable in the output encoding and fitted to ``width``."""
        if not value:
            return ""
        value = value.replace("\r", " ").replace("\n", " ")
        if not encodable(value, self.encoding):
            value = "".join(self.fold(ch, where) for ch in value)
        if width is not None and len(value) > width:
            self.report("WRT001", msg("{where}: {value} is {count} characters, the column holds {width}; written as "
                                      "{written}", where=_said(where), value=repr(value), count=len(value), width=width,
                                      written=repr(value[:width])))
            value = value[:width]
        return value

    def fold(self, ch: str, where: Where) -> str:
        if encodable(ch, self.encoding):
            return ch
        plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out = plain if plain and encodable(plain, self.encoding) else _FOLD.get(ch, "?")
        if not encodable(out, self.encoding):
            out = "?"
        self.folded[ch].append(_said(where))
        return out

    def code(self, value: str | None, where: Where, width: int) -> str:
        """A code (299 type, 330 result) as :meth:`text` writes it, but left blank rather than cut
        when it is too long: a cut code can read as another one (``-+-`` as ``-+``)."""
        text = self.text(value, where)
        if len(text) > width:
            self.report("WRT003", msg("{where}: {text} does not fit in {width} columns; left blank",
                                      where=_said(where), text=repr(text), width=width))
            return ""
        return text

    def number(self, value: int | None, where: Where, width: int) -> str:
        if value is None:
            return ""
        text = str(value)
        if len(text) > width or value < 0:
            self.report("WRT003", msg("{where}: {value} does not fit in {width} columns; left blank",
                                      where=_said(where), value=value, width=width))
            return ""
        return text

    def start_number(self, value: int, where: Where) -> str:
        """A start number as :meth:`number` writes it, but 0 too is left blank and said: a
        reader takes no player from a line numbered 0 (the JSON form can hold one)."""
        if value == 0:
            self.report("WRT003", msg("{where}: 0 is no start number a reader takes; left blank", where=_said(where)))
            return ""
        return self.number(value, where, 4)

    def decimal(self, value: Fraction | None, where: Where, width: int) -> str:
        if value is None:
            return ""
        text = decimal_text(value, 1)
        if text is None or len(text) > width:
            text = decimal_text(value, 0)
        if text is None or len(text) > width:
            self.report("WRT003", msg("{where}: {value} cannot be written in {width} columns; left blank",
                                      where=_said(where), value=value, width=width))
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
                self.report("WRT002", msg("{ch} (U+{code:04X}) is not in {encoding}; replaced in {count} place(s): "
                                          "{places}{more}", ch=repr(ch), code=ord(ch), encoding=self.encoding,
                                          count=len(places), places=places[:3], more=" …" if len(places) > 3 else ""))
        return out

    def header(self) -> list[tuple[str, str | None]]:
        e = self.t.event
        out = []

        def line(code: str, value, key: str | None = None) -> None:
            if value not in (None, ""):
                out.append((key or code, f"{code} {value}"))

        line("012", self.text(e.name, msg("012 tournament name")))
        line("022", self.text(e.city, msg("022 city")))
        line("032", self.text(e.federation, msg("032 federation")))
        line("042", self.date(e.start_date, msg("042 start date")))
        line("052", self.date(e.end_date, msg("052 end date")))
        line("062", self.count(e.declared_players, msg("062 number of players")))
        line("072", self.count(e.declared_rated_players, msg("072 number of rated players")))
        line("082", self.count(e.declared_teams, msg("082 number of teams")))
        line("092", self.text(e.type, msg("092 type")))
        line("102", self.text(e.chief_arbiter, msg("102 chief arbiter")))
        for i, deputy in enumerate(e.deputy_arbiters, 1):
            line("112", self.text(deputy, msg("112 deputy arbiter")), f"112#{i}")
        line("122", self.text(e.time_control_text, msg("122 time control")))
        if e.round_dates:
            dates = [self.round_date(d, r) for r, d in enumerate(e.round_dates, 1)]
            out.append(("132", self.layouts["round_dates"].write("132", {"dates": dates})))
        if self.v26:
            line("142", e.declared_rounds)
            line("152", self.t.pairing.initial_colour and self.t.pairing.initial_colour.value.upper())
            line("162", self.scores162())
            line("172", self.text(e.rank_method, msg("172 rank method")))
            line("182", self.text(e.pairing_controller, msg("182 pairing controller")))
            line("192", self.text(self.t.pairing.system, msg("192 type code")))
            line("202", self.text(",".join(e.tiebreaks), msg("202 tie-breaks")))
            line("212", self.text(",".join(e.standings_tiebreaks), msg("212 tie-breaks")))
            line("222", self.time_control(e.time_control))
            line("352", self.text(self.t.team_event.board_colours, msg("352 board colours")))
            line("362", self.match_points())
        else:
            for what, present in (
                (msg("172 rank method"), e.rank_method), (msg("182 pairing controller"), e.pairing_controller),
                (msg("192 type code"), self.t.pairing.system), (msg("202 tie-breaks"), e.tiebreaks),
                (msg("212 tie-breaks"), e.standings_tiebreaks), (msg("222 time control code"), e.time_control),
                (msg("352 board colours"), self.t.team_event.board_colours),
                (msg("362 match points"), self.t.team_event.match_points),
            ):
                if present:
                    self.dropped(what)
        return out

    def count(self, value: int | str | None, where: Where) -> int | str | None:
        """A declared count: a number, or the text the reader could not read as one (which goes
        through :meth:`text` like any text)."""
        return self.text(value, where) if isinstance(value, str) else value

    def date(self, value, where: Where) -> str:
        if isinstance(value, date):
            return format_date(value)
        return self.text(value, where)

    def round_date(self, value, r: int) -> str:
        if isinstance(value, date):
            try:
                return format_round_date(value)
            except ValueError:
                self.report("WRT003", msg("132 round {round}: {day} has no YY/MM/DD form; left blank", round=r,
                                          day=value))
                return ""
        return self.text(value, lambda: msg("132 round {round} date", round=r), 8)

    def time_control(self, value: TimeControl | str | None) -> str:
        if isinstance(value, TimeControl):
            return format_code(value)
        return self.text(value, msg("222 time control"))

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
                pairs.append(symbol + self.decimal(value, msg("162 {symbol}", symbol=symbol), 4).rjust(4))
        return self.layouts["scores"].write("162", {"pairs": pairs})[4:]

    def match_points(self) -> str:
        m = self.t.team_event.match_points
        if m is None:
            return ""
        pairs = [sym + self.decimal(v, msg("362 {symbol}", symbol=sym), 4).rjust(4)
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
            self.dropped(msg("the value of an unknown result ({points}, 162 X; read back as {read_back}): TRF has no "
                             "result X", points=s.unknown, read_back=read_back))
        if p.absent_next_round:
            out.append(("XXZ", "XXZ " + " ".join(map(str, p.absent_next_round))))
        for a in p.player_accelerations:
            points = [self.decimal(x, msg("XXA {player}", player=a.player), 4) for x in a.points]
            out.append((f"XXA:{a.player}", self.layouts["player_acceleration"].write(
                "XXA", {"player": self.number(a.player, msg("XXA player"), 4), "points": points})))
        return out

    # -- players ----------------------------------------------------------------------------
    def player(self, p: Player) -> str:
        n = p.start_number
        mark = len(self.left_out)
        blocks = "".join("  " + self.block(e, p.start_number, r) for r, e in enumerate(p.rounds, 1))
        points = p.points
        if points is not None and len(self.left_out) > mark:  # the points column adds up the blocks written
            points -= exact_sum(self.t.scores.points(e) - self.t.scores.points(w) for *_, e, w in self.left_out[mark:])
        values = {
            "start_number": self.start_number(n, lambda: msg("player {number} start number", number=n)),
            "sex": self.text(p.sex, lambda: msg("player {number} sex", number=n), 1),
            "title": self.text(p.title, lambda: msg("player {number} title", number=n), 3),
            "name": self.text(p.name, lambda: msg("player {number} name", number=n), 33),
            "rating": self.number(p.rating, lambda: msg("player {number} rating", number=n), 4),
            "federation": self.text(p.federation, lambda: msg("player {number} federation", number=n), 3),
            "fide_id": self.text(p.fide_id, lambda: msg("player {number} FIDE id", number=n), 11),
            "birth_date": self.text(str(p.birth_date) if p.birth_date else "",
                                    lambda: msg("player {number} birth date", number=n), 10),
            "points": self.decimal(points, lambda: msg("player {number} points", number=n), 4),
            "rank": self.number(p.rank, lambda: msg("player {number} rank", number=n), 4),
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
                self.dropped(msg("round {round}'s date {day} as such: written {text} (132, two-digit year), it reads "
                                 "back as {read_back} beside the file's other dates", round=r, day=value,
                                 text=repr(text), read_back=reading.value))

    def unpaired_rounds(self) -> None:
        """A player line ends with its last round block that is not blank: the last rounds in
        which nobody is paired cannot be written (a reader sees fewer rounds); said once."""
        last = self.t.last_round_held
        if self.t.rounds > last:
            self.dropped(msg("round {round}, in which no player is paired (a player line ends with its last round "
                             "written)", round=last + 1) if self.t.rounds == last + 1 else
                         msg("rounds {first}-{last}, in which no player is paired (a player line ends with its last "
                             "round written)", first=last + 1, last=self.t.rounds))

    def colourless_games(self) -> None:
        """One warning for the played games the model holds without a colour (a crosstable that
        gives none, such as SwissPerfect's), as :meth:`block` met them: TRF16 has ``-`` only for
        rounds without a game."""
        games = self.colourless
        if games:
            first = [msg("player {number} round {round}", number=p, round=r) for p, r in games[:3]]
            self.report("WRT006", plural("{n} played game without a colour ({first}{more}): the source gives none; "
                                         "written with colour '-'", "{n} played games without a colour ({first}{more}): "
                                         "the source gives none; written with colour '-'", n=len(games), first=first,
                                         more=", …" if len(games) > 3 else ""))

    def unwritable_blocks(self) -> None:
        """What :meth:`block` could not write as the model holds it, said once each kind (see the
        module docstring)."""
        if self.left_out:
            shown = joined([msg("player {number} round {round}: {entry}", number=p, round=r,
                                entry=_unwritable(e, self.v26)) for p, r, e, _ in self.left_out[:3]], SEMICOLON)
            self.dropped(plural("{n} round entry as they are, which no round block can say ({entries}{more}; the points "
                                "column adds up the blocks as written)", "{n} round entries as they are, which no round "
                                "block can say ({entries}{more}; the points column adds up the blocks as written)",
                                n=len(self.left_out), entries=shown, more=" …" if len(self.left_out) > 3 else ""))
        if self.forfeit_colours:
            first = [msg("player {number} round {round}", number=p, round=r) for p, r in self.forfeit_colours[:3]]
            self.report("WRT009", msg("{count} forfeit(s) without a colour ({first}{more}): the source gives none "
                                      "and TRF requires one; written with White for the lower start number",
                                      count=len(self.forfeit_colours), first=first,
                                      more=", …" if len(self.forfeit_colours) > 3 else ""))

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
        return self.number(o, lambda: msg("player {number} round {round} opponent", number=player, round=r),
                           4).rjust(4)

    def national(self) -> list[tuple[str, str | None]]:
        out = []
        for p in self.t.players:
            for n in p.national_ratings:
                key = f"{n.federation}:{p.start_number}"
                if not self.v26:
                    self.dropped(msg("the {federation} national rating record of player {number}",
                                     federation=n.federation, number=p.start_number))
                    out.append((key, None))
                    continue
                where = _national(n.federation, p.start_number)
                out.append((key, self.layouts["national"].write(self.text(n.federation, where, 3), {
                    "start_number": self.start_number(p.start_number, _national(n.federation, p.start_number, True)),
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
                self.report("WRT003", msg("team {number}: TRF16 numbers teams by the order of 013 lines; it is "
                                          "written as team {written}", number=team.number, written=i))
            if team.nickname or team.strength is not None or team.match_points is not None \
                    or team.game_points is not None or team.rank is not None:
                self.dropped(msg("team {number}'s nickname, strength, points and rank (310)", number=team.number))
            out.append((f"013:{i}", self.layouts["team016"].write("013", {
                "name": self.text(team.name, msg("team {number} name", number=team.number), 32),
                "members": [self.number(m, msg("team {number} member", number=team.number), 4)
                            for m in team.members]})))
        return out

    def team310(self, team: Team) -> str:
        t = team.number
        strength = team.strength  # an integer (TRF-2026 "111111") unless the file had decimals
        return self.layouts["team"].write("310", {
            "number": self.number(t, msg("team {number} number", number=t), 3),
            "name": self.text(team.name, msg("team {number} name", number=t), 32),
            "nickname": self.text(team.nickname, msg("team {number} nickname", number=t), 5),
            "strength": (self.number(strength.numerator, msg("team {number} strength", number=t), 6)
                         if strength is not None and strength.denominator == 1
                         else self.decimal(strength, msg("team {number} strength", number=t), 6)),
            "match_points": self.decimal(team.match_points, msg("team {number} match points", number=t), 6),
            "game_points": self.decimal(team.game_points, msg("team {number} game points", number=t), 6),
            "rank": self.number(team.rank, msg("team {number} rank", number=t), 3),
            "members": [self.number(m, msg("team {number} member", number=t), 4) for m in team.members],
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
                "kind": bye.kind.value, "round": self.number(bye.round, msg("240 round"), 3),
                "ids": [self.number(x, msg("240 id"), 4) for x in bye.ids]},
                msg("the requested {kind} byes of round {round} (240)", kind=bye.kind.value, round=bye.round))
        for i, a in enumerate(t.pairing.accelerations, 1):
            game_points = "" if a.match_points is not None and a.game_points == 0 else \
                self.decimal(a.game_points, msg("250 game points"), 4)
            add(f"250#{i}", "acceleration", "250", {
                "match_points": self.decimal(a.match_points, msg("250 match points"), 4),
                "game_points": game_points,
                "first_round": self.number(a.first_round, msg("250 round"), 3),
                "last_round": self.number(a.last_round, msg("250 round"), 3),
                "first_id": self.number(a.first_id, msg("250 id"), 4),
                "last_id": self.number(a.last_id, msg("250 id"), 4)}, msg("an acceleration range (250)"))
        for i, rule in enumerate(t.pairing.prohibited, 1):
            if rule.first_round is None or rule.last_round is None:
                out.append((f"260#{i}", "XXP " + " ".join(map(str, rule.ids))))
                continue
            add(f"260#{i}", "prohibited", "260", {
                "first_round": self.number(rule.first_round, msg("260 round"), 3),
                "last_round": self.number(rule.last_round, msg("260 round"), 3),
                "ids": [self.number(x, msg("260 id"), 4) for x in rule.ids]},
                msg("prohibited pairings for rounds {first}-{last} (260)", first=rule.first_round,
                    last=rule.last_round))
        for i, adj in enumerate(t.point_adjustments, 1):
            add(f"299#{i}", "adjustment", "299", {
                "kind": self.code(adj.kind, msg("299 type"), 1),
                "match_points": self.decimal(adj.match_points, msg("299 match points"), 4),
                "points": self.decimal(adj.points, msg("299 points"), 4),
                "round": self.number(adj.round, msg("299 round"), 3),
                "ids": [self.number(x, msg("299 id"), 4) for x in adj.ids]}, msg("a points assignment (299)"))
        for i, lu in enumerate(t.team_event.lineups, 1):
            add(f"300#{i}", "lineup", "300", {
                "round": self.number(lu.round, msg("300 round"), 3), "team": self.number(lu.team, msg("300 team"), 3),
                "opponent": self.number(lu.opponent, msg("300 opponent"), 3),
                "boards": [self.number(b, msg("300 player"), 4) if b else "0000" for b in lu.boards]},
                msg("the line-up of team {team} in round {round} (300)", team=lu.team, round=lu.round))
        pab = t.team_event.pab
        if pab:
            add("320", "team_pab", "320", {
                "match_points": self.decimal(pab.match_points, msg("320 match points"), 4),
                "game_points": self.decimal(pab.game_points, msg("320 game points"), 4),
                "teams": [self.number(x or 0, msg("320 team"), 3) for x in pab.teams]}, msg("the team PAB record 320"))
        for i, f in enumerate(t.team_event.forfeits, 1):
            add(f"330#{i}", "team_forfeit", "330", {
                "result": self.code(f.result, msg("330 result"), 2), "round": self.number(f.round, msg("330 round"), 3),
                "white": self.number(f.white, msg("330 team"), 3), "black": self.number(f.black, msg("330 team"), 3)},
                msg("the forfeited team match of round {round} (330)", round=f.round))
        return out

    # -- kept lines ---------------------------------------------------------------------------
    def place_extras(self, records: list[tuple[str, str | None]]) -> list[str]:
        """Interleave the verbatim lines with the records: each after the record it followed
        when read, those with no anchor first, those whose anchor is not written last."""
        by_anchor: dict[str | None, list[str]] = defaultdict(list)
        for extra in self.t.extras:
            by_anchor[extra.after].append(self.text(extra.text, msg("kept line")))
        lines = list(by_anchor.pop(None, []))
        for key, line in records:
            if line is not None:
                lines.append(line)
            lines.extend(by_anchor.pop(key, []))
        for rest in by_anchor.values():
            lines.extend(rest)
        return lines


_RESULTS = {Outcome.WIN: ("1", "W"), Outcome.DRAW: ("=", "D"), Outcome.LOSS: ("0", "L")}


def _unwritable(entry, v26: bool) -> Message:
    """What became of an entry :meth:`_Writer.block` could not write as it is, in words."""
    if isinstance(entry, Unreadable):
        return msg("the unreadable block {text}, left blank", text=repr(entry.text))
    if not entry.adjourned:
        return msg("a pairing without a result against {opponent}, left blank", opponent=entry.opponent)
    if v26:
        return msg("an adjourned or unknown result (X) against {opponent}, written without a result",
                   opponent=entry.opponent)
    return msg("an adjourned or unknown result (X) against {opponent}, left blank", opponent=entry.opponent)


def _said(where: Where) -> str:
    """Where a value is written, as a message names it (made only when it is said)."""
    return where() if callable(where) else where


def _national(federation: str | None, player: int, start_number: bool = False) -> Where:
    """Where a national rating record's field is written (a record per player: said lazily)."""
    if start_number:
        return lambda: msg("{federation} record of player {number} start number", federation=federation,
                           number=player)
    return lambda: msg("{federation} record of player {number}", federation=federation, number=player)
_XXS_FIELDS = (("WW", "win_white"), ("BW", "win_black"), ("WD", "draw_white"), ("BD", "draw_black"),
               ("WL", "loss_white"), ("BL", "loss_black"), ("ZPB", "zero_bye"), ("HPB", "half_bye"),
               ("FPB", "full_bye"), ("PAB", "pab"), ("FW", "forfeit_win"), ("FL", "forfeit_loss"))


def _expressible_in_162(s: ScoreSystem) -> bool:
    """162 has one value per symbol: W for every win and the FPB, D for draws and the HPB, L for
    played losses, A for the ZPB and forfeit losses."""
    return (s.win_white == s.win_black == s.forfeit_win == s.full_bye
            and s.draw_white == s.draw_black == s.half_bye
            and s.loss_white == s.loss_black and s.zero_bye == s.forfeit_loss)
