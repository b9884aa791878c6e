"""The rateability verdict as a person reads it (text) and as programs read it (JSON)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..model import Tournament
from ..numbers import short_text
from ..rules.rateability.verdict import GameVerdict, Verdict


@dataclass(frozen=True)
class VerdictReport:
    """The verdict on one file."""

    file: str | None
    tournament: Tournament
    verdict: Verdict


def render_text(report: VerdictReport) -> str:
    return "\n".join([f"{'file':<12}{report.file}", *text_lines(report.verdict, report.tournament)]) + "\n"


def render_json(report: VerdictReport) -> str:
    data = {"schema": 1, "file": report.file, **as_dict(report.verdict, report.tournament)}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def as_dict(v: Verdict, t: Tournament) -> dict:
    """The verdict for ``validate --json`` (schema 1, documented in the README)."""
    names = {p.start_number: p.name for p in t.players}
    return {
        "rules": v.edition.name,
        "rules_title": v.edition.title,
        "decision": v.decision.value,
        "rateable": v.rateable,
        "event_kind": v.event_kind,
        "round_robin": v.round_robin,
        "rating_list": v.rating_list,
        "minutes_for_60_moves": None if v.minutes is None else short_text(v.minutes),
        "findings": [{"code": f.code, "article": f.article, "message": f.message, "fatal": f.fatal,
                      "rounds": list(f.rounds), "players": list(f.players)} for f in v.findings],
        "games_not_rated": [_game_dict(g) for g in not_rated(v)],
        "players": [{
            "start_number": p.start_number, "name": names.get(p.start_number, ""), "rating": p.rating,
            "outcome": p.gets.value, "reason": p.reason, "rated_games": len(p.counted_games),
            "rated_opponents": p.rated_opponents,
        } for p in v.players],
        "diagnostics": [d.as_dict() for d in v.diagnostics],
    }


def not_rated(v: Verdict) -> list[GameVerdict]:
    """Every player's rounds with an opponent that do not count for that player, round by round."""
    return sorted((g for p in v.players for g in p.games if not g.counts), key=lambda g: (g.round, g.player))


def text_lines(v: Verdict, t: Tournament) -> list[str]:
    names = {p.start_number: p.name for p in t.players}
    lines = [
        f"{'rules':<12}{v.edition.name}: {v.edition.title}",
        f"{'event':<12}{v.event_kind}; {v.rating_list}"
        + ("" if v.minutes is None else f", {short_text(v.minutes)} min per player for 60 moves"),
        f"{'verdict':<12}{v.decision.value.upper()}",
    ]
    for f in v.findings:
        lines.append(f"  {'✗' if f.fatal else '!'} {f.code}: {f.message}")
    missed = not_rated(v)
    if missed:
        lines.append("")
        lines.append(f"games not rated for a player ({len(missed)}):")
        for g in missed:
            score = "" if g.score is None else f" ({short_text(g.score)})"
            opponent = "" if g.opponent is None else f" vs {g.opponent} {names.get(g.opponent, '')}"
            lines.append(f"  round {g.round:>2}: {g.player} {names.get(g.player, '')}{opponent}{score}: "
                         + "; ".join(r.value for r in g.reasons))
    lines.append("")
    lines.append(f"{'no':>4}  {'name':<30} {'rating':>6} {'games':>5} {'rated opp':>9}  gets")
    for p in v.players:
        lines.append(f"{p.start_number:>4}  {names.get(p.start_number, '')[:30]:<30} {p.rating or '-':>6} "
                     f"{len(p.counted_games):>5} {p.rated_opponents:>9}  {p.gets.value}"
                     + (f" ({p.reason})" if p.reason else ""))
    return lines


def _game_dict(g: GameVerdict) -> dict:
    return {"round": g.round, "player": g.player, "opponent": g.opponent,
            "score": None if g.score is None else short_text(g.score),
            "reasons": [r.name.lower() for r in g.reasons]}
