"""A printed document checked as a person sees it: the page rendered by headless Chromium to a
PDF (A4, as the page's own ``@page`` rule asks) and its text read back with pypdf. The tests
using it are skipped, with the reason, where Chromium is not installed; ``.ci/run`` installs it."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import unicodedata
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


def lines(pdf: Path, page: int = 0) -> list[tuple[float, list[tuple[float, str]]]]:
    """The page's text as lines from the top: (y, [(x, words) ...] left to right), in points."""
    from pypdf import PdfReader

    runs: list[tuple[float, float, str]] = []

    def keep(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append((round(y, 1), x, unicodedata.normalize("NFKC", text).replace("’", "'")))

    PdfReader(pdf).pages[page].extract_text(visitor_text=keep)
    by_line: dict[float, list[tuple[float, str]]] = {}
    for y, x, text in runs:
        at = next((k for k in by_line if abs(k - y) < 2), y)
        by_line.setdefault(at, []).append((x, text))
    return [(y, sorted(by_line[y])) for y in sorted(by_line, reverse=True)]


def fields(pdf: Path, rows, which: int, page: int = 0) -> list[list[tuple[float, float]]]:
    """Where each field of a form's ``rows`` stands (rows of fields, each field the words that
    name it on each form: ``which`` picks the form), found in reading order, each after the one
    before: (x, y) by row. A field not found after the one before it is missing or out of place:
    an assertion names it."""
    text = lines(pdf, page)
    at_line, at_run = 0, 0
    out = []
    for number, row in enumerate(rows, start=1):
        found = []
        for field in row:
            words = field[which]
            while at_line < len(text):
                y, runs = text[at_line]
                hit = next((i for i in range(at_run, len(runs)) if runs[i][1].strip().startswith(words)
                            or words in runs[i][1]), None)
                if hit is not None:
                    found.append((runs[hit][0], y))
                    at_run = hit + 1
                    break
                at_line, at_run = at_line + 1, 0
            else:
                raise AssertionError(f"{words!r} (row {number}) not found after the fields before it")
        out.append(found)
    return out
