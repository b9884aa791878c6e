"""One edition of FIDE's Swiss rules (C.04.1 basic rules, C.04.2 handling rules, C.04.3 Dutch
system), read from its TOML file: what the checks and the pairing engine need, with the article
each comes from in that edition (``swiss-2017``: applied until 31 January 2026; ``swiss-2026``:
from 1 February 2026, chosen by the event's start date)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cache

from ...messages import Message, data
from ...model import Bye, ByeKind, Forfeit, RoundEntry, ScoreSystem, Tournament
from ..editions import Edition, edition_for


@dataclass(frozen=True)
class Criterion:
    """A pairing criterion of C.04.3 as an edition numbers and words it."""

    key: str
    label: str  #: ``[C6]`` (2026) or ``C.5`` (2017)
    text: str

    def __str__(self) -> str:
        return f"C.04.3 {self.label}"


@dataclass(frozen=True)
class SwissRules:
    """What differs between editions of the Swiss rules, as the code needs it."""

    edition: Edition
    #: C.04.1: what bars the pairing-allocated bye: ``forfeit-win`` (2017 d: a PAB or a forfeit
    #: win) or ``unplayed-win-points`` (2026 Art. 4: a PAB or a round scored without playing at a
    #: win's points)
    pab_bar: str
    pab_bar_text: Message
    colour_difference_limit: int
    same_colour_limit: int
    #: C.04.3: which unplayed rounds give a downfloat: ``any`` (2017 A.4 b) or ``more-than-loss``
    #: (2026 1.4.3: a PAB, or an unplayed round scoring more than a loss)
    downfloat_unplayed: str
    topscorer_share: Fraction
    completion: str  #: ``penultimate-bracket`` (2017 C.4, A.9) or ``every-bracket`` (2026 [C4])
    float_criteria: str  #: ``receivers`` (2017 C.12-C.19) or ``residents-and-mdp-opponents`` (2026)
    pab_criteria: bool  #: [C5] and [C9] (2026 only)
    colour_rules: tuple[str, ...]
    articles: dict[str, str]
    criteria: dict[str, Criterion]

    @property
    def name(self) -> str:
        return self.edition.name

    def article(self, key: str) -> str:
        """The article of this edition for ``key`` (``rematch``, ``pab_bar``, ``topscorer`` …)."""
        return self.articles[key]

    def criterion(self, key: str) -> Criterion:
        return self.criteria[key]

    def bars_pab(self, entry: RoundEntry, scores: ScoreSystem) -> bool:
        """Whether a round entry bars its player from any later pairing-allocated bye (C.04.1 d
        of 2017, Art. 4 of 2026; C.04.3 C2): the bye itself, or an unplayed round the edition
        counts (a forfeit win; from 2026 any round scored without playing at a win's points)."""
        if isinstance(entry, Bye) and entry.kind is ByeKind.PAB:
            return True
        if self.pab_bar == "forfeit-win":
            return isinstance(entry, Forfeit) and entry.won
        return isinstance(entry, Forfeit | Bye) and scores.points(entry) >= max(scores.win_white, scores.win_black)


@cache
def rules_of(ed: Edition) -> SwissRules:
    """The Swiss rules of ``ed`` (a ``swiss`` edition)."""
    d = ed.data()
    basic, handling, dutch = d["basic"], d["handling"], d["dutch"]
    articles = {key: basic[key] for key in ("rematch", "pab", "pab_bar_article", "colour_difference", "same_colour")}
    articles["pab_bar"] = articles.pop("pab_bar_article")
    articles.update(handling)
    articles.update({key: dutch[key] for key in ("float_definition", "colour_preference", "topscorer", "outlook",
                                                 "bracket", "transpositions", "exchanges", "mdp_exchanges")})
    articles["acceleration"] = d["acceleration"]["article"]
    criteria = {key: Criterion(key, label, text) for key, (label, text) in dutch["criteria"].items()}
    return SwissRules(ed, basic["pab_bar"], data(basic["pab_bar_text"]), basic["colour_difference_limit"],
                      basic["same_colour_limit"], dutch["downfloat_unplayed"], Fraction(dutch["topscorer_share"]),
                      dutch["completion"], dutch["float_criteria"], dutch["pab_criteria"],
                      tuple(dutch["colour_rules"]), articles, criteria)


def event_start(t: Tournament) -> date | None:
    """The day the event started: its start date (042), else its first known round date (132)."""
    if isinstance(t.event.start_date, date):
        return t.event.start_date
    days = [d for d in t.event.round_dates if isinstance(d, date)]
    return min(days) if days else None


def swiss_rules(start: date | None) -> SwissRules:
    """The Swiss rules in force for an event starting on ``start`` (the newest when unknown; the
    oldest modelled one for events before it, which the caller says)."""
    return rules_of(edition_for("swiss", start))
