"""The rating period as one printable HTML page (A4): the period's facts, the errors and
caveats it rests on, the events, the rated players (rating before the period, K, games, the
unrounded total, the change rounded once, the new rating), the unrated players' pooled Ru, then
each player's events with their unrounded changes."""

from __future__ import annotations

from fractions import Fraction

from ...numbers import short_text
from ...rules.rating.period import PeriodEvent, PlayerEvent, PlayerPeriod
from ..html import Column, e, facts, page, table
from .model import PeriodReport, fixed, signed


def _events(report: PeriodReport) -> str:
    columns = [Column("Event", lambda x: x.name, text=True, name=True),
               Column("Dates", report.dates, text=True), Column("File", lambda x: x.path, text=True),
               Column("Rules", lambda x: x.edition, text=True)]
    events: list[PeriodEvent] = list(report.period.events)
    left = "".join(f"<li>{e(d)}</li>" for d in report.left_out)
    return (f'<section id="events"><h2>Events ({len(events)})</h2>{table(columns, events)}'
            + (f"<h3>Left out ({len(report.left_out)})</h3><ul>{left}</ul>" if left else "") + "</section>")


def _rated(report: PeriodReport) -> str:
    lines = report.rated
    if not lines:
        return ""
    columns = [
        Column("FIDE id", lambda p: p.player.fide_id), Column("Title", lambda p: p.player.title, text=True),
        Column("Name", lambda p: p.player.name, text=True, name=True),
        Column("Fed", lambda p: p.player.federation, text=True), Column("Events", lambda p: len(p.counted)),
        Column("Before", lambda p: p.rating), Column("K", lambda p: p.k.marked),
        Column("n", lambda p: p.n), Column("W", lambda p: short_text(p.score)),
        Column("K(W-We)", lambda p: signed(p.change_exact)), Column("Change", lambda p: f"{p.change:+d}"),
        Column("New", lambda p: p.new_rating)]
    return (f'<section id="rated"><h2>Rated players ({len(lines)})</h2><p class="note">K(W-We): the unrounded '
            "changes of all the player's events of the period, added; Change: that total rounded once (8.3.4); "
            "K? = K inferred from the rules (see the caveats).</p>" + table(columns, lines) + "</section>")


def _unrated(report: PeriodReport) -> str:
    lines = report.unrated
    if not lines:
        return ""
    columns = [
        Column("FIDE id", lambda p: p.player.fide_id), Column("Name", lambda p: p.player.name, text=True, name=True),
        Column("Fed", lambda p: p.player.federation, text=True), Column("Events", lambda p: len(p.counted)),
        Column("n", lambda p: p.initial.games), Column("W", lambda p: short_text(p.initial.score)),
        Column("Rc", lambda p: p.rc), Column("Ra", lambda p: fixed(p.initial.average)),
        Column("p", lambda p: None if p.initial.p is None else fixed(Fraction(p.initial.p, 100))),
        Column("dp", lambda p: p.initial.dp),
        Column("Ru", lambda p: "-" if p.initial.value is None else p.initial.value),
        Column("Published", lambda p: "yes" if p.initial.published else "no"),
        Column("Why", lambda p: p.initial.why, text=True)]
    return (f'<section id="unrated"><h2>Unrated players ({len(lines)}): results pooled over the period</h2>'
            f"{table(columns, lines)}</section>")


def _detail(report: PeriodReport, p: PlayerPeriod) -> str:
    columns = [
        Column("Event", lambda x: report.event(x).name, text=True, name=True),
        Column("Dates", lambda x: report.dates(report.event(x)), text=True),
        Column("Ro", lambda x: x.rating if x.rating is not None else "unrated"), Column("n", lambda x: x.n),
        Column("W", lambda x: short_text(x.score)),
        Column("We", lambda x: None if x.expected is None else fixed(x.expected)),
        Column("W-We", lambda x: None if x.delta is None else signed(x.delta)),
        Column("K(W-We)", lambda x: None if x.change_exact is None else signed(x.change_exact)),
        Column("Counted", lambda x: ("yes" if x.counted else "no") + (f": {x.note}" if x.note else ""))]
    parts: list[PlayerEvent] = list(p.events)
    if p.change is not None:
        note = (f"Before the period {p.rating} ({p.rating_source}); {p.k.note}. Period: n {p.n}, total "
                f"{signed(p.change_exact)}, rounded once {p.change:+d}: new rating {p.new_rating}.")
    elif p.initial is None:  # nothing counted: the first event's zero disregarded (8.2.1)
        note = f"Nothing rated: {p.reason}."
    else:
        earlier = report.earlier(p)
        note = f"Pooled: {report.pooled(p)}{' (' + earlier + ')' if earlier else ''}: {p.initial.why}."
    title = f"{p.player.name} ({p.player.fide_id or 'no FIDE ID'})"
    return f'<div class="player keep"><h3>{e(title)}</h3>{table(columns, parts)}<p class="note">{e(note)}</p></div>'


def render_html(report: PeriodReport) -> str:
    details = "".join(_detail(report, p) for p in report.players)
    content = (_events(report) + _rated(report) + _unrated(report)
               + (f'<section id="detail"><h2>Per-player detail</h2>{details}</section>' if details else ""))
    month = report.period.month
    return page(f"Rating period {month}", f"FIDE rating period: list of {month}", facts(report.facts()),
                report.basis, content)
