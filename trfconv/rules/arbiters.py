"""The arbiters of an event and their own norms (FIDE Regulations for the Titles of Arbiters,
B.06.1). Chief arbiters fill a norm report for their arbiters after each FIDE-rated event: the
FA1 towards the FIDE Arbiter title, the IA1 towards the International Arbiter title (2.1.1).

The arbiters are those of the 102 (chief) and 112 (deputy) records: a record holds the arbiter's
name, often an arbiter title (IA, FA, NA) before it and a FIDE ID after it. With a rating list the
titles are those of its OTit column. Which of an event's arbiters' norms it can be: an event rated
by FIDE (trfconv's verdict, B.02) of one of the systems of 2.3.1; the conditions of articles 3 and
4 (players, rounds, federations) are not in the text the edition data was read from, and are not
judged (each document says so). An arbiter's application: the norms 2.2 asks for (one of them from
a seminar, which no tournament file shows) from events of two systems at least (2.4)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import cache

from ..messages import Message, joined, msg
from ..model import Tournament
from .editions import Edition, edition_for
from .rateability import validate
from .rateability.shape import shape_of
from .ratinglist.inforce import Lookup
from .requirement import Requirement

#: An arbiter's FIDE ID in a 102/112 record, and an arbiter title written there.
FIDE_ID = re.compile(r"(?<!\d)(\d{4,11})(?!\d)")
TITLE_WORD = re.compile(r"\b(IA|FA|NA)\b")


@dataclass(frozen=True)
class Arbiter:
    """One arbiter of an event: the record (``102``, ``112#2``), the role, the name as written
    (without the title and the ID), the FIDE ID, the arbiter titles held (None: not known) and
    where they come from."""

    record: str
    role: Message  #: B.06.1's name of the function (FIDE's forms print its English)
    name: str
    fide_id: str | None
    titles: tuple[str, ...] | None
    titles_from: Message


def arbiters(t: Tournament, lookup: Lookup | None = None) -> tuple[Arbiter, ...]:
    """The arbiters of the 102 and 112 records, in order; titles from the list in force at the
    start when it holds the FIDE ID, else as the record writes them (a record without one: not
    known)."""
    month = None
    if lookup is not None:
        start = t.event.start_date if isinstance(t.event.start_date, date) else "9999-12"
        month = lookup.in_force(start, "standard")
    out = []
    records = [("102", CHIEF, t.event.chief_arbiter)] + [
        (f"112#{n}", DEPUTY, text) for n, text in enumerate(t.event.deputy_arbiters, 1)]
    for record, role, text in records:
        if not text or not text.strip():
            continue
        found = FIDE_ID.search(text)
        fide_id = found.group(1) if found else None
        written = tuple(TITLE_WORD.findall(text))
        name = " ".join(TITLE_WORD.sub(" ", FIDE_ID.sub(" ", text)).split()).strip(" ,;-") or text.strip()
        listed = lookup.player(int(fide_id), month) if fide_id and month else None
        if listed is not None:
            titles, source = tuple(x for x in listed.other_titles if x in ("IA", "FA", "NA")), \
                msg("the list of {month}", month=month)
        else:
            titles, source = (written or None), msg("the record")
        out.append(Arbiter(record, role, name, fide_id, titles, source))
    return tuple(out)


#: The functions of the 102 and 112 records, as B.06.1's forms name them.
CHIEF, DEPUTY = msg("Chief Arbiter"), msg("Deputy Chief Arbiter")


@dataclass(frozen=True)
class ArbiterRules:
    """What an edition of B.06.1 says (``[arbiters]``; articles in ``articles``)."""

    edition: Edition
    forms: dict[str, str]
    towards: dict[str, str]
    systems: tuple[str, ...]
    different_systems: int
    norms: dict[str, int]
    seminar: dict[str, int]
    articles: dict[str, str]


@cache
def arbiter_rules(chosen: Edition) -> ArbiterRules:
    data = chosen.data()["arbiters"]
    return ArbiterRules(chosen, dict(data["forms"]), dict(data["towards"]), tuple(data["systems"]),
                        int(data["different_systems"]),
                        {x: int(v["norms"]) for x, v in data["application"].items()},
                        {x: int(v["seminar"]) for x, v in data["application"].items()}, dict(data["articles"]))


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


@dataclass(frozen=True)
class ArbiterNorm:
    """An arbiter of the event and the norm it can be for them: the title (``FA``, ``IA``) and
    its form (``FA1``, ``IA1``); None when the arbiter holds the highest title, or when the title
    held is not known (both forms are then named)."""

    arbiter: Arbiter
    title: str | None

    def forms(self, rules: ArbiterRules) -> tuple[str, ...]:
        if self.title is not None:
            return (rules.forms[self.title],)
        held = self.arbiter.titles
        return () if held is not None and "IA" in held else tuple(rules.forms.values())


@dataclass(frozen=True)
class ArbiterEvent:
    """An event as its arbiters' norm: the edition, the event's conditions (2.3.1: rated, one of
    the systems), its facts for the forms (system, rounds, players, rated players, federations),
    and each arbiter's norm."""

    rules: ArbiterRules
    requirements: tuple[Requirement, ...]
    system: str | None
    rounds: int
    players: int
    rated_players: int
    federations: int
    norms: tuple[ArbiterNorm, ...]

    @property
    def ok(self) -> bool:
        """The event meets the conditions judged (those of articles 3 and 4 are not)."""
        return all(q.ok for q in self.requirements)


def _title_towards(rules: ArbiterRules, held: tuple[str, ...] | None) -> str | None:
    """The title an arbiter's norm is towards: FA without a title, IA for an FA; None for an IA
    or when the titles are not known."""
    if held is None:
        return None
    if "IA" in held:
        return None
    return rules.towards["FA"] if "FA" in held else "FA"


def arbiter_event(t: Tournament, lookup: Lookup | None = None, rules: Edition | None = None) -> ArbiterEvent:
    """The event as its arbiters' norm (see :class:`ArbiterEvent`), under the B.06.1 edition in
    force at its start (or ``rules``)."""
    start = t.event.start_date if isinstance(t.event.start_date, date) else None
    r = arbiter_rules(rules or edition_for("b06", start))
    system = system_of(t)
    rated = validate(t).rateable
    requirements = (
        Requirement(r.articles["rated"], msg("a FIDE-rated event (trfconv's verdict; FIDE must have rated it)"),
                    msg("rateable") if rated else msg("not rateable"), rated),
        Requirement(r.articles["systems"], msg("a system of {systems}", systems=list(r.systems)),
                    system or msg("another system, reviewed by the Arbiters' Commission"), system is not None,
                    known=system is not None))
    feds = {(p.federation or "").strip().upper() for p in t.players} - {"", "FID"}
    norms = tuple(ArbiterNorm(a, _title_towards(r, a.titles)) for a in arbiters(t, lookup))
    return ArbiterEvent(r, requirements, system, max(t.rounds, t.event.declared_rounds or 0), len(t.players),
                        sum(1 for p in t.players if p.rating), len(feds), norms)


@dataclass(frozen=True)
class ArbiterApplication:
    """An arbiter's title application over several events: the title, each event (file, its
    judging, the arbiter's role there; None when the arbiter is not one of its arbiters), and each
    check with its article."""

    fide_id: str
    title: str
    events: tuple[tuple[str, ArbiterEvent, Arbiter | None], ...]
    checks: tuple[Requirement, ...]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def arbiter_application(events: list[tuple[str, Tournament]], fide_id: str, *, title: str | None = None,
                        lookup: Lookup | None = None) -> ArbiterApplication:
    """The application of the arbiter ``fide_id`` for ``title`` (``FA``, ``IA``; default: the one
    after the title held, FA when none is known): the norms of the events where they are an
    arbiter and which meet the conditions judged, against 2.2's number less the seminar's (not
    in a file: not checked), from two systems at least (2.4)."""
    judged = []
    held: tuple[str, ...] | None = None
    for file, t in events:
        event = arbiter_event(t, lookup)
        mine = next((n.arbiter for n in event.norms if n.arbiter.fide_id == fide_id), None)
        if mine is not None and mine.titles is not None:
            held = mine.titles
        judged.append((file, event, mine))
    r = judged[0][1].rules if judged else arbiter_rules(edition_for("b06", None))
    chosen = title or _title_towards(r, held) or "FA"
    counted = [(f, e) for f, e, a in judged if a is not None and e.ok]
    needed = r.norms[chosen] - r.seminar[chosen]
    systems = sorted({e.system for _, e in counted if e.system})
    checks = (
        Requirement(r.articles["norms"], msg("{needed} norms from events (of the {norms} an {title} application "
                                             "holds, {seminar} from a seminar)", needed=needed, norms=r.norms[chosen],
                                             title=chosen, seminar=r.seminar[chosen]),
                    joined([f"{len(counted)}: ", ", ".join(f for f, _ in counted) or NONE]), len(counted) >= needed),
        Requirement(r.articles["seminar"], msg("{n} norm from a seminar", n=r.seminar[chosen]),
                    msg("not in a tournament file"), False, known=False),
        Requirement(r.articles["different_systems"], msg("events of at least {n} different systems",
                                                         n=r.different_systems),
                    ", ".join(systems) or NONE, len(systems) >= r.different_systems),
        Requirement("3, 4", msg("the conditions of articles 3 and 4 on each event (players, rounds, federations)"),
                    msg("not modelled: to check against B.06.1"), False, known=False),
    )
    return ArbiterApplication(fide_id, chosen, tuple(judged), checks)


NONE = msg("none")
