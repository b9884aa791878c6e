"""``standings``: points, the ordered tie-breaks and ties left for a drawing of lots."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..documents.basis import Basis
from ..documents.registry import document
from ..model import MAX_ROUNDS
from ..rules.editions import UnknownEdition, edition
from .batch import single
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    MAX_RATING,
    EncodingOption,
    Facts,
    FilesArgument,
    JobsOption,
    JsonOption,
    LenientOption,
    PlainUsage,
    check_output,
    choices,
    edition_names,
    emit,
    error_lines,
    facts_of,
    fail,
    readable,
    tiebreak_list,
    wrote,
)

StandingsFormat = choices("StandingsFormat", document("standings").formats)


def _tiebreak_names() -> str:
    from ..rules.tiebreaks import definitions

    return ", ".join(d.name for code, d in definitions().items() if not code.startswith("OTHER_"))


class Command(PlainUsage):
    """The standings command, whose ``-t`` help names every tie-break: the names are filled in
    when the help is shown, as listing them imports every tie-break's module (a command that
    never shows this help, ``check`` for one, would pay for it at start)."""

    def format_help(self, ctx, formatter) -> None:
        for param in self.params:
            if param.name == "tiebreaks" and "{names}" in (param.help or ""):
                param.help = param.help.replace("{names}", _tiebreak_names())
        super().format_help(ctx, formatter)


def standings(
    files: list[Path] = FilesArgument,
    tiebreaks: list[str] | None = typer.Option(
        None, "--tiebreaks", "-t", help="Ordered tie-breaks, comma-separated or repeated (e.g. 'BH/C1,BH,SB,DE'); "
        "default: the file's 212 or 202 record, else the list FIDE recommended (before 2023) for the kind of event. "
        "Names: {names} and the systems that are not FIDE's (OTHER_KASHDAN and the others "
        "docs/reference/tiebreaks.md lists), or the names FIDE, the pairing programs and the arbiters' manuals give "
        "them, in any case, with or without accents ('Buchholz Cut 1', 'Buchholz tronqué', 'Median', 'Confrontation "
        "directe'; docs/tiebreak-names.md); a name two systems share is read one way and the output says which; an "
        "unknown name is answered with the closest ones. Modifiers /C1 /M1 /P /L±n /U1400 and the others "
        "docs/reference/tiebreaks.md lists."),
    rules: str | None = typer.Option(None, "--rules", help=f"C.07 edition: {edition_names('tb')} (default: the "
                                     "one in force on the start date)."),
    unrated: int | None = typer.Option(None, "--unrated", min=1, metavar="RATING", max=MAX_RATING, help="Rating given to unrated "
                                       "players by the rating-based tie-breaks (otherwise they are undefined)."),
    after: int | None = typer.Option(None, "--after-round", min=1, metavar="N", max=MAX_ROUNDS, help="The standings as they stood "
                                     "after this round: the tie-breaks on rounds 1..N only, the later rounds not "
                                     "existing yet."),
    seed: str | None = typer.Option(None, "--draw-lots", metavar="SEED", help="Break the ties left after the "
                                    "whole list by a drawing of lots with this seed (reproducible: the seed and the "
                                    "outcome are printed); without it the ties stay marked."),
    fmt: StandingsFormat = typer.Option("text", "--format", case_sensitive=False,  # type: ignore[valid-type]
                                        help=document("standings").format_help()),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output); "
                                       "for several files, a folder."),
    encoding: str | None = EncodingOption, lenient: bool = LenientOption, jobs: int | None = JobsOption,
    as_json: bool = JsonOption,
) -> None:
    """The standings: points, the ordered tie-breaks (exact values), and the ties left for a
    drawing of lots; in a team file (310/013) the teams, by match points (-t PTS:GP,... for game
    points). Exit 0 ok, 1 when the file has errors or a tie-break cannot be computed, 2 when the
    file cannot be read or a tie-break name is unknown (the closest names are suggested)."""
    if rules is not None:
        try:
            edition(rules, "tb")
        except UnknownEdition as err:
            raise fail("--rules", str(err)) from None
    options = dict(tiebreaks=tiebreaks, rules=rules, unrated=unrated, after=after, seed=seed,
                   form="json" if as_json else StandingsFormat(fmt).value, output=output, encoding=encoding,
                   lenient=lenient, as_json=as_json)
    file = single(files, rank_file, options, command="standings", document="standings", form=options["form"],
                  jobs=jobs, as_json=as_json)
    raise typer.Exit(rank_file(file, **options).code)


def rank_file(file: Path, *, tiebreaks: list[str] | None, rules: str | None, unrated: int | None, after: int | None,
              seed: str | None, form: str, output: Path | None, encoding: str | None, lenient: bool,
              as_json: bool) -> Facts:
    """``standings`` on one file: read it, rank it, emit the standings."""
    check_output(output)
    t = readable(file, encoding, as_json)
    if tiebreaks:
        tiebreak_list(tiebreaks, rules, t.event.start_date)
    result, basis, located = _ranked(file, t, tiebreaks, rules, unrated, after, seed, lenient)
    written = _emitted(file, t, result, basis, form, output)
    return facts_of(t, EXIT_ERRORS if basis.defective or any(d.severity.value == "error" for d in located) else EXIT_OK,
                    verdict="not produced" if basis.withheld else "ranked", written=written)


def _ranked(file: Path, t, tiebreaks, rules, unrated, after, seed, lenient: bool):
    """The standings of ``t``, the basis they rest on (the file's diagnostics and the ranking's,
    ``lenient`` or not) and the ranking's diagnostics located in ``file``."""
    from .. import standings as rank
    from ..rules.tiebreaks.after_round import NoSuchRound

    try:
        result = rank(t, tiebreaks or None, rules=rules, unrated=unrated, after_round=after, lots_seed=seed)
    except NoSuchRound as err:
        raise fail("--after-round", str(err)) from None
    located = tuple(d.located(str(file)) for d in result.diagnostics)
    return result, Basis(str(file), (*t.diagnostics, *located), lenient, scope="ranking"), located


def _emitted(file: Path, t, result, basis, form: str, output: Path | None) -> str | None:
    """The standings rendered in ``form`` to ``output`` (standard output when None), and on the
    terminal their errors and, but for JSON, what was noticed and written; the file written, if any."""
    from ..documents.standings import StandingsReport

    rendered = document("standings")
    emit(rendered.render(StandingsReport(basis, result, t), form), output, file,
         encoding=rendered.formats[form].encoding, form=form)
    lines = error_lines(basis.errors)
    written = output is not None and str(output) != "-"
    if form != "json" and (output is not None or lines):
        ranked = not basis.withheld  # a table not produced has no ties to speak of
        lots = [r for r in result.rows if r.lots and r.drawn is None] if ranked else []
        lines.append(f"noticed: {basis.summary()}; {len(basis.caveats)} caveat(s) in the standings"
                     + (f"; {len(lots)} still tied for a drawing of lots" if lots else "")
                     + (f"; lots drawn with seed {result.draw.seed}" if result.draw and ranked else ""))
        if written:
            lines.append(wrote(output, f"standings ({form})", basis,
                               f"{len(result.rows)} {'teams' if result.teams else 'players'}"))
    if lines:
        typer.echo("\n".join(lines), file=sys.stderr)
    return str(output) if written else None
