"""Filling a tournament's missing or outdated player data from the FIDE list in force.

- A player without FIDE ID gets one only when exactly one entry of the list has his name
  (compared as :func:`.names.key` does: case, accents, punctuation and word order aside), his
  federation and his birth year. Several such entries, or name and federation matches that the
  file gives no birth year to decide between, are listed as candidates (``LST023``) and nothing
  is filled: nothing is guessed.
- A player with a FIDE ID in the list gets the list's rating of the event's rate of play and
  the list's title when the file's differs.

Every change is a diagnostic (``LST020``-``LST022``) and a ``###`` comment line after the
player's line (kept as :class:`~trfconv.model.Extra`, which the TRF writer writes back), so the
corrected file says what was changed and from which list. The declared number of rated players
(072) follows when it agreed with the file before.

Pure: only the tournament model and the look-up object passed in are read.
"""

from __future__ import annotations

from dataclasses import replace

from ... import names
from ...dates import PartialDate
from ...diagnostics import Diagnostic, diagnostic
from ...list_entry import ListEntry
from ...messages import SEMICOLON, Message, joined, msg
from ...model import Extra, Player, Tournament
from ...numbers import ascii_digits
from .inforce import Lookup, event_list

#: How many list entries are compared with a player who has no FIDE ID.
_CANDIDATES = 50
NONE = msg("none")


def fill(t: Tournament, lookup: Lookup, kind: str) -> tuple[Tournament, list[Diagnostic]]:
    """``t`` with FIDE IDs, ratings and titles filled from the ``kind`` list in force at its
    start, and the diagnostics saying what was changed or could not be."""
    month, out = event_list(t, lookup, kind)
    if month is None:
        return t, out
    path = t.source.path
    taken = {int(p.fide_id) for p in t.players if p.fide_id and ascii_digits(p.fide_id)}
    players, extras = [], list(t.extras)

    def record(code: str, message: Message, anchor: str, origin: str) -> None:
        out.append(diagnostic(code, message, path=path))
        extras.append(Extra(f"### trfconv fill, FIDE {kind} list {month}{origin}: {message}", anchor))

    for p in t.players:
        changes: list[tuple[str, Message]] = []
        entry = None
        if p.fide_id and ascii_digits(p.fide_id):
            entry = lookup.player(int(p.fide_id), month)
        elif not p.fide_id:
            entry = _identify(p, lookup, month, taken, out, path)
            if entry is not None:
                taken.add(entry.fide_id)
                p = replace(p, fide_id=str(entry.fide_id))
                changes.append(("LST020", msg("FIDE ID {id} added: the one entry of the list with this name, "
                                              "federation and birth year", id=entry.fide_id)))
        if entry is not None:
            p = _update(p, entry, kind, changes)
            for code, message in changes:
                record(code, msg("player {number} ({name}): {message}", number=p.start_number, name=p.name,
                                 message=message), f"001:{p.start_number}", f" ({entry.source})")
        players.append(p)
    filled = replace(t, players=tuple(players))
    declared = t.event.declared_rated_players
    rated = sum(1 for p in filled.players if p.rating)
    if isinstance(declared, int) and declared == sum(1 for p in t.players if p.rating) != rated:
        record("LST021", msg("072 rated players {declared} -> {rated}", declared=declared, rated=rated), "072", "")
        filled = replace(filled, event=replace(filled.event, declared_rated_players=rated))
    return replace(filled, extras=tuple(extras)), out


def _identify(p: Player, lookup: Lookup, month: str, taken: set[int], out: list[Diagnostic],
              path: str | None) -> ListEntry | None:
    """The one list entry with ``p``'s name, federation and birth year, or None (with ``LST023``
    listing the candidates when there are several, or when the birth year is missing)."""
    if not p.name.strip() or not p.federation:
        return None
    key = names.key(p.name)
    same = [m.entry for m in lookup.find(p.name, fed=p.federation, month=month, limit=_CANDIDATES)
            if names.key(m.entry.name) == key and m.entry.federation.upper() == p.federation.upper()]
    year = p.birth_date.year if isinstance(p.birth_date, PartialDate) else None
    matches = [e for e in same if year is not None and e.birth_year == year]
    if len(matches) == 1 and matches[0].fide_id not in taken:
        return matches[0]
    if len(matches) > 1 or (year is None and same) or (matches and matches[0].fide_id in taken):
        listed = matches or same
        why = (msg("the file gives no birth year to tell them apart") if year is None and not matches
               else msg("its FIDE ID is another player's of the file") if len(listed) == 1
               else msg("{count} entries have this name, federation and birth year", count=len(listed)))
        candidates = joined([f"{e.fide_id} {e.name} {e.federation} {e.birth_year or '?'}" for e in listed[:10]],
                            SEMICOLON)
        out.append(diagnostic("LST023", msg("player {number} ({name}): no FIDE ID filled, {why}: {candidates}",
                                            number=p.start_number, name=p.name, why=why, candidates=candidates),
                              path=path))
    return None


def _update(p: Player, e: ListEntry, kind: str, changes: list[tuple[str, Message]]) -> Player:
    rating = e.rating(kind)
    if rating is not None and rating.rating != p.rating:
        new = rating.rating
        changes.append(("LST021", msg("rating {old} -> {new}", old=p.rating or NONE,
                                      new=new or msg("none (unrated in the list)"))))
        p = replace(p, rating=new)
    if (p.title or e.titles) and p.title not in e.titles:
        title = e.titles[0] if e.titles else None
        changes.append(("LST022", msg("title {old} -> {new}", old=p.title or NONE, new=title or NONE)))
        p = replace(p, title=title)
    return p
