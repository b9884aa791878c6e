"""``check``: every problem found in a file; with a rating list, each player held against the
list in force; with ``upload``, what FIDE's rating server needs (:mod:`trfconv.rules.upload`)
and whether the file is ready to upload, by when.

The upload check's policy lives here: the cross-check's LST011 gives way to UPL010/UPL011, which
say the same more exactly, and the gacrux pairing checker's verdict is added beside trfconv's
when it is installed and asked for (a TRF file on disk only: gacrux reads a file)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import ClassVar

from ..diagnostics import Diagnostic, has_errors
from ..io.files import MAX_INPUT_BYTES
from ..messages import msg
from ..model import Tournament
from .inputs import Given, Lists, Params, name_of, path_of, tournament
from .lists import against_list, lookup
from .result import Exit, JobResult, Problem, stopped


@dataclass(frozen=True)
class Check(Params):
    """The file; its encoding (None: detected); the rating lists to hold its players against
    (None: none); ``upload``: the checks before FIDE's rating server, against ``today`` (None:
    the current day), with gacrux's verdict when installed (``gacrux``)."""

    name: ClassVar[str] = "check"
    job: ClassVar[str] = "trfconv.jobs.check:check"

    file: Given
    encoding: str | None = None
    lists: Lists | None = None
    upload: bool = False
    today: date | None = None
    gacrux: bool = True
    max_bytes: int = MAX_INPUT_BYTES


@dataclass(frozen=True)
class Ready:
    """The upload check's answer: ready to upload, and its one line (what to fix first, by when)."""

    ready: bool
    summary: str


def check(params: Check) -> JobResult[Ready]:
    """The file's diagnostics (with the list's and the upload's, when asked); the verdict ``no
    error`` or ``errors found`` (with ``upload``: ``ready to upload`` or ``not ready to upload``)."""
    lists = lookup(params.lists)
    if isinstance(lists, Problem):
        return stopped(params.name, lists)
    t = tournament(params.file, encoding=params.encoding, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return stopped(params.name, t, file=name_of(params.file))
    diagnostics = t.diagnostics
    month = None
    if lists is not None:
        from ..rules.rateability import rating_list  # here: the rules cost a plain check its start
        from ..rules.ratinglist.inforce import event_list

        kind = rating_list(t)
        found = against_list(t, lists, kind)
        if isinstance(found, Problem):
            return stopped(params.name, found, file=name_of(params.file), tournament=t)
        diagnostics = (*diagnostics, *found)
        month = event_list(t, lists, kind)[0] if params.upload else None
    ready = None
    if params.upload:
        on_disk = path_of(params.file) if params.gacrux else None  # gacrux reads a file on disk
        diagnostics, ready = _upload(t, diagnostics, lists, month, params.today or date.today(), on_disk)
    verdict = msg("errors found") if has_errors(diagnostics) else msg("no error")
    if ready is not None:
        verdict = msg("ready to upload") if ready.ready else msg("not ready to upload")
    return JobResult(params.name, Exit.PROBLEMS if has_errors(diagnostics) else Exit.OK, name_of(params.file), t,
                     ready, tuple(diagnostics), verdict=verdict)


def _upload(t: Tournament, diagnostics, lists, month: str | None, today: date,
            on_disk: Path | None) -> tuple[tuple[Diagnostic, ...], Ready]:
    """The diagnostics with the upload findings added (``month``: the list in force at the
    start; ``on_disk``: the file gacrux checks, None: no gacrux) and the upload's answer."""
    from ..io.pairing_checker import finding
    from ..rules.upload import ready, summary, upload_check

    result = upload_check(t, today, lists, month)
    found = [d for d in diagnostics if d.code != "LST011"] + list(result.diagnostics)
    verdict = finding(str(on_disk)) if on_disk is not None and t.source.format == "trf" else None
    if verdict is not None:
        found.append(verdict)
    return tuple(found), Ready(ready(found, result.deadlines), summary(found, result.deadlines))
