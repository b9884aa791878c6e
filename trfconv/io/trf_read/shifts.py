"""Fields a shift moved. A fixed-column record with a separator column that is not blank
(TRF010) has a field that left its columns: read there, it would give another value (a birth
date ``1963/04/13`` written one column right reads ``1963/04/1``, the 1st of April). Where the
shift is certain, the value lies in one field's columns and the blank column beside them, and
nothing else is in that field's columns: it is read where it is. Where it is not, the value runs
into the next field's (``1963/04/1310.5``) and which characters are whose cannot be told: the
fields it touches are left blank, and that is said. A name stays as its columns read (a player
keeps a name), and is said when it is in doubt."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..layout import Field, Layout

#: A value, as the separators are told: any run of characters that are not a blank (a control
#: character in a separator column fills it, as it fills a value).
_TOKEN = re.compile(r"[^ ]+")
#: Fields whose value holds blanks (a token of them is a part of the value, not all of it).
_TEXTS = frozenset({"name"})
#: What a field's value is made of, for the fields where that tells two values run together
#: apart (``2851RUS``: a rating's digits, then a federation's letters); the others never are.
_KINDS = {name: re.compile(pattern) for names, pattern in (
    (("start_number", "rating", "fide_id", "rank", "number"), r"[0-9]+"),
    (("points", "strength", "match_points", "game_points"), r"[0-9]+(?:[.,][0-9]+)?"),
    (("federation", "origin"), r"[A-Za-z]{3}"),
    (("sex",), r"[mwfMWF]"),
    (("birth_date",), r"[0-9]{2,4}[/.-][0-9]{1,2}[/.-][0-9]{1,4}|[0-9]{4}"),
) for name in names}


@dataclass(frozen=True)
class Moved:
    """A field a shift moved: read where the shift put it (``text``), or in doubt (``doubt``:
    left blank, ``text`` None, or a name kept as its columns read); where the value was found
    (``first``-``last``), and what is there."""

    field: Field
    first: int
    last: int
    found: str
    text: str | None
    doubt: bool = False


def realigned(layout: Layout, line: str, after: tuple[int, ...] = ()) -> list[Moved]:
    """The fields of ``line`` a shift moved (``layout``'s separator columns not blank, or the
    columns ``after`` its last field that must be blank: 001's 90-91, before the round blocks),
    each read where the shift put it when that is certain, else left blank; none when no
    separator is filled."""
    filled = layout.filled_gaps(line) + [c for c in after if c <= len(line) and line[c - 1] != " "]
    if not filled:
        return []
    units = _units(layout.fields)
    tokens = [(m.start() + 1, m.end(), m.group()) for m in _TOKEN.finditer(line)]
    decided: dict[str, Moved] = {}
    for gap in filled:
        first, last, found = next(t for t in tokens if t[0] <= gap <= t[1])
        touched = [f for f in layout.fields if f.first <= last and first <= f.last]
        if not touched:
            continue  # a character in a separator, no field's: the fields read as they are
        runs = [u for u in units if any(f in touched for f in u)]
        taken = {f.name for f in touched if any(t[0] <= f.last and f.first <= t[1] and t[0] != first for t in tokens)}
        cut = _cut(found, touched, taken)
        if cut is not None:
            for f, start, text in cut:
                if text != line[f.first - 1:f.last].strip():  # the part in the field's own columns reads as it is
                    decided.setdefault(f.name, Moved(f, first + start, first + start + len(text) - 1, found, text))
            continue
        field = touched[0]
        alone = len(touched) == 1 and len(runs[0]) == 1
        inside = [t for t in tokens if t[0] <= field.last and field.first <= t[1] and t[0] != first]
        if alone and field.name in _TEXTS:
            start, end = min(first, field.first), max(last, field.last)
            moved = Moved(field, first, last, found, line[start - 1:end].strip())
        elif alone and len(found) <= field.width and not inside and (
                field.name not in _KINDS or _KINDS[field.name].fullmatch(found)):
            moved = Moved(field, first, last, found, found)
        else:
            for f in (f for run in runs for f in run):
                decided[f.name] = Moved(f, first, last, found, line[f.first - 1:f.last].strip()
                                        if f.name in _TEXTS else None, doubt=True)
            continue
        if not decided.get(field.name, moved).doubt:  # a field in doubt stays so
            decided[field.name] = moved
    return list(decided.values())


def _cut(found: str, touched: list[Field], taken: set[str]) -> list[tuple[Field, int, str]] | None:
    """Where ``found``, run over two fields, belongs, when what the fields are made of and their
    widths allow one reading only: cut in two (``2851RUS``: 2851 and RUS; ``12m``: 12 and m), or
    all of it one field's (a birth date two columns right, over the points' first column, the
    points in their own): the (field, offset, text) of each part; None when no reading, or more
    than one, fits. A field in ``taken`` has a value of its own elsewhere in its columns."""
    if len(touched) != 2 or any(f.name not in _KINDS for f in touched):
        return None
    left, right = sorted(touched, key=lambda f: f.first)

    def fits(f: Field, text: str) -> bool:
        return f.name not in taken and len(text) <= f.width and _KINDS[f.name].fullmatch(text) is not None

    readings = [[(left, 0, found[:k]), (right, k, found[k:])] for k in range(1, len(found))
                if fits(left, found[:k]) and fits(right, found[k:])]
    readings += [[(f, 0, found), (g, len(found), "")] for f, g in ((left, right), (right, left)) if fits(f, found)]
    return readings[0] if len(readings) == 1 else None


def _units(fields: tuple[Field, ...]) -> list[tuple[Field, ...]]:
    """The fields in runs without a separator between them (001's sex and title, columns 10 and
    11-13): a value across such a run cannot be cut into its fields once it has moved."""
    units: list[list[Field]] = []
    for f in sorted(fields, key=lambda f: f.first):
        if units and units[-1][-1].last + 1 == f.first:
            units[-1].append(f)
        else:
            units.append([f])
    return [tuple(u) for u in units]
