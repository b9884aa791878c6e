"""What the page shows, computed by the library calls and rendered by the document writers the
command line uses (nothing is computed here that a command computes elsewhere): a file read from
the bytes uploaded, its info, its findings grouped as ``trfconv check`` groups them, the
verdict, the rating report, the standings, the play-off plan, the title norms and their IT1
certificates, the conversions, the batch's table, the rating period and the title application,
and the rating lists' look-ups.

Every function takes what the page sent as plain values (never a path) and answers a value or a
:class:`Refusal`, the sentence the page shows instead."""

from __future__ import annotations

import gc
import re
import secrets
import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from functools import wraps
from pathlib import Path

from .. import TrfconvError, dumps, rate, reads, validate
from .. import period as rating_period
from .. import standings as rank
from ..cli.common import against_list, diagnostic_lines, grouped, severity_counts, why_unreadable
from ..documents.basis import Basis
from ..documents.info import InfoReport
from ..documents.registry import document
from ..documents.verdict import VerdictReport
from ..io.registry import outputs
from ..model import Tournament
from ..actions import speaking
from ..rules.rateability import Verdict
from .voice import PAGE

#: How many uploaded files the server keeps (the oldest is let go first): a 10,000-player event
#: takes some 100 MB of model.
KEPT_FILES = 24
#: The conversions offered for download, in this order (``trfconv formats``' names).
CONVERSIONS = ("trf26", "trf16", "xml", "csv", "json")


def on_the_page(function):
    """``function`` run speaking the page's voice (:mod:`.voice`): what it says names the page's
    controls, never an option."""
    @wraps(function)
    def spoken(*args, **kwargs):
        with speaking(PAGE):
            return function(*args, **kwargs)
    return spoken


class Refusal(Exception):
    """What the page says instead of a document: one sentence, and the HTTP status."""

    def __init__(self, message: str, status: int = 422):
        super().__init__(message)
        self.message, self.status = message, status


@dataclass(frozen=True)
class Upload:
    """A file read from the page: its sanitised name, its tournament and its rateability
    verdict (judged once, when it was read: the page shows it, the rating report and the batch's
    table rest on it)."""

    id: str
    name: str
    tournament: Tournament
    verdict: Verdict


class Uploads:
    """The files read, newest last, at most :data:`KEPT_FILES`; safe across the server's threads."""

    def __init__(self, limit: int = KEPT_FILES):
        self.limit, self._files, self._lock = limit, OrderedDict(), threading.Lock()

    def add(self, name: str, tournament: Tournament) -> Upload:
        """Hold ``tournament`` (judged now). The objects made so far are moved out of the cycle
        collector's reach (``gc.freeze``), as :func:`trfconv.cli.main` does for one command: the
        model holds no reference cycles, and each collection would otherwise walk every file held
        (a second for a 10,000-player event's rating report)."""
        upload = Upload(secrets.token_hex(8), name, tournament, validate(tournament))
        with self._lock:
            self._files[upload.id] = upload
            while len(self._files) > self.limit:
                self._files.popitem(last=False)
        gc.freeze()
        return upload

    def get(self, key: str) -> Upload:
        with self._lock:
            found = self._files.get(key)
        if found is None:
            raise Refusal("this file is no longer held by the server (it was removed, or the server was restarted): "
                          "drop it again", 404)
        return found

    def remove(self, key: str) -> None:
        with self._lock:
            self._files.pop(key, None)

    def all(self) -> list[Upload]:
        with self._lock:
            return list(self._files.values())


_UNSAFE = re.compile(r"[^\w.\-]+")


def safe_name(name: str | None, default: str = "tournament") -> str:
    """A file name fit to show and to download under: the last part of what the browser sent
    (never a folder), letters, digits, ``.``, ``-`` and ``_`` only, no leading dot, at most 100
    characters."""
    base = re.split(r"[\\/]", unicodedata.normalize("NFC", name or ""))[-1]
    base = _UNSAFE.sub("_", base).lstrip("._")[:100]
    return base or default


@on_the_page
def read_upload(name: str, data: bytes) -> Tournament:
    """The tournament in ``data``; :class:`Refusal` saying in words why it is not one (413 for a
    file beyond the input bounds, as ``trfconv`` refuses it)."""
    try:
        t = reads(data, path=name)
    except TrfconvError as err:
        raise Refusal(_words(err.diagnostics)) from None
    problems = why_unreadable(t)
    if any(d.code == "LIM001" for d in problems):
        raise Refusal(_words(problems), 413)
    if problems:
        raise Refusal("not a tournament file trfconv can read: " + _words(problems))
    return t


def _words(diagnostics) -> str:
    return "; ".join(f"{d.message} ({d.code})" for d in diagnostics) or "nothing readable in it"


@dataclass(frozen=True)
class Finding:
    """One line of ``trfconv check``'s output (a problem repeated is one line) and its severity."""

    severity: str
    line: str


@dataclass(frozen=True)
class Summary:
    """What the page shows of a file at once: info, findings, verdict."""

    info: str
    counts: dict[str, int]
    findings: list[Finding]
    verdict: str
    decision: str
    caveats: tuple[str, ...]


def findings(diagnostics) -> list[Finding]:
    """``diagnostics`` as ``trfconv check`` prints them, each line with its severity."""
    return [Finding(first.severity.value, line)
            for (first, _), line in zip(grouped(diagnostics), diagnostic_lines(diagnostics))]


def judged(upload: Upload) -> Basis:
    """What the verdict rests on, as ``trfconv validate`` says it."""
    return Basis(upload.name, (*upload.tournament.diagnostics, *upload.verdict.diagnostics), scope="rating")


@on_the_page
def summary(upload: Upload) -> Summary:
    t, verdict = upload.tournament, upload.verdict
    basis = judged(upload)
    return Summary(
        info=document("info").render(InfoReport(upload.name, t), "text"),
        counts=severity_counts(t.diagnostics),
        findings=findings(t.diagnostics),
        verdict=document("verdict").render(VerdictReport(basis, t, verdict), "text"),
        decision="not produced: the file has errors" if basis.withheld else verdict.decision.value,
        caveats=basis.caveats,
    )


@on_the_page
def rating_report(upload: Upload, lenient: bool = False) -> str:
    """The rating report's HTML, as ``trfconv report --format html`` writes it."""
    from ..documents.rating_report import RatingReport

    t, verdict = upload.tournament, upload.verdict
    rating = rate(t, verdict)
    basis = Basis(upload.name, (*t.diagnostics, *verdict.diagnostics, *rating.diagnostics), lenient,
                  scope="rating")
    return document("rating-report").render(RatingReport(basis, t, verdict, rating), "html")


def _tiebreaks(t: Tournament, names: str | None) -> str | None:
    """The tie-break list asked for, checked as ``trfconv standings -t`` checks it."""
    if not names or not names.strip():
        return None
    from ..rules.tiebreaks import parse_list
    from ..rules.tiebreaks.rules import resolve

    _, problems = parse_list(names, aliases=resolve(None, t.event.start_date).aliases)
    if problems:
        raise Refusal("; ".join(d.message for d in problems))
    return names


@on_the_page
def standings(upload: Upload, tiebreaks: str | None = None, after: int | None = None, seed: str | None = None,
              lenient: bool = False) -> str:
    """The standings' HTML, as ``trfconv standings --format html`` writes it."""
    from ..documents.standings import StandingsReport
    from ..rules.tiebreaks.after_round import NoSuchRound

    t = upload.tournament
    try:
        result = rank(t, _tiebreaks(t, tiebreaks), after_round=after, lots_seed=seed or None)
    except NoSuchRound as err:  # said as the library says it
        raise Refusal(str(err)) from None
    located = tuple(d.located(upload.name) for d in result.diagnostics)
    basis = Basis(upload.name, (*t.diagnostics, *located), lenient, scope="ranking")
    return document("standings").render(StandingsReport(basis, result, t), "html")


@on_the_page
def playoff(upload: Upload, place: int = 1, seed: str | None = None, lenient: bool = False) -> str:
    """The play-off plan's HTML for the players tied for ``place``, in the order of the event's
    tie-breaks (the file's list, else the recommended one), as ``trfconv playoff --format html``
    writes it (a new seed when none is given, printed in the plan)."""
    from ..documents.playoff import PlayoffReport
    from ..rules.tiebreaks.lots import new_seed
    from ..rules.tiebreaks.playoff import plan, tied_for

    t = upload.tournament
    seed = seed or new_seed()
    s = rank(t, lots_seed=seed)
    try:
        entrants, first = tied_for(s, place)
    except ValueError as err:
        raise Refusal(str(err)) from None
    basis = Basis(upload.name, (*t.diagnostics, *(d.located(upload.name) for d in s.diagnostics)), lenient,
                  scope="ranking")
    result = plan(entrants, first=first, seed=seed)
    return document("playoff").render(PlayoffReport(basis, result, t.event.name), "html")


@dataclass(frozen=True)
class NormChoices:
    """The choices ``trfconv norms`` offers (its ``--title``, ``--exemption``, ``--event-type``
    and ``--score-reading``), for the page's norms form."""

    titles: tuple[str, ...]
    exemptions: dict[str, str]
    event_types: tuple[str, ...]
    readings: dict[str, str]


def norm_choices() -> NormChoices:
    from ..rules.norms import EVENT_TYPES, EXEMPTION_NAMES, READING_NAMES, TITLES

    return NormChoices(TITLES, EXEMPTION_NAMES, EVENT_TYPES, READING_NAMES)


@on_the_page
def norms(upload: Upload, player: int | None = None, titles: tuple[str, ...] = (), exemption: str | None = None,
          event_type: str | None = None, reading: str = "rounded", forecast: bool = False,
          after_round: int | None = None, details: bool = False, lookup=None, lenient: bool = False,
          form: str = "html") -> str:
    """The title norms' HTML (``form`` ``html``) or the IT1 certificates (``it1``), as ``trfconv
    norms --format FORM`` writes them with the same options (``lookup``: ``--list``)."""
    from .. import norms as judge
    from ..documents.norms import NormsReport

    t = upload.tournament
    try:
        result = judge(t, lookup, player=player, titles=titles or None, exemption=exemption or None,
                       event_type=event_type or None, reading=reading, forecast=forecast, after_round=after_round)
    except ValueError as err:  # an option, a player or a round the library refuses: said as it says it
        raise Refusal(str(err)) from None
    basis = Basis(upload.name, (*t.diagnostics, *result.diagnostics), lenient, scope="norms")
    return document("norms").render(NormsReport(basis, t, result, details or player is not None), form)


@on_the_page
def application(uploads: list[Upload], fide_id: str, title: str | None = None, exemption: str | None = None,
                event_type: str | None = None, reading: str = "rounded", lookup=None, lenient: bool = False) -> str:
    """The title application of ``fide_id`` over the files held (IT2 checks), as ``trfconv norms
    FILES --application FIDE_ID`` writes it with the same options (text: the document has no
    HTML form)."""
    from ..documents.norms.application import ApplicationReport
    from ..rules.norms import application as check

    fide_id = fide_id.strip()
    if not uploads:
        raise Refusal("no file dropped yet")
    if not fide_id.isascii() or not fide_id.isdigit():
        raise Refusal(f"{fide_id!r} is not a FIDE id (digits)")
    events = [(u.name, u.tournament) for u in uploads]
    try:
        result, found = check(events, fide_id, title=title or None, lookup=lookup, exemption=exemption or None,
                              event_type=event_type or None, reading=reading)
    except ValueError as err:
        raise Refusal(str(err)) from None
    if all(x.start_number is None for x in result.events):
        raise Refusal(f"FIDE id {fide_id}: no file held has a player with this FIDE id")
    noticed = [d for _, t in events for d in t.diagnostics]
    basis = Basis(", ".join(name for name, _ in events), (*noticed, *found), lenient, scope="norms")
    return document("norms-application").render(ApplicationReport(basis, result), "text")


@on_the_page
def conversion(upload: Upload, fmt: str) -> tuple[bytes, str]:
    """The file in ``fmt`` as ``trfconv convert --to FMT`` writes it (the points and ranks the
    file does not give filled from the standings), and its download name."""
    if fmt not in CONVERSIONS:
        raise Refusal(f"no conversion {fmt!r}; there are {', '.join(CONVERSIONS)}", 404)
    data, _ = dumps(_converted(upload), fmt)
    return data, _download_name(upload, fmt)


def _converted(upload: Upload) -> Tournament:
    """The tournament ``convert`` writes: with the points and ranks it does not give."""
    from ..rules.tiebreaks.declare import with_standings

    return with_standings(upload.tournament)[0]


def _download_name(upload: Upload, fmt: str) -> str:
    out = outputs()[fmt]
    return safe_name((Path(upload.name).stem or "tournament") + (out.suffixes[0] if out.suffixes else ".trf"))


@on_the_page
def losses(upload: Upload) -> list[tuple[str, list[Finding]]]:
    """For each conversion, what its writer said (what the format cannot hold, item by item:
    ``WRT004``; characters replaced), as ``trfconv convert -o FILE`` prints it."""
    out = []
    converted = _converted(upload)
    for fmt in CONVERSIONS:
        _, said = dumps(converted, fmt)
        name = _download_name(upload, fmt)
        out.append((outputs()[fmt].description.split(" (")[0], findings([d.located(name) for d in said])))
    return out


def tiebreak_choices() -> list[tuple[str, str]]:
    """Every tie-break's name and what it is (the registry's, as ``trfconv standings --help``
    lists them)."""
    from ..rules.tiebreaks import definitions

    return [(d.name, f"{d.title} ({d.article})") for code, d in definitions().items() if not code.startswith("OTHER_")]


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
                             "not produced" if judged(u).withheld else u.verdict.decision.value))
    return rows


@on_the_page
def period(uploads: list[Upload], month: str | None = None, db=None, use_list: bool = False,
           lenient: bool = False) -> str:
    """The rating period's HTML over the files held, as ``trfconv period FILES --format html``
    writes it (with ``use_list``: on the lists held, as ``--list``)."""
    from ..documents.period import PeriodReport

    if not uploads:
        raise Refusal("no file dropped yet")
    if month and not re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", month):
        raise Refusal(f"{month!r} is not a month YYYY-MM")
    lookup = held_lists(db) if use_list else None
    try:
        result = rating_period([u.tournament for u in uploads], lists=lookup, month=month or None)
    except TrfconvError as err:
        raise Refusal(_words(err.diagnostics)) from None
    name = uploads[0].name if len(uploads) == 1 else f"{len(uploads)} files"
    return document("period").render(PeriodReport(Basis(name, result.diagnostics, lenient, scope="rating"), result),
                                     "html")


# -- the rating lists --------------------------------------------------------------------------

def held_lists(db):
    """The rating lists database, or :class:`Refusal` when it cannot be read or holds no list."""
    import sqlite3

    from ..ratinglists import open_lists

    lists = open_lists(db)
    try:
        if not lists.months():
            raise Refusal("no rating list is held yet: import one (a FIDE list file, zip or txt) first")
    except sqlite3.Error as err:
        raise Refusal(f"cannot read the rating lists database {lists.path}: {err}") from None
    return lists


def held_months(db) -> list[str]:
    try:
        return list(held_lists(db).months())
    except Refusal:
        return []


@on_the_page
def find_players(db, query: str, limit: int = 20):
    """The list entries of the latest list held for a FIDE id, or the names closest to
    ``query``, as ``trfconv list show`` and ``trfconv list find`` give them; and the month."""
    lists = held_lists(db)
    month = list(lists.months())[-1]
    query = query.strip()
    if not query:
        raise Refusal("type a name or a FIDE id")
    if query.isascii() and query.isdigit():
        entry = lists.player(int(query), month)
        return month, [entry] if entry is not None else []
    return month, [m.entry for m in lists.find(query, month=month, limit=limit)]


@on_the_page
def list_check(upload: Upload, db) -> list[Finding]:
    """The players of the file held against the FIDE list in force at its start, as ``trfconv
    check --list`` does."""
    from ..rules.rateability import rating_list

    t = upload.tournament
    found = against_list(t, held_lists(db), rating_list(t))
    return findings(found) or [Finding("info", "every player agrees with the list")]


@dataclass
class Import:
    """A rating list being imported: bytes read of the total, then the result or the error."""

    name: str
    done: int = 0
    total: int = 0
    result: str | None = None
    error: str | None = None


@on_the_page
def import_list(job: Import, path: Path, db, month: str | None, kind: str | None) -> None:
    """Import the list file ``path`` (a file the server wrote), recording progress in ``job``;
    as ``trfconv list import`` does."""
    import sqlite3

    from ..ratinglists import ListError
    from ..ratinglists import import_list as load

    def progress(done: int, total: int) -> None:
        job.done, job.total = done, total

    try:
        info = load(path, db=db, month=month or None, kind=kind or None, progress=progress)
    except ListError as err:
        job.error = err.diagnostic.message
    except (OSError, sqlite3.Error) as err:
        job.error = f"cannot write the rating lists database: {err}"
    except Exception as err:  # noqa: BLE001 - a bug: said on the page, never a traceback
        job.error = f"internal error: {type(err).__name__}: {err} (a bug in trfconv; please report it)"
    else:
        rated = ", ".join(f"{k} {n:,}" for k, n in info.rated.items())
        job.result = f"list of {info.month}, {info.layout}: {info.players:,} players, rated {rated}"

