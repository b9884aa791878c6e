"""The on-board play-off plan (:mod:`trfconv.rules.tiebreaks.playoff`) as a person reads it: as
text, as JSON, and as one printable A4 page with, for each stage, a result grid the arbiter fills
in by hand (result, time ended, initials). Times are clock times when the end of the last game of
a tied player is given, else minutes after it. The seed of the drawings of lots is printed on
every form, so that the pairs and colours can be redone."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import time

from ..rules.tiebreaks.playoff import CITED, PROCEDURE, Plan, Stage
from .basis import Basis, json_fields, json_withheld, text_block
from .html import Column, e, facts, page, table


@dataclass(frozen=True)
class PlayoffReport:
    """A play-off plan, what it rests on, the event's name, and the clock time at which the last
    game of a tied player ended (None: times are said relative to it)."""

    basis: Basis
    plan: Plan
    event: str | None = None
    last_game_end: time | None = None


#: How each drawing of lots is made, said with the seed.
DRAWS = ("each drawing of lots orders the players by the SHA-256 (hex) of '<key>:<player as listed>', smallest "
         "first; the key of the first draw is the seed, the key of each stage is printed with it")


def at(report: PlayoffReport, minutes: int) -> str:
    """``18:40`` when the clock time of the last game's end is known, else ``+40 min``."""
    base = report.last_game_end
    if base is None:
        return f"+{minutes} min"
    total = base.hour * 60 + base.minute + minutes
    return f"{total // 60 % 24:02d}:{total % 60:02d}" + (" (next day)" if total >= 24 * 60 else "")


def title(plan: Plan) -> str:
    n = len(plan.entrants)
    return (f"On-board play-off ({CITED}): {n} players tied for places {plan.first}-{plan.first + n - 1}")


def _stage_head(report: PlayoffReport, st: Stage) -> list[str]:
    return [f"Stage {st.number}: {st.title} ({st.article})" + (f", {st.condition}" if st.condition else ""),
            f"  rate of play: {st.rate.text}" + (f"; Armageddon {report.plan.armageddon.text}, a draw wins for Black"
                                                 if any(g.armageddon for g in st.games) else ""),
            f"  start: {st.rule}: at {at(report, st.start)} at the earliest; the games listed end by "
            f"{at(report, st.end)} at the latest",
            f"  colours drawn by lot, key {st.colours_seed}"]


def render_text(report: PlayoffReport) -> str:
    block = text_block(report.basis)
    if report.basis.withheld:
        return "\n".join(block) + "\n"
    p = report.plan
    out = [*block, title(p)]
    if report.event:
        out.append(f"Event: {report.event}")
    out.append(f"Seed of the drawings of lots: {p.seed} ({DRAWS})")
    out.append("Tied players, in the event's tie-break order:")
    out += [f"  {x.order}. {x.label}" for x in p.entrants]
    for st in p.stages:
        out += _stage_head(report, st)
        width = max(len(g.label) for g in st.games)
        for g in st.games:
            if g.armageddon:
                out.append(f"    {g.label:<{width}}  {g.chooser} chooses his colour (won the lot)   result: ______")
            else:
                out.append(f"    {g.label:<{width}}  White {g.white} - Black {g.black}   result: ______")
        if st.until_first_win:
            out.append("    … and so on until a game is won, White as above (colours reversed after each odd game)")
    out.append("Places and prizes:")
    out += [f"  - {x}" for x in p.places]
    if p.notes:
        out.append("Notes:")
        out += [f"  - {x}" for x in p.notes]
    return "\n".join(out) + "\n"


def as_dict(report: PlayoffReport) -> dict:
    p = report.plan
    return {
        "procedure": PROCEDURE, "seed": p.seed, "draws": DRAWS, "first_place": p.first,
        "last_place": p.first + len(p.entrants) - 1,
        "last_game_end": report.last_game_end.strftime("%H:%M") if report.last_game_end else None,
        "rate": p.rate.text, "armageddon": p.armageddon.text if p.armageddon_after is not None else None,
        "armageddon_after": p.armageddon_after,
        "players": [{"order": x.order, "start_number": x.number, "name": x.name} for x in p.entrants],
        "eliminated": [{"start_number": x.number, "name": x.name, "place": place} for x, place in p.eliminated],
        "stages": [{
            "stage": st.number, "title": st.title, "article": st.article, "condition": st.condition,
            "rate": st.rate.text, "start_minutes": st.start, "end_minutes": st.end,
            "start": at(report, st.start), "end": at(report, st.end), "start_rule": st.rule,
            "colours_key": st.colours_seed, "until_first_win": st.until_first_win,
            "games": [{"label": g.label, "white": g.white, "black": g.black, "armageddon": g.armageddon,
                       "chooser": g.chooser} for g in st.games]} for st in p.stages],
        "places": list(p.places), "notes": list(p.notes)}


def render_json(report: PlayoffReport) -> str:
    if report.basis.withheld:
        return json_withheld(report.basis)
    data = {"schema": 1, "file": report.basis.file, **json_fields(report.basis), **as_dict(report),
            "diagnostics": [d.as_dict() for d in report.basis.diagnostics]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


#: The cells the arbiter fills in by hand: tall enough to write in.
STYLE = "<style>td.fill { height: 7mm; min-width: 18mm; } section.stage { break-inside: avoid; }</style>"


def _grid(st: Stage) -> str:
    def side(g, white: bool) -> str:
        if g.armageddon:
            return f"{g.chooser}'s choice" if white else "the other"
        return g.white if white else g.black

    columns = [Column("Game", lambda g: g.label, text=True, name=True),
               Column("White", lambda g: side(g, True), text=True, name=True),
               Column("Black", lambda g: side(g, False), text=True, name=True),
               Column("Result", lambda g: "\u00a0"), Column("Ended at", lambda g: "\u00a0"),
               Column("Arbiter", lambda g: "\u00a0")]
    return table(columns, list(st.games)).replace("<td>\u00a0</td>", '<td class="fill">\u00a0</td>')


def render_html(report: PlayoffReport) -> str:
    p = report.plan
    players = table([Column("Order", lambda x: x.order), Column("No", lambda x: x.number),
                     Column("Name", lambda x: x.name, text=True, name=True)], list(p.entrants))
    stages = []
    for st in p.stages:
        head = _stage_head(report, st)
        more = ('<p class="note">… and so on until a game is won, White as above (colours reversed after each odd '
                "game).</p>" if st.until_first_win else "")
        stages.append(f'<section class="stage"><h3>{e(head[0])}</h3><p class="note">{e(head[1].strip())}<br/>'
                      f"{e(head[2].strip())}<br/>{e(head[3].strip())}</p>{_grid(st)}{more}</section>")
    places = "".join(f"<li>{e(x)}</li>" for x in p.places)
    notes = "".join(f"<li>{e(x)}</li>" for x in p.notes)
    content = (STYLE + f'<section id="players"><h2>Tied players, in the event\'s tie-break order</h2>{players}</section>'
               + f'<section id="stages"><h2>Stages</h2>{"".join(stages)}</section>'
               + f'<section id="places" class="box keep"><h2>Places and prizes</h2><ul>{places}</ul></section>'
               + (f'<section id="notes"><h2>Notes</h2><ul>{notes}</ul></section>' if notes else ""))
    header = facts([("Event", report.event), ("Procedure", PROCEDURE),
                    ("Places", f"{p.first}-{p.first + len(p.entrants) - 1}"), ("Seed", f"{p.seed} ({DRAWS})"),
                    ("Last game ended", report.last_game_end.strftime("%H:%M") if report.last_game_end else None)])
    return page(title(p), title(p), header, report.basis, content)

