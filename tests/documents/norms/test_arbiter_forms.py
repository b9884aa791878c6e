"""FIDE's FA1 and IA1 (B.06.1 2.1.1) as a person sees them: printed by headless Chromium, their
text read back with where each word stands on the page. Against a rendering of FIDE's own forms
(``fixtures/forms/fide-fa1.html``, ``fide-ia1.html``, transcribed from the FIDE Arbiters' Manual of
May 2025, pages 308 and 310): every field of FIDE's form is there, in FIDE's order; the layout is
fixed (a file with fewer facts leaves fields blank, no field moves); one A4 page per form, what
B.06.1 asks of the event after FIDE's fields, with what the Chief Arbiter attests."""

from __future__ import annotations

import unicodedata
from dataclasses import replace

import pytest
from browser import fields, needs_chromium, page_size_mm, pages, print_to_pdf
from eventbuild import paired_swiss
from paths import FIXTURES
from teambuild import small_team_event

import trfconv
from trfconv.documents.basis import Basis
from trfconv.documents.norms import NormsReport
from trfconv.documents.registry import document

LLOBREGAT = FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__2023_elllobregat_a_753347.TUNX"
FIELDS = ["Last Name:", "First Name:", "FIDE ID Number:", "Federation:", "Name of event:", "FRS event code(s):",
          "Federation of event:", "Venue:", "Date of first round:", "Date of last round:", "System:",
          "Number of rounds:", "Number of players:", "Number of FIDE rated players:",
          "Number of federations represented:", "Number of titled players:", "Time control:"]


def rows(code: str) -> list[list[tuple[str, str]]]:
    """FIDE's form row by row, each field as (its words on FIDE's form, on trfconv's): the same."""
    ia = code == "IA1"
    heading = "International Arbiter Norm Report Form" if ia else "FIDE Arbiter Norm Report Form"
    said = [[heading, code], *([f] for f in FIELDS), ["I hereby confirm that the Arbiter's performance"],
            ["Name:"], ["Signature:"], ["Position:"], ["Federation:"], ["Date:"],
            ["Name and position of Authenticating Federation official:"], ["Signature"], ["Date"],
            ["The organizer is responsible for providing the above certificate"]]
    appeals, privacy = [f"When applying for the {code[:2]} title"], ["PRIVACY NOTICE"]
    said += [privacy, appeals] if ia else [appeals, privacy]
    return [[(f, f) for f in row] for row in said]


def render(t, path):
    result = trfconv.norms(t, arbiters=True)
    report = NormsReport(Basis(str(path), result.diagnostics, lenient=True), t, result)
    path.write_text(document("norms").render(report, "arbiters"), "utf-8")
    return result.arbiters


def event(sparse: bool):
    """A 9-round Swiss of 30 rated players, an IA chief and an NA deputy: with a rate of play, a
    city and the deputy's FIDE id, or without them."""
    t = paired_swiss(30, 9, feds=("FRA", "GER"), time_control=None if sparse else "90 min + 30 sec")
    deputy = "NA Deputy, Dora" if sparse else "NA Deputy, Dora 7777"
    return replace(t, event=replace(t.event, city=None if sparse else "Paris", chief_arbiter="IA Chief, Carl 1234",
                                    deputy_arbiters=(deputy,)))


def team():
    """The longest forms: a team round robin of 10 teams on 4 boards (3.9.1, 4.9.2), no rate of play,
    no federations, no arbiter's title written: FA1 and IA1 for each of two arbiters."""
    order, rounds = list(range(1, 11)), []
    for _ in range(9):
        rounds.append([(a, b, "1=0=") for a, b in zip(order[:5], reversed(order[5:]), strict=True)])
        order = [order[0], order[-1], *order[1:-1]]
    t = trfconv.reads(small_team_event(10, 4, rounds, start="2026/05/01"), path="team.trf")
    return replace(t, event=replace(t.event, chief_arbiter="Chief, Carl 1234", deputy_arbiters=("Deputy, Dora 7777",)))


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("arbiters")
    out = {}
    for code in ("fa1", "ia1"):
        print_to_pdf(FIXTURES / "forms" / f"fide-{code}.html", folder / f"fide-{code}.pdf")
        out[code.upper()] = folder / f"fide-{code}.pdf"
    for name, t in (("example", trfconv.read(LLOBREGAT)), ("full", event(False)), ("sparse", event(True)),
                    ("team", team())):
        forms = render(t, folder / f"{name}.html")
        print_to_pdf(folder / f"{name}.html", folder / f"{name}.pdf")
        out[name] = folder / f"{name}.pdf", [c.title + "1" for n in forms.norms for c in n.checks if c.status != "no norm"]
    return out


@pytest.mark.slow
@needs_chromium
def test_every_field_of_fides_forms_in_their_order(printed):
    """The example's six forms (IA1, FA1 and IA1 twice, FA1), each one A4 page: every field of
    FIDE's form of that code on the same line as on FIDE's, in FIDE's order."""
    pdf, codes = printed["example"]
    assert codes == ["IA1", "FA1", "IA1", "FA1", "IA1", "FA1"] and len(pages(pdf)) == len(codes)
    assert page_size_mm(pdf) == (210, 297)
    for page, code in enumerate(codes):
        fide, ours = fields(printed[code], rows(code), 0), fields(pdf, rows(code), 1, page)
        for row, (theirs, mine) in enumerate(zip(fide, ours, strict=True), start=1):
            assert len({round(y) for _, y in mine}) == 1, (code, row, "a row of FIDE's form split over lines")
            assert len(theirs) == len(mine)


@pytest.mark.slow
@needs_chromium
def test_the_layout_does_not_move_with_the_data(printed):
    """Without a rate of play, a city or the arbiter's FIDE id: the same fields in the same
    places, to the tenth of a point, on one page."""
    (full, codes), (sparse, same) = printed["full"], printed["sparse"]
    assert codes == same == ["FA1"] and len(pages(full)) == len(pages(sparse)) == 1
    assert fields(full, rows("FA1"), 1) == fields(sparse, rows("FA1"), 1)


@pytest.mark.slow
@needs_chromium
def test_the_longest_forms_keep_one_page_each(printed):
    pdf, codes = printed["team"]
    assert codes == ["FA1", "IA1", "FA1", "IA1"] and len(pages(pdf)) == 4
    for page, code in enumerate(codes):
        fields(pdf, rows(code), 1, page)  # every field of FIDE's form, in order, on the form's own page


@pytest.mark.slow
@needs_chromium
def test_the_values_and_what_the_chief_arbiter_attests(printed):
    pdf, _ = printed["full"]
    text = " ".join(unicodedata.normalize("NFKC", pages(pdf)[0]).split())
    for value in ("Deputy", "Dora", "7777", "Test Open", "FRA", "Paris", "2025-03-01", "2025-03-09", "Swiss",
                  "90 min + 30 sec", "Chief, Carl", "Chief Arbiter", "3.8.1 a Swiss with at least 20 FIDE-rated players",
                  "the arbiter is at least 18 years old (2.9.3)", "at most 2 arbiter norm certificate(s)"):
        assert value in text, value
    assert "--" not in text and "trfconv" not in text
