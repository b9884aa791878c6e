"""FIDE's IT1, the Certificate of Title Result (B.01 1.8), one A4 page per norm made: every field of
FIDE's form in its place, field for field, on one fixed layout (a field the file has no value for
is left blank, to be filled by hand; no field moves with the data), then what the file cannot
show of 1.1 for the Chief Arbiter to attest. The fields are FIDE's form as Sharly-Chess prints it
and as the older CTP form (Swiss-Manager's "H.5 Certificate of Title Result") has them, with the
articles of the edition applied; ``tests/documents/norms/test_norms_it1.py`` holds the layout against a rendering
of FIDE's form (``fixtures/forms/fide-it1.html``). An event without a norm gives the narrow misses
and the results the file cannot decide instead of a blank page.

The form's fields, its notes and what trfconv writes into them (a round's annotation, the special
remarks) are FIDE's English: the form goes to FIDE's Qualification Commission. What trfconv adds
around it for the arbiter (the attestation to tick, the page of an event without a norm, the
errors) is in the language of the basis (:attr:`~..basis.Basis.lang`)."""

from __future__ import annotations

from ...dates import as_text
from ...messages import SEMICOLON, joined, msg
from ...model import Bye, ByeKind, Forfeit, Game, Pending
from ...numbers import short_text
from ...titles import TITLE_CODES
from ...rules.norms import PlayerNorms
from ...rules.norms.evaluate import TitleNorm
from ...rules.norms.games import NormGame
from ...rules.requirement import FAILS
from ..basis import html_block
from ..html import e
from .model import NormsReport, foreign_swiss, near_line, person_line, summary, why_undecided

#: The event types the form ticks (the rules' shape of the event).
TYPES = ("Swiss", "Round robin", "Double round robin", "Team", "Knock-out")

STYLE = """
@page { size: A4; margin: 10mm; }
body { font: 8.5pt/1.25 "DejaVu Sans", system-ui, sans-serif; margin: 0; color: #000; }
section.it1 { width: 190mm; break-after: page; }
section.it1:last-child { break-after: auto; }
.top { display: grid; grid-template-columns: 1fr 30mm; height: 7mm; align-items: end; }
.top .code { text-align: right; font-size: 14pt; font-weight: 700; }
h1 { font-size: 13pt; text-align: center; border: 0.8pt solid #000; margin: 1mm 0; padding: 1mm 0; height: 7mm;
     box-sizing: border-box; }
.ticks { display: grid; grid-template-columns: repeat(4, 1fr); height: 6mm; align-items: center; text-align: center; }
.box { border: 0.8pt solid #000; padding: 1mm 2mm; margin-top: 1.5mm; box-sizing: border-box; }
.row { display: grid; column-gap: 4mm; height: 5.6mm; align-items: end; }
.two { grid-template-columns: 1fr 1fr; } .event { grid-template-columns: 4fr 2fr 2fr; }
.seven { grid-template-columns: 26mm repeat(6, 1fr); } .wide { grid-template-columns: 1fr; }
.code { grid-template-columns: 52mm 1fr; } .types > span { margin-right: 2mm; }
.f { display: flex; min-width: 0; white-space: nowrap; }
.k { flex: none; padding-right: 1.5mm; }
.v { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; border-bottom: 0.6pt dotted #000;
     height: 4mm; }
.tick { display: inline-block; width: 3mm; height: 3mm; border: 0.7pt solid #000; line-height: 3mm;
        text-align: center; font-size: 7pt; margin-right: 1mm; vertical-align: middle; }
.remarks .v { height: 11mm; white-space: normal; font-size: 7.5pt; line-height: 1.2; border-bottom: none; }
.remarks .f { align-items: start; }
.remarks { height: 14mm; align-items: start; }
table { border-collapse: collapse; width: 100%; margin-top: 1.5mm; table-layout: fixed; font-size: 7.8pt; }
th, td { border: 0.6pt solid #000; padding: 0 1mm; height: 4.6mm; overflow: hidden; white-space: nowrap;
         text-overflow: ellipsis; text-align: center; font-weight: 400; }
td.l, th.l { text-align: left; }
tr.out td.strike { text-decoration: line-through; color: #555; }
.sign { height: 12mm; align-items: end; }
.attest { margin-top: 2mm; font-size: 7.8pt; }
.attest ul { list-style: none; margin: 0.5mm 0 0; padding: 0; }
.note { font-size: 7pt; margin-top: 1mm; }
.qc { text-align: right; font-style: italic; font-weight: 700; font-size: 10pt; margin-top: 1.5mm; }
.none h2 { font-size: 11pt; margin: 3mm 0 1mm; } .none li { margin: 0.5mm 0; }
"""


def _field(label: str, value=None) -> str:
    """A label and its value line (blank when the file has no value: to fill by hand)."""
    return f'<div class="f"><span class="k">{e(label)}</span><span class="v">{e(value)}</span></div>'


def _tick(label: str, ticked: bool) -> str:
    return f'<span><span class="tick">{"X" if ticked else ""}</span>{e(label)}</span>'


def _names(name: str | None) -> tuple[str | None, str | None]:
    """``Family, Given`` as the form's two fields."""
    if not name:
        return None, None
    family, _, given = name.partition(",")
    return family.strip() or None, given.strip() or None


def _highest(titles: frozenset[str]) -> str | None:
    """The highest title held in FIDE's order (:data:`~trfconv.titles.TITLE_CODES`), as the form counts
    it; None for none of FIDE's."""
    return next((t for t in TITLE_CODES if t in titles), None)


def _event_type(report: NormsReport) -> str:
    r = report.result
    if r.context.double:
        return "Double round robin"
    if r.context.round_robin:
        return "Round robin"
    kind = (r.kind or "").lower()
    return "Team" if "team" in kind else "Knock-out" if "knock" in kind else "Swiss"


def _rows(report: NormsReport, p: PlayerNorms, n: TitleNorm) -> str:
    """Every round of the candidate: the games kept, the games left out (struck through, with the
    article), the rounds without a game (+ = - as the form's note says)."""
    t = report.tournament
    player = t.player(p.person.start_number)
    kept = {g.round: g for g in n.kept}
    dropped = {d.round: d for d in n.dropped}
    rules = report.result.rules
    floor = rules.titles[n.title].floor
    out = []
    for number in range(1, report.result.context.rounds + 1):
        entry = player.rounds[number - 1] if player and number <= len(player.rounds) else None
        game: NormGame | None = kept.get(number) or (dropped[number].game if number in dropped else None)
        if game is not None:
            o = t.player(game.opponent)
            used = floor if n.raised == game.opponent and number in kept else game.rating
            listed = "" if game.unrated else game.rating
            result = {2: "1", 1: "½", 0: "0"}[game.half_points]
            name = o.name if o else f"#{game.opponent}"
            if game.forfeit:
                name += " (forfeit counted as a game lost, 1.4.2c)"
            if number in dropped:
                name += f" (left out, {dropped[number].article})"
            cells = (f"<td>{number}</td><td class=\"l strike\">{e(name)}</td><td class=\"strike\">{e(o.fide_id if o else '')}"
                     f"</td><td class=\"strike\">{e(game.federation or ('FID' if not game.unknown_federation else ''))}</td>"
                     f"<td class=\"strike\">{e(listed)}</td><td class=\"strike\">{e(used)}</td>"
                     f"<td class=\"strike\">{e(_highest(game.titles) or '')}</td><td class=\"strike\">{result}</td>")
            out.append(f'<tr class="out">{cells}</tr>' if number in dropped else f"<tr>{cells}</tr>")
            continue
        said, mark = _unplayed(entry)
        out.append(f'<tr><td>{number}</td><td class="l">{e(said)}</td><td></td><td></td><td></td><td></td><td></td>'
                   f"<td>{mark}</td></tr>")
    return "".join(out)


_BYES = {ByeKind.PAB: "pairing-allocated", ByeKind.FULL: "full point", ByeKind.HALF: "half point",
         ByeKind.ZERO: "zero point"}
_BYE_MARKS = {ByeKind.PAB: "+", ByeKind.FULL: "+", ByeKind.HALF: "=", ByeKind.ZERO: "-"}


def _unplayed(entry) -> tuple[str, str]:
    """A round without a game counted: what it was, and the form's mark (+ = -)."""
    if isinstance(entry, Forfeit):
        return ("forfeit won" if entry.won else "forfeit lost"), ("+" if entry.won else "-")
    if isinstance(entry, Bye):
        return f"bye ({_BYES[entry.kind]})", _BYE_MARKS[entry.kind]
    if isinstance(entry, Pending):
        return "paired, no result", ""
    if isinstance(entry, Game):  # a game not counted (1.4.2b)
        return "game not counted (1.4.2)", ""
    return "not paired", "-"


def _remarks(report: NormsReport, n: TitleNorm) -> str:
    """What the QC must know of this result: the games left out, the route, the overscore, a
    forfeit counted, a reading that decides it."""
    said = []
    if n.dropped:
        said.append("games left out: " + ", ".join(f"round {d.round} ({d.article})" for d in n.dropped))
    if n.route != report.result.rules.article("min_games"):
        said.append(f"number of games by {n.route}")
    if n.required_score is not None and n.score > n.required_score:
        said.append(f"credited {n.credited_games} games (1.4.1d: {short_text(n.score - n.required_score)} "
                    "point(s) over the requirement)")
    for alt in n.alternatives:
        reading = report.result.rules.readings[alt.name]
        said.append(f"{reading.article} read as '{report.result.context.reading(alt.name)}'; read as "
                    f"'{alt.choice}' the result differs")
    return "; ".join(said)


def _attestation(report: NormsReport) -> str:
    """The Chief Arbiter's attestation: each 1.1 condition the file cannot show, to tick; those it
    shows, as it shows them; one it shows failing, said."""
    c = report.result.conditions
    if c is None:
        return ""
    say = report.basis.lang.say
    unchecked = [say(msg("{rule} ({article})", rule=q.rule, article=q.article)) for q in c.requirements if not q.known]
    items = "".join(f"<li>{_tick(x, False)}</li>" for x in unchecked)
    shown = [msg("{rule}: {value}{fails}", rule=q.rule, value=q.value, fails="" if q.ok else joined([" - ", FAILS]))
             for q in c.requirements if q.known]
    heading = say(msg("Chief Arbiter’s attestation of 1.1, which the file cannot show:"))
    facts = say(msg("Shown by the file: {facts}.", facts=joined(shown, SEMICOLON)))
    return (f'<div class="box attest"><b>{e(heading)}</b>'
            f"<ul>{items}</ul><div class=\"note\">{e(facts)}</div></div>")


def _form(report: NormsReport, p: PlayerNorms, n: TitleNorm) -> str:
    t, r = report.tournament, report.result
    x = p.person
    ev = t.event
    kept = n.kept
    own = x.federation
    host = (ev.federation or "").strip().upper() or None
    feds = {g.federation for g in kept if g.federation}
    counted = r.rules.it1_titles
    counts = {title: sum(1 for g in kept if _highest(g.titles) == title) for title in counted}
    family, given = _names(x.name)
    foreign = None  # 1.4.3d's numbers, its worst round, when the event claims it
    if r.context.exemption == "1.4.3d" and r.conditions and r.conditions.foreign:
        foreign = min(r.conditions.foreign, key=lambda q: len(q.counted))
    kind = _event_type(report)
    over = short_text(n.score - n.required_score) if n.required_score is not None else None
    article = r.rules.article
    holding = f"Number of players not from host federation holding {', '.join(foreign_swiss(report)['titles'])} titles:"
    return "".join([
        f'<section class="it1" data-title="{n.title}">',
        '<div class="top"><span></span><span class="code">IT 1</span></div>',
        "<h1>Certificate of Title Result</h1>",
        '<div class="ticks">', *(_tick(title, title == n.title) for title in r.rules.titles), "</div>",
        '<div class="box">',
        f'<div class="row two">{_field("Name:", family)}{_field("First name:", given)}</div>',
        f'<div class="row two">{_field("ID-number:", x.fide_id)}{_field("Federation:", own)}</div>',
        "</div>",
        '<div class="box">',
        f'<div class="row event">{_field("Event:", ev.name)}{_field("Start:", as_text(ev.start_date))}'
        f'{_field("Close:", as_text(ev.end_date))}</div>',
        f'<div class="row code">{_field("FIDE event code:")}<div class="f types"><span class="k">Type of event:</span>'
        + "".join(_tick(y, y == kind) for y in TYPES) + "</div></div>",
        f'<div class="row two">{_field("Chief Arbiter (name, ID):", ev.chief_arbiter)}'
        f'{_field("Number of games:", n.games)}</div>',
        f'<div class="row two">{_field("Rate of play:", ev.time_control_text)}'
        f'{_field("Number of federations:", len(feds))}</div>',
        f'<div class="row two">{_field("Number players not from title applicant’s federation:", sum(1 for g in kept if g.federation and g.federation != own))}'
        f'{_field("Number rated opponents:", sum(1 for g in kept if not g.unrated))}</div>',
        f'<div class="row two">{_field("Number players from host federation:", sum(1 for g in kept if host and g.federation == host))}'
        f'{_field("Total number titled opponents:", sum(1 for g in kept if g.titled))}</div>',
        '<div class="row seven"><div class="f"><span class="k">Numbers of:</span></div>'
        + "".join(_field(f"{title}:", counts[title]) for title in counted) + "</div>",
        "</div>",
        '<div class="box">',
        f'<div class="row wide"><b>Where applying {article("foreign")}d:</b></div>',
        f'<div class="row two">{_field("Number of federations:", foreign.federations if foreign else None)}'
        f'{_field("Number of rated players not from host federation:", len(foreign.counted) if foreign else None)}</div>',
        f'<div class="row wide">{_field(holding, foreign.titled if foreign else None)}</div>',
        "</div>",
        f'<div class="row wide remarks">{_field("Special remarks:", _remarks(report, n))}</div>',
        "<table><colgroup><col style=\"width:7mm\"/><col/><col style=\"width:20mm\"/><col style=\"width:11mm\"/>"
        "<col style=\"width:14mm\"/><col style=\"width:21mm\"/><col style=\"width:11mm\"/><col style=\"width:12mm\"/>"
        "</colgroup><thead><tr><th>Rd</th><th class=\"l\">Name of opponent</th><th>FIDE ID</th><th>Fed</th>"
        f"<th>Rating</th><th>Rating {article('floor')}</th><th>Title</th><th>Result</th></tr></thead>"
        f"<tbody>{_rows(report, p, n)}</tbody></table>",
        f'<div class="row event">{_field("Rating average (" + article("ra") + "):", n.ra)}'
        f'{_field("Score required:", short_text(n.required_score) if n.required_score is not None else None)}'
        f'{_field("Score achieved:", short_text(n.score))}</div>',
        f'<div class="row two">{_field("Exceeding norm by (points):", over)}'
        f'{_field("Credited games:", n.credited_games)}</div>',
        f'<div class="row two sign">{_field("Federation confirming the result:", host)}'
        f'{_field("Chief Arbiter’s signature:")}</div>',
        f'<div class="row two sign">{_field("Name of federation official:")}{_field("Signature:")}</div>',
        _attestation(report),
        '<div class="note">PRIVACY NOTICE: this form contains personal data; see the FIDE privacy policy at '
        "www.fide.com/privacy. Note: unrated opponents count 1400 (1.4.6d) but see 1.4.6b. Result: 1, ½, 0 for games "
        "played; +, =, - for rounds without a game. The organiser must provide this certificate to each player who "
        "achieved a title result, to the organising federation, the player’s federation and the FIDE Office.</div>",
        '<div class="qc">This report is not valid until confirmed by the QC</div>',
        "</section>"])


def _none(report: NormsReport) -> str:
    """No norm made: the narrow misses and the results the file cannot decide, each with why."""
    r, say = report.result, report.basis.lang.say
    none, undecided, near = (say(msg("No title result in this event: no IT1 to sign.")),
                             say(msg("Results the file cannot decide")), say(msg("Norms missed narrowly")))
    parts = ['<section class="it1 none"><h1>Certificate of Title Result</h1>', f"<p>{e(none)}</p>"]
    if r.undecided:
        said = [msg("{player}: {summary} ({why})", player=person_line(p), summary=summary(n), why=why_undecided(r, n))
                for p, n in r.undecided]
        parts += [f"<h2>{e(undecided)}</h2><ul>", *(f"<li>{e(say(x))}</li>" for x in said), "</ul>"]
    if r.near_misses:
        said = [msg("{player}: {summary}; {near}", player=person_line(p), summary=summary(n), near=near_line(n))
                for p, n in r.near_misses]
        parts += [f"<h2>{e(near)}</h2><ul>", *(f"<li>{e(say(x))}</li>" for x in said), "</ul>"]
    return "".join(parts) + "</section>"


def render_it1(report: NormsReport) -> str:
    made = report.result.achieved if report.result.possible else []
    body = "" if report.basis.withheld else "".join(_form(report, p, n) for p, n in made) or _none(report)
    title = f"IT1: {report.tournament.event.name or report.basis.file}"
    return (f'<!DOCTYPE html>\n<html lang="{report.basis.lang.code}"><head><meta charset="utf-8"/><title>{e(title)}</title>'
            f"<style>{STYLE}</style></head><body>{html_block(report.basis, caveats=False)}{body}</body></html>\n")
