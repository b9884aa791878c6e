"""The type check's baseline (``tests/helpers/typecheck.py``): a new error fails, a moved one
does not, a fixed one is tolerated and asks for ``--update``; the base layer has no baseline."""

from __future__ import annotations

import json

import typecheck
from typecheck import Error, baseline_text, compare, parse, read_baseline, report


def _error(line: int, message: str = 'Item "None" of "int | None" has no attribute "x"',
           path: str = "trfconv/io/pgn.py", code: str = "union-attr") -> Error:
    return Error(path, line, code, message)


def test_mypy_json_output_is_read_without_its_notes():
    output = "\n".join(json.dumps(o) for o in (
        {"file": "trfconv/io/pgn.py", "line": 3, "column": 1, "message": "Bad", "hint": None, "code": "misc",
         "severity": "error"},
        {"file": "trfconv/io/pgn.py", "line": 3, "column": 1, "message": "See here", "hint": None, "code": None,
         "severity": "note"})) + "\npyproject.toml: note: unused section(s)\n"
    assert parse(output) == [Error("trfconv/io/pgn.py", 3, "misc", "Bad")]


def test_baseline_is_keyed_by_file_code_and_message_not_line():
    allowed = read_baseline(baseline_text([_error(10), _error(20), _error(30, 'Name "f" already defined on line 4',
                                                                          code="no-redef")]))
    assert allowed[("trfconv/io/pgn.py", "union-attr", 'Item "None" of "int | None" has no attribute "x"')] == 2
    # the same errors, every line moved (and the line a message names): nothing new, nothing fixed
    moved = [_error(11), _error(25), _error(31, 'Name "f" already defined on line 9', code="no-redef")]
    assert compare(moved, allowed) == ([], 0)


def test_one_error_more_than_the_baseline_counts_fails_and_names_them_all():
    allowed = read_baseline(baseline_text([_error(10)]))
    new, fixed = compare([_error(10), _error(40), _error(5, "Other", code="misc")], allowed)
    assert (new, fixed) == ([(1, 1, [_error(10), _error(40)]), (1, 0, [_error(5, "Other", code="misc")])], 0)
    lines, passed = report([], new, fixed, 3)
    assert not passed
    assert lines[0].startswith("mypy: 2 new error(s), not in tests/helpers/mypy-baseline.txt; fix them")
    assert "  1 more of this error than the 1 allowed, one of these:" in lines
    assert "  trfconv/io/pgn.py:5: error: Other  [misc]" in lines


def test_fewer_errors_pass_and_ask_for_an_update():
    allowed = read_baseline(baseline_text([_error(10), _error(20)]))
    new, fixed = compare([_error(12)], allowed)
    assert (new, fixed) == ([], 1)
    lines, passed = report([], new, fixed, 1)
    assert passed
    assert lines == [f"mypy: 1 error(s) of the baseline fixed: run '{typecheck.COMMAND} --update' and commit "
                     "tests/helpers/mypy-baseline.txt, so that they cannot come back",
                     "mypy: no new error (the base layer passes --strict; 1 old error(s) left)"]


def test_an_error_in_the_base_layer_fails_whatever_the_baseline():
    strict = [_error(7, "Function is missing a type annotation", "trfconv/model.py", "no-untyped-def")]
    lines, passed = report(strict, [], 0, 0)
    assert not passed and lines[1] == "  trfconv/model.py:7: error: Function is missing a type annotation  [no-untyped-def]"


def test_the_base_files_are_the_base_layer_of_the_architecture_map():
    files = typecheck.base_files()
    assert "trfconv/model.py" in files and "trfconv/diagnostics.py" in files
    assert all((typecheck.ROOT / f).exists() for f in files)
    assert not any(f.startswith(("trfconv/io", "trfconv/rules", "trfconv/cli")) for f in files)


def test_the_committed_baseline_reads_back_as_written():
    text = typecheck.BASELINE.read_text("utf-8")
    allowed = read_baseline(text)
    assert allowed and not any(path.startswith(tuple(typecheck.base_files())) for path, _, _ in allowed)
    errors = [Error(path, 1, code, message) for (path, code, message), n in allowed.items() for _ in range(n)]
    assert baseline_text(errors) == text
