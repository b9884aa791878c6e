"""Ready for FIDE's rating server: the checks a rating officer makes before uploading a
tournament report (``trfconv check --upload``), each a diagnostic (``UPL001``-``UPL062``) at its
line, naming the rule it comes from: the event is over (:mod:`.finished`: every round's results
in, its last day past), a TRF-2026 field mark (:mod:`.fields`), the new players and
arbiters (:mod:`.people`), the deadlines of B.02 9.1 (:mod:`.deadlines`), the ``###`` trail and
the tie-break list (:mod:`.trail`), the Swiss pairings' absolute criteria of C.04.3
(:mod:`.swiss`), and a one-line summary (:func:`summary`).

Pure: it reads the tournament model, an optional rating-list look-up and the day asked about.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date

from ...diagnostics import CODES, Diagnostic, Severity
from ...eventkind import is_team_event
from ...messages import SEMICOLON, Message, data, joined, msg, plural
from ...model import Tournament
from ..ratinglist.inforce import Lookup
from .deadlines import Deadlines, deadlines
from .finished import finished_findings
from .fields import claims_norms, date_findings, player_findings, rank_findings, record_findings
from .people import arbiter_findings, new_player_findings
from .swiss import swiss_findings
from .trail import points_findings, tiebreak_findings

__all__ = ["Upload", "ready", "summary", "upload_check"]


@dataclass(frozen=True)
class Upload:
    """The findings of ``check --upload`` on one file and its deadlines."""

    diagnostics: tuple[Diagnostic, ...]
    deadlines: Deadlines


def upload_check(t: Tournament, today: date, lookup: Lookup | None = None, month: str | None = None) -> Upload:
    """Every upload finding on ``t`` against ``today``; with ``lookup`` and ``month`` (the list
    in force at the start), the new players and arbiters are held against that list too."""
    team = is_team_event(t)
    due = deadlines(t, today)
    found = [*finished_findings(t, today, due), *record_findings(t), *date_findings(t), *player_findings(t), *rank_findings(t, team),
             *new_player_findings(t, lookup, month), *arbiter_findings(t, lookup, month, claims_norms(t)),
             *due.diagnostics, *points_findings(t, team), *tiebreak_findings(t, team), *swiss_findings(t, team)]
    return Upload(tuple(found), due)


def ready(diagnostics, due: Deadlines) -> bool:
    """Ready to upload: no error among ``diagnostics`` and no part of the event too late."""
    return not due.too_late and not any(d.severity is Severity.ERROR for d in diagnostics)


def summary(diagnostics, due: Deadlines) -> Message:
    """One line: whether the file is ready to upload, what must be fixed first (the error codes in
    the order noticed, a cause before its consequences: the event not finished before the results
    it lacks, a missing record before the ranks it leaves unchecked; with their short titles and
    counts) and by when it must be uploaded."""
    errors = Counter(d.code for d in diagnostics if d.severity is Severity.ERROR and d.code != "UPL032")
    warnings = sum(1 for d in diagnostics if d.severity is Severity.WARNING)
    when = due.advice()
    if ready(diagnostics, due):
        if warnings:
            return plural("READY to upload ({n} warning(s) to review); {when}",
                          "READY to upload ({n} warning(s) to review); {when}", n=warnings, when=when)
        return msg("READY to upload; {when}", when=when)
    if not errors:
        return msg("NOT READY to upload: {when}", when=when)
    fix = joined([msg("{count} x {code} {title}", count=n, code=code, title=short_title(code))
                  for code, n in list(errors.items())[:4]], SEMICOLON)
    if len(errors) > 4:
        return plural("NOT READY to upload: fix first: {fix}; and {n} other kind(s); then {when}",
                      "NOT READY to upload: fix first: {fix}; and {n} other kind(s); then {when}",
                      n=len(errors) - 4, fix=fix, when=when)
    return msg("NOT READY to upload: fix first: {fix}; then {when}", fix=fix, when=when)


def short_title(code: str) -> Message:
    """A code's title up to its parenthesis (the summary's short form; the catalogs hold it)."""
    return data(CODES[code].title.split(" (")[0])
