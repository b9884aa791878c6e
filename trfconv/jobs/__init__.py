"""The jobs: what trfconv does for a person, one module per job, between the library below and
its two faces above (the command line, the web page), which only parse their input and present
the result.

A job takes its parameters as a frozen dataclass (each module's :class:`~.inputs.Params`
subclass: the inputs as paths, bytes or tournaments, and the options) and returns a
:class:`~.result.JobResult`, the same record for every job: diagnostics, verdict, the documents
rendered, the files written or refused, the exit class, the caveats and what the person can do
next (:mod:`trfconv.actions`). Every job runs through :func:`run`, which holds its outputs
against all its inputs once, before any work (:func:`~.inputs.refused_output`).

    >>> from trfconv.jobs import run
    >>> from trfconv.jobs.check import Check
    >>> result = run(Check("fixtures/tiebreak/tec-swiss16-rated.trf"))
    >>> result.exit.name, result.verdict, result.diagnostics
    ('OK', 'no error', ())
"""

from __future__ import annotations

from ..named import named
from .inputs import Params, refused_output
from .result import JobResult, stopped

#: Every job, by name: its parameters class (``"module:class"``, imported when used; the class
#: names the function that runs it). The library's facade (:mod:`trfconv`) and both faces run
#: them through :func:`run`.
JOBS = {
    "info": "trfconv.jobs.info:Info",
    "check": "trfconv.jobs.check:Check",
    "list-check": "trfconv.jobs.listcheck:ListCheck",
    "convert": "trfconv.jobs.convert:Convert",
    "validate": "trfconv.jobs.validate:Validate",
    "report": "trfconv.jobs.report:Report",
    "standings": "trfconv.jobs.standings:Standings",
    "playoff": "trfconv.jobs.playoff:Playoff",
    "norms": "trfconv.jobs.norms:Norms",
    "norms-application": "trfconv.jobs.norms:NormsApplication",
    "pairings": "trfconv.jobs.pairings:Pairings",
    "period": "trfconv.jobs.period:Period",
    "fill": "trfconv.jobs.fill:Fill",
    "list-import": "trfconv.jobs.listimport:ListImport",
    "list-lookup": "trfconv.jobs.listlookup:ListLookup",
    "explain": "trfconv.jobs.explain:Explain",
}


def run(params: Params) -> JobResult:
    """Run the job ``params`` are for: its outputs held against its inputs first (a job never
    writes a file it reads, nor starts work whose output cannot be written)."""
    problem = refused_output(params)
    if problem is not None:
        return stopped(params.name, problem)
    return named(params.job)(params)
