"""The printed norms documents as a person sees them: the HTML report (the norms, each with its
games, the dropped ones struck through, and the full crosstable) and FIDE's IT1 certificate, one A4
page per norm, rendered by headless Chromium and read back."""

from __future__ import annotations

import unicodedata

import pytest
from browser import needs_chromium, page_size_mm, pages, print_to_pdf
from lxml import html
from paths import FIXTURES

EXAMPLE = FIXTURES / "examples" / "norms-example-2026.trf"  # GM norm with rounds 10 and 11 dropped


@pytest.fixture(scope="module")
def printed(tmp_path_factory, cli):
    folder = tmp_path_factory.mktemp("norms")
    out = {}
    for form in ("html", "it1"):
        page, pdf = folder / f"{form}.html", folder / f"{form}.pdf"
        result = cli("norms", EXAMPLE, "--format", form, "-o", page)
        assert result.exit_code == 0, result.stderr
        print_to_pdf(page, pdf)
        out[form] = page, pdf, pages(pdf)
    return out


def test_dropped_games_are_struck_through_in_the_markup(cli, tmp_path):
    assert cli("norms", EXAMPLE, "--format", "html", "-o", tmp_path / "n.html").exit_code == 0
    tree = html.fromstring((tmp_path / "n.html").read_bytes())
    struck = [[td.text_content() for td in tr.xpath("td")] for tr in tree.xpath("//tr[@class='dropped']")]
    assert struck == [["10", "Stone, Wade", "IM", "GER", "2440", "0", "1.4.1e"],
                      ["11", "Ruiz, Noa", "GM", "USA", "2600", "0", "1.4.1e"]]
    # in the crosstable, the candidate's rounds 10 and 11 (player 1's row)
    row = tree.xpath("//table[@class='cross']/tbody/tr")[0]
    assert [s.text for s in row.xpath(".//s[@class='dropped']")] == ["11w0", "12w0"]


@pytest.mark.slow
@needs_chromium
def test_the_report_prints_on_a4(printed):
    _, pdf, text = printed["html"]
    assert page_size_mm(pdf) == (210, 297)
    assert "2 norm(s): #1 GM (9 credited games), #1 IM (12 credited games)" in text[0]
    assert "Crosstable" in "".join(text)


@pytest.mark.slow
@needs_chromium
def test_one_it1_page_per_norm(printed):
    """One A4 page per norm, its title ticked (the form's fields: tests/documents/norms/test_norms_it1.py)."""
    _, pdf, text = printed["it1"]
    assert page_size_mm(pdf) == (210, 297) and len(text) == 2
    for page, title in zip(text, ("GM", "IM"), strict=True):
        flat = " ".join(unicodedata.normalize("NFKC", page).split())  # the PDF's ligatures (ﬁ ﬃ) as letters
        assert f"X {title}" in flat and "This report is not valid until confirmed by the QC" in flat
    assert "2410" in text[0] and "2416" in text[1]


def test_the_forecast_in_html(cli, tmp_path):
    out = tmp_path / "f.html"
    assert cli("norms", EXAMPLE, "--forecast", "--after-round", "9", "--format", "html", "-o", out).exit_code == 0
    tree = html.fromstring(out.read_bytes())
    (heading,) = tree.xpath("//h2[starts-with(., 'Forecast')]")
    assert heading.text == "Forecast after round 9 of 11 (every round left played)"
    items = [li.text_content() for li in heading.xpath("following-sibling::ul[1]/li")]
    assert items[0].startswith("GM: 7/9 so far; norm already made")
