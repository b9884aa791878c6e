"""Lossy conversion: what a target format cannot hold, named item by item (``WRT004``).

A writer for a format that holds only part of the model says which part with a *projection*:
the tournament reduced to what the format can carry (``project(t)``). It then writes the
projection, and :func:`dropped_items` compares the two models so that every field that
differs is reported: nothing disappears silently, and the report is exactly what a reader of
the output will miss (the round-trip tests check ``read(write(t)) == project(t)``).
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from fractions import Fraction

from ..diagnostics import Diagnostic, diagnostic
from ..model import NOT_PAIRED, Tournament
from ..numbers import short_text
from ..sides import in_words
from ..timecontrol import TimeControl, format_code

_SHOWN = 5  # how many players / teams / round entries a message names before "…"


def dropped(label: str, what: str) -> Diagnostic:
    """The ``WRT004`` warning that format ``label`` cannot hold ``what``."""
    return diagnostic("WRT004", f"{label} cannot hold {what}; left out")


def lossy_diagnostics(label: str, original: Tournament, kept: Tournament) -> list[Diagnostic]:
    """One ``WRT004`` per item of ``original`` that ``kept`` (its projection) lost."""
    return [dropped(label, what) for what in dropped_items(original, kept)]


def dropped_items(original: Tournament, kept: Tournament) -> list[str]:
    """Each difference between a tournament and its projection, described for a person: event
    fields by name with the value, player and team fields with the numbers concerned, round
    entries with player and round."""
    out: list[str] = []
    out += _record_fields("event", original.event, kept.event)
    out += _players(original, kept)
    out += _teams(original, kept)
    if original.scores != kept.scores:
        changed = [f.name.replace("_", " ") for f in dataclasses.fields(original.scores)
                   if getattr(original.scores, f.name) != getattr(kept.scores, f.name)]
        out.append(f"the score system (non-default points for: {', '.join(changed)})")
    out += _record_fields("pairing", original.pairing, kept.pairing)
    out += _record_fields("team event", original.team_event, kept.team_event)
    if original.point_adjustments != kept.point_adjustments:
        out.append(f"{len(original.point_adjustments)} point adjustment(s) (299)")
    if original.extras != kept.extras:
        out.append(f"{len(original.extras)} line(s) kept verbatim from the source (comments, unknown "
                   "or private records)")
    return out


def _label(name: str) -> str:
    return name.replace("_", " ")


def _value(value) -> str:
    """A short form of a field's value for a message."""
    if isinstance(value, tuple):
        return f"{len(value)} item(s)"
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if isinstance(value, Enum):
        return repr(value.value)
    if isinstance(value, TimeControl):
        return repr(format_code(value))
    if isinstance(value, Fraction):
        return short_text(value)
    if dataclasses.is_dataclass(value):
        return ", ".join(f"{_label(f.name)} {_value(getattr(value, f.name))}" for f in dataclasses.fields(value)
                         if getattr(value, f.name) not in (None, (), ""))
    return str(value)


def _record_fields(what: str, original, kept) -> list[str]:
    out = []
    for f in dataclasses.fields(original):
        before, after = getattr(original, f.name), getattr(kept, f.name)
        if before == after or before in (None, (), "") or _padding(before, after):
            continue  # the writer filled in a value, or padded a list: nothing was lost
        if after in (None, (), ""):
            out.append(f"{what} {_label(f.name)} ({_value(before)})")
        elif dataclasses.is_dataclass(before) and type(before) is type(after):
            out += _record_fields(f"{what} {_label(f.name)}", before, after)
        else:
            out.append(f"{what} {_label(f.name)} ({_value(before)}, written as {_value(after)})")
    return out


def _padding(before, after) -> bool:
    return (isinstance(before, tuple) and isinstance(after, tuple) and after[:len(before)] == before
            and all(x is None for x in after[len(before):]))


def _numbers(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:_SHOWN]))
    return shown + (" …" if len(numbers) > _SHOWN else "")


def _players(original: Tournament, kept: Tournament) -> list[str]:
    out = []
    kept_by_number = {p.start_number: p for p in kept.players}
    # the players a projection changed (most keep every field, and their round entries themselves)
    pairs = [(a, b) for a in original.players if (b := kept_by_number.get(a.start_number)) is not None and a != b]
    for f in dataclasses.fields(original.players[0]) if original.players else ():
        if f.name == "rounds":
            continue
        differ = [a.start_number for a, b in pairs if getattr(a, f.name) != getattr(b, f.name)]
        if differ:
            out.append(f"the players' {_label(f.name)} ({len(differ)} player(s): {_numbers(differ)})")
    entries = [(a.start_number, r, e) for a, b in pairs if a.rounds != b.rounds
               for r, (e, k) in enumerate(_padded(a.rounds, b.rounds), 1) if e != k]
    if entries:
        shown = "; ".join(f"player {n} round {r}: {in_words(e)}" for n, r, e in entries[:_SHOWN])
        out.append(f"{len(entries)} round entr{'y' if len(entries) == 1 else 'ies'} ({shown}"
                   f"{' …' if len(entries) > _SHOWN else ''})")
    left_out = [p.start_number for p in original.players if p.start_number not in kept_by_number]
    if left_out:
        out.append(f"{len(left_out)} player(s) ({_numbers(left_out)})")
    return out


def _padded(a: tuple, b: tuple):
    """Both lines of round entries, the shorter padded with "not paired" (what a missing
    trailing entry means)."""
    n = max(len(a), len(b))
    return zip(a + (NOT_PAIRED,) * (n - len(a)), b + (NOT_PAIRED,) * (n - len(b)), strict=True)


def _teams(original: Tournament, kept: Tournament) -> list[str]:
    out = []
    if len(original.teams) != len(kept.teams):
        names = ", ".join(t.name for t in original.teams[:_SHOWN]) + (" …" if len(original.teams) > _SHOWN else "")
        return [f"{len(original.teams)} team(s) ({names})"]
    pairs = list(zip(original.teams, kept.teams, strict=True))
    for f in dataclasses.fields(original.teams[0]) if original.teams else ():
        differ = [a.number for a, b in pairs if getattr(a, f.name) != getattr(b, f.name)]
        if differ:
            out.append(f"the teams' {_label(f.name)} ({len(differ)} team(s): {_numbers(differ)})")
    return out
