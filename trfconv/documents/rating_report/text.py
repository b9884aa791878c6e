"""The rating report as plain text: the table FIDE's computer-generated report asks for (Ro, K,
Rc, n, W, We, W-We, K(W-We), change, new rating), per-game lines, unrated players with their Ru
and why it is or is not published, players without a rated game with the reason, and totals.

Without ``details`` (the report shown on a terminal) it fits a screen: the header, the basis, how
many players get what and the totals; each player's totals without the games only when the
event is small (:data:`SHOWN_PLAYERS`)."""

from __future__ import annotations

from fractions import Fraction

from ...numbers import short_text
from ...rules.rating.change import RatedGame
from ..basis import more_on_request, text_block
from .model import Line, RatingReport, fixed, hundredths, signed

CAPPED = "*"  #: marker of a capped opponent rating, as on FIDE's calculation pages
PROVISIONAL = "Ru"  #: marker of an unrated opponent counted with his Ru (2005 round robin)
#: The most players whose totals a summary lists (an ordinary screen holds a few dozen lines).
SHOWN_PLAYERS = 20


def header(report: RatingReport) -> list[str]:
    """Event, rules and verdict lines."""
    name, place, dates, rounds = report.event_line()
    v = report.verdict
    lines = [f"Event:   {name}" + (f", {place}" if place else "") + (f", {dates}" if dates else "")
             + f", {rounds} rounds",
             f"Rules:   {v.edition.name} ({v.edition.title})",
             f"Verdict: {v.decision_text}" + (", judged as a round robin" if v.round_robin else "")]
    for f in v.findings:
        lines.append(f"  {f.code}: {f.message}" + (" (event not rateable)" if f.fatal else ""))
    avg = report.rating.round_robin_average
    if avg is not None:
        lines.append(f"Round robin (10.21 b): Rar {fixed(avg.rar)}, dpa {fixed(avg.dpa)}, n {avg.opponents}, "
                     f"Ra {fixed(avg.ra_exact)} -> {avg.ra}")
    return lines


def opponent_rating(g: RatedGame) -> str:
    """The rating used, with the cap marker and the Ru marker."""
    if not g.capped:
        return f"{g.used_rating}" + (f" {PROVISIONAL}" if g.provisional else "")
    return f"{g.used_rating}{CAPPED} (" + (f"{PROVISIONAL} " if g.provisional else "") + f"{g.opponent_rating})"


def _game(report: RatingReport, g: RatedGame, texts: dict) -> str:
    """A game line. ``texts`` keeps the text of each opponent and value already written (a
    10,000-player report writes the same few scores, PD and dR values 100,000 times)."""
    who = texts.get(g.opponent)
    if who is None:
        who = texts[g.opponent] = f"{g.opponent:>4} {report.name_of(g.opponent)[:26]:<26}"
    line = f"        r{g.round:<3} {who} {opponent_rating(g):>16} {_once(texts, g.score, short_text):>4}"
    if g.expected is not None:
        line += f"  PD {hundredths(g.expected)}  dR {_once(texts, g.delta, signed)}"
    return line


def _once(texts: dict, value, write) -> str:
    """``write(value)``, computed once per value object (equal values are shared objects)."""
    key = id(value)
    text = texts.get(key)
    if text is None:
        text = texts[key] = write(value)
    return text


COLUMNS = (f"{'No':>4} {'Name':<28} {'FIDE id':>11} {'Fed':<3} {'Ro':>5} {'K':>3} {'Rc':>5} {'n':>3} "
           f"{'W':>4} {'We':>6} {'W-We':>6} {'K(W-We)':>8} {'Chg':>4} {'New':>5} {'Rp':>5}")


def _who(line: Line) -> str:
    p = line.player
    return f"{p.start_number:>4} {p.name[:28]:<28} {p.fide_id or '':>11} {p.federation or '':<3}"


def _rated(report: RatingReport, line: Line, texts: dict) -> list[str]:
    r = line.result
    assert r.k is not None and r.delta is not None and r.change_exact is not None
    k = r.k.marked
    lines = [(f"{_who(line)} {r.rating:>5} {k:>3} {r.rc:>5} {r.n:>3} {short_text(r.score):>4} {fixed(r.expected):>6} "
              f"{signed(r.delta):>6} {signed(r.change_exact):>8} {r.change:>+4} {r.new_rating:>5} {r.performance:>5}")]
    lines.extend(_game(report, g, texts) for g in r.games)
    lines.append(f"        {r.k.note}")
    return lines


def _unrated(report: RatingReport, line: Line, texts: dict) -> list[str]:
    r = line.result
    ini = r.initial
    assert ini is not None
    ru = "-" if ini.value is None else str(ini.value)
    detail = f"Rc {ini.rc}"
    if ini.rc_new is not None:
        detail = f"Ra {ini.rc}, Ru {ini.first} -> Rc new {ini.rc_new}"
    elif ini.average != ini.rc:
        detail += f", Ra {fixed(ini.average)}"
    lines = [f"{_who(line)} n {r.n:>2}  W {short_text(r.score):>4}  {detail}"
             + (f", p {fixed(Fraction(ini.p, 100))} dp {ini.dp}" if ini.p is not None else "")
             + f"  Ru {ru}: {ini.why}"]
    lines.extend(_game(report, g, texts) for g in r.games)
    return lines


def _summary(report: RatingReport) -> list[str]:
    """How many players get what and the totals; each player's totals (no games) when few."""
    rated, unrated, none, totals = report.rated, report.unrated, report.without_game, report.rating
    published = sum(1 for line in unrated if line.result.initial.value is not None)
    out = [f"Rated players {len(rated)}: sum change {totals.total_change:+d}, sum K(W-We) "
           f"{signed(totals.total_change_exact)}; unrated players {len(unrated)}, {published} with an initial rating; "
           f"{len(none)} without a rated game"]
    if rated and len(rated) + len(unrated) <= SHOWN_PLAYERS:
        out += ["", COLUMNS]
        out += [_rated(report, line, {})[0] for line in rated]
        out += [_unrated(report, line, {})[0] for line in unrated]
    out += more_on_request("every player and every game", "writes the whole report")
    return out


def render_text(report: RatingReport) -> str:
    basis = text_block(report.basis)
    if report.basis.withheld:
        name, *_ = report.event_line()
        return "\n".join(["FIDE RATING REPORT", f"Event:   {name}", *basis]) + "\n"
    out = ["FIDE RATING REPORT", *header(report), *basis, ""]
    if not report.details:
        return "\n".join(out + _summary(report)) + "\n"
    texts: dict = {}
    rated, totals = report.rated, report.rating
    out.append(f"Rated players ({len(rated)}); K? = K inferred from the rules (see the K line); "
               f"{CAPPED} = rating capped; {PROVISIONAL} = unrated opponent's Ru")
    out.append(COLUMNS)
    for line in rated:
        out.extend(_rated(report, line, texts))
    out.append(f"{'Totals':>33} {'':>33} sum W-We {signed(totals.total_delta)}  "
               f"sum K(W-We) {signed(totals.total_change_exact)}  sum change {totals.total_change:+d}")
    unrated = report.unrated
    if unrated:
        out += ["", f"Unrated players ({len(unrated)})"]
        for line in unrated:
            out.extend(_unrated(report, line, texts))
    none = report.without_game
    if none:
        out += ["", f"Players without a rated game ({len(none)})"]
        out.extend(f"{_who(line)} {line.result.rating or 'unrated':>7}  {line.result.reason}" for line in none)
    return "\n".join(out) + "\n"
