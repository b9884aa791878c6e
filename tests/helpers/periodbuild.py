"""Events for the rating period's tests: small rated events of one newcomer, or of four players
met in three rounds, each with FIDE IDs."""

from __future__ import annotations

from dataclasses import replace

from eventbuild import swiss

import trfconv


def met(name: str, start: str, people: dict[int, dict], results=("1-0", "0-1", "=")) -> trfconv.Tournament:
    """Four players rated 1800-1950, three rounds; ``people`` sets a player's name and other 001
    columns (fide_id, fed, sex, birth) by start number; every player has a FIDE ID."""
    rounds = [[(1, 2, results[0]), (3, 4, "=")], [(4, 1, results[1]), (2, 3, "1-0")], [(1, 3, results[2]), (2, 4, "=")]]
    given = {n: {"fide_id": str(14000000 + 10 * sum(map(ord, name)) + n)} for n in range(1, 5)}  # an ID each
    for n, columns in people.items():
        given[n] = {**given[n], **{k: v for k, v in columns.items() if k != "name"}}
    t = swiss([1800, 1850, 1900, 1950], rounds, start=start, name=name, people=given)
    names = {n: columns["name"] for n, columns in people.items() if "name" in columns}
    return replace(t, players=tuple(replace(p, name=names.get(p.start_number, p.name)) for p in t.players))


#: Player 1's results (``1-0`` a win) and FIDE ID in an event of :func:`newcomer_event`.
LOSS, DRAW = "0-1", "="
NEWCOMER = "5001"


def newcomer_event(name: str, start: str, results: list[str], first_opponent: int, *, end: str | None = None,
                   newcomer: str = NEWCOMER, newcomer_rating: int | None = None, **options) -> trfconv.Tournament:
    """The newcomer (player 1) against players 2, 3, ... rated 1800, one a round; ``results`` his
    (``1-0`` a win, ``0-1`` a loss, ``=`` a draw). The opponents have FIDE IDs from
    ``first_opponent`` on; ``options`` go to :func:`eventbuild.swiss`."""
    rounds = [[(1, i + 2, r)] for i, r in enumerate(results)]
    t = swiss([newcomer_rating, *[1800] * len(results)], rounds, start=start, end=end, name=name, **options)
    ids = {1: newcomer, **{i + 2: str(first_opponent + i) for i in range(len(results))}}
    return replace(t, players=tuple(replace(p, fide_id=ids[p.start_number]) for p in t.players))
