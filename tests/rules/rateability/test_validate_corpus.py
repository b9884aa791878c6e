"""The validator on the real files: every corpus TRF is judged under both editions without a
crash, and the verdicts of seven of them are asserted with their reasons."""

from __future__ import annotations

import json

import paths
import pytest

from trfconv import read, validate
from trfconv.documents.verdict import as_dict
from trfconv.rules.rateability import Decision, Gets

FIXTURES = paths.FIXTURES / "trf"
FILES = sorted(p for p in FIXTURES.iterdir() if p.suffix != ".md")


def load(name):
    return read(FIXTURES / name)


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("rules", ["b02-2005", "b02-2024"])
def test_every_corpus_file_gets_a_verdict(path, rules):
    t = read(path)
    v = validate(t, rules)
    assert v.edition.name == rules
    assert {p.start_number for p in v.players} == {p.start_number for p in t.players}
    for p in v.players:  # a player gets something exactly when a game counts for him
        assert (p.gets is Gets.NOTHING) == (not p.counted_games)
    json.dumps(as_dict(v, t))


def codes(v):
    return [(f.code, f.article) for f in v.findings]


def test_fide_example1_2005():
    """FIDE's own TRF example, started 2005-07-28: judged under the seed edition by default."""
    v = validate(load("pypi__fidereport__example1.trf"))
    assert v.edition.name == "b02-2005" and v.minutes == 180  # 40/120, 60
    assert v.decision is Decision.WITH_EXCLUSIONS
    assert [(c, len(f.players)) for (c, _), f in zip(codes(v), v.findings, strict=True)] == [("VAL032", 58), ("VAL033", 26)]
    outcomes = [p.gets for p in v.players]
    assert (outcomes.count(Gets.CHANGE), outcomes.count(Gets.INITIAL)) == (144, 51)
    current = validate(load("pypi__fidereport__example1.trf"), "b02-2024")
    assert codes(current) == [("VAL033", "8.2.1")] and len(current.findings[0].players) == 58
    assert [p.gets for p in current.players].count(Gets.INITIAL) == 77


def test_bunratty_masters_2011_rate_of_play():
    """90 min + 10 s is 100 min for 60 moves; the top seed is rated 2658."""
    t = load("sanichi__icu_tournament__bunratty_masters_2011.trf")
    old = validate(t)
    assert old.decision is Decision.NOT_RATEABLE and codes(old) == [("VAL010", "1.1")]
    assert "100 min for 60 moves; the highest rating is 2658 (≥ 2200), so 120 min" in old.findings[0].message
    new = validate(t, "b02-2024")
    assert new.decision is Decision.WITH_EXCLUSIONS and codes(new) == [("VAL011", "1.1")]
    assert "37 game(s) not rated" in new.findings[0].message
    assert sum(len(p.counted_games) for p in new.players) == 2 * 60


def test_irish_intermediate_2011_unrated_players():
    v = validate(load("sanichi__icu_tournament__irish_intermediate_champs_2011.trf"))
    assert v.decision is Decision.WITH_EXCLUSIONS
    assert [(f.code, f.article, f.players) for f in v.findings] == [
        ("VAL032", "6.42", (18, 21)), ("VAL033", "6.1", (16,))]
    assert [d.code for d in v.diagnostics] == ["VAL005", "VAL006"]
    assert "16 (1390), 18 (1212), 20 (951), 21 (471)" in v.diagnostics[1].message


def test_armstrong_cup_lasts_189_days():
    v = validate(load("sanichi__icu_tournament__armstrong_2012_with_bom.trf"))
    assert v.decision is Decision.NOT_RATEABLE
    assert [f.message for f in v.findings] == ["the event lasts 189 days (2011-09-26 to 2012-04-01) > 90 (art. 4.1)"]


def test_three_player_round_robin_without_rated_players():
    v = validate(load("sanichi__icu_tournament__latin-1.trf"))
    assert v.decision is Decision.NOT_RATEABLE and v.event_kind == "round robin (inferred from the crosstable)"
    assert codes(v)[:2] == [("VAL030", "6.3"), ("VAL030", "6.31")]


def test_no_rated_player():
    v = validate(load("sanichi__icu_tournament__valid.trf"))
    assert codes(v) == [("VAL040", "5.1")]
    assert v.findings[0].message == "no game of the event can be rated (0 of 12 players rated)"
    assert v.minutes == 120  # "120 minutes per player per game"


def test_grandmommys_cup_trf26_team_event():
    v = validate(load("echecsjs__trf__grandmommyscup.trf"))
    assert v.edition.name == "b02-2024" and v.decision is Decision.RATEABLE
    assert v.minutes == 180 and [d.code for d in v.diagnostics] == ["VAL008"]  # only the edition's note
    assert v.event_kind.startswith("team Swiss")
