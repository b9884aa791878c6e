"""Differential tests against FIDE TEC's reference checker (gacrux): every value of PTS, WIN,
WON, BPG, BWG, PS, REP, BH, BH-C1, BH-M1, FB, AOB, SB, SB-C1, KS, ARO, TPR, PTP, APRO, APPO and DE
agrees, on the corpus TRFs and on generated Swiss tournaments with byes, forfeits and
withdrawals; on the team files every team value (MP, GP, MPvGP, the Type B and Buchholz family on
either score, the four ESB with and without Cut-1, SSSC, BC) and the ranks given by DE, EDE (and
its Art. 12 chains), TBR and BBE agree. gacrux chooses its rules by 042 (2024 rules before
1 March 2026); trfconv is given the same edition. Where gacrux departs from the regulation the
difference is asserted in a test that cites the article."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import paths
import pytest
from gacrux_oracle import COMPARED, EDITION_OF, OracleError, gacrux, gacrux_ranks, same
from swissbuild import generate_swiss_trf
from teambuild import small_team_event, team_event

import trfconv
from trfconv.rules.tiebreaks import compute_columns, parse_list, standings

FIXTURES = paths.FIXTURES

#: Corpus files not compared, and why (the oracle cannot read them, or it reads their notation
#: differently, or it computes team standings there).
NOT_COMPARED = {
    "pierotofy__CPPDubovSystem__baku_test.trf": "gacrux 401: rejects the CPPDubovSystem player lines",
    "pierotofy__CPPDubovSystem__parsing_test.trf": "gacrux 401: rejects the CPPDubovSystem player lines",
    "pierotofy__CPPDubovSystem__random2.trf": "gacrux 401: rejects the CPPDubovSystem player lines",
    "pierotofy__CPPDubovSystem__test2.trf": "gacrux 401: rejects the CPPDubovSystem player lines",
    "pypi__fidereport__example1.trf": "gacrux: forfeit with colour '-' and an opponent (known checker defect)",
    "sklangen__TRF__example1.trf": "gacrux: forfeit with colour '-' and an opponent (known checker defect)",
    "Sharly-Chess__sharly-chess__trf-import-test.trf": "gacrux 472: national rating record it cannot parse",
    "sanichi__icu_tournament__bunratty_challengers_2011.trf": "gacrux: no score system adds the points column",
    "sanichi__icu_tournament__bunratty_major_2011.trf": "gacrux: no score system adds the points column",
    "sanichi__icu_tournament__bunratty_masters_2011.trf": "gacrux: no score system adds the points column",
    "sanichi__icu_tournament__bunratty_minor_2011.trf": "gacrux: no score system adds the points column",
    "sanichi__icu_tournament__irish_intermediate_champs_2011.trf": "gacrux: no score system adds the points column",
    "sanichi__icu_tournament__irish_junior_champs_2011.trf": "gacrux: no score system adds the points column",
    "MarkDechamps__fide-swiss-pairing-engine__kd-4-javafo-half-point-byes.trf":
        "gacrux: no score system adds the points column (byes of a future round)",
}

#: Team files gacrux cannot read (trfconv ranks their teams; see test_tiebreaks_team.py).
TEAM_NOT_COMPARED = {
    "echecsjs__trf__trf26_team.trf": "gacrux 401: record 260 names team 2 of a one-team file",
    "Sharly-Chess__sharly-chess__trf-team-import-test.trf":
        "gacrux: no score system adds the points column (players' '0000 - U' of the team PAB)",
    "sanichi__icu_tournament__armstrong_2011.trf":
        "gacrux 431: round 9 match 3-1 has 1 game for 8 boards (a defaulted match, no 330 record)",
}

#: Individual files where gacrux departs from the regulation: (start number, tie-break) that must
#: differ (see the test named in the comment).
REFERENCE_DEFECTS = {
    # test_reference_defect_round_robin_forfeit_is_a_game: C.07 Art. 15.2
    "tec-rr6.trf": {(6, "WON"), (6, "BPG"), (6, "BWG")},
}

#: Files both read, whose notation they read differently: the values must differ.
READ_DIFFERENTLY = {
    "sanichi__icu_tournament__valid.trf": "legacy '0000 - =' is read by trfconv as a half-point bye "
                                          "(TRF023, a VUR: REP 4) and by gacrux as a drawn game "
                                          "without opponent (REP 5)",
}


def _is_team(t) -> bool:
    return bool(t.teams)


def _text(data: bytes) -> tuple:
    t = trfconv.reads(data)
    return t, data.decode(t.source.encoding or "utf-8")


def compare(data: bytes, unrated: int | None = None) -> tuple[int, list]:
    """(number of values compared, the disagreements)."""
    t = trfconv.reads(data)
    text = data.decode(t.source.encoding or "utf-8")
    rules, theirs = gacrux(text, COMPARED, unrated)
    specs, problems = parse_list(COMPARED)
    assert not problems
    ctx, columns = compute_columns(t, specs, rules=EDITION_OF[rules], unrated=unrated)
    compared, wrong = 0, []
    for i, p in enumerate(t.players):
        for k, (spec, column) in enumerate(zip(specs, columns, strict=True)):
            compared += 1
            if not same(column.exact(i), theirs[p.start_number][k], spec.code, ctx.f.rounds):
                wrong.append((p.start_number, spec.text, column.exact(i), theirs[p.start_number][k]))
    _, de = gacrux(text, ["PTS", "DE"], unrated)
    for row in standings(t, ["DE"], rules=EDITION_OF[rules]).rows:
        compared += 1
        if row.values[1] != de[row.player.start_number][1]:
            wrong.append((row.player.start_number, "DE", row.values[1], de[row.player.start_number][1]))
    return compared, wrong


CORPUS = sorted((FIXTURES / "trf").glob("*.trf")) + sorted((FIXTURES / "tiebreak").glob("*.trf"))


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_corpus_file_agrees_with_fide_checker(path):
    data = path.read_bytes()
    t = trfconv.reads(data)
    if path.name in NOT_COMPARED:
        with pytest.raises(OracleError):
            compare(data)
        return
    if path.name in READ_DIFFERENTLY:
        _, wrong = compare(data)
        assert {w[1] for w in wrong} == {"REP", "BH/C1", "BH/M1"}
        return
    if _is_team(t):
        if path.name in TEAM_NOT_COMPARED:
            with pytest.raises(OracleError):
                compare_teams(data)
            return
        count, wrong = compare_teams(data)
        assert count > 100 and wrong == []
        return
    count, wrong = compare(data)
    if path.name in REFERENCE_DEFECTS:
        assert {w[:2] for w in wrong} == REFERENCE_DEFECTS[path.name]
        return
    assert count and wrong == []


#: The team tie-breaks compared value by value (FB last: see test_reference_defect_fore_buchholz…;
#: FB:GP is left out, see test_reference_defect_fore_buchholz_on_game_points).
TEAM_COMPARED = ["MPTS", "GPTS", "MPVGP", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "BH", "BH/C1",
                 "BH/M1", "BH:GP", "BH:GP/C1", "SB", "SB/C1", "SB:GP", "KS", "KS:GP", "AOB", "AOB:GP", "PS:GP",
                 "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "EMGSB/C1", "EGMSB/C1", "EGGSB/C1",
                 "EMGSB/C1/P", "SSSC", "SSSC/F", "BC", "WIN:GP", "WON:GP", "BPG:GP", "BWG:GP", "REP:GP",
                 "STD:GP", "FB"]
#: Tie-breaks whose value is a position in the group still tied: compared by the ranks they give.
TEAM_RANKED = ["DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "EDET/P", "TBR", "BBE"]


def _same_team(ours, theirs, code: str, rounds: int) -> bool:
    """As :func:`same`; SSSC is rounded by gacrux to 0.01, half up (trfconv keeps it exact)."""
    if code == "SSSC" and ours is not None and theirs is not None:
        value = Decimal(ours.numerator) / Decimal(ours.denominator)
        return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) == theirs
    return same(ours, theirs, code, rounds)


#: The lists TEAM_RANKED are ranked after: on MP, after MPvGP, and on GP as primary score.
TEAM_LEADS = (["MPTS"], ["MPTS", "MPVGP"], ["GPTS"])


def compare_teams(data: bytes, compared: list[str] = TEAM_COMPARED,
                  leads: tuple[list[str], ...] = TEAM_LEADS) -> tuple[int, list]:
    """(number of values and ranks compared, the disagreements) on a team file: every team's
    values of ``compared``, and the ranks after each of ``leads`` + each of TEAM_RANKED."""
    t, text = _text(data)
    rules, theirs = gacrux(text, compared)
    edition = EDITION_OF[rules]
    specs, problems = parse_list(compared)
    assert not problems
    ctx, columns = compute_columns(t, specs, rules=edition)
    compared, wrong = 0, []
    for i, team in enumerate(ctx.team.matches.teams):
        for spec, column in zip(specs, columns, strict=True):
            compared += 1
            value = theirs[team.number][specs.index(spec)]
            if not _same_team(column.exact(i), value, spec.code, ctx.f.rounds):
                wrong.append((team.number, spec.text, column.exact(i), value))
    for code in TEAM_RANKED:
        for names in ([*lead, code] for lead in leads):
            ranks = gacrux_ranks(text, names)
            ours = {r.number: r.rank for r in standings(t, names, rules=edition).rows}
            compared += len(ranks)
            wrong += [(number, "/".join(names), ours[number], rank) for number, rank in ranks.items()
                      if ours[number] != rank]
    return compared, wrong


def generated(seed: int) -> bytes:
    """A Swiss of 6-50 players and 3-11 rounds from the benchmark generator (requested byes,
    forfeits, one PAB a round, withdrawals); odd seeds start in 2025 (2024 rules)."""
    players, rounds = 6 + (seed * 7) % 45, 3 + seed % 9
    text = generate_swiss_trf(players, rounds, seed)
    if seed % 2:
        text = text.replace("042 2026/03/01", "042 2025/03/01")
    return text.encode("utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_generated_swiss_agree_with_fide_checker(block):
    """220 generated tournaments (22 per block); every fourth with unrated players at 1400 so the
    rating-based tie-breaks are defined (otherwise they are undefined for everyone, Art. 10)."""
    total = 0
    for seed in range(block * 22, block * 22 + 22):
        count, wrong = compare(generated(seed), 1400 if seed % 4 == 0 else None)
        assert wrong == [], seed
        total += count
    assert total > 5000


def test_reference_defect_fore_buchholz_changes_later_tiebreaks():
    """A defect of gacrux 1.11.65, not of trfconv: computing FB moves a player's "last available
    round" to the final round when he is paired in it, and every tie-break computed after FB in
    the same list keeps that value.

    Generated tournament 105 (2024 rules): #8 has a ZPB in round 8 and loses the final round by
    forfeit. C.07 Art. 16.2.5: "requested byes … followed only by VURs" (a forfeit loss is a VUR,
    16.1.2) -> Art. 16.3.2 "Unplayed rounds of category 16.2.5 are evaluated as draws": #8 is
    seen with 3.5 + 0.5 = 4.0, so #3 (who met #8) has BH 45.0. gacrux gives 45.0 when BH is
    listed before FB and 44.5 when FB comes first (#8 then seen with 3.5)."""
    text = generated(105).decode("utf-8")
    _, before = gacrux(text, ["PTS", "BH", "FB"])
    _, after = gacrux(text, ["PTS", "FB", "BH"])
    assert (before[3][1], after[3][2]) == (45, 44.5)
    t = trfconv.reads(generated(105))
    specs, _ = parse_list(["FB", "BH"])
    _, (fb, bh) = compute_columns(t, specs, rules="tb-2024")
    assert bh.exact(2) == 45 and fb.exact(2) == after[3][1]


def test_team_file_declared_list_ranks_as_fide_checker():
    """The Grandmommy's Cup (50 teams, 14 rounds, team PABs, 22 forfeited matches, requested
    team byes, out-of-order line-ups) ranked by its own 202 list, EDET/P, EMGSB/C1/P,
    BH:MP/C1/P, MPvGP (EDET named by the 2026 edition only: TB003 under the 2024 rules)."""
    path = FIXTURES / "trf" / "echecsjs__trf__grandmommyscup.trf"
    t, text = _text(path.read_bytes())
    s = standings(t)
    assert [x.text for x in s.specs] == ["PTS", "EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    assert {r.number: r.rank for r in s.rows} == gacrux_ranks(text, [])
    assert [d.code for d in s.diagnostics if d.code != "TB014"] == ["TB003"]
    # 310 declares Slovakia first; both checkers rank India 3 first (EDET leaves the two tied,
    # EMGSB/C1/P 528 against 1009/2)
    assert [(r.rank, r.number, r.name) for r in s.rows[:3]] == [(1, 16, "India 3"), (2, 22, "Slovakia"),
                                                                 (3, 19, "Israel")]
    assert [s.rows[k].values[2] for k in (0, 1)] == [528, Fraction(1009, 2)]


def test_reference_defect_fore_buchholz_on_game_points():
    """A defect of gacrux 1.11.65: for Fore Buchholz it resets the "last available round" of a
    team paired in the final round on match points only, so FB:GP and FB (on MP) see the same
    round of the same team differently.

    Grandmommy's Cup, team 14 (Cuba): not paired in round 13 and loses round 14 by forfeit
    (330 -+ 14 14 35). C.07 Art. 8.3: Fore Buchholz takes every paired game of the final round
    as drawn, so round 14 is a drawn match, not a VUR; round 13 is then followed by an available
    round: category 16.2.3, at face value (Art. 16.3.1), not 16.2.5 (16.3.2: a draw). gacrux's
    adjusted scores for FB (AFB, on MP) give round 13 its face value 0, and for FB:GP (AFB:GP) a
    draw's 2 game points: team 14 is seen with 29.5 GP instead of 27.5 = 25.5 - 0 + 2, and every
    opponent of team 14 gets 2 more (team 1: 418.5 instead of 416.5)."""
    path = FIXTURES / "trf" / "echecsjs__trf__grandmommyscup.trf"
    t, text = _text(path.read_bytes())
    _, theirs = gacrux(text, ["MPTS", "GPTS", "AFB:GP", "AFB", "FB:GP"])
    assert [theirs[14][k] for k in range(4)] == [13, Decimal("25.5"), Decimal("29.5"), 14]
    specs, _ = parse_list(["FB:GP", "FB"])
    _, (fb_gp, fb) = compute_columns(t, specs, rules="tb-2024")
    assert fb_gp.exact(0) == Fraction(833, 2) and theirs[1][4] == Decimal("418.5")
    assert fb.exact(0) == gacrux(text, ["MPTS", "FB"])[1][1][1] == 216


def test_reference_defect_round_robin_forfeit_is_a_game():
    """gacrux counts no forfeit as a game for WON, BPG and BWG, in a round robin too. C.07 Art.
    15.2 (2023/2024): in a round robin "forfeit wins or losses (the only possible unplayed
    rounds) are treated as regular games"; the 2026 text keeps that for forfeit wins ("except
    that … forfeit losses in Type B tie-breaks … remain unplayed rounds").

    TEC round robin (2024 rules): Helene wins round 4 by forfeit with Black: WON 1, BPG 3, BWG 1
    (gacrux 0, 2, 0). Franck's forfeit loss was with White, so his BPG is unchanged."""
    path = FIXTURES / "tiebreak" / "tec-rr6.trf"
    t, text = _text(path.read_bytes())
    _, theirs = gacrux(text, ["PTS", "WON", "BPG", "BWG"])
    specs, _ = parse_list(["WON", "BPG", "BWG"])
    for rules in ("tb-2024", "tb-2026"):
        _, columns = compute_columns(t, specs, rules=rules)
        assert [c.exact(5) for c in columns] == [1, 3, 1]
        assert [c.exact(4) for c in columns] == theirs[5][1:]
    assert theirs[6][1:] == [0, 2, 0]


#: Type B counts that a round robin's forfeits change (C.07 Art. 15.2; see
#: test_reference_defect_team_round_robin_forfeit_is_a_game).
ROUND_ROBIN_FORFEIT_COUNTS = {"WON", "BPG", "BWG", "WON:GP", "BPG:GP", "BWG:GP"}


def _round_robin_forfeits_only(t, text: str, wrong: list) -> bool:
    """Whether every disagreement is one of the Type B counts of ROUND_ROBIN_FORFEIT_COUNTS and
    goes away when trfconv counts the round robin's forfeits as gacrux does (as in a Swiss)."""
    if not wrong or {w[1] for w in wrong} - ROUND_ROBIN_FORFEIT_COUNTS:
        return not wrong
    names = ["PTS", *sorted(ROUND_ROBIN_FORFEIT_COUNTS)]
    rules, theirs = gacrux(text, names)
    specs, _ = parse_list(names)
    _, columns = compute_columns(t, specs, rules=EDITION_OF[rules], round_robin=False)
    return all(columns[k].exact(i) == theirs[team.number][k]
               for i, team in enumerate(t.teams) for k in range(1, len(names)))


@pytest.mark.slow
@pytest.mark.parametrize("block", range(5))
def test_generated_team_events_agree_with_fide_checker(block):
    """50 generated team events (tests/helpers/teambuild.py: Swiss and round robins, 2-8 boards,
    reserves and 300 line-ups, empty and forfeited boards, 330 forfeited matches, 320 team PABs,
    362 systems other than 2/1/0, 299 team penalties; 2024 and 2026 rules; 192 declaring MP or
    GP primary), every value of TEAM_COMPARED and the ranks of TEAM_RANKED, on the primary score
    the 192 code declares (the lists lead with plain PTS). SSSC is left out where its factor F
    rounds down to 0 (trfconv: undefined; gacrux divides by zero). In round robins the only
    differences allowed are gacrux's, Art. 15.2 (see the reference defect below)."""
    total = 0
    for seed in range(block * 10, block * 10 + 10):
        data = team_event(seed).encode("utf-8")
        t, text = _text(data)
        assert [d for d in t.diagnostics if d.severity.value not in ("info", "warning")] == [], seed
        compared = ["PTS", *TEAM_COMPARED]
        specs, _ = parse_list(["SSSC"])
        if compute_columns(t, specs)[1][0].exact(0) is None:
            compared = [x for x in compared if not x.startswith("SSSC")]
        count, wrong = compare_teams(data, compared, (["PTS"], ["PTS", "MPVGP"]))
        assert _round_robin_forfeits_only(t, text, wrong), (seed, wrong)
        total += count
    assert total > 5000


def test_reference_defect_team_round_robin_forfeit_is_a_game():
    """gacrux 1.11.65 counts no forfeit as a game in a team round robin either: neither a
    forfeited board nor a match forfeited as a whole (330). C.07 Art. 15.2 (2023/2024): in a
    round robin "forfeit wins or losses (the only possible unplayed rounds) are treated as
    regular games"; Art. 12 preamble: individual forfeits count as standard wins and losses.

    Four teams of two boards (352 WB), 2024 rules:
    round 1 T1-T2 1-0 on board 1 and + on board 2 (player 2, Black, wins by forfeit), T3-T4 = =;
    round 2 T1-T3 = =, T2-T4 forfeited (330 +-); round 3 T4-T1 0-1 0-1, T2-T3 1-0 on board 1,
    player 4 (Black) loses board 2 by forfeit.
    T1: games won 4 (R1 both boards, R3 both; gacrux 3 without the forfeit), with Black 3
    (R1 b2, R2 b2, R3 b1; gacrux 2), won with Black 2 (R1 b2, R3 b1; gacrux 1).
    T2: matches won 1 (the forfeited R2 match; gacrux 0); games won 3 (R2's two boards and R3 b1;
    gacrux 1); games with Black 2 (R1 b1, R3 b2 lost by forfeit; gacrux 1).
    T4: matches with Black 2 (R1, and R2 forfeited as the Black team; gacrux 1)."""
    data = small_team_event(4, 2, [[(1, 2, "1+"), (3, 4, "==")], [(1, 3, "=="), (2, 4, "+-")],
                                   [(4, 1, "00"), (2, 3, "1-")]])
    t, text = _text(data)
    names = ["MPTS", "WON", "BPG", "WON:GP", "BPG:GP", "BWG:GP"]
    rules, theirs = gacrux(text, names)
    assert rules == "2024-08-01"
    specs, _ = parse_list(names[1:])
    _, columns = compute_columns(t, specs, rules="tb-2024")
    ours = {team.number: [c.exact(i) for c in columns] for i, team in enumerate(t.teams)}
    assert ours[1][2:] == [4, 3, 2] and theirs[1][3:] == [3, 2, 1]
    assert [ours[2][0], ours[2][2], ours[2][3]] == [1, 3, 2] and [theirs[2][k] for k in (1, 3, 4)] == [0, 1, 1]
    assert ours[4][1] == 2 and theirs[4][2] == 1
