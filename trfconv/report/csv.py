"""The rating report as CSV: one row per player (rated, unrated, without a rated game) with the
report's columns, and a totals row. Per-game detail is in the text, HTML and JSON forms."""

from __future__ import annotations

import csv
import io

from ..io.csv_write import guard_formula
from ..numbers import short_text
from .model import PlayerLine, RatingReport, fixed

COLUMNS = ("start_no", "name", "fide_id", "federation", "Ro", "K", "K_source", "Rc", "n", "W", "We", "W-We",
           "K(W-We)", "change", "new_rating", "Rp", "Ru", "Ru_published", "note")


def _row(p: PlayerLine) -> list:
    ini = p.initial
    note = p.reason or (ini.why if ini else (p.k.note if p.k else ""))
    return [
        p.start_number, guard_formula(p.name), p.fide_id or "", guard_formula(p.federation or ""), p.rating or "",
        p.k.k if p.k else "", p.k.source if p.k else "", p.rc if p.rc is not None else "",
        p.n, short_text(p.score), "" if p.expected is None else fixed(p.expected),
        "" if p.delta is None else fixed(p.delta), "" if p.change_exact is None else fixed(p.change_exact),
        "" if p.change is None else p.change, p.new_rating or "", p.performance or "",
        "" if ini is None or ini.value is None else ini.value, "" if ini is None else ("yes" if ini.published else "no"),
        guard_formula(note),
    ]


def render_csv(report: RatingReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for p in report.players:
        writer.writerow(_row(p))
    totals = [""] * len(COLUMNS)
    totals[1] = "Totals"
    totals[COLUMNS.index("W-We")] = fixed(report.total_delta)
    totals[COLUMNS.index("K(W-We)")] = fixed(report.total_change_exact)
    totals[COLUMNS.index("change")] = report.total_change
    writer.writerow(totals)
    return out.getvalue()
