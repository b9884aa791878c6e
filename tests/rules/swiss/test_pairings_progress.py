"""``trfconv pairings`` on events in progress: where the event stands comes from
:mod:`trfconv.rules.progress`. A round paired without its results (a Swiss-Manager file exported
just after pairing the next round) is checked on the rounds before it; a round after one in play
or missing cannot be judged, and the games missing are named; ``--next`` pairs the round after
the last one paired only when every round before it is complete."""

from __future__ import annotations

from dataclasses import replace

from paths import FIXTURES

import trfconv
from trfconv.model import NOT_PAIRED, Game, Pending, Unreadable
from trfconv.rules.swiss.check import RoundVerdict, check_pairings

SWISS_MANAGER = FIXTURES / "native" / "swissmanager"
PAIRED = FIXTURES / "pairings" / "dutch-1009.trf"


def swiss_manager(name: str) -> trfconv.Tournament:
    return trfconv.read(SWISS_MANAGER / f"echecsjs__tunx__{name}.TUNX")


def with_round(t: trfconv.Tournament, r: int, change) -> trfconv.Tournament:
    """``t`` with every player's round ``r`` entry replaced by ``change(player, entry)``."""
    return replace(t, players=tuple(replace(p, rounds=(*p.rounds[:r - 1], change(p, p.rounds[r - 1]),
                                                       *p.rounds[r:])) for p in t.players))


# -- the real files exported while their event ran -------------------------------------------------

def test_a_round_paired_without_results_is_checked_and_the_next_one_waits_for_them():
    """Round 4 of 5 paired, no result in: round 4 is the arbiter's pairing, checked on rounds 1-3."""
    check = check_pairings(swiss_manager("esp_1385606"), next_round=True)
    assert [r.verdict for r in check.rounds] == [RoundVerdict.SAME] * 4
    assert (check.next.round, check.next.pairing) == (5, None)
    assert check.next.reasons == ("round 4 is in play: none of its 7 results is in (games 1-2, 3-6, 4-8, 5-10, "
                                  "7-11, 9-13, 12-14)",)
    assert check.next.notes == ("round 4 paired, results not all in: checked as a round of the file; round 5 is "
                                "paired once its results are in",)


def test_a_round_partly_played_names_the_games_still_waiting():
    """Round 2 of 5 paired, 6 of its 10 results in."""
    check = check_pairings(swiss_manager("brazilian_circuit_1370000"), next_round=True)
    assert [r.verdict for r in check.rounds] == [RoundVerdict.SAME] * 2
    assert check.next.round == 3 and check.next.pairing is None
    assert check.next.reasons == ("round 2 is in play: 4 of its 10 games have no result (1-4, 2-16, 3-12, 13-18)",)


def test_the_games_named_are_counted_beyond_ten():
    check = check_pairings(swiss_manager("abs_fem_1378181"), next_round=True)
    assert [r.verdict for r in check.rounds] == [RoundVerdict.SAME] * 5
    assert check.next.reasons[0].endswith("12-29, 13-15, 14-25, 16-28 and 2 more)")


def test_an_event_not_started_gets_its_first_round():
    check = check_pairings(swiss_manager("cro_1386036"), next_round=True)
    assert check.rounds == () and check.next.round == 1 and check.next.reasons == ()
    assert len(check.next.pairing.boards) == 2 and check.next.pairing.pab == 5


def test_the_command_says_why_the_next_round_waits(cli):
    result = cli("pairings", SWISS_MANAGER / "echecsjs__tunx__esp_1385606.TUNX", "--next")
    assert result.exit_code == 1
    assert ("round  5: cannot be paired from the file: round 4 is in play: none of its 7 results is in (games 1-2, "
            "3-6, 4-8, 5-10, 7-11, 9-13, 12-14)") in result.stdout
    assert "round  4: as the Dutch system pairs it" in result.stdout
    assert cli("pairings", SWISS_MANAGER / "echecsjs__tunx__esp_1385606.TUNX", "--round", "4").exit_code == 0
    assert cli("pairings", SWISS_MANAGER / "echecsjs__tunx__esp_1385606.TUNX", "--round", "5").exit_code == 2


# -- a round before the one judged not complete --------------------------------------------------

def test_a_game_postponed_leaves_the_rounds_after_it_unjudged():
    """One game of round 3 without its result, rounds 4-5 played: round 3 is judged, the rounds
    after it cannot be (the scores, colours and floats before them are not known), nor round 6."""
    t = trfconv.read(PAIRED)
    t = replace(t, players=tuple(replace(p, rounds=p.rounds[:5]) for p in t.players))
    postponed = with_round(t, 3, lambda p, e: Pending(e.opponent, e.colour)
                           if isinstance(e, Game) and {p.start_number, e.opponent} == {2, 11} else e)
    check = check_pairings(postponed, next_round=True)
    assert [r.verdict for r in check.rounds] == [RoundVerdict.SAME] * 3 + [RoundVerdict.CANNOT] * 2
    why = "round 3 is in play: 1 of its 7 games has no result (2-11)"
    assert all(r.reasons == (why,) for r in check.rounds[3:])
    assert check.next.round == 6 and check.next.reasons == (why,)


def test_a_round_missing_from_the_file_is_not_judged_nor_the_rounds_after_it():
    t = trfconv.read(PAIRED)
    check = check_pairings(with_round(t, 3, lambda p, e: NOT_PAIRED))
    assert [r.verdict for r in check.rounds] == [RoundVerdict.SAME] * 2 + [RoundVerdict.CANNOT] * 4
    assert check.rounds[2].reasons == ("round 3 is not in the file: nobody is paired in it",)
    assert check.rounds[5].reasons == ("round 3 is not in the file: nobody is paired in it",)


def test_an_entry_that_cannot_be_read_leaves_its_round_unjudged():
    t = trfconv.read(PAIRED)
    check = check_pairings(with_round(t, 4, lambda p, e: Unreadable("   5 q 1") if p.start_number == 1 else e))
    assert [r.verdict for r in check.rounds] == [RoundVerdict.SAME] * 3 + [RoundVerdict.CANNOT] * 3
    assert check.rounds[3].reasons == ("player 1's round 4 cannot be read ('5 q 1')",)
