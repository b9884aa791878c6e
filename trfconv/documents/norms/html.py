"""The norms document as printable HTML (A4): the event's facts, what the result rests on, the
norms made, each with its games (the dropped ones struck through, 1.4.1e/f) and its requirements,
and the event's full crosstable (1.4.1f: "the full crosstable must still be sent") with the
candidates' dropped games struck through (FIDE's IT1 certificate: :mod:`.it1`)."""

from __future__ import annotations

from ...dates import as_text
from ...model import Bye, Colour, Forfeit, Game, Outcome, Pending, RoundEntry, Tournament
from ...numbers import short_text
from ...rules.norms import PlayerNorms
from ...rules.norms.evaluate import TitleNorm
from ..html import e, facts, page
from .model import (NormsReport, dropped_line, forecast_lines, foreign_swiss, near_line, person_line, reading_lines,
                    shown, summary)

EXTRA_STYLE = """
<style>
s.dropped, tr.dropped td { text-decoration: line-through; color: #777; }
tr.dropped td.why { text-decoration: none; }
td.fails { color: #a00; font-weight: 700; }
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
                   f"<td class=\"{'l' if q.ok or not q.known else 'l fails'}\">{q.status}"
                   f"{e(f' (by {q.short})') if q.short and q.known and not q.ok else ''}</td></tr>"
                   for q in n.requirements)
    return ("<table><thead><tr><th class=\"l\">Article</th><th class=\"l\">Requirement</th><th>Value</th>"
            f"<th class=\"l\">Met</th></tr></thead><tbody>{rows}</tbody></table>")


def _player(report: NormsReport, p: PlayerNorms) -> str:
    out = []
    for n in shown(report, p):
        notes = [dropped_line(report, n)] if n.achieved or n.undecided else []
        notes += [x for x in (near_line(n),) if x] + reading_lines(report, n)
        out.append(f'<div class="keep"><h3>{e(person_line(p))}: {e(summary(n))}</h3>'
                   + "".join(f'<p class="note">{e(x)}</p>' for x in notes) + f"{_games(report, n)}</div>"
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
                f"<th>{'/'.join(foreign_swiss(report)['titles'])}</th><th class=\"l\">Met</th></tr></thead><tbody>{rows}</tbody></table>")
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
