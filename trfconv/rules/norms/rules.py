"""The numbers of one B.01 edition (``trfconv/rules/data/b01-*.toml``), read once, with the article
each requirement cites."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property

from ...messages import data as data_text
from ..editions import Edition, editions
from ..rating.tables import Tables, tables

#: The titles with norms in any edition modelled, highest first (what ``--title`` accepts).
TITLES = tuple(dict.fromkeys(t for e in editions("b01") for t in e.data()["norms"]["titles"]))


@dataclass(frozen=True)
class TitleRule:
    """One title's thresholds: Rp (1.4.8), Ra (1.4.8a), the floor of one opponent (1.4.6b), who
    holds the title or a higher one (1.4.5b-e: a player who does needs no norm for it), and whether
    it is a women's title (0.3.1)."""

    title: str
    rp: int
    ra: int
    floor: int
    holders: frozenset[str]
    women: bool


@dataclass(frozen=True)
class Reading:
    """One place where the text leaves a result open (``[norms.readings]``): the article, the
    question, the choices (name: what it means; two each), the one applied unless asked and why
    (the question, the meanings and why as messages: said in the document's language)."""

    name: str
    article: str
    question: str
    choices: dict[str, str]
    default: str
    why: str

    def other(self, choice: str) -> str:
        """The choice that is not ``choice``."""
        return next(c for c in self.choices if c != choice)


@dataclass(frozen=True, eq=False)
class NormRules:
    """What an edition's ``[norms]`` section says (see the data file for each article); one object
    per edition (:func:`norm_rules`), compared by identity."""

    edition: Edition
    titles: dict[str, TitleRule]  #: the titles with norms, highest first
    women_titles: frozenset[str]  #: 0.3.1: the women's titles, for women only
    it1_titles: tuple[str, ...]  #: 1.8: the titles the IT1 counts the opponents by, in its order
    tables: Tables
    min_games: int
    team_championship_games: int
    team_championship_rounds: tuple[int, ...]
    world_cup_games: int
    world_cup_counts_as: int
    nine_round_event: int
    short_event_games: int
    credited_cap: int
    unrated_rating: int
    min_score_percent: int
    titled_fraction: Fraction
    titled: frozenset[str]
    holders_fraction: Fraction
    holders_minimum: int
    foreign_federations: int
    own_federation_max: Fraction
    one_federation_max: Fraction
    disregarded_federations: frozenset[str]
    double_round_robin_players: int
    long_event_days: int
    articles: dict[str, str]
    readings: dict[str, Reading]

    def article(self, rule: str) -> str:
        return self.articles[rule]

    def dp(self, p: int) -> int:
        """1.4.9: dp for a percentage ``p`` (a whole number)."""
        return self.tables.dp_by_p[p]

    def least_percent(self, dp: int) -> int | None:
        """The least percentage whose dp (1.4.9) is at least ``dp``; None when even 100 % is not."""
        at = bisect_left(self._dps, dp)
        return at if at < len(self._dps) else None

    @cached_property
    def _dps(self) -> tuple[int, ...]:
        """dp of 0 % … 100 %, rising."""
        return tuple(self.tables.dp_by_p[p] for p in range(101))


def percent(half_points: int, games: int) -> int:
    """1.4.9: the score as a whole percentage, "0.5 % is rounded up": half-up of 100 x score / games,
    in integers (``half_points`` is twice the score)."""
    return (100 * half_points + games) // (2 * games)


def half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to the nearest whole number, halves up (1.4.7)."""
    return (2 * numerator + denominator) // (2 * denominator)


@cache
def norm_rules(edition: Edition) -> NormRules:
    """The norm rules of a B.01 edition."""
    data = edition.data()["norms"]
    women = frozenset(data["women_titles"])
    titles = {name: TitleRule(name, int(t["rp"]), int(t["ra"]), int(t["floor"]), frozenset(t["holders"]),
                              name in women) for name, t in data["titles"].items()}
    return NormRules(
        edition=edition, titles=titles, women_titles=women, it1_titles=tuple(data["it1_titles"]),
        tables=tables(data["tables"]), min_games=int(data["min_games"]),
        team_championship_games=int(data["team_championship_games"]),
        team_championship_rounds=tuple(int(r) for r in data["team_championship_rounds"]),
        world_cup_games=int(data["world_cup_games"]), world_cup_counts_as=int(data["world_cup_counts_as"]),
        nine_round_event=int(data["nine_round_event"]), short_event_games=int(data["short_event_games"]),
        credited_cap=int(data["credited_cap"]), unrated_rating=int(data["unrated_rating"]),
        min_score_percent=int(data["min_score_percent"]), titled_fraction=Fraction(data["titled_fraction"]),
        titled=frozenset(data["titled"]), holders_fraction=Fraction(data["holders_fraction"]),
        holders_minimum=int(data["holders_minimum"]), foreign_federations=int(data["foreign_federations"]),
        own_federation_max=Fraction(data["own_federation_max"]),
        one_federation_max=Fraction(data["one_federation_max"]),
        disregarded_federations=frozenset(data["disregarded_federations"]),
        double_round_robin_players=int(data["double_round_robin_players"]),
        long_event_days=int(data["long_event_days"]), articles=dict(data["articles"]),
        readings={name: Reading(name, x["article"], data_text(x["question"]),
                                {choice: data_text(text) for choice, text in x["choices"].items()}, x["default"],
                                data_text(x["why"]))
                  for name, x in data["readings"].items()})
