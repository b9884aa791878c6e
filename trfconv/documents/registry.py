"""The documents trfconv produces: one :class:`Document` record per document in
:data:`DOCUMENTS`, with the forms (formats) it can be rendered in, each a :class:`Form` record.

A document renders what the rules computed (a verdict, a rating, standings) and what the reader
found; it computes nothing itself. Adding a document is writing its module (its input and one
renderer per format) and adding its record here. A form's record says everything the command
line needs about it: its renderer, the suffix of its file (a batch names each file's output
with it), the encoding it is written in (a CSV carries the byte-order mark spreadsheets want)
and the line that describes it in ``--format``'s help.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..named import named


@dataclass(frozen=True)
class Form:
    """One form of a document: its renderer (``"module:function"``, ``function(subject) -> str``,
    imported when used), the suffix of its file, what it is (``--format``'s help) and the
    encoding of its bytes."""

    renderer: str
    suffix: str
    help: str
    encoding: str = "utf-8"


@dataclass(frozen=True)
class Document:
    """A document: its name, what it is, and its forms by format name. ``subject`` is the
    document's own input (its module says which)."""

    name: str
    description: str
    formats: dict[str, Form]

    def render(self, subject, format: str = "text") -> str:
        if format not in self.formats:
            raise ValueError(f"{self.name} has no {format!r} form; it has {', '.join(self.formats)}")
        return named(self.formats[format].renderer)(subject)

    def format_help(self) -> str:
        """``--format``'s help: every form and what it is."""
        return "Output format: " + "; ".join(f"{name}: {form.help}" for name, form in self.formats.items()) + "."


#: What the common forms are, unless a document says otherwise: (suffix, help, encoding).
COMMON = {
    "text": (".txt", "plain text", "utf-8"),
    "csv": (".csv", "UTF-8 with the byte-order mark spreadsheets want", "utf-8-sig"),
    "json": (".json", "JSON (schema: docs/reference/json.md)", "utf-8"),
    "html": (".html", "one printable A4 page", "utf-8"),
}


def _forms(module: str, *formats: str, helps: dict[str, str] | None = None,
           renderers: dict[str, str] | None = None) -> dict[str, Form]:
    """The common forms ``formats`` of the document in ``module`` (``render_FORMAT`` functions);
    ``helps`` and ``renderers`` replace what a form is and where it is rendered."""
    out = {}
    for f in formats:
        suffix, what, encoding = COMMON[f]
        renderer = (renderers or {}).get(f, f"trfconv.documents.{module}:render_{f}")
        out[f] = Form(renderer, suffix, (helps or {}).get(f, what), encoding)
    return out


#: Every document, by name.
DOCUMENTS = {d.name: d for d in (
    Document("info", "what a file is: format, dialects, encoding, event, counts, diagnostics summary",
             _forms("info", "text", "json")),
    Document("verdict", "would FIDE rate the event: verdict, articles and numbers, games not rated, what each "
                        "player gets", _forms("verdict", "text", "json")),
    Document("rating-report", "FIDE rating report: Ro, K, Rc, n, W, We, change, new rating, initial ratings",
             _forms("rating-report", "text", "csv", "json", "html", renderers={
                 f: f"trfconv.documents.rating_report.{f}:render_{f}" for f in ("text", "csv", "json", "html")})),
    Document("period", "rating period: per player every event's games and unrounded change, K for the period, "
                       "the total rounded once, the new rating; initial ratings pooled; FIDE's list layout",
             {**_forms("period", "text", "csv", "json", "html", helps={
                 "text": "per player every event and change", "html": "per player every event and change, one "
                 "printable page", "csv": "the new ratings, " + COMMON["csv"][1], "json": "the new ratings with the "
                 "detail"}, renderers={f: f"trfconv.documents.period.{f}:render_{f}" for f in ("text", "csv", "json",
                                                                                                 "html")}),
              "fide": Form("trfconv.documents.period.fide:render_fide", ".txt", "FIDE's TXT list layout")}),
    Document("standings", "standings: rank, points and the ordered tie-breaks, ties left for lots marked",
             _forms("standings", "text", "csv", "json", "html",
                    renderers={"html": "trfconv.documents.standings_html:render_html"})),
    Document("norms", "title norms (B.01): per player and title every requirement with its article, the best set of "
                      "games (1.4.1e/f), credited games; the crosstable with dropped games struck through",
             {**_forms("norms.text", "text", renderers={"text": "trfconv.documents.norms.text:render_text"}),
              **_forms("norms.json", "json", renderers={"json": "trfconv.documents.norms.json:render_json"}),
              **_forms("norms.html", "html", helps={"html": "one printable page: the norms and the crosstable, "
                                                            "dropped games struck through"},
                       renderers={"html": "trfconv.documents.norms.html:render_html"}),
              "it1": Form("trfconv.documents.norms.it1:render_it1", ".html",
                          "FIDE's IT1 norm certificate, one printable A4 page per norm made"),
              "arbiters": Form("trfconv.documents.norms.arbiters:render_arbiters", ".html",
                               "the arbiters' norm reports (B.06.1: FA1 or IA1), one printable A4 page per arbiter")}),
    Document("norms-application", "title application (IT2 checks) over several events: the applicant's norm in each, "
                                  "1.5.1, 1.4.3e, 1.1.3a, 1.5.6, 1.4.1c, 1.5.3, each event rateable",
             _forms("norms.application", "text", "json")),
    Document("arbiter-application", "an arbiter's title application (B.06.1, FA or IA) over several events: the "
                                    "events where the arbiter officiated, the norms 2.2 asks for, two systems (2.4)",
             _forms("norms.arbiters", "text", "json")),
    Document("pairings", "Swiss pairings held to the Dutch system (C.04.3): per round the verdict and the criterion "
                         "that decides, both pairings board by board for the rounds asked, the next round's pairing",
             _forms("pairings", "text", "json", "html")),
    Document("playoff", "on-board play-off plan of FIDE Handbook C.05 Annex 3: stages, games, colours by lot, "
                        "timing, places and prizes, a result grid", _forms("playoff", "text", "json", "html",
                                                                          helps={"html": "one printable page with "
                                                                                         "result grids"})),
)}


def document(name: str) -> Document:
    return DOCUMENTS[name]

