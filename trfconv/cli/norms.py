"""``norms``: which players made a GM, IM, WGM or WIM norm (FIDE Title Regulations B.01).

Like ``validate``, the document rests on the file it judges: its errors come first and withhold
the document unless ``--lenient``; the caveats are in the document; the verdict ends it. Exit 0
when the file was read without error (whether or not a norm was made), 1 when it has errors,
2 when it cannot be read or an option is wrong."""

from __future__ import annotations

from pathlib import Path

import typer

from ..documents.basis import Basis
from ..documents.registry import document
from ..encoding import printable
from ..model import MAX_ROUNDS
from ..rules.editions import UnknownEdition
from ..rules.norms import EVENT_TYPES, EXEMPTION_NAMES, EXEMPTIONS, READINGS, TITLES
from .batch import single
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    MAX_PLACE,
    DbOption,
    DetailsOption,
    EncodingOption,
    Facts,
    FilesArgument,
    JobsOption,
    JsonOption,
    LenientOption,
    ListMonthOption,
    ListOption,
    check_output,
    choices,
    edition_names,
    emit,
    facts_of,
    fail,
    rating_lists,
    readable,
)

NormsFormat = choices("NormsFormat", document("norms").formats)


def _upper(values: list[str] | None, known, option: str) -> tuple[str, ...] | None:
    """Option values checked against ``known`` (case-insensitive); exit 2 naming the bad one."""
    if not values:
        return None
    out = tuple(v.strip().upper() for v in values)
    for v in out:
        if v not in known:
            raise fail(f"{option} {v}", f"unknown; give one of {', '.join(known)}")
    return out


def norms(
    files: list[Path] = FilesArgument,
    player: int | None = typer.Option(None, "--player", min=1, metavar="N", max=MAX_PLACE, help="Only this start number, with every requirement."),
    title: list[str] = typer.Option(None, "--title", help="Only this title (GM, IM, WGM, WIM; repeatable); default: "
                                                          "every title above the one the player holds."),
    fmt: NormsFormat = typer.Option("text", "--format", case_sensitive=False,  # type: ignore[valid-type]
                                    help="Document format."),
    as_json: bool = JsonOption,
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output); for "
                                                                    "several files, a folder."),
    exemption: str | None = typer.Option(None, "--exemption", help="A 1.4.3 exemption the event has: " + ", ".join(
                                         f"{k} {what}" for k, what in EXEMPTION_NAMES.items()) + "."),
    event_type: str | None = typer.Option(None, "--event-type", help=f"1.4.1b: {' or '.join(EVENT_TYPES)}."),
    reading: str = typer.Option("rounded", "--score-reading", help="1.4.8b's 35 %: 'rounded' as 1.4.9 rounds "
                                "percentages (4.5/13 passes) or 'exact' (it does not)."),
    forecast: bool = typer.Option(False, "--forecast", help="What each candidate needs in the rounds left, per "
                                  "title, against a range of opponents' ratings and the paired opponent."),
    after_round: int | None = typer.Option(None, "--after-round", min=1, metavar="N", max=MAX_ROUNDS, help="With --forecast: as after this round "
                                           "(default: the last round with results)."),
    applicant: str | None = typer.Option(None, "--application", metavar="FIDE_ID", help="The title application of "
                                         "this FIDE id over all the files given (IT2 checks)."),
    rules: str | None = typer.Option(None, "--rules", help=f"Title Regulations edition: {edition_names('b01')} "
                                                            "(default: the one in force on the start date)."),
    use_list: bool = ListOption, list_month: str | None = ListMonthOption, db: Path | None = DbOption,
    encoding: str | None = EncodingOption, details: bool = DetailsOption, lenient: bool = LenientOption,
    jobs: int | None = JobsOption,
) -> None:
    """Title norms (B.01): for every player, every title above the one held: the requirements with
    their articles and numbers, the best set of games (1.4.1e/f) and the games it is credited
    with; with --list, opponents' titles, ratings, federations and sex from the FIDE list in force.
    Exit 0 read without error, 1 the file has errors, 2 unreadable or a wrong option."""
    titles = _upper(title, TITLES, "--title")
    if applicant is not None:
        raise _application(files, applicant, titles, exemption, event_type, reading, rules, use_list, list_month, db,
                           encoding, lenient, as_json, output)
    options = dict(player=player, titles=titles, form="json" if as_json else NormsFormat(fmt).value, output=output,
                   exemption=exemption, event_type=event_type, reading=reading, forecast=forecast,
                   after_round=after_round, rules=rules, use_list=use_list, list_month=list_month, db=db,
                   encoding=encoding, details=details, lenient=lenient, as_json=as_json)
    file = single(files, norms_file, options, command="norms", document="norms", form=options["form"], jobs=jobs,
                  as_json=as_json, details=details)
    raise typer.Exit(norms_file(file, **options).code)


def norms_file(file: Path, *, player: int | None, titles: tuple[str, ...] | None, form: str, output: Path | None,
               exemption: str | None, event_type: str | None, reading: str, forecast: bool, after_round: int | None,
               rules: str | None, use_list: bool, list_month: str | None, db: Path | None, encoding: str | None,
               details: bool, lenient: bool, as_json: bool) -> Facts:
    """``norms`` on one file."""
    from .. import norms as judge
    from ..documents.norms import NormsReport

    if exemption is not None and exemption.strip().lower() not in EXEMPTIONS:
        raise fail(f"--exemption {exemption}", f"unknown; give one of {', '.join(EXEMPTIONS)}")
    if event_type is not None and event_type.strip().lower() not in EVENT_TYPES:
        raise fail(f"--event-type {event_type}", f"unknown; give one of {', '.join(EVENT_TYPES)}")
    if reading not in READINGS:
        raise fail(f"--score-reading {reading}", f"unknown; give one of {', '.join(READINGS)}")
    check_output(output)
    lookup = rating_lists(use_list, list_month, db)
    t = readable(file, encoding, as_json)
    try:
        result = judge(t, lookup, rules=rules, player=player, titles=titles,
                       exemption=exemption.strip().lower() if exemption else None,
                       event_type=event_type.strip().lower() if event_type else None, reading=reading,
                       forecast=forecast, after_round=after_round)
    except UnknownEdition as err:
        raise fail("--rules", str(err)) from None
    except ValueError as err:  # --player or --after-round the event does not have
        raise fail(file, str(err)) from None
    basis = Basis(str(file), (*t.diagnostics, *result.diagnostics), lenient, scope="norms")
    report = NormsReport(basis, t, result, details or player is not None)
    emit(document("norms").render(report, form), output, file, form=form)
    written = output is not None and str(output) != "-"
    if written:
        typer.echo(f"wrote {output}: title norms ({form}); {report.verdict()}", err=True)
    return facts_of(t, EXIT_ERRORS if basis.defective else EXIT_OK, verdict=report.verdict(),
                    written=str(output) if written else None)


def _application(files, applicant, titles, exemption, event_type, reading, rules, use_list, list_month, db,
                 encoding, lenient, as_json, output) -> typer.Exit:
    """``--application FIDE_ID``: every file read (exit 2 when one cannot be), the IT2 checks."""
    from ..documents.norms.application import ApplicationReport
    from ..io.many import expand
    from ..rules.norms import application

    if not applicant.strip().isdigit():
        return fail(f"--application {applicant}", "give the applicant's FIDE id (digits)")
    if titles and len(titles) > 1:
        return fail("--title", "an application is for one title")
    targets, skipped = expand(files)
    for name, why in skipped:
        typer.echo(printable(f"trfconv: {name}: skipped: {why}"), err=True)
    if not targets:
        return fail("FILES", "no tournament file among the files given")
    check_output(output)
    lookup = rating_lists(use_list, list_month, db)
    events = [(str(f), readable(f, encoding, as_json)) for f in targets]
    try:
        result, found = application(events, applicant.strip(), title=titles[0] if titles else None, lookup=lookup,
                                    rules=rules, exemption=exemption.strip().lower() if exemption else None,
                                    event_type=event_type.strip().lower() if event_type else None, reading=reading)
    except UnknownEdition as err:
        return fail("--rules", str(err))
    if all(x.start_number is None for x in result.events):
        return fail(f"--application {applicant}", "no file given holds a player with this FIDE id")
    noticed = [d for _, t in events for d in t.diagnostics]
    basis = Basis(", ".join(f for f, _ in events), (*noticed, *found), lenient, scope="norms")
    report = ApplicationReport(basis, result)
    form = "json" if as_json else "text"
    emit(document("norms-application").render(report, form), output, targets[0], form=form)
    return typer.Exit(EXIT_ERRORS if basis.defective or not result.ok else EXIT_OK)
