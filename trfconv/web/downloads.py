"""What the page's downloads are called, and how the browser is told (RFC 6266).

A name is made from the file's own name, never taken whole from the request: the last part of
what the browser sent, sanitised (:func:`safe_name`). Every form of a document and every
conversion of a file gets a name of its own (the TRF-2026 and TRF16 conversions of
``open.trf`` are ``open-trf26.trf`` and ``open-trf16.trf``, the standings' CSV is
``open-standings.csv``), so that one download never replaces another in the browser's folder.
A name outside Latin-1 (``Łódź open.trf``) is sent as RFC 6266's ``filename*`` (RFC 8187:
UTF-8, percent-encoded) with an ASCII ``filename`` beside it for older clients: an HTTP header
carries Latin-1 only, and a raw ``Ł`` in it made every download of such a file fail."""

from __future__ import annotations

import re
import unicodedata
from pathlib import PurePath
from urllib.parse import quote

from ..documents.registry import Document
from ..io.registry import outputs

_UNSAFE = re.compile(r"[^\w.\-]+")
#: What a document's form is served as, by the suffix of its file.
MEDIA_TYPES = {".html": "text/html; charset=utf-8", ".txt": "text/plain; charset=utf-8",
               ".csv": "text/csv; charset=utf-8", ".json": "application/json"}


def safe_name(name: str | None, default: str = "tournament") -> str:
    """A file name fit to show and to download under: the last part of what the browser sent
    (never a folder), letters, digits, ``.``, ``-`` and ``_`` only, no leading dot, at most 100
    characters."""
    base = re.split(r"[\\/]", unicodedata.normalize("NFC", name or ""))[-1]
    base = _UNSAFE.sub("_", base).lstrip("._")[:100]
    return base or default


def _stem(name: str) -> str:
    return PurePath(name).stem or "tournament"


def document_name(stem: str, document: Document, form: str) -> str:
    """``{stem}-{document}{suffix}``, with ``-{form}`` before the suffix when another form of
    the document has the same suffix (the norms' HTML and IT1, the period's text and FIDE's
    layout)."""
    suffix = document.formats[form].suffix
    shared = sum(f.suffix == suffix for f in document.formats.values()) > 1
    return safe_name(f"{stem}-{document.name}" + (f"-{form}" if shared else "") + suffix)


def file_document_name(upload_name: str, document: Document, form: str) -> str:
    """The name of a document of one file: after the file."""
    return document_name(_stem(upload_name), document, form)


def set_document_name(names: list[str], document: Document, form: str) -> str:
    """The name of a document over the files of a page (the rating period, the title
    application): after the file when there is one, else after their number."""
    return document_name(_stem(names[0]) if len(names) == 1 else f"{len(names)}-files", document, form)


def conversion_name(upload_name: str, fmt: str, choices: tuple[str, ...]) -> str:
    """The name of the file converted to ``fmt``: ``{stem}{suffix}``, with ``-{fmt}`` when
    another of the ``choices`` offered writes the same suffix (TRF-2026 and TRF16) or when the
    name would be the input's own."""
    suffix = _suffix(fmt)
    name = _stem(upload_name) + suffix
    if sum(_suffix(c) == suffix for c in choices) > 1 or name == upload_name:
        name = f"{_stem(upload_name)}-{fmt}{suffix}"
    return safe_name(name)


def _suffix(fmt: str) -> str:
    out = outputs()[fmt]
    return out.suffixes[0] if out.suffixes else ".trf"


def _ascii(name: str) -> str:
    """``name`` in ASCII for the ``filename`` of older clients: accents dropped, any other
    character ``_``."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return "".join(c if c.isascii() and c.isprintable() and c not in '"\\' else "_" for c in folded)


def disposition(name: str, attachment: bool) -> str:
    """The ``Content-Disposition`` of a download named ``name`` (already :func:`safe_name`):
    ``attachment`` saves it, ``inline`` shows it (and names it for "Save as")."""
    kind = "attachment" if attachment else "inline"
    return f"{kind}; filename=\"{_ascii(name)}\"; filename*=UTF-8''{quote(name, safe='')}"
