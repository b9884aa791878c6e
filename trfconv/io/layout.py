"""Fixed-column record layouts, loaded from ``formats/trf/records.toml``.

The same layout slices a line when reading and pads values when writing, so the two can never
disagree about where a field is.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property
from operator import itemgetter
from pathlib import Path


def formats_dir() -> Path:
    """The declarative format definitions: inside the installed package (``trfconv/formats``)
    or, when running from a checkout, the top-level ``formats/`` folder."""
    here = Path(__file__).resolve()
    packaged = here.parents[1] / "formats"
    return packaged if packaged.is_dir() else here.parents[2] / "formats"


@dataclass(frozen=True)
class Field:
    """One fixed-column field of a record: its columns and how a writer aligns it."""

    name: str
    first: int  # 1-based column
    last: int  # inclusive
    align: str = "left"

    @property
    def width(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class Repeat:
    """A group of slots repeated along a line (a player's round blocks): where the first starts,
    its width, and the step to the next."""

    name: str
    first: int
    width: int
    step: int
    align: str = "left"

    def take(self, line: str) -> list[str]:
        """Every slot from ``first`` to the end of the line (the last one may be short)."""
        out = []
        start = self.first - 1
        while start < len(line):
            out.append(line[start : start + self.width])
            start += self.step
        return out


@dataclass(frozen=True)
class Layout:
    """A record's layout (``formats/trf/records.toml``): its fields, and its repeated slots."""

    code: str | None
    fields: tuple[Field, ...]
    repeat: Repeat | None = None

    @cached_property
    def _slices(self) -> tuple[tuple[str, slice], ...]:
        return tuple((f.name, slice(f.first - 1, f.last)) for f in self.fields)

    @cached_property
    def _gaps(self) -> tuple[int, ...]:
        """1-based columns that must be blank: column 4 and the gaps between fields."""
        used = {c for f in self.fields for c in range(f.first, f.last + 1)}
        return tuple(c for c in range(4, max(used) + 1) if c not in used)

    @cached_property
    def _names_and_cuts(self) -> tuple[tuple[str, ...], Callable[[str], tuple[str, ...]]]:
        """The field names, and a getter of all their texts at once."""
        names = tuple(name for name, _ in self._slices)
        cuts = [cut for _, cut in self._slices]
        if len(cuts) > 1:
            return names, itemgetter(*cuts)
        return names, lambda line: tuple(line[cut] for cut in cuts)  # itemgetter takes one or more

    def read(self, line: str) -> dict[str, str]:
        """Field texts stripped of blanks (TAB counts as a blank); the repeat group, if any,
        as a list under its name with trailing empty slots removed."""
        names, cuts = self._names_and_cuts
        values: dict = dict(zip(names, map(str.strip, cuts(line)), strict=True))
        if self.repeat:
            slots = [s.strip() for s in self.repeat.take(line)]
            while slots and not slots[-1]:
                slots.pop()
            values[self.repeat.name] = slots
        return values

    def cutter(self, *names: str) -> Callable[[str], tuple[str, ...]]:
        """What cuts these fields (two or more) out of a line, not stripped, in this order: one
        call at C speed for the most numerous record, where :meth:`read` builds a dict."""
        where = dict(self._slices)
        return itemgetter(*(where[name] for name in names))

    def write(self, code: str, values: dict) -> str:
        """One line: ``code`` in columns 1-3, each field padded into its columns, the repeat
        slots one every ``step`` columns; trailing blanks removed. Values must fit (the caller
        checks widths and reports what it truncated)."""
        chars = list(code.ljust(3))
        for f in self.fields:
            _put(chars, f.first, f.width, f.align, values.get(f.name) or "")
        if self.repeat:
            r = self.repeat
            for i, text in enumerate(values.get(r.name) or ()):
                _put(chars, r.first + i * r.step, r.width, r.align, text)
        return "".join(chars).rstrip()

    @cached_property
    def _gap_characters(self):
        """The characters of a line in the columns of :attr:`_gaps`, taken at once."""
        return itemgetter(*(c - 1 for c in self._gaps)) if len(self._gaps) > 1 else None

    def filled_gaps(self, line: str) -> list[int]:
        """Every column that should be blank between two fields but is not, in order."""
        return [c for c in self._gaps if c <= len(line) and line[c - 1] != " "]

    def first_filled_gap(self, line: str) -> int | None:
        """The first column that should be blank between two fields but is not, or None."""
        gaps = self._gaps
        if gaps and self._gap_characters and len(line) >= gaps[-1] and \
                not "".join(self._gap_characters(line)).strip(" "):
            return None  # every gap blank (most lines), found without a loop
        for column in gaps:
            if column <= len(line) and line[column - 1] != " ":
                return column
        return None


def _put(chars: list[str], first: int, width: int, align: str, text: str) -> None:
    if len(text) > width:  # writers fit (and report) every value first
        raise ValueError(f"{text!r} does not fit in {width} columns")
    padded = text.rjust(width) if align == "right" else text.ljust(width)
    end = first - 1 + width
    if len(chars) < end:
        chars.extend(" " * (end - len(chars)))
    chars[first - 1 : end] = padded


@cache
def _records() -> dict:
    with open(formats_dir() / "trf" / "records.toml", "rb") as fh:
        return tomllib.load(fh)


@cache
def layouts() -> dict[str, Layout]:
    out = {}
    for key, spec in _records().items():
        fields = tuple(Field(**f) for f in spec.get("fields", ()))
        rep = spec.get("repeat")
        out[key] = Layout(spec.get("code"), fields, Repeat(**rep) if rep else None)
    return out


def round_block() -> dict:
    """Round-block geometry of the 001 record (see ``[player.round]``)."""
    return _records()["player"]["round"]
