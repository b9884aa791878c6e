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
from ..rules.norms import EVENT_TYPES, EXEMPTION_NAMES, EXEMPTIONS, TITLES, readings
from ..messages import msg
from .batch import single
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    MAX_PLACE,
    check_output,
    choices,
    DbOption,
    DetailsOption,
    edition_names,
    emit,
    EncodingOption,
    face,
    Facts,
    facts_of,
    fail,
    FilesArgument,
    JobsOption,
    JsonOption,
    LenientOption,
    ListMonthOption,
    ListOption,
    rating_lists,
    readable,
    say,
)

NormsFormat = choices("NormsFormat", document("norms").formats)
#: The arbiters' titles an arbiter's application is for (B.06.1).
ARBITER_TITLES = ("FA", "IA")


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
                                                          "every title above the one the player holds. With "
                                                          "--application of an arbiter: FA or IA."),
    fmt: NormsFormat = typer.Option("text", "--format", case_sensitive=False,  # type: ignore[valid-type]
                                    help="Document format."),
    as_json: bool = JsonOption,
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output); for "
                                                                    "several files, a folder."),
    exemption: str | None = typer.Option(None, "--exemption", help="A 1.4.3 exemption the event has: " + ", ".join(
                                         f"{k} {what}" for k, what in EXEMPTION_NAMES.items()) + "."),
    event_type: str | None = typer.Option(None, "--event-type", help=f"1.4.1b: {' or '.join(EVENT_TYPES)}."),
    reading: str | None = typer.Option(None, "--score-reading", help="1.4.8b's 35 %: 'rounded' as 1.4.9 rounds "
                                       "percentages (4.5/13 passes; the default) or 'exact' (it does not); the "
                                       "same as --reading score=CHOICE."),
    chosen: list[str] = typer.Option(None, "--reading", metavar="NAME=CHOICE", help="Where the text leaves a "
                                     "result open, the other reading (repeatable): " + "; ".join(
                                         f"{name} ({x.article}): {' or '.join(x.choices)}, default {x.default}"
                                         for name, x in readings().items()) + "."),
    forecast: bool = typer.Option(False, "--forecast", help="What each candidate needs in the rounds left, per "
                                  "title, against a range of opponents' ratings and the paired opponent."),
    after_round: int | None = typer.Option(None, "--after-round", min=1, metavar="N", max=MAX_ROUNDS, help="With --forecast: as after this round "
                                           "(default: the last complete round)."),
    applicant: str | None = typer.Option(None, "--application", metavar="FIDE_ID", help="The title application of "
                                         "this FIDE id over all the files given: a player's (IT2 checks), or an "
                                         "arbiter's of the 102/112 records (B.06.1: FA or IA)."),
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
    titles = _upper(title, (*TITLES, *(ARBITER_TITLES if applicant is not None else ())), "--title")
    asked = _readings(chosen, reading)
    if applicant is not None:
        raise _application(files, applicant, titles, exemption, event_type, asked, rules, use_list, list_month, db,
                           encoding, lenient, as_json, output)
    options = dict(player=player, titles=titles, form="json" if as_json else NormsFormat(fmt).value, output=output,
                   exemption=exemption, event_type=event_type, readings=asked, forecast=forecast,
                   after_round=after_round, rules=rules, use_list=use_list, list_month=list_month, db=db,
                   encoding=encoding, details=details, lenient=lenient, as_json=as_json)
    file = single(files, norms_file, options, command="norms", document="norms", form=options["form"], jobs=jobs,
                  as_json=as_json, details=details)
    raise typer.Exit(norms_file(file, **options).code)


def norms_file(file: Path, *, player: int | None, titles: tuple[str, ...] | None, form: str, output: Path | None,
               exemption: str | None, event_type: str | None, readings: dict[str, str], forecast: bool,
               after_round: int | None,
               rules: str | None, use_list: bool, list_month: str | None, db: Path | None, encoding: str | None,
               details: bool, lenient: bool, as_json: bool) -> Facts:
    """``norms`` on one file."""
    from .. import norms as judge
    from ..documents.norms import NormsReport

    if exemption is not None and exemption.strip().lower() not in EXEMPTIONS:
        raise fail(f"--exemption {exemption}", msg("unknown; give one of {choices}", choices=list(EXEMPTIONS)))
    if event_type is not None and event_type.strip().lower() not in EVENT_TYPES:
        raise fail(f"--event-type {event_type}", msg("unknown; give one of {choices}", choices=list(EVENT_TYPES)))
    check_output(output)
    lookup = rating_lists(use_list, list_month, db)
    t = readable(file, encoding, as_json)
    try:
        result = judge(t, lookup, rules=rules, player=player, titles=titles,
                       exemption=exemption.strip().lower() if exemption else None,
                       event_type=event_type.strip().lower() if event_type else None, readings=readings,
                       forecast=forecast, after_round=after_round, arbiters=details or form == "arbiters")
    except UnknownEdition as err:
        raise fail("--rules", err.args[0] if err.args else str(err)) from None
    except ValueError as err:  # --player, --after-round or --reading the event or the edition does not have
        raise fail(file, err.args[0] if err.args else str(err)) from None
    basis = Basis(str(file), (*t.diagnostics, *result.diagnostics), lenient, scope="norms", lang=face["lang"])
    report = NormsReport(basis, t, result, details or player is not None)
    emit(document("norms").render(report, form), output, file, form=form)
    written = output is not None and str(output) != "-"
    if written:
        typer.echo(say(msg("wrote {output}: title norms ({form}); {verdict}", output=str(output), form=form,
                           verdict=report.verdict())), err=True)
    return facts_of(t, EXIT_ERRORS if basis.defective else EXIT_OK, verdict=report.verdict(),
                    written=str(output) if written else None)


def _readings(chosen: list[str] | None, score: str | None) -> dict[str, str]:
    """``--reading NAME=CHOICE`` (and ``--score-reading``, the reading ``score``) as a mapping;
    exit 2 on one not of that form (the edition's names and choices are checked when judged)."""
    out = {}
    for given in chosen or ():
        name, sign, choice = given.partition("=")
        if not sign or not name.strip() or not choice.strip():
            raise fail(f"--reading {given}", msg("give NAME=CHOICE (trfconv norms --help lists them)"))
        out[name.strip().lower()] = choice.strip().lower()
    if score is not None:
        out["score"] = score.strip().lower()
    return out


def _application(files, applicant, titles, exemption, event_type, readings, rules, use_list, list_month, db,
                 encoding, lenient, as_json, output) -> typer.Exit:
    """``--application FIDE_ID``: every file read (exit 2 when one cannot be), the IT2 checks."""
    from ..documents.norms.application import ApplicationReport
    from ..io.many import expand
    from ..rules.norms import application

    if not applicant.strip().isdigit():
        return fail(f"--application {applicant}", msg("give the applicant's FIDE id (digits)"))
    if titles and len(titles) > 1:
        return fail("--title", msg("an application is for one title"))
    if titles and titles[0] in ARBITER_TITLES:
        titles_asked = titles
        titles = None  # the players' judging looks at every title; the arbiter's application takes it
    else:
        titles_asked = titles
    targets, skipped = expand(files)
    for name, why in skipped:
        typer.echo(printable(f"trfconv: {name}: " + say(msg("skipped: {why}", why=why))), err=True)
    if not targets:
        return fail(msg("FILES"), msg("no tournament file among the files given"))
    check_output(output)
    lookup = rating_lists(use_list, list_month, db)
    events = [(str(f), readable(f, encoding, as_json)) for f in targets]
    try:
        result, found = application(events, applicant.strip(), title=titles[0] if titles else None, lookup=lookup,
                                    rules=rules, exemption=exemption.strip().lower() if exemption else None,
                                    event_type=event_type.strip().lower() if event_type else None,
                                    readings=readings)
    except UnknownEdition as err:
        return fail("--rules", err.args[0] if err.args else str(err))
    except ValueError as err:  # a reading the edition does not have
        return fail("--reading", err.args[0] if err.args else str(err))
    if all(x.start_number is None for x in result.events):
        return _arbiter_application(events, applicant.strip(), titles_asked, lookup, lenient, as_json, output,
                                    targets[0])
    if titles_asked and titles_asked[0] in ARBITER_TITLES:
        return fail(f"--title {titles_asked[0]}", msg("an arbiter's title; this FIDE id is a player's"))
    noticed = [d for _, t in events for d in t.diagnostics]
    basis = Basis(", ".join(f for f, _ in events), (*noticed, *found), lenient, scope="norms", lang=face["lang"])
    report = ApplicationReport(basis, result)
    form = "json" if as_json else "text"
    emit(document("norms-application").render(report, form), output, targets[0], form=form)
    return typer.Exit(EXIT_ERRORS if basis.defective or not result.ok else EXIT_OK)


def _arbiter_application(events, fide_id: str, titles, lookup, lenient: bool, as_json: bool, output,
                         first: Path) -> typer.Exit:
    """``--application FIDE_ID`` of an arbiter (the FIDE id of no player, of a 102/112 record):
    the B.06.1 checks over the files read; exit 2 when no file names the arbiter either."""
    from ..documents.norms.arbiters import ArbiterApplicationReport
    from ..rules.arbiters import arbiter_application
    from ..rules.officials import arbiters

    if not any(a.fide_id == fide_id for _, t in events for a in arbiters(t, lookup)):
        return fail(f"--application {fide_id}", msg("no file given holds a player or an arbiter (102/112) with this "
                                                    "FIDE id"))
    if titles and titles[0] not in ARBITER_TITLES:
        return fail(f"--title {titles[0]}", msg("a player's title; this FIDE id is an arbiter's (FA or IA)"))
    result = arbiter_application(events, fide_id, title=titles[0] if titles else None, lookup=lookup)
    noticed = [d for _, t in events for d in t.diagnostics]
    basis = Basis(", ".join(f for f, _ in events), (*noticed, *result.diagnostics), lenient, scope="norms",
                  lang=face["lang"])
    report = ArbiterApplicationReport(basis, result)
    form = "json" if as_json else "text"
    emit(document("arbiter-application").render(report, form), output, first, form=form)
    return typer.Exit(EXIT_ERRORS if basis.defective or not result.ok else EXIT_OK)
