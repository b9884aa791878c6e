"""mdb-export (Debian's mdbtools): the independent reader of Access databases that trfconv's
Jet reader and the made databases (``tests/helpers/jetbuild.py``) are checked against.
``.ci/run`` installs it; where it is missing, the tests that need it are skipped with the reason."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import pytest

MDB_EXPORT = shutil.which("mdb-export")
#: What marks a null in mdb-export's output (a character no text here holds).
NULL = "\x01"


def needs_mdb_export() -> None:
    if not MDB_EXPORT:
        pytest.skip("mdb-export (Debian's mdbtools) is not installed (.ci/run installs it)")


def mdb_export(path: Path, table: str) -> list[dict[str, str | None]]:
    """Table ``table`` of ``path`` as mdb-export reads it: text as stored, None for null (and for
    a text of no characters, which it writes as null), yes/no as 1/0, dates as
    ``YYYY-MM-DD HH:MM:SS``."""
    out = subprocess.run([MDB_EXPORT, "-0", NULL, "-T", "%Y-%m-%d %H:%M:%S", str(path), table],
                         capture_output=True, check=True, timeout=120).stdout.decode("utf-8")
    return [{k: None if v == NULL else v for k, v in row.items()} for row in csv.DictReader(io.StringIO(out))]


def mdb_tables(path: Path, system: bool = False) -> list[str]:
    """The tables mdb-tables lists (the system tables too when ``system``)."""
    out = subprocess.run([MDB_EXPORT.replace("mdb-export", "mdb-tables"), "-1", *(["-S"] if system else []),
                          str(path)], capture_output=True, check=True, timeout=60).stdout.decode("utf-8")
    return out.split()


def mdb_columns(path: Path, table: str) -> list[str]:
    """The columns of ``table`` as mdb-export names them, in its order (the header it writes)."""
    out = subprocess.run([MDB_EXPORT, str(path), table], capture_output=True, check=True,
                         timeout=120).stdout.decode("utf-8")
    return next(csv.reader(io.StringIO(out)))


#: Jet 4's column types of the numbers mdb-export writes with 8 and 16 significant digits.
_SINGLE, _DOUBLE = 6, 7


def as_exported(value, kind: int) -> str | None:
    """A value of a column of type ``kind`` as :func:`mdb_export` gives it: None for null and for
    a text of no characters, yes/no as 1/0, a single with 8 significant digits and a double with
    16 (C's ``%.8g`` and ``%.16g``, which Python's ``g`` format follows), a date as
    ``YYYY-MM-DD HH:MM:SS``."""
    if value is None or isinstance(value, str):
        return value or None
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if kind in (_SINGLE, _DOUBLE):
        return format(float(value), ".8g" if kind == _SINGLE else ".16g")
    return str(value)
