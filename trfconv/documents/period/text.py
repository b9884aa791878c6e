"""The rating period as plain text: the events, the rated players (rating before the period, K,
games, the unrounded total and the change rounded once, the new rating), the unrated players'
pooled Ru, then each player's events with their games and unrounded changes; on a terminal a
summary (:attr:`PeriodReport.details` False): the first events and inputs left out, the counts,
each player's line when few."""

from __future__ import annotations

from ...actions import Action, voice
from ...numbers import short_text
from ...rules.rating.period import PlayerPeriod
from ..basis import more_on_request, text_block
from .model import PeriodReport, fixed, signed

COLUMNS = (f"{'FIDE id':>11} {'Name':<28} {'Fed':<3} {'Before':>6} {'K':>3} {'n':>3} {'W':>5} "
           f"{'K(W-We)':>8} {'Chg':>4} {'New':>5}")


def _who(p: PlayerPeriod) -> str:
    return f"{p.player.fide_id or '':>11} {p.player.name[:28]:<28} {p.player.federation or '':<3}"


def _detail(report: PeriodReport, p: PlayerPeriod) -> list[str]:
    lines = [f"{p.player.name} ({p.player.fide_id or 'no FIDE ID'})"]
    if p.k is not None:
        lines.append(f"  rating before the period {p.rating} ({p.rating_source}); {p.k.note}")
    for part in p.events:
        event = report.event(part)
        head = f"  {event.name}, {report.dates(event)}: "
        if part.rating is None:
            head += f"unrated, n {part.n}, W {short_text(part.score)}"
            head += "" if part.counted else f" (not counted: {part.note})"
        else:
            head += (f"{part.note}: " if part.note else "") + (f"Ro {part.rating}, n {part.n}, W {short_text(part.score)}, We {fixed(part.expected)}, "
                     f"W-We {signed(part.delta)}, K(W-We) {signed(part.change_exact)}")
        lines.append(head)
    if p.change is not None:
        lines.append(f"  period: n {p.n}, total {signed(p.change_exact)} rounded once {p.change:+d}: "
                     f"{p.rating} -> {p.new_rating}; K of the next list {p.next_k[0]}: {p.next_k[1]}")
    elif p.initial is None:  # nothing counted: the first event's zero disregarded (8.2.1)
        lines.append(f"  nothing rated: {p.reason}")
    else:
        ini = p.initial
        earlier = report.earlier(p)
        lines.append(f"  pooled: {report.pooled(p)}{' (' + earlier + ')' if earlier else ''}, Ru "
                     f"{'-' if ini.value is None else ini.value}: {ini.why}")
    return lines


#: The most events, inputs left out or players a summary lists (an ordinary screen holds a few dozen lines).
SHOWN = 20


def _some(lines: list[str], what: str) -> list[str]:
    """The first :data:`SHOWN` of ``lines``, the rest counted."""
    more = f"  … and {len(lines) - SHOWN} more {what}" + voice().hints([Action("show-details")])
    return lines[:SHOWN] + ([more] if len(lines) > SHOWN else [])


def _summary(report: PeriodReport) -> list[str]:
    """The events and what was left out (the first few), how many players get what and the total
    change; each player's line when few (as ``report`` gives a summary on a terminal)."""
    period, rated, unrated = report.period, report.rated, report.unrated
    published = sum(1 for p in unrated if p.initial.published)
    out = ["", f"Events ({len(period.events)})",
           *_some([f"  {event.name}, {report.dates(event)}  [{event.path or ''}]" for event in period.events],
                  "event(s)")]
    if report.left_out:
        out += ["", f"Left out ({len(report.left_out)})", *_some([f"  {d}" for d in report.left_out], "input(s)")]
    out += ["", f"Rated players {len(rated)} ({period.games} games): sum change "
                f"{sum(p.change for p in rated):+d}; unrated players {len(unrated)}, {published} with a published Ru"]
    if rated and len(rated) + len(unrated) <= SHOWN:
        out += [COLUMNS, *(_rated_line(p) for p in rated)]
    if unrated and len(rated) + len(unrated) <= SHOWN:
        out += [_unrated_line(report, p) for p in unrated]
    out += more_on_request("every player and every event", "writes the whole period")
    return out


def _rated_line(p: PlayerPeriod) -> str:
    return (f"{_who(p)} {p.rating:>6} {p.k.marked:>3} {p.n:>3} {short_text(p.score):>5} {signed(p.change_exact):>8} "
            f"{p.change:>+4} {p.new_rating:>5}")


def _unrated_line(report: PeriodReport, p: PlayerPeriod) -> str:
    ini = p.initial
    return f"{_who(p)} {report.pooled(p)}  Ru {'-' if ini.value is None else ini.value}: {ini.why}"


def render_text(report: PeriodReport) -> str:
    period = report.period
    out = [f"FIDE RATING PERIOD: list of {period.month} (games of {period.played})",
           f"Rules:   {period.rules.edition.name} ({period.rules.edition.title})", *text_block(report.basis)]
    if report.basis.withheld:
        return "\n".join(out) + "\n"
    if not report.details:
        return "\n".join(out + _summary(report)) + "\n"
    out += ["", f"Events ({len(period.events)})"]
    out += [f"  {event.name}, {report.dates(event)}  [{event.path or ''}]" for event in period.events]
    if report.left_out:
        out += ["", f"Left out ({len(report.left_out)})", *(f"  {d}" for d in report.left_out)]
    rated = report.rated
    out += ["", f"Rated players ({len(rated)}): the changes of all events added, rounded once", COLUMNS]
    out += [_rated_line(p) for p in rated]
    unrated = report.unrated
    if unrated:
        out += ["", f"Unrated players ({len(unrated)}): results pooled over the period's events"]
        out += [_unrated_line(report, p) for p in unrated]
    out += ["", "Per-player detail"]
    for p in report.players:
        out.extend(_detail(report, p))
    return "\n".join(out) + "\n"
