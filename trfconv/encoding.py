"""Turning file bytes into text, and noticing when the text is wrong.

TRF has no encoding rule, and its columns are *character* positions: decoding with the wrong
charset shifts every field after a non-ASCII name. The order is: an explicit ``--encoding``;
a byte-order mark; strict UTF-8; a single-byte code page (chardet's judgement when it is
confident, else cp1252, else Latin-1). Then the caller's alignment measure decides between the
candidates, and mojibake (``Ã©`` for ``é``) is reported.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .diagnostics import Diagnostic, diagnostic
from .messages import msg

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_SINGLE_BYTE = {"windows-1252", "iso-8859-1", "iso-8859-15", "windows-1250", "iso-8859-2",
                "windows-1251", "windows-1254", "iso-8859-9", "mac-roman", "cp850", "cp437"}
#: A lead byte of a 2-byte UTF-8 sequence followed by a continuation byte, as cp1252 shows them.
#: Kept as text: `re` compiles it on first use (most files never need it) and caches it.
_MOJIBAKE = ("[\u00c2-\u00df][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e"
             "\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030"
             "\u2039\u203a\u20ac\u2122]|\u00e2\u20ac[\u0080-\u00bf\u2018-\u203a\u2122]")
# What _MOJIBAKE finds, as UTF-8 bytes: Â..ß or â (C3 82..9F, C3 A2), then the lead byte of a
# second character (C2, C5, C6, CB, E2). Searching the bytes for it is much faster than searching
# the text, and valid UTF-8 without it cannot hold mojibake.
_MOJIBAKE_UTF8 = re.compile(rb"\xc3[\x82-\x9f\xa2][\xc2\xc5\xc6\xcb\xe2]")


def byte_order_mark(data: bytes) -> tuple[bytes, str] | None:
    """The byte-order mark ``data`` starts with and the codec it names (UTF-32 LE is tried
    before UTF-16 LE, whose mark starts it), or None."""
    return next(((bom, name) for bom, name in _BOMS if data.startswith(bom)), None)


def utf16_without_mark(data: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when ``data`` is plainly UTF-16 text without a byte-order
    mark (Latin text: nearly every other byte is zero), else None."""
    head = data[:4096]
    if len(head) < 8 or byte_order_mark(head) is not None:
        return None
    head = head[:len(head) // 2 * 2]
    even, odd = head[0::2].count(0), head[1::2].count(0)
    half = len(head) // 2
    if odd > half * 0.9 and even < half * 0.1:
        return "utf-16-le"
    if even > half * 0.9 and odd < half * 0.1:
        return "utf-16-be"
    return None


@dataclass
class Decoded:
    """The text of a file, the encoding that gave it, whether a byte-order mark was removed,
    and what decoding noticed."""

    text: str
    encoding: str
    bom: bool = False
    diagnostics: list[Diagnostic] = field(default_factory=list)


def decode(
    data: bytes,
    *,
    path: str | None = None,
    encoding: str | None = None,
    misaligned: Callable[[str], int] = lambda text: 0,
) -> Decoded:
    """Decode ``data``; ``misaligned(text)`` counts lines whose columns do not line up."""
    if encoding:
        return _forced(data, encoding, path, misaligned)
    mark = byte_order_mark(data)
    if mark:
        bom, name = mark
        out = Decoded(data[len(bom):].decode(name, errors="replace"), name, bom=True)
        out.diagnostics.append(diagnostic(
            "ENC002", msg("{name} byte-order mark removed", name=name.upper()), path=path, line=1, column=1))
        return _check_mojibake(out, path)
    try:
        out = Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError as err:
        out = _single_byte(data, err, path)
    # Valid UTF-8 is the right reading unless it holds mojibake; a code-page guess is checked.
    if out.encoding == "utf-8":
        doubtful = _MOJIBAKE_UTF8.search(data) is not None and re.search(_MOJIBAKE, out.text) is not None
    else:
        doubtful = True
    if doubtful and misaligned(out.text):
        out = _better_aligned(data, out, path, misaligned)
    return _check_mojibake(out, path) if doubtful else out


#: Codecs Python counts as text encodings that are no character set a file is written in: they
#: transform text (IDNA, Punycode) or read backslash escapes, and raise other errors than
#: UnicodeDecodeError on ordinary bytes.
_NOT_CHARSETS = frozenset({"idna", "punycode", "unicode-escape", "raw-unicode-escape", "undefined"})


def text_encoding(name: str) -> str | None:
    """Why ``name`` cannot be a file's encoding (unknown, or a codec that is no character set:
    ``base64``, ``hex``, ``rot13``, ``zlib``, ``uu``, ``punycode`` …), or None when it can."""
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError, TypeError):
        return msg("unknown encoding {name}", name=repr(name))
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_CHARSETS:
        return msg("{name} is no text encoding (give a character set such as utf-8, latin-1, cp1252)", name=repr(name))
    return None


def _forced(data: bytes, encoding: str, path: str | None, misaligned: Callable[[str], int]) -> Decoded:
    refused = text_encoding(encoding)
    if refused:
        out = Decoded(data.decode("utf-8", errors="replace"), "utf-8")
        out.diagnostics.append(diagnostic("ENC005", msg("{refused}; read as UTF-8", refused=refused), path=path))
        return out
    try:
        out = Decoded(data.decode(encoding), encoding)
    except UnicodeDecodeError as err:
        line, column = _position(data, err.start)
        out = Decoded(data.decode(encoding, errors="replace"), encoding)
        out.diagnostics.append(diagnostic(
            "ENC005", msg("byte 0x{byte:02x} is not valid {encoding}; replaced by U+FFFD",
                          byte=data[err.start], encoding=encoding),
            path=path, line=line, column=column))
    if not data.isascii() and misaligned(out.text):
        alternative = _better_aligned(data, out, path, misaligned, switch=False)
        out.diagnostics.extend(alternative.diagnostics[len(out.diagnostics):])
    return _check_mojibake(out, path)


def _single_byte(data: bytes, err: UnicodeDecodeError, path: str | None) -> Decoded:
    import chardet

    guess = chardet.detect(data)
    name = (guess.get("encoding") or "").lower()
    candidates = ([name] if name in _SINGLE_BYTE and (guess.get("confidence") or 0) >= 0.5 else [])
    candidates += ["cp1252", "latin-1"]
    line, column = _position(data, err.start)
    for candidate in candidates:
        try:
            text = data.decode(candidate)
        except UnicodeDecodeError:
            continue
        out = Decoded(text, codecs.lookup(candidate).name)
        out.diagnostics.append(diagnostic(
            "ENC001",
            msg("not valid UTF-8 (first at byte 0x{byte:02x}); decoded as {encoding}",
                byte=data[err.start], encoding=out.encoding),
            path=path, line=line, column=column))
        return out
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover


def _better_aligned(data: bytes, current: Decoded, path: str | None, misaligned: Callable[[str], int],
                    switch: bool = True) -> Decoded:
    """Try the other plausible decodings; keep the one whose columns line up best."""
    scores = {current.encoding: misaligned(current.text)}
    best = current
    for name in ("utf-8", "cp1252", "latin-1"):
        if codecs.lookup(name).name in (codecs.lookup(e).name for e in scores):
            continue
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        scores[name] = misaligned(text)
        if scores[name] < scores[best.encoding]:
            best = Decoded(text, name, current.bom)
    repaired = _repair_mojibake(current.text)
    if repaired is not None and misaligned(repaired) < scores[best.encoding]:
        best = Decoded(repaired, current.encoding + " (mojibake repaired)", current.bom)
        scores[best.encoding] = misaligned(repaired)
    if best is current:
        return current
    counts = dict(count=scores[current.encoding], current=current.encoding, best_count=scores[best.encoding],
                  best=best.encoding)
    if not switch:
        current.diagnostics.append(diagnostic("ENC004", msg(
            "{count} line(s) misaligned when decoded as {current}, {best_count} as {best}; kept the encoding given",
            **counts), path=path))
        return current
    best.diagnostics = current.diagnostics + [diagnostic("ENC004", msg(
        "{count} line(s) misaligned when decoded as {current}, {best_count} as {best}; used {best}", **counts),
        path=path)]
    return best


def _repair_mojibake(text: str) -> str | None:
    if not re.search(_MOJIBAKE, text):
        return None
    try:
        return re.sub(_MOJIBAKE, lambda m: m.group().encode("cp1252").decode("utf-8"), text)
    except (UnicodeEncodeError, UnicodeDecodeError):
        return None


def _check_mojibake(out: Decoded, path: str | None) -> Decoded:
    """Report the first sequence that is a UTF-8 character read as two cp1252 ones."""
    for match in re.finditer(_MOJIBAKE, out.text):
        try:
            fixed = match.group().encode("cp1252").decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        before = out.text[:match.start()]
        line_start = max(before.rfind("\n"), before.rfind("\r")) + 1
        line = len(re.findall(r"\r\n|\r|\n", before)) + 1
        out.diagnostics.append(diagnostic(
            "ENC003",
            msg("{text} looks like {fixed} encoded twice (UTF-8 read as Latin-1 and saved again); fix the source "
                "file", text=repr(match.group()), fixed=repr(fixed)),
            path=path, line=line, column=match.start() - line_start + 1))
        break
    return out


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and byte column of a byte offset."""
    before = data[:offset]
    line_start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
    return before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1, offset - line_start + 1


def encodable(text: str, encoding: str) -> bool:
    """Whether ``text`` can be written in ``encoding`` as it is."""
    if text.isascii():
        return True
    try:
        text.encode(encoding)
        return True
    except UnicodeEncodeError:
        return False


# -- file names that are not UTF-8 ---------------------------------------------------------------
#
# A file name's bytes that are not UTF-8 reach Python as lone surrogates U+DC80-U+DCFF (PEP 383,
# "surrogateescape"). Shown, each is written ``\xNN``, the byte it stands for (``caf\xe9.trf`` for
# the Latin-1 name), in text and in JSON alike (in JSON the backslash is escaped, so that the
# string read back is ``caf\xe9.trf``), never as ``?`` nor as a crash.

#: The error handler of the command line's output streams: a byte of a file name that is not
#: UTF-8 is written ``\xNN``; any other character the stream cannot encode, ``?``.
SHOWN_ERRORS = "trfconv-shown"
_ESCAPED_BYTE = re.compile("[\udc80-\udcff]")


def shown(text: str, *, json: bool = False) -> str:
    """``text`` with each byte of a file name that is not UTF-8 written ``\\xNN``; ``json``:
    ``text`` is JSON, in which the backslash is written escaped."""
    try:
        text.encode("utf-8")  # only a lone surrogate fails: scanning for one is slower (a report is 17 MB)
    except UnicodeEncodeError:
        slash = "\\\\" if json else "\\"
        return _ESCAPED_BYTE.sub(lambda m: f"{slash}x{ord(m.group()) - 0xDC00:02x}", text)
    return text


def _shown_errors(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    return "".join(f"\\x{o - 0xDC00:02x}" if 0xDC80 <= o <= 0xDCFF else "?"
                   for o in map(ord, err.object[err.start:err.end])), err.end


codecs.register_error(SHOWN_ERRORS, _shown_errors)


_CONTROL_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` with each control character (C0, DEL, C1: a terminal takes them as commands)
    written ``\\xNN``: for showing values read from a file or a database on a terminal."""
    if text.isprintable():  # no control character (the common case, without the expression)
        return text
    return _CONTROL_CHARACTER.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
