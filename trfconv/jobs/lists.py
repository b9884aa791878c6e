"""The FIDE rating lists as the jobs use them: the database opened for the choice given (the
list in force at each event's start, or one month's list), and an event held against the list
in force at its start, each problem said as a :class:`~trfconv.jobs.result.Problem` (what a
command line says on one line and exits 2 for)."""

from __future__ import annotations

from ..actions import Action
from ..diagnostics import Diagnostic
from ..io.ratinglist.store import Store, StoreError
from ..messages import msg
from ..model import Tournament
from ..rules.ratinglist.inforce import Lookup, Pinned, event_list
from .inputs import Lists
from .result import Problem

#: What to do when no list is held.
IMPORT_LIST = Action("import-list")


def store(choice: Lists, *, holding: bool = True) -> Store | Problem:
    """The rating lists database of ``choice``, or why it cannot be used: it cannot be read, or
    (``holding``: a list is wanted from it) it holds no list."""
    lists = Store(choice.db)
    try:
        held = lists.months()
    except StoreError as err:
        return Problem(err.why, path=str(err.path), actions=err.actions)
    if holding and not held:
        return Problem(msg("no rating list held"), path=str(lists.path), actions=(IMPORT_LIST,))
    return lists


def held_month(lists: Store, month: str | None, about: str = "lists") -> str | Problem:
    """The month asked for, or the latest held; a problem (about the parameter ``about``) when
    that month is not held."""
    held = lists.months()
    if month is None:
        return list(held)[-1]
    if month not in held:
        return Problem(msg("no list of that month is held ({held})", held=list(held)), about=about, given=month)
    return month


def lookup(choice: Lists | None) -> Lookup | Problem | None:
    """What ``choice`` asks for (:func:`lookup_of`); None without a choice."""
    return None if choice is None else lookup_of(choice)


def lookup_of(choice: Lists) -> Lookup | Problem:
    """The lists ``choice`` asks for: the lists (the one in force at an event's start is chosen
    per event) or, with a month, that month's list whatever the date; or why they cannot be used."""
    lists = store(choice)
    if isinstance(lists, Problem):
        return lists
    month = held_month(lists, choice.month)
    if isinstance(month, Problem):
        return month
    return Pinned(lists, month) if choice.month else lists


def against_list(t: Tournament, lists: Lookup, kind: str) -> list[Diagnostic] | Problem:
    """The cross-check of ``t`` against the ``kind`` list in force (LST001-LST013), each finding
    at the player's line; a problem when no ``kind`` list is in force at the event's start
    (``docs/rating-lists.md``: the list asked for is not held), saying which lists are held."""
    from ..rules.ratinglist.crosscheck import crosscheck

    month, said = event_list(t, lists, kind)
    if month is None:
        held_lists = lists.lookup if isinstance(lists, Pinned) else lists
        held = "; ".join(f"{m} ({', '.join(kinds)})" for m, kinds in held_lists.months().items())
        return Problem(msg("{message}; the lists held: {held}", message=said[0].message, held=held or msg("none")),
                       path=t.source.path)
    return crosscheck(t, lists, kind, locate=t.source.player_at)
