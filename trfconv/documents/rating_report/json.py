"""The rating report as JSON (``"schema": 1``): every number of the text report, per-game detail
included. Exact values are written as decimal strings (``"0.72"``), never as floats; averages that
have no finite decimal form are written as FIDE prints them (two decimals, or whole for Rc)."""

from __future__ import annotations

import json
from fractions import Fraction

from ...dates import as_text
from ...numbers import short_text
from ...rules.rating.change import RatedGame
from ...rules.rating.event import InitialRating
from ..basis import json_fields
from .model import Line, RatingReport, fixed, hundredths

SCHEMA = 1


def _game(report: RatingReport, g: RatedGame) -> dict:
    return {
        "round": g.round, "opponent": g.opponent, "opponent_name": report.name_of(g.opponent),
        "opponent_rating": g.opponent_rating, "provisional": g.provisional,
        "used_rating": g.used_rating, "capped": g.capped, "score": short_text(g.score),
        "pd": None if g.expected is None else hundredths(g.expected),
        "delta": None if g.delta is None else fixed(g.delta),
    }


def _initial(i: InitialRating | None) -> dict | None:
    if i is None:
        return None
    return {"rc": i.rc, "average": fixed(i.average), "p": None if i.p is None else fixed(Fraction(i.p, 100)),
            "dp": i.dp, "first": i.first, "rc_new": i.rc_new, "ru": i.value, "published": i.published,
            "why": i.why}


def _player(report: RatingReport, line: Line) -> dict:
    p, r = line.player, line.result
    k = None if r.k is None else {"value": r.k.k, "source": r.k.source, "before_cap": r.k.before_cap,
                                  "assumptions": list(r.k.assumptions)}
    return {
        "start_number": p.start_number, "name": p.name, "fide_id": p.fide_id, "federation": p.federation,
        "rating": r.rating, "outcome": r.gets.value, "k": k, "rc": r.rc, "n": r.n, "w": short_text(r.score),
        "we": None if r.expected is None else fixed(r.expected),
        "w_we": None if r.delta is None else fixed(r.delta),
        "k_w_we": None if r.change_exact is None else fixed(r.change_exact),
        "change": r.change, "new_rating": r.new_rating, "performance": r.performance,
        "initial": _initial(r.initial), "reason": r.reason, "games": [_game(report, g) for g in r.games],
    }


def report_dict(report: RatingReport) -> dict:
    e, v, rating = report.tournament.event, report.verdict, report.rating
    if report.basis.withheld:
        return {"schema": SCHEMA, "file": report.basis.file, **json_fields(report.basis)}
    avg = rating.round_robin_average
    return {
        "schema": SCHEMA,
        "file": report.basis.file,
        **json_fields(report.basis),
        "event": {"name": e.name or "", "city": e.city, "federation": e.federation,
                  "start": as_text(e.start_date), "end": as_text(e.end_date), "rounds": report.tournament.rounds},
        "rules": {"edition": v.edition.name, "title": v.edition.title},
        "verdict": {"decision": v.decision.value, "decision_text": v.decision_text, "round_robin": v.round_robin,
                    "findings": [{"code": f.code, "article": f.article, "message": f.message, "fatal": f.fatal}
                                 for f in v.findings]},
        "round_robin": None if avg is None else {
            "rar": fixed(avg.rar), "dpa": fixed(avg.dpa), "n": avg.opponents, "ra": avg.ra,
            "ra_exact": fixed(avg.ra_exact)},
        "players": [_player(report, line) for line in report.lines],
        "totals": {"w_we": fixed(rating.total_delta), "k_w_we": fixed(rating.total_change_exact),
                   "change": rating.total_change},
        "diagnostics": [d.as_dict() for d in report.diagnostics],
    }


def render_json(report: RatingReport) -> str:
    return json.dumps(report_dict(report), ensure_ascii=False, indent=1) + "\n"
