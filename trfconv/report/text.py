"""The rating report as plain text: the table FIDE's computer-generated report asks for (Ro, K,
Rc, n, W, We, W-We, K(W-We), change, new rating), per-game lines, unrated players with their Ru
and why it is or is not published, players without a rated game with the reason, and totals."""

from __future__ import annotations

from fractions import Fraction

from ..numbers import short_text
from .model import GameLine, PlayerLine, RatingReport, fixed, signed

CAPPED = "*"  #: marker of a capped opponent rating, as on FIDE's calculation pages
PROVISIONAL = "Ru"  #: marker of an unrated opponent counted with his Ru (2005 round robin)


def header(report: RatingReport) -> list[str]:
    """Event, rules and verdict lines (shared with the CSV writer's comment lines)."""
    place = ", ".join(x for x in (report.city, report.federation) if x)
    dates = " to ".join(x for x in (report.start, report.end) if x)
    lines = [f"Event:   {report.event}" + (f", {place}" if place else "") + (f", {dates}" if dates else "")
             + f", {report.rounds} rounds",
             f"Rules:   {report.edition} ({report.edition_title})",
             f"Verdict: {report.decision}" + (", judged as a round robin" if report.round_robin else "")]
    for f in report.findings:
        lines.append(f"  {f.code}: {f.message}" + (" (event not rateable)" if f.fatal else ""))
    avg = report.round_robin_average
    if avg is not None:
        lines.append(f"Round robin (10.21 b): Rar {fixed(avg.rar)}, dpa {fixed(avg.dpa)}, n {avg.opponents}, "
                     f"Ra {fixed(avg.ra_exact)} -> {avg.ra}")
    return lines


def opponent_rating(g: GameLine) -> str:
    """The rating used, with the cap marker and the Ru marker."""
    if not g.capped:
        return f"{g.used_rating}" + (f" {PROVISIONAL}" if g.provisional else "")
    return f"{g.used_rating}{CAPPED} (" + (f"{PROVISIONAL} " if g.provisional else "") + f"{g.opponent_rating})"


def points(value: Fraction) -> str:
    return short_text(value)


def _game(g: GameLine) -> str:
    line = f"        r{g.round:<3} {g.opponent:>4} {g.opponent_name[:26]:<26} {opponent_rating(g):>16} {points(g.score):>4}"
    if g.expected is not None:
        line += f"  PD {fixed(Fraction(g.expected, 100))}  dR {signed(g.delta)}"
    return line


COLUMNS = (f"{'No':>4} {'Name':<28} {'FIDE id':>11} {'Fed':<3} {'Ro':>5} {'K':>3} {'Rc':>5} {'n':>3} "
           f"{'W':>4} {'We':>6} {'W-We':>6} {'K(W-We)':>8} {'Chg':>4} {'New':>5} {'Rp':>5}")


def _rated(p: PlayerLine) -> list[str]:
    assert p.k is not None and p.delta is not None and p.change_exact is not None
    k = f"{p.k.k}{'?' if p.k.inferred else ''}"
    lines = [(f"{p.start_number:>4} {p.name[:28]:<28} {p.fide_id or '':>11} {p.federation or '':<3} {p.rating:>5} "
             f"{k:>3} {p.rc:>5} {p.n:>3} {points(p.score):>4} {fixed(p.expected):>6} {signed(p.delta):>6} "
             f"{signed(p.change_exact):>8} {p.change:>+4} {p.new_rating:>5} {p.performance:>5}")]
    lines.extend(_game(g) for g in p.games)
    lines.append(f"        {p.k.note}")
    return lines


def _unrated(p: PlayerLine) -> list[str]:
    ini = p.initial
    assert ini is not None
    ru = "-" if ini.value is None else str(ini.value)
    detail = f"Rc {ini.rc}"
    if ini.rc_new is not None:
        detail = f"Ra {ini.rc}, Ru {ini.first} -> Rc new {ini.rc_new}"
    elif ini.average != ini.rc:
        detail += f", Ra {fixed(ini.average)}"
    lines = [f"{p.start_number:>4} {p.name[:28]:<28} {p.fide_id or '':>11} {p.federation or '':<3} "
             f"n {p.n:>2}  W {points(p.score):>4}  {detail}"
             + (f", p {fixed(Fraction(ini.p, 100))} dp {ini.dp}" if ini.p is not None else "")
             + f"  Ru {ru}: {ini.why}"]
    lines.extend(_game(g) for g in p.games)
    return lines


def render_text(report: RatingReport) -> str:
    out = ["FIDE RATING REPORT", *header(report), ""]
    rated = report.rated_lines
    out.append(f"Rated players ({len(rated)}); K? = K inferred from the rules (see the K line); "
               f"{CAPPED} = rating capped; {PROVISIONAL} = unrated opponent's Ru")
    out.append(COLUMNS)
    for p in rated:
        out.extend(_rated(p))
    out.append(f"{'Totals':>33} {'':>33} sum W-We {signed(report.total_delta)}  "
               f"sum K(W-We) {signed(report.total_change_exact)}  sum change {report.total_change:+d}")
    unrated = [p for p in report.players if p.initial is not None]
    if unrated:
        out += ["", f"Unrated players ({len(unrated)})"]
        for p in unrated:
            out.extend(_unrated(p))
    none = [p for p in report.players if p.change is None and p.initial is None]
    if none:
        out += ["", f"Players without a rated game ({len(none)})"]
        out.extend(f"{p.start_number:>4} {p.name[:28]:<28} {p.fide_id or '':>11} {p.federation or '':<3} "
                   f"{p.rating or 'unrated':>7}  {p.reason}" for p in none)
    return "\n".join(out) + "\n"
