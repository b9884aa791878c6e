"""The translation catalogs: extracted from the code with Babel, merged into each language's
``trfconv/locale/<language>.po``, compiled to the ``.mo`` the package reads::

    python tests/helpers/catalogs.py             # extract, merge into every .po, compile every .mo
    python tests/helpers/catalogs.py --check     # name what is out of date (exit 1): nothing is written
    python tests/helpers/catalogs.py init es     # a new language: trfconv/locale/es.po, every message empty

What is extracted: every ``msg("…")`` and ``plural("…", "…", n=…)`` of the package (their first
arguments must be literal text), the fixed texts of the tables a face shows through
:meth:`trfconv.messages.Language.text`: each diagnostic code's title, what to do about it and the
program that rejects such input (``trfconv/diagnostics.py``), and the regulation phrases read
from the data files as :func:`trfconv.messages.data` (:data:`DATA_TEXTS`). A message the code no longer says
stays in a ``.po`` as obsolete (``#~``) until the next merge drops it; a message whose English
changed comes back fuzzy, with its old translation to review (a fuzzy entry is not compiled: the
English is shown until a translator has looked at it).

``tests/test_messages.py`` runs the check: the catalogs follow the code, every French message is
translated, and each ``.mo`` is what its ``.po`` compiles to. Compiled catalogs are committed (a
wheel, an sdist and an editable install read them as they are, with no build step, and a
command loads one with the standard library's gettext); the test keeps them true.

It lives here, outside the package, as ``docgen.py`` does: a maintainer's tool, run from a checkout.
"""

from __future__ import annotations

import ast
import io
import sys
import tomllib
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "trfconv"
LOCALE = PACKAGE / "locale"
#: The calls a message is written with (``trfconv.messages``): the positions of their texts.
KEYWORDS = {"msg": None, "plural": (1, 2), "pmsg": ((1, "c"), 2), "phrase": None, "_": None, "_n": (1, 2)}
#: Where the messages are: the package's code, and the page's templates (which say a text with
#: ``_("…")``, :func:`trfconv.web.app._render`).
METHODS = [("**.py", "python"), ("web/templates/**.html", "jinja2.ext:babel_extract")]
#: The texts of the regulation data that the code says as messages (``data(...)``): by family of
#: editions (each edition's data file), the dotted keys of the texts (``*``: every key of a table).
DATA_TEXTS = {"b02": ("rateability.initial_pooling", "rating.initial.pool"),
              "b01": ("norms.readings.*.question", "norms.readings.*.why", "norms.readings.*.choices.*"),
              "swiss": ("basic.pab_bar_text",)}
COMMAND = "python tests/helpers/catalogs.py"
#: A fixed date in every header: a catalog's bytes depend on its messages only.
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _catalog(locale: str | None = None) -> Catalog:
    catalog = Catalog(locale=locale, domain="trfconv", project="trfconv", version="0", copyright_holder="trfconv",
                      msgid_bugs_address="", creation_date=STAMP, revision_date=STAMP, charset="utf-8", fuzzy=False,
                      header_comment=HEADER, last_translator="trfconv", language_team=f"{locale}")
    return catalog


#: The comment heading every catalog.
HEADER = ("# The messages of trfconv, translated (made by python tests/helpers/catalogs.py from the code;\n"
          "# docs/development.md says how a message is written and translated).")


def extract() -> Catalog:
    """Every message of the package, where it is said (files, not lines: a catalog does not
    change when code moves), as a template catalog."""
    template = _catalog()
    found = extract_from_dir(str(PACKAGE), method_map=METHODS, keywords=KEYWORDS,
                             comment_tags=("i18n:",), strip_comment_tags=True)
    for filename, _lineno, message, comments, context in found:
        template.add(message, locations=[(f"trfconv/{filename}", None)], auto_comments=comments, context=context,
                     flags=_flags(message))
    from trfconv.diagnostics import CODES

    for code in CODES.values():
        for text in (code.title, code.todo, code.consumer):
            if text:
                template.add(text, locations=[("trfconv/diagnostics.py", None)], auto_comments=[code.code])
        if " (" in code.title and code.severity.value == "error":  # the upload summary's short form of an error
            # (trfconv.rules.upload.short_title)
            template.add(code.title.split(" (")[0], locations=[("trfconv/diagnostics.py", None)],
                         auto_comments=[f"{code.code}, the title up to its parenthesis"])
    for text, module in help_texts():
        template.add(text, locations=[(module.replace(".", "/") + ".py", None)], auto_comments=["help"])
    from trfconv.rules.editions import EDITIONS

    names = PACKAGE / "rules" / "data" / "tiebreak-names.toml"
    for entry in tomllib.loads(names.read_text("utf-8"))["said"].values():  # TB017: a shared name's reading
        template.add(entry["said"], locations=[(f"trfconv/rules/data/{names.name}", None)], auto_comments=["said"])
    for family, keys in DATA_TEXTS.items():
        for path in [PACKAGE / "rules" / "data" / e.data_file for e in EDITIONS if e.family == family]:
            data = tomllib.loads(path.read_text("utf-8"))
            for key in keys:
                for where, value in _texts(data, key.split(".")):
                    template.add(value, locations=[(f"trfconv/rules/data/{path.name}", None)], auto_comments=[where])
    return template


def help_texts() -> list[tuple[str, str]]:
    """The English texts the command line's help shows that are not messages (a command's
    docstring, an option's ``help=``, a metavariable made of words), each with the module of its
    command, read from the command tree as typer builds it in English."""
    import typer.main

    from trfconv.cli import app
    from trfconv.cli.wording import face
    from trfconv.messages import ENGLISH, Message

    said, face["lang"] = face["lang"], ENGLISH
    found: list[tuple[str, str]] = []

    def walk(command, module: str) -> None:
        module = getattr(command.callback, "__module__", None) or module
        texts = [command.help, *(getattr(p, "help", None) for p in command.params),
                 *(p.metavar for p in command.params if p.metavar and sum(c.isalpha() for c in p.metavar) > 1)]
        found.extend((t, module) for t in texts if t and not isinstance(t, Message))
        for name in getattr(command, "commands", {}):
            walk(command.commands[name], module)

    try:
        walk(typer.main.get_command(app), "trfconv.cli")
    finally:
        face["lang"] = said
    return found


def _texts(data: dict, parts: list[str], where: str = ""):
    """The texts at the dotted key ``parts`` of ``data`` (``*`` every key of a table), each with
    its full key."""
    if not parts:
        yield where, data
        return
    keys = data if parts[0] == "*" else (parts[0],)
    for key in keys:
        yield from _texts(data[key], parts[1:], f"{where}.{key}" if where else key)


def _flags(message) -> tuple[str, ...]:
    texts = message if isinstance(message, tuple) else (message,)
    return ("python-brace-format",) if any("{" in t for t in texts) else ()


def po_files() -> list[Path]:
    return sorted(LOCALE.glob("*.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=path.stem, domain="trfconv")


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_by_file=False, ignore_obsolete=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def merged(path: Path, template: Catalog) -> Catalog:
    """The language's catalog at ``path`` updated to ``template`` (new messages empty, changed
    ones fuzzy, gone ones obsolete)."""
    catalog = read(path)
    catalog.update(template, update_header_comment=False)
    catalog.creation_date = catalog.revision_date = STAMP
    catalog.obsolete.clear()  # what the code no longer says is dropped: the history is git's
    return catalog


def new_messages(path: Path, template: Catalog) -> list[str]:
    """The messages the code says that ``path`` does not have."""
    have = {m.id for m in read(path) if m.id}
    return [m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id and m.id not in have]


def gone_messages(path: Path, template: Catalog) -> list[str]:
    """The messages of ``path`` that the code no longer says."""
    said = {m.id for m in template if m.id}
    return [m.id if isinstance(m.id, str) else m.id[0] for m in read(path) if m.id and m.id not in said]


def hidden_messages() -> list[str]:
    """The ``msg``/``plural`` calls written inside an f-string's braces, which Babel's extraction
    does not see (make the message before the f-string): ``file:line`` each."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
                            and inner.func.id in KEYWORDS):
                        found.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    return found


def unseen_messages(template: Catalog) -> list[str]:
    """The ``msg``/``pmsg``/``plural`` calls with literal text that Babel's extraction misses (a
    message made inside a call, ``joined(...)``, that is itself an argument of a message): make
    it before the message, as a name; ``file:line`` each."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS):
                continue
            texts = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                     for a in node.args[:2]]
            if node.func.id == "msg" and texts[:1] != [None]:
                key, context = texts[0], None
            elif node.func.id in ("plural", "pmsg") and len(texts) == 2 and None not in texts:
                key, context = (tuple(texts), None) if node.func.id == "plural" else (texts[1], texts[0])
            else:
                continue
            if template.get(key, context=context) is None:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def stale(template: Catalog) -> list[str]:
    """What is out of date, one line each (nothing: the catalogs follow the code)."""
    problems = [f"{where}: a message inside an f-string is not extracted: make it before the f-string"
                for where in hidden_messages()]
    problems += [f"{where}: a message made inside a call in a message's arguments is not extracted: make it "
                 "before the message" for where in unseen_messages(template)]
    for path in po_files():
        name = path.relative_to(ROOT)
        for text in new_messages(path, template):
            problems.append(f"{name}: not in the catalog: {text!r}")
        for text in gone_messages(path, template):
            problems.append(f"{name}: no longer said by the code: {text!r}")
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(read(path)):
            problems.append(f"{mo.relative_to(ROOT)}: not what {name} compiles to")
    return problems


def update(template: Catalog) -> None:
    """Merge every ``.po`` with the code and compile its ``.mo``."""
    for path in po_files():
        catalog = merged(path, template)
        path.write_bytes(po_bytes(catalog))
        path.with_suffix(".mo").write_bytes(mo_bytes(read(path)))


def init(language: str, template: Catalog) -> Path:
    """A new language's catalog, every message empty, and its ``.mo``."""
    path = LOCALE / f"{language}.po"
    if path.exists():
        raise SystemExit(f"{path.relative_to(ROOT)} exists: run {COMMAND} to merge it")
    catalog = _catalog(language)
    for m in template:
        if m.id:
            catalog.add(m.id, string=("",) * catalog.num_plurals if m.pluralizable else "", locations=m.locations,
                        flags=m.flags, auto_comments=m.auto_comments)
    path.write_bytes(po_bytes(catalog))
    path.with_suffix(".mo").write_bytes(mo_bytes(read(path)))
    return path


def main(argv: list[str]) -> int:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    template = extract()
    if argv[:1] == ["--check"]:
        problems = stale(template)
        print("\n".join(problems) or "the catalogs follow the code")
        return 1 if problems else 0
    if argv[:1] == ["init"] and len(argv) == 2:
        print(f"wrote {init(argv[1], template).relative_to(ROOT)}")
        return 0
    if argv:
        print(__doc__)
        return 2
    update(template)
    print(f"merged and compiled {', '.join(p.stem for p in po_files())}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
