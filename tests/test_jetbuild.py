"""The test-only builder of Jet 4 databases (``tests/helpers/jetbuild.py``), checked by a reader
that owes nothing to it, ``mdb-export`` (mdbtools): every table, column and row of every made
file (the sample of every kind, the made Papi files as committed) reads as given. Then
trfconv's Jet reader on the same files: the same values, exactly, in the order given; and
what the files hold is what was asked (pages, maps, moved, deleted and orphaned rows), so that
the tests resting on those features test something."""

from __future__ import annotations

import struct
from datetime import datetime
from fractions import Fraction

import pytest

import jetsample
import jetbuild
import papibuild
from jetbuild import KINDS, Column, Table
from mdbexport import as_exported, mdb_columns, mdb_export, mdb_tables, needs_mdb_export
from trfconv.io.jet import PAGE, Database

#: Every made file: the sample (built here), and the made Papi files (as committed).
MADE = ("sample", *papibuild.EVENTS)


def made(name: str, tmp_path) -> tuple[bytes, list[Table]]:
    """The bytes of a made file (written under ``tmp_path`` for mdb-export) and its tables."""
    if name == "sample":
        data, tables = jetsample.database(), jetsample.tables()
    else:
        data, tables = papibuild.path(name).read_bytes(), papibuild.tables(papibuild.EVENTS[name])
    (tmp_path / "made.mdb").write_bytes(data)
    return data, tables


def exported_rows(table: Table) -> list[tuple]:
    return sorted(tuple((c.name, as_exported(v, KINDS[c.kind].code)) for c, v in zip(table.columns, row, strict=True))
                  for row in table.rows)


@pytest.mark.parametrize("name", MADE)
def test_mdb_export_reads_every_table_column_and_row_as_given(name, tmp_path):
    needs_mdb_export()
    _, tables = made(name, tmp_path)
    path = tmp_path / "made.mdb"
    assert sorted(mdb_tables(path)) == sorted(t.name for t in tables)
    assert "MSysObjects" in mdb_tables(path, system=True)
    for table in tables:
        assert mdb_columns(path, table.name) == [c.name for c in table.columns]
        # mdb-export reads a moved row where its data is: rows are compared as a set
        got = sorted(tuple(row.items()) for row in mdb_export(path, table.name))
        assert got == exported_rows(table), table.name


@pytest.mark.parametrize("name", MADE)
def test_the_jet_reader_reads_every_value_as_given(name, tmp_path):
    """In the order given (a moved row where it was), a text of no characters apart from a
    null, a number as the exact value stored."""
    data, tables = made(name, tmp_path)
    db = Database(data)
    assert sorted(db.tables()) == sorted(t.name for t in tables)
    for table in tables:
        read = db.table(table.name)
        assert read.problems == [] and read.declared_rows == len(table.rows)
        assert [c.name for c in read.columns] == [c.name for c in table.columns]
        given = [tuple(Fraction(v) if c.kind in ("single", "double") and v is not None else v
                       for c, v in zip(table.columns, row, strict=True)) for row in table.rows]
        assert [tuple(row.values()) for row in read.rows] == given, table.name


# -- what the files hold --------------------------------------------------------------------------

def pages(data: bytes) -> list[bytes]:
    return [data[n * PAGE:(n + 1) * PAGE] for n in range(len(data) // PAGE)]


def definition_chain(data: bytes, first: int) -> list[int]:
    chain = [first]
    while (following := struct.unpack_from("<I", data, chain[-1] * PAGE + 4)[0]):
        chain.append(following)
    return chain


def row_flags(page: bytes) -> list[int]:
    count = struct.unpack_from("<H", page, 12)[0]
    return [struct.unpack_from("<H", page, 14 + 2 * k)[0] & 0xC000 for k in range(count)]


def test_the_sample_holds_what_was_asked():
    data = jetsample.database()
    db, all_pages = Database(data), pages(data)
    owned = {name: [n for n, p in enumerate(all_pages) if p[0] == 1 and struct.unpack_from("<I", p, 4)[0] == first]
             for name, first in db.tables().items()}
    maps = {name: db._mapped_pages(db._definition(first, name), name) for name, first in db.tables().items()}
    map_kinds = {name: db._row_bytes(db._definition(first, name).map_pointer, name)[0]
                 for name, first in db.tables().items()}
    assert len(owned["Kinds"]) >= 3 and len(owned["Flags"]) == 3 and owned["Nothing"] == []
    assert len(definition_chain(data, db.tables()["Wide"])) == 3
    assert map_kinds == {"Kinds": 0, "Wide": 1, "Settings": 0, "Flags": 0, "Nothing": 0}
    assert sorted(p[0] for p in all_pages).count(5) == 2  # the Wide table's two map pages (pages, free room)
    flags = [f for n in owned["Settings"] for f in row_flags(all_pages[n])]
    assert (flags.count(0x4000), flags.count(0x8000), flags.count(0xC000)) == (3, 3, 3)
    orphaned = set(owned["Settings"]) - set(maps["Settings"])
    assert len(orphaned) == 1 and len(db.table("Settings").rows) == 300
    kinds = b"".join(all_pages[n] for n in owned["Kinds"])
    assert kinds.count("Élodie".encode("latin-1")) and kinds.count("Élodie".encode("utf-16-le"))  # both forms
    code = next(c for c in Database(data).table("Kinds").columns if c.name == "Code")
    assert code.fixed and code.length == 12


def test_the_made_papi_files_hold_what_papi_leaves():
    """The in-progress one: a definition over two pages (JOUEUR), rows on several pages, INFO
    rows moved, deleted players' rows, an orphaned INFO page."""
    data = papibuild.path("swiss-in-progress").read_bytes()
    db, all_pages = Database(data), pages(data)
    joueur, info = db.tables()["JOUEUR"], db.tables()["INFO"]
    assert len(definition_chain(data, joueur)) == 2
    owned = {t: [p for p in all_pages if p[0] == 1 and struct.unpack_from("<I", p, 4)[0] == t] for t in (joueur, info)}
    assert len(owned[joueur]) >= 2
    assert [f for p in owned[joueur] for f in row_flags(p)].count(0xC000) == 2
    info_flags = [f for p in owned[info] for f in row_flags(p)]
    assert (info_flags.count(0x4000), info_flags.count(0x8000)) == (4, 4)
    assert len(owned[info]) - len(db._mapped_pages(db._definition(info, "INFO"), "INFO")) == 1


# -- what the builder refuses ----------------------------------------------------------------------

@pytest.mark.parametrize(("columns", "row", "says"), [
    ((Column("x", "single"),), (0.1,), "not exactly a single"),
    ((Column("x", "text", 6, fixed=True),), ("K1",), "exactly 6 characters"),
    ((Column("x", "text", 3),), ("four",), "at most 3 characters"),
    ((Column("x", "yesno"),), (None,), "never null"),
    ((Column("x", "byte"),), (256,), "does not fit"),
    ((Column("x", "integer"),), (True,), "no integer"),
    ((Column("x", "memo"),), ("text",), "null only"),
    ((Column("x", "datetime"),), (datetime(1899, 1, 1),), "before 1899-12-30"),
    ((Column("x", "text", 5),), ("\U0001F600",), r"beyond U\+FFFF"),
])
def test_the_builder_refuses_what_it_would_not_write_as_given(columns, row, says):
    with pytest.raises(ValueError, match=says):
        jetbuild.build([Table("T", columns, [row])])
