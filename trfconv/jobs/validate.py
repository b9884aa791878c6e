"""``validate``: would FIDE rate this event, which games and for whom (B.02), with the articles
and numbers behind the verdict and the caveats it rests on. :func:`judged` is the judging the
rating report shares: the file read, held against the FIDE list in force when asked (its ratings
and K then the list's), and the verdict.

An event not finished is NOT FINISHED unless the arbiter asks for the verdict after a round or
says it ended early (:mod:`trfconv.rules.progress`); the document rests on the file: its errors
withhold it unless ``lenient``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from ..diagnostics import Diagnostic
from ..documents.basis import Basis
from ..io.files import MAX_INPUT_BYTES
from ..model import Tournament
from ..rules.rateability.verdict import Verdict
from ..timecontrol import TimeControl
from .inputs import Given, Lists, Params, name_of, tournament
from .lists import against_list, lookup
from .outputs import rendered_in
from .result import Exit, JobResult, Problem, stopped


@dataclass(frozen=True)
class Judging(Params):
    """What judging an event takes (the verdict and the rating report): the file; the B.02
    edition (None: in force on the start date); the rate of play, when the file's is missing or
    wrong; whether the event is a national championship (B.02 2005 6.33); the round the verdict is
    asked after, or the event ended after; the day it is judged on (None: today); the rating
    lists whose ratings it is judged on; the file's encoding; ``details``: every player and every
    game; ``lenient``: the document even when the file has errors; the document's form."""

    file: Given
    rules: str | None = None
    time_control: TimeControl | None = None
    national: bool = False
    after_round: int | None = None
    finished_after: int | None = None
    today: date | None = None
    lists: Lists | None = None
    encoding: str | None = None
    details: bool = False
    lenient: bool = False
    form: str = "text"
    max_bytes: int = MAX_INPUT_BYTES


@dataclass(frozen=True)
class Validate(Judging):
    """The verdict (forms ``text``, ``json``; ``details``: the games not counted too)."""

    name: ClassVar[str] = "validate"
    job: ClassVar[str] = "trfconv.jobs.validate:validate"


@dataclass(frozen=True)
class Judged:
    """An event judged: the tournament (with the list's ratings when asked), the list's K by FIDE
    id, the list's findings (the cross-check's and LST024) and the verdict."""

    tournament: Tournament
    k: dict
    listed: tuple[Diagnostic, ...]
    verdict: Verdict


def judged(params: Judging) -> Judged | Problem:
    """The event of ``params`` judged, or the problem that stops it (the lists, the file, the
    edition or the round asked for)."""
    from ..rules.editions import UnknownEdition
    from ..rules.rateability import rating_list
    from ..rules.rateability import validate as judge
    from ..rules.tiebreaks.after_round import NoSuchRound

    lists = lookup(params.lists)
    if isinstance(lists, Problem):
        return lists
    t = tournament(params.file, encoding=params.encoding, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return t
    k: dict = {}
    listed: list[Diagnostic] = []
    try:
        if lists is not None:
            from ..rules.ratinglist.inforce import rated_from_list

            kind = rating_list(t, params.rules, params.time_control)
            found = against_list(t, lists, kind)
            if isinstance(found, Problem):
                return found
            t, k, said = rated_from_list(t, lists, kind)
            listed = [*found, *(d for d in said if d.code == "LST024")]
        verdict = judge(t, params.rules, params.time_control, national_championship=params.national,
                        today=params.today or date.today(), after_round=params.after_round,
                        finished_after=params.finished_after)
    except UnknownEdition as err:
        return Problem(str(err), about="rules")
    except NoSuchRound as err:
        return Problem(str(err), about="finished_after" if params.finished_after is not None else "after_round")
    return Judged(t, k, tuple(listed), verdict)


def exit_of(verdict: Verdict, basis: Basis) -> Exit:
    """OK only for a rateable event resting on a file without error."""
    return Exit.OK if verdict.rateable and not basis.defective else Exit.PROBLEMS


def said_of(verdict: Verdict, basis: Basis) -> str:
    """The verdict in a few words: the decision, or that the document was not produced."""
    return "not produced" if basis.withheld else verdict.decision.value


def validate(params: Validate) -> JobResult[Verdict]:
    """The verdict document (its form), and the verdict."""
    from ..documents.verdict import VerdictReport

    found = judged(params)
    if isinstance(found, Problem):
        return stopped(params.name, found, file=name_of(params.file))
    t, verdict = found.tournament, found.verdict
    basis = Basis(name_of(params.file), (*t.diagnostics, *found.listed, *verdict.diagnostics), params.lenient,
                  scope="rating", lang=params.lang)
    rendered = rendered_in("verdict", VerdictReport(basis, t, verdict, params.details), params.form)
    return JobResult(params.name, exit_of(verdict, basis), name_of(params.file), t, verdict, basis.diagnostics, basis,
                     said_of(verdict, basis), (rendered,), actions=actions_of(verdict, basis))


def actions_of(verdict: Verdict, basis: Basis) -> tuple:
    """What the person can do next: have the document anyway, judge the event before its end."""
    from ..documents.basis import ALLOW_DEFECTIVE

    return ((ALLOW_DEFECTIVE,) if basis.withheld else ()) + verdict.actions
