"""The norms document as text: the event, what it rests on, the norms made (with every
requirement when one player is asked for, or with details), and the verdict last; in the
language of the basis (:attr:`~..basis.Basis.lang`)."""

from __future__ import annotations

from ...messages import msg, plural
from ..basis import text_block
from .arbiters import arbiter_lines
from .model import (NormsReport, condition_lines, dropped_line, forecast_lines, near_line, person_line, reading_lines,
                    requirement_status, shown, summary)

#: The names of the document's lines, in the left column.
LABELS = {"file": msg("file"), "event": msg("event"), "judged as": msg("judged as"), "rules": msg("rules"),
          "opponents": msg("opponents"), "forecast": msg("forecast"), "others": msg("others"),
          "arbiters": msg("arbiters"), "verdict": msg("verdict")}


def render_text(report: NormsReport) -> str:
    r, lang = report.result, report.basis.lang
    say = lang.say

    def line(label: str, text: object) -> str:
        return f"{say(LABELS[label]) if label else '':<12}{say(text)}"

    lines = [line("file", report.basis.file), line("event", report.event_line(lang)),
             line("judged as", plural("{n} rounds, {kind}", "{n} rounds, {kind}", n=r.context.rounds, kind=r.kind)),
             line("rules", msg("{edition}: {title}", edition=r.edition.name, title=r.edition.title)),
             line("opponents", msg("titles, ratings, federations and sex from {origin}", origin=r.opponents_from))]
    lines += text_block(report.basis)
    if not report.basis.withheld and r.possible and r.played is not None:
        lines.append(line("forecast", msg("after round {round} of {rounds}; every round left played", round=r.played,
                                          rounds=r.context.rounds)))
        for f in r.forecasts:
            lines.append(say(person_line(f)))
            lines += [f"  {say(x)}" for t in f.titles for x in forecast_lines(report, t)]
    elif not report.basis.withheld and r.possible:
        lines += _players(report)
        if r.ruled_out:
            lines.append(line("others", plural(
                "{n} player(s) cannot reach any norm: too few title holders met, or no set of games can reach Ra or "
                "Rp (1.4.5b-e, 1.4.8a, 1.4.8)", "{n} player(s) cannot reach any norm: too few title holders met, or "
                "no set of games can reach Ra or Rp (1.4.5b-e, 1.4.8a, 1.4.8)", n=r.ruled_out)))
    if not report.basis.withheld:
        lines += [line("event" if i == 0 else "", x) for i, x in enumerate(condition_lines(report))]
        if r.arbiters is not None:
            lines += [line("arbiters" if i == 0 else "", x) for i, x in enumerate(arbiter_lines(r.arbiters))]
    lines.append(line("verdict", report.verdict()))
    return "\n".join(lines) + "\n"


def _players(report: NormsReport) -> list[str]:
    say = report.basis.lang.say
    out = []
    for p in report.result.players:
        results = shown(report, p)
        if not results:
            continue
        out.append(say(person_line(p)))
        for n in results:
            out.append(f"  {say(summary(n))}")
            if n.achieved or n.undecided:
                out.append(f"    {say(dropped_line(report, n))}")
            near = near_line(n)
            if near:
                out.append(f"    {say(near)}")
            out += [f"    {say(x)}" for x in reading_lines(report, n)]
            if report.details:
                rules = [say(q.rule) for q in n.requirements]
                width = max(map(len, rules))
                out += [f"    {q.article:<9}{rule:<{width}}  {say(q.value):>12}  {say(requirement_status(q))}"
                        for q, rule in zip(n.requirements, rules, strict=True)]
    return out

