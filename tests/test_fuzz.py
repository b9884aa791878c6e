"""The fuzz target (``tests/helpers/fuzzing.py``) run for a bounded number of inputs, so that the suite
stays fast; ``python tests/bench/fuzz.py --examples 100000`` runs it long."""

from __future__ import annotations

import dataclasses

import pytest
from fuzzing import SEEDS, exercise, hostile_inputs
from hypothesis import HealthCheck, given, settings

import trfconv
from trfconv.diagnostics import Diagnostic


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_inputs())
def test_hostile_input_keeps_what_must_hold_whatever_the_bytes(data):
    exercise(data)  # asserts: registered codes, nothing unread unsaid, JSON lossless, TRF-2026 stable


def test_the_target_finds_a_diagnostic_no_one_registered(monkeypatch):
    """The target is no formality: an invented code fails it (as a lossy JSON form would)."""
    exercise(SEEDS["trf"])
    reads = trfconv.reads

    def with_invented_code(data, **kwargs):
        t = reads(data, **kwargs)
        invented = Diagnostic("ZZZ999", trfconv.Severity.INFO, "invented")
        return dataclasses.replace(t, source=dataclasses.replace(t.source, diagnostics=(invented,)))

    monkeypatch.setattr(trfconv, "reads", with_invented_code)
    with pytest.raises(AssertionError):
        exercise(SEEDS["trf"])
