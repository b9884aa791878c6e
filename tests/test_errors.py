"""One exception hierarchy: everything trfconv raises on purpose is a ``TrfconvError``, of one of
its few kinds (docs/library.md), and survives the trip from a worker process."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
from pathlib import Path

import pytest
from paths import ROOT

import trfconv
from trfconv.diagnostics import diagnostic
from trfconv.errors import InputError, OutputError, TrfconvError, UsageError
from trfconv.io.ratinglist.layouts import HeaderError
from trfconv.io.ratinglist.parse import ListError
from trfconv.io.ratinglist.store import StoreError
from trfconv.io.swissmanager.layout import LayoutError
from trfconv.rules.editions import UnknownEdition, edition
from trfconv.rules.tiebreaks.after_round import NoSuchRound
from trfconv.web.engine import Refusal


def _exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class the package defines, by its module and name."""
    found = {}
    for info in pkgutil.walk_packages(trfconv.__path__, "trfconv."):
        if info.name == "trfconv.__main__":  # runs the command line
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == info.name:
                found[f"{info.name}.{name}"] = value
    return found


def test_every_exception_trfconv_defines_is_a_trfconv_error():
    classes = _exception_classes()
    assert "trfconv.errors.UsageError" in classes and "trfconv.web.engine.Refusal" in classes
    assert [name for name, cls in classes.items() if not issubclass(cls, TrfconvError)] == []


def test_the_kinds_of_error():
    assert issubclass(UnknownEdition, UsageError) and issubclass(NoSuchRound, UsageError)
    # callers that catch ValueError for a name or value refused keep catching them
    assert issubclass(UsageError, ValueError)
    assert not issubclass(InputError, ValueError) and not issubclass(OutputError, ValueError)
    for cls in (LayoutError, HeaderError, ListError):
        assert issubclass(cls, InputError)
    assert issubclass(StoreError, TrfconvError) and not issubclass(StoreError, (InputError, OutputError))
    with pytest.raises(UsageError, match="unknown rules edition 'b02-1999'; known: b02-2005"):
        edition("b02-1999")


def test_an_error_is_one_sentence_or_the_diagnostics_that_say_why():
    assert str(InputError("is a folder, not a file")) == "is a folder, not a file"
    assert InputError("is a folder, not a file").diagnostics == ()
    warning, error = diagnostic("TRF005", "a warning"), diagnostic("IO001", "cannot read: gone", path="x.trf")
    err = TrfconvError([warning, error])
    assert err.diagnostics == (warning, error) and str(err) == str(error) == "x.trf: error IO001: cannot read: gone"
    assert str(TrfconvError([warning])) == "trfconv error"


@pytest.mark.parametrize("err", [
    TrfconvError([diagnostic("IO001", "cannot read: gone", path="x.trf")]),
    InputError("is a folder, not a file"),
    OutputError("permission denied"),
    UnknownEdition("unknown rules edition 'x'"),
    NoSuchRound("the file holds 5 rounds"),
    LayoutError("the section directory is missing", 1234),
    HeaderError("no rating column", 7),
    ListError(diagnostic("LST030", "no header line", path="list.txt", line=1)),
    StoreError(Path("lists.sqlite"), "permission denied"),
    Refusal("no file dropped yet", 400),
], ids=lambda err: type(err).__name__)
def test_an_error_raised_in_a_worker_process_is_raised_again_as_it_was(err):
    """``read_many`` and ``period`` with ``jobs`` raise again in the parent what a worker raised:
    the error is pickled, whatever its class's parameters (StoreError's path and why)."""
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is type(err) and str(again) == str(err) and again.args == err.args
    assert vars(again) == vars(err)


def test_a_database_failing_during_a_period_is_said_as_every_command_says_it(cli, monkeypatch):
    """The period's own refusal (a TrfconvError of diagnostics) and the rating lists database
    met unreadable in the middle (a StoreError, also a TrfconvError) stay two things: the second
    is one line naming the database, exit 2, as in every command."""
    def failing(*args, **kwargs):
        raise StoreError(Path("lists.sqlite"), "the database is locked by another program")
    monkeypatch.setattr("trfconv.jobs.period.rating_period", failing)
    result = cli("period", ROOT / "fixtures" / "examples" / "example-open-2026.trf")
    assert (result.exit_code, result.stderr) == (2, "trfconv: lists.sqlite: the database is locked by another program\n")


def test_the_page_does_not_take_a_failing_database_for_the_period_s_refusal(monkeypatch):
    """On the page too: a StoreError during the period is not worded as the period's refusal (an
    empty sentence, as it has no diagnostics) but reaches the page's last resort, as before."""
    from trfconv.web import engine

    def failing(*args, **kwargs):
        raise StoreError(Path("lists.sqlite"), "the database is locked by another program")
    monkeypatch.setattr("trfconv.jobs.period.rating_period", failing)
    t = trfconv.read(ROOT / "fixtures" / "examples" / "example-open-2026.trf")
    upload = engine.Upload("k", "example.trf", t, engine.validated(t))
    with pytest.raises(StoreError):
        engine.period([upload])
