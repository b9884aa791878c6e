"""The players as FIDE saw them at the event's start (1.4.6a: "the rating list in effect at the
start of the event"): titles, rating, federation and sex from the standard list in force when a
list look-up is given, else from the file's own columns (a caveat says so)."""

from __future__ import annotations

from dataclasses import dataclass

from ...actions import Action
from ...diagnostics import Diagnostic, diagnostic
from ...messages import msg, plural
from ...model import Player, Tournament
from ..ratinglist.inforce import Lookup, event_list


@dataclass(frozen=True, slots=True)
class Person:
    """A player's facts for the norm rules. ``titles`` are the chess titles held (open and
    women's); ``woman`` None when neither the list nor the file says; ``origin`` where the facts
    come from (``FIDE standard list 2026-10`` or ``the file``, a message)."""

    start_number: int
    name: str
    fide_id: str | None
    titles: frozenset[str]
    rating: int | None
    federation: str | None
    woman: bool | None
    origin: str


def from_file(p: Player) -> Person:
    """The file's columns (title, rating, federation, sex 10)."""
    sex = (p.sex or "").lower()
    return Person(p.start_number, p.name, p.fide_id, frozenset({p.title} if p.title else ()), p.rating,
                  (p.federation or "").strip().upper() or None,
                  True if sex in ("w", "f") else False if sex == "m" else None, THE_FILE)


#: Where a player's facts come from when no list gives them.
THE_FILE = msg("the file")
#: Holding the event against the FIDE list in force, as each face words it (``--list``, the page's box).
GIVE_LIST = Action("give-list", purpose=msg("to use the FIDE list in force"))


def people(t: Tournament, lookup: Lookup | None) -> tuple[dict[int, Person], list[Diagnostic]]:
    """Every player's facts by start number, and what to say about where they come from:
    ``NRM002`` without a list; with one, the list in force (``LST012``/``LST013``) and ``NRM004``
    naming the players the list does not hold (their file's columns are used)."""
    path = t.source.path
    file_people = {p.start_number: from_file(p) for p in t.players}
    if lookup is None:
        return file_people, [diagnostic("NRM002", msg("opponents' titles, ratings, federations and sex are the "
                                                      "file's own columns, not those of the FIDE list in force at the "
                                                      "start (1.4.6a)"), path=path, actions=(GIVE_LIST,))]
    month, said = event_list(t, lookup, "standard")
    if month is None:
        return file_people, [*said, diagnostic("NRM002", msg("no FIDE standard list is held for the event's start: "
                                                             "titles, ratings, federations and sex are the file's "
                                                             "columns (1.4.6a)"), path=path)]
    out, missing = in_list(t, lookup, month)
    if missing:
        shown = ", ".join(f"#{n}" for n in missing[:12]) + (" …" if len(missing) > 12 else "")
        said.append(diagnostic("NRM004", plural("{n} player(s) not in the FIDE standard list of {month} (no FIDE id, or "
                                                "not listed): {shown}; their file's columns are used",
                                                "{n} player(s) not in the FIDE standard list of {month} (no FIDE id, or "
                                                "not listed): {shown}; their file's columns are used",
                                                n=len(missing), month=month, shown=shown), path=path))
    return out, said


def in_list(t: Tournament, lookup: Lookup, month: str) -> tuple[dict[int, Person], list[int]]:
    """Every player's facts in the standard list of ``month`` (the file's columns for those it does
    not hold), and the start numbers of those."""
    out: dict[int, Person] = {}
    missing: list[int] = []
    origin = msg("FIDE standard list {month}", month=month)
    for p in t.players:
        digits = p.fide_id if p.fide_id and p.fide_id.isascii() and p.fide_id.isdigit() else None
        entry = lookup.player(int(digits), month) if digits else None
        if entry is None:
            missing.append(p.start_number)
            out[p.start_number] = from_file(p)
            continue
        rating = entry.rating("standard")
        out[p.start_number] = Person(
            p.start_number, p.name, p.fide_id, frozenset(entry.titles), rating.rating if rating else None,
            entry.federation.strip().upper() or None, (entry.sex or "").upper() == "F",
            origin)
    return out, missing
