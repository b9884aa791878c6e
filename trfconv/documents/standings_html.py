"""The standings as one self-contained HTML page an arbiter prints on A4 and pins up, in the
style of the rating report (:mod:`.html`): the event's facts (event, place, dates, chief
arbiter, rounds, rules edition), the errors and caveats the standings rest on, the tie-break list
with each tie-break's full name and article, then one row per player (rank, start number, title,
name, federation, rating, points and each tie-break) or, in a team event, per team (match and
game points). A group still tied after the whole list is framed and labelled for its drawing of
lots; when the lots were drawn, the seed and the outcome are printed so that anyone can redo it."""

from __future__ import annotations

from ..dates import as_text
from ..rules.progress import progress
from ..rules.tiebreaks.standings import Row, Standings
from .html import Column, e, facts, page, table
from .standings import DRAW_METHOD, LOTS, ExactTexts, StandingsReport

#: How a tied group is shown: a coloured band on its rows, two shades alternating from group to
#: group (the page's shared style has none).
STYLE = ("<style>tr.lots td { background: #fff3c4; font-weight: 600; } tr.lots.even td { background: #ffdca8; } "
         "tr.lots td:first-child { border-left: 2.4pt solid #b80; }</style>")


def _facts(report: StandingsReport) -> list[tuple[str, object]]:
    s, t = report.standings, report.tournament
    ev = t.event if t is not None else None
    held = progress(t).rounds if t else "?"  # a file in progress declares the rounds to come
    rounds = s.rounds if s.after_round is None else f"after round {s.after_round} of {held}"
    place = ", ".join(x for x in (ev.city, ev.federation) if x) if ev else None
    dates = " to ".join(x for x in (as_text(ev.start_date), as_text(ev.end_date)) if x) if ev else None
    who = f"{len(s.rows)} teams" if s.teams else f"{len(s.rows)} players"
    return [("Event", ev.name if ev else None), ("Place", place), ("Dates", dates),
            ("Chief arbiter", ev.chief_arbiter if ev else None), ("Rounds", rounds), ("Ranked", who),
            ("Rules", f"{s.rules.name}: {s.rules.edition.title}")]


def _legend(s: Standings) -> str:
    """The tie-break list in order: its column heading, the full name and the article."""
    rows = list(enumerate(s.specs, 1))
    columns = [Column("#", lambda x: x[0]), Column("Column", lambda x: x[1].text, text=True),
               Column("Tie-break", lambda x: x[1].described, text=True),
               Column("Article", lambda x: x[1].definition.article, text=True, name=True)]
    return ('<section id="tiebreaks"><h2>Tie-breaks, in the order applied</h2>'
            + table(columns, rows)
            + '<p class="note">Participants equal on every value are tied; C.07 Art. 4.2 leaves what remains to a '
              "drawing of lots.</p></section>")


def _lots_cell(row: Row) -> str:
    if not row.lots:
        return ""
    if row.drawn is not None:
        return f"group {row.group}: lot {row.drawn}"
    return f"group {row.group}: {LOTS}"


def _row_class(row: Row) -> str | None:
    return None if not row.lots else "lots even" if row.group % 2 == 0 else "lots"


def _table(s: Standings) -> str:
    texts = [spec.text for spec in s.specs]
    exact = ExactTexts()
    value_columns = [Column(text, lambda r, k=k: exact(r.values[k])) for k, text in enumerate(texts)]
    lots = Column("Lots", _lots_cell, text=True)
    if s.teams:
        columns = [Column("Rank", lambda r: r.rank), Column("No", lambda r: r.number),
                   Column("Team", lambda r: r.name, text=True, name=True),
                   Column("MP", lambda r: exact(r.scores[0])), Column("GP", lambda r: exact(r.scores[1])),
                   *value_columns[1:], lots]
    else:
        columns = [Column("Rank", lambda r: r.rank), Column("No", lambda r: r.number),
                   Column("Title", lambda r: r.player.title, text=True),
                   Column("Name", lambda r: r.name, text=True, name=True),
                   Column("Fed", lambda r: r.player.federation, text=True),
                   Column("Rating", lambda r: r.player.rating), *value_columns, lots]
    body = table(columns, list(s.rows), row_class=_row_class)
    tied = [r for r in s.rows if r.lots and r.drawn is None]
    groups = len({r.group for r in tied})
    note = (f'<p class="note">{len(tied)} {"teams" if s.teams else "players"} in {groups} group(s) are still tied '
            "after the whole list (shaded): their places are decided by drawing of lots.</p>" if tied else "")
    heading = "Standings" if s.after_round is None else f"Standings after round {s.after_round}"
    return f'<section id="standings"><h2>{e(heading)}</h2>{note}{body}</section>'


def _draw(s: Standings) -> str:
    if s.draw is None:
        return ""
    groups = "".join(f"<li>group {k}: {e(', '.join(map(str, g)))}</li>" for k, g in enumerate(s.draw.groups, 1))
    return (f'<section id="lots" class="box keep"><h2>Drawing of lots</h2><p>Seed <strong>{e(s.draw.seed)}</strong>; '
            f"{e(DRAW_METHOD)} (start numbers in the order drawn):</p><ul>{groups}</ul></section>")


def render_html(report: StandingsReport) -> str:
    s = report.standings
    name = report.tournament.event.name if report.tournament is not None else None
    content = STYLE + _legend(s) + _table(s) + _draw(s)
    return page(f"Standings: {name or report.basis.file or ''}", "Standings", facts(_facts(report)), report.basis,
                content)
