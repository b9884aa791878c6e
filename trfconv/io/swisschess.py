"""Reader for Swiss-Chess tournament files (``.SWT``, Swiss-Chess for Windows 8.xx, individual
and team events).

No specification is published. The byte positions below are the ones documented by
fnogatz/SWT-structure-files (folder ``800/``, and ``700/`` for the pairing and team records
that did not change), restated here as facts and checked field by field against the reference
parser's output for the two sample files (``fixtures/native/swt``).

Layout (all offsets from the start of the file; integers little-endian; text single-byte,
NUL-terminated inside a fixed-width field, read as Windows-1252):

- a general block of :data:`FIXTURES_AT` bytes: rounds (byte 1), rounds paired (byte 5),
  participants (u16 at 7), tournament mode (``0x254``), boards (``0x25C``), team event
  (``0x25E``, ``0xFF`` = yes), the file version (u16 at ``0x261``, 883 = Swiss-Chess 8.83),
  number of teams (``0x534``), the scoring system (``0x538``), texts (name, place, arbiters,
  dates, rate of play) and the round dates (days since 1899-12-30, from ``0x2CC1``);
- once a round has been paired: one 19-byte record per player and round (players in file
  order, rounds in order), then one per team and round;
- the player records (655 bytes each), then the team records (655 bytes each).

A player record holds the standings Swiss-Chess computed (rank, points): they are kept as the
file's declared values, which the read-time checks compare with the results. They are Swiss-Chess's
own count, stored when it last computed the standings: points that the player's own pairing
records do not give are a count left stale by a later edit (``SWT011``, the team sample's seven
players), not a value of the file, and are not kept (a TRF written from the file gets the points of
the results, which consumers add up from its round blocks).

The tie-break list is the mode's selection fields (Swiss: ``0x26D``, ``0x23C``; round robin:
``0x26E``, ``0x23D``; teams: ``0x263``, ``0x265``/``0x266``, ``0x267``/``0x268``), each a choice
of fnogatz's table 84, with the number of results cut (``0x09``) and "wins as the last
tie-break" (``0x251``). Buchholz is named with its cuts, on match points in a team event: the
first two values Swiss-Chess stores in each record (``0x128``, ``0x12C``) equal trfconv's
``BH/C1`` in the individual sample and ``PTS:GP`` and ``BH:MP`` in the team one. The list stops
at a choice whose C.07 counterpart is not sure (``SWT009``, a caveat), as Swiss-Manager's does.

Not read: the team pairing records (match results follow from the boards; a team's bye is seen
in its players' records), Keizer/knock-out settings, files of Swiss-Chess 7.xx (another layout)
and Swiss-Chess's own scoring systems (``SWT005``).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction

from ..dates import read_birth_date
from ..eventkind import NUMBERED_TYPES
from ..messages import msg
from ..model import (
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Forfeit,
    Game,
    MatchPointSystem,
    NationalRating,
    Outcome,
    Pending,
    Player,
    RoundEntry,
    ScoreSystem,
    Team,
    Tournament,
    Unreadable,
)
from ..names import fide_name
from ..numbers import ascii_digits, exact_sum, not_a_number, placeholder
from .build import TournamentBuilder
from .xml_tiebreaks import Name, list_caveat, split, until_unnamed

#: Where the pairing records start in an 8.xx file (the end of the general block).
FIXTURES_AT = 13384
#: Sizes of a pairing record, a player record and a team record (8.xx).
PAIRING_BYTES = 19
PLAYER_BYTES = 655
TEAM_BYTES = 655
#: The file version (u16) and the first version whose layout this reader knows.
VERSION_AT = 0x261
FIRST_VERSION = 800

#: General block: one-byte and two-byte numbers.
_ROUNDS, _PAIRED, _PARTICIPANTS = 1, 5, 7
_MODE, _BOARDS, _IS_TEAM, _TEAMS, _SCORING_AT, _TEAM_SCORING_AT = 0x254, 0x25C, 0x25E, 0x534, 0x538, 0x53A
#: General block: texts, as (first, last) byte.
_NAME, _PLACE, _ARBITER, _REMARK = (0x316, 0x33D), (0x33F, 0x366), (0x368, 0x3A3), (0x3E2, 0x41D)
_DEPUTIES = ((0x3A5, 0x3E0), (0x2E47, 0x2E82), (0x2E84, 0x2EBF), (0x2EC1, 0x2EFC))
_START, _END = (0x41F, 0x432), (0x434, 0x447)
_RATE_OF_PLAY = ((0x449, 0x45C), (0x45E, 0x471), (0x473, 0x487))
#: Round dates: 40 (date, time) pairs of two u16 each, from here.
_ROUND_DATES, _MAX_DATED_ROUNDS = 0x2CC1, 40
_DAY_ZERO = date(1899, 12, 30)

#: Player record fields.
_P_NAME, _P_CLUB, _P_TITLE, _P_ELO, _P_NATIONAL = (0x00, 0x1F), (0x21, 0x40), (0x42, 0x44), (0x46, 0x49), (0x4B, 0x4E)
_P_COUNTRY, _P_BIRTH, _P_FIDE_ID = (0x69, 0x6B), (0x80, 0x89), (0x144, 0x14F)
_P_SEX, _P_TEAM, _P_BOARD, _P_ID, _P_NUMBER, _P_RANK, _P_POINTS2 = 0xB8, 0xC9, 0xCB, 0xD9, 0xDB, 0xDD, 0x124
#: Team record fields.
_T_NAME, _T_COUNTRY = (0x00, 0x1F), (0x69, 0x6B)
_T_ID, _T_RANK, _T_MATCH_POINTS2, _T_BOARD_POINTS2 = 0xD9, 0xDD, 0x124, 0x128
#: Team ids are stored plus this.
_TEAM_ID_BASE = 998
#: Pairing record fields: colour, opponent's player id (u16), result, status, board.
_R_COLOUR, _R_OPPONENT, _R_RESULT, _R_STATUS, _R_BOARD = 8, 9, 11, 15, 18

#: Tournament mode (``0x254``) -> Swiss (0) or round robin (1); 2 knock-out, 3 Scheveningen.
_SWISS, _ROUND_ROBIN = 0, 1
_MODES = {0: "Swiss system", 1: "round robin", 2: "knock-out", 3: "Scheveningen"}
#: Colour byte: 1 White, 2 White without opponent (bye), 3 Black, 4 Black bye; 0 no pairing.
_COLOURS = {1: (Colour.WHITE, False), 2: (Colour.WHITE, True), 3: (Colour.BLACK, False), 4: (Colour.BLACK, True)}
#: Result byte, low two bits: 1 a loss, 2 a draw, 3 a win (0: no result yet).
_OUTCOMES = {1: Outcome.LOSS, 2: Outcome.DRAW, 3: Outcome.WIN}
_BYES = {3: ByeKind.PAB, 2: ByeKind.HALF, 1: ByeKind.ZERO}
#: Status byte: 0 played, 0x01/0x11 adjourned, 0x02/0x22 forfeit, 0x03/0x33 not played.
_ADJOURNED, _FORFEIT, _NOT_PLAYED = {0x01, 0x11}, {0x02, 0x22}, {0x03, 0x33}
#: Scoring systems (``0x538``): points for a win and draw with White / with Black; an unknown
#: (adjourned) result is worth a draw, as TRF-2026 162 X is by default.
_SCORING = {
    0: None,  # 1, ½, 0: the default
    1: ScoreSystem(win_white=Fraction(3), win_black=Fraction(3), draw_white=Fraction(1), draw_black=Fraction(1),
                   forfeit_win=Fraction(3), pab=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1),
                   unknown=Fraction(1)),
    2: ScoreSystem(win_white=Fraction(3), win_black=Fraction(3), draw_white=Fraction(1),
                   draw_black=Fraction(3, 2), forfeit_win=Fraction(3), pab=Fraction(3), full_bye=Fraction(3),
                   half_bye=Fraction(1), unknown=Fraction(1)),
}
#: Tie-break selection fields by (team event, mode): rank order; a byte of fnogatz's table 84.
_TIEBREAK_FIELDS = {(False, _SWISS): (0x26D, 0x23C), (False, _ROUND_ROBIN): (0x26E, 0x23D),
                    (True, _SWISS): (0x263, 0x265, 0x267), (True, _ROUND_ROBIN): (0x263, 0x266, 0x268)}
_CUTS, _WINS_LAST = 0x09, 0x251
#: Table 84's bytes that are not its numbers (the rest are): 0x0C → 11 … 0x13 → 14.
_SELECTION = {0x0C: 11, 0x0D: 12, 0x0E: 15, 0x0F: 16, 0x10: 13, 0x13: 14}
#: Table 84 (fnogatz/SWT-structure-files, field-names/de.csv), in English.
_TIEBREAK_NAMES = {1: msg("match points"), 2: msg("board points"), 3: msg("Buchholz"), 4: msg("cumulative score"), 5: msg("Sonneborn-Berger"),
                   6: msg("median Buchholz"), 7: msg("Buchholz sum"), 8: msg("average rating of the opponents"),
                   9: msg("rating performance"), 10: msg("rating difference"), 11: msg("three-point scoring"),
                   12: msg("three-point colour scoring"), 13: msg("Berlin tie-break"), 14: msg("Schmuljan tie-break"),
                   15: msg("number of wins"), 16: msg("direct encounter")}
_TEAM_SCORING = {0: None, 1: MatchPointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))}
_SEX = {"m": "m", "w": "w", "f": "w"}
#: The FIDE id as a message names it (the field whose placeholder is read as none).
_FIDE_ID = msg("FIDE id")


def sniff(head: bytes) -> bool:
    """Whether the first bytes look like a Swiss-Chess file: the general block is there, its
    version is a Swiss-Chess version, and its counts and the tournament name are plausible (the
    format has no signature)."""
    if len(head) < _NAME[1] + 1:
        return False
    version = _u16(head, VERSION_AT)
    rounds, paired = head[_ROUNDS], head[_PAIRED]
    return (700 <= version < 1000 and paired <= rounds and head[_IS_TEAM] in (0, 0xFF)
            and head[_MODE] in _MODES and _plain_text(head[_NAME[0]:_NAME[1] + 1]))


def read_swisschess(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    """The tournament in a Swiss-Chess ``.SWT`` file; never raises on bad content: what cannot be
    read is a diagnostic (a file cut short is read as far as its records are whole)."""
    builder = TournamentBuilder(path, "swisschess", encoding=encoding or "cp1252")
    if len(data) <= VERSION_AT + 1:
        builder.report("SWT001", msg("the file has {count} bytes, fewer than a Swiss-Chess file's general block "
                                     "({size}); nothing read", count=len(data), size=FIXTURES_AT))
        return builder.unreadable()
    version = _u16(data, VERSION_AT)
    builder.version = f"SWT {version}"
    if version < FIRST_VERSION:
        builder.report("SWT002", msg("file version {version}: only Swiss-Chess 8.xx files (version {first_version} "
                                     "and later) are read; save it again with Swiss-Chess 8 or export a TRF from it",
                                     version=version, first_version=FIRST_VERSION))
        return builder.unreadable()
    if len(data) < FIXTURES_AT:
        builder.report("SWT001", msg("the file has {count} bytes, fewer than a Swiss-Chess file's general block "
                                     "({size}); nothing read", count=len(data), size=FIXTURES_AT))
        return builder.unreadable()
    return _Reader(data, builder).read()


class _Reader:
    def __init__(self, data: bytes, builder: TournamentBuilder):
        self.data, self.b = data, builder
        self.codec = builder.encoding or "cp1252"
        self.rounds, self.paired = data[_ROUNDS], data[_PAIRED]
        self.count, self.teams = _u16(data, _PARTICIPANTS), data[_TEAMS]
        self.team_event = data[_IS_TEAM] == 0xFF
        self.boards = data[_BOARDS]

    def text(self, at: int, span: tuple[int, int]) -> str:
        raw = self.data[at + span[0]:at + span[1] + 1].split(b"\0", 1)[0]
        try:
            return raw.decode(self.codec, errors="replace").strip()
        except LookupError:  # an encoding name Python does not know (--encoding)
            return raw.decode("cp1252", errors="replace").strip()

    def read(self) -> Tournament:
        teams = self.teams if self.team_event else 0
        records = (self.count + teams) * self.rounds if self.paired else 0
        self.players_at = players_at = FIXTURES_AT + records * PAIRING_BYTES
        expected = players_at + (self.count + teams) * PLAYER_BYTES
        if len(self.data) != expected:
            sizes = dict(size=len(self.data), count=self.count, teams=teams, rounds=self.rounds, expected=expected)
            if len(self.data) < expected:
                self.b.report("SWT003", msg("the file has {size:,} bytes where its header ({count} participants, "
                                            "{teams} teams, {rounds} rounds) makes {expected:,}; read as far as its "
                                            "records are whole", **sizes))
            else:
                self.b.report("SWT004", msg("the file has {size:,} bytes where its header ({count} participants, "
                                            "{teams} teams, {rounds} rounds) makes {expected:,}; the bytes after the "
                                            "last team are not read", **sizes))
        self.event()
        records = self.players(players_at)
        keys = [key for key, _ in records]
        entries = self.pairings(keys)
        for key, player in records:
            if player is not None:
                self.b.add_player(self.stale_points(player, entries.get(key, ())), key=key)
        for key, mine in entries.items():
            for r, entry in mine:
                self.b.entry(r, key, entry)
        self.read_teams(players_at + self.count * PLAYER_BYTES, teams, keys)
        return self.b.build()

    def stale_points(self, player: Player, entries: list[tuple[int, RoundEntry]]) -> Player:
        """``player`` without the points of his record when his pairing records give others
        (``SWT011``); a player with an adjourned game keeps them (what Swiss-Chess counts for
        it is not known)."""
        if any(type(e) is Pending and e.adjourned for _, e in entries):
            return player
        results = exact_sum(self.b.scores.points(e) for _, e in entries)
        if player.points is None or player.points == results:
            return player
        self.b.report("SWT011", msg("player {start_number}: his record says {points} points, his pairing records "
                                    "give {results}: Swiss-Chess's stored count, seemingly left from before a later "
                                    "edit of the results; the results are used",
                                    start_number=player.start_number, points=player.points, results=results))
        return replace(player, points=None)

    def event(self) -> None:
        b, d = self.b, self.data
        mode = d[_MODE]
        kind = {(False, _SWISS): "0", (False, _ROUND_ROBIN): "1", (True, _ROUND_ROBIN): "2",
                (True, _SWISS): "3"}.get((self.team_event, mode))
        if kind is None:
            b.report("SWT005", msg("tournament mode {mode}: read as its rounds say; trfconv's checks and tie-breaks "
                                   "assume a Swiss or round-robin event", mode=_MODES.get(mode, mode)))
        scoring = d[_SCORING_AT]
        if scoring in _SCORING:
            if _SCORING[scoring] is not None:
                b.scores = _SCORING[scoring]
        else:
            b.report("SWT005", msg("scoring system {scoring} (Swiss-Chess's own points per result) is not read: "
                                   "points are counted 1, ½, 0", scoring=scoring))
        team_scoring = d[_TEAM_SCORING_AT]
        if self.team_event and team_scoring not in _TEAM_SCORING:
            b.report("SWT005", msg("team scoring system {team_scoring} (own match points) is not read: match points "
                                   "are counted 2, 1, 0", team_scoring=team_scoring))
        elif self.team_event and _TEAM_SCORING[team_scoring] is not None:
            b.team_event["match_points"] = _TEAM_SCORING[team_scoring]
        deputies = tuple(t for t in (self.text(0, s) for s in _DEPUTIES) if t)
        rate = " / ".join(t for t in (self.text(0, s) for s in _RATE_OF_PLAY) if t)
        b.event.update(
            name=self.text(0, _NAME) or None, city=self.text(0, _PLACE) or None,
            chief_arbiter=self.text(0, _ARBITER) or None, deputy_arbiters=deputies,
            start_date=self.date(self.text(0, _START)), end_date=self.date(self.text(0, _END)),
            time_control_text=rate or None, declared_rounds=self.rounds, declared_players=self.count,
            declared_teams=self.teams if self.team_event else None,
            type=NUMBERED_TYPES.get(kind or ""), round_dates=self.round_dates())
        self.tiebreaks(mode)

    def tiebreaks(self, mode: int) -> None:
        """The tie-break list (module docstring); what could not be named ends it, said in a caveat."""
        fields = _TIEBREAK_FIELDS.get((self.team_event, mode), ())
        chosen = [_SELECTION.get(self.data[at], self.data[at]) for at in fields]
        chosen = chosen[:chosen.index(0)] if 0 in chosen else chosen
        if chosen and mode == _SWISS and self.data[_WINS_LAST]:
            chosen.append(15)
        if not chosen:
            return
        names, stop = until_unnamed(self.tiebreak_name(choice) for choice in chosen)
        tiebreaks, standings = split(names, self.team_event)
        self.b.event.update(tiebreaks=tiebreaks, standings_tiebreaks=standings)
        described = [_TIEBREAK_NAMES.get(c) or msg("choice {choice}", choice=c) for c in chosen]
        said = "" if stop is None else msg("; it stops before {name}, whose C.07 counterpart is not sure",
                                           name=described[stop])
        self.b.report("SWT009", list_caveat(msg("Swiss-Chess's selection ({choices})", choices=described),
                                            standings or tiebreaks, said))

    def tiebreak_name(self, choice: int) -> str | None:
        """The C.07 name of a choice of table 84, None when its counterpart is not sure."""
        team, cuts = self.team_event, self.data[_CUTS]
        if choice in (1, 2):
            return ("PTS:MP" if choice == 1 else "PTS:GP") if team else None
        if choice == 3 and cuts < max(self.rounds, 1):  # more cuts than rounds: a damaged byte
            return Name("BH", "MP" if team else None, low=cuts).text
        if choice == 5 and not team and not cuts:
            return "SB"
        if choice == 16 and not team:
            return "DE"
        return None

    def date(self, text: str) -> date | str | None:
        """A date written ``dd.mm.yyyy`` (Swiss-Chess's form); other text is kept as written."""
        parts = text.split(".")
        if len(parts) == 3 and all(ascii_digits(p) for p in parts):
            try:
                return date(int(parts[2]), int(parts[1]), int(parts[0]))
            except ValueError:
                pass
        if text:
            self.b.report("SWT006", msg("date {text} is not dd.mm.yyyy; kept as text", text=repr(text)))
        return text or None

    def round_dates(self) -> tuple[date | None, ...]:
        dates = []
        for r in range(min(self.rounds, _MAX_DATED_ROUNDS)):
            days = _u16(self.data, _ROUND_DATES + 4 * r)
            dates.append(_DAY_ZERO + timedelta(days=days) if days else None)
        return tuple(dates) if any(dates) else ()

    def players(self, at: int) -> list[tuple[int | None, Player | None]]:
        """Every player record, in file order: its id and player (None, None for a record cut off)."""
        records: list[tuple[int | None, Player | None]] = []
        for i in range(self.count):
            start = at + i * PLAYER_BYTES
            if start + PLAYER_BYTES > len(self.data):
                records.append((None, None))
                continue
            key = _u16(self.data, start + _P_ID)
            number = _u16(self.data, start + _P_NUMBER)
            if number == 0:
                self.b.report("SWT007", msg("player record {number} has no start number; numbered {number}", number=i + 1))
                number = i + 1
            records.append((key, self.player(start, number)))
        return records

    def player(self, at: int, number: int) -> Player:
        d = self.data
        elo = self.whole(self.text(at, _P_ELO), msg("rating"), number)
        national = self.whole(self.text(at, _P_NATIONAL), msg("national rating"), number)
        country = self.text(at, _P_COUNTRY) or None
        birth = self.text(at, _P_BIRTH)
        fide_id = self.text(at, _P_FIDE_ID)
        sex = chr(d[at + _P_SEX]).strip().lower()
        nationals = (NationalRating(federation=country or "", rating=national),) if national else ()
        return Player(
            start_number=number, name=fide_name(self.text(at, _P_NAME)), sex=_SEX.get(sex, sex or None),
            title=self.text(at, _P_TITLE) or None, rating=elo,
            federation=country, fide_id=fide_id if self.whole(fide_id, _FIDE_ID, number) else None,
            birth_date=self.birth_date(birth, number), points=Fraction(d[at + _P_POINTS2], 2),
            rank=_u16(d, at + _P_RANK) or None, national_ratings=nationals)

    def whole(self, text: str, what: str, number: int) -> int | None:
        """A number field (rating, national rating, FIDE id) read with the bounded grammar of
        :mod:`trfconv.numbers`; None when blank or 0, and when it is no number (said: ``SWT010``,
        or ``FID001`` for a FIDE id written as dashes)."""
        if not text.strip("0 "):
            return None
        if ascii_digits(text):
            return int(text) or None
        if what is _FIDE_ID and placeholder(text):
            self.b.report("FID001", msg("player {number}: FIDE id {text} is a placeholder; read as none",
                                        number=number, text=repr(text)))
        else:
            self.b.report("SWT010", msg("player {number}: {what} {text} {why}; ignored",
                                        number=number, what=what, text=repr(text), why=not_a_number(text)))
        return None

    def birth_date(self, text: str, number: int):
        if not text or text.strip("0") == "":
            return None
        if len(text) == 8 and ascii_digits(text):
            text = f"{text[:4]}/{text[4:6]}/{text[6:]}"
        parsed = read_birth_date(text)
        if parsed is None:
            self.b.report("SWT006", msg("player {number}: birth date {text} is not a date; kept as text",
                                        number=number, text=repr(text)))
            return text
        return parsed

    def pairings(self, keys: list[int | None]) -> dict[int, list[tuple[int, RoundEntry]]]:
        """Each player's record of each round, as that player's round entries (round, entry) by id."""
        found: dict[int, list[tuple[int, RoundEntry]]] = {}
        if not self.paired:
            return found
        for i, key in enumerate(keys):
            if key is None:
                continue
            for r in range(self.rounds):
                at = FIXTURES_AT + (i * self.rounds + r) * PAIRING_BYTES
                if at + PAIRING_BYTES > len(self.data):
                    return found
                entry = self.entry(self.data[at:at + PAIRING_BYTES], key, r + 1)
                if entry is not None:
                    found.setdefault(key, []).append((r + 1, entry))
        return found

    def entry(self, record: bytes, key: int, round_: int):
        """One player's round; None when the record is an unused slot (no colour, or a board
        beyond the team's boards)."""
        colour_byte, status, result = record[_R_COLOUR], record[_R_STATUS], record[_R_RESULT] & 3
        if colour_byte == 0 or (self.team_event and record[_R_BOARD] > self.boards):
            return None
        if colour_byte not in _COLOURS:
            self.b.report("SWT008", msg("player {key} round {round}: colour code {colour_byte} is not 1-4; kept as "
                                        "unreadable", key=key, round=round_, colour_byte=colour_byte))
            return Unreadable(record.hex()[:8])
        colour, bye = _COLOURS[colour_byte]
        opponent = _u16(record, _R_OPPONENT)
        if bye:
            if result in _BYES:
                return Bye(_BYES[result])
            return Bye(ByeKind.PAB)  # a bye whose result is not entered yet counts as paired
        if status in _NOT_PLAYED:
            return NOT_PAIRED
        if status in _ADJOURNED:
            return Pending(opponent, colour, adjourned=True)
        if result == 0:
            return Pending(opponent, colour)
        if status in _FORFEIT:
            if result == 2:
                self.b.report("SWT008", msg("player {key} round {round}: a forfeit scored ½; kept as unreadable",
                                            key=key, round=round_))
                return Unreadable(record.hex()[:8])
            return Forfeit(result == 3, opponent, colour)
        if status != 0:
            self.b.report("SWT008", msg("player {key} round {round}: status code {status:#04x} is not known; read as "
                                        "a played game", key=key, round=round_, status=status))
        return Game(opponent, colour, _OUTCOMES[result])

    def read_teams(self, at: int, teams: int, keys: list[int | None]) -> None:
        if not teams:
            return
        members: dict[int, list[tuple[int, int]]] = {}
        for i, key in enumerate(keys):
            start = self.players_at + i * PLAYER_BYTES
            if key is not None and self.data[start + _P_TEAM]:
                player = self.b.player_of(key)
                members.setdefault(self.data[start + _P_TEAM], []).append(
                    (self.data[start + _P_BOARD], player.start_number))
        for i in range(teams):
            start = at + i * TEAM_BYTES
            if start + TEAM_BYTES > len(self.data):
                return
            number = _u16(self.data, start + _T_ID) - _TEAM_ID_BASE
            self.b.teams.append(Team(
                number=number, name=self.text(start, _T_NAME),
                members=tuple(n for _, n in sorted(members.get(number, []))),
                match_points=Fraction(self.data[start + _T_MATCH_POINTS2], 2),
                game_points=Fraction(self.data[start + _T_BOARD_POINTS2], 2),
                rank=self.data[start + _T_RANK] or None))



def _u16(data: bytes, at: int) -> int:
    return int.from_bytes(data[at:at + 2], "little")


def _plain_text(field: bytes) -> bool:
    """Whether a fixed-width text field holds text: no control characters before its NUL."""
    text = field.split(b"\0", 1)[0]
    return all(b >= 32 for b in text)
