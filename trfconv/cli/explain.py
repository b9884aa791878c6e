"""``explain``: what a diagnostic code means and what to do about it, from the code registry."""

from __future__ import annotations

import difflib

import typer

from ..diagnostics import CODES, SEVERITY_WORDS
from ..messages import ENGLISH, SEMICOLON, Language, joined, msg
from .common import EXIT_OK, face, fail
from .hints import HINTS


def explain(code: str = typer.Argument(..., help="A diagnostic code, e.g. TRF010 (as trfconv check prints it).")) -> None:
    """What a diagnostic code means: its severity, the program that rejects such input, whether
    documents print it as a caveat, and what to do. Exit 0, or 2 for a code that does not exist
    (the closest codes are named)."""
    lang = face["lang"]
    lines = explanation(code, lang)
    if lines is None:
        close = difflib.get_close_matches(code.strip().upper(), CODES, n=3, cutoff=0.6)
        why = (msg("no such diagnostic code; closest: {codes}", codes=close) if close
               else msg("no such diagnostic code; trfconv check prints the codes it finds"))
        raise fail(f"explain {code}", lang.say(why))
    typer.echo("\n".join(lines))
    raise typer.Exit(EXIT_OK)


def explanation(code: str, lang: Language = ENGLISH) -> list[str] | None:
    """The lines ``trfconv explain`` prints for ``code`` (any case), None when no code is it; in
    ``lang``."""
    spec = CODES.get(code.strip().upper())
    if spec is None:
        return None
    say = lang.say
    lines = [say(msg("{code} ({severity}): {title}", code=spec.code, severity=SEVERITY_WORDS[spec.severity],
                     title=lang.text(spec.title)))]
    if spec.consumer:
        lines.append(say(msg("rejected by: {consumer}", consumer=lang.text(spec.consumer))))
    if spec.caveat:
        lines.append(say(msg("caveat: printed in the caveats of every document that ranks players, as an assumption "
                             "the result rests on") if spec.scope == "ranking" else
                         msg("caveat: printed in the caveats of every document it concerns, as an assumption the "
                             "result rests on")))
    todo = [t for t in (lang.text(spec.todo) if spec.todo else None, HINTS.get(spec.code)) if t] \
        or [_BY_SEVERITY[spec.severity.value]]
    lines.append(say(msg("what to do: {todo}", todo=joined(todo, SEMICOLON))))
    return lines


#: What to do about a code that says no more than its severity does.
_BY_SEVERITY = {
    "error": msg("correct what the message names in the pairing program (or the file), export the file again and "
                 "check it again: a document resting on it is withheld until then"),
    "warning": msg("check what the message names, and correct it in the pairing program if it is wrong"),
    "info": msg("nothing: it says how the file was read or what a result assumes"),
}
