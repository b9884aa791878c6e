"""Swiss-Manager's tie-break list: which tie-breaks, in which order, with which settings, read
into the C.07 names of TRF-2026 202/212.

**The ids.** Swiss-Manager numbers its tie-breaks as chess-results' upload format does (both are
H. Herzog's programs; the table is :mod:`..xml_tiebreaks`'s). Of the 141 ids in the 35 sample
files, 139 are ids this table offers for the file's tournament type (Koya and its fine variant
only in round robins, the old Buchholz 37 only in Swiss events, the Olympiad ids only in team
events) and the other two are team ids offered for the other kind of team event; the
Olympiad's 13, 74, 1, 75 are match points, its Sonneborn-Berger, game points and adjusted match
points, as chess-results prints them. The two single-code tables published by
people reading the files (the corpus' ``LAYOUTS.md``) contradict this on several ids (87 as a
Buchholz cut 3 in a round robin, for one); they are not used.

**The settings.** Each slot has a 19-byte record at configuration offset 650 + 19 × slot. Two
of its bytes are read, from what the samples show:

- byte 5, the cuts of Buchholz and Sonneborn-Berger (ids 37, 52, 84, 85): the number of lowest
  results cut in the low four bits, of highest results in the high four. Of the 21 samples with
  two Buchholz ids, 18 have 1 in one and 0 in the other, the "Buchholz cut 1, Buchholz" pair of
  FIDE's recommendations; one has 1 and 2 (cut 1, cut 2) and two have 0 and ``0x11``, one
  result cut at each end: Buchholz and median Buchholz.
- byte 7, the Koya limit (id 87), in per cent: 50 in every sample, the C.07 value.

The other settings (whether forfeits count as played games, game or match points in a team
event, the variant of "number of wins" or of the performance) are in bytes whose meaning is
not known. So an id whose name depends on them ends the list, as does an id with no C.07
counterpart: ranking by the next tie-break in its place would order players by a criterion the
organiser put later. What was read, and where the list stops, is a caveat of the standings and
play-off plans (not of rating documents, which do not rest on it).
"""

from __future__ import annotations

from ...messages import msg
from ..xml_tiebreaks import DESCRIPTIONS, list_caveat, name_of, split, until_unnamed

#: The older "variable" Buchholz and Sonneborn-Berger ids and the C.07 ids whose parameters
#: they share (cuts at each end).
_CUT_IDS = {37: 84, 84: 84, 52: 85, 85: 85}
#: Ids whose C.07 name depends on settings whose bytes are not known: what they vary.
_UNREAD = {68: msg("which wins it counts"), 82: msg("which variant it is"),
           83: msg("whether it counts game or match points"), 88: msg("which performance it is")}
#: Bytes of a settings record that are read.
CUTS_AT, KOYA_LIMIT_AT = 5, 7


def slot_name(number: int, settings: bytes, team: bool, rounds: int) -> tuple[str | None, str]:
    """(C.07 name, '') of one slot of an event of ``rounds`` rounds, or (None, why it cannot be
    named: a relative clause)."""
    if number in _UNREAD:
        return None, msg("whose settings say {what}, in bytes trfconv cannot read", what=_UNREAD[number])
    if number in _CUT_IDS:
        if team and _CUT_IDS[number] == 84:
            return None, msg("whose settings say whether it sums game or match points, in bytes trfconv cannot read")
        cuts = settings[CUTS_AT]
        if (cuts >> 4) + (cuts & 15) >= max(rounds, 1):
            return None, msg("whose settings cut {cut} results of {rounds} rounds", cut=(cuts >> 4) + (cuts & 15),
                             rounds=rounds)
        name = name_of(_CUT_IDS[number], f"0,{cuts >> 4},{cuts & 15}", team)
        return (name, "") if name else (None, msg("which cuts {high} highest and {low} lowest results, which C.07 "
                                                  "cannot say", high=cuts >> 4, low=cuts & 15))
    if number == 86 and settings[CUTS_AT]:
        return None, msg("whose cut is stored in bytes trfconv cannot read")
    if number == 87:
        name = name_of(87, f"0,{settings[KOYA_LIMIT_AT] or 50}", team)
        return (name, "") if name else (None, msg("whose limit of {limit}% C.07 cannot say",
                                                  limit=settings[KOYA_LIMIT_AT]))
    name = name_of(number, "", team)
    return (name, "") if name else (None, msg("which has no C.07 counterpart"))


def read_list(slots: tuple[tuple[int, bytes], ...], team: bool,
              rounds: int) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """(202 list, 212 list, the caveat saying how the list was read and where it stops)."""
    read = [slot_name(number, settings, team, rounds) for number, settings in slots]
    names, stop = until_unnamed(name for name, _ in read)
    tiebreaks, standings = split(names, team)
    said = ""
    if stop is not None:
        number = slots[stop][0]
        said = msg("; it stops before id {number} ({description}), {why}", number=number,
                   description=DESCRIPTIONS[number], why=read[stop][1]) if number in DESCRIPTIONS else \
            msg("; it stops before id {number}, {why}", number=number, why=read[stop][1])
    return tiebreaks, standings, list_caveat(
        msg("Swiss-Manager's ids {ids}", ids=" ".join(str(n) for n, _ in slots)), standings or tiebreaks, said,
        msg(", with the cuts read from each tie-break's settings and its other settings not read"))
