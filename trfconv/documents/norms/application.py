"""The title application (IT2 checks) as text and JSON: the events with the applicant's norm in
each, every check with its article, and the verdict last."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from ...messages import Language, Message, msg
from ...numbers import short_text
from ...rules.norms import Application
from ...rules.requirement import FAILS, OK, Requirement
from ..basis import Basis, json_fields, json_withheld, not_produced, text_block
from .model import NO_NAME, summary


@dataclass(frozen=True)
class ApplicationReport:
    basis: Basis
    application: Application

    def verdict(self) -> Message:
        if self.basis.withheld:
            return not_produced(several=True)
        a = self.application
        failed = [c.article for c in a.checks if not c.ok]
        if failed:
            return msg("{title} application of FIDE id {fide_id}: does not meet {failed}", title=a.title,
                       fide_id=a.fide_id, failed=failed)
        return msg("{title} application of FIDE id {fide_id}: meets every check (valid only once the QC confirms it)",
                   title=a.title, fide_id=a.fide_id)


def labelled(lang: Language, label: Message, text: object) -> str:
    """One line of an application's head or verdict: the label in a column of 12."""
    return f"{lang.say(label):<12}{lang.say(text)}"


def check_lines(checks: Sequence[Requirement], lang: Language, statuses: Sequence[Message]) -> list[str]:
    """An application's checks under ``checks``: article, status and what is asked with its
    value, each column as wide as its widest entry in ``lang`` (the status column as wide as the
    widest of the ``statuses`` a check can have, French ``NON SATISFAIT`` as English ``FAILS``)."""
    width = max(len(c.article) for c in checks)
    wide = max(len(lang.say(s)) for s in statuses)
    asked = [lang.say(msg("{rule}: {value}", rule=c.rule, value=c.value)) for c in checks]
    return [lang.say(msg("checks"))] + [f"  {c.article:<{width}}  {lang.say(c.status):<{wide}}  {x}"
                                        for c, x in zip(checks, asked, strict=True)]


def render_text(report: ApplicationReport) -> str:
    a, lang = report.application, report.basis.lang
    say = lang.say
    lines = [labelled(lang, msg("files"), report.basis.file),
             labelled(lang, msg("applicant"), msg("FIDE id {fide_id}, title {title}", fide_id=a.fide_id, title=a.title))]
    lines += text_block(report.basis)
    if not report.basis.withheld:
        lines.append(say(msg("events")))
        for x in a.events:
            e = x.tournament.event
            when = msg("{start} to {end}", start=lang.date(e.start_date) or "?", end=lang.date(e.end_date) or "?")
            where = f"{x.file}: {e.name or say(NO_NAME)} ({say(when)})"
            said = msg("the applicant is not a player of it") if x.start_number is None else \
                msg("#{player}: {norm}", player=x.start_number,
                    norm=summary(x.norm) if x.norm else msg("no {title} norm looked at", title=a.title))
            lines.append(f"  {where}")
            lines.append(f"    {say(said)}")
        lines += check_lines(a.checks, lang, (OK, FAILS))
    lines.append(labelled(lang, msg("verdict"), report.verdict()))
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
