"""The rateability verdict as a person reads it (text) and as programs read it (JSON).

The text fits a screen for an ordinary event: the file, the errors and caveats it rests on
(:mod:`.basis`), the rules, the event, the findings with their articles, what the players get
and how many results count, and the verdict last. ``details`` adds each player and each game
that does not count for one of its players (each game once, with what it means for each side).
The text is in the language of the basis (:attr:`~.basis.Basis.lang`); JSON in English.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from ..actions import Action, voice
from ..messages import SEMICOLON, Language, Message, joined, msg, plural, pmsg
from ..model import Tournament
from ..numbers import short_text
from ..rules.rateability.rules import RATING_LISTS
from ..rules.rateability.verdict import GameVerdict, Gets, Verdict
from .basis import Basis, json_fields, json_withheld, text_block

#: The labels of the verdict's lines, in the order they come.
LABELS = {"file": msg("file"), "rules": msg("rules"), "event": msg("event"), "players": msg("players"),
          "results": msg("results"), "noticed": msg("noticed"), "verdict": msg("verdict")}


def finding(f) -> Message:
    """A finding as a document lists it: ``VAL033: …`` (its code, its message)."""
    return msg("{code}: {message}", code=f.code, message=f.message)


def _label(lang: Language, name: str) -> str:
    """A line's label, in a column of 12."""
    return f"{lang.say(LABELS[name]):<11} "


@dataclass(frozen=True)
class VerdictReport:
    """The verdict on one file, what it rests on, and how much to show."""

    basis: Basis
    tournament: Tournament
    verdict: Verdict
    details: bool = False


def render_text(report: VerdictReport) -> str:
    t, v, basis = report.tournament, report.verdict, report.basis
    lang, s = basis.lang, t.source
    say = lang.say
    lines = [_label(lang, "file") + say(plural("{file} ({format}, {players} players, {n} rounds)",
                                               "{file} ({format}, {players} players, {n} rounds)", n=t.rounds,
                                               file=basis.file, format=s.version or s.format,
                                               players=len(t.players)))]
    lines += text_block(basis)
    if basis.withheld:
        lines.append(_label(lang, "verdict") + say(msg("NOT JUDGED: the file has errors")))
        return "\n".join(lines) + "\n"
    kind = msg("{kind}; {list}", kind=v.event_kind, list=RATING_LISTS.get(v.rating_list, v.rating_list))
    if v.minutes is not None:
        kind = msg("{kind}, {minutes} min per player for 60 moves", kind=kind, minutes=v.minutes)
    lines += [_label(lang, "rules") + say(msg("{edition}: {title}", edition=v.edition.name, title=v.edition.title)),
              _label(lang, "event") + say(kind)]
    if v.findings:
        lines.append(say(msg("findings ({n}):", n=len(v.findings))))
        lines += [f"  {'✗' if f.fatal else '!'} " + say(finding(f)) for f in v.findings]
    gets = Counter(p.gets for p in v.players)
    lines.append(_label(lang, "players") + say(msg("{players}: {change} get a rating change, {initial} an initial "
                                                   "rating, {nothing} nothing", players=len(v.players),
                                                   change=gets[Gets.CHANGE], initial=gets[Gets.INITIAL],
                                                   nothing=gets[Gets.NOTHING])))
    counted = sum(len(p.counted_games) for p in v.players)
    missed = not_rated(v)
    results = msg("{counted} count for a player's rating, {missed} do not", counted=counted, missed=len(missed))
    if not report.details and missed:
        results = joined([results, voice().hints([Action("show-details", purpose=msg("lists them"))])])
    lines.append(_label(lang, "results") + say(results))
    lines.append(_label(lang, "noticed") + say(msg("{summary} (trfconv check lists them)",
                                                   summary=basis.summary())))
    if report.details:
        lines += _details(v, t, missed, lang)
    defect = msg(" (rests on a defective file)") if basis.defective else ""
    lines.append(_label(lang, "verdict") + say(v.decision.value).upper() + say(joined([v.notes, defect])))
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


def _details(v: Verdict, t: Tournament, missed: list[GameVerdict], lang: Language) -> list[str]:
    """Each game that does not count for one of its players, once, then each player."""
    names = {p.start_number: p.name for p in t.players}
    say = lang.say
    lines = []
    if missed:
        lines += ["", say(msg("games not counted for a player ({n}):", n=len(_by_game(missed))))]
        for (r, low, high), sides in _by_game(missed).items():
            score = "" if sides[0].score is None else f" ({_result(sides, low)})"
            opponent = say(msg(" vs {number} {name}", number=high, name=names.get(high, ""))) if high is not None \
                else ""
            if len(sides) > 1:
                why = joined([msg("for {player}: {reasons}", player=g.player, reasons=[x.value for x in g.reasons])
                              for g in sides], SEMICOLON)
            else:
                why = joined([x.value for x in sides[0].reasons], SEMICOLON)
                if high is not None:
                    why = msg("{reasons} (for {player} only)", reasons=why, player=sides[0].player)
            player = f"{low} {names.get(low, '')}"
            lines.append("  " + say(msg("round {round:>2}: {player}{opponent}{score}: {why}", round=r,
                                        player=player, opponent=opponent, score=score, why=why)))
    heads = [say(h) for h in (pmsg("start number", "no"), msg("name"), msg("rating"), msg("games"), msg("rated opp"),
                              msg("gets"))]
    lines += ["", f"{heads[0]:>4}  {heads[1]:<30} {heads[2]:>6} {heads[3]:>5} {heads[4]:>9}  {heads[5]}"]
    for p in v.players:
        lines.append(f"{p.start_number:>4}  {names.get(p.start_number, '')[:30]:<30} {p.rating or '-':>6} "
                     f"{len(p.counted_games):>5} {p.rated_opponents:>9}  {say(p.gets.value)}"
                     + (f" ({say(p.reason)})" if p.reason else ""))
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
