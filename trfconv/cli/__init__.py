"""The ``trfconv`` command: thin over the library (parse options, call, print). One line per
command below; each command lives in the module named after what it is about."""

from __future__ import annotations

import gc

import typer

from . import files, lists, rating, standings

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Read, check and convert chess tournament files (FIDE TRF16/TRF-2026, JSON).")
app.command()(files.info)
app.command()(files.check)
app.command()(files.convert)
app.command()(rating.validate)
app.command()(rating.report)
app.command()(standings.standings)
app.command()(files.formats)
app.add_typer(lists.app, name="list")
app.command("fill")(lists.fill_command)


def main() -> None:
    """Run one command (the console script). The cycle collector is paused meanwhile: the model
    holds no reference cycles, and each collection would walk the whole tournament (tens of
    milliseconds for a 10,000-player file). What is left is frozen, so that the interpreter's
    final collection at exit does not walk it either."""
    gc.disable()
    try:
        app()
    finally:
        gc.freeze()
        gc.enable()
