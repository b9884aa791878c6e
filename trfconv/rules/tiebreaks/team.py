"""Team match systems of the seeds (seed 000 §2.4, seed 003): match points, game points,
Berlin, and the team Sonneborn-Berger, on explicit match results. (Team standings from a TRF
file, C.07 Art. 11-13, are not computed yet.)"""

from __future__ import annotations

from fractions import Fraction


def match_points(own: Fraction, opponent: Fraction, *, win: Fraction = Fraction(2),
                 draw: Fraction = Fraction(1), loss: Fraction = Fraction(0)) -> Fraction:
    """Seed 000 §2.4.1 (C.07 11.1): 2 for a won match (more than half the board points), 1 for
    a drawn one, 0 for a lost one; other values as the competition rules say."""
    return win if own > opponent else draw if own == opponent else loss


def berlin(board_results: list[Fraction]) -> Fraction:
    """Berlin (seed 000 §2.4.2): board E of N scores (N + 1 - E) x its result (1, ½, 0)."""
    n = len(board_results)
    return sum((Fraction(n + 1 - e) * r for e, r in enumerate(board_results, start=1)), Fraction(0))


def team_sonneborn_berger(matches: list[tuple[Fraction, Fraction]]) -> Fraction:
    """Team Sonneborn-Berger (seed 000 §2.2): the sum over the matches of the opponent team's
    final score times the score made against it; ``matches`` = (opponent's score, own score)."""
    return sum((opponent * own for opponent, own in matches), Fraction(0))
