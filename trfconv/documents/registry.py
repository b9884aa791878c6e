"""The documents trfconv produces: one :class:`Document` record per document, declared in the
document's own module, with the formats it can be rendered in.

A document renders what the rules computed (a verdict, a rating, standings) and what the reader
found; it computes nothing itself. Adding a document is writing its module (which declares
``DOCUMENT``) and adding one line to :data:`MODULES`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache

#: The document modules, one line each.
MODULES = (
    "trfconv.documents.info",
    "trfconv.documents.verdict",
    "trfconv.documents.rating_report",
    "trfconv.documents.standings",
)


@dataclass(frozen=True)
class Document:
    """A document: its name, what it is, and its renderers by format (``"module:function"``,
    ``function(subject) -> str``, imported when used). ``subject`` is the document's own input
    (its module says which)."""

    name: str
    description: str
    formats: dict[str, str]

    def render(self, subject, format: str = "text") -> str:
        if format not in self.formats:
            raise ValueError(f"{self.name} has no {format!r} form; it has {', '.join(self.formats)}")
        return _load(self.formats[format])(subject)


@cache
def documents() -> dict[str, Document]:
    return {d.name: d for d in (importlib.import_module(m).DOCUMENT for m in MODULES)}


def document(name: str) -> Document:
    return documents()[name]


@cache
def _load(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
