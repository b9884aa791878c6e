"""The layers of the package, and a check that every import respects them.

Layer map (every module of ``trfconv`` belongs to exactly one layer, by the longest prefix below;
a module may import its own layer and the layers it is allowed to import, nothing else):

====================  =======================================================  =====================
layer                 modules                                                  may import
====================  =======================================================  =====================
base                  ``model``, ``pairings`` (the two sides of a pairing),    base
                      ``adjustments`` (what a 299 record means), ``counts``,
                      ``list_entry`` (a FIDE rating list's entry), ``names``,
                      ``eventkind`` (whether an event is a team event)
                      (comparing names), ``diagnostics``, ``numbers``,
                      ``dates``, ``timecontrol``, ``encoding``, ``tabular``
io                    ``io.*``: readers, writers, the format registry, the     base
                      tournament builder, read-time checks, files, K file
rules                 ``rules.*``: editions, rateability, rating arithmetic,   base
                      tie-breaks; they read the model, never a file
documents             ``documents.*``: what a person reads or files; render    base, rules
                      what the rules computed
api                   ``trfconv`` itself (``__init__``, ``__main__``) and      base, io, rules,
                      ``ratinglists`` (the rating lists' public functions)
                                                                               documents, cli (only
                                                                               ``__main__``)
cli                   ``cli.*``: the command line, thin; ``web.*``: the local  everything
                      web page of ``trfconv serve``, as thin: the same library
                      calls and documents as the commands
====================  =======================================================  =====================

Also checked: no module imports a private name (``_name``) from another module, and every
module of the package is in the map. Function-level imports count like the others.
"""

from __future__ import annotations

import ast
from pathlib import Path

import trfconv

PACKAGE = Path(trfconv.__file__).resolve().parent

#: Module prefix (below ``trfconv``) -> layer; the longest matching prefix decides.
LAYERS = {
    "model": "base", "pairings": "base", "adjustments": "base", "counts": "base", "diagnostics": "base",
    "numbers": "base", "dates": "base", "timecontrol": "base", "encoding": "base", "tabular": "base",
    "list_entry": "base", "names": "base", "eventkind": "base", "ratinglists": "api",
    "io": "io",
    "rules": "rules",
    "documents": "documents",
    "": "api", "__main__": "api",
    "cli": "cli", "web": "cli",
}
ALLOWED = {
    "base": {"base"},
    "io": {"base", "io"},
    "rules": {"base", "rules"},
    "documents": {"base", "rules", "documents"},
    "api": {"base", "io", "rules", "documents", "api"},
    "cli": {"base", "io", "rules", "documents", "api", "cli"},
}
#: The one import that climbs: ``python -m trfconv`` runs the command line.
EXCEPTIONS = {("__main__", "cli")}


def layer(module: str) -> str | None:
    """The layer of ``module`` (dotted, below ``trfconv``; ``""`` is the package itself)."""
    best = None
    for prefix in LAYERS:
        if module == prefix or (prefix and module.startswith(prefix + ".")) or prefix == "":
            if best is None or len(prefix) > len(best):
                best = prefix
    return None if best is None else LAYERS[best]


def imports(module: str, source: str, is_package: bool) -> list[tuple[str, list[str], int]]:
    """Every import of ``source`` inside ``trfconv``: (imported module below ``trfconv``, names,
    line). Relative imports are resolved against ``module``."""
    found = []
    parts = module.split(".") if module else []
    base = parts if is_package else parts[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[:len(base) - node.level + 1] if node.level > 1 else base
                target = ".".join([*anchor, *(node.module.split(".") if node.module else [])])
            elif node.module and (node.module == "trfconv" or node.module.startswith("trfconv.")):
                target = node.module[len("trfconv."):] if node.module != "trfconv" else ""
            else:
                continue
            found.append((target, [a.name for a in node.names], node.lineno))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("trfconv."):
                    found.append((alias.name[len("trfconv."):], [], node.lineno))
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


def test_every_import_respects_the_layers():
    assert violations(package_modules()) == []


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
