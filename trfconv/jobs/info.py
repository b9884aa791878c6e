"""``info``: what a file is: format and dialect, encoding, the event, counts and a summary of
what was noticed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..documents.info import InfoReport
from ..documents.registry import document
from ..io.files import MAX_INPUT_BYTES
from ..io.registry import readers
from .inputs import Given, Params, name_of, tournament
from .result import Exit, JobResult, Problem, Rendered, stopped


@dataclass(frozen=True)
class Info(Params):
    """The file, its encoding (None: detected), the document's form (``text``, ``json``)."""

    name: ClassVar[str] = "info"
    job: ClassVar[str] = "trfconv.jobs.info:info"

    file: Given
    encoding: str | None = None
    form: str = "text"
    max_bytes: int = MAX_INPUT_BYTES


def info(params: Info) -> JobResult:
    """The info document of the file (its format as the verdict)."""
    t = tournament(params.file, encoding=params.encoding, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return stopped(params.name, t, file=name_of(params.file))
    binary = readers().get(t.source.format or "")
    text = document("info").render(InfoReport(name_of(params.file), t, bool(binary and binary.binary), params.lang), params.form)
    return JobResult(params.name, Exit.OK, name_of(params.file), t, diagnostics=t.diagnostics,
                     verdict=t.source.format, documents=(Rendered("info", params.form, text),))
