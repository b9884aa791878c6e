"""``norms``: which players made a GM, IM, WGM or WIM norm (FIDE Title Regulations B.01).

Like ``validate``, the document rests on the file it judges: its errors come first and withhold
the document unless ``--lenient``; the caveats are in the document; the verdict ends it. Exit 0
when the file was read without error (whether or not a norm was made), 1 when it has errors,
2 when it cannot be read or an option is wrong."""

from __future__ import annotations

from pathlib import Path

import typer

from ..documents.registry import document
from ..encoding import printable
from ..messages import msg
from ..model import MAX_ROUNDS
from ..rules.norms import EVENT_TYPES, EXEMPTION_NAMES, TITLES, readings
from .batch import single
from .common import (
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
    choices,
    edition_names,
    face,
    facts_of,
    fail,
    lists_choice,
    ran,
    show,
)

NormsFormat = choices("NormsFormat", document("norms").formats)
def _upper(values: list[str] | None) -> tuple[str, ...] | None:
    """The titles given, as the regulations write them (the job checks them)."""
    return tuple(v.strip().upper() for v in values) if values else None


def norms(
    files: list[Path] = FilesArgument,
    player: int | None = typer.Option(None, "--player", min=1, metavar="N", max=MAX_PLACE, help="Only this start number, with every requirement."),
    title: list[str] = typer.Option(None, "--title", help=f"Only this title ({', '.join(TITLES)}; repeatable); default: "
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
    titles = _upper(title)
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
    """``norms`` on one file (:mod:`trfconv.jobs.norms`)."""
    from ..jobs.norms import Norms

    result = ran(Norms(file, player, titles, _lower(exemption), _lower(event_type), tuple(readings.items()), forecast,
                       after_round, rules, lists_choice(use_list, list_month, db), details, form, output, encoding,
                       lenient), as_json=as_json, options=OPTIONS)
    if result.document is not None:
        show(result.document)
    said = face["lang"].say
    for w in result.written:
        typer.echo(said(msg("wrote {output}: {what}", output=w.path, what=w.what)), err=True)
    return facts_of(result.event, int(result.exit), verdict=result.verdict,
                    written=result.written[0].path if result.written else None)


#: The options of ``norms`` where the jobs' parameters are named otherwise (:data:`OPTIONS`).
OPTIONS = {"titles": "--title", "exemption": "--exemption", "event_type": "--event-type", "readings": "--reading",
           "player": "--player", "fide_id": "--application", "events": "FILES"}


def _lower(value: str | None) -> str | None:
    return value.strip().lower() if value else None


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
    """``--application FIDE_ID``: the application over every file given
    (:class:`~trfconv.jobs.norms.NormsApplication`), a player's or an arbiter's."""
    from ..io.many import expand
    from ..jobs.norms import NormsApplication

    if titles and len(titles) > 1:
        return fail("--title", msg("an application is for one title"))
    for name, why in expand(files)[1]:
        typer.echo(printable(f"trfconv: {name}: " + face["lang"].say(msg("skipped: {why}", why=why))), err=True)
    result = ran(NormsApplication(tuple(files), applicant, titles[0] if titles else None, _lower(exemption),
                                  _lower(event_type), tuple(readings.items()), rules,
                                  lists_choice(use_list, list_month, db), "json" if as_json else "text", output,
                                  encoding, lenient), as_json=as_json, options=OPTIONS)
    if result.document is not None:
        show(result.document)
    return typer.Exit(int(result.exit))
