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

from .io.ratinglist.parse import ListError
from .io.ratinglist.store import Match, SourceInfo, Store, StoreError, default_path
from .jobs.listimport import import_list
from .list_entry import KINDS, ListEntry, Rating
from .rules.ratinglist.crosscheck import crosscheck
from .rules.ratinglist.fill import fill
from .rules.ratinglist.inforce import Lookup, Pinned, event_list, k_and_rating, rated_from_list

__all__ = ["KINDS", "ListEntry", "ListError", "Lookup", "Match", "Pinned", "Rating", "SourceInfo", "Store", "StoreError",
           "crosscheck", "default_path", "event_list", "fill", "import_list", "k_and_rating", "open_lists",
           "rated_from_list"]


def open_lists(db: str | os.PathLike | None = None) -> Store:
    """The rating lists database at ``db`` (default: :func:`default_path`), for look-ups."""
    return Store(db)
