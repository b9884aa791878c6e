"""The on-board play-off plan (:mod:`trfconv.rules.tiebreaks.playoff`) as a person reads it: as
text, as JSON, and as one printable A4 page with, for each stage, a result grid the arbiter fills
in by hand (result, time ended, initials). Times are clock times when the end of the last game of
a tied player is given, else minutes after it. The seed of the drawings of lots is printed on
every form, so that the pairs and colours can be redone. Text and HTML are in the language of the
basis (:attr:`~.basis.Basis.lang`); JSON in English."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import time
from html import escape

from ..messages import Language, Message, msg
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
DRAWS = msg("each drawing of lots orders the players by the SHA-256 (hex) of '<key>:<player as listed>', smallest "
            "first; the key of the first draw is the seed, the key of each stage is printed with it")


def at(report: PlayoffReport, minutes: int) -> Message | str:
    """``18:40`` when the clock time of the last game's end is known, else ``+40 min``."""
    base = report.last_game_end
    if base is None:
        return f"+{minutes} min"
    total = base.hour * 60 + base.minute + minutes
    clock = f"{total // 60 % 24:02d}:{total % 60:02d}"
    return msg("{clock} (next day)", clock=clock) if total >= 24 * 60 else clock


def title(plan: Plan) -> Message:
    n = len(plan.entrants)
    return msg("On-board play-off ({cited}): {n} players tied for places {first}-{last}", cited=CITED, n=n,
               first=plan.first, last=plan.first + n - 1)


def _stage_head(report: PlayoffReport, st: Stage) -> list[Message]:
    armageddon = msg("; Armageddon {rate}, a draw wins for Black", rate=report.plan.armageddon.text) \
        if any(g.armageddon for g in st.games) else ""
    return [msg("Stage {n}: {title} ({article}){condition}", n=st.number, title=st.title, article=st.article,
                condition=msg(", {condition}", condition=st.condition) if st.condition else ""),
            msg("rate of play: {rate}{armageddon}", rate=st.rate.text, armageddon=armageddon),
            msg("start: {rule}: at {start} at the earliest; the games listed end by {end} at the latest", rule=st.rule,
                start=at(report, st.start), end=at(report, st.end)),
            msg("colours drawn by lot, key {key}", key=st.colours_seed)]


#: What follows a stage's games when they go on until one is won.
AND_SO_ON = msg("… and so on until a game is won, White as above (colours reversed after each odd game)")


def render_text(report: PlayoffReport) -> str:
    block, say = text_block(report.basis), report.basis.lang.say
    if report.basis.withheld:
        return "\n".join(block) + "\n"
    p = report.plan
    out = [*block, say(title(p))]
    if report.event:
        out.append(say(msg("Event: {event}", event=report.event)))
    out.append(say(msg("Seed of the drawings of lots: {seed} ({draws})", seed=p.seed, draws=DRAWS)))
    out.append(say(msg("Tied players, in the event's tie-break order:")))
    out += [f"  {x.order}. {say(x.label)}" for x in p.entrants]
    for st in p.stages:
        head = [say(x) for x in _stage_head(report, st)]
        out += [head[0], *(f"  {x}" for x in head[1:])]
        labels = [say(g.label) for g in st.games]
        width = max(map(len, labels))
        for g, label in zip(st.games, labels, strict=True):
            said = msg("{chooser} chooses his colour (won the lot)   result: ______", chooser=g.chooser) \
                if g.armageddon else msg("White {white} - Black {black}   result: ______", white=g.white, black=g.black)
            out.append(f"    {label:<{width}}  {say(said)}")
        if st.until_first_win:
            out.append(f"    {say(AND_SO_ON)}")
    out.append(say(msg("Places and prizes:")))
    out += [f"  - {say(x)}" for x in p.places]
    if p.notes:
        out.append(say(msg("Notes:")))
        out += [f"  - {say(x)}" for x in p.notes]
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


def _grid(st: Stage, lang: Language) -> str:
    other = lang.say(msg("the other"))

    def side(g, white: bool) -> str:
        if g.armageddon:
            return lang.say(msg("{chooser}'s choice", chooser=g.chooser)) if white else other
        return lang.say(g.white if white else g.black)

    columns = [Column(msg("Game"), lambda g: lang.say(g.label), text=True, name=True),
               Column(msg("White"), lambda g: side(g, True), text=True, name=True),
               Column(msg("Black"), lambda g: side(g, False), text=True, name=True),
               Column(msg("Result"), lambda g: "\u00a0"), Column(msg("Ended at"), lambda g: "\u00a0"),
               Column(msg("Arbiter"), lambda g: "\u00a0")]
    return table(columns, list(st.games), lang=lang).replace("<td>\u00a0</td>", '<td class="fill">\u00a0</td>')


def render_html(report: PlayoffReport) -> str:
    p, lang = report.plan, report.basis.lang
    say = lang.say
    players = table([Column(msg("Order"), lambda x: x.order), Column(msg("No"), lambda x: x.number),
                     Column(msg("Name"), lambda x: x.name, text=True, name=True)], list(p.entrants), lang=lang)
    stages = []
    more = say(msg("{and_so_on}.", and_so_on=AND_SO_ON))
    for st in p.stages:
        head = [say(x) for x in _stage_head(report, st)]
        after = f'<p class="note">{e(more)}</p>' if st.until_first_win else ""
        stages.append(f'<section class="stage"><h3>{e(head[0])}</h3><p class="note">{e(head[1])}<br/>'
                      f"{e(head[2])}<br/>{e(head[3])}</p>{_grid(st, lang)}{after}</section>")
    places = "".join(f"<li>{e(say(x))}</li>" for x in p.places)
    notes = "".join(f"<li>{e(say(x))}</li>" for x in p.notes)
    tied, stages_heading, places_heading, notes_heading = (
        say(msg("Tied players, in the event's tie-break order")), say(msg("Stages")), say(msg("Places and prizes")),
        say(msg("Notes")))
    content = (STYLE + f'<section id="players"><h2>{escape(tied, quote=False)}</h2>{players}</section>'
               + f'<section id="stages"><h2>{e(stages_heading)}</h2>{"".join(stages)}</section>'
               + f'<section id="places" class="box keep"><h2>{e(places_heading)}</h2><ul>{places}</ul></section>'
               + (f'<section id="notes"><h2>{e(notes_heading)}</h2><ul>{notes}</ul></section>' if notes else ""))
    header = facts([(say(msg("Event")), report.event), (say(msg("Procedure")), say(PROCEDURE)),
                    (say(msg("Places")), f"{p.first}-{p.first + len(p.entrants) - 1}"),
                    (say(msg("Seed")), say(msg("{seed} ({draws})", seed=p.seed, draws=DRAWS))),
                    (say(msg("Last game ended")),
                     report.last_game_end.strftime("%H:%M") if report.last_game_end else None)])
    heading = say(title(p))
    return page(heading, heading, header, report.basis, content)

