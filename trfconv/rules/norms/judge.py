"""Each player's results in one event: the titles looked at, the result chosen for each under the
readings applied (1.4.2c's last round as its reading says), the result under each other reading
where it decides (:class:`~.evaluate.Alternative`), and, in an event not finished, whether the
rounds to come can still change it (:attr:`~.evaluate.TitleNorm.pending`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from ...model import Bye, Forfeit, Game, Pending, Player, Tournament
from .evaluate import NEAR_RATING, Alternative, Context, TitleNorm
from .forecast import forecast
from .games import NormGame, Record, opponents, record
from .people import Person
from .rules import NormRules, TitleRule, half_up, percent
from .search import best, least_holders, possible


@dataclass(frozen=True)
class PlayerNorms:
    """One player's results, one per title looked at (highest first)."""

    person: Person
    results: tuple[TitleNorm, ...]


@dataclass(frozen=True)
class Field:
    """What judging every player of one event shares: the context, each player's facts as an
    opponent (:func:`.games.opponents`, or by round, 1.1.4), the opponents not counted (1.4.2b),
    and the rounds not complete (:mod:`trfconv.rules.progress`)."""

    ctx: Context
    known: dict[int, Person]
    excluded: frozenset[int]
    by_round: dict | None
    unfinished: tuple[int, ...]

    @cached_property
    def facts(self) -> dict[int, tuple]:
        return opponents(self.ctx.rules, self.known)


def titles_looked_at(rules: NormRules, person: Person, asked: tuple[str, ...] | None) -> tuple[str, ...]:
    """The titles to look at: those asked, else each title with norms whose holders (1.4.5b-e: the
    title or a higher one) the player is not among; women's titles for women, and for players
    whose sex the file does not give (0.3.1 is then not checked)."""
    if asked:
        return asked
    return tuple(name for name, rule in rules.titles.items()
                 if rule.holders.isdisjoint(person.titles) and (person.woman is not False or not rule.women))


def candidates(t: Tournament, ctx: Context, known: dict[int, Person], player: int | None,
               titles: tuple[str, ...] | None):
    """Each player looked at (``player``: that one only) with their facts and the titles looked at."""
    looked_at: dict[tuple, list[TitleRule]] = {}  # by the titles held and sex: a few answers for all
    for p in t.players:
        if player is not None and p.start_number != player:
            continue
        person = known[p.start_number]
        key = (person.titles, person.woman)
        if key not in looked_at:
            looked_at[key] = [ctx.rules.titles[x] for x in titles_looked_at(ctx.rules, person, titles)]
        if looked_at[key]:
            yield p, person, looked_at[key]


def judge_all(t: Tournament, field: Field, player: int | None, titles: tuple[str, ...] | None
          ) -> tuple[list[PlayerNorms], int]:
    """The players judged, each with the titles some set of their games comes near (:func:`.search.
    possible`, with its slack for near misses), and how many were ruled out (none comes near any);
    a player asked for by number is judged for every title looked at."""
    ctx = field.ctx
    out, ruled_out = [], 0
    facts = field.facts
    rating = {n: x[0] for n, x in facts.items()}
    least = ctx.least_games - 1
    for p, person, looked in candidates(t, ctx, field.known, player, titles):
        pending = _pending(field, p)
        if player is None and not pending and field.by_round is None and "ratings" not in ctx.unknown:
            # the most lenient title's Ra out of reach of the highest ratings met: no record needed
            top = sorted([rating.get(e.opponent, 0) for e in p.rounds if type(e) is Game], reverse=True)[:least]
            lenient = looked[-1]  # the lowest title looked at: the lowest Ra and floor
            if len(top) < least or half_up(sum(top) - top[-1] + max(top[-1], lenient.floor), least) + NEAR_RATING \
                    < lenient.ra:
                ruled_out += 1
                continue
        rec = record(p, facts, ctx.rounds, field.excluded, field.by_round)
        hopeful = [(x, possible(ctx, x, rec)) for x in looked]
        if player is None:  # the titles no set of games comes near, nor can with the rounds to come, are not shown
            hopeful = [(x, h) for x, h in hopeful if h or possible(ctx, x, rec, slack=True)
                       or (pending and _reachable(field, p, person, x, pending))]
            if not hopeful:
                ruled_out += 1
                continue
        forfeit = rec.with_forfeit(ctx.rounds, field.facts)
        results = []
        for rule, h in hopeful:
            chosen = _chosen(ctx, person, rule, rec, h, forfeit)
            others = _alternatives(ctx, person, rule, rec, h, forfeit, chosen)
            chosen = replace(chosen, alternatives=others) if others else chosen
            results.append(_progress(field, p, person, rule, chosen, pending))
        out.append(PlayerNorms(person, tuple(results)))
    return out, ruled_out


#: The articles of 1.4.1 that count games (what 1.4.2c's last round needs the game for).
_GAMES = ("min_games", "team_championship", "world_cup", "nine_rounds", "overscore")


def _chosen(ctx: Context, person: Person, rule: TitleRule, rec: Record, hopeful: bool,
            forfeit: Record | None) -> TitleNorm:
    """The result under ``ctx``'s readings: the best set of the games (:func:`.search.best`), or,
    when its games are too few and 1.4.2c's last round is read so, the best set counting the
    last-round forfeit as a game lost, if that set needs it."""
    result = best(ctx, person, rule, rec, hopeful)
    articles = {ctx.rules.article(x) for x in _GAMES}
    if forfeit is None or result.achieved or ctx.reading("last-round-forfeit") != "counted-as-loss" or \
            not any(q.article in articles for q in result.failed):
        return result
    counted = best(ctx, person, rule, forfeit)
    return counted if (counted.achieved or counted.undecided) and any(g.forfeit for g in counted.kept) else result


def _alternatives(ctx: Context, person: Person, rule: TitleRule, rec: Record, hopeful: bool,
                  forfeit: Record | None, chosen: TitleNorm) -> tuple[Alternative, ...]:
    """The result under the other choice of each reading that could change ``chosen`` (its
    status or its credited games), where it does."""
    r = ctx.rules
    relevant = []
    if hopeful and len(rec.games) >= 13:  # the first number of games the 35 % readings part at (4.5/13)
        relevant.append("score")
    if hopeful and ctx.round_robin and any(g.won for g in rec.games):
        relevant.append("round-robin-beaten")
    if forfeit is not None:
        relevant.append("last-round-forfeit")
    if chosen.route == r.article("nine_rounds") and chosen.credited_games is not None:
        relevant.append("nine-rounds-overscore")
    if ctx.rounds <= r.credited_cap and (chosen.credited_games or 0) >= r.credited_cap:
        relevant.append("thirteen-cap")
    out = []
    for name in relevant:
        other = r.readings[name].other(ctx.reading(name))
        result = _chosen(ctx.choosing(name, other), person, rule, rec, hopeful, forfeit)
        if (result.status, result.credited_games) != (chosen.status, chosen.credited_games):
            out.append(Alternative(name, other, result))
    return tuple(out)


def _pending(field: Field, p: Player) -> tuple[int, ...]:
    """The rounds not complete (:mod:`trfconv.rules.progress`) in which ``p`` has no result yet."""
    return tuple(r for r in field.unfinished if not isinstance(p.rounds[r - 1] if r <= len(p.rounds) else None,
                                                                 (Game, Forfeit, Bye)))


def _reachable(field: Field, p: Player, person: Person, rule: TitleRule, pending: tuple[int, ...]) -> bool:
    """Whether a score in the rounds to come can still make ``rule``'s norm: the forecast's answer
    (:func:`.forecast.forecast`: the games, the mix still needed), if the players not met yet can
    bring the Ra, the Rp and the title holders (each at best: the highest rated of them, all won;
    every holder among them)."""
    ctx = field.ctx
    played = pending[0] - 1
    rec = record(p, field.facts, played, field.excluded, field.by_round)
    if not forecast(ctx, person, rule, rec, played, paired(p, played, field)).reachable:
        return False
    met = {e.opponent for e in p.rounds if type(e) is Game}
    unmet = [o for o in field.facts if o != p.start_number and o not in met and o not in field.excluded]
    left = len(pending)
    future = sorted((field.facts[o][0] for o in unmet), reverse=True)[:left]
    ratings = sorted([*rec.ratings, *future], reverse=True)
    least = ctx.least_games
    if len(ratings) < least:
        return False
    ra = half_up(sum(ratings[:least - 1]) + max(ratings[least - 1], rule.floor), least)
    results = sorted([*rec.results, *(2 for _ in future)], reverse=True)
    if ra < rule.ra or ra + ctx.rules.dp(percent(sum(results[:least]), least)) < rule.rp:
        return False
    holders = sum(1 for g in rec.games if not g.titles.isdisjoint(rule.holders)) + min(
        left, sum(1 for o in unmet if not field.facts[o][4].isdisjoint(rule.holders)))
    return "titles" in ctx.unknown or holders >= least_holders(ctx)


def _progress(field: Field, p: Player, person: Person, rule: TitleRule, result: TitleNorm,
              pending: tuple[int, ...]) -> TitleNorm:
    """``result`` with the ``pending`` rounds that can change it (none: it is final). In a Swiss a
    norm made stays made (1.4.1e); a round robin's result waits for all its rounds; a result not
    made can change when a score in the rounds left can make it (:func:`_reachable`)."""
    if not pending or (result.achieved and not field.ctx.round_robin):
        return result
    if not result.achieved and not _reachable(field, p, person, rule, pending):
        return result
    return replace(result, pending=pending)


def paired(p: Player, played: int, field: Field) -> tuple[NormGame, ...]:
    """The opponent ``p`` is paired with in the round after ``played`` (result not known: a 0), as
    the forecast counts them; empty when not paired or not counted (1.4.2b)."""
    nxt = p.rounds[played] if played < len(p.rounds) else None
    facts = field.facts
    if isinstance(nxt, (Game, Pending)) and nxt.opponent in facts and nxt.opponent not in field.excluded:
        return (NormGame(played + 1, nxt.opponent, 0, *facts[nxt.opponent]),)
    return ()
