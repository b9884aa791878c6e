"""``explain``: what a diagnostic code means and what to do about it (:mod:`trfconv.jobs.explain`),
with the means of doing it worded as options."""

from __future__ import annotations

import typer

from ..jobs.explain import Explain, Explanation
from .common import EXIT_OK, ran
from .hints import TERMINAL


def explain(code: str = typer.Argument(..., help="A diagnostic code, e.g. TRF010 (as trfconv check prints it).")) -> None:
    """What a diagnostic code means: its severity, the program that rejects such input, whether
    documents print it as a caveat, and what to do. Exit 0, or 2 for a code that does not exist
    (the closest codes are named)."""
    typer.echo("\n".join(explanation(ran(Explain(code), options={"code": "explain"}).value)))
    raise typer.Exit(EXIT_OK)


def explanation(found: Explanation) -> list[str]:
    """The lines ``trfconv explain`` prints for a code."""
    spec = found.code
    lines = [f"{spec.code} ({spec.severity.value}): {spec.title}"]
    if spec.consumer:
        lines.append(f"rejected by: {spec.consumer}")
    if spec.caveat:
        lines.append("caveat: printed in the caveats of every document " + (
            "that ranks players" if spec.scope == "ranking" else "it concerns") + ", as an assumption the result rests on")
    means = ", ".join(filter(None, map(TERMINAL.hint, spec.actions)))
    lines.append("what to do: " + "; ".join(t for t in (found.todo, means) if t))
    return lines
