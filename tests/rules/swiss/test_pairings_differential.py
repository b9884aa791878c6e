"""``trfconv pairings`` against FIDE TEC's reference Dutch engine (gacrux, test-only), over
tournaments it pairs round by round (``dutchbuild.py``): every round the same pairs and colours.
A sample here (slow); the full run of 1,000 tournaments is ``tests/bench/pairings_bench.py``."""

from __future__ import annotations

import pytest
from dutchbuild import generate, spec
from paths import FIXTURES

import trfconv
from trfconv.rules.swiss.check import RoundVerdict, check_pairings


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted((FIXTURES / "pairings").glob("dutch-*.trf")), ids=lambda p: p.name)
def test_the_reference_files_are_what_gacrux_pairs(path):
    """The fixtures the fast tests read are made again, byte for byte."""
    seed = int(path.stem.split("-")[1])
    _, text = generate(seed, 14) if seed >= 1000 else generate(seed)
    assert text == path.read_text("utf-8")


#: Seeds of the sample: up to 60 players, so that gacrux pairs them in seconds.
SAMPLE = [seed for seed in range(3000, 3400) if spec(seed).players <= 60][:16]


@pytest.mark.slow
@pytest.mark.parametrize("seed", SAMPLE)
def test_every_round_as_gacrux_pairs_it(seed):
    s, text = generate(seed)
    check = check_pairings(trfconv.reads(text.encode("utf-8")))
    different = [(r.round, r.verdict.value, r.difference or r.reasons or r.colours) for r in check.rounds
                 if r.verdict is not RoundVerdict.SAME]
    assert different == [], (seed, s)
    assert len(check.rounds) == s.rounds
