"""Standings as people and programs read them: an aligned text table, CSV and JSON. Values are
exact text (``13.375``, ``79/6``; ``-`` when undefined), never through float. Every form starts
with what the standings rest on (:mod:`.basis`): the file's errors, which withhold the table
unless asked for anyway, and the caveats (the tie-break list and edition chosen, ratings given
to unrated players)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from ..messages import ENGLISH, Language, Message, msg
from ..model import Tournament
from ..numbers import short_text
from ..rules.tiebreaks.standings import Row, Standings
from ..tabular import write_rows
from .basis import Basis, csv_rows, json_fields, json_withheld, text_block


@dataclass(frozen=True)
class StandingsReport:
    """The standings of one file and what they rest on (the reader's and the standings'
    diagnostics, in the basis); the tournament for the event's facts the HTML page heads with."""

    basis: Basis
    standings: Standings
    tournament: Tournament | None = None


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


class ExactTexts:
    """:func:`exact_text`, each value converted once: equal values are shared objects in the
    columns (9,999 players × 20 tie-breaks otherwise spend most of the output time here). One
    per document rendered; ``lang`` writes the decimal sign (``13,375`` in French)."""

    def __init__(self, lang: Language = ENGLISH) -> None:
        self._seen: dict[int, str] = {}
        self._number = lang.number

    def __call__(self, value) -> str:
        text = self._seen.get(id(value))
        if text is None:
            text = self._seen[id(value)] = self._number(exact_text(value))
        return text


def titles(result: Standings) -> list[str]:
    return [s.text for s in result.specs]


def table(result: Standings, lang: Language = ENGLISH) -> list[list[str]]:
    """Header and one row per participant: rank, start number, title, name, federation and
    rating (as the lists of the pairing programs have them), points and each tie-break, and the
    tie left for lots. Team standings (C.07 Art. 11-13) show both scores, MP and GP, in place of
    the primary score column. The header's keys are English (CSV's columns); the values' decimal
    sign and the lots are ``lang``'s."""
    text = ExactTexts(lang)
    skip = 1 if result.teams else 0
    shown = titles(result)[skip:]
    if result.teams:
        header = ["rank", "team", "name", "MP", "GP", *shown, "lots"]
        rows = [[str(r.rank), str(r.number), r.name, *map(text, r.scores), *map(text, r.values[1:]),
                 lang.say(lots_text(r))] for r in result.rows]
    else:
        header = ["rank", "sno", "title", "name", "fed", "rating", *shown, "lots"]
        rows = [[str(r.rank), str(r.number), r.player.title or "", r.name, r.player.federation or "",
                 str(r.player.rating or ""), *map(text, r.values), lang.say(lots_text(r))] for r in result.rows]
    return [header, *rows]


def lots_text(row: Row) -> Message | str:
    """The tie a row is in: ``drawing of lots needed (group 1)`` (C.07 4.2: "any remaining tie
    should be broken by drawing of lots"), or ``group 1, lot 2`` when the drawing of lots placed
    it 2nd of its group; empty when not tied."""
    if not row.lots:
        return ""
    if row.drawn is not None:
        return msg("group {group}, lot {lot}", group=row.group, lot=row.drawn)
    return msg("drawing of lots needed (group {group})", group=row.group)


def header_lines(result: Standings, lang: Language = ENGLISH) -> list[str]:
    """What the standings are: after which round, and the drawing of lots made."""
    lines = []
    if result.after_round is not None:
        lines.append(lang.say(msg("Standings after round {round}", round=result.after_round)))
    if result.draw is not None:
        outcome = "; ".join(", ".join(map(str, g)) for g in result.draw.groups)
        lines.append(lang.say(msg("Drawing of lots, seed {seed}: {outcome}", seed=result.draw.seed,
                                  outcome=outcome)))
    return lines


#: The text table's headings that are words (the tie-breaks' codes, MP and GP are C.07's).
HEADINGS = {"rank": msg("rank"), "sno": msg("sno"), "title": msg("title"), "name": msg("name"), "fed": msg("fed"),
            "rating": msg("rating"), "team": msg("team"), "lots": msg("lots")}


def render_text(report: StandingsReport) -> str:
    result, lang = report.standings, report.basis.lang
    block = text_block(report.basis)
    if report.basis.withheld:
        return "\n".join(block) + "\n"
    lines = _without_empty(table(result, lang), ("title", "fed", "rating"))
    widths = [max(len(lang.say(HEADINGS.get(h, h))), *map(len, column[1:]))
              for h, column in zip(lines[0], zip(*lines, strict=True), strict=True)]
    left = {lines[0].index(h) for h in ("title", "name", "fed", "lots") if h in lines[0]}
    row_format = "  ".join(f"{{:{'<' if k in left else '>'}{w}}}" for k, w in enumerate(widths))  # ljust / rjust
    header = [lang.say(HEADINGS.get(h, h)) for h in lines[0]]
    out = [row_format.format(*row).rstrip() for row in (header, *lines[1:])]
    return "\n".join([*block, *header_lines(result, lang), *out]) + "\n"  # the rules: a caveat of the block


def _without_empty(lines: list[list[str]], optional: tuple[str, ...]) -> list[list[str]]:
    """The table without the ``optional`` columns that are empty in every row (a file without
    titles or federations)."""
    drop = {k for k, h in enumerate(lines[0]) if h in optional and not any(row[k] for row in lines[1:])}
    return [[c for k, c in enumerate(row) if k not in drop] for row in lines] if drop else lines


def render_csv(report: StandingsReport) -> str:
    rows = csv_rows(report.basis)
    return write_rows(rows if report.basis.withheld else [*rows, *table(report.standings)])


def render_json(report: StandingsReport) -> str:
    """The standings for ``standings --json`` (schema 1, documented in ``docs/reference/json.md``)."""
    if report.basis.withheld:
        return json_withheld(report.basis)
    data = {"schema": 1, "file": report.basis.file, **json_fields(report.basis), **as_dict(report.standings),
            "diagnostics": [d.as_dict() for d in report.basis.diagnostics]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def as_dict(result: Standings) -> dict:
    """The standings as a JSON-ready dict."""
    text = ExactTexts()
    names = titles(result)

    def entry(r: Row) -> dict:
        if r.team is None:
            p = r.player
            head = {"rank": r.rank, "start_number": r.number, "title": p.title, "name": r.name,
                    "federation": p.federation, "rating": p.rating}
        else:
            head = {"rank": r.rank, "team": r.number, "name": r.name,
                    "match_points": text(r.scores[0]), "game_points": text(r.scores[1])}
        lots = {"lots": r.lots, "lots_group": r.group or None}
        if r.drawn is not None:
            lots["drawn"] = r.drawn
        return {**head, "values": dict(zip(names, (text(v) for v in r.values), strict=True)), **lots}

    draw = None if result.draw is None else {"seed": result.draw.seed, "method": DRAW_METHOD,
                                             "groups": [list(g) for g in result.draw.groups]}
    return {"rules": result.rules.name, "participants": "teams" if result.teams else "players",
            "after_round": result.after_round, "rounds": result.rounds, "tiebreaks": names,
            "drawing_of_lots": draw, "standings": [entry(r) for r in result.rows]}


#: How the drawing of lots orders a group, said in the JSON (in English) and the HTML page so that
#: anyone can redo it.
DRAW_METHOD = msg("each group ordered by the SHA-256 (hex) of '<seed>:<start number>', smallest first")
