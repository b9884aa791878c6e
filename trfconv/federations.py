"""FIDE's federations by their three-letter codes, dated: which code is FIDE's on a day.

The table (``federations.toml`` beside this module) holds every code on FIDE's rating server
and the former codes a source dates (Yugoslavia until 2004, Serbia and Montenegro 2004-2006,
the USSR until 1990), each with its source. A player's or an event's federation (TRF 032) is
checked against it on the event's date: a code that is not FIDE's then is reported (a warning
for a player; the rating server needs the event's, ``check --upload``). The Title Regulations
count federations (B.01 1.4.2a: opponents from non-FIDE federations are not counted) with
:func:`federation` too: ``member`` is False for FIDE's own flag (FID).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache

from .messages import Message, msg


@dataclass(frozen=True)
class Federation:
    """One code of the table: its name, the days it is FIDE's (``since`` inclusive, ``until``
    exclusive; None: open), whether it is a member federation, and its source."""

    code: str
    name: str
    since: date | None
    until: date | None
    member: bool
    source: str

    def on(self, day: date | None) -> bool:
        """Whether the code is FIDE's on ``day`` (None: today's codes)."""
        if day is None:
            return self.until is None
        return (self.since is None or self.since <= day) and (self.until is None or day < self.until)


@cache
def table() -> dict[str, Federation]:
    """Every code of the table, read once."""
    import tomllib
    from pathlib import Path

    data = tomllib.loads((Path(__file__).with_name("federations.toml")).read_text(encoding="utf-8"))
    sources = data["sources"]
    return {code: Federation(code, row["name"], row.get("from"), row.get("until"), row.get("member", True),
                             sources[row["source"]])
            for code, row in data["federations"].items()}


def federation(code: str | None, day: date | None = None) -> Federation | None:
    """The federation whose code ``code`` is (case aside) on ``day`` (None: today), else None."""
    found = table().get((code or "").strip().upper())
    return found if found is not None and found.on(day) else None


def unknown(code: str, day: date | None = None) -> Message:
    """Why ``code`` is no FIDE federation on ``day``: a former code says until when it was."""
    found = table().get(code.strip().upper())
    if found is None:
        return msg("{code} is not the code of a FIDE federation", code=repr(code))
    # no longer FIDE's on ``day`` or today (no day given), else not yet: its first day
    if found.until is not None and (day is None or day >= found.until):
        when = msg("until {day}", day=found.until - timedelta(days=1))
    else:
        when = msg("from {day}", day=found.since)
    if day is None:
        return msg("{code} was FIDE's code for {name} {when}, not today", code=repr(code), name=found.name, when=when)
    return msg("{code} was FIDE's code for {name} {when}, not on {day}", code=repr(code), name=found.name, when=when,
               day=day)
