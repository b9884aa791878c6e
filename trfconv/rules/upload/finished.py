"""The event is over: a report goes to FIDE's rating server once the event has ended (B.02 9.1:
the Chief Arbiter provides the report after its end), with every round's result (TRF-2026 R■:
each round's opponent, colour and result). Where the event stands is :mod:`..progress`'s; an
event longer than 30 days reports month by month (B.02 4), so only the rounds of the months
already ended must be complete.

Each finding says what to do: ``UPL060`` no game has a result, ``UPL061`` rounds without their
results (paired and not all in, not in the file, declared and not paired), ``UPL062`` the day
checked is before the event's last day.
"""

from __future__ import annotations

from datetime import date

from ...diagnostics import Diagnostic, diagnostic
from ...messages import Message, joined, msg
from ...model import Tournament
from ..progress import progress, rounds_named
from .deadlines import Deadlines


def finished_findings(t: Tournament, today: date, due: Deadlines) -> list[Diagnostic]:
    """UPL060-UPL062 for ``t`` checked on ``today`` (``due``: its parts, month by month when it
    lasted more than 30 days)."""
    where = progress(t, today)
    path = t.source.path
    if not where.played:
        return [diagnostic("UPL060", msg("no game of the event has a result: there is nothing to rate yet; upload the "
                                         "file once the event is played"), path=path)]
    monthly = [p for p in due.parts if p.rounds is not None]
    ended = {r for p in monthly if p.ended <= today for r in p.rounds} if monthly else None
    out = []

    def due_now(rounds: tuple[int, ...]) -> tuple[int, ...]:
        return rounds if ended is None else tuple(r for r in rounds if r in ended)

    if in_play := due_now(where.in_play):
        counts = joined([msg("{results} of {games} in round {round}", results=where.results[r],
                             games=where.results[r] + where.waiting[r], round=r) for r in in_play], ", ")
        out.append(diagnostic("UPL061", msg("{rounds} paired, results not all in ({counts}): enter every result in the "
                                            "pairing program and export the file again", rounds=rounds_named(in_play),
                                            counts=counts), path=path))
    if missing := due_now(where.not_recorded):
        out.append(diagnostic("UPL061", msg("{rounds} not in the file, though a later round is: export the whole event "
                                            "again", rounds=rounds_named(missing)), path=path))
    if to_come := due_now(where.to_come):
        out.append(diagnostic("UPL061", msg("{rounds} of the {declared} the file declares not paired: upload once the "
                                            "event is over; if it ended early, set the number of rounds (142/XXR) to "
                                            "the rounds played", rounds=rounds_named(to_come), declared=where.rounds),
                              path=path, line=_declared_at(t)))
    if ended is not None and not ended:  # a long event none of whose months is over
        first = min(p.ended for p in monthly)
        out.append(_early(t, msg("its first month's rounds end on {last}, after {today}", last=first, today=today)))
    elif ended is None and where.before_last_day:
        out.append(_early(t, msg("the event ends on {last}, after {today}", last=where.last_day, today=today)))
    return out


def _early(t: Tournament, when: Message) -> Diagnostic:
    return diagnostic("UPL062", msg("{when}: no report before the event ends (B.02 9.1); check the file again and "
                                    "upload it once the event is over", when=when),
                      path=t.source.path, line=t.source.record_at("052")[1])


def _declared_at(t: Tournament) -> int | None:
    """The line of the record that declares the rounds (TRF16 ``XXR``, TRF-2026 ``142``)."""
    for code in ("142", "XXR"):
        line = t.source.record_at(code)[1]
        if line is not None:
            return line
    return None
