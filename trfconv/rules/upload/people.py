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
from ...messages import msg
from ...model import Tournament
from ..officials import ARBITER_TITLES
from ..ratinglist.inforce import Lookup
from .fields import player_said

QC = msg("QC24RO: rating officers return such files to the organiser")
#: The arbiter titles a chief arbiter of a title event holds.
TITLE_EVENT_CHIEF = ("IA", "FA")
#: An arbiter's role, as the findings name it.
ROLES = {CHIEF: msg("chief arbiter"), DEPUTY: msg("deputy arbiter")}


def new_player_findings(t: Tournament, lookup: Lookup | None, month: str | None) -> list[Diagnostic]:
    """UPL010 (no full birth date) and UPL011 (no sex) for each new player: no FIDE ID, or, with
    a list, an ID not in it."""
    out = []
    for p in t.players:
        if not p.fide_id:
            why = msg("no FIDE ID")
        elif lookup is not None and month is not None and p.fide_id.isdigit() \
                and lookup.player(int(p.fide_id), month) is None:
            why = msg("FIDE ID {id} not in the list of {month}", id=p.fide_id, month=month)
        else:
            continue
        path, line, _ = t.source.player_at(p.start_number)
        born = p.birth_date
        if not (isinstance(born, PartialDate) and born.month and born.day):
            given = msg("birth date {born}", born=str(born)) if born else msg("no birth date")
            out.append(diagnostic("UPL010", player_said(p, msg("new player ({why}) with {given}; FIDE registers new "
                                                               "players with a full birth date ({qc})", why=why,
                                                               given=given, qc=QC)),
                                  path=path, line=line, column=70))
        if p.sex not in ("m", "w"):
            out.append(diagnostic("UPL011", player_said(p, msg("new player ({why}) without sex ({qc})", why=why, qc=QC)),
                                  path=path, line=line, column=10))
    return out


def arbiter_findings(t: Tournament, lookup: Lookup | None, month: str | None,
                     title_event: str | None) -> list[Diagnostic]:
    """UPL020 (an arbiter without a FIDE ID), UPL021 (an ID not on the list, or without an
    arbiter title there) and UPL022 (the chief arbiter of a title event not IA/FA). Without a
    list, only the IDs and, for a title event, the title written in 102 are looked at."""
    out = []
    for a in named_arbiters(t.event):
        path, line, _ = t.source.record_at(a.record)
        code, who = a.record[:3], ROLES.get(a.role, msg("arbiter"))
        said = f"{a.name!r}" + (f" ({', '.join(a.titles)})" if a.titles else "")
        titles: tuple[str, ...] | None = None
        if a.fide_id is None:
            out.append(diagnostic("UPL020", msg("{code} {who} {text}: no FIDE ID; the arbiter licence cannot be "
                                                "checked, and the arbiter gets no credit", code=code, who=who,
                                                text=said), path=path, line=line))
        elif lookup is not None and month is not None:
            entry = lookup.player(int(a.fide_id), month)
            if entry is None:
                out.append(diagnostic("UPL021", msg("{code} {who} FIDE ID {id} is not in the list of {month}", code=code,
                                                    who=who, id=a.fide_id, month=month), path=path, line=line))
            else:
                titles = tuple(x for x in entry.other_titles if x in ARBITER_TITLES)
                if not titles:
                    otit = ", ".join(entry.other_titles) or msg("none")
                    out.append(diagnostic("UPL021", msg("{code} {who} FIDE ID {id} ({name}) has no arbiter title in the "
                                                        "list of {month} (OTit: {held}); every arbiter listed must hold "
                                                        "a FIDE arbiter licence", code=code, who=who, id=a.fide_id,
                                                        name=entry.name, month=month, held=otit),
                                          path=path, line=line))
        if a.role == CHIEF and title_event:
            held = titles if titles is not None else a.titles
            source = msg("the list of {month}", month=month) if titles is not None else msg("the 102 text")
            if not set(held) & set(TITLE_EVENT_CHIEF):
                out.append(diagnostic("UPL022", msg("102 chief arbiter {text}: {held} in {source}; the event claims "
                                                    "norms ({claim}) and its chief arbiter must be an IA or FA (Title "
                                                    "Regulations 1.1)", text=said,
                                                    held="/".join(held) or msg("no arbiter title"), source=source,
                                                    claim=title_event), path=path, line=line))
    return out
