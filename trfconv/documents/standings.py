"""Standings as people and programs read them: an aligned text table, CSV and JSON. Values are
exact text (``13.375``, ``79/6``; ``-`` when undefined), never through float. Every form starts
with what the standings rest on (:mod:`.basis`): the file's errors, which withhold the table
unless asked for anyway, and the caveats (the tie-break list and edition chosen, ratings given
to unrated players)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from ..numbers import short_text
from ..rules.tiebreaks.standings import Row, Standings
from ..tabular import write_rows
from .basis import Basis, csv_rows, json_fields, json_withheld, text_block


@dataclass(frozen=True)
class StandingsReport:
    """The standings of one file and what they rest on (the reader's and the standings'
    diagnostics, in the basis)."""

    basis: Basis
    standings: Standings


def exact_text(value) -> str:
    """A tie-break value as exact text: integer, finite decimal, else a fraction; ``-`` when
    undefined; a tuple (extended Koya) joined with ``/``."""
    if value is None:
        return "-"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return "/".join(exact_text(v) for v in value)
    return short_text(Fraction(value))


class _Texts:
    """Equal values are shared objects in the columns: each is converted once (9,999 players ×
    20 tie-breaks otherwise spend most of the output time here)."""

    def __init__(self) -> None:
        self._seen: dict[int, str] = {}

    def __call__(self, value) -> str:
        key = id(value)
        if key not in self._seen:
            self._seen[key] = exact_text(value)
        return self._seen[key]


def titles(result: Standings) -> list[str]:
    return [s.text for s in result.specs]


def table(result: Standings) -> list[list[str]]:
    """Header and one row per participant. Team standings (C.07 Art. 11-13) show both scores,
    MP and GP, in place of the primary score column."""
    text = _Texts()
    skip = 1 if result.teams else 0
    shown = titles(result)[skip:]
    header = (["rank", "team", "name", "MP", "GP", *shown, "lots"] if result.teams
              else ["rank", "sno", "name", *shown, "lots"])
    rows = [[str(r.rank), str(r.number), r.name, *(text(v) for v in (r.scores or ())),
             *(text(v) for v in r.values[skip:]), LOTS if r.lots else ""] for r in result.rows]
    return [header, *rows]


#: What a row still tied after the whole list says (C.07 4.2: "any remaining tie should be broken
#: by drawing of lots").
LOTS = "drawing of lots needed"


def render_text(report: StandingsReport) -> str:
    result = report.standings
    block = text_block(report.basis)
    if report.basis.withheld:
        return "\n".join(block) + "\n"
    lines = table(result)
    widths = [max(len(row[k]) for row in lines) for k in range(len(lines[0]))]
    out = ["  ".join(c.ljust(w) if k in (2, len(row) - 1) else c.rjust(w)
                     for k, (c, w) in enumerate(zip(row, widths))).rstrip() for row in lines]
    return "\n".join([*block, *out, f"rules {result.rules.name}"]) + "\n"


def render_csv(report: StandingsReport) -> str:
    rows = csv_rows(report.basis)
    return write_rows(rows if report.basis.withheld else [*rows, *table(report.standings)])


def render_json(report: StandingsReport) -> str:
    """The standings for ``standings --json`` (schema 1, documented in the README)."""
    if report.basis.withheld:
        return json_withheld(report.basis)
    data = {"schema": 1, "file": report.basis.file, **json_fields(report.basis), **as_dict(report.standings),
            "diagnostics": [d.as_dict() for d in report.basis.diagnostics]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def as_dict(result: Standings) -> dict:
    """The standings as a JSON-ready dict."""
    text = _Texts()
    names = titles(result)

    def entry(r: Row) -> dict:
        if r.team is None:
            head = {"rank": r.rank, "start_number": r.number, "name": r.name}
        else:
            head = {"rank": r.rank, "team": r.number, "name": r.name,
                    "match_points": text(r.scores[0]), "game_points": text(r.scores[1])}
        return {**head, "values": dict(zip(names, (text(v) for v in r.values))), "lots": r.lots}

    return {"rules": result.rules.name, "participants": "teams" if result.teams else "players",
            "tiebreaks": names, "standings": [entry(r) for r in result.rows]}
