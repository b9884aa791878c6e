"""Test helper: random TRF-2026 team events for the generated team differential
(``test_tiebreaks_differential.py``; held to this text by ``test_tiebreaks_team.py::
test_generated_team_events_are_what_the_generator_says``), written record by record from the TRF-2026 text: 001
players (team members' games, board colours alternating as 352 says), 310 teams (members in
board order, reserves after them), 300 line-ups (reserves fielded, boards out of order, empty
boards), 320 team PABs (a Swiss with an odd number of teams), 330 forfeited matches, 352, 362
(2/1/0 and other match-point systems), 299 team penalties.

A board left empty (300 ``0000``) gives the opponent on it ``0000 - +``; a member not fielded,
a team with a PAB and a round robin's resting team have ``0000 - -`` (as the TEC sample writes
them); a forfeited match gives its players ``0000 - +`` / ``0000 - -``. Every match that is not
forfeited has a game (or a forfeited board) on board 1, so that the two teams are named by
their players' records (FIDE's checker cannot read a match whose boards are all empty)."""

from __future__ import annotations

import random
from datetime import date, timedelta
from fractions import Fraction

from trfbuild import player_line

#: 192 codes of a Swiss: MP or GP primary, or neither named (MP)
SWISS_CODES = ("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEA_GP_MP", "FIDE_TEAM", "FIDE_TEAM_TYPEB_GP")
#: 362 systems: (won, drawn, lost match)
MATCH_SYSTEMS = ((2, 1, 0),) * 4 + ((3, 1, 0), (1, Fraction(1, 2), 0), (2, 1, 1))
POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}


def number(x: Fraction) -> str:
    """A TRF number with one decimal (halves only): ``2.0``, ``-0.5``."""
    x = Fraction(x)
    sign, x = ("-" if x < 0 else ""), abs(x)
    return f"{sign}{x.numerator // x.denominator}.{5 if x.denominator == 2 else 0}"


def _round_robin(n: int) -> list[list[tuple[int | None, int | None]]]:
    """Circle-method rounds of n teams (None: the rest of an odd number)."""
    order = list(range(1, n + 1)) + ([None] if n % 2 else [])
    rounds = []
    for r in range(len(order) - 1):
        pairs = [(order[i], order[-1 - i]) for i in range(len(order) // 2)]
        if r % 2:
            pairs[0] = pairs[0][::-1]
        rounds.append(pairs)
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


def _swiss_round(rng: random.Random, n: int, score: dict, met: dict, had_pab: set,
                 whites: dict) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs by score, avoiding rematches when a few perturbations allow it; the lowest team
    without a PAB gets it when n is odd; the team with fewer White matches gets White."""
    teams = sorted(range(1, n + 1), key=lambda x: (-score[x], rng.random()))
    bye = None
    if n % 2:
        bye = next((x for x in reversed(teams) if x not in had_pab), teams[-1])
        teams.remove(bye)
    for attempt in range(50):
        pool, pairs, ok = teams[:], [], True
        for _ in range(attempt):
            i = rng.randrange(len(pool) - 1)
            pool[i], pool[i + 1] = pool[i + 1], pool[i]
        while pool:
            a = pool.pop(0)
            j = next((j for j, b in enumerate(pool) if b not in met[a]), None)
            ok = ok and j is not None
            pairs.append((a, pool.pop(j or 0)))
        if ok:
            break
    return [(b, a) if whites[a] > whites[b] or (whites[a] == whites[b] and rng.random() < .5) else (a, b)
            for a, b in pairs], bye


def team_event(seed: int) -> str:
    """A random team event (TRF-2026 text): Swiss (4-30 teams) or round robin (4-12), 2-8
    boards, 3-11 rounds, starting in 2024 or 2026 (before or after 1 March 2026)."""
    rng = random.Random(seed)
    rr = rng.random() < 0.3
    n = rng.randint(4, 12) if rr else rng.randint(4, 30)
    most = n - 1 if n % 2 == 0 else n
    rounds = most if rr else rng.randint(3, min(11, most))
    boards = rng.randint(2, 8)
    size = boards + (rng.randint(1, 2) if rng.random() < 0.25 else 0)
    colours = "".join("WB"[k % 2] for k in range(boards))
    won, drawn, lost = map(Fraction, rng.choice(MATCH_SYSTEMS))
    start = rng.choice([date(2024, 5, 1), date(2024, 9, 1), date(2026, 1, 10), date(2026, 3, 2), date(2026, 3, 2)])
    p_draw = rng.choice([0.2, 0.35, 0.5])
    p_forfeit, p_empty, p_forfeit_match = (rng.choice([0, 0, 0.03, 0.08]) for _ in range(3))
    members = {x: list(range((x - 1) * size + 1, x * size + 1)) for x in range(1, n + 1)}
    ratings = {m: 2500 - 20 * x - 15 * k + rng.randint(-10, 10) for x in members for k, m in enumerate(members[x])}
    blocks: dict[int, list[str]] = {m: [] for m in ratings}
    points = {m: Fraction(0) for m in ratings}
    score = {x: Fraction(0) for x in members}
    game_points = {x: Fraction(0) for x in members}
    met: dict[int, set] = {x: set() for x in members}
    whites = {x: 0 for x in members}
    had_pab: set[int] = set()
    pabs: list[int | None] = [None] * rounds
    pab_mp, pab_gp = rng.choice([won, drawn]), rng.choice([Fraction(boards), Fraction(boards, 2)])
    records: list[str] = []
    schedule = _round_robin(n) if rr else None
    for r in range(1, rounds + 1):
        if schedule:
            pairs = [(a, b) for a, b in schedule[r - 1] if a and b]
            resting = [x for a, b in schedule[r - 1] for x in (a, b) if x and None in (a, b)]
            bye = None
        else:
            (pairs, bye), resting = _swiss_round(rng, n, score, met, had_pab, whites), []
        for a, b in pairs:
            met[a].add(b)
            met[b].add(a)
            whites[a] += 1
            lineup = {}
            for x in (a, b):
                fielded = members[x][:boards]
                if size > boards and rng.random() < 0.5:
                    fielded = rng.sample(members[x], boards)
                    if rng.random() < 0.7:
                        fielded.sort()
                lineup[x] = fielded
            if rng.random() < p_forfeit_match:
                result = rng.choice(["+-", "-+", "--"] if rng.random() < 0.3 else ["+-", "-+"])
                records.append(f"330 {result} {r:>3} {a:>3} {b:>3}")
                for x, c in ((a, result[0]), (b, result[1])):
                    for m in members[x]:
                        blocks[m].append(f"0000 - {c}")
                        points[m] += POINTS[c]
                    score[x] += won if c == "+" else 0
                    game_points[x] += boards if c == "+" else 0
                continue
            out_of_order = {x: lineup[x] != members[x][:boards] for x in (a, b)}
            gp = {a: Fraction(0), b: Fraction(0)}
            for k in range(boards):
                pa, pb = lineup[a][k], lineup[b][k]
                empty_a = k > 0 and rng.random() < p_empty
                empty_b = k > 0 and not empty_a and rng.random() < p_empty
                if k > 0 and rng.random() < p_empty / 4:
                    empty_a = empty_b = True
                if empty_a or empty_b:
                    for x, p, empty, other_empty in ((a, pa, empty_a, empty_b), (b, pb, empty_b, empty_a)):
                        if empty:
                            lineup[x][k] = 0
                            out_of_order[x] = True
                        elif other_empty:
                            blocks[p].append("0000 - +")
                            points[p] += 1
                            gp[x] += 1
                    continue
                if rng.random() < p_forfeit:
                    ra, rb = rng.choice([("+", "-"), ("-", "+"), ("-", "-")])
                else:
                    v = rng.random()
                    ra, rb = ("=", "=") if v < p_draw else ("1", "0") if v < (1 + p_draw) / 2 else ("0", "1")
                ca, cb = ("w", "b") if colours[k] == "W" else ("b", "w")
                blocks[pa].append(f"{pb:>4} {ca} {ra}")
                blocks[pb].append(f"{pa:>4} {cb} {rb}")
                for x, p, res in ((a, pa, ra), (b, pb, rb)):
                    points[p] += POINTS[res]
                    gp[x] += POINTS[res]
            for x, other in ((a, b), (b, a)):
                for m in members[x]:
                    if m not in lineup[x]:
                        blocks[m].append("0000 - -")
                if out_of_order[x]:
                    records.append(f"300 {r:>3} {x:>3} {other:>3} " + " ".join(f"{m:>4}" for m in lineup[x]))
                game_points[x] += gp[x]
                score[x] += won if gp[x] > gp[other] else drawn if gp[x] == gp[other] else lost
        for x in resting + ([bye] if bye else []):
            for m in members[x]:
                blocks[m].append("0000 - -")
        if bye:
            had_pab.add(bye)
            pabs[r - 1] = bye
            score[bye] += pab_mp
            game_points[bye] += pab_gp
    if any(pabs):
        records.append(f"320 {number(pab_mp):>4} {number(pab_gp):>4} " + " ".join(f"{x or '':>3}" for x in pabs))
    if rng.random() < 0.15:
        for _ in range(rng.randint(1, 2)):
            mp = -rng.choice([Fraction(1), Fraction(2), Fraction(0)])
            gp = -rng.choice([Fraction(0), Fraction(1), Fraction(1, 2), Fraction(2)])
            when = rng.choice([0, rng.randint(1, rounds), 999])
            records.append(f"299    {number(mp):>4}  {number(gp):>4}  {when:>3} {rng.randint(1, n):>4}")
    dates = [start + timedelta(days=i) for i in range(rounds)]
    code = "FIDE_TEAM_ROUNDROBIN" if rr else rng.choice(SWISS_CODES)
    lines = [f"012 Generated team event {seed}", "022 Paris", "032 FRA", f"042 {start:%Y/%m/%d}",
             f"052 {dates[-1]:%Y/%m/%d}", f"062 {len(ratings)}", f"072 {len(ratings)}", f"082 {n}",
             "092 " + ("Team Round Robin" if rr else "Team Swiss"), "102 Arbiter, Anne",
             "132" + " " * 88 + "  ".join(f"{d:%y/%m/%d}" for d in dates), f"142 {rounds}", f"192 {code}",
             f"352 {colours}", f"362 TW{number(won):>4}   TD{number(drawn):>4}   TL{number(lost):>4}"]
    lines += [player_line(m, f"Player {m:04d}", rating=str(ratings[m]), points=number(points[m]),
                          rounds=tuple(blocks[m])) for m in ratings]
    for x, team in members.items():
        strength = sum(ratings[m] for m in team[:boards]) // boards
        lines.append(f"310 {x:>3} {'Team ' + str(x):<32} {'T' + str(x):<5} {strength:>6} {number(score[x]):>6} "
                     f"{number(game_points[x]):>6} {'':>3}  " + " ".join(f"{m:>4}" for m in team))
    return "\n".join(lines + records) + "\n"


def small_team_event(teams: int, boards: int, rounds: list[list[tuple[int, int, str]]], *,
                     start: str = "2024/05/01", kind: str = "Team Round Robin",
                     code: str = "FIDE_TEAM_ROUNDROBIN") -> bytes:
    """A hand-made team event: team x has players (x-1)*boards+1 … x*boards on boards 1, 2 …;
    ``rounds[r]`` holds the matches (White team, Black team, one result letter per board from the
    White team's side: ``1 = 0 + -`` and ``d`` a double forfeit, or ``+-``/``-+`` for a match
    forfeited as a whole, 330). Boards alternate colours as 352 ``WBWB…`` says; match points
    2/1/0 (362)."""
    other = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+", "d": "-"}
    blocks: dict[int, list[str]] = {m: [] for m in range(1, teams * boards + 1)}
    records = []
    for r, matches in enumerate(rounds, 1):
        for white, black, results in matches:
            team_w = range((white - 1) * boards + 1, white * boards + 1)
            team_b = range((black - 1) * boards + 1, black * boards + 1)
            if results in ("+-", "-+"):
                records.append(f"330 {results} {r:>3} {white:>3} {black:>3}")
                for m in team_w:
                    blocks[m].append(f"0000 - {results[0]}")
                for m in team_b:
                    blocks[m].append(f"0000 - {results[1]}")
                continue
            for k, (a, b, res) in enumerate(zip(team_w, team_b, results, strict=True)):
                ca, cb = ("w", "b") if k % 2 == 0 else ("b", "w")
                blocks[a].append(f"{b:>4} {ca} {'-' if res == 'd' else res}")
                blocks[b].append(f"{a:>4} {cb} {other[res]}")
    lines = ["012 Hand-made team event", "022 Paris", "032 FRA", f"042 {start}", f"052 {start}",
             f"092 {kind}", f"142 {len(rounds)}", f"192 {code}", "352 " + "".join("WB"[k % 2] for k in range(boards)),
             "362 TW 2.0   TD 1.0   TL 0.0"]
    for m, games in blocks.items():
        won = sum(POINTS[g[-1]] for g in games)
        lines.append(player_line(m, f"Player {m:04d}", rating="2000", points=number(won), rounds=tuple(games)))
    for x in range(1, teams + 1):
        lines.append(f"310 {x:>3} {'Team ' + str(x):<32} {'T' + str(x):<5} {'':>6} {'':>6} {'':>6} {'':>3}  "
                     + " ".join(f"{m:>4}" for m in range((x - 1) * boards + 1, x * boards + 1)))
    return ("\n".join(lines + records) + "\n").encode("utf-8")
