"""The README documents what the code does: its diagnostics table is generated from the code registry."""

from __future__ import annotations

import re
from pathlib import Path

from trfconv.diagnostics import CODES
from trfconv.diagnostics_table import UPDATE, with_table

README = Path(__file__).resolve().parent.parent / "README.md"


def test_diagnostics_table_is_generated_from_the_registry():
    """The README's table is the output of ``python -m trfconv.diagnostics_table`` (never kept by
    hand): one row per code of CODES, in its order."""
    text = README.read_text("utf-8")
    assert text == with_table(text), f"the README's diagnostics table differs from CODES: run '{UPDATE}'"
    rows = re.findall(r"^\| ([A-Z]{2,3}\d{3}) \| (\w+) \| (.*?) \| (.*?) \|$", text, re.MULTILINE)
    assert [(c, s, t, r or None) for c, s, t, r in rows] == [
        (c.code, c.severity.value, c.title, c.consumer) for c in CODES.values()]


def test_a_new_code_makes_the_readme_differ(monkeypatch):
    """The test of the test: a code added to the registry (and not to the README) is noticed."""
    from trfconv import diagnostics

    text = README.read_text("utf-8")
    monkeypatch.setitem(diagnostics.CODES, "ZZZ999", diagnostics.Code("ZZZ999", diagnostics.Severity.INFO, "new"))
    assert "| ZZZ999 | info | new |  |" in with_table(text) and with_table(text) != text


def test_readme_starts_with_the_two_commands():
    blocks = re.findall(r"```sh\n(.*?)\n```", README.read_text("utf-8"), re.DOTALL)
    assert "pip install . && trfconv" in blocks[0]
    assert blocks[1].endswith('pip install ".[test]" && pytest')
    ci = (README.parent / ".ci" / "run").read_text()
    assert 'pip install ".[test]"' in ci and "pytest" in ci


def test_readme_python_block_runs(monkeypatch):
    """The README's Python API block is a doctest: every example gives the output shown."""
    import doctest

    monkeypatch.chdir(README.parent)
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15 and result.failed == 0


def test_readme_main_job_runs(cli, tmp_path, monkeypatch):
    """Every trfconv command of the README's first block succeeds (outputs go to a temporary folder)."""
    import shlex

    block = re.findall(r"```sh\n(.*?)\n```", README.read_text("utf-8"), re.DOTALL)[0]
    commands = [shlex.split(c) for c in block.split(" && ") if c.startswith("trfconv ")]
    assert [c[1] for c in commands] == ["validate", "report", "standings", "convert"]
    monkeypatch.chdir(README.parent)
    for command in commands:
        args = [str(tmp_path / a) if i and command[i - 1] == "-o" else a for i, a in enumerate(command)]
        result = cli(*args[1:])
        assert result.exit_code == 0, (args, result.output)
    assert (tmp_path / "example1-report.html").read_text("utf-8").startswith("<!DOCTYPE html>")
    assert b"<tournament" in (tmp_path / "example1.xml").read_bytes()[:500]


def test_every_link_inside_the_readme_names_a_heading():
    """The contents on the first screen, and every other ``](#anchor)``, lead to a heading (the
    anchors as GitHub makes them: lower case, punctuation dropped, spaces as hyphens)."""
    text = README.read_text("utf-8")
    headings = re.findall(r"^#{1,4} (.+)$", re.sub(r"```.*?```", "", text, flags=re.DOTALL), re.MULTILINE)
    anchors = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert links and links <= anchors, sorted(links - anchors)
