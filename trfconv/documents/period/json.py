"""The rating period as JSON (``"schema": 1``): the events, and per player the period's numbers
with each event's games and unrounded change. Exact values are decimal strings (``"0.60"``)."""

from __future__ import annotations

import json

from ...dates import as_text
from ...numbers import short_text
from ...rules.rating.period import PlayerEvent, PlayerPeriod
from ..basis import json_fields
from ..rating_report.model import hundredths
from .model import PeriodReport, fixed

SCHEMA = 1


def _part(report: PeriodReport, part: PlayerEvent) -> dict:
    event = report.event(part)
    return {"event": part.event, "name": event.name, "start_number": part.start_number, "rating": part.rating,
            "counted": part.counted, "note": part.note, "n": part.n, "w": short_text(part.score),
            "we": None if part.expected is None else fixed(part.expected),
            "w_we": None if part.delta is None else fixed(part.delta),
            "change_exact": None if part.change_exact is None else fixed(part.change_exact),
            "games": [{"round": g.round, "opponent": g.opponent, "used_rating": g.used_rating, "capped": g.capped,
                       "score": short_text(g.score), "pd": None if g.expected is None else hundredths(g.expected),
                       "delta": None if g.delta is None else fixed(g.delta)} for g in part.games]}


def _player(report: PeriodReport, p: PlayerPeriod) -> dict:
    ini = p.initial
    return {"fide_id": p.player.fide_id, "key": p.key, "name": p.player.name, "federation": p.player.federation,
            "outcome": p.gets.value, "reason": p.reason, "rating": p.rating, "rating_source": p.rating_source or None,
            "k": None if p.k is None else {"value": p.k.k, "source": p.k.source, "before_cap": p.k.before_cap,
                                           "assumptions": list(p.k.assumptions)},
            "n": p.n, "w": short_text(p.score),
            "change_exact": None if p.change_exact is None else fixed(p.change_exact), "change": p.change,
            "new_rating": p.new_rating,
            "next_k": None if p.next_k is None else {"value": p.next_k[0], "why": p.next_k[1]},
            "initial": None if ini is None else {"n": ini.games, "w": short_text(ini.score), "rc": p.rc,
                                                 "average": fixed(ini.average),
                                                 "p": None if ini.p is None else hundredths(ini.p), "dp": ini.dp,
                                                 "ru": ini.value, "published": ini.published, "why": ini.why},
            "earlier": [{"list": g.month, "event": g.event, "used_rating": g.opponent_rating,
                         "score": short_text(g.score)} for g in p.earlier],
            "events": [_part(report, part) for part in p.events]}


def render_json(report: PeriodReport) -> str:
    period = report.period
    data = {"schema": SCHEMA, "file": report.basis.file, **json_fields(report.basis),
            "period": {"list": period.month, "games_of": period.played, "rules": period.rules.edition.name}}
    if not report.basis.withheld:
        data["events"] = [{"name": e.name, "path": e.path, "start": as_text(e.start_date),
                           "end": as_text(e.end_date),
                           "rounds": None if e.rounds is None else sorted(e.rounds)} for e in period.events]
        data["left_out"] = [d.as_dict() for d in report.left_out]
        data["players"] = [_player(report, p) for p in report.players]
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
