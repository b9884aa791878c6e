"""The list check: the players of a file held against the FIDE rating list in force at the
event's start, for its rate of play (LST001-LST013), each finding at the player's line: what
``check`` adds with a list, alone (the page's "check the players against the list")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..diagnostics import has_errors
from ..io.files import MAX_INPUT_BYTES
from .inputs import Given, Lists, Params, name_of, tournament
from .lists import against_list, lookup_of
from .result import Exit, JobResult, Problem, stopped


@dataclass(frozen=True)
class ListCheck(Params):
    """The file, and the rating lists (the list in force at the event's start, or one month's)."""

    name: ClassVar[str] = "list-check"
    job: ClassVar[str] = "trfconv.jobs.listcheck:list_check"

    file: Given
    lists: Lists = field(default_factory=Lists)
    encoding: str | None = None
    max_bytes: int = MAX_INPUT_BYTES


def list_check(params: ListCheck) -> JobResult:
    """The cross-check's findings (exit 1 when one is an error)."""
    from ..rules.rateability import rating_list

    lists = lookup_of(params.lists)
    if isinstance(lists, Problem):
        return stopped(params.name, lists)
    t = tournament(params.file, encoding=params.encoding, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return stopped(params.name, t, file=name_of(params.file))
    found = against_list(t, lists, rating_list(t))
    if isinstance(found, Problem):
        return stopped(params.name, found, file=name_of(params.file), tournament=t)
    return JobResult(params.name, Exit.PROBLEMS if has_errors(found) else Exit.OK, name_of(params.file), t,
                     diagnostics=tuple(found))
