"""What the values of a Swiss-Manager file mean in the tournament model: the reader.

The byte layout is :mod:`.layout`'s business; here its records become event facts, players,
teams and pairings handed to the :class:`~trfconv.io.build.TournamentBuilder`. Positions are
those of the corpus notes (``LAYOUTS.md``: header string numbers, configuration offsets counted
from the section's marker, player block offsets after the player's 18 strings).

What is decided here, and said in a diagnostic whenever a file depends on it:

- Swiss-Manager stores no points, ranks or tie-break values (it recomputes them on display), so
  the points cannot be compared with the program's own; the counts can (``SWM009``), and the
  builder's checks test that the pairings name each player once a round.
- The points of the free round ("spielfrei", opponent ``0xFFFF``) are a setting whose place in
  the file is unknown: in a Swiss it is read as the pairing-allocated bye (worth what the score
  system gives it, 1 by default), in a round robin as a round without a game (``SWM005``).
- Tie-break ids are chess-results' numbers; of each one's settings only the cuts (and Koya's
  limit) are read, so the list stops at a tie-break whose name depends on other settings
  (:mod:`.tiebreaks`, ``SWM004``).
- Result codes outside the documented keys are read as an unknown result, TRF-2026 ``X``
  (``SWM003``).
"""

from __future__ import annotations

from collections import Counter
from datetime import date

from ...dates import PartialDate
from ...eventkind import NUMBERED_TYPES
from ...messages import msg
from ...model import (
    MAX_ROUNDS,
    NOT_PAIRED,
    Bye,
    ByeKind,
    Extra,
    Forfeit,
    Lineup,
    NationalRating,
    Player,
    RequestedBye,
    Team,
    TeamPab,
    Tournament,
)
from ...sides import Result
from ...titles import TITLE_CODES
from ..build import TournamentBuilder, counted
from .layout import BYE, LayoutError, SwissManagerFile, decode
from .layout import NOT_PAIRED as ABSENT
from .tiebreaks import read_list

#: Tournament type (configuration +15) -> the file suffix Swiss-Manager gives it.
_SUFFIXES = {0: "TUNX", 1: "TURX", 2: "TUTX", 3: "TUMX"}
_ROUND_ROBINS = (1, 2)
_TEAM_TYPES = (2, 3)
#: Result codes of a game record (the program's result-entry keys).
_RESULTS = {0: Result.PENDING, 1: Result.WHITE_WINS, 2: Result.DRAW, 3: Result.BLACK_WINS,
            4: Result.WHITE_WINS_FORFEIT, 5: Result.BLACK_WINS_FORFEIT, 6: Result.DOUBLE_FORFEIT,
            7: Result.ADJOURNED}
#: A "not paired" record's result code -> what the round is for the player (0: nothing entered).
_ABSENCES = {0: NOT_PAIRED, 1: Bye(ByeKind.FULL), 2: Bye(ByeKind.HALF), 3: Bye(ByeKind.ZERO)}
#: Result codes of a board one side left empty: White wins, Black wins by forfeit.
_BOARD_FORFEITS = (4, 5)
#: The free round's codes: 9 once its result is entered, 0 before.
_FREE_ROUND_CODES = (0, 9)
#: An absence entered for a round not yet paired: the requested bye it announces (0: nothing
#: entered yet, which Swiss-Manager scores as a zero-point absence).
_ANNOUNCED = {0: ByeKind.ZERO, 1: ByeKind.FULL, 2: ByeKind.HALF, 3: ByeKind.ZERO}
_SEX = {0: "m", 1: "w"}
#: What a player record holds that the model has no place for (SWM008), by the string's index.
_PLAYER_TEXTS = ((msg("club"), 9), (msg("category"), 11), (msg("group"), 12), (msg("academic title"), 2))
_NATIONAL_TITLE, _NATIONAL_ID = msg("national title"), msg("national id without a national rating")


def read_swissmanager(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    """The tournament in a Swiss-Manager file (``encoding`` is not used: the file says UTF-16).
    Never raises on bad content: a file whose layout is not the known one gives an empty
    tournament with ``SWM001``."""
    builder = TournamentBuilder(path, "swissmanager", encoding="utf-16-le")
    try:
        f = decode(data)
    except LayoutError as err:
        builder.report("SWM001", msg("{err}; the file is damaged or was written by a Swiss-Manager version whose "
                                     "layout trfconv does not know: not read (export a TRF from Swiss-Manager "
                                     "instead)", err=err.message))
        return builder.unreadable()
    rounds = f.config.u16(27)
    if rounds > MAX_ROUNDS:
        builder.report("SWM001", msg("the file announces {rounds} rounds, more than the {max_rounds} any format "
                                     "numbers: not read", rounds=rounds, max_rounds=MAX_ROUNDS))
        return builder.unreadable()
    kind = f.config.u8(15)
    builder.version = _SUFFIXES.get(kind)
    for err in f.damaged:
        builder.report("SWM002", msg("{err}: that section is not read; the players are, without what it holds",
                                     err=err.message))
    _Reader(builder, f, kind).read()
    return builder.build()


class _Reader:
    def __init__(self, builder: TournamentBuilder, f: SwissManagerFile, kind: int):
        self.b, self.f, self.kind = builder, f, kind
        self.not_kept: Counter[str] = Counter()  # by message: the English is the key

    def read(self) -> None:
        self.event()
        for n, record in enumerate(self.f.players, 1):
            self.b.add_player(self.player(n, record))
        if self.kind in _TEAM_TYPES:
            self.teams()
            self.lineups()
        self.games()
        self.counts()
        self.unknown()
        if self.not_kept:
            self.b.report("SWM008", msg("read but not kept (the model has no place for it): {items}",
                                        items=counted(self.not_kept)))

    # -- event ----------------------------------------------------------------------------------
    def event(self) -> None:
        h, f = self.f.header.string, self.f
        if str(self.kind) not in NUMBERED_TYPES:
            self.b.report("SWM006", msg("tournament type {kind} is not 0-3 (individual/team, Swiss/round robin); the "
                                        "event type is left blank", kind=self.kind))
        name = " - ".join(part for part in (h(0), h(1)) if part)
        schedule = tuple(self.date(r.u32(0), msg("round {round} date", round=n)) for n, r in enumerate(f.schedule, 1))
        deputies = tuple(d.strip() for d in ";".join((h(22), h(6), h(35))).split(";")
                         if any(c.isalnum() for c in d))
        event = {
            "name": name or None, "city": h(10) or h(5) or None, "federation": h(20) or h(25) or None,
            "start_date": self.date(f.config.u32(75), msg("start date")),
            "end_date": self.date(f.config.u32(79), msg("end date")),
            "declared_players": len(f.players), "type": NUMBERED_TYPES.get(str(self.kind)),
            "chief_arbiter": h(21) or None, "deputy_arbiters": deputies, "time_control_text": h(14) or None,
            "round_dates": schedule if any(schedule) else (), "declared_rounds": len(f.schedule),
        }
        if self.kind in _TEAM_TYPES:
            event["declared_teams"] = len(f.teams)
        self.b.event.update(event)
        for what, index in ((msg("organiser"), 4), (msg("venue"), 5 if h(10) else None),
                            (msg("tournament director"), 3), (msg("e-mail"), 23), (msg("website"), 24),
                            (msg("remarks"), 2)):
            if index is not None and h(index):
                self.not_kept[what] += 1
        if f.config.u32(1275):
            self.not_kept[msg("FIDE event id")] += 1
        self.tiebreaks()

    def tiebreaks(self) -> None:
        """The tie-break list (:mod:`.tiebreaks`); the ids themselves are kept as a comment."""
        slots = self.f.tiebreak_slots()
        if slots:
            self.b.extras.append(Extra("### Swiss-Manager tie-break codes: " + " ".join(str(n) for n, _ in slots)))
            tiebreaks, standings, caveat = read_list(slots, self.kind in _TEAM_TYPES, len(self.f.schedule))
            self.b.event.update(tiebreaks=tiebreaks, standings_tiebreaks=standings)
            self.b.report("SWM004", caveat)

    def date(self, value: int, what: str) -> date | str | None:
        if not value:
            return None
        try:
            return date(value // 10000, value // 100 % 100, value % 100)
        except ValueError:
            self.b.report("SWM006", msg("{what} {value} is not a date (YYYYMMDD); kept as written",
                                        what=what, value=value))
            return str(value)

    # -- players --------------------------------------------------------------------------------
    def player(self, n: int, r) -> Player:
        s = r.string
        sex = r.u8(30)
        if sex not in _SEX:
            self.b.report("SWM006", msg("player {number}: sex code {sex} is neither 0 (man) nor 1 (woman); left blank",
                                        number=n, sex=sex))
        title = s(4).upper()
        if title and title not in TITLE_CODES:
            self.not_kept[_NATIONAL_TITLE] += 1
        for what, index in _PLAYER_TEXTS:
            if s(index) and s(index) != "*":
                self.not_kept[what] += 1
        fide_id, national = r.u32(48), r.u16(34)
        if s(5) and not national:
            self.not_kept[_NATIONAL_ID] += 1
        federation = self.b.event.get("federation") or s(10)
        return Player(
            start_number=n, name=", ".join(part for part in (s(0), s(1)) if part), sex=_SEX.get(sex),
            title=title if title in TITLE_CODES else None, rating=r.u16(32) or None, federation=s(10) or None,
            fide_id=str(fide_id) if fide_id else None, birth_date=self.birth_date(n, r.u32(38)),
            national_ratings=(NationalRating(federation, rating=national, national_id=s(5) or None),)
            if national and federation else ())

    def birth_date(self, n: int, value: int) -> PartialDate | str | None:
        if not value:
            return None
        year, month, day = value // 10000, value // 100 % 100, value % 100
        try:
            return PartialDate(year, month or None, day or None)
        except ValueError:
            self.b.report("SWM006", msg("player {number}: birth date {value} is not a date (YYYYMMDD, 00 for unknown "
                                        "parts); kept as written", number=n, value=value))
            return str(value)

    # -- teams ----------------------------------------------------------------------------------
    def teams(self) -> None:
        members: dict[int, list[tuple[int, int]]] = {}
        for n, r in enumerate(self.f.players, 1):
            team = r.u16(52)
            if team:
                members.setdefault(team, []).append((r.u16(54), n))
            if team > len(self.f.teams):
                self.b.report("SWM006", msg("player {number} is in team {team}; the file has {count} teams",
                                            number=n, team=team, count=len(self.f.teams)))
        for n, r in enumerate(self.f.teams, 1):
            short = r.string(1)
            self.b.teams.append(Team(number=n, name=r.string(0), nickname=short if short != r.string(0) else None,
                                     members=tuple(p for _, p in sorted(members.get(n, [])))))
        byes: dict[int, tuple[int, int]] = {}
        for m in self.f.matches:
            if m.second == BYE:
                byes[m.round] = (m.first, m.points[0])
            elif m.second == ABSENT:
                self.b.report("SWM006", msg("round {round}: team {first} not paired (byte {offset})",
                                            round=m.round, first=m.first, offset=m.offset))
        if byes:
            points = {p for _, p in byes.values()}
            self.b.team_event["pab"] = TeamPab(None, None if len(points) > 1 else next(iter(points)) / 2,
                                               tuple(byes.get(r, (None,))[0] for r in range(1, len(self.f.schedule) + 1)))

    def lineups(self) -> None:
        """Who played on which board of each match (TRF-2026 300): a round's pairing records are
        its matches' boards, match after match in the order of the match records, so that a board
        left empty stays visible."""
        f, boards = self.f, self.f.config.u16(53)
        team_of = {n: r.u16(52) for n, r in enumerate(f.players, 1)}
        games: dict[int, list] = {}
        matches: dict[int, list] = {}
        for g in f.games:
            games.setdefault(g.round, []).append(g)
        for m in f.matches:
            if m.second not in (BYE, ABSENT):
                matches.setdefault(m.round, []).append(m)
        lineups = []
        for r, played in sorted(matches.items()):
            records = games.get(r, [])
            if not boards or len(records) != boards * len(played):
                self.b.report("SWM009", msg("round {round}: {count} pairing records for {matches} matches of {boards} "
                                            "boards; the line-ups are not read",
                                            round=r, count=len(records), matches=len(played), boards=boards))
                return
            for k, m in enumerate(played):
                chunk = records[k * boards:(k + 1) * boards]
                for team, other in ((m.first, m.second), (m.second, m.first)):
                    lineups.append(Lineup(r, team, other, tuple(
                        next((p for p in (g.white, g.black) if p and team_of.get(p) == team), None) for g in chunk)))
        self.b.team_event["lineups"] = tuple(lineups)

    # -- pairings -------------------------------------------------------------------------------
    def games(self) -> None:
        b, round_robin = self.b, self.kind in _ROUND_ROBINS
        paired = self.f.config.u16(21)
        free_rounds = 0
        announced: dict[tuple[int, ByeKind], list[int]] = {}
        for g in self.f.games:
            if g.white == 0 and g.black in (0, BYE, ABSENT):
                if g.black or g.code:
                    self.unknown_code(g, msg("a record without a player"), msg("nothing"))
                continue
            if g.black == BYE:
                if g.code not in _FREE_ROUND_CODES:
                    self.unknown_code(g, msg("the free round of player {number}", number=g.white),
                                      msg("a round without a game") if round_robin else msg("a pairing-allocated bye"))
                free_rounds += 1
                b.entry(g.round, g.white, NOT_PAIRED if round_robin else Bye(ByeKind.PAB))
            elif g.black == ABSENT:
                if g.code not in _ABSENCES:
                    self.unknown_code(g, msg("the absence of player {number}", number=g.white), msg("not paired"))
                if g.round > paired and b.has_player(g.white):
                    announced.setdefault((g.round, _ANNOUNCED.get(g.code, ByeKind.ZERO)), []).append(g.white)
                else:
                    b.entry(g.round, g.white, _ABSENCES.get(g.code, NOT_PAIRED))
            elif 0 in (g.white, g.black):  # a board left empty (team files): a forfeit without opponent
                player, white = (g.white, True) if g.white else (g.black, False)
                if g.code not in _BOARD_FORFEITS:
                    self.unknown_code(g, msg("player {number} without an opponent", number=player), msg("not paired"))
                    b.entry(g.round, player, NOT_PAIRED)
                else:
                    b.entry(g.round, player, Forfeit((g.code == 4) == white))
            else:
                result = _RESULTS.get(g.code)
                if result is None:
                    self.unknown_code(g, msg("the game {white} - {black}", white=g.white, black=g.black),
                                      msg("an unknown result (X)"))
                b.pairing(g.round, g.white, g.black, result or Result.ADJOURNED)
        if announced:
            b.pairing_data["requested_byes"] = tuple(RequestedBye(kind, r, tuple(ids))
                                                     for (r, kind), ids in sorted(announced.items(), key=lambda item: (item[0][0], item[0][1].value)))
            b.report("SWM010", msg("{count} absence(s) entered for round(s) not yet paired ({rounds}): read as "
                                   "requested byes (TRF-2026 240), zero-point unless Swiss-Manager's code says a "
                                   "half or full point", count=sum(map(len, announced.values())),
                                   rounds=", ".join(str(r) for r in sorted({r for r, _ in announced}))))
        if free_rounds:
            b.report("SWM005", msg("{count} free round(s) ('spielfrei'): in a round robin, read as rounds without a "
                                   "game (0 points); Swiss-Manager's own setting for them is not located in the file",
                                   count=free_rounds) if round_robin else
                     msg("{count} free round(s) ('spielfrei'): read as pairing-allocated byes, worth the score "
                         "system's points (1 by default); Swiss-Manager's own setting for them is not located in the "
                         "file", count=free_rounds))

    def unknown_code(self, g, what: str, reading: str) -> None:
        self.b.report("SWM003", msg("round {round}, record at byte {offset}: result code {code} of {what} is not one "
                                    "trfconv knows; read as {reading}", round=g.round, offset=g.offset, code=g.code,
                                    what=what, reading=reading))

    # -- cross-checks and what was not understood -------------------------------------------------
    def counts(self) -> None:
        f, report = self.f, self.b.report
        announced, paired = f.config.u16(4), f.config.u16(21)
        if announced != len(f.schedule) and f.players:
            report("SWM009", msg("the file announces {announced} rounds and schedules {count}",
                                 announced=announced, count=len(f.schedule)))
        late = sorted({g.round for g in f.games if g.round > paired and g.black != ABSENT})
        if late:
            report("SWM009", msg("the file says {paired} round(s) are paired, but holds pairings of round(s) {items}",
                                 paired=paired, items=", ".join(map(str, late))))

    def unknown(self) -> None:
        flagged = [g for g in self.f.games if any(g.rest)]
        if flagged:
            where = [msg("round {round} {white}-{black}", round=g.round, white=g.white, black=g.black) if g.black < ABSENT
                     else msg("round {round} {white}-bye", round=g.round, white=g.white) for g in flagged[:5]]
            self.b.report("SWM007", msg("{count} pairing record(s) carry flags whose meaning is not known "
                                        "({where}{more}); ignored",
                                        count=len(flagged), where=where, more=" …" if len(flagged) > 5 else ""))
        for name, raw in self.f.unknown.items():
            self.b.report("SWM007", msg("section {name} ({count} bytes) is not understood; not used",
                                        name=name, count=len(raw)))
