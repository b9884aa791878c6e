"""Reader for PGN game collections: the crosstable of an event known only by its games (an
online event, a broadcast, a pairing program's per-round PGN export).

A PGN holds games, not a tournament: the crosstable is built from each game's tags (parsed with
python-chess; the moves are counted, not checked, and never kept):

- ``Round`` gives the round (``"2.1"`` is round 2, board 1). A game without a usable one
  (``?``, ``-``, missing: a match numbered in ``Site``), or a second game of the same two players
  in one round (a match whose every game is ``Round "1"``), is placed, in file order, in the first
  round in which neither player has a game: successive rounds between the same players (said:
  ``PGN008``);
- ``White``/``Black`` the players, known by ``WhiteFideId``/``BlackFideId`` where it is given
  (a name met once with an id is that player in every game), else by name; their rating
  (``WhiteElo``), title (``WhiteTitle``) and FIDE id come from their first game that gives them;
- players are numbered as FIDE numbers an event's players: rating, title, name (``PGN007``);
- ``Result`` (the tag; the movetext's result when the tag is missing) is the result: ``*`` is
  a game paired without a known result (``PGN003``), and, since nothing in a PGN tells a double
  forfeit written ``*`` from a game still being played, the message says so;
- a forfeit is read where the PGN says so (``PGN005``): a ``Termination`` tag naming one, or a
  decisive result with no moves and a comment that names a forfeit;
- a player with no game in a round is absent that round (``PGN004``): a PGN records no bye, so a
  pairing-allocated bye (a point in the crosstable) cannot be seen;
- the event: ``Event``, ``Site``, ``EventDate`` (else the first ``Date``), the last ``Date``,
  each round's date when its games agree, ``TimeControl``.
"""

from __future__ import annotations

import io
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from ..encoding import decode
from ..messages import Message, joined, msg
from ..model import MAX_ROUNDS, Player, Tournament
from ..numbers import ascii_digits, placeholder
from ..sides import Result
from .build import TournamentBuilder
from .files import too_many_lines

#: The first bytes of a PGN file: a tag pair ``[Name "value"]`` (after a byte-order mark or blanks).
_TAG_PAIR = re.compile(rb'(?:\xef\xbb\xbf)?\s*\[[A-Za-z][A-Za-z0-9_]*\s+"')
_NOT_BLANK = re.compile(r"\S")
_ROUND = re.compile(r"\s*(\d{1,4})(?:\.(\d{1,4}))?\s*", re.ASCII)
_PGN_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})", re.ASCII)
_RESULTS = {"1-0": Result.WHITE_WINS, "0-1": Result.BLACK_WINS, "1/2-1/2": Result.DRAW, "*": Result.PENDING}
_FORFEITS = {Result.WHITE_WINS: Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS: Result.BLACK_WINS_FORFEIT}
#: What a Termination tag or a comment says when a game was not played.
_FORFEIT_WORDS = re.compile(r"forfeit|forfait|default|walk-?over|no[- ]show|kampflos|not played", re.IGNORECASE)
#: How many rounds, players or games a message lists before "…".
_LISTED = 8


@dataclass
class _Game:
    """What the reader keeps of one game: its tags, whether a comment names a forfeit, the
    number of moves (never the moves or the comments themselves: memory follows what is kept)."""

    line: int
    headers: dict[str, str] = field(default_factory=dict)
    forfeit_comment: bool = False
    moves: int = 0
    movetext_result: str | None = None
    errors: list[str] = field(default_factory=list)
    fide_ids: dict[str, str | None] = field(default_factory=dict)  #: by side, as read (once)


def sniff(head: bytes) -> bool:
    """Whether the first bytes are a PGN file's: a tag pair first."""
    return _TAG_PAIR.match(head) is not None


def read_pgn(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    """The crosstable of the games in ``data`` (see the module docstring); never raises on bad
    content."""
    decoded = decode(data, path=path, encoding=encoding)
    builder = TournamentBuilder(path, "pgn", encoding=decoded.encoding, diagnostics=list(decoded.diagnostics))
    if too_many := too_many_lines(decoded.text):  # the bound of every line-based reader
        builder.report("LIM001", too_many.replace("; only the first are read", ""))
        return builder.unreadable()
    games = _games(decoded.text)
    usable = [g for g in games if g.headers.get("White") is not None or g.headers.get("Black") is not None]
    if not usable:
        builder.report("PGN001", msg("no game with White, Black and Result tags found; this is not a PGN game "
                                     "collection trfconv can build a crosstable from"))
        return builder.unreadable()
    if not _Crosstable(builder).read(usable):
        builder.diagnostics = list(decoded.diagnostics)
        builder.report("PGN001", msg("none of the {count} game(s) is a game between two named players (an opening "
                                     "book or a collection of analyses: White or Black '?'); this is not a PGN of a "
                                     "tournament trfconv can build a crosstable from", count=len(usable)))
        return builder.unreadable()
    builder.report("PGN007", msg("the PGN gives no start numbers: players numbered by rating, title and name, as "
                                 "FIDE numbers an event's players"))
    return builder.build(numbering="rating")


def _games(text: str) -> list[_Game]:
    """Every game's tags, comments and move count (python-chess reads the file; the moves are
    counted, not played out, so that a long collection is read in time linear in its size)."""
    import chess
    import chess.pgn

    class Visitor(chess.pgn.BaseVisitor):
        def begin_game(self) -> None:
            self.game = _Game(line=0)

        def visit_header(self, tagname: str, tagvalue: str) -> None:
            self.game.headers.setdefault(tagname, tagvalue)

        def parse_san(self, board, san: str):
            return chess.Move.null()  # not checked: the crosstable needs the count, not the moves

        def visit_move(self, board, move) -> None:
            self.game.moves += 1

        def visit_comment(self, comment: str) -> None:
            if not self.game.forfeit_comment and _FORFEIT_WORDS.search(comment):
                self.game.forfeit_comment = True

        def visit_result(self, result: str) -> None:
            self.game.movetext_result = result

        def handle_error(self, error: Exception) -> None:
            self.game.errors.append(str(error))

        def result(self) -> _Game:
            return self.game

    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    handle = io.StringIO(text)
    games = []
    while True:
        at = handle.tell()
        game = chess.pgn.read_game(handle, Visitor=Visitor)
        if game is None:
            return games
        first = _NOT_BLANK.search(text, at)
        game.line = bisect_right(starts, first.start() if first else at)
        games.append(game)


class _Crosstable:
    def __init__(self, builder: TournamentBuilder):
        self.b = builder
        self.ids: dict[str, str] = {}  #: a name's FIDE id, from any game giving it
        self.pending: list[str] = []
        self.forfeits: list[str] = []
        self.opponents: dict[tuple[str, int], str] = {}  #: (player key, round) -> opponent key
        self.successive: list[str] = []  #: games placed by file order (PGN008)

    def read(self, games: list[_Game]) -> bool:
        """Build the crosstable; False when no game could be placed (nothing to read)."""
        for g in games:
            for side in ("White", "Black"):
                fide_id = g.fide_ids[side] = self.fide_id(g, side)
                if fide_id:
                    self.ids.setdefault(self.name(g, side).casefold(), fide_id)
        numbered: list[tuple[_Game, int, int | None]] = []
        unnumbered: list[_Game] = []
        for g in games:
            round_ = self.round(g)
            if round_ is None:
                unnumbered.append(g)
            else:
                numbered.append((g, *round_))
        numbered.sort(key=lambda item: (item[1], item[2] or 0))
        placed: list[tuple[_Game, int, int | None]] = []
        for g, round_, board in numbered:
            sides = self.sides(g)
            if sides is not None and self.opponents.get((sides[0], round_)) == sides[1]:
                unnumbered.append(g)  # the same two players again in one round: the Round tag numbers no rounds
            elif self.game(g, round_, board):
                placed.append((g, round_, board))
        unnumbered.sort(key=lambda g: g.line)
        for g in unnumbered:
            round_ = self.free_round(g)
            if round_ is not None and self.game(g, round_, None):
                placed.append((g, round_, None))
                self.successive.append(msg("{white} - {black} (Round {tag}) in round {round}", white=self.name(g, "White"),
                                           black=self.name(g, "Black"), tag=repr(g.headers.get("Round", "")),
                                           round=round_))
        if not placed:
            return False
        if self.successive:
            self.b.report("PGN008", msg("{count} game(s) without a usable round, or a second game of the same "
                                        "players in one round, placed in file order in the first round both players "
                                        "are free ({listed})",
                                        count=len(self.successive), listed=self.listed(self.successive)))
        if self.pending:
            self.b.report("PGN003", msg("{count} game(s) with result * ({listed}): kept as paired without a result, "
                                        "worth no points. A PGN cannot tell an unfinished game from one never "
                                        "played: a double forfeit is often written * too; give the result where it "
                                        "is known", count=len(self.pending), listed=self.listed(self.pending)))
        if self.forfeits:
            self.b.report("PGN005", msg("{count} game(s) read as forfeits, as the PGN says ({listed})",
                                        count=len(self.forfeits), listed=self.listed(self.forfeits)))
        self.absences(max((r for _, r, _ in placed), default=0))
        self.event(games, placed)
        for g in games:
            if g.errors:
                self.b.report("PGN006", msg("the movetext of the game {white} - {black} could not all be read "
                                            "({error}); its tags are used", white=repr(self.name(g, "White")),
                                            black=repr(self.name(g, "Black")), error=g.errors[0]), line=g.line)
        return True

    def listed(self, items: list) -> Message:
        return joined([joined(items[:_LISTED], ", "), " …" if len(items) > _LISTED else ""])

    def name(self, g: _Game, side: str) -> str:
        return " ".join((g.headers.get(side) or "").split())

    def fide_id(self, g: _Game, side: str) -> str | None:
        value = (g.headers.get(f"{side}FideId") or "").strip()
        if placeholder(value):
            self.b.report("FID001", msg("{side}FideId {value} is a placeholder; read as none",
                                        side=side, value=repr(value)), line=g.line)
            return None
        if value and not ascii_digits(value):
            self.b.report("PGN006", msg("{side}FideId {value} is not a number; ignored", side=side, value=repr(value)), line=g.line)
            return None
        return value.lstrip("0") or None

    def round(self, g: _Game) -> tuple[int, int | None] | None:
        """The round (and board) the Round tag gives, None when it gives none."""
        m = _ROUND.fullmatch(g.headers.get("Round") or "")
        if m is None or not 0 < int(m.group(1)) <= MAX_ROUNDS:
            return None
        return int(m.group(1)), int(m.group(2)) if m.group(2) else None

    def sides(self, g: _Game) -> tuple[str, str] | None:
        """The keys of both players (added when first met), None when one has no name."""
        white, black = self.player(g, "White"), self.player(g, "Black")
        return None if white is None or black is None else (white, black)

    def free_round(self, g: _Game) -> int | None:
        """The first round in which neither player of ``g`` has a game (None past the last round
        a file may hold, said)."""
        sides = self.sides(g)
        if sides is None:
            self.b.report("PGN002", msg("game {white} - {black} without a round: a player without a name; left out",
                                        white=repr(self.name(g, "White")), black=repr(self.name(g, "Black"))),
                          line=g.line)
            return None
        for r in range(1, MAX_ROUNDS + 1):
            if all((key, r) not in self.opponents for key in sides):
                return r
        self.b.report("PGN002", msg("game {white} - {black} has no round and its players have a game in each of the "
                                    "{most} rounds; left out", white=repr(self.name(g, "White")),
                                    black=repr(self.name(g, "Black")), most=MAX_ROUNDS), line=g.line)
        return None

    def player(self, g: _Game, side: str) -> str | None:
        """The key of the player on ``side``, added the first time he is met."""
        name = self.name(g, side)
        if not name or name in ("?", "-"):
            return None
        fide_id = g.fide_ids.get(side) or self.ids.get(name.casefold())
        key = f"id:{fide_id}" if fide_id else f"name:{name.casefold()}"
        if not self.b.has_player(key):
            self.b.add_player(Player(start_number=0, name=name, title=(g.headers.get(f"{side}Title") or "").strip()
                                     or None, rating=self.rating(g, side), fide_id=fide_id), key=key, line=g.line)
        return key

    def rating(self, g: _Game, side: str) -> int | None:
        value = (g.headers.get(f"{side}Elo") or "").strip()
        if value in ("", "-", "?"):
            return None
        if not ascii_digits(value) or len(value) > 4:
            self.b.report("PGN006", msg("{side}Elo {value} is not a rating; ignored", side=side, value=repr(value)), line=g.line)
            return None
        return int(value) or None

    def game(self, g: _Game, round_: int, board: int | None) -> bool:
        """The pairing of ``g`` in ``round_``; False when it cannot be placed (said)."""
        white, black = self.player(g, "White"), self.player(g, "Black")
        where = msg("round {round} board {board}", round=round_, board=board) if board else \
            msg("round {round}", round=round_)
        if white is None or black is None:
            self.b.report("PGN002", msg("{where}: a player without a name; game left out", where=where), line=g.line)
            return False
        text = (g.headers.get("Result") or g.movetext_result or "*").strip()
        result = _RESULTS.get(text)
        if result is None:
            self.b.report("PGN006", msg("{where}: Result {text} is not 1-0, 0-1, 1/2-1/2 or *; read as *",
                                        where=where, text=repr(text)),
                          line=g.line)
            result = Result.PENDING
        if result in _FORFEITS and self.forfeited(g):
            result = _FORFEITS[result]
        if not self.b.pairing(round_, white, black, result, line=g.line):
            return False
        if result in _FORFEITS.values():
            self.forfeits.append(where)
        if result is Result.PENDING:
            self.pending.append(where)
        self.opponents[white, round_], self.opponents[black, round_] = black, white
        return True

    def forfeited(self, g: _Game) -> bool:
        if _FORFEIT_WORDS.search(g.headers.get("Termination") or ""):
            return True
        return g.moves == 0 and g.forfeit_comment

    def absences(self, rounds: int) -> None:
        """Every player without a game in a round he could have played is absent that round."""
        b = self.b
        missing = [msg("{name} round {round}", name=b.player_of(key).name, round=r) for key in b.keys() for r in range(1, rounds + 1)
                   if not b.has_entry(key, r)]
        if missing:
            b.report("PGN004", msg("{count} round(s) without a game ({listed}): read as absent. A PGN records no "
                                   "bye: a pairing-allocated or requested bye, and the point it gives, cannot be seen",
                                   count=len(missing), listed=self.listed(missing)))

    def event(self, games: list[_Game], placed: list[tuple[_Game, int, int | None]]) -> None:
        def most(tag: str) -> str | None:
            values = Counter(v for g in games if (v := (g.headers.get(tag) or "").strip()) and v != "?")
            return values.most_common(1)[0][0] if values else None

        dates = sorted(d for g in games if (d := self.date(g.headers.get("Date"))) is not None)
        start = self.date(most("EventDate")) or (dates[0] if dates else None)
        by_round: dict[int, set[date]] = {}
        for g, r, _ in placed:
            d = self.date(g.headers.get("Date"))
            if d is not None:
                by_round.setdefault(r, set()).add(d)
        rounds = max((r for _, r, _ in placed), default=0)
        round_dates = tuple(next(iter(by_round[r])) if len(by_round.get(r, ())) == 1 else None
                            for r in range(1, rounds + 1))
        self.b.event.update(
            name=most("Event"), city=most("Site"), start_date=start, end_date=dates[-1] if dates else None,
            time_control_text=most("TimeControl"), declared_rounds=rounds or None,
            round_dates=round_dates if any(round_dates) else ())

    def date(self, text: str | None) -> date | None:
        m = _PGN_DATE.fullmatch((text or "").strip())
        if m is None:
            return None
        try:
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
