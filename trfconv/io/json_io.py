"""The JSON form of the model: lossless, stable, and read back by :func:`read_json`.

Every model dataclass becomes an object with all its fields (``source`` excepted); round
entries carry a ``"type"`` tag; exact numbers are strings (``"3.5"``, ``"1/3"``); dates are ISO
(``"2025-09-13"``, partial birth dates ``"1978"`` or ``"1993-05"``); a value the reader could not
parse is ``{"text": "as written"}``; a time control is its TRF-2026 222 code.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from datetime import date
from enum import Enum
from fractions import Fraction
from functools import cache

from .. import model
from ..dates import PartialDate
from ..diagnostics import shown
from ..errors import InputError
from ..messages import msg
from ..numbers import ascii_digits, decimal_text, exact_number, not_a_number, placeholder
from ..timecontrol import TimeControl, format_code, parse_code
from .build import TournamentBuilder
from .registry import Written

FORMAT = "trfconv-tournament"
VERSION = 1
_ENTRY_TAGS = {model.Game: "game", model.Forfeit: "forfeit", model.Bye: "bye",
               model.NotPaired: "not-paired", model.Pending: "pending", model.Unreadable: "unreadable"}
_ENTRY_TYPES = {tag: cls for cls, tag in _ENTRY_TAGS.items()}
#: An exact number as the encoder writes it: a decimal (``3.5``, ``-0.25``) or a fraction
#: (``1/3``), ASCII digits only: not ``1e400``, ``1_000``, `` 1`` or other scripts' digits,
#: which :class:`~fractions.Fraction` would also take.
def _whole(text: str) -> int:
    """A JSON integer literal within the bounds of :mod:`trfconv.numbers` (the json module
    would raise a bare ValueError beyond 4,300 digits)."""
    if not ascii_digits(text.removeprefix("-")):
        raise InputError(msg("integer {text} {why}",
                             text=shown(text), why=not_a_number(text.removeprefix('-'))))
    return int(text)


def dumps(t: model.Tournament) -> str:
    document = {"format": FORMAT, "version": VERSION, "tournament": _encode(t)}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def write_json(t: model.Tournament, *, line_ending: str = "\n", encoding: str = "utf-8") -> Written:
    """The JSON document's bytes: UTF-8 whatever ``encoding`` says (JSON text is Unicode, RFC
    8259 8.1), lines ending in LF; nothing is lost, so there is no diagnostic, and every player."""
    return Written(dumps(t).encode("utf-8"), [], len(t.players))


def read_json(data: bytes, path: str | None = None, encoding: str | None = None) -> model.Tournament:
    """The tournament of a document :func:`dumps` wrote (UTF-8 always: ``encoding`` is not used)."""
    builder = TournamentBuilder(path, "json")
    try:
        document = json.loads(data.decode("utf-8-sig"), parse_int=_whole)
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise InputError(msg("top-level object with \"format\": \"{format}\" expected", format=FORMAT))
        if document.get("version") != VERSION:
            raise InputError(msg("version {found} is not supported (expected {version})",
                                 found=repr(document.get('version')), version=VERSION))
        t = _decode(document.get("tournament"), model.Tournament, "tournament")
        if (t.event.declared_rounds or 0) > model.MAX_ROUNDS:
            raise InputError(msg("declared_rounds {declared_rounds} is more than {max_rounds}",
                                 declared_rounds=t.event.declared_rounds, max_rounds=model.MAX_ROUNDS))
        for i, f in enumerate(t.team_event.forfeits):
            if f.result not in model.TEAM_FORFEIT_RESULTS:  # as the TRF reader accepts them (330)
                raise InputError(msg("tournament.team_event.forfeits[{index}].result: {result} is not one of {items}",
                                     index=i, result=repr(f.result), items=', '.join(model.TEAM_FORFEIT_RESULTS)))
        longest = max(t.players, key=lambda p: len(p.rounds), default=None)
        if longest is not None and len(longest.rounds) > model.MAX_ROUNDS:
            # every consumer lays out each player's rounds to the longest: a bound like the TRF reader's
            raise InputError(msg("player {start_number} has {count:,} rounds, more than {max_rounds}",
                                 start_number=longest.start_number, count=len(longest.rounds), max_rounds=model.MAX_ROUNDS))
    except (UnicodeDecodeError, json.JSONDecodeError, InputError, RecursionError) as err:
        where = {}
        if isinstance(err, json.JSONDecodeError):
            where = {"line": err.lineno, "column": err.colno}
        builder.report("JSN001", err.args[0] if isinstance(err, InputError) else str(err), **where)
        return builder.unreadable()
    builder.version, builder.encoding = "JSON", "utf-8"
    return builder.finish(_without_placeholder_ids(t, builder))


def _without_placeholder_ids(t: model.Tournament, builder: TournamentBuilder) -> model.Tournament:
    """``t`` with a FIDE id written as a placeholder (dashes) read as none, as every reader does
    (``FID001``)."""
    def read(p: model.Player) -> model.Player:
        if p.fide_id is None or not placeholder(p.fide_id):
            return p
        builder.report("FID001", msg("player {start_number}: FIDE id {fide_id} is a placeholder; read as none",
                                     start_number=p.start_number, fide_id=repr(p.fide_id)))
        return dataclasses.replace(p, fide_id=None)
    players = tuple(read(p) for p in t.players)
    return t if players == t.players else dataclasses.replace(t, players=players)


# -- encoding ------------------------------------------------------------------------------
def _encode(value, tp=None):
    """``value`` as JSON data; ``tp`` (its declared type) tells a parsed value from text kept
    as written, which is wrapped as ``{"text": ...}`` wherever a parsed type was possible."""
    if isinstance(value, str):
        args = typing.get_args(tp) if tp is not None else ()
        parsed = [a for a in args if a not in (str, type(None))]
        return {"text": value} if parsed else value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Fraction):
        return decimal_text(value, 0) or f"{value.numerator}/{value.denominator}"
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return value
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, PartialDate):
        return "-".join(f"{x:02d}" if i else f"{x:04d}"
                        for i, x in enumerate((value.year, value.month, value.day)) if x is not None)
    if isinstance(value, TimeControl):
        return format_code(value)
    if isinstance(value, tuple):
        item = typing.get_args(tp)[0] if typing.get_origin(tp) is tuple else None
        return [_encode(v, item) for v in value]
    if dataclasses.is_dataclass(value):
        hints = _hints(type(value))
        out = {"type": _ENTRY_TAGS[type(value)]} if type(value) in _ENTRY_TAGS else {}
        for f in dataclasses.fields(value):
            if f.name != "source":
                out[f.name] = _encode(getattr(value, f.name), hints[f.name])
        return out
    raise TypeError(f"cannot encode {value!r}")


# -- decoding ------------------------------------------------------------------------------
@cache
def _hints(cls) -> dict:
    return typing.get_type_hints(cls, vars(model) | {"TimeControl": TimeControl, "PartialDate": PartialDate})


def _decode(value, tp, where: str):
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(value, typing.get_args(tp), where)
    if origin is tuple:
        item = typing.get_args(tp)[0]
        _expect(value, list, where)
        return tuple(_decode(v, item, f"{where}[{i}]") for i, v in enumerate(value))
    if tp is typing.Any or tp is object:
        return value
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(value)
        except ValueError:
            raise InputError(msg("{where}: {value} is not one of {values}",
                                 where=where, value=repr(value), values=repr([m.value for m in tp]))) from None
    if tp is Fraction:
        _expect(value, str, where)
        number = exact_number(value)
        if number is None or value.startswith(("+", ".")) or "," in value:
            raise InputError(msg("{where}: {value} is not an exact number (like 3.5 or 1/3)",
                                 where=where, value=shown(value)))
        return number
    if tp is bool:
        return _expect(value, bool, where)
    if tp is int:
        if isinstance(value, bool):
            raise InputError(msg("{where}: integer expected", where=where))
        return _expect(value, int, where)
    if tp is str:
        return _expect(value, str, where)
    if tp is date:
        _expect(value, str, where)
        try:
            return date.fromisoformat(value)
        except ValueError:
            raise InputError(msg("{where}: {value} is not an ISO date", where=where, value=repr(value))) from None
    if tp is PartialDate:
        _expect(value, str, where)
        try:
            parts = value.split("-")
            if not all(ascii_digits(x) for x in parts):
                raise ValueError(value)
            return PartialDate(*(int(x) for x in parts))
        except (ValueError, TypeError):
            raise InputError(msg("{where}: {value} is not a date like 1978, 1978-05 or 1978-05-03",
                                 where=where, value=repr(value))) from None
    if tp is TimeControl:
        parsed = parse_code(_expect(value, str, where))
        if parsed is None:
            raise InputError(msg("{where}: {value} is not a TRF-2026 time-control code",
                                 where=where, value=repr(value)))
        return parsed
    if dataclasses.is_dataclass(tp):
        return _decode_dataclass(value, tp, where)
    raise InputError(msg("{where}: unsupported type {tp}", where=where, tp=repr(tp)))  # pragma: no cover


def _decode_union(value, args, where: str):
    if value is None:
        if type(None) in args:
            return None
        raise InputError(msg("{where}: a value is required", where=where))
    if isinstance(value, dict) and "type" in value and model.Game in args:
        cls = _ENTRY_TYPES.get(value["type"]) if isinstance(value["type"], str) else None
        if cls is None:
            raise InputError(msg("{where}: unknown round entry type {type}", where=where, type=repr(value['type'])))
        return model.NOT_PAIRED if cls is model.NotPaired else _decode_dataclass(value, cls, where)
    if isinstance(value, dict) and set(value) == {"text"} and str in args:
        return _expect(value["text"], str, where)
    candidates = [a for a in args if a is not type(None) and a is not str]
    if len(candidates) == 1 and str not in args:  # an optional value: its own reason
        return _decode(value, candidates[0], where)
    for tp in candidates:
        try:
            return _decode(value, tp, where)
        except InputError:
            continue
    if str in args and isinstance(value, str):
        return value
    raise InputError(msg("{where}: {value} does not fit {items}",
                         where=where, value=repr(value), items=' | '.join(getattr(a, '__name__', str(a)) for a in args)))


def _decode_dataclass(value, cls, where: str):
    _expect(value, dict, where)
    hints = _hints(cls)
    names = {f.name for f in dataclasses.fields(cls) if f.name != "source"}
    unknown = set(value) - names - {"type"}
    if unknown:
        raise InputError(msg("{where}: unknown field(s) {items}", where=where, items=', '.join(sorted(unknown))))
    kwargs = {name: _decode(value[name], hints[name], f"{where}.{name}") for name in names if name in value}
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as err:
        raise InputError(msg("{where}: {err}", where=where, err=err)) from None


def _expect(value, tp, where: str):
    if not isinstance(value, tp):
        raise InputError(msg("{where}: {expected} expected, found {found}",
                             where=where, expected=tp.__name__, found=type(value).__name__))
    return value


def sniff(head: bytes) -> bool:
    """Whether the first bytes of a file are this format's (the format registry asks)."""
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")
