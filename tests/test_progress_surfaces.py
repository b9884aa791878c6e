"""One answer for every surface (issue 34): on the same file exported during its event, the
command line, the library and the web page say the same, one test per command. The page runs
the library's functions and the commands' document writers, so its documents are the commands'
byte for byte; the library's values are what both show. (``check --upload`` has no page: the
command and the library are held together.)"""

from __future__ import annotations

import json
from datetime import date

import paths
import pytest
from lxml import html
from pageclient import client, key_of, upload

import trfconv
from trfconv.actions import speaking
from trfconv.rules.rateability import Decision, Gets
from trfconv.rules.tiebreaks.declare import with_standings
from trfconv.rules.tiebreaks.playoff import tied_for
from trfconv.rules.upload import summary, upload_check
from trfconv.web.voice import PAGE

NATIVE = paths.FIXTURES / "native" / "swissmanager"
#: Round 4 of 5 paired, no result in it yet.
PAIRED = NATIVE / "echecsjs__tunx__esp_1385606.TUNX"
#: A round robin with postponed games in rounds 3, 5, 6 and 9; players 3 and 8 tied for place 2.
POSTPONED = NATIVE / "echecsjs__tunx__austria_roundrobin_vereinsmeisterschaft_1288524.TUNX"


def served(monkeypatch, path):
    """The page with ``path`` dropped on it; the commands run where the file is, so that both
    name it alike."""
    monkeypatch.chdir(path.parent)
    c = client()
    return c, key_of(upload(c, path.name, path.read_bytes()))


def test_validate(monkeypatch, page_cli):
    c, _ = served(monkeypatch, PAIRED)
    library = trfconv.validate(trfconv.read(PAIRED))
    assert library.decision is Decision.NOT_FINISHED
    command = page_cli("validate", PAIRED.name)
    assert command.exit_code == 1
    with speaking(PAGE):  # the library's words, with the actions worded as the page's controls
        decision, notes = library.decision_text, library.notes
    assert json.loads(page_cli("validate", PAIRED.name, "--json").stdout)["decision_text"] == decision
    card = html.fragment_fromstring(upload(c, PAIRED.name, PAIRED.read_bytes()).text)
    assert card.xpath("string(.//strong[@class='decision'])") == "NOT FINISHED"
    page_verdict = card.xpath("string(.//details[3]/pre)").strip().splitlines()[-1]
    assert page_verdict == command.stdout.strip().splitlines()[-1] == f"verdict     NOT FINISHED{notes}"
    assert notes == f": {library.judged} ('after round' 3 judges the rounds complete)"  # the page's control


def test_report(monkeypatch, page_cli):
    c, key = served(monkeypatch, PAIRED)
    page = c.get(f"/files/{key}/rating-report.html")
    command = page_cli("report", PAIRED.name, "--format", "html")
    assert command.exit_code == 1 and page.text == command.stdout
    decision = html.document_fromstring(page.text).xpath("string(//p[@class='decision'])")
    assert decision.startswith("NOT FINISHED: round 4 paired, 0 of its 7 results in")
    rating = trfconv.rate(trfconv.read(PAIRED))
    assert not rating.rated and {p.gets for p in rating.players} == {Gets.NOTHING}


def test_standings(monkeypatch, page_cli):
    c, key = served(monkeypatch, PAIRED)
    page = c.get(f"/files/{key}/standings.html")
    assert page.text == page_cli("standings", PAIRED.name, "--format", "html").stdout
    library = trfconv.standings(trfconv.read(PAIRED))
    assert library.after_round == 3 and "after round 3 of 5" in page.text
    standings_table = html.document_fromstring(page.text).xpath("//table")[-1]  # after the tie-break list's
    shown = [[td.text_content() for td in tr.xpath("td")][:2] for tr in standings_table.xpath(".//tbody/tr")]
    assert [[str(r.rank), str(r.number)] for r in library.rows] == shown


def test_playoff(monkeypatch, page_cli):
    c, key = served(monkeypatch, POSTPONED)
    page = c.get(f"/files/{key}/playoff.html", params={"place": "3", "seed": "7"})
    assert page.status_code == 200, page.text
    assert page.text == page_cli("playoff", POSTPONED.name, "--places", "3", "--seed", "7", "--format", "html").stdout
    entrants, first = tied_for(trfconv.standings(trfconv.read(POSTPONED), lots_seed="7"), 3)
    assert sorted(r.number for r in entrants) == [1, 3] and first == 3  # 4.5 points each, round 9's games waiting not counted


def test_norms(monkeypatch, page_cli):
    c, key = served(monkeypatch, POSTPONED)
    page = c.get(f"/files/{key}/norms.html", params={"forecast": "1"})
    assert page.text == page_cli("norms", POSTPONED.name, "--forecast", "--format", "html").stdout
    library = trfconv.norms(trfconv.read(POSTPONED), forecast=True)
    [said] = [d.message for d in library.diagnostics if d.code == "NRM010"]
    assert said in page.text and library.played == 9


def test_convert(monkeypatch, cli):
    c, key = served(monkeypatch, PAIRED)
    page = c.get(f"/files/{key}/convert.trf26")
    command = cli("convert", PAIRED.name, "--to", "trf26")
    assert command.exit_code == 0 and page.content == command.stdout_bytes
    library, _ = trfconv.dumps(with_standings(trfconv.read(PAIRED))[0], "trf26")
    assert page.content == library
    ranks = {p.start_number: p.rank for p in trfconv.reads(library, path="x.trf").players}
    assert ranks == {r.number: r.rank for r in trfconv.standings(trfconv.read(PAIRED), after_round=3).rows}


@pytest.mark.parametrize(("today", "ready"), [("2026-04-06", False)])
def test_check_upload(cli, today, ready):
    t = trfconv.read(PAIRED)
    result = upload_check(t, date.fromisoformat(today))
    line = summary((*t.diagnostics, *result.diagnostics), result.deadlines)
    data = json.loads(cli("check", PAIRED, "--upload", "--today", today, "--no-gacrux", "--json").stdout)
    assert data["upload"] == {"ready": ready, "summary": line}
    assert line.startswith("NOT READY to upload: fix first: 2 x UPL061")
