"""Where the event stands, one answer for every command (issue 34): a round paired without its
results is no game (in no tie-break), the standings are those after the last complete round,
``convert`` writes the ranks of those standings, ``validate`` and ``report`` say NOT FINISHED
unless the arbiter says how far to judge the event, ``check --upload`` is NOT READY before the
event is over, and ``norms`` reads the same progress. On real Swiss-Manager files exported during
their event, and on a finished file made unfinished."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import paths
import pytest
from eventbuild import last_round_paired_only

import trfconv
from trfconv.actions import speaking, voice
from trfconv.cli.hints import TERMINAL
from trfconv.diagnostics import Severity
from trfconv.model import NOT_PAIRED
from trfconv.rules.rateability import Decision, Gets
from trfconv.rules.upload import summary, upload_check

NATIVE = paths.FIXTURES / "native" / "swissmanager"
#: Swiss-Manager, round 4 of 5 paired, no result in it yet.
PAIRED = NATIVE / "echecsjs__tunx__esp_1385606.TUNX"
#: Swiss-Manager round robin of 9 rounds: one game of each of rounds 3, 5, 6 and 9 postponed.
POSTPONED = NATIVE / "echecsjs__tunx__austria_roundrobin_vereinsmeisterschaft_1288524.TUNX"
#: Swiss-Manager, 5 players paired in none of the 7 rounds declared.
NOT_STARTED = NATIVE / "echecsjs__tunx__cro_1386036.TUNX"
#: A finished Swiss of 7 rounds, 2026-03-01 to 2026-03-07.
EXAMPLE = paths.FIXTURES / "examples" / "example-open-2026.trf"


def table(s) -> list[tuple]:
    return [(r.number, r.rank, r.values) for r in s.rows]


def written(tmp_path, t: trfconv.Tournament, name: str):
    path = tmp_path / name
    trfconv.write(t, path)
    return path


def held(t: trfconv.Tournament, rounds: int, declared: int) -> trfconv.Tournament:
    """``t`` as exported after ``rounds`` rounds of ``declared``: later rounds not paired, no
    points or ranks (they were those of the whole event)."""
    players = tuple(replace(p, rounds=p.rounds[:rounds] + (NOT_PAIRED,) * (declared - rounds), points=None,
                            rank=None) for p in t.players)
    return replace(t, players=players, event=replace(t.event, declared_rounds=declared))


# -- standings and tie-breaks -------------------------------------------------------------------

def test_a_round_paired_without_results_is_no_round_of_the_standings():
    t = trfconv.read(PAIRED)
    now = trfconv.standings(t)
    assert now.after_round == 3 and table(now) == table(trfconv.standings(t, after_round=3))
    assert [r.number for r in now.rows][:4] == [1, 4, 6, 2]  # ranks 2-4 counted round 4's pairings as games
    [said] = [d.message for d in now.diagnostics if d.code == "STD001"]
    assert said.startswith("the event is in progress: round 4 paired, 0 of its 7 results in; round 5 not paired "
                           "yet; 5 rounds in all. These are the standings after round 3, the last round with results")


@pytest.mark.parametrize("tiebreaks", ["PS,BH,SB,AOB", "BH/C1,FB,ARO,KS,REP"])
def test_the_last_round_paired_is_in_no_tie_break(tiebreaks):
    """A TRF exported once its last round was paired: every tie-break (progressive score had an
    extra term, Buchholz the new opponents) is that of the round before."""
    t = trfconv.read(EXAMPLE)
    paired = last_round_paired_only(t)
    now = trfconv.standings(paired, tiebreaks)
    assert now.after_round == 6 and table(now) == table(trfconv.standings(t, tiebreaks, after_round=6))


def test_a_postponed_game_of_an_earlier_round_is_no_game_and_said():
    t = trfconv.read(POSTPONED)
    s = trfconv.standings(t, "BH,SB")
    assert s.after_round is None  # round 9 has three results of four: counted, its fourth game waits
    [said] = [d.message for d in s.diagnostics if d.code == "STD004"]
    assert said.endswith("round 3: 6-7; round 5: 7-8; round 6: 7-9; round 9: 3-7")
    # player 7 met 4, 5, 1 and 2 (3.5, 0.5, 4.5 and 1.5 points); 6, 8, 9 and 3 are his games waiting
    assert dict((r.number, r.values) for r in s.rows)[7] == (2, 10, 2)


def test_the_standings_document_says_where_they_stand(cli, tmp_path):
    text = cli("standings", PAIRED).stdout
    assert "Standings after round 3" in text and "round 4 paired, 0 of its 7 results in" in text
    page = tmp_path / "s.html"
    assert cli("standings", PAIRED, "--format", "html", "-o", page).exit_code == 0
    assert "after round 3 of 5" in page.read_text("utf-8")


# -- what convert writes --------------------------------------------------------------------------

def test_convert_writes_the_ranks_after_the_last_complete_round(cli, tmp_path):
    out = tmp_path / "esp.trf"
    result = cli("convert", PAIRED, "-o", out)
    assert result.exit_code == 0 and "every player's rank after round 3" in result.stderr
    back = trfconv.read(out)
    ranks = {r.number: r.rank for r in trfconv.standings(trfconv.read(PAIRED), after_round=3).rows}
    assert {p.start_number: p.rank for p in back.players} == ranks


def test_the_trf16_of_an_event_not_started_gives_every_player_0_points(cli, tmp_path):
    """bbpPairings reads the points column of every player line (an event not started is what
    it pairs round 1 from): 0, as the standings give, and no rank (nobody is ranked yet)."""
    out = tmp_path / "cro.trf"
    result = cli("convert", NOT_STARTED, "--to", "trf16", "-o", out)
    assert result.exit_code == 0 and "the event has no game yet: every player has 0 points" in result.stderr
    lines = [line for line in out.read_text("utf-8").splitlines() if line.startswith("001")]
    assert len(lines) == 5 and all(line[80:84] == " 0.0" and len(line) >= 84 for line in lines)
    back = trfconv.read(out)
    assert [p.points for p in back.players] == [0] * 5 and not [d for d in back.diagnostics if d.code == "TRF011"]


def test_the_trf16_of_the_swiss_chess_team_event_is_accepted_by_gacrux(cli, tmp_path):
    """Seven players' points stored by Swiss-Chess are not those of their results (SWT011): the
    TRF gives the results' points, which gacrux adds up again ("Incorrect score for player 20"
    before)."""
    from gacrux_oracle import accepted

    team = paths.FIXTURES / "native" / "swt" / "fnogatz__swtparser.js__SwissTeam.SWT"
    for version in ("trf16", "trf26"):
        out = tmp_path / f"team-{version}.trf"
        assert cli("convert", team, "--to", version, "-o", out).exit_code == 0
        text = out.read_text("utf-8")
        accepted(text)
        back = trfconv.reads(text, path=out.name)
        assert back.player(20).points == sum(map(back.scores.points, back.player(20).rounds)) == 5.5


# -- validate and report ------------------------------------------------------------------------

def test_validate_says_not_finished_of_a_round_paired(cli):
    result = cli("validate", PAIRED)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == (
        "verdict     NOT FINISHED: round 4 paired, 0 of its 7 results in; round 5 not paired yet; 5 rounds in all; "
        "judge it when it is over (--after-round 3 judges the rounds complete, --finished-after 3 says it ended "
        "after round 3)")
    data = json.loads(cli("validate", PAIRED, "--json").stdout)
    assert (data["decision"], data["rateable"]) == ("not finished", False)
    assert {p["outcome"] for p in data["players"]} == {"nothing"}


def test_validate_after_a_round_or_an_event_that_ended_early(cli):
    after = cli("validate", PAIRED, "--after-round", "3")
    assert after.exit_code == 0 and after.stdout.splitlines()[-1] == "verdict     RATEABLE (after round 3 of 5, as asked)"
    assert "judged after round 3 of 5, as asked: the rounds after it are left out (the event is " \
           "not finished: round 4 paired" in after.stdout  # in the document's caveats
    ended = cli("validate", PAIRED, "--finished-after", "3")
    assert ended.exit_code == 0 and "the event ended after round 3, as the arbiter says: judged " \
                                     "on rounds 1-3; rounds 4-5 not played" in ended.stdout
    refused = cli("validate", PAIRED, "--finished-after", "4")
    assert refused.exit_code == 2 and "round 4 has no result: the event cannot have ended after it" in refused.stderr
    both = cli("validate", PAIRED, "--after-round", "3", "--finished-after", "3")
    assert both.exit_code == 2 and "not both" in both.stderr


def test_a_round_robin_with_postponed_games_is_not_finished():
    t = trfconv.read(POSTPONED)
    v = trfconv.validate(t)
    assert v.decision is Decision.NOT_FINISHED and not v.rateable
    # round 9 has results: the event did not end after round 8, and cannot be said to have
    assert [(a.kind, a.value) for a in v.actions] == [("after-round", 8)]
    after = trfconv.validate(t, after_round=8)
    assert after.decision is not Decision.NOT_FINISHED
    [said] = [d.message for d in after.diagnostics if d.code == "VAL042"]
    assert said.endswith("games of rounds 3, 5-6 have no result yet and are not rated")
    with pytest.raises(ValueError, match="round 9 has results: the event did not end after round 8"):
        trfconv.validate(t, finished_after=8)


def test_a_last_round_paired_and_unplayed_is_not_rated(tmp_path, cli):
    t = trfconv.read(EXAMPLE)
    path = written(tmp_path, last_round_paired_only(t), "paired.trf")
    result = cli("validate", path)
    assert result.exit_code == 1 and "NOT FINISHED: round 7 paired, 0 of its 19 results in" in result.stdout
    report = cli("report", path, "--format", "html")
    assert report.exit_code == 1 and "NOT FINISHED: round 7 paired" in report.stdout
    assert "Rated players 0:" in cli("report", path).stdout
    rated = cli("report", path, "--finished-after", "6", "--format", "json")
    assert rated.exit_code == 0
    data = json.loads(rated.stdout)
    assert data["verdict"]["decision"] == "rateable with exclusions"
    assert any("the event ended after round 6, as the arbiter says" in c for c in data["caveats"])


def test_four_of_nine_rounds_and_a_day_before_the_end():
    t = trfconv.read(EXAMPLE)
    four = held(t, 4, 9)
    assert trfconv.validate(four).judged.startswith("rounds 5-9 not paired yet; 9 rounds in all")
    v = trfconv.validate(t, today=date(2026, 3, 6))
    assert v.decision is Decision.NOT_FINISHED and v.judged.startswith("it ends on 2026-03-07, after 2026-03-06")
    assert trfconv.validate(t, today=date(2026, 3, 7)).decision is Decision.WITH_EXCLUSIONS
    assert all(p.gets is Gets.NOTHING for p in v.players)


# -- check --upload -------------------------------------------------------------------------------

def upload_summary(t: trfconv.Tournament, today: date) -> tuple[list[str], str]:
    result = upload_check(t, today)
    errors = [d.code for d in result.diagnostics if d.severity is Severity.ERROR]
    return errors, summary((*t.diagnostics, *result.diagnostics), result.deadlines)


def test_upload_of_an_event_without_a_game():
    errors, line = upload_summary(trfconv.read(NOT_STARTED), date(2026, 4, 12))
    assert errors[0] == "UPL060" and line.startswith("NOT READY to upload: fix first: 1 x UPL060 no game of the "
                                                     "event has a result")


def test_upload_of_rounds_declared_not_played_and_of_a_round_paired():
    t = trfconv.read(EXAMPLE)
    declared = replace(t, event=replace(t.event, declared_rounds=8))
    errors, line = upload_summary(declared, date(2026, 3, 10))
    assert "UPL061" in errors and not line.startswith("READY")
    [said] = [d.message for d in upload_check(declared, date(2026, 3, 10)).diagnostics if d.code == "UPL061"]
    assert said.startswith("round 8 of the 8 the file declares not paired: upload once the event is over; if it "
                           "ended early, set the number of rounds (142/XXR) to the rounds played")
    four = [d.message for d in upload_check(held(t, 4, 9), date(2026, 3, 10)).diagnostics if d.code == "UPL061"]
    assert four == ["rounds 5-9 of the 9 the file declares not paired: upload once the event is over; if it ended "
                    "early, set the number of rounds (142/XXR) to the rounds played"]
    paired = trfconv.read(PAIRED)
    errors, line = upload_summary(paired, date(2026, 4, 6))
    assert line.startswith("NOT READY to upload: fix first: 2 x UPL061 a round declared or paired has no results")
    messages = [d.message for d in upload_check(paired, date(2026, 4, 6)).diagnostics if d.code == "UPL061"]
    assert messages[0] == ("round 4 paired, results not all in (0 of 7 in round 4): enter every result in the pairing "
                           "program and export the file again")


def test_upload_before_the_end_date():
    t = trfconv.read(EXAMPLE)
    early = [d.message for d in upload_check(t, date(2026, 3, 6)).diagnostics if d.code == "UPL062"]
    assert early == ["the event ends on 2026-03-07, after 2026-03-06: no report before the event ends (B.02 9.1); "
                     "check the file again and upload it once the event is over"]
    assert "UPL062" not in [d.code for d in upload_check(t, date(2026, 3, 7)).diagnostics]


def test_a_ready_file_has_no_rejection_tag_and_repeats_are_grouped(cli):
    """Sharly-Chess's TRF-2026 example is READY on 2024-01-20; its two 299 records with a
    shifted column are warnings (TRF010 read as a warning: not applied), which FIDE's rating server
    is not known to reject: no "[rejected by FIDE rating server]" under READY."""
    sharly = paths.FIXTURES / "trf" / "Sharly-Chess__sharly-chess__example_trf26.trf"
    result = cli("check", sharly, "--upload", "--today", "2024-01-20", "--no-gacrux")
    assert result.exit_code == 0 and "READY to upload (254 warning(s) to review)" in result.stdout
    assert "rejected by FIDE rating server" not in result.stdout
    assert "warning TRF010: 299 record" in result.stdout
    grouped = cli("check", PAIRED, "--upload", "--today", "2026-04-06", "--no-gacrux").stdout
    assert grouped.count("UPL003") == 2 and "no final rank (blank; TRF-2026 R■) [rejected by FIDE rating server] " \
                                             "(and 13 more like it)" in grouped  # the summary names it once more


def test_fix_first_puts_a_missing_record_before_the_ranks_it_leaves_unchecked():
    from uploadbuild import event_text, player

    text = event_text({"022": None}, players={k: v for n in range(1, 7) for k, v in player(n, rank="").items()})
    t = trfconv.reads(text, path="event.trf")
    errors, line = upload_summary(t, date(2026, 10, 20))
    assert errors.count("UPL003") == 6
    assert line.startswith("NOT READY to upload: fix first: 1 x UPL001 record mandatory for rating missing or "
                           "unreadable; 6 x UPL003 player's final rank missing")


# -- norms -------------------------------------------------------------------------------------

def test_the_norms_read_the_same_progress():
    result = trfconv.norms(trfconv.read(POSTPONED), forecast=True)
    [found] = [d for d in result.diagnostics if d.code == "NRM010"]
    assert found.message == ("the event is not finished: rounds 3, 5-6, 9 paired, results not all in (3 of 4 in round "
                             "3, 3 of 4 in round 5, 3 of 4 in round 6, 3 of 4 in round 9); 9 rounds in all; games "
                             "without a result are not counted, and a result the rounds to come can change is not "
                             "judged")
    # the library names no option; each face words the action (the command line: --forecast)
    assert [a.kind for a in found.actions] == ["ask-forecast"]
    with speaking(TERMINAL):
        assert voice().message(found).endswith("is not judged (--forecast says what each player needs)")
    assert result.played == 9  # the forecast stands after the last round with results, as the standings do
    declared = held(trfconv.read(EXAMPLE), 4, 9)  # a file declaring more rounds than it holds says so
    [said] = [d.message for d in trfconv.norms(declared).diagnostics if d.code == "NRM010"]
    assert said.startswith("the event is not finished: rounds 5-9 not paired yet")
    assert "NRM010" not in {d.code for d in trfconv.norms(trfconv.read(EXAMPLE)).diagnostics}


def test_an_event_of_more_than_30_days_uploads_the_months_over():
    """B.02 4: an event longer than 30 days reports month by month, so the rounds of the months
    already over must be complete, the later ones not yet: rounds 1-3 in January, 4-6 in
    February, 7 in March, exported after round 5."""
    t = trfconv.read(EXAMPLE)
    days = (date(2026, 1, 10), date(2026, 1, 17), date(2026, 1, 24), date(2026, 2, 7), date(2026, 2, 14),
            date(2026, 2, 21), date(2026, 3, 7))
    long = held(replace(t, event=replace(t.event, start_date=days[0], round_dates=days)), 5, 7)

    def found(today: date) -> list[str]:
        return [d.message for d in upload_check(long, today).diagnostics if d.code.startswith("UPL06")]
    assert found(date(2026, 2, 20)) == []  # January's rounds are complete; February's part is not over
    assert found(date(2026, 3, 1)) == ["round 6 of the 7 the file declares not paired: upload once the event is "
                                       "over; if it ended early, set the number of rounds (142/XXR) to the rounds "
                                       "played"]
    assert found(date(2026, 1, 20)) == ["its first month's rounds end on 2026-01-24, after 2026-01-20: no report "
                                        "before the event ends (B.02 9.1); check the file again and upload it once "
                                        "the event is over"]
