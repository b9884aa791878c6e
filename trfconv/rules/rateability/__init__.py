"""The rateability validator: would FIDE rate this event, which games, and for whom.

``validate(tournament, rules=...)`` reads the model only. The edition defaults to the one in
force on the event's start date (:func:`~trfconv.rules.editions.edition_for`).
"""

from __future__ import annotations

from datetime import date

from ...actions import Action
from ...diagnostics import Diagnostic, diagnostic
from ...messages import msg, plural
from ...model import Event, Forfeit, Game, Tournament
from ...timecontrol import TimeControl, describe, doubts, read
from ..editions import Edition, edition, edition_for
from ..progress import progress, rounds_named
from ..tiebreaks.after_round import NoSuchRound
from ..tiebreaks.after_round import after_round as cut_after
from .games import Judging, game_verdicts, not_finished, not_rateable, player_verdicts
from .rules import rules_of
from .schedule import (
    clock_findings,
    day_findings,
    duration_finding,
    round_days,
    speed_of,
)
from .shape import shape_of
from .verdict import (
    Decision,
    Exclusion,
    Finding,
    GameVerdict,
    Gets,
    PlayerVerdict,
    Verdict,
)

__all__ = [
    "Decision",
    "Exclusion",
    "Finding",
    "GameVerdict",
    "Gets",
    "PlayerVerdict",
    "Verdict",
    "clock_of",
    "validate",
]


def rating_list(tournament: Tournament, rules: str | Edition | None = None,
                time_control: str | TimeControl | None = None) -> str:
    """The FIDE list (``standard``, ``rapid``, ``blitz``) the event's games belong to by its rate
    of play, without judging the event (:attr:`Verdict.rating_list` is the same): what holding
    the players against a list needs first. ``standard`` when the rate of play is unknown."""
    notes: list[Diagnostic] = []
    path = tournament.source.path
    r = rules_of(_edition(rules, _start_date(tournament, round_days(tournament)), notes, path))
    _, _, speed = _rate_of_play(tournament, r, time_control, notes, path)
    return speed.name if speed else "standard"


def _rate_of_play(t: Tournament, r, time_control, notes: list[Diagnostic], path):
    """The time control (the file's, or the one given), the minutes for the edition's basis of
    moves, and the rate of play they make (None when unknown)."""
    clock = _clock(t, time_control, notes, path)
    minutes = clock.minutes_for(r.time_basis_moves) if clock else None
    return clock, minutes, speed_of(r, minutes) if minutes is not None else None


def validate(tournament: Tournament, rules: str | Edition | None = None,
             time_control: str | TimeControl | None = None, *,
             national_championship: bool = False, first_event: bool = True, today: date | None = None,
             after_round: int | None = None, finished_after: int | None = None) -> Verdict:
    """Judge ``tournament`` under ``rules`` (``b02-2005``, ``b02-2024``; default: by start date).
    ``time_control`` replaces the file's (122/222) when given. ``national_championship`` says the
    event is a national championship (2005 6.33: a round robin needs only 3 rated men, or 2 rated
    women in a women's event); no file format records that. ``first_event`` False: the event is
    not taken as the unrated players' first, so a low score is counted (2024 8.2.1, 2005 6.1 apply
    to the first event only; the rating period decides per player which event was the first).

    An event is judged when it is over (B.02 9.1): one that is not finished on ``today`` (None:
    its last day is not compared with a day; :mod:`trfconv.rules.progress`) is NOT FINISHED, its
    findings listed and nobody rated, unless the arbiter says it ended after round
    ``finished_after`` or asks for the verdict ``after_round`` N; either judges rounds 1-N and
    says so. A round outside the file raises :class:`~trfconv.rules.tiebreaks.after_round.NoSuchRound`
    (a ``ValueError``; its message is what the command line says), as do both options at once.
    Never raises on bad input: what could not be checked is a diagnostic in ``Verdict.diagnostics``."""
    t = tournament
    notes: list[Diagnostic] = []
    path = t.source.path
    t, judged, unfinished = _judged_rounds(t, today, after_round, finished_after, notes)
    actions = notes[-1].actions if unfinished else ()  # VAL041's: how to judge it before its end
    days = round_days(t)
    start = _start_date(t, days)
    ed = _edition(rules, start, notes, path)
    r = rules_of(ed)
    clock, minutes, speed = _rate_of_play(t, r, time_control, notes, path)
    ratings = _ratings(t, r, notes, path)
    shape = shape_of(t)
    if shape.declared_by is None and len(t.players) > 1:
        notes.append(diagnostic("VAL003", msg("event type not declared (092/192); judged as {kind}",
                                              kind=shape.description), path=path))
    if not days:
        notes.append(diagnostic("VAL002", msg("no round dates (132): rounds and hours of play a day not checked"),
                                path=path))
    findings: list[Finding] = []
    if clock:
        findings += clock_findings(r, clock, ratings, speed)
    findings += day_findings(r, days, clock, speed)
    if (duration := duration_finding(r, t, days, shape)) is not None:
        findings.append(duration)
    if national_championship:
        findings += _national_composition(t, r, shape, ratings, notes, path)
    else:
        findings += _composition(t, r, shape, ratings)
    unrated = [n for n, rating in ratings.items() if rating is None]
    if shape.scheveningen and r.scheveningen_max_unrated is not None and len(unrated) > r.scheveningen_max_unrated:
        a = r.article("scheveningen")
        findings.append(Finding("VAL036", a, msg("Scheveningen with {count} unrated players (at most {most}): not "
                                                 "rated (art. {article})", count=len(unrated),
                                                 most=r.scheveningen_max_unrated, article=a), fatal=True,
                                players=tuple(unrated)))
    if shape.match and unrated and not r.match_with_unrated_rated:
        a = r.article("match_unrated")
        findings.append(Finding("VAL035", a, msg("match with unrated player {players}: not rated (art. {article})",
                                                 players=unrated, article=a), fatal=True, players=tuple(unrated)))
    as_rr = shape.round_robin and not shape.team
    if as_rr and r.rr_with_unplayed_as_swiss and _has_unplayed_games(t, shape):
        as_rr = False
        article = r.article("round_robin_unplayed")
        findings.append(Finding("VAL031", article, msg("round robin with unplayed games: rated as a Swiss (art. "
                                                       "{article})", article=article), fatal=False))
    ctx = Judging(r, shape, ratings, clock, minutes, speed, start, as_rr, first_event)
    games, game_findings = game_verdicts(t, ctx)
    players, player_findings = player_verdicts(t, ctx, games)
    findings += game_findings + player_findings
    fatal = [f for f in findings if f.fatal]
    if not unfinished and not fatal and not any(g.counts for p in players for g in p.games):
        rated = len(ratings) - len(unrated)
        fatal.append(Finding("VAL040", r.article("unplayed"), msg("no game of the event can be rated ({rated} of "
                                                                  "{players} players rated)", rated=rated,
                                                                  players=len(ratings)), fatal=True))
        findings.append(fatal[-1])
    if unfinished:
        decision, players = Decision.NOT_FINISHED, not_finished(players, judged)
    elif fatal:
        decision, players = Decision.NOT_RATEABLE, not_rateable(players)
    else:
        decision = Decision.WITH_EXCLUSIONS if findings else Decision.RATEABLE
    unmodelled = ed.superseded if not rules and start is not None and ed.superseded and start >= ed.superseded \
        else None
    return Verdict(ed, decision, as_rr, speed.name if speed else "standard", shape.description, minutes,
                   tuple(findings), tuple(players), tuple(notes), unmodelled, judged, actions)


def _judged_rounds(t: Tournament, today: date | None, after_round: int | None, finished_after: int | None,
                   notes: list[Diagnostic]) -> tuple[Tournament, str, bool]:
    """The rounds judged: ``t`` cut after the round the arbiter names (``after_round``, or
    ``finished_after`` for an event that ended early), said in a caveat (VAL042, VAL043); else ``t``
    whole. Also what the verdict line adds (:attr:`Verdict.judged`) and whether the event is NOT
    FINISHED, said with what to do (VAL041)."""
    path = t.source.path
    where = progress(t, today)
    if after_round is not None and finished_after is not None:
        raise NoSuchRound(msg("give either the round the verdict is asked after or the round the event ended after, "
                              "not both"))
    n = after_round if after_round is not None else finished_after
    if n is None:
        if where.finished:
            return t, "", False
        last = where.last_complete
        ended = not any(k for r, k in where.results.items() if r > last)
        actions = ((Action("after-round", last, msg("judges the rounds complete")),) if last else ()) + (
            (Action("finished-after", last, msg("says it ended after round {last}", last=last)),)
            if last and ended else ())
        notes.append(diagnostic("VAL041", msg("the event is not finished: {where}: not judged; judge it when it is over",
                                              where=where.summary()), path=path, actions=actions))
        return t, msg("{where}; judge it when it is over", where=where.summary()), True
    cut = cut_after(t, n)
    if finished_after is not None and (later := [r for r, k in where.results.items() if r > n and k]):
        raise NoSuchRound(msg("round {later} has results: the event did not end after round {n}", later=later[0], n=n))
    if finished_after is not None and not where.results[n]:
        raise NoSuchRound(msg("round {n} has no result: the event cannot have ended after it", n=n))
    left = tuple(r for r in where.in_play if r <= n)
    pending = msg("; games of {rounds} have no result yet and are not rated", rounds=rounds_named(left)) if left else ""
    if after_round is not None:
        state = msg("the event is finished") if where.finished else msg("the event is not finished: {where}",
                                                                       where=where.summary())
        notes.append(diagnostic("VAL042", msg("judged after round {n} of {rounds}, as asked: the "
                                              "rounds after it are left out ({state}){pending}", n=n,
                                              rounds=where.rounds, state=state, pending=pending), path=path))
        return cut, msg("after round {n} of {rounds}, as asked", n=n, rounds=where.rounds), False
    unplayed = (msg("; {rounds} not played", rounds=rounds_named(range(n + 1, where.rounds + 1)))
                if n < where.rounds else "")
    notes.append(diagnostic("VAL043", msg("the event ended after round {n}, as the arbiter says: judged on rounds "
                                          "1-{n}{later}{pending}", n=n, later=unplayed, pending=pending), path=path))
    return cut, msg("the event ended after round {n}, as the arbiter says", n=n), False


def _start_date(t: Tournament, days) -> date | None:
    if isinstance(t.event.start_date, date):
        return t.event.start_date
    return min(days) if days else None


def _edition(rules, start: date | None, notes: list[Diagnostic], path) -> Edition:
    if rules:
        chosen = edition(rules.name if isinstance(rules, Edition) else rules, "b02")
        notes.append(diagnostic("VAL008", msg("judged under {edition} ({title}), as asked", edition=chosen.name,
                                              title=chosen.title), path=path))
        return chosen
    chosen = edition_for("b02", start)
    if start is not None and not (chosen.superseded and start >= chosen.superseded):
        notes.append(diagnostic("VAL008", msg("judged under {edition} ({title}), the edition in force on the "
                                              "event's start date, {start}", edition=chosen.name,
                                              title=chosen.title, start=start), path=path))
    if start is None:
        notes.append(diagnostic("VAL004", msg("start date unknown; judged under {edition} (the newest edition)",
                                              edition=chosen.name), path=path))
    elif chosen.superseded and start >= chosen.superseded:
        notes.append(diagnostic(
            "VAL005", msg("the event started on {start}, under a B.02 text that is not modelled (from {text}); "
                          "judged under {edition}, the latest modelled edition then in force", start=start,
                          text=chosen.superseded, edition=chosen.name), path=path))
    return chosen


def _clock(t: Tournament, given, notes: list[Diagnostic], path) -> TimeControl | None:
    if given:
        clock = given if isinstance(given, TimeControl) else read(given)
        if clock is None:
            notes.append(diagnostic("VAL001", msg("time control {given} given is not understood; the rate of "
                                                  "play was not checked", given=repr(given)), path=path))
        else:
            notes.append(diagnostic("VAL009", msg("time control given instead of the file's: {clock}",
                                                  clock=describe(clock)), path=path))
            notes.extend(_doubts(clock.written, path))
        return clock
    clock = clock_of(t.event)
    if clock is not None:
        notes.extend(_doubts(clock.written, path, " (122)"))
    if clock is None:
        written = t.event.time_control_text
        notes.append(diagnostic(
            "VAL001", msg("time control {written} (122) is not understood; the rate of play was not checked",
                          written=repr(written.strip())) if written and written.strip()
            else msg("no time control in the file (122/222); the rate of play was not checked"), path=path))
    return clock


def _doubts(text, path, where: str = "") -> list[Diagnostic]:
    """VAL016 for each part of a time control text read as written but probably meant otherwise."""
    if not isinstance(text, str):
        return []
    return [diagnostic("VAL016", msg("time control{where}: {doubt}", where=where, doubt=doubt), path=path)
            for doubt in doubts(text)]


def clock_of(event: Event) -> TimeControl | None:
    """The event's time control as periods: the encoded TRF-2026 222 when it was read, otherwise
    the 122 text when it can be understood without guessing; None else."""
    if isinstance(event.time_control, TimeControl):
        return event.time_control
    return read(event.time_control_text) if event.time_control_text else None


def _ratings(t: Tournament, r, notes: list[Diagnostic], path) -> dict[int, int | None]:
    """Ratings as the edition sees them: below the floor is unrated."""
    ratings: dict[int, int | None] = {}
    low = []
    for p in t.players:
        rated = p.rating is not None and p.rating > 0
        if rated and p.rating < r.rated_minimum:
            low.append(p)
            rated = False
        ratings[p.start_number] = p.rating if rated else None
    if low:
        article = r.article("floor")
        names = ", ".join(f"{p.start_number} ({p.rating})" for p in low[:10]) + (" …" if len(low) > 10 else "")
        notes.append(diagnostic("VAL006", plural("{n} rating(s) below {floor} treated as unrated (art. {article}): "
                                                 "{players}", "{n} rating(s) below {floor} treated as unrated (art. "
                                                 "{article}): {players}", n=len(low), floor=r.rated_minimum,
                                                 article=article, players=names), path=path))
    return ratings


def _composition(t: Tournament, r, shape, ratings) -> list[Finding]:
    """2005 6.3, 6.31, 6.32: enough rated players in an individual round robin."""
    if not shape.round_robin or shape.team or r.rr_min_rated_fraction is None:
        return []
    players = len(t.players)
    rated = sum(1 for n in ratings.values() if n is not None)
    findings = []
    if rated < r.rr_min_rated_fraction * players:
        a = r.article("round_robin")
        findings.append(Finding("VAL030", a, msg("round robin of {players} players with {rated} rated: at least "
                                                 "{fraction} must be rated (art. {article})", players=players,
                                                 rated=rated, fraction=r.rr_min_rated_fraction, article=a),
                                fatal=True))
    if players < r.rr_small_below_players and rated < r.rr_small_min_rated:
        a = r.article("small_round_robin")
        findings.append(Finding("VAL030", a, msg("round robin of {players} players (< {below}) with {rated} rated: "
                                                 "at least {needed} must be rated (art. {article})", players=players,
                                                 below=r.rr_small_below_players, rated=rated,
                                                 needed=r.rr_small_min_rated, article=a), fatal=True))
    if shape.double and rated < players and (players < r.drr_min_players or rated < r.drr_min_rated):
        a = r.article("double_round_robin")
        findings.append(Finding("VAL030", a, msg("double round robin with unrated players: {players} players, "
                                                 "{rated} rated; at least {needed} players of whom {needed_rated} "
                                                 "rated are needed (art. {article})", players=players, rated=rated,
                                                 needed=r.drr_min_players, needed_rated=r.drr_min_rated, article=a),
                                fatal=True))
    return findings


def _national_composition(t: Tournament, r, shape, ratings, notes: list[Diagnostic], path) -> list[Finding]:
    """2005 6.33: "National Championships played as round robins shall be rated if at least 3 men
    (or 2 women in events exclusively for women) participants had official FIDE Ratings before
    the beginning of the tournament." It takes the place of 6.3-6.32 for such an event; an
    edition without the rule, or a Swiss, is judged by the ordinary composition rules."""
    if r.national_min_rated_men is None or not shape.round_robin or shape.team:
        why = (msg("the {edition} edition has no rule for national championships", edition=r.edition.name)
               if r.national_min_rated_men is None
               else msg("the event is a {kind}, not an individual round robin", kind=shape.description))
        notes.append(diagnostic("VAL007", msg("national championship: {why}; the ordinary composition rules apply",
                                              why=why), path=path))
        return _composition(t, r, shape, ratings)
    a = r.article("national_championship")
    women = bool(t.players) and all(p.sex == "w" for p in t.players)
    rated = [p for p in t.players if ratings.get(p.start_number) is not None and (women or p.sex != "w")]
    need = r.national_min_rated_women if women else r.national_min_rated_men
    who = (plural("{n} rated woman", "{n} rated women", n=len(rated)) if women
           else plural("{n} rated man", "{n} rated men", n=len(rated)))
    unknown = sum(1 for p in rated if p.sex is None)
    counted = msg("{who} ({unknown} with no sex recorded, counted as men)", who=who, unknown=unknown) if unknown \
        else who
    if len(rated) < need:
        return [Finding("VAL030", a, msg("national championship round robin with {counted}: at least {need} must "
                                         "have had a FIDE rating before it began (art. {article})", counted=counted,
                                         need=need, article=a), fatal=True)]
    notes.append(diagnostic("VAL007", msg("national championship round robin with {counted}, {need} needed (art. "
                                          "{article}); the composition rules for other round robins do not apply",
                                          counted=counted, need=need, article=a), path=path))
    return []


def _has_unplayed_games(t: Tournament, shape) -> bool:
    """A game of the round robin's schedule was not played: a forfeit, a game of fewer than one
    move (TRF ``W D L``: unplayed under 5.1), or fewer games over the board than the schedule has
    (2005 6.43)."""
    if any(isinstance(e, Forfeit) or (isinstance(e, Game) and not e.rated) for p in t.players for e in p.rounds):
        return True
    n = len(t.players)
    # the games of the rounds held so far: an event still in progress has not missed the others
    scheduled = min(n * (n - 1) // 2 * (2 if shape.double else 1), t.rounds * (n // 2))
    played = sum(1 for p in t.players for e in p.rounds if isinstance(e, Game)) // 2
    return played < scheduled
