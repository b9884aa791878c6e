"""The rating Ru of an unrated player from one event, and whether it can be published.

* 2005 (seed 002, 10.2-10.3): from Rc, the average rating of the competition (Swiss: of the rated
  opponents; round robin: Ra, see :mod:`.roundrobin2005`): at 50 % Ru = Rc (10.22); above, Rc +
  12.5 per half point over 50 % (10.23); below, Rc + dp (Swiss, 10.24) or Rc + dp x n/(n+1) (round
  robin, 10.25). The published Rn is the games-weighted average of the Ru results (10.3).
* 2024 (8.2.2-8.2.3, 7.1.4): Ra is the average of the rated opponents plus two hypothetical
  opponents rated 1800, both games drawn; Ru = Ra + dp(p) with p = (W + 1) / (n + 2), at most
  2200; published only from 1400 and after at least 5 games against rated opponents.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...messages import SEMICOLON, Message, joined, msg, plural
from ...records import quick_init
from .rounding import rounder
from .rules import RatingRules


@quick_init  # one per unrated player of an event or a rating period
@dataclass(frozen=True, slots=True)
class Initial:
    """One event's Ru. ``average`` is the Rc (2005) or Ra (2024) it was computed from, exactly;
    ``value`` is None when the rules give no Ru (2005: under one point). ``published`` says whether
    this Ru alone can be published; ``why`` explains it with the article."""

    average: Fraction
    score: Fraction
    games: int
    p: int | None  #: hundredths, when dp was used
    dp: int | None
    exact: Fraction | None
    value: int | None
    published: bool
    why: str


def _publication(value: int, games: int, rules: RatingRules) -> tuple[int, bool, str]:
    """The Ru published (at most the maximum), whether it is, and why: one of a few sentences,
    each made once (a month of newcomers holds each once; an event of thousands of unrated
    players makes a few): the sentence depends on the value only above the maximum."""
    ini = rules.initial
    capped = ini.maximum if ini.maximum and value > ini.maximum else value
    key = (value if capped != value else capped >= ini.floor, games, rules.edition)
    known = _SAID.get(key)
    if known is None:
        known = _SAID[key] = _published(value, games, rules)[1:]
    return capped, *known


#: :func:`_publication`'s answers (published, why), by what decides them.
_SAID: dict[tuple, tuple[bool, Message]] = {}


def _published(value: int, games: int, rules: RatingRules) -> tuple[int, bool, Message]:
    ini = rules.initial
    notes = []
    if ini.maximum and value > ini.maximum:
        notes.append(msg("{value} is above the maximum initial rating: {maximum} is used", value=value,
                         maximum=ini.maximum))
        value = ini.maximum
    if value < ini.floor:
        return value, False, joined([*notes, msg("below {floor}: not published", floor=ini.floor)], SEMICOLON)
    if games < ini.min_games:
        return value, False, joined([*notes, plural(
            "{n} game(s) < {minimum}: pooled with {pool} until {minimum} are reached",
            "{n} game(s) < {minimum}: pooled with {pool} until {minimum} are reached", n=games,
            minimum=ini.min_games, pool=ini.pool)], SEMICOLON)
    return value, True, joined([*notes, plural("{n} games, at least {floor}: published",
                                               "{n} games, at least {floor}: published", n=games, floor=ini.floor)],
                               SEMICOLON)


def initial_2005(average: Fraction, score: Fraction, games: int, rules: RatingRules, *,
                 round_robin: bool = False) -> Initial:
    """Ru under B.02 2005 10.22-10.25 from the competition average ``average`` (Rc)."""
    ini, score = rules.initial, Fraction(score)
    if score < ini.min_points or games == 0:
        return Initial(average, score, games, None, None, None, None, False,
                       msg("a score below {minimum}: the score is not counted (10.21)", minimum=ini.min_points))
    p = dp = None
    half = Fraction(games, 2)
    if score >= half:
        exact = average + ini.half_point * 2 * (score - half)
    else:
        p = rules.tables.p(score, games)
        dp = rules.tables.dp(p)
        exact = average + dp * (Fraction(games, games + 1) if round_robin else 1)
    raw = rounder(ini.rounding)(exact)
    value, published, why = _publication(raw, games, rules)
    return Initial(average, score, games, p, dp, exact, value, published, why)


def initial_2024(opponents: list[int], score: Fraction, rules: RatingRules) -> Initial:
    """Ru under 8.2.2-8.2.3 from the ratings of the rated opponents and the score W against them."""
    ini, n = rules.initial, len(opponents)
    score = score if type(score) is Fraction else Fraction(score)
    extra = ini.hypothetical_opponents
    total, games = sum(opponents) + extra * ini.hypothetical_rating, n + extra
    average = Fraction(total, games)
    # p = (W + extra / 2) / (n + extra): the hypothetical games drawn, W in whole numbers
    p = rules.tables.p_of(2 * score.numerator + extra * score.denominator, 2 * score.denominator, games)
    dp = rules.tables.dp(p)
    exact = Fraction(total + dp * games, games)  # average + dp
    raw = rounder(ini.rounding)(exact)
    value, published, why = _publication(raw, n, rules)
    return Initial(average, score, n, p, dp, exact, value, published, why)


def initial_rating(opponents: list[int], score: Fraction, rules: RatingRules) -> Initial:
    """An unrated player's Ru from one event of the edition (its ``[rating.initial] method``)
    against rated ``opponents`` (their ratings) with ``score``. The 2005 round robin computes its
    Ra first (:mod:`.roundrobin2005`) and calls :func:`initial_2005` itself."""
    return _METHODS[rules.initial.method](opponents, score, rules)


def _initial_2005_swiss(opponents: list[int], score: Fraction, rules: RatingRules) -> Initial:
    """2005 10.22-10.24: Rc is the average rating of the rated opponents."""
    return initial_2005(Fraction(sum(opponents), len(opponents)), score, len(opponents), rules)


_METHODS = {"b02-2005": _initial_2005_swiss, "b02-2024": initial_2024}


