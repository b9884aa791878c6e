"""The period's new ratings in FIDE's single-type list layout (the fixed-width TXT of
``standard_oct26frl.txt``: ID, name, federation, sex, titles, then the rating column headed by the
list's month, games, K, birth year, flag), one line per player with a FIDE ID and a new rating:
a rated player's rating after the period, an unrated player's published Ru. ``Gms`` is the
games rated in the period; ``K`` the next list's K (8.3.3: 2400 reached, junior, 30 games
completed; :func:`~trfconv.rules.rating.k.next_k`). Only these three columns are the period's: the
others (name, federation, sex, titles, women's and other titles, FOA title, birth year, flag) are
the previous list's, when the period was computed with one and the player is in it (a list moves
a player's rating, not who he is); else as the player's first event of the period writes them
(birth year 0 when unknown, as FIDE writes it), the columns that trfconv does not know blank. Saved under FIDE's name (:func:`file_name`),
the file imports back with ``trfconv list import`` as the list it is.

A text longer than its column (a name over 60 characters, a federation over 3) is cut to it, as
FIDE's own TXT lists cut names, and said: :func:`cut_values` gives one WRT001 warning for each.
A number never is: one wider than its column is written whole, and said, since it moves the
columns after it."""

from __future__ import annotations

from datetime import date

from ...dates import PartialDate
from ...diagnostics import Diagnostic, diagnostic
from ...list_entry import ListEntry
from ...rules.editions import edition_for
from ...rules.norms.rules import norm_rules
from ...rules.rating.period import PeriodRating, PlayerPeriod
from .model import PeriodReport

_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
_HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
           "           FOA {code} Gms K  B-day Flag")
#: The columns of a line: (label, width of the value, width with the blanks after it, a text).
_COLUMNS = (("ID", 14, 15, False), ("name", 60, 61, True), ("federation", 3, 4, True), ("sex", 3, 4, True),
            ("title", 4, 5, True), ("women's title", 4, 5, True), ("other titles", 14, 15, True),
            ("FOA title", 3, 4, True), ("rating", 5, 6, False), ("games", 3, 4, False), ("K", 2, 3, False),
            ("birth year", 5, 6, False), ("flag", 4, 4, True))


def _women_titles(month: str) -> frozenset[str]:
    """The women's titles (B.01 0.3.1, the edition in force on the list's first day): the list's
    ``WTit`` column, the others its ``Tit``."""
    return norm_rules(edition_for("b01", date(int(month[:4]), int(month[5:]), 1))).women_titles


def _values(p: PlayerPeriod, entry: ListEntry | None, women_titles: frozenset[str]) -> tuple[str, ...]:
    """The player's values, one per column of :data:`_COLUMNS`, uncut: rating, games and K of the
    period; the other columns as the previous list gives them (``entry``), else as his first event
    of the period writes them (his title in the column ``women_titles`` say)."""
    k = p.next_k[0] if p.next_k is not None else ""
    numbers = (str(p.new_rating), str(p.n), str(k))
    if entry is not None:
        return (p.key, entry.name, entry.federation, entry.sex or "", entry.title or "", entry.women_title or "",
                ",".join(entry.other_titles), entry.foa_title or "", *numbers, str(entry.birth_year or 0),
                entry.flag)
    player = p.player
    sex = {"m": "M", "w": "F", "f": "F"}.get((player.sex or "").lower(), "")
    title = player.title or ""
    open_title, women = ("", title) if title in women_titles else (title, "")
    born = player.birth_date.year if isinstance(player.birth_date, PartialDate) else 0
    return (p.key, player.name, player.federation or "", sex, open_title, women, "", "", *numbers, str(born), "")


def _line(values: tuple[str, ...]) -> str:
    return "".join((value[:width] if text else value).ljust(room)
                   for value, (_, width, room, text) in zip(values, _COLUMNS, strict=True))


#: The players whose list entries are looked up at once (a month's list written in bounded memory).
_BATCH = 1000


def _rows(report: PeriodReport):
    """Each listed player (:attr:`PeriodReport.listed`) with his values, in order, the list's
    entries looked up a batch at a time."""
    listed = report.listed
    women_titles = _women_titles(report.period.month)
    for start in range(0, len(listed), _BATCH):
        batch = listed[start:start + _BATCH]
        entries = report.identities(batch)
        for p in batch:
            yield p, _values(p, entries.get(int(p.key)), women_titles)


def cut_values(report: PeriodReport, path: str | None = None) -> list[Diagnostic]:
    """One WRT001 warning for each value of :func:`render_fide`'s lines wider than its column:
    a text cut, or a number written whole (the later columns then moved); ``path``: where the
    lines are written."""
    found = []
    for p, values in _rows(report):
        for value, (label, width, _, text) in zip(values, _COLUMNS, strict=True):
            if len(value) > width:
                fate = f"written as {value[:width]!r}" if text else "written whole: the columns after it move"
                found.append(diagnostic("WRT001", f"FIDE list layout, FIDE ID {p.key}: {label} {value!r} is "
                                                  f"{len(value)} characters, the column holds {width}; {fate}",
                                        path=path))
    return found


def _code(month: str) -> str:
    return f"{_MONTHS[int(month[5:]) - 1]}{month[2:4]}"


def file_name(period: PeriodRating) -> str:
    """FIDE's name for the period's list (``standard_apr26frl.txt``): it tells the list's month and
    rate of play, which the single-type layout does not."""
    return f"{period.kind}_{_code(period.month).lower()}frl.txt"


def render_fide(report: PeriodReport) -> str:
    header = _HEADER.format(code=_code(report.period.month))
    return "\r\n".join([header, *(_line(values) for _, values in _rows(report))]) + "\r\n"
