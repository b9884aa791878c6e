"""``explain``: what a diagnostic code means and what to do about it, from the code registry."""

from __future__ import annotations

import difflib

import typer

from ..diagnostics import CODES
from .common import EXIT_OK, fail
from .hints import TERMINAL


def explain(code: str = typer.Argument(..., help="A diagnostic code, e.g. TRF010 (as trfconv check prints it).")) -> None:
    """What a diagnostic code means: its severity, the program that rejects such input, whether
    documents print it as a caveat, and what to do. Exit 0, or 2 for a code that does not exist
    (the closest codes are named)."""
    lines = explanation(code)
    if lines is None:
        close = difflib.get_close_matches(code.strip().upper(), CODES, n=3, cutoff=0.6)
        raise fail(f"explain {code}", "no such diagnostic code" + (f"; closest: {', '.join(close)}" if close else
                                                                    "; trfconv check prints the codes it finds"))
    typer.echo("\n".join(lines))
    raise typer.Exit(EXIT_OK)


def explanation(code: str) -> list[str] | None:
    """The lines ``trfconv explain`` prints for ``code`` (any case), None when no code is it."""
    spec = CODES.get(code.strip().upper())
    if spec is None:
        return None
    lines = [f"{spec.code} ({spec.severity.value}): {spec.title}"]
    if spec.consumer:
        lines.append(f"rejected by: {spec.consumer}")
    if spec.caveat:
        lines.append("caveat: printed in the caveats of every document " + (
            "that ranks players" if spec.scope == "ranking" else "it concerns") + ", as an assumption the result rests on")
    means = ", ".join(filter(None, map(TERMINAL.hint, spec.actions)))
    todo = [t for t in (spec.todo, means) if t] or [_BY_SEVERITY[spec.severity.value]]
    lines.append("what to do: " + "; ".join(todo))
    return lines


#: What to do about a code that says no more than its severity does.
_BY_SEVERITY = {
    "error": "correct what the message names in the pairing program (or the file), export the file again and "
             "check it again: a document resting on it is withheld until then",
    "warning": "check what the message names, and correct it in the pairing program if it is wrong",
    "info": "nothing: it says how the file was read or what a result assumes",
}
