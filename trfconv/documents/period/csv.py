"""The period's new ratings as CSV: one row per player with a game in the period (rated: the
rating before it, K, games, the unrounded total, the change, the new rating; unrated: the pooled
Ru and whether it is published). The per-event detail is in the text, HTML and JSON forms."""

from __future__ import annotations

from fractions import Fraction
from itertools import chain

from ...numbers import short_text
from ...rules.rating.period import PlayerPeriod
from ...tabular import write_rows
from ..basis import csv_rows
from .model import PeriodReport, fixed

COLUMNS = ("fide_id", "name", "federation", "outcome", "events", "rating_before", "K", "K_source", "n", "W",
           "K(W-We)", "change", "new_rating", "Ru", "Ru_published", "note")


def _row(p: PlayerPeriod) -> list:
    ini, k, who = p.initial, p.k, p.player
    events, n, halves = p.totals()
    return [who.fide_id or "", who.name, who.federation or "", p.gets.value, events,
            p.rating or "", k.k if k else "", k.source if k else "", n,
            str(halves // 2) if halves % 2 == 0 else short_text(Fraction(halves, 2)),
            "" if p.change_exact is None else fixed(p.change_exact), "" if p.change is None else p.change,
            p.new_rating or "", "" if ini is None or ini.value is None else ini.value,
            "" if ini is None else ("yes" if ini.published else "no"),
            ini.why if ini else (k.note if k else p.reason or "")]


def render_csv(report: PeriodReport) -> str:
    head = [[f"{key}: {value}"] for key, value in report.facts()] + csv_rows(report.basis)
    if report.basis.withheld:
        return write_rows(head)
    return write_rows(chain(head, [COLUMNS], map(_row, report.players)))  # a row at a time
