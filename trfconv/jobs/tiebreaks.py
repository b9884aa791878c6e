"""A tie-break list as a person names it (``BH/C1,BH,SB``), read for a job: the specifications,
or the problem naming what cannot be read (with the closest names)."""

from __future__ import annotations

from ..messages import SEMICOLON, joined
from .result import Problem


def tiebreak_specs(names: list[str], rules: str | None, start):
    """The tie-breaks ``names``, read under the edition ``rules`` (or the one in force on
    ``start``); a problem about the parameter ``tiebreaks`` when a name is none."""
    from ..rules.tiebreaks import parse_list, resolve

    specs, problems = parse_list(names, aliases=resolve(rules, start).aliases)
    if problems:
        return Problem(joined([d.message for d in problems], SEMICOLON), about="tiebreaks")
    return specs
