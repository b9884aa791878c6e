"""The arbiters an event's file names, read from its 102 (Chief Arbiter) and 112 (Deputy Chief
Arbiter, "one line for each arbiter") records.

TRF16 and TRF-2026 have these two records only for the arbiters (TRF-2026 adds none), each free
text from column 5; producers write the arbiter's title and FIDE ID into it as they choose: ``IA
Mikel Larreategi Arana (22232540)``, ``Francisco Javier Sanz Morinigo - AN 2216434``, ``Arbiter,
Anna``. The readers of other formats fill the same two fields from theirs. Here each record is
read once into the arbiters it names: the arbiter titles FIDE's list knows (IA, FA, NA) written as
words, the FIDE ID (a number of 4 to 11 digits), the name as what is left. A record naming several
FIDE IDs names several arbiters (TRF asks for one line each: the reader says so, ``TRF063``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .model import Event

#: A FIDE ID written in a record, and an arbiter title written there as a word.
FIDE_ID = re.compile(r"(?<!\d)(\d{4,11})(?!\d)")
TITLE_WORD = re.compile(r"\b(IA|FA|NA)\b")
#: What separates a name from a title or an ID as producers write them.
_SEPARATORS = " ,;:-()[]/"

CHIEF = "Chief Arbiter"
DEPUTY = "Deputy Chief Arbiter"
#: The role of a second arbiter named in the 102 record.
OTHER = "Arbiter"


@dataclass(frozen=True)
class NamedArbiter:
    """One arbiter of the file: the record naming them (``102``, ``112#2``: the second 112), the
    role it gives, the name as written (without the title and the ID), the FIDE ID (None: none
    written) and the arbiter titles written (IA, FA, NA; empty: none)."""

    record: str
    role: str
    name: str
    fide_id: str | None
    titles: tuple[str, ...]


def split_record(text: str) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """The arbiters one record's text names, as (name, FIDE ID, titles written): one, or one per
    FIDE ID written (the text up to and including each ID is that arbiter's)."""
    ids = list(FIDE_ID.finditer(text))
    if len(ids) < 2:
        return [_one(text)]
    pieces, start = [], 0
    for i, found in enumerate(ids):
        end = found.end() if i < len(ids) - 1 else len(text)
        pieces.append(_one(text[start:end]))
        start = end
    return pieces


def _one(text: str) -> tuple[str, str | None, tuple[str, ...]]:
    found = FIDE_ID.search(text)
    titles = tuple(dict.fromkeys(TITLE_WORD.findall(text)))
    name = " ".join(TITLE_WORD.sub(" ", FIDE_ID.sub(" ", text)).split()).strip(_SEPARATORS)
    return name or text.strip(), found.group(1) if found else None, titles


def named_arbiters(event: Event) -> tuple[NamedArbiter, ...]:
    """The arbiters of the 102 and 112 records, in the file's order; the first named in 102 is the
    Chief Arbiter, the others it names arbiters, those of the 112 records deputies."""
    out = []
    records = [("102", event.chief_arbiter)] + [(f"112#{n}", text) for n, text in enumerate(event.deputy_arbiters, 1)]
    for record, text in records:
        if not text or not text.strip():
            continue
        for i, (name, fide_id, titles) in enumerate(split_record(text)):
            role = DEPUTY if record != "102" else CHIEF if i == 0 else OTHER
            out.append(NamedArbiter(record, role, name, fide_id, titles))
    return tuple(out)
