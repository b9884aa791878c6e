"""The rating period as one printable HTML page (A4): the period's facts, the errors and
caveats it rests on, the events, the rated players (rating before the period, K, games, the
unrounded total, the change rounded once, the new rating), the unrated players' pooled Ru, then
each player's events with their unrounded changes. In the language of the basis
(:attr:`~..basis.Basis.lang`), numbers with its decimal sign."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from ...messages import joined, msg
from ...numbers import short_text
from ...rules.rating.period import PeriodEvent, PlayerEvent, PlayerPeriod
from ..html import Column, e, facts, page, table
from .model import PeriodReport, fixed, signed
from .text import NO_FIDE_ID


def _events(report: PeriodReport) -> str:
    lang = report.basis.lang
    columns = [Column(msg("Event"), lambda x: x.name, text=True, name=True),
               Column(msg("Dates"), report.dates, text=True), Column(msg("File"), lambda x: x.path, text=True),
               Column(msg("Rules"), lambda x: x.edition, text=True)]
    events: list[PeriodEvent] = list(report.period.events)
    left = "".join(f"<li>{e(d.line(lang))}</li>" for d in report.left_out)
    heading, left_heading = (lang.say(msg("Events ({n})", n=len(events))),
                             lang.say(msg("Left out ({n})", n=len(report.left_out))))
    return (f'<section id="events"><h2>{e(heading)}</h2>{table(columns, events, lang=lang)}'
            + (f"<h3>{e(left_heading)}</h3><ul>{left}</ul>" if left else "") + "</section>")


def _rated(report: PeriodReport) -> str:
    lines, lang = report.rated, report.basis.lang
    if not lines:
        return ""
    number = lang.number
    columns = [
        Column(msg("FIDE id"), lambda p: p.player.fide_id), Column(msg("Title"), lambda p: p.player.title, text=True),
        Column(msg("Name"), lambda p: p.player.name, text=True, name=True),
        Column(msg("Fed"), lambda p: p.player.federation, text=True), Column(msg("Events"), lambda p: len(p.counted)),
        Column(msg("Before"), lambda p: p.rating), Column("K", lambda p: p.k.marked),
        Column("n", lambda p: p.n), Column("W", lambda p: number(short_text(p.score))),
        Column("K(W-We)", lambda p: number(signed(p.change_exact))), Column(msg("Change"), lambda p: f"{p.change:+d}"),
        Column(msg("New"), lambda p: p.new_rating)]
    heading = lang.say(msg("Rated players ({n})", n=len(lines)))
    note = lang.say(msg("K(W-We): the unrounded changes of all the player's events of the period, added; Change: that "
                        "total rounded once (8.3.4); K? = K inferred from the rules (see the caveats)."))
    return (f'<section id="rated"><h2>{e(heading)}</h2><p class="note">{escape(note, quote=False)}</p>'
            + table(columns, lines, lang=lang) + "</section>")


def _unrated(report: PeriodReport) -> str:
    lines, lang = report.unrated, report.basis.lang
    if not lines:
        return ""
    say, number = lang.say, lang.number
    yes, no = say(msg("yes")), say(msg("no"))
    columns = [
        Column(msg("FIDE id"), lambda p: p.player.fide_id),
        Column(msg("Name"), lambda p: p.player.name, text=True, name=True),
        Column(msg("Fed"), lambda p: p.player.federation, text=True), Column(msg("Events"), lambda p: len(p.counted)),
        Column("n", lambda p: p.initial.games), Column("W", lambda p: number(short_text(p.initial.score))),
        Column("Rc", lambda p: p.rc), Column("Ra", lambda p: number(fixed(p.initial.average))),
        Column("p", lambda p: None if p.initial.p is None else number(fixed(Fraction(p.initial.p, 100)))),
        Column("dp", lambda p: p.initial.dp),
        Column("Ru", lambda p: "-" if p.initial.value is None else p.initial.value),
        Column(msg("Published"), lambda p: yes if p.initial.published else no),
        Column(msg("Why"), lambda p: say(p.initial.why), text=True)]
    heading = say(msg("Unrated players ({n}): results pooled over the period", n=len(lines)))
    return f'<section id="unrated"><h2>{e(heading)}</h2>{table(columns, lines, lang=lang)}</section>'


def _detail(report: PeriodReport, p: PlayerPeriod) -> str:
    lang = report.basis.lang
    say, number = lang.say, lang.number
    yes, no, unrated = say(msg("yes")), say(msg("no")), say(msg("unrated"))
    columns = [
        Column(msg("Event"), lambda x: report.event(x).name, text=True, name=True),
        Column(msg("Dates"), lambda x: report.dates(report.event(x)), text=True),
        Column("Ro", lambda x: x.rating if x.rating is not None else unrated), Column("n", lambda x: x.n),
        Column("W", lambda x: number(short_text(x.score))),
        Column("We", lambda x: None if x.expected is None else number(fixed(x.expected))),
        Column("W-We", lambda x: None if x.delta is None else number(signed(x.delta))),
        Column("K(W-We)", lambda x: None if x.change_exact is None else number(signed(x.change_exact))),
        Column(msg("Counted"), lambda x: (yes if x.counted else no) + (f": {say(x.note)}" if x.note else ""))]
    parts: list[PlayerEvent] = list(p.events)
    if p.change is not None:
        note = msg("Before the period {rating} ({source}); {k}. Period: n {n}, total {total}, rounded once {change:+d}: "
                   "new rating {new}.", rating=p.rating, source=p.rating_source, k=p.k.note, n=p.n,
                   total=number(signed(p.change_exact)), change=p.change, new=p.new_rating)
    elif p.initial is None:  # nothing counted: the first event's zero disregarded (8.2.1)
        note = msg("Nothing rated: {why}.", why=p.reason)
    else:
        earlier = report.earlier(p)
        note = msg("Pooled: {pooled}{earlier}: {why}.", pooled=report.pooled(p),
                   earlier=joined([" (", earlier, ")"]) if earlier else "", why=p.initial.why)
    title = f"{p.player.name} ({p.player.fide_id or say(NO_FIDE_ID)})"
    return (f'<div class="player keep"><h3>{e(title)}</h3>{table(columns, parts, lang=lang)}'
            f'<p class="note">{e(say(note))}</p></div>')


def render_html(report: PeriodReport) -> str:
    lang = report.basis.lang
    details = "".join(_detail(report, p) for p in report.players)
    detail = lang.say(msg("Per-player detail"))
    content = (_events(report) + _rated(report) + _unrated(report)
               + (f'<section id="detail"><h2>{e(detail)}</h2>{details}</section>' if details else ""))
    month = report.period.month
    return page(lang.say(msg("Rating period {month}", month=month)),
                lang.say(msg("FIDE rating period: list of {month}", month=month)), facts(report.facts(lang)),
                report.basis, content)
