"""``pairings``: every round of a Swiss held to FIDE's Dutch system (C.04.3, the edition in force
at the event's start), each difference explained by the criterion that decides it; ``--next``:
the pairing of the next round."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..documents.registry import document
from ..messages import msg
from ..model import MAX_ROUNDS
from .batch import single
from .common import (
    EncodingOption,
    Facts,
    FilesArgument,
    JobsOption,
    JsonOption,
    LenientOption,
    choices,
    edition_names,
    error_lines,
    facts_of,
    ran,
    show,
    written_lines,
)

PairingsFormat = choices("PairingsFormat", document("pairings").formats)


def pairings(
    files: list[Path] = FilesArgument,
    round_: int | None = typer.Option(None, "--round", min=1, max=MAX_ROUNDS, metavar="N",
                                      help="Only this round, shown board by board: the file's pairing and the Dutch "
                                           "system's, and the criterion that decides."),
    next_round: bool = typer.Option(False, "--next", help="Also pair the round after the file's last, as the Dutch "
                                                          "system pairs it (a second opinion before publishing)."),
    rules: str | None = typer.Option(None, "--rules", help=f"Edition of the Swiss rules: {edition_names('swiss')} "
                                     "(default: the one in force on the event's start date)."),
    system: str | None = typer.Option(None, "--system", metavar="dutch",
                                      help="Check the file as paired by the Dutch system, whatever it declares."),
    fmt: PairingsFormat = typer.Option("text", "--format", case_sensitive=False,  # type: ignore[valid-type]
                                       help=document("pairings").format_help()),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output); for "
                                       "several files, a folder."),
    encoding: str | None = EncodingOption, lenient: bool = LenientOption, jobs: int | None = JobsOption,
    as_json: bool = JsonOption,
) -> None:
    """Were the pairings right? Every round of a Swiss re-paired by FIDE's Dutch system (C.04.3,
    the edition in force at the event's start) from the state before it as the file records it,
    and compared with the file's round: the same, or what differs and the criterion that decides,
    with its numbers; a round the file cannot decide is said so. Other systems (Dubov, Burstein,
    Lim, team Swiss) are not checked. Exit 0 every round judged is the Dutch system's pairing, 1 a
    round differs (or the file has errors, or --next cannot pair), 2 the file cannot be read."""
    options = dict(round_=round_, next_round=next_round, rules=rules, system=system,
                   form="json" if as_json else PairingsFormat(fmt).value, output=output, encoding=encoding,
                   lenient=lenient, as_json=as_json)
    file = single(files, pairings_file, options, command="pairings", document="pairings", form=options["form"],
                  jobs=jobs, as_json=as_json)
    raise typer.Exit(pairings_file(file, **options).code)


def pairings_file(file: Path, *, round_: int | None, next_round: bool, rules: str | None, system: str | None,
                  form: str, output: Path | None, encoding: str | None, lenient: bool, as_json: bool) -> Facts:
    """``pairings`` on one file (:mod:`trfconv.jobs.pairings`)."""
    from ..jobs.pairings import Pairings

    result = ran(Pairings(file, round_, next_round, rules, system, form, output, encoding, lenient), as_json=as_json,
                 options={"round": "--round", "system": "--system"})
    if result.document is not None:
        show(result.document)
    lines = error_lines(result.grounds.errors)
    if form != "json":
        lines += written_lines(result, msg("{n} rounds", n=len(result.computed.rounds)))
    if lines:
        typer.echo("\n".join(lines), file=sys.stderr)
    return facts_of(result.event, int(result.exit), verdict=result.verdict,
                    written=result.written[0].path if result.written else None)
