"""The documents trfconv produces: one :class:`Document` record per document in
:data:`DOCUMENTS`, with the formats it can be rendered in.

A document renders what the rules computed (a verdict, a rating, standings) and what the reader
found; it computes nothing itself. Adding a document is writing its module (its input and one
renderer per format) and adding its record here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache


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


def _forms(module: str, *formats: str) -> dict[str, str]:
    return {f: f"trfconv.documents.{module}:render_{f}" for f in formats}


#: Every document, by name.
DOCUMENTS = {d.name: d for d in (
    Document("info", "what a file is: format, dialects, encoding, event, counts, diagnostics summary",
             _forms("info", "text", "json")),
    Document("verdict", "would FIDE rate the event: verdict, articles and numbers, games not rated, what each "
                        "player gets", _forms("verdict", "text", "json")),
    Document("rating-report", "FIDE rating report: Ro, K, Rc, n, W, We, change, new rating, initial ratings",
             {f: f"trfconv.documents.rating_report.{f}:render_{f}" for f in ("text", "csv", "json", "html")}),
    Document("period", "rating period: per player every event's games and unrounded change, K for the period, "
                       "the total rounded once, the new rating; initial ratings pooled; FIDE's list layout",
             {f: f"trfconv.documents.period.{f}:render_{f}" for f in ("text", "csv", "json", "html", "fide")}),
    Document("standings", "standings: rank, points and the ordered tie-breaks, ties left for lots marked",
             {**_forms("standings", "text", "csv", "json"), "html": "trfconv.documents.standings_html:render_html"}),
    Document("norms", "title norms (B.01): per player and title every requirement with its article, the best set of "
                      "games (1.4.1e/f), credited games; the crosstable with dropped games struck through",
             {**{f: f"trfconv.documents.norms.{f}:render_{f}" for f in ("text", "json", "html")},
              "it1": "trfconv.documents.norms.html:render_it1"}),
    Document("norms-application", "title application (IT2 checks) over several events: the applicant's norm in each, "
                                  "1.5.1, 1.4.3e, 1.1.3a, 1.5.6, 1.4.1c, 1.5.3, each event rateable",
             {f: f"trfconv.documents.norms.application:render_{f}" for f in ("text", "json")}),
    Document("playoff", "on-board play-off plan of FIDE Handbook C.05 Annex 3: stages, games, colours by lot, "
                        "timing, places and prizes, a result grid", _forms("playoff", "text", "json", "html")),
)}


def document(name: str) -> Document:
    return DOCUMENTS[name]


@cache
def _load(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
