"""The rating arithmetic of one event (``trfconv.rate``) from a tournament and the validator's
verdict, and the rating report document built from them."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from trfbuild import player_line, trf
from ratingbuild import seed_round_robin

import trfconv
from trfconv import rate, validate
from trfconv.documents.basis import Basis
from trfconv.documents.rating_report import RatingReport
from trfconv.documents.rating_report.model import fixed
from trfconv.io.kfile import read_k_file


@pytest.fixture(scope="module")
def seed_report() -> RatingReport:
    t = seed_round_robin()
    v = validate(t, "b02-2005")
    return RatingReport(Basis(None, ()), t, v, rate(t, v))


def test_seed_round_robin_scores_are_the_seeds(seed_report):
    assert [p.score for p in seed_report.rating.players] == [8, 7, 7, 6, 6, 4, 3, 2, 1, 1]


def test_seed_round_robin_average(seed_report):
    avg = seed_report.rating.round_robin_average
    assert (avg.rar, avg.dpa, avg.opponents, avg.ra) == (2375, F("29.5"), 9, 2348)


def test_seed_round_robin_unrated_players(seed_report):
    by_name = {line.player.name[-1]: line.result for line in seed_report.lines}
    name = seed_report.name_of
    got = {x: (by_name[x].initial.first, by_name[x].initial.rc_new, by_name[x].initial.value) for x in "CEHI"}
    assert got == {"C": (2411, 2351, 2414), "E": (2386, 2348, 2386), "H": (2150, 2337, 2139),
                   "I": (2032, 2305, 1989)}
    # "for player C, I is counted 2061"; "for player I, A, B, C, D, E are counted 2382"
    c_games = {name(g.opponent)[-1]: (g.opponent_rating, g.used_rating) for g in by_name["C"].games}
    assert c_games["I"] == (2032, 2061)
    i_games = {name(g.opponent)[-1]: g.used_rating for g in by_name["I"].games}
    assert [i_games[x] for x in "ABCDE"] == [2382] * 5 and i_games["F"] == 2150
    assert all(by_name[x].initial.published for x in "CEHI")  # 9 games, >= 1401


def test_seed_round_robin_rated_players_use_the_new_ru(seed_report):
    a = next(line.result for line in seed_report.lines if line.player.name.endswith("A"))
    ru = {seed_report.name_of(g.opponent)[-1]: (g.opponent_rating, g.provisional, g.used_rating) for g in a.games}
    assert ru["C"] == (2414, True, 2414) and ru["I"] == (1989, True, 2250)  # 2600 - 350
    assert a.n == 9 and a.k.k == 10


def test_seed_round_robin_change_of_a():
    # A (2600, K 10): PD against B 2500 .64, C 2414 .74, D 2400 .76, E 2386 .77, F 2150 (350) .89,
    # G 2300 .85, H 2139 (350) .89, I 1989 (350) .89, J 2300 .85; W 8 -> We 7.28, W-We 0.72
    t = seed_round_robin()
    a = rate(t, validate(t, "b02-2005")).players[0]
    assert sorted(g.expected for g in a.games) == sorted([64, 74, 76, 77, 89, 85, 89, 89, 85])
    assert (a.expected, a.delta, a.change_exact, a.change, a.new_rating) == (
        F("7.28"), F("0.72"), F("7.2"), 7, 2607)


def test_the_arithmetic_follows_the_verdicts_edition():
    t = seed_round_robin()
    assert rate(t, validate(t, "b02-2005")).edition.name == "b02-2005"
    assert rate(t, rules="b02-2024").edition.name == "b02-2024"  # the verdict made by rate itself


def newcomer() -> trfconv.Tournament:
    """F-N01 as a tournament: the newcomer (player 1) against five rated players, 2025-11."""
    opponents = [(1902, "0.5", "="), (1877, "0.5", "="), (1884, "1", "0"), (2012, "0", "1"), (1832, "1", "0")]
    mine = tuple(f"{i + 2:>4} {'w' if i % 2 else 'b'} {score if score != '0.5' else '='}"
                 for i, (_, score, _) in enumerate(opponents))
    lines = [player_line(1, "Newcomer, Nina", rounds=mine, fide_id="1")]
    for i, (rating, _, theirs) in enumerate(opponents):
        blocks = ["        "] * 5
        blocks[i] = f"   1 {'b' if i % 2 else 'w'} {theirs}"
        lines.append(player_line(i + 2, f"Rated, R{i}", rating=str(rating), rounds=tuple(blocks),
                                 fide_id=str(100 + i), birth="1990/01/01"))
    return trfconv.reads(trf("012 F-N01", "042 2025/11/01", "052 2025/11/05", *lines))


def test_f_n01_newcomer_in_a_report():
    t = newcomer()
    r = rate(t, validate(t, "b02-2024"))
    nina = r.players[0]
    assert (nina.n, nina.score, nina.rc) == (5, 3, 1901)
    assert fixed(nina.initial.average) == "1872.43"
    assert (nina.initial.p, nina.initial.dp, nina.initial.value, nina.initial.published) == (57, 50, 1922, True)
    # 8.3.1: the rated players' games against the newcomer do not count for them
    assert all(p.reason == "no game counts: opponent is unrated (1)" for p in r.players[1:])
    assert not r.diagnostics


def test_k_from_file_and_inferred(tmp_path):
    t = seed_round_robin()
    k_file = tmp_path / "k.csv"
    k_file.write_text("FIDE id,K\n1000,25\n# comment\n\n1001,abc\n1000,30\n99999,40\n1003;15\n", "utf-8")
    k, problems = read_k_file(k_file)
    r = rate(t, validate(t, "b02-2005"), k=k)
    a, b = r.players[0], r.players[1]
    assert (a.k.k, a.k.source) == (25, "the K file") and (b.k.k, b.k.source) == (10, "the rules")
    codes = [(d.code, d.location.line) for d in [*problems, *r.diagnostics] if d.code != "RAT001"]
    assert codes == [("RAT002", 5), ("RAT003", 6), ("RAT002", 8), ("RAT004", None)]
    inferred = [d for d in r.diagnostics if d.code == "RAT001"]  # one for the event
    assert len(inferred) == 1 and "for 5 player(s)" in inferred[0].message  # B D F G J
    assert [p.start_number for p in r.players if p.k is not None and p.k.inferred] == [2, 4, 6, 7, 10]
    assert a.change_exact == 25 * a.delta


def test_k_from_file_outside_the_editions_values_is_used_and_reported(tmp_path):
    """A K file holds the K of the last list: 25, 15 or 10 under the 2005 rules (10.52), 40, 20 or
    10 under the current ones (8.3.3). Another K (20 under 2005: the K of other years; a typo
    such as 200) is used as given, with RAT006 naming the edition's values."""
    t = seed_round_robin()
    k_file = tmp_path / "k.csv"
    k_file.write_text("FIDE id,K\n1000,20\n1001,200\n1003,15\n", "utf-8")
    r = rate(t, validate(t, "b02-2005"), k=read_k_file(k_file)[0])
    assert [r.players[i].k.k for i in (0, 1, 3)] == [20, 200, 15]  # A, B and D (C is unrated)
    assert r.players[1].change_exact == 200 * r.players[1].delta
    assert [(d.code, d.message) for d in r.diagnostics if d.code == "RAT006"] == [
        ("RAT006", f"player 1 ({t.players[0].name}): K 20 from the K file is not a K of b02-2005 (25, 15, 10); "
                   "used as given"),
        ("RAT006", f"player 2 ({t.players[1].name}): K 200 from the K file is not a K of b02-2005 (25, 15, 10); "
                   "used as given")]


def test_k_file_with_unreadable_lines_is_diagnosed(tmp_path):
    """Found by fuzzing: a superscript K ('²' passes str.isdigit, int refuses it) raised
    ValueError, and a cell longer than the csv module's limit raised csv.Error. Both lines are
    RAT002; the good line still gives its K."""
    t = seed_round_robin()
    k_file = tmp_path / "k.csv"
    k_file.write_text("FIDE id,K\n1001,²\n" + "9" * 200_000 + ",15\n1000,15\n", "utf-8")
    k, problems = read_k_file(k_file)
    r = rate(t, validate(t, "b02-2005"), k=k)
    assert (r.players[0].k.k, r.players[0].k.source) == (15, "the K file")
    codes = [(d.code, d.location.line) for d in [*problems, *r.diagnostics] if d.code != "RAT001"]
    assert codes == [("RAT002", 3), ("RAT002", 2)]


def test_k_games_cap_in_a_report():
    t = seed_round_robin()
    r = rate(t, validate(t, "b02-2005"), k={"1000": 80})
    assert r.players[0].k.k == 80  # no K x n cap in 2005
    t24 = trfconv.reads(trf("012 cap", "042 2025/11/01",
                            *[player_line(i, f"P{i}", rating=str(2000 + i), fide_id=str(i),
                                          rounds=(f"{3 - i:>4} {'w' if i == 1 else 'b'} {'1' if i == 1 else '0'}",))
                              for i in (1, 2)]))
    r24 = rate(t24, validate(t24, "b02-2024"), k={"1": 800})
    assert (r24.players[0].k.k, r24.players[0].k.before_cap) == (700, 800)  # K x 1 <= 700


def test_totals(seed_report):
    rated = seed_report.rating.rated
    assert len(rated) == 6
    assert seed_report.rating.total_delta == sum(p.delta for p in rated)
    assert seed_report.rating.total_change == sum(p.change for p in rated)


def test_fixture_verdict_is_the_validators_on_an_event_where_every_game_counts():
    """tests/helpers/verdicts.py stands in for the validator in these tests; it must agree with it where
    the validator excludes nothing: a 6-player round robin of rated players at 90 min + 30 s
    (B.02 2024), with a game of fewer than one move (W-L), which neither counts."""
    from eventbuild import round_robin
    from verdicts import all_played_games_count

    t = round_robin([2100, 2000, 1950, 1900, 1850, 1800], results={(1, 6): "W-L"})
    real, fixture = validate(t, "b02-2024"), all_played_games_count(t, "b02-2024", round_robin=True)
    assert real.decision is fixture.decision and real.round_robin == fixture.round_robin

    def seen(v):
        return [(p.start_number, p.rating, p.gets,
                 [(g.round, g.player, g.opponent, g.score, g.counts) for g in p.games]) for p in v.players]
    assert seen(real) == seen(fixture)
    assert sum(len(p.counted_games) for p in real.players) == 28  # 15 games, 1 of them not counted
