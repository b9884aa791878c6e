"""The rating period as plain text: the events, the rated players (rating before the period, K,
games, the unrounded total and the change rounded once, the new rating), the unrated players'
pooled Ru, then each player's events with their games and unrounded changes; on a terminal a
summary (:attr:`PeriodReport.details` False): the first events and inputs left out, the counts,
each player's line when few. In the language of the basis (:attr:`~..basis.Basis.lang`)."""

from __future__ import annotations

from ...actions import Action, voice
from ...messages import Language, joined, msg, plural
from ...numbers import short_text
from ...rules.rating.period import PlayerPeriod
from ..basis import more_on_request, text_block
from ..rating_report.text import HEADINGS
from .model import PeriodReport, fixed, signed

#: The players' table's headings that are words (K, n, W, K(W-We) are FIDE's symbols).
WORDS = {**HEADINGS, "Before": msg("Before")}
NO_FIDE_ID = msg("no FIDE ID")


def columns(lang: Language) -> str:
    """The heading line of the rated players' table."""
    h = {key: lang.say(value) for key, value in WORDS.items()}
    return (f"{h['FIDE id']:>11} {h['Name']:<28} {h['Fed']:<3} {h['Before']:>6} {'K':>3} {'n':>3} {'W':>5} "
            f"{'K(W-We)':>8} {h['Chg']:>4} {h['New']:>5}")


def _who(p: PlayerPeriod) -> str:
    return f"{p.player.fide_id or '':>11} {p.player.name[:28]:<28} {p.player.federation or '':<3}"


def _detail(report: PeriodReport, p: PlayerPeriod) -> list[str]:
    lang = report.basis.lang
    say, number = lang.say, lang.number
    lines = [f"{p.player.name} ({p.player.fide_id or say(NO_FIDE_ID)})"]
    if p.k is not None:
        lines.append("  " + say(msg("rating before the period {rating} ({source}); {k}", rating=p.rating,
                                    source=p.rating_source, k=p.k.note)))
    for part in p.events:
        event = report.event(part)
        score = number(short_text(part.score))
        if part.rating is None:
            said = joined([msg("unrated, n {n}, W {score}", n=part.n, score=score),
                           "" if part.counted else msg(" (not counted: {why})", why=part.note)])
        else:
            said = joined([msg("{note}: ", note=part.note) if part.note else "",
                           f"Ro {part.rating}, n {part.n}, W {score}, We {number(fixed(part.expected))}, "
                           f"W-We {number(signed(part.delta))}, K(W-We) {number(signed(part.change_exact))}"])
        lines.append("  " + say(msg("{event}, {dates}: {said}", event=event.name, dates=report.dates(event), said=said)))
    if p.change is not None:
        assert p.next_k is not None  # a rated player's period gives the next list's K
        k, why = p.next_k
        lines.append("  " + say(msg("period: n {n}, total {total} rounded once {change:+d}: {rating} -> {new}; K of "
                                    "the next list {k}: {why}", n=p.n, total=number(signed(p.change_exact)),
                                    change=p.change, rating=p.rating, new=p.new_rating, k=k, why=why)))
    elif p.initial is None:  # nothing counted: the first event's zero disregarded (8.2.1)
        lines.append("  " + say(msg("nothing rated: {why}", why=p.reason)))
    else:
        ini = p.initial
        earlier = report.earlier(p)
        lines.append("  " + say(msg("pooled: {pooled}{earlier}, Ru {ru}: {why}", pooled=report.pooled(p),
                                    earlier=joined([" (", earlier, ")"]) if earlier else "",
                                    ru="-" if ini.value is None else ini.value, why=ini.why)))
    return lines


#: The most events, inputs left out or players a summary lists (an ordinary screen holds a few dozen lines).
SHOWN = 20


def _some(lines: list[str], more, lang: Language) -> list[str]:
    """The first :data:`SHOWN` of ``lines``, the rest counted (``more``: the message saying how
    many more, given their number), with how to see them all."""
    if len(lines) <= SHOWN:
        return lines
    return lines[:SHOWN] + ["  " + lang.say(joined([more(len(lines) - SHOWN), voice().hints([Action("show-details")])]))]


def _events(report: PeriodReport) -> list[str]:
    return [f"  {event.name}, {report.dates(event)}  [{event.path or ''}]" for event in report.period.events]


def _left_out(report: PeriodReport) -> list[str]:
    return [f"  {d.line(report.basis.lang)}" for d in report.left_out]


def _summary(report: PeriodReport) -> list[str]:
    """The events and what was left out (the first few), how many players get what and the total
    change; each player's line when few (as ``report`` gives a summary on a terminal)."""
    period, rated, unrated, lang = report.period, report.rated, report.unrated, report.basis.lang
    say = lang.say
    published = sum(1 for p in unrated if p.initial.published)
    out = ["", say(msg("Events ({n})", n=len(period.events))),
           *_some(_events(report), lambda n: plural("… and {n} more event(s)", "… and {n} more event(s)", n=n), lang)]
    if report.left_out:
        out += ["", say(msg("Left out ({n})", n=len(report.left_out))),
                *_some(_left_out(report), lambda n: plural("… and {n} more input(s)", "… and {n} more input(s)", n=n), lang)]
    out += ["", say(msg("Rated players {rated} ({games} games): sum change {change:+d}; unrated players {unrated}, "
                        "{published} with a published Ru", rated=len(rated), games=period.games,
                        change=sum(p.change for p in rated), unrated=len(unrated), published=published))]
    if rated and len(rated) + len(unrated) <= SHOWN:
        out += [columns(lang), *(_rated_line(p, lang) for p in rated)]
    if unrated and len(rated) + len(unrated) <= SHOWN:
        out += [_unrated_line(report, p) for p in unrated]
    out += more_on_request(msg("every player and every event"), msg("writes the whole period"), lang)
    return out


def _rated_line(p: PlayerPeriod, lang: Language) -> str:
    number = lang.number
    return (f"{_who(p)} {p.rating:>6} {p.k.marked:>3} {p.n:>3} {number(short_text(p.score)):>5} "
            f"{number(signed(p.change_exact)):>8} {p.change:>+4} {p.new_rating:>5}")


def _unrated_line(report: PeriodReport, p: PlayerPeriod) -> str:
    ini = p.initial
    return f"{_who(p)} {report.pooled(p)}  Ru {'-' if ini.value is None else ini.value}: {report.basis.lang.say(ini.why)}"


def render_text(report: PeriodReport) -> str:
    period, lang = report.period, report.basis.lang
    say = lang.say
    out = [say(msg("FIDE RATING PERIOD: list of {month} (games of {played})", month=period.month,
                   played=period.played)),
           say(msg("Rules:   {edition} ({title})", edition=period.rules.edition.name,
                   title=period.rules.edition.title)), *text_block(report.basis)]
    if report.basis.withheld:
        return "\n".join(out) + "\n"
    if not report.details:
        return "\n".join(out + _summary(report)) + "\n"
    out += ["", say(msg("Events ({n})", n=len(period.events))), *_events(report)]
    if report.left_out:
        out += ["", say(msg("Left out ({n})", n=len(report.left_out))), *_left_out(report)]
    rated = report.rated
    out += ["", say(msg("Rated players ({n}): the changes of all events added, rounded once", n=len(rated))),
            columns(lang)]
    out += [_rated_line(p, lang) for p in rated]
    unrated = report.unrated
    if unrated:
        out += ["", say(msg("Unrated players ({n}): results pooled over the period's events", n=len(unrated)))]
        out += [_unrated_line(report, p) for p in unrated]
    out += ["", say(msg("Per-player detail"))]
    for p in report.players:
        out.extend(_detail(report, p))
    return "\n".join(out) + "\n"
