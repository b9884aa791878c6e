"""Papi's files, for the tests of the Papi and Jet readers: the real ones and the made ones.

The real files are the shared corpus's (``shared/corpus/papi/``, beside the checkout, as CI lays
it out): their SOURCES.md allows them as test input only, not in the repository, so they are read
where they are; without them, their tests are skipped with the reason. The made ones
(``fixtures/papi/``, built by ``tests/helpers/papibuild.py`` from invented players) are committed:
every checkout has them. Their independent reading is ``mdb-export`` (:mod:`mdbexport`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import ROOT

from papibuild import EVENTS
from papibuild import path as made_path

#: The corpus folder: ``shared/corpus/papi`` in the first folder above the checkout that has it.
CORPUS = next((p / "shared" / "corpus" / "papi" for p in ROOT.parents
               if (p / "shared" / "corpus" / "papi").is_dir()), None)
PAPI_FILES = sorted(CORPUS.glob("*.papi")) if CORPUS else []
#: The corpus files (its SOURCES.md), by the end of their names: the tests name each, so that a
#: missing file is a skip, never a test left out.
STEMS = ("58698", "avoine_2023", "domloup-fide-33-D", "domloup-rapide-2022-B", "domloup-rapide-2022-jeunes")
#: The made files (``fixtures/papi/``), by name.
MADE = tuple(EVENTS)


def needs_corpus() -> None:
    if not PAPI_FILES:
        pytest.skip("the Papi files of shared/corpus/papi are not beside the checkout")


def by_name(stem: str) -> Path:
    """The corpus file whose name ends in ``stem``.papi."""
    needs_corpus()
    return next(p for p in PAPI_FILES if p.stem.endswith(stem))


def papi_file(name: str) -> Path:
    """A made file by its name, or the corpus file whose name ends in ``name``.papi."""
    return made_path(name) if name in MADE else by_name(name)
