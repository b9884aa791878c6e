"""The Annex of B.01 (score needed against each range of Ra), derived from 1.4.8, 1.4.8a, 1.4.8b
and 1.4.9 rather than transcribed: "In the case of any discrepancy, the regulations above shall take
precedence". A row is a score and the range of Ra for which it is the least score that makes the
norm (the first row's range starts at the 1.4.8a minimum, the last one's is open above)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .evaluate import Context, required_half_points
from .rules import NormRules, TitleRule, percent


@dataclass(frozen=True)
class AnnexRow:
    score: Fraction
    ra_min: int
    ra_max: int | None  #: None: any higher Ra


def least_ra(rules: NormRules, title: TitleRule, half_points: int, games: int) -> int:
    """The least Ra with which ``half_points`` / 2 in ``games`` makes Rp (1.4.8) and Ra (1.4.8a)."""
    return max(title.ra, title.rp - rules.dp(percent(half_points, games)))


def annex(rules: NormRules, title: str, games: int, reading: str = "rounded") -> tuple[AnnexRow, ...]:
    """The Annex table of ``title`` for ``games`` games, highest score first; ``reading``: of
    1.4.8b's 35 % (the reading ``score``)."""
    rule = rules.titles[title]
    ctx = Context(rules, games, readings=(("score", reading),))
    lowest = required_half_points(ctx, rule, 10**6, games)  # the least score 1.4.8b allows
    top = required_half_points(ctx, rule, rule.ra, games)  # the least score at the least Ra
    if lowest is None or top is None:
        return ()
    rows, above = [], None
    for s in range(top, lowest - 1, -1):
        ra = least_ra(rules, rule, s, games)
        if above is not None and ra == above.ra_min:
            continue  # the same Ra as one more half point: that score is the row
        if above is not None:
            rows[-1] = AnnexRow(above.score, above.ra_min, ra - 1)
        above = AnnexRow(Fraction(s, 2), ra, None)
        rows.append(above)
    return tuple(rows)
