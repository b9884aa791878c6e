"""The norms document as printable HTML (A4): the event's facts, what the result rests on, the
norms made, each with its games (the dropped ones struck through, 1.4.1e/f) and its requirements,
and the event's full crosstable (1.4.1f: "the full crosstable must still be sent") with the
candidates' dropped games struck through. ``render_it1`` gives FIDE's IT1 certificate, one A4 page
per norm made."""

from __future__ import annotations

from ...dates import as_text
from ...model import Bye, Colour, Forfeit, Game, Outcome, Pending, RoundEntry, Tournament
from ...numbers import short_text
from ...rules.norms import PlayerNorms
from ...rules.norms.evaluate import TitleNorm
from ..basis import caveats_html
from ..html import e, facts, page
from .model import NormsReport, dropped_line, forecast_lines, person_line, summary

EXTRA_STYLE = """
<style>
s.dropped, tr.dropped td { text-decoration: line-through; color: #777; }
tr.dropped td.why { text-decoration: none; }
td.fails { color: #a00; font-weight: 700; }
section.it1 + section.it1 { break-before: page; }
.sign { display: grid; grid-template-columns: 1fr 1fr; gap: 8mm; margin-top: 9mm; break-inside: avoid; }
section.it1 dl.facts { grid-template-columns: max-content 1fr max-content 1fr; font-size: 8.5pt; margin-bottom: 1mm; }
section.it1 div.results dl.facts { grid-template-columns: max-content 1fr; }
section.it1 h2 { margin-top: 2mm; } section.it1 ul { margin: 0; font-size: 8pt; } .warning { margin: 1mm 0 2mm; }
.sign div { border-top: 0.6pt solid #111; padding-top: 1mm; font-size: 8.5pt; }
.warning { font-weight: 700; border: 1.2pt solid #111; padding: 2mm; margin: 3mm 0; text-align: center; }
table.cross td { white-space: nowrap; font-size: 7pt; }
</style>
"""

_RESULT = {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0"}


def _entry(entry: RoundEntry | None) -> str:
    """A round as the crosstable shows it: ``12w1``, ``+`` / ``−`` (forfeits), the bye letter."""
    match entry:
        case Game(opponent=o, colour=c, outcome=out):
            return f"{o}{'w' if c is Colour.WHITE else 'b' if c is Colour.BLACK else ''}{_RESULT[out]}"
        case Forfeit(won=won, opponent=o):
            return f"{o or ''}{'+' if won else '−'}"
        case Bye(kind=kind):
            return kind.value
        case Pending(opponent=o):
            return f"{o}?"
        case _:
            return ""


def _facts(report: NormsReport) -> list[tuple[str, object]]:
    t, r = report.tournament, report.result
    ev = t.event
    return [("Event", ev.name), ("Place", ", ".join(x for x in (ev.city, ev.federation) if x)),
            ("Dates", " to ".join(x for x in (as_text(ev.start_date), as_text(ev.end_date)) if x)),
            ("Rounds", f"{r.context.rounds}, {r.kind}"), ("Players", len(t.players)),
            ("Rate of play", ev.time_control_text), ("Chief arbiter", ev.chief_arbiter),
            ("Rules", f"{r.edition.name}: {r.edition.title}"),
            ("Opponents' data", f"titles, ratings, federations and sex from {r.opponents_from}")]


def _games(report: NormsReport, n: TitleNorm) -> str:
    """The candidate's counted games for one title, the dropped ones struck through."""
    t = report.tournament
    dropped = {d.round: d for d in n.dropped}
    games = sorted((*n.kept, *(d.game for d in n.dropped)), key=lambda g: g.round)
    rows = []
    for g in games:
        o = t.player(g.opponent)
        why = dropped[g.round].article if g.round in dropped else ""
        cells = (f"<td>{g.round}</td><td class=\"l name\">{e(o.name if o else g.opponent)}</td>"
                 f"<td class=\"l\">{e(', '.join(sorted(g.titles)))}</td><td class=\"l\">{e(g.federation or 'FID/none')}</td>"
                 f"<td>{e('unrated: ' if g.unrated else '')}{g.rating}</td><td>{_RESULT[_outcome(g.half_points)]}</td>"
                 f"<td class=\"l why\">{e(why)}</td>")
        rows.append(f'<tr class="dropped">{cells}</tr>' if why else f"<tr>{cells}</tr>")
    head = "".join(f'<th class="l">{h}</th>' if h in ("Opponent", "Title", "Fed", "Dropped") else f"<th>{h}</th>"
                   for h in ("Rd", "Opponent", "Title", "Fed", "Rating", "Result", "Dropped"))
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _outcome(half_points: int) -> Outcome:
    return {2: Outcome.WIN, 1: Outcome.DRAW, 0: Outcome.LOSS}[half_points]


def _requirements(n: TitleNorm) -> str:
    rows = "".join(f"<tr><td class=\"l\">{e(q.article)}</td><td class=\"l\">{e(q.rule)}</td><td>{e(q.value)}</td>"
                   f"<td class=\"{'l' if q.ok or not q.known else 'l fails'}\">{q.status}</td></tr>"
                   for q in n.requirements)
    return ("<table><thead><tr><th class=\"l\">Article</th><th class=\"l\">Requirement</th><th>Value</th>"
            f"<th class=\"l\">Met</th></tr></thead><tbody>{rows}</tbody></table>")


def _player(report: NormsReport, p: PlayerNorms) -> str:
    shown = p.results if report.details else tuple(n for n in p.results if n.achieved)
    out = []
    for n in shown:
        out.append(f'<div class="keep"><h3>{e(person_line(p))}: {e(summary(n))}</h3>'
                   f'<p class="note">{e(dropped_line(report, n))}</p>{_games(report, n)}</div>'
                   f"{_requirements(n)}")
    return "".join(out)


def _crosstable(report: NormsReport) -> str:
    """Every player's rounds; the rounds a candidate's norm leaves out struck through."""
    t: Tournament = report.tournament
    struck = {(p.person.start_number, d.round) for p, n in report.result.achieved for d in n.dropped}
    rounds = report.result.context.rounds
    head = "".join(f"<th>{r}</th>" for r in range(1, rounds + 1))
    rows = []
    for p in t.players:
        cells = []
        for r in range(1, rounds + 1):
            text = e(_entry(p.rounds[r - 1] if r <= len(p.rounds) else None))
            cells.append(f'<td><s class="dropped">{text}</s></td>' if (p.start_number, r) in struck else f"<td>{text}</td>")
        points = sum((t.scores.points(x) for x in p.rounds), start=0)
        rows.append(f"<tr><td>{p.start_number}</td><td class=\"l name\">{e(p.name)}</td><td class=\"l\">{e(p.title)}</td>"
                    f"<td class=\"l\">{e(p.federation)}</td><td>{e(p.rating)}</td>{''.join(cells)}"
                    f"<td>{e(short_text(points))}</td></tr>")
    return ("<table class=\"cross\"><thead><tr><th>No</th><th class=\"l\">Name</th><th class=\"l\">Title</th>"
            f"<th class=\"l\">Fed</th><th>Rtg</th>{head}<th>Pts</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _conditions(report: NormsReport) -> str:
    """The event's conditions: 1.1, and the 1.4.3d and 1.5.6 tables round by round."""
    c = report.result.conditions
    if c is None:
        return ""
    rows = "".join(f"<tr><td class=\"l\">{e(q.article)}</td><td class=\"l\">{e(q.rule)}</td><td>{e(q.value)}</td>"
                   f"<td class=\"{'l' if q.ok or not q.known else 'l fails'}\">{q.status}</td></tr>" for q in c.requirements)
    out = ("<h2>The event (1.1)</h2><table><thead><tr><th class=\"l\">Article</th><th class=\"l\">Requirement</th>"
           f"<th>Value</th><th class=\"l\">Met</th></tr></thead><tbody>{rows}</tbody></table>")
    if c.foreign:
        rows = "".join(f"<tr><td>{x.round}</td><td>{len(x.counted)}</td><td>{x.federations}</td><td>{x.titled}</td>"
                       f"<td class=\"l\">{'yes' if x.ok else 'no'}</td></tr>" for x in c.foreign)
        out += ("<h3>1.4.3d: rated players not of the host federation who missed at most one round (a pairing-"
                "allocated bye is not missed)</h3><table><thead><tr><th>Round</th><th>Players</th><th>Federations</th>"
                f"<th>GM/IM/WGM/WIM</th><th class=\"l\">Met</th></tr></thead><tbody>{rows}</tbody></table>")
    rows = "".join(f"<tr><td>{x.round}</td><td>{x.participants}</td><td>{e(x.average_all)}</td><td>{e(x.average_top)}</td></tr>"
                   for x in c.presence)
    return out + ("<h3>1.5.6: participants and average rating each round (both readings)</h3><table><thead><tr>"
                  "<th>Round</th><th>Participants</th><th>Average, all rated</th><th>Average, 40 highest</th></tr>"
                  f"</thead><tbody>{rows}</tbody></table>")


def render_html(report: NormsReport) -> str:
    r = report.result
    body = [f'<section class="box verdict"><p class="decision">{e(report.verdict())}</p></section>']
    if r.possible and r.played is not None:
        body.append(f"<h2>Forecast after round {r.played} of {r.context.rounds} (every round left played)</h2>")
        body += [f"<h3>{e(person_line(f))}</h3><ul>" + "".join(f"<li>{e(x)}</li>" for t in f.titles
                                                         for x in forecast_lines(report, t)) + "</ul>"
                 for f in r.forecasts]
    if r.possible:
        body += [_player(report, p) for p in r.players]
        body.append(_conditions(report))
        body.append("<h2>Crosstable</h2><p class=\"note\">Each round: opponent, colour, result (+ − forfeits, "
                    "U F H Z byes); struck through: games a norm leaves out (1.4.1e/f).</p>" + _crosstable(report))
    return page(f"Title norms: {report.tournament.event.name or report.basis.file}", "Title norms (FIDE B.01)",
                facts(_facts(report)), report.basis, "".join(body)).replace("</head>", EXTRA_STYLE + "</head>", 1)


def _it1(report: NormsReport, p: PlayerNorms, n: TitleNorm) -> str:
    """One IT1 certificate."""
    t, r = report.tournament, report.result
    x = p.person
    player = t.player(x.start_number)
    ev = t.event
    kept = n.kept
    feds = {g.federation for g in kept if g.federation}
    foreign = sum(1 for g in kept if g.federation and g.federation != x.federation)
    rows = [("Title", n.title), ("Name", x.name), ("FIDE ID", x.fide_id), ("Federation", x.federation),
            ("Birth date", as_text(player.birth_date) if player and player.birth_date else None),
            ("Event", ev.name), ("Place", ", ".join(y for y in (ev.city, ev.federation) if y)),
            ("Dates", " to ".join(y for y in (as_text(ev.start_date), as_text(ev.end_date)) if y)),
            ("Organising federation", ev.federation), ("Number of rounds", r.context.rounds),
            ("Type of event", r.kind), ("Rate of play", ev.time_control_text),
            ("Chief arbiter (title, name, FIDE ID)", ev.chief_arbiter),
            ("Deputy arbiters", "; ".join(ev.deputy_arbiters)),
            ("Number of players", len(t.players))]
    results = [("Games counted", n.games), ("Credited games (1.4.1b-d, 1.7)", n.credited_games),
               ("Score", f"{short_text(n.score)} ({n.p} %)"), ("Average rating of opponents Ra (1.4.7)", n.ra),
               ("Performance Rp = Ra + dp (1.4.8)", f"{n.rp} (dp {n.dp})"),
               ("Opponents not from the applicant's federation", foreign),
               ("Federations of the opponents (FID not counted)", f"{len(feds)}: {', '.join(sorted(feds))}"),
               ("Titled opponents (1.4.5a)", sum(1 for g in kept if g.titled)),
               ("Opponents holding the title or higher (1.4.5b-e)",
                sum(1 for g in kept if not g.titles.isdisjoint(r.rules.titles[n.title].holders))),
               ("Unrated opponents (1400, 1.4.6d)", sum(1 for g in kept if g.unrated)),
               ("Rating raised to the floor (1.4.6b)", _raised(report, n)),
               ("Games left out (1.4.1e/f)", "; ".join(f"round {d.round} ({d.article})" for d in n.dropped) or "none")]
    return (f'<section class="it1"><h2>Certificate of Title Result (IT1): {e(n.title)} norm</h2>'
            f'<p class="warning">This report is not valid until confirmed by the QC (FIDE Qualification '
            f"Commission).</p>{facts(rows)}{caveats_html(report.basis)}<h2>Opponents</h2>{_games(report, n)}"
            f'<h2>Result</h2><div class="results">{facts(results)}</div>'
            '<div class="sign"><div>Chief Arbiter: name, signature, date</div>'
            "<div>Federation official (rating officer or president): name, signature, date</div></div></section>")


def _raised(report: NormsReport, n: TitleNorm) -> str:
    """The opponent whose rating was raised to the title's floor, and from what."""
    if n.raised is None:
        return "none"
    game = next(g for g in n.kept if g.opponent == n.raised)
    floor = report.result.rules.titles[n.title].floor
    return f"{report.name_of(n.raised)} (#{n.raised}): {'unrated, 1400' if game.unrated else game.rating} -> {floor}"


def render_it1(report: NormsReport) -> str:
    made = report.result.achieved if report.result.possible else []
    body = "".join(_it1(report, p, n) for p, n in made) or f"<p>{e(report.verdict())}</p>"
    return page(f"IT1: {report.tournament.event.name or report.basis.file}", "FIDE title results (IT1)", "",
                report.basis, body, caveats=False).replace("</head>", EXTRA_STYLE + "</head>", 1)
