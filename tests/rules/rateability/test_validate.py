"""The rateability validator: for every rule of both editions, one tournament just inside the
limit and one just outside, asserting the verdict and the article cited."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from eventbuild import round_robin, swiss

from trfconv import validate
from trfconv.rules.rateability import Decision, Exclusion, Gets

OLD, NEW = "b02-2005", "b02-2024"
FOUR = [2000, 1900, 1800, 1700]
LOW = [1700, 1650, 1600, 1550]  # every game needs 60 min under the current rules
ONE_ROUND = [[(1, 2, "1-0"), (3, 4, "=")]]


def codes(v):
    return [(f.code, f.article) for f in v.findings]


def game(v, player, round_):
    return next(g for g in v.player(player).games if g.round == round_)


# --- rate of play -------------------------------------------------------------------------

def test_issue_example_60_plus_30_with_a_2250_player():
    """60'+30" is 90 min on the 60-move basis. 2005: a 2250 player makes 120 min necessary for
    the whole event (1.1). Current: only the games of a 2400+ player need 120 min (1.1)."""
    ratings = [2250, 2000, 2420, 1900]
    rounds = [[(1, 2, "1-0"), (3, 4, "=")], [(1, 3, "0-1"), (2, 4, "1-0")]]
    old = validate(swiss(ratings, rounds, time_control="60 min + 30 sec"), OLD)
    assert old.decision is Decision.NOT_RATEABLE
    assert codes(old) == [("VAL010", "1.1")]
    assert "90 min for 60 moves; the highest rating is 2420 (≥ 2200), so 120 min" in old.findings[0].message
    new = validate(swiss(ratings, rounds, time_control="60 min + 30 sec"), NEW)
    assert new.decision is Decision.WITH_EXCLUSIONS
    assert codes(new) == [("VAL011", "1.1")]
    assert [g.round for g in new.player(3).games if not g.counts] == [1, 2]
    assert game(new, 1, 1).counts and game(new, 2, 2).counts
    assert Exclusion.TIME_CONTROL in game(new, 1, 2).reasons


@pytest.mark.parametrize(("top", "control", "rateable"), [
    (2200, "120 min", True), (2200, "119 min", False),
    (2199, "90 min", True), (2199, "89 min", False),
    (1600, "60 min + 30 sec", True), (1600, "60 min + 29 sec", False),
    (1599, "60 min", True), (1599, "59 min", False),
])
def test_2005_minimum_time_follows_the_highest_rating_of_the_event(top, control, rateable):
    v = validate(swiss([top, 1500, 1450, 1420], ONE_ROUND, time_control=control), OLD)
    assert v.rateable is rateable
    assert codes(v) == ([] if rateable else [("VAL010", "1.1")])


@pytest.mark.parametrize(("top", "control", "excluded"), [
    (2400, "120 min", False), (2400, "119 min", True),
    (1800, "90 min", False), (1800, "89 min", True),
    (1799, "60 min", False),
])
def test_current_minimum_time_is_decided_per_game(top, control, excluded):
    v = validate(swiss([top, 1500, 1450, 1420], ONE_ROUND, time_control=control), NEW)
    assert game(v, 1, 1).counts is not excluded
    assert game(v, 3, 1).counts  # 1450 v 1420: 60 min suffice
    assert codes(v) == ([("VAL011", "1.1")] if excluded else [])


def test_current_first_control_needs_30_moves():
    ok = validate(swiss(FOUR, ONE_ROUND, time_control="30/90, 30, +30s"), NEW)
    assert ok.decision is Decision.RATEABLE
    short = validate(swiss(FOUR, ONE_ROUND, time_control="29/90, 30, +30s"), NEW)
    assert short.decision is Decision.NOT_RATEABLE and codes(short) == [("VAL012", "1.2")]
    # 2005 1.3 only recommends 40 moves
    assert validate(swiss(FOUR, ONE_ROUND, time_control="29/90, 30, +30s"), OLD).rateable


def test_unknown_time_control_is_reported_and_can_be_given():
    t = swiss(FOUR, ONE_ROUND, time_control="moves/time, increment")
    v = validate(t, NEW)
    assert [d.code for d in v.diagnostics] == ["VAL008", "VAL001"] and v.minutes is None
    given = validate(t, NEW, time_control="5400+30")
    assert given.minutes == 120 and [d.code for d in given.diagnostics] == ["VAL008", "VAL009"]
    assert given.diagnostics[1].message.endswith("90 min + 30 s a move from move 1 (120 min for 60 moves)")


# --- rapid and blitz (current R&B chapter) -----------------------------------------------

@pytest.mark.parametrize(("control", "list_", "rateable"), [
    ("60 min", "standard", True), ("59 min + 1 sec", "standard", True),
    ("59 min", "rapid", True), ("10 min + 1 sec", "rapid", True),
    ("10 min", "blitz", True), ("3 min + 1 sec", "blitz", True), ("3 min", "standard", False),
])
def test_rate_of_play_decides_the_list(control, list_, rateable):
    v = validate(swiss(LOW, ONE_ROUND, time_control=control), NEW)
    assert (v.rating_list, v.rateable) == (list_, rateable)
    if not rateable:
        assert codes(v) == [("VAL010", "1.1")]


def _day(count, control, ratings=FOUR):
    rounds = [[(1, 2, "1-0"), (3, 4, "=")] if r % 2 else [(2, 1, "1-0"), (4, 3, "=")] for r in range(count)]
    return swiss(ratings, rounds, time_control=control, dates=["2025/03/01"] * count)


@pytest.mark.parametrize(("control", "limit"), [("15 min + 10 sec", 15), ("3 min + 2 sec", 30)])
def test_rapid_and_blitz_rounds_a_day(control, limit):
    assert validate(_day(limit, control), NEW).rateable
    v = validate(_day(limit + 1, control), NEW)
    assert v.decision is Decision.NOT_RATEABLE and codes(v) == [("VAL020", "R&B 3.1")]


def test_armageddon_is_not_rated_in_rapid_or_blitz():
    v = validate(swiss(FOUR, ONE_ROUND, time_control=None), NEW, time_control="W300-B240")
    assert v.rating_list == "blitz" and codes(v) == [("VAL014", "R&B 1.2")]


@pytest.mark.parametrize(("ratings", "start", "excluded"), [
    ([2650, 2050, 1800, 1700], "2025/03/01", True),
    ([2650, 2051, 1800, 1700], "2025/03/01", False),  # 599 apart
    ([2600, 2000, 1800, 1700], "2025/03/01", False),  # not above 2600
    ([2650, 2050, 1800, 1700], "2024/11/30", False),  # before 1 December 2024
])
def test_rapid_600_point_rule(ratings, start, excluded):
    v = validate(swiss(ratings, ONE_ROUND, time_control="15 min + 10 sec", start=start), NEW)
    assert game(v, 1, 1).counts is not excluded
    assert codes(v) == ([("VAL015", "R&B 7.3.1")] if excluded else [])


# --- rounds and hours a day, duration --------------------------------------------------------

def test_issue_example_four_rounds_of_60_minutes_on_one_day():
    """2005 3.1: at most 3 rounds a day; the current rule only limits play to 12 hours (4 rounds of
    60 min games last at most 8 hours)."""
    t = _day(4, "60 min", ratings=[1500, 1450, 1420, 1410])
    old = validate(t, OLD)
    assert old.decision is Decision.NOT_RATEABLE and codes(old) == [("VAL020", "3.1")]
    assert old.findings[0].message == "rounds 1, 2, 3 and 4 on 2025-03-01: 4 rounds > 3 a day (art. 3.1)"
    assert validate(t, NEW).decision is Decision.RATEABLE
    assert validate(_day(3, "60 min", ratings=[1500, 1450, 1420, 1410]), OLD).rateable


@pytest.mark.parametrize(("edition", "count", "control", "rateable"), [
    (OLD, 3, "120 min", True), (OLD, 3, "120 min + 1 sec", False),
    (NEW, 4, "60 min + 30 sec", True), (NEW, 5, "60 min + 30 sec", False),
    (NEW, 6, "60 min", True), (NEW, 7, "60 min", False),
])
def test_twelve_hours_of_play_a_day(edition, count, control, rateable):
    v = validate(_day(count, control, ratings=[1700, 1650, 1600, 1550]), edition)
    assert v.rateable is rateable
    if not rateable:
        assert codes(v) == [("VAL021", "3.1" if edition == OLD else "3")]


def test_hours_message_gives_the_numbers():
    v = validate(_day(3, "40/100, 15, +30s", ratings=[1700, 1650, 1600, 1550]), OLD)
    assert v.findings[0].message == ("rounds 1, 2 and 3 on 2025-03-01: 3 rounds, 14.5 h of play > 12 h "
                                     "(art. 3.1; 29/6 h a round on the 60-move basis)")


@pytest.mark.parametrize(("end", "name", "rateable"), [
    ("2025/05/29", "Test Open", True),  # 90 days
    ("2025/05/30", "Test Open", False),  # 91 days
    ("2025/05/30", "Club League", True),  # 4.11
])
def test_2005_duration(end, name, rateable):
    v = validate(swiss(FOUR, ONE_ROUND, start="2025/03/01", end=end, name=name), OLD)
    assert v.rateable is rateable
    if not rateable:
        assert codes(v) == [("VAL022", "4.1")]
        assert "91 days (2025-03-01 to 2025-05-30) > 90" in v.findings[0].message
    assert validate(swiss(FOUR, ONE_ROUND, start="2025/03/01", end=end, name=name), NEW).rateable


# --- unplayed games ------------------------------------------------------------------------

@pytest.mark.parametrize("edition", [OLD, NEW])
def test_forfeits_and_games_without_a_move_are_not_rated(edition):
    rounds = [[(1, 2, "+-"), (3, 4, "D-D")], [(1, 3, "1-0"), (2, 4, "=")]]
    v = validate(swiss(FOUR, rounds), edition)
    assert v.decision is Decision.RATEABLE
    assert game(v, 1, 1).reasons == (Exclusion.UNPLAYED,)
    assert game(v, 3, 1).reasons == (Exclusion.NO_MOVE,)
    assert [len(v.player(n).counted_games) for n in range(1, 5)] == [1, 1, 1, 1]


def test_no_rated_game_at_all():
    v = validate(swiss([None] * 4, ONE_ROUND), NEW)
    assert v.decision is Decision.NOT_RATEABLE and codes(v) == [("VAL040", "5.1")]
    assert "0 of 4 players rated" in v.findings[0].message


# --- rated players against unrated ones ------------------------------------------------------

def test_rated_against_unrated_in_a_swiss():
    drawn = [[(1, 2, "="), (3, 4, "=")]]
    v_old = validate(swiss([2000, None, 1800, 1700], drawn), OLD)
    v_new = validate(swiss([2000, None, 1800, 1700], drawn), NEW)
    for v in (v_old, v_new):  # B.02 2005 6.4, 2024 8.3.1
        assert game(v, 1, 1).reasons == (Exclusion.UNRATED_OPPONENT,)
        assert v.player(1).gets is Gets.NOTHING
    # the unrated player counts his game against a rated player only under the current rules
    assert game(v_new, 2, 1).counts and not game(v_old, 2, 1).counts


def test_2005_round_robin_counts_games_against_unrated_players():
    t = round_robin([2000, 1900, 1800, 1700, None, 1650])
    v = validate(t, OLD)
    assert v.round_robin and v.decision is Decision.RATEABLE
    assert len(v.player(1).counted_games) == 5
    assert len(validate(t, NEW).player(1).counted_games) == 4


# --- unrated players ---------------------------------------------------------------------------

def _unrated_scoring(results):
    """Player 5 is unrated and meets 1, 2, 3 with ``results`` (his score each game)."""
    table = {"1": "0-1", "=": "=", "0": "1-0"}
    rounds = [[(o, 5, table[r]), *([(4, 6, "=")] if i == 0 else [])] for i, (o, r) in enumerate(zip((1, 2, 3), results, strict=True))]
    return swiss([2000, 1900, 1800, 1700, None, 1600], rounds)


@pytest.mark.parametrize(("edition", "results", "counted"), [
    (OLD, "1 0 0", True), (OLD, "= 0 0", False),
    (NEW, "= 0 0", True), (NEW, "0 0 0", False),
])
def test_unrated_score_in_a_first_event(edition, results, counted):
    v = validate(_unrated_scoring(results.split()), edition)
    p = v.player(5)
    assert (p.gets is Gets.INITIAL) is counted
    if not counted:
        article = "6.1" if edition == OLD else "8.2.1"
        assert codes(v) == [("VAL033", article)]
        assert f"(art. {article})" in p.reason


def test_2005_unrated_player_needs_three_rated_opponents():
    three = validate(_unrated_scoring(["1", "0", "0"]), OLD)
    assert three.player(5).gets is Gets.INITIAL
    assert "3 games against rated opponents; 9 are needed" in three.player(5).reason
    two = validate(swiss([2000, 1900, None, 1700], [[(1, 3, "0-1"), (2, 4, "=")], [(2, 3, "0-1"), (1, 4, "1-0")]]),
                   OLD)
    assert two.player(3).gets is Gets.NOTHING
    assert codes(two) == [("VAL032", "6.42")]


def test_current_initial_rating_needs_five_games_pooled():
    v = validate(_unrated_scoring(["1", "0", "0"]), NEW)
    assert v.player(5).gets is Gets.INITIAL
    assert "3 games against rated opponents; 5 are needed" in v.player(5).reason
    assert "26 months" in v.player(5).reason


@pytest.mark.parametrize(("edition", "rating", "rated"), [
    (OLD, 1401, True), (OLD, 1400, False), (NEW, 1400, True), (NEW, 1399, False)])
def test_rating_floor(edition, rating, rated):
    v = validate(swiss([2000, rating, 1800, 1700], ONE_ROUND), edition)
    assert v.player(2).rated is rated
    assert ("VAL006" in [d.code for d in v.diagnostics]) is not rated


# --- round robin composition (2005 6.3) -------------------------------------------------------

@pytest.mark.parametrize(("ratings", "ok", "article"), [
    ([2000, 1900, 1800, 1700, None, None], True, None),  # 4 of 6 rated
    ([2000, 1900, 1800, None, None, None], False, "6.31"),  # 3 of 6: fewer than 4 under 10 players
    ([2000, 1900, 1800, 1700] + [None] * 8, True, None),  # 4 of 12: one third
    ([2000, 1900, 1800, 1700] + [None] * 9, False, "6.3"),  # 4 of 13
])
def test_2005_round_robin_composition(ratings, ok, article):
    v = validate(round_robin(ratings), OLD)
    assert v.rateable is ok
    if not ok:
        assert codes(v)[0] == ("VAL030", article)
    assert validate(round_robin(ratings), NEW).rateable


@pytest.mark.parametrize(("ratings", "ok"), [
    ([2000, 1900, 1800, 1700, None, None], True),
    ([2000, 1900, 1800, 1700, None], False),  # 5 players
])
def test_2005_double_round_robin_with_unrated_players(ratings, ok):
    v = validate(round_robin(ratings, cycles=2, kind="Double Round Robin"), OLD)
    assert v.rateable is ok
    if not ok:
        assert codes(v) == [("VAL030", "6.32")]


def _sexes(t, women):
    """``t`` with the players numbered in ``women`` recorded as women."""
    return replace(t, players=tuple(replace(p, sex="w" if p.start_number in women else "m") for p in t.players))


def notes(v):
    return [d.message for d in v.diagnostics if d.code == "VAL007"]


@pytest.mark.parametrize(("ratings", "women", "ok", "counted"), [
    # 8 players, 3 rated men: 6.31 wants 4 rated under 10 players; a national championship 3 men
    ([2000, 1900, 1800, None, None, None, None, None], set(), True, "3 rated men, 3 needed"),
    ([2000, 1900, None, None, None, None, None, None], set(), False, "2 rated men: at least 3"),
    # "3 men": a rated woman in an open championship does not count
    ([2000, 1900, 1800, None, None, None, None, None], {3}, False, "2 rated men: at least 3"),
    # "or 2 women in events exclusively for women"
    ([2000, 1900, None, None, None, None, None, None], set(range(1, 9)), True, "2 rated women, 2 needed"),
    ([2000, None, None, None, None, None, None, None], set(range(1, 9)), False, "1 rated woman: at least 2"),
])
def test_2005_national_championship_round_robin(ratings, women, ok, counted):
    """B.02 2005 6.33: "National Championships played as round robins shall be rated if at least 3
    men (or 2 women in events exclusively for women) participants had official FIDE Ratings
    before the beginning of the tournament", in place of 6.3-6.32."""
    t = _sexes(round_robin(ratings), women)
    ordinary = validate(t, OLD)
    assert not ordinary.rateable and codes(ordinary)[-1] == ("VAL030", "6.31")
    v = validate(t, OLD, national_championship=True)
    assert v.rateable is ok
    if ok:
        assert not v.findings and len(notes(v)) == 1 and counted in notes(v)[0]
    else:
        assert codes(v) == [("VAL030", "6.33")] and counted in v.findings[0].message


def test_national_championship_outside_the_2005_round_robin_rule():
    """The 2024 edition has no composition rule at all, and 6.33 is about round robins only: the
    flag is then reported as not applying, and the ordinary rules judge."""
    t = round_robin([2000, 1900, None, None, None, None, None, None])
    v = validate(t, NEW, national_championship=True)
    assert v.rateable and notes(v) == ["national championship: the b02-2024 edition has no rule for national "
                                       "championships; the ordinary composition rules apply"]
    open_ = swiss(FOUR, ONE_ROUND)
    v = validate(open_, OLD, national_championship=True)
    assert notes(v) == ["national championship: the event is a Swiss (declared: Individual: Swiss-System), not "
                        "an individual round robin; the ordinary composition rules apply"]


def test_2005_round_robin_with_an_unplayed_game_is_rated_as_a_swiss():
    complete = round_robin([2000, 1900, 1800, 1700, None, 1650])
    assert validate(complete, OLD).round_robin
    # an event still in progress (3 of 5 rounds, declared 142) has not missed a game
    first_rounds = swiss([2000, 1900, 1800, 1700, None, 1650],
                         [[(1, 6, "="), (2, 5, "="), (3, 4, "=")], [(6, 4, "="), (5, 3, "="), (1, 2, "=")],
                          [(2, 6, "="), (3, 1, "="), (4, 5, "=")]], kind="Round Robin")
    assert validate(first_rounds, OLD).round_robin and not codes(validate(first_rounds, OLD))
    forfeit = round_robin([2000, 1900, 1800, 1700, None, 1650], results={(1, 6): "+-"})
    v = validate(forfeit, OLD)
    assert not v.round_robin and codes(v) == [("VAL031", "6.43")]
    assert len(v.player(1).counted_games) == 3  # not the forfeit, not the unrated player


# --- matches -------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", [OLD, NEW])
def test_match_games_after_the_decision(edition):
    decided = swiss([2500, 2400], [[(1, 2, "1-0")], [(2, 1, "0-1")], [(1, 2, "1-0")], [(2, 1, "=")]],
                    kind="Match", time_control="120 min")
    v = validate(decided, edition)
    assert codes(v) == [("VAL034", "6.5" if edition == OLD else "6.2")]
    assert [g.counts for g in v.player(1).games] == [True, True, True, False]
    open_ = swiss([2500, 2400], [[(1, 2, "1-0")], [(2, 1, "1-0")], [(1, 2, "1-0")], [(2, 1, "=")]],
                  kind="Match", time_control="120 min")
    assert validate(open_, edition).decision is Decision.RATEABLE


def test_current_match_with_an_unrated_player():
    t = swiss([2500, None], [[(1, 2, "1-0")], [(2, 1, "0-1")]], kind="Match", time_control="120 min")
    v = validate(t, NEW)
    assert v.decision is Decision.NOT_RATEABLE and codes(v)[0] == ("VAL035", "6.1")


# --- editions ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("start", "edition", "note"), [
    ("2024/02/29", OLD, "VAL005"), ("2024/03/01", NEW, None), ("2008/05/01", OLD, None)])
def test_default_edition_follows_the_start_date(start, edition, note):
    v = validate(swiss(FOUR, ONE_ROUND, start=start))
    assert v.edition.name == edition
    assert ("VAL005" in [d.code for d in v.diagnostics]) is (note is not None)


def test_points_used_are_one_half_zero_whatever_the_score_system():
    v = validate(swiss(FOUR, ONE_ROUND), NEW)
    assert [g.score for g in v.player(3).games] == [Fraction(1, 2)]


def test_rules_must_be_a_rating_regulation_edition():
    with pytest.raises(ValueError, match="not of the Rating Regulations; known: b02-2005, b02-2024"):
        validate(swiss(FOUR, ONE_ROUND), "tb-2026")


@pytest.mark.parametrize(("ratings", "ok"), [([2000, 1900, 1800, None], True), ([2000, 1900, None, None], False)])
def test_2005_scheveningen_with_at_most_one_unrated_player(ratings, ok):
    rounds = [[(1, 3, "="), (2, 4, "1-0")], [(4, 1, "0-1"), (3, 2, "=")]]
    v = validate(swiss(ratings, rounds, kind="Scheveningen"), OLD)
    assert v.rateable is ok
    if not ok:
        assert codes(v)[0] == ("VAL036", "6.4")
    assert validate(swiss(ratings, rounds, kind="Scheveningen"), NEW).rateable


def test_an_undeclared_event_is_a_round_robin_by_its_counts_unless_players_meet_twice_in_a_cycle():
    """One predicate for the rateability and the tie-breaks (eventkind.round_robin_by_counts): a
    single or double round robin by its counts (6 players: 5 or 10 rounds; 5 players with a bye
    each round: 5 or 10), never when two players met twice within one cycle."""
    import dataclasses

    from eventbuild import round_robin

    from trfconv.eventkind import round_robin_by_counts
    from trfconv.rules.rateability.shape import shape_of
    from trfconv.rules.tiebreaks.field import is_round_robin

    for ratings, cycles in (([2000] * 6, 1), ([2000] * 6, 2), ([2000] * 5, 1), ([2000] * 5, 2)):
        t = round_robin(ratings, cycles=cycles)
        t = dataclasses.replace(t, event=dataclasses.replace(t.event, type=None))
        assert round_robin_by_counts(t, len(t.players), t.rounds), (len(ratings), cycles)
        assert shape_of(t).round_robin and is_round_robin(t)
        assert shape_of(t).double == (cycles == 2)
    t = round_robin([2000] * 6)
    t = dataclasses.replace(t, event=dataclasses.replace(t.event, type=None))
    rematch = dataclasses.replace(t, players=tuple(  # round 2 against round 1's opponent again
        dataclasses.replace(p, rounds=(p.rounds[0], dataclasses.replace(p.rounds[1], opponent=p.rounds[0].opponent),
                                       *p.rounds[2:]))
        for p in t.players))
    assert not shape_of(rematch).round_robin and not is_round_robin(rematch)
