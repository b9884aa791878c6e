"""The arbiters of an event with what FIDE's rating list says of them: the arbiters the 102/112
records name (:mod:`trfconv.arbiter_records`), their arbiter titles from the list's OTit column
(IA, FA, NA) when it holds their FIDE ID at the event's start, else as the record writes them.
Shared by the title norms (B.01 1.1: the Chief Arbiter an IA or FA, no appointed arbiter
playing), the arbiters' norms (B.06.1) and the checks before upload."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..arbiter_records import CHIEF, NamedArbiter, named_arbiters
from ..list_entry import ListEntry
from ..model import Tournament
from .ratinglist.inforce import Lookup

#: The arbiter titles of the list's OTit column.
ARBITER_TITLES = ("IA", "FA", "NA")


@dataclass(frozen=True)
class Arbiter:
    """One arbiter of the event: the record (``102``, ``112#2``), the role, the name as written
    (without the title and the ID), the FIDE ID, the arbiter titles held (None: not known), where
    they come from, and the list's entry (None: no list, or not on it)."""

    record: str
    role: str
    name: str
    fide_id: str | None
    titles: tuple[str, ...] | None
    titles_from: str
    listed: ListEntry | None = None

    @property
    def chief(self) -> bool:
        return self.role == CHIEF


def list_month(t: Tournament, lookup: Lookup | None) -> str | None:
    """The month of the standard list in force at the event's start (None: no list)."""
    if lookup is None:
        return None
    start = t.event.start_date if isinstance(t.event.start_date, date) else "9999-12"
    return lookup.in_force(start, "standard")


def arbiters(t: Tournament, lookup: Lookup | None = None) -> tuple[Arbiter, ...]:
    """The arbiters of the 102 and 112 records, in order; titles from the list in force at the
    start when it holds the FIDE ID, else as the record writes them (none written: not known)."""
    month = list_month(t, lookup)
    return tuple(_with_list(a, lookup, month) for a in named_arbiters(t.event))


def _with_list(a: NamedArbiter, lookup: Lookup | None, month: str | None) -> Arbiter:
    listed = lookup.player(int(a.fide_id), month) if lookup is not None and a.fide_id and month else None
    if listed is not None:
        return Arbiter(a.record, a.role, a.name, a.fide_id,
                       tuple(x for x in listed.other_titles if x in ARBITER_TITLES), f"the list of {month}", listed)
    return Arbiter(a.record, a.role, a.name, a.fide_id, a.titles or None, "the record")
