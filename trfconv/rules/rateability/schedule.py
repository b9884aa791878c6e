"""Event-level rules on time: the rate of play (B.02 2005 1.1–1.2; current 1.1–1.2 and R&B 1.1),
rounds and hours of play a day (2005 3.1; current 3 and R&B 3.1) and duration (2005 4.1)."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from fractions import Fraction

from ...messages import Message, msg
from ...model import Tournament
from ...timecontrol import TimeControl
from .rules import RateabilityRules, Speed
from .shape import Shape
from .verdict import Finding


def speed_of(rules: RateabilityRules, minutes: Fraction) -> Speed | None:
    """The faster list (rapid, blitz) a rate of play belongs to under the edition, or None for a
    standard rate (or an edition without faster lists)."""
    if minutes >= rules.slowest_minimum:
        return None
    return next((s for s in rules.speeds if s.holds(minutes)), None)


def clock_findings(rules: RateabilityRules, clock: TimeControl, ratings: dict[int, int | None],
                   speed: Speed | None) -> list[Finding]:
    """Event-wide rate-of-play failures; the per-game rule of the current edition is applied to
    each game in :mod:`.games`."""
    minutes = clock.minutes_for(rules.time_basis_moves)
    findings = []
    basis = msg("{minutes} min for {moves} moves", minutes=minutes, moves=rules.time_basis_moves)
    first = clock.white[0]
    if (rules.first_control_min_moves and first.moves is not None and len(clock.white) > 1
            and first.moves < rules.first_control_min_moves):
        findings.append(Finding(
            "VAL012", rules.article("first_control"),
            msg("the first time control is {moves} moves; at least {needed} are required (art. {article})",
                moves=first.moves, needed=rules.first_control_min_moves, article=rules.article("first_control")),
            fatal=True))
    if speed is not None:
        if not clock.symmetric:
            findings.append(Finding(
                "VAL014", rules.article("different_times"),
                msg("the players have different times ({basis} for the side with less); games with different "
                    "times are not rated (art. {article})", basis=basis, article=rules.article("different_times")),
                fatal=True))
        return findings
    if rules.time_scope == "event":
        top = max((r for r in ratings.values() if r is not None), default=0)
        needed = rules.minimum_for(top)
        if minutes < needed:
            floor = next(f for f, m in rules.minimum_minutes if m == needed)
            why = msg("the highest rating is {top} (≥ {floor})", top=top, floor=floor) if floor \
                else msg("for any players")
            findings.append(Finding(
                "VAL010", rules.article("time"),
                msg("the rate of play gives {basis}; {why}, so {needed} min are needed (art. {article}, {too_fast})",
                    basis=basis, why=why, needed=needed, article=rules.article("time"),
                    too_fast=rules.article("too_fast")), fatal=True))
    elif minutes < rules.slowest_minimum:
        articles = [rules.article("too_fast"), *([rules.article("speed")] if rules.speeds else [])]
        findings.append(Finding(
            "VAL010", rules.article("too_fast"),
            msg("the rate of play gives {basis}: too fast for any rating list (art. {articles})", basis=basis,
                articles=articles), fatal=True))
    return findings


def round_days(t: Tournament) -> dict[date, list[int]]:
    """Rounds with games, grouped by their 132 date (rounds without a readable date left out)."""
    days: dict[date, list[int]] = defaultdict(list)
    for number, value in enumerate(t.event.round_dates[:t.rounds], start=1):
        if isinstance(value, date):
            days[value].append(number)
    return dict(days)


def day_findings(rules: RateabilityRules, days: dict[date, list[int]], clock: TimeControl | None,
                 speed: Speed | None) -> list[Finding]:
    """Days with more rounds or more hours of play than the edition allows."""
    findings = []
    max_rounds = speed.max_rounds_per_day if speed else rules.max_rounds_per_day
    article = rules.article("speed_day") if speed else rules.article("day")
    max_hours = None if speed else rules.max_hours_per_day
    hours_per_round = clock.game_minutes(rules.time_basis_moves) / 60 if clock else None
    for day, rounds in sorted(days.items()):
        label = msg("{rounds} on {day}", rounds=_rounds_text(rounds), day=day)
        count = len(rounds)
        if max_rounds and count > max_rounds:
            findings.append(Finding(
                "VAL020", article, msg("{label}: {count} rounds > {most} a day (art. {article})", label=label,
                                       count=count, most=max_rounds, article=article),
                fatal=True, rounds=tuple(rounds)))
        if max_hours and hours_per_round is not None and count * hours_per_round > max_hours:
            findings.append(Finding(
                "VAL021", article,
                msg("{label}: {count} rounds, {hours} h of play > {most} h (art. {article}; {per_round} h a round "
                    "on the {moves}-move basis)", label=label, count=count, hours=count * hours_per_round,
                    most=max_hours, article=article, per_round=hours_per_round, moves=rules.time_basis_moves),
                fatal=True, rounds=tuple(rounds)))
    return findings


def duration_finding(rules: RateabilityRules, t: Tournament, days: dict[date, list[int]],
                     shape: Shape) -> Finding | None:
    """2005 4.1: at most 90 days from the first to the last day, except championships (4.11)."""
    if not rules.max_days or shape.league:
        return None
    dates = [d for d in (t.event.start_date, t.event.end_date, *days) if isinstance(d, date)]
    if not dates:
        return None
    first, last = min(dates), max(dates)
    length = (last - first).days + 1
    if length <= rules.max_days:
        return None
    article = rules.article("duration")
    return Finding("VAL022", article,
                   msg("the event lasts {length} days ({first} to {last}) > {most} (art. {article})", length=length,
                       first=first, last=last, most=rules.max_days, article=article), fatal=True)


def _rounds_text(rounds: list[int]) -> Message:
    if len(rounds) == 1:
        return msg("round {round}", round=rounds[0])
    return msg("rounds {rounds} and {last}", rounds=rounds[:-1], last=rounds[-1])
