"""``trfconv norms FILES --application FIDE_ID``: the IT2 checks over several events (1.5.1,
1.4.3e, 1.1.3a, 1.5.6, 1.4.1c, 1.5.3, each event rateable), and an application mixing players."""

from __future__ import annotations

from dataclasses import replace

from normbuild import events

import trfconv
from trfconv.rules.norms import application


def checks(app) -> dict[str, bool]:
    return {c.article: c.ok for c in app.checks}


def test_three_norms_make_28_credited_games():
    """6/9 (9 games), 7/9 (one point over: 10), 8 games and a forfeit win (1.4.1c: 9)."""
    app, found = application(events("1=1=1=0=1", "11=1=1=1=", "1=1=1+=1="), "1")
    assert app.title == "GM" and [d.code for d in found] == ["NRM006"]  # E3's IM norm: 10 credited games, or 9
    assert "1.4.1c read as 'adds'" in found[0].message and "#1 IM" in found[0].message
    assert [x.norm.credited_games for x in app.norms] == [9, 10, 9]
    assert checks(app) == {"1.5.1": True, "1.4.3e": True, "1.1.3a": True, "1.5.6": False, "1.4.1c": True,
                           "1.5.3": False, "B.02": True}
    six = next(c for c in app.checks if c.article == "1.5.6")
    assert "2 a round at least, average 2450 (all rated) / 2450 (top 40)" in six.value  # 2400 and a 2500 each round


def test_too_few_games_and_the_nine_round_rule_twice():
    app, _ = application(events("1=1=1+=1=", "1=1=1U=1="), "1")
    assert not checks(app)["1.5.1"] and not checks(app)["1.4.1c"]


def test_two_rounds_a_day_fail_1_1_3a_for_gm_not_for_im():
    dates = ["2025/03/01", "2025/03/01", "2025/03/02", "2025/03/02", "2025/03/03", "2025/03/03", "2025/03/04",
             "2025/03/04", "2025/03/05"]  # one round on one day only
    many = events("1=1=1=0=1", "11=1=1=1=", "11=1=1=1=", dates=dates)
    assert not checks(application(many, "1")[0])["1.1.3a"]
    assert "1.1.3a" not in checks(application(many, "1", title="IM")[0])


def test_the_rating_requirement_from_the_lists(tmp_path):
    from ratinglist_build import HEADER_FOA, P, foa_line, txt

    from trfconv import ratinglists

    path = tmp_path / "players_list_foa.txt"
    path.write_bytes(txt(HEADER_FOA, [foa_line(P(1, "Candidate, One", "ESP", "M", std=(2504, 0, 10)))]))
    ratinglists.import_list(path, db=tmp_path / "lists.sqlite", month="2025-03")
    lists = ratinglists.open_lists(tmp_path / "lists.sqlite")
    app, _ = application(events("1=1=1=0=1"), "1", lookup=lists)
    assert app.rating == (2504, "2025-03") and checks(app)["1.5.3"]


def test_an_application_mixing_players():
    one, two = events("1=1=1=0=1", "11=1=1=1=")
    other = (two[0], replace(two[1], players=tuple(replace(p, name="Someone, Else") if p.start_number == 1 else p
                                                   for p in two[1].players)))
    absent = ("e3.trf", replace(one[1], players=tuple(replace(p, fide_id=None) if p.start_number == 1 else p
                                                      for p in one[1].players)))
    _, found = application([one, other, absent], "1")
    assert [d.code for d in found] == ["NRM015", "NRM016"]


def test_command(cli, tmp_path):
    for name, t in events("1=1=1=0=1", "11=1=1=1="):
        trfconv.write(t, tmp_path / name, format="trf16")
    result = cli("norms", tmp_path, "--application", "1")
    assert result.exit_code == 1  # 1.5.1 and others fail
    assert result.stdout.splitlines()[-1] == "verdict     GM application of FIDE id 1: does not meet 1.5.1, 1.5.6, 1.5.3"
    french = cli("--lang", "fr", "norms", tmp_path, "--application", "1").stdout.splitlines()
    checks = french[french.index("vérifications") + 1:-1]
    assert [line[25:34] for line in checks[:2]] == ["des normes"[:9], "une norme"]  # the rules in one column
    assert french[-1] == "verdict     demande du titre GM de l'identifiant FIDE 1 : ne satisfait pas à 1.5.1, 1.5.6, 1.5.3"
    missing = cli("norms", tmp_path, "--application", "77")
    assert missing.exit_code == 2 and "no file given holds a player or an arbiter (102/112) with this FIDE id" in \
        missing.stderr


def test_an_event_given_twice_counts_once(cli, tmp_path):
    """The same event as TRF and as JSON, and a second copy of the TRF: one norm of 9 credited
    games (issue 36: it counted three, 27 games, and 1.5.1 passed)."""
    ((name, t),) = events("1=1=1=0=1")
    trfconv.write(t, tmp_path / "e1.trf", format="trf16")
    trfconv.write(t, tmp_path / "e1-copy.trf", format="trf16")
    trfconv.write(t, tmp_path / "e1.json", format="json")
    app, found = application([(str(p), trfconv.read(p)) for p in sorted(tmp_path.iterdir())], "1")
    assert [x.norm.credited_games for x in app.norms] == [9]
    assert [d.code for d in found] == ["NRM019", "NRM019"]
    assert not checks(app)["1.5.1"]
    result = cli("norms", tmp_path, "--application", "1")
    assert "is given twice" in result.stdout and "9 in 1 norm(s)" in result.stdout
