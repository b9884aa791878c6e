"""Which list applies to an event, and a player's rating and K from it.

A FIDE list is published on the 1st of each month and is in force for that month; an event is
rated with the list in force at its start date (B.02 2024 7.1; FIDE's own calculations, e.g. an
event of 31 Oct - 2 Nov 2025 rated with the October ratings, tests/rules/rating/test_rating_fide_periods.py). These
functions only read the tournament model and the look-up object they are given (a
:class:`~trfconv.io.ratinglist.store.Store`, or anything with the same methods): they never open a
file or a database themselves.
"""

from __future__ import annotations

from dataclasses import fields, replace
from datetime import date
from operator import attrgetter
from typing import Protocol

from ...diagnostics import Diagnostic, diagnostic
from ...list_entry import ListEntry, Rating
from ...messages import Message, msg, pmsg
from ...model import Player, Tournament
from ..rating.k import GivenK

#: The rate of play of a rating list, in words (``standard`` is its name, not a quality).
KIND_WORDS = {"standard": pmsg("rating list", "standard"), "rapid": pmsg("rating list", "rapid"),
              "blitz": pmsg("rating list", "blitz")}


def kind_said(kind: str) -> Message | str:
    """A list's rate of play (``standard``, ``rapid``, ``blitz``) as a message says it."""
    return KIND_WORDS.get(kind, kind)


class Lookup(Protocol):
    """What the cross-check, the fill and the rating report need of the rating lists."""

    def in_force(self, on: date | str, kind: str | None = None) -> str | None: ...

    def player(self, fide_id: int | str, month: str | None = None) -> ListEntry | None: ...

    def players(self, fide_ids, month: str | None = None) -> dict[int, ListEntry]: ...

    def find(self, name: str, fed: str | None = None, month: str | None = None, limit: int = 10) -> list: ...

    def months(self) -> dict: ...

    def registered(self, month: str) -> bool: ...


def event_list(t: Tournament, lookup: Lookup, kind: str) -> tuple[str | None, list[Diagnostic]]:
    """The month of the ``kind`` list to hold the event against, and what to say about it:
    ``LST012`` when no list applies, ``LST013`` when the one used is not the list of the start
    date's month (not held) or the start date is unknown (then the latest list held is used)."""
    start = t.event.start_date if isinstance(t.event.start_date, date) else None
    path = t.source.path
    if start is None:
        month = lookup.in_force("9999-12", kind)
        if month is None:
            return None, [diagnostic("LST012", msg("no FIDE {kind} list is held (trfconv list import)",
                                                   kind=kind_said(kind)), path=path)]
        return month, [diagnostic("LST013", msg("the event's start date is unknown: checked against the latest {kind} "
                                                "list held, {month}", kind=kind_said(kind), month=month), path=path)]
    month = lookup.in_force(start, kind)
    if month is None:
        return None, [diagnostic("LST012", msg("no FIDE {kind} list held for {start}, the event's start (trfconv list "
                                               "import)", kind=kind_said(kind), start=start), path=path)]
    own = f"{start.year:04d}-{start.month:02d}"
    if month != own:
        return month, [diagnostic("LST013", msg("checked against the {kind} list of {month}, not the list of {own} in "
                                                "force at the event's start ({start})", kind=kind_said(kind),
                                                month=month, own=own, start=start), path=path)]
    return month, []


def event_entries(t: Tournament, lookup: Lookup, month: str) -> dict[int, ListEntry]:
    """The entries of ``t``'s players with a FIDE ID in the list of ``month``, by FIDE ID: the
    event's players looked up at once (one query), what the cross-check and the ratings from the
    list both read."""
    return lookup.players([int(p.fide_id) for p in t.players if p.fide_id and p.fide_id.isascii()
                           and p.fide_id.isdigit()], month)


def k_and_rating(lists: Lookup, fide_id: int | str, start_date: date, kind: str) -> Rating | None:
    """The player's ``kind`` rating and K in the list in force on ``start_date``, with their
    source (:attr:`Rating.month`, :attr:`Rating.source`, :attr:`Rating.origin`). None when no
    such list is held or the player is not in it; ``rating``/``k`` None when the list gives none
    (unrated)."""
    month = lists.in_force(start_date, kind)
    entry = lists.player(fide_id, month) if month else None
    return entry.rating(kind) if entry else None


def rated_from_list(t: Tournament, lookup: Lookup, kind: str, seen: dict[str, Rating | None] | None = None,
                    entries: dict[int, ListEntry] | None = None) -> tuple[Tournament, dict[str, GivenK], list[Diagnostic]]:
    """``t`` with each listed player's rating as the ``kind`` list in force at its start gives it
    (unrated there: unrated), and the K the list publishes, by FIDE id: what the rating report
    uses (B.02 2024 7.1: the rating of the list in force; the list's K before any other). One
    ``LST024`` caveat says from which list and how many ratings of the file it replaced (the
    cross-check's LST008/LST009 name them). Players without FIDE ID, or not in a list naming every
    registered player (a combined list), keep the file's rating; a player absent from single-type
    lists only is not rated on them (FIDE leaves the unrated out): unrated. ``seen``, when given,
    receives what :func:`k_and_rating` would answer for each FIDE ID looked up in that list (the
    period asks the same list again for the rating before the period: one look-up serves both).
    ``entries``: the event's players already looked up in that list (:func:`event_entries`)."""
    month, out = event_list(t, lookup, kind)
    if month is None:
        return t, {}, out
    players, k, listed, replaced = [], {}, 0, 0
    ids = {p.start_number: int(p.fide_id) for p in t.players
           if p.fide_id and p.fide_id.isascii() and p.fide_id.isdigit()}
    if entries is None:
        entries = event_entries(t, lookup, month)
    for p in t.players:
        entry = entries.get(ids[p.start_number]) if p.start_number in ids else None
        rating = entry.rating(kind) if entry else None
        if seen is not None and p.fide_id and p.fide_id.isascii() and p.fide_id.isdigit():
            seen[p.fide_id.lstrip("0")] = rating
        if rating is None and entry is None and p.fide_id and p.fide_id.isdigit() and not lookup.registered(month):
            rating = Rating(kind, None, None, None, month, "")  # not rated on this single-type list
        if rating is None:
            players.append(p)
            continue
        listed += 1
        if rating.k is not None:
            k[p.fide_id] = GivenK(rating.k, msg("the FIDE {kind} list of {month}", kind=kind_said(kind), month=month))
        replaced += rating.rating != p.rating
        players.append(_rerated(p, rating.rating) if rating.rating != p.rating else p)
    out.append(diagnostic("LST024", msg("ratings and K of {listed} player(s) from the FIDE {kind} list of {month} "
                                        "({replaced} rating(s) of the file replaced: LST008/LST009 name them); the "
                                        "other players' from the file", listed=listed, kind=kind_said(kind),
                                        month=month, replaced=replaced), path=t.source.path))
    return replace(t, players=tuple(players)), k, out


#: A player's values in the order of his fields, and where his rating is among them (:func:`_rerated`).
_VALUES = attrgetter(*(f.name for f in fields(Player)))
_RATING_AT = [f.name for f in fields(Player)].index("rating")


def _rerated(p: Player, rating: int | None) -> Player:
    """``p`` with ``rating``: ``replace(p, rating=rating)`` built by position, at half its cost
    (a month of events re-rates some 150,000 player lines from the list)."""
    values = list(_VALUES(p))
    values[_RATING_AT] = rating
    return Player(*values)


class Pinned:
    """``lookup`` with one month taken as the list in force whatever the date (an officer's
    ``--list 2026-10``): :meth:`in_force` answers that month when it holds the kind asked for."""

    def __init__(self, lookup: Lookup, month: str):
        self.lookup, self.month = lookup, month

    def in_force(self, on: date | str, kind: str | None = None) -> str | None:
        held = self.lookup.in_force(self.month, kind)
        return self.month if held == self.month else None

    def player(self, fide_id: int | str, month: str | None = None) -> ListEntry | None:
        return self.lookup.player(fide_id, month)

    def players(self, fide_ids, month: str | None = None) -> dict[int, ListEntry]:
        return self.lookup.players(fide_ids, month)

    def find(self, name: str, fed: str | None = None, month: str | None = None, limit: int = 10) -> list:
        return self.lookup.find(name, fed, month, limit)

    def months(self) -> dict:
        """The one month taken, as :meth:`Store.months` gives it (month -> kind -> source)."""
        return {m: kinds for m, kinds in self.lookup.months().items() if m == self.month}

    def registered(self, month: str) -> bool:
        return self.lookup.registered(month)
