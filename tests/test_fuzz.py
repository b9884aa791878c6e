"""The fuzz target (``tests/fuzzing.py``) run for a bounded number of inputs, so that the suite
stays fast; ``python tests/bench/fuzz.py --examples 100000`` runs it long."""

from __future__ import annotations

from fuzzing import exercise, hostile_inputs
from hypothesis import HealthCheck, given, settings


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_inputs())
def test_hostile_input_is_read_and_written_without_exception(data):
    exercise(data)
