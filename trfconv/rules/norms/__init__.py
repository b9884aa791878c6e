"""Title norms (FIDE Title Regulations B.01): which players made a GM, IM, WGM or WIM norm in an
event, on the best set of their games, with every requirement's article and numbers.

    >>> import trfconv
    >>> from trfconv.rules.norms import norms
    >>> event = trfconv.read("fixtures/examples/norms-example-2026.trf")
    >>> result = norms(event)                  # the file's columns; lookup=: the FIDE list
    >>> [(p.person.start_number, n.title) for p, n in result.achieved]
    [(1, 'GM'), (1, 'IM')]

The pieces: :mod:`.rules` (an edition's numbers and readings), :mod:`.people` (the players as the
list in force saw them), :mod:`.games` (what 1.4.2 counts), :mod:`.evaluate` (one set of games
against one title), :mod:`.search` (the best set, 1.4.1e/f), :mod:`.judge` (each player's results,
the readings' other outcomes, the rounds to come), :mod:`.annex` (the Annex tables derived from
1.4.8/1.4.9).

What the file cannot show is never a confident no: a requirement needing it is not checked, and a
result it decides is "cannot judge" (:attr:`.evaluate.TitleNorm.status`), with what to supply.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from ...actions import Action
from ...diagnostics import Diagnostic, diagnostic
from ...federations import federation, unknown
from ...messages import msg
from ...model import Game, Pending, Tournament
from ..editions import Edition, edition, edition_for
from ..officials import arbiters as officials_of
from ..progress import Progress, progress
from ..rateability import clock_of
from ..rateability.shape import shape_of
from ..ratinglist.inforce import Lookup
from .evaluate import EVENT_TYPES, EXEMPTION_NAMES, EXEMPTIONS, Context, TitleNorm
from .application import Application, application_rules, check, entry
from .conditions import Conditions, conditions
from .forecast import TitleForecast
from .forecast import forecast as forecast_one
from .games import opponents, record, zero_against_rated
from .judge import Field, PlayerNorms, candidates, judge_all, paired
from .people import GIVE_LIST, THE_FILE, Person, in_list, people
from .rules import TITLES, NormRules, Reading, norm_rules

if TYPE_CHECKING:
    from ..arbiters import ArbiterEvent

__all__ = ["EVENT_TYPES", "EXEMPTION_NAMES", "EXEMPTIONS", "FORECAST", "GIVE_LIST", "TITLES", "Application",
           "EventNorms", "PlayerForecast", "PlayerNorms", "Reading", "application", "norms", "readings"]

#: What a person can ask when the rounds to come decide (each face words it: ``--forecast``, the page's box).
FORECAST = Action("ask-forecast", purpose=msg("says what each player needs"))


@dataclass(frozen=True)
class PlayerForecast:
    """One candidate's forecast, one per title looked at (highest first)."""

    person: Person
    titles: tuple[TitleForecast, ...]


@dataclass(frozen=True)
class EventNorms:
    """Every player's norms in one event, under one edition, and what the result rests on."""

    edition: Edition
    rules: NormRules
    context: Context
    kind: str  #: the event type as the rules see it (``Swiss (declared: …)``)
    opponents_from: str  #: where titles and ratings come from
    players: tuple[PlayerNorms, ...]
    diagnostics: tuple[Diagnostic, ...]
    possible: bool = True  #: False: no norm is possible in this event (too few rounds, a match)
    #: Players left out because no set of their games can reach any looked-at title's Ra (1.4.8a),
    #: Rp (1.4.8) or number of title holders (1.4.5b-e) (:func:`.search.possible`); a player asked
    #: for by number is always judged.
    ruled_out: int = 0
    #: With a forecast: the rounds played (the rest are to come), and each candidate who can still
    #: make a norm, or has made one (a player asked for by number is always there).
    played: int | None = None
    forecasts: tuple[PlayerForecast, ...] = ()
    conditions: Conditions | None = None  #: the event's own conditions (1.1, 1.4.3d, 1.5.6)
    progress: Progress | None = None  #: where the event stands (:mod:`trfconv.rules.progress`)
    #: The event as its arbiters' norm when asked for (B.06.1, :func:`trfconv.rules.arbiters.arbiter_event`,
    #: which reads the players' norms: :func:`trfconv.norms` with ``arbiters``).
    arbiters: ArbiterEvent | None = None

    @property
    def achieved(self) -> list[tuple[PlayerNorms, TitleNorm]]:
        """The norms made: achieved on the games, nothing left to decide them."""
        return [(p, n) for p in self.players for n in p.results if n.made]

    @property
    def undecided(self) -> list[tuple[PlayerNorms, TitleNorm]]:
        """The results the file cannot decide (:attr:`.evaluate.TitleNorm.undecided`)."""
        return [(p, n) for p in self.players for n in p.results if n.undecided]

    @property
    def near_misses(self) -> list[tuple[PlayerNorms, TitleNorm]]:
        """The norms missed narrowly (:attr:`.evaluate.TitleNorm.near_miss`)."""
        return [(p, n) for p in self.players for n in p.results if n.near_miss]


def _edition(rules: str | Edition | None, start: date | None, path) -> tuple[Edition, Diagnostic]:
    if rules:
        chosen = edition(rules.name if isinstance(rules, Edition) else rules, "b01")
        return chosen, diagnostic("NRM001", msg("norms judged under {edition} ({title}), as asked",
                                                edition=chosen.name, title=chosen.title), path=path)
    chosen = edition_for("b01", start)
    if start is None:
        why = msg("the start date is unknown: the newest edition")
    elif start < chosen.effective:
        why = msg("the event started on {start}, before the earliest modelled edition ({effective}): judged under it",
                  start=start, effective=chosen.effective)
    else:
        why = msg("the edition in force on the event's start date, {start}", start=start)
    return chosen, diagnostic("NRM001", msg("norms judged under {edition} ({title}), {why}", edition=chosen.name,
                                            title=chosen.title, why=why), path=path)


def readings(rules: str | Edition | None = None) -> dict[str, Reading]:
    """The readings of an edition of the Title Regulations (default: the newest), by name: where
    the text leaves a result open, each choice, the default and why (``[norms.readings]``)."""
    chosen = rules if isinstance(rules, Edition) else edition(rules) if rules else edition_for("b01", None)
    return norm_rules(chosen).readings


def norms(tournament: Tournament, lookup: Lookup | None = None, *, rules: str | Edition | None = None,
          player: int | None = None, titles: tuple[str, ...] | None = None, exemption: str | None = None,
          event_type: str | None = None, readings: Mapping[str, str] | None = None, forecast: bool = False,
          after_round: int | None = None) -> EventNorms:
    """The title norms of ``tournament`` (see the module docstring). ``lookup``: the rating lists
    (1.4.6a: titles, ratings, federations and sex from the standard list in force at the start);
    ``player``: one start number; ``titles``: the titles to look at (default: every title above
    the one held); ``exemption``: a 1.4.3 exemption the event has (``1.4.3a``–``1.4.3d``);
    ``event_type``: ``team-championship`` or ``world-cup`` (1.4.1b); ``readings``: a choice for
    some of the edition's readings (:func:`readings`; the others take their default); ``forecast``:
    also what each candidate needs in the rounds left (:mod:`.forecast`) after the last complete
    round (:mod:`trfconv.rules.progress`), or after ``after_round``. A value that is none of those
    named, a start number no player has, or ``after_round`` without the forecast or outside the event's rounds raises
    :class:`ValueError` (its message is what the command line and the web page say)."""
    for value, allowed, what in ((exemption, (None, *EXEMPTIONS), "exemption"),
                                 (event_type, (None, *EVENT_TYPES), "event type"),
                                 *((x, TITLES, "title") for x in titles or ())):
        if value not in allowed:
            raise ValueError(f"unknown {what} {value!r}; known: {', '.join(x for x in allowed if x)}")
    t = tournament
    if player is not None and t.player(player) is None:
        raise ValueError(f"player {player}: no player with that start number in the file")
    where = progress(t)
    if after_round is not None and (not forecast or not 1 <= after_round <= where.rounds):
        raise ValueError(f"after round {after_round}: give it with the forecast, and a round of the event")
    path = t.source.path
    start = t.event.start_date if isinstance(t.event.start_date, date) else None
    chosen, said = _edition(rules, start, path)
    r = norm_rules(chosen)
    asked = _readings(r, readings)
    found: list[Diagnostic] = [said]
    known, listed = people(t, lookup)
    found.extend(listed)
    origin = next(iter({p.origin for p in known.values() if p.origin != THE_FILE}), THE_FILE)
    shape = shape_of(t)
    rounds = where.rounds
    ctx = Context(r, rounds, shape.round_robin, shape.double, len(t.players), event_type, exemption,
                  (t.event.federation or "").strip().upper() or None, asked, _unknown(known))

    said_conditions = _conditions(t, ctx, known, lookup, chosen, swiss=not (shape.round_robin or shape.team))
    if exemption == "1.4.3d" and not said_conditions.foreign_ok:
        found.append(diagnostic("NRM017", msg("1.4.3d declared, but not every round meets it"), path=path,
                                actions=(Action("show-details", purpose=msg("shows the per-round table")),)))

    def result(players, possible=True, ruled_out=0, played=None, forecasts=()) -> EventNorms:
        return EventNorms(chosen, r, ctx, shape.description, origin, tuple(players), tuple(found), possible,
                          ruled_out, played, tuple(forecasts), said_conditions, where)

    if shape.match or shape.scheveningen:
        found.append(diagnostic("NRM014", msg("no norm possible: the event is a {kind} (1.4.2e: Swiss, round robin, "
                                              "double round robin or knock-out)",
                                              kind=msg("match") if shape.match else msg("Scheveningen")), path=path))
        return result((), False)
    if rounds < ctx.least_games:
        found.append(diagnostic("NRM005", msg("no norm possible: {rounds} rounds (1.4.1a: at least {games} games; "
                                              "{short} with an overscore of one point, QC 2023)", rounds=rounds,
                                              games=r.min_games, short=r.short_event_games), path=path))
        return result((), False)
    found.extend(_event_notes(t, ctx, where, path))
    excluded = zero_against_rated(t, known) if shape.round_robin else frozenset()
    if excluded:
        found.append(diagnostic("NRM012", msg("1.4.2b: unrated opponents who scored nothing against rated players are "
                                              "not counted: {players}", players=[f"#{n}" for n in sorted(excluded)]),
                                path=path))
    outside = _outside(known, start)
    if outside:
        shown = ", ".join(f"#{n} ({unknown(known[n].federation, start)})" for n in sorted(outside)[:6])
        found.append(diagnostic("NRM021", msg("1.4.2a: games against opponents not of a FIDE federation are not "
                                              "counted: {players}", players=shown + (" …" if len(outside) > 6 else "")),
                                path=path))
        excluded |= outside
    by_round = _long_event(t, ctx, lookup if origin != THE_FILE else None, found)
    field = Field(ctx, known, excluded, by_round, where.unfinished_rounds)
    players, ruled_out = judge_all(t, field, player, titles)
    if lookup is not None and origin != THE_FILE:
        found.extend(_differences(t, field, players, player, titles))
    found.extend(_result_notes(ctx, players, path))
    if not forecast:
        return result(players, ruled_out=ruled_out)
    played = after_round if after_round is not None else where.standing_after  # the last complete round
    return result(players, ruled_out=ruled_out, played=played,
                  forecasts=_forecasts(t, field, player, titles, played))


def _readings(rules: NormRules, asked: Mapping[str, str] | None) -> tuple[tuple[str, str], ...]:
    """The choices asked for, checked against the edition's readings (:class:`ValueError`)."""
    for name, choice in (asked or {}).items():
        if name not in rules.readings:
            raise ValueError(f"unknown reading {name!r}; known: {', '.join(rules.readings)}")
        if choice not in rules.readings[name].choices:
            raise ValueError(f"unknown choice {choice!r} for the reading {name}; known: "
                             f"{', '.join(rules.readings[name].choices)}")
    return tuple(sorted((asked or {}).items()))


def _outside(known: dict[int, Person], start: date | None) -> frozenset[int]:
    """1.4.2a: the players whose federation is no FIDE federation's code on the event's start
    (:mod:`trfconv.federations`; a player without one is not known, not outside)."""
    return frozenset(n for n, o in known.items() if o.federation and federation(o.federation, start) is None)


def _unknown(known: dict[int, Person]) -> frozenset[str]:
    """What the players' facts show of nobody (``titles``, ``federations``, ``ratings``, ``sex``):
    the file (or the list) cannot tell them for any opponent."""
    people_ = known.values()
    return frozenset(name for name, shown in (("titles", any(p.titles for p in people_)),
                                               ("federations", any(p.federation for p in people_)),
                                               ("ratings", any(p.rating is not None for p in people_)),
                                               ("sex", any(p.woman is not None for p in people_))) if not shown)


def _long_event(t: Tournament, ctx: Context, lookup: Lookup | None, found: list[Diagnostic]):
    """1.1.4: in an event of more than 30 days, each round's opponents as the list in force on the
    round's date saw them (by round, for :func:`.games.record`); without a list, or with round
    dates missing, one rating each, said in ``NRM018``. None for a shorter event."""
    dates = [d for d in (t.event.start_date, t.event.end_date, *t.event.round_dates) if isinstance(d, date)]
    if not dates or (max(dates) - min(dates)).days <= ctx.rules.long_event_days:
        return None
    days = (max(dates) - min(dates)).days + 1
    by_round, months = {}, {}
    if lookup is not None:
        for number, day in enumerate(t.event.round_dates[:ctx.rounds], start=1):
            month = lookup.in_force(day, "standard") if isinstance(day, date) else None
            if month is not None:
                if month not in months:
                    months[month] = opponents(ctx.rules, in_list(t, lookup, month)[0])
                by_round[number] = months[month]
    if by_round and len(by_round) == ctx.rounds:
        found.append(diagnostic("NRM018", msg("the event lasted {days} days: each game counts the opponent's rating "
                                              "and titles in force on its date (1.1.4; lists {months})", days=days,
                                              months=sorted(months)), path=t.source.path))
    else:
        how = msg("some rounds have no date or no list held: those rounds use one rating each") if by_round else \
            msg("one rating each is used")
        found.append(diagnostic("NRM018", msg("the event lasted {days} days: 1.1.4 asks for the ratings and titles in "
                                              "force when each game was played; {how}", days=days, how=how),
                                path=t.source.path, actions=() if by_round else (
                                    Action("give-list", purpose=msg("with round dates, gives each game's")),)))
    return by_round or None


def application(events: list[tuple[str, Tournament]], fide_id: str, *, title: str | None = None,
                lookup: Lookup | None = None, rules: str | Edition | None = None, exemption: str | None = None,
                event_type: str | None = None, readings: Mapping[str, str] | None = None
                ) -> tuple[Application, list[Diagnostic]]:
    """The title application of FIDE id ``fide_id`` over ``events`` (file name, tournament): each
    event's norm for ``title`` (default: the highest title with a norm in the events) and the IT2
    checks (:mod:`.application`), with what was noticed (``NRM015`` the applicant is not in an
    event, ``NRM016`` the events name the applicant differently, ``NRM019`` an event given twice,
    counted once, as the period does: :meth:`~trfconv.model.Tournament.digest`)."""
    found: list[Diagnostic] = []
    judged = []
    seen: dict[bytes, str] = {}
    for file, t in events:
        digest = t.digest()
        if digest in seen:
            found.append(diagnostic("NRM019", msg("{event} is given twice ({first} and {file}): counted once",
                                                  event=t.event.name or msg("the event"), first=seen[digest],
                                                  file=file), path=file))
            continue
        seen[digest] = file
        number = next((p.start_number for p in t.players if p.fide_id == fide_id), None)
        if number is None:
            found.append(diagnostic("NRM015", msg("FIDE id {fide_id} is not a player of this event", fide_id=fide_id),
                                    path=file))
            judged.append((file, t, None, None))
            continue
        result = norms(t, lookup, rules=rules, player=number, titles=(title,) if title else None, exemption=exemption,
                       event_type=event_type, readings=readings)
        found.extend(d for d in result.diagnostics if d.code not in ("NRM001", "NRM002"))
        judged.append((file, t, number, result))
    names = {r.players[0].person.name for _, _, _, r in judged if r is not None and r.players}
    if len(names) > 1:
        found.append(diagnostic("NRM016", msg("the events name FIDE id {fide_id} differently ({names}): is this one "
                                              "player's application?", fide_id=fide_id,
                                              names="; ".join(sorted(names)))))
    made = [n.title for *_, r in judged if r is not None for p in r.players for n in p.results if n.achieved]
    chosen = title or next((x for x in TITLES if x in made), None) or next(
        (n.title for *_, r in judged if r is not None for p in r.players for n in p.results), "GM")
    ends = [t.event.end_date for _, t, _, _ in judged if isinstance(t.event.end_date, date)]
    top = application_rules(max(ends, default=None))["mandatory_participants"]
    entries = []
    for file, t, number, result in judged:
        known, _ = people(t, lookup)
        player = result.players[0] if result is not None and result.players else None
        norm = next((n for n in player.results if n.title == chosen), None) if player else None
        exempt = player is not None and result.context.exempt(player.person)
        entries.append(entry(file, t, number, player.person if player else None, norm, exempt, known, top))
    return check(fide_id, chosen, entries, _best_rating(lookup, fide_id), exemption), found


def _best_rating(lookup: Lookup | None, fide_id: str) -> tuple[int, str] | None:
    """1.5.3: the highest standard rating of ``fide_id`` in the lists held, and its month."""
    if lookup is None or not fide_id.isdigit():
        return None
    best = None
    for month in lookup.months():
        entry_ = lookup.player(int(fide_id), month)
        rating = entry_.rating("standard") if entry_ else None
        if rating is not None and rating.rating is not None and (best is None or rating.rating > best[0]):
            best = (rating.rating, month)
    return best


def _conditions(t: Tournament, ctx: Context, known: dict[int, Person], lookup: Lookup | None, chosen: Edition, *,
                swiss: bool) -> Conditions:
    """The event's conditions (:mod:`.conditions`): the rate of play from the file (222, else 122),
    the arbiters of the 102/112 records, the Chief Arbiter's titles from the list's OTit column
    (its FIDE id in the 102 record), else as the record writes them."""
    clock = clock_of(t.event)
    named = officials_of(t, lookup)
    chief = next((a for a in named if a.record == "102"), None)
    data = chosen.data()["norms"]
    return conditions(t, known, data, swiss=swiss, minutes=clock.minutes_for(60) if clock else None,
                      arbiter_titles=chief.titles if chief else None,
                      arbiter_ids=tuple(a.fide_id for a in named if a.fide_id),
                      top=data["application"]["mandatory_participants"])


def _forecasts(t: Tournament, field: Field, player, titles, played: int) -> list[PlayerForecast]:
    """Each candidate's forecast after ``played`` rounds (see :mod:`.forecast`)."""
    ctx = field.ctx
    out = []
    for p, person, looked in candidates(t, ctx, field.known, player, titles):
        rec = record(p, field.facts, played, field.excluded, field.by_round)
        said = tuple(forecast_one(ctx, person, x, rec, played, paired(p, played, field)) for x in looked)
        if player is not None or any(f.reachable for f in said):
            out.append(PlayerForecast(person, said))
    return out


def _differences(t: Tournament, field: Field, players: list[PlayerNorms], player, titles):
    """``NRM009``: a norm the file's own columns would decide otherwise than the list."""
    from dataclasses import replace

    from .people import from_file

    own = {p.start_number: from_file(p) for p in t.players}
    by_file = {(p.person.start_number, n.title): n.achieved
               for p in judge_all(t, replace(field, known=own, by_round=None), player, titles)[0] for n in p.results}
    out = []
    for p in players:
        for n in p.results:
            if by_file.get((p.person.start_number, n.title), False) != n.achieved:
                said = msg("#{player}: the {title} norm is achieved on the list's data but would not be on the "
                           "file's columns", player=p.person.start_number, title=n.title) if n.achieved else \
                    msg("#{player}: the {title} norm is not achieved on the list's data but would be on the file's "
                        "columns", player=p.person.start_number, title=n.title)
                out.append(diagnostic("NRM009", said, path=t.source.path))
    return out


def _event_notes(t: Tournament, ctx: Context, where: Progress, path) -> list[Diagnostic]:
    out = []
    adjourned = brief = False  # one pass over every entry (10,000 players x 11 rounds: it shows)
    for p in t.players:
        for e in p.rounds:
            kind = type(e)
            adjourned = adjourned or (kind is Pending and e.adjourned)
            brief = brief or (kind is Game and not e.rated)
    if where.unfinished_rounds:
        out.append(diagnostic("NRM010", msg("the event is not finished: {where}; games without a result are not "
                                            "counted, and a result the rounds to come can change is not judged",
                                            where=where.summary()), path=path, actions=(FORECAST,)))
    elif adjourned:
        out.append(diagnostic("NRM010", msg("games without a result (adjourned) are not counted"), path=path))
    if ctx.unknown - {"sex"}:
        shown = {"titles": msg("titles (1.4.5)"), "federations": msg("federations (1.4.3, 1.4.4)"),
                 "ratings": msg("ratings (1.4.6-1.4.8)")}
        out.append(diagnostic("NRM020", msg("the file gives no player's {what}: those requirements are not checked and "
                                            "no result they decide is judged; give a file with them, or hold the "
                                            "event against the FIDE list",
                                            what=[shown[x] for x in sorted(ctx.unknown) if x in shown]),
                              path=path, actions=(GIVE_LIST,)))
    if brief:
        out.append(diagnostic("NRM013", msg("games that lasted less than one move (W D L) are counted as played (1.4.2 "
                                            "is not about rating)"), path=path))
    if ctx.exemption:
        scope = msg(" (home players only)") if ctx.exemption == "1.4.3b" else ""
        out.append(diagnostic("NRM008", msg("exemption {exemption} declared{scope}: 1.4.3 and 1.4.4 are not applied "
                                            "(every exemption lifts 1.4.4 as well: Sharly-Chess's reading, confirmed "
                                            "by the QC in writing)", exemption=ctx.exemption, scope=scope), path=path))
    if ctx.double:
        out.append(diagnostic("NRM011", msg("double round robin: opponents counted once each for 1.4.3-1.4.5, against "
                                            "half the required numbers, rounded up"), path=path))
    return out


def _result_notes(ctx: Context, players: list[PlayerNorms], path) -> list[Diagnostic]:
    out = []
    results = [n for p in players for n in p.results]
    decided: dict[str, list[str]] = {}
    for p in players:
        for n in p.results:
            for alt in n.alternatives:
                decided.setdefault(alt.name, []).append(f"#{p.person.start_number} {n.title}")
    for name, who in decided.items():
        reading = ctx.rules.readings[name]
        chosen, other = ctx.reading(name), reading.other(ctx.reading(name))
        shown = ", ".join(who[:6]) + (" …" if len(who) > 6 else "")
        out.append(diagnostic("NRM006", msg("{article} read as '{chosen}' ({meaning}); the other reading ('{other}') "
                                            "gives another result for {shown}", article=reading.article, chosen=chosen,
                                            meaning=reading.choices[chosen], other=other, shown=shown), path=path,
                              actions=(Action("choose-reading", f"{name}={other}"),)))
    if any(n.achieved and n.route == ctx.rules.article("overscore") for n in results):
        out.append(diagnostic("NRM007", msg("a norm in an event of fewer than 9 rounds counts its overscore as games "
                                            "(1.4.1d as the QC applies it, 2023: 8 games and one point)"), path=path))
    for p in players:
        if p.person.fide_id is None and any(n.achieved for n in p.results):
            out.append(diagnostic("NRM003", msg("#{player} made a norm but has no FIDE id in the file: it cannot be "
                                                "registered", player=p.person.start_number), path=path))
    return out
