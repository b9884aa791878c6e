"""``fill``: a corrected TRF, with the missing FIDE IDs (only when exactly one list entry has the
player's name, federation and birth year), ratings and titles from the FIDE list in force at the
event's start; each change a ``###`` line after the player and a diagnostic
(:func:`trfconv.rules.ratinglist.fill.fill`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import ClassVar

from ..diagnostics import Diagnostic, Severity
from ..errors import TrfconvError
from ..io.files import MAX_INPUT_BYTES
from ..io.registry import write_file
from .inputs import Given, Lists, Params, name_of, tournament
from .lists import lookup_of
from .result import Exit, JobResult, Problem, Written, stopped


@dataclass(frozen=True)
class Fill(Params):
    """The file; the output TRF (never the input); the rating lists (the list in force at the
    event's start, or one month's); the list's rate of play (None: the event's, by its time
    control)."""

    name: ClassVar[str] = "fill"
    job: ClassVar[str] = "trfconv.jobs.fill:fill_job"

    file: Given
    output: Path
    lists: Lists = field(default_factory=Lists)
    kind: str | None = None
    max_bytes: int = MAX_INPUT_BYTES


@dataclass(frozen=True)
class Filled:
    """What the fill did: the list's rate of play, its findings (each change, each doubt), what
    the writer said, the changes made and the warnings among the findings."""

    kind: str
    found: tuple[Diagnostic, ...]
    written: tuple[Diagnostic, ...] = ()
    changes: int = 0
    warnings: int = 0


def fill_job(params: Fill) -> JobResult[Filled]:
    """The corrected file written (TRF16 for a TRF16 file, else TRF-2026): exit 1 when a finding
    is a warning; it stops (nothing written) when no list is in force at the event's start."""
    from ..rules.rateability import rating_list
    from ..rules.ratinglist.fill import fill

    t = tournament(params.file, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return stopped(params.name, t, file=name_of(params.file))
    lists = lookup_of(params.lists)
    if isinstance(lists, Problem):
        return stopped(params.name, lists, file=name_of(params.file), tournament=t)
    kind = params.kind or rating_list(t)
    filled, found = fill(t, lists, kind)
    base: JobResult[Filled] = JobResult(params.name, Exit.UNUSABLE, name_of(params.file), t, Filled(kind, tuple(found)),
                                        tuple(found))
    if any(d.code == "LST012" for d in found):  # no list in force: said among the findings
        return base
    fmt = "trf16" if t.source.version in ("TRF06", "TRF16") else "trf26"
    try:
        written = write_file(filled, params.output, fmt).diagnostics
    except TrfconvError as err:
        return replace(base, value=Filled(kind, tuple(found), err.diagnostics))
    changes = sum(1 for d in found if d.code in ("LST020", "LST021", "LST022"))
    warnings = sum(1 for d in found if d.severity is not Severity.INFO)
    return replace(base, exit=Exit.PROBLEMS if warnings else Exit.OK,
                   value=Filled(kind, tuple(found), tuple(written), changes, warnings),
                   written=(Written(str(params.output), f"TRF filled from the FIDE {kind} list"),))
