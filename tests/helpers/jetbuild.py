"""A test-only builder of Microsoft Access 2000 (Jet 4) databases: tables given as Python data
become a file that ``mdb-export`` (Debian's mdbtools) and trfconv's reader (``trfconv/io/jet.py``)
read back as given. It exists so that the reader is tested on files anyone may commit and CI
always has (Papi's real files may not be committed: ``fixtures/papi/SOURCES.md``).

Written from the layout documented in mdbtools' format notes (``HACKING.md``) and checked against
the layout of Papi's real files (``shared/corpus/papi``); no other program's code. What it writes
(integers little-endian, pages of :data:`PAGE` bytes):

- page 0, the header: the signature, Jet version 1 at 0x14, then 128 bytes encrypted with RC4
  under the fixed key ``C7 DA 39 6B`` holding the code page (1252, 0x3C), the database key (0:
  the pages are not encrypted, 0x3E), the sort order (0x409, 0x6E) and the creation date (0x72);
- page 1, the global page map: a data page whose row 0 marks the free pages (none inside the
  file; every page past its end, as Access marks them) and row 1 an empty map;
- page 2, the catalog's definition (``MSysObjects``: its 17 columns, as Access lays them out);
- a data page of page maps (owner 0): each table's map of its pages and of its pages with free
  room, each a row of 69 bytes: type 0 (the first page it covers, then 64 bytes of bitmap) or
  type 1 (17 pointers to map pages, page type 5, whose bitmaps from byte 4 cover 4092 * 8 pages
  each);
- per table: its definition (page type 2, continued on further pages through ``next_pg`` when it
  does not fit: the row count, the column counts, the page-map pointers, 25 bytes per column,
  then the names), its data pages (type 1: the definition's page at 4, the rows counted at 12,
  their starts from 14, the rows from the page's end backwards), and what is asked: a map page
  (type 5) for a type 1 map; a moved row (a 4-byte pointer flagged 0x4000 where the row was, its
  data flagged 0x8000 on another of the table's pages); a deleted row (no bytes, flagged 0xC000);
  an orphaned page (rows on a page that names the table as its owner but is in no map, as Access
  leaves them: Papi's files have some);
- the catalog's rows: the containers (``Tables``, ``Databases``, ``Relationships``), ``MSysDb``,
  ``MSysObjects`` and each table (its ``Id`` is its definition's page).

A row: its column count (2 bytes), the fixed columns at their offsets (a null one's bytes are
zeros), the variable ones one after the other, the end of the last one and their starts in
reverse order, their count, and the null mask (a bit per column, 1 = present; a yes/no column's
value). Text is UCS-2, or, in a column marked ``compressed``, Jet 4's compressed unicode where it
is shorter (``FF FE``, then single bytes for characters below U+0100 and a 0 byte switching to and
from UCS-2 pairs). A fixed-length text column's value fills its length exactly (Papi's ``NrFFE``
always does; how Access pads a shorter one is not known here, so none is written).

The tables have no indexes (Papi's have some, for its own use): no reader here uses them.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

#: Bytes per page.
PAGE = 4096
SIGNATURE = b"\x00\x01\x00\x00Standard Jet DB\x00"
#: The key of the header's encrypted part (mdbtools' notes), and where that part lies.
_HEADER_KEY, _HEADER_AT, _HEADER_SIZE = bytes((0xC7, 0xDA, 0x39, 0x6B)), 0x18, 128
_DATA, _TDEF, _MAP = 1, 2, 5
_EPOCH = datetime(1899, 12, 30)
#: Row flags: a pointer to the row's data elsewhere; that data; a deleted row.
_MOVED, _MOVED_DATA, _DELETED = 0x4000, 0x8000, 0xC000
#: A page map's row: its type, then 68 bytes (a start page and 64 bytes of bitmap, or 17 pointers).
_MAP_ROW = 69
_PER_MAP_PAGE = (PAGE - 4) * 8
#: The catalog's and the user tables' ``table_type`` byte; the catalog's flags of a system object.
_SYSTEM_TABLE, _USER_TABLE, _SYSTEM_FLAGS = 0x53, 0x4E, -0x80000000
#: Bytes 12-15 of a definition and 1-4 of each column: the value every Papi file seen has in
#: both (mdbtools' notes: unknown, "matches first unknown definition block").
_STAMP = 0x0659
#: A text column's sort order (General, 0x409) and the column flags: fixed length, nullable;
#: the misc flag of Jet 4's compressed unicode.
_SORT_GENERAL, _FIXED_FLAG, _NULLABLE, _COMPRESSED = 0x409, 0x01, 0x02, 0x01
#: The most rows a page holds (a row pointer keeps the row number in one byte).
_MAX_ROWS = 255


@dataclass(frozen=True)
class Kind:
    code: int  #: the column type in the definition
    size: int | None  #: bytes in a row's fixed part, None for a variable-length column
    fmt: str = ""  #: its struct format, for a number


#: The column kinds, by the name a table gives; the last three are the catalog's and are only null.
KINDS = {
    "yesno": Kind(1, 0), "byte": Kind(2, 1, "<B"), "integer": Kind(3, 2, "<h"), "long": Kind(4, 4, "<i"),
    "single": Kind(6, 4, "<f"), "double": Kind(7, 8, "<d"), "datetime": Kind(8, 8, "<d"), "text": Kind(10, None),
    "binary": Kind(9, None), "ole": Kind(11, None), "memo": Kind(12, None),
}
_NULL_ONLY = {"binary", "ole", "memo"}


@dataclass(frozen=True)
class Column:
    """A column: its name, kind (a key of :data:`KINDS`) and, for text, its length in characters,
    whether it is fixed-length, whether its values are stored compressed."""

    name: str
    kind: str
    length: int = 0
    fixed: bool = False
    compressed: bool = False

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"column {self.name}: no kind {self.kind!r} ({', '.join(KINDS)})")
        if self.kind == "text" and not 0 < self.length <= 255:
            raise ValueError(f"column {self.name}: a text column holds 1 to 255 characters")
        if (self.fixed or self.compressed) and self.kind != "text" or self.fixed and self.compressed:
            raise ValueError(f"column {self.name}: only a variable-length text column is compressed, only a "
                             "text column is made fixed")

    @property
    def is_fixed(self) -> bool:
        return KINDS[self.kind].size is not None or self.fixed

    @property
    def byte_length(self) -> int:
        """The definition's ``col_len``: bytes (a text column's characters are 2 bytes each)."""
        if self.kind == "text":
            return 2 * self.length
        if self.kind == "binary":
            return 510  # the catalog's binary columns, as Access declares them
        return KINDS[self.kind].size or (1 if self.kind == "yesno" else 0)  # a yes/no's bit is in the null mask


@dataclass
class Table:
    """A table: its columns, its rows (one value per column; None for null) and how it is
    stored: ``map_kind`` 0 or 1 (the page map in its row, or in map pages); ``rows_per_page``, the
    most rows on a data page (fewer when they do not fit); ``moved``, the rows (by index) whose
    data is moved to another page behind a pointer; ``deleted``, the places (row indexes) before
    which a deleted row is left; ``orphans``, rows on a page that names the table as its owner but
    is in none of its maps (not the table's rows)."""

    name: str
    columns: tuple[Column, ...]
    rows: list[tuple] = field(default_factory=list)
    map_kind: int = 0
    rows_per_page: int = _MAX_ROWS
    moved: tuple[int, ...] = ()
    deleted: tuple[int, ...] = ()
    orphans: list[tuple] = field(default_factory=list)

    def __post_init__(self):
        names = [c.name for c in self.columns]
        if len(set(names)) != len(names) or not names:
            raise ValueError(f"table {self.name}: its columns need distinct names")
        if self.map_kind not in (0, 1):
            raise ValueError(f"table {self.name}: a page map is of type 0 or 1")
        if not 1 <= self.rows_per_page <= _MAX_ROWS:
            raise ValueError(f"table {self.name}: a data page holds 1 to {_MAX_ROWS} rows")
        for row in (*self.rows, *self.orphans):
            if len(row) != len(self.columns):
                raise ValueError(f"table {self.name}: a row of {len(row)} values for {len(self.columns)} columns")
        if any(not 0 <= k < len(self.rows) for k in self.moved) or any(not 0 <= k <= len(self.rows)
                                                                       for k in self.deleted):
            raise ValueError(f"table {self.name}: a moved or deleted row beyond its rows")


# -- values -------------------------------------------------------------------------------------

def text_bytes(value: str, compressed: bool) -> bytes:
    """A text value as Jet 4 stores it: UCS-2, or compressed unicode when asked and shorter (it
    cannot hold a character whose low byte is 0, which would read as a switch)."""
    if any(ord(ch) > 0xFFFF for ch in value):
        raise ValueError(f"text {value!r}: Jet 4 stores UCS-2, without characters beyond U+FFFF")
    plain = value.encode("utf-16-le")
    if not compressed or not value or any(ord(ch) & 0xFF == 0 for ch in value):
        return plain
    out, narrow = bytearray(b"\xff\xfe"), True
    for ch in value:
        if (ord(ch) < 0x100) != narrow:
            out.append(0)
            narrow = not narrow
        out += bytes((ord(ch),)) if narrow else ch.encode("utf-16-le")
    return bytes(out) if len(out) < len(plain) else plain


def access_date(value: datetime) -> float:
    """Days since 1899-12-30, the time of day as the fraction (dates from that day on)."""
    if value < _EPOCH:
        raise ValueError(f"date {value}: before 1899-12-30, where Access's dates count the time backwards")
    delta = value - _EPOCH
    return delta.days + delta.seconds / 86400


def _fixed_value(column: Column, value) -> bytes:
    kind = KINDS[column.kind]
    if column.kind == "text":
        if not isinstance(value, str) or len(value) != column.length:
            raise ValueError(f"column {column.name}: a fixed-length text value has exactly {column.length} "
                             f"characters, not {value!r}")
        return text_bytes(value, False)
    if column.kind == "datetime":
        if not isinstance(value, datetime):
            raise ValueError(f"column {column.name}: {value!r} is no datetime")
        return struct.pack("<d", access_date(value))
    if column.kind in ("single", "double"):
        if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
            raise ValueError(f"column {column.name}: {value!r} is no number")
        packed = struct.pack(kind.fmt, float(value))
        if Fraction(struct.unpack(kind.fmt, packed)[0]) != Fraction(value):
            raise ValueError(f"column {column.name}: {value!r} is not exactly a {column.kind} (the file would "
                             "hold another number)")
        return packed
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"column {column.name}: {value!r} is no integer")
    try:
        return struct.pack(kind.fmt, value)
    except struct.error:
        raise ValueError(f"column {column.name}: {value} does not fit a {column.kind}") from None


def encode_row(columns: tuple[Column, ...], values: tuple) -> bytes:
    """One row's bytes (see the module's notes). Column numbers are the columns' places."""
    fixed = bytearray()
    variable: list[bytes | None] = []
    mask = bytearray((len(columns) + 7) // 8)
    for number, (column, value) in enumerate(zip(columns, values, strict=True)):
        if column.kind == "yesno":
            if not isinstance(value, bool):
                raise ValueError(f"column {column.name}: a yes/no value is True or False (never null)")
            if value:
                mask[number // 8] |= 1 << number % 8
            continue
        if value is not None:
            if column.kind in _NULL_ONLY:
                raise ValueError(f"column {column.name}: a {column.kind} column is written null only")
            mask[number // 8] |= 1 << number % 8
        if column.is_fixed:
            fixed += bytes(column.byte_length) if value is None else _fixed_value(column, value)
        elif value is None:
            variable.append(None)
        else:
            if not isinstance(value, str) or len(value) > column.length:
                raise ValueError(f"column {column.name}: {value!r} is no text of at most {column.length} characters")
            variable.append(text_bytes(value, column.compressed))
    row = bytearray(struct.pack("<H", len(columns))) + fixed
    if variable:
        starts = []
        for data in variable:
            starts.append(len(row))
            row += data or b""
        tail = [len(row), *reversed(starts)]  # the end of the last one first, then the starts from the last
        row += struct.pack(f"<{len(tail)}H", *tail) + struct.pack("<H", len(variable))
    return bytes(row + mask)


# -- the definition -----------------------------------------------------------------------------

def _definition(table_type: int, columns: tuple[Column, ...], rows: int, used: int, free: int,
                by_name: bool = False) -> bytes:
    """A table's definition, from byte 8 of its first page on (the page headers apart)."""
    entries, fixed_at, var_index = [], 0, 0
    for number, c in enumerate(columns):
        kind = KINDS[c.kind]
        flags = (_FIXED_FLAG if c.is_fixed else 0) | _NULLABLE
        entry = struct.pack("<BIHHHHHBBIHH", kind.code, _STAMP, number, var_index, number, _SORT_GENERAL, 0, flags,
                            _COMPRESSED if c.compressed else 0, 0, fixed_at if c.is_fixed and c.kind != "yesno" else 0,
                            c.byte_length)
        entries.append((c.name, entry))
        if c.is_fixed:
            fixed_at += 0 if c.kind == "yesno" else c.byte_length
        else:
            var_index += 1
    if by_name:  # the catalog's, as Access writes it: the readers order the columns by number
        entries.sort()
    names = b"".join(struct.pack("<H", 2 * len(name)) + name.encode("utf-16-le") for name, _ in entries)
    head = struct.pack("<IIIIB3xI8xBHHHIIII", 0, _STAMP, rows, 0, 1, 0, table_type, len(columns), var_index,
                       len(columns), 0, 0, used, free)
    body = head + b"".join(e for _, e in entries) + names + b"\xff\xff"
    return struct.pack("<I", len(body)) + body[4:]


def _definition_pages(body: bytes, numbers: list[int]) -> dict[int, bytes]:
    """The definition split over its pages: the first holds ``PAGE - 8`` bytes of it, each next
    one as much after its own 8-byte header."""
    pages, chunk = {}, PAGE - 8
    for k, number in enumerate(numbers):
        part = body[k * chunk:(k + 1) * chunk]
        following = numbers[k + 1] if k + 1 < len(numbers) else 0
        page = bytearray(PAGE)
        struct.pack_into("<BBHI", page, 0, _TDEF, 1, PAGE - 8 - len(part), following)
        page[8:8 + len(part)] = part
        pages[number] = bytes(page)
    return pages


def definition_page_count(table: Table) -> int:
    return -(-len(_definition(_USER_TABLE, table.columns, 0, 0, 0)) // (PAGE - 8))


# -- pages --------------------------------------------------------------------------------------

def data_page(owner: int, rows: list[tuple[bytes, int]]) -> bytes:
    """A data page of table ``owner`` (its definition's page) holding ``rows`` (bytes, flags),
    packed from the page's end."""
    page = bytearray(PAGE)
    end, starts = PAGE, []
    for data, flags in rows:
        end -= len(data)
        page[end:end + len(data)] = data
        starts.append(end | flags)
    free = end - 14 - 2 * len(rows)
    if free < 0:
        raise ValueError("the rows do not fit a page")
    struct.pack_into(f"<BBHII H{len(rows)}H", page, 0, _DATA, 1, free, owner, 0, len(rows), *starts)
    return bytes(page)


def _fits(sizes: list[int]) -> bool:
    return 14 + 2 * len(sizes) + sum(sizes) <= PAGE


def _pack(sizes: list[int], most: int) -> list[list[int]]:
    """Items (by index) on pages, in order: as many as fit, at most ``most`` a page (no page for
    no item)."""
    pages: list[list[int]] = []
    for k, size in enumerate(sizes):
        if size + 16 > PAGE:
            raise ValueError(f"a row of {size} bytes does not fit a page")
        if not pages or len(pages[-1]) == most or not _fits([sizes[i] for i in pages[-1]] + [size]):
            pages.append([])
        pages[-1].append(k)
    return pages


def _bitmap(pages: Iterable[int], first: int, size: int) -> bytes:
    bits = bytearray(size)
    for p in pages:
        if not first <= p < first + 8 * size:
            raise ValueError(f"page {p} is outside the map from page {first} (a type 0 map covers {8 * size} pages)")
        bits[(p - first) // 8] |= 1 << (p - first) % 8
    return bytes(bits)


def map_row_type0(pages: list[int]) -> bytes:
    first = min(pages, default=0) // 8 * 8
    return b"\x00" + struct.pack("<I", first) + _bitmap(pages, first, _MAP_ROW - 5)


def map_row_type1(map_pages: list[int]) -> bytes:
    return b"\x01" + struct.pack(f"<{(_MAP_ROW - 1) // 4}I", *map_pages, *[0] * ((_MAP_ROW - 1) // 4 - len(map_pages)))


def map_pages_type1(pages: list[int], numbers: list[int]) -> dict[int, bytes]:
    """The map pages (type 5) of a type 1 map: page ``numbers[k]`` covers the pages from
    ``k * 32736``."""
    out = {}
    for k, number in enumerate(numbers):
        out[number] = bytes((_MAP, 1, 0, 0)) + _bitmap([p for p in pages if p // _PER_MAP_PAGE == k],
                                                       k * _PER_MAP_PAGE, PAGE - 4)
    return out


def _rc4(key: bytes, data: bytes) -> bytes:
    """RC4, which Jet uses to hide part of the header (a published cipher, written from its
    definition)."""
    s, j = list(range(256)), 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) & 0xFF
        s[i], s[j] = s[j], s[i]
    out, i, j = bytearray(), 0, 0
    for byte in data:
        i = (i + 1) & 0xFF
        j = (j + s[i]) & 0xFF
        s[i], s[j] = s[j], s[i]
        out.append(byte ^ s[(s[i] + s[j]) & 0xFF])
    return bytes(out)


def header_page(created: datetime) -> bytes:
    page = bytearray(PAGE)
    page[:len(SIGNATURE)] = SIGNATURE
    page[0x14] = 1  # Jet 4
    hidden = bytearray(_HEADER_SIZE)
    struct.pack_into("<HI", hidden, 0x3C - _HEADER_AT, 1252, 0)  # the code page; the key 0: no page is encrypted
    struct.pack_into("<Id", hidden, 0x6E - _HEADER_AT, _SORT_GENERAL, access_date(created))
    page[_HEADER_AT:_HEADER_AT + _HEADER_SIZE] = _rc4(_HEADER_KEY, bytes(hidden))
    return bytes(page)


# -- the database ---------------------------------------------------------------------------------

#: The catalog's columns, numbered as Access numbers them.
CATALOG = (
    Column("Id", "long"), Column("ParentId", "long"), Column("Name", "text", 255), Column("Type", "integer"),
    Column("DateCreate", "datetime"), Column("DateUpdate", "datetime"), Column("Owner", "binary"),
    Column("Flags", "long"), Column("Database", "memo"), Column("Connect", "memo"),
    Column("ForeignName", "text", 255), Column("RmtInfoShort", "binary"), Column("RmtInfoLong", "ole"),
    Column("Lv", "ole"), Column("LvProp", "ole"), Column("LvModule", "ole"), Column("LvExtra", "ole"),
)
#: The catalog's containers (Id, name) and the database object, as Access numbers them.
_TABLES, _DATABASES = 0x0F000001, 0x0F000002
_CONTAINERS = ((_TABLES, "Tables"), (_DATABASES, "Databases"), (0x0F000003, "Relationships"))
_MSYSDB = 0x10000000
_CONTAINER, _DB_OBJECT, _TABLE_OBJECT = 3, 2, 1


@dataclass
class _Layout:
    """Where a table lies: its definition's pages, its data pages (each a list of row slots:
    bytes and flags), the pages its maps name, its map pages, its orphaned page."""

    table: Table
    definition: list[int] = field(default_factory=list)
    data: dict[int, list[tuple[bytes, int]]] = field(default_factory=dict)
    map_pages: list[int] = field(default_factory=list)
    free_map_pages: list[int] = field(default_factory=list)
    orphan: int | None = None


def build(tables: list[Table], created: datetime = datetime(2024, 1, 1)) -> bytes:
    """The bytes of an Access 2000 database holding ``tables`` (created on ``created``; nothing
    else varies: the same tables give the same bytes)."""
    if len({t.name for t in tables}) != len(tables) or any(t.name.startswith("MSys") for t in tables):
        raise ValueError("the tables need distinct names, none starting with MSys")
    next_page = 4  # 0 header, 1 the global map, 2 the catalog's definition, 3 the page maps
    layouts = []

    def allocate(count: int) -> list[int]:
        nonlocal next_page
        numbers = list(range(next_page, next_page + count))
        next_page += count
        return numbers

    for table in tables:
        layout = _Layout(table, definition=allocate(definition_page_count(table)))
        owner = layout.definition[0]
        encoded = [encode_row(table.columns, row) for row in table.rows]
        # the slots where the rows are: a moved row's slot holds a 4-byte pointer, filled in below
        slots = [(b"\0" * 4, _MOVED) if k in table.moved else (data, 0) for k, data in enumerate(encoded)]
        for k in sorted(table.deleted, reverse=True):
            slots.insert(k, (b"", _DELETED))
        placed: list[tuple[int, int]] = []  # (page, slot) of each slot
        for group in _pack([len(d) for d, _ in slots], table.rows_per_page):
            number = allocate(1)[0]
            layout.data[number] = [slots[k] for k in group]
            placed += [(number, i) for i in range(len(group))]
        moved_slots = [k + sum(1 for d in table.deleted if d <= k) for k in sorted(table.moved)]
        if table.moved:
            for group in _pack([len(encoded[k]) for k in sorted(table.moved)], _MAX_ROWS):
                number = allocate(1)[0]
                layout.data[number] = [(encoded[sorted(table.moved)[k]], _MOVED_DATA) for k in group]
                for i, k in enumerate(group):
                    page, slot = placed[moved_slots[k]]
                    layout.data[page][slot] = (struct.pack("<I", number << 8 | i), _MOVED)
        if table.map_kind == 1:
            layout.map_pages, layout.free_map_pages = allocate(1), allocate(1)
        if table.orphans:
            layout.orphan = allocate(1)[0]
        layouts.append(layout)
    catalog_rows = _catalog_rows([(layout.table.name, layout.definition[0]) for layout in layouts], created)
    catalog_page = allocate(1)[0]
    if not _fits([len(r) for r in catalog_rows]):
        raise ValueError("the catalog's rows do not fit one page")
    pages: dict[int, bytes] = {0: header_page(created)}
    map_rows: list[bytes] = []

    def maps(used: list[int], layout: _Layout | None) -> tuple[int, int]:
        """Add a table's two page maps to page 3; their pointers."""
        if layout is not None and layout.table.map_kind == 1:
            pages.update(map_pages_type1(used, layout.map_pages))
            pages.update(map_pages_type1(used, layout.free_map_pages))
            rows = [map_row_type1(layout.map_pages), map_row_type1(layout.free_map_pages)]
        else:
            rows = [map_row_type0(used), map_row_type0(used)]
        map_rows.extend(rows)
        return 3 << 8 | len(map_rows) - 2, 3 << 8 | len(map_rows) - 1

    used, free = maps([catalog_page], None)
    pages.update(_definition_pages(_definition(_SYSTEM_TABLE, CATALOG, len(catalog_rows), used, free, by_name=True),
                                   [2]))
    pages[catalog_page] = data_page(2, [(r, 0) for r in catalog_rows])
    for layout in layouts:
        table, owner = layout.table, layout.definition[0]
        used, free = maps(sorted(layout.data), layout)
        body = _definition(_USER_TABLE, table.columns, len(table.rows), used, free)
        pages.update(_definition_pages(body, layout.definition))
        for number, slots in layout.data.items():
            pages[number] = data_page(owner, slots)
        if layout.orphan is not None:
            pages[layout.orphan] = data_page(owner, [(encode_row(table.columns, r), 0) for r in table.orphans])
    if not _fits([len(r) for r in map_rows]):
        raise ValueError("the page maps do not fit one page")
    pages[3] = data_page(0, [(r, 0) for r in map_rows])
    count = next_page
    pages[1] = data_page(1, [(map_row_type0([p for p in range(count, 512)]) if count < 512 else map_row_type0([]), 0),
                             (map_row_type0([]), 0)])
    return b"".join(pages[n] for n in range(count))


def _catalog_rows(tables: list[tuple[str, int]], created: datetime) -> list[bytes]:
    def row(ident: int, parent: int, name: str, kind: int, flags: int) -> bytes:
        values = {"Id": ident, "ParentId": parent, "Name": name, "Type": kind, "DateCreate": created,
                  "DateUpdate": created, "Flags": flags}
        return encode_row(CATALOG, tuple(values.get(c.name) for c in CATALOG))
    return [*(row(ident, 0x0F000000, name, _CONTAINER, _SYSTEM_FLAGS) for ident, name in _CONTAINERS),
            row(_MSYSDB, _DATABASES, "MSysDb", _DB_OBJECT, _SYSTEM_FLAGS),
            row(2, _TABLES, "MSysObjects", _TABLE_OBJECT, _SYSTEM_FLAGS),
            *(row(page, _TABLES, name, _TABLE_OBJECT, 0) for name, page in tables)]

