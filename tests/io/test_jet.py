"""The Jet 4 (Access 2000) reader on Papi's files, the real ones (where the corpus is) and the made
ones (``fixtures/papi``, everywhere): every table, every column, every row as mdb-export (mdbtools,
an independent reader) reads it; orphaned pages left out; a damaged file is an InputError, never
another exception (on a real file, a made Papi file and the made sample of every kind)."""

from __future__ import annotations

import random

import pytest

import jetsample
from mdbexport import NULL, as_exported, mdb_export, mdb_tables, needs_mdb_export
from papi_corpus import MADE, STEMS, by_name, needs_corpus, papi_file
from trfconv.errors import InputError
from trfconv.io.jet import PAGE, Database

#: The files with pages that still name INFO as owner but are not in its page map.
ORPHANED = ("avoine_2023", "domloup-rapide-2022-B", "domloup-rapide-2022-jeunes")


def file_bytes(name: str) -> bytes:
    """A Papi file's bytes (real or made, :func:`papi_corpus.papi_file`), or the made sample's."""
    return jetsample.database() if name == "sample" else papi_file(name).read_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("stem", (*STEMS, *MADE))
def test_every_table_reads_as_mdb_export_reads_it(stem):
    needs_mdb_export()
    path = papi_file(stem)
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
        kinds = {c.name: c.type for c in table.columns}
        got = sorted(tuple((k, as_exported(v, kinds[k]) or NULL) for k, v in row.items()) for row in table.rows)
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


@pytest.mark.parametrize("name", ("domloup-fide-33-D", "swiss-not-started"))
def test_only_access_2000_databases_are_read(name):
    data = bytearray(file_bytes(name))
    data[0x14] = 0
    with pytest.raises(InputError, match="Access 97"):
        Database(bytes(data))
    with pytest.raises(InputError, match="signature"):
        Database(b"PK\x03\x04" + bytes(8192))


@pytest.mark.parametrize(("name", "pages"), [*(("domloup-rapide-2022-B", n) for n in (3, 20, 60)),
                                             *(("swiss-in-progress", n) for n in (3, 8, 15))])
def test_a_file_cut_short_is_a_jet_error(name, pages):
    data = file_bytes(name)
    assert len(data) > pages * PAGE
    data = data[:pages * PAGE]
    with pytest.raises(InputError, match="cut short|damaged"):
        db = Database(data)
        for table in db.tables():
            db.table(table)


@pytest.mark.slow
@pytest.mark.parametrize("name", ("domloup-rapide-2022-jeunes", "swiss-in-progress", "sample"))
def test_damaged_bytes_give_a_jet_error_or_rows_never_another_exception(name):
    """Bytes overwritten at random in the pages that say where everything is (the catalog, the
    table definitions, the page maps) and in the data pages: reading every table ends, with
    rows or an InputError."""
    original = file_bytes(name)
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
            for table in db.tables():
                db.table(table)
            outcomes["rows"] += 1
        except InputError:
            outcomes["error"] += 1
    assert all(outcomes.values()), outcomes
