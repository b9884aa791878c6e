"""The rating report as one self-contained HTML page a rating officer prints on A4: the header
FIDE's tournament report has (event, place, dates, chief arbiter, rate of play, players and rated
players, rounds, rules), the errors and caveats the report rests on, the verdict in a box, the
rated players with their title, the unrated players' Ru, the players without a rated game, the
totals once at the end, a chart of the changes and each player's games.

Columns that are empty for every player (no federation, no FIDE id, no title in the file) are
left out, text columns are left-aligned and kept on one line, headings stay with their tables. The
page is in the language of the basis (:attr:`~..basis.Basis.lang`), numbers with its decimal sign."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ...messages import joined, msg
from ...numbers import short_text
from ...rules.rating.change import RatedGame
from ..basis import caveats_html
from ..verdict import finding
from ..html import TABLE_END, Column, cell, e, facts, page, table, table_of_cells, table_start
from .model import Line, RatingReport, fixed, hundredths, signed
from .text import CAPPED, opponent_rating


def _verdict(report: RatingReport) -> str:
    v, lang = report.verdict, report.basis.lang
    say, number = lang.say, lang.number
    fatal = ' class="fatal"'
    findings = "".join(f"<li{fatal if f.fatal else ''}>{e(say(finding(f)))}</li>" for f in v.findings)
    avg = report.rating.round_robin_average
    rr = "" if avg is None else (
        f"<p>{e(say(ROUND_ROBIN))} R<sub>ar</sub> {number(fixed(avg.rar))}, dp<sub>a</sub> "
        f"{number(fixed(avg.dpa))}, n {avg.opponents}, R<sub>a</sub> {number(fixed(avg.ra_exact))} &#8594; {avg.ra}</p>")
    defect = msg(" (rests on a defective file)") if report.basis.defective else ""
    round_robin = msg(", judged as a round robin") if v.round_robin else ""
    decision = say(v.decision.value).upper() + say(joined([v.notes, defect, round_robin]))
    return (f'<section id="verdict" class="box verdict"><h2>{e(say(VERDICT))}</h2>'
            f'<p class="decision">{e(decision)}</p>'
            f"{'<ul>' + findings + '</ul>' if findings else ''}{rr}{caveats_html(report.basis)}</section>")


ROUND_ROBIN, VERDICT = msg("Round robin (10.21 b):"), msg("Verdict")


#: The rated players' table (its cells come from :func:`_rated_cells`).
RATED_COLUMNS = (Column(msg("No"), None), Column(msg("Title"), None, text=True),
                 Column(msg("Name"), None, text=True, name=True), Column(msg("FIDE id"), None),
                 Column(msg("Fed"), None, text=True), Column("Ro", None), Column("K", None),
                 Column("Rc", None), Column("n", None), Column("W", None), Column("We", None), Column("W-We", None),
                 Column("K(W-We)", None), Column(msg("Change"), None), Column(msg("New"), None), Column("Rp", None))


def _rated(report: RatingReport) -> list[str]:
    """The rated players' section, as its parts."""
    lines, lang = report.rated, report.basis.lang
    if not lines:
        return []
    heading = lang.say(msg("Rated players ({n})", n=len(lines)))
    note = lang.say(msg("K? = K inferred from the rules (the caveats say what was assumed); {capped} = rating capped; "
                        "Ru = an unrated opponent counted with his Ru.", capped=CAPPED))
    return [f'<section id="rated"><h2>{e(heading)}</h2><p class="note">{e(note)}</p>',
            *table_of_cells(RATED_COLUMNS, _rated_cells(lines, lang.number), lang=lang), "</section>"]


def _rated_cells(lines: list[Line], number=str) -> list[tuple[str, ...]]:
    """The escaped cells of the rated players, one row each, in the order of :data:`RATED_COLUMNS`.
    W, We, W-We and K(W-We) repeat (a 7,641-player event has under 1,000 values of each): their
    texts are written once per value (``number``: in the report's language)."""
    score, fixed_text, signed_text = _once(short_text, number), _once(fixed, number), _once(signed, number)
    rows = []
    for line in lines:
        p, r = line.player, line.result
        rows.append((e(p.start_number), e(p.title), e(p.name), e(p.fide_id), e(p.federation), e(r.rating),
                     e(r.k.marked), e(r.rc), e(r.n), score(r.score), fixed_text(r.expected), signed_text(r.delta),
                     signed_text(r.change_exact), f"{r.change:+d}", e(r.new_rating), e(r.performance)))
    return rows


def _once(write: Callable[[Fraction], str], number=str) -> Callable[[Fraction], str]:
    """``write`` (its text made by ``number``, in the report's language) escaped and remembered
    per value: the values are keyed by their numerator and denominator (hashing a Fraction is
    slow), the closure is quicker to call than an object."""
    texts: dict[tuple[int, int], str] = {}

    def text(value: Fraction) -> str:
        key = value.as_integer_ratio()
        known = texts.get(key)
        if known is None:
            known = texts[key] = e(number(write(value)))
        return known

    return text


def _totals(report: RatingReport) -> str:
    r, lang = report.rating, report.basis.lang
    say, number = lang.say, lang.number
    cells = [say(msg("{n} rated players", n=len(r.rated))),
             say(msg("sum W-We {delta}", delta=number(signed(r.total_delta)))),
             say(msg("sum K(W-We) {exact}", exact=number(signed(r.total_change_exact)))),
             say(msg("sum of changes {change:+d}", change=r.total_change))]
    heading = say(msg("Totals"))
    return (f'<section id="totals" class="keep"><h2>{e(heading)}</h2><table><tbody class="totals"><tr>'
            f'<td class="l">{e(cells[0])}</td><td>{e(cells[1])}</td><td>{e(cells[2])}</td><td>{e(cells[3])}</td>'
            "</tr></tbody></table></section>")


def _unrated(report: RatingReport) -> str:
    lines, lang = report.unrated, report.basis.lang
    if not lines:
        return ""
    say, number = lang.say, lang.number
    yes, no = say(msg("yes")), say(msg("no"))
    columns = [
        Column(msg("No"), lambda x: x.player.start_number),
        Column(msg("Name"), lambda x: x.player.name, text=True, name=True),
        Column(msg("FIDE id"), lambda x: x.player.fide_id), Column(msg("Fed"), lambda x: x.player.federation, text=True),
        Column("n", lambda x: x.result.n), Column("W", lambda x: number(short_text(x.result.score))),
        Column("Rc", lambda x: x.result.initial.rc), Column(msg("Rc new"), lambda x: x.result.initial.rc_new),
        Column("Ra", lambda x: number(fixed(x.result.initial.average))),
        Column("p", lambda x: None if x.result.initial.p is None else number(hundredths(x.result.initial.p))),
        Column("dp", lambda x: x.result.initial.dp),
        Column("Ru", lambda x: "-" if x.result.initial.value is None else x.result.initial.value),
        Column(msg("Published"), lambda x: yes if x.result.initial.published else no),
        Column(msg("Why"), lambda x: say(x.result.initial.why), text=True)]
    heading = say(msg("Unrated players ({n})", n=len(lines)))
    return f'<section id="unrated"><h2>{e(heading)}</h2>{table(columns, lines, lang=lang)}</section>'


def _without_game(report: RatingReport) -> str:
    lines, lang = report.without_game, report.basis.lang
    if not lines:
        return ""
    say = lang.say
    unrated = say(msg("unrated"))
    columns = [
        Column(msg("No"), lambda x: x.player.start_number),
        Column(msg("Name"), lambda x: x.player.name, text=True, name=True),
        Column(msg("FIDE id"), lambda x: x.player.fide_id), Column(msg("Fed"), lambda x: x.player.federation, text=True),
        Column(msg("Rating"), lambda x: x.result.rating or unrated),
        Column(msg("Reason"), lambda x: say(x.result.reason), text=True)]
    heading = say(msg("Players without a rated game ({n})", n=len(lines)))
    return f'<section id="none"><h2>{e(heading)}</h2>{table(columns, lines, lang=lang)}</section>'


#: The columns of a player's games (their cells come from :class:`_Details`).
GAME_COLUMNS = (Column(msg("Round"), None), Column(msg("No"), None), Column(msg("Opponent"), None, text=True, name=True),
                Column(msg("Rating used"), None), Column(msg("Score"), None), Column("PD", None), Column("dR", None))


class _Details:
    """The players' games, each player's table written from pieces of HTML each made once for
    the report: a 10,000-player report writes 80,000 games, whose rounds, opponents, ratings
    used and results (Score, PD, dR) repeat. A table leaves out the columns empty in every row
    (an unrated player's games have no PD and dR), so each layout (the kept columns) has its own
    pieces."""

    def __init__(self, report: RatingReport):
        self.name_of = report.name_of
        self.lang = report.basis.lang
        self.unrated = self.lang.say(msg(" (unrated)"))
        self.opponents: dict = {}  # start number -> (No, Opponent)
        self.layouts: dict = {}  # kept columns -> _GamePieces
        self.notes: dict = {}  # a player's note -> the end of his detail

    def write(self, line: Line, out: list[str]) -> None:
        """Appends a player's games (if he has any) to ``out``, as pieces (the page is joined once)."""
        p, r = line.player, line.result
        if not r.games:
            return
        title = f"{p.start_number}. {p.name}" + (f" ({r.rating})" if r.rating else self.unrated)
        out.append(f'<div class="player keep"><h3>{e(title)}</h3>')
        self._games(r.games, out)
        note = r.k.note if r.k else (r.initial.why if r.initial else "")
        end = self.notes.get(note)
        if end is None:
            end = self.notes[note] = f'{TABLE_END}<p class="note">{e(self.lang.say(note))}</p></div>'
        out.append(end)

    def _games(self, games: tuple[RatedGame, ...], out: list[str]) -> None:
        """Appends the table of ``games`` to ``out`` but its end."""
        kept = self._kept(games)
        layout = self.layouts.get(kept) or self.layouts.setdefault(kept, _GamePieces(kept, self.lang))
        rounds, opponents, ratings, results = layout.rounds, layout.opponents, layout.ratings, layout.results
        out.append(layout.start)
        for g in games:
            number = rounds.get(g.round)
            if number is None:
                number = rounds[g.round] = layout.round.format(e(g.round))
            who = opponents.get(g.opponent)
            if who is None:
                who = opponents[g.opponent] = layout.opponent.format(*self._opponent(g.opponent))
            key = (g.used_rating, g.opponent_rating, g.provisional)
            rating = ratings.get(key)
            if rating is None:
                rating = ratings[key] = layout.rating.format(e(opponent_rating(g)))
            key = (id(g.score), g.expected, id(g.delta))  # equal values are mostly shared objects
            result = results.get(key)
            if result is None:
                decimal = self.lang.number
                result = results[key] = layout.result.format(
                    e(decimal(short_text(g.score))), "" if g.expected is None else decimal(hundredths(g.expected)),
                    "" if g.delta is None else e(decimal(signed(g.delta))))
            out += (number, who, rating, result)

    def _opponent(self, start_number: int | None) -> tuple[str, str]:
        """An opponent's No and Opponent cells."""
        who = self.opponents.get(start_number)
        if who is None:
            who = self.opponents[start_number] = (e(start_number), e(self.name_of(start_number)))
        return who

    def _filled(self, g: RatedGame) -> tuple[bool, ...]:
        """Whether ``g`` fills each of :data:`GAME_COLUMNS` (Rating used and Score always do)."""
        return (g.round is not None, g.opponent is not None, self._opponent(g.opponent)[1] != "", True, True,
                g.expected is not None, g.delta is not None)

    def _kept(self, games: tuple[RatedGame, ...]) -> tuple[int, ...]:
        """The columns some game fills, as :func:`table_of_cells` keeps them; mostly the first
        game fills them all (not an unrated player's: his games have no PD and dR)."""
        if all(self._filled(games[0])):
            return _ALL_GAME_COLUMNS
        return tuple(i for i, column in enumerate(zip(*map(self._filled, games), strict=True)) if any(column))


_ALL_GAME_COLUMNS = tuple(range(len(GAME_COLUMNS)))


class _GamePieces:
    """The pieces of a game's row in the tables that keep the columns ``kept``: the templates
    (for ``str.format``) of its round, its opponent (No, Opponent), the rating used and its
    result (Score, PD, dR), and the pieces already made from them. The rating is a piece of its
    own: a capped one ("2800* (3100)") is nearly unique to its game."""

    def __init__(self, kept: tuple[int, ...], lang):
        self.start = table_start(GAME_COLUMNS, kept, lang)
        self.round = "<tr>" + self._template(kept, range(0, 1))
        self.opponent = self._template(kept, range(1, 3))
        self.rating = self._template(kept, range(3, 4))
        self.result = self._template(kept, range(4, 7)) + "</tr>"
        self.rounds: dict = {}  # round -> piece
        self.opponents: dict = {}  # start number -> piece
        self.ratings: dict = {}  # (rating used, opponent's rating, provisional) -> piece
        self.results: dict = {}  # (id of the score, PD, id of dR) -> piece

    @staticmethod
    def _template(kept: tuple[int, ...], columns: range) -> str:
        """The cells of the kept ones among ``columns``, each a field numbered from 0 in ``columns``."""
        return "".join(cell(GAME_COLUMNS[i], f"{{{n}}}") for n, i in enumerate(columns) if i in kept)


#: Bars per printed chart: an A4 page holds about 55 of them, a chart never runs over a page
#: break (an SVG is not split by the browser) and the heading stays with the first one.
CHART_ROWS = 50


def chart(report: RatingReport) -> list[str]:
    """Horizontal bars of the rounded changes, one per rated player, as inline SVG, in charts
    of at most :data:`CHART_ROWS` bars on one scale; as the section's parts."""
    rated = report.rated
    if not rated:
        return []
    top = max(max(abs(line.result.change) for line in rated), 1)
    shapes = {change: _shape(change, top) for change in {line.result.change for line in rated}}
    parts = [_bars(rated[i:i + CHART_ROWS], shapes) for i in range(0, len(rated), CHART_ROWS)]
    heading = e(report.basis.lang.say(msg("Rating changes")))
    return [f'<section id="chart"><div class="keep"><h2>{heading}</h2>{parts[0]}</div>', *parts[1:], "</section>"]


#: A chart's geometry: the height of a bar's row, the length of the longest bar (either side of
#: the axis) and the width of the names before it.
_ROW, _HALF, _LABEL = 14, 150, 220


def _shape(change: int, top: int) -> tuple[str, str, str]:
    """The bar of a change on a chart whose longest bar is ``top`` points: its start, its length
    (one decimal) and its colour (the same for every player with that change)."""
    length = Fraction(abs(change) * _HALF, top)
    x = _LABEL + _HALF - length if change < 0 else _LABEL + _HALF
    return fixed(x, 1), fixed(length, 1), "#a00" if change < 0 else "#060"


def _bars(rated, shapes: dict[int, tuple[str, str, str]]) -> str:
    row, half, label = _ROW, _HALF, _LABEL
    width, height = label + 2 * half + 50, row * len(rated) + 10
    bars = []
    for i, line in enumerate(rated):
        p, change = line.player, line.result.change
        y = 5 + i * row
        x, length, colour = shapes[change]
        bars.append(
            f'<text x="{label - 6}" y="{y + 10}" text-anchor="end" font-size="9">{e(f"{p.start_number}. {p.name[:30]}")}</text>'
            f'<rect x="{x}" y="{y + 2}" width="{length}" height="{row - 4}" fill="{colour}"/>'
            f'<text x="{label + 2 * half + 6}" y="{y + 10}" font-size="9">{change:+d}</text>')
    axis = f'<line x1="{label + half}" y1="0" x2="{label + half}" y2="{height}" stroke="#333"/>'
    return (f'<svg class="keep" xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {width} {height}" '
            f'role="img" aria-label="rating change per player">{"".join(bars)}{axis}</svg>')


def render_html(report: RatingReport) -> str:
    lang = report.basis.lang
    say = lang.say
    content = [_verdict(report), *_rated(report), _unrated(report), _without_game(report), _totals(report),
               *chart(report)]
    if any(line.result.games for line in report.lines):
        heading = say(msg("Per-player detail"))
        content.append(f'<section id="detail"><h2>{e(heading)}</h2>')
        write = _Details(report).write
        for line in report.lines:
            write(line, content)
        content.append("</section>")
    name = report.event_line(lang)[0]
    return page(say(msg("Rating report: {event}", event=name)), say(msg("FIDE rating report")),
                facts(report.facts(lang)), report.basis, content, caveats=False)
