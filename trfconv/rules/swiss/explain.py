"""Why a file's pairing of a bracket is not the Dutch system's: both candidates held to the
criteria in their order of priority (the absolute ones, completion, the bye, then [C6]-[C21] of
2026 or C.5-C.19 of 2017), the first one that separates them named with the numbers behind it;
when none does, the order in which Article 4 (2017: D) generates them.

A candidate is measured the way the engine compares them (:mod:`.dutch`): over the bracket's
members, its downfloaters and what they leave below. [C8] is measured on the following bracket
alone (its pairs and the scores it leaves unpaired), as the criterion words it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...messages import Message, msg, plural
from ...numbers import short_text
from .colours import colour_failures
from .dutch import MAX_MATCHING, NotModelled, RoundContext
from .matching import max_weight_matching
from .rules import SwissRules
from .state import PlayerToPair, Float, Strength


@dataclass(frozen=True)
class Candidate:
    """A bracket's pairing: its pairs (indices in pairing order, the higher-ranked player first),
    its downfloaters, and the player given the bye (the last bracket only)."""

    pairs: tuple[tuple[int, int], ...]
    downfloaters: tuple[int, ...]
    bye: int | None = None


@dataclass(frozen=True)
class Bracket:
    """A bracket as both pairings reach it: MDPs and residents, and the players below."""

    mdps: tuple[int, ...]
    residents: tuple[int, ...]
    lower: tuple[int, ...]
    following: tuple[int, ...]

    @property
    def members(self) -> tuple[int, ...]:
        return self.mdps + self.residents


@dataclass(frozen=True)
class Reason:
    """What separates the file's candidate from the engine's: the criterion (its key and label in
    the edition, ``order`` for Article 4's order), and the sentence with the numbers."""

    key: str
    label: str
    text: Message
    #: the file's candidate is the better one by this criterion (a defect of the engine, or a
    #: reading the engine does not share): the round cannot be judged
    file_better: bool = False




def values(ctx: RoundContext, bracket: Bracket, candidate: Candidate) -> dict[str, object]:
    """The candidate measured by every criterion, each a value whose smaller is better."""
    players = ctx.players
    to_pair = ctx.to_pair
    mdps = set(bracket.mdps)
    resident_score = players[bracket.residents[0]].pairing_score
    out: dict[str, object] = {}
    out["rematch"] = tuple((a, b) for a, b in candidate.pairs if players[b].number in players[a].opponents)
    out["forbidden"] = tuple((a, b) for a, b in candidate.pairs
                             if frozenset((players[a].number, players[b].number)) in to_pair.forbidden)
    out["pab_bar"] = (candidate.bye,) if candidate.bye is not None and not ctx.eligible[candidate.bye] else ()
    out["absolute_colour"] = tuple((a, b) for a, b in candidate.pairs if _same_absolute(players[a], players[b]))
    out["structure"] = tuple((a, b) for a, b in candidate.pairs if a in mdps and b in mdps)
    below = list(candidate.downfloaters) + list(bracket.lower)
    bye = (len(bracket.members) + len(bracket.lower)) % 2 == 1
    if bracket.lower:
        out["completion"] = 0 if ctx.completes_with(below, bye, None) else 1
        if ctx.rules.pab_criteria:
            out["pab_score"] = ctx.lowest_bye(below) if bye else None
    else:
        out["completion"] = 0 if (candidate.bye is not None) == bye and not candidate.downfloaters else 1
        if ctx.rules.pab_criteria:
            out["pab_score"] = players[candidate.bye].pairing_score if candidate.bye is not None else None
    out["pairs"] = len(candidate.downfloaters) + (candidate.bye is not None)
    out["downfloater_scores"] = _descending(players[i].pairing_score for i in candidate.downfloaters)
    out["next_bracket"] = _next_bracket(ctx, list(candidate.downfloaters), list(bracket.following),
                                        list(bracket.lower), bye)
    if ctx.rules.pab_criteria:
        out["pab_unplayed"] = players[candidate.bye].unplayed if candidate.bye is not None else 0
    colour = [0, 0, 0, 0]
    for a, b in candidate.pairs:
        for k, v in enumerate(colour_failures(players[a], players[b], to_pair.initial_colour)):
            colour[k] += v
    out["topscorer_difference"], out["topscorer_repeat"], out["preference"], out["strong_preference"] = colour
    left = [i for i in bracket.members if i not in {x for pair in candidate.pairs for x in pair}]
    opponents = [(a, b) for a, b in candidate.pairs if (a in mdps) != (b in mdps)]
    for key, ago in (("downfloat_1", 1), ("downfloat_2", 2)):
        out[key] = sum(1 for i in left if i not in mdps and players[i].floated(ago) is Float.DOWN)
    for key, ago in (("upfloat_1", 1), ("upfloat_2", 2)):
        out[key] = sum(1 for a, b in opponents if players[b if a in mdps else a].floated(ago) is Float.UP)
    beyond = max((p.pairing_score for p in players), default=Fraction(0)) + 1  # a downfloater's, above all
    for key, ago in (("downfloat_difference_1", 1), ("downfloat_difference_2", 2)):
        paired = {a if a in mdps else b for a, b in opponents}
        out[key] = _descending(players[i].pairing_score - resident_score + (0 if i in paired else beyond)
                               for i in bracket.mdps if players[i].floated(ago) is Float.DOWN)
    for key, ago in (("upfloat_difference_1", 1), ("upfloat_difference_2", 2)):
        out[key] = _descending(players[a if a in mdps else b].pairing_score - resident_score
                               for a, b in opponents if players[b if a in mdps else a].floated(ago) is Float.UP)
    return out


def _descending(values) -> tuple[Fraction, ...]:
    """Values taken in descending order (2026 [C7], [C18]-[C21]): compared as tuples, the smaller
    is the better."""
    return tuple(sorted(values, reverse=True))


def _same_absolute(a: PlayerToPair, b: PlayerToPair) -> bool:
    (ca, sa), (cb, sb) = a.preference, b.preference
    return sa is Strength.ABSOLUTE and sb is Strength.ABSOLUTE and ca is cb and not (a.topscorer or b.topscorer)


def _next_bracket(ctx: RoundContext, downfloaters: list[int], following: list[int], lower: list[int],
                  bye: bool) -> tuple[int, tuple]:
    """[C8]: the following bracket's best, these downfloaters its MDPs (paired with its residents
    only), everyone below still paired ([C4]): (minus its pairs, its downfloaters' scores from
    the highest). Measured on the following bracket alone first, with everyone below when what
    that leaves cannot be paired."""
    if not following:
        return 0, ()
    below = [i for i in lower if i not in set(following)]
    mate, value = _next_matching(ctx, downfloaters, following, [], False)
    left = [v for v in downfloaters + following if mate[v] == -1]
    if ctx.completes(left + below, bye):
        return value
    return _next_matching(ctx, downfloaters, following, below, bye)[1]


def _next_matching(ctx: RoundContext, downfloaters: list[int], following: list[int], below: list[int],
                   bye: bool) -> tuple[list[int], tuple[int, tuple]]:
    """The best matching for [C8] (with ``below``: all paired first, the bye to an eligible player
    at the lowest score possible) and its value."""
    players = ctx.players
    vertices = downfloaters + following + below
    if len(vertices) > MAX_MATCHING:
        raise NotModelled(msg("measuring [C8] needs a weighted matching over {count} players, more than the {most} "
                              "this checker bounds itself to", count=len(vertices), most=MAX_MATCHING))
    scored = downfloaters + following
    levels = {s: k for k, s in enumerate(sorted({players[i].pairing_score for i in scored}))}
    base = len(vertices) + 1
    top = base ** (len(levels) + 1) * 2
    complete = top * (len(vertices) + 2)
    mdps, inside = set(downfloaters), set(scored)
    edges = []
    for x, a in enumerate(vertices):
        for b in vertices[x + 1:]:
            if ctx.adjacent[a] >> b & 1 and not (a in mdps and b in mdps):
                weight = complete if below else 0
                if a in inside and b in inside:
                    weight += top + base ** levels[players[a].pairing_score] + base ** levels[players[b].pairing_score]
                edges.append((a, b, weight))
    if below and bye:
        edges += [(a, ctx.n, complete) for a in vertices if ctx.eligible[a]
                  and players[a].pairing_score <= (ctx.pab_score if ctx.pab_score is not None else players[a].pairing_score)]
    mate = max_weight_matching(ctx.n + 1, edges, max_cardinality=bool(below))
    pairs = sum(1 for v in scored if mate[v] in inside) // 2
    return mate, (-pairs, tuple(sorted(-players[v].pairing_score for v in scored if mate[v] not in inside)))


#: The criteria in their order of priority (keys of the editions' data), the structural check
#: (an MDP paired with another MDP) before completion.
ORDER = ("rematch", "forbidden", "pab_bar", "absolute_colour", "structure", "completion", "pab_score", "pairs",
         "downfloater_scores", "next_bracket", "pab_unplayed", "topscorer_difference", "topscorer_repeat",
         "preference", "strong_preference", "downfloat_1", "upfloat_1", "downfloat_2", "upfloat_2",
         "downfloat_difference_1", "upfloat_difference_1", "downfloat_difference_2", "upfloat_difference_2")


def first_difference(ctx: RoundContext, bracket: Bracket, file: Candidate, ours: Candidate) -> Reason:
    """The criterion that separates the file's candidate from the engine's, with its numbers."""
    rules = ctx.rules
    mine = values(ctx, bracket, ours)
    theirs = values(ctx, bracket, file)
    for key in ORDER:
        if key not in mine or mine[key] == theirs[key]:
            continue
        worse = _worse(theirs[key], mine[key])
        return Reason(key, _label(rules, key), _sentence(ctx, bracket, key, theirs[key], mine[key], file, ours),
                      file_better=not worse)
    return _order(ctx, bracket, file, ours)


def _worse(theirs: object, mine: object) -> bool:
    if theirs is None or mine is None:
        return mine is None
    if isinstance(theirs, tuple) and theirs and isinstance(theirs[0], tuple):  # pairs found: more is worse
        return len(theirs) > len(mine)  # type: ignore[arg-type]
    return theirs > mine  # type: ignore[operator]


def _label(rules: SwissRules, key: str) -> str:
    if key == "forbidden":
        return "260/XXP"
    if key == "structure":
        return rules.article("bracket")
    return str(rules.criterion(key))


def _names(ctx: RoundContext, indices) -> str:
    return ", ".join(str(ctx.players[i].number) for i in indices)


def _pairs(ctx: RoundContext, pairs) -> str:
    return ", ".join(f"{ctx.players[a].number}-{ctx.players[b].number}" for a, b in pairs)


def _sentence(ctx: RoundContext, bracket: Bracket, key: str, theirs, mine, file: Candidate, ours: Candidate) -> Message:
    players = ctx.players
    where = msg("the {score}-point bracket", score=players[bracket.residents[0]].pairing_score)
    previous = key.endswith("1")
    match key:
        case "rematch":
            return msg("the file pairs players who already met: {pairs}", pairs=_pairs(ctx, theirs))
        case "forbidden":
            return msg("the file pairs players the file itself forbids to meet: {pairs}", pairs=_pairs(ctx, theirs))
        case "pab_bar":
            return msg("the file gives the pairing-allocated bye to {players}, barred from it after {bar}",
                       players=_names(ctx, theirs), bar=ctx.rules.pab_bar_text)
        case "absolute_colour":
            return msg("the file pairs non-topscorers with the same absolute colour preference: {pairs}",
                       pairs=_pairs(ctx, theirs))
        case "structure":
            return msg("the file pairs two players who both came down from higher brackets: {pairs}",
                       pairs=_pairs(ctx, theirs))
        case "completion":
            return (msg("the downfloaters the file leaves in {where} cannot all be paired with the players below",
                        where=where) if theirs else
                    msg("the engine's downfloaters in {where} cannot all be paired (a defect)", where=where))
        case "pab_score":
            return (msg("the bye goes to a player with {theirs} points where {mine} was possible", theirs=_text(theirs),
                        mine=_text(mine)) if theirs is not None else msg("the file gives no bye where one is needed"))
        case "pairs":
            return msg("the file leaves {left} in {where} where {possible}",
                       left=plural("{n} downfloater", "{n} downfloaters", n=theirs), where=where,
                       possible=plural("{n} was possible", "{n} were possible", n=mine))
        case "downfloater_scores":
            return msg("the file floats down players scoring {theirs} from {where} where {mine} was possible",
                       theirs=_scores(theirs), where=where, mine=_scores(mine))
        case "next_bracket":
            if theirs[0] != mine[0]:
                return msg("the file's downfloaters from {where} let the next bracket make {theirs} pairs where {mine} "
                           "were possible", where=where, theirs=-theirs[0], mine=-mine[0])
            return msg("the file's downfloaters from {where} leave the next bracket downfloaters scoring {theirs} where "
                       "{mine} was possible", where=where, theirs=_scores(theirs[1]), mine=_scores(mine[1]))
        case "pab_unplayed":
            return msg("the bye goes to {player}, with {theirs} unplayed game(s), where a player with {mine} was "
                       "possible", player=players[file.bye].number, theirs=theirs, mine=mine)
        case "topscorer_difference":
            return msg("in {where} {theirs} topscorer(s) or opponents get a colour difference beyond ±2 where {mine} "
                       "was possible", where=where, theirs=theirs, mine=mine)
        case "topscorer_repeat":
            return msg("in {where} {theirs} topscorer(s) or opponents get a colour three times in a row where {mine} "
                       "was possible", where=where, theirs=theirs, mine=mine)
        case "preference":
            return msg("in {where} {theirs} player(s) do not get their colour preference where {mine} was possible",
                       where=where, theirs=theirs, mine=mine)
        case "strong_preference":
            return msg("in {where} {theirs} player(s) do not get their strong colour preference where {mine} was "
                       "possible", where=where, theirs=theirs, mine=mine)
        case "downfloat_1" | "downfloat_2":
            return (msg("{theirs} resident downfloater(s) of {where} had a downfloat the previous round where {mine} "
                        "was possible", theirs=theirs, where=where, mine=mine) if previous else
                    msg("{theirs} resident downfloater(s) of {where} had a downfloat two rounds before where {mine} "
                        "was possible", theirs=theirs, where=where, mine=mine))
        case "upfloat_1" | "upfloat_2":
            return (msg("{theirs} opponent(s) of MDPs in {where} had an upfloat the previous round where {mine} was "
                        "possible", theirs=theirs, where=where, mine=mine) if previous else
                    msg("{theirs} opponent(s) of MDPs in {where} had an upfloat two rounds before where {mine} was "
                        "possible", theirs=theirs, where=where, mine=mine))
        case _:
            down = key.startswith("downfloat")
            if down:
                return (msg("in {where} the score differences of MDPs who had a downfloat the previous round are "
                            "{theirs} where {mine} was possible", where=where, theirs=_scores(theirs),
                            mine=_scores(mine)) if previous else
                        msg("in {where} the score differences of MDPs who had a downfloat two rounds before are "
                            "{theirs} where {mine} was possible", where=where, theirs=_scores(theirs),
                            mine=_scores(mine)))
            return (msg("in {where} the score differences of MDP opponents who had an upfloat the previous round are "
                        "{theirs} where {mine} was possible", where=where, theirs=_scores(theirs),
                        mine=_scores(mine)) if previous else
                    msg("in {where} the score differences of MDP opponents who had an upfloat two rounds before are "
                        "{theirs} where {mine} was possible", where=where, theirs=_scores(theirs), mine=_scores(mine)))


NONE = msg("none")


def _text(score) -> str:
    return short_text(score) if score is not None else NONE


def _scores(values: Sequence) -> str:
    """Scores in descending order, as a criterion compares them (points written as in the file)."""
    return "(" + ", ".join(short_text(v) for v in values) + ")" if values else NONE


# -- Article 4's order ----------------------------------------------------------------------------

def _order(ctx: RoundContext, bracket: Bracket, file: Candidate, ours: Candidate) -> Reason:
    """Both candidates equally good: the one Article 4 (2017: D) generates first, and where."""
    rules = ctx.rules
    players = ctx.players
    bsn = {i: k + 1 for k, i in enumerate(bracket.members)}
    mdps = set(bracket.mdps)

    def mdp_pairs(c: Candidate) -> list[tuple[int, int]]:
        return sorted(((a, b) if a in mdps else (b, a) for a, b in c.pairs if (a in mdps) != (b in mdps)),
                      key=lambda pair: bsn[pair[0]])

    mine, theirs = mdp_pairs(ours), mdp_pairs(file)
    if [a for a, _ in mine] != [a for a, _ in theirs]:
        return Reason("order", rules.article("mdp_exchanges"),
                      msg("both pairings are as good by every criterion; the rules take the set of MDPs paired that "
                          "comes first ({mine} before {theirs})", mine=_names(ctx, [a for a, _ in mine]),
                          theirs=_names(ctx, [a for a, _ in theirs])))
    if mine != theirs:
        k = next(k for k, (x, y) in enumerate(zip(mine, theirs, strict=True)) if x != y)
        return Reason("order", rules.article("transpositions"),
                      msg("both pairings are as good by every criterion; in the first transposition that makes them "
                          "MDP {mdp} meets {mine} (BSN {mine_bsn}), not {theirs} (BSN {theirs_bsn})",
                          mdp=players[mine[k][0]].number, mine=players[mine[k][1]].number, mine_bsn=bsn[mine[k][1]],
                          theirs=players[theirs[k][1]].number, theirs_bsn=bsn[theirs[k][1]]))
    used = {b for _, b in mine}
    remainder = [i for i in bracket.residents if i not in used]
    rbsn = {i: k + 1 for k, i in enumerate(remainder)}
    rest_mine = [(a, b) for a, b in ours.pairs if a in rbsn and b in rbsn]
    rest_theirs = [(a, b) for a, b in file.pairs if a in rbsn and b in rbsn]
    p = len(rest_mine)
    s1r = set(remainder[:p])

    def split(pairs: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
        out = sorted({max(pair, key=rbsn.get) for pair in pairs if pair[0] in s1r and pair[1] in s1r}
                     | {i for i in s1r if all(i not in pair for pair in pairs)}, key=rbsn.get)
        into = sorted({min(pair, key=rbsn.get) for pair in pairs if pair[0] not in s1r and pair[1] not in s1r},
                      key=rbsn.get)
        return out, into

    (out_m, in_m), (out_t, in_t) = split(rest_mine), split(rest_theirs)
    if (out_m, in_m) != (out_t, in_t):
        def said(out: list[int], into: list[int]) -> Message:
            if not out:
                return msg("no exchange")
            return msg("exchanging {out} with {into} (remainder BSNs)", out=[rbsn[i] for i in out],
                       into=[rbsn[i] for i in into])
        return Reason("order", rules.article("exchanges"),
                      msg("both pairings are as good by every criterion; the rules take the exchange that comes first: "
                          "{mine} before {theirs}", mine=said(out_m, in_m), theirs=said(out_t, in_t)))
    s1 = sorted((s1r - set(out_m)) | set(in_m), key=rbsn.get)
    partner_m = {a: b for pair in rest_mine for a, b in (pair, pair[::-1])}
    partner_t = {a: b for pair in rest_theirs for a, b in (pair, pair[::-1])}
    for a in s1:
        if partner_m.get(a) != partner_t.get(a):
            b, c = partner_m.get(a), partner_t.get(a)
            return Reason("order", rules.article("transpositions"),
                          msg("both pairings are as good by every criterion; in the first transposition that makes "
                              "them {player} meets {mine} (BSN {mine_bsn}), not {theirs} (BSN {theirs_bsn})",
                              player=players[a].number, mine=players[b].number, mine_bsn=rbsn[b],
                              theirs=players[c].number, theirs_bsn=rbsn[c]) if b is not None and c is not None else
                          msg("both pairings are as good by every criterion; the rules take the one generated first"))
    return Reason("order", rules.article("bracket"), msg("the pairings differ only in the bye; both are as good by "
                                                         "every criterion"))
