"""Consistency checks on a tournament, run by the tournament builder after a reader built the model.

They only read the model. Where a finding is in the file is asked of ``locate``, which the
reader provides: ``locate("player", start_number, round)``, ``locate("points", start_number)``
(the player's points; ``"federation"`` and ``"fide_id"`` likewise) or ``locate("062")`` (a record) returns ``(path, line, column)``; what a
reader does not know is None.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date
from dataclasses import fields
from fractions import Fraction
from itertools import islice, pairwise, zip_longest
from math import lcm

from ..adjustments import resolve
from ..diagnostics import Diagnostic, diagnostic
from ..eventkind import declared_team, is_team_event
from ..federations import federation, unknown
from ..messages import msg
from ..model import (
    Bye,
    Colour,
    Forfeit,
    Game,
    NotPaired,
    Outcome,
    Pending,
    Player,
    Tournament,
)
from ..sides import NAMES_OPPONENT, agree, complementary, describe, opponent

Locate = Callable[..., tuple]


def check(t: Tournament, locate: Locate) -> list[Diagnostic]:
    out: list[Diagnostic] = []

    def report(code: str, message: str, where: tuple) -> None:
        path, line, column = where
        out.append(diagnostic(code, message, path=path, line=line, column=column))

    players = {p.start_number: p for p in t.players}
    _start_numbers(t, players, report, locate)
    _pairings(t, players, report, locate)
    _points(t, report, locate)
    _header_counts(t, report, locate)
    _rounds(t, report, locate)
    _teams(t, players, report, locate)
    _engine_ids(t, players, report, locate)
    _fide_ids(t, report, locate)
    _federations(t, report, locate)
    return out


def _start_numbers(t, players, report, locate) -> None:
    if not players:
        return
    if _one_to_n(players):
        return
    highest = max(players)
    missing = highest - sum(1 for n in players if n >= 1)  # counted: a JSON or CSV number can be 10^12
    if missing > 0:
        first = list(islice((n for n in range(1, highest + 1) if n not in players), 10))
        shown = ", ".join(map(str, first)) + (" …" if missing > 10 else "")
        report("TRF015", msg("{count} start number(s) between 1 and {highest} have no player: {numbers}",
                             count=missing, highest=highest, numbers=shown),
               locate("player", highest))


def _pairings(t, players, report, locate) -> None:
    """Both sides of a pairing must agree: same round, each names the other, opposite colours,
    complementary results (a game is a game on both sides, a forfeit a forfeit).

    Most rounds agree throughout: `_round_agrees` recognises such a round in one pass over its
    column, and only the other rounds are examined entry by entry (all of them when the start
    numbers are not 1..N, each once)."""
    columns = _columns(t, players)
    if columns is None:
        doubtful = range(t.rounds)
    else:
        doubtful = [r for r, column in enumerate(columns) if not _round_agrees(column)]
    if doubtful:
        _examine_pairings(t, doubtful, report, locate)


def _columns(t: Tournament, players: dict) -> list[tuple] | None:
    """Each round's entries by start number (``column[n - 1]`` is player n's, None where a line
    has fewer rounds), or None when the start numbers are not 1..N, each once."""
    if len(players) != len(t.players) or not _one_to_n(players):
        return None
    return list(zip_longest(*(players[n].rounds for n in range(1, len(players) + 1))))


def _one_to_n(players: dict) -> bool:
    """Whether the start numbers are exactly 1..N (N players, none missing)."""
    return bool(players) and min(players) == 1 and max(players) == len(players)


def _round_agrees(column: tuple) -> bool:
    """Whether `_examine_pairings` would find nothing in this round (``column[n - 1]`` is player
    n's entry), decided in one pass. Each pairing is checked once, from its lower-numbered side;
    the pairings that agree must then account for every entry that names an opponent, so that
    no entry names its own player or a player who names someone else. False means "examine this
    round", not necessarily a problem (a team forfeit, for one, is left to the examination)."""
    by_number = (None, *column)
    agreeing = silent = 0  # pairings that agree; entries that name no opponent
    try:
        for n, entry in enumerate(column, 1):
            if type(entry) in NAMES_OPPONENT and entry.opponent is not None:
                if n < entry.opponent:
                    other = by_number[entry.opponent]
                    if type(other) not in NAMES_OPPONENT or other.opponent != n or not agree(entry, other):
                        return False
                    agreeing += 1
            else:
                silent += 1
    except IndexError:  # an opponent beyond the last start number
        return False
    return len(column) - silent == 2 * agreeing


def _examine_pairings(t: Tournament, rounds, report, locate) -> None:
    """Reports every pairing problem of these rounds (0-based, ascending), player by player."""
    rounds_of = {p.start_number: p.rounds for p in t.players}
    for p in t.players:
        n = p.start_number
        for r in rounds:
            if r >= len(p.rounds):
                break
            entry = p.rounds[r]
            kind = type(entry)
            if kind is not Game and (kind not in NAMES_OPPONENT or entry.opponent is None):
                continue
            o = entry.opponent
            other_rounds = rounds_of.get(o)
            other = other_rounds[r] if other_rounds and r < len(other_rounds) else None
            if type(other) in NAMES_OPPONENT and other.opponent == n and n != o \
                    and (n > o or agree(entry, other)):
                continue  # each pair once; the usual case costs nothing more
            _pairing_problem(p, r + 1, entry, o, other, other_rounds is not None, report, locate)


def _pairing_problem(p, r: int, entry, o: int, other, exists: bool, report, locate) -> None:
    where = locate("player", p.start_number, r)
    if o == p.start_number:
        report("TRF029", msg("player {number} is paired against himself in round {round}", number=o, round=r), where)
        return
    if not exists:
        report("TRF022", msg("round {round}: opponent {number} has no player line", round=r, number=o), where)
        return
    back = opponent(other)
    if back != p.start_number:
        if isinstance(entry, Forfeit) and isinstance(other, Forfeit) and back is None \
                and entry.won != other.won:
            return  # team forfeit: the absent side names no opponent (TRF-2026)
        said = msg("nobody") if back is None else msg("player {number}", number=back)
        report("TRF030", msg("round {round}: player {number} meets {opponent}, but {opponent}'s line names {said} "
                             "({entry})", round=r, number=p.start_number, opponent=o, said=said,
                             entry=describe(other)), where)
        return
    colour = getattr(entry, "colour", None)
    if colour is not None and colour == getattr(other, "colour", None):
        report("TRF031", msg("round {round}: players {number} and {opponent} both have White", round=r,
                             number=p.start_number, opponent=o) if colour.value == "w" else
               msg("round {round}: players {number} and {opponent} both have Black", round=r,
                   number=p.start_number, opponent=o), where)
    if not complementary(entry, other):
        report("TRF032", msg("round {round}: player {number} has {entry} but {opponent} has {other}", round=r,
                             number=p.start_number, entry=describe(entry), opponent=o, other=describe(other)), where)


def _points(t: Tournament, report, locate) -> None:
    """Declared points against the results under the score system (TRF16: "the number of
    points in the tournament standings"), in team events too: there a player's points are his
    own games', with or without his team's byes (producers differ; the 299 records name teams).
    Sums are exact, in integer units of the score system's common denominator. A file without any
    round (a ranking list) has no results to check the points against."""
    if not t.rounds:
        return
    team = is_team_event(t)
    scale = lcm(*(getattr(t.scores, f.name).denominator for f in fields(t.scores)))
    games = {c: {o: int(t.scores.points(Game(0, c, o)) * scale) for o in Outcome} for c in (*Colour, None)}
    units: dict = {}  # other entries, by identity (readers share equal entries)
    played = accelerations = adjustments = None
    for p in t.players:
        if p.points is None:
            continue
        total = 0
        for e in p.rounds:
            if type(e) is Game:
                total += games[e.colour][e.outcome]
                continue
            value = units.get(id(e))
            if value is None:
                value = units[id(e)] = int(t.scores.points(e) * scale)
            total += value
        if p.points.numerator * scale == total * p.points.denominator:
            continue  # p.points * scale == total, without Fraction arithmetic
        if played is None:
            played, accelerations = _last_played_round(t), _accelerations(t)
            adjustments = None if team else _adjustments(t)
        computed = Fraction(total, scale)
        gap = p.points - computed
        if team and gap == -sum((t.scores.points(e) for e in p.rounds if isinstance(e, Bye)), Fraction(0)):
            continue  # the player's own games, without the team's byes
        explanation = _explain(t, p, gap, played, accelerations.get(p.start_number, Fraction(0)),
                               _adjusted(t, p, adjustments) if adjustments else Fraction(0))
        if explanation is None:
            continue
        report("TRF033", msg("player {number} declares {declared} points, the results give {computed}{explanation}",
                             number=p.start_number, declared=p.points, computed=computed,
                             explanation=explanation), locate("points", p.start_number))


def _explain(t, p: Player, gap: Fraction, played: int, acceleration: Fraction,
             adjustments: Fraction) -> str | None:
    """Why declared and computed points differ, as the end of a message; None when the 299
    records account for exactly the difference (then there is nothing to report)."""
    if adjustments and gap == adjustments:
        return None
    future = sum((t.scores.points(e) for e in p.rounds[played:]), Fraction(0))
    if future and gap == -future:
        return msg("; the difference is the {points} of a bye entered for a round after round {played}, which the "
                   "points column does not count", points=future, played=played)
    if acceleration and gap == acceleration:
        return msg("; the difference is the player's acceleration ({points}, XXA)", points=acceleration)
    unpaired = sum(1 for e in p.rounds[:played] if isinstance(e, NotPaired))
    if unpaired and gap == unpaired * t.scores.half_bye:
        return msg("; the difference is what the {count} round(s) without pairing would give as half-point byes: "
                   "the producer seems to write H byes as blank rounds", count=unpaired)
    return msg(" (difference +{points})", points=gap) if gap > 0 else msg(" (difference {points})", points=gap)


def _adjustments(t: Tournament):
    """The 299 records sorted by meaning, as the standings apply them."""
    return resolve(t, {p.start_number for p in t.players}, max(t.event.declared_rounds or 0, t.rounds), team=False)


def _adjusted(t: Tournament, p: Player, adjustments) -> Fraction:
    """What the 299 records add to ``p``'s results: its penalties and bonuses, and for each
    round whose result a record sets with points, those points minus what the round gave."""
    n = p.start_number
    total = adjustments.total(n, False, final=False) + adjustments.total(n, False, final=True)
    for (number, r), (_, change) in adjustments.results.items():
        if number == n and change.points is not None and r <= len(p.rounds):
            total += change.points - t.scores.points(p.rounds[r - 1])
    return total


def _last_played_round(t: Tournament) -> int:
    """The last round in which at least one game (or forfeit) was paired."""
    last = 0
    for p in t.players:
        for r, e in enumerate(p.rounds, 1):
            if r > last and isinstance(e, (Game, Forfeit, Pending)) and opponent(e):
                last = r
    return last


def _accelerations(t: Tournament) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a in t.pairing.player_accelerations:
        out[a.player] = out.get(a.player, Fraction(0)) + sum((x for x in a.points if x), Fraction(0))
    return out




def _header_counts(t: Tournament, report, locate) -> None:
    e = t.event
    rated = sum(1 for p in t.players if p.rating)
    for code, declared, actual, what in (
        ("062", e.declared_players, len(t.players), msg("players")),
        ("072", e.declared_rated_players, rated, msg("rated players")),
        ("082", e.declared_teams, len(t.teams), msg("teams")),
    ):
        if isinstance(declared, int) and declared != actual:
            report("TRF034", msg("{code} declares {declared} {what}, the file has {actual}",
                                 code=code, declared=declared, what=what, actual=actual), locate(code))


def _rounds(t: Tournament, report, locate) -> None:
    declared = t.event.declared_rounds
    if declared is not None and t.rounds > declared:
        beyond = Counter(r for p in t.players for r, e in enumerate(p.rounds, 1)
                         if r > declared and not isinstance(e, NotPaired))
        for r, count in sorted(beyond.items()):
            report("TRF035", msg("round {round} has entries for {count} player(s) but the file declares {declared} "
                                 "rounds", round=r, count=count, declared=declared), locate("142" if locate("142")[1] else "XXR"))
    dates = t.event.round_dates
    expected = declared or t.rounds
    if dates and expected and len(dates) != expected:
        report("TRF036", msg("132 gives {count} round dates for {expected} rounds",
                             count=len(dates), expected=expected), locate("132"))
    known = [(r, d) for r, d in enumerate(dates, 1) if isinstance(d, date)]
    for (r, d), (later, day) in pairwise(known):
        if day < d:
            report("TRF061", msg("132: round {later} is dated {day}, before round {round} ({earlier}): the round "
                                 "dates go backwards", later=later, day=day, round=r, earlier=d), locate("132"))


def _fide_ids(t: Tournament, report, locate) -> None:
    """One FIDE ID is one person: two player lines with the same ID are an error (the rating
    server cannot tell whose games are whose)."""
    first: dict[str, Player] = {}
    for p in t.players:
        number = (p.fide_id or "").lstrip("0")
        if not number:
            continue
        other = first.setdefault(number, p)
        if other is not p:
            report("TRF060", msg("player {number} ({name}) has FIDE ID {fide_id}, as player {other} ({other_name}) "
                                 "has: one FIDE ID is one person", number=p.start_number, name=p.name, fide_id=number,
                                 other=other.start_number, other_name=other.name),
                   locate("fide_id", p.start_number))


def _federations(t: Tournament, report, locate) -> None:
    """A player's federation that is no FIDE federation on the event's start (FIDE's table,
    :mod:`trfconv.federations`): the rating server takes FIDE's codes only (R□, warning if wrong)."""
    day = t.event.start_date if isinstance(t.event.start_date, date) else None
    for p in t.players:
        if p.federation and federation(p.federation, day) is None:
            report("TRF062", msg("player {number} ({name}): federation {why}", number=p.start_number, name=p.name,
                                 why=unknown(p.federation, day)) if day else
                   msg("player {number} ({name}): federation {why} (the event's start date is unknown)",
                       number=p.start_number, name=p.name, why=unknown(p.federation, day)),
                   locate("federation", p.start_number))


def _teams(t: Tournament, players, report, locate) -> None:
    declared, why = declared_team(t)
    if t.teams and declared is False:
        report("TRF047", msg("{count} team record(s) in an individual event ({why}): kept, not used; the players are "
                             "ranked and rated as individuals", count=len(t.teams), why=why),
               locate("team", t.teams[0].number))
    pab = t.team_event.pab
    if pab is not None and not t.teams:
        named = [n for n in pab.teams if n is not None]
        report("TRF047", msg("a team pairing-allocated bye (320: teams {teams}) in a file without teams (no 310/013 "
                             "record): kept, not used", teams=named) if named else
               msg("a team pairing-allocated bye (320) in a file without teams (no 310/013 record): kept, not used"),
               locate("320"))
    owner: dict[int, int] = {}
    for team in t.teams:
        for member in team.members:
            if member not in players:
                report("TRF042", msg("team {number} ({name}) lists player {member}, who has no player line",
                                     number=team.number, name=team.name, member=member), locate("team", team.number))
            elif member in owner:
                report("TRF042", msg("player {member} is in team {owner} and in team {number}",
                                     member=member, owner=owner[member], number=team.number),
                       locate("team", team.number))
            else:
                owner[member] = team.number


def _engine_ids(t: Tournament, players, report, locate) -> None:
    teams = {team.number for team in t.teams}
    known = teams if teams else set(players)
    kind = msg("team") if teams else msg("player")
    unknown = Counter()
    for bye in t.pairing.requested_byes:
        unknown.update(("240", i) for i in bye.ids if i not in known)
    for i in t.pairing.absent_next_round:
        if i not in players:
            unknown[("XXZ", i)] += 1
    for rule in t.pairing.prohibited:
        unknown.update(("260", i) for i in rule.ids if i not in known)
    for acc in t.pairing.player_accelerations:
        if acc.player not in players:
            unknown[("XXA", acc.player)] += 1
    for (code, i), _ in sorted(unknown.items()):
        report("TRF045", msg("{code} names {kind} {number}, who is not in the file", code=code, kind=kind, number=i), locate(code))
