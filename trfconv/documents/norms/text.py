"""The norms document as text: the event, what it rests on, the norms made (with every
requirement when one player is asked for, or with details), and the verdict last."""

from __future__ import annotations

from ..basis import text_block
from .arbiters import arbiter_lines
from .model import (NormsReport, condition_lines, dropped_line, forecast_lines, near_line, person_line, reading_lines,
                    shown, summary)


def render_text(report: NormsReport) -> str:
    r = report.result
    lines = [f"{'file':<12}{report.basis.file}", f"{'event':<12}{report.event_line()}",
             f"{'judged as':<12}{r.context.rounds} rounds, {r.kind}",
             f"{'rules':<12}{r.edition.name}: {r.edition.title}",
             f"{'opponents':<12}titles, ratings, federations and sex from {r.opponents_from}"]
    lines += text_block(report.basis)
    if not report.basis.withheld and r.possible and r.played is not None:
        lines.append(f"{'forecast':<12}after round {r.played} of {r.context.rounds}; every round left played")
        for f in r.forecasts:
            lines.append(person_line(f))
            lines += [f"  {x}" for t in f.titles for x in forecast_lines(report, t)]
    elif not report.basis.withheld and r.possible:
        lines += _players(report)
        if r.ruled_out:
            lines.append(f"{'others':<12}{r.ruled_out} player(s) cannot reach any norm: too few title holders met, "
                         "or no set of games can reach Ra or Rp (1.4.5b-e, 1.4.8a, 1.4.8)")
    if not report.basis.withheld:
        said = condition_lines(report)
        lines += [f"{'event' if i == 0 else '':<12}{x}" for i, x in enumerate(said)]
        if r.arbiters is not None:
            lines += [f"{'arbiters' if i == 0 else '':<12}{x}" for i, x in enumerate(arbiter_lines(r.arbiters))]
    lines.append(f"{'verdict':<12}{report.verdict()}")
    return "\n".join(lines) + "\n"


def _players(report: NormsReport) -> list[str]:
    out = []
    for p in report.result.players:
        results = shown(report, p)
        if not results:
            continue
        out.append(person_line(p))
        for n in results:
            out.append(f"  {summary(n)}")
            if n.achieved or n.undecided:
                out.append(f"    {dropped_line(report, n)}")
            near = near_line(n)
            if near:
                out.append(f"    {near}")
            out += [f"    {x}" for x in reading_lines(report, n)]
            if report.details:
                width = max(len(q.rule) for q in n.requirements)
                out += [f"    {q.article:<9}{q.rule:<{width}}  {q.value:>12}  {q.status}"
                        + (f" (by {q.short})" if q.short and not q.ok and q.known else "")
                        for q in n.requirements]
    return out
