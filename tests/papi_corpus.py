"""Papi's real files and their independent reading, for the tests of the Papi and Jet readers.

The files are the shared corpus's (``shared/corpus/papi/``, beside the checkout, as CI lays it
out): their SOURCES.md allows them as test input only, not in the repository, so they are read
where they are. The independent reading is ``mdb-export`` (Debian's mdbtools; ``.ci/run``
installs it). Without either, the tests are skipped with the reason (the files may not be
committed: their SOURCES.md forbids it, so a checkout without the corpus beside it cannot run them)."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parent.parent
#: The corpus folder: ``shared/corpus/papi`` in the first folder above the checkout that has it.
CORPUS = next((p / "shared" / "corpus" / "papi" for p in _ROOT.parents
               if (p / "shared" / "corpus" / "papi").is_dir()), None)
PAPI_FILES = sorted(CORPUS.glob("*.papi")) if CORPUS else []
#: The corpus files (its SOURCES.md), by the end of their names: the tests name each, so that a
#: missing file is a skip, never a test left out.
STEMS = ("58698", "avoine_2023", "domloup-fide-33-D", "domloup-rapide-2022-B", "domloup-rapide-2022-jeunes")
MDB_EXPORT = shutil.which("mdb-export")
#: What marks a null in mdb-export's output (a character no Papi text holds).
NULL = "\x01"


def _missing(what: str | None) -> None:
    if what:
        pytest.skip(what)


def needs_corpus() -> None:
    _missing(None if PAPI_FILES else "the Papi files of shared/corpus/papi are not beside the checkout")


def needs_mdb_export() -> None:
    needs_corpus()
    _missing(None if MDB_EXPORT else "mdb-export (Debian's mdbtools) is not installed (.ci/run installs it)")


def by_name(stem: str) -> Path:
    """The corpus file whose name ends in ``stem``.papi."""
    needs_corpus()
    return next(p for p in PAPI_FILES if p.stem.endswith(stem))


def mdb_export(path: Path, table: str) -> list[dict[str, str | None]]:
    """Table ``table`` of ``path`` as mdb-export reads it: text as stored, None for null, yes/no
    as 1/0, dates as ``YYYY-MM-DD HH:MM:SS``."""
    out = subprocess.run([MDB_EXPORT, "-0", NULL, "-T", "%Y-%m-%d %H:%M:%S", str(path), table],
                         capture_output=True, check=True, timeout=120).stdout.decode("utf-8")
    return [{k: None if v == NULL else v for k, v in row.items()} for row in csv.DictReader(io.StringIO(out))]


def mdb_tables(path: Path) -> list[str]:
    out = subprocess.run([MDB_EXPORT.replace("mdb-export", "mdb-tables"), "-1", str(path)], capture_output=True,
                         check=True, timeout=60).stdout.decode("utf-8")
    return out.split()
