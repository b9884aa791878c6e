"""Parsing XML that may be hostile, bounded by construction.

A tournament file comes from anyone, so the XML reader must not be a way to exhaust memory or
read local files: the size is checked before anything is parsed, and a document that declares a
DTD or entities is refused (billion laughs, external entities, attribute defaults) by two
independent guards:

1. before parsing, the declaration is looked for in the bytes and in the text they decode to
   under every encoding the document can claim (a byte-order mark, UTF-16/32 or EBCDIC without
   one, the prolog's ``encoding=``), so that ``<!DOCTYPE`` in UTF-16 is seen too;
2. the parser itself is configured not to resolve entities, not to load a DTD, not to touch the
   network and to keep libxml2's tree-size limits (``huge_tree`` off), and a document it found a
   DTD in (``docinfo``: after its own decoding, whatever the encoding) is refused all the same.

Each refusal is a diagnostic.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field

from lxml import etree

from ..diagnostics import Diagnostic, diagnostic
from ..encoding import decode
from ..messages import msg

#: Largest XML input read (bytes). A 10,000-player Swiss in chess-results form is about 20 MB.
MAX_XML_BYTES = 32 * 1024 * 1024

_DECLARATIONS = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_TEXT_DECLARATIONS = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_PROLOG_ENCODING = re.compile(rb"^\s*<\?xml[^>]*encoding\s*=", re.IGNORECASE)
_DECLARED = re.compile(rb"^\s*<\?xml[^>]*encoding\s*=\s*[\"']([A-Za-z0-9._:-]{1,40})[\"']", re.IGNORECASE)
#: How a document's first bytes tell its encoding (XML 1.0, appendix F), longest first.
_SIGNATURES = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
               (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
               (b"\x00\x00\x00<", "utf-32-be"), (b"<\x00\x00\x00", "utf-32-le"), (b"\x00<\x00?", "utf-16-be"),
               (b"<\x00?\x00", "utf-16-le"), (b"\x4c\x6f\xa7\x94", "cp037"))
_PROLOG = re.compile(r"^\s*<\?xml[^>]*\?>")


@dataclass
class Parsed:
    root: etree._Element | None
    encoding: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)


def parser() -> etree.XMLParser:
    """The one lxml parser configuration trfconv uses for untrusted XML."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                           attribute_defaults=False, huge_tree=False, remove_comments=True, remove_pis=True)


def parse(data: bytes, path: str | None = None, *, encoding: str | None = None,
          limit: int = MAX_XML_BYTES) -> Parsed:
    """The root element of ``data``, or None with the diagnostic that says why not. The
    encoding is the one given, else the declared one, else UTF-8 or a sniffed code page."""
    if len(data) > limit:
        return _refused("XML001", msg("file is {count:,} bytes; XML input is limited to {limit:,} bytes",
                                      count=len(data), limit=limit), path)
    declared = declaration(data, encoding)
    if declared:
        return _refused("XML002", msg("the document declares <!{declared} …>; DTDs and entities are refused (entity "
                                      "expansion, external access)", declared=declared[0]), path, declared[1])
    out = Parsed(None, "utf-8")
    source: bytes | str = data
    if encoding or not (_PROLOG_ENCODING.match(data) or data.startswith((b"\xff\xfe", b"\xfe\xff"))):
        decoded = decode(data, path=path, encoding=encoding)  # else UTF-8 by XML's rule, or sniffed
        out.encoding = decoded.encoding
        out.diagnostics.extend(decoded.diagnostics)
        source = _PROLOG.sub("", decoded.text, count=1)
    try:
        out.root = etree.fromstring(source, parser())
    except etree.XMLSyntaxError as err:
        line, column = (err.position if err.position else (None, None))
        out.diagnostics.append(diagnostic("XML001", msg("not well-formed XML: {msg}", msg=err.msg), path=path,
                                          line=line, column=column))
    except ValueError as err:  # e.g. text lxml refuses outright
        out.diagnostics.append(diagnostic("XML001", msg("not well-formed XML: {err}", err=err), path=path))
    if out.root is not None:
        info = out.root.getroottree().docinfo
        if info.internalDTD is not None or info.doctype or info.system_url or info.public_id:
            return _refused("XML002", msg("the document declares a DTD (found by the parser); DTDs and entities are "
                                          "refused (entity expansion, external access)"), path)
    return out


def declaration(data: bytes, encoding: str | None = None) -> tuple[str, int | None] | None:
    """The first ``<!DOCTYPE``/``<!ENTITY`` of ``data`` (its keyword and line) in the bytes or in
    the text of any encoding the document can claim (guard 1 of the module docstring)."""
    found = _DECLARATIONS.search(data)
    if found:
        return found.group(1).decode().upper(), data.count(b"\n", 0, found.start()) + 1
    for codec in _claimed_encodings(data, encoding):
        text = data.decode(codec, errors="replace")
        found = _TEXT_DECLARATIONS.search(text)
        if found:
            return found.group(1).upper(), text.count("\n", 0, found.start()) + 1
    return None


def _claimed_encodings(data: bytes, encoding: str | None) -> list[str]:
    """The Python codecs of the encodings ``data`` can be read in besides ASCII-compatible ones:
    the one given, the one its first bytes show, and the one its prolog declares."""
    names = [encoding] if encoding else []
    names += [codec for signature, codec in _SIGNATURES if data.startswith(signature)][:1]
    for text in (data[:200], *(data[:400].decode(c, errors="replace").encode("ascii", errors="replace")
                               for c in names)):
        declared = _DECLARED.match(text)
        if declared:
            names.append(declared.group(1).decode())
    out = []
    for name in names:
        try:
            info = codecs.lookup(name)
        except LookupError:
            continue
        if getattr(info, "_is_text_encoding", True) and info.name not in out:
            out.append(info.name)
    return out


def _refused(code: str, message: str, path: str | None, line: int | None = None) -> Parsed:
    return Parsed(None, None, [diagnostic(code, message, path=path, line=line)])
