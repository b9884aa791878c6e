"""The rateability verdict as a person reads it (text) and as programs read it (JSON).

The text fits a screen for an ordinary event: the file, the errors and caveats it rests on
(:mod:`.basis`), the rules, the event, the findings with their articles, what the players get
and how many results count, and the verdict last. ``details`` adds each player and each game
that does not count for one of its players (each game once, with what it means for each side).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from ..actions import Action, voice
from ..model import Tournament
from ..numbers import short_text
from ..rules.rateability.verdict import GameVerdict, Gets, Verdict
from .basis import Basis, json_fields, json_withheld, text_block


@dataclass(frozen=True)
class VerdictReport:
    """The verdict on one file, what it rests on, and how much to show."""

    basis: Basis
    tournament: Tournament
    verdict: Verdict
    details: bool = False


def render_text(report: VerdictReport) -> str:
    t, v, basis = report.tournament, report.verdict, report.basis
    s = t.source
    lines = [f"{'file':<12}{basis.file} ({s.version or s.format}, {len(t.players)} players, {t.rounds} rounds)"]
    lines += text_block(basis)
    if basis.withheld:
        lines.append(f"{'verdict':<12}NOT JUDGED: the file has errors")
        return "\n".join(lines) + "\n"
    lines += [
        f"{'rules':<12}{v.edition.name}: {v.edition.title}",
        f"{'event':<12}{v.event_kind}; {v.rating_list}"
        + ("" if v.minutes is None else f", {short_text(v.minutes)} min per player for 60 moves"),
    ]
    if v.findings:
        lines.append(f"findings ({len(v.findings)}):")
        lines += [f"  {'✗' if f.fatal else '!'} {f.code}: {f.message}" for f in v.findings]
    gets = Counter(p.gets for p in v.players)
    lines.append(f"{'players':<12}{len(v.players)}: {gets[Gets.CHANGE]} get a rating change, "
                 f"{gets[Gets.INITIAL]} an initial rating, {gets[Gets.NOTHING]} nothing")
    counted = sum(len(p.counted_games) for p in v.players)
    missed = not_rated(v)
    lines.append(f"{'results':<12}{counted} count for a player's rating, {len(missed)} do not"
                 + ("" if report.details or not missed else voice().hints([Action("show-details", purpose="lists them")])))
    lines.append(f"{'noticed':<12}{basis.summary()} (trfconv check lists them)")
    if report.details:
        lines += _details(v, t, missed)
    defect = " (rests on a defective file)" if basis.defective else ""
    lines.append(f"{'verdict':<12}{v.decision.value.upper()}{v.notes}{defect}")
    return "\n".join(lines) + "\n"


def render_json(report: VerdictReport) -> str:
    if report.basis.withheld:
        return json_withheld(report.basis)
    data = {"schema": 1, "file": report.basis.file, **json_fields(report.basis),
            **as_dict(report.verdict, report.tournament)}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def as_dict(v: Verdict, t: Tournament) -> dict:
    """The verdict for ``validate --json`` (schema 1, documented in ``docs/reference/json.md``)."""
    names = {p.start_number: p.name for p in t.players}
    return {
        "rules": v.edition.name,
        "rules_title": v.edition.title,
        "decision": v.decision.value,
        "decision_text": v.decision_text,
        "text_in_force_modelled": v.not_modelled_from is None,
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


def _details(v: Verdict, t: Tournament, missed: list[GameVerdict]) -> list[str]:
    """Each game that does not count for one of its players, once, then each player."""
    names = {p.start_number: p.name for p in t.players}
    lines = []
    if missed:
        lines += ["", f"games not counted for a player ({len(_by_game(missed))}):"]
        for (r, low, high), sides in _by_game(missed).items():
            score = "" if sides[0].score is None else f" ({_result(sides, low)})"
            opponent = f" vs {high} {names.get(high, '')}" if high is not None else ""
            why = "; ".join(f"for {g.player}: " + ", ".join(x.value for x in g.reasons) for g in sides) \
                if len(sides) > 1 else "; ".join(x.value for x in sides[0].reasons) + \
                (f" (for {sides[0].player} only)" if high is not None else "")
            lines.append(f"  round {r:>2}: {low} {names.get(low, '')}{opponent}{score}: {why}")
    lines += ["", f"{'no':>4}  {'name':<30} {'rating':>6} {'games':>5} {'rated opp':>9}  gets"]
    for p in v.players:
        lines.append(f"{p.start_number:>4}  {names.get(p.start_number, '')[:30]:<30} {p.rating or '-':>6} "
                     f"{len(p.counted_games):>5} {p.rated_opponents:>9}  {p.gets.value}"
                     + (f" ({p.reason})" if p.reason else ""))
    lines.append("")
    return lines


def _by_game(missed: list[GameVerdict]) -> dict[tuple, list[GameVerdict]]:
    """The rounds not counted, by game: (round, lower number, higher number) -> its sides."""
    games: dict[tuple, list[GameVerdict]] = {}
    for g in missed:
        pair = (g.player,) if g.opponent is None else tuple(sorted((g.player, g.opponent)))
        games.setdefault((g.round, pair[0], pair[1] if len(pair) > 1 else None), []).append(g)
    return games


def _result(sides: list[GameVerdict], low: int) -> str:
    """The game's result from the lower-numbered player's side: ``1-0``, ``½-½``, ``0-1``."""
    mine = next((g.score for g in sides if g.player == low), None)
    if mine is None:
        mine = 1 - sides[0].score
    return {1: "1-0", 0: "0-1"}.get(mine, "½-½")


def _game_dict(g: GameVerdict) -> dict:
    return {"round": g.round, "player": g.player, "opponent": g.opponent,
            "score": None if g.score is None else short_text(g.score),
            "reasons": [r.name.lower() for r in g.reasons]}
