"""``trfconv pairings``, the rules layer: the Dutch system re-pairing every round of a file
(``trfconv.rules.swiss``), held to the pairings FIDE TEC's reference engine made (gacrux, files in
``fixtures/pairings``), to bbpPairings' published expected pairings, to the corpus' real files;
each difference explained by the criterion that decides it, with its numbers; what a file
cannot decide said so."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from paths import FIXTURES
from trfbuild import player_line, trf
from eventbuild import swapped

import trfconv
from trfconv.model import Colour, Game
from trfconv.rules.swiss.check import RoundVerdict, check_pairings
from trfconv.rules.swiss.colours import allocate
from trfconv.rules.swiss.rules import rules_of, swiss_rules
from trfconv.rules.editions import edition
from trfconv.rules.progress import progress
from trfconv.rules.swiss.state import PlayerToPair, Float, preference, rounds_to_pair

PAIRED = sorted((FIXTURES / "pairings").glob("dutch-*.trf"))
BBP = FIXTURES / "trf" / "BieremaBoyzProgramming__bbpPairings__{}.trf"


def read(name: str) -> trfconv.Tournament:
    return trfconv.read(FIXTURES / "pairings" / name)


# -- the reference pairings ----------------------------------------------------------------------

@pytest.mark.parametrize("path", PAIRED, ids=lambda p: p.name)
def test_every_round_gacrux_paired_is_the_dutch_pairing(path):
    """Byes, forfeits, late entries, withdrawals, Baku acceleration: every pair and every colour."""
    check = check_pairings(trfconv.read(path))
    assert check.checked and check.rules.name == "swiss-2026"
    assert [r.verdict for r in check.rounds] == [RoundVerdict.SAME] * len(check.rounds)
    assert len(check.rounds) == trfconv.read(path).event.declared_rounds


def expected(name: str) -> tuple[list[tuple[int, int]], int | None]:
    lines = (FIXTURES / "trf" / f"BieremaBoyzProgramming__bbpPairings__{name}.expected.pairings.txt").read_text()
    pairs = [tuple(map(int, line.split())) for line in lines.replace("\r", "\n").split("\n")[1:] if line.strip()]
    bye = next((w for w, b in pairs if b == 0), None)
    return [(w, b) for w, b in pairs if b], bye


@pytest.mark.parametrize("name", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_bbppairings_published_next_pairings(name):
    """bbpPairings v6's own tests (the 2026 rules): [C5] (the bye at the lowest score), [C9] (the
    bye's fewest unplayed games), a 60-player round 15: the same pairs, colours and bye."""
    check = check_pairings(trfconv.read(str(BBP).format(name)), rounds=[], next_round=True)
    pairing = check.next.pairing
    pairs, bye = expected(name)
    assert sorted((b.allocation.white, b.allocation.black) for b in pairing.boards) == sorted(pairs)
    assert pairing.pab == bye


# -- the differences, explained -------------------------------------------------------------------


@pytest.mark.parametrize("file, r, a, b, label, text", [
    ("dutch-1000.trf", 11, 2, 6, "C.04.3 [C1]", "the file pairs players who already met: 2-8"),
    ("dutch-1000.trf", 11, 7, 14, "C.04.3 [C6]",
     "the file leaves 7 downfloaters in the 4.5-point bracket where 5 were possible"),
    ("dutch-1000.trf", 11, 9, 14, "C.04.3 [C4]",
     "the downfloaters the file leaves in the 4-point bracket cannot all be paired with the players below"),
    ("dutch-1001.trf", 11, 5, 6, "C.04.3 [C7]",
     "the file floats down players scoring (8.5, 8, 6.5, 5.5) from the 5-point bracket where (8.5, 8, 5.5, 5) "
     "was possible"),
    ("dutch-1004.trf", 8, 2, 3, "C.04.3 [C15]",
     "1 opponent(s) of MDPs in the 3.5-point bracket had an upfloat the previous round where 0 was possible"),
    ("dutch-1004.trf", 8, 3, 13, "C.04.3 [C16]",
     "1 resident downfloater(s) of the 3.5-point bracket had a downfloat two rounds before where 0 was possible"),
    ("dutch-1009.trf", 6, 2, 8, "C.04.3 4.2", "both pairings are as good by every criterion; in the first "
     "transposition that makes them 2 meets 4 (BSN 2), not 9 (BSN 3)"),
])
def test_a_difference_is_explained_by_the_criterion_that_decides(file, r, a, b, label, text):
    """The last round of a reference tournament with two opponents exchanged: the first criterion,
    in their order of priority, by which the file's bracket is worse, with the numbers."""
    check = check_pairings(swapped(read(file), r, a, b), rounds=[r])
    result = check.rounds[0]
    assert result.verdict is RoundVerdict.DIFFERS
    assert (result.difference.label, result.difference.text) == (label, text)
    assert result.file_only and result.dutch_only


def test_colours_swapped_are_explained_by_the_colour_rule():
    t = read("dutch-1009.trf")
    r = 6
    w = next(p for p in t.players if isinstance(p.rounds[r - 1], Game) and p.rounds[r - 1].colour is Colour.WHITE)
    e = w.rounds[r - 1]
    o = t.player(e.opponent)
    flipped = {w.start_number: replace(e, colour=Colour.BLACK),
               o.start_number: replace(o.rounds[r - 1], colour=Colour.WHITE)}
    t = replace(t, players=tuple(replace(p, rounds=p.rounds[:r - 1] + (flipped[p.start_number],))
                                 if p.start_number in flipped else p for p in t.players))
    result = check_pairings(t, rounds=[r]).rounds[0]
    assert result.verdict is RoundVerdict.COLOURS
    (c,) = result.colours
    assert (c.file_white, c.white) == (o.start_number, w.start_number)
    assert c.rule.startswith("C.04.3 5.2.")


# -- what a file cannot decide, what is not checked ----------------------------------------------

def event(*lines: str, header: tuple[str, ...] = ("012 Made", "042 2026/03/01", "142 3")) -> trfconv.Tournament:
    return trfconv.reads(trf(*header, *lines))


def test_a_round_after_one_without_results_cannot_be_judged():
    """Round 2 paired, its results not in yet: round 2 is judged, round 3 cannot be paired."""
    t = read("dutch-1009.trf")
    pending = {p.start_number: replace(p, rounds=p.rounds[:1] + (
        trfconv.model.Pending(p.rounds[1].opponent, p.rounds[1].colour),)) for p in t.players
        if isinstance(p.rounds[1], Game)}
    t = replace(t, players=tuple(pending.get(p.start_number, replace(p, rounds=p.rounds[:2])) for p in t.players))
    check = check_pairings(t, next_round=True)
    assert [r.verdict for r in check.rounds] == [RoundVerdict.SAME, RoundVerdict.SAME]
    assert check.next.pairing is None
    assert check.next.reasons == ("round 2 is in play: none of its 6 results is in (games 1-5, 3-13, 4-14, 6-7, 8-11, "
                                  "9-12)",)


def test_baku_declared_without_its_points_cannot_be_judged():
    t = read("dutch-8.trf")
    t = replace(t, pairing=replace(t.pairing, accelerations=()))
    check = check_pairings(t)
    assert all(r.verdict is RoundVerdict.CANNOT for r in check.rounds)
    assert "gives no 250 or XXA record" in check.rounds[0].reasons[0]


def test_events_before_the_2017_rules_cannot_be_judged():
    t = trfconv.read(FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf")
    check = check_pairings(t)
    assert {r.verdict for r in check.rounds} == {RoundVerdict.CANNOT}
    assert check.rounds[0].reasons == ("the Dutch rules in force on 2008-02-01 (before 2017-07-01) are not modelled",)


@pytest.mark.parametrize("name, why", [
    ("pierotofy__CPPDubovSystem__random2.trf", "the Dubov system (C.04.4.1): only the Dutch system (C.04.3) is checked"),
    ("MarkDechamps__fide-swiss-pairing-engine__olympiad-six-teams.trf",
     "a team event: team Swiss systems (C.04.6) are not checked"),
    ("sanichi__icu_tournament__utf-8.trf", "a round robin, not a Swiss"),
])
def test_other_systems_are_said_not_checked(name, why):
    check = check_pairings(trfconv.read(FIXTURES / "trf" / name))
    assert not check.checked and check.why_not == why
    assert check.verdict == f"not checked: {why}"


def test_the_2017_collapsed_last_bracket_is_not_modelled():
    t = trfconv.read(FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__argentine_blitz_1200000.TUNX")
    result = check_pairings(t, rounds=[4]).rounds[0]
    assert result.verdict is RoundVerdict.CANNOT and "Collapsed Last Bracket of C.04.3 A.9 (2017)" in result.reasons[0]


# -- the editions --------------------------------------------------------------------------------

def test_a_full_point_bye_bars_the_pairing_allocated_bye_from_2026():
    """C.04.1 Art. 4 (2026); C.04.1 d (2017) barred it only after a PAB or a forfeit win."""
    t = event(player_line(1, "A", rounds=("0000 - F",)), player_line(2, "B", rounds=("   3 w 1",)),
              player_line(3, "C", rounds=("   2 b 0",)))
    for rules, barred in (("swiss-2026", True), ("swiss-2017", False)):
        to_pair = rounds_to_pair(t, rules_of(edition(rules, "swiss")), progress(t), 2)[1]
        assert next(e for e in to_pair.entrants if e.number == 1).pab_barred is barred


def test_which_unplayed_rounds_give_a_downfloat():
    """2026 1.4.3: a PAB, or an unplayed round scoring more than a loss; 2017 A.4 b: any unplayed
    round."""
    t = event(player_line(1, "A", rounds=("0000 - Z",)), player_line(2, "B", rounds=("0000 - H",)),
              player_line(3, "C", rounds=("   4 w 1",)), player_line(4, "D", rounds=("   3 b 0",)),
              player_line(5, "E", rounds=("        ",)))
    for rules, floats in (("swiss-2026", {1: None, 2: Float.DOWN, 5: None}),
                          ("swiss-2017", {1: Float.DOWN, 2: Float.DOWN, 5: None})):  # 5: a late entry
        to_pair = rounds_to_pair(t, rules_of(edition(rules, "swiss")), progress(t), 2)[1]
        assert {e.number: e.floats[0] for e in to_pair.entrants if e.number in floats} == floats


def test_the_edition_follows_the_start_date():
    assert swiss_rules(None).name == "swiss-2026"
    assert check_pairings(trfconv.read(FIXTURES / "trf" / "erral__fidetournament__test_demo.trf"),
                          rounds=[]).rules.name == "swiss-2017"


# -- colours -------------------------------------------------------------------------------------

def entrant(number: int, colours: str, *, tpn: int | None = None, top: bool = False) -> PlayerToPair:
    seq = [Colour.WHITE if c == "W" else Colour.BLACK for c in colours]
    return PlayerToPair(number, tpn or number, Fraction(0), Fraction(0), tuple(seq), (), frozenset(), False, 0, top,
                   sum(1 if c is Colour.WHITE else -1 for c in seq), preference(seq))


@pytest.mark.parametrize("a, b, white, rule", [
    (entrant(1, "WB"), entrant(2, "BW"), 1, 1),  # 5.2.1: both preferences (mild W, mild B)
    (entrant(1, "BW"), entrant(2, "WB"), 2, 1),
    (entrant(1, "WB"), entrant(2, "B"), 2, 2),  # 5.2.2: both want White, 2's strong preference beats 1's mild
    (entrant(1, "BWWW", top=True), entrant(2, "BWBWW", top=True), 2, 2),  # both absolute: the wider difference
    (entrant(1, "WBWB"), entrant(2, "BWWB"), 1, 3),  # 5.2.3: alternate from the last round they differed
    (entrant(1, "WB"), entrant(2, "WB"), 1, 4),  # 5.2.4: the higher-ranked player's preference
    (entrant(1, ""), entrant(2, ""), 1, 5),  # 5.2.5: the initial colour (White) to an odd number
    (entrant(1, "", tpn=2), entrant(2, "", tpn=3), 2, 5),
])
def test_colour_allocation(a, b, white, rule):
    given = allocate(a, b, Colour.WHITE)
    assert (given.white, given.rule) == (white, rule)


def test_preferences():
    assert preference([]) == (None, 0)
    assert [preference([Colour.WHITE if c == "W" else Colour.BLACK for c in s]) for s in ("W", "WB", "WBW", "BB", "WWB")] \
        == [(Colour.BLACK, 2), (Colour.WHITE, 1), (Colour.BLACK, 2), (Colour.WHITE, 3), (Colour.BLACK, 2)]
