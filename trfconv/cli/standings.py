"""``standings``: points, the ordered tie-breaks and ties left for a drawing of lots."""

from __future__ import annotations

from pathlib import Path

import typer

from ..diagnostics import has_errors
from ..documents.registry import document
from ..rules.editions import UnknownEdition, edition
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    EncodingOption,
    JsonOption,
    choices,
    edition_names,
    print_diagnostics,
    readable,
)

StandingsFormat = choices("StandingsFormat", document("standings").formats)


def standings(
    file: Path = typer.Argument(..., help="Tournament file."),
    tiebreaks: list[str] | None = typer.Option(
        None, "--tiebreaks", "-t", help="Ordered tie-breaks, comma-separated or repeated (e.g. "
        "'BH/C1,BH,SB,DE'); default: the file's 212 or 202 record."),
    rules: str | None = typer.Option(None, "--rules", help=f"C.07 edition: {edition_names('tb')} (default: the "
                                     "one in force on the start date)."),
    unrated: int | None = typer.Option(None, "--unrated", min=1, help="Rating given to unrated players by "
                                       "the rating-based tie-breaks (otherwise they are undefined)."),
    fmt: StandingsFormat = typer.Option("text", "--format", case_sensitive=False,  # type: ignore[valid-type]
                                        help="Output format."),
    encoding: str | None = EncodingOption, as_json: bool = JsonOption,
) -> None:
    """Standings: points, the ordered tie-breaks (exact values), and ties left for drawing of
    lots; in a team file (310/013) the teams, by match points (`-t PTS:GP,...` for game points).
    Exit 0 ok, 1 when a tie-break cannot be computed, 2 when the file cannot be read."""
    from .. import standings as rank
    from ..documents.standings import StandingsReport

    if rules is not None:
        try:
            edition(rules)
        except UnknownEdition as err:
            raise typer.BadParameter(str(err), param_hint="--rules") from None
    t = readable(file, encoding)
    result = rank(t, tiebreaks or None, rules=rules, unrated=unrated)
    diagnostics = tuple(d.located(str(file)) for d in result.diagnostics)
    form = "json" if as_json else StandingsFormat(fmt).value
    if form != "json":
        print_diagnostics(diagnostics)
    typer.echo(document("standings").render(StandingsReport(str(file), result, diagnostics), form), nl=False)
    raise typer.Exit(EXIT_ERRORS if has_errors(diagnostics) else EXIT_OK)
