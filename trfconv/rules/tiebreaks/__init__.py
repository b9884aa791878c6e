"""Tie-breaks and standings (FIDE C.07 2023/2024/2026, the 2009 rules and the seed systems).

    >>> import trfconv
    >>> from trfconv.rules.tiebreaks import standings
    >>> tournament = trfconv.read("fixtures/tiebreak/tec-swiss16-rated.trf")
    >>> s = standings(tournament, ["BH/C1", "BH", "SB", "DE"], rules="tb-2024")
    >>> [(r.rank, r.player.name, [str(v) for v in r.values], r.lots) for r in s.rows[:2]]
    [(1, 'Bruno, TEC-Ex', ['4', '12', '13', '19/2', '0'], False), (2, 'Charline, TEC-Ex', ['7/2', '13', '31/2', '21/2', '0'], False)]

Layout: :mod:`.field` flattens the model once into per-player arrays; :mod:`.unplayed` holds the
Art. 15-16 rules (categories, adjusted scores, dummy and virtual opponents); one module per
family computes columns (:mod:`.own_results`, :mod:`.buchholz`, :mod:`.sonneborn`,
:mod:`.rating_based`, :mod:`.encounter`); :mod:`.standings` orders players, or teams in a team
file: :mod:`.team_matches` derives the matches and makes the teams the participants of an MP
and a GP field, :mod:`.team` holds the Art. 11-13 tie-breaks; :mod:`.spec` parses names; each
edition's numbers are in ``trfconv/rules/data/tb-*.toml``.
"""

from .registry import Definition, definitions
from .rules import TieBreakRules, resolve, rules_of
from .spec import Spec, parse, parse_list
from .standings import Row, Standings, compute_columns, standings

__all__ = [
           "Definition",
           "Row",
           "Spec",
           "Standings",
           "TieBreakRules",
           "compute_columns",
           "definitions",
           "parse",
           "parse_list",
           "resolve",
           "rules_of",
           "standings",
]
