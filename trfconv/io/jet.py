"""A reader of Microsoft Access 2000 (Jet 4) databases, for what Papi's tournament files use:
the catalog, each table's definition and page map, the data pages and the column types Papi
stores (yes/no, byte, integer, long integer, single, double, date/time, text).

Why a reader of our own: the one Python library for the format (``access-parser`` 0.0.6) read
Papi's files wrongly (a text column with garbage after its value; rows of orphaned pages read
as the table's, see ``docs/papi.md``). The layout below is the one documented by mdbtools'
format notes (``HACKING.md``) and Jackcess; nothing here writes a database.

The layout, as read here (integers little-endian, pages of :data:`PAGE` bytes):

- page 0: ``00 01 00 00 "Standard Jet DB\\0"``, the version at byte 0x14 (1 = Jet 4);
- a table definition (page type 2) may go on over several pages (``next_pg`` at 4, each
  continuation's data from byte 8): the row count at 16, the counts of columns at 43 and 45,
  of indexes at 47 and 51, the pointer to the table's page map at 55; then 12 bytes per index,
  25 bytes per column (type, number, place among the variable columns, flags, offset among the
  fixed ones, length), then the columns' names (UCS-2, each after its length in bytes);
- a page map is a row pointed to by (page << 8 | row): type 0 is a start page and a bitmap,
  type 1 a list of map pages (page type 5) whose bitmaps from byte 4 cover 4092 * 8 pages each;
- a data page (type 1) names its table's definition page at 4 and holds rows, counted at 12,
  whose starts (low 13 bits) follow from 14; ``0x8000`` marks a deleted row, ``0x4000`` a row
  moved elsewhere (the row holds a pointer to it); a row ends where the previous one starts;
- a row: its column count (2 bytes), the fixed columns, the variable ones; from its end
  backwards the null mask (one bit per column number, 1 = present; a yes/no column's value),
  the count of variable columns, their starts and the end of the last one;
- text is UCS-2, or in Jet 4's "compressed unicode" when it starts with ``FF FE`` (single bytes
  for the characters below U+0100, a 0 byte switching to and from UCS-2 pairs).

A table's rows are read from the pages its page map names, never from every page that names the
table as owner: Access leaves orphaned pages that still do (Papi's files have some, with other
values), and their rows are not the table's.

Everything is bounded by the file: each page is read at most once per table, a definition's
chain and a moved row's pointers are followed as far as the pages they may visit. A file that
does not hold together raises :class:`InputError`, whose message a person understands.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from fractions import Fraction

from ..errors import InputError
from ..messages import msg

#: Bytes per page in a Jet 4 database.
PAGE = 4096
#: What every Access (Jet) database starts with.
SIGNATURE = b"\x00\x01\x00\x00Standard Jet DB\x00"
#: Byte 0x14: the Jet version (0 Jet 3 = Access 97, 1 Jet 4 = Access 2000-2003, 2+ = .accdb).
VERSION_AT, JET4 = 0x14, 1
_VERSIONS = {0: msg("an Access 97 (Jet 3) database"), 2: msg("an Access 2007 (.accdb) database"),
             3: msg("an Access 2010 (.accdb) database")}
#: The catalog's definition page.
CATALOG_PAGE = 2
#: Page types.
_DATA, _TDEF, _MAP = 1, 2, 5
#: Row flags in a data page's row table.
_DELETED, _MOVED, _OFFSET = 0x8000, 0x4000, 0x1FFF
#: Pages one map page covers.
_PER_MAP_PAGE = (PAGE - 4) * 8
#: The most hops from a moved row to its data.
_MAX_MOVES = 4
#: Column types (mdbtools' names) and the size of the fixed ones.
BOOL, BYTE, INT, LONG, SINGLE, DOUBLE, DATETIME, TEXT = 1, 2, 3, 4, 6, 7, 8, 10
_FIXED = {BOOL: 0, BYTE: 1, INT: 2, LONG: 4, SINGLE: 4, DOUBLE: 8, DATETIME: 8}
_TYPE_NAMES = {5: "Currency", 9: "Binary", 11: "OLE object", 12: "Memo", 15: "Replication ID", 16: "Decimal"}
#: Day 0 of Access dates.
_EPOCH = datetime(1899, 12, 30)
#: Catalog object type of a table.
_TABLE = 1
#: Catalog flags of system and hidden tables.
_SYSTEM = 0x80000002

#: A column's value: None (null), bool, int, Fraction (single, double), datetime or str.
Value = bool | int | Fraction | datetime | str | None


@dataclass(frozen=True)
class Column:
    name: str
    type: int
    number: int  #: its bit in a row's null mask (deleted columns included)
    var_index: int  #: its place among the variable columns
    fixed_offset: int  #: its place among the fixed columns' bytes
    length: int
    fixed: bool

    @property
    def type_name(self) -> str:
        """What Access calls a type this reader does not read."""
        return _TYPE_NAMES.get(self.type) or msg("type {number}", number=self.type)


@dataclass
class Table:
    """A table's rows (each a dict by column name, of the columns asked for) and what did not
    hold together while reading them (``problems``: rows or pages left out, counts that
    differ)."""

    name: str
    columns: tuple[Column, ...]
    declared_rows: int
    rows: list[dict[str, Value]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Definition:
    page: int
    declared_rows: int
    columns: tuple[Column, ...]
    map_pointer: int
    var_columns: int


class Database:
    """A Jet 4 database in ``data``: its tables by name (:meth:`tables`), read with
    :meth:`table`. Raises :class:`InputError` when ``data`` is no Jet 4 database."""

    def __init__(self, data: bytes):
        if not data.startswith(SIGNATURE):
            raise InputError(msg("the file is no Access database (it lacks the 'Standard Jet DB' signature)"))
        if len(data) < 3 * PAGE:
            raise InputError(msg("the file has {count:,} bytes, fewer than the {least:,} of the smallest Access "
                                 "database: it is cut short", count=len(data), least=3 * PAGE))
        version = data[VERSION_AT]
        if version != JET4:
            raise InputError(msg("the file is {kind}; only Access 2000 (Jet 4) databases, as Papi writes them, are "
                                 "read", kind=_VERSIONS.get(version) or msg("an Access database of version {version}", version=version)))
        self.data = data
        self.pages = len(data) // PAGE
        self._catalog: dict[str, int] | None = None

    # -- pages ----------------------------------------------------------------------------------
    def page(self, number: int, what: str) -> bytes:
        if not 0 < number < self.pages:
            raise InputError(msg("{what} is on page {number}, beyond the file's {pages} pages: the file is cut short "
                                 "or damaged", what=what, number=number, pages=self.pages))
        return self.data[number * PAGE:(number + 1) * PAGE]

    # -- the catalog ----------------------------------------------------------------------------
    def tables(self) -> dict[str, int]:
        """The user tables' names and their definition pages (system tables left out)."""
        if self._catalog is None:
            catalog = self._definition(CATALOG_PAGE, "MSysObjects")
            wanted = [c for c in catalog.columns if c.name in ("Id", "Name", "Type", "Flags")]
            if len(wanted) < 4:
                raise InputError(msg("the catalog (MSysObjects) lacks its Id, Name, Type or Flags column: the file "
                                     "is damaged"))
            found: dict[str, int] = {}
            for row in self._rows(catalog, "MSysObjects", wanted, []):
                if row["Type"] == _TABLE and isinstance(row["Name"], str) and isinstance(row["Id"], int) \
                        and not (row["Flags"] or 0) & _SYSTEM:
                    found.setdefault(row["Name"], row["Id"] & 0x00FFFFFF)
            self._catalog = found
        return self._catalog

    def table(self, name: str, columns: tuple[str, ...] | None = None) -> Table:
        """The rows of table ``name`` (only the ``columns`` named, by default all). A column asked
        for that the table lacks is None in every row (``Table.columns`` are those it has)."""
        definition = self._definition(self._page_of(name), name)
        chosen = definition.columns if columns is None else \
            tuple(c for c in definition.columns if c.name in set(columns))
        for c in chosen:
            if c.type not in _FIXED and c.type != TEXT:
                raise InputError(msg("table {name}, column {column}: its type ({type_name}) is not one Papi stores",
                                     name=name, column=c.name, type_name=c.type_name))
        table = Table(name, definition.columns, definition.declared_rows)
        table.rows = self._rows(definition, name, chosen, table.problems)
        if columns is not None:
            missing = {c: None for c in columns if c not in {k.name for k in chosen}}
            if missing:
                table.rows = [{**missing, **row} for row in table.rows]
        if len(table.rows) != definition.declared_rows:
            table.problems.append(msg("table {name}: {count} rows read where its definition counts {declared}",
                                      name=name, count=len(table.rows), declared=definition.declared_rows))
        return table

    def _page_of(self, name: str) -> int:
        page = self.tables().get(name)
        if page is None:
            raise InputError(msg("the database has no table {name}", name=name))
        return page

    # -- table definitions ----------------------------------------------------------------------
    def _definition(self, first: int, name: str) -> _Definition:
        chunks, seen, number = [], set(), first
        while number:
            if number in seen:
                raise InputError(msg("the definition of table {name} loops back to page {number}: the file is damaged",
                                     name=name, number=number))
            seen.add(number)
            page = self.page(number, msg("the definition of table {name}", name=name))
            if page[0] != _TDEF:
                raise InputError(msg("page {number}, part of the definition of table {name}, is no table definition "
                                     "page: the file is damaged", number=number, name=name))
            chunks.append(page if not chunks else page[8:])
            number = _u32(page, 4)
        tdef = b"".join(chunks)
        try:
            return self._parse_definition(tdef, first, name)
        except struct.error:
            raise InputError(msg("the definition of table {name} ends before its columns do: the file is damaged",
                                 name=name)) \
                from None

    @staticmethod
    def _parse_definition(tdef: bytes, page: int, name: str) -> _Definition:
        rows = _u32(tdef, 16)
        var_columns, count = struct.unpack_from("<HH", tdef, 43)
        real_indexes = _u32(tdef, 51)
        if real_indexes > 1000 or count > 4096:
            raise InputError(msg("the definition of table {name} counts {count} columns and {real_indexes} indexes: "
                                 "the file is damaged", name=name, count=count, real_indexes=real_indexes))
        at = 63 + 12 * real_indexes
        entries = []
        for _ in range(count):
            kind, number, var_index, flags, fixed_offset, length = struct.unpack_from("<B4xHH4xxxB5xHH", tdef, at)
            entries.append((kind, number, var_index, flags, fixed_offset, length))
            at += 25
        columns = []
        for kind, number, var_index, flags, fixed_offset, length in entries:
            size = struct.unpack_from("<H", tdef, at)[0]
            raw = tdef[at + 2:at + 2 + size]
            if len(raw) < size:
                raise struct.error
            at += 2 + size
            columns.append(Column(raw.decode("utf-16-le", errors="replace"), kind, number, var_index, fixed_offset,
                                  length, bool(flags & 0x01)))
        columns.sort(key=lambda c: c.number)
        return _Definition(page, rows, tuple(columns), _u32(tdef, 55), var_columns)

    # -- page maps ------------------------------------------------------------------------------
    def _mapped_pages(self, definition: _Definition, name: str) -> list[int]:
        """The pages table ``name``'s page map names, in order."""
        record = self._row_bytes(definition.map_pointer, msg("the page map of table {name}", name=name))
        if not record:
            raise InputError(msg("the page map of table {name} is empty: the file is damaged", name=name))
        pages: list[int] = []
        if record[0] == 0:
            if len(record) < 5:
                raise InputError(msg("the page map of table {name} is cut short: the file is damaged", name=name))
            pages.extend(_bits(record[5:], _u32(record, 1)))
        elif record[0] == 1:
            for k in range((len(record) - 1) // 4):
                map_page = _u32(record, 1 + 4 * k)
                if map_page:
                    page = self.page(map_page, msg("part of the page map of table {name}", name=name))
                    if page[0] != _MAP:
                        raise InputError(msg("page {map_page}, part of the page map of table {name}, is no page map: "
                                             "the file is damaged", map_page=map_page, name=name))
                    pages.extend(_bits(page[4:], k * _PER_MAP_PAGE))
        else:
            raise InputError(msg("the page map of table {name} is of unknown type {record}: the file is damaged",
                                 name=name, record=record[0]))
        beyond = [p for p in pages if p >= self.pages]
        if beyond:
            raise InputError(msg("table {name} has pages up to page {beyond}, beyond the file's {pages} pages: the "
                                 "file is cut short", name=name, beyond=beyond[-1], pages=self.pages))
        return list(dict.fromkeys(pages))  # a map page named twice does not make its pages the table's twice

    def _row_bytes(self, pointer: int, what: str) -> bytes:
        """The bytes of the row ``pointer`` (page << 8 | row) names, on a data page."""
        number, row = pointer >> 8, pointer & 0xFF
        page = self.page(number, what)
        span = _row_span(page, row)
        if page[0] != _DATA or span is None:
            raise InputError(msg("{what} (page {number}, row {row}) is not where the file says: the file is damaged",
                                 what=what, number=number, row=row))
        return page[span[0]:span[1]]

    # -- rows -----------------------------------------------------------------------------------
    def _rows(self, definition: _Definition, name: str, columns: tuple[Column, ...] | list[Column],
              problems: list[str]) -> list[dict[str, Value]]:
        rows = []
        for number in self._mapped_pages(definition, name):
            page = self.page(number, msg("a page of table {name}", name=name))
            if page[0] != _DATA or _u32(page, 4) != definition.page:
                continue  # the map also names the table's other pages (long values, its definition)
            count = _u16(page, 12)
            if 14 + 2 * count > PAGE:
                problems.append(f"table {name}, page {number}: counts {count} rows, more than a page holds; "
                                "the page is left out")
                continue
            for k in range(count):
                flags = _u16(page, 14 + 2 * k)
                if flags & _DELETED:
                    continue
                where = msg("table {name}, page {page}, row {row}", name=name, page=number, row=k)
                try:
                    raw = self._moved(page, k, definition, where) if flags & _MOVED else _row(page, k, where)
                    rows.append(_decode(raw, definition, columns, where))
                except InputError as err:
                    problems.append(msg("{problem}; the row is left out", problem=err.args[0]))
        return rows

    def _moved(self, page: bytes, k: int, definition: _Definition, where: str) -> bytes:
        """A moved row's data, found through its pointers."""
        raw = _row(page, k, where)
        for _ in range(_MAX_MOVES):
            if len(raw) < 4:
                raise InputError(msg("{where}: the pointer to a moved row is cut short", where=where))
            pointer = _u32(raw, 0)
            target = self.page(pointer >> 8, msg("{where}, moved", where=where))
            if target[0] != _DATA or _u32(target, 4) != definition.page:
                raise InputError(msg("{where}: a moved row points to page {pointer}, which is not the table's",
                                     where=where, pointer=pointer >> 8))
            row = pointer & 0xFF
            if row >= _u16(target, 12):
                raise InputError(msg("{where}: a moved row points to row {row} of page {pointer}, which it lacks",
                                     where=where, row=row, pointer=pointer >> 8))
            raw = _row(target, row, where)
            if not _u16(target, 14 + 2 * row) & _MOVED or _u16(target, 14 + 2 * row) & _DELETED:
                return raw
        raise InputError(msg("{where}: a moved row's pointers go on past {max_moves} pages",
                             where=where, max_moves=_MAX_MOVES))


def _row_span(page: bytes, k: int) -> tuple[int, int] | None:
    """Where row ``k`` of a data page starts and ends, None when the page has no such row."""
    count = _u16(page, 12)
    if k >= count or 14 + 2 * count > PAGE:
        return None
    start = _u16(page, 14 + 2 * k) & _OFFSET
    end = PAGE if k == 0 else _u16(page, 12 + 2 * k) & _OFFSET
    if not 14 + 2 * count <= start <= end <= PAGE:
        return None
    return start, end


def _row(page: bytes, k: int, where: str) -> bytes:
    span = _row_span(page, k)
    if span is None:
        raise InputError(msg("{where}: the row's place in the page is not inside it", where=where))
    return page[span[0]:span[1]]


def _decode(raw: bytes, definition: _Definition, columns, where: str) -> dict[str, Value]:
    """One row's values of ``columns``."""
    if len(raw) < 2:
        raise InputError(msg("{where}: the row is cut short", where=where))
    count = _u16(raw, 0)
    mask_size = (count + 7) // 8
    end = len(raw) - mask_size
    if end < 2:
        raise InputError(msg("{where}: the row is shorter than its null mask", where=where))
    mask = raw[end:]
    var_count, var_at = 0, []
    if definition.var_columns:
        if end < 4:
            raise InputError(msg("{where}: the row is shorter than its table of variable columns", where=where))
        var_count = _u16(raw, end - 2)
        first = end - 4 - 2 * var_count
        if first < 2:
            raise InputError(msg("{where}: the row counts {var_count} variable columns, more than it holds",
                                 where=where, var_count=var_count))
        var_at = [_u16(raw, end - 4 - 2 * i) for i in range(var_count + 1)]
    values: dict[str, Value] = {}
    for c in columns:
        present = c.number < count and bool(mask[c.number // 8] >> (c.number % 8) & 1)
        if c.type == BOOL:
            values[c.name] = present
        elif not present:
            values[c.name] = None
        elif c.fixed:
            size = _FIXED.get(c.type, c.length)
            at = 2 + c.fixed_offset
            if at + size > end:
                raise InputError(msg("{where}: column {name} goes past the row's end", where=where, name=c.name))
            values[c.name] = _text(raw[at:at + size]).rstrip("\0") if c.type == TEXT else _fixed(c.type, raw[at:at + size])
        elif c.var_index >= var_count:
            values[c.name] = None  # a column added after the row was written
        else:
            start, stop = var_at[c.var_index], var_at[c.var_index + 1]
            if not 2 <= start <= stop <= end - 2 * var_count - 4:
                raise InputError(msg("{where}: column {name} is not inside the row", where=where, name=c.name))
            values[c.name] = _text(raw[start:stop])
    return values


def _fixed(kind: int, raw: bytes) -> Value:
    if kind == BYTE:
        return raw[0]
    if kind == INT:
        return struct.unpack("<h", raw)[0]
    if kind == LONG:
        return struct.unpack("<i", raw)[0]
    if kind == SINGLE:
        return Fraction(struct.unpack("<f", raw)[0])
    value = struct.unpack("<d", raw)[0]
    if kind == DOUBLE:
        return Fraction(value)
    return _datetime(value)


def _datetime(value: float) -> datetime | None:  # float ok: Access stores a date as an OLE double
    """An Access date: days since 1899-12-30, the time of day as the fraction (of the absolute
    value, before that day: -1.25 is 1899-12-29 06:00), to the nearest second."""
    if value != value or abs(value) > 3_000_000:  # NaN, or beyond year 9999
        return None
    days = int(value)
    seconds = round(abs(value - days) * 86400)
    return _EPOCH + timedelta(days=days, seconds=seconds)


def _text(raw: bytes) -> str:
    """A text value: UCS-2, or Jet 4's compressed unicode (after ``FF FE``)."""
    if not raw.startswith(b"\xff\xfe"):
        return raw.decode("utf-16-le", errors="replace")
    out, compressed, k = [], True, 2
    while k < len(raw):
        if raw[k] == 0:
            compressed = not compressed
            k += 1
        elif compressed:
            out.append(chr(raw[k]))
            k += 1
        else:
            out.append(raw[k:k + 2].decode("utf-16-le", errors="replace"))
            k += 2
    return "".join(out)


def _bits(bitmap: bytes, first: int) -> list[int]:
    """The pages a bitmap marks, the first bit being page ``first``."""
    return [first + 8 * i + b for i, byte in enumerate(bitmap) if byte for b in range(8) if byte >> b & 1]


def _u16(data: bytes, at: int) -> int:
    return int.from_bytes(data[at:at + 2], "little")


def _u32(data: bytes, at: int) -> int:
    return int.from_bytes(data[at:at + 4], "little")
