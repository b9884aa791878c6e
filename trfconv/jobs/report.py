"""``report``: the FIDE rating report of one event (B.02): which games count (the verdict, as
:mod:`.validate` judges it), each player's Ro, K, Rc, n, W, We, change and new rating, unrated
players' Ru, and the caveats it rests on. K comes from the list (when asked), else from a K file
of ``FIDE id,K`` lines, else from the edition's rules (said)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..diagnostics import Diagnostic
from ..documents.basis import Basis
from ..messages import msg
from ..rules.rateability.verdict import Verdict
from ..rules.rating.event import EventRating
from .inputs import name_of
from .outputs import delivered, rendered_in, to_file
from .result import JobResult, Problem, stopped
from .validate import Judging, actions_of, exit_of, judged, said_of


@dataclass(frozen=True)
class Report(Judging):
    """What :class:`~.validate.Judging` takes (its forms: the rating report's, text, csv, json,
    html; ``details``: a text report handed back is otherwise a summary), and the K file and the
    output file (None or ``-``: the document is handed back)."""

    name: ClassVar[str] = "report"
    job: ClassVar[str] = "trfconv.jobs.report:report"

    k_file: Path | None = None
    output: Path | None = None


@dataclass(frozen=True)
class Rated:
    """The report's figures: the verdict it rests on, the event's rating, and the K file's lines
    that could not be used (RAT002, RAT003: said, not errors of the event)."""

    verdict: Verdict
    rating: EventRating
    k_file: tuple[Diagnostic, ...] = ()


def report(params: Report) -> JobResult[Rated]:
    """The rating report in its form, written to ``params.output`` or handed back; the rating."""
    from ..documents.rating_report import RatingReport
    from ..errors import InputError
    from ..io.kfile import read_k_file
    from ..rules.rating.event import rate

    k: dict[str, int] = {}
    k_problems: list[Diagnostic] = []
    if params.k_file is not None:
        try:
            k, k_problems = read_k_file(params.k_file)
        except InputError as err:
            return stopped(params.name, Problem(str(err), about="k_file"))
    found = judged(params)
    if isinstance(found, Problem):
        return stopped(params.name, found, file=name_of(params.file))
    t, verdict = found.tournament, found.verdict
    rating = rate(t, verdict, k={**k, **found.k})
    located = [d.located(str(params.k_file)) if d.code == "RAT004" else d for d in rating.diagnostics]
    basis = Basis(name_of(params.file), (*t.diagnostics, *found.listed, *verdict.diagnostics, *k_problems, *located),
                  params.lenient, scope="rating", lang=params.lang)
    written = to_file(params.output)
    whole = params.details or params.form != "text" or written
    rendered = rendered_in("rating-report", RatingReport(basis, t, verdict, rating, whole), params.form)
    return delivered(params.name, exit_of(verdict, basis), rendered, params.output, params.file,
                     msg("rating report ({form})", form=params.form), file=name_of(params.file), tournament=t,
                     value=Rated(verdict, rating, tuple(k_problems)), diagnostics=basis.diagnostics, basis=basis,
                     verdict=said_of(verdict, basis), actions=actions_of(verdict, basis))
