"""The arbiters' own norms (B.06.1): the event's conditions and each arbiter's norm in the norms
document (text and JSON), the norm report form of each arbiter (FA1 or IA1, one printable A4 page
each: :func:`render_arbiters`), and an arbiter's title application over several events (text and
JSON: :class:`ArbiterApplicationReport`)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ...dates import as_text
from ...messages import SEMICOLON, Message, joined, msg
from ...rules.arbiters import ArbiterApplication, ArbiterEvent, ArbiterNorm
from ..basis import Basis, html_block, json_fields, json_withheld, text_block
from ..html import e
from .model import NormsReport


def norm_of(event: ArbiterEvent, n: ArbiterNorm) -> Message:
    """What the event is for one arbiter: ``FA norm (FA1)``, or why none."""
    forms = n.forms(event.rules)
    if not forms:
        return msg("no norm: holds IA, the highest title")
    if n.title is None:
        return msg("{forms} (the arbiter's title is not in the file: FA1 towards FA, IA1 for an FA)",
                   forms=joined(forms, OR))
    return msg("{title} norm ({form})", title=n.title, form=forms[0])


#: Between the two forms when the arbiter's title is not known.
OR = msg(" or ")


def arbiter_lines(event: ArbiterEvent) -> list[Message]:
    """The event's conditions and each arbiter's norm, a line each."""
    r = event.rules
    conditions = [msg("{rule}: {value} {status}", rule=q.rule, value=q.value, status=q.status)
                  for q in event.requirements]
    out = [msg("B.06.1 ({edition}): {conditions}; the conditions of articles 3 and 4 (players, rounds, federations) "
               "are not checked", edition=r.edition.name, conditions=joined(conditions, SEMICOLON))]
    for n in event.norms:
        a = n.arbiter
        facts = [x for x in (a.fide_id and f"FIDE ID {a.fide_id}",
                             a.titles and msg("{titles} from {source}", titles="/".join(a.titles),
                                              source=a.titles_from)) if x]
        who = joined([" (", joined(facts, ", "), ")"]) if facts else ""
        norm = norm_of(event, n) if event.ok else msg("no norm: the event does not meet B.06.1")
        out.append(msg("{role} {name}{who}: {norm}", role=a.role, name=a.name, who=who, norm=norm))
    if not event.norms:
        out.append(msg("no arbiter in the 102/112 records"))
    return out


def arbiter_json(event: ArbiterEvent) -> dict:
    return {"rules": event.rules.edition.name, "ok": event.ok, "system": event.system,
            "requirements": [{"article": q.article, "rule": q.rule, "value": q.value, "ok": q.ok, "checked": q.known}
                             for q in event.requirements],
            "arbiters": [{"record": n.arbiter.record, "role": n.arbiter.role, "name": n.arbiter.name,
                          "fide_id": n.arbiter.fide_id, "titles": n.arbiter.titles,
                          "titles_from": n.arbiter.titles_from, "norm_title": n.title,
                          "forms": list(n.forms(event.rules)) if event.ok else []} for n in event.norms]}


STYLE = """
@page { size: A4; margin: 12mm; }
body { font: 9pt/1.3 "DejaVu Sans", system-ui, sans-serif; margin: 0; color: #000; }
section.form { width: 186mm; break-after: page; } section.form:last-child { break-after: auto; }
.top { display: grid; grid-template-columns: 1fr 30mm; height: 7mm; align-items: end; }
.top .code { text-align: right; font-size: 14pt; font-weight: 700; }
h1 { font-size: 12.5pt; text-align: center; border: 0.8pt solid #000; margin: 1mm 0; padding: 1mm 0; }
.box { border: 0.8pt solid #000; padding: 1mm 2mm; margin-top: 2mm; }
.box h2 { font-size: 9.5pt; margin: 0.5mm 0 1mm; }
.row { display: grid; grid-template-columns: 1fr 1fr; column-gap: 4mm; height: 6mm; align-items: end; }
.wide { grid-template-columns: 1fr; }
.f { display: flex; min-width: 0; white-space: nowrap; } .k { flex: none; padding-right: 1.5mm; }
.v { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; border-bottom: 0.6pt dotted #000;
     height: 4mm; }
.tick { display: inline-block; width: 3mm; height: 3mm; border: 0.7pt solid #000; line-height: 3mm;
        text-align: center; font-size: 7pt; margin: 0 1mm 0 3mm; vertical-align: middle; }
.eval { height: 40mm; } .sign { height: 12mm; }
.note { font-size: 7.5pt; margin-top: 2mm; }
"""


def _field(label: str, value=None) -> str:
    return f'<div class="f"><span class="k">{e(label)}</span><span class="v">{e(value)}</span></div>'


def _form(report: NormsReport, event: ArbiterEvent, n: ArbiterNorm) -> str:
    """One arbiter's norm report: FA1 or IA1 ticked (both unticked when the title held is not
    known), the event, the arbiter, the Chief Arbiter's evaluation and signature to fill."""
    ev, a = report.tournament.event, n.arbiter
    forms = n.forms(event.rules)
    ticked = forms[0] if len(forms) == 1 else None
    chief = next((x.arbiter for x in event.norms if x.arbiter.record == "102"), None)
    others = "; ".join(x.arbiter.name for x in event.norms if x.arbiter.record != "102")
    ticks = "".join(f'<span class="tick">{"X" if code == ticked else ""}</span>{e(code)}'
                    for code in event.rules.forms.values())
    return "".join([
        f'<section class="form" data-forms="{" ".join(forms)}">',
        f'<div class="top"><span></span><span class="code">{e(ticked or "FA1 / IA1")}</span></div>',
        "<h1>Arbiter Norm Report</h1>",
        f'<div class="row wide"><div class="f"><span class="k">Form:</span>{ticks}</div></div>',
        '<div class="box"><h2>Tournament</h2>',
        f'<div class="row wide">{_field("Name:", ev.name)}</div>',
        f'<div class="row">{_field("Place:", ev.city)}{_field("Federation:", ev.federation)}</div>',
        f'<div class="row">{_field("Start:", as_text(ev.start_date))}{_field("End:", as_text(ev.end_date))}</div>',
        f'<div class="row">{_field("FIDE event code:")}{_field("System:", event.system)}</div>',
        f'<div class="row">{_field("Number of rounds:", event.rounds)}{_field("Rate of play:", ev.time_control_text)}</div>',
        f'<div class="row">{_field("Number of players:", event.players)}'
        f'{_field("Number of rated players:", event.rated_players)}</div>',
        f'<div class="row">{_field("Number of federations:", event.federations)}{_field("Organiser:")}</div>',
        f'<div class="row">{_field("Chief Arbiter:", chief.name if chief else None)}'
        f'{_field("Other arbiters:", others)}</div>',
        "</div>",
        '<div class="box"><h2>Norm for</h2>',
        f'<div class="row">{_field("Name:", a.name)}{_field("FIDE ID:", a.fide_id)}</div>',
        f'<div class="row">{_field("Function:", a.role)}{_field("Arbiter title held:", "/".join(a.titles or ()))}</div>',
        "</div>",
        '<div class="box eval"><h2>Evaluation of the arbiter’s work by the Chief Arbiter</h2></div>',
        '<div class="box"><h2>Signed by</h2>',
        f'<div class="row">{_field("Name:")}{_field("Function:")}</div>',
        f'<div class="row sign">{_field("Date:")}{_field("Signature:")}</div>',
        "</div>",
        f'<div class="note">{e(event.rules.edition.title)} 2.1: the arbiter norm certifies the arbiter’s work in a '
        "FIDE-rated event; the conditions of the event for each title (articles 3 and 4) are for the Chief Arbiter "
        "and the federation to check.</div>",
        "</section>"])


def render_arbiters(report: NormsReport) -> str:
    """Each arbiter's norm report (FA1 or IA1), one A4 page each; the event's reason when it
    gives none."""
    event = report.result.arbiters
    body = ""
    if not report.basis.withheld and event is not None:
        forms = [n for n in event.norms if event.ok and n.forms(event.rules)]
        body = "".join(_form(report, event, n) for n in forms) or \
            "".join(f"<p>{e(report.basis.lang.say(x))}</p>" for x in arbiter_lines(event))
    title = report.basis.lang.say(msg("Arbiter norms: {event}", event=report.tournament.event.name or report.basis.file))
    return (f'<!DOCTYPE html>\n<html lang="{report.basis.lang.code}"><head><meta charset="utf-8"/><title>{e(title)}</title>'
            f"<style>{STYLE}</style></head><body>{html_block(report.basis, caveats=False)}{body}</body></html>\n")


@dataclass(frozen=True)
class ArbiterApplicationReport:
    basis: Basis
    application: ArbiterApplication

    def verdict(self) -> Message:
        if self.basis.withheld:
            return msg("NOT PRODUCED: a file has errors (--lenient to produce it anyway)")
        a = self.application
        failed = [c.article for c in a.checks if c.known and not c.ok]
        unchecked = [c.rule for c in a.checks if not c.known]
        if failed:
            return msg("{title} application of the arbiter FIDE id {fide_id}: does not meet {failed}", title=a.title,
                       fide_id=a.fide_id, failed=failed)
        return msg("{title} application of the arbiter FIDE id {fide_id}: meets what the files show; still to show: "
                   "{unchecked}", title=a.title, fide_id=a.fide_id, unchecked=joined(unchecked, SEMICOLON))


def render_text(report: ArbiterApplicationReport) -> str:
    a, lang = report.application, report.basis.lang
    say = lang.say

    def line(label: Message, text: object) -> str:
        return f"{say(label):<12}{say(text)}"

    lines = [line(msg("files"), report.basis.file),
             line(msg("applicant"), msg("arbiter FIDE id {fide_id}, title {title}", fide_id=a.fide_id, title=a.title))]
    lines += text_block(report.basis)
    if not report.basis.withheld:
        lines.append(say(msg("events")))
        for file, event, arbiter in a.events:
            if arbiter is None:
                said = msg("not one of its arbiters")
            else:
                failed = [q.rule for q in event.requirements if not q.ok]
                said = msg("{role}; {system}; {norm}", role=arbiter.role, system=event.system or msg("another system"),
                           norm=msg("a norm") if event.ok else msg("no norm: {failed}", failed=failed))
            lines.append(f"  {file}: {say(said)}")
        lines.append(say(msg("checks")))
        width = max(len(c.article) for c in a.checks)
        status = [say(c.status) for c in a.checks]
        asked = [say(msg("{rule}: {value}", rule=c.rule, value=c.value)) for c in a.checks]
        lines += [f"  {c.article:<{width}}  {s:<11}  {x}" for c, s, x in zip(a.checks, status, asked, strict=True)]
    lines.append(line(msg("verdict"), report.verdict()))
    return "\n".join(lines) + "\n"


def render_json(report: ArbiterApplicationReport) -> str:
    if report.basis.withheld:
        return json_withheld(report.basis)
    a = report.application
    data = {"schema": 1, "file": report.basis.file, **json_fields(report.basis), "fide_id": a.fide_id,
            "title": a.title, "ok": a.ok,
            "events": [{"file": f, "role": x.role if x else None, **arbiter_json(event)} for f, event, x in a.events],
            "checks": [{"article": c.article, "rule": c.rule, "value": c.value, "ok": c.ok, "checked": c.known}
                       for c in a.checks], "verdict": report.verdict()}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
