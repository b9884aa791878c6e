"""The guide's generated parts: every table of README.md, ARCHITECTURE.md and ``docs/`` that lists a
registry is made from that registry, between two marker comments, and never edited by hand::

    <!-- generated: NAME (python tests/helpers/docgen.py) -->
    …
    <!-- end of generated: NAME -->

    python tests/helpers/docgen.py           # rewrite every generated part
    python tests/helpers/docgen.py --check   # name the files whose generated parts differ (exit 1)

``tests/test_docs.py`` regenerates them and fails, naming the first command, until the files agree.

It lives here, outside the package: it is a maintainer's tool run from a checkout (where ``docs/``
is), not something a user of the library runs; it reads the layer map where that is written once,
in ``tests/test_architecture.py``; and it imports every layer's registry, the command line's
included, which no module of the package may do without climbing the layers.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tests") not in sys.path:  # run as a script: the architecture test beside it
    sys.path.insert(0, str(ROOT / "tests"))

from test_architecture import EXCEPTIONS, LAYER_MAP, PACKAGE, layer  # noqa: E402 - the path above

COMMAND = "python tests/helpers/docgen.py"
BLOCK = re.compile(r"(?P<start><!-- generated: (?P<name>[\w-]+) \((?P<command>[^)]*)\) -->\n)(?P<body>.*?)"
                   r"(?P<end><!-- end of generated: (?P=name) -->)", re.DOTALL)


def pages() -> list[Path]:
    """The Markdown files that may hold generated parts: the README, ARCHITECTURE.md, the guide."""
    return [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *sorted((ROOT / "docs").rglob("*.md"))]


def cell(text: str) -> str:
    """``text`` as one Markdown table cell: on one line, its bars escaped, and a tag-like ``<``
    outside code (``no <security> block``) shown rather than taken for HTML."""
    return plain(" ".join(str(text).split())).replace("|", "\\|")


def plain(text: str) -> str:
    """``text`` with a ``<`` that would open an HTML tag, outside code spans, written as ``&lt;``."""
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(p if p.startswith("`") else re.sub(r"<(?=[A-Za-z/!?])", "&lt;", p) for p in parts)


def markdown(docstring: str) -> str:
    """A docstring's reStructuredText roles and literals as Markdown code: ``:mod:`~.x.y``` ->
    ``y``, ````x```` -> ``x``."""
    text = re.sub(r":\w+:`~[\w.]*?\.?(\w+)`", r"`\1`", docstring)
    text = re.sub(r":\w+:`\.?([^`]+)`", r"`\1`", text)
    return text.replace("``", "`")


def first_sentence(docstring: str) -> str:
    """The first sentence of a docstring, on one line (a period that ends an abbreviation, such as
    ``Art.``, does not end it)."""
    text = " ".join(docstring.split())
    for match in re.finditer(r"\.(?=\s|$)", text):
        word = text[:match.start()].rsplit(" ", 1)[-1]
        if word not in ("Art", "e.g", "i.e", "cf", "H"):
            return text[:match.end()]
    return text


# -- the registries ---------------------------------------------------------------------------
def commands() -> str:
    """Every command of ``COMMANDS`` (and of a group, each subcommand): its usage, its help (what
    it does and its exit codes) and every option, as ``trfconv COMMAND --help`` gives them."""
    import click
    import typer.main

    from trfconv.cli import COMMANDS, app

    root = typer.main.get_command(app)
    out = _command("trfconv", root, click.Context(root, info_name="trfconv"), "##")
    for name in COMMANDS:
        command = root.commands[name]
        context = click.Context(command, info_name=name, parent=click.Context(root, info_name="trfconv"))
        out += _command(f"trfconv {name}", command, context, "##")
        for sub in getattr(command, "commands", {}):
            out += _command(f"trfconv {name} {sub}", command.commands[sub],
                            click.Context(command.commands[sub], info_name=sub, parent=context), "###")
    return "\n".join(out)


def _command(path: str, command, context, level: str) -> list[str]:
    """A command's section: its heading, usage, help and the table of its arguments and options.
    Its help is asked for first, as ``--help`` does (and not shown): a command's class may complete
    its options' help then (``standings`` names every tie-break)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        command.format_help(context, context.make_formatter())
    usage = " ".join(command.collect_usage_pieces(context))
    paragraphs = [" ".join(p.split()) for p in (command.help or "").split("\n\n") if p.strip()]
    out = [f"{level} {path}", "", f"`{path} {usage}`", ""]
    for paragraph in paragraphs:
        out += [plain(paragraph), ""]
    rows = [_parameter(p, context) for p in command.params if not getattr(p, "hidden", False)]
    if rows:
        out += ["| argument or option | what it is |", "|---|---|", *rows, ""]
    return out


def _parameter(param, context) -> str:
    """One argument or option as a table row: its names and value, its help and default."""
    if param.param_type_name == "argument":
        names = f"`{param.make_metavar(context)}`"
    else:
        names = " / ".join(", ".join(f"`{o}`" for o in opts) for opts in (param.opts, param.secondary_opts) if opts)
        if not param.is_flag:
            value = param.make_metavar(context)
            minimum, maximum = getattr(param.type, "min", None), getattr(param.type, "max", None)
            if minimum is not None and maximum is not None:
                value += f" ({minimum}-{maximum})"
            names += f" `{value}`"
    text = param.help or ""
    default = param.default
    if default not in (None, False, ()) and "default" not in text.lower():
        shown = (param.opts[0] if default else param.secondary_opts[0]) if param.is_flag else default
        text += f" Default: `{shown}`."
    if param.required and param.param_type_name == "option":
        text += " Required."
    return f"| {cell(names)} | {cell(text)} |"


def diagnostics() -> str:
    """Every code of ``CODES``, in its order: code, severity, meaning, the consumer that rejects
    such input."""
    from trfconv.diagnostics import CODES

    rows = ["| Code | Severity | Meaning | Rejected by |", "|---|---|---|---|"]
    rows += [f"| {c.code} | {c.severity.value} | {cell(c.title)} | {cell(c.consumer or '')} |" for c in CODES.values()]
    return "\n".join(rows)


def diagnostics_fr() -> str:
    """The French table of every code: code, severity, meaning, what to do, the program that
    rejects such input, said from the French catalog (``trfconv --lang fr explain CODE`` says
    the same)."""
    from trfconv.diagnostics import CODES, SEVERITY_WORDS
    from trfconv.messages import language

    fr = language("fr")
    rows = ["| Code | Gravité | Signification | Que faire | Refusé par |", "|---|---|---|---|---|"]
    rows += [f"| {c.code} | {fr.say(SEVERITY_WORDS[c.severity])} | {cell(fr.text(c.title))} | "
             f"{cell(fr.text(c.todo) or '')} | {cell(fr.text(c.consumer) or '')} |" for c in CODES.values()]
    return "\n".join(rows)


#: What a tie-break's modifier letters (its registry record's ``modifiers``) are written as.
MODIFIERS = {"C": "/Cn", "M": "/Mn", "L": "/L±n", "P": "/P", "F": "/F", "R": "/R", "U": "/U<rating>",
             "K": "/Kx", "D": "/D"}


def tiebreaks() -> str:
    """Every tie-break of the registry, in the order of the articles: code, title, article,
    modifiers, whether it ranks players or teams, and which way it ranks."""
    from trfconv.rules.tiebreaks.registry import definitions

    rows = ["| Code | What it is | Article | Modifiers | Ranks | Order |", "|---|---|---|---|---|---|"]
    for d in definitions().values():
        modifiers = " ".join(f"`{MODIFIERS[m]}`" for m in d.modifiers)
        order = "splits a tied group" if d.splits_groups else "higher first" if d.higher_first else "lower first"
        rows.append(f"| {d.name} | {cell(d.title)} | {cell(d.article)} | {modifiers} | "
                    f"{'teams' if d.team else 'players'} | {order} |")
    return "\n".join(rows)


def tiebreak_names() -> str:
    """The names read for each tie-break (``rules/data/tiebreak-names.toml``): each name as its
    source writes it and its sources; the names whose reading is a choice and what is said of
    it; the sources."""
    from trfconv.rules.tiebreaks.registry import definitions
    from trfconv.tiebreak_names import data

    d, known = data(), definitions()
    rows = ["| Tie-break | Name | Sources |", "|---|---|---|"]
    for target, names in d["names"].items():
        definition = known[re.split("[/:]", target)[0]]
        what = f"`{target}` {cell(definition.title)} ({cell(definition.article)})"
        for name, sources in names.items():
            rows.append(f"| {what} | {cell(name)} | {', '.join(sources)} |")
            what = ""
    rows += ["", "Names whose reading is a choice (two systems share the name, or it does not say all its "
             "tie-break); the output says the reading (TB017):", "",
             "| Name | Read as | What trfconv says |", "|---|---|---|"]
    rows += [f"| {cell(name)} | `{e['means']}` | {cell(e['said'])} |" for name, e in d["said"].items()]
    rows += ["", "The sources:", "", "| Source | What and where |", "|---|---|"]
    rows += [f"| {k} | {cell(text)} |" for k, text in d["sources"].items()]
    return "\n".join(rows)


def formats() -> str:
    """Every format of the registry, in the order detection asks them, and every output."""
    from trfconv.io.registry import formats as registered
    from trfconv.io.registry import outputs

    def names(suffixes) -> str:
        return ", ".join(f"`{s}`" for s in suffixes)

    rows = ["| Format | What it reads | File names, usually |", "|---|---|---|"]
    rows += [f"| `{f.name}` | {cell(f.description)} | {names(f.suffixes)} |" for f in registered()]
    rows += ["", "| Output (`--to`) | What it writes | File name |", "|---|---|---|"]
    rows += [f"| `{o.name}` | {cell(o.description)} | {names(o.suffixes)} |" for o in outputs().values()]
    return "\n".join(rows)


def editions() -> str:
    """Every edition of the registry: its name (as ``--rules`` takes it), its family, from when
    and until when it is modelled, its title and its data file."""
    from trfconv.rules.editions import EDITIONS

    rows = ["| Edition | Family | For events starting from | Replaced by a text not modelled on | What it is | Data |",
            "|---|---|---|---|---|---|"]
    rows += [f"| `{e.name}` | `{e.family}` | {e.effective.isoformat()} | "
             f"{e.superseded.isoformat() if e.superseded else ''} | {cell(e.title)} | "
             f"`trfconv/rules/data/{e.data_file}` |" for e in EDITIONS]
    return "\n".join(rows)


def documents() -> str:
    """Every document of the registry and its forms: format, suffix, encoding, what it is."""
    from trfconv.documents.registry import DOCUMENTS

    rows = ["| Document | What it is | Forms (`--format`): suffix, encoding, what it is |", "|---|---|---|"]
    for d in DOCUMENTS.values():
        forms = "; ".join(f"`{name}` ({f.suffix}, {f.encoding}): {f.help}" for name, f in d.formats.items())
        rows.append(f"| `{d.name}` | {cell(d.description)} | {cell(forms)} |")
    return "\n".join(rows)


def layers() -> str:
    """ARCHITECTURE.md's table, from the layer map: each layer, its modules, what they hold, what
    it may import."""
    def shown(prefix: str) -> str:
        if prefix == "":
            return "`trfconv`"
        return f"`{prefix.replace('.', '/')}/*`" if (PACKAGE / prefix.replace(".", "/")).is_dir() else f"`{prefix}`"

    rows = ["| layer | modules: what they hold | may import, besides its own |", "|---|---|---|"]
    for l in LAYER_MAP:
        allowed = ", ".join(l.imports) or "nothing"
        allowed += "".join(f"; `{m}` also {theirs}" for m, theirs in sorted(EXCEPTIONS) if layer(m) == l.name)
        rows.append(f"| {l.name} | {', '.join(map(shown, l.modules))}: {l.holds} | {allowed} |")
    return "\n".join(rows)


def layout() -> str:
    """The package folder by folder: each folder's layer (each module's, when they differ), the
    first sentence of its docstring, and its modules."""
    rows = ["| folder | layer | what it holds | modules |", "|---|---|---|---|"]
    for folder in sorted([PACKAGE, *(p.parent for p in PACKAGE.rglob("__init__.py") if p.parent != PACKAGE)]):
        parts = folder.relative_to(PACKAGE).parts
        docstring = ast.get_docstring(ast.parse((folder / "__init__.py").read_text("utf-8"))) or ""
        modules = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
        layers_of = {m: layer(".".join([*parts, m])) for m in modules}
        own = layer(".".join(parts))
        listed = ", ".join(f"`{m}`" + (f" ({layers_of[m]})" if layers_of[m] != own else "") for m in modules)
        rows.append(f"| `{'/'.join(['trfconv', *parts])}/` | {own} | {cell(markdown(first_sentence(docstring)))} | "
                    f"{listed} |")
    return "\n".join(rows)


#: Every generated part, by the name its markers carry.
def readings() -> str:
    """Every reading of the Title Regulations' newest edition: where the text leaves a result open,
    its article, the choices, the default and why (``[norms.readings]``)."""
    from trfconv.rules.norms import readings as of_edition

    rows = ["| reading (`--reading`) | article | the question | choices | default, and why |", "|---|---|---|---|---|"]
    for name, x in of_edition().items():
        choices = "; ".join(f"`{c}`: {what}" for c, what in x.choices.items())
        rows.append(f"| `{name}` | {x.article} | {cell(x.question)} | {cell(choices)} | `{x.default}`: {cell(x.why)} |")
    return "\n".join(rows) + "\n"


PARTS: dict[str, Callable[[], str]] = {
    "commands": commands, "diagnostics": diagnostics, "diagnostics-fr": diagnostics_fr, "tiebreaks": tiebreaks, "tiebreak-names": tiebreak_names,
    "formats": formats, "editions": editions, "documents": documents, "layers": layers, "layout": layout,
    "readings": readings}


# -- the files ----------------------------------------------------------------------------------
def regenerated(text: str, made: dict[str, str] | None = None) -> str:
    """``text`` with every generated part made again (``made``: parts already made, by name);
    raises ValueError for a marker naming no part or another command."""
    made = {} if made is None else made

    def part(match: re.Match) -> str:
        name = match["name"]
        if name not in PARTS:
            raise ValueError(f"no generated part is called {name!r}; known: {', '.join(PARTS)}")
        if match["command"] != COMMAND:
            raise ValueError(f"the markers of {name!r} name {match['command']!r}, not {COMMAND!r}")
        if name not in made:
            made[name] = PARTS[name]().rstrip("\n") + "\n"
        return f"{match['start']}{made[name]}{match['end']}"

    return BLOCK.sub(part, text)


def used(paths: list[Path]) -> set[str]:
    """The names of the generated parts the files hold."""
    return {m["name"] for path in paths for m in BLOCK.finditer(path.read_text("utf-8"))}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args not in ([], ["--check"]):
        print(f"usage: {COMMAND} [--check]", file=sys.stderr)
        return 2
    made: dict[str, str] = {}
    differ = []
    for path in pages():
        text = path.read_text("utf-8")
        new = regenerated(text, made)
        if new != text:
            differ.append(path.relative_to(ROOT))
            if not args:
                path.write_text(new, "utf-8")
    verb = "differ" if args else "rewritten"
    print(f"{len(differ)} file(s) {verb}" + "".join(f"\n  {p}" for p in differ), file=sys.stderr)
    return 1 if args and differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
