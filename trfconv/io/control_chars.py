"""Text every writer can write: control characters and unpaired surrogates are replaced when a
file is read.

A name holding a line break splits a CSV row or a TRF line, a control character is refused by
XML 1.0, an unpaired surrogate (which JSON's ``\\ud800`` escape can produce) by every UTF
encoder. Such characters are never a person's or a place's name, so the builder replaces each
by U+FFFD in every text of the model, with an ENC007 warning saying where (the same warning
whatever the format the file came in).
"""

from __future__ import annotations

import dataclasses
import re
import typing
from functools import cache

from .. import model
from ..dates import PartialDate
from ..diagnostics import Diagnostic, diagnostic
from ..messages import msg
from ..timecontrol import TimeControl

#: C0 and C1 controls (TAB included: readers turn a TAB between fields into a blank before
#: this runs), DEL, the Unicode line and paragraph separators, and surrogates.
_UNWRITABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def writable_lines(lines: list[str]) -> bool:
    """Whether these lines (a text file split at its line breaks) hold no unwritable character:
    then no text cut from them holds one, and a reader whose every text is cut from its lines
    (TRF: no escapes) may skip :func:`cleaned`'s walk over the model. One scan at C speed
    instead of a call per text; any doubt (a TAB, a line break left inside a line) answers no."""
    text = "".join(lines)
    # every unwritable character is unprintable: str.isprintable answers most files three times faster
    return text.isprintable() or _UNWRITABLE.search(text) is None


def cleaned(value, found: list[Diagnostic], where: tuple = ()):
    """``value`` (a model dataclass, a tuple, a text or anything else) with every unwritable
    character of its texts replaced; one ENC007 per text changed is added to ``found``, saying
    where (``where``: the path to ``value``). Objects with nothing to replace are returned as
    they are (no copy). Only the fields whose type can hold a text are visited (a
    10,000-player file's round entries hold none)."""
    if isinstance(value, str):
        bad = _UNWRITABLE.search(value)
        if bad is None:
            return value
        code, place = ord(bad.group()), _place(where)
        found.append(diagnostic("ENC007", msg("{place}: character U+{code:04X} (a surrogate) cannot be written; "
                                              "replaced by U+FFFD", place=place, code=code) if 0xD800 <= code <= 0xDFFF
                                else msg("{place}: character U+{code:04X} cannot be written; replaced by U+FFFD",
                                         place=place, code=code)))
        return _UNWRITABLE.sub(REPLACEMENT, value)
    if isinstance(value, tuple):
        if not any(map(_may_hold_text, map(type, value))):
            return value
        items = [cleaned(v, found, (*where, i)) if _may_hold_text(type(v)) else v for i, v in enumerate(value)]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else tuple(items)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        number = getattr(value, "start_number", None)
        here = (f"player {number}",) if where[:1] == ("players",) and isinstance(number, int) else where
        changes = {}
        for name in _text_fields(type(value)):
            old = getattr(value, name)
            kind: type = type(old)  # the common cases are decided here rather than in a call per field
            if kind is str:
                if _UNWRITABLE.search(old) is None:
                    continue
            elif kind is tuple:
                if not any(map(_may_hold_text, map(type, old))):
                    continue
            elif not _may_hold_text(kind):
                continue
            new = cleaned(old, found, (*here, name))
            if new is not old:
                changes[name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value


def _place(where: tuple) -> str:
    """``("player 3", "name")`` -> ``player 3 name``; ``("event", "name")`` -> ``event name``;
    an index is written ``[i]``."""
    text = ""
    for part in where:
        text += f"[{part}]" if isinstance(part, int) else (" " if text else "") + part
    return text


@cache
def _text_fields(cls: type) -> tuple[str, ...]:
    """The fields of a model dataclass whose declared type can hold a text."""
    hints = typing.get_type_hints(cls, vars(model) | {"TimeControl": TimeControl, "PartialDate": PartialDate})
    return tuple(f.name for f in dataclasses.fields(cls) if f.name != "source" and _type_holds_text(hints[f.name]))


def _type_holds_text(tp, seen: frozenset = frozenset()) -> bool:
    if tp is str:
        return True
    if tp in seen:
        return False
    args = typing.get_args(tp)
    if args:
        return any(_type_holds_text(a, seen | {tp}) for a in args if a is not Ellipsis)
    return dataclasses.is_dataclass(tp) and bool(_text_fields(tp))


@cache
def _may_hold_text(cls: type) -> bool:
    return cls is str or cls is tuple or (dataclasses.is_dataclass(cls) and bool(_text_fields(cls)))

