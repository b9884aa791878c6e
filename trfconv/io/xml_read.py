"""Reader for the chess-results.com upload XML (what Swiss-Manager and others send to
chess-results; H. Herzog, "Upload_ChessTournaments_to_chessresults", as transcribed in
the Sharly-Chess repository, docs/technical-appendices/chess-results).

Layout: ``<chessresults>`` holds ``<tournamentdata><tournament …/>``, ``<rounds><round/>``,
``<players><player/>``, ``<playerpairings><playerpairing/>`` and, for team events,
``<teams><team/>`` and ``<teampairings><teampairing/>``. Quirks handled: points and
tie-breaks with a decimal comma (``pts="3,5"``) while results use a dot (``reswhite="1.0"``);
dates as ``yyyymmdd`` or ``dd.mm.yyyy``; ``blackno="-1"`` for the pairing-allocated bye and
``-2`` for "not paired" (with points: a requested bye); ``forfeit`` codes ``K`` (forfeit),
``D`` (0-0 forfeit), ``U`` (unrated game), ``H`` (adjourned); the whole name in ``lastname``.
The tie-break ids ``tb1no``…``tb5no`` become the event's 202/212 list (:mod:`.xml_tiebreaks`);
the ``<security>`` block and the tie-break values are not part of the model and are ignored.
"""

from __future__ import annotations

import dataclasses
import re
from datetime import date
from fractions import Fraction

from ..dates import PartialDate, read_birth_date
from ..diagnostics import shown
from ..eventkind import NUMBERED_TYPES
from ..messages import msg, plural
from ..model import (
    MAX_ROUNDS,
    NOT_PAIRED,
    Bye,
    ByeKind,
    Event,
    Forfeit,
    MatchPointSystem,
    Player,
    Team,
    TeamPab,
    Tournament,
    Unreadable,
)
from ..numbers import ascii_digits, decimal_number, not_a_number, placeholder
from ..sides import Result
from .build import Codes, TournamentBuilder

_CODES = Codes(unknown_player="XML005", second_entry="XML005")

_SEX = {"m": "m", "w": "w", "f": "w"}
_NO_SEX = {"", "*", "-"}
_COMPACT_DATE = re.compile(r"(\d{4})(\d{2})(\d{2})", re.ASCII)
_DOTTED_DATE = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", re.ASCII)
_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})", re.ASCII)
_INTEGER = re.compile(r"-?\d{1,12}", re.ASCII)


def read_xml(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    from .xml_safe import parse  # lxml: imported when an XML file is read

    parsed = parse(data, path, encoding=encoding)
    builder = TournamentBuilder(path, "xml", encoding=parsed.encoding, codes=_CODES, diagnostics=parsed.diagnostics)
    reader = _Reader(builder)
    if parsed.root is None:
        return builder.unreadable()
    if parsed.root.tag != "chessresults" or parsed.root.find("tournamentdata/tournament") is None:
        reader.report("XML003", msg("root element <{tag}> with <tournamentdata><tournament> expected (<chessresults>)",
                                    tag=parsed.root.tag), parsed.root)
        return builder.unreadable()
    builder.version = "chess-results"
    reader.read(parsed.root)
    return builder.build()


def parse_date(text: str) -> date | None:
    """``yyyymmdd`` (the files), ``dd.mm.yyyy`` (the specification) or ISO; None otherwise."""
    for pattern, order in ((_COMPACT_DATE, (0, 1, 2)), (_DOTTED_DATE, (2, 1, 0)), (_ISO_DATE, (0, 1, 2))):
        m = pattern.fullmatch(text)
        if m:
            year, month, day = (int(m.group(i + 1)) for i in order)
            try:
                return date(year, month, day)
            except ValueError:
                return None
    return None


def parse_number(text: str) -> Fraction | None:
    """A points value with a decimal comma or dot (``3,5``, ``1.0``, ``½``); None if blank.
    Raises ValueError when the text is not a plain decimal within the bounds of
    :mod:`trfconv.numbers` (no exponent: ``1e999999999`` would be a very large number to build)."""
    text = text.strip()
    if not text:
        return None
    half = text.endswith("½")
    text = text[:-1] if half else text
    value = decimal_number(text) if text else Fraction(0)
    if value is None or text.startswith("+"):
        raise ValueError(text)
    return value + Fraction(1, 2) if half else value


class _Reader:
    def __init__(self, builder: TournamentBuilder):
        self.builder = builder

    def report(self, code: str, message: str, element=None) -> None:
        self.builder.report(code, message, line=element.sourceline if element is not None else None)

    def text(self, element, name: str) -> str | None:
        value = (element.get(name) or "").strip()
        return value or None

    def integer(self, element, name: str) -> int | None:
        value = self.text(element, name)
        if value is None:
            return None
        if _INTEGER.fullmatch(value):
            return int(value)
        self.report("XML004", msg("{name}={value} is not a whole number", name=name, value=repr(value)), element)
        return None

    def number(self, element, name: str) -> Fraction | None:
        value = element.get(name) or ""
        try:
            return parse_number(value)
        except (ValueError, ZeroDivisionError):
            self.report("XML004", msg("{name}={value} is not a number", name=name, value=repr(value)), element)
            return None

    def date(self, element, name: str):
        value = self.text(element, name)
        if value is None:
            return None
        parsed = parse_date(value)
        if parsed is None:
            self.report("XML004", msg("{name}={value} is not a date (yyyymmdd or dd.mm.yyyy); kept as text",
                                      name=name, value=repr(value)), element)
            return value
        return parsed

    # -- the document ------------------------------------------------------------------------
    def read(self, root) -> None:
        b = self.builder
        tournament = root.find("tournamentdata/tournament")
        for e in root.iterfind("players/player"):
            player = self.player(e)
            if player is not None:
                b.add_player(player, line=e.sourceline)
        self.pairings(root)
        b.teams.extend(self.teams(root, root.iterfind("players/player")))
        event = self.event(tournament, root)
        b.event.update((f.name, getattr(event, f.name)) for f in dataclasses.fields(event))
        b.team_event.update(self.team_event(root, event.declared_rounds or 0))
        pab = b.team_event.get("pab")
        if pab:
            self.team_byes(b.teams, pab, self.integer(tournament, "playerperteam"))

    def team_byes(self, teams: list[Team], pab: TeamPab, boards: int | None) -> None:
        """A team's pairing-allocated bye is a bye for each of its players on the boards of a
        match (the first ``playerperteam`` in board order): chess-results counts the point in
        each of their ``pts``, and lists no pairing row for them."""
        members = {team.number: team.members for team in teams}
        for r, team in enumerate(pab.teams, 1):
            for player in members.get(team, ())[:boards or None]:
                self.builder.entry(r, player, Bye(ByeKind.PAB), if_free=True)

    def event(self, e, root) -> Event:
        kind = self.text(e, "type")
        deputies = tuple(d.strip() for d in (self.text(e, "deputyarbiter") or "").split(";") if d.strip())
        dates: dict[int, object] = {}
        for r in root.iterfind("rounds/round"):
            number = self.integer(r, "round")
            if number and 0 < number <= MAX_ROUNDS:
                dates[number] = self.date(r, "date")
        round_dates = tuple(dates.get(i) for i in range(1, max(dates, default=0) + 1))
        if kind is not None and kind not in NUMBERED_TYPES:
            self.report("XML004", msg("type={kind} is not 0-3 (individual/team, Swiss/round robin)", kind=repr(kind)), e)
        return Event(
            name=self.text(e, "name"), city=self.text(e, "location"), federation=self.text(e, "federation"),
            start_date=self.date(e, "from"), end_date=self.date(e, "to"), type=NUMBERED_TYPES.get(kind or ""),
            chief_arbiter=self.text(e, "chiefarbiter"), deputy_arbiters=deputies,
            time_control_text=self.text(e, "timecontrol"),
            round_dates=round_dates if any(d is not None for d in round_dates) else (),
            declared_rounds=self.rounds(e),
            **dict(zip(("tiebreaks", "standings_tiebreaks"), self.tiebreaks(e, kind in ("2", "3")), strict=True)),
        )

    def tiebreaks(self, e, team: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The 202 and 212 lists of ``tb1no``…``tb5no`` (:mod:`.xml_tiebreaks`); the list stops
        at an id that has no C.07 counterpart, which is reported (STD003)."""
        from .xml_tiebreaks import DESCRIPTIONS, SLOTS, lists_of  # here: sniffing XML does not load it

        slots = []
        for k in range(1, SLOTS + 1):
            number = self.integer(e, f"tb{k}no")
            if number:
                slots.append((number, self.text(e, f"tb{k}_detail") or ""))
        tiebreaks, standings, unused = lists_of(slots, team)
        if unused:
            slot = len(slots) - len(unused) + 1
            after = plural(" (and the {n} after it)", " (and the {n} after it)", n=len(unused) - 1) \
                if len(unused) > 1 else ""
            known = msg(", {description}", description=DESCRIPTIONS[unused[0]]) if unused[0] in DESCRIPTIONS else ""
            self.report("STD003", msg("tie-break id {id} (tb{slot}no{known}) has no C.07 counterpart trfconv knows: "
                                      "the tie-break list stops before it{after}; ties it would break are left tied",
                                      id=unused[0], slot=slot, known=known, after=after), e)
        return tiebreaks, standings

    def rounds(self, e) -> int | None:
        value = self.integer(e, "rounds")
        if value is not None and not 0 <= value <= MAX_ROUNDS:
            self.report("XML004", msg("rounds={value} is not a number of rounds (0-{max_rounds}); ignored",
                                      value=value, max_rounds=MAX_ROUNDS), e)
            return None
        return value

    def player(self, e) -> Player | None:
        number = self.integer(e, "no")
        if number is None or number <= 0:
            self.report("XML004", msg("player without a start number (no={no}); left out", no=repr(e.get("no"))), e)
            return None
        last, first = self.text(e, "lastname") or "", self.text(e, "firstname")
        sex = (self.text(e, "sex") or "")
        fide_id = self.text(e, "fideid")
        if fide_id is not None and placeholder(fide_id):
            self.report("FID001", msg("player {number}: fideid={fide_id} is a placeholder; read as none",
                                      number=number, fide_id=shown(fide_id)), e)
            fide_id = None
        elif fide_id is not None and not ascii_digits(fide_id):
            self.report("XML004", msg("fideid={fide_id} {why}", fide_id=shown(fide_id), why=not_a_number(fide_id)), e)
            fide_id = None
        rating = self.integer(e, "rtgfide")
        rank = self.integer(e, "rank")
        return Player(
            start_number=number,
            name=f"{last}, {first}" if first else last,
            sex=None if sex in _NO_SEX else _SEX.get(sex.lower(), sex),
            title=self.text(e, "title"),
            rating=rating or None,
            federation=self.text(e, "fed"),
            fide_id=fide_id if fide_id and int(fide_id) else None,
            birth_date=self.birth_date(e),
            points=self.number(e, "pts"),
            rank=rank or None,
        )

    def birth_date(self, e) -> PartialDate | str | None:
        value = self.text(e, "dob")
        if value is None or value.strip("0") == "" or value.strip(".0") == "":
            return None
        compact = _COMPACT_DATE.fullmatch(value)
        if compact:
            value = "/".join(compact.groups())
        parsed = read_birth_date(value)
        if parsed is None:
            self.report("XML004", msg("dob={value} is not a date (yyyy, dd.mm.yyyy or yyyymmdd); kept as text",
                                      value=repr(value)), e)
            return value
        return parsed

    def pairings(self, root) -> None:
        """Every (player, round) entry, from the pairing rows (one row per game or bye)."""
        b = self.builder
        for row in root.iterfind("playerpairings/playerpairing"):
            r, white, black = self.integer(row, "round"), self.integer(row, "whiteno"), self.integer(row, "blackno")
            if r is None or not 0 < r <= MAX_ROUNDS or white is None or black is None:
                self.report("XML005", msg("pairing without a round (1-{max_rounds}), whiteno or blackno; left out",
                                          max_rounds=MAX_ROUNDS), row)
                continue
            if white <= 0:
                self.report("XML005", msg("round {r}: pairing names player {white}, who is not in the file; left out",
                                          r=r, white=white), row)
                continue
            rw, rb, code = self.number(row, "reswhite"), self.number(row, "resblack"), (row.get("forfeit") or "").strip().upper()
            if black > 0:
                if not b.missing(r, white, black, line=row.sourceline):
                    result, rated = self.result(row, r, white, black, rw, rb, code)
                    b.pairing(r, white, black, result, rated=rated, line=row.sourceline)
            elif black == -1:
                b.entry(r, white, Bye(ByeKind.PAB), line=row.sourceline)
            elif black == -2:
                b.entry(r, white, self.unpaired(row, rw, code), line=row.sourceline)
            else:
                self.report("XML005", msg("round {r}: blackno={black} is not a player, -1 (bye) or -2 (not paired); "
                                          "left out", r=r, black=black), row)

    def result(self, row, r: int, white: int, black: int, rw, rb, code: str) -> tuple[Result, bool]:
        """The result of a game row and whether it is rated (``U``: less than one move)."""
        if code == "D" or (code == "K" and rw == rb == 0):
            return Result.DOUBLE_FORFEIT, True
        if code == "K":
            if rw and rw > (rb or 0):
                return Result.WHITE_WINS_FORFEIT, True
            return (Result.BLACK_WINS_FORFEIT if rb and rb > (rw or 0) else Result.DOUBLE_FORFEIT), True
        if code == "H" or (rw is None and rb is None):
            if code != "H":
                self.report("XML006", msg("round {r}: {white} - {black} has no result; read as not finished",
                                          r=r, white=white, black=black), row)
            return (Result.ADJOURNED if code == "H" else Result.PENDING), True
        if code not in ("", "U"):
            self.report("XML004", msg("round {r}: forfeit={code} is not K, D, U or H; ignored", r=r, code=repr(code)), row)
        rw, rb = rw or Fraction(0), rb or Fraction(0)
        if rw == rb == 0:
            self.report("XML004", msg("round {r}: {white} - {black} is 0-0 without a forfeit code; read as a double "
                                      "forfeit", r=r, white=white, black=black), row)
            return Result.DOUBLE_FORFEIT, True
        return (Result.WHITE_WINS if rw > rb else Result.BLACK_WINS if rw < rb else Result.DRAW), code != "U"

    def unpaired(self, row, points, code: str):
        """``blackno=-2``: not paired; with points, a requested bye (or, with ``K``, a forfeit
        without an opponent)."""
        if points is None:
            return NOT_PAIRED
        if code == "K":
            return Forfeit(points > 0)
        kind = {Fraction(1): ByeKind.FULL, Fraction(1, 2): ByeKind.HALF, Fraction(0): ByeKind.ZERO}.get(points)
        if kind is None:
            self.report("XML004", msg("unpaired row with {points} points is not a bye of 1, ½ or 0; kept as unreadable",
                                      points=repr(row.get("reswhite"))), row)
            return Unreadable(f"-2 {row.get('reswhite')}")
        return Bye(kind)

    def teams(self, root, player_elements) -> list[Team]:
        members: dict[int, list[tuple[int, int]]] = {}
        for e in player_elements:
            team, number = self.integer(e, "teamno"), self.integer(e, "no")
            if team and self.builder.has_player(number):
                members.setdefault(team, []).append((self.integer(e, "board") or 0, number))
        out = []
        for e in root.iterfind("teams/team"):
            number = self.integer(e, "no")
            if number is None:
                self.report("XML004", msg("team without a number (no); left out"), e)
                continue
            out.append(Team(
                number=number, name=self.text(e, "teamname") or "",
                members=tuple(n for _, n in sorted(members.get(number, []))),
                nickname=self.text(e, "teamshort"), match_points=self.number(e, "points"),
                rank=self.integer(e, "rank") or None,
            ))
        return out

    def team_event(self, root, rounds: int) -> dict:
        """The team pairing-allocated byes (``no2="-1"``), as :class:`TeamEvent` fields; match
        results follow from the boards. The bye's result (``res1``–``res2``, 4.0–0.0 in
        chess-results' files) gives its game points and its match points: those of a won, drawn
        or lost match (2, 1, 0), as the file's team ``points`` count them; without a result the
        edition's values apply."""
        byes: dict[int, int] = {}
        points = against = None
        for row in root.iterfind("teampairings/teampairing"):
            if self.integer(row, "no2") == -1:
                r, team = self.integer(row, "round"), self.integer(row, "no1")
                if r and 0 < r <= MAX_ROUNDS and team:
                    byes[r] = team
                    if points is None and against is None:
                        points, against = self.number(row, "res1"), self.number(row, "res2")
        if not byes:
            return {}
        length = max(rounds, max(byes))
        return {"pab": TeamPab(bye_match_points(points, against), points,
                               tuple(byes.get(r) for r in range(1, length + 1)))}


def bye_match_points(points: Fraction | None, against: Fraction | None) -> Fraction | None:
    """The match points a team bye's result ``res1``–``res2`` states: a won, drawn or lost match
    (2, 1, 0); None when the result is not given whole (the event's rules decide)."""
    if points is None or against is None:
        return None
    system = MatchPointSystem()
    return system.win if points > against else system.draw if points == against else system.loss


def sniff(head: bytes) -> bool:
    """Whether the first bytes of a file are this format's (the format registry asks)."""
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")
