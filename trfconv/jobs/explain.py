"""``explain``: what a diagnostic code means and what to do about it, from the code registry
(:data:`trfconv.diagnostics.CODES`)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import ClassVar

from ..diagnostics import CODES, Code
from ..messages import msg
from .inputs import Params
from .result import Exit, JobResult, Problem, stopped

#: What to do about a code that says no more than its severity does.
BY_SEVERITY = {
    "error": msg("correct what the message names in the pairing program (or the file), export the file again and "
                 "check it again: a document resting on it is withheld until then"),
    "warning": msg("check what the message names, and correct it in the pairing program if it is wrong"),
    "info": msg("nothing: it says how the file was read or what a result assumes"),
}


@dataclass(frozen=True)
class Explain(Params):
    """A diagnostic code, in any case (``TRF010``)."""

    name: ClassVar[str] = "explain"
    job: ClassVar[str] = "trfconv.jobs.explain:explain"

    code: str


@dataclass(frozen=True)
class Explanation:
    """A code's record, and what to do about it in words (its own, a fixed English text of the
    table which a face says with :meth:`~trfconv.messages.Language.text`; else its severity's, a
    message; the means are its actions, :attr:`Code.actions`)."""

    code: Code
    todo: str | None


def explain(params: Explain) -> JobResult[Explanation]:
    """The explanation; for a code that does not exist, the closest codes named."""
    spec = CODES.get(params.code.strip().upper())
    if spec is None:
        close = difflib.get_close_matches(params.code.strip().upper(), CODES, n=3, cutoff=0.6)
        why = (msg("no such diagnostic code; closest: {codes}", codes=close) if close
               else msg("no such diagnostic code; trfconv check prints the codes it finds"))
        return stopped(params.name, Problem(why, about="code", given=params.code))
    todo = spec.todo if spec.todo or spec.actions else BY_SEVERITY[spec.severity.value]
    return JobResult(params.name, Exit.OK, value=Explanation(spec, todo), actions=spec.actions)
