"""``standings``: points, the ordered tie-breaks (exact values) and the ties left for a drawing
of lots (C.07); in a team file the teams, by match points. The document rests on the file: its
errors, and a tie-break that cannot be computed, make it defective (withheld unless
``lenient``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..documents.basis import ALLOW_DEFECTIVE, Basis
from ..io.files import MAX_INPUT_BYTES
from ..messages import msg
from ..rules.tiebreaks.standings import Standings as Ranked
from .inputs import Given, Params, name_of, tournament
from .outputs import delivered, rendered_in
from .result import Exit, JobResult, Problem, stopped
from .tiebreaks import tiebreak_specs


@dataclass(frozen=True)
class Standings(Params):
    """The file; the ordered tie-breaks (names as a person writes them; empty: the file's list,
    else the recommended one); the C.07 edition (None: in force on the start date); the rating
    given to unrated players by the rating-based tie-breaks; the round the standings stand after;
    the seed of a drawing of lots for the ties left; the document's form and output file (None or
    ``-``: handed back); the file's encoding; ``lenient``."""

    name: ClassVar[str] = "standings"
    job: ClassVar[str] = "trfconv.jobs.standings:standings"

    file: Given
    tiebreaks: tuple[str, ...] = ()
    rules: str | None = None
    unrated: int | None = None
    after_round: int | None = None
    seed: str | None = None
    form: str = "text"
    output: Path | None = None
    encoding: str | None = None
    lenient: bool = False
    max_bytes: int = MAX_INPUT_BYTES


def edition_problem(rules: str | None) -> Problem | None:
    """Why ``rules`` is no C.07 edition (None: it is one, or none was given)."""
    from ..rules.editions import UnknownEdition, edition

    if rules is None:
        return None
    try:
        edition(rules, "tb")
    except UnknownEdition as err:
        return Problem(str(err), about="rules")
    return None


def standings(params: Standings) -> JobResult[Ranked]:
    """The standings document in its form, written or handed back; the standings (``ranked``
    as the verdict, or ``not produced``)."""
    from ..documents.standings import StandingsReport
    from ..rules.tiebreaks import standings as rank
    from ..rules.tiebreaks.after_round import NoSuchRound

    problem = edition_problem(params.rules)
    if problem is not None:
        return stopped(params.name, problem)
    t = tournament(params.file, encoding=params.encoding, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return stopped(params.name, t, file=name_of(params.file))
    if params.tiebreaks:
        specs = tiebreak_specs(list(params.tiebreaks), params.rules, t.event.start_date)
        if isinstance(specs, Problem):
            return stopped(params.name, specs, file=name_of(params.file), tournament=t)
    try:
        result = rank(t, list(params.tiebreaks) or None, rules=params.rules, unrated=params.unrated,
                      after_round=params.after_round, lots_seed=params.seed)
    except NoSuchRound as err:
        return stopped(params.name, Problem(str(err), about="after_round"), file=name_of(params.file), tournament=t)
    located = tuple(d.located(name_of(params.file)) for d in result.diagnostics)
    basis = Basis(name_of(params.file), (*t.diagnostics, *located), params.lenient, scope="ranking", lang=params.lang)
    rendered = rendered_in("standings", StandingsReport(basis, result, t), params.form)
    return delivered(params.name, Exit.PROBLEMS if basis.defective else Exit.OK, rendered, params.output,
                     params.file, msg("standings ({form})", form=params.form), file=name_of(params.file), tournament=t, value=result,
                     diagnostics=basis.diagnostics, basis=basis, verdict="not produced" if basis.withheld else "ranked",
                     actions=(ALLOW_DEFECTIVE,) if basis.withheld else ())
