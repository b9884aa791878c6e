"""Where an event stands (:mod:`trfconv.rules.progress`): rounds complete, in play, to come or
not recorded, the round the standings stand after, and whether the event is finished, on real
files exported during their event and on made ones (issue 34)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import paths
import pytest
from eventbuild import last_round_paired_only

import trfconv
from trfconv.model import Pending
from trfconv.rules.progress import RoundState, progress, span

NATIVE = paths.FIXTURES / "native" / "swissmanager"
FINISHED = paths.FIXTURES / "trf" / "sanichi__icu_tournament__bunratty_masters_2011.trf"


def test_a_swiss_manager_file_with_the_next_round_paired():
    p = progress(trfconv.read(NATIVE / "echecsjs__tunx__esp_1385606.TUNX"), date(2026, 12, 5))
    assert p.states == (RoundState.COMPLETE,) * 3 + (RoundState.IN_PLAY, RoundState.TO_COME)
    assert (p.standing_after, p.cut(), p.in_play, p.to_come) == (3, 3, (4,), (5,))
    assert (p.results[4], p.waiting[4], p.results[3], p.waiting[3]) == (0, 7, 7, 0)
    assert p.pending[1] == (4,) and not p.finished and p.played
    assert p.summary() == "round 4 paired, 0 of its 7 results in; round 5 not paired yet; 5 rounds in all"


def test_a_round_robin_with_postponed_games_stands_after_its_last_round_with_results():
    p = progress(trfconv.read(NATIVE / "echecsjs__tunx__austria_roundrobin_vereinsmeisterschaft_1288524.TUNX"))
    assert p.in_play == (3, 5, 6, 9) and p.standing_after == 9 and p.cut() is None and p.last_complete == 8
    assert all(p.waiting[r] == 1 and p.results[r] == 3 for r in p.in_play)
    assert p.games == ((3, 6, 7), (5, 7, 8), (6, 7, 9), (9, 3, 7))  # each pairing once, from its lower number


def test_a_file_with_players_and_no_round():
    p = progress(trfconv.read(NATIVE / "echecsjs__tunx__cro_1386026.TUNX"))
    assert not p.played and not p.finished and p.standing_after == 0 and p.cut() is None
    assert p.summary() == "no game has a result yet"


def test_rounds_missing_before_a_round_held_are_not_rounds_to_come():
    p = progress(trfconv.read(paths.FIXTURES / "native" / "pgn" /
                              "samuraitruong__vegachess-html-generator__www_Sample_Tournament3.pgn"))
    assert p.not_recorded == (1, 2) and p.to_come == () and p.standing_after == 3 and not p.finished
    assert p.summary() == "rounds 1-2 not in the file; 3 rounds in all"


def test_a_finished_event_and_the_day_it_is_judged_on():
    t = trfconv.read(FINISHED)
    end = progress(t).last_day
    assert progress(t).finished and progress(t, end).finished and progress(t).cut() is None
    early = progress(t, date.fromordinal(end.toordinal() - 1))
    assert not early.finished and early.before_last_day and early.unfinished_rounds == ()
    assert early.summary().startswith(f"it ends on {end.isoformat()}, after ")


def test_declared_rounds_not_held_and_the_last_round_paired_without_results():
    t = trfconv.read(FINISHED)
    held = t.rounds
    declared = replace(t, event=replace(t.event, declared_rounds=held + 1))
    assert progress(declared).to_come == (held + 1,) and not progress(declared).finished
    p = progress(last_round_paired_only(t))
    assert p.in_play == (held,) and p.standing_after == held - 1 and p.cut() == held - 1


def test_an_adjourned_game_does_not_hold_its_round_open():
    t = trfconv.read(FINISHED)
    first = t.players[0]
    game = first.rounds[0]
    players = tuple(replace(p, rounds=(Pending(game.opponent, game.colour, adjourned=True),) + p.rounds[1:])
                    if p.start_number == first.start_number else p for p in t.players)
    assert progress(replace(t, players=players)).finished


@pytest.mark.parametrize(("rounds", "text"), [((4,), "4"), ((4, 5, 6), "4-6"), ((2, 5, 6, 7, 9), "2, 5-7, 9"), ((), "")])
def test_span(rounds, text):
    assert span(rounds) == text
