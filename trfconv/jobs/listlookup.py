"""``list show`` and ``list find``: players looked up in a FIDE rating list held, by FIDE ID or
by the names closest to the one given (in any order, with or without accents)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..io.ratinglist.store import Match
from ..messages import msg
from .inputs import Lists, Params
from .lists import held_month, store
from .result import Exit, JobResult, Problem, stopped


@dataclass(frozen=True)
class ListLookup(Params):
    """A FIDE ID or a name; the database and the month of the list (None: the latest held); only
    players of a federation; at most ``limit`` players by name; ``by_id``: the query is a FIDE ID
    (True), a name (False), or a FIDE ID when it is digits (None)."""

    name: ClassVar[str] = "list-lookup"
    job: ClassVar[str] = "trfconv.jobs.listlookup:list_lookup"

    query: str
    lists: Lists = field(default_factory=Lists)
    fed: str | None = None
    limit: int = 10
    by_id: bool | None = None


@dataclass(frozen=True)
class Found:
    """The month of the list looked in, and the players found, best first (a FIDE ID's entry has
    the score 100)."""

    month: str
    matches: tuple[Match, ...]


def list_lookup(params: ListLookup) -> JobResult[Found]:
    """The players found (exit 1 when none)."""
    lists = store(params.lists)
    if isinstance(lists, Problem):
        return stopped(params.name, lists)
    month = held_month(lists, params.lists.month)
    if isinstance(month, Problem):
        return stopped(params.name, month)
    query = params.query.strip()
    if not query:
        return stopped(params.name, Problem(msg("give a name or a FIDE ID"), about="query"))
    digits = query.isascii() and query.isdigit()
    if params.by_id and not digits:
        return stopped(params.name, Problem(msg("not a number"), about="query", given=query))
    if params.by_id or (params.by_id is None and digits):
        entry = lists.player(int(query), month)
        matches: tuple[Match, ...] = (Match(entry, 100),) if entry is not None else ()
    else:
        matches = tuple(lists.find(query, fed=params.fed, month=month, limit=params.limit))
    return JobResult(params.name, Exit.OK if matches else Exit.PROBLEMS, value=Found(month, matches))
