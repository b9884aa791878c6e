"""Worked examples of the seed documents (the project's shared `seeds/` folder), each with its printed numbers.

Tournaments are built directly in the model. Players outside the example ("fillers") only carry
the results that give them the final or adjusted score the seed prints: tie-breaks read each
player's own entries, so the fillers' games need no matching opponent entry.
"""

from __future__ import annotations

from fractions import Fraction as F

from trfconv.model import (
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Event,
    Forfeit,
    Game,
    Outcome,
    Player,
    Tournament,
)
from trfconv.rules.tiebreaks import compute_columns, parse_list, standings
from trfconv.rules.tiebreaks.buchholz import scores_seen
from trfconv.rules.tiebreaks.rating_based import provisional_ratings

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
FILLER = 900  # start number of the fillers' common pseudo-opponent


def g(opponent: int, outcome: Outcome, colour: Colour = Colour.WHITE) -> Game:
    return Game(opponent, colour, outcome)


def filler(number: int, score: F, rounds: int, *, rating: int | None = 2000, forfeit: str = "") -> Player:
    """A player scoring ``score`` (forfeit="+"/"-": one round of it is a forfeit win / loss)."""
    entries = []
    if forfeit == "+":
        entries.append(Forfeit(True, FILLER))
        score -= 1
    elif forfeit == "-":
        entries.append(Forfeit(False, FILLER))
    while len(entries) < rounds:
        if score >= 1:
            entries.append(g(FILLER, W))
            score -= 1
        elif score == F(1, 2):
            entries.append(g(FILLER, D))
            score = F(0)
        else:
            entries.append(g(FILLER, L))
    return Player(number, f"filler {number}", rating=rating, rounds=tuple(entries))


def tournament(players: list[Player], rounds: int, kind: str = "Swiss") -> Tournament:
    return Tournament(Event(type=kind, declared_rounds=rounds),
                      tuple(players) + (Player(FILLER, "pseudo-opponent"),))


def values(t: Tournament, codes: list[str], rules: str, **options) -> dict[str, dict[int, object]]:
    specs, problems = parse_list(codes)
    assert not problems
    _, columns = compute_columns(t, specs, rules=rules, **options)
    return {code: {p.start_number: c.exact(i) for i, p in enumerate(t.players)}
            for code, c in zip(codes, columns, strict=True)}


# --- seed 000 §2.1.1 the cumulative ----------------------------------------------------------

def cumulative_example() -> Tournament:
    return tournament([
        Player(1, "Soumarinov", rounds=(NOT_PAIRED, g(FILLER, L), g(FILLER, L), g(FILLER, W), g(FILLER, W), g(FILLER, W))),
        Player(2, "Attakinski", rounds=(g(FILLER, W),) * 3 + (g(FILLER, L),) * 3),
        Player(3, "Solidov", rounds=(g(FILLER, D),) * 6),
        Player(4, "Classikov", rounds=(Forfeit(True, FILLER), g(FILLER, L), g(FILLER, W), g(FILLER, D),
                                       g(FILLER, L), g(FILLER, D))),
    ], 6)


def test_cumulative_seed_000():
    """Soumarinov 6, Attakinski 15, Solidov 10.5, Classikov 12 ("le forfait est compté comme une
    victoire normale"); truncated -1 / -2 drop the first cumulative scores; seed 004's variant
    takes 1 point off per forfeit or bye win (Classikov 11)."""
    v = values(cumulative_example(), ["PS", "CUM", "PS/C1", "PS-C2", "OTHER_CUMF"], "tb-2009")
    assert [v["PS"][n] for n in (1, 2, 3, 4)] == [6, 15, F(21, 2), 12]
    assert v["CUM"] == v["PS"]
    assert [v["PS/C1"][n] for n in (1, 2, 3, 4)] == [6, 14, 10, 11]
    assert [v["PS-C2"][n] for n in (1, 2, 3, 4)] == [6, 12, 9, 10]
    assert [v["OTHER_CUMF"][n] for n in (1, 2, 3, 4)] == [6, 15, F(21, 2), 11]


# --- seed 000 §2.1.3 direct encounter, Koya and extended Koya (round robin) ---------------------

KOYA_TABLE = """\
Albert    x  ½ ½ ½ ½ 1 ½ 1 1 1
Bernard   ½ x  ½ ½ 0 1 ½ ½ ½ 1
Claude    ½ ½ x  ½ 0 1 ½ 1 ½ ½
Denis     ½ ½ ½ x  1 0 ½ 1 ½ ½
Eric      ½ 1 1 0 x  ½ ½ 0 1 0
Franck    0 0 0 1 ½ x  ½ 1 1 1
Guy       ½ ½ ½ ½ ½ ½ x  ½ 1 ½
Herbert   0 ½ 0 0 1 0 ½ x  0 1
Isidore   0 ½ ½ ½ 0 0 0 1 x  1
Jack      0 0 ½ ½ 1 0 ½ 0 0 x"""


def koya_example() -> Tournament:
    """The seed's 10-player round robin (9 rounds; the round of each game does not matter)."""
    rows = [line.split() for line in KOYA_TABLE.splitlines()]
    value = {"1": W, "½": D, "0": L}
    players = []
    for i, row in enumerate(rows, start=1):
        results = [x for x in row[1:] if x != "x"]
        opponents = [j for j in range(1, 11) if j != i]
        players.append(Player(i, row[0], rounds=tuple(g(o, value[r]) for o, r in zip(opponents, results, strict=True))))
    return Tournament(Event(type="Round Robin", declared_rounds=9), tuple(players))


def test_koya_and_extended_koya_ranking_seed_000():
    """The five players on 5 points end Claude, Bernard, Guy, Denis, Franck: DE gives Bernard =
    Claude 2.5, Guy 2, Denis = Franck 1.5; Koya (opponents with 4.5 or more) puts Denis (3)
    before Franck (2); extended Koya (3.5, then 3 points) Claude 4.5 before Bernard 4.

    The seed does not re-apply DE to Denis and Franck (the pre-2023 rule, tb-2009). C.07 Art. 6.2
    (2023 on) does: Franck beat Denis, so under tb-2024 Franck is placed before Denis by DE."""
    t = koya_example()
    s = standings(t, ["DE", "KS", "OTHER_KOYAX"], rules="tb-2009")
    order = [r.player.name for r in s.rows]
    assert order[1:6] == ["Claude", "Bernard", "Guy", "Denis", "Franck"]
    by_name = {r.player.name: r.values for r in s.rows}
    assert [by_name[n][2] for n in ("Denis", "Franck", "Bernard", "Claude")] == [3, 2, 3, 3]
    assert by_name["Claude"][3][:3] == (3, F(7, 2), F(9, 2))
    assert by_name["Bernard"][3][:3] == (3, F(7, 2), 4)
    assert not any(r.lots for r in s.rows)
    c07 = [r.player.name for r in standings(t, ["DE", "KS", "OTHER_KOYAX"], rules="tb-2024").rows]
    assert c07[4:6] == ["Franck", "Denis"]


def test_sonneborn_berger_seed_000():
    """A 1, B 2.5, C 2, D 2.5 in the seed's 4-player round robin."""
    table = {1: {2: L, 3: W, 4: L}, 2: {1: W, 3: D, 4: D}, 3: {1: L, 2: D, 4: D}, 4: {1: W, 2: D, 3: D}}
    players = [Player(n, "ABCD"[n - 1], rounds=tuple(g(o, r) for o, r in row.items())) for n, row in table.items()]
    t = Tournament(Event(type="Round Robin", declared_rounds=3), tuple(players))
    assert values(t, ["SB"], "tb-2009")["SB"] == {1: 1, 2: F(5, 2), 3: 2, 4: F(5, 2)}


def test_kashdan_seed_000():
    """Albert (+1 =8) 20 and Bernard (+5 -4) 24 after 9 rounds."""
    t = tournament([Player(1, "Albert", rounds=(g(FILLER, W),) + (g(FILLER, D),) * 8),
                    Player(2, "Bernard", rounds=(g(FILLER, W),) * 5 + (g(FILLER, L),) * 4)], 9)
    assert [values(t, ["OTHER_KASHDAN"], "tb-2009")["OTHER_KASHDAN"][n] for n in (1, 2)] == [20, 24]


# --- adjusted scores and Buchholz with virtual opponents (Kallithea 2009) ---------------------

def paul_loic_tony_ludo(ludo_round_3) -> Tournament:
    """Seed 000/001 PAUL, LOIC, TONY, LUDO (5 rounds). Each opponent is a filler whose score is
    the adjusted score the seed prints for that round."""
    opp = iter(range(10, 40))

    def vs(score, outcome):
        n = next(opp)
        fillers.append(filler(n, F(score), 5))
        return g(n, outcome)
    fillers: list[Player] = []
    main = [
        Player(1, "PAUL", rounds=(vs(3, W), vs(2, D), vs(1, D), vs(F(5, 2), L), vs(4, W))),
        Player(2, "LOIC", rounds=(NOT_PAIRED, vs(2, W), vs(3, W), vs(4, L), Forfeit(False, FILLER))),
        Player(3, "TONY", rounds=(vs(F(5, 2), L), vs(F(3, 2), L), Bye(ByeKind.PAB), vs(3, W), Forfeit(True, FILLER))),
        Player(4, "LUDO", rounds=(vs(F(3, 2), D), vs(2, L), ludo_round_3, NOT_PAIRED, NOT_PAIRED)),
    ]
    return tournament(main + fillers, 5)


def test_adjusted_scores_seed_001_and_the_pre_2023_method():
    """Seed 001 "ancienne méthode" (and seed 000): every unplayed round counts as a draw for the
    opponents: PAUL 3 -> 3, LOIC 2 -> 3, TONY 3 -> 2, LUDO (bye in round 3) 1 -> 2. It is the
    tb-2009 rule and the /D modifier in any edition. C.07 Art. 16.3 instead changes only
    category 16.2.5: LOIC 2 (his absence is followed by games: 16.2.3; forfeit loss: 16.2.4),
    TONY 3 (PAB and forfeit win at face value), LUDO 2 (bye and absences all 16.2.5)."""
    t = paul_loic_tony_ludo(Bye(ByeKind.HALF))
    specs, _ = parse_list(["PTS"])
    for rules, draws, expected in (("tb-2009", False, [3, 3, 2, 2]), ("tb-2024", True, [3, 3, 2, 2]),
                                   ("tb-2024", False, [3, 2, 3, 2])):
        ctx, _ = compute_columns(t, specs, rules=rules)
        seen, own = scores_seen(ctx, draws=draws)
        assert [F(own[i], 2) for i in range(4)] == [3, 2, 3, 1]
        assert [F(seen[i], 2) for i in range(4)] == expected


def test_buchholz_with_virtual_opponents_seed_000():
    """PAUL 12.5, LOIC 15, TONY 10, LUDO 9.5 (absent in rounds 3-5 in this version of the table).

    The seed writes LOIC's round-5 virtual opponent as 2 + (1 - 0) + 0.5 x (5 - 1) but prints 3,
    which is San = SJR + (1 - SfJR) + 0.5 (n - R) with R = 5: the formula is followed."""
    t = paul_loic_tony_ludo(NOT_PAIRED)
    v = values(t, ["BH", "SOLKOFF"], "tb-2009")
    assert [v["BH"][n] for n in (1, 2, 3, 4)] == [F(25, 2), 15, 10, F(19, 2)]
    assert v["SOLKOFF"] == v["BH"]


def eleven_rounds(name: str, number: int, games: list[tuple], fillers: list[Player]) -> Player:
    """A player of seed 000's examples 3-6: ``games`` = (opponent's score, forfeit of the
    opponent "+"/"-" or "", own result) per round, or ("F+"/"F-",) for an own forfeit."""
    entries = []
    for index, game in enumerate(games):
        if game[0] in ("F+", "F-"):
            entries.append(Forfeit(game[0] == "F+", FILLER))
            continue
        score, opponent_forfeit, result = game
        n = number * 100 + index
        fillers.append(filler(n, F(score), 11, forfeit=opponent_forfeit))
        entries.append(g(n, result))
    return Player(number, name, rounds=tuple(entries))


def test_buchholz_examples_3_to_6_seed_000():
    """Bernard 64 (forfeit loss in round 4: 61 - 3.5 + virtual 6.5), Laurent 81.5 (forfeit win
    in round 1: virtual 5; Emmanuel 7 with a forfeit win seen as 6.5), Sylvain 79.5 and Denis 79.5
    (Laurent 9 seen as 8.5, Georges 4 with a forfeit loss seen as 4.5).

    The seed prints Bernard's virtual opponent as "2,0 + (1 - 0,0) + 0,5 * (11 - 4) = 3,5 = 6,5":
    the formula gives 6.5, the total 64 uses 6.5."""
    fillers: list[Player] = []
    bernard = eleven_rounds("Bernard", 1, [(F(7, 2), "", W), (7, "", W), (F(15, 2), "", L), ("F-",),
                                           (F(9, 2), "", W), (6, "", L), (F(13, 2), "", D), (F(9, 2), "", W),
                                           (F(13, 2), "", D), (F(9, 2), "", W), (7, "", L)], fillers)
    laurent = eleven_rounds("Laurent", 2, [("F+",), (F(13, 2), "", W), (7, "+", W), (F(15, 2), "", W),
                                           (F(15, 2), "", W), (9, "", W), (8, "", D), (8, "", W),
                                           (F(15, 2), "", W), (8, "", L), (8, "", D)], fillers)
    sylvain = eleven_rounds("Sylvain", 3, [(5, "", W), (F(13, 2), "", W), (8, "", W), (F(13, 2), "", D),
                                           (8, "", W), (F(15, 2), "", W), (7, "", W), (9, "+", L),
                                           (8, "", L), (7, "", D), (F(15, 2), "", W)], fillers)
    denis = eleven_rounds("Denis", 4, [(4, "-", W), (5, "", W), (F(15, 2), "", D), (7, "", W), (8, "", L),
                                       (8, "", W), (8, "", W), (9, "", L), (F(13, 2), "", W),
                                       (F(15, 2), "", W), (9, "+", D)], fillers)
    t = tournament([bernard, laurent, sylvain, denis] + fillers, 11)
    bh = values(t, ["BH"], "tb-2009")["BH"]
    assert [bh[n] for n in (1, 2, 3, 4)] == [64, F(163, 2), F(159, 2), F(159, 2)]


# --- seed 000 "La Performance" ---------------------------------------------------------------

def test_performance_1973_seed_000():
    """A player rated 1850: 4.5 points in 6 games over the board (rounds 5, 7, 9 forfeits are
    left out); the 1490 opponent counts as 1500 (350-point rule); M = 1780, Q(4.5/6) = +193."""
    ratings = [1490, 1700, 1800, 2000, 2000, 1800, 1900, 1880, 1770]
    results = [W, W, W, W, "+", D, "-", L, "+"]
    fillers = [filler(10 + r, F(0), 9, rating=rating) for r, rating in enumerate(ratings)]
    entries = tuple(Forfeit(res == "+", 10 + r) if isinstance(res, str) else g(10 + r, res)
                    for r, res in enumerate(results))
    t = Tournament(Event(type="Swiss", declared_rounds=9),
                   (Player(1, "player", rating=1850, rounds=entries), *fillers, Player(FILLER, "x", rating=1500)))
    assert values(t, ["OTHER_PERF"], "tb-2009")["OTHER_PERF"][1] == 1973


def test_provisional_ratings_seed_000():
    """Group average: six players on the same score, four rated -> the two unrated get
    (2200 + 1860 + 1950 + 1910) / 4 = 1980. Weighted interpolation (7 rounds): 4.5 points (five
    rated, average 1890, and one unrated), 4 points (three unrated), 3.5 points (one rated 1750,
    three unrated): Q 110 / 57 / 0, so 1890 - 53/110 x 140 = 1823."""
    group = provisional_ratings([6] * 6, [2200, None, 1860, 1950, 1910, None], 2, 9)
    assert group == [2200, 1980, 1860, 1950, 1910, 1980]
    scores = [9] * 6 + [8] * 3 + [7] * 4
    ratings = [1890] * 5 + [None] + [None] * 3 + [1750, None, None, None]
    assert provisional_ratings(scores, ratings, 2, 7) == [1890] * 6 + [1823] * 3 + [1750] * 4


