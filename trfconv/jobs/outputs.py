"""A document a job writes to a file: the same bytes a face hands out, written atomically and
never over the job's input (:mod:`trfconv.io.files`); the check that no output is an input is
:func:`trfconv.jobs.inputs.refused_output`, made before the job runs."""

from __future__ import annotations

from pathlib import Path

from ..io.files import OutputError, write_output
from .inputs import Given, path_of
from .result import Exit, JobResult, Problem, Rendered, Written, stopped


def to_file(output: Path | None) -> bool:
    """Whether ``output`` names a file (None and ``-`` are standard output: handed back)."""
    return output is not None and str(output) != "-"


def rendered_in(name: str, subject, form: str) -> Rendered:
    """The document ``name`` of the registry rendered in ``form``, with its form's encoding."""
    from ..documents.registry import document

    found = document(name)
    return Rendered(name, form, found.render(subject, form), found.formats[form].encoding)


def write_document(rendered: Rendered, output: Path, source: Given | None = None) -> Problem | None:
    """``rendered`` written to ``output`` in its encoding (never over ``source``), or why it could
    not be. A file name's bytes that are not UTF-8 are written ``\\xNN``
    (:func:`~trfconv.encoding.shown`)."""
    from ..encoding import shown

    try:  # encoded once: only a lone surrogate (a file name's byte) fails, and is then shown
        data = rendered.text.encode(rendered.encoding)
    except UnicodeEncodeError:
        data = shown(rendered.text, json=rendered.form == "json").encode(rendered.encoding)
    try:
        write_output(output, data, source=path_of(source) if source is not None else None)
    except OutputError as err:
        return Problem(str(err), path=str(output))
    return None


def delivered(job: str, code: Exit, rendered: Rendered, output: Path | None, source: Given | None, what: str,
              **known) -> JobResult:
    """The result of a job that rendered a document: handed back (no ``output``, or ``-``) or
    written to ``output`` (``what``: what the file holds, as a face says it), the body withheld
    when its basis says so; ``known``: the result's other fields."""
    if output is None or not to_file(output):
        return JobResult(job, code, documents=(rendered,), **known)
    problem = write_document(rendered, output, source)
    if problem is not None:
        return stopped(job, problem, **known)
    basis = known.get("basis")
    return JobResult(job, code, written=(Written(str(output), what, bool(basis and basis.withheld)),), **known)
