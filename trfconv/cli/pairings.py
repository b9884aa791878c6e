"""``pairings``: every round of a Swiss held to FIDE's Dutch system (C.04.3, the edition in force
at the event's start), each difference explained by the criterion that decides it; ``--next``:
the pairing of the next round."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..documents.basis import Basis
from ..documents.registry import document
from ..model import MAX_ROUNDS
from ..rules.editions import UnknownEdition, edition
from ..messages import msg, plural
from .batch import single
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    check_output,
    choices,
    edition_names,
    emit,
    EncodingOption,
    error_lines,
    face,
    Facts,
    facts_of,
    fail,
    FilesArgument,
    JobsOption,
    JsonOption,
    LenientOption,
    readable,
    wrote,
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
    if rules is not None:
        try:
            edition(rules, "swiss")
        except UnknownEdition as err:
            raise fail("--rules", err.args[0] if err.args else str(err)) from None
    if system is not None and system.strip().lower() != "dutch":
        raise fail("--system", msg("'{system}': only the Dutch system (dutch) is checked", system=system))
    options = dict(round_=round_, next_round=next_round, rules=rules, system=system,
                   form="json" if as_json else PairingsFormat(fmt).value, output=output, encoding=encoding,
                   lenient=lenient, as_json=as_json)
    file = single(files, pairings_file, options, command="pairings", document="pairings", form=options["form"],
                  jobs=jobs, as_json=as_json)
    raise typer.Exit(pairings_file(file, **options).code)


def pairings_file(file: Path, *, round_: int | None, next_round: bool, rules: str | None, system: str | None,
                  form: str, output: Path | None, encoding: str | None, lenient: bool, as_json: bool) -> Facts:
    """``pairings`` on one file: read it, check it, emit the document."""
    from .. import pairings as check
    from ..documents.pairings import PairingsReport, caveats
    from ..rules.swiss.check import RoundVerdict

    check_output(output)
    t = readable(file, encoding, as_json)
    from ..rules.progress import progress

    if round_ is not None and round_ > (held := progress(t).last_paired):
        raise fail("--round", msg("the file holds {n} paired round(s)", n=held))
    result = check(t, round=round_, next=next_round, rules=rules, system=system)
    basis = Basis(str(file), (*t.diagnostics, *(d.located(str(file)) for d in caveats(result))), lenient,
                  scope="pairings", lang=face["lang"])
    names = {p.start_number: p.name for p in t.players}
    report = PairingsReport(basis, result, t.event.name, names, (round_,) if round_ is not None else ())
    rendered = document("pairings")
    emit(rendered.render(report, form), output, file, encoding=rendered.formats[form].encoding, form=form)
    written = output is not None and str(output) != "-"
    lines = error_lines(basis.errors)
    if written and form != "json" and output is not None:
        lines.append(wrote(output, msg("pairings ({form})", form=form), basis,
                           plural("{n} round", "{n} rounds", n=len(result.rounds))))
    if lines:
        typer.echo("\n".join(lines), file=sys.stderr)
    failed = basis.withheld or any(r.verdict in (RoundVerdict.DIFFERS, RoundVerdict.COLOURS) for r in result.rounds) or (
        result.next is not None and result.next.pairing is None)
    return facts_of(t, EXIT_ERRORS if failed or basis.defective else EXIT_OK, verdict=result.verdict,
                    written=str(output) if written else None)
