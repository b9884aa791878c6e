"""Shared pytest fixtures: the command line run in-process (``cli``: the one runner of the tests)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from trfconv.cli import app


@pytest.fixture(scope="session")
def cli():
    """``cli("check", path, "--json")``: the ``trfconv`` command run in-process (typer's runner),
    arguments turned into text."""
    runner = CliRunner()

    def run(*args):
        return runner.invoke(app, [str(a) for a in args])
    return run
