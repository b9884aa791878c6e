"""The norms document as JSON (``"schema": 1``, documented in ``docs/reference/json.md``)."""

from __future__ import annotations

import json

from ...dates import as_text
from ...numbers import short_text
from ...rules.norms.evaluate import TitleNorm
from ...rules.norms.forecast import TitleForecast
from ..basis import json_fields, json_withheld
from .arbiters import arbiter_json
from .model import NormsReport


def render_json(report: NormsReport) -> str:
    if report.basis.withheld:
        return json_withheld(report.basis)
    r, e = report.result, report.tournament.event
    data = {
        "schema": 1, "file": report.basis.file, **json_fields(report.basis),
        "event": {"name": e.name, "start": as_text(e.start_date), "end": as_text(e.end_date),
                  "rounds": r.context.rounds, "kind": r.kind},
        "rules": r.edition.name, "opponents_from": r.opponents_from, "score_reading": r.context.reading("score"),
        "readings": {name: {"article": x.article, "question": x.question, "applied": r.context.reading(name),
                            "default": x.default, "why": x.why, "choices": x.choices}
                     for name, x in r.rules.readings.items()},
        "not_in_file": sorted(r.context.unknown),
        "progress": None if r.progress is None else {"finished": r.progress.finished, "rounds": r.progress.rounds,
                                                     "declared": r.progress.declared,
                                                     "standing_after": r.progress.standing_after,
                                                     "summary": r.progress.summary()},
        "exemption": r.context.exemption, "event_type": r.context.event_type, "possible": r.possible,
        "players": [{"start_number": p.person.start_number, "name": p.person.name, "fide_id": p.person.fide_id,
                     "federation": p.person.federation, "titles": sorted(p.person.titles), "rating": p.person.rating,
                     "woman": p.person.woman, "norms": [_norm(n) for n in p.results]}
                    for p in r.players],
        "verdict": report.verdict(),
    }
    c = r.conditions
    if c is not None:
        data["conditions"] = {
            "requirements": [{"article": q.article, "rule": q.rule, "value": q.value, "ok": q.ok, "checked": q.known}
                             for q in c.requirements],
            "foreign_swiss": [{"round": x.round, "counted": list(x.counted), "federations": x.federations,
                               "titled": x.titled, "ok": x.ok} for x in c.foreign],
            "presence": [{"round": x.round, "participants": x.participants, "average_all": x.average_all,
                          "average_top": x.average_top} for x in c.presence]}
    if r.arbiters is not None:
        data["arbiters"] = arbiter_json(r.arbiters)
    if r.played is not None:
        data["forecast"] = {"played": r.played, "players": [
            {"start_number": f.person.start_number, "titles": [_forecast(x) for x in f.titles]} for f in r.forecasts]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _forecast(f: TitleForecast) -> dict:
    return {"title": f.title, "made": f.made is not None, "games": f.games, "score": short_text(f.score),
            "remaining": f.remaining, "final_games": f.final_games, "must_play": f.must_play,
            "paired": [{"round": g.round, "opponent": g.opponent, "rating": g.rating} for g in f.paired],
            "needs": [{"rating": n.rating, "points": None if n.points is None else short_text(n.points)}
                      for n in f.needs],
            "mix": list(f.mix), "reachable": f.reachable}


def _norm(n: TitleNorm, alternative: bool = False) -> dict:
    data = {
        "title": n.title, "status": n.status, "achieved": n.made, "games": n.games,
        "credited_games": n.credited_games, "score": short_text(n.score),
        "required_score": None if n.required_score is None else short_text(n.required_score),
        "ra": n.ra, "rp": n.rp, "p": n.p, "dp": n.dp, "raised_opponent": n.raised, "route": n.route,
        "kept_rounds": [g.round for g in n.kept], "dropped_rounds": list(n.dropped_rounds),
        "dropped": [{"round": d.round, "opponent": d.opponent, "article": d.article} for d in n.dropped],
        "forfeit_counted": [g.round for g in n.kept if g.forfeit],
        "pending_rounds": list(n.pending), "not_checked": [q.article for q in n.unchecked],
        "near_miss": [{"article": q.article, "rule": q.rule, "short": q.short} for q in n.near_miss],
        "requirements": [{"article": q.article, "rule": q.rule, "value": q.value, "ok": q.ok, "checked": q.known,
                          "short": q.short} for q in n.requirements],
    }
    if not alternative:
        data["readings"] = [{"reading": a.name, "choice": a.choice, "result": _norm(a.norm, True)}
                            for a in n.alternatives]
    return data
