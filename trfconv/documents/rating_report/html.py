"""The rating report as one self-contained HTML page a rating officer can print: event header,
the validator's verdict, the table, unrated players, players without a rated game, per-player
detail and an inline SVG chart of the rating changes (no script, no external resource).

The markup is also well-formed XML, so that both lxml's HTML and XML parsers accept it."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from ...numbers import short_text
from ...rules.rating.change import RatedGame
from .model import Line, RatingReport, fixed, hundredths, signed
from .text import CAPPED, opponent_rating

STYLE = """
body { font: 11pt/1.35 system-ui, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.5em; margin: 0 0 .2em; } h2 { font-size: 1.15em; margin: 1.4em 0 .4em; }
h3 { font-size: 1em; margin: 1em 0 .2em; }
table { border-collapse: collapse; margin: .3em 0; }
th, td { border: 1px solid #999; padding: .15em .45em; text-align: right; }
th { background: #eee; } td.l, th.l { text-align: left; }
tfoot td { font-weight: bold; } .neg { color: #a00; } .pos { color: #060; }
.note { color: #444; font-size: .9em; } .fatal { color: #a00; font-weight: bold; }
.player { break-inside: avoid; page-break-inside: avoid; }
@media print { body { margin: 0; } h2 { break-after: avoid; } }
"""


def _e(value) -> str:
    return escape("" if value is None else str(value))


def _cells(values, left: tuple[int, ...] = ()) -> str:
    return "".join(f'<td class="l">{_e(v)}</td>' if i in left else f"<td>{_e(v)}</td>"
                   for i, v in enumerate(values))


def _sign_class(value) -> str:
    return "neg" if value < 0 else "pos" if value > 0 else ""


FATAL = ' class="fatal"'


def _header(report: RatingReport) -> str:
    name, place, dates, rounds = report.event_line()
    v = report.verdict
    findings = "".join(
        f"<li{FATAL if f.fatal else ''}>{_e(f.code)}: {_e(f.message)}</li>"
        for f in v.findings)
    avg = report.rating.round_robin_average
    rr = "" if avg is None else (
        f"<p>Round robin (10.21 b): R<sub>ar</sub> {fixed(avg.rar)}, dp<sub>a</sub> {fixed(avg.dpa)}, "
        f"n {avg.opponents}, R<sub>a</sub> {fixed(avg.ra_exact)} &#8594; {avg.ra}</p>")
    return (f"<header><h1>FIDE rating report</h1><p><strong>{_e(name)}</strong>"
            f"{_e(', ' + place) if place else ''}{_e(', ' + dates) if dates else ''}, {rounds} rounds</p>"
            f"<p>Rules: {_e(v.edition.name)} ({_e(v.edition.title)})</p></header>"
            f'<section id="verdict"><h2>Verdict</h2><p>{_e(v.decision.value)}'
            f"{', judged as a round robin' if v.round_robin else ''}</p>"
            f"{'<ul>' + findings + '</ul>' if findings else ''}{rr}</section>")


HEAD = ("No", "Name", "FIDE id", "Fed", "Ro", "K", "Rc", "n", "W", "We", "W-We", "K(W-We)", "Change", "New", "Rp")


def _rated_table(report: RatingReport) -> str:
    rows = []
    for line in report.rated:
        p, r = line.player, line.result
        k = f"{r.k.k}?" if r.k.inferred else str(r.k.k)
        values = (p.start_number, p.name, p.fide_id, p.federation, r.rating, k, r.rc, r.n, short_text(r.score),
                  fixed(r.expected), signed(r.delta), signed(r.change_exact))
        rows.append(f"<tr>{_cells(values, left=(1,))}<td class=\"{_sign_class(r.change)}\">{r.change:+d}</td>"
                    f"<td>{r.new_rating}</td><td>{r.performance}</td></tr>")
    head = "".join(f'<th class="l">{h}</th>' if h == "Name" else f"<th>{h}</th>" for h in HEAD)
    totals = report.rating
    foot = (f'<tr><td class="l" colspan="10">Totals</td><td>{signed(totals.total_delta)}</td>'
            f"<td>{signed(totals.total_change_exact)}</td><td>{totals.total_change:+d}</td><td></td><td></td></tr>")
    return (f'<section id="rated"><h2>Rated players ({len(rows)})</h2>'
            f"<p class=\"note\">K? = K inferred from the rules (see the player's detail); {CAPPED} = rating capped; "
            f"Ru = an unrated opponent counted with his Ru.</p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody><tfoot>{foot}</tfoot></table></section>")


def _unrated_table(report: RatingReport) -> str:
    lines = report.unrated
    if not lines:
        return ""
    rows = []
    for line in lines:
        p, r = line.player, line.result
        i = r.initial
        values = (p.start_number, p.name, p.fide_id, p.federation, r.n, short_text(r.score), i.rc,
                  "" if i.rc_new is None else i.rc_new, fixed(i.average),
                  "" if i.p is None else fixed(Fraction(i.p, 100)), "" if i.dp is None else i.dp,
                  "-" if i.value is None else i.value, "yes" if i.published else "no", i.why)
        rows.append(f"<tr>{_cells(values, left=(1, 13))}</tr>")
    head = "".join(f"<th>{h}</th>" for h in ("No", "Name", "FIDE id", "Fed", "n", "W", "Rc", "Rc new", "Ra",
                                             "p", "dp", "Ru", "Published", "Why"))
    return (f'<section id="unrated"><h2>Unrated players ({len(rows)})</h2>'
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></section>")


def _none_table(report: RatingReport) -> str:
    lines = report.without_game
    if not lines:
        return ""
    rows = "".join(f"<tr>{_cells((p.start_number, p.name, p.fide_id, p.federation, r.rating or 'unrated', r.reason), left=(1, 5))}</tr>"
                   for p, r in ((line.player, line.result) for line in lines))
    return (f'<section id="none"><h2>Players without a rated game ({len(lines)})</h2><table><thead><tr>'
            "<th>No</th><th>Name</th><th>FIDE id</th><th>Fed</th><th>Rating</th><th>Reason</th>"
            f"</tr></thead><tbody>{rows}</tbody></table></section>")


def _game_row(report: RatingReport, g: RatedGame) -> str:
    values = (g.round, g.opponent, report.name_of(g.opponent), opponent_rating(g), short_text(g.score),
              "" if g.expected is None else hundredths(g.expected),
              "" if g.delta is None else signed(g.delta))
    return f"<tr>{_cells(values, left=(2,))}</tr>"


def _detail(report: RatingReport, line: Line) -> str:
    p, r = line.player, line.result
    if not r.games:
        return ""
    note = r.k.note if r.k else (r.initial.why if r.initial else "")
    title = f"{p.start_number}. {p.name}" + (f" ({r.rating})" if r.rating else " (unrated)")
    rows = "".join(_game_row(report, g) for g in r.games)
    return (f'<div class="player"><h3>{_e(title)}</h3><table><thead><tr><th>Round</th><th>No</th>'
            f'<th class="l">Opponent</th><th>Rating used</th><th>Score</th><th>PD</th><th>dR</th></tr></thead>'
            f'<tbody>{rows}</tbody></table><p class="note">{_e(note)}</p></div>')


def chart(report: RatingReport) -> str:
    """Horizontal bars of the rounded changes, one per rated player, as inline SVG."""
    rated = report.rated
    if not rated:
        return ""
    top = max(max(abs(line.result.change) for line in rated), 1)
    row, half, label = 16, 160, 230
    width, height = label + 2 * half + 50, row * len(rated) + 10
    bars = []
    for i, line in enumerate(rated):
        p, change = line.player, line.result.change
        y = 5 + i * row
        length = Fraction(abs(change) * half, top)
        x = label + half - length if change < 0 else label + half
        colour = "#a00" if change < 0 else "#060"
        bars.append(
            f'<text x="{label - 6}" y="{y + 11}" text-anchor="end" font-size="11">{_e(f"{p.start_number}. {p.name[:30]}")}</text>'
            f'<rect x="{fixed(x, 1)}" y="{y + 2}" width="{fixed(length, 1)}" height="{row - 4}" fill="{colour}"/>'
            f'<text x="{label + 2 * half + 6}" y="{y + 11}" font-size="11">{change:+d}</text>')
    axis = f'<line x1="{label + half}" y1="0" x2="{label + half}" y2="{height}" stroke="#333"/>'
    return (f'<section id="chart"><h2>Rating changes</h2><svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="rating change per player">{"".join(bars)}{axis}</svg></section>')


def render_html(report: RatingReport) -> str:
    details = "".join(_detail(report, line) for line in report.lines)
    diagnostics = "".join(f"<li>{_e(d)}</li>" for d in report.diagnostics)
    body = (_header(report) + _rated_table(report) + chart(report) + _unrated_table(report) + _none_table(report)
            + (f'<section id="detail"><h2>Per-player detail</h2>{details}</section>' if details else "")
            + (f'<section id="diagnostics"><h2>Diagnostics</h2><ul>{diagnostics}</ul></section>'
               if diagnostics else ""))
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/>'
            f"<title>{_e('Rating report: ' + report.event_line()[0])}</title><style>{STYLE}</style></head>"
            f"<body>{body}</body></html>\n")
