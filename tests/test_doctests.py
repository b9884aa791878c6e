"""The package's docstring examples (``>>>``) and the guide's (README.md, ``docs/``) run as doctests,
from the checkout's root (they read its fixtures): an example that no longer gives what it shows
fails here."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

from paths import ROOT

import trfconv

PACKAGE = Path(trfconv.__file__).resolve().parent


def modules_with_examples() -> list[str]:
    """Every module of the package whose source holds an example (``__main__`` runs the CLI)."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts != ["__main__"] and ">>>" in path.read_text("utf-8"):
            out.append(".".join(["trfconv", *parts]))
    return out


def test_docstring_examples_run(monkeypatch):
    monkeypatch.chdir(PACKAGE.parent if (PACKAGE.parent / "fixtures").is_dir() else ROOT)
    names = modules_with_examples()
    assert {"trfconv", "trfconv.rules.tiebreaks", "trfconv.ratinglists"} <= set(names)
    failed, attempted = [], 0
    for name in names:
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=False)
        attempted += result.attempted
        if result.failed:
            failed.append(f"{name}: {result.failed} of {result.attempted} examples fail")
    assert failed == [] and attempted >= 19


def test_the_guides_examples_run(monkeypatch):
    """Every page of the guide with ``>>>`` examples (the library's page: reading, judging, rating,
    ranking, writing) runs as a doctest file."""
    monkeypatch.chdir(ROOT)
    pages = [p for p in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))] if ">>> " in p.read_text("utf-8")]
    assert ROOT / "docs" / "library.md" in pages
    failed, attempted = [], 0
    for page in pages:
        result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS, report=False)
        attempted += result.attempted
        if result.failed:
            failed.append(f"{page.relative_to(ROOT)}: {result.failed} of {result.attempted} examples fail")
    assert failed == [] and attempted >= 15
