"""Holding a tournament file against the FIDE list in force at its start: what a rating officer
checks first (FIDE's checklist for endorsed software asks for this consistency check against the
list valid at the start date, for the event's rate of play).

Every player with a FIDE ID is looked up in that list; each difference is a diagnostic
(``LST001``, ``LST003``-``LST011``) that names the list's month and, where it matters, the list's value.
Names are compared without case, accents, punctuation or word order (:mod:`.names`); a name that
still differs is reported with its closeness, as information when it is only a spelling or
transliteration variant (:data:`VARIANT` or closer).

Pure: only the tournament model and the look-up object passed in are read.
"""

from __future__ import annotations

from collections.abc import Callable

from ... import names
from ...dates import PartialDate
from ...diagnostics import Diagnostic, Severity, diagnostic
from ...list_entry import ListEntry
from ...messages import Message, joined, msg
from ...model import Player, Tournament
from .inforce import Lookup, event_entries, event_list, kind_said

#: Names at least this close (0-100) are spelling or transliteration variants: reported as info.
VARIANT = 85
#: Where a player is in the file: ``locate(start_number) -> (path, line, column)``.
Locate = Callable[[int], tuple]
#: The model writes sex as TRF does (``m``/``w``), the lists as ``M``/``F``.
_SEX = {"M": "m", "F": "w"}
NONE = msg("none")


def crosscheck(t: Tournament, lookup: Lookup, kind: str, *, locate: Locate | None = None,
               entries: dict[int, ListEntry] | None = None, differences: bool = True) -> list[Diagnostic]:
    """The diagnostics of holding ``t`` against the ``kind`` (``standard``, ``rapid``, ``blitz``)
    list in force at its start date. ``locate`` gives a player's place in the file; without it
    the diagnostics name the file only. ``entries``: the event's players already looked up in
    that list (:func:`~.inforce.event_entries`; None: looked up here). Without ``differences``,
    only whether each FIDE ID is in the list (LST001, LST035): what the rating period asks of
    every event it rates on the list, as ``report --list`` does (a player not in the list is an
    error there too)."""
    month, out = event_list(t, lookup, kind)
    if month is None:
        return out

    def report(p: Player, code: str, message: Message, severity: Severity | None = None) -> None:
        """``message`` names its player (``player {number} ({player}): …``, one message a
        difference: a month against the list makes 700,000)."""
        path, line, column = locate(p.start_number) if locate else (t.source.path, None, None)
        out.append(diagnostic(code, message, path=path, line=line, column=column, severity=severity))

    first_with: dict[int, Player] = {}
    where = msg("the {month} list", month=month)
    if entries is None:
        entries = event_entries(t, lookup, month)
    for p in t.players:
        if not p.fide_id:
            if differences:
                _new_player(p, report)
            continue
        number = int(p.fide_id) if p.fide_id.isascii() and p.fide_id.isdigit() else None
        if number is None:
            report(p, "LST001", msg("player {number} ({player}): FIDE ID {id} is not a number", number=p.start_number,
                                    player=p.name, id=repr(p.fide_id)))
            continue
        if number in first_with:  # the file's own check says it (TRF060): held against the list once
            continue
        first_with[number] = p
        entry = entries.get(number)
        if entry is None and not lookup.registered(month):
            said = msg("FIDE ID {id} is not in the FIDE {kind} list of {month}, a single-type list of the players "
                       "rated in it: not rated on this list", id=number, kind=kind_said(kind), month=month)
            said = msg("{said}; the file rates him {rating}", said=said, rating=p.rating) if p.rating else said
            report(p, "LST035", msg("player {number} ({player}): {message}", number=p.start_number, player=p.name,
                                    message=said), Severity.WARNING if p.rating else None)
            continue
        if entry is None:
            report(p, "LST001", msg("player {number} ({player}): FIDE ID {id} is not in the FIDE {kind} list of "
                                    "{month}", number=p.start_number, player=p.name, id=number, kind=kind_said(kind),
                                    month=month))
            continue
        if not differences:
            continue
        for code, message, severity in _differences(p, entry, kind, month, where):
            report(p, code, message, severity)
    return out


def _new_player(p: Player, report) -> None:
    """A player without FIDE ID is registered from the file: FIDE's Qualification Commission
    lets rating officers reject a new player whose birth date or sex is missing."""
    missing = [what for what, value in ((msg("birth date"), isinstance(p.birth_date, PartialDate)),
                                        (msg("sex"), p.sex in ("m", "w"))) if not value]
    if missing:
        lacking = joined(missing, msg(" or "))
        report(p, "LST011", msg("player {number} ({player}): no FIDE ID and no {missing}: a new player needs both "
                                "to be registered", number=p.start_number, player=p.name, missing=lacking))


def _differences(p: Player, e: ListEntry, kind: str, month: str, where: Message):
    """(code, message, severity or None for the code's) for each way ``p`` differs from ``e``
    (``where``: the list's month as the messages name it), each message naming its player."""
    number, player = p.start_number, p.name
    score = names.closeness(p.name, e.name)
    if score < 100:  # 100 only for the same key (case, accents, punctuation and word order aside)
        yield ("LST003", msg("player {number} ({player}): {where} spells the name {name} (closeness {score}/100)",
                             number=number, player=player, where=where, name=repr(e.name), score=score),
               Severity.INFO if score >= VARIANT else None)
    if p.federation and p.federation.upper() != e.federation.upper():
        yield "LST004", msg("player {number} ({player}): federation {file} in the file, {listed} in {where}",
                            number=number, player=player, file=p.federation, listed=e.federation or NONE,
                            where=where), None
    sex = _SEX.get(e.sex or "")
    if p.sex in ("m", "w") and sex and p.sex != sex:
        yield "LST005", msg("player {number} ({player}): sex {file} in the file, {listed} in {where}", number=number,
                            player=player, file=p.sex, listed=e.sex, where=where), None
    year = p.birth_date.year if isinstance(p.birth_date, PartialDate) else None
    if year is not None and e.birth_year is not None and year != e.birth_year:
        yield "LST006", msg("player {number} ({player}): born {file} in the file, {listed} in {where}", number=number,
                            player=player, file=year, listed=e.birth_year, where=where), None
    if (p.title or e.titles) and p.title not in e.titles:
        titles = "/".join(e.titles) or msg("no title")
        yield "LST007", msg("player {number} ({player}): title {file} in the file, {listed} in {where}",
                            number=number, player=player, file=p.title or NONE, listed=titles, where=where), None
    rating = e.rating(kind)
    if rating is not None and p.rating != rating.rating:
        if rating.rating is None:
            yield "LST009", msg("player {number} ({player}): rated {file} in the file, unrated in the {kind} list of "
                                "{month}", number=number, player=player, file=p.rating, kind=kind_said(kind),
                                month=month), None
        else:
            given = p.rating if p.rating is not None else msg("no rating")
            yield ("LST008", msg("player {number} ({player}): {file} in the file, {listed} in the {kind} list of "
                                 "{month}, which the rating uses", number=number, player=player, file=given,
                                 listed=rating.rating, kind=kind_said(kind), month=month), None)
    if e.inactive:
        yield "LST010", msg("player {number} ({player}): inactive in {where} (flag {flag})", number=number,
                            player=player, where=where, flag=e.flag), None
