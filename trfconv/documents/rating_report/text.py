"""The rating report as plain text: the table FIDE's computer-generated report asks for (Ro, K,
Rc, n, W, We, W-We, K(W-We), change, new rating), per-game lines, unrated players with their Ru
and why it is or is not published, players without a rated game with the reason, and totals.

Without ``details`` (the report shown on a terminal) it fits a screen: the header, the basis, how
many players get what and the totals; each player's totals without the games only when the
event is small (:data:`SHOWN_PLAYERS`). Its words and numbers are in the language of the basis
(:attr:`~..basis.Basis.lang`); FIDE's symbols (Ro, K, Rc, n, W, We, Rp, Ru, PD, dR) stay as FIDE
writes them."""

from __future__ import annotations

from fractions import Fraction

from ...messages import Language, msg, plural
from ...numbers import short_text
from ...rules.rating.change import RatedGame
from ..basis import more_on_request, text_block
from ..verdict import finding
from .model import Line, RatingReport, fixed, hundredths, signed

CAPPED = "*"  #: marker of a capped opponent rating, as on FIDE's calculation pages
PROVISIONAL = "Ru"  #: marker of an unrated opponent counted with his Ru (2005 round robin)
#: The most players whose totals a summary lists (an ordinary screen holds a few dozen lines).
SHOWN_PLAYERS = 20


def header(report: RatingReport) -> list[str]:
    """Event, rules and verdict lines."""
    lang = report.basis.lang
    say, number = lang.say, lang.number
    name, place, dates, rounds = report.event_line(lang)
    v = report.verdict
    event = name + (f", {place}" if place else "") + (f", {dates}" if dates else "")
    lines = [say(plural("Event:   {event}, {n} rounds", "Event:   {event}, {n} rounds", n=rounds, event=event)),
             say(msg("Rules:   {edition} ({title})", edition=v.edition.name, title=v.edition.title)),
             say(msg("Verdict: {verdict}, judged as a round robin", verdict=v.decision_text) if v.round_robin
                 else msg("Verdict: {verdict}", verdict=v.decision_text))]
    for f in v.findings:
        lines.append("  " + say(msg("{finding} (event not rateable)", finding=finding(f)) if f.fatal else finding(f)))
    avg = report.rating.round_robin_average
    if avg is not None:
        lines.append(say(msg("Round robin (10.21 b): Rar {rar}, dpa {dpa}, n {n}, Ra {ra_exact} -> {ra}",
                             rar=number(fixed(avg.rar)), dpa=number(fixed(avg.dpa)), n=avg.opponents,
                             ra_exact=number(fixed(avg.ra_exact)), ra=avg.ra)))
    return lines


def opponent_rating(g: RatedGame) -> str:
    """The rating used, with the cap marker and the Ru marker."""
    if not g.capped:
        return f"{g.used_rating}" + (f" {PROVISIONAL}" if g.provisional else "")
    return f"{g.used_rating}{CAPPED} (" + (f"{PROVISIONAL} " if g.provisional else "") + f"{g.opponent_rating})"


def _game(report: RatingReport, g: RatedGame, texts: dict, number=str) -> str:
    """A game line. ``texts`` keeps the text of each opponent and value already written (a
    10,000-player report writes the same few scores, PD and dR values 100,000 times); ``number``
    writes a decimal number in the report's language."""
    who = texts.get(g.opponent)
    if who is None:
        who = texts[g.opponent] = f"{g.opponent:>4} {report.name_of(g.opponent)[:26]:<26}"
    line = f"        r{g.round:<3} {who} {opponent_rating(g):>16} {_once(texts, g.score, short_text, number):>4}"
    if g.expected is not None:
        line += f"  PD {number(hundredths(g.expected))}  dR {_once(texts, g.delta, signed, number)}"
    return line


def _once(texts: dict, value, write, number=str) -> str:
    """``number(write(value))``, computed once per value object (equal values are shared objects)."""
    key = id(value)
    text = texts.get(key)
    if text is None:
        text = texts[key] = number(write(value))
    return text


#: The headings of the players' table that are words (the others are FIDE's symbols).
HEADINGS = {"No": msg("No"), "Name": msg("Name"), "FIDE id": msg("FIDE id"), "Fed": msg("Fed"), "Chg": msg("Chg"),
            "New": msg("New")}


def columns(lang: Language) -> str:
    """The heading line of the players' table."""
    h = {key: lang.say(value) for key, value in HEADINGS.items()}
    return (f"{h['No']:>4} {h['Name']:<28} {h['FIDE id']:>11} {h['Fed']:<3} {'Ro':>5} {'K':>3} {'Rc':>5} {'n':>3} "
            f"{'W':>4} {'We':>6} {'W-We':>6} {'K(W-We)':>8} {h['Chg']:>4} {h['New']:>5} {'Rp':>5}")


def _who(line: Line) -> str:
    p = line.player
    return f"{p.start_number:>4} {p.name[:28]:<28} {p.fide_id or '':>11} {p.federation or '':<3}"


def _rated(report: RatingReport, line: Line, texts: dict) -> list[str]:
    r, lang = line.result, report.basis.lang
    assert r.k is not None and r.delta is not None and r.change_exact is not None
    k, number = r.k.marked, lang.number
    lines = [(f"{_who(line)} {r.rating:>5} {k:>3} {r.rc:>5} {r.n:>3} {number(short_text(r.score)):>4} "
              f"{number(fixed(r.expected)):>6} {number(signed(r.delta)):>6} {number(signed(r.change_exact)):>8} "
              f"{r.change:>+4} {r.new_rating:>5} {r.performance:>5}")]
    lines.extend(_game(report, g, texts, number) for g in r.games)
    lines.append(f"        {lang.say(r.k.note)}")
    return lines


def _unrated(report: RatingReport, line: Line, texts: dict) -> list[str]:
    r, lang = line.result, report.basis.lang
    number = lang.number
    ini = r.initial
    assert ini is not None
    ru = "-" if ini.value is None else str(ini.value)
    detail = f"Rc {ini.rc}"
    if ini.rc_new is not None:
        detail = lang.say(msg("Ra {ra}, Ru {first} -> Rc new {rc_new}", ra=ini.rc, first=ini.first,
                              rc_new=ini.rc_new))
    elif ini.average != ini.rc:
        detail += f", Ra {number(fixed(ini.average))}"
    lines = [f"{_who(line)} n {r.n:>2}  W {number(short_text(r.score)):>4}  {detail}"
             + (f", p {number(fixed(Fraction(ini.p, 100)))} dp {ini.dp}" if ini.p is not None else "")
             + f"  Ru {ru}: {lang.say(ini.why)}"]
    lines.extend(_game(report, g, texts, number) for g in r.games)
    return lines


def _summary(report: RatingReport) -> list[str]:
    """How many players get what and the totals; each player's totals (no games) when few."""
    rated, unrated, none, totals = report.rated, report.unrated, report.without_game, report.rating
    lang = report.basis.lang
    published = sum(1 for line in unrated if line.result.initial.value is not None)
    out = [lang.say(msg("Rated players {rated}: sum change {change:+d}, sum K(W-We) {exact}; unrated players "
                        "{unrated}, {published} with an initial rating; {none} without a rated game",
                        rated=len(rated), change=totals.total_change,
                        exact=lang.number(signed(totals.total_change_exact)), unrated=len(unrated),
                        published=published, none=len(none)))]
    if rated and len(rated) + len(unrated) <= SHOWN_PLAYERS:
        out += ["", columns(lang)]
        out += [_rated(report, line, {})[0] for line in rated]
        out += [_unrated(report, line, {})[0] for line in unrated]
    out += more_on_request(msg("every player and every game"), msg("writes the whole report"), lang)
    return out


def render_text(report: RatingReport) -> str:
    basis, lang = text_block(report.basis), report.basis.lang
    say = lang.say
    title = say(msg("FIDE RATING REPORT"))
    if report.basis.withheld:
        name, *_ = report.event_line(lang)
        return "\n".join([title, say(msg("Event:   {event}", event=name)), *basis]) + "\n"
    out = [title, *header(report), *basis, ""]
    if not report.details:
        return "\n".join(out + _summary(report)) + "\n"
    texts: dict = {}
    rated, totals, number = report.rated, report.rating, lang.number
    out.append(say(msg("Rated players ({n}); K? = K inferred from the rules (see the K line); {capped} = rating "
                       "capped; {provisional} = unrated opponent's Ru", n=len(rated), capped=CAPPED,
                       provisional=PROVISIONAL)))
    out.append(columns(lang))
    for line in rated:
        out.extend(_rated(report, line, texts))
    totals_word = say(msg("Totals"))
    out.append(f"{totals_word:>33} {'':>33} " + say(msg(
        "sum W-We {delta}  sum K(W-We) {exact}  sum change {change:+d}", delta=number(signed(totals.total_delta)),
        exact=number(signed(totals.total_change_exact)), change=totals.total_change)))
    unrated = report.unrated
    if unrated:
        out += ["", say(msg("Unrated players ({n})", n=len(unrated)))]
        for line in unrated:
            out.extend(_unrated(report, line, texts))
    none = report.without_game
    if none:
        out += ["", say(msg("Players without a rated game ({n})", n=len(none)))]
        unrated_word = say(msg("unrated"))
        out.extend(f"{_who(line)} {line.result.rating or unrated_word:>7}  {say(line.result.reason)}" for line in none)
    return "\n".join(out) + "\n"
