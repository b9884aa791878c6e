"""Test helper (no tests here), not the validator: a rateability Verdict built by the plain rule
"every game played over the board counts for both players". The rating properties use it so that
the arithmetic is exercised on every game of a random tournament, independent of which games the
real validator would exclude. Rated players get CHANGE, unrated INITIAL, the others NOTHING.
``test_rating_report.py::test_fixture_verdict_is_the_validators_on_an_event_where_every_game_counts``
holds it to the validator's own verdict where the validator excludes nothing."""

from __future__ import annotations

from trfconv.model import Game, Tournament
from trfconv.rules.editions import Edition, edition
from trfconv.rules.rateability.games import SCORE
from trfconv.rules.rateability.verdict import (
    Decision,
    GameVerdict,
    Gets,
    PlayerVerdict,
    Verdict,
)


def all_played_games_count(t: Tournament, rules: str | Edition = "b02-2024", *,
                           round_robin: bool = False) -> Verdict:
    """The fixture verdict: every played game (``Game`` with ``rated=True``) counts."""
    players = []
    for p in t.players:
        games = []
        for number, entry in enumerate(p.rounds, start=1):
            if isinstance(entry, Game):
                games.append(GameVerdict(number, p.start_number, entry.opponent, SCORE[entry.outcome],
                                         counts=entry.rated))
            else:
                games.append(GameVerdict(number, p.start_number, None, None, counts=False))
        played = any(g.counts for g in games)
        gets = Gets.NOTHING if not played else Gets.CHANGE if p.rating else Gets.INITIAL
        players.append(PlayerVerdict(p.start_number, p.rating, gets,
                                     None if played else "no game played", tuple(games)))
    chosen = edition(rules) if isinstance(rules, str) else rules
    return Verdict(chosen, Decision.RATEABLE, round_robin, players=tuple(players))
