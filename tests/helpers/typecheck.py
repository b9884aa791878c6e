"""mypy over the package, held to a committed baseline: no new error, and none in the base layer.

    python tests/helpers/typecheck.py            # check (``.ci/run`` runs it); exit 1 on a new error
    python tests/helpers/typecheck.py --update   # rewrite the baseline after errors were fixed

Two runs. The modules of the ``base`` layer (the layer map of ``tests/test_architecture.py``)
pass ``mypy --strict`` with no exception: any error there fails the check. The whole package
passes ``mypy`` (``[tool.mypy]`` of ``pyproject.toml``) with no error beyond the baseline,
``tests/helpers/mypy-baseline.txt``: the errors mypy found when the check came in, to be fixed
over time, never added to.

The baseline counts errors by file, error code and message, not by line: an edit that moves
lines does not disturb it, and a file may hold as many errors of one kind as the baseline
counts, no more. Fewer errors pass, with a line asking for ``--update`` so that the ones fixed
cannot come back unnoticed. Line numbers inside a message (``defined on line 12``) are left out
of the key for the same reason.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tests") not in sys.path:  # run as a script: the architecture test beside it
    sys.path.insert(0, str(ROOT / "tests"))

from test_architecture import LAYER_MAP  # noqa: E402 - the path above

BASELINE = ROOT / "tests" / "helpers" / "mypy-baseline.txt"
COMMAND = "python tests/helpers/typecheck.py"
HEADER = f"""\
# mypy's errors in trfconv that are allowed, for now ({COMMAND} --update writes this file).
# The check fails on any error beyond these; fix one, then --update, and it leaves the list.
# count<TAB>file<TAB>error code<TAB>message
"""
#: A line number inside a message: not part of the key (an edit elsewhere moves it).
_LINE = re.compile(r"\bline \d+")

Key = tuple[str, str, str]


@dataclass(frozen=True)
class Error:
    """One error of mypy's (its notes left out): where, its code, its message."""

    path: str
    line: int
    code: str
    message: str

    @property
    def key(self) -> Key:
        """What the baseline counts: file, code and message, without line numbers."""
        return self.path, self.code, _LINE.sub("line N", self.message)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: error: {self.message}  [{self.code}]"


def base_files() -> list[str]:
    """The base layer's modules as paths of the checkout (a module or a package's folder)."""
    (base,) = [layer for layer in LAYER_MAP if layer.name == "base"]
    out = []
    for module in base.modules:
        path = Path("trfconv", *module.split("."))
        out.append(str(path) if (ROOT / path).is_dir() else f"{path}.py")
    return out


def parse(output: str) -> list[Error]:
    """The errors of mypy's ``-O json`` output (one object a line; notes and other lines left out)."""
    errors = []
    for line in output.splitlines():
        if not line.startswith("{"):
            continue
        found = json.loads(line)
        if found["severity"] == "error":
            errors.append(Error(found["file"].replace("\\", "/"), found["line"], found["code"] or "misc",
                                found["message"]))
    return errors


def mypy(*arguments: str) -> list[Error]:
    """mypy's errors, run from the checkout with ``arguments``; stops on mypy's own failure."""
    done = subprocess.run([sys.executable, "-m", "mypy", "-O", "json", *arguments], cwd=ROOT,
                          capture_output=True, text=True)
    errors = parse(done.stdout)
    # 2: mypy could not run (a crash, a bad option or config); 1 with no error read: not mypy's
    # answer (mypy not installed: "No module named mypy"), never taken for "no error"
    if done.returncode not in (0, 1) or (done.returncode == 1 and not errors):
        sys.exit(f"mypy could not check the package (exit {done.returncode}):\n{done.stdout}{done.stderr}")
    return errors


def read_baseline(text: str) -> Counter[Key]:
    """The baseline file's counts by key."""
    counts: Counter[Key] = Counter()
    for line in text.splitlines():
        if line and not line.startswith("#"):
            count, path, code, message = line.split("\t", 3)
            counts[(path, code, message)] = int(count)
    return counts


def baseline_text(errors: list[Error]) -> str:
    """The baseline file that allows exactly ``errors``."""
    counts = Counter(e.key for e in errors)
    return HEADER + "".join(f"{n}\t{path}\t{code}\t{message}\n" for (path, code, message), n in sorted(counts.items()))


def compare(errors: list[Error], allowed: Counter[Key]) -> tuple[list[tuple[int, int, list[Error]]], int]:
    """The new errors, as (how many are new, how many the baseline allows, every error of that
    key: mypy cannot tell which of them is the new one), and how many allowed errors are gone."""
    by_key: dict[Key, list[Error]] = {}
    for e in errors:
        by_key.setdefault(e.key, []).append(e)
    new = [(len(found) - allowed[key], allowed[key], found) for key, found in by_key.items()
           if len(found) > allowed[key]]
    fixed = sum((allowed - Counter({key: len(found) for key, found in by_key.items()})).values())
    return new, fixed


def report(strict: list[Error], new: list[tuple[int, int, list[Error]]], fixed: int,
           total: int) -> tuple[list[str], bool]:
    """What the check says, and whether it passes (``total``: mypy's errors outside the base layer)."""
    lines = []
    if strict:
        lines.append(f"mypy --strict: {len(strict)} error(s) in the base layer, which must have none "
                     "(the baseline does not cover it); fix them:")
        lines += [f"  {e}" for e in strict]
    if new:
        count = sum(n for n, _, _ in new)
        lines.append(f"mypy: {count} new error(s), not in {BASELINE.relative_to(ROOT)}; fix them "
                     "(the baseline holds the old errors only, and never grows):")
        for n, allowed, found in new:
            if allowed:
                lines.append(f"  {n} more of this error than the {allowed} allowed, one of these:")
                lines += [f"    {e}" for e in found]
            else:
                lines += [f"  {e}" for e in found]
    if fixed:
        lines.append(f"mypy: {fixed} error(s) of the baseline fixed: run '{COMMAND} --update' and commit "
                     f"{BASELINE.relative_to(ROOT)}, so that they cannot come back")
    passed = not strict and not new
    if passed:
        lines.append(f"mypy: no new error (the base layer passes --strict; {total} old error(s) left)")
    return lines, passed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="mypy over the package, held to the committed baseline")
    parser.add_argument("--update", action="store_true", help=f"rewrite {BASELINE.relative_to(ROOT)}")
    update = parser.parse_args(argv).update
    # the modules around them (the package's __init__, which mypy reads for any of its modules) are
    # read, not reported: whether mypy reports them otherwise depends on how trfconv is installed
    strict = mypy("--strict", "--follow-imports", "silent", "--no-warn-unused-configs", "--cache-dir",
                  ".mypy_cache/strict", *base_files())
    errors = mypy()
    if update:
        if strict:
            print(*report(strict, [], 0, len(errors))[0], sep="\n")
            return 1
        BASELINE.write_text(baseline_text(errors), "utf-8")
        print(f"{BASELINE.relative_to(ROOT)}: {len(errors)} error(s) allowed")
        return 0
    lines, passed = report(strict, *compare(errors, read_baseline(BASELINE.read_text("utf-8"))), len(errors))
    print(*lines, sep="\n")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
