"""The README is a first screen: what trfconv is for, the two commands that work on a fresh machine
(both run here; ``.ci/run`` runs the second), the main jobs, the Python it needs, a line for
Windows users, and the way into the guide (``docs/``, tested in ``tests/test_docs.py``)."""

from __future__ import annotations

import re

from paths import ROOT


README = ROOT / "README.md"


def test_readme_starts_with_the_two_commands():
    blocks = re.findall(r"```sh\n(.*?)\n```", README.read_text("utf-8"), re.DOTALL)
    assert "pip install . && trfconv" in blocks[0]
    assert blocks[1].endswith('pip install ".[test]" && pytest')
    ci = (README.parent / ".ci" / "run").read_text()
    assert 'pip install ".[test]"' in ci and "pytest" in ci


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


def test_readme_is_a_first_screen():
    """What a newcomer needs before the guide, and nothing more: the Python version, the Windows
    way to install, every job of the guide one line each, and the guide's index linked; the rest
    is in docs/."""
    text = README.read_text("utf-8")
    assert len(text.splitlines()) <= 80
    assert "Python 3.11 or newer" in text
    assert "`py -m venv .venv`" in text and r"`.venv\Scripts\activate`" in text
    jobs = re.findall(r"```sh\n(.*?)\n```", text, re.DOTALL)[2].splitlines()
    assert [line.split()[1] for line in jobs] == ["check", "validate", "report", "standings", "playoff", "norms", "pairings",
                                                 "period", "convert", "serve", "explain"]
    assert "](docs/README.md)" in text
    assert "## " not in text  # no section: the sections are the guide's pages
