"""One C.07 edition's tie-break rules, read from its TOML file (``base`` chains are merged)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Any

from ...messages import Message, msg
from ..editions import Edition, edition, edition_for


@dataclass(frozen=True)
class TieBreakRules:
    """What differs between editions, as the code needs it."""

    edition: Edition
    own_round: str  #: "dummy" (Art. 16.4) or "virtual" (Kallithea 2009)
    dummy_cap: bool  #: Art. 16.4.1/16.4.2 (2026)
    adjusted: str  #: "category-16.2.5" (Art. 16.3) or "draws-all" (2009, seed 001)
    vur_cut_first: bool  #: Art. 16.5
    de_reapply: bool  #: Art. 6.2
    aliases: dict[str, str]
    not_in_edition: frozenset[str]
    dp: tuple[int, ...]  #: B.02 8.1.1 for p = .50 ... 1.00
    pd_upper: tuple[int, ...]  #: B.02 8.1.2 row bounds
    ptp_zero_offset: int
    rr_forfeits_type_b: str  #: Art. 15.2: "all" forfeits or forfeit "wins" count as games in Type B
    team: dict[str, Any]  #: the ``[team]`` table: values of unplayed team matches
    recommended: dict[str, tuple[str, ...]]  #: the list applied when a file gives none, by kind of event
    recommended_by: str  #: the edition that recommended that list (C.07 since 2023 recommends none)

    @property
    def name(self) -> str:
        return self.edition.name


def merged(name: str) -> dict[str, Any]:
    """The edition's data with its ``base`` chain merged in (the later value wins)."""
    data = edition(name).data()
    base = data.get("base")
    result = merged(base) if base else {}
    for key, value in data.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = {**result[key], **value}
        else:
            result[key] = value
    return result


@cache
def rules_of(ed: Edition) -> TieBreakRules:
    """The tie-break rules of ``ed`` (a ``tb`` edition)."""
    d = merged(ed.name)
    u, n, r = d["unplayed"], d["names"], d["rating"]
    return TieBreakRules(
        ed, u["own_round"], u["dummy_cap"], u["adjusted"], u["vur_cut_first"],
        d["encounter"]["reapply"], dict(n["aliases"]), frozenset(n["not_in_edition"]),
        tuple(r["dp"]), tuple(r["pd_upper"]), r["ptp_zero_offset"],
        d["round_robin"]["forfeits_in_type_b"], dict(d["team"]),
        {kind: tuple(names) for kind, names in d["recommended"].items() if kind != "by"}, d["recommended"]["by"])


def seed_data() -> dict[str, Any]:
    """The seed documents' tables (Kashdan weights, performance Q table …), kept in tb-2009."""
    return edition("tb-2009").data()["seed"]


def resolve(rules: str | TieBreakRules | None, start: date | str | None) -> TieBreakRules:
    """The rules asked for, else the edition in force on the event's start date."""
    if isinstance(rules, TieBreakRules):
        return rules
    if rules:
        return rules_of(edition(rules, "tb"))
    return rules_of(edition_for("tb", start if isinstance(start, date) else None))


def why(rules: str | TieBreakRules | None, start: date | str | None, chosen: TieBreakRules) -> Message:
    """Why ``chosen`` is the edition (the TB014 caveat)."""
    if rules:
        return msg("ranked under {edition} ({title}), as asked", edition=chosen.name, title=chosen.edition.title)
    if isinstance(start, date):
        return msg("ranked under {edition} ({title}), the edition in force on the event's start date, {start}",
                   edition=chosen.name, title=chosen.edition.title, start=start)
    return msg("ranked under {edition} ({title}), the newest edition: the event's start date is unknown",
               edition=chosen.name, title=chosen.edition.title)
