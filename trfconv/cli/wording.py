"""The command line's own words in the language of the command run: the help of every command
and option, the words typer puts around them (the panels' titles, ``[default: …]``, the usage
line, the metavariables) and the usage errors click writes, all said in the language chosen by
``trfconv --lang`` or the locale (docs/languages.md).

The help texts are written in English where the options are (``typer.Option(help="…")``, a
command's docstring); the catalogs' tool reads them from the command tree itself
(``tests/helpers/catalogs.py``), and :func:`worded` says each in the language when the command is
built, before click formats its help. A help text made of values (the languages there are) is
a message (``msg``). typer and click say their own words in English only (the vendored click
writes its errors as f-strings): the words of their help are set here for the language, and
each usage error is recognised by its English form (:data:`USAGE_ERRORS`) and said again."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping

import typer.rich_utils as rich_utils
from typer.core import TyperGroup
from typer._click import Command as ClickCommand
from typer._click import Parameter

from ..messages import ENGLISH, Language, Message, UnknownLanguage, available, chosen, msg, pmsg

#: The language the command run speaks (``trfconv --lang``, else the locale's; set before the
#: command is built, :func:`chosen_in`): its help, its messages and its documents are said in it.
face: dict[str, Language] = {"lang": ENGLISH}

#: The English of typer's help frame (``typer.rich_utils``'s constants) and what says it.
FRAME = {
    "ARGUMENTS_PANEL_TITLE": msg("Arguments"),
    "OPTIONS_PANEL_TITLE": msg("Options"),
    "COMMANDS_PANEL_TITLE": msg("Commands"),
    "DEFAULT_STRING": msg("[default: {{}}]"),
    "REQUIRED_LONG_STRING": msg("[required]"),
    "ENVVAR_STRING": msg("[env var: {{}}]"),
    "DEPRECATED_STRING": msg("(deprecated) "),
}
_ENGLISH_FRAME = {name: getattr(rich_utils, name) for name in FRAME}
#: The help of ``--help`` (click's words).
HELP_OPTION = msg("Show this message and exit.")
#: The usage line's first word.
USAGE = msg("Usage: ")
#: A group's usage after its name (click's ``subcommand_metavar``).
SUBCOMMAND = msg("COMMAND [ARGS]...")
#: The kinds of value typer names in angle brackets when an option or argument has no metavariable.
TYPE_NAMES = {"<path>": msg("<path>"), "<str>": msg("<str>"), "<int range>": msg("<int range>"),
              "<text>": pmsg("metavariable", "<text>"), "<integer>": msg("<integer>")}


def chosen_in(args: list[str], environ: Mapping[str, str] | None = None) -> Language:
    """The language of the command line ``args``: the global ``--lang`` (``--lang fr``,
    ``--lang=fr``, before the command's name), else the locale's. Read before click parses, so
    that ``trfconv --lang fr --help`` is in French (click answers ``--help`` before it reads
    ``--lang``); a language without a catalog is English here, refused by the root callback."""
    code = None
    words = iter(args)
    for arg in words:
        if arg == "--lang":
            code = next(words, None)
        elif arg.startswith("--lang="):
            code = arg.removeprefix("--lang=")
        elif arg == "--max-size":
            next(words, None)
        elif not arg.startswith("-"):
            break
    try:
        return chosen(code, environ)
    except UnknownLanguage:
        return ENGLISH


def said(text: str | None, lang: Language) -> str | None:
    """A help text in ``lang``: a message rendered, an English text looked up in the catalog."""
    if text is None or lang.english:
        return text
    return lang.say(text) if isinstance(text, Message) else lang.text(text)


def worded(command: ClickCommand, lang: Language) -> ClickCommand:
    """``command`` (and the commands of a group built whole, ``trfconv list``) with its help, its
    options' help and metavariables in ``lang``, and the languages there are named where a help
    says ``{languages}`` (typer keeps a help as a plain text: it cannot be a message)."""
    command.help = said(command.help, lang)
    command.short_help = said(command.short_help, lang)
    if not lang.english and getattr(command, "subcommand_metavar", None):
        command.subcommand_metavar = lang.say(SUBCOMMAND)  # type: ignore[attr-defined]
    for param in command.params:
        _word_param(param, lang)
    subcommands = getattr(command, "commands", None)
    if isinstance(subcommands, dict):
        for sub in subcommands.values():
            worded(sub, lang)
    return command


def _word_param(param: Parameter, lang: Language) -> None:
    text = said(getattr(param, "help", None), lang)
    param.help = text.replace("{languages}", ", ".join(available())) if text else text  # type: ignore[attr-defined]
    if lang.english:
        return
    shown = TYPE_NAMES.get(f"<{param.type.name}>")
    if param.param_type_name == "argument" and shown:  # typer shows an argument's type by its name
        param.type = copy.copy(param.type)
        param.type.name = lang.say(shown)[1:-1]
    if param.metavar is not None:
        param.metavar = said(param.metavar, lang)
    elif shown and param.param_type_name != "argument":
        param.metavar = lang.say(shown)


def frame_in(lang: Language) -> None:
    """Set typer's help frame in ``lang`` (it holds it as module constants, read when a help is
    formatted); English sets them back."""
    for name, message in FRAME.items():
        setattr(rich_utils, name, _ENGLISH_FRAME[name] if lang.english else lang.say(message))


class Worded:
    """A click command whose usage line and ``--help`` are said in the command's language (click
    writes ``Usage:`` and the help of ``--help`` in English whatever it is asked)."""

    def get_help_option(self, ctx):  # noqa: ANN001, ANN201 - click's signature
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = face["lang"].say(HELP_OPTION)
        return option

    def format_usage(self, ctx, formatter) -> None:  # noqa: ANN001 - click's signature
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=face["lang"].say(USAGE))


#: click's usage errors (as the vendored click writes them) and the message that says each; a
#: field named ``why`` is itself a usage error's text, said again.
USAGE_ERRORS: tuple[tuple[re.Pattern[str], Callable[..., Message]], ...] = tuple(
    (re.compile(pattern, re.DOTALL), make) for pattern, make in (
        (r"No such option: (?P<option>\S+)(?: \(Possible options: (?P<options>.*)\))?$",
         lambda option, options: msg("no such option: {option}", option=option) if options is None
         else msg("no such option: {option} (possible options: {options})", option=option, options=options)),
        (r"No such option: (?P<option>\S+) Did you mean (?P<options>.*)\?$",
         lambda option, options: msg("no such option: {option}; did you mean {options}?", option=option,
                                     options=options)),
        (r"No such command '(?P<name>.*)'\.(?: Did you mean (?P<options>.*)\?)?$",
         lambda name, options: msg("no such command '{name}'", name=name) if options is None
         else msg("no such command '{name}'; did you mean {options}?", name=name, options=options)),
        (r"Missing command\.$", lambda: msg("a command is needed")),
        (r"Missing argument '(?P<name>.*)'\.$", lambda name: msg("missing argument '{name}'", name=name)),
        (r"Missing option '(?P<name>.*)'\.$", lambda name: msg("missing option '{name}'", name=name)),
        (r"Got unexpected extra arguments? \((?P<args>.*)\)$",
         lambda args: msg("unexpected extra argument(s) ({args})", args=args)),
        (r"Option '(?P<option>.*)' requires an argument\.$",
         lambda option: msg("option '{option}' needs a value", option=option)),
        (r"Option '(?P<option>.*)' requires (?P<n>\d+) arguments\.$",
         lambda option, n: msg("option '{option}' needs {n} values", option=option, n=n)),
        (r"Option '(?P<option>.*)' does not take a value\.$",
         lambda option: msg("option '{option}' takes no value", option=option)),
        (r"Invalid value for (?P<option>.*?): (?P<why>.*)$",
         lambda option, why: msg("invalid value for {option}: {why}", option=option, why=why)),
        (r"(?P<value>.*) is not one of (?P<choices>.*)\.$",
         lambda value, choices: msg("{value} is not one of {choices}", value=value, choices=choices)),
        (r"(?P<value>.*) is not a valid integer\.$",
         lambda value: msg("{value} is not a whole number", value=value)),
        (r"(?P<value>.*) is not a valid float\.$", lambda value: msg("{value} is not a number", value=value)),
        (r"(?P<value>.*) is not a valid boolean\.$", lambda value: msg("{value} is not yes or no", value=value)),
        (r"(?P<value>.*) is not in the range (?P<range>.*)\.$",
         lambda value, range: msg("{value} is not in the range {range}", value=value, range=range)),
        (r"(?P<value>.*) is not a valid (?P<kind>.*)\.$",
         lambda value, kind: msg("{value} is not a valid {kind}", value=value, kind=kind)),
        (r"(?P<kind>File|Directory|Path) '(?P<path>.*)' does not exist\.$",
         lambda kind, path: msg("'{path}' does not exist", path=path)),
    ))


def usage_error(text: str, lang: Language) -> str:
    """A usage error of click's, ``text``, in ``lang`` (as it is when it is not one click writes:
    the command's own, already said)."""
    if lang.english:
        return text
    for pattern, make in USAGE_ERRORS:
        found = pattern.match(text)
        if found:
            fields = found.groupdict()
            if "why" in fields:
                fields["why"] = usage_error(fields["why"], lang)
            return lang.say(make(**fields))
    return text


class Group(Worded, TyperGroup):
    """A group of commands (``trfconv``, ``trfconv list``) said in the command's language."""
