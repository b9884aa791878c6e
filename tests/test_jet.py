"""The Jet 4 (Access 2000) reader on Papi's real files: every table, every column, every row as
mdb-export (mdbtools, an independent reader) reads it; orphaned pages left out; a damaged file
is an InputError, never another exception."""

from __future__ import annotations

import random
from datetime import datetime
from fractions import Fraction

import pytest

from papi_corpus import NULL, STEMS, by_name, mdb_export, mdb_tables, needs_corpus, needs_mdb_export
from trfconv.diagnostics import InputError
from trfconv.io.jet import PAGE, Database

#: The files with pages that still name INFO as owner but are not in its page map.
ORPHANED = ("avoine_2023", "domloup-rapide-2022-B", "domloup-rapide-2022-jeunes")


def as_exported(value) -> str | None:
    """A value as mdb-export writes it (see :func:`papi_corpus.mdb_export`): it writes a text of
    no characters as null (the row's null mask says it is there: an empty text)."""
    if value is None or isinstance(value, str):
        return value or None
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, Fraction):
        return f"{float(value):g}"
    return str(value)


@pytest.mark.slow
@pytest.mark.parametrize("stem", STEMS)
def test_every_table_reads_as_mdb_export_reads_it(stem):
    needs_mdb_export()
    path = by_name(stem)
    db = Database(path.read_bytes())
    assert sorted(db.tables()) == sorted(t for t in mdb_tables(path) if not t.startswith("MSys")) == \
        ["INFO", "JOUEUR", "RES"]
    for name in db.tables():
        table = db.table(name)
        expected = mdb_export(path, name)
        assert table.problems == []
        assert len(table.rows) == len(expected) == table.declared_rows
        assert list(table.rows[0]) == list(expected[0])  # every column, in the table's order
        # rows have no order (mdb-export reads a moved row where its data is, this reader where it was)
        got = sorted(tuple((k, as_exported(v) or NULL) for k, v in row.items()) for row in table.rows)
        want = sorted(tuple((k, v or NULL) for k, v in row.items()) for row in expected)
        assert got == want


def test_the_licence_column_is_a_fixed_text_read_whole():
    """NrFFE (Text(6)) is stored as a fixed-length column: 6 characters, no garbage after them
    (access-parser 0.0.6 read 150-240 characters more)."""
    needs_corpus()
    rows = Database(by_name("avoine_2023").read_bytes()).table("JOUEUR", ("Ref", "NrFFE")).rows
    licences = [r["NrFFE"] for r in rows if r["NrFFE"]]
    assert len(licences) > 300 and {len(x) for x in licences} == {6}
    assert all(x[0].isalpha() and x[1:].isdigit() for x in licences)


@pytest.mark.parametrize("stem", ORPHANED)
def test_orphaned_pages_that_name_the_table_are_not_read(stem):
    """Pages that still name INFO as their owner but are not in its page map hold other
    values: the table is its 177 variables, each once."""
    needs_corpus()
    data = by_name(stem).read_bytes()
    db = Database(data)
    info = db.tables()["INFO"]
    owned = [n for n in range(1, len(data) // PAGE) if data[n * PAGE] == 1
             and int.from_bytes(data[n * PAGE + 4:n * PAGE + 8], "little") == info]
    rows = db.table("INFO").rows
    assert len(owned) > 1 and len(rows) == 177
    assert len({r["Variable"] for r in rows}) == 177


def test_only_access_2000_databases_are_read():
    needs_corpus()
    data = bytearray(by_name("domloup-fide-33-D").read_bytes())
    data[0x14] = 0
    with pytest.raises(InputError, match="Access 97"):
        Database(bytes(data))
    with pytest.raises(InputError, match="signature"):
        Database(b"PK\x03\x04" + bytes(8192))


@pytest.mark.parametrize("size", (3 * PAGE, 20 * PAGE, 60 * PAGE))
def test_a_file_cut_short_is_a_jet_error(size):
    needs_corpus()
    data = by_name("domloup-rapide-2022-B").read_bytes()[:size]
    with pytest.raises(InputError, match="cut short|damaged"):
        db = Database(data)
        for name in db.tables():
            db.table(name)


@pytest.mark.slow
def test_damaged_bytes_give_a_jet_error_or_rows_never_another_exception():
    """Bytes overwritten at random in the pages that say where everything is (the catalog, the
    table definitions, the page maps) and in the data pages: reading every table ends, with
    rows or an InputError."""
    needs_corpus()
    original = by_name("domloup-rapide-2022-jeunes").read_bytes()
    rng = random.Random(37)
    kinds = {n: original[n * PAGE] for n in range(len(original) // PAGE)}
    targets = [n for n, kind in kinds.items() if kind in (1, 2, 5)]
    outcomes = {"rows": 0, "error": 0}
    for _ in range(400):
        data = bytearray(original)
        for _ in range(rng.randint(1, 8)):
            page = rng.choice(targets)
            at = page * PAGE + rng.randrange(64 if rng.random() < 0.5 else PAGE)
            data[at] = rng.randrange(256)
        try:
            db = Database(bytes(data))
            for name in db.tables():
                db.table(name)
            outcomes["rows"] += 1
        except InputError:
            outcomes["error"] += 1
    assert all(outcomes.values()), outcomes
