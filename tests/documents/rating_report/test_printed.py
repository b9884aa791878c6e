"""The printed rating report as a person sees it: rendered by headless Chromium to a PDF and
read back (issue 14, "The printed documents": A4, FIDE's header facts, the verdict in a box with
its caveats, headings kept with their tables and charts, one line per player, totals once)."""

from __future__ import annotations

import re

import pytest
from browser import needs_chromium, page_size_mm, pages, print_to_pdf
from paths import FIXTURES

EXAMPLE = FIXTURES / "trf" / "pypi__fidereport__example1.trf"
#: A rated player's row ends with W-We, K(W-We), the change, the new rating and Rp.
RATED_ROW = re.compile(r"^\d+ .* [+-]?\d+\.\d\d [+-]?\d+\.\d\d [+-]\d+ \d{3,4} \d{3,4}$")
#: A bar of the chart: "12. Name +7".
BAR = re.compile(r"^\d+\. .* [+-]\d+$")


@pytest.fixture(scope="module")
def printed(tmp_path_factory, cli):
    folder = tmp_path_factory.mktemp("printed")
    page, pdf = folder / "report.html", folder / "report.pdf"
    result = cli("report", EXAMPLE, "--format", "html", "-o", page)
    assert result.exit_code == 0, result.stderr
    print_to_pdf(page, pdf)
    return pdf, pages(pdf)


@needs_chromium
def test_the_report_prints_on_a4_with_fides_header_facts_first(printed):
    pdf, text = printed
    assert page_size_mm(pdf) == (210, 297)
    first = text[0]
    for label in ("FIDE rating report", "Chief arbiter", "Rate of play", "Players 283, of whom 146 rated",
                  "Rounds 7", "Rules b02-2005"):
        assert label in first
    # the verdict box and its caveats are on the first page, before any table
    assert "rateable with exclusions" in first.lower()
    assert first.index("Caveats") < first.index("Ro K Rc")


@needs_chromium
def test_every_rated_player_is_one_printed_line_under_a_repeated_header(printed):
    _, text = printed
    rows = [line for page in text for line in page.splitlines() if RATED_ROW.match(line)]
    assert len(rows) == 144
    with_rows = [page for page in text if any(RATED_ROW.match(line) for line in page.splitlines())]
    assert len(with_rows) >= 3 and all("Title Name FIDE id Fed Ro K Rc n W We" in page for page in with_rows)


@needs_chromium
def test_headings_stay_with_what_they_head_and_totals_come_once(printed):
    _, text = printed
    chart = next(page for page in text if "Rating changes" in page)
    assert any(BAR.match(line) for line in chart.splitlines())  # the heading is not alone at a page's foot
    bars = [line for page in text for line in page.splitlines() if BAR.match(line)]
    assert len(bars) >= 144
    assert sum(page.count("Totals") for page in text) == 1
    totals = next(page for page in text if "Totals" in page)
    assert "144 rated players" in totals[totals.index("Totals"):]
    for page in text:  # no page ends on a heading (h2/h3) with nothing under it
        assert page.rstrip().splitlines()[-1] not in ("Rating changes", "Per-player detail", "Totals")


@needs_chromium
def test_the_page_count_is_that_of_the_content(printed):
    """44 pages with Debian's Chromium 14x: the front tables on 8, the chart on 3, the detail of
    195 players on the rest. Fonts of another system may move a page or two, not more."""
    _, text = printed
    assert 40 <= len(text) <= 48


def test_the_report_csv_reads_in_a_spreadsheet_as_written(cli, tmp_path):
    """Excel on Windows takes a CSV for UTF-8 only with the byte-order mark; then every row of the
    table has the header's cells, names keep their letters, numbers are numbers, not formulas."""
    import csv
    import io

    event = FIXTURES / "examples" / "example-open-2026.trf"
    out = tmp_path / "report.csv"
    assert cli("report", event, "--format", "csv", "-o", out).exit_code == 0
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data[3:].decode("utf-8"), newline="")))
    top = next(i for i, row in enumerate(rows) if row[:2] == ["start_no", "name"])
    assert rows[0] == ["Event: Example Open 2026"] and any(r[0].startswith("Caveat: ") for r in rows[:top])
    table = [row for row in rows[top + 1:] if row and row[0].isdigit()]
    assert all(len(row) == len(rows[top]) for row in table[:33])
    names = {row[1] for row in table}
    assert any(not name.isascii() for name in names)  # Ø, ł, č … as written in the file
    ro = rows[top].index("Ro")
    assert all(row[ro].isdigit() for row in table[:33]) and not any(c.startswith(("=", "+", "@")) for r in table for c in r)
