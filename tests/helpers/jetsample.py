"""A made Jet 4 database with every kind of column Papi stores and every way of storing a table
that trfconv's reader meets (``tests/helpers/jetbuild.py``), for the tests of the builder and of
the reader: built when asked, the same bytes every time."""

from __future__ import annotations

from datetime import datetime, timedelta

from jetbuild import Column, Table, build

#: Texts that need each form of storage: plain ASCII, Latin-1 (one byte each when compressed),
#: beyond Latin-1 (the compressed form switches to UCS-2 and back), a character whose low byte is
#: 0 (U+0100: never compressed, it would read as a switch), the longest the column holds, none.
TEXTS = ("Papi", "Élodie Lefèvre", "Łódź – Kraków", "Āb", "Zoë 中文 ok", "x" * 40, "", None)
SINGLES = (0, 1.5, -0.25, 1234.5, 16777216, -3.75, 0.125, None)
DOUBLES = (0, 0.1, 2.5, -1e10, 123456.789, 1 / 3, 5e-324, None)
DATES = (datetime(1900, 1, 1), datetime(2023, 7, 8, 9, 30), datetime(2024, 2, 29, 23, 59, 59), None)

KINDS = (
    Column("Id", "long"), Column("Present", "yesno"), Column("Small", "byte"), Column("Count", "integer"),
    Column("Big", "long"), Column("Half", "single"), Column("Exact", "double"), Column("When", "datetime"),
    Column("Code", "text", 6, fixed=True), Column("Name", "text", 40), Column("Short", "text", 40, compressed=True),
)


def _kinds_row(k: int) -> tuple:
    """Row ``k`` of the table of every kind: each column runs through its values, the extremes
    included, so that every pair of neighbours differs."""
    return (k, k % 3 == 0, (0, 255, 7, None)[k % 4], (-32768, 32767, -k, None)[k % 4],
            (-2**31, 2**31 - 1, 1000 * k, None)[k % 4], SINGLES[k % len(SINGLES)], DOUBLES[k % len(DOUBLES)],
            DATES[k % len(DATES)] and DATES[k % len(DATES)] + timedelta(days=k),
            None if k % 5 == 4 else f"K{k:05}", TEXTS[k % len(TEXTS)], TEXTS[(k + 3) % len(TEXTS)])


def tables() -> list[Table]:
    """Every kind over several data pages; a definition over several pages with its page map in
    map pages (type 1); rows moved and deleted, and an orphaned page; a table of fixed columns
    only (rows without variable columns); an empty table."""
    wide = tuple(Column(f"Column number {n:03} of a wide table", "integer") for n in range(130))
    pairs = (Column("Variable", "text", 50), Column("Value", "text", 50, compressed=True))
    return [
        Table("Kinds", KINDS, [_kinds_row(k) for k in range(120)]),
        Table("Wide", wide, [tuple(range(r, r + 130)) for r in range(3)], map_kind=1),
        Table("Settings", pairs, [(f"Setting{k}", f"value {k} é") for k in range(300)], moved=(0, 150, 299),
              deleted=(0, 10, 300), orphans=[("Setting0", "an orphan's value"), ("Orphan", "not the table's")]),
        Table("Flags", (Column("Ref", "long"), Column("On", "yesno"), Column("Since", "datetime")),
              [(k, k % 2 == 1, datetime(2020, 1, 1) + timedelta(hours=k)) for k in range(50)], rows_per_page=20),
        Table("Nothing", (Column("Ref", "long"), Column("Name", "text", 10)), []),
    ]


def database() -> bytes:
    return build(tables(), datetime(2024, 5, 1, 12, 0))
