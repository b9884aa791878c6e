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
from ...numbers import short_text

R_MANDATORY = "TRF-2026 R■"
R_WARNING = "TRF-2026 R□"
TITLE_EVENT = "TRF-2026 ◙"

#: The header records mandatory for rating (R■) and the event field each fills.
RATING_RECORDS = (("012", "name", "tournament name"), ("022", "city", "city"), ("032", "federation", "federation"),
                  ("042", "start_date", "start date"), ("052", "end_date", "end date"),
                  ("102", "chief_arbiter", "chief arbiter"), ("132", "round_dates", "round dates"))
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
            problem = None if isinstance(value, date) else ("missing" if not value else f"unreadable ({value!r})")
        elif code == "132":
            unknown = [r for r in range(1, t.rounds + 1) if r > len(value) or not isinstance(value[r - 1], date)]
            problem = "missing" if not value else (f"no readable date for round(s) {_span(unknown)}" if unknown else None)
        else:
            problem = None if value and str(value).strip() else "missing"
        if problem:
            out.append(diagnostic("UPL001", f"{code} {what}: {problem} ({R_MANDATORY})", path=path, line=line))
    out.extend(_event_federation(t))
    claim = claims_norms(t)
    if claim:
        for code, present in (("182", t.event.pairing_controller), ("192", t.pairing.system),
                              ("202/212", t.event.tiebreaks or t.event.standings_tiebreaks)):
            if not present:
                out.append(diagnostic("UPL007", f"{code} missing: the event claims norms ({claim}) and {code} is "
                                                f"mandatory for title events ({TITLE_EVENT})", path=t.source.path))
    return out


def _event_federation(t: Tournament) -> list[Diagnostic]:
    """UPL063 when 032 holds a code that is no FIDE federation's on the event's start (FIDE's
    table, :mod:`trfconv.federations`): the rating server files the event under its federation."""
    code = str(t.event.federation or "").strip()
    start = t.event.start_date if isinstance(t.event.start_date, date) else None
    if not code or federation(code, start) is not None:
        return []
    path, line, _ = t.source.record_at("032")
    return [diagnostic("UPL063", f"032 federation: {unknown(code, start)} ({R_MANDATORY}: the event's FIDE "
                                 "federation)", path=path, line=line)]


def player_findings(t: Tournament) -> list[Diagnostic]:
    """UPL002 (no FIDE ID), UPL003 (no final rank), UPL004 (a round without opponent, colour or
    result) and UPL012 (name not ``Family, Given``) for each player."""
    out = []
    for p in t.players:
        path, line, _ = t.source.player_at(p.start_number)

        def report(code: str, message: str, column: int | None = None, p: Player = p, path: str | None = path,
                   line: int | None = line) -> None:
            out.append(diagnostic(code, f"player {p.start_number} ({p.name}): {message}", path=path, line=line,
                                  column=column))
        if not p.fide_id:
            report("UPL002", f"no FIDE ID ({R_MANDATORY}); FIDE registers a new player from the file's "
                             "birth date, sex and name", 58)
        if not p.rank or p.rank < 1:
            report("UPL003", f"no final rank ({'0' if p.rank == 0 else 'blank'}; {R_MANDATORY})", 86)
        for r, entry in enumerate(p.rounds, 1):
            column = 92 + 10 * (r - 1)
            if isinstance(entry, Pending):
                report("UPL004", f"round {r}: paired against {entry.opponent} without a result ({R_MANDATORY})",
                       column)
            elif isinstance(entry, Unreadable):
                report("UPL004", f"round {r}: block {entry.text!r} cannot be read ({R_MANDATORY})", column)
            elif isinstance(entry, Game) and entry.colour is None:
                report("UPL004", f"round {r}: game against {entry.opponent} without a colour ({R_MANDATORY})",
                       column)
        if not family_given(p.name):
            report("UPL012", f"name {p.name!r} is not in FIDE's 'Family, Given' form ({R_WARNING})", 15)
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
        return [diagnostic("UPL005", f"042 start {start.isoformat()} is after 052 end {end.isoformat()} "
                                     f"({R_MANDATORY})", path=path, line=t.source.record_at("042")[1])]
    return [diagnostic("UPL005", f"round {r} dated {d.isoformat()}, outside the event's dates {start.isoformat()} - "
                                 f"{end.isoformat()} ({R_MANDATORY})", path=path, line=line, column=92 + 10 * (r - 1))
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

    def report(p: Player, message: str) -> None:
        path, line, _ = t.source.player_at(p.start_number)
        out.append(diagnostic("UPL006", f"player {p.start_number} ({p.name}): {message} ({R_MANDATORY})", path=path,
                              line=line, column=86))
    for i, p in enumerate(ranked):
        before = ranked[i - 1] if i else None
        expected = 1 if before is None else (before.rank if p.rank == before.rank else i + 1)
        if p.rank != expected:
            report(p, f"rank {p.rank} where the ranks 1..{len(t.players)} with ties give {expected}")
        elif before is not None and p.points is not None and before.points is not None:
            if p.rank == before.rank and p.points != before.points:
                report(p, f"shares rank {p.rank} with player {before.start_number} but has other points "
                          f"({short_text(p.points)} and {short_text(before.points)})")
            elif p.points > before.points:
                report(p, f"ranked {p.rank} with {short_text(p.points)} points, below player {before.start_number} "
                          f"(rank {before.rank}) with {short_text(before.points)}")
    return out


def _span(rounds: list[int]) -> str:
    shown = ", ".join(map(str, rounds[:10]))
    return shown + (" …" if len(rounds) > 10 else "")
