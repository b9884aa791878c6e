"""The standings as one self-contained HTML page an arbiter prints on A4 and pins up, in the
style of the rating report (:mod:`.html`): the event's facts (event, place, dates, chief
arbiter, rounds, rules edition), the errors and caveats the standings rest on, the tie-break list
with each tie-break's full name and article, then one row per player (rank, start number, title,
name, federation, rating, points and each tie-break) or, in a team event, per team (match and
game points). A group still tied after the whole list is framed and labelled for its drawing of
lots; when the lots were drawn, the seed and the outcome are printed so that anyone can redo it."""

from __future__ import annotations

from ..messages import Language, Message, msg, plural
from ..rules.progress import progress
from ..rules.tiebreaks.standings import Row, Standings
from .html import Column, e, facts, page, table
from .event import FACTS, dates, place
from .standings import DRAW_METHOD, ExactTexts, StandingsReport

#: How a tied group is shown: a coloured band on its rows, two shades alternating from group to
#: group (the page's shared style has none).
STYLE = ("<style>tr.lots td { background: #fff3c4; font-weight: 600; } tr.lots.even td { background: #ffdca8; } "
         "tr.lots td:first-child { border-left: 2.4pt solid #b80; }</style>")


def _facts(report: StandingsReport) -> list[tuple[str, object]]:
    s, t, lang = report.standings, report.tournament, report.basis.lang
    say = lang.say
    ev = t.event if t is not None else None
    held = progress(t).rounds if t else "?"  # a file in progress declares the rounds to come
    rounds = s.rounds if s.after_round is None else say(msg("after round {round} of {rounds}",
                                                             round=s.after_round, rounds=held))
    who = say(plural("{n} teams", "{n} teams", n=len(s.rows)) if s.teams
              else plural("{n} players", "{n} players", n=len(s.rows)))
    return [(say(FACTS[0]), ev.name if ev else None), (say(FACTS[1]), place(ev) if ev else None),
            (say(FACTS[2]), dates(ev.start_date, ev.end_date, lang) if ev else None),
            (say(FACTS[3]), ev.chief_arbiter if ev else None), (say(FACTS[6]), rounds), (say(msg("Ranked")), who),
            (say(FACTS[7]), say(msg("{edition}: {title}", edition=s.rules.name, title=s.rules.edition.title)))]


def _legend(s: Standings, lang: Language) -> str:
    """The tie-break list in order: its column heading, the full name and the article."""
    rows = list(enumerate(s.specs, 1))
    columns = [Column("#", lambda x: x[0]), Column(msg("Column"), lambda x: x[1].text, text=True),
               Column(msg("Tie-break"), lambda x: lang.say(x[1].described), text=True),
               Column(msg("Article"), lambda x: x[1].definition.article, text=True, name=True)]
    heading = lang.say(msg("Tie-breaks, in the order applied"))
    note = lang.say(msg("Participants equal on every value are tied; C.07 Art. 4.2 leaves what remains to a "
                        "drawing of lots."))
    return (f'<section id="tiebreaks"><h2>{e(heading)}</h2>' + table(columns, rows, lang=lang)
            + f'<p class="note">{e(note)}</p></section>')


def _lots_cell(row: Row) -> Message | str:
    if not row.lots:
        return ""
    if row.drawn is not None:
        return msg("group {group}: lot {lot}", group=row.group, lot=row.drawn)
    return msg("group {group}: drawing of lots needed", group=row.group)


def _row_class(row: Row) -> str | None:
    return None if not row.lots else "lots even" if row.group % 2 == 0 else "lots"


def _table(s: Standings, lang: Language) -> str:
    texts = [spec.text for spec in s.specs]
    exact = ExactTexts(lang)
    value_columns = [Column(text, lambda r, k=k: exact(r.values[k])) for k, text in enumerate(texts)]
    lots = Column(msg("Lots"), lambda r: lang.say(_lots_cell(r)), text=True)
    if s.teams:
        columns = [Column(msg("Rank"), lambda r: r.rank), Column(msg("No"), lambda r: r.number),
                   Column(msg("Team"), lambda r: r.name, text=True, name=True),
                   Column("MP", lambda r: exact(r.scores[0])), Column("GP", lambda r: exact(r.scores[1])),
                   *value_columns[1:], lots]
    else:
        columns = [Column(msg("Rank"), lambda r: r.rank), Column(msg("No"), lambda r: r.number),
                   Column(msg("Title"), lambda r: r.player.title, text=True),
                   Column(msg("Name"), lambda r: r.name, text=True, name=True),
                   Column(msg("Fed"), lambda r: r.player.federation, text=True),
                   Column(msg("Rating"), lambda r: r.player.rating), *value_columns, lots]
    body = table(columns, list(s.rows), row_class=_row_class, lang=lang)
    tied = [r for r in s.rows if r.lots and r.drawn is None]
    groups = len({r.group for r in tied})
    still = (plural("{n} teams in {groups} group(s) are still tied after the whole list (shaded): their places are "
                    "decided by drawing of lots.", "{n} teams in {groups} group(s) are still tied after the whole "
                    "list (shaded): their places are decided by drawing of lots.", n=len(tied), groups=groups)
             if s.teams else
             plural("{n} players in {groups} group(s) are still tied after the whole list (shaded): their places "
                    "are decided by drawing of lots.", "{n} players in {groups} group(s) are still tied after the "
                    "whole list (shaded): their places are decided by drawing of lots.", n=len(tied), groups=groups))
    note = f'<p class="note">{e(lang.say(still))}</p>' if tied else ""
    heading = msg("Standings") if s.after_round is None else msg("Standings after round {round}", round=s.after_round)
    return f'<section id="standings"><h2>{e(lang.say(heading))}</h2>{note}{body}</section>'


def _draw(s: Standings, lang: Language) -> str:
    if s.draw is None:
        return ""
    say = lang.say
    groups = [say(msg("group {k}: {numbers}", k=k, numbers=", ".join(map(str, g))))
              for k, g in enumerate(s.draw.groups, 1)]
    heading, seed = say(msg("Drawing of lots")), say(msg("Seed"))
    method = say(msg("{method} (start numbers in the order drawn):", method=DRAW_METHOD))
    items = "".join(f"<li>{e(g)}</li>" for g in groups)
    return (f'<section id="lots" class="box keep"><h2>{e(heading)}</h2>'
            f"<p>{e(seed)} <strong>{e(s.draw.seed)}</strong>; {e(method)}</p><ul>{items}</ul></section>")


def render_html(report: StandingsReport) -> str:
    s, lang = report.standings, report.basis.lang
    name = report.tournament.event.name if report.tournament is not None else None
    content = STYLE + _legend(s, lang) + _table(s, lang) + _draw(s, lang)
    title = lang.say(msg("Standings: {event}", event=name or report.basis.file or ""))
    return page(title, lang.say(msg("Standings")), facts(_facts(report)), report.basis, content)
