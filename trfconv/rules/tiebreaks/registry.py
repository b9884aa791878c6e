"""The tie-breaks: each declared once, by a decorator on the function that computes it, with its
code, the article that defines it, its title and the modifiers it takes.

``@tiebreak`` marks a function computing one column of values for every participant;
``@ranks_groups`` one that splits a group still tied (DE, EDE: their outcome depends on who is
tied where they stand in the list, C.07 Art. 6.2). A function may carry several codes (the
kinds of extended Sonneborn-Berger). :func:`definitions` loads the family modules, so adding a
tie-break is writing its function, with its decorator, in the module of its family.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ...messages import msg

if TYPE_CHECKING:
    from .context import Column, Context
    from .spec import Spec

#: Where the systems that are not FIDE's are defined, as a user can look them up (the seeds of
#: SOURCES.md: 000 the French federation's arbiters' manual, 003 the French Wikipedia article,
#: 004 a French guide to tie-breaks).
FFE_MANUAL = msg("French federation's arbiters' manual 5.1,")
WIKIPEDIA = msg("French Wikipedia, 'Système de départage'")
FRENCH_GUIDE = msg("the French guide 'Les départages'")

#: The modules that declare tie-breaks, one per family.
FAMILIES = ("own_results", "encounter", "buchholz", "sonneborn", "rating_based", "team")


@dataclass(frozen=True)
class Definition:
    """A tie-break: its code, the article defining it, which modifiers it takes, whether a
    higher value ranks first, whether it is a team tie-break, and the function computing it."""

    code: str
    article: str
    title: str
    function: Callable
    modifiers: str = ""
    higher_first: bool = True
    team: bool = False
    spelling: str | None = None  #: how C.07 writes the code when it is not all capitals
    splits_groups: bool = False  #: the function ranks a tied group (``@ranks_groups``)
    brief: str | None = None  #: the title without its explanation in parentheses, when it has one

    @property
    def name(self) -> str:
        return self.spelling or self.code


_DECLARED: dict[str, Definition] = {}


def tiebreak(code: str, article: str, title: str, *, modifiers: str = "", higher_first: bool = True,
             team: bool = False, spelling: str | None = None, brief: str | None = None):
    """Declare the decorated ``function(ctx, spec) -> Column`` as the tie-break ``code``."""
    def declare(function):
        _DECLARED[code] = Definition(code, article, title, function, modifiers, higher_first, team, spelling,
                                     brief=brief)
        return function
    return declare


def ranks_groups(code: str, article: str, title: str, *, modifiers: str = "", team: bool = False):
    """Declare the decorated ``function(ctx, group, spec) -> [parts]`` as the tie-break ``code``."""
    def declare(function):
        _DECLARED[code] = Definition(code, article, title, function, modifiers, True, team, None, True)
        return function
    return declare


@cache
def definitions() -> dict[str, Definition]:
    """Every tie-break by code, in the order of the articles (C.07 first, then the seeds' systems)."""
    for family in FAMILIES:
        importlib.import_module(f"{__package__}.{family}")
    return dict(sorted(_DECLARED.items(), key=lambda item: (item[0].startswith("OTHER_"), _order(item[1].article),
                                                            item[0])))


def _order(article: str) -> tuple:
    """``C.07 13.3.2 (2026)`` -> (13, 3, 2): the article's numbers, for sorting."""
    numbers = article.split()[1] if article.startswith("C.07") else ""
    return tuple(int(n) for n in numbers.split(".") if n.isdigit())


#: Art. 7 counts that, on game points, count the team's games rather than its matches.
BOARD_COUNTS = ("WIN", "WON", "BPG", "BWG", "REP", "STD")


def for_score(ctx: Context, spec: Spec) -> Context:
    """The context a tie-break is computed in: in a team event, the ``:MP``/``:GP`` score asked
    for (C.07 Art. 13), else the primary one; on game points the Type B counts of
    :data:`BOARD_COUNTS` count games (boards); the team tie-breaks read both scores themselves."""
    if ctx.team is None or spec.definition.team:
        return ctx
    score = spec.score if spec.score in ("MP", "GP") else ctx.team.primary
    if score == "GP" and spec.code in BOARD_COUNTS:
        return ctx.team.contexts["boards"]
    return ctx.team.context(score)


def column(ctx: Context, spec: Spec) -> Column:
    """The values of a column tie-break for every participant."""
    result = spec.definition.function(for_score(ctx, spec), spec)
    if not spec.definition.higher_first or spec.reverse:
        result.higher_first = spec.higher_first
    return result
