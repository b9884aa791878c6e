"""Where the checkout and the test data are: the repository (``ROOT``), its ``tests/`` and
``fixtures/`` folders (module-level constants, for ``pytest.mark.parametrize``; shared pytest
fixtures are in ``conftest.py``)."""

from __future__ import annotations

from pathlib import Path

#: The checkout: README.md, docs/, fixtures/, tests/.
ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
FIXTURES = ROOT / "fixtures"
#: The real TRF files of the corpus.
CORPUS = sorted((FIXTURES / "trf").glob("*.trf"))
