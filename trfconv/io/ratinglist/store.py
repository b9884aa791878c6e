"""The rating lists database: an embedded SQLite file holding every list imported, month by month.

Where it lives: ``--db PATH``, else the ``TRFCONV_DB`` environment variable, else
``ratinglists.sqlite`` in the user's data folder for trfconv (``platformdirs``; on Linux
``~/.local/share/trfconv``).

Layout. Each imported file is a *source* (table ``sources``: file, month, rates of play, layout,
counts) with its players in a table of its own, ``p<id>``, one stored line each (see
:mod:`.parse`), indexed on the SQL expressions that read the FIDE ID and the name from the line.
Nothing else is extracted at import: a player's other values are read from his line when he is
looked up, which keeps the import to a copy of the file and two indexes. Table ``serves`` says which
source gives each month's standard, rapid and blitz list: a combined list serves all three, a
single-type list one, so the standard, rapid and blitz files of one month make one month side
by side. Importing a source replaces, for its month, the kinds it brings, never another kind; a
source left serving nothing is dropped, except the month's combined list: it also *registers*
the month (``serves`` kind ``registered``), since it alone names every registered player (FIDE's
single-type lists leave out the players unrated in them), so it stays until another combined
list of the month replaces it. Table ``unrated`` keeps the games of players still unrated after a rating
period (``trfconv period --keep-unrated``), one row a game, so that a later period pools them
(B.02 2024 7.1.4); table ``first_events`` remembers in which period each newcomer played his first
event, even when its zero score was disregarded and nothing was kept (8.2.1: only the first
event's zero is disregarded); computing a period again replaces its month's rows.

An import is one transaction: the new table is filled, checked and indexed, the catalogue
updated and the replaced tables dropped, then everything is committed at once; any problem (a
damaged line, a repeated ID, an interruption) rolls it all back, and the database is as it was.
During the import SQLite does not wait for the disk (``synchronous=OFF``): an interrupted
process cannot damage the database, a power failure during the import could (import again).
The file is read and checked in a thread of its own while SQLite stores the lines read before
and keeps the name index up to date (SQLite works without Python's lock, so the two share two
cores; see :func:`_insert`); the ID index is sorted once all lines are in (:func:`_index`).

What goes wrong with the database is a :class:`StoreError`, one sentence: damaged (a page or the
header), not SQLite, another program's SQLite file (tables trfconv does not know: refused, never
written into), read-only, disk full, in use by another import for more than
:data:`BUSY_SECONDS`. A database named explicitly (``--db``, ``TRFCONV_DB``) in a folder that does
not exist is refused (a mistyped path would otherwise make a new, empty database); only the
default location's folder is made.
"""

from __future__ import annotations

import contextlib
import functools
import os
import queue
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

from ... import names
from ...actions import Action, voice
from ...diagnostics import diagnostic
from ...errors import TrfconvError
from ...list_entry import KINDS, KeptGame, ListEntry, Rating, title_code
from ...messages import Message, msg
from ...records import builder
from .layouts import Column, HeaderError, layout
from .parse import XML_LAYOUT, ListError, ListFile, Reader

ENVIRONMENT = "TRFCONV_DB"
#: How long a command waits for a database another process is writing (an import) before refusing.
BUSY_SECONDS = 5.0
#: The tables of a rating lists database; ``p<id>`` hold the players of each source.
_TABLES = frozenset({"sources", "serves", "unrated", "first_events"})
_PLAYERS = re.compile(r"p[0-9]+")
#: The fields of each kind in a combined list (a single-type list has ``rating``, ``games``, ``k``).
_KIND_FIELDS = {kind: (f"{kind}_rating", f"{kind}_games", f"{kind}_k") for kind in KINDS}
_SINGLE_FIELDS = ("rating", "games", "k")
#: What :meth:`Store._entry` builds its entries with (an event's players at once).
_new_entry = builder(ListEntry)
#: The most ratings :meth:`Store._entry` keeps to share (then it starts again).
_RATINGS_HELD = 100_000
#: FIDE IDs asked for in one query (:meth:`Store.players`; SQLite allows 32,766 parameters).
_BATCH = 500
#: The ``serves`` kind of the combined list that names every registered player of its month.
_REGISTERED = "registered"
_ORDER = {**{kind: i for i, kind in enumerate(KINDS)}, _REGISTERED: len(KINDS)}
#: Rows per INSERT statement (at most SQLite's limit of parameters): each statement run costs as
#: much as binding many values, and SQLite runs a statement without Python's lock, so a long one
#: lets the reading thread check the next chunk meanwhile.
_ROWS = 8192
_MONTH = re.compile(r"[0-9]{4}-(?:0[1-9]|1[0-2])")
#: Chunks of stored lines read ahead of SQLite (each about :data:`.parse.CHUNK` bytes of the file).
_AHEAD = 4
#: SQLite's sorter for the ID index: its memory (KiB) before it sorts what it holds and starts
#: again (a few MB sort faster than one large run: they stay in the processor's cache), and its
#: helper threads (sorting those runs beside the main thread; SQLite's ``PRAGMA threads``).
_SORT_KIB = 2048
_SORT_THREADS = min(2, os.cpu_count() or 1)
#: The page cache during an import (KiB): the name index kept up to date stays in memory.
_IMPORT_CACHE_KIB = 65536
#: One line in this many has its name compared with the one before, to tell a list in the order
#: of names (see :func:`_insert`).
_NAME_SAMPLE = 64
_SCHEMA = """
CREATE TABLE IF NOT EXISTS sources(
    id INTEGER PRIMARY KEY, month TEXT NOT NULL, kinds TEXT NOT NULL, file TEXT NOT NULL,
    layout TEXT NOT NULL, header TEXT, fields TEXT NOT NULL, imported TEXT NOT NULL,
    players INTEGER NOT NULL DEFAULT 0, rated TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS serves(
    month TEXT NOT NULL, kind TEXT NOT NULL, source INTEGER NOT NULL, PRIMARY KEY(month, kind)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS unrated(
    fide_id INTEGER NOT NULL, kind TEXT NOT NULL, month TEXT NOT NULL, event TEXT NOT NULL,
    opponent_rating INTEGER NOT NULL, score TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS unrated_player ON unrated(fide_id, kind, month);
CREATE TABLE IF NOT EXISTS first_events(
    fide_id INTEGER NOT NULL, kind TEXT NOT NULL, month TEXT NOT NULL, event TEXT NOT NULL,
    PRIMARY KEY(fide_id, kind, month)) WITHOUT ROWID;
"""


def default_path() -> Path:
    """The database used when no ``--db`` is given (see the module docstring)."""
    if os.environ.get(ENVIRONMENT):
        return Path(os.environ[ENVIRONMENT])
    import platformdirs

    return platformdirs.user_data_path("trfconv") / "ratinglists.sqlite"


class StoreError(TrfconvError):
    """The database cannot be used: ``why``, in one sentence; ``path`` is the database;
    ``actions``: what can be done about it (:mod:`trfconv.actions`)."""

    def __init__(self, path: Path, why: str, actions: tuple[Action, ...] = ()):
        super().__init__(msg("{path}: {why}", path=str(path), why=why))
        self.path, self.why, self.actions = path, why, actions

    def __str__(self) -> str:
        return f"{self.path}: {voice().words(self.why, self.actions)}"


#: SQLite's primary result codes (https://sqlite.org/rescode.html) -> what they mean here.
_WHY = {
    3: msg("permission denied"),
    6: msg("the database is locked by another program; try again when it has ended"),
    8: msg("the database is read-only (its file or folder cannot be written)"),
    10: msg("input/output error on the database file"),
    13: msg("disk full: the database could not grow; nothing was changed (free some space and try again)"),
    14: msg("cannot open the database file"),
    23: msg("permission denied"),
    26: msg("not a rating lists database: not an SQLite file, or its header is damaged"),
}
#: SQLite's codes of a busy database (said with how long it was waited for) and of a damaged one
#: (said with what was found).
_BUSY, _DAMAGED = 5, 11


def _damaged(detail) -> Message:
    """Why a damaged database cannot be used, ``detail`` saying what was found."""
    return msg("the database is damaged ({detail}); import the lists again into a new database", detail=detail)


def _said(method):
    """``method`` with any SQLite error turned into a :class:`StoreError` saying what it means."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as err:
            code = getattr(err, "sqlite_errorcode", None)
            code = code & 0xFF if code is not None else None
            if code == _BUSY:
                why = msg("the database is in use by another program (an import?) and stayed so for {seconds} "
                          "seconds; try again when it has ended", seconds=Decimal(f"{BUSY_SECONDS:g}"))
            else:
                why = _damaged(str(err)) if code == _DAMAGED else _WHY.get(code) or \
                    msg("the database cannot be used: {detail}", detail=str(err))
            raise StoreError(self.path, why) from None
    return wrapper


@dataclass(frozen=True)
class SourceInfo:
    """An imported file: its month, the rates of play it serves or served, what was counted."""

    id: int
    month: str
    kinds: tuple[str, ...]
    file: str
    layout: str
    imported: str
    players: int
    rated: dict[str, int]  #: players with a rating, per kind the file holds

    def __hash__(self) -> int:
        return self.id


@dataclass(frozen=True)
class Match:
    """A list entry found by name, and how close its name is to the one asked for (0-100)."""

    entry: ListEntry
    score: int


class Store:
    """An open rating lists database. ``path`` None: :func:`default_path`. A database that does
    not exist reads as empty; it is created by the first import."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self._named = path is not None or bool(os.environ.get(ENVIRONMENT))  # else its folder may be made
        self._con: sqlite3.Connection | None = None
        self._catalogue: tuple[dict[int, SourceInfo], dict[str, dict[str, SourceInfo]],
                               dict[str, SourceInfo]] | None = None
        self._readers: dict[int, Reader] = {}
        self._by_id: dict[int, str] = {}  # source -> the SQL that reads a player by FIDE ID
        self._by_ids: dict[int, str] = {}  # source -> the SQL that reads players by FIDE IDs ({} the IDs' ?)
        #: each rating read, by the values it was read from: many players share one (a month's list
        #: holds a few thousand different ratings, and most players are unrated), so that one
        #: Rating serves them all (it is immutable)
        self._ratings: dict[tuple, Rating] = {}

    # -- connection -------------------------------------------------------------------------
    def _connect(self, create: bool) -> sqlite3.Connection | None:
        if self._con is None:
            if not create and not self.path.exists():
                return None
            if self.path.is_dir():
                raise StoreError(self.path, msg("is a folder; give the database's file name"))
            folder = self.path.parent
            if create and not folder.is_dir():
                if self._named:
                    raise StoreError(self.path, msg("folder {folder} does not exist (no folder is made for a database "
                                                    "named); make it first, or give another database",
                                                    folder=repr(str(folder))), (Action("another-db"),))
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                except OSError as err:
                    raise StoreError(self.path, msg("cannot make its folder: {why}",
                                                    why=(err.strerror or str(err)).lower())) from None
            con = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_SECONDS)
            try:
                tables = {name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                foreign = sorted(t for t in tables if t not in _TABLES and not _PLAYERS.fullmatch(t)
                                 and not t.startswith("sqlite_"))
                if foreign:
                    raise StoreError(self.path, msg("another program's SQLite database (it holds table(s) {tables}{more}), "
                                                    "not trfconv's rating lists; give another database",
                                                    tables=foreign[:5], more=" …" if len(foreign) > 5 else ""),
                                     (Action("another-db"),))
                con.executescript(_SCHEMA)
            except BaseException:
                con.close()
                raise
            self._con = con
        return self._con

    def __getstate__(self) -> dict:
        """A copy for another process (a worker, :func:`~trfconv.io.many.in_workers`) is where the
        database is: it opens its own connection (SQLite's cannot be shared across processes)."""
        return {"path": self.path, "named": self._named}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["path"])
        self._named = state["named"]

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- what is held -----------------------------------------------------------------------
    @_said
    def _load(self) -> tuple[dict[int, SourceInfo], dict[str, dict[str, SourceInfo]], dict[str, SourceInfo]]:
        """The sources, per month held (oldest first) the source serving each kind, and the
        combined list registering each month (see the module docstring)."""
        if self._catalogue is None:
            con = self._connect(create=False)
            sources: dict[int, SourceInfo] = {}
            serves: dict[tuple[str, str], int] = {}
            if con is not None:
                for row in con.execute("SELECT id, month, kinds, file, layout, imported, players, rated, header, "
                                       "fields FROM sources ORDER BY id"):
                    sources[row[0]], reader = self._catalogued(row)
                    self._readers[row[0]] = reader
                    fide_id = _id_sql(reader)
                    self._by_id[row[0]] = f"SELECT line FROM p{row[0]} WHERE {fide_id} = ?"
                    self._by_ids[row[0]] = f"SELECT {fide_id}, line FROM p{row[0]} WHERE {fide_id} IN ({{}})"
                serves = {(m, k): s for m, k, s in con.execute("SELECT month, kind, source FROM serves")}
            for (month, kind), source in serves.items():
                if kind not in _ORDER or source not in sources or not isinstance(month, str) \
                        or not _MONTH.fullmatch(month):
                    raise self._damaged(f"the month {month!r} is served by {kind!r} from list {source!r}, which "
                                        "it does not hold")
            months: dict[str, dict[str, SourceInfo]] = {}
            registers: dict[str, SourceInfo] = {}
            for (month, kind), source in sorted(serves.items(), key=lambda i: (i[0][0], _ORDER[i[0][1]])):
                if kind == _REGISTERED:
                    registers[month] = sources[source]
                else:
                    months.setdefault(month, {})[kind] = sources[source]
            self._catalogue = (sources, months, registers)
        return self._catalogue

    def _catalogued(self, row: tuple) -> tuple[SourceInfo, Reader]:
        """The catalogue's entry of an imported list and how its stored lines read; a
        :class:`StoreError` (damaged) when a value is not what an import writes: a stored header
        that is no FIDE list header, rates of play, counts or fields that do not read (written by
        another program, or a damaged page read back)."""
        number, month, kinds, file, form, imported, players, rated, header, fields = row
        what = msg("its entry of list {list}", list=repr(file) if isinstance(file, str) else repr(number))
        texts = (month, kinds, file, form, imported, rated, fields)
        if not isinstance(number, int) or not isinstance(players, int) or not all(isinstance(t, str) for t in texts) \
                or not (header is None or isinstance(header, str)):
            raise self._damaged(msg("{what} holds a value of the wrong type", what=what))
        kinds_held = tuple(kinds.split(","))
        if not _MONTH.fullmatch(month) or not set(kinds_held) <= set(KINDS):
            raise self._damaged(msg("{what}: month {month} or rates of play {kinds} do not read", what=what,
                                    month=repr(month), kinds=repr(kinds)))
        names_read = tuple(fields.split(","))
        if "fide_id" not in names_read or "name" not in names_read:
            raise self._damaged(msg("{what}: its fields {fields} name no FIDE ID or name", what=what,
                                    fields=repr(fields)))
        try:
            counts = _counts(rated)
            read_as = layout(header) if header else XML_LAYOUT
        except (ValueError, HeaderError) as err:  # a count that is no number, a stored header that is none
            raise self._damaged(msg("{what} does not read ({err})", what=what, err=err.args[0])) from None
        if not set(counts) <= set(KINDS):
            raise self._damaged(msg("{what}: counts {counts} of rates of play it does not know", what=what,
                                    counts=repr(rated)))
        return (SourceInfo(number, month, kinds_held, file, form, imported, players, counts),
                Reader(read_as, names_read))

    def _damaged(self, what: str) -> StoreError:
        return StoreError(self.path, _damaged(msg("its catalogue of the lists imported: {what}", what=what)))

    def registered(self, month: str) -> bool:
        """Whether the lists of ``month`` name every registered player (a combined list is held):
        then an ID absent from them is unknown to FIDE; with single-type lists only, it is a
        player not rated in them."""
        return month in self._load()[2]

    def months(self) -> dict[str, dict[str, SourceInfo]]:
        """Each month held (oldest first) and, per kind, the source that serves it."""
        return self._load()[1]

    @_said
    def kept_games(self, fide_id: int | str, kind: str, since: str, before: str) -> list[KeptGame]:
        """The games kept for an unrated player from the periods of the lists ``since`` to
        ``before`` (``YYYY-MM``; ``before`` excluded), oldest first."""
        con = self._connect(create=False)
        if con is None:
            return []
        rows = con.execute("SELECT month, event, opponent_rating, score FROM unrated WHERE fide_id = ? AND kind = ? "
                           "AND month >= ? AND month < ? ORDER BY month, rowid", (int(fide_id), kind, since, before))
        return [KeptGame(month, event, rating, Fraction(score)) for month, event, rating, score in rows]

    @_said
    def first_event(self, fide_id: int | str, kind: str, before: str) -> str | None:
        """The first event of a newcomer remembered from a period before the list of ``before``
        (``YYYY-MM``), in words ("Winter (list of 2026-03)"); None when none is remembered."""
        con = self._connect(create=False)
        if con is None:
            return None
        row = con.execute("SELECT month, event FROM first_events WHERE fide_id = ? AND kind = ? AND month < ? "
                          "ORDER BY month LIMIT 1", (int(fide_id), kind, before)).fetchone()
        return None if row is None else f"{row[1]} (list of {row[0]})"

    @_said
    def keep_games(self, month: str, kind: str, games: dict[int, list[KeptGame]],
                   first_events: dict[int, str] | None = None) -> None:
        """Keep the games of the players still unrated after the period of the list of ``month``
        (by FIDE ID), and the newcomers whose first event was in it, replacing what that period
        kept before, in one transaction."""
        con = self._connect(create=True)
        con.execute("BEGIN")
        try:
            con.execute("DELETE FROM unrated WHERE month = ? AND kind = ?", (month, kind))
            con.execute("DELETE FROM first_events WHERE month = ? AND kind = ?", (month, kind))
            con.executemany("INSERT INTO unrated VALUES (?, ?, ?, ?, ?, ?)",
                            [(fide_id, kind, month, g.event, g.opponent_rating, str(g.score))
                             for fide_id, kept in games.items() for g in kept])
            con.executemany("INSERT INTO first_events VALUES (?, ?, ?, ?)",
                            [(fide_id, kind, month, event) for fide_id, event in (first_events or {}).items()])
            con.execute("COMMIT")
        except BaseException:
            _roll_back(con)
            raise

    def in_force(self, on: date | str, kind: str | None = None) -> str | None:
        """The month of the list in force on ``on`` (a date, or ``YYYY-MM``): the latest month
        held not after it, for ``kind`` when given (lists are published on the 1st of each
        month). None when no such list is held."""
        month = on if isinstance(on, str) else f"{on.year:04d}-{on.month:02d}"
        held = [m for m, kinds in self.months().items() if m <= month and (kind is None or kind in kinds)]
        return held[-1] if held else None

    def latest(self) -> str | None:
        months = list(self.months())
        return months[-1] if months else None

    # -- look-ups ---------------------------------------------------------------------------
    def player(self, fide_id: int | str, month: str | None = None) -> ListEntry | None:
        """The player with this FIDE ID in the list of ``month`` (default: the latest held)."""
        try:
            number = int(fide_id)
        except ValueError:
            return None
        return self.players([number], month).get(number)

    @_said
    def players(self, fide_ids, month: str | None = None) -> dict[int, ListEntry]:
        """The players of ``fide_ids`` (whole numbers) in the list of ``month`` (default: the
        latest held), by FIDE ID; those not in it are left out. One query per source for a batch
        of IDs, not one per player (an event's players at once)."""
        month = month or self.latest()
        served = self.months().get(month or "", {})
        registry = self._load()[2].get(month or "")
        sources = list(dict.fromkeys([*served.values(), *([registry] if registry else [])]))
        numbers = list(dict.fromkeys(n for n in fide_ids if 0 <= n < 1 << 63))  # what SQLite's integers hold
        found = [self._lines(source.id, numbers) for source in sources]
        out = {}
        for number in numbers:
            rows = {source: self._values(source.id, lines[number])
                    for source, lines in zip(sources, found, strict=True) if number in lines}
            if rows:
                out[number] = self._entry(rows, served, month)
        return out

    def _lines(self, source: int, numbers: list[int]) -> dict[int, str]:
        """The stored lines of ``source`` of the players ``numbers``, by FIDE ID."""
        if len(numbers) == 1:
            row = self._con.execute(self._by_id[source], numbers).fetchone()
            return {numbers[0]: row[0]} if row is not None else {}
        lines: dict[int, str] = {}
        sql = self._by_ids[source].format(", ".join("?" * _BATCH))
        for at in range(0, len(numbers), _BATCH):  # each chunk padded with -1 (no ID): one statement prepared
            chunk = numbers[at:at + _BATCH]
            lines.update(self._con.execute(sql, chunk + [-1] * (_BATCH - len(chunk))))
        return lines

    @_said
    def find(self, name: str, fed: str | None = None, month: str | None = None, limit: int = 10) -> list[Match]:
        """The entries whose names are closest to ``name`` (accents, case, punctuation and word
        order do not matter; see :mod:`.names`), best first, in ``fed`` when given.

        Candidates are found through the name index, in widening stages until one holds a
        close name (90 or more): the names that start as the list writes them (``Surname,
        Given``) with two words of the query in either order, or with a phrase of it (compound
        surnames); then those that start with one word of the query (the surname comes first
        in the list, whatever the query's order); then with the first three letters of a word
        (transliterations). rapidfuzz scores them (token-set ratio, then token-sort ratio to
        break ties); only the best are read in full."""
        from rapidfuzz import fuzz, process
        from rapidfuzz.utils import default_process

        month = month or self.latest()
        served = self.months().get(month or "", {})
        query = names.key(name)
        if not served or not query:
            return []
        words = names.words(name)[:6]
        written = {w for w in name.casefold().replace(",", " ").split()[:6] if len(w) > 1}
        phrases = {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 2, min(i + 4, len(words) + 1))}
        stages = (
            ({f"{a}, {b}" for a in words for b in words if a != b} | phrases, 200),
            (written | {w for w in words if len(w) > 1}, 1000),
            ({w[:3] for w in words if len(w) >= 3}, 3000),
        )
        scored: dict[tuple[int, int], tuple[int, int]] = {}  # (source, rowid) -> (score, order score)
        for probes, cap in stages:
            for source in dict.fromkeys(served.values()):
                candidates = {rowid: text if text.isascii() else names.key(text)
                              for rowid, text in self._candidates(source, probes, cap)}
                for text, score, rowid in process.extract(query, candidates, scorer=fuzz.token_set_ratio,
                                                          processor=default_process, limit=None, score_cutoff=50):
                    ranking = (int(score), int(fuzz.token_sort_ratio(query, text, processor=default_process)))
                    scored[(source.id, rowid)] = max(scored.get((source.id, rowid), ranking), ranking)
            if any(score >= 90 for score, _ in scored.values()):
                break
        out: list[Match] = []
        seen: set[int] = set()
        for (source, rowid), (score, _) in sorted(scored.items(), key=lambda item: (-item[1][0], -item[1][1], item[0])):
            (line,) = self._con.execute(f"SELECT line FROM p{source} WHERE rowid = ?", (rowid,)).fetchone()
            values = self._values(source, line)
            number = int(values["fide_id"])
            if number in seen or (fed and values.get("federation", "").upper() != fed.upper()):
                continue
            seen.add(number)
            out.append(Match(self.player(number, month), score))
            if len(out) == limit:
                break
        return out

    def _values(self, source: int, line: str) -> dict[str, str]:
        """The values of a stored line of ``source``; a :class:`StoreError` when they do not read
        (a value holding the separator U+001F, which lists imported by trfconv before it refused
        control characters could store)."""
        reader = self._readers[source]
        values = reader.values(line)
        if len(values) != len(reader.fields) or not values.get("fide_id", "").strip().isdigit():
            sources = self._load()[0]
            file = sources[source].file if source in sources else msg("source {number}", number=source)
            raise StoreError(self.path, msg("a player's stored line from {file} does not read (a control character in "
                                            "a value, stored by an earlier trfconv); import that list again",
                                            file=file))
        return values

    def _candidates(self, source: SourceInfo, probes, cap: int):
        """(rowid, name) of the players whose names start with a probe, at most ``cap`` a probe,
        found through the name index."""
        name = _name_sql(self._readers[source.id])
        for probe in probes:  # U+10FFFF sorts after every other character
            yield from self._con.execute(f"SELECT rowid, {name} FROM p{source.id} WHERE {name} >= ? COLLATE NOCASE "
                                         f"AND {name} < ? COLLATE NOCASE LIMIT {cap}", (probe, probe + "\U0010ffff"))

    def _entry(self, values: dict[SourceInfo, dict[str, str]], served: dict[str, SourceInfo],
               month: str) -> ListEntry:
        """One entry from the values the month's sources have for a player: identity from the
        first source that has him (standard, rapid, blitz), each kind's rating from its source
        (unrated when that list lacks him)."""
        first = next(iter(values))
        v = values[first]
        ratings = []
        made = self._ratings
        for kind, source in served.items():
            own = values.get(source)
            key: tuple[str, str | None, str | None, str | None, str, str]
            if own is None:  # unrated when that list lacks him
                key = (kind, None, None, None, month, source.file)
            else:
                rating, games, k = _KIND_FIELDS[kind] if _KIND_FIELDS[kind][0] in own else _SINGLE_FIELDS
                key = (kind, own.get(rating), own.get(games), own.get(k), month, source.file)
            shared = made.get(key)
            if shared is None:
                if len(made) >= _RATINGS_HELD:
                    made.clear()
                shared = made[key] = Rating(kind, _number(key[1], zero=None), _number(key[2]),
                                            _number(key[3], zero=None), month, source.file)
            ratings.append(shared)
        get = v.get
        flag = get("flag", "").lower()
        sex = get("sex") or None
        if "sex" not in v:  # lists before 2012: no sex column, the flag w marks women (legend)
            sex = "F" if "w" in flag else "M"
        other = get("other_titles", "")
        title, women_title = get("title", ""), get("women_title", "")
        return _new_entry(  # by position: ListEntry's field order
            int(v["fide_id"]), v["name"], get("federation", ""), sex, title_code(title) if title else None,
            title_code(women_title) if women_title else None,
            tuple(t.strip() for t in other.split(",") if t.strip()) if other else (), get("foa_title") or None,
            _number(get("birth_year"), zero=None), flag, month, first.file, tuple(ratings))

    # -- import -----------------------------------------------------------------------------
    @_said
    def replace(self, source: ListFile, month: str, kinds: tuple[str, ...],
                progress: Callable[[int], None] | None = None) -> SourceInfo:
        """Import ``source`` as the ``kinds`` lists of ``month``, in one transaction (see the
        module docstring). Raises :class:`ListError` (nothing changed) when the file is damaged."""
        con = self._connect(create=True)
        self._catalogue = None
        con.execute(f"PRAGMA cache_size = -{_IMPORT_CACHE_KIB}")
        con.execute("PRAGMA synchronous = OFF")
        con.execute("BEGIN IMMEDIATE")
        try:
            imported = time.strftime("%Y-%m-%dT%H:%M:%S%z")
            number = con.execute(
                "INSERT INTO sources(month, kinds, file, layout, header, fields, imported) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (month, ",".join(kinds), source.name, source.description,
                 None if source.xml else source.reader.layout.header, ",".join(source.reader.fields),
                 imported)).lastrowid
            table = f"p{number}"
            con.execute(f"CREATE TABLE {table}(line TEXT NOT NULL)")
            name_index = f"CREATE INDEX {table}_name ON {table}({_name_sql(source.reader)} COLLATE NOCASE)"
            con.execute(name_index)
            with _read_ahead(source, progress) as chunks:
                in_name_order = _insert(con, table, chunks, source.reader.layout.by_field["name"])
            if progress:  # all read: what follows is indexing
                progress(source.size)
            if not source.players:
                raise source.error("LST031", msg("the list holds no player"))
            _index(con, table, source)
            if not in_name_order:
                con.execute(name_index)
            rated = {kind: source.rated.get(f"{kind}_rating", source.rated.get("rating", 0)) for kind in kinds}
            con.execute("UPDATE sources SET players = ?, rated = ? WHERE id = ?",
                        (source.players, ",".join(f"{k}={n}" for k, n in rated.items()), number))
            registers = [_REGISTERED] if tuple(kinds) == KINDS else []
            con.executemany("INSERT OR REPLACE INTO serves(month, kind, source) VALUES (?, ?, ?)",
                            [(month, kind, number) for kind in (*kinds, *registers)])
            orphans = con.execute("SELECT id FROM sources WHERE id NOT IN (SELECT source FROM serves)").fetchall()
            for (orphan,) in orphans:
                con.execute(f"DROP TABLE IF EXISTS p{orphan}")
                con.execute("DELETE FROM sources WHERE id = ?", (orphan,))
            con.execute("COMMIT")
        except BaseException:
            _roll_back(con)
            raise
        finally:
            con.execute("PRAGMA synchronous = FULL")
            self._catalogue = None
        return self._load()[0][number]


def _roll_back(con: sqlite3.Connection) -> None:
    """Undo the transaction, when SQLite has not already (it does on a full disk, and a second
    ROLLBACK would hide why with "cannot rollback")."""
    if con.in_transaction:
        con.execute("ROLLBACK")


def _column_sql(column: Column) -> str:
    return f"substr(line, {column.start + 1}, {column.end - column.start})"


def _id_sql(reader: Reader) -> str:
    """The SQL expression that reads the FIDE ID from a stored line (indexed)."""
    return f"CAST({_column_sql(reader.layout.by_field['fide_id'])} AS INTEGER)"


def _name_sql(reader: Reader) -> str:
    """The SQL expression that reads the name (the indexed part of it) from a stored line."""
    return f"rtrim({_column_sql(reader.layout.by_field['name'])})"


@contextlib.contextmanager
def _read_ahead(source: ListFile, progress: Callable[[int], None] | None) -> Iterator[Iterator[list[str]]]:
    """The stored lines of ``source`` a chunk at a time, as :meth:`ListFile.lines` gives them, read
    and checked in a thread of their own up to :data:`_AHEAD` chunks ahead. What the reader
    raises (a :class:`ListError`) is raised here, after the chunks read before it, and
    ``progress`` is called here, after each chunk, as without the thread. Leaving the block stops
    the thread and waits for it (the file is closed after)."""
    items: queue.Queue = queue.Queue(maxsize=_AHEAD)
    stop = threading.Event()

    def put(item) -> bool:
        while not stop.is_set():
            try:
                items.put(item, timeout=0.05)
                return True
            except queue.Full:
                pass
        return False

    def read() -> None:
        try:
            for lines in source.lines(put if progress else None):
                if not put(lines):
                    return
            put(None)
        except BaseException as err:  # noqa: BLE001 - handed to the importing thread, which raises it
            put(err)

    def chunks() -> Iterator[list[str]]:
        while (item := items.get()) is not None:
            if isinstance(item, BaseException):
                raise item
            if isinstance(item, int):
                progress(item)
            else:
                yield item

    worker = threading.Thread(target=read, name=f"trfconv: reading {source.name}", daemon=True)
    worker.start()
    try:
        yield chunks()
    finally:
        stop.set()
        worker.join()


def _insert(con: sqlite3.Connection, table: str, chunks: Iterator[list[str]], name: Column) -> bool:
    """Insert the stored lines, :data:`_ROWS` to a statement (the last one fewer). The table's
    name index, made before, is kept up to date while the lines come in the order of their names
    (``name``, the column), as FIDE's lists do: each entry then goes at the end of the index, and
    SQLite does it beside the reading thread. The first chunk out of that order drops it, and
    False says to make it once all lines are in (one sort: kept up to date in no order, it made
    the import of the full list shuffled twice as long)."""
    rows = min(_ROWS, con.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER))
    full = f"INSERT INTO {table} VALUES " + ", ".join(["(?)"] * rows)
    pending: list[str] = []
    in_order, last = True, ""
    for lines in chunks:
        if in_order:
            in_order, last = _in_name_order(lines, name, last)
            if not in_order:
                con.execute(f"DROP INDEX {table}_name")
        pending += lines
        whole = len(pending) - len(pending) % rows
        if whole:
            con.executemany(full, zip(*[iter(pending[:whole])] * rows, strict=True))
            del pending[:whole]
    if pending:
        con.execute(f"INSERT INTO {table} VALUES " + ", ".join(["(?)"] * len(pending)), pending)
    return in_order


def _in_name_order(lines: list[str], name: Column, last: str) -> tuple[bool, str]:
    """Whether the names of ``lines``, one in :data:`_NAME_SAMPLE`, follow ``last`` (the last one
    taken before) and each other in order, but for a few (a list's own collation), case aside
    (the index's NOCASE); and the last name taken."""
    names = [last, *(line[name.start:name.end].rstrip().lower() for line in lines[::_NAME_SAMPLE])]
    backwards = sum(a > b for a, b in pairwise(names))
    return backwards * 8 <= len(names), names[-1]


def _index(con: sqlite3.Connection, table: str, source: ListFile) -> None:
    """The ID index, built once the lines are in (a sort, much faster than keeping it up to date
    line by line: IDs come in no order), by SQLite's sorter in runs of :data:`_SORT_KIB` with
    :data:`_SORT_THREADS` helper threads. A repeated ID is an error naming both places."""
    fide_id = _id_sql(source.reader)
    con.execute(f"PRAGMA cache_size = -{_SORT_KIB}")  # read by the sorter when the statement starts
    con.execute(f"PRAGMA threads = {_SORT_THREADS}")
    try:
        con.execute(f"CREATE UNIQUE INDEX {table}_id ON {table}({fide_id})")
    except sqlite3.IntegrityError:
        number, first, second = con.execute(
            f"SELECT {fide_id}, min(rowid), max(rowid) FROM {table} GROUP BY 1 HAVING count(*) > 1 "
            "ORDER BY 2 LIMIT 1").fetchone()
        offset = 0 if source.xml else 1  # TXT: the header is line 1
        said = msg("FIDE ID {number} is repeated: players {first} and {second}", number=number, first=first,
                   second=second) if source.xml else \
            msg("FIDE ID {number} is repeated: lines {first} and {second}", number=number, first=first + offset,
                second=second + offset)
        raise ListError(diagnostic("LST034", said, path=source.path,
                                   line=None if source.xml else second + offset)) from None
    finally:
        con.execute("PRAGMA threads = 0")
        con.execute(f"PRAGMA cache_size = -{_IMPORT_CACHE_KIB}")


def _number(text: str | None, zero: int | None = 0) -> int | None:
    """A number column's value: None when blank, ``zero`` when 0 (FIDE's "unrated", "unknown")."""
    if not text:
        return None
    value = int(text)
    return value if value else zero


def _counts(text: str) -> dict[str, int]:
    return {k: int(n) for k, n in (part.split("=") for part in text.split(",") if part)}
