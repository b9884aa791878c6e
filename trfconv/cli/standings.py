"""``standings``: points, the ordered tie-breaks and ties left for a drawing of lots."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..documents.registry import document
from ..jobs.standings import edition_problem
from ..model import MAX_ROUNDS
from ..messages import joined, msg, plural
from .batch import single
from .common import (
    MAX_RATING,
    choices,
    edition_names,
    EncodingOption,
    error_lines,
    Facts,
    face,
    facts_of,
    fail,
    FilesArgument,
    JobsOption,
    JsonOption,
    LenientOption,
    PlainUsage,
    ran,
    say,
    show,
    written_lines,
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
    problem = edition_problem(rules)
    if problem is not None:
        raise fail("--rules", problem.said(face["lang"]))
    options = dict(tiebreaks=tiebreaks, rules=rules, unrated=unrated, after=after, seed=seed,
                   form="json" if as_json else StandingsFormat(fmt).value, output=output, encoding=encoding,
                   lenient=lenient, as_json=as_json)
    file = single(files, rank_file, options, command="standings", document="standings", form=options["form"],
                  jobs=jobs, as_json=as_json)
    raise typer.Exit(rank_file(file, **options).code)


def rank_file(file: Path, *, tiebreaks: list[str] | None, rules: str | None, unrated: int | None, after: int | None,
              seed: str | None, form: str, output: Path | None, encoding: str | None, lenient: bool,
              as_json: bool) -> Facts:
    """``standings`` on one file: the job, its document and, on the terminal, its errors and, but
    for JSON, what was noticed and written."""
    from ..jobs.standings import Standings

    result = ran(Standings(file, tuple(tiebreaks or ()), rules, unrated, after, seed, form, output, encoding, lenient),
                 as_json=as_json)
    basis, ranked = result.grounds, result.computed
    if result.document is not None:
        show(result.document)
    lines = error_lines(basis.errors)
    if form != "json" and (output is not None or lines):
        produced = not basis.withheld  # a table not produced has no ties to speak of
        lots = [r for r in ranked.rows if r.lots and r.drawn is None] if produced else []
        lines.append(say(joined([
            msg("noticed: {summary}; {caveats} caveat(s) in the standings", summary=basis.summary(),
                caveats=len(basis.caveats)),
            msg("; {n} still tied for a drawing of lots", n=len(lots)) if lots else "",
            msg("; lots drawn with seed {seed}", seed=ranked.draw.seed) if ranked.draw and produced else ""])))
        rows = len(ranked.rows)
        lines += written_lines(result, say(plural("{n} team", "{n} teams", n=rows) if ranked.teams
                                           else plural("{n} player", "{n} players", n=rows)))
    if lines:
        typer.echo("\n".join(lines), file=sys.stderr)
    return facts_of(result.event, int(result.exit), verdict=result.verdict,
                    written=result.written[0].path if result.written else None)
