"""The tests' own layout (docs/development.md, "Tests"): ``tests/`` mirrors the package's folders,
the shared builders live in ``tests/helpers/``, and no test module imports another.

- A test module (``test_*.py``) sits in ``tests/FOLDER/`` when it tests ``trfconv/FOLDER/``
  (``tests/io/test_csv.py``, ``tests/rules/norms/test_norms.py``). At the root of ``tests/`` sit
  only the tests of ``trfconv/``'s own modules, named after one (``test_dates.py`` for
  ``trfconv/dates.py``), and the cross-cutting tests of :data:`CROSS_CUTTING`.
- Everything else a test imports from ``tests/`` is a helper of ``tests/helpers/``, imported by its
  own name (``from normbuild import norm_event``: ``tests/conftest.py`` puts the folder on the
  path); ``tests/helpers/`` holds no test module, and the only other module of the root is
  ``conftest.py``.
- ``tests/bench/`` (benchmarks, not collected) and ``tests/commands/`` (command regression files)
  are outside the rule.
"""

from __future__ import annotations

import ast

from paths import ROOT, TESTS

PACKAGE = ROOT / "trfconv"
#: The tests at the root that test no one folder: the layers, the guide, the commands as a user
#: types them, properties of the whole pipeline, the tests' own tools, and the hostile-input sweeps
#: across every reader, command and face.
CROSS_CUTTING = {"test_architecture", "test_layout", "test_docs", "test_doctests", "test_readme", "test_commands",
                 "test_properties", "test_typecheck", "test_jetbuild", "test_corruption", "test_hostile",
                 "test_fuzz", "test_progress_surfaces"}
#: The folders of tests/ outside the rule.
APART = {"bench", "commands", "helpers"}


def every_test_module() -> list:
    """Every test module of tests/ (the folders apart left out)."""
    return sorted(p for p in TESTS.rglob("test_*.py") if p.relative_to(TESTS).parts[0] not in APART)


def misplaced(modules, package=PACKAGE) -> list[str]:
    """The test modules of ``modules`` outside the mirrored layout, each with why."""
    own = {p.stem for p in package.glob("*.py")}
    out = []
    for path in modules:
        folder = path.parent.relative_to(TESTS)
        if folder.parts:
            if not (package / folder / "__init__.py").is_file():
                out.append(f"{path.relative_to(TESTS)}: trfconv/{folder}/ is no package folder")
            continue
        words = path.stem.split("_")[1:]
        if path.stem not in CROSS_CUTTING and not any("_".join(words[:n]) in own for n in range(1, len(words) + 1)):
            out.append(f"{path.name}: at the root, but named after no module of trfconv/ and not cross-cutting; "
                       "move it to the folder of what it tests")
    return out


def local_imports(path) -> list[tuple[str, int]]:
    """The top modules ``path`` imports (at any depth), with their line: absolute imports only."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module.split(".")[0], node.lineno))
    return found


def forbidden_imports(modules) -> list[str]:
    """Imports of ``modules`` that name a module of tests/ that is no helper: another test module,
    a builder outside tests/helpers/, or ``helpers.NAME`` instead of ``NAME``."""
    helpers = {p.stem for p in (TESTS / "helpers").glob("*.py")}
    others = {p.stem for p in TESTS.rglob("*.py") if p.relative_to(TESTS).parts[0] != "helpers"} - helpers
    out = []
    for path in modules:
        for name, line in local_imports(path):
            if name in others or name == "helpers":
                out.append(f"{_shown(path)}:{line}: imports {name}: a test module imports helpers only, "
                           "by their own name (tests/helpers/)")
    return out


def _shown(path) -> str:
    return str(path.relative_to(TESTS)) if path.is_relative_to(TESTS) else path.name


def test_every_test_module_mirrors_the_folder_it_tests():
    assert misplaced(every_test_module()) == []


def test_no_test_module_imports_another_or_a_builder_outside_the_helpers():
    assert forbidden_imports(every_test_module()) == []


def test_the_helpers_hold_no_test_and_the_root_no_builder():
    assert sorted(p.name for p in (TESTS / "helpers").glob("test_*.py")) == []
    assert sorted(p.name for p in TESTS.glob("*.py") if not p.name.startswith("test_")) == ["conftest.py"]


def test_the_checks_find_a_misplaced_module_and_an_import_of_another(tmp_path):
    """The rule's checks on made files: a test at the root named after no module, one in a folder
    that is no package folder, and a test module importing another."""
    made = [TESTS / "test_nowhere_at_all.py", TESTS / "io" / "ratings" / "test_x.py", TESTS / "io" / "test_csv.py",
            TESTS / "test_dates_more.py"]
    assert misplaced(made) == [
        "test_nowhere_at_all.py: at the root, but named after no module of trfconv/ and not cross-cutting; "
        "move it to the folder of what it tests", "io/ratings/test_x.py: trfconv/io/ratings/ is no package folder"]
    importer = tmp_path / "test_importer.py"
    importer.write_text("import pytest\nfrom normbuild import norm_event\n\n\ndef test_x():\n"
                        "    from test_architecture import LAYER_MAP\n    from helpers.trfbuild import trf\n", "utf-8")
    assert [line.split(": a test module")[0] for line in forbidden_imports([importer])] == [
        "test_importer.py:6: imports test_architecture", "test_importer.py:7: imports helpers"]
