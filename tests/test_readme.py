"""The README documents what the code does: its diagnostics table is the code registry."""

from __future__ import annotations

import re
from pathlib import Path

from trfconv.diagnostics import CODES

README = Path(__file__).resolve().parent.parent / "README.md"


def test_diagnostics_table_matches_the_registry():
    rows = re.findall(r"^\| ([A-Z]{2,3}\d{3}) \| (\w+) \| (.*?) \| (.*?) \|$", README.read_text("utf-8"), re.M)
    assert [(c, s, t, r or None) for c, s, t, r in rows] == [
        (c.code, c.severity.value, c.title, c.consumer) for c in CODES.values()]


def test_readme_starts_with_the_two_commands():
    blocks = re.findall(r"```sh\n(.*?)\n```", README.read_text("utf-8"), re.S)
    assert "pip install . && trfconv" in blocks[0]
    assert blocks[1].endswith('pip install ".[test]" && pytest')
    ci = (README.parent / ".ci" / "run").read_text()
    assert 'pip install ".[test]"' in ci and "pytest" in ci
