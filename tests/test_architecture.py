"""The layers of the package, and a check that every import respects them.

Every module of ``trfconv`` belongs to exactly one layer of :data:`LAYER_MAP` (by the longest
module prefix); a module may import its own layer and the layers it is allowed to import,
nothing else. The map is written here only: ARCHITECTURE.md's table and the guide's package
layout are generated from it (``python tests/helpers/docgen.py`` rewrites them;
``tests/test_docs.py`` keeps them equal).

What counts as an import: ``import`` and ``from … import`` statements at any depth (inside
functions too), literal dynamic imports (``importlib.import_module("trfconv.io.files")``,
``import_module(".files", __package__)``, ``__import__("trfconv.io")``), and every
``"module:function"`` string that names a function to be imported when used: written in the
source, or computed by a registry (the values held by a module's own globals, at any depth, are
resolved after importing it). Also checked: no module imports a private name (``_name``) from
another module, every module is in the map, and every registry string names a function that
exists.
"""

from __future__ import annotations

import ast
import importlib
import re
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path

import trfconv

PACKAGE = Path(trfconv.__file__).resolve().parent


@dataclass(frozen=True)
class Layer:
    """A layer: its modules (prefixes below ``trfconv``; ``""`` is the package itself), the
    other layers it may import, and what it holds (ARCHITECTURE.md's words)."""

    name: str
    modules: tuple[str, ...]
    imports: tuple[str, ...]
    holds: str = ""


#: The layers, lowest first: the one place the map is written.
LAYER_MAP = (
    Layer("base", ("model", "sides", "adjustments", "counts", "list_entry", "names", "eventkind", "diagnostics",
                   "actions", "numbers", "dates", "timecontrol", "encoding", "tabular", "named", "records",
                   "federations", "tiebreak_names", "messages", "errors", "arbiter_records", "titles"), (),
          "the model and what every layer shares: sides (the two sides of a pairing), adjustments (what a 299 "
          "record means), counts, a FIDE rating list's entry, comparing names, whether an event is a team event, "
          "diagnostics, what a person can do about a message and how each face words it (`actions`), what a registry names to import when used (`named`), the quick constructors of the most numerous records (`records`), FIDE's federations by code, dated (`federations`), the tie-break names arbiters type (`tiebreak_names`, for the readers and the rules alike), what trfconv says as messages rendered in a language by the face that shows them (`messages`), the exceptions trfconv raises on purpose (`errors`), the arbiters the 102/112 records name (`arbiter_records`), FIDE's title codes and their older letters (`titles`), exact numbers, dates, time controls, encodings, CSV cells"),
    Layer("io", ("io",), ("base",),
          "the format registry, readers (TRF: `io/trf_read/`, a module per kind of record; JSON, XML, CSV/xlsx, "
          "Swiss-Manager, Swiss-Chess, Vega, PGN), writers, "
          "the tournament builder, read-time checks, files and which files a folder holds (`many`), the K file, "
          "the rating lists' reader and database, the optional gacrux pairing checker run on a file"),
    Layer("rules", ("rules",), ("base",),
          "editions, rateability, the rating engine and the rating period, tie-breaks and the play-off plan, the "
          "rating lists' cross-check, fill and ratings from the list, the checks before upload (`rules/upload`), "
          "title norms (`rules/norms`: B.01, the best set of games, the forecast, the application), the arbiters of "
          "an event as FIDE's list knows them (`rules/officials`) and their own norms (`rules/arbiters`: B.06.1, the "
          "event's conditions, the title application), the Swiss rules "
          "and the Dutch pairing engine and checker (`rules/swiss`: C.04.1, C.04.3, the matchings they rest on); "
          "they read the model, never a file"),
    Layer("documents", ("documents",), ("base", "rules"),
          "what a person reads or files (info, verdict, rating report, standings, play-off plan, rating period, "
          "title norms and the IT1 certificate, the title application, the pairings check): "
          "they render what the rules computed"),
    Layer("jobs", ("jobs",), ("base", "io", "rules", "documents"),
          "what trfconv does for a person, one module per job (info, check, the list check, convert, validate, "
          "report, standings, playoff, norms and the title application, pairings, period and its events "
          "(`month`), fill, the list import and look-up, explain): typed parameters in, one result record out (`result`: diagnostics, verdict, documents, files "
          "written or refused, exit class, caveats, actions); `run` holds every output against every input first"),
    Layer("api", ("", "__main__", "ratinglists"), ("base", "io", "rules", "documents", "jobs"),
          "the library's functions (`trfconv/__init__.py`, over the jobs), `python -m trfconv`, the rating lists' "
          "public functions"),
    Layer("cli", ("cli",), ("base", "io", "rules", "documents", "jobs", "api"),
          "the command line: parses its options into a job's parameters and words the job's result (options for "
          "the actions, `cli/hints.py`); `cli/batch.py` runs any reading command on many files"),
    Layer("web", ("web",), ("base", "io", "rules", "documents", "jobs", "api"),
          "the local web page of `trfconv serve` (Starlette, imported only by that command): `engine` turns what the "
          "page sent into the same jobs the commands run and words their results as the page's controls "
          "(`voice`); each tab's own set of files (`held`), the downloads' names (`downloads`), the server bounded "
          "in time (`server`) and its temporary files (`scratch`); never the command line's code"),
)
#: Module prefix (below ``trfconv``) -> layer; the longest matching prefix decides.
LAYERS = {prefix: layer.name for layer in LAYER_MAP for prefix in layer.modules}
ALLOWED = {layer.name: {layer.name, *layer.imports} for layer in LAYER_MAP}
#: The imports that cross: ``python -m trfconv`` runs the command line, and ``trfconv serve``
#: starts the page (the page never imports the command line).
EXCEPTIONS = {("__main__", "cli"), ("cli.serve", "web")}
#: A function named to be imported when used: ``"trfconv.io.json_io:read_json"``.
FUNCTION_NAME = re.compile(r"trfconv(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*")


def layer(module: str) -> str | None:
    """The layer of ``module`` (dotted, below ``trfconv``; ``""`` is the package itself)."""
    best = None
    for prefix in LAYERS:
        if module == prefix or (prefix and module.startswith(prefix + ".")) or prefix == "":
            if best is None or len(prefix) > len(best):
                best = prefix
    return None if best is None else LAYERS[best]


def below_package(name: str) -> str | None:
    """``trfconv.io.files`` -> ``io.files``, ``trfconv`` -> ``""``; None outside the package."""
    if name == "trfconv":
        return ""
    return name[len("trfconv."):] if name.startswith("trfconv.") else None


def _dynamic_import(node: ast.Call, package: list[str]) -> str | None:
    """The module (below ``trfconv``) a literal ``import_module(…)``/``__import__(…)`` imports,
    relative names resolved against ``package``; None for any other call."""
    func = node.func
    called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    if called not in ("import_module", "__import__") or not node.args:
        return None
    first = node.args[0]
    if not isinstance(first, ast.Constant) or not isinstance(first.value, str):
        return None
    name = first.value
    if name.startswith("."):
        level = len(name) - len(name.lstrip("."))
        anchor = package[:len(package) - level + 1]
        return ".".join([*anchor, *filter(None, name[level:].split("."))])
    return below_package(name)


def imports(module: str, source: str, is_package: bool) -> list[tuple[str, list[str], int]]:
    """Every import of ``source`` inside ``trfconv``: (imported module below ``trfconv``, names,
    line). Relative imports are resolved against ``module``; literal dynamic imports and
    ``"module:function"`` strings count (see the module docstring)."""
    found = []
    parts = module.split(".") if module else []
    base = parts if is_package else parts[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[:len(base) - node.level + 1] if node.level > 1 else base
                target = ".".join([*anchor, *(node.module.split(".") if node.module else [])])
            elif node.module and below_package(node.module) is not None:
                target = below_package(node.module)
            else:
                continue
            found.append((target, [a.name for a in node.names], node.lineno))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("trfconv."):
                    found.append((alias.name[len("trfconv."):], [], node.lineno))
        elif isinstance(node, ast.Call):
            target = _dynamic_import(node, base)
            if target is not None:
                found.append((target, [], node.lineno))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and FUNCTION_NAME.fullmatch(node.value):
            found.append((below_package(node.value.partition(":")[0]), [], node.lineno))
    return found


def violations(modules: dict[str, tuple[str, bool]]) -> list[str]:
    """What breaks the map in ``modules`` (dotted name below ``trfconv`` -> (source, is_package))."""
    out = []
    known = set(modules)
    for module, (source, is_package) in sorted(modules.items()):
        own = layer(module)
        if own is None:
            out.append(f"{module or 'trfconv'}: in no layer")
            continue
        for target, names, line in imports(module, source, is_package):
            # "from . import x" names a submodule: the import is of that submodule
            targets = [f"{target}.{n}" if target and f"{target}.{n}" in known else
                       (n if not target and n in known else target) for n in names] or [target]
            for imported in set(targets):
                theirs = layer(imported)
                if theirs not in ALLOWED[own] and (module, theirs) not in EXCEPTIONS:
                    out.append(f"trfconv.{module}:{line}: {own} imports {theirs} (trfconv.{imported})")
            for name in names:
                if name.startswith("_") and not name.startswith("__") and f"{target}.{name}" not in known:
                    out.append(f"trfconv.{module}:{line}: imports the private name {name} of trfconv.{target}")
    return out


def held_strings(value, depth: int = 0):
    """Every ``"module:function"`` string in ``value``: a text, or inside dicts, sequences, sets
    and dataclass records, at any depth up to 6."""
    if isinstance(value, str):
        if FUNCTION_NAME.fullmatch(value):
            yield value
    elif depth < 6:
        if isinstance(value, dict):
            items = [*value.keys(), *value.values()]
        elif isinstance(value, (list, tuple, set, frozenset)):
            items = list(value)
        elif is_dataclass(value) and not isinstance(value, type):
            items = [getattr(value, f.name) for f in fields(value)]
        else:
            return
        for item in items:
            yield from held_strings(item, depth + 1)


def registry_strings(module: str, source: str) -> list[tuple[str, str]]:
    """(global, ``"module:function"``) for every function name the module's own globals hold
    once it is imported (a registry's records, however their strings are built)."""
    names = [t.id for node in ast.parse(source).body if isinstance(node, (ast.Assign, ast.AnnAssign))
             for t in (node.targets if isinstance(node, ast.Assign) else [node.target]) if isinstance(t, ast.Name)]
    loaded = importlib.import_module(f"trfconv.{module}" if module else "trfconv")
    return [(name, text) for name in names for text in held_strings(getattr(loaded, name, None))]


def registry_violations(held: dict[str, list[tuple[str, str]]]) -> list[str]:
    """What breaks the map among the registry strings ``held`` (module below ``trfconv`` ->
    [(global, ``"module:function"``)]): a function in a layer the module may not import, or a
    function that does not exist."""
    out = []
    for module, strings in sorted(held.items()):
        own = layer(module)
        for name, text in strings:
            target, _, function = text.partition(":")
            theirs = layer(below_package(target))
            if theirs not in ALLOWED[own]:
                out.append(f"trfconv.{module}.{name}: {own} names {theirs} ({text})")
                continue
            try:
                exists = hasattr(importlib.import_module(target), function)
            except ImportError:
                exists = False
            if not exists:
                out.append(f"trfconv.{module}.{name}: names {text}, which does not exist")
    return out


def package_modules() -> dict[str, tuple[str, bool]]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).with_suffix("")
        parts = list(relative.parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        out[".".join(parts)] = (path.read_text("utf-8"), is_package)
    return out


# -- the tests ---------------------------------------------------------------------------------
def test_every_import_respects_the_layers():
    assert violations(package_modules()) == []


def test_every_registry_string_respects_the_layers_and_exists():
    modules = package_modules()
    held = {m: registry_strings(m, source) for m, (source, _) in modules.items() if m != "__main__"}
    assert registry_violations(held) == []
    # the registries are seen: each format's reader and each document's renderers
    assert ("FORMATS", "trfconv.io.json_io:read_json") in held["io.registry"]
    assert any(text == "trfconv.documents.rating_report.html:render_html" for _, text in held["documents.registry"])
    assert ("COMMANDS", "trfconv.cli.standings:Command") in held["cli"]


def test_every_module_is_in_a_layer():
    assert [m for m in package_modules() if layer(m) is None] == []


def test_the_check_finds_a_forbidden_import_at_any_depth():
    """The test of the test: a reader importing the rules (even inside a function), a rule opening
    the io layer, a document reading a file, and a private name imported across modules are each
    reported; the same imports in the layers allowed to make them are not."""
    fake = {
        "io.example": ("def read():\n    from ..rules.tiebreaks import standings\n", False),
        "rules.example": ("from ..io.files import read_input\n", False),
        "documents.example": ("import trfconv.io.registry\n", False),
        "model": ("from .dates import _century\n", False),
        "dates": ("", False),
        "cli.example": ("from ..io.files import read_input\nfrom ..rules import editions\n", False),
        "io.files": ("", False),
        "rules.tiebreaks": ("", True),
        "rules": ("", True),
        "rules.editions": ("", False),
        "io.registry": ("", False),
    }
    found = violations(fake)
    assert found == [
        "trfconv.documents.example:1: documents imports io (trfconv.io.registry)",
        "trfconv.io.example:2: io imports rules (trfconv.rules.tiebreaks)",
        "trfconv.model:1: imports the private name _century of trfconv.dates",
        "trfconv.rules.example:1: rules imports io (trfconv.io.files)",
    ]


def test_the_page_never_imports_the_command_line_and_a_job_never_a_face():
    """The two faces stand side by side on the jobs: the page importing the command line's code
    (as ``web/engine.py`` imported ``cli/common.py``), a job importing a face or the library's
    facade, are reported; ``trfconv serve`` starting the page is the one import across."""
    fake = {
        "web.engine": ("from ..cli.common import against_list\nfrom ..jobs import run\n", False),
        "jobs.example": ("from ..ratinglists import open_lists\nfrom ..web import voice\n"
                         "from ..io.files import read_input\n", False),
        "cli.serve": ("from ..web.app import create_app\nfrom ..jobs import run\n", False),
        "cli.example": ("from ..web.voice import PAGE\n", False),
        "cli.common": ("", False),
        "web.app": ("", False),
        "web.voice": ("", False),
        "web": ("", True),
        "jobs": ("", True),
        "io.files": ("", False),
        "ratinglists": ("", False),
    }
    assert violations(fake) == [
        "trfconv.cli.example:1: cli imports web (trfconv.web.voice)",
        "trfconv.jobs.example:1: jobs imports api (trfconv.ratinglists)",
        "trfconv.jobs.example:2: jobs imports web (trfconv.web.voice)",
        "trfconv.web.engine:1: web imports cli (trfconv.cli.common)",
    ]


def test_the_check_finds_dynamic_imports_and_function_names():
    """The test of the test for what no import statement shows: a rule importing the io layer
    with importlib (absolute, relative) or __import__, a document naming an io function in a
    registry string; the same in a layer allowed to make them is not reported."""
    fake = {
        "rules.dynamic": ("import importlib\ndef f():\n    return importlib.import_module('trfconv.io.files')\n",
                          False),
        "rules.relative": ("from importlib import import_module\n"
                           "def f():\n    return import_module('..io.files', __package__)\n", False),
        "rules.dunder": ("def f():\n    return __import__('trfconv.io')\n", False),
        "documents.forms": ("FORMS = {'csv': 'trfconv.io.files:read_input'}\n", False),
        "cli.example": ("import importlib\nM = importlib.import_module('trfconv.io.files')\n"
                        "F = 'trfconv.rules.editions:editions'\n", False),
        "io.files": ("", False),
    }
    assert violations(fake) == [
        "trfconv.documents.forms:1: documents imports io (trfconv.io.files)",
        "trfconv.rules.dunder:2: rules imports io (trfconv.io)",
        "trfconv.rules.dynamic:3: rules imports io (trfconv.io.files)",
        "trfconv.rules.relative:3: rules imports io (trfconv.io.files)",
    ]


def test_the_check_finds_computed_registry_strings():
    """The test of the test for strings a registry computes (an f-string the source does not
    show): a document naming an io function, and a name that does not exist, are reported."""
    @dataclass(frozen=True)
    class Record:
        formats: dict

    held = {"documents.registry": list(
        ("DOCUMENTS", text) for text in held_strings({"x": Record({
            "csv": "trfconv.io.files:read_input", "text": "trfconv.documents.info:no_such_function",
            "json": "trfconv.documents.info:render_json"})}))}
    assert registry_violations(held) == [
        "trfconv.documents.registry.DOCUMENTS: documents names io (trfconv.io.files:read_input)",
        "trfconv.documents.registry.DOCUMENTS: names trfconv.documents.info:no_such_function, which does not exist",
    ]


def test_registries_import_no_heavy_library():
    """Detecting a format, listing the formats and documents, and starting the command line import
    no XML, spreadsheet or PGN library, nor the web stack of ``trfconv serve``: each is imported by
    the function that needs it."""
    import subprocess
    import sys

    code = ("import sys, trfconv, trfconv.cli; from trfconv.io.registry import detect_format; "
            "detect_format(b'012 x\\n001    1'); "
            "print(sorted(m for m in ('lxml', 'openpyxl', 'chess', 'rapidfuzz', 'starlette', 'uvicorn', 'jinja2', "
            "'multipart', 'python_multipart') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
