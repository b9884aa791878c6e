"""What the page shows, from the jobs (:mod:`trfconv.jobs`) the command line runs: the page's
adapter, which turns what the page sent (plain values, never a path) into a job's parameters
and the job's result into what the page shows, or a :class:`Refusal`, the sentence the page
shows instead. It computes nothing itself, and words nothing the jobs decide: every job runs
speaking the page's voice (:mod:`.voice`), so what to do is said as the page's controls, and in
the page's language (each function takes ``lang``, the language the person chose: its jobs run in
it, its documents are written in it, its refusals are messages said in it by :mod:`.app`).

The title norms and the title application are computed here still, as the command line's
``norms`` does, until they become a job."""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import wraps
from pathlib import Path

from ..actions import speaking, voice
from ..diagnostics import severity_counts
from ..errors import TrfconvError
from ..io.registry import outputs
from ..jobs import run
from ..jobs.findings import Finding, findings
from ..jobs.inputs import Content, Lists, tournament
from ..jobs.result import JobResult, Problem
from ..messages import ENGLISH, Language, joined, msg
from ..model import Tournament
from .downloads import conversion_name
from .scratch import Stopped
from .voice import PAGE

#: The conversions offered for download, in this order (``trfconv formats``' names).
CONVERSIONS = ("trf26", "trf16", "xml", "csv", "json")


#: The language of the page's request being answered (set by :func:`on_the_page`).
_SPOKEN: ContextVar[Language] = ContextVar("page language", default=ENGLISH)


def on_the_page(function):
    """``function`` run speaking the page's voice (:mod:`.voice`): what it says names the page's
    controls, never an option; with ``lang=``, in that language (English unless given)."""
    @wraps(function)
    def spoken(*args, lang: Language = ENGLISH, **kwargs):
        token = _SPOKEN.set(lang)
        try:
            with speaking(PAGE):
                return function(*args, **kwargs)
        finally:
            _SPOKEN.reset(token)
    return spoken


def job(params):
    """The result of the job ``params`` are for, run in the page's language."""
    return run(replace(params, lang=_SPOKEN.get()))


def said(text: object) -> str:
    """``text`` (a message) in the page's language."""
    return _SPOKEN.get().say(text)


class Refusal(TrfconvError):
    """What the page says instead of a document: one sentence (a message, said in the page's
    language), and the HTTP status."""

    def __init__(self, message: str, status: int = 422):
        super().__init__(message)
        self.message, self.status = message, status


#: What the page calls a job's parameter a problem is about, where it says the value given.
CONTROLS = {"fide_id": msg("FIDE id"), "titles": msg("title"), "exemption": msg("exemption"),
            "event_type": msg("event type"), "round": msg("round"), "after_round": msg("after round"),
            "player": msg("player"), "month": msg("month"), "lists": msg("list of")}


def refused(problem: Problem, status: int = 422) -> Refusal:
    """The page's sentence for a job's ``problem``: the control and the value given when it is
    what is wrong (``FIDE id 77: …``); a file that cannot be read: its reasons."""
    if not problem.diagnostics:
        why = voice().words(problem.why, problem.actions)
        if problem.given is not None and problem.about in CONTROLS:
            why = msg("{control} {given}: {why}", control=CONTROLS[problem.about], given=problem.given, why=why)
        return Refusal(why, status)
    spoken = voice()
    return Refusal(msg("{why}: {reasons}", why=problem.why, reasons=joined(
        [msg("{message} ({code})", message=spoken.message(d), code=d.code) for d in problem.diagnostics], "; ")),
        413 if any(d.code == "LIM001" for d in problem.diagnostics) else status)


def done(result: JobResult) -> JobResult:
    """``result``, or the :class:`Refusal` that says why the job stopped."""
    if not result.done:
        raise refused(result.refused[0])
    return result


@dataclass(frozen=True)
class Upload:
    """A file read from the page: its sanitised name, its tournament and its ``validate`` result
    (judged once, when it was read: the page shows it, the batch's table rests on it)."""

    id: str
    name: str
    tournament: Tournament
    validated: JobResult


@on_the_page
def validated(tournament: Tournament) -> JobResult:
    """The ``validate`` job's result for a file dropped (:meth:`trfconv.web.held.Held.add`)."""
    from ..jobs.validate import Validate

    return done(job(Validate(tournament)))


@on_the_page
def read_upload(name: str, data: bytes) -> Tournament:
    """The tournament in ``data``; :class:`Refusal` saying in words why it is not one (413 for a
    file beyond the input bounds, as ``trfconv`` refuses it)."""
    found = tournament(Content(name, data))
    if isinstance(found, Problem):
        raise refused(found)
    return found


@dataclass(frozen=True)
class Summary:
    """What the page shows of a file at once: info, findings, verdict; and why its conversions
    are refused unless asked even with errors (None: they are not), as ``convert`` says it."""

    info: str
    counts: dict[str, int]
    findings: list[Finding]
    verdict: str
    decision: str
    caveats: tuple[str, ...]
    conversions_refused: str | None = None


@on_the_page
def summary(upload: Upload) -> Summary:
    """The file's info, its findings as ``check`` lists them, and the verdict as ``validate``
    gives it."""
    from ..jobs.convert import refusal
    from ..jobs.info import Info

    from ..jobs.validate import Validate

    t = upload.tournament
    lang = _SPOKEN.get()
    validated = upload.validated if lang.english else done(job(Validate(t)))
    refused = refusal(t, upload.name)
    info = done(job(Info(t)))
    return Summary(
        info=info.rendered.text,
        counts=severity_counts(t.diagnostics),
        findings=findings(t.diagnostics, lang=lang),
        verdict=validated.rendered.text,
        decision=said(msg("not produced: the file has errors") if validated.grounds.withheld
                      else validated.verdict or ""),
        caveats=tuple(said(c) for c in validated.caveats),
        conversions_refused=refused.said(_SPOKEN.get()) if refused is not None else None,
    )


@on_the_page
def about(upload: Upload, name: str, form: str = "text") -> str:
    """What the file is (``info``, as ``trfconv info`` writes it) or its verdict (``verdict``,
    as ``trfconv validate`` writes it), in ``form``."""
    from ..jobs.info import Info
    from ..jobs.validate import Validate

    params = Info(upload.tournament, form=form) if name == "info" else Validate(upload.tournament, form=form)
    return done(job(params)).rendered.text


@on_the_page
def rating_report(upload: Upload, lenient: bool = False, form: str = "html") -> str:
    """The rating report, as ``trfconv report --format FORM -o FILE`` writes it (whole: a page's
    document is a file, never a terminal's summary)."""
    from ..jobs.report import Report

    return done(job(Report(upload.tournament, form=form, lenient=lenient, details=True))).rendered.text


@on_the_page
def standings(upload: Upload, tiebreaks: str | None = None, after: int | None = None, seed: str | None = None,
              lenient: bool = False, form: str = "html") -> str:
    """The standings, as ``trfconv standings --format FORM`` writes them."""
    from ..jobs.standings import Standings

    names = (tiebreaks,) if tiebreaks and tiebreaks.strip() else ()
    return done(job(Standings(upload.tournament, names, after_round=after, seed=seed or None, form=form,
                              lenient=lenient))).rendered.text


@on_the_page
def playoff(upload: Upload, place: int = 1, seed: str | None = None, lenient: bool = False,
            form: str = "html") -> str:
    """The play-off plan (``form``) for the players tied for ``place``, in the order of the event's
    tie-breaks (the file's list, else the recommended one), as ``trfconv playoff --format FORM``
    writes it (a new seed when none is given, printed in the plan)."""
    from ..jobs.playoff import Playoff

    return done(job(Playoff(upload.tournament, place, seed=seed or None, form=form, lenient=lenient))).rendered.text


@dataclass(frozen=True)
class NormChoices:
    """The choices ``trfconv norms`` offers (its ``--title``, ``--exemption``, ``--event-type``,
    ``--score-reading`` and the other readings of ``--reading NAME=CHOICE``: by name, the
    article and the choices, the default first), for the page's norms form."""

    titles: tuple[str, ...]
    exemptions: dict[str, str]
    event_types: tuple[str, ...]
    readings: dict[str, str]
    other_readings: dict[str, tuple[str, dict[str, str]]]


def norm_choices() -> NormChoices:
    from ..rules.norms import EVENT_TYPES, EXEMPTION_NAMES, TITLES, readings

    known = readings()
    others = {name: (x.article, {x.default: x.choices[x.default], **x.choices}) for name, x in known.items()
              if name != "score"}
    return NormChoices(TITLES, EXEMPTION_NAMES, EVENT_TYPES, known["score"].choices, others)


@on_the_page
def norms(upload: Upload, player: int | None = None, titles: tuple[str, ...] = (), exemption: str | None = None,
          event_type: str | None = None, readings: tuple[tuple[str, str], ...] = (), forecast: bool = False,
          after_round: int | None = None, details: bool = False, lists: Lists | None = None, lenient: bool = False,
          form: str = "html") -> str:
    """The title norms in ``form`` (the HTML, the IT1 certificates, the arbiters' forms...), as
    ``trfconv norms --format FORM`` writes them with the same options (``lists``: ``--list``)."""
    from ..jobs.norms import Norms

    return done(job(Norms(upload.tournament, player, tuple(t.upper() for t in titles) or None, exemption or None,
                          event_type or None, readings, forecast, after_round, lists=lists,
                          details=details, form=form, lenient=lenient))).rendered.text


@on_the_page
def application(uploads: list[Upload], fide_id: str, title: str | None = None, exemption: str | None = None,
                event_type: str | None = None, readings: tuple[tuple[str, str], ...] = (),
                lists: Lists | None = None, lenient: bool = False, form: str = "text") -> str:
    """The title application of ``fide_id`` over the files held (a player's IT2 checks, or an
    arbiter's), as ``trfconv norms FILES --application FIDE_ID --format FORM`` writes it with the
    same options (the document has no HTML form)."""
    from ..jobs.norms import NormsApplication

    if not uploads:
        raise Refusal(msg("no file dropped yet"))
    return done(job(NormsApplication(tuple(u.tournament for u in uploads), fide_id, (title or "").upper() or None,
                                     exemption or None, event_type or None, readings, lists=lists,
                                     form=form, lenient=lenient))).rendered.text


@on_the_page
def pairings(upload: Upload, round_: int | None = None, next_round: bool = False, lenient: bool = False,
             form: str = "html") -> str:
    """Every round held to FIDE's Dutch system (or only ``round_``; with ``next_round`` the next
    round as the rules pair it), each round's verdict and the criterion behind each difference,
    as ``trfconv pairings --format FORM`` writes it."""
    from ..jobs.pairings import Pairings

    return done(job(Pairings(upload.tournament, round_, next_round, form=form, lenient=lenient))).rendered.text


@on_the_page
def conversion(upload: Upload, fmt: str, lenient: bool = False) -> bytes:
    """The file in ``fmt`` as ``trfconv convert --to FMT`` writes it: refused for a file with
    errors unless ``lenient`` (then marked as resting on them), the points and ranks the file
    does not give filled from the standings."""
    from ..jobs.convert import Convert

    if fmt not in CONVERSIONS:
        raise Refusal(msg("no conversion {given}; there are {formats}", given=repr(fmt), formats=list(CONVERSIONS)), 404)
    result = job(Convert(upload.tournament, fmt, lenient=lenient))
    if result.data is None:
        raise refused(result.refused[0])
    return result.data


@on_the_page
def losses(upload: Upload, lenient: bool = False) -> list[tuple[str, list[Finding]]]:
    """For each conversion, what its writer said (what the format cannot hold, item by item:
    ``WRT004``; characters replaced), as ``trfconv convert -o FILE`` prints it, or why it is
    refused."""
    from ..jobs.convert import Convert

    out = []
    for fmt in CONVERSIONS:
        result = job(Convert(upload.tournament, fmt, lenient=lenient))
        name = conversion_name(upload.name, fmt, CONVERSIONS)
        written = [replace(d, location=replace(d.location, path=name)) for d in result.value.written] \
            if result.value is not None else []
        lines = findings(written, lang=_SPOKEN.get()) + [Finding("error", p.said(_SPOKEN.get())) for p in result.refused]
        out.append((said(outputs()[fmt].description).split(" (")[0], lines))
    return out


@on_the_page
def tiebreak_choices() -> list[tuple[str, str]]:
    """Every tie-break's name and what it is (the registry's, as ``trfconv standings --help``
    lists them)."""
    from ..rules.tiebreaks import definitions

    return [(d.name, f"{said(d.title)} ({d.article})") for code, d in definitions().items()
            if not code.startswith("OTHER_")]


@dataclass(frozen=True)
class BatchRow:
    """One file of the batch's table, with the columns of ``trfconv validate FILES``'s table."""

    file: str
    event: str
    players: int
    errors: int
    warnings: int
    verdict: str


@on_the_page
def batch(uploads: list[Upload]) -> list[BatchRow]:
    rows = []
    for u in uploads:
        t = u.tournament
        counts = severity_counts(t.diagnostics)
        rows.append(BatchRow(u.name, t.event.name or "", len(t.players), counts["error"], counts["warning"],
                             said(u.validated.verdict or "")))
    return rows


@on_the_page
def period(uploads: list[Upload], month: str | None = None, db=None, use_list: bool = False,
           lenient: bool = False, form: str = "html") -> str:
    """The rating period over the files held, as ``trfconv period FILES --format FORM -o FILE``
    writes it (whole; with ``use_list``: on the lists held, as ``--list``)."""
    from ..jobs.period import Period

    if not uploads:
        raise Refusal(msg("no file dropped yet"))
    if month and not re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", month):
        raise Refusal(msg("'{month}' is not a month YYYY-MM", month=month))
    result = job(Period(tuple(u.tournament for u in uploads), month or None, form,
                        lists=Lists(db) if use_list else None, lenient=lenient, details=True, jobs=1))
    return done(result).rendered.text


# -- the rating lists --------------------------------------------------------------------------

@on_the_page
def held_lists(db):
    """The rating lists database, or :class:`Refusal` when it cannot be read or holds no list."""
    from ..jobs.lists import store

    found = store(Lists(db))
    if isinstance(found, Problem):
        raise refused(found)
    return found


def held_months(db) -> list[str]:
    try:
        return list(held_lists(db).months())
    except Refusal:
        return []


@on_the_page
def find_players(db, query: str, limit: int = 20):
    """The list entries of the latest list held for a FIDE id, or the names closest to
    ``query``, as ``trfconv list show`` and ``trfconv list find`` give them; and the month."""
    from ..jobs.listlookup import ListLookup

    result = done(job(ListLookup(query, Lists(db), limit=limit)))
    return result.computed.month, [m.entry for m in result.computed.matches]


@dataclass(frozen=True)
class UploadCheck:
    """What ``trfconv check --upload`` says of a file: its verdict (``ready to upload`` or not),
    its one line (what to fix first, by when) and every finding, as it lists them."""

    verdict: str
    summary: str
    findings: list[Finding]


@on_the_page
def upload_check(upload: Upload, db=None, use_list: bool = False, today=None) -> UploadCheck:
    """The checks before FIDE's rating server, as ``trfconv check --upload --no-gacrux`` makes
    them (with ``use_list``: ``--list``, against the lists held): gacrux reads a file on disk,
    and the page holds none."""
    from ..jobs.check import Check

    result = done(job(Check(upload.tournament, lists=Lists(db) if use_list else None, upload=True, today=today,
                            gacrux=False)))
    return UploadCheck(said(result.verdict or ""), said(result.computed.summary),
                       findings(result.diagnostics, lang=_SPOKEN.get()))


@on_the_page
def list_check(upload: Upload, db) -> list[Finding]:
    """The players of the file held against the FIDE list in force at its start, as ``trfconv
    check --list`` does."""
    from ..jobs.listcheck import ListCheck

    result = done(job(ListCheck(upload.tournament, Lists(db))))
    return findings(result.diagnostics, lang=_SPOKEN.get()) or [
        Finding("info", said(msg("every player agrees with the list")))]


@dataclass
class Import:
    """A rating list being imported: bytes read of the total, then the result or the error."""

    name: str
    done: int = 0
    total: int = 0
    result: str | None = None
    error: str | None = None


@on_the_page
def import_list(task: Import, path: Path, db, month: str | None, kind: str | None, check=None) -> None:
    """Import the list file ``path`` (a file the server wrote), recording progress in ``task``;
    as ``trfconv list import`` does. ``check()``, called at each progress report, raises
    :class:`~trfconv.web.scratch.Stopped` to give up (the database left as it was)."""
    from ..jobs.listimport import ListImport

    def progress(done: int, total: int) -> None:
        if check is not None:
            check()
        task.done, task.total = done, total

    try:
        result = job(ListImport(path, Lists(db, month or None), kind or None, progress))
    except Stopped:
        task.error = said(msg("stopped with the server; the database is as it was"))
        return
    except Exception as err:  # noqa: BLE001 - a bug: said on the page, never a traceback
        task.error = said(msg("internal error: {kind}: {error} (a bug in trfconv; please report it)",
                              kind=type(err).__name__, error=str(err)))
        return
    if not result.done:
        problem = result.refused[0]
        task.error = said(voice().message(problem.diagnostics[0]) if problem.diagnostics else msg(
            "cannot write the rating lists database {path}: {why}", path=str(problem.path), why=problem.why))
        return
    info = result.computed
    rated = joined([msg("{kind} {n:,}", kind=k, n=n) for k, n in info.rated.items()], ", ")
    task.result = said(msg("list of {month}, {layout}: {players:,} players, rated {rated}", month=info.month,
                           layout=info.layout, players=info.players, rated=rated))
