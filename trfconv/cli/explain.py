"""``explain``: what a diagnostic code means and what to do about it (:mod:`trfconv.jobs.explain`),
with the means of doing it worded as options."""

from __future__ import annotations

import typer

from ..diagnostics import SEVERITY_WORDS
from ..jobs.explain import Explain, Explanation
from ..messages import ENGLISH, SEMICOLON, Language, Message, joined, msg
from .common import EXIT_OK, face, ran
from .hints import TERMINAL


def explain(code: str = typer.Argument(..., help="A diagnostic code, e.g. TRF010 (as trfconv check prints it).")) -> None:
    """What a diagnostic code means: its severity, the program that rejects such input, whether
    documents print it as a caveat, and what to do. Exit 0, or 2 for a code that does not exist
    (the closest codes are named)."""
    typer.echo("\n".join(explanation(ran(Explain(code), options={"code": "explain"}).computed, face["lang"])))
    raise typer.Exit(EXIT_OK)


def explanation(found: Explanation, lang: Language = ENGLISH) -> list[str]:
    """The lines ``trfconv explain`` prints for a code, in ``lang``."""
    spec, say = found.code, lang.say
    lines = [say(msg("{code} ({severity}): {title}", code=spec.code, severity=SEVERITY_WORDS[spec.severity],
                     title=lang.text(spec.title)))]
    if spec.consumer:
        lines.append(say(msg("rejected by: {consumer}", consumer=lang.text(spec.consumer))))
    if spec.caveat:
        lines.append(say(msg("caveat: printed in the caveats of every document that ranks players, as an assumption "
                             "the result rests on") if spec.scope == "ranking" else
                         msg("caveat: printed in the caveats of every document it concerns, as an assumption the "
                             "result rests on")))
    own = lang.say(found.todo) if isinstance(found.todo, Message) else lang.text(found.todo)
    todo = [t for t in (own, *map(TERMINAL.hint, spec.actions)) if t]
    lines.append(say(msg("what to do: {todo}", todo=joined(todo, SEMICOLON))))
    return lines
