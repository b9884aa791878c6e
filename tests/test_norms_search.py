"""The best-subset search (1.4.1e/f) against a plain exhaustive search: every set of games the
rules allow, judged in full by :func:`evaluate`, in the order the search documents (trailing cut
from the longest, then fewer beaten opponents dropped, then ``itertools.combinations`` order),
the first of the best kept. The search prunes with bounds; this proves the bounds never change a
result, on generated players whose results are exactly equal field by field."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from trfconv.rules.editions import edition
from trfconv.rules.norms.evaluate import Context, Dropped, evaluate
from trfconv.rules.norms.games import Missing, NormGame, Record
from trfconv.rules.norms.people import Person
from trfconv.rules.norms.rules import TITLES, norm_rules
from trfconv.rules.norms.search import best

RULES = norm_rules(edition("b01-2024"))
FEDERATIONS = ("ESP", "GER", "FRA", "ITA", "NED", "USA", None)
OPEN_TITLES = ("GM", "GM", "IM", "IM", "FM", "")
WOMEN_TITLES = ("WGM", "WIM", "WFM", "")


def rank(norm) -> tuple:
    """The documented order of choice: most credited games, fewest dropped, earliest rounds kept."""
    return -(norm.credited_games or 0), len(norm.dropped), tuple(g.round for g in norm.kept)


def exhaustive(ctx: Context, candidate: Person, title, rec: Record):
    """Every allowed set judged by :func:`evaluate`, no bound: the reference the search must equal."""
    games = rec.games
    full = evaluate(ctx, candidate, title, games, (), rec.missing)
    if ctx.round_robin:
        return full
    chosen = full if full.achieved else None
    for cut in range(len(games), ctx.least_games - 1, -1):
        prefix, tail = games[:cut], games[cut:]
        wins = [i for i, g in enumerate(prefix) if g.won]
        for size in range(0, min(len(wins), cut - ctx.least_games) + 1):
            if cut == len(games) and size == 0:
                continue
            for drop in combinations(wins, size):
                kept = tuple(g for i, g in enumerate(prefix) if i not in drop)
                dropped = tuple(sorted((*(Dropped(prefix[i], RULES.article("beaten")) for i in drop),
                                        *(Dropped(g, RULES.article("later_games")) for g in tail)),
                                       key=lambda d: d.round))
                result = evaluate(ctx, candidate, title, kept, dropped, rec.missing)
                if result.achieved and (chosen is None or rank(result) < rank(chosen)):
                    chosen = result
    return chosen or full


def generated(rng: random.Random, rounds: int) -> tuple[Person, Record]:
    """A candidate and their record: strong fields, many wins, a few rounds without a game, titles
    and federations mixed so that every requirement sometimes decides."""
    woman = rng.random() < 0.3
    me = Person(1, "Candidate", "1", frozenset(), 2400, rng.choice(("ESP", "GER", None)), woman, "the file")
    strength = rng.choice((0.35, 0.5, 0.65, 0.8))
    base = rng.choice((2250, 2350, 2450, 2550))
    games, missing = [], []
    for number in range(1, rounds + 1):
        if rng.random() < 0.08:
            missing.append(Missing(number, rng.choice(("forfeit-win", "pab", "forfeit-loss", "absent"))))
            continue
        unrated = rng.random() < 0.04
        rating = 1400 if unrated else max(1400, base + rng.randint(-400, 250))
        title = rng.choice(WOMEN_TITLES if rng.random() < 0.2 else OPEN_TITLES)
        titles = frozenset({title} if title else ())
        roll = rng.random()
        half_points = 2 if roll < strength else 1 if roll < strength + 0.25 else 0
        games.append(NormGame(number, number + 1, half_points, rating, unrated, rng.choice(FEDERATIONS),
                              not titles.isdisjoint(RULES.titled), titles, False))
    return me, Record(tuple(games), tuple(missing))


def contexts(rng: random.Random, rounds: int) -> Context:
    return Context(RULES, rounds, players=200, event_type=rng.choice((None, None, None, "world-cup")),
                   exemption=rng.choice((None, None, None, "1.4.3a", "1.4.3b")), home="ESP",
                   reading=rng.choice(("rounded", "exact")))


def compare(seed: int, players: int) -> None:
    rng = random.Random(seed)
    achieved = searched = 0
    for _ in range(players):
        rounds = rng.choice((9, 10, 11, 12, 13, 14))
        ctx = contexts(rng, rounds)
        me, rec = generated(rng, rounds)
        for name in TITLES:
            title = RULES.titles[name]
            got, want = best(ctx, me, title, rec), exhaustive(ctx, me, title, rec)
            assert got == want, (seed, rounds, name, rec)
            searched += 1
            achieved += want.achieved
    assert achieved >= players // 6 and searched - achieved >= players // 6  # both kinds are compared


def test_search_equals_exhaustive():
    compare(0, 24)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 9))
def test_search_equals_exhaustive_many(seed):
    compare(seed, 60)
