"""The ``###`` trail: what FIDE's checklist for endorsed software (C.02, from 1 March 2026) asks
a file to say about itself, audited (``docs/fide-upload.md`` §4.2, §4.3 item 4).

- Q48/Q50/Q55/Q192-193: a correction made for the rating report only is written as a ``###``
  comment. A player whose declared points differ from the results (the reader's TRF033, which
  already accepts what 299 records, acceleration and byes entered ahead explain) needs a
  ``###`` comment naming the player (start number or name) and saying what was adjusted (a word
  such as adjust, correct, penalty, bonus, points).
- Q21/Q201: the tie-break list in the file (212, else 202) must reproduce the file's own final
  ranks, computed with trfconv's exact tie-breaks (players still tied after the whole list may
  be in any order among themselves: a drawing of lots).
- Q201-202: a change of the tie-break list after the start is written into the file as a
  ``###`` comment; such a comment is reported (a hard-fail warning in the checklist).
"""

from __future__ import annotations

import re

from ...diagnostics import Diagnostic, Severity, diagnostic
from ...messages import SEMICOLON, joined, msg
from ...model import Tournament
from ..tiebreaks import standings

_ADJUSTMENT = re.compile(r"adjust|correct|penalt|bonus|points?\b", re.IGNORECASE)
_TIEBREAK_CHANGE = re.compile(r"tie-?breaks?\b.*\b(chang|modif|replac|previous)|"
                              r"\b(chang|modif|replac|previous)\w*\b.*tie-?breaks?", re.IGNORECASE)
CHECKLIST = msg("C.02 checklist")


def comments(t: Tournament) -> list[str]:
    """The file's ``###`` comment lines."""
    return [e.text for e in t.extras if e.text.startswith("###")]


def points_findings(t: Tournament, team: bool) -> list[Diagnostic]:
    """UPL040 for each player whose declared points differ from the results (TRF033) when no
    ``###`` comment states the adjustment; not in team events, where a player's points are
    "informative only" (TRF-2026)."""
    if team:
        return []
    notes = [c for c in comments(t) if _ADJUSTMENT.search(c)]
    at_line = {line: n for n, line in t.source.player_lines}
    out = []
    for d in t.diagnostics:
        n = at_line.get(d.location.line) if d.code == "TRF033" else None
        p = t.player(n) if n is not None else None
        if p is None or any(_names(c, p.start_number, p.name) for c in notes):
            continue
        out.append(diagnostic("UPL040", msg("{problem}; no ### comment states this adjustment ({checklist} Q192-193: "
                                            "corrections for the rating report are written as ### comments)",
                                            problem=d.message, checklist=CHECKLIST),
                              path=d.location.path, line=d.location.line, column=81))
    return out


def _names(comment: str, number: int, name: str) -> bool:
    """``comment`` names the player: his start number standing alone (not part of a date, a
    score or another number) or his name."""
    alone = rf"(?<![\w/.:-]){number}(?!\w)(?![/.:-]\d)"
    return bool(re.search(alone, comment)) or bool(name and name.casefold() in comment.casefold())


def tiebreak_findings(t: Tournament, team: bool) -> list[Diagnostic]:
    """UPL041 for each player whose final rank the file's own tie-break list does not give;
    UPL042 for each ``###`` comment saying that the list was changed after the start."""
    out = [diagnostic("UPL042", msg("{comment}: the tie-break list was changed after the start ({checklist} Q201: "
                                    "a hard-fail warning; the rating officer decides)", comment=repr(c.strip()[:100]),
                                    checklist=CHECKLIST), path=t.source.path)
           for c in comments(t) if _TIEBREAK_CHANGE.search(c)]
    listed = t.event.standings_tiebreaks or t.event.tiebreaks
    if team or not listed or not t.rounds or any(not p.rank or p.rank < 1 for p in t.players):
        return out
    record = "212" if t.event.standings_tiebreaks else "202"
    computed = standings(t, list(listed))
    if computed.after_round is not None:  # an event in progress: no final standings yet (UPL061 says so)
        return out
    unread = [d.message for d in computed.diagnostics if d.code in ("TB001", "TB002")]
    if unread:
        return [*out, diagnostic("UPL041", msg("its {record} list ({listed}) cannot be computed ({why}): the final "
                                               "ranks are not checked against it", record=record,
                                               listed=",".join(listed), why=joined(unread, SEMICOLON)),
                                 path=t.source.path, line=t.source.record_at(record)[1], severity=Severity.WARNING)]
    size: dict[int, int] = {}
    for row in computed.rows:
        size[row.rank] = size.get(row.rank, 0) + 1
    for row in computed.rows:
        p = t.player(row.number)
        last = row.rank + size[row.rank] - 1
        if not row.rank <= p.rank <= last:
            path, line, _ = t.source.player_at(p.start_number)
            gives = (msg("rank {rank}", rank=row.rank) if last == row.rank
                     else msg("a rank from {first} to {last} (tied)", first=row.rank, last=last))
            out.append(diagnostic("UPL041", msg("player {number} ({name}) is ranked {rank} in the file; its {record} "
                                                "list ({listed}) gives {gives} ({checklist} Q21, Q201)",
                                                number=p.start_number, name=p.name, rank=p.rank, record=record,
                                                listed=",".join(listed), gives=gives, checklist=CHECKLIST),
                                  path=path, line=line, column=86))
    return out
