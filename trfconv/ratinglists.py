"""FIDE rating lists: import them into an embedded database, look players up, hold tournament
files against the list in force, take ratings and K from it, fill what a file is missing.

    >>> import os, tempfile
    >>> from trfconv import ratinglists
    >>> db = os.path.join(tempfile.mkdtemp(), "lists.sqlite")
    >>> info = ratinglists.import_list("fixtures/ratinglists/standard_oct26frl.txt", db=db)  # month from the file
    >>> info.month, info.players
    ('2026-10', 11)
    >>> lists = ratinglists.open_lists(db)
    >>> lists.player(90100011).rating("standard").rating                  # an invented player
    2612
    >>> [(m.entry.fide_id, m.score) for m in lists.find("Toren Vardanel", fed="NED")]
    [(90100011, 100)]

and, on a tournament: ``crosscheck(t, lists, "standard")`` (diagnostics LST001 …),
``fill(t, lists, "standard")`` (filled, diagnostics) and ``rated_from_list(t, lists, "standard")``
(rated as the list, K by FIDE id, diagnostics).

Where the parts are, by layer: :mod:`trfconv.list_entry` (ListEntry, Rating) and
:mod:`trfconv.names` (name comparison) beside the model; :mod:`trfconv.io.ratinglist` (TXT
header -> columns, the streaming TXT/XML/zip reader, the SQLite database); and
:mod:`trfconv.rules.ratinglist` (the list in force, K and rating from it, the cross-check, the
fill), which read the model and the look-up object they are given, never a file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from .actions import Action
from .diagnostics import diagnostic
from .io.ratinglist.parse import (
    ListError,
    ListFile,
    kind_from_name,
    month_from_name,
    open_list_file,
)
from .io.ratinglist.store import Match, SourceInfo, Store, StoreError, default_path
from .list_entry import KINDS, ListEntry, Rating
from .rules.ratinglist.crosscheck import crosscheck
from .rules.ratinglist.fill import fill
from .rules.ratinglist.inforce import Lookup, Pinned, event_list, k_and_rating, rated_from_list

__all__ = ["KINDS", "ListEntry", "ListError", "Lookup", "Match", "Pinned", "Rating", "SourceInfo", "Store", "StoreError",
           "crosscheck", "default_path", "event_list", "fill", "import_list", "k_and_rating", "open_lists",
           "rated_from_list"]

_MONTH = re.compile(r"(\d{4})-(0[1-9]|1[0-2])")


def open_lists(db: str | os.PathLike | None = None) -> Store:
    """The rating lists database at ``db`` (default: :func:`default_path`), for look-ups."""
    return Store(db)


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
