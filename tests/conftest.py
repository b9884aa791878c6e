"""Shared pytest fixtures: the command line run in-process (``cli``: the one runner of the tests).

Hypothesis runs under the profile named by ``HYPOTHESIS_PROFILE``: ``dev`` (the default: few
examples, for the fast loop) or ``ci`` (``.ci/run``: many examples, the failing example printed
so that it can be reproduced). A test that sets its own ``max_examples`` keeps it in both."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from trfconv.cli import app
from trfconv.messages import from_environment

# The shared builders (tests/helpers/) are imported by their own name everywhere: a test module
# imports helpers, never another test module (tests/test_layout.py); a helper that is a script
# runs as ``python tests/helpers/NAME.py``, its folder then first on the path by itself.
sys.path.insert(0, str(Path(__file__).resolve().parent / "helpers"))

# The commands speak the locale's language when there is a catalog for it (trfconv --lang): the
# tests read English, whatever the locale of the machine they run on.
if not from_environment().english:
    os.environ["LC_ALL"] = "C.UTF-8"

settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def page_cli(monkeypatch, cli):
    """``cli`` speaking the page's voice (:mod:`trfconv.web.voice`) instead of the terminal's: its
    documents are then the page's, byte for byte (each face words the actions in its own terms)."""
    import trfconv.cli
    from trfconv.web.voice import PAGE

    monkeypatch.setattr(trfconv.cli, "TERMINAL", PAGE)
    return cli


@pytest.fixture(scope="session")
def cli():
    """``cli("check", path, "--json")``: the ``trfconv`` command run in-process (typer's runner),
    arguments turned into text."""
    runner = CliRunner()

    def run(*args):
        return runner.invoke(app, [str(a) for a in args])
    return run
