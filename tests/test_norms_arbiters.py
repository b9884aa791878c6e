"""The arbiters' own norms (B.06.1, issue 36 item 5): which of an event's arbiters (102/112) its
norm can be, the FA1/IA1 form of each, and an arbiter's title application over several events."""

from __future__ import annotations

import json

import paths
from eventbuild import round_robin, swiss
from normbuild import gm_field, norm_event

import trfconv
from trfconv.rules.arbiters import arbiter_application, arbiter_event, arbiters

LLOBREGAT = paths.FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__2023_elllobregat_a_753347.TUNX"


def test_the_arbiters_of_a_real_event_and_their_norms():
    """A 9-round open of Swiss-Manager: an IA chief (no norm to gain), an FA deputy (an IA norm,
    IA1), an NA deputy (an FA norm, FA1), two deputies whose title the file does not give (FA1 or
    IA1); the event rateable and a Swiss (2.3.1)."""
    event = arbiter_event(trfconv.read(LLOBREGAT))
    assert event.ok and event.system == "Swiss" and event.rounds == 9
    said = {n.arbiter.fide_id: (n.arbiter.role, n.arbiter.titles, n.title, n.forms(event.rules)) for n in event.norms}
    assert said["127965"] == ("Chief Arbiter", ("IA",), None, ())
    assert said["22227172"] == ("Deputy Chief Arbiter", ("FA",), "IA", ("IA1",))
    assert said["54597471"] == ("Deputy Chief Arbiter", ("NA",), "FA", ("FA1",))
    assert said["2284910"][1:] == (None, None, ("FA1", "IA1"))


def test_the_arbiters_in_the_norms_document(cli):
    text = cli("norms", LLOBREGAT, "--details").stdout
    assert "            Deputy Chief Arbiter Pardina Albert (FIDE ID 54597471, NA from the record): FA norm (FA1)" in text
    data = json.loads(cli("norms", LLOBREGAT, "--details", "--json").stdout)
    assert data["arbiters"]["system"] == "Swiss"
    assert [a["forms"] for a in data["arbiters"]["arbiters"]][:3] == [[], [], ["IA1"]]
    assert "arbiters" not in json.loads(cli("norms", LLOBREGAT, "--json").stdout)  # on request only


def test_one_form_per_arbiter_with_a_norm(cli, tmp_path):
    from lxml import html

    out = tmp_path / "arbiters.html"
    assert cli("norms", LLOBREGAT, "--format", "arbiters", "-o", out).exit_code == 0
    tree = html.fromstring(out.read_bytes())
    assert tree.xpath("//section[@class='form']/@data-forms") == ["IA1", "FA1 IA1", "FA1 IA1", "FA1"]
    assert "--" not in tree.text_content()


def _with_arbiters(t, chief: str, *deputies: str):
    from dataclasses import replace

    return replace(t, event=replace(t.event, chief_arbiter=chief, deputy_arbiters=deputies))


def test_an_arbiters_application(cli, tmp_path):
    """A deputy (FIDE ID 7777) in two Swiss events and a round robin: 3 norms from events, the 3
    an FA application needs besides the seminar's (2.2), two systems (2.4); the seminar is in no
    file: still to show. In two Swiss events only: one system, 1 norm short."""
    one = _with_arbiters(norm_event("1=1=1=0=1", gm_field(9), name="A"), "IA Chief, Carl 1234", "NA Deputy, Dora 7777")
    two = _with_arbiters(norm_event("1=1=1=0=1", gm_field(9), name="B"), "IA Chief, Carl 1234", "Deputy, Dora 7777")
    rr = _with_arbiters(round_robin([2400, 2450, 2500, 2350, 2300, 2420]), "IA Chief, Carl 1234",
                        "Deputy, Dora 7777")
    app = arbiter_application([("a.trf", one), ("b.trf", two), ("rr.trf", rr)], "7777")
    assert app.title == "FA"
    assert {c.article: (c.ok, c.known) for c in app.checks} == {
        "2.2": (True, True), "2.3.3": (False, False), "2.4": (True, True), "3, 4": (False, False)}
    swiss_only = arbiter_application([("a.trf", one), ("b.trf", two)], "7777")
    assert {c.article: c.ok for c in swiss_only.checks if c.known} == {"2.2": False, "2.4": False}
    for name, t in (("a.trf", one), ("b.trf", two), ("rr.trf", rr)):
        trfconv.write(t, tmp_path / name, format="trf16")
    result = cli("norms", tmp_path, "--application", "7777")
    assert result.stdout.splitlines()[-1] == (
        "verdict     FA application of the arbiter FIDE id 7777: meets what the files show; still to show: 1 norm "
        "from a seminar; the conditions of articles 3 and 4 on each event (players, rounds, federations)")
    assert cli("norms", tmp_path, "--application", "7777", "--title", "GM").exit_code == 2
    assert cli("norms", tmp_path, "--application", "1", "--title", "FA").exit_code == 2  # player 1's FIDE id
    missing = cli("norms", tmp_path, "--application", "999999")
    assert missing.exit_code == 2 and "a player or an arbiter (102/112)" in missing.stderr


def test_an_arbiter_of_a_match_is_not_judged():
    t = _with_arbiters(swiss([2400, 2600], [[(1, 2, "=")]] * 10, kind="Match"), "IA Chief, Carl 1234")
    event = arbiter_event(t)
    assert event.system is None and not event.ok
    assert [(q.article, q.status) for q in event.requirements][1] == ("2.3.1", "not checked")
    assert arbiters(t)[0].name == "Chief, Carl"
