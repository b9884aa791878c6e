"""The period's new ratings in FIDE's single-type list layout (the fixed-width TXT of
``standard_oct26frl.txt``: ID, name, federation, sex, titles, then the rating column headed by the
list's month, games, K, birth year, flag), one line per player with a FIDE ID and a new rating:
a rated player's rating after the period, an unrated player's published Ru. ``Gms`` is the
games rated in the period; ``K`` the K used for it (blank for a first rating: the list's K of a
new player is FIDE's to set). Name, federation, sex, title and birth year are as the player's
first event of the period writes them; the columns that trfconv does not know are blank."""

from __future__ import annotations

from ...dates import PartialDate
from ...rules.rating.period import PlayerPeriod
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
    born = player.birth_date.year if isinstance(player.birth_date, PartialDate) else ""
    k = p.k.before_cap or p.k.k if p.k is not None else ""
    return (f"{p.key:<15}{player.name[:60]:<61}{(player.federation or '')[:3]:<4}{sex:<4}{open_title:<5}"
            f"{women:<5}{'':<15}{'':<4}{p.new_rating:<6}{p.n:<4}{k:<3}{born:<6}{'':<4}")


def render_fide(report: PeriodReport) -> str:
    month = report.period.month
    code = f"{_MONTHS[int(month[5:]) - 1]}{month[2:4]}"
    return "\r\n".join([_HEADER.format(code=code), *map(_line, report.listed)]) + "\r\n"
