"""A round of a Swiss event to pair, as its file records the event before it: who is to be
paired, with what score (the file's point system, plus an acceleration's fictitious points),
colours and colour preference, floats, opponents met, whether the pairing-allocated bye is barred,
and the forbidden pairs; plus what makes the round impossible to judge from the file.

Which rounds the file holds, and which of them are complete, come from where the event stands
(:mod:`trfconv.rules.progress`). A round can be paired from the file when every round before it
is complete: after a round in play (a pairing waiting for its result) or a round the file lacks,
the scores, colours and floats before it are not known, and the rounds after it cannot be judged
(the games missing are named). A round in play itself can: the state before it is known, and its
pairing is what the arbiter published (the second opinion right after pairing).

The players to pair in a round the file holds are those it shows paired in it (a game, a forfeit,
a game in progress, the pairing-allocated bye); a requested bye (``F H Z``) or a round without an
entry is an absence known in advance (C.04.2: not paired, C.04.2 D.3 of 2017, Art. 3.3 of 2026).
For the round after the file's last (``--next``), everyone is paired except whom the file says
will not play it (240 or XXZ records, a bye already entered for that round).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from ...messages import Message, msg, plural, pmsg
from ...model import Bye, ByeKind, Colour, Forfeit, Game, NotPaired, Pending, Player, RoundEntry, Tournament, Unreadable
from ..progress import Progress, RoundState
from .rules import SwissRules

#: A colour in words, as the notes name the initial colour.
COLOUR_WORDS = {Colour.WHITE: pmsg("colour", "white"), Colour.BLACK: pmsg("colour", "black")}


class Float(Enum):
    """A float a player received in a round (C.04.3 A.4 of 2017, 1.4 of 2026)."""

    DOWN = "down"
    UP = "up"


class Strength(int, Enum):
    """How strongly a player prefers a colour (C.04.3 A.6 of 2017, 1.7 of 2026)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class PlayerToPair:
    """A player as the pairing of one round sees him."""

    number: int  #: start number in the file
    tpn: int  #: pairing number (C.04.2: the initial order)
    score: Fraction  #: points before the round
    pairing_score: Fraction  #: the score plus an acceleration's fictitious points
    colours: tuple[Colour, ...]  #: colours of the games played, in order (unplayed rounds do not count)
    floats: tuple[Float | None, ...]  #: the float received in each earlier round
    opponents: frozenset[int]  #: start numbers of the opponents met over the board
    pab_barred: bool  #: C2: a pairing-allocated bye is no longer possible
    unplayed: int  #: rounds before this one without a game played ([C9], 2026)
    topscorer: bool  #: over 50 % of the maximum possible score, pairing the final round
    colour_difference: int  #: games with White minus games with Black
    preference: tuple[Colour | None, Strength]  #: the colour preferred and how strongly

    def floated(self, rounds_ago: int) -> Float | None:
        """The float received ``rounds_ago`` rounds before this one (1: the previous round)."""
        return self.floats[-rounds_ago] if len(self.floats) >= rounds_ago else None


@dataclass(frozen=True)
class RoundToPair:
    """A round to pair and everything its pairing rests on: the players to pair as the file
    records them before it, the forbidden pairs, the initial colour, the rules."""

    round: int
    rounds: int  #: the event's number of rounds
    entrants: tuple[PlayerToPair, ...]  #: the players to pair, in pairing order (score, then pairing number)
    forbidden: frozenset[frozenset[int]]  #: pairs that may not meet (260, XXP)
    initial_colour: Colour | None  #: the colour drawn for the first round (152, XXC, or read from round 1)
    rules: SwissRules
    #: why the round cannot be judged from the file (empty: it can)
    unknown: tuple[str, ...] = ()
    #: what the state assumes that the file does not say
    assumed: tuple[str, ...] = ()

    @property
    def last(self) -> bool:
        return self.round >= self.rounds

    def compatibility(self) -> list[int]:
        """For each player (in pairing order) the players he may meet, as a bit set over their
        places: the absolute criteria on one pair, C1 (not met before), the forbidden pairs, and
        C3 (two non-topscorers with the same absolute colour preference do not meet)."""
        index = {e.number: i for i, e in enumerate(self.entrants)}
        absolute = {Colour.WHITE: 0, Colour.BLACK: 0}  # non-topscorers with an absolute preference
        for i, e in enumerate(self.entrants):
            colour, strength = e.preference
            if strength is Strength.ABSOLUTE and not e.topscorer:
                absolute[colour] |= 1 << i
        everyone = (1 << len(self.entrants)) - 1
        out = []
        for i, e in enumerate(self.entrants):
            bits = everyone & ~(1 << i)
            for number in e.opponents:
                if number in index:
                    bits &= ~(1 << index[number])
            colour, strength = e.preference
            if strength is Strength.ABSOLUTE and not e.topscorer:
                bits &= ~absolute[colour]
            out.append(bits)
        for pair in self.forbidden:
            a, b = (index.get(number) for number in pair)
            if a is not None and b is not None:
                out[a] &= ~(1 << b)
                out[b] &= ~(1 << a)
        return out


@dataclass
class _History:
    """One player's record, built round by round."""

    score: Fraction = Fraction(0)
    colours: list[Colour] = field(default_factory=list)
    floats: list[Float | None] = field(default_factory=list)
    opponents: set[int] = field(default_factory=set)
    barred: bool = False
    played: int = 0
    entered: bool = False


def colour_difference(colours) -> int:
    """Games with White minus games with Black (C.04.3 A.6 of 2017, 1.7 of 2026)."""
    return sum(1 if c is Colour.WHITE else -1 for c in colours)


def preference(colours: list[Colour]) -> tuple[Colour | None, Strength]:
    """The colour preferred and how strongly (2017 A.6, 2026 1.7): absolute when the difference
    is beyond ±1 or the last two games had the same colour, strong at ±1, mild at 0 (the colour
    alternating with the last game), none before any game."""
    if not colours:
        return None, Strength.NONE
    cd = colour_difference(colours)
    if cd < -1:
        return Colour.WHITE, Strength.ABSOLUTE
    if cd > 1:
        return Colour.BLACK, Strength.ABSOLUTE
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite, Strength.ABSOLUTE
    if cd:
        return (Colour.WHITE if cd < 0 else Colour.BLACK), Strength.STRONG
    return colours[-1].opposite, Strength.MILD


def played(entry: RoundEntry) -> bool:
    """A game played over the board: a meeting ([C1]) with a colour (C.04.2 Art. 3.4), an
    adjourned game (TRF-2026 ``X``) included."""
    return isinstance(entry, Game) or (isinstance(entry, Pending) and entry.adjourned)


def _paired(entry: RoundEntry) -> bool:
    """The file shows the player paired in that round (a game, a forfeit with its opponent, a game
    in progress, the pairing-allocated bye): one of the players the round paired."""
    match entry:
        case Game() | Pending():
            return True
        case Forfeit(opponent=opponent):
            return opponent is not None
        case Bye(kind=kind):
            return kind is ByeKind.PAB
    return False


def rounds_to_pair(t: Tournament, rules: SwissRules, where: Progress, upto: int) -> list[RoundToPair]:
    """Rounds ``1 .. upto`` as each was to be paired (``upto`` may be the round after the last the
    file holds, for ``--next``), ``where`` the event's progress (:func:`trfconv.rules.progress.progress`)."""
    rounds = max(where.rounds, upto)
    held = where.last_paired
    players = sorted(t.players, key=lambda p: p.start_number)
    order = _pairing_numbers(t, players)
    participated: set[int] = set()
    history = {p.start_number: _History() for p in players}
    initial, colour_note = _initial_colour(t, order)
    forbidden_all = t.pairing.prohibited
    win = max(t.scores.win_white, t.scores.win_black)
    loss = min(t.scores.loss_white, t.scores.loss_black)
    unknown_from = _not_known(t, where, upto)
    out = []
    for r in range(1, upto + 1):
        entries = {p.start_number: (p.rounds[r - 1] if r <= len(p.rounds) else None) for p in players}
        if r <= held:
            present = [p for p in players if entries[p.start_number] is not None and _paired(entries[p.start_number])]
        else:
            absent = set(t.pairing.absent_next_round) | {i for bye in t.pairing.requested_byes if bye.round == r
                                                         for i in bye.ids}
            present = [p for p in players if p.start_number not in absent
                       and not (entries[p.start_number] is not None and not isinstance(entries[p.start_number], NotPaired))]
        # the pairing numbers of the round: the initial order of the players who take part in it or
        # took part in an earlier one (as gacrux and bbpPairings number them: a late entry is
        # numbered when he arrives, C.04.2 Art. 2.4)
        taking_part = participated | {p.start_number for p in present}
        tpn = {n: k for k, n in enumerate(sorted(taking_part, key=order.get), 1)}
        entrants = []
        for p in present:
            h = history[p.start_number]
            extra = _acceleration(t, p.start_number, r)
            entrants.append(PlayerToPair(
                p.start_number, tpn[p.start_number], h.score, h.score + extra, tuple(h.colours), tuple(h.floats),
                frozenset(h.opponents), h.barred, r - 1 - h.played,
                r >= rounds and h.score > (r - 1) * win * rules.topscorer_share,
                colour_difference(h.colours), preference(h.colours)))
        entrants.sort(key=lambda e: (-e.pairing_score, e.tpn))
        forbidden = frozenset(frozenset((a, b)) for f in forbidden_all
                              if (f.first_round or 1) <= r <= (f.last_round or rounds)
                              for i, a in enumerate(f.ids) for b in f.ids[i + 1:] if a != b)
        unknown = tuple(dict.fromkeys(reason for first, reason in unknown_from if first <= r))
        assumed = (colour_note,) if colour_note and r > 1 else ()
        out.append(RoundToPair(r, rounds, tuple(entrants), forbidden, initial, rules, unknown, assumed))
        if r <= held:
            _record_round(t, players, r, history, {e.number: e.pairing_score for e in entrants}, rules, win, loss)
            participated |= {p.start_number for p in present}
    return out


#: The most games a reason names; the others are counted.
NAMED_GAMES = 10


def _not_known(t: Tournament, where: Progress, upto: int) -> list[tuple[int, str]]:
    """Why rounds cannot be paired from the file, each with the first round it holds for: a round
    in play (the rounds after it), a round the file lacks, an entry that cannot be read (that round
    and the ones after it), a 299 record of points outside the results."""
    out = []
    for k, state in enumerate(where.states[:upto], 1):
        if state is RoundState.IN_PLAY:
            out.append((k + 1, waiting_text(where, k)))
        elif state is RoundState.NOT_RECORDED:
            out.append((k, msg("round {round} is not in the file: nobody is paired in it", round=k)))
    for p in t.players:
        for r, e in enumerate(p.rounds[:upto], 1):
            if isinstance(e, Unreadable):
                out.append((r, msg("player {number}'s round {round} cannot be read ({text})", number=p.start_number,
                                   round=r, text=repr(e.text.strip()))))
    for adj in t.point_adjustments:
        out.append(((adj.round or 1) + 1, msg("a 299 record assigns points outside the results; the pairing scores it "
                                              "changes are not modelled")))
    return sorted(out, key=lambda x: x[0])


def waiting_text(where: Progress, r: int) -> Message:
    """Round ``r`` in play, in words, with the games still waiting for their result."""
    games = where.waiting_games(r)
    shown = [f"{a}-{b}" for a, b in games[:NAMED_GAMES]]
    named = (msg("{names} and {more} more", names=shown, more=len(games) - NAMED_GAMES) if len(games) > NAMED_GAMES
             else ", ".join(shown))
    total = where.results[r] + where.waiting[r]
    if not where.results[r]:
        return msg("round {round} is in play: none of its {total} results is in (games {named})", round=r, total=total,
                   named=named)
    return plural("round {round} is in play: {n} of its {total} games has no result ({named})",
                  "round {round} is in play: {n} of its {total} games have no result ({named})", n=len(games), round=r,
                  total=total, named=named)


def _record_round(t: Tournament, players: list[Player], r: int, history: dict[int, _History],
                  paired_scores: dict[int, Fraction], rules: SwissRules, win: Fraction, loss: Fraction) -> None:
    """Add round ``r``'s entries to every player's history."""
    for p in players:
        h = history[p.start_number]
        e = p.rounds[r - 1] if r <= len(p.rounds) else NotPaired()
        points = t.scores.points(e)
        h.score += points
        flt: Float | None = None
        if played(e):
            h.played += 1
            h.opponents.add(e.opponent)
            if e.colour is not None:
                h.colours.append(e.colour)
            own, other = paired_scores.get(p.start_number), paired_scores.get(e.opponent)
            if own is not None and other is not None and own != other:
                flt = Float.DOWN if own > other else Float.UP
        elif rules.downfloat_unplayed == "any":
            flt = Float.DOWN if h.entered or not isinstance(e, NotPaired) else None
        elif (isinstance(e, Bye) and e.kind is ByeKind.PAB) or points > loss:
            flt = Float.DOWN
        if not isinstance(e, NotPaired):
            h.entered = True
        h.floats.append(flt)
        if rules.bars_pab(e, t.scores):
            h.barred = True


def _acceleration(t: Tournament, number: int, r: int) -> Fraction:
    """The fictitious points player ``number`` carries when round ``r`` is paired (250, XXA)."""
    extra = Fraction(0)
    for a in t.pairing.accelerations:
        if a.first_round <= r <= a.last_round and a.first_id <= number <= a.last_id:
            extra += a.game_points
    for a in t.pairing.player_accelerations:
        if a.player == number and r <= len(a.points) and a.points[r - 1] is not None:
            extra += a.points[r - 1]
    return extra


def _pairing_numbers(t: Tournament, players: list[Player]) -> dict[int, int]:
    """The pairing number of each player: the start number, or the place in the file (XXC rank)."""
    if t.pairing.by_rank:
        return {p.start_number: i for i, p in enumerate(t.players, 1)}
    return {p.start_number: p.start_number for p in players}


def _initial_colour(t: Tournament, order: dict[int, int]) -> tuple[Colour | None, Message | None]:
    """The colour drawn before round 1 (C.04.3 E / 5.1): the file's 152 or XXC record, else what
    round 1 shows (the higher-ranked player of a pair takes the initial colour when his pairing
    number among the players of round 1 is odd, the other one when it is even), with a note."""
    if t.pairing.initial_colour is not None:
        return t.pairing.initial_colour, None
    first = sorted((p for p in t.players if p.rounds and _paired(p.rounds[0])), key=lambda p: order[p.start_number])
    tpn = {p.start_number: k for k, p in enumerate(first, 1)}
    for p in first:
        e = p.rounds[0]
        if isinstance(e, Game) and e.colour is not None and tpn.get(e.opponent, 0) > tpn[p.start_number]:
            colour = e.colour if tpn[p.start_number] % 2 else e.colour.opposite
            return colour, msg("the initial colour ({colour}) read from round 1, where player {number} (pairing "
                               "number {tpn}) had {had} (no 152 or XXC record)", colour=COLOUR_WORDS[colour],
                               number=p.start_number, tpn=tpn[p.start_number], had=COLOUR_WORDS[e.colour])
    return None, None
