"""FIDE's IT1 as a person sees it: printed by headless Chromium, its text read back with where each
word stands on the page. Against a rendering of FIDE's own form (``fixtures/forms/fide-it1.html``):
every field of FIDE's form is there, in FIDE's order and rows; and the layout is fixed: a file
with fewer facts leaves fields blank, no field moves (issue 36: a missing birth date shifted
"Place" to another column)."""

from __future__ import annotations

import unicodedata

import pytest
from browser import fields, needs_chromium, page_size_mm, pages, print_to_pdf
from normbuild import gm_field, norm_event
from paths import FIXTURES

import trfconv

EXAMPLE = FIXTURES / "examples" / "norms-example-2026.trf"
FIDE_FORM = FIXTURES / "forms" / "fide-it1.html"

#: FIDE's form row by row, each field as (its words on FIDE's form, on trfconv's): the 2017
#: article numbers FIDE's form prints are the 2024 ones on trfconv's.
ROWS = [
    [("IT 1", "IT 1")],
    [("Certificate of Title Result", "Certificate of Title Result")],
    [("GM", "GM"), ("IM", "IM"), ("WGM", "WGM"), ("WIM", "WIM")],
    [("Name:", "Name:"), ("First name:", "First name:")],
    [("ID-number:", "ID-number:"), ("Federation:", "Federation:")],
    [("Event:", "Event:"), ("Start:", "Start:"), ("Close:", "Close:")],
    [("Chief Arbiter (name, ID):", "Chief Arbiter (name, ID):"), ("Number of games:", "Number of games:")],
    [("Rate of play:", "Rate of play:"), ("Number of federations:", "Number of federations:")],
    [("Number players not from title applicant", "Number players not from title applicant"),
     ("Number rated opponents:", "Number rated opponents:")],
    [("Number players from host federation:", "Number players from host federation:"),
     ("Total number titled opponents:", "Total number titled opponents:")],
    [("Numbers of:", "Numbers of:"), ("GM:", "GM:"), ("IM:", "IM:"), ("WGM:", "WGM:"), ("WIM:", "WIM:"),
     ("FM:", "FM:"), ("WFM:", "WFM:")],
    [("Where applying 1.43d:", "Where applying 1.4.3d:")],
    [("Number of federations:", "Number of federations:"),
     ("Number of rated players not from host federation:", "Number of rated players not from host federation:")],
    [("Number of players not from host federation holding GM, IM, WGM, WIM titles:",) * 2],
    [("Special remarks:", "Special remarks:")],
    [("Rd", "Rd"), ("Name of opponent", "Name of opponent"), ("FIDE ID", "FIDE ID"), ("Fed", "Fed"),
     ("Rating", "Rating"), ("Rating by 1.46c", "Rating 1.4.6"), ("Title", "Title"), ("Result", "Result")],
    [("Rating average (1.46b):", "Rating average (1.4.7):"), ("Score required:", "Score required:"),
     ("Score achieved:", "Score achieved:")],
    [("Exceeding norm by", "Exceeding norm by")],
    [("Federation confirming the result:", "Federation confirming the result:"),
     ("Chief Arbiter's signature", "Chief Arbiter's signature")],
    [("Name of federation official:", "Name of federation official:"), ("Signature:", "Signature:")],
    [("PRIVACY NOTICE", "PRIVACY NOTICE")],
    [("This report is not valid until confirmed by", "This report is not valid until confirmed by")],
]


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("it1")
    out = {}
    fide = folder / "fide.pdf"
    print_to_pdf(FIDE_FORM, fide)
    out["fide"] = fide
    sparse = norm_event("1=1=1=0=1", gm_field(9), time_control=None, candidate={"fide_id": ""}, name="Bare")
    for name, event in (("example", trfconv.read(EXAMPLE)), ("full", norm_event("1=1=1=0=1", gm_field(9))),
                        ("sparse", sparse)):
        from trfconv.documents.basis import Basis
        from trfconv.documents.norms import NormsReport
        from trfconv.documents.registry import document

        result = trfconv.norms(event, titles=("GM",))
        report = NormsReport(Basis(name, result.diagnostics, lenient=True), event, result)
        page = folder / f"{name}.html"
        page.write_text(document("norms").render(report, "it1"), "utf-8")
        print_to_pdf(page, folder / f"{name}.pdf")
        out[name] = folder / f"{name}.pdf"
    return out


@pytest.mark.slow
@needs_chromium
def test_every_field_of_fides_form_in_its_order_and_row(printed):
    fide = fields(printed["fide"], ROWS, 0)
    for name in ("example", "full", "sparse"):
        ours = fields(printed[name], ROWS, 1)
        for row, (theirs, mine) in enumerate(zip(fide, ours, strict=True), start=1):
            assert len({round(y) for _, y in mine}) == 1, (name, row, "a row of FIDE's form split over lines")
            assert [x for x, _ in mine] == sorted(x for x, _ in mine), (name, row, "fields out of FIDE's order")
            assert len(theirs) == len(mine)


@pytest.mark.slow
@needs_chromium
def test_the_layout_does_not_move_with_the_data(printed):
    """A file without a rate of play, the candidate's FIDE id or a city: the same fields in the
    same places, to the tenth of a point."""
    full, sparse = fields(printed["full"], ROWS, 1), fields(printed["sparse"], ROWS, 1)
    assert full == sparse
    assert page_size_mm(printed["full"]) == (210, 297)


@pytest.mark.slow
@needs_chromium
def test_the_values_are_filled_and_no_command_line_wording(printed):
    text = " ".join(unicodedata.normalize("NFKC", p) for p in pages(printed["example"]))
    for value in ("Quill", "Amara", "ESP", "Example Norm Open 2026", "2026-04-04", "2026-04-14", "Arbiter, Anne",
                  "90 min + 30 sec", "2410", "Stone, Wade (left out, 1.4.1e)", "registered with FIDE at least 30 days"):
        assert value in text, value
    assert "--" not in text and "trfconv" not in text


def test_no_norm_gives_the_near_misses_not_a_blank_page(cli, tmp_path):
    path = tmp_path / "close.trf"
    trfconv.write(norm_event("1=1=1=0=1", gm_field(9, rating=2470)), path, format="trf16")
    result = cli("norms", path, "--title", "GM", "--format", "it1")
    assert "No title result in this event" in result.stdout
    assert "Norms missed narrowly" in result.stdout and "1.4.8 by 5 rating points" in result.stdout
