"""The fields FIDE's TRF-2026 marks for rating (R■ mandatory, R□ warning if wrong) and for
title events (◙), held against one tournament: ``check --upload``.

Sources: TRF-2026 (C.02.03 Annexure A, approved 12/05/2025, applied from 01/09/2025) as
transcribed in ``docs/trf-format.md`` §3 and §6: records 012, 022, 032, 042, 052, 102 and 132 are
R■; in each 001 line the FIDE ID, the start rank, the final rank ("ties allowed") and every
round's opponent, colour and result are R■; the name is R□ (``Lastname, Firstname``); 182, 192
and 202/212 are mandatory for title events (◙). TRF16 holds the same records, so a TRF16 file is
held to the same marks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from ...diagnostics import Diagnostic, diagnostic
from ...federations import federation, unknown
from ...model import Game, Pending, Player, Tournament, Unreadable
from ...messages import Message, msg

R_MANDATORY = "TRF-2026 R■"
R_WARNING = "TRF-2026 R□"
TITLE_EVENT = "TRF-2026 ◙"
MISSING = msg("missing")

#: The header records mandatory for rating (R■) and the event field each fills.
RATING_RECORDS = (("012", "name", msg("tournament name")), ("022", "city", msg("city")),
                  ("032", "federation", msg("federation")), ("042", "start_date", msg("start date")),
                  ("052", "end_date", msg("end date")), ("102", "chief_arbiter", msg("chief arbiter")),
                  ("132", "round_dates", msg("round dates")))
#: A word that says the event claims title norms (in 012, 092 or a ``###`` comment).
_NORMS = re.compile(r"\bnorms?\b", re.IGNORECASE)

Report = Callable[..., None]


def claims_norms(t: Tournament) -> str | None:
    """Where the file says the event is a title-norm event (TRF has no field for it: the words
    ``norm``/``norms`` in its name, its type or a ``###`` comment), or None."""
    for where, text in (("012", t.event.name), ("092", t.event.type),
                        *(("###", e.text) for e in t.extras if e.text.startswith("###"))):
        if text and _NORMS.search(text):
            return f"{where} {text.strip()[:60]!r}"
    return None


def record_findings(t: Tournament) -> list[Diagnostic]:
    """UPL001 for each R■ header record missing or unreadable; UPL007 for each ◙ record missing
    when the event claims norms."""
    out = []
    for code, attr, what in RATING_RECORDS:
        value = getattr(t.event, attr)
        path, line, _ = t.source.record_at(code)
        if code in ("042", "052"):
            problem = None if isinstance(value, date) else (MISSING if not value
                                                            else msg("unreadable ({value})", value=repr(value)))
        elif code == "132":
            unknown = [r for r in range(1, t.rounds + 1) if r > len(value) or not isinstance(value[r - 1], date)]
            problem = MISSING if not value else (msg("no readable date for round(s) {rounds}", rounds=_span(unknown))
                                                 if unknown else None)
        else:
            problem = None if value and str(value).strip() else MISSING
        if problem:
            out.append(diagnostic("UPL001", msg("{code} {what}: {problem} ({mark})", code=code, what=what,
                                                problem=problem, mark=R_MANDATORY), path=path, line=line))
    out.extend(_event_federation(t))
    claim = claims_norms(t)
    if claim:
        for code, present in (("182", t.event.pairing_controller), ("192", t.pairing.system),
                              ("202/212", t.event.tiebreaks or t.event.standings_tiebreaks)):
            if not present:
                out.append(diagnostic("UPL007", msg("{code} missing: the event claims norms ({claim}) and {code} is "
                                                    "mandatory for title events ({mark})", code=code, claim=claim,
                                                    mark=TITLE_EVENT), path=t.source.path))
    return out


def _event_federation(t: Tournament) -> list[Diagnostic]:
    """UPL063 when 032 holds a code that is no FIDE federation's on the event's start (FIDE's
    table, :mod:`trfconv.federations`): the rating server files the event under its federation."""
    code = str(t.event.federation or "").strip()
    start = t.event.start_date if isinstance(t.event.start_date, date) else None
    if not code or federation(code, start) is not None:
        return []
    path, line, _ = t.source.record_at("032")
    return [diagnostic("UPL063", msg("032 federation: {problem} ({mark}: the event's FIDE federation)",
                                     problem=unknown(code, start), mark=R_MANDATORY), path=path, line=line)]


def player_findings(t: Tournament) -> list[Diagnostic]:
    """UPL002 (no FIDE ID), UPL003 (no final rank), UPL004 (a round without opponent, colour or
    result) and UPL012 (name not ``Family, Given``) for each player."""
    out = []
    for p in t.players:
        path, line, _ = t.source.player_at(p.start_number)

        def report(code: str, message: Message, column: int | None = None, p: Player = p, path: str | None = path,
                   line: int | None = line) -> None:
            out.append(diagnostic(code, player_said(p, message), path=path, line=line, column=column))
        if not p.fide_id:
            report("UPL002", msg("no FIDE ID ({mark}); FIDE registers a new player from the file's birth date, sex and "
                                 "name", mark=R_MANDATORY), 58)
        if not p.rank or p.rank < 1:
            report("UPL003", msg("no final rank (0; {mark})", mark=R_MANDATORY) if p.rank == 0
                   else msg("no final rank (blank; {mark})", mark=R_MANDATORY), 86)
        for r, entry in enumerate(p.rounds, 1):
            column = 92 + 10 * (r - 1)
            if isinstance(entry, Pending):
                report("UPL004", msg("round {round}: paired against {opponent} without a result ({mark})", round=r,
                                     opponent=entry.opponent, mark=R_MANDATORY), column)
            elif isinstance(entry, Unreadable):
                report("UPL004", msg("round {round}: block {block} cannot be read ({mark})", round=r,
                                     block=repr(entry.text), mark=R_MANDATORY), column)
            elif isinstance(entry, Game) and entry.colour is None:
                report("UPL004", msg("round {round}: game against {opponent} without a colour ({mark})", round=r,
                                     opponent=entry.opponent, mark=R_MANDATORY), column)
        if not family_given(p.name):
            report("UPL012", msg("name {name} is not in FIDE's 'Family, Given' form ({mark})", name=repr(p.name),
                                 mark=R_WARNING), 15)
    return out


def family_given(name: str) -> bool:
    """``name`` is ``Family, Given``: a comma with a name on each side."""
    family, comma, given = name.partition(",")
    return bool(comma and family.strip() and given.strip())


def date_findings(t: Tournament) -> list[Diagnostic]:
    """UPL005: the start after the end, or a round date outside 042-052 (R■ since TRF-2026)."""
    start, end = t.event.start_date, t.event.end_date
    if not (isinstance(start, date) and isinstance(end, date)):
        return []  # UPL001 says so
    path, line, _ = t.source.record_at("132")
    if start > end:
        return [diagnostic("UPL005", msg("042 start {start} is after 052 end {end} ({mark})", start=start, end=end,
                                         mark=R_MANDATORY), path=path, line=t.source.record_at("042")[1])]
    return [diagnostic("UPL005", msg("round {round} dated {day}, outside the event's dates {start} - {end} ({mark})",
                                     round=r, day=d, start=start, end=end, mark=R_MANDATORY),
                       path=path, line=line, column=92 + 10 * (r - 1))
            for r, d in enumerate(t.event.round_dates, 1) if isinstance(d, date) and not start <= d <= end]


def rank_findings(t: Tournament, team: bool) -> list[Diagnostic]:
    """UPL006: the final ranks must be 1..N with ties allowed (tied players share the rank, the
    next rank skips as many places) and follow the points: a better rank never has fewer
    points, and tied players have the same points (TRF-2026 001 rank: "Exact definition - ties
    allowed"). Team events rank teams, not players: not checked here."""
    ranked = sorted((p for p in t.players if p.rank and p.rank > 0), key=lambda p: (p.rank, p.start_number))
    if team or not ranked:
        return []
    out = []

    def report(p: Player, message: Message) -> None:
        path, line, _ = t.source.player_at(p.start_number)
        out.append(diagnostic("UPL006", player_said(p, msg("{problem} ({mark})", problem=message, mark=R_MANDATORY)),
                              path=path, line=line, column=86))
    for i, p in enumerate(ranked):
        before = ranked[i - 1] if i else None
        expected = 1 if before is None else (before.rank if p.rank == before.rank else i + 1)
        if p.rank != expected:
            report(p, msg("rank {rank} where the ranks 1..{count} with ties give {expected}", rank=p.rank,
                          count=len(t.players), expected=expected))
        elif before is not None and p.points is not None and before.points is not None:
            if p.rank == before.rank and p.points != before.points:
                report(p, msg("shares rank {rank} with player {other} but has other points ({points} and "
                              "{other_points})", rank=p.rank, other=before.start_number, points=p.points,
                              other_points=before.points))
            elif p.points > before.points:
                report(p, msg("ranked {rank} with {points} points, below player {other} (rank {other_rank}) with "
                              "{other_points}", rank=p.rank, points=p.points, other=before.start_number,
                              other_rank=before.rank, other_points=before.points))
    return out


def player_said(p: Player, message: Message) -> Message:
    """``message`` about player ``p``, named by start number and name."""
    return msg("player {number} ({name}): {message}", number=p.start_number, name=p.name, message=message)


def _span(rounds: list[int]) -> str:
    shown = ", ".join(map(str, rounds[:10]))
    return shown + (" …" if len(rounds) > 10 else "")
