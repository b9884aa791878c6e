"""Before the last round(s): what a candidate still needs for each title.

For the rounds left, the opponents are not known (except the next round's, once it is paired):
the score needed is given for a range of average ratings of the unknown opponents (from the
title's floor, 1.4.6b, to its Rp, 1.4.8, by 100), with the paired opponent's own rating. It
assumes every round left is played: a forfeit is not a game (1.4.2c), so where the norm needs
every game left, the player **must play** each round. What the opponents left must bring to the
mix (title holders, titled players, federations) is said too. In a Swiss a norm already made on
the games so far stays made (1.4.1e: the later games may be ignored)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...messages import Message, msg
from .evaluate import Context, TitleNorm, average, least_count, required_half_points, route_of
from .games import NormGame, Record
from .people import Person
from .rules import TitleRule
from .search import best


@dataclass(frozen=True)
class Need:
    """The least points in the rounds left when the unknown opponents average ``rating`` (None:
    every opponent left is known, paired already); ``points`` None: no score is enough."""

    rating: int | None
    points: Fraction | None


@dataclass(frozen=True)
class TitleForecast:
    """One title for one candidate after ``played`` rounds of ``scheduled``."""

    title: str
    made: TitleNorm | None  #: a Swiss norm already made on the games so far
    games: int
    score: Fraction
    remaining: int
    final_games: int  #: the games counted if every round left is played
    must_play: bool  #: one game fewer than ``final_games`` would not be enough (1.4.1)
    paired: tuple[NormGame, ...]  #: the next round's opponent, once paired (result not known)
    needs: tuple[Need, ...]
    mix: tuple[Message, ...]  #: what the opponents left must bring, or why they cannot
    reachable: bool  #: some score in the rounds left can still make the norm


def _unknown(round_number: int, rating: int) -> NormGame:
    """An opponent not known yet, of ``rating``, for the average only."""
    return NormGame(round_number, 0, 0, rating, False, None, False, frozenset())


def forecast(ctx: Context, candidate: Person, title: TitleRule, rec: Record, played: int,
             paired: tuple[NormGame, ...]) -> TitleForecast:
    """What ``candidate`` needs for ``title`` after ``played`` rounds (``rec``: the games so far;
    ``paired``: the next round's opponent with a 0 result, when known)."""
    games, n_now = rec.games, len(rec.games)
    half_now = sum(g.half_points for g in games)
    remaining = max(ctx.rounds - played, 0)
    made = None
    if not ctx.round_robin and n_now:
        now = best(ctx, candidate, title, rec)
        made = now if now.achieved else None
    final = n_now + remaining
    route = route_of(ctx, final, True, rec.missing)
    fewer = route_of(ctx, final - 1, True, rec.missing) if remaining else route
    must_play = remaining > 0 and route.ok and not fewer.ok
    mix = _mix(ctx, candidate, title, games, paired, final, remaining) if route.ok else ()
    needs = []
    if route.ok and remaining:
        unknown_rounds = [x for x in range(played + 1, ctx.rounds + 1) if x not in {g.round for g in paired}]
        for rating in range(title.floor, title.rp + 1, 100) if unknown_rounds else (None,):
            future = (*games, *paired, *(_unknown(x, rating) for x in unknown_rounds))
            ra, _ = average(title, future)
            need = required_half_points(ctx, title, ra, final)
            left = None if need is None or need - half_now > 2 * remaining else max(need - half_now, 0)
            needs.append(Need(rating, None if left is None else Fraction(left, 2)))
    blocked = any(m.startswith("cannot") for m in mix)
    reachable = route.ok and not blocked and any(n.points is not None for n in needs)
    return TitleForecast(title.title, made, n_now, Fraction(half_now, 2), remaining, final, must_play, paired,
                         tuple(needs), mix, reachable or made is not None)


def _mix(ctx: Context, candidate: Person, title: TitleRule, games: tuple[NormGame, ...],
         paired: tuple[NormGame, ...], final: int, remaining: int) -> tuple[Message, ...]:
    """The opponent-mix requirements the rounds left must still meet (1.4.3, 1.4.5a, 1.4.5b-e) on
    ``final`` games, counting the paired opponent; "cannot …" when too few rounds are left."""
    r = ctx.rules
    known = (*games, *paired)
    open_rounds = remaining - len(paired)
    out = []
    holders = sum(1 for g in known if not g.titles.isdisjoint(title.holders))
    titled = sum(1 for g in known if g.titled)
    held = "/".join(sorted(title.holders))
    for need, have, kind, article in (
            (least_count(r.holders_fraction, final, ctx.double, r.holders_minimum), holders, "holders",
             r.article("holders")),
            (least_count(r.titled_fraction, final, ctx.double), titled, "titled", r.article("titled"))):
        if have < need:
            more = need - have
            said = dict(more=more, held=held, article=article, need=need, final=final)
            if more > open_rounds:
                out.append(msg("cannot meet {more} more opponent(s) holding {held} ({article}: {need} of {final})", **said)
                           if kind == "holders" else
                           msg("cannot meet {more} more titled opponent(s) ({article}: {need} of {final})", **said))
            else:
                out.append(msg("needs {more} more opponent(s) holding {held} ({article}: {need} of {final})", **said)
                           if kind == "holders" else
                           msg("needs {more} more titled opponent(s) ({article}: {need} of {final})", **said))
    if not ctx.exempt(candidate):
        own = candidate.federation if candidate.federation not in r.disregarded_federations else None
        foreign = {g.federation for g in known if g.federation and g.federation != own}
        if len(foreign) < r.foreign_federations:
            more = r.foreign_federations - len(foreign)
            said = dict(more=more, own=own or msg("the player’s"), article=r.article("foreign"))
            out.append(msg("cannot meet opponents from {more} more federation(s) other than {own} ({article})", **said)
                       if more > open_rounds else
                       msg("needs opponents from {more} more federation(s) other than {own} ({article})", **said))
    return tuple(out)
