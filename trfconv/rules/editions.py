"""The registry of regulation editions: which text, in force from when, and where its data lives.

An edition's numbers (thresholds, tables, K factors, unplayed-round methods) live in one TOML file
in ``trfconv/rules/data/``, next to the article they come from; the code that applies them reads
them from there and nowhere else. Adding an edition is adding a line here, a data file, and code
only for the rules that are really new.

Regulations take effect for events that *start* on or after their date (B.02 2005, art. 0.11:
"ces modifications s'appliqueront pour ceux qui débutent à cette date ou après"), so the default
edition is chosen from the event's start date.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from datetime import date
from functools import cache
from importlib import resources
from typing import Any

from ..errors import UsageError
from ..messages import msg

#: Families of regulations, and what each regulates as a message names it: ``b02`` (FIDE Rating
#: Regulations), ``tb`` (C.07 tie-breaks), ``b01`` (FIDE Title Regulations: the norms), ``swiss``
#: (C.04 Swiss Rules: basic rules and the Dutch system), ``b06`` (B.06.1, the titles of arbiters:
#: the arbiters' norms).
FAMILIES = {"b02": msg("the Rating Regulations"), "tb": msg("the tie-break regulations (C.07)"),
            "b01": msg("the Title Regulations (B.01)"), "swiss": msg("the Swiss rules (C.04.1, C.04.3)"),
            "b06": msg("the regulations for the titles of arbiters (B.06.1)")}


@dataclass(frozen=True)
class Edition:
    """One edition of a regulation: ``name`` as given to ``--rules``, the first event start date
    it applies to, a human title with its source (a message), and the data file holding its numbers."""

    name: str
    family: str
    effective: date
    title: str
    #: When the text modelled here was replaced by one that is not modelled (None: it was not).
    superseded: date | None = None

    @property
    def data_file(self) -> str:
        return f"{self.name}.toml"

    def data(self) -> dict[str, Any]:
        """The edition's numbers, as read from its TOML file (cached)."""
        return load_data(self.data_file)

    def __str__(self) -> str:
        return self.name


#: All editions, oldest first within each family. Editions between these (B.02 2009–2022, the
#: interim C.07 texts) are not modelled; an event is judged by the latest modelled edition that
#: had taken effect when it started.
EDITIONS: tuple[Edition, ...] = (
    Edition("b02-2005", "b02", date(2005, 7, 1),
            msg("FIDE Rating Regulations B.02, GA 1982 amended to 2004, effective 1 July 2005 (articles as numbered there)"),
            superseded=date(2009, 7, 1)),
    Edition("b02-2024", "b02", date(2024, 3, 1),
            msg("FIDE Rating Regulations, applied from 1 March 2024, amended 1 October 2025")),
    Edition("tb-2009", "tb", date(2009, 7, 1),
            msg("FIDE Tie-Break Regulations, Kallithea 2009: virtual opponent for unplayed games")),
    Edition("tb-2023", "tb", date(2023, 9, 1),
            msg("FIDE C.07 Play-off and tie-break regulations, approved 1 August 2023")),
    Edition("tb-2024", "tb", date(2024, 8, 1),
            msg("FIDE C.07, edition applied 1 August 2024 to 28 February 2026")),
    Edition("tb-2026", "tb", date(2026, 3, 1),
            msg("FIDE C.07, approved 2 February 2026, applied from 1 March 2026")),
    Edition("b01-2024", "b01", date(2024, 1, 1),
            msg("FIDE Title Regulations B.01, applied from 1 January 2024")),
    Edition("b06-2024", "b06", date(2024, 1, 1),
            msg("FIDE Regulations for the Titles of Arbiters B.06.1, effective 1 July 2021, as applied from 1 January 2024")),
    Edition("swiss-2017", "swiss", date(2017, 7, 1),
            msg("FIDE Swiss Rules C.04.1 and C.04.3 (Dutch), Baku 2016 / Goynuk 2017, applied until 31 January 2026")),
    Edition("swiss-2026", "swiss", date(2026, 2, 1),
            msg("FIDE Swiss Rules C.04.1 and C.04.3 (Dutch), approved 28/10/2025, applied from 1 February 2026")),
)

_BY_NAME = {e.name: e for e in EDITIONS}


class UnknownEdition(UsageError):
    """A ``--rules`` name that is not in :data:`EDITIONS`."""


def edition(name: str, family: str | None = None) -> Edition:
    """The edition called ``name`` (``b02-2005`` …), of ``family`` when one is given; raises
    :class:`UnknownEdition`, whose message names the editions that would do (of that family)."""
    found = _BY_NAME.get(name.strip().lower())
    if found is not None and (family is None or found.family == family):
        return found
    known = ", ".join(e.name for e in EDITIONS if family is None or e.family == family)
    if found is not None:
        raise UnknownEdition(msg("{edition} is an edition of {family}, not of {asked}; known: {known}",
                                 edition=str(found), family=FAMILIES[found.family], asked=FAMILIES[str(family)],
                                 known=known))
    raise UnknownEdition(msg("unknown rules edition {name}; known: {known}", name=repr(name), known=known))


def editions(family: str) -> tuple[Edition, ...]:
    """The editions of one family, oldest first."""
    return tuple(e for e in EDITIONS if e.family == family)


def edition_for(family: str, start: date | None) -> Edition:
    """The edition of ``family`` in force for an event starting on ``start``: the latest one that
    had taken effect. An unknown start date gives the newest edition (as FIDE's TBS does); events
    older than the first modelled edition get the oldest one."""
    candidates = editions(family)
    if start is None:
        return candidates[-1]
    in_force = [e for e in candidates if e.effective <= start]
    return in_force[-1] if in_force else candidates[0]


@cache
def load_data(file_name: str) -> dict[str, Any]:
    """A regulation data file of ``trfconv/rules/data`` (an edition's, or tables editions share)."""
    text = resources.files("trfconv.rules").joinpath("data", file_name).read_text("utf-8")
    return tomllib.loads(text)
