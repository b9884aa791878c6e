"""Events for the norm tests: one candidate (start number 1) meets a given opponent each round,
with a given result; the other players only meet the candidate (zero-point byes otherwise).
Built as TRF text with :func:`eventbuild.swiss`, so that the reader is part of what is tested."""

from __future__ import annotations

from eventbuild import swiss

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
