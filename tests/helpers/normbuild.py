"""Events for the norm tests: one candidate (start number 1) meets a given opponent each round,
with a given result; the other players only meet the candidate (zero-point byes otherwise).
Built as TRF text with :func:`eventbuild.swiss`, so that the reader is part of what is tested.
And, for the best-subset search (its differential test and benchmark), random candidates' records
built directly (:func:`search_candidate`)."""

from __future__ import annotations

import random

from eventbuild import swiss

from trfconv.rules.norms.evaluate import Context
from trfconv.rules.norms.games import Missing, NormGame, Record
from trfconv.rules.norms.people import Person
from trfconv.rules.norms.rules import NormRules

#: The candidate's result code -> the game as eventbuild writes it (candidate White).
GAME = {"1": "1-0", "=": "=", "0": "0-1", "+": "+-", "-": "-+"}


def opponent(rating: int | None, title: str = "", fed: str = "GER", sex: str = "m") -> dict:
    """An opponent: rating (None: unrated), title, federation and sex."""
    return {"rating": rating, "title": title, "fed": fed, "sex": sex}


def norm_event(results: str, opponents: list[dict], *, candidate: dict | None = None, **options):
    """``results``: the candidate's result in each round (``1 = 0 + -`` against the next opponent of
    ``opponents``; ``U`` a pairing-allocated bye, ``H`` a half-point bye, ``.`` absent). The
    candidate is a FIDE-rated man of ``ESP`` with FIDE id 1 unless ``candidate`` says otherwise."""
    me = {"fed": "ESP", "sex": "m", "fide_id": "1", **(candidate or {})}
    my_rating = me.pop("rating", 2400)
    ratings = [my_rating, *(o["rating"] for o in opponents)]
    people = {1: me}
    for i, o in enumerate(opponents, start=2):
        people[i] = {"title": o["title"], "fed": o["fed"], "sex": o["sex"], "fide_id": str(100 + i)}
    rounds, byes, nxt = [], {}, 2
    for number, code in enumerate(results, start=1):
        if code in GAME:
            rounds.append([(1, nxt, GAME[code])])
            nxt += 1
        else:
            rounds.append([])
            if code in "UH":
                byes[(number, 1)] = code
    assert nxt - 2 == len(opponents), "one opponent per game"
    return swiss(ratings, rounds, people=people, byes=byes, **options)


def gm_field(count: int, rating: int = 2500, feds: tuple[str, ...] = ("GER", "FRA", "ITA", "NED")) -> list[dict]:
    """``count`` GM opponents of ``rating`` from rotating federations."""
    return [opponent(rating, "GM", feds[i % len(feds)]) for i in range(count)]


#: What :func:`search_candidate` draws from.
FEDERATIONS = ("ESP", "GER", "FRA", "ITA", "NED", "USA", None)
OPEN_TITLES = ("GM", "GM", "IM", "IM", "FM", "")
WOMEN_TITLES = ("WGM", "WIM", "WFM", "")


def search_candidate(rules: NormRules, rng: random.Random, rounds: int) -> tuple[Person, Record]:
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
                              not titles.isdisjoint(rules.titled), titles))
    return me, Record(tuple(games), tuple(missing))


def search_context(rules: NormRules, rng: random.Random, rounds: int) -> Context:
    """A Swiss or, now and then, a round robin (1.4.1f read either way) of ``rounds`` for
    :func:`search_candidate`: now and then a World Cup (1.4.1b), an exemption (1.4.3a, or b for
    the home federation ESP), either reading of 1.4.8b."""
    round_robin = rng.random() < 0.25
    readings = (("round-robin-beaten", rng.choice(("complete-event", "all-rounds"))),
                ("score", rng.choice(("rounded", "exact"))))
    return Context(rules, rounds, round_robin, players=rounds + 1 if round_robin else 200,
                   event_type=rng.choice((None, None, None, "world-cup")),
                   exemption=rng.choice((None, None, None, "1.4.3a", "1.4.3b")), home="ESP", readings=readings)


def events(*results: str, **options):
    """One event per ``results`` (a title application's events: ``e1.trf`` …), against GMs."""
    return [(f"e{i}.trf", norm_event(r, gm_field(len(r) - r.count("U") - r.count("H")), name=f"E{i}", **options))
            for i, r in enumerate(results, start=1)]
