"""trfconv: read, check and write chess tournament files through one exact model.

    >>> import trfconv
    >>> t = trfconv.read("fixtures/tiebreak/tec-swiss16-rated.trf")  # a file of the checkout
    >>> t.event.name[:40], len(t.players), t.rounds
    ("FIDE TEC 'Exercises in Tie-Breaking' (IA", 16, 5)
    >>> t.diagnostics                                # what the reader noticed: nothing
    ()
    >>> data, noticed = trfconv.dumps(t, "trf26")    # the TRF-2026 bytes, what the writer noticed
    >>> data[:4], noticed
    (b'012 ', [])

and the jobs the command line and the web page run (:mod:`trfconv.jobs`), each giving the same
record, a :class:`~trfconv.jobs.result.JobResult`:

    >>> from datetime import date
    >>> result = trfconv.upload_check("fixtures/tiebreak/tec-swiss16-rated.trf", today=date(2026, 12, 1),
    ...                               gacrux=False)
    >>> result.exit.name, result.verdict
    ('PROBLEMS', 'not ready to upload')
    >>> result.value.summary[:50]
    'NOT READY to upload: fix first: 2 x UPL001 record '
    >>> trfconv.run(trfconv.Standings("fixtures/tiebreak/tec-swiss16-rated.trf", ("BH/C1", "SB"))).verdict
    'ranked'
"""

from __future__ import annotations

import os

from .diagnostics import Diagnostic, Severity, has_errors
from .errors import InputError, OutputError, TrfconvError, UsageError
from .io.files import MAX_INPUT_BYTES
from .io.registry import read_bytes, write_bytes, write_file
from .model import Tournament

__all__ = [
    "Diagnostic",
    "InputError",
    "OutputError",
    "Severity",
    "Tournament",
    "TrfconvError",
    "UsageError",
    "check",
    "convert",
    "dumps",
    "fill",
    "info",
    "norms",
    "pairings",
    "period",
    "playoff",
    "rate",
    "read",
    "read_many",
    "reads",
    "report",
    "run",
    "standings",
    "upload_check",
    "validate",
    "write",
    # the jobs' parameters (trfconv.jobs.JOBS) and what they share, loaded when first used
    "Check", "Content", "Convert", "Explain", "Fill", "Info", "ListCheck", "ListImport", "ListLookup", "Lists",
    "Norms", "NormsApplication", "Pairings", "Period", "Playoff", "Report", "Standings", "Validate",
]
__version__ = "0.1.0"


def read(path: str | os.PathLike, *, encoding: str | None = None, format: str | None = None,
         strict: bool = False, max_bytes: int = MAX_INPUT_BYTES) -> Tournament:
    """Read a tournament file. Problems are in ``tournament.diagnostics``; with ``strict=True``
    any error raises :class:`TrfconvError` instead. A file that cannot be opened, or is not a
    regular file of at most ``max_bytes``, raises :class:`TrfconvError` with an ``IO001``
    diagnostic."""
    from .jobs.inputs import read_file

    tournament = read_file(path, encoding=encoding, format=format, max_bytes=max_bytes)
    if strict and has_errors(tournament.diagnostics):
        raise TrfconvError(tournament.diagnostics)
    return tournament


def reads(data: bytes | str, *, path: str | None = None, encoding: str | None = None,
          format: str | None = None, strict: bool = False) -> Tournament:
    """Read a tournament from bytes (or text, which is taken as UTF-8)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    tournament = read_bytes(data, path, encoding=encoding, format=format)
    if strict and has_errors(tournament.diagnostics):
        raise TrfconvError(tournament.diagnostics)
    return tournament


def read_many(paths, *, encoding: str | None = None, jobs: int | None = 1):
    """Read many files: ``paths`` are files, folders (searched recursively, taking what a format
    recognises by content) or glob patterns. Yields ``(path, tournament)`` in order, the
    tournament of a file that cannot be read holding the diagnostics that say why (never
    raising); ``jobs`` > 1 reads in that many worker processes. What was skipped is given by
    :func:`trfconv.io.many.expand`."""
    from functools import partial

    from .io.many import expand, in_workers

    files, _ = expand(paths)
    one = partial(_read_or_say, encoding=encoding)
    if (jobs or 1) <= 1 or len(files) <= 1:
        yield from zip(files, map(one, files), strict=True)
        return
    yield from zip(files, in_workers(one, files, jobs), strict=True)


def _read_or_say(path, *, encoding: str | None) -> Tournament:
    try:
        return read(path, encoding=encoding)
    except TrfconvError as err:
        from .model import Source

        return Tournament(source=Source(path=str(path), diagnostics=tuple(err.diagnostics)))


def dumps(tournament: Tournament, format: str = "trf26", *, line_ending: str = "\r\n",
          encoding: str = "utf-8") -> tuple[bytes, list[Diagnostic]]:
    """The file content in ``format`` (``trfconv formats`` lists them: ``trf26``, ``trf16``,
    ``json``, ``xml``, ``csv``) and the writer's diagnostics (truncations, replaced characters,
    data the format cannot hold)."""
    data, diagnostics, _ = write_bytes(tournament, format, line_ending=line_ending, encoding=encoding)
    return data, diagnostics


def write(tournament: Tournament, path: str | os.PathLike, format: str = "trf26", *,
          line_ending: str = "\r\n", encoding: str = "utf-8", strict: bool = False) -> list[Diagnostic]:
    """Write ``tournament`` to ``path``: atomically over a regular file, keeping its mode (see
    :mod:`trfconv.io.files`). Refuses to overwrite the file the tournament was read from. With
    ``strict=True`` nothing is written when the writer reports an error."""
    return write_file(tournament, path, format, line_ending=line_ending, encoding=encoding, strict=strict).diagnostics


def validate(tournament: Tournament, rules=None, time_control=None, *, national_championship: bool = False,
             today=None, after_round: int | None = None, finished_after: int | None = None):
    """Would FIDE rate this event, which games and for whom: a
    :class:`~trfconv.rules.rateability.Verdict` under ``rules`` (``"b02-2005"``, ``"b02-2024"``;
    default: the edition in force on the start date). ``time_control`` (a 222 code or 122-style
    text) replaces the file's. ``national_championship``: the event is a national championship
    (B.02 2005 6.33). An event is judged when it is over: one with a round declared or paired
    without its results, or whose last day is after ``today`` (default: the current day), is NOT
    FINISHED, unless the arbiter says it ended after round ``finished_after`` or asks for the
    verdict ``after_round`` N (a round outside the file, or both, raise ``ValueError``)."""
    from datetime import date

    from .rules.rateability import validate as judge

    return judge(tournament, rules, time_control, national_championship=national_championship,
                 today=today or date.today(), after_round=after_round, finished_after=finished_after)


def rate(tournament: Tournament, verdict=None, *, rules=None, k: dict[str, int] | None = None):
    """What the event does to each player's FIDE rating
    (:class:`~trfconv.rules.rating.event.EventRating`): the rating arithmetic of B.02 under the
    edition the ``verdict`` was decided under (default: :func:`validate` under ``rules``). ``k``
    gives players' K by FIDE id (otherwise inferred from the edition's rules, with RAT001)."""
    from .rules.rating.event import rate as compute

    return compute(tournament, verdict if verdict is not None else validate(tournament, rules), k=k)


def norms(tournament: Tournament, lists=None, *, rules=None, player: int | None = None, titles=None,
          exemption: str | None = None, event_type: str | None = None, readings=None,
          forecast: bool = False, after_round: int | None = None, arbiters: bool = False):
    """The title norms of the event (:class:`~trfconv.rules.norms.EventNorms`, FIDE Title
    Regulations B.01 in force at its start, or ``rules``): for every player (or ``player``) and
    every title above the one held (or ``titles``: ``("GM", "IM")``), every requirement with its
    article and numbers, the best set of games (1.4.1e/f) and the games the norm is credited with.
    ``lists``: a rating lists look-up (:func:`trfconv.ratinglists.open_lists`): opponents' titles,
    ratings, federations and sex from the standard list in force at the start (1.4.6a); without
    it, the file's columns (a caveat says so). ``exemption``: ``"1.4.3a"``…``"1.4.3d"``;
    ``event_type``: ``"team-championship"`` or ``"world-cup"`` (1.4.1b); ``readings``: a choice
    for the readings of the text where it leaves a result open, by name (``{"score": "exact"}``;
    :func:`trfconv.rules.norms.readings` lists them; the others take their default); each result a
    reading decides carries its other outcome (``alternatives``). ``forecast``: also
    ``forecasts``, what each candidate needs in the rounds left after the last complete round (or
    ``after_round``). A result the file cannot decide (titles, federations or ratings missing, rounds
    to come) is ``status`` "cannot judge". ``arbiters``: also the event as its arbiters' norm (B.06.1:
    ``arbiters``, :func:`trfconv.rules.arbiters.arbiter_event`). Findings and caveats are in ``diagnostics``."""
    from .jobs.norms import event_norms

    return event_norms(tournament, lists, rules=rules, player=player, titles=titles, exemption=exemption,
                       event_type=event_type, readings=readings, forecast=forecast, after_round=after_round,
                       arbiters=arbiters)


def standings(tournament: Tournament, tiebreaks: list[str] | str | None = None, *, rules: str | None = None,
              unrated: int | None = None, after_round: int | None = None, lots_seed: str | None = None):
    """The standings (:class:`~trfconv.rules.tiebreaks.Standings`): points, then ``tiebreaks``
    (names such as ``"BH/C1,BH,SB,DE"``; default: the file's 212/202 list) under the C.07
    edition ``rules`` (default: the one in force on the start date); ``unrated`` is the rating
    the rating-based tie-breaks give unrated players; ``after_round`` gives the standings as
    they stood after that round; ``lots_seed`` breaks the ties left by a reproducible drawing of
    lots with that seed."""
    from .rules.tiebreaks import standings as rank

    return rank(tournament, tiebreaks, rules=rules, unrated=unrated, after_round=after_round, lots_seed=lots_seed)


def pairings(tournament: Tournament, *, round: int | None = None, next: bool = False, rules: str | None = None,
             system: str | None = None):
    """The file's Swiss pairings held to FIDE's Dutch system
    (:class:`~trfconv.rules.swiss.check.PairingsCheck`): every round (or only ``round``) re-paired
    from the state before it as the file records it, under the edition of C.04.1/C.04.3 in force at
    the event's start (``rules``: ``swiss-2017`` or ``swiss-2026`` to choose one), compared with
    the file's round, each difference explained by the criterion that decides it; with ``next``,
    the pairing of the round after the file's last. A round the file cannot decide is said so
    (``Verdict.CANNOT`` and why). Systems other than the Dutch one, team events and round robins
    are not checked (``checked`` False and why); ``system="dutch"`` checks a file that declares
    another system."""
    from .rules.swiss.check import check_pairings

    return check_pairings(tournament, rules=rules, system=system, rounds=None if round is None else [round],
                          next_round=next)


def period(events, *, lists=None, month: str | None = None, file_ratings: bool = False,
           encoding: str | None = None, keep=None, jobs: int | None = 1, unfinished: bool = False,
           undated: bool = False, tick=None):
    """The rating period of the FIDE list of ``month`` over ``events`` (tournaments, files or
    folders), as FIDE computes it: :func:`trfconv.jobs.period.rating_period` says what each
    parameter does."""
    from .jobs.period import rating_period

    return rating_period(events, lists=lists, month=month, file_ratings=file_ratings, encoding=encoding, keep=keep,
                         jobs=jobs, unfinished=unfinished, undated=undated, tick=tick)


# -- the jobs (trfconv.jobs): what the command line and the web page run ----------------------

def run(params):
    """Run the job ``params`` are for (``trfconv.Report(...)``, ``trfconv.Check(...)``: the
    classes of :data:`trfconv.jobs.JOBS`) and return its
    :class:`~trfconv.jobs.result.JobResult`: diagnostics, verdict, documents, files written or
    refused, exit class, caveats and actions. Its outputs are held against its inputs first: no
    job writes a file it reads."""
    from .jobs import run as run_job

    return run_job(params)


def info(file, *, encoding: str | None = None, form: str = "text"):
    """What a file is (``trfconv info``): its info document in ``form`` (``text``, ``json``)."""
    return run(_params("info", file=file, encoding=encoding, form=form))


def check(file, *, lists=None, encoding: str | None = None):
    """Every problem found in a file (``trfconv check``); with ``lists``
    (:class:`~trfconv.jobs.inputs.Lists`), each player held against the FIDE list in force."""
    return run(_params("check", file=file, lists=lists, encoding=encoding))


def upload_check(file, *, today=None, lists=None, gacrux: bool = True, encoding: str | None = None):
    """What FIDE's rating server needs (``trfconv check --upload``): every check a rating officer
    makes before uploading, and whether the file is ready, by when (``result.value``: ready and
    the one-line summary), against ``today`` (None: the current day); with ``lists`` the new
    players and arbiters held against the list; ``gacrux``: the gacrux pairing checker's verdict
    too, when it is installed (a file on disk only)."""
    return run(_params("check", file=file, lists=lists, upload=True, today=today, gacrux=gacrux, encoding=encoding))


def convert(file, to: str | None = None, *, output=None, lenient: bool = False, **options):
    """The file in the format ``to`` (``trfconv convert``): refused for a file with errors
    unless ``lenient`` (then marked); ``result.data`` holds the bytes when no ``output`` is given.
    ``options``: the other fields of :class:`~trfconv.jobs.convert.Convert`."""
    return run(_params("convert", file=file, to=to, output=output, lenient=lenient, **options))


def report(file, *, form: str = "text", output=None, lenient: bool = False, **options):
    """The FIDE rating report (``trfconv report``) in ``form``, handed back or written to
    ``output``. ``options``: the other fields of :class:`~trfconv.jobs.report.Report` (rules,
    lists, k_file, today, after_round, finished_after, ...)."""
    return run(_params("report", file=file, form=form, output=output, lenient=lenient, **options))


def playoff(file=None, *, form: str = "text", **options):
    """The on-board play-off plan (``trfconv playoff``) in ``form``. ``options``: the other
    fields of :class:`~trfconv.jobs.playoff.Playoff` (place, players, seed, ...)."""
    return run(_params("playoff", file=file, form=form, **options))


def title_application(events, fide_id: str, *, form: str = "text", output=None, lenient: bool = False, **options):
    """The title application of ``fide_id`` over ``events`` (``trfconv norms FILES
    --application FIDE_ID``): a player's (IT2 checks) or an arbiter's (B.06.1), in ``form``,
    handed back or written to ``output``. ``options``: the other fields of
    :class:`~trfconv.jobs.norms.NormsApplication` (title, lists, exemption, readings, ...)."""
    return run(_params("norms-application", events=tuple(events), fide_id=fide_id, form=form, output=output,
                       lenient=lenient, **options))


def fill(file, output, *, lists=None, kind: str | None = None):
    """A corrected TRF written to ``output`` (``trfconv fill``), from the FIDE list in force
    (``lists``: :class:`~trfconv.jobs.inputs.Lists`, default the default database)."""
    return run(_params("fill", file=file, output=output, kind=kind, **({"lists": lists} if lists else {})))


def _params(job: str, **fields):
    """The parameters of ``job`` (its key in :data:`trfconv.jobs.JOBS`)."""
    from .jobs import JOBS
    from .named import named

    return named(JOBS[job])(**fields)


#: What the jobs share, besides their parameters: the rating lists chosen, a file's bytes.
_SHARED = {"Lists": "trfconv.jobs.inputs:Lists", "Content": "trfconv.jobs.inputs:Content"}


def __getattr__(name: str):
    """The jobs' parameter classes (``trfconv.Report``), loaded when first used: ``import
    trfconv`` does not load every job."""
    from .jobs import JOBS
    from .named import named

    where = _SHARED.get(name) or next((w for w in JOBS.values() if w.endswith(f":{name}")), None)
    if where is None:
        raise AttributeError(f"module 'trfconv' has no attribute {name!r}")
    return named(where)

