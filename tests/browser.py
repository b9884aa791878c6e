"""A printed document checked as a person sees it: the page rendered by headless Chromium to a
PDF (A4, as the page's own ``@page`` rule asks) and its text read back with pypdf. The tests
using it are skipped, with the reason, where Chromium is not installed; ``.ci/run`` installs it."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
_CHROMIUM = pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed "
                               "(.ci/run installs Debian's chromium)")


def needs_chromium(test):
    """A test that prints in a real browser: skipped without Chromium, and slow (left out of the
    fast loop, ``pytest -m "not slow"``)."""
    return pytest.mark.slow(_CHROMIUM(test))
#: Flags for a headless run on a machine with no network and no screen: no first-run work, no
#: background connections, a fresh profile, no header or footer added to the printed pages.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-pdf-header-footer")


def print_to_pdf(page: Path, pdf: Path) -> None:
    """Print the HTML file ``page`` to ``pdf`` as Chromium's "Save as PDF" does."""
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", f"--print-to-pdf={pdf}",
                        page.resolve().as_uri()], check=True, capture_output=True, timeout=180)


def pages(pdf: Path) -> list[str]:
    """The text of each page of ``pdf``."""
    from pypdf import PdfReader

    return [p.extract_text() for p in PdfReader(pdf).pages]


def page_size_mm(pdf: Path) -> tuple[int, int]:
    """The first page's width and height in whole millimetres."""
    from pypdf import PdfReader

    box = PdfReader(pdf).pages[0].mediabox
    return round(float(box.width) * 25.4 / 72), round(float(box.height) * 25.4 / 72)
