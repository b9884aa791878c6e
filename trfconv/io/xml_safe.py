"""Parsing XML that may be hostile, bounded by construction.

A tournament file comes from anyone, so the XML reader must not be a way to exhaust memory or
read local files: the size is checked before anything is parsed, a document that declares a
DTD or entities is refused (billion laughs, external entities), and the parser itself is
configured not to resolve entities, not to load a DTD, not to touch the network and to keep
libxml2's tree-size limits (``huge_tree`` off). Each refusal is a diagnostic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree

from ..diagnostics import Diagnostic, diagnostic
from ..encoding import decode

#: Largest XML input read (bytes). A 10,000-player Swiss in chess-results form is about 20 MB.
MAX_XML_BYTES = 32 * 1024 * 1024

_DECLARATIONS = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_PROLOG_ENCODING = re.compile(rb"^\s*<\?xml[^>]*encoding\s*=", re.IGNORECASE)
_PROLOG = re.compile(r"^\s*<\?xml[^>]*\?>")


@dataclass
class Parsed:
    root: etree._Element | None
    encoding: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)


def parser() -> etree.XMLParser:
    """The one lxml parser configuration trfconv uses for untrusted XML."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                           huge_tree=False, remove_comments=True, remove_pis=True)


def parse(data: bytes, path: str | None = None, *, encoding: str | None = None,
          limit: int = MAX_XML_BYTES) -> Parsed:
    """The root element of ``data``, or None with the diagnostic that says why not. The
    encoding is the one given, else the declared one, else UTF-8 or a sniffed code page."""
    if len(data) > limit:
        return _refused("XML001", f"file is {len(data):,} bytes; XML input is limited to {limit:,} bytes", path)
    found = _DECLARATIONS.search(data)
    if found:
        line = data.count(b"\n", 0, found.start()) + 1
        return _refused("XML002", f"the document declares <!{found.group(1).decode().upper()} …>; DTDs and "
                                  "entities are refused (entity expansion, external access)", path, line)
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
        out.diagnostics.append(diagnostic("XML001", f"not well-formed XML: {err.msg}", path=path,
                                          line=line, column=column))
    except ValueError as err:  # e.g. text lxml refuses outright
        out.diagnostics.append(diagnostic("XML001", f"not well-formed XML: {err}", path=path))
    return out


def _refused(code: str, message: str, path: str | None, line: int | None = None) -> Parsed:
    return Parsed(None, None, [diagnostic(code, message, path=path, line=line)])
