"""The rating report as CSV: one row per player (rated, unrated, without a rated game) with the
report's columns, and a totals row. Per-game detail is in the text, HTML and JSON forms."""

from __future__ import annotations

from ...numbers import short_text
from ...tabular import write_rows
from ..basis import csv_rows
from .model import Line, RatingReport, fixed

COLUMNS = ("start_no", "name", "fide_id", "federation", "Ro", "K", "K_source", "Rc", "n", "W", "We", "W-We",
           "K(W-We)", "change", "new_rating", "Rp", "Ru", "Ru_published", "note")


def _row(line: Line) -> list:
    p, r = line.player, line.result
    ini = r.initial
    note = r.reason or (ini.why if ini else (r.k.note if r.k else ""))
    return [
        p.start_number, p.name, p.fide_id or "", p.federation or "", r.rating or "",
        r.k.k if r.k else "", r.k.source if r.k else "", r.rc if r.rc is not None else "",
        r.n, short_text(r.score), "" if r.expected is None else fixed(r.expected),
        "" if r.delta is None else fixed(r.delta), "" if r.change_exact is None else fixed(r.change_exact),
        "" if r.change is None else r.change, r.new_rating or "", r.performance or "",
        "" if ini is None or ini.value is None else ini.value, "" if ini is None else ("yes" if ini.published else "no"),
        note,
    ]


def render_csv(report: RatingReport) -> str:
    """The table, under the event's facts and the basis as ``Key: value`` lines (a spreadsheet
    shows them above the table; the crosstable reader takes such lines for metadata)."""
    head = [[f"{key}: {value}"] for key, value in report.facts() if value not in (None, "")]
    head += csv_rows(report.basis)
    if report.basis.withheld:
        return write_rows(head)
    totals = [""] * len(COLUMNS)
    totals[1] = "Totals"
    totals[COLUMNS.index("W-We")] = fixed(report.rating.total_delta)
    totals[COLUMNS.index("K(W-We)")] = fixed(report.rating.total_change_exact)
    totals[COLUMNS.index("change")] = report.rating.total_change
    return write_rows([*head, COLUMNS, *(_row(line) for line in report.lines), totals])
