"""The ``trfconv`` command: one face of the jobs (:mod:`trfconv.jobs`): parse the options into a
job's parameters, run it, word its result (the actions as options, :mod:`.hints`). One line per
command in :data:`COMMANDS`; each command lives in the module named after what it is about, and
that module is imported only when its command runs (or help lists it): ``check`` does not pay for
loading the title norms or the web page.

Every failure is one line on standard error, ``trfconv: <what>: <why>``: exit 2 for a usage
error or a file that cannot be read, 130 when interrupted, 3 for an internal error (a bug, never
a traceback). A terminal that cannot show a character gets a replacement character instead."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator, Mapping

import typer
import typer.main
from typer._click.exceptions import (
    NoArgsIsHelpError,  # typer vendors click (held at 0.28, pyproject)
)
from typer.exceptions import TyperException
from typer.models import CommandInfo, TyperInfo

from .. import __version__
from ..actions import speaking
from ..encoding import SHOWN_ERRORS
from ..io.files import MAX_INPUT_BYTES
from ..named import named
from ..messages import Message, UnknownLanguage, chosen, msg
from .common import PlainUsage, ended, face, fail, input_limit, list_month_argument
from .hints import TERMINAL
from .wording import Group, chosen_in, frame_in, usage_error, worded

#: The largest ``--max-size`` (4 GiB): an input is read into memory whole.
MAX_SIZE_OPTION = 1 << 32

EXIT_USAGE = 2

#: Every command, in the order help lists them: name -> its function (or, for a group of
#: commands, its ``typer.Typer``) named ``"module:name"`` (:mod:`trfconv.named`), and its click
#: command class (named too when its module defines it).
COMMANDS = {
    "info": ("trfconv.cli.files:info", PlainUsage),
    "check": ("trfconv.cli.files:check", PlainUsage),
    "convert": ("trfconv.cli.files:convert", PlainUsage),
    "validate": ("trfconv.cli.rating:validate", PlainUsage),
    "report": ("trfconv.cli.rating:report", PlainUsage),
    "standings": ("trfconv.cli.standings:standings", "trfconv.cli.standings:Command"),
    "playoff": ("trfconv.cli.playoff:playoff", PlainUsage),
    "pairings": ("trfconv.cli.pairings:pairings", PlainUsage),
    "formats": ("trfconv.cli.files:formats", PlainUsage),
    "list": ("trfconv.cli.lists:app", None),
    "fill": ("trfconv.cli.lists:fill_command", PlainUsage),
    "period": ("trfconv.cli.period:period", PlainUsage),
    "norms": ("trfconv.cli.norms:norms", PlainUsage),
    "serve": ("trfconv.cli.serve:serve", PlainUsage),
    "explain": ("trfconv.cli.explain:explain", PlainUsage),
}


class LazyCommands(Mapping):
    """The group's commands by name, each built from its module the first time it is asked for
    (click asks only for the command it runs, help for all of them)."""

    def __init__(self, table: dict[str, tuple]) -> None:
        self._table = table
        self._built: dict = {}

    def __getitem__(self, name: str):
        if name not in self._built:
            function, cls = self._table[name]
            target = named(function)
            if isinstance(target, typer.Typer):
                built = typer.main.get_group_from_info(TyperInfo(target, name=name), pretty_exceptions_short=True,
                                                       suggest_commands=True, rich_markup_mode="markdown")
            else:
                cls = named(cls) if isinstance(cls, str) else cls
                built = typer.main.get_command_from_info(CommandInfo(name=name, callback=target, cls=cls),
                                                         pretty_exceptions_short=True, rich_markup_mode="markdown")
            self._built[name] = worded(built, face["lang"])
        return self._built[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


class Command(Group):
    """The command group, with the one error style of the module docstring, whose commands are
    loaded when used (:class:`LazyCommands`)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.commands = LazyCommands(COMMANDS)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        for stream in (sys.stdout, sys.stderr):
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors=SHOWN_ERRORS)
        args = list_month_argument(list(sys.argv[1:] if args is None else args))
        face["lang"] = lang = chosen_in(args)
        frame_in(lang)
        worded(self, lang)
        try:
            with speaking(TERMINAL):
                code = super().main(args, prog_name or "trfconv", complete_var, standalone_mode=False, **extra)
            code = code if isinstance(code, int) else 0
        except NoArgsIsHelpError as err:
            typer.echo(err.ctx.get_help())
            code = 0
        except TyperException as err:  # a usage error: an unknown option, a bad value
            where = getattr(getattr(err, "ctx", None), "command_path", "trfconv").removeprefix("trfconv").strip()
            if isinstance(getattr(err, "message", None), Message):  # the command's own words, said
                err.message = face["lang"].say(err.message)
            why = _plain(usage_error(" ".join(err.format_message().split()), face["lang"]))
            what = where or face["lang"].say(msg("usage"))
            typer.echo(f"trfconv: {what}: " + face["lang"].say(msg("{why} (see {command} --help)", why=why,
                       command=" ".join(("trfconv", *where.split())))), err=True)
            code = getattr(err, "exit_code", EXIT_USAGE) or EXIT_USAGE
        except (KeyboardInterrupt, Exception) as err:  # noqa: BLE001 - interrupted, or a bug: one line
            code = ended(err)
        if standalone_mode:
            sys.exit(code)
        return code


def _plain(message: str) -> str:
    """Click's message on one line, first letter lowercased after our prefix."""
    text = " ".join(message.split())
    return text[:1].lower() + text[1:] if text[:2] != "No" else text


def _version(value: bool) -> None:
    if value:
        typer.echo(f"trfconv {__version__}")
        raise typer.Exit(0)


app = typer.Typer(
    name="trfconv", cls=Command, add_completion=False, no_args_is_help=True, rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Read, check and convert chess tournament files (FIDE TRF in every dialect, chess-results XML, CSV "
         "and .xlsx crosstables, Swiss-Manager, Swiss-Chess, Vega and PGN files, its own JSON), one or many at "
         "once, and do a rating officer's work on them: would FIDE rate the event, the FIDE rating report, the "
         "rating period, standings, tie-breaks and play-offs, FIDE rating lists. "
         "Errors are one line, `trfconv: <what>: <why>`; exit 0 ok, 1 problems found, 2 usage or unreadable "
         "input, 3 an internal error.")


@app.callback()
def root(version: bool = typer.Option(False, "--version", "-V", callback=_version, is_eager=True,
                                      help="Show the version and exit."),
         max_size: int = typer.Option(MAX_INPUT_BYTES, "--max-size", min=1, max=MAX_SIZE_OPTION, metavar="BYTES",
                                      help="Largest input file read, in bytes (before the command: "
                                           "trfconv --max-size 200000000 check big.trf)."),
         lang: str | None = typer.Option(None, "--lang", metavar="LANG",
                                         help="Language of messages, documents and help: {languages} (before the "
                                              "command: trfconv --lang fr report event.trf). Default: the locale's "
                                              "(LC_ALL, LC_MESSAGES, LANG) when there is a catalog for it, else "
                                              "English.")) -> None:
    """The options every command shares are its own; this answers --version and sets the input
    size limit and the language of the command run."""
    input_limit["max_bytes"] = max_size
    try:
        face["lang"] = chosen(lang)
        frame_in(face["lang"])
    except UnknownLanguage as err:
        raise fail("--lang", str(err), EXIT_USAGE) from None




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
