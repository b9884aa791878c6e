"""The rating report: what an event does to each player's FIDE rating, ready for any writer.

Built by :func:`trfconv.report.build.rating_report` from a tournament and the rateability
verdict; writers (:mod:`.text`, :mod:`.csv`, :mod:`.json`, :mod:`.html`) only format it. Values
are exact (Fraction, int); FIDE's printed forms (Rc rounded, two decimals for W-We) are made by the
writers with :func:`fixed`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..diagnostics import Diagnostic
from ..rules.rating.k import KChoice
from ..rules.rating.rounding import half_up
from ..rules.rating.roundrobin2005 import Average


def fixed(value: Fraction | int, places: int = 2) -> str:
    """``value`` with exactly ``places`` decimals, halves up (``Fraction(13107, 7)`` ->
    ``"1872.43"``), as FIDE prints its calculations."""
    scaled = half_up(Fraction(value) * 10**places)
    sign = "-" if scaled < 0 else ""
    whole, frac = divmod(abs(scaled), 10**places)
    return f"{sign}{whole}" + (f".{frac:0{places}d}" if places else "")


def signed(value: Fraction | int, places: int = 2) -> str:
    """Like :func:`fixed`, with a ``+`` on positive values."""
    text = fixed(value, places)
    return text if text.startswith("-") or Fraction(value) == 0 else "+" + text


@dataclass(frozen=True)
class GameLine:
    """One counted game of a player: the opponent, the rating used and the table lookup."""

    round: int
    opponent: int
    opponent_name: str
    opponent_rating: int  #: the opponent's rating, or his Ru from this event (``provisional``)
    provisional: bool
    used_rating: int  #: after the 350/400-point cap (``capped``)
    score: Fraction
    expected: int | None  #: PD in hundredths; None for an unrated player's game (no PD)

    @property
    def capped(self) -> bool:
        return self.used_rating != self.opponent_rating

    @cached_property
    def delta(self) -> Fraction | None:
        """dR = score - PD."""
        return None if self.expected is None else self.score - Fraction(self.expected, 100)


@dataclass(frozen=True)
class InitialLine:
    """An unrated player's Ru from this event and whether it is published (with why)."""

    average: Fraction  #: Rc (2005 Swiss), Ra (2005 round robin) or Ra with the 1800 pair (2024)
    rc: int  #: Rc as printed: the average of the rated opponents (2005 round robin: Ra)
    p: int | None  #: hundredths, when dp was used
    dp: int | None
    value: int | None
    published: bool
    why: str
    first: int | None = None  #: 2005 round robin: Ru before the 350-point pass (10.54)
    rc_new: int | None = None  #: 2005 round robin: Rc after the 350-point pass


@dataclass(frozen=True)
class PlayerLine:
    """One row of the report, with the per-game detail."""

    start_number: int
    name: str
    fide_id: str | None
    federation: str | None
    rating: int | None  #: Ro, the rating used; None for an unrated player
    outcome: str  #: ``rating change``, ``initial rating`` or ``nothing``
    games: tuple[GameLine, ...] = ()
    k: KChoice | None = None
    rc: int | None = None
    change_exact: Fraction | None = None  #: K x (W - We)
    change: int | None = None  #: rounded once
    performance: int | None = None
    initial: InitialLine | None = None
    reason: str | None = None  #: why there is no change / no rating

    @property
    def n(self) -> int:
        return len(self.games)

    @cached_property
    def score(self) -> Fraction:
        """W: points in the counted games."""
        return sum((g.score for g in self.games), Fraction(0))

    @cached_property
    def expected(self) -> Fraction | None:
        """We = sum of PD (rated players)."""
        if self.change is None:
            return None
        return Fraction(sum(g.expected or 0 for g in self.games), 100)

    @cached_property
    def delta(self) -> Fraction | None:
        """W - We."""
        return None if self.expected is None else self.score - self.expected

    @property
    def new_rating(self) -> int | None:
        if self.rating is None or self.change is None:
            return None
        return self.rating + self.change


@dataclass(frozen=True)
class Finding:
    """A finding of the validator, as the report shows it."""

    code: str
    article: str
    message: str
    fatal: bool


@dataclass(frozen=True)
class RatingReport:
    """The whole report of one event under one edition."""

    event: str
    city: str | None
    federation: str | None
    start: str | None
    end: str | None
    rounds: int
    edition: str
    edition_title: str
    decision: str
    round_robin: bool
    findings: tuple[Finding, ...]
    players: tuple[PlayerLine, ...]
    round_robin_average: Average | None = None
    diagnostics: tuple[Diagnostic, ...] = ()

    @cached_property
    def rated_lines(self) -> tuple[PlayerLine, ...]:
        return tuple(p for p in self.players if p.change is not None)

    @cached_property
    def total_delta(self) -> Fraction:
        """Sum of W - We over the rated players."""
        return sum((p.delta for p in self.rated_lines), Fraction(0))

    @cached_property
    def total_change_exact(self) -> Fraction:
        return sum((p.change_exact for p in self.rated_lines), Fraction(0))

    @cached_property
    def total_change(self) -> int:
        return sum(p.change for p in self.rated_lines)
