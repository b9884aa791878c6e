"""Issue 24, the hostile and broken input on the new surfaces: batch outputs, the rating lists'
XML fast path and database, special files, numeric options, file names. One test per example
of the issue, and where a class is named, a test over the class."""

from __future__ import annotations

import pytest
import typer
from typer._click import types as click_types

from trfconv.cli import app


def _options(command, path=()):
    """Every (command path, parameter) of the ``trfconv`` command tree."""
    for name, sub in (getattr(command, "commands", None) or {}).items():
        yield from _options(sub, (*path, name))
    for param in command.params:
        yield " ".join(path) or "trfconv", param


def test_every_numeric_option_of_every_command_is_bounded():
    """``playoff --armageddon-after 99999999999`` ran without end: every number an option takes
    has a least and a greatest value."""
    numeric = [(path, p) for path, p in _options(typer.main.get_command(app))
               if isinstance(p.type, (click_types.IntParamType, click_types.FloatParamType))]
    assert len(numeric) >= 11  # --jobs of five commands, --unrated, --after-round, --places, ...
    unbounded = [f"{path} --{p.name}" for path, p in numeric
                 if not isinstance(p.type, click_types._NumberRangeBase) or p.type.min is None or p.type.max is None]
    assert unbounded == []


@pytest.mark.parametrize("args", [
    ("playoff", "--players", "A,B", "--armageddon-after", "99999999999"),
    ("playoff", "--players", "A,B", "--places", "99999999999"),
    ("--max-size", "99999999999999", "formats"),
    ("standings", "x.trf", "--after-round", "1000"),
    ("check", "x.trf", "y.trf", "--jobs", "100000"),
])
def test_a_number_beyond_its_bound_is_one_line_and_exit_2(cli, args):
    result = cli(*args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "is not in the range" in result.stderr


def test_the_library_refuses_an_endless_sudden_death():
    from trfconv.rules.tiebreaks.playoff import MAX_SUDDEN_DEATH, Entrant, plan

    two = [Entrant(None, "A", 1), Entrant(None, "B", 2)]
    assert len(plan(two, seed="s", armageddon_after=MAX_SUDDEN_DEATH).stages[1].games) == MAX_SUDDEN_DEATH + 1
    with pytest.raises(ValueError, match="after 1 to 20 games"):
        plan(two, seed="s", armageddon_after=99999999999)
