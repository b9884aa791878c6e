"""Which games count for whom, and what each player gets.

Per game: unplayed games and games with fewer than one move are not rated (2005 5.1; current
5.1); the current per-game rate of play (1.1) and the rapid/blitz rating gap (R&B 7.3.1); match
games after the decision (2005 6.5; current 6.2); games against unrated opponents (2005 6.4 for
Swiss and team events, counted in round robins by 10.21b; current 8.3.1 for every event).
Per player: an unrated player needs rated opponents (2005 6.42) and a score (2005 6.1: at least
one point; current 8.2.1: more than zero) in what is assumed to be his first event.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from functools import cached_property

from ...messages import SEMICOLON, Message, joined, msg, plural
from ...model import Forfeit, Game, Outcome, Pending, Tournament, Unreadable
from ...numbers import exact_sum
from ...timecontrol import TimeControl
from .rules import RateabilityRules, RatingGap, Speed
from .shape import Shape
from .verdict import (
    Exclusion,
    Finding,
    GameVerdict,
    Gets,
    PlayerVerdict,
    game_verdict,
    player_verdict,
)

SCORE = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}
#: The round entries without a game over the board that still have a verdict, and why they do
#: not count (a forfeit only with its scheduled opponent; byes and rounds not paired have none).
_UNPLAYED = {Forfeit: (Exclusion.UNPLAYED,), Pending: (Exclusion.PENDING,), Unreadable: (Exclusion.UNREADABLE,)}


@dataclass(frozen=True)
class Judging:
    """What judging one event's games and players needs: the edition's rules, the event's shape,
    ratings as the edition sees them, the rate of play and its speed, the start date, and
    whether results are counted as in a round robin."""

    rules: RateabilityRules
    shape: Shape
    ratings: dict[int, int | None]  #: start number -> rating when rated under the edition
    clock: TimeControl | None
    minutes: Fraction | None  #: per player for ``rules.time_basis_moves`` moves
    speed: Speed | None
    start: date | None
    as_round_robin: bool  #: results counted as in a round robin (2005 10.21b)
    first_event: bool = True  #: taken as the unrated players' first event (2024 8.2.1, 2005 6.1)

    @cached_property
    def too_fast_from(self) -> int | None:
        """Where the rate of play is judged game by game (2024 1.1): the lowest deciding rating
        whose minimum time the event's rate of play does not give; None when no game is too fast
        (or the rule is not per game, or the event is too fast for any game and judged whole)."""
        r, minutes = self.rules, self.minutes
        if minutes is None or self.speed is not None or r.time_scope != "game" or minutes < r.slowest_minimum:
            return None
        return min((floor for floor, needed in r.minimum_minutes if minutes < needed), default=None)


def game_verdicts(t: Tournament, ctx: Judging) -> tuple[dict[int, list[GameVerdict]], list[Finding]]:
    """Every player's rounds that had an opponent, with the per-game exclusions."""
    decided = _rounds_after_decision(t, ctx) if ctx.shape.match else frozenset()
    too_fast: dict[int, set[tuple[int, int, int]]] = {}  # needed minutes -> (round, player, opponent) excluded
    gap: set[int] = set()
    games: dict[int, list[GameVerdict]] = {}
    ratings = ctx.ratings
    # Without a per-game rate-of-play rule (neither 1.1's minimum by rating nor the rapid/blitz
    # gap), a game's reasons depend only on whether it is rated, whether it was played after a
    # match was decided and whether the opponent is unrated: judged once for each of these.
    per_game = ctx.too_fast_from is not None or _gap_rule(ctx) is not None
    judged: dict[tuple[bool, bool, bool], tuple[bool, tuple[Exclusion, ...]]] = {}
    rated = {n for n, rating in ratings.items() if rating is not None}
    for p in t.players:
        player, mine = p.start_number, []
        for number, entry in enumerate(p.rounds, start=1):
            kind = type(entry)  # the model's round entries are final classes: one test instead of a chain
            if kind is Game:
                if per_game:
                    reasons = tuple(_game_reasons(ctx, number, player, entry, number in decided, too_fast, gap))
                    counts = not reasons
                else:
                    key = (entry.rated, number in decided, entry.opponent not in rated)
                    if (known := judged.get(key)) is None:
                        reasons = tuple(_game_reasons(ctx, number, player, entry, key[1], too_fast, gap))
                        known = judged[key] = (not reasons, reasons)
                    counts, reasons = known
                mine.append(game_verdict(number, player, entry.opponent, SCORE[entry.outcome], counts, reasons))
            elif kind in _UNPLAYED and (kind is not Forfeit or entry.opponent is not None):
                mine.append(game_verdict(number, player, None if kind is Unreadable else entry.opponent, None, False,
                                         _UNPLAYED[kind]))
        games[player] = mine
    findings = []
    rules = ctx.rules
    for needed, excluded in sorted(too_fast.items()):
        floor = next(f for f, m in rules.minimum_minutes if m == needed)
        count = len({(r, min(a, b), max(a, b)) for r, a, b in excluded})
        players = {n for _, a, b in excluded for n in (a, b) if n in games}
        findings.append(Finding(
            "VAL011", rules.article("time"),
            plural("the rate of play gives {minutes} min for {moves} moves; games with a player rated {floor} or "
                   "more need {needed} min: {n} game(s) not rated (art. {article})",
                   "the rate of play gives {minutes} min for {moves} moves; games with a player rated {floor} or "
                   "more need {needed} min: {n} game(s) not rated (art. {article})", n=count, minutes=ctx.minutes,
                   moves=rules.time_basis_moves, floor=floor, needed=needed, article=rules.article("time")),
            fatal=False, players=tuple(sorted(players))))
    if gap:
        g = rules.rapid_blitz_gap
        findings.append(Finding(
            "VAL015", rules.article("rapid_blitz_gap"),
            msg("games between players {difference} or more points apart, one of them rated above {above}, are not "
                "rated (art. {article})", difference=g.difference, above=g.above_rating,
                article=rules.article("rapid_blitz_gap")), fatal=False, players=tuple(sorted(gap))))
    if decided:
        findings.append(Finding(
            "VAL034", rules.article("match_decided"),
            plural("{n} game played after the match was decided ({rounds}) not rated (art. {article})",
                   "{n} games played after the match was decided ({rounds}) not rated (art. {article})",
                   n=len(decided), rounds=sorted(decided), article=rules.article("match_decided")),
            fatal=False, rounds=tuple(sorted(decided))))
    return games, findings


def _game_reasons(ctx: Judging, number: int, player: int, game: Game, after_decision: bool,
                  too_fast: dict[int, set[tuple[int, int, int]]], gap: set[int]) -> list[Exclusion]:
    rules, reasons = ctx.rules, []
    mine, theirs = ctx.ratings.get(player), ctx.ratings.get(game.opponent)
    if not game.rated:
        reasons.append(Exclusion.NO_MOVE)
    if ctx.too_fast_from is not None and max(mine or 0, theirs or 0) >= ctx.too_fast_from:
        reasons.append(Exclusion.TIME_CONTROL)
        too_fast.setdefault(rules.minimum_for(max(mine or 0, theirs or 0)), set()).add((number, player, game.opponent))
    g = _gap_rule(ctx)
    if (g is not None and mine is not None and theirs is not None
            and abs(mine - theirs) >= g.difference and max(mine, theirs) > g.above_rating):
        reasons.append(Exclusion.TIME_CONTROL)
        gap.update((player, game.opponent))
    if after_decision:
        reasons.append(Exclusion.MATCH_DECIDED)
    if theirs is None and not (ctx.as_round_robin and rules.rr_counts_unrated_games):
        reasons.append(Exclusion.UNRATED_OPPONENT)
    return reasons


def _gap_rule(ctx: Judging) -> RatingGap | None:
    """The rapid/blitz rating gap rule (R&B 7.3.1) when it applies to the event (a rapid or
    blitz event that started when it was in force), else None."""
    g = ctx.rules.rapid_blitz_gap
    if ctx.speed is None or g is None or (ctx.start is not None and ctx.start < g.effective):
        return None
    return g


def _rounds_after_decision(t: Tournament, ctx: Judging) -> frozenset[int]:
    """Rounds of a match played after one player had more than half of the scheduled games'
    points (2005 6.5; current 6.2)."""
    if ctx.rules.match_games_after_decision_rated or len(t.players) != 2:
        return frozenset()
    scheduled = t.event.declared_rounds or t.rounds
    first = t.players[0]
    mine = theirs = Fraction(0)
    for number, entry in enumerate(first.rounds, start=1):
        if max(mine, theirs) * 2 > scheduled:
            return frozenset(range(number, t.rounds + 1))
        if isinstance(entry, Game):
            mine += SCORE[entry.outcome]
            theirs += 1 - SCORE[entry.outcome]
    return frozenset()


def player_verdicts(t: Tournament, ctx: Judging, games: dict[int, list[GameVerdict]]
                    ) -> tuple[list[PlayerVerdict], list[Finding]]:
    """What each player gets. Unrated players whose results are not counted are taken out, and
    their opponents' games against them with them, until nothing changes (in a 2005 round robin
    one player's exclusion can lower another unrated player's score)."""
    rules, ratings = ctx.rules, ctx.ratings
    excluded: dict[int, Message] = {}  # start number -> reason
    short: list[int] = []
    low: list[int] = []
    unrated = [p.start_number for p in t.players if ratings.get(p.start_number) is None]
    # Judging a player reads his games only: one judged and kept is judged again only when his
    # games changed (an opponent was taken out), which decides the same as judging all each pass.
    kept: set[int] = set()
    minimum = None if ctx.as_round_robin else rules.unrated_min_rated_opponents  # 2005 6.42: in a Swiss
    while True:
        changed = False
        for n in unrated:
            if n in excluded or n in kept:
                continue
            kept.add(n)
            counted = [g for g in games[n] if g.counts]
            if not counted:
                continue
            # each count is made only when its rule applies (an edition has one of the two, or both)
            rated = len({g.opponent for g in counted if ratings.get(g.opponent) is not None}) if minimum else 0
            if minimum and rated < minimum:
                article = rules.article("unrated_opponents_count")
                excluded[n] = plural("only {n} rated opponent; at least {minimum} are needed (art. {article})",
                                     "only {n} rated opponents; at least {minimum} are needed (art. {article})",
                                     n=rated, minimum=minimum, article=article)
                short.append(n)
            elif ctx.first_event and (score := exact_sum([g.score for g in counted])) < rules.unrated_min_score:
                article = rules.article("first_event")
                excluded[n] = plural("unrated, scored {score} in {n} counted game; less than {minimum} in a first "
                                     "event is not counted (art. {article})",
                                     "unrated, scored {score} in {n} counted games; less than {minimum} in a first "
                                     "event is not counted (art. {article})", n=len(counted), score=score,
                                     minimum=rules.unrated_min_score, article=article)
                low.append(n)
            else:
                continue
            changed = True
            games[n] = [_exclude(g, Exclusion.PLAYER_NOT_COUNTED) for g in games[n]]
            for other in {g.opponent for g in games[n] if g.opponent in games}:
                games[other] = [_exclude(g, Exclusion.OPPONENT_NOT_COUNTED) if g.opponent == n and g.counts
                                else g for g in games[other]]
                kept.discard(other)
        if not changed:
            break
    findings = []
    if short:
        article = rules.article("unrated_opponents_count")
        findings.append(Finding(
            "VAL032", article, msg("results of {players} not counted: fewer than {minimum} rated opponents (art. "
                                   "{article})", players=_unrated_players(short),
                                   minimum=rules.unrated_min_rated_opponents, article=article), fatal=False,
            players=tuple(sorted(short))))
    if low:
        article = rules.article("first_event")
        findings.append(Finding(
            "VAL033", article, msg("results of {players} not counted: a score below {minimum} in a first event (art. "
                                   "{article}; the event is assumed to be their first)",
                                   players=_unrated_players(low), minimum=rules.unrated_min_score, article=article),
            fatal=False, players=tuple(sorted(low))))
    verdicts = [_player_verdict(ctx, p.start_number, games[p.start_number], excluded.get(p.start_number))
                for p in t.players]
    return verdicts, findings


def _player_verdict(ctx: Judging, n: int, games: list[GameVerdict], excluded: Message | None) -> PlayerVerdict:
    rules, ratings = ctx.rules, ctx.ratings
    rating, played = ratings.get(n), tuple(games)
    if excluded:
        return player_verdict(n, rating, Gets.NOTHING, excluded, played)
    counted = [g.opponent for g in games if g.counts]
    if not counted:
        return player_verdict(n, rating, Gets.NOTHING, _why_nothing(rules, games), played)
    if rating is not None:
        return player_verdict(n, rating, Gets.CHANGE, None, played)
    needed, article = rules.initial_publication_games, rules.article("initial_publication")
    rated_games = len([o for o in counted if ratings.get(o) is not None])
    note = None
    if rated_games < needed:
        note = plural("{n} game against rated opponents; {needed} are needed before an initial rating is "
                      "published, pooled over {pooling} (art. {article})",
                      "{n} games against rated opponents; {needed} are needed before an initial rating is "
                      "published, pooled over {pooling} (art. {article})", n=rated_games, needed=needed,
                      pooling=rules.initial_pooling, article=article)
    return player_verdict(n, None, Gets.INITIAL, note, played)


def _why_nothing(rules: RateabilityRules, games: list[GameVerdict]) -> Message:
    if not games:
        return msg("no game played")
    reasons: dict[Exclusion, int] = {}
    for g in games:
        for r in g.reasons:
            reasons[r] = reasons.get(r, 0) + 1
    counted = [msg("{reason} ({count})", reason=r.value, count=count) for r, count in reasons.items()]
    return msg("no game counts: {reasons}", reasons=joined(counted, SEMICOLON))


def not_rateable(verdicts: list[PlayerVerdict]) -> list[PlayerVerdict]:
    """Every game and player of an event that is not rateable."""
    return [replace(p, gets=Gets.NOTHING, reason=Exclusion.EVENT.value,
                    games=tuple(_exclude(g, Exclusion.EVENT) for g in p.games)) for p in verdicts]


def not_finished(verdicts: list[PlayerVerdict], judged: str) -> list[PlayerVerdict]:
    """Every game and player of an event that is not finished: nobody is rated before its end."""
    reason = msg("the event is not finished ({judged})", judged=judged)
    return [replace(p, gets=Gets.NOTHING, reason=reason,
                    games=tuple(_exclude(g, Exclusion.NOT_FINISHED) for g in p.games)) for p in verdicts]


def _exclude(g: GameVerdict, reason: Exclusion) -> GameVerdict:
    if reason in g.reasons:
        return g
    return game_verdict(g.round, g.player, g.opponent, g.score, False, (*g.reasons, reason))


#: How many start numbers a message names before it only counts the rest (the finding keeps all).
NAMED = 10


def _unrated_players(numbers: list[int]) -> Message:
    """``unrated player 4``, ``unrated players 4, 7, 9``; past :data:`NAMED`, ``58 unrated players
    (155, 157, … and 48 more)``."""
    numbers = sorted(numbers)
    if len(numbers) <= NAMED:
        return plural("unrated player {players}", "unrated players {players}", n=len(numbers), players=numbers)
    return msg("{count} unrated players ({players} and {more} more)", count=len(numbers), players=numbers[:NAMED],
               more=len(numbers) - NAMED)
