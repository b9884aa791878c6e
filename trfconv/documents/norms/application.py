"""The title application (IT2 checks) as text and JSON: the events with the applicant's norm in
each, every check with its article, and the verdict last."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ...dates import as_text
from ...numbers import short_text
from ...rules.norms import Application
from ..basis import Basis, json_fields, json_withheld, text_block
from .model import summary


@dataclass(frozen=True)
class ApplicationReport:
    basis: Basis
    application: Application

    def verdict(self) -> str:
        if self.basis.withheld:
            return "NOT PRODUCED: a file has errors (--lenient to produce it anyway)"
        a = self.application
        failed = [c.article for c in a.checks if not c.ok]
        head = f"{a.title} application of FIDE id {a.fide_id}: "
        return head + ("meets every check (valid only once the QC confirms it)" if not failed
                       else "does not meet " + ", ".join(failed))


def render_text(report: ApplicationReport) -> str:
    a = report.application
    lines = [f"{'files':<12}{report.basis.file}", f"{'applicant':<12}FIDE id {a.fide_id}, title {a.title}"]
    lines += text_block(report.basis)
    if not report.basis.withheld:
        lines.append("events")
        for x in a.events:
            e = x.tournament.event
            where = f"{x.file}: {e.name or '(no name)'} ({as_text(e.start_date) or '?'} to {as_text(e.end_date) or '?'})"
            said = ("the applicant is not a player of it" if x.start_number is None else
                    f"#{x.start_number}: " + (summary(x.norm) if x.norm else f"no {a.title} norm looked at"))
            lines.append(f"  {where}")
            lines.append(f"    {said}")
        lines.append("checks")
        width = max(len(c.article) for c in a.checks)
        lines += [f"  {c.article:<{width}}  {'ok   ' if c.ok else 'FAILS'}  {c.rule}: {c.value}" for c in a.checks]
    lines.append(f"{'verdict':<12}{report.verdict()}")
    return "\n".join(lines) + "\n"


def render_json(report: ApplicationReport) -> str:
    if report.basis.withheld:
        return json_withheld(report.basis)
    a = report.application
    data = {"schema": 1, "file": report.basis.file, **json_fields(report.basis), "fide_id": a.fide_id,
            "title": a.title, "ok": a.ok,
            "rating": None if a.rating is None else {"rating": a.rating[0], "month": a.rating[1]},
            "events": [{"file": x.file, "start_number": x.start_number,
                        "achieved": bool(x.norm and x.norm.achieved),
                        "credited_games": x.norm.credited_games if x.norm else None,
                        "score": short_text(x.norm.score) if x.norm else None,
                        "route": x.norm.route if x.norm else None, "rateable": x.rateable,
                        "one_round_days": x.one_round_days, "participants_min": x.participants_min,
                        "average_all": x.average_all, "average_top": x.average_top} for x in a.events],
            "checks": [{"article": c.article, "rule": c.rule, "value": c.value, "ok": c.ok} for c in a.checks],
            "verdict": report.verdict()}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
