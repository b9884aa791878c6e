"""``validate`` and ``report``: would FIDE rate the event, and the rating report.

Both rest on the file they judge: its errors come first (in the document and on the terminal)
and withhold the document unless ``--lenient``; the caveats (what the result assumes) are in the
document; the exit code is 0 only for a rateable event read without error."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import typer

from ..documents.basis import not_produced
from ..documents.registry import document
from ..encoding import shown
from ..messages import msg
from ..model import MAX_ROUNDS
from .batch import single
from .common import (
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
    error_lines,
    face,
    facts_of,
    fail,
    iso_date,
    lists_choice,
    ran,
    show,
    written_lines,
)

RulesOption = typer.Option(None, "--rules", help=f"Rating regulations edition: {edition_names('b02')} "
                                                 "(default: the one in force on the start date).")
TimeControlOption = typer.Option(None, "--time-control", help="The rate of play, when the file's is missing or "
                                 "wrong: as written in a TRF 122 record (90+30, \"90'+30\\\"\", 40/90, 30, +30s) or "
                                 "a TRF-2026 222 code (40/5400+30:1800+30). Minutes unless said.")
NationalOption = typer.Option(False, "--national-championship", help="The event is a national championship "
                              "(B.02 2005 6.33: a round robin needs only 3 rated men, 2 rated women in a women's event).")
AfterRoundOption = typer.Option(None, "--after-round", min=1, max=MAX_ROUNDS, metavar="N",
                                help="Judge the event as it stood after round N (the later rounds left out): "
                                     "what an event not finished stands at; said in the document.")
FinishedAfterOption = typer.Option(None, "--finished-after", min=1, max=MAX_ROUNDS, metavar="N",
                                   help="The event ended after round N (stopped early: the arbiter's word, said in "
                                        "the document); judged on rounds 1-N. Without it or --after-round an event "
                                        "not finished is NOT FINISHED.")
TodayOption = typer.Option(None, "--today", parser=iso_date, metavar="YYYY-MM-DD",
                           help="The day the event is judged on (default: today): an event whose end date is later "
                                "is not finished.")
ReportFormat = choices("ReportFormat", document("rating-report").formats)


def _clock(time_control: str | None):
    """The time control given, read as the 122 record is (exit 2 when it cannot be); how it was
    read is said on the terminal."""
    if time_control is None:
        return None
    from ..timecontrol import describe, doubts, read

    clock = read(time_control)
    if clock is None:
        raise fail("--time-control", msg("{given} is not a time control trfconv can read (e.g. 90+30, "
                                         "\"90'+30\\\"\", 40/90, 30, +30s)", given=repr(time_control)))
    say = face["lang"].say
    typer.echo(say(msg("time control {given} read as {clock}", given=repr(time_control), clock=describe(clock))),
               err=True)
    for doubt in doubts(time_control):
        typer.echo("trfconv: --time-control: " + say(msg("warning: {doubt}", doubt=doubt)), err=True)
    return clock


@dataclass(frozen=True)
class Rounds:
    """How far the event is judged: ``--after-round``, ``--finished-after``, ``--today``."""

    after_round: int | None = None
    finished_after: int | None = None
    today: date | None = None


def validate(
    files: list[Path] = FilesArgument,
    rules: str | None = RulesOption, time_control: str | None = TimeControlOption,
    national: bool = NationalOption, after_round: int | None = AfterRoundOption,
    finished_after: int | None = FinishedAfterOption, today: date | None = TodayOption,
    use_list: bool = ListOption, list_month: str | None = ListMonthOption,
    db: Path | None = DbOption, encoding: str | None = EncodingOption, details: bool = DetailsOption,
    lenient: bool = LenientOption, jobs: int | None = JobsOption, as_json: bool = JsonOption,
) -> None:
    """Would FIDE rate this event? The verdict with the articles and numbers behind it, the caveats
    it rests on, what the players get (--details: every player and every game not counted); with
    --list, on the ratings of the FIDE list in force, each player held against it. An event not
    finished (a round declared or paired without its results, or its end date to come) is NOT
    FINISHED, unless --after-round or --finished-after says how far to judge it.
    Exit 0 rateable, 1 not rateable, not finished or the file has errors, 2 unreadable."""
    options = dict(rules=rules, time_control=time_control, national=national,
                   rounds=Rounds(after_round, finished_after, today), use_list=use_list,
                   list_month=list_month, db=db, encoding=encoding, details=details, lenient=lenient, as_json=as_json)
    file = single(files, validate_file, options, command="validate", document="verdict",
                  form="json" if as_json else "text", jobs=jobs, as_json=as_json, details=details)
    raise typer.Exit(validate_file(file, **options).code)


def validate_file(file: Path, *, rules: str | None, time_control: str | None, national: bool, rounds: Rounds,
                  use_list: bool, list_month: str | None, db: Path | None, encoding: str | None, details: bool,
                  lenient: bool, as_json: bool) -> Facts:
    """``validate`` on one file."""
    from ..jobs.validate import Validate

    clock = _clock(time_control)
    result = ran(Validate(file, rules, clock, national, rounds.after_round, rounds.finished_after, rounds.today,
                          lists_choice(use_list, list_month, db), encoding, details, lenient,
                          form="json" if as_json else "text"), as_json=as_json)
    typer.echo(shown(result.rendered.text, json=as_json), nl=False)
    return facts_of(result.event, int(result.exit), verdict=result.verdict,
                    said=tuple(error_lines(result.grounds.errors)))


def report(
    files: list[Path] = FilesArgument,
    rules: str | None = RulesOption,
    fmt: ReportFormat = typer.Option("text", "--format", case_sensitive=False,  # type: ignore[valid-type]
                                     metavar="FORMAT",  # the choices in the help: a narrower column of names
                                     help=document("rating-report").format_help()),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output); "
                                       "for several files, a folder."),
    k_file: Path | None = typer.Option(None, "--k-file", help="CSV of 'FIDE id,K' lines: the K of players "
                                       "(the list's K comes first with --list)."),
    time_control: str | None = TimeControlOption, national: bool = NationalOption,
    after_round: int | None = AfterRoundOption, finished_after: int | None = FinishedAfterOption,
    today: date | None = TodayOption,
    use_list: bool = ListOption, list_month: str | None = ListMonthOption, db: Path | None = DbOption,
    encoding: str | None = EncodingOption, lenient: bool = LenientOption, jobs: int | None = JobsOption,
    details: bool = DetailsOption,
) -> None:
    """The FIDE rating report: which games count (the rateability verdict), each player's Ro, K,
    Rc, n, W, We, change and new rating, unrated players' Ru, and the caveats it rests on (on a
    terminal a summary: --details or -o FILE for every player and game). An event not finished
    is NOT FINISHED, nobody rated, unless --after-round or --finished-after says how far to rate
    it. Exit 0 when the event is rateable and the file has no error, 1 otherwise (not rateable,
    not finished, errors), 2 when unreadable."""
    options = dict(rules=rules, form=ReportFormat(fmt).value, output=output, k_file=k_file, time_control=time_control,
                   national=national, rounds=Rounds(after_round, finished_after, today), use_list=use_list,
                   list_month=list_month, db=db, encoding=encoding, lenient=lenient, details=details)
    file = single(files, report_file, options, command="report", document="rating-report", form=options["form"],
                  jobs=jobs, details=details)
    raise typer.Exit(report_file(file, **options).code)


def report_file(file: Path, *, rules: str | None, form: str, output: Path | None, k_file: Path | None,
                time_control: str | None, national: bool, rounds: Rounds, use_list: bool, list_month: str | None,
                db: Path | None, encoding: str | None, lenient: bool, details: bool) -> Facts:
    """``report`` on one file."""
    from ..jobs.report import Report

    clock = _clock(time_control)
    result = ran(Report(file, rules, clock, national, rounds.after_round, rounds.finished_after, rounds.today,
                        lists_choice(use_list, list_month, db), encoding, details, lenient, form, k_file=k_file,
                        output=output))
    basis, rating, decision = result.grounds, result.computed.rating, result.computed.verdict
    if result.document is not None:
        show(result.document)
    initial = sum(1 for p in rating.players if p.initial is not None and p.initial.value is not None)
    lang = face["lang"]
    say = lang.say
    # the K file's lines, named (not errors)
    lines = error_lines(basis.errors) + [f"trfconv: {d.line(lang)}" for d in result.computed.k_file]
    lines.append(say(msg("noticed: {summary}; {caveats} caveat(s) in the report", summary=basis.summary(),
                         caveats=len(basis.caveats))))
    verdict = (say(not_produced()) if basis.withheld
               else say(decision.decision.value).upper() + say(decision.notes))
    lines.append(say(msg("verdict: {decision}", decision=verdict)))
    lines += written_lines(result, say(msg("{rated} rated players, {initial} initial ratings", rated=len(rating.rated),
                                           initial=initial)))
    typer.echo("\n".join(lines), file=sys.stderr)
    return facts_of(result.event, int(result.exit), verdict=result.verdict,
                    written=result.written[0].path if result.written else None)
