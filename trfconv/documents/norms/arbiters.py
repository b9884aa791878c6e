"""The arbiters' own norms (B.06.1): the event as its arbiters' norm in the norms document (text
and JSON); the norm report form of each arbiter, FIDE's FA1 or IA1 field for field on one fixed
A4 page (:func:`render_arbiters`; the fields are those of FIDE's forms as the Arbiters' Manual of
May 2025 prints them, pages 308 and 310; ``tests/documents/norms/test_arbiter_forms.py`` holds the layout against a
rendering of them, ``fixtures/forms/fide-fa1.html`` and ``fide-ia1.html``), then what B.06.1 asks
of the event as the file shows it and what the Chief Arbiter attests; and an arbiter's title
application over several events (text and JSON: :class:`ArbiterApplicationReport`)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ...arbiter_records import CHIEF, DEPUTY, OTHER
from ...dates import as_text
from ...messages import SEMICOLON, Language, Message, joined, msg, plural
from ...rules.arbiters import (CANNOT, NO_NORM, NORM, ArbiterApplication, ArbiterEvent, ArbiterNorm, EventFacts,
                               TitleCheck, system_said)
from ...rules.rateability import clock_of
from ...timecontrol import describe
from ...rules.requirement import FAILS, NOT_CHECKED, OK
from ..basis import Basis, html_block, json_fields, json_withheld, not_produced, text_block
from ..html import e
from .application import check_lines, labelled
from .model import NormsReport

#: What each form is called and what its Chief Arbiter confirms, as FIDE's forms word it.
FORM_TITLES = {"FA1": ("FIDE Arbiter Norm Report Form", "a FIDE Arbiter", "a FIDE Arbiter norm", "FA"),
               "IA1": ("International Arbiter Norm Report Form", "an International Arbiter",
                       "an International Arbiter norm", "IA")}


def facts_line(event: ArbiterEvent) -> Message:
    """The event as B.06.1 looks at it, on one line."""
    f = event.facts
    speed = msg("rate of play not in the file") if f.speed is None else msg("{speed} play", speed=f.speed)
    feds = plural("{n} federation(s)", "{n} federation(s)", n=f.federations)
    if f.without_federation:
        feds = msg("{federations} ({n} player(s) without one)", federations=feds, n=f.without_federation)
    certificates = msg("; at most {n} certificate(s) of an international or national event ({article})",
                       n=event.certificates, article=event.rules.article("certificates")) \
        if event.certificates is not None else ""
    return msg("B.06.1 ({edition}): {system}, {rounds} rounds, {players} players ({rated} FIDE-rated, {titled} titled) "
               "from {federations}, {speed}{certificates}", edition=event.rules.edition.name,
               system=system_said(f.system), rounds=f.rounds, players=f.players, rated=f.rated_players,
               titled=f.titled_players, federations=feds, speed=speed, certificates=certificates)


def _failing(checked) -> Message:
    """The requirements a norm fails, or those the file does not show, one after another."""
    return joined([msg("{article} {rule}: {value}", article=q.article, rule=q.rule, value=q.value)
                   for q in (checked.failed or checked.unchecked)], SEMICOLON)


def check_line(event: ArbiterEvent, c: TitleCheck) -> Message:
    """One title's norm for one arbiter: made (on the provisos), why not, or what the file does
    not show."""
    form = event.rules.forms[c.title]
    if c.status == NORM:
        return plural("{title} norm ({form}), on {n} condition(s) the Chief Arbiter attests",
                      "{title} norm ({form}), on {n} condition(s) the Chief Arbiter attests", n=len(c.provisos),
                      title=c.title, form=form)
    if c.status == NO_NORM:
        return msg("no {title} norm: {said}", title=c.title, said=_failing(c))
    return msg("{title} norm ({form}) cannot be judged: {said}", title=c.title, form=form, said=_failing(c))


def norm_of(event: ArbiterEvent, n: ArbiterNorm) -> Message:
    """What the event is for one arbiter."""
    if not n.checks:
        return msg("no norm: holds IA, the highest title")
    if len(n.checks) > 1 and all(c.status == CANNOT for c in n.checks) and \
            len({c.unchecked for c in n.checks}) == 1:  # the title held is what the file does not show
        forms = joined([event.rules.forms[c.title] for c in n.checks], OR)
        said = joined([msg("{article} {rule}: {value}", article=q.article, rule=q.rule, value=q.value)
                       for q in n.checks[0].unchecked], SEMICOLON)
        return msg("{title} norm ({form}) cannot be judged: {said}", title=joined([c.title for c in n.checks], OR),
                   form=forms, said=said)
    return joined([check_line(event, c) for c in n.checks], " | ")


#: Between the titles or forms an arbiter's norm may be for.
OR = msg(" or ")
#: The functions of the 102 and 112 records (FIDE's forms print their English).
ROLES = {CHIEF: msg("Chief Arbiter"), DEPUTY: msg("Deputy Chief Arbiter"), OTHER: msg("Arbiter")}


def arbiter_line(n: ArbiterNorm) -> Message:
    a = n.arbiter
    facts = [x for x in (a.fide_id and f"FIDE ID {a.fide_id}",
                         a.titles and msg("{titles} from {source}", titles="/".join(a.titles), source=a.titles_from))
             if x]
    who = joined([" (", joined(facts, ", "), ")"]) if facts else ""
    return msg("{role} {name}{who}", role=ROLES.get(a.role, a.role), name=a.name, who=who)


def arbiter_lines(event: ArbiterEvent) -> list[Message]:
    """The event's facts and shared conditions, each arbiter's norm, and what the forms ask the
    Chief Arbiter to attest, a line each."""
    out = [facts_line(event)]
    out += [joined([f"  {q.article:<7}", msg("{status}{rule}: {value}", status=_padded(q.status), rule=q.rule,
                                             value=q.value)]) for q in event.requirements]
    out += [msg("{arbiter}: {norm}", arbiter=arbiter_line(n), norm=norm_of(event, n)) for n in event.norms]
    if not event.norms:
        out.append(msg("no arbiter in the 102/112 records"))
    attested = {(p.article, p.text) for n in event.norms for c in n.checks if c.status == NORM for p in c.provisos}
    if attested:
        out.append(msg("the forms ask the Chief Arbiter to attest what no file shows: {attested}",
                       attested=joined([msg("{text} ({article})", text=text, article=article)
                                        for article, text in sorted(attested)], SEMICOLON)))
    return out


def _padded(status: Message) -> Message:
    """A requirement's status in a column of 12 (``ok          ``), in any language."""
    return Message("{s:<12}", {"s": status}, literal=True)


def _requirement_json(q) -> dict:
    return {"article": q.article, "rule": q.rule, "value": q.value, "ok": q.ok, "checked": q.known}


def arbiter_json(event: ArbiterEvent) -> dict:
    f = event.facts
    return {"rules": event.rules.edition.name, "system": f.system, "speed": f.speed, "rated": f.rated,
            "rounds": f.rounds, "players": f.players, "rated_players": f.rated_players,
            "titled_players": f.titled_players, "federations": f.federations,
            "players_without_federation": f.without_federation, "certificates": event.certificates,
            "requirements": [_requirement_json(q) for q in event.requirements],
            "arbiters": [{"record": n.arbiter.record, "role": n.arbiter.role, "name": n.arbiter.name,
                          "fide_id": n.arbiter.fide_id, "titles": n.arbiter.titles,
                          "titles_from": n.arbiter.titles_from, "forms": list(n.forms(event.rules)),
                          "norms": [{"title": c.title, "form": event.rules.forms[c.title], "status": c.status,
                                     "requirements": [_requirement_json(q) for q in c.requirements],
                                     "provisos": [{"article": p.article, "text": p.text} for p in c.provisos]}
                                    for c in n.checks]} for n in event.norms]}


STYLE = """
@page { size: A4; margin: 9mm 12mm; }
body { font: 8.8pt/1.2 "DejaVu Sans", system-ui, sans-serif; margin: 0; color: #000; }
section.form { width: 186mm; break-after: page; } section.form:last-child { break-after: auto; }
.top { display: grid; grid-template-columns: 1fr 30mm; height: 9mm; align-items: center; margin-bottom: 1mm; }
.top .code { text-align: right; font-size: 14pt; font-weight: 700; }
h1 { font-size: 12.5pt; margin: 0; }
.row { display: grid; grid-template-columns: 66mm 1fr; height: 5mm; align-items: end; }
.k { white-space: nowrap; } .v { border-bottom: 0.6pt dotted #000; height: 3.8mm; min-width: 0; overflow: hidden;
     white-space: nowrap; text-overflow: ellipsis; }
.confirm { height: 8mm; display: flex; align-items: end; }
.sign { height: 6mm; } .official { grid-template-columns: 100mm 1fr; }
.note { font-size: 7pt; margin-top: 1mm; line-height: 1.15; }
.b06 { border: 0.8pt solid #000; padding: 0.8mm 2mm; margin-top: 1.5mm; font-size: 7pt; line-height: 1.15; }
.b06 h2 { font-size: 8pt; margin: 0 0 0.6mm; }
.b06 table { border-collapse: collapse; width: 100%; } .b06 td { vertical-align: top; padding: 0 1mm 0.2mm 0; }
.b06 ul { list-style: none; margin: 0.3mm 0 0; padding: 0; }
.tick { display: inline-block; width: 2.4mm; height: 2.4mm; border: 0.6pt solid #000; margin-right: 1mm;
        vertical-align: middle; }
.none h2 { font-size: 11pt; margin: 3mm 0 1mm; } .none li { margin: 0.5mm 0; }
"""


def _row(label: str, value=None, cls: str = "") -> str:
    """One field of FIDE's form: its label and the value (blank: to fill by hand)."""
    return f'<div class="row {cls}"><span class="k">{e(label)}</span><span class="v">{e(value)}</span></div>'


def _names(n: ArbiterNorm) -> tuple[str | None, str | None]:
    """The arbiter's last and first names: the list's ``Family, Given`` when it holds the FIDE ID,
    else the record's split at its comma (a name without one: as written, in the first field)."""
    name = n.arbiter.listed.name if n.arbiter.listed is not None else n.arbiter.name
    family, _, given = name.partition(",")
    return family.strip() or None, given.strip() or None


def _time_control(report: NormsReport) -> str | None:
    ev = report.tournament.event
    if ev.time_control_text:
        return ev.time_control_text
    clock = clock_of(ev)
    return describe(clock) if clock else None


def _federations(f: EventFacts) -> int | None:
    """The federations represented, when every player's is given (else the field is left blank)."""
    return None if f.without_federation else f.federations


def _b06(event: ArbiterEvent, n: ArbiterNorm, c: TitleCheck) -> str:
    """What B.06.1 asks, as the file shows it, and the conditions no file shows, each to tick."""
    verdict = {NORM: "the file meets every condition it can show",
               CANNOT: "the file does not show every condition: " + "; ".join(q.rule for q in c.unchecked),
               NO_NORM: "fails: " + "; ".join(q.rule for q in c.failed)}[c.status]
    rows = "".join(f"<tr><td>{e(q.article)}</td><td>{e(q.rule)}</td><td>{e(q.value)}</td><td>{e(q.status)}</td></tr>"
                   for q in c.requirements)
    ticks = "".join(f'<li><span class="tick"></span>{e(p.text)} ({e(p.article)})</li>' for p in c.provisos)
    limit = (f" This event gives at most {event.certificates} arbiter norm certificate(s) if international or "
             f"national ({event.rules.article('certificates')})." if event.certificates is not None else "")
    return (f'<div class="b06"><h2>{e(event.rules.edition.title)}: {e(verdict)}</h2><table><colgroup>'
            '<col style="width:17mm"/><col style="width:92mm"/><col/><col style="width:15mm"/></colgroup>'
            f"{rows}</table>"
            f"<div><b>The Chief Arbiter attests, where no file shows it:</b></div><ul>{ticks}</ul>"
            f'<div class="note">{e(limit.strip())}</div></div>')


def _form(report: NormsReport, event: ArbiterEvent, n: ArbiterNorm, c: TitleCheck) -> str:
    """One arbiter's FA1 or IA1: FIDE's fields in FIDE's order, then B.06.1 as the file shows it."""
    ev, f, a = report.tournament.event, event.facts, n.arbiter
    code = event.rules.forms[c.title]
    heading, standard, norm, title = FORM_TITLES[code]
    family, given = _names(n)
    chief = event.chief
    signer = None if a.chief or chief is None else chief.name
    notes = [f"The organizer is responsible for providing the above certificate to each Arbiter who in the opinion of "
             f"the Chief Arbiter has qualified for {norm} and who requests it before the end of the tournament. The "
             "Chief Arbiter is responsible for providing the signed certificate to the organising federation for "
             "authentication.",
             f"When applying for the {title} title, the applicant’s federation must attach a copy of any appeals "
             "decisions.",
             "PRIVACY NOTICE: this form contains personal data, please check FIDE Privacy policy at "
             "www.fide.com/privacy"]
    if code == "IA1":  # FIDE's IA1 prints the privacy notice before the appeals line
        notes[1], notes[2] = notes[2], notes[1]
    return "".join([
        f'<section class="form" data-form="{code}" data-status="{c.status}">',
        f'<div class="top"><h1>{e(heading)}</h1><span class="code">{code}</span></div>',
        _row("Last Name:", family), _row("First Name:", given), _row("FIDE ID Number:", a.fide_id),
        _row("Federation:", a.listed.federation if a.listed is not None else None),
        _row("Name of event:", ev.name), _row("FRS event code(s):"), _row("Federation of event:", ev.federation),
        _row("Venue:", ev.city), _row("Date of first round:", as_text(f.first_round)),
        _row("Date of last round:", as_text(f.last_round)), _row("System:", f.system),
        _row("Number of rounds:", f.rounds), _row("Number of players:", f.players),
        _row("Number of FIDE rated players:", f.rated_players),
        _row("Number of federations represented:", _federations(f)),
        _row("Number of titled players:", f.titled_players), _row("Time control:", _time_control(report)),
        f'<div class="confirm">I hereby confirm that the Arbiter’s performance was of the required standard for '
        f"{e(standard)}.</div>",
        _row("Name:", signer, "sign"), _row("Signature:", None, "sign"),
        _row("Position:", None if a.chief else "Chief Arbiter", "sign"), _row("Federation:", None, "sign"),
        _row("Date:", None, "sign"),
        _row("Name and position of Authenticating Federation official:", None, "sign official"),
        _row("Signature:" if code == "IA1" else "Signature", None, "sign"),  # as each form writes them
        _row("Date:" if code == "IA1" else "Date", None, "sign"),
        *(f'<div class="note">{e(x)}</div>' for x in notes),
        _b06(event, n, c),
        "</section>"])


def _none(event: ArbiterEvent, lang: Language) -> str:
    """No arbiter's norm: each arbiter and why, in place of a blank page (in ``lang``: not a form)."""
    said = [msg("{arbiter}: {norm}", arbiter=arbiter_line(n), norm=norm_of(event, n)) for n in event.norms] or \
        [msg("no arbiter in the 102/112 records")]
    items = "".join(f"<li>{e(lang.say(x))}</li>" for x in said)
    none = lang.say(msg("No arbiter’s norm from this event: no FA1 or IA1 to sign."))
    return (f'<section class="form none"><h1>Arbiter Norm Report Forms (FA1, IA1)</h1>'
            f"<p>{e(lang.say(facts_line(event)))}</p><p>{e(none)}</p><ul>{items}</ul></section>")


def render_arbiters(report: NormsReport) -> str:
    """Each arbiter's norm report, an FA1 or IA1 per title whose norm the event can be (both when
    the file does not give the arbiter's title), one A4 page each; why none, when none. FIDE's
    forms are in FIDE's English; what trfconv adds around them in the basis's language."""
    event, lang = report.result.arbiters, report.basis.lang
    body = ""
    if not report.basis.withheld and event is not None:
        body = "".join(_form(report, event, n, c) for n in event.norms for c in n.checks if c.status != NO_NORM) \
            or _none(event, lang)
    title = lang.say(msg("Arbiter norms: {event}", event=report.tournament.event.name or report.basis.file))
    return (f'<!DOCTYPE html>\n<html lang="{lang.code}"><head><meta charset="utf-8"/><title>{e(title)}</title>'
            f"<style>{STYLE}</style></head><body>{html_block(report.basis, caveats=False)}{body}</body></html>\n")


@dataclass(frozen=True)
class ArbiterApplicationReport:
    basis: Basis
    application: ArbiterApplication

    def verdict(self) -> Message:
        if self.basis.withheld:
            return not_produced(several=True)
        a = self.application
        failed = [c.article for c in a.checks if c.known and not c.ok]
        if failed:
            return msg("{title} application of the arbiter FIDE id {fide_id}: does not meet {failed}", title=a.title,
                       fide_id=a.fide_id, failed=failed)
        unchecked = [c.rule for c in a.checks if not c.known]
        return msg("{title} application of the arbiter FIDE id {fide_id}: meets what the files show; still to show: "
                   "{unchecked}", title=a.title, fide_id=a.fide_id, unchecked=joined(unchecked, SEMICOLON))


def render_text(report: ArbiterApplicationReport) -> str:
    a, lang = report.application, report.basis.lang
    say = lang.say
    lines = [labelled(lang, msg("files"), report.basis.file),
             labelled(lang, msg("applicant"), msg("arbiter FIDE id {fide_id}, title {title}", fide_id=a.fide_id,
                                                  title=a.title))]
    lines += text_block(report.basis)
    if not report.basis.withheld:
        lines.append(say(msg("events")))
        for x in a.events:
            f = x.event.facts
            if x.norm is None:
                said = msg("not one of its arbiters")
            else:
                role = ROLES.get(x.norm.arbiter.role, x.norm.arbiter.role)
                if x.check is None:
                    said = msg("{role}; no {title} norm: {why}", role=role, title=a.title, why=norm_of(x.event, x.norm))
                else:
                    said = msg("{role}; {system}, {rounds} rounds; {check}", role=role, system=system_said(f.system),
                               rounds=f.rounds, check=check_line(x.event, x.check))
            lines.append(f"  {x.file}: {say(said)}")
        lines += check_lines(a.checks, lang, (OK, FAILS, NOT_CHECKED))
    lines.append(labelled(lang, msg("verdict"), report.verdict()))
    return "\n".join(lines) + "\n"


def render_json(report: ArbiterApplicationReport) -> str:
    if report.basis.withheld:
        return json_withheld(report.basis)
    a = report.application
    data = {"schema": 1, "file": report.basis.file, **json_fields(report.basis), "fide_id": a.fide_id,
            "title": a.title, "ok": a.ok,
            "events": [{"file": x.file, "role": x.norm.arbiter.role if x.norm else None, "status": x.status,
                        **arbiter_json(x.event)} for x in a.events],
            "checks": [_requirement_json(c) for c in a.checks], "verdict": report.verdict()}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
