"""The round blocks of a 001 line (``OOOO C R`` from column 92, one every 10 columns): each read
into a game, a bye, a forfeit, a pending or unreadable round, with the doubts a block carries
reported at each place it is found. A large Swiss has some 55,000 different blocks: a block is
parsed the first time it is met, and an ordinary game takes a fast path."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import itemgetter

from ...messages import msg
from ...model import MAX_ROUNDS, NOT_PAIRED, Bye, ByeKind, Colour, Forfeit, Game, Outcome, Pending, Unreadable
from ...numbers import ascii_digits
from ...records import builder
from ..layout import round_block

_FIRST_BLOCK = round_block()["first"] - 1  # 0-based start of round 1's block (column 92)
_BLOCK_STEP = round_block()["step"]


class Blocks(dict):
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


class RoundBlocks:
    """The round blocks of a 001 line, for the reader (:class:`.reader.Reader`) whose state and
    helpers (``report``, ``blocks``) they use."""

    def round_entries(self, line: str) -> tuple:
        """The round blocks of a 001 line, trailing not-paired rounds dropped (the caller pads
        every player to the same number of rounds)."""
        tail = line[_FIRST_BLOCK - 2:]  # from column 90: "  OOOO C R" per round
        if len(tail) > MAX_ROUNDS * _BLOCK_STEP and tail[MAX_ROUNDS * _BLOCK_STEP:].strip():
            # every reader pads the players to the longest line: 500,000 blocks on one line of a
            # 5 MB file would be 500,000 rounds for each player
            column = _FIRST_BLOCK - 1 + MAX_ROUNDS * _BLOCK_STEP
            self.report("TRF046", msg("the round blocks go on after round {most} ({blocks:,} blocks); columns "
                                      "{column} to {end} are not read", most=MAX_ROUNDS,
                                      blocks=len(tail) // _BLOCK_STEP, column=column, end=len(line)), column)
            tail = tail[:MAX_ROUNDS * _BLOCK_STEP]
        if (tail[0::_BLOCK_STEP] + tail[1::_BLOCK_STEP]).strip():
            self.report_gaps(line)
        blocks = _blocks_cut((len(tail) + 7) // _BLOCK_STEP)(tail)  # every block that starts in the tail
        entries = self.blocks.entries(blocks)
        doubtful = self.blocks.doubtful
        if doubtful and not doubtful.keys().isdisjoint(blocks):
            for index, block in enumerate(blocks):
                for code, message, offset in doubtful.get(block, ()):
                    self.report(code, msg("round {round}: {message}", round=index + 1, message=message),
                                _FIRST_BLOCK + index * _BLOCK_STEP + offset + 1)
        while entries and entries[-1] is NOT_PAIRED:
            entries.pop()
        return tuple(entries)

    def report_gaps(self, line: str) -> None:
        for index, start in enumerate(range(_FIRST_BLOCK, len(line) + 2, _BLOCK_STEP)):
            gap = line[start - 2:start]
            if gap.strip():
                self.report("TRF010", msg("round {round}: columns {first}-{last} should be blank, found {gap}: the "
                                          "round blocks are shifted", round=index + 1, first=start - 1, last=start,
                                          gap=repr(gap)), start - 1)
                return


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
        problems.append(("TRF010", msg("block {block} is not 'OOOO C R'", block=repr(block)),
                         4 if block[4] != " " else 6))
        return Unreadable(block), tuple(problems)
    if opp_text and not ascii_digits(opp_text):
        problems.append(("TRF020", msg("opponent {opponent} is not a start number", opponent=repr(opp_text)), 0))
        return Unreadable(block), tuple(problems)
    opponent = int(opp_text) if opp_text else 0
    if colour_char not in _COLOURS:
        problems.append(("TRF021", msg("colour {colour} is not w, b or -", colour=repr(colour_char)), 5))
        return Unreadable(block), tuple(problems)
    if colour_char in "WB":
        problems.append(("TRF017", msg("colour {colour} read as {read}", colour=repr(colour_char),
                                       read=repr(colour_char.lower())), 5))
    colour = _COLOURS[colour_char]
    upper = result.upper()
    if upper in _GAMES and result not in "0=1" and result.islower():
        problems.append(("TRF017", msg("result {result} read as {read}", result=repr(result), read=repr(upper)), 7))
    if result in "10=" or upper in "WDL":
        outcome, rated = _GAMES[result if result in "10=" else upper]
        if opponent:
            if colour is None:
                problems.append(("TRF026", msg("game against {opponent} has no colour", opponent=opponent), 5))
            return Game(opponent, colour, outcome, rated), tuple(problems)
        if result == "=":
            problems.append(("TRF023", msg("'0000 - =' (TRF06 half-point bye) read as H"), 7))
            return Bye(ByeKind.HALF), tuple(problems)
        problems.append(("TRF020", msg("result {result} needs an opponent", result=repr(result)), 7))
        return Unreadable(block), tuple(problems)
    if result in "+-":
        if not opponent:
            problems.append(("TRF024", msg("'+' without an opponent: read as a forfeit win (legacy files meant a "
                                           "bye; TRF16 writes U or F)") if result == "+" else
                             msg("'-' without an opponent: read as a forfeit loss (legacy files meant an absence; "
                                 "TRF16 writes Z)"), 7))
        return Forfeit(result == "+", opponent or None, colour), tuple(problems)
    if upper in _BYES or upper == "B":
        kind = _BYES.get(upper, ByeKind.PAB)
        if upper == "B":
            problems.append(("TRF023", msg("'B' (Tromsø 2014 draft pairing bye) read as U"), 7))
        elif result.islower():
            problems.append(("TRF017", msg("result {result} read as {read}", result=repr(result), read=repr(upper)), 7))
        if opponent:
            problems.append(("TRF025", msg("bye {bye} with opponent {opponent}: the opponent is ignored (TRF16 "
                                           "requires 0000)", bye=repr(upper), opponent=opponent), 0))
        return Bye(kind), tuple(problems)
    if result == " ":
        if opponent:
            problems.append(("TRF027", msg("paired against {opponent}, no result yet", opponent=opponent), 7))
            return Pending(opponent, colour), tuple(problems)
        return NOT_PAIRED, tuple(problems)
    if upper in "X?" and opponent:
        problems.append(("TRF028", msg("result {result} read as unknown/adjourned", result=repr(result)), 7))
        return Pending(opponent, colour, adjourned=True), tuple(problems)
    problems.append(("TRF020", msg("result code {result} unknown; block kept verbatim", result=repr(result)), 7))
    return Unreadable(block), tuple(problems)


#: " C R" -> (colour, outcome, rated) for the blocks of an ordinary game: the fast path.
_PLAIN_GAMES = {f" {c} {r}": (_COLOURS[c], *_GAMES[r]) for c in "wb" for r in "10=WDL"}
#: A :class:`Game` built at half the cost: a large Swiss has some 55,000 different blocks.
_new_game = builder(Game)


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
