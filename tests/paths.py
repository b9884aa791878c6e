"""Where the test data is: the repository's ``fixtures/`` folder (module-level constants, for
``pytest.mark.parametrize``; shared pytest fixtures are in ``conftest.py``)."""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
#: The real TRF files of the corpus.
CORPUS = sorted((FIXTURES / "trf").glob("*.trf"))
