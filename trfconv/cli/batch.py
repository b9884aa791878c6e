"""A command on many files at once: ``trfconv check FOLDER *.trf other.xml``.

A reading command given more than one file, a folder (searched recursively, taking the files a
format recognises by content and saying in one line what it skips) or a glob pattern runs as it
would on each file alone, in worker processes (``--jobs N``, default: one per core), one damaged
file never stopping the others. What each run printed is kept: ``--details`` shows it file by
file, ``--json`` gives it as JSON Lines (one document per file, the schema of the command on one
file, then ``{"summary": …}``); otherwise a summary table ends the output: file, event, players,
errors, warnings, verdict, output written. The exit code is the worst of the files'. A progress
bar shows on a terminal, never in a pipe nor with ``--json``.

Each file is run by invoking the same command, with the same options, on that file alone, so a
file gives the same result in a batch as on its own; an output option (``-o``) names a folder,
in which each file's output is named after it, in the subfolder where the file sits below the
folder or pattern given (``dup/a/event.trf`` -> ``out/a/event-report.txt``). Before any file is
run, every output is checked: one that would land on an input of the batch, on another file's
output, or on something else than a regular file (a FIFO would block) stops the batch with exit
2, one line each, nothing written. A batch interrupted (Ctrl-C, SIGTERM) stops its workers."""

from __future__ import annotations

import gc
import io
import json
import os
import signal
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import typer

from ..encoding import SHOWN_ERRORS, shown
from ..io.files import OutputError, writable
from ..io.many import expand, forking, is_pattern, place, workers
from .common import EXIT_INTERRUPTED, EXIT_UNREADABLE, FACTS, SAID_FACT, fail

#: Options whose value names this file's output: in a batch, a folder.
OUTPUT_OPTIONS = ("output",)
#: A failing file's first lines of errors shown in the batch's default output.
SAID = 3
#: The event column's width in the summary table.
EVENT_WIDTH = 28


@dataclass
class FileRun:
    """One file's run: its exit code, what it printed, and the facts the command recorded."""

    file: str
    code: int
    stdout: str
    stderr: str
    facts: dict = field(default_factory=dict)
    #: The file's errors as the command recorded them (``check`` and ``validate`` print them on
    #: standard output, in their document; ``convert`` without the ``trfconv:`` of a failure),
    #: for the batch's default output, before the failure lines of standard error.
    said: list[str] = field(default_factory=list)


def single(ctx: typer.Context, files: list[Path], *, jobs: int | None = None, as_json: bool = False,
           details: bool = False, document: str | None = None) -> Path:
    """The one file the command was given; for several files, a folder or a pattern, the whole
    batch is run here and the exit raised. ``document``: the document the command renders (its
    registry record names each file's output), None for ``convert`` (the format registry's)."""
    if len(files) == 1 and not files[0].is_dir() and not is_pattern(files[0]):
        return files[0]
    raise run(ctx, files, jobs=jobs, as_json=as_json, details=details, document=document)


def run(ctx: typer.Context, files: list[Path], *, jobs: int | None, as_json: bool, details: bool,
        document: str | None = None) -> typer.Exit:
    """Run ``ctx``'s command on every file of ``files`` and return the exit to raise."""
    command = ctx.command.name
    targets, skipped = expand(files)
    output = next((ctx.params[o] for o in OUTPUT_OPTIONS if ctx.params.get(o) is not None), None)
    if output is not None and not Path(output).is_dir():
        raise fail(output, "give a folder for the outputs of several files")
    for name, why in skipped:
        typer.echo(f"trfconv: {name}: skipped: {why}", err=True)
    if not targets:
        given = str(files[0]) if len(files) == 1 else f"{len(files)} inputs"
        verb = "matches" if len(files) == 1 and is_pattern(files[0]) else "holds"
        return fail(given, f"{verb} no tournament file" + (" (the files skipped are said above)" if skipped else ""))
    outputs = (_outputs(ctx, command, document, targets, files, Path(output)) if output is not None
               else [None] * len(targets))
    argv = [_arguments(ctx, command, target, written) for target, written in zip(targets, outputs)]
    runs, interrupted = _finished(_progress(_runs(argv, targets, jobs), len(targets),
                                            enabled=not as_json and sys.stderr.isatty()))
    worst = max([r.code for r in runs] + ([EXIT_UNREADABLE] if skipped and not runs else []), default=EXIT_UNREADABLE)
    if interrupted:
        worst = EXIT_INTERRUPTED
    if as_json:
        for r in runs:
            typer.echo(shown(json.dumps(_compact(r.stdout, r), ensure_ascii=False), json=True))
        typer.echo(shown(json.dumps({"summary": _summary(runs, skipped, worst)}, ensure_ascii=False), json=True))
    else:
        if details:
            for r in runs:
                typer.echo(f"== {r.file}")
                if r.stdout:
                    typer.echo(r.stdout, nl=not r.stdout.endswith("\n"))
                if r.stderr:
                    typer.echo(r.stderr, nl=not r.stderr.endswith("\n"), err=True)
        else:
            for r in runs:  # what made a file fail is said: its first lines, the rest counted
                said = list(dict.fromkeys([*r.said, *(line for line in r.stderr.splitlines()
                                                      if line.startswith("trfconv: "))]))
                more = [f"trfconv: {r.file}: … and {len(said) - SAID} more (--details)"] if len(said) > SAID + 1 else []
                if said:
                    typer.echo("\n".join(said[:SAID] if more else said) + ("\n" + more[0] if more else ""), err=True)
        _table(runs, skipped, worst)
    if interrupted:
        left = [str(t) for t in targets[len(runs):]]
        typer.echo(f"trfconv: interrupted: {len(runs)} of {len(targets)} file(s) finished"
                   + (" (in the table above)" if runs and not as_json else "") + f"; not finished: {len(left)} ("
                   + ", ".join(left[:SAID]) + (f" and {len(left) - SAID} more" if len(left) > SAID else "") + ")",
                   err=True)
    return typer.Exit(worst)


def _outputs(ctx: typer.Context, command: str, document: str | None, targets: list[Path], given: list[Path],
             folder: Path) -> list[Path]:
    """Each target's output in ``folder``, in the place the target has below what found it
    (:func:`~trfconv.io.many.place`); exit 2, one line per clash, when one lands on an input of
    the batch, on another's output, or on something else than a regular file. The subfolders
    are made once every output is known to be free."""
    outputs = [folder / place(t, given).parent / _output_name(ctx, command, t, document) for t in targets]
    inputs = {_identity(t): t for t in targets}
    claimed: dict[tuple, Path] = {}
    clashes = []
    for target, out in zip(targets, outputs):
        key = _identity(out)
        if key in inputs:
            clashes.append((out, f"would overwrite {inputs[key]}, an input of this batch"))
        elif key in claimed:
            clashes.append((out, f"is the output of both {claimed[key]} and {target}"))
        else:
            claimed[key] = target
            why = _not_writable(out)
            if why:
                clashes.append((out, why))
    if clashes:
        for out, why in clashes:
            typer.echo(f"trfconv: {out}: {why}", err=True)
        raise fail(folder, f"{len(clashes)} output(s) cannot be written; nothing written (keep the files' "
                           "names apart, or give another output folder)")
    for out in outputs:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise fail(out.parent, f"cannot make the folder: {err.strerror or err}") from None
    return outputs


def _identity(path: Path) -> tuple:
    """What makes two paths one file: the device and inode of an existing file (hard links and
    symbolic links included), else its real path (case folded on Windows)."""
    try:
        info = os.stat(path)
        return info.st_dev, info.st_ino
    except OSError:
        return (os.path.normcase(os.path.realpath(path)),)


def _not_writable(out: Path) -> str | None:
    """Why ``out`` cannot take a batch output (a FIFO, a device, a folder ...), or None."""
    if not out.parent.exists():
        return None  # a subfolder made for it
    try:
        _, info = writable(out)
    except OutputError as err:
        return str(err)
    if info is not None and not stat.S_ISREG(info.st_mode):
        return "is not a regular file (a FIFO, a device or a socket); a batch writes regular files only"
    return None


def _finished(runs: Iterator[FileRun]) -> tuple[list[FileRun], bool]:
    """The runs finished, in order, and whether the batch was interrupted (Ctrl-C: in this
    process, or a run that ended interrupted, as each worker is told too); an interrupted run is
    not one of those finished."""
    done: list[FileRun] = []
    try:
        for r in runs:
            if r.code == EXIT_INTERRUPTED:
                return done, True
            done.append(r)
    except KeyboardInterrupt:
        return done, True
    return done, False


def _arguments(ctx: typer.Context, command: str, target: Path, output: Path | None) -> list[str]:
    """The command line of ``command`` on ``target`` alone, with the options given (``output``:
    its output file)."""
    args = [command, str(target)]
    for param in ctx.command.params:
        if param.param_type_name != "option" or param.name == "jobs":
            continue
        value = ctx.params.get(param.name)
        if value is None or value is False or value == () or value == param.default:
            continue
        flag = param.opts[-1] if param.opts[-1].startswith("--") else param.opts[0]
        if param.name in OUTPUT_OPTIONS:
            value = output
        if param.is_flag:
            args.append(flag)
        elif isinstance(value, (list, tuple)):
            for item in value:
                args += [flag, str(getattr(item, "value", item))]
        else:
            args += [flag, str(getattr(value, "value", value))]
    return args


def _output_name(ctx: typer.Context, command: str, target: Path, document: str | None) -> str:
    """The name of ``target``'s output in the output folder: a converted file keeps the stem
    (``event.xml``), a document adds the command (``event-report.html``); the suffix is the
    format's, from its registry record."""
    if document is None:
        from ..io.registry import DEFAULT_OUTPUT, outputs

        fmt = ctx.params.get("to")
        out = outputs()[getattr(fmt, "value", fmt) or DEFAULT_OUTPUT]
        return target.stem + (out.suffixes[0] if out.suffixes else ".trf")
    from ..documents.registry import DOCUMENTS

    given = ctx.params.get("fmt")
    fmt = "json" if ctx.params.get("as_json") else getattr(given, "value", given) or "text"
    return f"{target.stem}-{command}{DOCUMENTS[document].formats[fmt].suffix}"


def _runs(argv: list[list[str]], targets: list[Path], jobs: int | None) -> Iterator[FileRun]:
    if (jobs or os.cpu_count() or 1) <= 1 or len(argv) <= 1:
        yield from map(run_one, argv)
        return
    pool = workers(jobs or os.cpu_count() or 1)
    try:
        with _terminated_as_interrupt():
            with forking():  # map submits every file at once, which starts the workers
                results = pool.map(run_one, argv, chunksize=1)
            yield from results
    finally:  # interrupted or done: no worker is left running
        pool.shutdown(wait=False, cancel_futures=True)
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()


@contextmanager
def _terminated_as_interrupt():
    """SIGTERM, while the workers run, ends the batch as Ctrl-C does (the workers stopped, the
    command's "interrupted" line), instead of killing this process alone."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: left as it is
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@cache
def _command():
    """The ``trfconv`` command, built once per process (building it takes tens of milliseconds)."""
    from . import app

    return typer.main.get_command(app)


def run_one(args: list[str]) -> FileRun:
    """``trfconv ARGS`` in this process, its output captured (a worker's job)."""
    saved = sys.stdout, sys.stderr
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=SHOWN_ERRORS, write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=SHOWN_ERRORS, write_through=True)
    sys.stdout, sys.stderr = out, err
    FACTS.clear()
    gc.enable()  # paused for one command (cli.main); a batch of them would keep every cycle they leave
    try:
        code = _command().main(args=args, prog_name="trfconv", standalone_mode=False)
    finally:
        sys.stdout, sys.stderr = saved
    printed = [stream.detach().getvalue().decode("utf-8", "replace") for stream in (out, err)]
    facts = dict(FACTS)
    said = facts.pop(SAID_FACT, [])
    return FileRun(args[1], code if isinstance(code, int) else 0, *printed, facts, said)


def _progress(runs: Iterator[FileRun], total: int, *, enabled: bool) -> Iterator[FileRun]:
    if not enabled:
        yield from runs
        return
    from rich.progress import Progress

    with Progress(transient=True, console=_console()) as bar:
        task = bar.add_task("files", total=total)
        for r in runs:
            bar.advance(task)
            yield r


def _console():
    from rich.console import Console

    return Console(stderr=True)


def _compact(text: str, r: FileRun) -> dict:
    """A file's JSON document; when it printed none (its document went to a file, or it could
    not be read), what is known of it."""
    try:
        return json.loads(text)
    except ValueError:
        return {"schema": 1, "file": r.file, "readable": r.code != EXIT_UNREADABLE, "exit": r.code, **r.facts}


def _summary(runs: list[FileRun], skipped, worst: int) -> dict:
    return {"files": len(runs), "skipped": [{"file": f, "why": w} for f, w in skipped],
            "exit": worst, "by_exit": {str(c): sum(1 for r in runs if r.code == c) for c in sorted({r.code for r in runs})},
            "results": [{"file": r.file, "exit": r.code, **r.facts} for r in runs]}


def _table(runs: list[FileRun], skipped, worst: int) -> None:
    """The summary table, one line per file, columns as wide as their longest cell."""
    header = ("file", "event", "players", "errors", "warnings", "verdict", "written")
    rows = [header]
    for r in runs:
        f = r.facts
        event = str(f.get("event") or "")
        rows.append((r.file, event if len(event) <= EVENT_WIDTH else event[:EVENT_WIDTH - 1] + "…",
                     _text(f.get("players")), _text(f.get("errors")), _text(f.get("warnings")),
                     str(f.get("verdict") or ("unreadable" if r.code == EXIT_UNREADABLE else "")),
                     Path(str(f["written"])).name if f.get("written") else ""))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    right = {2, 3, 4}
    for row in rows:
        typer.echo("  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                             for i, (cell, w) in enumerate(zip(row, widths))).rstrip())
    failed = sum(1 for r in runs if r.code)
    typer.echo(f"{len(runs)} file(s): {len(runs) - failed} ok, {failed} with problems"
               + (f", {len(skipped)} skipped" if skipped else "") + f"; exit {worst}")


def _text(value) -> str:
    return "" if value is None else str(value)
