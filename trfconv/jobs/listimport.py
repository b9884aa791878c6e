"""``list import``: a FIDE rating list file (any TXT layout or XML, zipped or not) imported into
the rating lists database, one month each, side by side; importing a month again replaces it
(all or nothing). The month and the rate of play are the file's, unless the person gives them;
where they disagree, or nothing tells, the import says so (LST033) and what to give."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from ..actions import Action
from ..diagnostics import diagnostic
from ..io.ratinglist.parse import ListError, ListFile, kind_from_name, month_from_name, open_list_file
from ..io.ratinglist.store import SourceInfo, Store, StoreError
from ..list_entry import KINDS
from .inputs import Lists, Params, paths
from .result import Exit, JobResult, Problem, stopped

_MONTH = re.compile(r"(\d{4})-(0[1-9]|1[0-2])")


@dataclass(frozen=True)
class ListImport(Params):
    """The list file; the database (``lists.db``; its month: the list's month, when the file does
    not tell it); the rate of play of a single-type list whose name does not say; ``progress(bytes
    read, bytes in all)``, told as the file is read."""

    name: ClassVar[str] = "list-import"
    job: ClassVar[str] = "trfconv.jobs.listimport:list_import"

    file: Path
    lists: Lists = field(default_factory=Lists)
    kind: str | None = None
    progress: Callable[[int, int], None] | None = field(default=None, compare=False)

    def inputs(self) -> tuple[Path, ...]:
        return paths(self.file)

    def outputs(self) -> tuple[Path, ...]:
        """The database, when it exists (a new one is made by the store, in the folder it says)."""
        return tuple(p for p in paths(self.lists) if p.is_file())


def list_import(params: ListImport) -> JobResult[SourceInfo]:
    """The import, and what was imported (its month, layout and counts)."""
    try:
        info = import_list(params.file, db=params.lists.db, month=params.lists.month, kind=params.kind,
                           progress=params.progress)
    except ListError as err:
        return stopped(params.name, Problem(err.diagnostic.message, path=str(params.file),
                                            actions=err.diagnostic.actions, diagnostics=(err.diagnostic,)))
    except StoreError as err:
        return stopped(params.name, Problem(err.why, path=str(err.path), actions=err.actions))
    return JobResult(params.name, Exit.OK, str(params.file), value=info)


def import_list(path: str | os.PathLike, *, db: str | os.PathLike | None = None, month: str | None = None,
                kind: str | None = None, progress: Callable[[int, int], None] | None = None) -> SourceInfo:
    """Import one list file (any TXT layout or XML, zipped or not) into the database ``db``.

    The month is ``month`` (``YYYY-MM``), else the one the file names (the month code heading a
    single-type list's rating column, or a name such as ``standard_oct26frl.zip``); the rate of
    play of a single-type list is ``kind``, else the one its name says (``rapid_rating_list``),
    and ``standard`` for a list before 2012 (rapid and blitz lists began in 2012). Where they
    disagree, or nothing tells, :class:`ListError` (``LST033``) asks for the option; a damaged
    file raises :class:`ListError` naming the line, and the database is left as it was.
    ``progress(bytes_read, bytes_total)`` is called as the file is read."""
    source = open_list_file(path)
    try:
        chosen_month = _month(source, month)
        kinds = _kinds(source, kind)
        report = (lambda done: progress(done, source.size)) if progress else None
        with Store(db) as store:
            return store.replace(source, chosen_month, kinds, report)
    finally:
        source.stream.close()


def _month(source: ListFile, given: str | None) -> str:
    if given is not None and not _MONTH.fullmatch(given):
        raise _unsure(source, f"the month given, {given!r}, is not a month YYYY-MM")
    told = {what: m for what, m in (("the month given", given), ("the header", source.month),
                                    ("the file name", month_from_name(source.name))) if m}
    if len(set(told.values())) > 1:
        raise _unsure(source, "the month is not clear: " + ", ".join(f"{m} from {w}" for w, m in told.items()))
    if not told:
        raise _unsure(source, "the file does not tell its month: give it", Action("give-month"))
    return next(iter(told.values()))


def _kinds(source: ListFile, given: str | None) -> tuple[str, ...]:
    if given is not None and given not in KINDS:
        raise _unsure(source, f"the rate of play given, {given!r}, is not one of {', '.join(KINDS)}")
    if source.kinds:
        if given is not None:
            raise _unsure(source, f"{source.description} list holds the three rates of play; a rate of play is "
                                  "given for single-type lists only")
        return source.kinds
    named = kind_from_name(source.name)
    if given and named and given != named:
        raise _unsure(source, f"the file name says {named}, the rate of play given says {given}")
    chosen = given or named or ("standard" if source.description == "pre-2012" else None)
    if chosen is None:
        raise _unsure(source, "the file does not tell whether it is the standard, rapid or blitz list: give it",
                      Action("give-kind"))
    return (chosen,)


def _unsure(source: ListFile, message: str, *actions: Action) -> ListError:
    return ListError(diagnostic("LST033", message, path=source.path, actions=actions))
