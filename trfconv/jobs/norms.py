"""``norms``: the title norms of an event (FIDE Title Regulations B.01, and with ``arbiters`` its
arbiters' norms, B.06.1) in any form of the norms document (the text and HTML summary, JSON, the
IT1 certificates, the arbiters' FA1/IA1 forms); and ``norms-application``: a title application
over several events, a player's (IT2 checks) or an arbiter's (B.06.1), whichever the FIDE ID is.

Like ``validate``, a document rests on the files it judges: their errors come first and withhold
it unless ``lenient``. Exit class OK when the file was read without error (whether or not a norm
was made), PROBLEMS when it has errors (or, for an application, when it does not meet the
regulations), UNUSABLE when a file cannot be read or an option is wrong."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..documents.basis import ALLOW_DEFECTIVE, Basis
from ..io.files import MAX_INPUT_BYTES
from ..messages import msg
from ..model import Tournament
from .inputs import Given, Lists, Params, name_of, paths, tournament
from .outputs import delivered, rendered_in
from .result import Exit, JobResult, Problem, stopped

#: The arbiters' titles an arbiter's application is for (B.06.1).
ARBITER_TITLES = ("FA", "IA")


@dataclass(frozen=True)
class Norms(Params):
    """The file; only this start number (``player``), only these titles (None: every title above
    the one held); a 1.4.3 exemption and a 1.4.1b event type; the readings chosen where the text
    leaves a result open (``(("score", "exact"),)``); ``forecast`` (after ``after_round``, default
    the last complete round); the B.01 edition (None: in force at the start); the rating lists
    the opponents are taken from; ``details`` (every requirement, and the arbiters' norms);
    the document's form (``arbiters``: the FA1/IA1 forms) and output file; the file's encoding;
    ``lenient``."""

    name: ClassVar[str] = "norms"
    job: ClassVar[str] = "trfconv.jobs.norms:norms"

    file: Given
    player: int | None = None
    titles: tuple[str, ...] | None = None
    exemption: str | None = None
    event_type: str | None = None
    readings: tuple[tuple[str, str], ...] = ()
    forecast: bool = False
    after_round: int | None = None
    rules: str | None = None
    lists: Lists | None = None
    details: bool = False
    form: str = "text"
    output: Path | None = None
    encoding: str | None = None
    lenient: bool = False
    max_bytes: int = MAX_INPUT_BYTES


def chosen_problem(titles: tuple[str, ...] | None, exemption: str | None, event_type: str | None,
                   known_titles: tuple[str, ...]) -> Problem | None:
    """Why a title, the exemption or the event type asked for is none the regulations have."""
    from ..rules.norms import EVENT_TYPES, EXEMPTIONS

    for title in titles or ():
        if title not in known_titles:
            return Problem(msg("unknown; give one of {known}", known=list(known_titles)), about="titles", given=title)
    if exemption is not None and exemption not in EXEMPTIONS:
        return Problem(msg("unknown; give one of {known}", known=list(EXEMPTIONS)), about="exemption",
                       given=exemption)
    if event_type is not None and event_type not in EVENT_TYPES:
        return Problem(msg("unknown; give one of {known}", known=list(EVENT_TYPES)), about="event_type",
                       given=event_type)
    return None


def event_norms(t: Tournament, lists=None, *, rules=None, player: int | None = None,
                titles: tuple[str, ...] | None = None, exemption: str | None = None, event_type: str | None = None,
                readings=None, forecast: bool = False, after_round: int | None = None, arbiters: bool = False):
    """The title norms of ``t`` (:func:`trfconv.rules.norms.norms`), with ``arbiters`` its
    arbiters' norms too (B.06.1, :func:`trfconv.rules.arbiters.arbiter_event`): what
    :func:`trfconv.norms` gives."""
    from dataclasses import replace

    from ..rules.arbiters import arbiter_event
    from ..rules.norms import norms as judge

    result = judge(t, lists, rules=rules, player=player, titles=titles, exemption=exemption, event_type=event_type,
                   readings=readings, forecast=forecast, after_round=after_round)
    return replace(result, arbiters=arbiter_event(t, lists, judged=result)) if arbiters else result


def norms(params: Norms) -> JobResult:
    """The norms document in its form, written or handed back; the norms (``value``) and the
    document's verdict line (``verdict``)."""
    from ..documents.norms import NormsReport
    from ..rules.editions import UnknownEdition
    from ..rules.norms import TITLES
    from .lists import lookup

    problem = chosen_problem(params.titles, params.exemption, params.event_type, TITLES)
    if problem is not None:
        return stopped(params.name, problem)
    lists = lookup(params.lists)
    if isinstance(lists, Problem):
        return stopped(params.name, lists)
    where = name_of(params.file)
    t = tournament(params.file, encoding=params.encoding, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return stopped(params.name, t, file=where)
    try:
        result = event_norms(t, lists, rules=params.rules, player=params.player, titles=params.titles,
                       exemption=params.exemption, event_type=params.event_type, readings=dict(params.readings),
                       forecast=params.forecast, after_round=params.after_round,
                       arbiters=params.details or params.form == "arbiters")
    except UnknownEdition as err:
        return stopped(params.name, Problem(err.args[0] if err.args else str(err), about="rules"), file=where, tournament=t)
    except ValueError as err:  # a player, a round or a reading the event or the edition does not have
        return stopped(params.name, Problem(str(err), path=where), file=where, tournament=t)
    basis = Basis(where, (*t.diagnostics, *result.diagnostics), params.lenient, scope="norms", lang=params.lang)
    report = NormsReport(basis, t, result, params.details or params.player is not None)
    rendered = rendered_in("norms", report, params.form)
    verdict = report.verdict()
    return delivered(params.name, Exit.PROBLEMS if basis.defective else Exit.OK, rendered, params.output,
                     params.file, msg("title norms ({form}); {verdict}", form=params.form, verdict=verdict),
                     file=where, tournament=t, value=result, diagnostics=basis.diagnostics, basis=basis,
                     verdict=verdict, actions=(ALLOW_DEFECTIVE,) if basis.withheld else ())


@dataclass(frozen=True)
class NormsApplication(Params):
    """The events (files, folders or tournaments already read) and the applicant's FIDE ID; the
    title applied for (None: the one the events point to; FA or IA for an arbiter); the options
    of :class:`Norms` that judge each event; the document's form (``text``, ``json``) and
    output file."""

    name: ClassVar[str] = "norms-application"
    job: ClassVar[str] = "trfconv.jobs.norms:application"

    events: tuple[Given, ...]
    fide_id: str
    title: str | None = None
    exemption: str | None = None
    event_type: str | None = None
    readings: tuple[tuple[str, str], ...] = ()
    rules: str | None = None
    lists: Lists | None = None
    form: str = "text"
    output: Path | None = None
    encoding: str | None = None
    lenient: bool = False
    max_bytes: int = MAX_INPUT_BYTES

    def inputs(self) -> tuple[Path, ...]:
        from ..io.many import expand

        given = [e for e in self.events if not isinstance(e, Tournament)]
        return (*expand(given)[0], *paths(self.lists))


def application(params: NormsApplication) -> JobResult:
    """The application document (``norms-application`` for a player, ``arbiter-application``
    for an arbiter of the 102/112 records), written or handed back; whether it meets the
    regulations (``verdict``)."""
    from ..rules.editions import UnknownEdition
    from ..rules.norms import TITLES
    from ..rules.norms import application as check
    from .lists import lookup

    fide_id = params.fide_id.strip()
    if not fide_id.isascii() or not fide_id.isdigit():
        return stopped(params.name, Problem(msg("give the applicant's FIDE id (digits)"), about="fide_id",
                                            given=params.fide_id))
    problem = chosen_problem((params.title,) if params.title else None, params.exemption, params.event_type,
                             (*TITLES, *ARBITER_TITLES))
    if problem is not None:
        return stopped(params.name, problem)
    events = _events(params)
    if isinstance(events, Problem):
        return stopped(params.name, events)
    lists = lookup(params.lists)
    if isinstance(lists, Problem):
        return stopped(params.name, lists)
    arbiter = params.title in ARBITER_TITLES
    try:
        result, found = check(events, fide_id, title=None if arbiter else params.title, lookup=lists,
                              rules=params.rules, exemption=params.exemption, event_type=params.event_type,
                              readings=dict(params.readings))
    except UnknownEdition as err:
        return stopped(params.name, Problem(err.args[0] if err.args else str(err), about="rules"))
    except ValueError as err:  # a reading the edition does not have
        return stopped(params.name, Problem(err.args[0] if err.args else str(err), about="readings"))
    where = ", ".join(name for name, _ in events)
    noticed = [d for _, t in events for d in t.diagnostics]
    if all(x.start_number is None for x in result.events):
        return _arbiter_application(params, events, fide_id, lists, where, tuple(noticed))
    if arbiter:
        return stopped(params.name, Problem(msg("an arbiter's title; this FIDE id is a player's"), about="titles",
                                            given=params.title))
    from ..documents.norms.application import ApplicationReport

    basis = Basis(where, (*noticed, *found), params.lenient, scope="norms", lang=params.lang)
    rendered = rendered_in("norms-application", ApplicationReport(basis, result), params.form)
    code = Exit.PROBLEMS if basis.defective or not result.ok else Exit.OK
    return delivered(params.name, code, rendered, params.output, events[0][0],
                     msg("title application ({form})", form=params.form), file=where, value=result,
                     diagnostics=basis.diagnostics, basis=basis, verdict=msg("meets") if result.ok else msg("does not meet"),
                     actions=(ALLOW_DEFECTIVE,) if basis.withheld else ())


def _events(params: NormsApplication) -> list[tuple[str, Tournament]] | Problem:
    """Every event given, read (a folder's tournament files, found by content); why not."""
    from ..io.many import expand

    given: list[tuple[str, Given]] = [(name_of(e), e) for e in params.events if isinstance(e, Tournament)]
    files, _ = expand([e for e in params.events if not isinstance(e, Tournament)])
    given += [(str(f), f) for f in files]
    if not given:
        return Problem(msg("no tournament file among the files given"), about="events")
    events = []
    for name, one in given:
        t = tournament(one, encoding=params.encoding, max_bytes=params.max_bytes)
        if isinstance(t, Problem):
            return t
        events.append((name, t))
    return events


def _arbiter_application(params: NormsApplication, events: list[tuple[str, Tournament]], fide_id: str, lists,
                         where: str, noticed: tuple) -> JobResult:
    """The B.06.1 checks of the arbiter ``fide_id`` over the events; a problem when no event
    names him either."""
    from ..documents.norms.arbiters import ArbiterApplicationReport
    from ..rules.arbiters import arbiter_application
    from ..rules.officials import arbiters

    if not any(a.fide_id == fide_id for _, t in events for a in arbiters(t, lists)):
        return stopped(params.name, Problem(msg("no file given holds a player or an arbiter (102/112) with this "
                                                "FIDE id"), about="fide_id", given=fide_id))
    if params.title is not None and params.title not in ARBITER_TITLES:
        return stopped(params.name, Problem(msg("a player's title; this FIDE id is an arbiter's (FA or IA)"),
                                           about="titles", given=params.title))
    result = arbiter_application(events, fide_id, title=params.title, lookup=lists)
    basis = Basis(where, noticed, params.lenient, scope="norms", lang=params.lang)
    rendered = rendered_in("arbiter-application", ArbiterApplicationReport(basis, result), params.form)
    code = Exit.PROBLEMS if basis.defective or not result.ok else Exit.OK
    return delivered(params.name, code, rendered, params.output, events[0][0],
                     msg("arbiter's title application ({form})", form=params.form), file=where, value=result,
                     diagnostics=basis.diagnostics, basis=basis, verdict=msg("meets") if result.ok else msg("does not meet"),
                     actions=(ALLOW_DEFECTIVE,) if basis.withheld else ())
