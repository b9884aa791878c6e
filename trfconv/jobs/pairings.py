"""``pairings``: every round of a Swiss held to FIDE's Dutch system (C.04.3, the edition in force
at the event's start), each difference explained by the criterion that decides it; with
``next_round``, the pairing of the round after the file's last. Exit class PROBLEMS when a round
differs (or the file has errors, or the next round cannot be paired)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..documents.basis import ALLOW_DEFECTIVE, Basis
from ..io.files import MAX_INPUT_BYTES
from ..messages import msg
from .inputs import Given, Params, name_of, tournament
from .outputs import delivered, rendered_in
from .result import Exit, JobResult, Problem, stopped


@dataclass(frozen=True)
class Pairings(Params):
    """The file; only this round (shown board by board); ``next_round``; the edition of the Swiss
    rules (None: in force at the start); ``system`` ``dutch`` to check a file that declares
    another system; the document's form and output file; the file's encoding; ``lenient``."""

    name: ClassVar[str] = "pairings"
    job: ClassVar[str] = "trfconv.jobs.pairings:pairings"

    file: Given
    round: int | None = None
    next_round: bool = False
    rules: str | None = None
    system: str | None = None
    form: str = "text"
    output: Path | None = None
    encoding: str | None = None
    lenient: bool = False
    max_bytes: int = MAX_INPUT_BYTES


def options_problem(params: Pairings) -> Problem | None:
    """Why the edition or the system asked for is none the checker has."""
    from ..rules.editions import UnknownEdition, edition

    if params.rules is not None:
        try:
            edition(params.rules, "swiss")
        except UnknownEdition as err:
            return Problem(err.args[0] if err.args else str(err), about="rules")
    if params.system is not None and params.system.strip().lower() != "dutch":
        return Problem(msg("'{system}': only the Dutch system (dutch) is checked", system=params.system),
                       about="system")
    return None


def pairings(params: Pairings) -> JobResult:
    """The pairings document in its form, written or handed back; the check (``value``) and its
    verdict."""
    from ..documents.pairings import PairingsReport, caveats
    from ..rules.progress import progress
    from ..rules.swiss.check import RoundVerdict, check_pairings

    problem = options_problem(params)
    if problem is not None:
        return stopped(params.name, problem)
    where = name_of(params.file)
    t = tournament(params.file, encoding=params.encoding, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return stopped(params.name, t, file=where)
    if params.round is not None and params.round > (held := progress(t).last_paired):
        return stopped(params.name, Problem(msg("the file holds {n} paired round(s)", n=held), about="round",
                                            given=str(params.round)),
                       file=where, tournament=t)
    result = check_pairings(t, rules=params.rules, system=params.system,
                            rounds=None if params.round is None else [params.round], next_round=params.next_round)
    basis = Basis(where, (*t.diagnostics, *(d.located(where) for d in caveats(result))), params.lenient,
                  scope="pairings", lang=params.lang)
    names = {p.start_number: p.name for p in t.players}
    report = PairingsReport(basis, result, t.event.name, names, (params.round,) if params.round is not None else ())
    rendered = rendered_in("pairings", report, params.form)
    failed = basis.withheld or any(r.verdict in (RoundVerdict.DIFFERS, RoundVerdict.COLOURS) for r in result.rounds) \
        or (result.next is not None and result.next.pairing is None)
    return delivered(params.name, Exit.PROBLEMS if failed or basis.defective else Exit.OK, rendered, params.output,
                     params.file, msg("pairings ({form})", form=params.form), file=where, tournament=t, value=result,
                     diagnostics=basis.diagnostics, basis=basis, verdict=result.verdict,
                     actions=(ALLOW_DEFECTIVE,) if basis.withheld else ())
