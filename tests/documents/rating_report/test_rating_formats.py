"""The report in its four formats: every corpus TRF renders without a crash, the HTML page is
valid for lxml (HTML and XML parsers) and self-contained, JSON and CSV carry the same numbers."""

from __future__ import annotations

import csv
import io
import json

import paths
import pytest
from lxml import etree, html
from ratingbuild import seed_round_robin

import trfconv
from trfconv import rate, validate
from trfconv.documents.basis import Basis
from trfconv.documents.rating_report import RatingReport
from trfconv.documents.registry import document

FORMATS = document("rating-report").formats


def render(report: RatingReport, fmt: str) -> str:
    return document("rating-report").render(report, fmt)


def rating_report(t: trfconv.Tournament, verdict, lenient: bool = False) -> RatingReport:
    rating = rate(t, verdict)
    basis = Basis(t.source.path, (*t.diagnostics, *verdict.diagnostics, *rating.diagnostics), lenient)
    return RatingReport(basis, t, verdict, rating)

CORPUS = paths.CORPUS


@pytest.fixture(scope="module")
def seed():
    t = seed_round_robin()
    return rating_report(t, validate(t, "b02-2005"))


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_every_corpus_file_renders_in_every_format(path):
    t = trfconv.read(path)
    for rules in ("b02-2024", "b02-2005"):
        report = rating_report(t, validate(t, rules), lenient=True)
        assert len(report.lines) == len(t.players)
        for fmt in FORMATS:
            assert render(report, fmt)
        page = render(report, "html")
        assert html.document_fromstring(page).find(".//table") is not None or not report.lines
        etree.fromstring(page.split("\n", 1)[1].encode("utf-8"))  # well-formed too
        json.loads(render(report, "json"))


def test_html_page_is_self_contained_and_has_every_part(seed):
    page = render(seed, "html")
    doc = html.document_fromstring(page)
    assert page.startswith("<!DOCTYPE html>")
    assert not doc.xpath("//script") and not doc.xpath("//link") and not doc.xpath("//*[@src]")
    assert [s.get("id") for s in doc.xpath("//section")] == ["verdict", "rated", "unrated", "totals", "chart",
                                                           "detail"]
    assert "Caveats" in doc.xpath('//section[@id="verdict"]')[0].text_content()  # the verdict's box holds them
    rated_rows = doc.xpath('//section[@id="rated"]//tbody/tr')
    assert len(rated_rows) == 6
    # no title and no federation in the file: those columns are left out
    assert [c.text_content() for c in doc.xpath('//section[@id="rated"]//thead//th')] == [
        "No", "Name", "FIDE id", "Ro", "K", "Rc", "n", "W", "We", "W-We", "K(W-We)", "Change", "New", "Rp"]
    assert [c.text_content() for c in rated_rows[0].xpath("td")] == [
        "1", "Player A", "1000", "2600", "10?", "2339", "9", "8", "7.28", "+0.72", "+7.20", "+7", "2607", "2690"]
    assert "sum of changes -29" in doc.xpath('//section[@id="totals"]')[0].text_content()  # once, at the end
    assert not doc.xpath("//tfoot")
    assert len(doc.xpath('//section[@id="chart"]//*[local-name()="rect"]')) == 6
    heads = [c.text_content() for c in doc.xpath('//section[@id="unrated"]//thead//th')]
    unrated = {r.xpath("td")[1].text_content(): r.xpath("td")[heads.index("Ru")].text_content()
               for r in doc.xpath('//section[@id="unrated"]//tbody/tr')}
    assert unrated == {"Player C": "2414", "Player E": "2386", "Player H": "2139", "Player I": "1989"}
    assert "2250* (Ru 1989)" in doc.xpath('//section[@id="detail"]')[0].text_content()


def _game_tables(report: RatingReport) -> dict[str, tuple[list[str], list[list[str]]]]:
    """Each player's game table on the HTML page: its headings and its rows' cells, by his heading."""
    doc = html.document_fromstring(render(report, "html"))
    return {d.xpath("h3")[0].text_content(): ([th.text_content() for th in d.xpath(".//thead//th")],
                                              [[td.text_content() for td in tr.xpath("td")] for tr in d.xpath(".//tbody/tr")])
            for d in doc.xpath('//section[@id="detail"]/div')}


def test_html_game_tables_leave_out_the_columns_empty_in_every_row(seed):
    """A rated player's games have PD and dR, an unrated player's have neither (his table leaves
    them out); a column empty in some rows only is kept, with its empty cells."""
    from dataclasses import replace
    tables = _game_tables(seed)
    assert tables["1. Player A (2600)"] == (["Round", "No", "Opponent", "Rating used", "Score", "PD", "dR"],
                                            [["1", "10", "Player J", "2300", "0", "0.85", "-0.85"],
                                             ["2", "9", "Player I", "2250* (Ru 1989)", "1", "0.89", "+0.11"],
                                             *tables["1. Player A (2600)"][1][2:]])
    assert tables["3. Player C (unrated)"][0] == ["Round", "No", "Opponent", "Rating used", "Score"]
    assert tables["3. Player C (unrated)"][1][0] == ["1", "8", "Player H", "2150 Ru", "1"]
    a = seed.rating.players[0]
    without_rounds = tuple(replace(g, round=None) for g in a.games)
    one_round = (*without_rounds[:-1], a.games[-1])
    first = ["10", "Player J", "2300", "0", "0.85", "-0.85"]

    def player_a(games):
        rating = replace(seed.rating, players=(replace(a, games=games), *seed.rating.players[1:]))
        return _game_tables(replace(seed, rating=rating))["1. Player A (2600)"]

    head, rows = player_a(without_rounds)
    assert head[0] == "No" and rows[0] == first
    head, rows = player_a(one_round)
    assert head[0] == "Round" and rows[0] == ["", *first] and rows[-1][0] == str(a.games[-1].round) == "9"
    assert _game_tables(seed) == tables  # the other players' tables are unchanged


def test_html_escapes_names():
    t = seed_round_robin()
    report = rating_report(t, validate(t, "b02-2005"))
    from dataclasses import replace
    report = replace(report, tournament=replace(t, event=replace(t.event, name="<b>A & B</b>")))
    page = render(report, "html")
    assert "&lt;b&gt;A &amp; B&lt;/b&gt;" in page
    etree.fromstring(page.split("\n", 1)[1].encode("utf-8"))


def test_json_and_csv_carry_the_report_numbers(seed):
    data = json.loads(render(seed, "json"))
    assert data["schema"] == 1 and data["round_robin"]["ra"] == 2348
    a = data["players"][0]
    assert (a["we"], a["w_we"], a["k_w_we"], a["change"], a["new_rating"]) == ("7.28", "0.72", "7.20", 7, 2607)
    assert a["games"][1] == {"round": 2, "opponent": 9, "opponent_name": "Player I", "opponent_rating": 1989,
                             "provisional": True, "used_rating": 2250, "capped": True, "score": "1",
                             "pd": "0.89", "delta": "0.11"}
    assert data["players"][8]["initial"]["ru"] == 1989 and data["players"][8]["initial"]["rc_new"] == 2305
    assert data["totals"] == {"w_we": "-1.25", "k_w_we": "-28.00", "change": -29}
    table = list(csv.reader(io.StringIO(render(seed, "csv"))))
    start = next(i for i, row in enumerate(table) if row[:1] == ["start_no"])  # the facts and caveats above it
    assert table[0] == ["Event: Seed 10.54"] and any(r[0].startswith("Caveat: ") for r in table[:start])
    rows = [dict(zip(table[start], r, strict=True)) for r in table[start + 1:]]
    assert len(rows) == 11 and rows[-1]["name"] == "Totals" and rows[-1]["change"] == "-29"
    assert (rows[2]["Ru"], rows[2]["Ru_published"]) == ("2414", "yes")
    assert (rows[0]["K(W-We)"], rows[0]["new_rating"]) == ("7.20", "2607")


def test_text_report_lines(seed):
    text = render(seed, "text")
    assert "Round robin (10.21 b): Rar 2375.00, dpa 29.50, n 9, Ra 2348.45 -> 2348" in text
    assert "Ra 2348, Ru 2032 -> Rc new 2305" in text and "Ru 1989: 9 games" in text
    assert "sum change -29" in text


def test_unknown_format(seed):
    with pytest.raises(ValueError, match="has no 'pdf' form"):
        render(seed, "pdf")
