"""Standings: points, then an ordered list of tie-breaks applied to each group still tied, then
drawing of lots for what is left (C.07 Art. 4.1-4.2). Ties are never broken silently: players
still tied after the list share a rank and are marked ``lots``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...diagnostics import Diagnostic, diagnostic
from ...model import Player, Tournament
from .context import Column, Context
from .encounter import direct_encounter
from .field import build
from .registry import column
from .rules import TieBreakRules, resolve
from .spec import Spec, parse_list

#: Team tie-breaks of C.07 Art. 11-13 (and the seed's team systems): recognised, not computed.
TEAM_CODES = ("MP", "GP", "MPVGP", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EDE", "EDEC", "EDET",
              "EDEB", "EDEBT", "EDEBB", "SSSC", "BC", "TBR", "BBE", "MPTS", "GPTS")
_RATING_CODES = ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG")
PTS = Spec("PTS", "PTS")


@dataclass(frozen=True)
class Row:
    player: Player
    rank: int
    values: tuple  #: exact value of each tie-break of :attr:`Standings.specs` (None = undefined)
    lots: bool  #: still tied after the whole list: to be decided by drawing of lots


@dataclass(frozen=True)
class Standings:
    rules: TieBreakRules
    specs: tuple[Spec, ...]  #: PTS first
    rows: tuple[Row, ...]
    diagnostics: tuple[Diagnostic, ...]


def tiebreak_list(t: Tournament, names: list[str] | str | None,
                  rules: TieBreakRules) -> tuple[list[Spec], list[Diagnostic]]:
    """The ordered list: ``names`` (command line), else TRF-2026 212 (which starts with PTS),
    else 202 (tie-breaks after PTS). PTS is put first when missing; TB001/TB002/TB006 for names
    that are not tie-breaks computed here, TB003 for one the edition does not define."""
    if not names:
        names = list(t.event.standings_tiebreaks or t.event.tiebreaks)
    items = [x.strip() for n in ([names] if isinstance(names, str) else names) for x in n.split(",") if x.strip()]
    problems = [diagnostic("TB006", f"{x} is a team tie-break (C.07 Art. 11-13); team standings are not computed")
                for x in items if _base(x) in TEAM_CODES]
    specs, parse_problems = parse_list([x for x in items if _base(x) not in TEAM_CODES], aliases=rules.aliases)
    problems += parse_problems
    for s in specs:
        if s.code in rules.not_in_edition:
            problems.append(diagnostic("TB003", f"{s.text} is not in the {rules.name} edition of C.07 "
                                                f"(added by {s.definition.article}); computed as defined there"))
    if not specs or specs[0].code != "PTS":
        specs.insert(0, PTS)
    return specs, problems


def _base(text: str) -> str:
    return re.split(r"[/:-]", text.upper(), maxsplit=1)[0]


def compute_columns(t: Tournament, specs: list[Spec], *, rules: str | TieBreakRules | None = None,
                    unrated: int | None = None, round_robin: bool | None = None) -> tuple[Context, list[Column | None]]:
    """Every tie-break's column (None for DE, which depends on the groups)."""
    tb_rules = resolve(rules, t.event.start_date)
    ctx = Context(build(t, round_robin), tb_rules, unrated)
    return ctx, [None if s.code == "DE" else column(ctx, s) for s in specs]


def standings(t: Tournament, tiebreaks: list[str] | str | None = None, *,
              rules: str | TieBreakRules | None = None, unrated: int | None = None,
              round_robin: bool | None = None) -> Standings:
    """The standings of an individual tournament. ``rules`` is a tb edition name (default: the
    edition in force on the event's start date); ``unrated`` the rating given to unrated players
    for the rating-based tie-breaks; ``round_robin`` forces Art. 15.2 on or off (default: from
    the event type)."""
    tb_rules = resolve(rules, t.event.start_date)
    specs, problems = tiebreak_list(t, tiebreaks, tb_rules)
    ctx, columns = compute_columns(t, specs, rules=tb_rules, unrated=unrated, round_robin=round_robin)
    f = ctx.f
    for s, c in zip(specs, columns):
        if c is not None and s.code in _RATING_CODES and f.size and all(v is None for v in c.values) \
                and any(r is None for r in f.ratings):
            problems.append(diagnostic("TB004", f"{s.text} is undefined: some players are unrated and no "
                                                "rating is given for them (--unrated or /U<rating>; C.07 Art. 10)"))
    groups = [sorted(range(f.size), key=lambda i: f.numbers[i])]
    de_values: dict[int, list[int]] = {}
    for index, (s, c) in enumerate(zip(specs, columns)):
        next_groups = []
        if c is None:
            values = [0] * f.size
            for g in groups:
                parts = direct_encounter(ctx, g, s) if len(g) > 1 else [g]
                if len(parts) > 1:
                    position = 1
                    for part in parts:
                        for p in part:
                            values[p] = position
                        position += len(part)
                next_groups.extend(parts)
            de_values[index] = values
        else:
            for g in groups:
                next_groups.extend(_split(g, c) if len(g) > 1 else [g])
        groups = next_groups
    exact = [de_values[k] if c is None else c.exact_all() for k, c in enumerate(columns)]
    rows, position = [], 1
    for g in groups:
        for p in sorted(g, key=lambda i: f.numbers[i]):
            values = tuple(column[p] for column in exact)
            rows.append(Row(t.players[p], position, values, len(g) > 1))
        position += len(g)
    lots = [g for g in groups if len(g) > 1]
    if lots:
        problems.append(diagnostic("TB005", f"{sum(len(g) for g in lots)} players in {len(lots)} group(s) are "
                                            "still tied after the last tie-break: drawing of lots (C.07 Art. 4.1)"))
    return Standings(tb_rules, tuple(specs), tuple(rows), tuple(problems))


def _split(group: list[int], c: Column) -> list[list[int]]:
    values = c.values
    defined = [p for p in group if values[p] is not None]
    undefined = [p for p in group if values[p] is None]
    defined.sort(key=lambda p: values[p], reverse=c.higher_first)
    parts: list[list[int]] = []
    for p in defined:
        if parts and values[parts[-1][0]] == values[p]:
            parts[-1].append(p)
        else:
            parts.append([p])
    if undefined:
        parts.append(undefined)
    return parts
