"""The development coefficient K of a rated player (2005: 10.52; 2024: 8.3.3).

K comes from, in order: a per-player value given to the rating engine (:class:`GivenK`: the FIDE
list in force at the event's start, else the officer's K file, ``FIDE id,K``, read by
:mod:`trfconv.io.kfile`), the tournament file (TRF-2026 has no field for K, so this source is
empty today), and the edition's rules applied to what the file says (rating, birth date). The rules also need the player's number of earlier rated
games and whether the published rating ever reached 2400, which no tournament file holds; the
inference states each assumption it makes; the rating engine sums them up in one ``RAT001`` warning.
The K x n <= 700 cap of 2024 (8.3.3) applies to every source.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...dates import PartialDate
from ...messages import SEMICOLON, Message, joined, msg
from ...records import quick_init
from .rules import RatingRules

#: Where an inferred K comes from.
RULES = msg("the rules")
#: Where a K given as a bare number comes from.
K_FILE = msg("the K file")


@dataclass(frozen=True)
class GivenK:
    """A player's K given to the rating engine, and where it was read (``the FIDE standard list
    of 2026-10``, ``the K file``)."""

    k: int
    source: str = K_FILE


@quick_init  # one per rated player of an event
@dataclass(frozen=True, slots=True)
class KChoice:
    """The K used and where it came from (a :class:`GivenK`'s source, or :data:`RULES`), with the
    assumptions made when it was inferred and, when the games cap lowered it, the K before the cap."""

    k: int
    source: str
    assumptions: tuple[str, ...] = ()
    before_cap: int | None = None

    def __reduce__(self) -> tuple[type[KChoice], tuple[int, str, tuple[str, ...], int | None]]:
        """Pickled as its values (see :meth:`~trfconv.dates.PartialDate.__reduce__`)."""
        return KChoice, (self.k, self.source, self.assumptions, self.before_cap)

    @property
    def inferred(self) -> bool:
        return self.source == RULES

    @property
    def marked(self) -> str:
        """K as the documents print it: ``20?`` when inferred from the rules."""
        return f"{self.k}?" if self.inferred else str(self.k)

    @property
    def note(self) -> Message:
        return _note(self.k, self.source, self.assumptions, self.before_cap)


@cache
def _note(k: int, source: str, assumptions: tuple[str, ...], before_cap: int | None) -> Message:
    """A K's note (the players of an event share a few: each is made once)."""
    parts: list[str] = [msg("K {k} from {source}", k=k, source=source)]
    if before_cap is not None:
        parts.append(msg("lowered from {k} so that K x n <= the cap", k=before_cap))
    parts.extend(assumptions)
    return joined(parts, SEMICOLON)


#: The assumption of a player whose birth year is not known (the rating engine counts them).
BIRTH_YEAR_UNKNOWN = msg("birth year unknown: junior rule not applied")


def birth_year(birth: PartialDate | str | None) -> int | None:
    """The year of a birth date as the model holds it (unknown: None)."""
    return birth.year if isinstance(birth, PartialDate) else None


def infer_k(rating: int, rules: RatingRules, *, birth: PartialDate | str | None = None,
            year: int | None = None) -> KChoice:
    """K from the edition's rules for a player rated ``rating`` in an event of ``year``.

    Precedence (8.3.3 does not order its cases; this order, rule R-22 of
    the zugzwang-foundation/Chess-ELO-Rating specification, fits the published lists): reached 2400 -> K top; junior
    under the junior rating -> K junior; fewer than 30 games -> K new; else K standard. The
    earlier games and the peak rating are unknown, so the player is assumed to have at least 30
    games and to have reached 2400 only if rated 2400 now."""
    assumptions = []
    if rating >= rules.k_top_rating:
        return KChoice(rules.k_top, RULES, (_reached(rating, rules.k_top_rating, rules.k_new_games),))
    assumptions.append(_not_reached(rating, rules.k_top_rating))
    if rules.k_junior:
        born = birth_year(birth)
        if born is None or year is None:
            assumptions.append(BIRTH_YEAR_UNKNOWN)
        elif year - born <= rules.k_junior_age and rating < rules.k_junior_below:
            assumptions.append(_junior(born, rules.k_junior_below, rules.k_junior_age))
            return KChoice(rules.k_junior, RULES, tuple(assumptions))
    assumptions.append(_earlier_games(rules.k_new_games, rules.k_new))
    return KChoice(rules.k_standard, RULES, tuple(assumptions))


# The assumptions of :func:`infer_k`, each made once for its numbers (an event of thousands of
# players has a few hundred ratings).
@cache
def _reached(rating: int, top: int, games: int) -> Message:
    return msg("rated {rating} >= {top}, assumed to have {games}+ games", rating=rating, top=top, games=games)


@cache
def _not_reached(rating: int, top: int) -> Message:
    return msg("rated {rating} < {top}, assumed never to have reached it", rating=rating, top=top)


@cache
def _junior(born: int, below: int, age: int) -> Message:
    return msg("born {born}: junior under {below} (until the end of the year of the {age}th birthday)", born=born,
               below=below, age=age)


@cache
def _earlier_games(games: int, k: int) -> Message:
    return msg("earlier rated games unknown, assumed at least {games} (else K {k})", games=games, k=k)


def games_cap(choice: KChoice, games: int, rules: RatingRules) -> KChoice:
    """2024 8.3.3: if K x n > 700, K is the largest whole number with K x n <= 700 (F-P05: n 39,
    K 20 -> 17). Editions without the cap return ``choice`` unchanged."""
    if not rules.k_games_cap or games == 0 or choice.k * games <= rules.k_games_cap:
        return choice
    return KChoice(rules.k_games_cap // games, choice.source, choice.assumptions, choice.k)


def next_k(rules: RatingRules, *, rating: int, k: int | None, games: int, born: int | None, year: int,
           first: bool = False) -> tuple[int, str]:
    """The K of the next list (8.3.3) for a player whose published rating becomes ``rating``
    after a period in which he had K ``k`` (None: a first rating) and ``games`` rated games (for a
    first rating: all the games it was computed from), in a list of ``year``; with why.

    "K = 10 once a player's published rating has reached 2400 and remains at that level
    subsequently, even if the rating drops below 2400"; "K = 40 for all players until the end of
    the year of their 18th birthday, as long as their rating remains under 2300"; "K = 40 for a
    player new to the rating list until they have completed events with at least 30 games";
    else 20. A new player's earlier games are known only for a first rating: a rated player with
    K 40 who is no junior keeps it unless this period alone completes the 30 games."""
    r = rules
    if k == r.k_top or rating >= r.k_top_rating:
        return r.k_top, msg("published rating {rating}: {top} reached (8.3.3)", rating=rating, top=r.k_top_rating)
    if r.k_junior and born is not None and year - born <= r.k_junior_age and rating < r.k_junior_below:
        return r.k_junior, msg("born {born}, rated under {below}: junior (8.3.3)", born=str(born),
                               below=r.k_junior_below)
    if k == r.k_junior and born is not None and year - 1 - born <= r.k_junior_age:
        return r.k_standard, msg("born {born}: junior no more; at least {games} earlier games assumed (8.3.3)",
                                 born=str(born), games=r.k_new_games)
    if first or k == r.k_new:
        if games >= r.k_new_games:
            return r.k_standard, msg("{games} games completed, at least {least} (8.3.3)", games=games,
                                     least=r.k_new_games)
        if first:
            return r.k_new, msg("new player: {games} games, fewer than {least} (8.3.3)", games=games,
                                least=r.k_new_games)
        return r.k_new, msg("new player: {games} games in this period; earlier games unknown, fewer than {least} "
                            "(8.3.3)", games=games, least=r.k_new_games)
    return r.k_standard if k is None else k, msg("unchanged (8.3.3)")
