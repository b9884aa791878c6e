"""The rating report as JSON (``"schema": 1``): every number of the text report, per-game detail
included. Exact values are written as decimal strings (``"0.72"``), never as floats; averages that
have no finite decimal form are written as FIDE prints them (two decimals, or whole for Rc)."""

from __future__ import annotations

import json
from fractions import Fraction

from ..numbers import short_text
from .model import GameLine, InitialLine, PlayerLine, RatingReport, fixed

SCHEMA = 1


def _game(g: GameLine) -> dict:
    return {
        "round": g.round, "opponent": g.opponent, "opponent_name": g.opponent_name,
        "opponent_rating": g.opponent_rating, "provisional": g.provisional,
        "used_rating": g.used_rating, "capped": g.capped, "score": short_text(g.score),
        "pd": None if g.expected is None else fixed(Fraction(g.expected, 100)),
        "delta": None if g.delta is None else fixed(g.delta),
    }


def _initial(i: InitialLine | None) -> dict | None:
    if i is None:
        return None
    return {"rc": i.rc, "average": fixed(i.average), "p": None if i.p is None else fixed(Fraction(i.p, 100)),
            "dp": i.dp, "first": i.first, "rc_new": i.rc_new, "ru": i.value, "published": i.published,
            "why": i.why}


def _player(p: PlayerLine) -> dict:
    k = None if p.k is None else {"value": p.k.k, "source": p.k.source, "before_cap": p.k.before_cap,
                                  "assumptions": list(p.k.assumptions)}
    return {
        "start_number": p.start_number, "name": p.name, "fide_id": p.fide_id, "federation": p.federation,
        "rating": p.rating, "outcome": p.outcome, "k": k, "rc": p.rc, "n": p.n, "w": short_text(p.score),
        "we": None if p.expected is None else fixed(p.expected),
        "w_we": None if p.delta is None else fixed(p.delta),
        "k_w_we": None if p.change_exact is None else fixed(p.change_exact),
        "change": p.change, "new_rating": p.new_rating, "performance": p.performance,
        "initial": _initial(p.initial), "reason": p.reason, "games": [_game(g) for g in p.games],
    }


def report_dict(report: RatingReport) -> dict:
    avg = report.round_robin_average
    return {
        "schema": SCHEMA,
        "event": {"name": report.event, "city": report.city, "federation": report.federation,
                  "start": report.start, "end": report.end, "rounds": report.rounds},
        "rules": {"edition": report.edition, "title": report.edition_title},
        "verdict": {"decision": report.decision, "round_robin": report.round_robin,
                    "findings": [{"code": f.code, "article": f.article, "message": f.message, "fatal": f.fatal}
                                 for f in report.findings]},
        "round_robin": None if avg is None else {
            "rar": fixed(avg.rar), "dpa": fixed(avg.dpa), "n": avg.opponents, "ra": avg.ra,
            "ra_exact": fixed(avg.ra_exact)},
        "players": [_player(p) for p in report.players],
        "totals": {"w_we": fixed(report.total_delta), "k_w_we": fixed(report.total_change_exact),
                   "change": report.total_change},
        "diagnostics": [d.as_dict() for d in report.diagnostics],
    }


def render_json(report: RatingReport) -> str:
    return json.dumps(report_dict(report), ensure_ascii=False, indent=1) + "\n"
