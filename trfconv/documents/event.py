"""The event's facts as every document heads with them (the event, its place, its dates, ...),
in the document's language: the facts' names, and the dates as a header says them."""

from __future__ import annotations

from datetime import date

from ..dates import PartialDate, as_text
from ..messages import ENGLISH, Language, msg
from ..model import Event

#: The facts' names, in the order the rating report gives them (the other documents take theirs).
FACTS = (msg("Event"), msg("Place"), msg("Dates"), msg("Chief arbiter"), msg("Rate of play"), msg("Players"),
         msg("Rounds"), msg("Rules"), msg("Judged as"))


def place(event: Event) -> str:
    """``Paris, FRA``: the city and the federation the file gives (empty when neither)."""
    return ", ".join(x for x in (event.city, event.federation) if x)


def dates(start: date | PartialDate | str | None, end: date | PartialDate | str | None,
          lang: Language = ENGLISH) -> str:
    """An event's dates as a header says them: ``2026-03-01 to 2026-03-09`` in English, ``du 1er
    mars 2026 au 9 mars 2026`` in French (one date when both are the same day there); a date that
    could not be read (or only in part) as written; empty when neither is known."""
    start, end = (d if d is None or isinstance(d, date | str) else str(d) for d in (start, end))
    if lang.english:
        return " to ".join(x for x in (as_text(start), as_text(end)) if x)
    first, last = (lang.date(d, long=True) for d in (start, end))
    return lang.say(msg("{start} to {end}", start=first, end=last)) if first and last and first != last \
        else first or last or ""
