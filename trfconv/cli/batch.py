"""A command on many files at once: ``trfconv check FOLDER *.trf other.xml``.

A reading command given more than one file, a folder (searched recursively, taking the files a
format recognises by content and saying in one line what it skips) or a glob pattern runs as it
would on each file alone, in worker processes (``--jobs N``, default: one per core), one damaged
file never stopping the others. What each run printed is kept: ``--details`` shows it file by
file, ``--json`` gives it as JSON Lines (one document per file, the schema of the command on one
file, then ``{"summary": …}``); otherwise a summary table ends the output: file, event, players,
errors, warnings, verdict, output written. The exit code is the worst of the files'. A progress
bar shows on a terminal, never in a pipe nor with ``--json``.

Each file is run by the command's own per-file function (the one it runs on a single file),
with the options as parsed, so a file gives the same result in a batch as on its own; an output
option (``-o``) names a folder, in which each file's output is named after it, in the subfolder
where the file sits below the folder or pattern given (``dup/a/event.trf`` ->
``out/a/event-report.txt``). Before any file is run, every output is checked: one that would
land on an input of the batch, on another file's output, or on something else than a regular
file (a FIFO would block) stops the batch with exit 2, one line each, nothing written. A batch interrupted (Ctrl-C, SIGTERM) stops its workers."""

from __future__ import annotations

import gc
import io
import json
import os
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import typer

from ..actions import speaking
from ..encoding import SHOWN_ERRORS, printable, shown
from ..io.files import OutputError, writable
from ..io.many import expand, in_workers, is_pattern, place
from ..messages import joined, language, msg, pmsg
from .common import EXIT_INTERRUPTED, EXIT_UNREADABLE, Facts, Unseen, ended, face, fail, input_limit, say
from .hints import TERMINAL

#: A failing file's first lines of errors shown in the batch's default output.
SAID = 3
#: The event column's width in the summary table.
EVENT_WIDTH = 28


@dataclass
class FileRun:
    """One file's run: its exit code, what it printed, and the facts the command returned (the
    errors it said in its document or on standard output among them: ``check`` and ``validate``
    print them in their document, ``convert`` without the ``trfconv:`` of a failure)."""

    file: str
    code: int
    stdout: str
    stderr: str
    facts: Facts = field(default_factory=Facts)


@dataclass(frozen=True)
class Job:
    """What a worker runs (sent to it pickled): ``per_file(file, **options)``, the command's
    function on one file with its options as parsed, under the input size limit given
    (``trfconv --max-size``)."""

    per_file: Callable[..., Facts]
    file: Path
    options: dict
    max_bytes: int
    shown: bool = True  #: what the file's run printed on standard output is shown (--details, --json)
    lang: str = "en"  #: the language the command speaks (``trfconv --lang``)


def single(files: list[Path], per_file: Callable[..., Facts], options: dict, *, command: str,
           document: str | None = None, form: str | None = None, jobs: int | None = None, as_json: bool = False,
           details: bool = False) -> Path:
    """The one file the command was given; for several files, a folder or a pattern, the whole
    batch (``per_file(file, **options)`` on each) is run here and the exit raised. ``document``:
    the document the command renders in the format ``form`` (its registry record names each
    file's output), None for ``convert`` (``form`` its ``--to``, from the format registry)."""
    if len(files) == 1 and not files[0].is_dir() and not is_pattern(files[0]):
        return files[0]
    raise run(files, per_file, options, command=command, document=document, form=form, jobs=jobs, as_json=as_json,
              details=details)


def run(files: list[Path], per_file: Callable[..., Facts], options: dict, *, command: str, document: str | None,
        form: str | None, jobs: int | None, as_json: bool, details: bool) -> typer.Exit:
    """Run ``per_file`` with ``options`` on every file of ``files`` and return the exit to raise
    (``options["output"]``, when given, is a folder: each file's output is named in it)."""
    targets, skipped = expand(files)
    output = options.get("output")
    if output is not None and not Path(output).is_dir():
        raise fail(output, msg("give a folder for the outputs of several files"))
    for name, why in skipped:
        typer.echo(printable(f"trfconv: {name}: " + say(msg("skipped: {why}", why=why))), err=True)
    if not targets:
        given = str(files[0]) if len(files) == 1 else msg("{n} inputs", n=len(files))
        none = (msg("matches no tournament file") if len(files) == 1 and is_pattern(files[0])
                else msg("holds no tournament file"))
        return fail(given, joined([none, msg(" (the files skipped are said above)") if skipped else ""]))
    names = [f"{t.stem}{_suffix(command, document, form)}" for t in targets]
    outputs = _outputs(targets, names, files, Path(output)) if output is not None else [None] * len(targets)
    work = [Job(per_file, target, options if written is None else {**options, "output": written},
                input_limit["max_bytes"], details or as_json, face["lang"].code)
            for target, written in zip(targets, outputs, strict=True)]
    runs, interrupted = _finished(_progress(_runs(work, jobs), len(targets),
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
                said = list(dict.fromkeys([*r.facts.said, *(line for line in r.stderr.splitlines()
                                                      if line.startswith("trfconv: "))]))
                more = ([f"trfconv: {r.file}: " + say(msg("… and {n} more (--details)", n=len(said) - SAID))]
                        if len(said) > SAID + 1 else [])
                if said:
                    typer.echo("\n".join(said[:SAID] if more else said) + ("\n" + more[0] if more else ""), err=True)
        _table(runs, skipped, worst)
    if interrupted:
        left = [str(t) for t in targets[len(runs):]]
        typer.echo("trfconv: " + say(joined([
            msg("interrupted: {done} of {n} file(s) finished", done=len(runs), n=len(targets)),
            msg(" (in the table above)") if runs and not as_json else "",
            msg("; not finished: {n} ({files}", n=len(left), files=left[:SAID]),
            msg(" and {n} more", n=len(left) - SAID) if len(left) > SAID else "", ")"])), err=True)
    return typer.Exit(worst)


def _outputs(targets: list[Path], names: list[str], given: list[Path], folder: Path) -> list[Path]:
    """Each target's output (named ``names``) in ``folder``, in the place the target has below
    what found it (:func:`~trfconv.io.many.place`); exit 2, one line per clash, when one lands on
    an input of the batch, on another's output, or on something else than a regular file. The
    subfolders are made once every output is known to be free."""
    outputs = [folder / place(t, given).parent / name for t, name in zip(targets, names, strict=True)]
    inputs = {_identity(t): t for t in targets}
    claimed: dict[tuple, Path] = {}
    clashes: list[tuple[Path, str]] = []
    for target, out in zip(targets, outputs, strict=True):
        key = _identity(out)
        if key in inputs:
            clashes.append((out, msg("would overwrite {input}, an input of this batch", input=str(inputs[key]))))
        elif key in claimed:
            clashes.append((out, msg("is the output of both {first} and {second}", first=str(claimed[key]),
                                     second=str(target))))
        else:
            claimed[key] = target
            why = _not_writable(out)
            if why:
                clashes.append((out, why))
    if clashes:
        for out, why in clashes:
            typer.echo(printable(f"trfconv: {out}: {say(why)}"), err=True)
        raise fail(folder, msg("{n} output(s) cannot be written; nothing written (keep the files' names apart, or "
                               "give another output folder)", n=len(clashes)))
    for out in outputs:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise fail(out.parent, msg("cannot make the folder: {why}", why=err.strerror or str(err))) from None
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
        return msg("is not a regular file (a FIFO, a device or a socket); a batch writes regular files only")
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


def _suffix(command: str, document: str | None, form: str | None) -> str:
    """How a file's output in the output folder ends, after its stem: a converted file keeps the
    stem (``event.xml``), a document adds the command (``event-report.html``); the suffix is the
    format's, from its registry record."""
    if document is None:
        from ..io.registry import DEFAULT_OUTPUT, outputs

        out = outputs()[form or DEFAULT_OUTPUT]
        return out.suffixes[0] if out.suffixes else ".trf"
    from ..documents.registry import DOCUMENTS

    return f"-{command}{DOCUMENTS[document].formats[form or 'text'].suffix}"


def _runs(work: list[Job], jobs: int | None) -> Iterator[FileRun]:
    if (jobs or os.cpu_count() or 1) <= 1 or len(work) <= 1:
        yield from map(run_one, work)
        return
    yield from in_workers(run_one, work, min(jobs or os.cpu_count() or 1, len(work)))


def run_one(job: Job) -> FileRun:
    """``job`` in this process, its output captured (a worker's job): the exit code is the one
    the command gives on that file alone (an unreadable file 2, interrupted 130, a bug 3, each
    said in one line as :func:`~.common.ended` says it)."""
    saved = sys.stdout, sys.stderr
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=SHOWN_ERRORS, write_through=True) \
        if job.shown else Unseen()
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=SHOWN_ERRORS, write_through=True)
    sys.stdout, sys.stderr = out, err
    input_limit["max_bytes"] = job.max_bytes
    face["lang"] = language(job.lang)
    # The cycle collector stays paused during the run, as for one command (cli.main), and collects
    # once after it the cycles the run left (a batch would keep them all): among what the run
    # allocated only, since what lived before it (the modules, earlier runs) is frozen. Left on,
    # it walked each file's objects again and again (a fifth of a check against the list).
    gc.freeze()
    facts = Facts()
    try:
        with speaking(TERMINAL):  # a worker process starts with the library's voice
            facts = job.per_file(job.file, **job.options)
        code = facts.code
    except typer.Exit as stop:
        code = stop.exit_code
    except (KeyboardInterrupt, Exception) as error:  # noqa: BLE001 - said in one line, as the command does
        code = ended(error)
    finally:
        sys.stdout, sys.stderr = saved
        gc.collect()
    printed = [stream.detach().getvalue().decode("utf-8", "replace") if job.shown or stream is err else ""
               for stream in (out, err)]
    return FileRun(str(job.file), code, *printed, facts)


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
        return {"schema": 1, "file": r.file, "readable": r.code != EXIT_UNREADABLE, "exit": r.code, **r.facts.known()}


def _summary(runs: list[FileRun], skipped, worst: int) -> dict:
    return {"files": len(runs), "skipped": [{"file": f, "why": w} for f, w in skipped],
            "exit": worst, "by_exit": {str(c): sum(1 for r in runs if r.code == c) for c in sorted({r.code for r in runs})},
            "results": [{"file": r.file, "exit": r.code, **r.facts.known()} for r in runs]}


def _table(runs: list[FileRun], skipped, worst: int) -> None:
    """The summary table, one line per file, columns as wide as their longest cell."""
    header = tuple(say(h) for h in (msg("file"), msg("event"), msg("players"), msg("errors"), msg("warnings"),
                                     msg("verdict"), msg("written")))
    rows = [header]
    for r in runs:
        f = r.facts
        event = f.event or ""
        rows.append((r.file, event if len(event) <= EVENT_WIDTH else event[:EVENT_WIDTH - 1] + "…",
                     _text(f.players), _text(f.errors), _text(f.warnings),
                     say(f.verdict or (pmsg("a file", "unreadable") if r.code == EXIT_UNREADABLE else "")),
                     Path(f.written).name if f.written else ""))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    right = {2, 3, 4}
    for row in rows:
        typer.echo("  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                             for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip())
    failed = sum(1 for r in runs if r.code)
    typer.echo(say(joined([msg("{n} file(s): {ok} ok, {failed} with problems", n=len(runs), ok=len(runs) - failed,
                               failed=failed),
                           msg(", {n} skipped", n=len(skipped)) if skipped else "",
                           msg("; exit {code}", code=worst)])))


def _text(value) -> str:
    return "" if value is None else str(value)
