"""``validate`` and ``report``: would FIDE rate the event, and the rating report."""

from __future__ import annotations

from pathlib import Path

import typer

from ..diagnostics import Severity, has_errors
from ..documents.registry import document
from ..model import Tournament
from ..rules.editions import UnknownEdition
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    EncodingOption,
    JsonOption,
    choices,
    edition_names,
    emit,
    fail,
    print_diagnostics,
    readable,
)

RulesOption = typer.Option(None, "--rules", help=f"Rating regulations edition: {edition_names('b02')} "
                                                 "(default: the one in force on the start date).")
TimeControlOption = typer.Option(None, "--time-control", help="Time control when the file's is missing or not "
                                 "understood: a 222 code (5400+30) or text (\"90'+30\\\"\", 40/90, 30, +30s).")
NationalOption = typer.Option(False, "--national-championship", help="The event is a national championship "
                              "(B.02 2005 6.33: a round robin needs only 3 rated men, 2 rated women in a women's event).")
ReportFormat = choices("ReportFormat", document("rating-report").formats)


def _verdict(t: Tournament, rules: str | None, time_control: str | None, national: bool):
    """The rateability verdict, or exit 2 when ``--rules`` is not a B.02 edition."""
    from .. import validate as judge

    try:
        return judge(t, rules, time_control, national_championship=national)
    except UnknownEdition as err:
        raise fail("--rules", str(err)) from None


def validate(
    file: Path = typer.Argument(..., help="Tournament file."),
    rules: str | None = RulesOption, time_control: str | None = TimeControlOption,
    national: bool = NationalOption, encoding: str | None = EncodingOption, as_json: bool = JsonOption,
) -> None:
    """Would FIDE rate this event? Verdict with the articles and numbers behind it, the games not
    rated and why, and what each player gets. Exit 0 rateable, 1 not rateable, 2 unreadable."""
    from ..documents.verdict import VerdictReport

    t = readable(file, encoding)
    verdict = _verdict(t, rules, time_control, national)
    print_diagnostics(d for d in t.diagnostics if d.severity is not Severity.INFO)
    if not as_json:
        print_diagnostics(verdict.diagnostics)
    typer.echo(document("verdict").render(VerdictReport(str(file), t, verdict), "json" if as_json else "text"),
               nl=False)
    raise typer.Exit(EXIT_OK if verdict.rateable else EXIT_ERRORS)


def report(
    file: Path = typer.Argument(..., help="Tournament file."),
    rules: str | None = RulesOption,
    fmt: ReportFormat = typer.Option("text", "--format", case_sensitive=False,  # type: ignore[valid-type]
                                     help="Report format."),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output)."),
    k_file: Path | None = typer.Option(None, "--k-file", help="CSV of 'FIDE id,K' overriding the K of players."),
    time_control: str | None = TimeControlOption, national: bool = NationalOption,
    encoding: str | None = EncodingOption,
) -> None:
    """FIDE rating report: which games count (the rateability verdict), each player's Ro, K, Rc, n,
    W, We, change and new rating, unrated players' Ru. Exit 0 when the event is rateable and
    nothing is wrong, 1 when it is not rateable or a problem was found, 2 when unreadable."""
    from .. import rate
    from ..documents.rating_report import RatingReport
    from ..io.kfile import KFileError, read_k_file

    k, k_problems = {}, []
    if k_file is not None:
        try:
            k, k_problems = read_k_file(k_file)
        except KFileError as err:
            raise fail("--k-file", str(err)) from None
    t = readable(file, encoding)
    verdict = _verdict(t, rules, time_control, national)
    rating = rate(t, verdict, k=k)
    located = [d.located(str(k_file)) if d.code == "RAT004" else d for d in rating.diagnostics]
    print_diagnostics([*t.diagnostics, *verdict.diagnostics, *k_problems, *located])
    emit(document("rating-report").render(RatingReport(t, verdict, rating), ReportFormat(fmt).value), output, file)
    problem = not verdict.rateable or has_errors([*t.diagnostics, *k_problems, *rating.diagnostics])
    raise typer.Exit(EXIT_ERRORS if problem else EXIT_OK)
