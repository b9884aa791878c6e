"""New players and arbiters, as a rating officer checks them before uploading.

New players: FIDE registers a player without a FIDE ID (or with one the list does not know) from
the file's data, and the Qualification Commission tells rating officers to return submissions
whose new players lack a full birth date or sex (QC24RO, ``docs/fide-upload.md`` §4.1); the name
is written ``Family, Given`` (TRF 001 name, R□: :mod:`.fields`). Players whose sex, birth year or
federation differ from the list are the list cross-check's (LST004-LST006).

Arbiters: the 102 (chief) and 112 (deputy) records carry the arbiters, and federations ask for
their FIDE IDs so that the arbiters get credit, "all arbiters listed must hold a FIDE arbiter
licence" (KNSB rating page, ``docs/fide-upload.md`` §4.1): on the list, an arbiter has IA, FA or
NA in the OTit column. The chief arbiter of a title event is an IA or FA (Title Regulations
1.1, ``docs/title-regulations.md``).
"""

from __future__ import annotations

from ...arbiter_records import CHIEF, DEPUTY, named_arbiters
from ...dates import PartialDate
from ...diagnostics import Diagnostic, diagnostic
from ...model import Tournament
from ..officials import ARBITER_TITLES
from ..ratinglist.inforce import Lookup

QC = "QC24RO: rating officers return such files to the organiser"
#: The arbiter titles a chief arbiter of a title event holds.
TITLE_EVENT_CHIEF = ("IA", "FA")


def new_player_findings(t: Tournament, lookup: Lookup | None, month: str | None) -> list[Diagnostic]:
    """UPL010 (no full birth date) and UPL011 (no sex) for each new player: no FIDE ID, or, with
    a list, an ID not in it."""
    out = []
    for p in t.players:
        if not p.fide_id:
            why = "no FIDE ID"
        elif lookup is not None and month is not None and p.fide_id.isdigit() \
                and lookup.player(int(p.fide_id), month) is None:
            why = f"FIDE ID {p.fide_id} not in the list of {month}"
        else:
            continue
        path, line, _ = t.source.player_at(p.start_number)
        born = p.birth_date
        if not (isinstance(born, PartialDate) and born.month and born.day):
            given = f"birth date {born}" if born else "no birth date"
            out.append(diagnostic("UPL010", f"player {p.start_number} ({p.name}): new player ({why}) with {given}; "
                                            f"FIDE registers new players with a full birth date ({QC})",
                                  path=path, line=line, column=70))
        if p.sex not in ("m", "w"):
            out.append(diagnostic("UPL011", f"player {p.start_number} ({p.name}): new player ({why}) without sex "
                                            f"({QC})", path=path, line=line, column=10))
    return out


def arbiter_findings(t: Tournament, lookup: Lookup | None, month: str | None,
                     title_event: str | None) -> list[Diagnostic]:
    """UPL020 (an arbiter without a FIDE ID), UPL021 (an ID not on the list, or without an
    arbiter title there) and UPL022 (the chief arbiter of a title event not IA/FA). Without a
    list, only the IDs and, for a title event, the title written in 102 are looked at."""
    out = []
    for a in named_arbiters(t.event):
        path, line, _ = t.source.record_at(a.record)
        code, who = a.record[:3], {CHIEF: "chief arbiter", DEPUTY: "deputy arbiter"}.get(a.role, "arbiter")
        said = f"{a.name!r}" + (f" ({', '.join(a.titles)})" if a.titles else "")
        titles: tuple[str, ...] | None = None
        if a.fide_id is None:
            out.append(diagnostic("UPL020", f"{code} {who} {said}: no FIDE ID; the arbiter licence cannot be checked, "
                                            "and the arbiter gets no credit", path=path, line=line))
        elif lookup is not None and month is not None:
            entry = lookup.player(int(a.fide_id), month)
            if entry is None:
                out.append(diagnostic("UPL021", f"{code} {who} FIDE ID {a.fide_id} is not in the list of {month}",
                                      path=path, line=line))
            else:
                titles = tuple(x for x in entry.other_titles if x in ARBITER_TITLES)
                if not titles:
                    otit = ", ".join(entry.other_titles) or "none"
                    out.append(diagnostic("UPL021", f"{code} {who} FIDE ID {a.fide_id} ({entry.name}) has no "
                                                    f"arbiter title in the list of {month} (OTit: {otit}); every "
                                                    "arbiter listed must hold a FIDE arbiter licence",
                                          path=path, line=line))
        if a.role == CHIEF and title_event:
            held = titles if titles is not None else a.titles
            source = f"the list of {month}" if titles is not None else "the 102 text"
            if not set(held) & set(TITLE_EVENT_CHIEF):
                out.append(diagnostic("UPL022", f"102 chief arbiter {said}: {'/'.join(held) or 'no arbiter title'} "
                                                f"in {source}; the event claims norms ({title_event}) and its chief "
                                                "arbiter must be an IA or FA (Title Regulations 1.1)", path=path, line=line))
    return out
