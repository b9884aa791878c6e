"""The period's new ratings in FIDE's single-type list layout (the fixed-width TXT of
``standard_oct26frl.txt``: ID, name, federation, sex, titles, then the rating column headed by the
list's month, games, K, birth year, flag), one line per player with a FIDE ID and a new rating:
a rated player's rating after the period, an unrated player's published Ru. ``Gms`` is the
games rated in the period; ``K`` the next list's K (8.3.3: 2400 reached, junior, 30 games
completed; :func:`~trfconv.rules.rating.k.next_k`). Name, federation, sex, title and birth year are as the player's
first event of the period writes them (birth year 0 when unknown, as FIDE writes it); the columns
that trfconv does not know are blank. Saved under FIDE's name (:func:`file_name`), the file imports
back with ``trfconv list import`` as the list it is."""

from __future__ import annotations

from ...dates import PartialDate
from ...rules.rating.period import PeriodRating, PlayerPeriod
from .model import PeriodReport

_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
_HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
           "           FOA {code} Gms K  B-day Flag")
_WOMEN_TITLES = {"WGM", "WIM", "WFM", "WCM"}


def _line(p: PlayerPeriod) -> str:
    player = p.player
    sex = {"m": "M", "w": "F", "f": "F"}.get((player.sex or "").lower(), "")
    title = player.title or ""
    open_title, women = ("", title) if title in _WOMEN_TITLES else (title, "")
    born = player.birth_date.year if isinstance(player.birth_date, PartialDate) else 0
    k = p.next_k[0] if p.next_k is not None else ""
    return (f"{p.key:<15}{player.name[:60]:<61}{(player.federation or '')[:3]:<4}{sex:<4}{open_title:<5}"
            f"{women:<5}{'':<15}{'':<4}{p.new_rating:<6}{p.n:<4}{k:<3}{born:<6}{'':<4}")


def _code(month: str) -> str:
    return f"{_MONTHS[int(month[5:]) - 1]}{month[2:4]}"


def file_name(period: PeriodRating) -> str:
    """FIDE's name for the period's list (``standard_apr26frl.txt``): it tells the list's month and
    rate of play, which the single-type layout does not."""
    return f"{period.kind}_{_code(period.month).lower()}frl.txt"


def render_fide(report: PeriodReport) -> str:
    header = _HEADER.format(code=_code(report.period.month))
    return "\r\n".join([header, *map(_line, report.listed)]) + "\r\n"
