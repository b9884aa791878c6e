"""The arbiters' own norms (B.06.1, issue 36 item 5): which of an event's arbiters (102/112) its
norm can be under each condition of articles 2 to 4 a file can show, with its article, both sides
of each number; what no file shows as a proviso, never a "no"; the FA1/IA1 of each arbiter; an
arbiter's title application over several events (2.2, 2.4, 2.5, 3.9, 3.10.1, 4.10.1, 4.13.1)."""

from __future__ import annotations

import json
from dataclasses import replace

import paths
import pytest
from eventbuild import paired_swiss, round_robin, swiss
from normbuild import gm_field, norm_event

import trfconv
from trfconv.rules.arbiters import CANNOT, NO_NORM, NORM, arbiter_application, arbiter_event
from trfconv.rules.officials import arbiters

LLOBREGAT = paths.FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__2023_elllobregat_a_753347.TUNX"
FEDS = ("FRA", "GER", "ITA", "ESP", "NED")


def with_arbiters(t, chief: str, *deputies: str):
    return replace(t, event=replace(t.event, chief_arbiter=chief, deputy_arbiters=deputies))


def open_swiss(players: int, rounds: int, *, rated: int | None = None, feds: int = 1, **options):
    """A Swiss (:func:`eventbuild.paired_swiss`) of ``feds`` federations with an IA chief, an NA
    deputy (FIDE ID 7777) and an FA one (8888)."""
    t = paired_swiss(players, rounds, rated=rated, feds=FEDS[:feds], **options)
    return with_arbiters(t, "IA Chief, Carl 1234", "NA Deputy, Dora 7777", "FA Deputy, Fred 8888")


def check(event, fide_id: str, title: str):
    """The title check of the arbiter ``fide_id`` in ``event`` (judged here when a tournament)."""
    if isinstance(event, trfconv.Tournament):
        event = arbiter_event(event)
    return next(n for n in event.norms if n.arbiter.fide_id == fide_id).check(title)


def said(c) -> dict[str, tuple[str, str]]:
    """Each requirement of a check: article -> (status, value)."""
    return {q.article: (q.status, q.value) for q in c.requirements}


def test_the_arbiters_of_a_real_event_and_their_norms():
    """A 9-round open of Swiss-Manager, 210 players (all rated) from 46 federations: an IA chief
    and two IA deputies (no norm to gain), an FA deputy (an IA norm by 4.9.1, IA1), an NA deputy
    (an FA norm by 3.8.1, FA1), two deputies whose title the file does not give (FA1 or IA1: cannot
    judge); at most 9 certificates (2.7.1: one per 25 players or part thereof)."""
    event = arbiter_event(trfconv.read(LLOBREGAT))
    f = event.facts
    assert (f.system, f.rounds, f.players, f.rated_players, f.federations, f.rated) == ("Swiss", 9, 210, 210, 46, True)
    assert event.certificates == 9
    got = {n.arbiter.fide_id: (n.arbiter.titles, [(c.title, c.status) for c in n.checks]) for n in event.norms}
    assert got["127965"] == (("IA",), [])
    assert got["22227172"] == (("FA",), [("IA", NORM)])
    assert got["54597471"] == (("NA",), [("FA", NORM)])
    assert got["2284910"] == (None, [("FA", CANNOT), ("IA", CANNOT)])
    ia = check(event, "22227172", "IA")
    assert said(ia)["4.9.1"] == ("ok", "210 players (210 FIDE-rated) from 46 federations")
    assert said(check(event, "54597471", "FA"))["2.9.1"] == ("ok", "NA (the record)")
    # the rate of play is not in the file: an IA norm only at the standard rate, attested (4.8.4)
    assert ("4.8", "played at the standard rate (a rapid or blitz event gives an IA norm only as an official World "
                   "or Continental championship, 4.8.4)") in [(p.article, p.text) for p in ia.provisos]


@pytest.mark.parametrize("rated, status", [(20, NORM), (19, NO_NORM)])
def test_an_fa_norm_from_a_swiss_needs_20_rated_players(rated, status):
    """3.8.1: a Swiss with a minimum of 20 rated players (of 24, standard play, 7 rounds)."""
    c = check(open_swiss(24, 7, rated=rated), "7777", "FA")
    assert c.status == status
    assert said(c)["3.8.1"] == ("ok" if status == NORM else "FAILS", str(rated))


@pytest.mark.parametrize("rounds, status, article", [(7, NORM, "3.10"), (5, NORM, "3.10.1"), (4, NO_NORM, "3.10")])
def test_an_fa_norm_event_has_7_rounds_one_event_5(rounds, status, article):
    """3.10: at least 7 rounds; 3.10.1: one event of 5 or 6 rounds in an application."""
    c = check(open_swiss(24, rounds), "7777", "FA")
    assert c.status == status and said(c)[article][0] == ("FAILS" if status == NO_NORM else "ok")


@pytest.mark.parametrize("rounds, status, article", [(9, NORM, "4.10"), (7, NORM, "4.10.1"), (6, NO_NORM, "4.10")])
def test_an_ia_norm_event_has_9_rounds_one_event_7(rounds, status, article):
    """4.10 and 4.10.1, for the FA deputy (an IA norm) of a national Swiss: the rest of 4.8 is the
    Chief Arbiter's to attest (the final of the national championship, an official FIDE event)."""
    c = check(open_swiss(24, rounds), "8888", "IA")
    assert c.status == status and said(c)[article][0] == ("FAILS" if status == NO_NORM else "ok")
    (route,) = [p.text for p in c.provisos if p.article == "4.8"]
    assert route == ("the event is one of: the final of the national individual championship (4.8.1, two norms at "
                     "most in an application); an official FIDE event or match (4.8.2)")


def test_round_robins_3_8_2_and_3_8_3():
    """3.8.2: a round robin with 10 rated players, or every player rated (8 of 8); 9 rated of 12:
    whether all are rated at its conclusion is not judged here: cannot judge, not "no". 3.8.3: a
    double round robin with 6 rated players (5: no FA norm)."""
    def fa(t):
        return check(with_arbiters(t, "IA Chief, Carl 1234", "NA Deputy, Dora 7777"), "7777", "FA")

    assert fa(round_robin([2000] * 8)).status == NORM
    assert said(fa(round_robin([2000] * 10 + [None] * 2)))["3.8.2"] == ("ok", "10 of 12 FIDE-rated")
    nine = fa(round_robin([2000] * 9 + [None] * 3))
    assert nine.status == CANNOT and said(nine)["3.8.2"][0] == "not checked"
    assert fa(round_robin([2000] * 6, cycles=2)).status == NORM
    five = fa(round_robin([2000] * 5 + [None], cycles=2))
    assert five.status == NO_NORM and said(five)["3.8.3"] == ("FAILS", "5")


@pytest.mark.parametrize("rated, status", [(30, NORM), (29, NO_NORM)])
def test_a_rapid_event_gives_an_fa_norm_with_30_rated_players_and_9_rounds(rated, status):
    """3.9.2 (once in an application); an IA norm from a rapid event only as an official World or
    Continental championship (4.8.4), which the Chief Arbiter attests."""
    t = open_swiss(32, 9, rated=rated, time_control="15 min + 10 sec")
    event = arbiter_event(t)
    assert event.facts.speed == "rapid"
    c = check(event, "7777", "FA")
    assert c.status == status and said(c)["3.9.2"][0] == ("ok" if status == NORM else "FAILS")
    ia = check(event, "8888", "IA")
    assert [p.text for p in ia.provisos if p.article == "4.8"] == [
        "an official World or Continental rapid or blitz championship (4.8.4: one norm at most in an application)"]


@pytest.mark.parametrize("rated, status", [(30, NORM), (25, CANNOT), (15, NO_NORM)])
def test_without_a_rate_of_play_the_fa_norm_is_judged_when_both_readings_agree(rated, status):
    """No 122/222: 25 rated players make a standard Swiss's norm (3.8.1) but not a rapid one's
    (3.9.2): cannot judge; 30 both; 15 neither."""
    c = check(open_swiss(32, 9, rated=rated, time_control=None), "7777", "FA")
    assert c.status == status
    if status == NORM:
        assert (said(c)["3.8.1"][0], said(c)["3.9.2"][0]) == ("ok", "ok")
    else:
        assert said(c)["3.8, 3.9.2"][0] == {CANNOT: "not checked", NO_NORM: "FAILS"}[status]


def test_an_international_event_where_a_norm_was_made_gives_an_ia_norm():
    """4.8.3: an international event (participants from 3 federations at least, 2.6.2) whose field
    lets a player make a B.01 norm: a GM norm made shows it. Without the players' federations:
    cannot judge (2.6.2), not "no"."""
    t = with_arbiters(norm_event("1=1=1=0=1", gm_field(9)), "IA Chief, Carl 1234", "FA Deputy, Fred 8888")
    c = check(arbiter_event(t), "8888", "IA")
    assert said(c)["4.8.3"] == ("ok", "5 federations; #1 GM norm made") and c.status == NORM
    bare = replace(t, players=tuple(replace(p, federation=None) for p in t.players))
    c = check(arbiter_event(bare), "8888", "IA")
    assert c.status == CANNOT and said(c)["2.6.2"] == ("not checked", "0 federations given, 10 player(s) without one")


def test_a_chief_arbiter_without_ia_or_fa_signs_no_norm():
    """2.8.2: the Chief Arbiter an NA: the deputies get no norm; the Chief Arbiter's own, signed by
    a supervisor (2.8.1), stands. Without the Chief Arbiter's title: a proviso."""
    t = open_swiss(24, 7)
    na = arbiter_event(with_arbiters(t, "NA Chief, Carl 1234", "NA Deputy, Dora 7777"))
    assert said(check(na, "7777", "FA"))["2.8.2"] == ("FAILS", "NA (the record)")
    own = check(na, "1234", "FA")
    assert own.status == NORM and "2.8.1" in [p.article for p in own.provisos]
    unknown = check(arbiter_event(with_arbiters(t, "Chief, Carl 1234", "NA Deputy, Dora 7777")), "7777", "FA")
    assert unknown.status == NORM and "2.8.2" in [p.article for p in unknown.provisos]


def test_certificates_per_event():
    """2.7.1: a Swiss gives one certificate per 25 players or part thereof; 2.7.2: a round robin two."""
    assert arbiter_event(open_swiss(51, 7)).certificates == 3
    assert arbiter_event(open_swiss(50, 7)).certificates == 2
    assert arbiter_event(round_robin([2000] * 10)).certificates == 2


def test_the_list_decides_the_arbiters_title_age_and_registration(tmp_path):
    """With FIDE's list in force at the start: an arbiter without an arbiter title there is not a
    registered National Arbiter (2.9.1), one born in 2011 is not 18 (2.9.3); an NA born in 1980
    meets both; an FA's norm is an IA norm (2.9.4)."""
    from ratinglist_build import FIXTURES as LISTS
    from ratinglist_build import MONTH

    from trfconv.ratinglists import import_list, open_lists

    db = tmp_path / "lists.sqlite"
    import_list(LISTS / "players_list_foa.txt", db=db, month=MONTH)
    t = with_arbiters(open_swiss(24, 7, start="2026/10/05"), "IA Brenzola 90100070", "Sunna 90100062",
                      "Ekwueme 90100135", "Nunez 90100046")
    event = arbiter_event(t, open_lists(db))
    young = check(event, "90100062", "FA")
    assert said(young)["2.9.1"] == ("FAILS", "no arbiter title (the list of 2026-10)")
    assert said(young)["2.9.3"] == ("FAILS", "born 2011 (the list of 2026-10)")
    assert said(check(event, "90100135", "FA"))["2.9.3"] == ("ok", "born 1980 (the list of 2026-10)")
    assert [c.title for c in next(n for n in event.norms if n.arbiter.fide_id == "90100046").checks] == ["IA"]


def test_the_arbiters_in_the_norms_document(cli):
    text = cli("norms", LLOBREGAT, "--details").stdout
    assert ("            Deputy Chief Arbiter Pardina Albert (FIDE ID 54597471, NA from the record): FA norm (FA1), on 3 "
            "condition(s) the Chief Arbiter attests") in text
    assert ("Deputy Chief Arbiter AS Bonals Roca, Anna (FIDE ID 24513970): FA or IA norm (FA1 or IA1) cannot be judged: "
            "2.9.1, 2.9.4 the arbiter's title") in text
    data = json.loads(cli("norms", LLOBREGAT, "--details", "--json").stdout)["arbiters"]
    assert (data["system"], data["certificates"]) == ("Swiss", 9)
    assert [a["forms"] for a in data["arbiters"]][:3] == [[], [], ["IA1"]]
    assert data["arbiters"][2]["norms"][0]["status"] == "norm"
    assert "arbiters" not in json.loads(cli("norms", LLOBREGAT, "--json").stdout)  # on request only


def test_one_form_per_arbiter_and_title(cli, tmp_path):
    from lxml import html

    out = tmp_path / "arbiters.html"
    assert cli("norms", LLOBREGAT, "--format", "arbiters", "-o", out).exit_code == 0
    tree = html.fromstring(out.read_bytes())
    assert tree.xpath("//section[@class='form']/@data-form") == ["IA1", "FA1", "IA1", "FA1", "IA1", "FA1"]
    assert "--" not in tree.text_content().replace("--list", "")


def test_no_norm_lists_each_arbiter_not_a_blank_page(cli, tmp_path):
    path = tmp_path / "short.trf"
    trfconv.write(open_swiss(24, 4), path, format="trf16")
    out = tmp_path / "a.html"
    assert cli("norms", path, "--format", "arbiters", "-o", out).exit_code == 0
    text = out.read_text()
    assert "No arbiter’s norm from this event" in text and "no FA norm: 3.10 at least 7 rounds" in text


def events(*names_and_events):
    return [(name, t) for name, t in names_and_events]


def test_an_fa_application():
    """An NA deputy (FIDE ID 7777) in two Swiss events and a round robin: the 3 norms besides the
    seminar's (2.2), two systems (2.4); the seminar is in no file. In two Swiss events only: one
    system, 1 norm short, and no Swiss of 100 players (2.5). Two events of 5 rounds: one counts
    (3.10.1)."""
    one, two = open_swiss(24, 7, name="A"), open_swiss(26, 7, name="B")
    rr = with_arbiters(round_robin([2000] * 8, name="C"), "IA Chief, Carl 1234", "NA Deputy, Dora 7777")
    app = arbiter_application(events(("a.trf", one), ("b.trf", two), ("rr.trf", rr)), "7777")
    assert app.title == "FA" and app.ok
    assert {c.article: (c.ok, c.known) for c in app.checks} == {
        "2.2": (True, True), "2.3.3": (False, False), "2.4, 2.5": (True, True), "5.3": (False, False)}
    swiss_only = arbiter_application(events(("a.trf", one), ("b.trf", two)), "7777")
    assert {c.article: c.value for c in swiss_only.checks if c.known} == {
        "2.2": "2: a.trf, b.trf", "2.4, 2.5": "Swiss"}
    short = [open_swiss(24, 5, name=f"S{i}") for i in range(2)]
    app = arbiter_application(events(("s0.trf", short[0]), ("s1.trf", short[1]), ("rr.trf", rr)), "7777")
    assert [c.value for c in app.checks if c.article == "2.2"] == ["2 (3 norms, 1 repeating an option an application takes once): s0.trf, s1.trf, rr.trf"]


def test_swiss_events_only_with_a_large_international_one():
    """2.5: Swiss events only, one of them international (2 federations for FA) with 100 players,
    30 % FIDE-rated, 7 rounds: accepted."""
    big = open_swiss(100, 7, rated=30, feds=2, name="Big")
    app = arbiter_application(events(("big.trf", big), ("a.trf", open_swiss(24, 7, name="A")),
                                     ("b.trf", open_swiss(26, 7, name="B"))), "7777")
    assert [c.value for c in app.checks if c.article == "2.4, 2.5"] == ["Swiss only; 2.5: big.trf"]
    small = open_swiss(100, 7, rated=29, feds=2, name="Big")
    app = arbiter_application(events(("big.trf", small), ("a.trf", open_swiss(24, 7, name="A"))), "7777")
    assert [c.ok for c in app.checks if c.article == "2.4, 2.5"] == [False]


def test_an_ia_application_needs_two_chief_arbiters():
    """4.13.1: the IA norms cannot all be signed by the same Chief Arbiter; an event given twice
    counts once (NRM019)."""
    t = [open_swiss(24, 9, name=n) for n in "ABCD"]
    rr = with_arbiters(round_robin([2000] * 10, name="R"), "IA Chief, Carl 1234", "FA Deputy, Fred 8888")
    files = events(*((f"{i}.trf", x) for i, x in enumerate(t)), ("rr.trf", rr), ("copy.trf", t[0]))
    app = arbiter_application(files, "8888")
    assert app.title == "IA"
    assert [(c.ok, c.value) for c in app.checks if c.article == "4.13.1"] == [(False, "1")]
    assert [d.code for d in app.diagnostics] == ["NRM019"]
    other = with_arbiters(round_robin([2000] * 10, name="R", people={p: {"fed": "FRA"} for p in range(1, 11)}),
                          "IA Other, Olga 4321", "FA Deputy, Fred 8888")
    app = arbiter_application(events(*((f"{i}.trf", x) for i, x in enumerate(t)), ("rr.trf", other)), "8888")
    assert [c.ok for c in app.checks if c.article == "4.13.1"] == [True]


def test_the_application_on_the_command_line(cli, tmp_path):
    one, two = open_swiss(24, 7, name="A"), open_swiss(26, 7, name="B")
    rr = with_arbiters(round_robin([2000] * 8, name="C"), "IA Chief, Carl 1234", "NA Deputy, Dora 7777")
    for name, t in (("a.trf", one), ("b.trf", two), ("rr.trf", rr)):
        trfconv.write(t, tmp_path / name, format="trf16")
    result = cli("norms", tmp_path, "--application", "7777")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == (
        "verdict     FA application of the arbiter FIDE id 7777: meets what the files show; still to show: 1 norm "
        "from a seminar (at most 4 years old on applying); applied for at most 1 year after the latest event, each "
        "tournament norm at most 6 years old")
    # every event's last round on 2025-03-07: apply within a year of it (5.3.3)
    assert "apply by 2026-03-07 (" in result.stdout and "a.trf's norm valid until 2031-03-07)" in result.stdout
    french = cli("--lang", "fr", "norms", tmp_path, "--application", "7777").stdout
    assert french.splitlines()[-1].startswith(
        "verdict     demande du titre FA de l'arbitre d'identifiant FIDE 7777 : satisfait à ce que montrent les "
        "fichiers ; reste à montrer : ")
    assert "Arbitre principal adjoint ; " in french and "arbitre d'identifiant FIDE 7777, titre FA" in french
    assert "toutes rondes, système suisse" in french and "demander au plus tard le 07/03/2026" in french
    assert [w for w in ("application holds", "rounds", "Swiss", "Round Robin", "norms from", "not checked", "not in a")
            if w in french] == []
    assert cli("norms", tmp_path, "--application", "7777", "--title", "GM").exit_code == 2
    missing = cli("norms", tmp_path, "--application", "999999")
    assert missing.exit_code == 2 and "a player or an arbiter (102/112)" in missing.stderr


def test_an_arbiter_of_a_match_is_not_judged():
    t = with_arbiters(swiss([2400, 2600], [[(1, 2, "=")]] * 10, kind="Match"), "IA Chief, Carl 1234")
    event = arbiter_event(t)
    assert event.facts.system is None
    assert [(q.article, q.status) for q in event.requirements][1] == ("2.3.1", "not checked")
    assert arbiters(t)[0].name == "Chief, Carl"
