"""Tie-breaks on a participant's own results and data (C.07 Art. 7, Type B) and the seed
systems of the same kind (cumulative variants, Kashdan)."""

from __future__ import annotations

from ...messages import msg
from .context import Column, Context
from .field import FLOSS, FPB, FWIN, PAB, PLAYED, POSTPONED, VUR_KINDS
from .registry import FFE_MANUAL, FRENCH_GUIDE, tiebreak
from .rules import seed_data
from .spec import Spec


@tiebreak("PTS", "C.07 2", msg("points"))
def points(ctx: Context, spec: Spec) -> Column:
    """PTS: the final score under the event's score system, with the penalties/bonuses of 299
    records (those of round 999 count here only)."""
    return Column(ctx.f.standings_scores(), ctx.f.unit)


@tiebreak("WIN", "C.07 7.1", msg("number of wins"))
def wins(ctx: Context, spec: Spec) -> Column:
    """WIN (C.07 7.1): rounds in which the participant obtained a win's points, with or without
    playing (games, forfeit wins, and byes worth a win)."""
    f = ctx.f
    return Column([sum(1 for p in row if p == f.win) for row in f.points])


def _games(ctx: Context) -> list[list[int]]:
    """Per player and round: 2 a game won, 1 drawn, 0 lost, -1 not a game, for the Type B
    tie-breaks. Over the board games; in a round robin (Art. 15.2) forfeits too, as the edition
    says (``rules.rr_forfeits_type_b``: 2023/2024 "all" forfeits are regular games; 2026 forfeit
    losses remain unplayed rounds, forfeit wins still count)."""
    def compute() -> list[list[int]]:
        f = ctx.f
        wins = f.round_robin
        losses = f.round_robin and ctx.rules.rr_forfeits_type_b == "all"
        rows = []
        for kinds, outcomes in zip(f.kind, f.outcome, strict=True):
            rows.append([out if k == PLAYED else (2 if k == FWIN and wins else (0 if k == FLOSS and losses else -1))
                         for k, out in zip(kinds, outcomes, strict=True)])
        return rows
    return ctx.cached("type-b-games", compute)


@tiebreak("WON", "C.07 7.2", msg("games won over the board"))
def games_won(ctx: Context, spec: Spec) -> Column:
    """WON (C.07 7.2): games won over the board (unplayed rounds excluded, Art. 16; a round
    robin's forfeit wins are games, Art. 15.2)."""
    return Column([sum(1 for out in row if out == 2) for row in _games(ctx)])


@tiebreak("BPG", "C.07 7.3", msg("games played with Black"))
def black_games(ctx: Context, spec: Spec) -> Column:
    """BPG (C.07 7.3): games played with Black (a forfeit is not a game played, except in a
    round robin as :func:`_games` says, with the colour the forfeit was scheduled with)."""
    f = ctx.f
    return Column([sum(1 for out, c in zip(row, f.colour[i], strict=True) if out >= 0 and c < 0)
                   for i, row in enumerate(_games(ctx))])


@tiebreak("BWG", "C.07 7.4", msg("games won with Black"))
def black_wins(ctx: Context, spec: Spec) -> Column:
    """BWG (C.07 7.4): games won with Black (round robin forfeits as :func:`_games` says)."""
    f = ctx.f
    return Column([sum(1 for out, c in zip(row, f.colour[i], strict=True) if out == 2 and c < 0)
                   for i, row in enumerate(_games(ctx))])


@tiebreak("REP", "C.07 7.6", msg("rounds one elected to play"))
def elected_to_play(ctx: Context, spec: Spec) -> Column:
    """REP (C.07 7.6; GE before Aug 2024): n less the voluntary unplayed rounds (half- and
    zero-point byes, forfeit losses, and every round after a withdrawal, Art. 16.1)."""
    return Column([sum(1 for k in row if k not in VUR_KINDS) for row in ctx.f.kind])


@tiebreak("STD", "C.07 7.7 (2026)", msg("standard points"))
def standard_points(ctx: Context, spec: Spec) -> Column:
    """STD (C.07 7.7, 2026): per round 1 for more than a draw's points, ½ for exactly a draw's
    points, 0 otherwise (with or without playing): 1-½-0 scoring under any score system.
    Values in halves."""
    f = ctx.f
    return Column([sum(2 if p > f.draw else (1 if p == f.draw else 0) for p in row)
                   for row in f.points], 2)


@tiebreak("TPN", "C.07 7.8 (2026)", msg("tournament pairing number"), modifiers="R", higher_first=False)
def pairing_number(ctx: Context, spec: Spec) -> Column:
    """TPN (C.07 7.8, 2026): the final pairing number, the lowest first (``/R``: highest)."""
    return Column(list(ctx.f.numbers), 1, spec.higher_first)


@tiebreak("RTNG", "C.07 10.6 (2026)", msg("rating"), modifiers="RU")
def rating(ctx: Context, spec: Spec) -> Column:
    """RTNG (C.07 10.6, 2026): the rating, highest first (``/R``: lowest). Unrated players get
    the ``/U`` rating; without it the tie-break is undefined for everyone when anyone is
    unrated (Art. 10: rating tie-breaks need a published rule for unrated players)."""
    from .rating_based import ratings_with_unrated

    ratings = ratings_with_unrated(ctx, spec)
    return Column(list(ratings) if ratings else [None] * ctx.f.size, 1, spec.higher_first)


@tiebreak("PS", "C.07 7.5", msg("progressive scores"), modifiers="C")
def progressive(ctx: Context, spec: Spec) -> Column:
    """PS (C.07 7.5), the cumulative of the seeds: the sum of the scores after each round
    (unplayed rounds at the points awarded; after a withdrawal the score stays flat).
    ``/Cn`` drops the first n cumulative scores (seed 000 "cumulatif tronqué -1/-2")."""
    f = ctx.f
    return Column([_cumulative(row, spec.cut_low) for row in f.points], f.unit)


def _cumulative(row: list[int], skip: int) -> int:
    running = total = 0
    for r, p in enumerate(row):
        running += p
        if r >= skip:
            total += running
    return total


@tiebreak("OTHER_CUMF", FRENCH_GUIDE, msg("cumulative less one point per forfeit or bye win"), modifiers="C")
def cumulative_less_unplayed_wins(ctx: Context, spec: Spec) -> Column:
    """Cumulative less one point per game won by forfeit or bye (seed 004 "Le Cumulatif": "on
    retire … 1 point par partie gagnée par forfait ou par exemption")."""
    f = ctx.f
    values = []
    for row, kinds in zip(f.points, f.kind, strict=True):
        unplayed_wins = sum(1 for k, p in zip(kinds, row, strict=True) if k in (FWIN, PAB, FPB) and p == f.win)
        values.append(_cumulative(row, spec.cut_low) - f.win * unplayed_wins)
    return Column(values, f.unit)


@tiebreak("OTHER_OCUM", msg("{manual} 2.1.1.2", manual=FFE_MANUAL), msg("opponents' cumulative"))
def opponents_cumulative(ctx: Context, spec: Spec) -> Column:
    """Opponents' cumulative (seed 000 §2.1.1.2): the sum of the cumulative scores of the
    opponents met; "un joueur exempté est réputé avoir joué contre un adversaire ayant un score
    de 50 %", whose cumulative is draw x (1 + 2 + … + n). Every unplayed round counts so; a
    pairing waiting for its result (a postponed game) is no round yet: not counted."""
    f = ctx.f
    cumulative = [_cumulative(row, 0) for row in f.points]
    fifty = f.draw * f.rounds * (f.rounds + 1) // 2
    return Column([sum(cumulative[o] if k == PLAYED and o >= 0 else fifty
                       for k, o in zip(f.kind[i], f.opponent[i], strict=True) if k != POSTPONED) for i in range(f.size)], f.unit)


@tiebreak("OTHER_KASHDAN", msg("{manual} 2.1.6", manual=FFE_MANUAL), msg("Kashdan (4 per win, 2 per draw, 1 per loss)"), brief=msg("Kashdan"))
def kashdan(ctx: Context, spec: Spec) -> Column:
    """Kashdan (seed 000 §2.1.6): 4 per win, 2 per draw, 1 per loss, games over the board."""
    f = ctx.f
    per = {2: seed_data()["kashdan"][0], 1: seed_data()["kashdan"][1], 0: seed_data()["kashdan"][2]}
    return Column([sum(per[out] for k, out in zip(f.kind[i], f.outcome[i], strict=True) if k == PLAYED and out >= 0)
                   for i in range(f.size)])
