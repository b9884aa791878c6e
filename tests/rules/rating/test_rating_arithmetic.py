"""Rating arithmetic against FIDE's published numbers and the seed's examples.

Sources (docs/rating-regulations.md §3): FIDE's per-player calculation pages F-P01..F-P05 and the
newcomer F-N01 (recorded by zugzwang-foundation/Chess-ELO-Rating,
tests/fixtures/fide_calculator/published_calculations.json), FIDE's online calculator cases F-C..
(the "current rules" column), the June 2017 FIDE calculation [CE-TEST], and the seeds 000
(performance) and 002 (B.02 2005: 10.3 and the 10.54 round robin).
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction as F

import pytest

from trfconv.dates import PartialDate
from trfconv.rules.editions import edition
from trfconv.rules.rating.change import performance, rating_change
from trfconv.rules.rating.initial import initial_2005, initial_2024
from trfconv.rules.rating.k import K_FILE, KChoice, games_cap, infer_k
from trfconv.rules.rating.rounding import half_away_from_zero, half_up
from trfconv.rules.rating.roundrobin2005 import competition_average, provisional_ratings
from trfconv.rules.rating.rules import rules_of

R2024 = rules_of(edition("b02-2024"))
R2005 = rules_of(edition("b02-2005"))
H = F(1, 2)
NOV_2025 = date(2025, 11, 7)


def test_rounding_rules():
    assert [half_away_from_zero(F(x)) for x in ("-2.5", "2.5", "-2.49", "92.48", "-0.2")] == [-3, 3, -2, 92, 0]
    assert [half_up(F(x)) for x in ("2410.5", "2385.5", "-2.5", "2103")] == [2411, 2386, -2, 2103]


def test_f_p01_2650_player_is_not_capped_and_minus_2_50_rounds_to_minus_3():
    c = rating_change(2813, 10, [(1787, 1), (2025, 1), (2310, 1), (2400, 1), (2505, H)], R2024, NOV_2025)
    assert [g.expected for g in c.games] == [100, 100, 96, 93, 86]
    assert [g.delta for g in c.games] == [0, 0, F("0.04"), F("0.07"), F("-0.36")]
    assert not any(g.capped for g in c.games)
    assert (c.average, c.score, c.n, c.delta, c.exact, c.rounded) == (2205, F("4.5"), 5, F("-0.25"), F("-2.5"), -3)


def test_f_p01_before_october_2025_the_same_player_is_capped():
    c = rating_change(2813, 10, [(2400, 1)], R2024, date(2025, 9, 30))
    assert (c.games[0].used_rating, c.games[0].expected) == (2413, 92)


def test_f_p02_the_opponent_below_2650_sees_the_cap():
    # event 442869 (Ro 2395, October list), 435715 and 441774 (Ro 2400); "*" = capped
    # the page gives the capped value only (1995 *); any rating below 1995 stands for it here
    e1 = rating_change(2395, 10, [(1980, 1), (2205, H), (2325, 0), (1900, 1), (1700, 1)], R2024, date(2025, 10, 31))
    assert [(g.used_rating, g.capped) for g in e1.games] == [
        (1995, True), (2205, False), (2325, False), (1995, True), (1995, True)]
    assert (e1.average, e1.delta, e1.exact, e1.rounded) == (2103, F("-0.61"), F("-6.1"), -6)
    # the 2813 player of F-P01 is shown to the 2400 player as "2800 *": D = -400, PD .08
    e2 = rating_change(2400, 10, [(1900, 1), (1600, 1), (2121, 1), (2813, 0), (2084, 1)], R2024, NOV_2025)
    assert [g.used_rating for g in e2.games] == [2000, 2000, 2121, 2800, 2084]
    assert e2.games[3].capped and e2.games[3].delta == F("-0.08")
    assert (e2.average, e2.delta, e2.exact, e2.rounded) == (2201, F("0.37"), F("3.7"), 4)
    e3 = rating_change(2400, 10, [(1990, 1), (1800, 1), (2230, 1), (2505, 1), (2155, H)], R2024, date(2025, 11, 21))
    assert (e3.average, e3.delta, e3.exact, e3.rounded) == (2178, F("0.78"), F("7.8"), 8)
    # FIDE's list went 2400 -> 2406: each tournament rounded (-6 + 4 + 8); once per period gives 5
    assert e1.rounded + e2.rounded + e3.rounded == 6
    assert half_away_from_zero(e1.exact + e2.exact + e3.exact) == 5


def test_f_p03_three_events():
    # "*" values are capped; the opponents' real ratings are below them (not given by FIDE's page)
    e1 = rating_change(2499, 10, [(2000, 1), (2322, 1), (2422, 1), (2325, H), (2255, H)], R2024, date(2025, 10, 31))
    e2 = rating_change(2505, 10, [(2000, 1), (2050, 1), (2237, H), (2134, 1), (2813, H)], R2024, NOV_2025)
    e3 = rating_change(2505, 10, [(2000, 1), (2100, 1), (1900, 1), (2400, 0), (2118, 1)], R2024, date(2025, 11, 21))
    assert [(e.average, e.delta, e.exact) for e in (e1, e2, e3)] == [
        (2285, F("0.21"), F("2.1")), (2279, F("0.29"), F("2.9")), (2167, F("-0.31"), F("-3.1"))]
    assert e2.games[4].used_rating == 2813 and e2.games[4].delta == F("0.36")  # 308 points: no cap
    assert e1.rounded + e2.rounded + e3.rounded == 2  # list 2505 -> 2507


def test_f_p04_k_20():
    c = rating_change(2053, 20, [(1675, 1), (2310, 0), (1600, 1), (1884, 1), (2218, 0)], R2024, NOV_2025)
    assert [g.delta for g in c.games] == [F("0.09"), F("-0.18"), F("0.08"), F("0.28"), F("-0.28")]
    assert c.games[2].used_rating == 1653 and c.games[2].capped
    assert (c.average, c.delta, c.exact, c.rounded, c.new_rating) == (1948, F("-0.01"), F("-0.2"), 0, 2053)


F_P05 = [  # five events of period 2026-10, Ro 2054: (opponent rating used, score); capped ones marked
    [(2406, 0), (1908, 1), (2220, 1), (2216, 0), (2204, H), (2189, 1), (2223, 0), (2221, H)],
    [(2350, 0), (1928, 0), (2085, 1), (1993, 1), (1931, 1), (2055, H), (2454, H), (1861, 1)],
    [(2217, 1), (1743, 1), (1947, 1), (2266, H), (2189, H), (2186, 1)],
    [(1654, 1), (2283, 0), (1822, 1), (2251, 0), (1884, 1), (2215, H), (2210, H), (1872, 1)],
    [(1654, 1), (2247, 1), (2308, 0), (2168, 0), (1810, 0), (1747, 1), (1852, 1), (1875, H), (1654, 1)],
]


def test_f_p05_k_times_n_at_most_700():
    games = [g for event in F_P05 for g in event]
    assert len(games) == 39
    k = games_cap(KChoice(20, K_FILE), len(games), R2024)
    assert (k.k, k.before_cap) == (17, 20)
    events = [rating_change(2054, k.k, e, R2024, date(2026, 9, 1)) for e in F_P05]
    assert [e.exact for e in events] == [F("24.48"), F("19.38"), F("39.78"), F("13.43"), F("-4.59")]
    assert [e.average for e in events] == [2198, 2082, 2091, 2024, 1924]
    period = rating_change(2054, k.k, games, R2024, date(2026, 9, 1))
    assert (period.exact, period.rounded, period.new_rating) == (F("92.48"), 92, 2146)


@pytest.mark.parametrize("rules, rating, birth, year, k", [
    (R2024, 2813, PartialDate(1987), 2025, 10), (R2024, 2053, PartialDate(1998), 2025, 20),
    (R2024, 2250, PartialDate(2007, 5), 2025, 40),  # junior: 18th birthday in 2025, under 2300
    (R2024, 2250, PartialDate(2006), 2025, 20),  # 19th birthday in 2025
    (R2024, 2350, PartialDate(2010), 2025, 20),  # junior but not under 2300
    (R2024, 1500, None, 2025, 20), (R2005, 2400, None, 2005, 10), (R2005, 2399, PartialDate(1995), 2005, 15),
])
def test_k_inferred_from_the_rules(rules, rating, birth, year, k):
    choice = infer_k(rating, rules, birth=birth, year=year)
    assert (choice.k, choice.source, choice.inferred) == (k, "the rules", True)
    assert choice.assumptions  # every inference says what it assumed


def test_k_inference_says_what_it_assumed():
    note = infer_k(1500, R2024, birth=None, year=2025).note
    assert "birth year unknown" in note and "assumed at least 30" in note


def test_games_cap_is_not_in_2005():
    assert games_cap(KChoice(25, K_FILE), 39, R2005).k == 25


def test_june_2017_fide_calculation():
    c = rating_change(1922, 40, [(1798, 1), (1801, 0), (1897, 1)], R2024)
    assert [g.expected for g in c.games] == [67, 66, 53]
    assert [c.k * g.delta for g in c.games] == [F("13.2"), F("-26.4"), F("18.8")]
    assert (c.average, c.score, c.n, c.delta, c.exact, c.rounded) == (1832, 2, 3, F("0.14"), F("5.6"), 6)


@pytest.mark.parametrize("case, own, opp, score, k, change", [
    ("F-C01", 2000, 2000, 1, 10, "5"), ("F-C03", 2004, 2000, 1, 10, "4.9"), ("F-C05", 2011, 2000, 1, 10, "4.8"),
    ("F-C06", 2206, 2000, 1, 10, "2.4"), ("F-C07", 2207, 2000, 1, 10, "2.3"), ("F-C08", 2391, 2000, 1, 10, "0.9"),
    ("F-C09", 2392, 2000, 1, 10, "0.8"), ("F-C11", 2000, 2004, 0, 10, "-4.9"), ("F-C12", 1656, 2000, 0, 10, "-1.2"),
    ("F-C13", 1655, 2000, 0, 10, "-1.1"), ("F-C14", 2600, 2100, 1, 10, "0.8"), ("F-C16", 2650, 2150, 1, 10, "0.4"),
    ("F-C17", 2700, 2200, 1, 10, "0.4"), ("F-C18", 2200, 2700, 0, 20, "-1.6"), ("F-C20", 2700, 1964, 1, 10, "0"),
    ("F-C21", 2700, 1900, 0, 10, "-10"), ("F-C22", 1500, 2000, H, 20, "8.4"), ("F-C23", 2092, 2000, 1, 15, "5.55"),
    ("F-C24", 2000, 2092, H, 30, "3.9"),
])
def test_fide_calculator_single_games_under_current_rules(case, own, opp, score, k, change):
    assert rating_change(own, k, [(opp, F(score))], R2024, NOV_2025).exact == F(change), case


def test_f_n01_newcomer_1922():
    ini = initial_2024([1902, 1877, 1884, 2012, 1832], F(3), R2024)
    assert ini.average == F(13107, 7)  # Ra 1872.43
    assert (ini.p, ini.dp, ini.value, ini.published) == (57, 50, 1922, True)
    # FIDE's page prints Rc 1901 (the real opponents only)
    assert half_up(F(1902 + 1877 + 1884 + 2012 + 1832, 5)) == 1901


@pytest.mark.parametrize("case, rc, w, n, value, published", [
    ("F-I01", 2000, 3, 5, 1993, True), ("F-I02", 2000, 2, 5, 1893, True), ("F-I03", 2000, F("2.5"), 5, 1943, True),
    ("F-I04", 2100, 5, 5, 2200, True), ("F-I05", 2400, 3, 5, 2200, True), ("F-I06", 1600, 1, 5, 1499, True),
    ("F-I07", 1657, 3, 5, 1748, True), ("F-I08", 1800, 4, 7, 1843, True),
])
def test_fide_calculator_initial_ratings_under_current_rules(case, rc, w, n, value, published):
    ini = initial_2024([rc] * n, F(w), R2024)
    assert (ini.value, ini.published) == (value, published), case


def test_initial_2024_publication_conditions():
    assert initial_2024([1500] * 4, F(2), R2024).published is False  # 4 games < 5
    low = initial_2024([1300] * 5, F(1), R2024)
    assert low.value < 1400 and not low.published and "below 1400" in low.why


def test_seed_performance_1850_is_1973():
    # seed 000, "La Performance": rounds 5, 7, 9 were forfeits and do not count; 1490 counts as 1500
    c = rating_change(1850, 15, [(1490, 1), (1700, 1), (1800, 1), (2000, 1), (1800, H), (1880, 0)], R2005)
    assert c.games[0].used_rating == 1500 and c.average_exact == 1780
    assert performance(c.average_exact, c.score, c.n, R2005) == 1973


def test_initial_2005_swiss():
    above = initial_2005(F(2000), F(3), 5, R2005)  # 10.23: one half point above 50 %
    assert (above.exact, above.value) == (F("2012.5"), 2013)
    assert initial_2005(F(2000), F(2), 5, R2005).exact == 1928  # 10.24: p .40 -> dp -72
    assert initial_2005(F(2000), F(2), 5, R2005, round_robin=True).exact == 1940  # 10.25: -72 x 5/6
    nothing = initial_2005(F(2000), H, 5, R2005)
    assert nothing.value is None and "10.21" in nothing.why
    assert not initial_2005(F(1400), F(2), 5, R2005).published  # 1328 < 1401 (10.31)
    assert not initial_2005(F(2000), F(3), 5, R2005).published  # 5 games < 9 (9.14)


SEED_RR = {  # seed 002, 10.54: player -> (rating or None, score out of 9)
    "A": (2600, 8), "B": (2500, 7), "C": (None, 7), "D": (2400, 6), "E": (None, 6),
    "F": (2150, 4), "G": (2300, 3), "H": (None, 2), "I": (None, 1), "J": (2300, 1),
}


def test_seed_2005_round_robin_example():
    names = list(SEED_RR)
    rated = [(r, F(s), 9) for r, s in SEED_RR.values() if r]
    avg = competition_average(rated, 9, R2005)
    assert (avg.rar, avg.dpa, avg.ra) == (2375, F("29.5"), 2348)
    ratings = {i: r for i, (r, _) in enumerate(SEED_RR.values()) if r}
    unrated = {i: (F(s), [j for j in range(10) if j != i]) for i, (r, s) in enumerate(SEED_RR.values()) if not r}
    result = provisional_ratings(avg, unrated, ratings, R2005)
    first = {names[u]: p.first.value for u, p in result.items()}
    assert first == {"C": 2411, "E": 2386, "H": 2150, "I": 2032}
    assert {names[u]: p.rc_new for u, p in result.items()} == {"C": 2351, "E": 2348, "H": 2337, "I": 2305}
    assert {names[u]: p.final.value for u, p in result.items()} == {"C": 2414, "E": 2386, "H": 2139, "I": 1989}


def test_k_choice_pickled_as_its_values():
    import pickle

    k = KChoice(40, K_FILE, ("at least 30 games assumed",), 20)
    assert pickle.loads(pickle.dumps(k)) == k and k.__reduce__() == (KChoice, (40, K_FILE, ("at least 30 games assumed",), 20))
