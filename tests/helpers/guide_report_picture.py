"""The picture of the rating report in the guide (``docs/images/rating-report.png``): the
generated 40-player Swiss with invented names of ``fixtures/examples`` (no real person's data), its HTML report printed
by headless Chromium to an A4 PDF, the first page turned into a PNG by pdftoppm (Debian's
poppler-utils). Run by hand after a change to the report's look::

    python tests/helpers/guide_report_picture.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from browser import print_to_pdf
from paths import FIXTURES

PICTURE = FIXTURES.parent / "docs" / "images" / "rating-report.png"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        event = FIXTURES / "examples" / "example-open-2026.trf"
        page = work / "report.html"
        subprocess.run([sys.executable, "-m", "trfconv", "report", str(event), "--format", "html", "-o", str(page)],
                       check=True)
        print_to_pdf(page, work / "report.pdf")
        subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile",
                        str(work / "report.pdf"), str(PICTURE.with_suffix(""))], check=True)
    print(f"wrote {PICTURE}")


if __name__ == "__main__":
    main()
