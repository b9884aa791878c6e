"""The arbiters' own norms (FIDE Regulations for the Titles of Arbiters, B.06.1). Chief arbiters
fill a norm report for their arbiters after each FIDE-rated event: the FA1 towards the FIDE
Arbiter title, the IA1 towards the International Arbiter title (2.1.1).

:func:`arbiter_event`: which of the event's arbiters (the 102/112 records,
:mod:`trfconv.rules.officials`) its norm can be, under every condition of articles 2 to 4 a
tournament file can show, each with its article: a FIDE-rated event of a system of 2.3.1, its
rounds (3.10, 4.10), its FIDE-rated players by system (3.8), a rapid or blitz event's (3.9.2), a
national team championship's boards, teams and rated players (3.9.1, 4.9.2), an international
event's federations (2.6.2, 4.8.3, 4.9.1), the Chief Arbiter's title (2.8.2), the arbiter's own
(2.9) and the certificates the event can give (2.7). What no file shows (a hybrid event's
endorsement, the arbiter's registration, age and activity, the national championship's final, an
official FIDE event) is a proviso the Chief Arbiter attests, never a "no".

:func:`arbiter_application`: an arbiter's title application over several events: the norms 2.2
asks for (the seminar's is in no file), two systems (2.4) or the Swiss exception (2.5), the options
used at most once (3.9, 3.10.1, 4.9, 4.10.1), two Chief Arbiters (4.13.1), the dates of 5.3."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cache
from itertools import combinations

from ..diagnostics import Diagnostic, diagnostic
from ..messages import SEMICOLON, Message, joined, msg, plural
from ..model import Bye, NotPaired, Tournament
from .editions import Edition, edition_for
from .norms import EventNorms
from .norms import norms as title_norms
from .officials import Arbiter, arbiters
from .rateability import validate
from .rateability.shape import shape_of
from .rateability.verdict import Decision
from .ratinglist.inforce import Lookup
from .requirement import Requirement

#: The arbiters' titles, lowest first.
TITLES = ("FA", "IA")
#: The status of a title's norm for one arbiter, as the documents print it.
NORM, NO_NORM, CANNOT = "norm", "no norm", "cannot judge"


@dataclass(frozen=True)
class Proviso:
    """A condition of B.06.1 no tournament file shows: the Chief Arbiter attests it on the form."""

    article: str
    text: Message


@dataclass(frozen=True)
class ArbiterRules:
    """What an edition of B.06.1 says (its ``[arbiters]`` data, articles in ``articles``)."""

    edition: Edition
    data: dict

    def article(self, key: str) -> str:
        return self.data["articles"][key]

    @property
    def forms(self) -> dict[str, str]:
        return self.data["forms"]

    @property
    def systems(self) -> tuple[str, ...]:
        return tuple(self.data["systems"])

    def application(self, title: str) -> dict:
        return self.data["application"][title]

    def __hash__(self) -> int:
        return hash(self.edition)


@cache
def arbiter_rules(chosen: Edition) -> ArbiterRules:
    return ArbiterRules(chosen, chosen.data()["arbiters"])


@dataclass(frozen=True)
class EventFacts:
    """What the file shows of the event, for B.06.1 and for the FA1/IA1's fields."""

    system: str | None  #: as 2.3.1 names it; None: another (a match, a Scheveningen)
    speed: str | None  #: ``standard``, ``rapid``, ``blitz``; None: the rate of play is not in the file
    rated: bool | None  #: FIDE would rate it (trfconv's verdict); None: not finished
    decision: str  #: the verdict (``rateable``, ``not finished`` …)
    rounds: int
    players: int
    rated_players: int
    titled_players: int
    federations: int  #: the federations given for the players (FID not one)
    without_federation: int  #: players whose federation the file does not give
    host: str | None  #: the event's federation (032)
    teams: int
    boards: int | None  #: a team event's boards (352, else the most a team fielded in a round)
    double: bool
    first_round: date | str | None
    last_round: date | str | None
    norm_made: str | None  #: a B.01 norm made in the event (``#3 GM``); None: none made, or not judged

    def percent_rated(self) -> Fraction:
        return Fraction(100 * self.rated_players, self.players) if self.players else Fraction(0)

    def international(self, least: int) -> bool | None:
        """At least ``least`` federations among the participants (2.6.2); None: players without
        a federation leave it open."""
        if self.federations >= least:
            return True
        return None if self.without_federation else False


@dataclass(frozen=True)
class TitleCheck:
    """The event as one arbiter's norm towards one title: each requirement with its article (the
    event's, then the arbiter's own) and the provisos the Chief Arbiter attests."""

    title: str
    requirements: tuple[Requirement, ...]
    provisos: tuple[Proviso, ...]

    @property
    def failed(self) -> tuple[Requirement, ...]:
        return tuple(q for q in self.requirements if q.known and not q.ok)

    @property
    def unchecked(self) -> tuple[Requirement, ...]:
        return tuple(q for q in self.requirements if not q.known)

    @property
    def status(self) -> str:
        """``norm`` (on the provisos), ``no norm`` (a requirement fails), ``cannot judge`` (the
        file does not show a requirement)."""
        return NO_NORM if self.failed else CANNOT if self.unchecked else NORM


@dataclass(frozen=True)
class ArbiterNorm:
    """An arbiter of the event and the norm it can be for them: a check per title it can be
    towards (none for an IA, who holds the highest title; FA and IA when the title held is not
    known)."""

    arbiter: Arbiter
    checks: tuple[TitleCheck, ...]

    def forms(self, rules: ArbiterRules) -> tuple[str, ...]:
        """The forms to fill: FA1 and/or IA1, for each title whose norm the event can be."""
        return tuple(rules.forms[c.title] for c in self.checks if c.status != NO_NORM)

    def check(self, title: str) -> TitleCheck | None:
        return next((c for c in self.checks if c.title == title), None)


@dataclass(frozen=True)
class ArbiterEvent:
    """An event as its arbiters' norm: the edition, the facts, the conditions every norm of it
    shares (2.3.1) and its provisos, the certificates it can give (2.7; None: no limit stated),
    and each arbiter's norm."""

    rules: ArbiterRules
    facts: EventFacts
    requirements: tuple[Requirement, ...]
    provisos: tuple[Proviso, ...]
    certificates: int | None
    norms: tuple[ArbiterNorm, ...]

    @property
    def chief(self) -> Arbiter | None:
        return next((n.arbiter for n in self.norms if n.arbiter.chief), None)


def system_of(t: Tournament) -> str | None:
    """The event's system as 2.3.1 names the systems (None: another, which the Arbiters'
    Commission reviews: a match, a Scheveningen)."""
    shape = shape_of(t)
    if shape.match or shape.scheveningen:
        return None
    if shape.team:
        return "Team (League)"
    if shape.round_robin:
        return "Double Round Robin" if shape.double else "Round Robin"
    return "Knockout" if "knock" in (t.event.type or "").lower() else "Swiss"


def facts_of(t: Tournament, judged: EventNorms | None = None) -> EventFacts:
    """The event's facts (:class:`EventFacts`): the verdict and rate of play from the validator,
    the counts from the players; ``judged``: the players' norms, for a norm made (4.8.3)."""
    verdict = validate(t)
    rated = None if verdict.decision is Decision.NOT_FINISHED else verdict.rateable
    feds = {(p.federation or "").strip().upper() for p in t.players} - {"", "FID"}
    made = judged.achieved[0] if judged is not None and judged.achieved else None
    dates = [d for d in t.event.round_dates if d is not None]
    team = t.team_event.board_colours
    return EventFacts(
        system_of(t), verdict.rating_list if verdict.minutes is not None else None, rated, verdict.decision.value,
        max(t.rounds, t.event.declared_rounds or 0), len(t.players), sum(1 for p in t.players if p.rating),
        sum(1 for p in t.players if p.title), len(feds),
        sum(1 for p in t.players if not (p.federation or "").strip()),
        (t.event.federation or "").strip().upper() or None, len(t.teams),
        len(team) if team else _boards(t), shape_of(t).double,
        dates[0] if dates else t.event.start_date, dates[-1] if dates else t.event.end_date,
        f"#{made[0].person.start_number} {made[1].title}" if made else None)


def _boards(t: Tournament) -> int | None:
    """The most players a team fielded in one round (None: no teams)."""
    if not t.teams:
        return None
    by_number = {p.start_number: p for p in t.players}
    rounds = max((len(p.rounds) for p in t.players), default=0)
    return max((sum(1 for m in team.members if m in by_number and r < len(by_number[m].rounds)
                    and not isinstance(by_number[m].rounds[r], (Bye, NotPaired)))
                for team in t.teams for r in range(rounds)), default=0)


def _at_least(article: str, rule: Message, have: int | Fraction, need: int, value: str | None = None) -> Requirement:
    """A count (or share) of at least ``need``: ``value`` says it (default: the count)."""
    return Requirement(article, rule, value if value is not None else str(have), have >= need)


def _common(f: EventFacts, r: ArbiterRules) -> tuple[list[Requirement], list[Proviso]]:
    """What every arbiter norm of the event asks (2.3.1; 2.3.2 and 6.2 attested)."""
    reqs = [Requirement(r.article("rated"), msg("a FIDE-rated event (as the Rating Regulations judge the file; FIDE "
                                                "must have rated it)"),
                        f.decision, bool(f.rated), known=f.rated is not None),
            Requirement(r.article("systems"), msg("a system of {systems}", systems=list(r.systems)),
                        f.system or msg("another system, reviewed by the Arbiters' Commission"), f.system is not None,
                        known=f.system is not None)]
    provisos = [Proviso(r.article("hybrid"), msg("played over the board (a hybrid event only when the Qualification "
                                                 "and the Arbiters' Commissions endorsed it beforehand)")),
                Proviso("6.1, 6.2", msg("every arbiter of the event paid FIDE's registration fee"))]
    return reqs, provisos


def _rounds(f: EventFacts, r: ArbiterRules, title: str) -> Requirement:
    """3.10 / 4.10: the rounds a norm event has, one event of an application a little fewer."""
    a = r.application(title)
    key = "fa" if title == "FA" else "ia"
    if f.rounds >= a["rounds"]:
        return Requirement(r.article(f"{key}_rounds"), msg("at least {n} rounds", n=a["rounds"]), str(f.rounds), True)
    short = a["short_rounds"] <= f.rounds
    return Requirement(r.article(f"{key}_short") if short else r.article(f"{key}_rounds"),
                       msg("at least {n} rounds ({events} event of an application {short} or more)", n=a["rounds"],
                           events=a["short_events"], short=a["short_rounds"]),
                       msg("{rounds}: the one event of fewer than {n} rounds an application may hold", rounds=f.rounds,
                           n=a["rounds"]) if short else str(f.rounds), short)


def _fa_standard(f: EventFacts, r: ArbiterRules) -> tuple[list[Requirement], list[Proviso]]:
    """3.8 (a standard Swiss, round robin, double round robin) and 3.9.1 (a team event)."""
    need = r.data["fa_rated_players"]
    if f.system == "Swiss":
        return [_at_least(r.article("fa_swiss"), msg("a Swiss with at least {n} FIDE-rated players", n=need["Swiss"]),
                          f.rated_players, need["Swiss"])], []
    if f.system == "Double Round Robin":
        return [_at_least(r.article("fa_double"), msg("a double round robin with at least {n} FIDE-rated players",
                                                      n=need["Double Round Robin"]),
                          f.rated_players, need["Double Round Robin"])], []
    if f.system == "Round Robin":
        rule = msg("a round robin with at least {n} FIDE-rated players, or every player rated at its conclusion",
                   n=need["Round Robin"])
        rated = msg("{rated} of {players} FIDE-rated", rated=f.rated_players, players=f.players)
        if f.rated_players >= need["Round Robin"] or f.rated_players == f.players:
            return [Requirement(r.article("fa_round_robin"), rule, rated, True)], []
        return [Requirement(r.article("fa_round_robin"), rule,
                            msg("{rated}: whether every player is rated at its conclusion is not judged here",
                                rated=rated), False, known=False)], []
    if f.system == "Team (League)":
        return _national_team(f, r, "FA")
    if f.system == "Knockout":
        return [], [Proviso(r.article("fa_events"), msg("the Arbiters' Commission accepts a knockout event (3.8 names "
                                                        "the FIDE-rated players only of Swiss and round-robin events)"))]
    return [], []


def _national_team(f: EventFacts, r: ArbiterRules, title: str) -> tuple[list[Requirement], list[Proviso]]:
    """3.9.1 / 4.9.2: the highest division of the National Team Championship (once in an
    application): the boards, teams and FIDE-rated players the file shows; the division and the
    rounds the arbiter worked attested."""
    n = r.data["national_team"]
    article = r.article("fa_national_team" if title == "FA" else "ia_national_team")
    teams = n["teams_double"] if f.double else n["teams"]
    reqs = [Requirement(article, msg("at least {n} boards a team", n=n["boards"]), NOT_IN_FILE if f.boards is None
                        else str(f.boards), f.boards is not None and f.boards >= n["boards"],
                        known=f.boards is not None),
            _at_least(article, msg("at least {n} teams", n=teams), f.teams, teams),
            _at_least(article, msg("at least {n} % of the players FIDE-rated", n=n["rated_percent"]), f.percent_rated(),
                      n["rated_percent"], msg("{rated} of {players}", rated=f.rated_players, players=f.players))]
    worked = n["arbiter_rounds"][title]
    return reqs, [Proviso(article, msg("the highest division of the National Team Championship, the arbiter in at "
                                       "least {n} of its rounds (once in an application)", n=worked))]


def _fa_fast(f: EventFacts, r: ArbiterRules) -> list[Requirement]:
    """3.9.2: a FIDE-rated rapid or blitz event (once in an application)."""
    n = r.data["fa_rapid_blitz"]
    article = r.article("fa_rapid_blitz")
    return [Requirement(article, msg("a rapid or blitz event with at least {n} FIDE-rated players and {rounds} rounds "
                                     "(once in an application)", n=n["rated_players"], rounds=n["rounds"]),
                        msg("{rated} FIDE-rated, {rounds} rounds", rated=f.rated_players, rounds=f.rounds),
                        f.rated_players >= n["rated_players"] and f.rounds >= n["rounds"])]


def _fa_event(f: EventFacts, r: ArbiterRules) -> tuple[list[Requirement], list[Proviso]]:
    """The FA norm conditions of the event: 3.10's rounds; 3.8 (or 3.9.1) at the standard rate,
    3.9.2 at rapid or blitz; both when the rate of play is not known (met when both are, failed
    when both fail, else not known)."""
    reqs = [_rounds(f, r, "FA")]
    if f.speed == "standard":
        standard, provisos = _fa_standard(f, r)
        return reqs + standard, provisos
    if f.speed is not None:
        return reqs + _fa_fast(f, r), []
    standard, provisos = _fa_standard(f, r)
    fast = _fa_fast(f, r)
    as_standard = all(q.ok for q in standard)
    as_fast = all(q.ok for q in fast)
    if as_standard and as_fast:  # either rate of play: met
        return reqs + standard + fast, provisos
    said = msg("the rate of play is not in the file; as a standard event {standard}, as a rapid or blitz one {fast}",
               standard=MET if as_standard else NOT_MET, fast=MET if as_fast else NOT_MET)
    both_fail = not as_fast and any(q.known and not q.ok for q in standard)
    return reqs + [Requirement(f"{r.article('fa_events')}, {r.article('fa_rapid_blitz')}",
                               msg("the conditions of 3.8 (3.9.1) at the standard rate, of 3.9.2 at rapid or blitz"),
                               said, False, known=both_fail)], provisos


def _ia_event(f: EventFacts, r: ArbiterRules) -> tuple[list[Requirement], list[Proviso]]:
    """The IA norm conditions of the event: 4.10's rounds; one of 4.8 or 4.9 (4.9.1 and 4.8.3
    judged where the file shows them, the others attested)."""
    reqs = [_rounds(f, r, "IA")]
    if f.speed in ("rapid", "blitz"):
        return reqs, [Proviso(r.article("ia_events"), msg("an official World or Continental rapid or blitz "
                                                          "championship (4.8.4: one norm at most in an application)"))]
    provisos = [] if f.speed else [Proviso(r.article("ia_events"), msg(
        "played at the standard rate (a rapid or blitz event gives an IA norm only as an official World or Continental "
        "championship, 4.8.4)"))]
    big = r.data["ia_large_event"]
    least = r.data["international"]["IA"]
    international = f.international(least)
    if (international and f.players >= big["players"] and f.percent_rated() >= big["rated_percent"]
            and f.rounds >= big["rounds"]):
        reqs.append(Requirement(r.article("ia_large_event"), msg(
            "an international event of at least {players} players from at least {federations} federations, {percent} % "
            "FIDE-rated, {rounds} rounds (once in an application)", players=big["players"],
            federations=big["federations"], percent=big["rated_percent"], rounds=big["rounds"]),
            msg("{players} players ({rated} FIDE-rated) from {federations} federations", players=f.players,
                rated=f.rated_players, federations=f.federations), True))
        return reqs, provisos
    if international and f.norm_made:
        reqs.append(Requirement(r.article("ia_international"), msg(
            "an international event (participants from at least {n} federations, 2.6.2) where a player can make a "
            "norm (B.01)", n=least), msg("{federations} federations; {norm} norm made", federations=f.federations,
                                         norm=f.norm_made), True))
        return reqs, provisos
    if international is None:
        reqs.append(Requirement(r.article("international"), msg("participants from at least {n} federations (an "
                                                                "international event)", n=least),
                                msg("{federations} federations given, {without} player(s) without one",
                                    federations=f.federations, without=f.without_federation), False, known=False))
        return reqs, provisos
    routes = [msg("the final of the national individual championship ({article}.1, two norms at most in an "
                  "application)", article=r.article("ia_events")),
              msg("an official FIDE event or match ({article}.2)", article=r.article("ia_events"))]
    if international:
        routes.insert(0, msg("an international event where a player could make a norm of B.01 ({article})",
                             article=r.article("ia_international")))
    if f.system == "Team (League)":
        team, said = _national_team(f, r, "IA")
        if all(q.ok for q in team):
            routes.append(msg("{text} ({article})", text=said[0].text, article=r.article("ia_national_team")))
    return reqs, provisos + [Proviso(r.article("ia_events"), msg("the event is one of: {routes}",
                                                                 routes=joined(routes, SEMICOLON)))]


def _title_of(a: Arbiter) -> tuple[str, ...]:
    """The titles the arbiter's norm can be towards: FA without a FIDE arbiter title, IA for an
    FA (2.9.4), none for an IA; both when the title held is not known."""
    if a.titles is None:
        return TITLES
    return () if "IA" in a.titles else ("IA",) if "FA" in a.titles else ("FA",)


def _own(a: Arbiter, chief: Arbiter | None, f: EventFacts, r: ArbiterRules,
         title: str) -> tuple[list[Requirement], list[Proviso]]:
    """The arbiter's own conditions: who signs (2.8.1, 2.8.2) and 2.9."""
    reqs: list[Requirement] = []
    provisos: list[Proviso] = []
    signing = r.data["signing_titles"]
    if a.chief:
        provisos.append(Proviso(r.article("chief_applicant"), msg("the certificate of the Chief Arbiter is signed by "
                                                                  "a supervisor: {who}", who=r.data["supervisor"])))
    elif chief is None or chief.titles is None:
        provisos.append(Proviso(r.article("chief_not_titled"), msg("the Chief Arbiter holds {titles} (else only the "
                                                                   "Chief Arbiter may get a norm)",
                                                                   titles=joined(signing, OR))))
    else:
        held = "/".join(chief.titles) or NO_TITLE
        reqs.append(Requirement(r.article("chief_not_titled"), msg("the Chief Arbiter holds {titles} (else only the "
                                                                   "Chief Arbiter gets a norm)",
                                                                   titles=joined(signing, OR)),
                                msg("{held} ({source})", held=held, source=chief.titles_from),
                                bool(set(chief.titles) & set(signing))))
    if a.titles is None:
        reqs.append(Requirement(f"{r.article('fa_registered')}, {r.article('ia_holds_fa')}",
                                msg("the arbiter's title (FA1 without a FIDE arbiter title, IA1 for an FA)"),
                                NOT_IN_FILE, False, known=False))
    if title == "FA":
        if a.titles is not None and a.titles_from != "the record":
            reqs.append(Requirement(r.article("fa_registered"), msg("registered as a National Arbiter"),
                                    msg("{held} ({source})", held="/".join(a.titles) or NO_TITLE,
                                        source=a.titles_from), "NA" in a.titles))
        elif a.titles is not None and "NA" in a.titles:
            reqs.append(Requirement(r.article("fa_registered"), msg("registered as a National Arbiter"),
                                    msg("{held} ({source})", held="NA", source=a.titles_from), True))
        else:
            provisos.append(Proviso(r.article("fa_registered"), msg("the arbiter is registered as a National Arbiter "
                                                                    "by the FIDE Arbiters' Commission")))
        reqs_age, said = _age(a, f, r)
        reqs += reqs_age
        provisos += said
    else:
        if a.titles is not None:
            reqs.append(Requirement(r.article("ia_holds_fa"), msg("holds the FA title"),
                                    msg("{held} ({source})", held="/".join(a.titles), source=a.titles_from),
                                    "FA" in a.titles))
        provisos.append(Proviso(r.article("ia_registered"), msg("the arbiter is active, as the Regulations for the "
                                                                "Classification of Arbiters define it")))
    return reqs, provisos


def _age(a: Arbiter, f: EventFacts, r: ArbiterRules) -> tuple[list[Requirement], list[Proviso]]:
    """2.9.3: an arbiter requesting FA norms is at least 18, by the list's birth year when held
    (a birth year decides it but in the year the arbiter turns 18)."""
    least = r.data["age"]["fa_norm"]
    year = f.last_round.year if isinstance(f.last_round, date) else None
    born = a.listed.birth_year if a.listed is not None else None
    rule = msg("at least {n} years old", n=least)
    if year is not None and born is not None and year - born != least:
        return [Requirement(r.article("fa_age"), rule, msg("born {year} ({source})", year=born, source=a.titles_from),
                            year - born > least)], []
    return [], [Proviso(r.article("fa_age"), msg("the arbiter is at least {n} years old", n=least))]


def _certificates(f: EventFacts, r: ArbiterRules) -> int | None:
    """2.7: the certificates an international or national event gives: a Swiss one per 25 players
    or part thereof, a round robin two; None: no limit stated (2.6.1 events have none either)."""
    c = r.data["certificates"]
    if f.system == "Swiss":
        return -(-f.players // c["swiss_players"])
    if f.system in ("Round Robin", "Double Round Robin"):
        return c["round_robin"]
    return None


def arbiter_event(t: Tournament, lookup: Lookup | None = None, rules: Edition | None = None, *,
                  judged: EventNorms | None = None) -> ArbiterEvent:
    """The event as its arbiters' norm (see :class:`ArbiterEvent`), under the B.06.1 edition in
    force at its start (or ``rules``). ``judged``: the players' norms (B.01), for 4.8.3 (a norm
    made shows the field allows one); without, they are judged here when an IA norm turns on it."""
    start = t.event.start_date if isinstance(t.event.start_date, date) else None
    r = arbiter_rules(rules or edition_for("b06", start))
    facts = facts_of(t, judged)
    if judged is None and facts.rated and facts.international(r.data["international"]["IA"]):
        facts = facts_of(t, title_norms(t, lookup))
    common, provisos = _common(facts, r)
    by_title = {"FA": _fa_event(facts, r), "IA": _ia_event(facts, r)}
    officials = arbiters(t, lookup)
    chief = next((a for a in officials if a.chief), None)
    norms = []
    for a in officials:
        checks = []
        for title in _title_of(a):
            event_reqs, event_provisos = by_title[title]
            own_reqs, own_provisos = _own(a, chief, facts, r, title)
            checks.append(TitleCheck(title, tuple(common + event_reqs + own_reqs),
                                     tuple(event_provisos + own_provisos + provisos)))
        norms.append(ArbiterNorm(a, tuple(checks)))
    return ArbiterEvent(r, facts, tuple(common), tuple(provisos), _certificates(facts, r), tuple(norms))


@dataclass(frozen=True)
class ApplicationEvent:
    """One event of an application: the file, the event judged, the applicant's norm there
    (None: not one of its arbiters) and the title check of the application's title."""

    file: str
    event: ArbiterEvent
    norm: ArbiterNorm | None
    check: TitleCheck | None

    @property
    def status(self) -> str:
        """``norm``, ``no norm``, ``cannot judge``, or ``not an arbiter``."""
        if self.norm is None:
            return "not an arbiter"
        if self.check is None:
            return NO_NORM
        return self.check.status

    def options(self, r: ArbiterRules, title: str) -> frozenset[str]:
        """The articles this norm uses that an application uses once: the short event (3.10.1,
        4.10.1), a rapid or blitz event (3.9.2), a national team championship (3.9.1, 4.9.2), the
        large international event (4.9.1)."""
        f = self.event.facts
        used = {q.article for q in self.check.requirements} if self.check else set()
        once = {r.article("fa_short"), r.article("ia_short"), r.article("ia_large_event")} & used
        if f.system == "Team (League)":
            once.add(r.article("fa_national_team" if title == "FA" else "ia_national_team"))
        if title == "FA" and f.speed in ("rapid", "blitz"):
            once.add(r.article("fa_rapid_blitz"))
        return frozenset(once)


@dataclass(frozen=True)
class ArbiterApplication:
    """An arbiter's title application over several events: the title, each event, each check
    with its article, and what the files' reading found (an event given twice)."""

    fide_id: str
    title: str
    events: tuple[ApplicationEvent, ...]
    checks: tuple[Requirement, ...]
    diagnostics: tuple[Diagnostic, ...] = ()

    @property
    def ok(self) -> bool:
        """No check the files show fails (those they cannot show are still to show)."""
        return not any(c.known and not c.ok for c in self.checks)


def _most_norms(events: list[ApplicationEvent], r: ArbiterRules, title: str) -> int:
    """The most of ``events`` one application can hold, each option of once (3.9, 3.10.1, 4.9,
    4.10.1) used once: every event using none, and the largest set of the others whose options
    do not repeat (at most one event per option: a handful)."""
    plain = [e for e in events if not e.options(r, title)]
    kinds = sorted({e.options(r, title) for e in events} - {frozenset()}, key=sorted)
    best = 0
    for size in range(1, len(kinds) + 1):
        for chosen in combinations(kinds, size):
            if sum(len(k) for k in chosen) == len(frozenset().union(*chosen)):
                best = max(best, size)
    return len(plain) + best


def arbiter_application(events: list[tuple[str, Tournament]], fide_id: str, *, title: str | None = None,
                        lookup: Lookup | None = None) -> ArbiterApplication:
    """The application of the arbiter ``fide_id`` for ``title`` (``FA``, ``IA``; default: the one
    after the title held, FA when none is known) over ``events`` (an event given twice counted
    once, ``NRM019``): each event judged (:func:`arbiter_event`), the norms 2.2 asks for besides
    the seminar's (no file shows it) counting each option of 3.9/3.10.1/4.9/4.10.1 once, two
    systems (2.4) or the Swiss exception (2.5), two Chief Arbiters for IA (4.13.1), and the dates
    of 5.3 (the day of application is in no file)."""
    found: list[Diagnostic] = []
    seen: dict[bytes, str] = {}
    judged = []
    held: tuple[str, ...] | None = None
    for file, t in events:
        digest = t.digest()
        if digest in seen:
            found.append(diagnostic("NRM019", msg("{event} is given twice ({first} and {file}): counted once",
                                                  event=t.event.name or msg("the event"), first=seen[digest], file=file),
                                    path=file))
            continue
        seen[digest] = file
        event = arbiter_event(t, lookup)
        mine = next((n for n in event.norms if n.arbiter.fide_id == fide_id), None)
        if mine is not None and mine.arbiter.titles is not None:
            held = mine.arbiter.titles
        judged.append((file, event, mine))
    r = judged[0][1].rules if judged else arbiter_rules(edition_for("b06", None))
    chosen = title or (("IA" if "FA" in held else "FA") if held is not None and "IA" not in held else "FA")
    entries = tuple(ApplicationEvent(file, event, mine, mine.check(chosen) if mine else None)
                    for file, event, mine in judged)
    return ArbiterApplication(fide_id, chosen, entries, _checks(entries, r, chosen), tuple(found))


def _checks(entries: tuple[ApplicationEvent, ...], r: ArbiterRules, title: str) -> tuple[Requirement, ...]:
    a = r.application(title)
    needed = a["norms"] - a["seminar"]
    counted = [e for e in entries if e.status == NORM]
    open_ = [e for e in entries if e.status == CANNOT]
    usable = _most_norms(counted, r, title)
    reachable = _most_norms(counted + open_, r, title)
    said = [e.file for e in counted] or NONE
    if open_:
        said = msg("{files}; cannot be judged: {open}", files=said, open=[e.file for e in open_])
    options = [r.article("fa_options"), r.article("fa_short")] if title == "FA" else \
        [r.article("ia_options"), r.article("ia_short")]
    once = msg("{needed} norms from events (of the {norms} an {title} application holds, {seminar} from a seminar); an "
               "option an application takes once ({options}) counted once", needed=needed, norms=a["norms"],
               title=title, seminar=a["seminar"], options=options)
    held = str(usable) if usable == len(counted) else \
        msg("{usable} ({counted} norms, {repeating} repeating an option an application takes once)", usable=usable,
            counted=len(counted), repeating=len(counted) - usable)
    checks = [Requirement(r.article("norms"), once, msg("{held}: {files}", held=held, files=said), usable >= needed,
                          known=usable >= needed or reachable < needed),
              Requirement(r.article("seminar"), msg("{n} norm from a seminar (at most {years} years old on applying)",
                                                    n=a["seminar"], years=r.data["expiry"]["seminar_years"]),
                          msg("not in a tournament file"), False, known=False),
              _systems(counted, r, title)]
    if title == "IA":
        checks.append(_chiefs(counted, r, a["chief_arbiters"]))
    checks.append(_expiry(counted, r))
    return tuple(checks)


def _systems(counted: list[ApplicationEvent], r: ArbiterRules, title: str) -> Requirement:
    """2.4: two systems at least; 2.5: Swiss events only, one of them international with 100
    players, 30 % FIDE-rated, 7 rounds."""
    systems = sorted({e.event.facts.system for e in counted if e.event.facts.system})
    rule = msg("events of at least {n} systems (2.4), or Swiss events only, one of them an international event of "
               "{players} players (2.5)", n=r.data["different_systems"], players=r.data["swiss_only"]["players"])
    article = f"{r.article('different_systems')}, {r.article('swiss_only')}"
    if len(systems) >= r.data["different_systems"]:
        return Requirement(article, rule, joined([system_said(x) for x in systems], ", "), True)
    if systems == ["Swiss"]:
        n = r.data["swiss_only"]
        least = r.data["international"][title]
        exception = next((e.file for e in counted if e.event.facts.international(least)
                          and e.event.facts.players >= n["players"] and e.event.facts.percent_rated() >= n["rated_percent"]
                          and e.event.facts.rounds >= n["rounds"]), None)
        if exception:
            return Requirement(article, rule, msg("Swiss only; 2.5: {file}", file=exception), True)
    return Requirement(article, rule, joined([system_said(x) for x in systems], ", ") if systems else NONE, False)


def _chiefs(counted: list[ApplicationEvent], r: ArbiterRules, least: int) -> Requirement:
    """4.13.1: the IA norms are not all signed by the same Chief Arbiter (by FIDE ID, else name;
    the applicant's own as Chief Arbiter signed by a supervisor, 2.8.1: not known)."""
    signers: set[str] = set()
    unknown = 0
    for e in counted:
        chief = e.event.chief
        if chief is None or e.norm is None or e.norm.arbiter.chief:
            unknown += 1
        else:
            signers.add(chief.fide_id or chief.name)
    rule = msg("signed by at least {least} different Chief Arbiters", least=least)
    value = plural("{signers}, and {n} event(s) whose signer the file does not give",
                   "{signers}, and {n} event(s) whose signer the file does not give", n=unknown,
                   signers=len(signers)) if unknown else str(len(signers))
    ok = len(signers) >= least
    return Requirement(r.article("ia_chief_arbiters"), rule, value, ok, known=ok or not unknown)


def _expiry(counted: list[ApplicationEvent], r: ArbiterRules) -> Requirement:
    """5.3: the dates the application must keep (the day of application is in no file)."""
    e = r.data["expiry"]
    ends = sorted((x.event.facts.last_round, x.file) for x in counted if isinstance(x.event.facts.last_round, date))
    rule = msg("applied for at most {after} year after the latest event, each tournament norm at most {years} years "
               "old", after=e["after_latest_years"], years=e["tournament_years"])
    if not ends:
        return Requirement(r.article("expiry"), rule, msg("no event date in the files"), False, known=False)
    latest, first = ends[-1][0], ends[0]
    by = _years_after(latest, e["after_latest_years"])
    until = _years_after(first[0], e["tournament_years"])
    return Requirement(r.article("expiry"), rule, msg("apply by {by} ({file}'s norm valid until {until}); the day of "
                                                      "application is not in a file", by=min(by, until), file=first[1],
                                                      until=until), False, known=False)


def _years_after(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February
        return day.replace(year=day.year + years, day=28)


#: The words the arbiters' requirements repeat.
NOT_IN_FILE, NO_TITLE, MET, NOT_MET = msg("not in the file"), msg("no arbiter title"), msg("met"), msg("not met")
#: Between titles one of which is asked for.
OR = msg(" or ")
NONE = msg("none")
#: The systems of 2.3.1 as the documents say them (the forms keep FIDE's English names).
_SYSTEMS = {"Swiss": msg("Swiss"), "Round Robin": msg("Round Robin"), "Double Round Robin": msg("Double Round Robin"),
            "Knockout": msg("Knockout"), "Team (League)": msg("Team (League)")}


def system_said(system: str | None) -> Message:
    """An event's system (:func:`system_of`) in words (None: another system)."""
    return _SYSTEMS.get(system or "") or msg("another system")
