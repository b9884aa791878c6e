"""The command regression files of ``tests/commands/``: each runs ``trfconv`` commands as a user
types them and holds what they print (standard output, standard error) and their exit code, as
pandoc's ``test/command/`` does. The format is in docs/development.md::

    What the case shows, in words (any lines before the first marker).
    --- file event.trf
    the lines of a file the commands read, written in their folder first (any number of files)
    % trfconv check event.trf
    --- stdout
    what it prints on standard output
    --- stderr
    what it prints on standard error
    --- exit 1

A file may hold several commands (a list imported, then looked up), run in order in one folder
that also sees the repository's ``fixtures/``. A ``…`` in an expected output stands for any text
within its line (a duration, the time of an import). ``TRFCONV_ACCEPT=1 pytest tests/test_commands.py``
rewrites the expected outputs that differ from what the commands print now (after a deliberate
change: read the diff before committing it).
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass, field

import pytest
from paths import FIXTURES, TESTS

CASES = sorted((TESTS / "commands").glob("*.txt"))
ACCEPT = os.environ.get("TRFCONV_ACCEPT") == "1"
#: A marker line: a file to write, an expected output, the exit code.
MARKER = re.compile(r"--- (?:file (?P<file>\S+)|(?P<stream>stdout|stderr)(?P<bare>, no newline at the end)?"
                    r"|exit (?P<exit>\d+))\n")
COMMAND = re.compile(r"% (?P<command>trfconv(?: .*)?)\n")


@dataclass
class Run:
    """One command of a case and what it is expected to print."""

    command: str
    stdout: str = ""
    stderr: str = ""
    exit: int = 0

    def text(self) -> str:
        return (f"% {self.command}\n" + _section("stdout", self.stdout) + _section("stderr", self.stderr)
                + f"--- exit {self.exit}\n")


@dataclass
class Case:
    """A command regression file: what it shows, the files it writes first, its commands."""

    about: str
    files: dict[str, str] = field(default_factory=dict)
    runs: list[Run] = field(default_factory=list)

    def text(self) -> str:
        return (self.about + "".join(f"--- file {name}\n{body}" for name, body in self.files.items())
                + "".join(run.text() for run in self.runs))


def _section(stream: str, text: str) -> str:
    if text and not text.endswith("\n"):
        return f"--- {stream}, no newline at the end\n{text}\n"
    return f"--- {stream}\n{text}"


def parse(text: str) -> Case:
    """A case from its file's text; a ValueError names a line that is out of place."""
    lines = text.splitlines(keepends=True)
    case, body, target = Case(""), None, None
    about: list[str] = []

    def close() -> None:
        if target is None:
            return
        kind, name, bare = target
        content = "".join(body or [])
        if bare:
            content = content.removesuffix("\n")
        if kind == "file":
            case.files[name] = content
        else:
            setattr(case.runs[-1], kind, content)
    for number, line in enumerate(lines, 1):
        marker, command = MARKER.fullmatch(line), COMMAND.fullmatch(line)
        if not marker and not command:
            if target is None and case.runs:
                raise ValueError(f"line {number}: text after '--- exit' belongs to no section: {line!r}")
            (about if target is None else body).append(line)
            continue
        close()
        target, body = None, []
        if command:
            case.runs.append(Run(command["command"]))
        elif marker["file"]:
            if case.runs:
                raise ValueError(f"line {number}: files come before the first command")
            target = ("file", marker["file"], False)
        elif not case.runs:
            raise ValueError(f"line {number}: {line.strip()} before any '% trfconv' command")
        elif marker["exit"]:
            case.runs[-1].exit = int(marker["exit"])
        else:
            target = (marker["stream"], None, bool(marker["bare"]))
    close()
    if not case.runs:
        raise ValueError("no '% trfconv' command")
    case.about = "".join(about)
    return case


def matches(shown: str, printed: str) -> bool:
    """Whether ``printed`` is what a case shows: the same text, where a ``…`` stands for any text
    within its line (what changes from one run to the next: a duration, the time of an import)."""
    if "…" not in shown:
        return shown == printed
    return re.fullmatch(r"[^\n]*?".join(map(re.escape, shown.split("…"))), printed) is not None


def test_only_what_is_elided_may_differ():
    printed = "imported 11 players; 0.1 s\nimported at 2026-12-06T00:46:03+0000\n"
    assert matches("imported 11 players; … s\nimported at …\n", printed)
    assert not matches("imported 12 players; … s\nimported at …\n", printed)
    assert not matches("imported …\n", printed)  # one line's … does not swallow the next line
    assert not matches(printed.rstrip("\n"), printed)


def test_a_case_reads_back_as_written():
    case = Case("Two commands.\n", {"a.trf": "012 A\n"},
                [Run("trfconv info a.trf", "x\n", "", 0), Run("trfconv convert a.trf", "no end", "e\n", 2)])
    assert parse(case.text()) == case
    with pytest.raises(ValueError, match="line 3: files come before the first command"):
        parse("% trfconv info a.trf\n--- exit 0\n--- file a.trf\n")
    with pytest.raises(ValueError, match="no '% trfconv' command"):
        parse("Nothing to run.\n")


def test_every_command_of_the_cli_has_its_regression_files():
    from trfconv.cli import COMMANDS

    run = {shlex.split(r.command)[1] for path in CASES for r in parse(path.read_text("utf-8")).runs
           if len(shlex.split(r.command)) > 1}
    assert set(COMMANDS) - run == set()


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_command(cli, tmp_path, monkeypatch, path):
    """The commands of ``path`` print what it holds, run from a folder that sees ``fixtures/``."""
    text = path.read_text("utf-8")
    case = parse(text)
    (tmp_path / "fixtures").symlink_to(FIXTURES)
    for name, body in case.files.items():
        (tmp_path / name).write_text(body, "utf-8", newline="")
    monkeypatch.chdir(tmp_path)
    # what the output may depend on besides the command: the terminal's width, the database
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("TRFCONV_DB", "lists.sqlite")
    seen = []
    for run in case.runs:
        result = cli(*shlex.split(run.command)[1:])
        # what matches is kept as written (with its … for a time or a date), the rest is what ran
        seen.append(Run(run.command, *(shown if matches(shown, printed) else printed for shown, printed in
                                       ((run.stdout, result.stdout), (run.stderr, result.stderr))),
                        result.exit_code))
    got = Case(case.about, case.files, seen).text()
    if ACCEPT:
        if got != text:
            path.write_text(got, "utf-8", newline="")
        return
    assert got == text, (f"{path.name}: the commands print something else now; if that is meant, "
                         "TRFCONV_ACCEPT=1 pytest tests/test_commands.py rewrites the file (read its diff)")
