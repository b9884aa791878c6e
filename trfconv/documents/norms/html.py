"""The norms document as printable HTML (A4): the event's facts, what the result rests on, the
norms made, each with its games (the dropped ones struck through, 1.4.1e/f) and its requirements,
and the event's full crosstable (1.4.1f: "the full crosstable must still be sent") with the
candidates' dropped games struck through (FIDE's IT1 certificate: :mod:`.it1`). In the language of
the basis (:attr:`~..basis.Basis.lang`)."""

from __future__ import annotations

from ...messages import Language, msg
from ...model import Bye, Colour, Forfeit, Game, Outcome, Pending, RoundEntry, Tournament
from ...numbers import short_text
from ...rules.norms import PlayerNorms
from ...rules.norms.evaluate import TitleNorm
from ..event import FACTS, dates, place
from ..html import e, facts, page
from .model import (NormsReport, dropped_line, forecast_lines, foreign_swiss, near_line, person_line,
                    reading_lines, requirement_status, shown, summary)

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
    t, r, say = report.tournament, report.result, report.basis.lang.say
    ev = t.event
    return [(say(FACTS[0]), ev.name), (say(FACTS[1]), place(ev)),
            (say(FACTS[2]), dates(ev.start_date, ev.end_date, report.basis.lang)),
            (say(FACTS[6]), say(msg("{rounds}, {kind}", rounds=r.context.rounds, kind=r.kind))),
            (say(FACTS[5]), len(t.players)), (say(FACTS[4]), ev.time_control_text), (say(FACTS[3]), ev.chief_arbiter),
            (say(FACTS[7]), say(msg("{edition}: {title}", edition=r.edition.name, title=r.edition.title))),
            (say(msg("Opponents' data")), say(msg("titles, ratings, federations and sex from {origin}",
                                                  origin=r.opponents_from)))]


def _games(report: NormsReport, n: TitleNorm) -> str:
    """The candidate's counted games for one title, the dropped ones struck through."""
    t, say = report.tournament, report.basis.lang.say
    unrated = say(msg("unrated: "))
    dropped = {d.round: d for d in n.dropped}
    games = sorted((*n.kept, *(d.game for d in n.dropped)), key=lambda g: g.round)
    rows = []
    for g in games:
        o = t.player(g.opponent)
        why = dropped[g.round].article if g.round in dropped else ""
        cells = (f"<td>{g.round}</td><td class=\"l name\">{e(o.name if o else g.opponent)}</td>"
                 f"<td class=\"l\">{e(', '.join(sorted(g.titles)))}</td><td class=\"l\">{e(g.federation or 'FID/none')}</td>"
                 f"<td>{e(unrated if g.unrated else '')}{g.rating}</td><td>{_RESULT[_outcome(g.half_points)]}</td>"
                 f"<td class=\"l why\">{e(why)}</td>")
        rows.append(f'<tr class="dropped">{cells}</tr>' if why else f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{_head(report.basis.lang, GAME_COLUMNS)}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


#: The headings of a candidate's games (left-aligned: the texts).
GAME_COLUMNS = ((msg("Rd"), False), (msg("Opponent"), True), (msg("Title"), True), (msg("Fed"), True),
                (msg("Rating"), False), (msg("Result"), False), (msg("Dropped"), True))
#: The headings of a table of requirements.
REQUIREMENT_COLUMNS = ((msg("Article"), True), (msg("Requirement"), True), (msg("Value"), False), (msg("Met"), True))


def _head(lang: Language, columns) -> str:
    """A table's heading cells, in ``lang``."""
    return "".join(f'<th class="l">{e(lang.say(h))}</th>' if left else f"<th>{e(lang.say(h))}</th>"
                   for h, left in columns)


def _outcome(half_points: int) -> Outcome:
    return {2: Outcome.WIN, 1: Outcome.DRAW, 0: Outcome.LOSS}[half_points]


def _requirements(n: TitleNorm, lang: Language) -> str:
    say = lang.say
    rows = "".join(f"<tr><td class=\"l\">{e(q.article)}</td><td class=\"l\">{e(say(q.rule))}</td><td>{e(say(q.value))}</td>"
                   f"<td class=\"{'l' if q.ok or not q.known else 'l fails'}\">{e(say(requirement_status(q)))}</td></tr>"
                   for q in n.requirements)
    return f"<table><thead><tr>{_head(lang, REQUIREMENT_COLUMNS)}</tr></thead><tbody>{rows}</tbody></table>"


def _player(report: NormsReport, p: PlayerNorms) -> str:
    lang = report.basis.lang
    say = lang.say
    out = []
    for n in shown(report, p):
        notes = [dropped_line(report, n)] if n.achieved or n.undecided else []
        notes += [x for x in (near_line(n),) if x] + reading_lines(report, n)
        head = say(msg("{player}: {summary}", player=person_line(p), summary=summary(n)))
        out.append(f'<div class="keep"><h3>{e(head)}</h3>'
                   + "".join(f'<p class="note">{e(say(x))}</p>' for x in notes) + f"{_games(report, n)}</div>"
                   f"{_requirements(n, lang)}")
    return "".join(out)


def _crosstable(report: NormsReport) -> str:
    """Every player's rounds; the rounds a candidate's norm leaves out struck through."""
    t: Tournament = report.tournament
    struck = {(p.person.start_number, d.round) for p, n in report.result.achieved for d in n.dropped}
    rounds = report.result.context.rounds
    head = "".join(f"<th>{r}</th>" for r in range(1, rounds + 1))
    rows, number = [], report.basis.lang.number
    for p in t.players:
        cells = []
        for r in range(1, rounds + 1):
            text = e(_entry(p.rounds[r - 1] if r <= len(p.rounds) else None))
            cells.append(f'<td><s class="dropped">{text}</s></td>' if (p.start_number, r) in struck else f"<td>{text}</td>")
        points = sum((t.scores.points(x) for x in p.rounds), start=0)
        rows.append(f"<tr><td>{p.start_number}</td><td class=\"l name\">{e(p.name)}</td><td class=\"l\">{e(p.title)}</td>"
                    f"<td class=\"l\">{e(p.federation)}</td><td>{e(p.rating)}</td>{''.join(cells)}"
                    f"<td>{e(number(short_text(points)))}</td></tr>")
    columns = _head(report.basis.lang, CROSS_COLUMNS)
    total = e(report.basis.lang.say(msg("Pts")))
    return (f"<table class=\"cross\"><thead><tr>{columns}{head}<th>{total}</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


#: The crosstable's headings before the rounds.
CROSS_COLUMNS = ((msg("No"), False), (msg("Name"), True), (msg("Title"), True), (msg("Fed"), True), (msg("Rtg"), False))


def _foreign_columns(report: NormsReport) -> tuple:
    """The 1.4.3d table's headings: the titles its counts (``[norms.foreign_swiss]``) before "Met"."""
    return (*FOREIGN_COLUMNS[:-1], ("/".join(foreign_swiss(report)["titles"]), False), FOREIGN_COLUMNS[-1])


def _conditions(report: NormsReport) -> str:
    """The event's conditions: 1.1, and the 1.4.3d and 1.5.6 tables round by round."""
    c, lang = report.result.conditions, report.basis.lang
    say = lang.say
    if c is None:
        return ""
    rows = "".join(f"<tr><td class=\"l\">{e(q.article)}</td><td class=\"l\">{e(say(q.rule))}</td><td>{e(say(q.value))}</td>"
                   f"<td class=\"{'l' if q.ok or not q.known else 'l fails'}\">{e(say(q.status))}</td></tr>"
                   for q in c.requirements)
    heading = say(msg("The event (1.1)"))
    out = (f"<h2>{e(heading)}</h2><table><thead><tr>{_head(lang, REQUIREMENT_COLUMNS)}</tr></thead>"
           f"<tbody>{rows}</tbody></table>")
    if c.foreign:
        yes, no = say(msg("yes")), say(msg("no"))
        rows = "".join(f"<tr><td>{x.round}</td><td>{len(x.counted)}</td><td>{x.federations}</td><td>{x.titled}</td>"
                       f"<td class=\"l\">{yes if x.ok else no}</td></tr>" for x in c.foreign)
        heading = say(msg("1.4.3d: rated players not of the host federation who missed at most one round (a "
                          "pairing-allocated bye is not missed)"))
        out += (f"<h3>{e(heading)}</h3><table><thead><tr>{_head(lang, _foreign_columns(report))}</tr></thead>"
                f"<tbody>{rows}</tbody></table>")
    rows = "".join(f"<tr><td>{x.round}</td><td>{x.participants}</td><td>{e(x.average_all)}</td><td>{e(x.average_top)}</td></tr>"
                   for x in c.presence)
    heading = say(msg("1.5.6: participants and average rating each round (both readings)"))
    return out + (f"<h3>{e(heading)}</h3><table><thead><tr>{_head(lang, PRESENCE_COLUMNS)}</tr>"
                  f"</thead><tbody>{rows}</tbody></table>")


#: The headings of the 1.4.3d and 1.5.6 tables.
FOREIGN_COLUMNS = ((msg("Round"), False), (msg("Players"), False), (msg("Federations"), False), (msg("Met"), True))
PRESENCE_COLUMNS = ((msg("Round"), False), (msg("Participants"), False), (msg("Average, all rated"), False),
                    (msg("Average, 40 highest"), False))


def render_html(report: NormsReport) -> str:
    r, say = report.result, report.basis.lang.say
    body = [f'<section class="box verdict"><p class="decision">{e(say(report.verdict()))}</p></section>']
    if r.possible and r.played is not None:
        heading = say(msg("Forecast after round {round} of {rounds} (every round left played)", round=r.played,
                          rounds=r.context.rounds))
        body.append(f"<h2>{e(heading)}</h2>")
        body += [f"<h3>{e(say(person_line(f)))}</h3><ul>" + "".join(f"<li>{e(say(x))}</li>" for t in f.titles
                                                                    for x in forecast_lines(report, t)) + "</ul>"
                 for f in r.forecasts]
    if r.possible:
        body += [_player(report, p) for p in r.players]
        body.append(_conditions(report))
        heading, note = say(msg("Crosstable")), say(msg("Each round: opponent, colour, result (+ − forfeits, U F H Z "
                                                        "byes); struck through: games a norm leaves out (1.4.1e/f)."))
        body.append(f'<h2>{e(heading)}</h2><p class="note">{e(note)}</p>' + _crosstable(report))
    title = say(msg("Title norms: {event}", event=report.tournament.event.name or report.basis.file))
    return page(title, say(msg("Title norms (FIDE B.01)")), facts(_facts(report)), report.basis,
                "".join(body)).replace("</head>", EXTRA_STYLE + "</head>", 1)
