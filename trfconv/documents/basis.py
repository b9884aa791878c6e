"""What an official document rests on, said in the document itself.

A verdict, a rating report or standings that a person files must never hide a defect of the
input or an assumption behind the result (FIDE's checklist for endorsed tournament software:
refuse a defective file rather than guess, show why, report every adjustment). So every such
document starts with the same two blocks:

- **errors**: the error-severity diagnostics of the input and of the computation. With errors the
  document's body is withheld (the errors are the document) unless the person asked for it
  anyway (``lenient``), and then it is marked as resting on a defective file;
- **caveats**: the assumptions the result depends on, one line each: the diagnostics whose code is
  a caveat in the registry (:attr:`trfconv.diagnostics.Code.caveat`), such as the rules edition
  chosen and why, a rate of play not checked, ratings treated as unrated, K inferred, a
  tie-break list the file did not give.

Each document format writes the blocks in its own way with the functions here, in the language of
the basis (:attr:`Basis.lang`, the face's: English unless asked otherwise); CSV and JSON are written
in English, for the programs that read them.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from html import escape

from ..actions import Action, voice
from ..diagnostics import CODES, Code, Diagnostic, Severity, grouped_lines, severity_counts
from ..messages import ENGLISH, Language, Message, joined, msg, plural


@dataclass(frozen=True)
class Basis:
    """The file a document is about and everything noticed on the way (the reader's and the
    computation's diagnostics); ``lenient``: produce the body even when there are errors."""

    file: str | None
    diagnostics: tuple[Diagnostic, ...]
    lenient: bool = False
    #: The kind of result the document gives ("rating", "ranking"): a caveat about another kind
    #: (a tie-break list in a rating report) is not one of its assumptions. None: every caveat.
    scope: str | None = None
    #: The language the document is written in (the face's: ``--lang``, the page's switch).
    lang: Language = ENGLISH

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def caveats(self) -> tuple[str, ...]:
        """The assumptions, each once, in the order they were noticed: a message (see
        :mod:`trfconv.messages`) where the diagnostic's is one, with the words of its actions in
        the voice in use (:mod:`trfconv.actions`)."""
        said = voice()
        seen = dict.fromkeys(said.message(d) for d in self.diagnostics if self.assumes(CODES[d.code]))
        return tuple(seen)

    def said_caveats(self) -> tuple[str, ...]:
        """The caveats in the document's language."""
        return tuple(self.lang.say(c) for c in self.caveats)

    def assumes(self, code: Code) -> bool:
        """Whether diagnostics of ``code`` are assumptions of this document's kind of result."""
        return code.caveat and (code.scope is None or self.scope is None or code.scope == self.scope)

    @property
    def defective(self) -> bool:
        return bool(self.errors)

    @property
    def withheld(self) -> bool:
        """The body is not produced: the file has errors and the person did not ask for it anyway."""
        return self.defective and not self.lenient

    def counts(self) -> dict[str, int]:
        return severity_counts(self.diagnostics)

    def summary(self) -> Message:
        """``0 error(s), 2 warning(s) (TRF024 ×2), 7 note(s)``: everything noticed, in one line."""
        c = self.counts()
        codes = Counter(d.code for d in self.diagnostics if d.severity is Severity.WARNING)
        named = ", ".join(f"{code} ×{n}" if n > 1 else code for code, n in sorted(codes.items()))
        return joined([plural("{n} error(s)", "{n} error(s)", n=c["error"]), ", ",
                       plural("{n} warning(s)", "{n} warning(s)", n=c["warning"]),
                       f" ({named})" if named else "", ", ", plural("{n} note(s)", "{n} note(s)", n=c["info"])])


#: What the person can do about a document withheld: ask for it anyway (worded by each face).
ALLOW_DEFECTIVE = Action("allow-defective")
_PRODUCE_ANYWAY = Action("allow-defective", purpose=msg("to produce it anyway"))


def not_produced(*, several: bool = False) -> Message:
    """A withheld document's verdict line, with how to have it anyway as the voice in use words
    it (``NOT PRODUCED: the file has errors (--lenient to produce it anyway)`` on the command
    line; the page names its box); ``several``: the document rests on several files."""
    how = voice().hints([_PRODUCE_ANYWAY])
    if several:
        return msg("NOT PRODUCED: a file has errors{how}", how=how)
    return msg("NOT PRODUCED: the file has errors{how}", how=how)


def withheld_note(basis: Basis) -> str:
    """What the errors mean for the document: withheld (and how to have it anyway, as the voice
    in use words it), or resting on a defective file; nothing without errors."""
    n = len(basis.errors)
    if not n:
        return ""
    if basis.withheld:
        return plural("not produced: the file has {n} error(s), listed above; correct the file, or ask for the "
                      "document anyway{how}, which then says that it rests on a defective file",
                      "not produced: the file has {n} error(s), listed above; correct the file, or ask for the "
                      "document anyway{how}, which then says that it rests on a defective file",
                      n=n, how=voice().hints([ALLOW_DEFECTIVE]))
    return plural("RESTS ON A DEFECTIVE FILE: {n} error(s), listed above; it may be wrong",
                  "RESTS ON A DEFECTIVE FILE: {n} error(s), listed above; it may be wrong", n=n)


def more_on_request(what: str, written: str, lang: Language = ENGLISH) -> list[str]:
    """The last line of a summary, in ``lang``: how to see ``what`` it leaves out, and to write
    the whole document to a file (``written``: what that does), as the voice in use words the
    means; no line when it has no words for them."""
    said = voice()
    details, write = said.hint(Action("show-details")), said.hint(Action("write-file", purpose=written))
    if not details or not write:
        return []
    return [lang.say(msg("({details}: {what}; {write})", details=details, what=what, write=write))]


def error_groups(basis: Basis, lang: Language | None = None) -> list[str]:
    """The errors as a document lists them: a repeated error once, with how many more and on
    which lines (every line named: the document is what is filed), in the order noticed; in
    ``lang`` (default: the basis's)."""
    lang = basis.lang if lang is None else lang
    return grouped_lines(basis.errors, lambda d: d.line(lang), limit=None, by_position=False, lang=lang)


def text_block(basis: Basis) -> list[str]:
    """The errors and caveats as text lines (nothing when there is neither)."""
    lines: list[str] = []
    errors, say = basis.errors, basis.lang.say
    if errors:
        lines.append(say(msg("ERRORS ({n})", n=len(errors))))
        lines.extend(f"  {line}" for line in error_groups(basis))
        lines.append("  " + say(withheld_note(basis)))
    if basis.caveats:
        lines.append(say(msg("Caveats ({n}): what this result assumes", n=len(basis.caveats))))
        lines.extend(f"  - {c}" for c in basis.said_caveats())
    return lines


def json_fields(basis: Basis) -> dict:
    """The errors and caveats as members of a JSON document (``note``: what the errors mean for
    the document, None when there is none)."""
    return {"defective": basis.defective, "lenient": basis.lenient, "withheld": basis.withheld,
            "note": str(withheld_note(basis)) or None,
            "errors": [d.as_dict() for d in basis.errors], "caveats": list(basis.caveats)}


def json_withheld(basis: Basis) -> str:
    """The JSON document of a withheld body: the file, its errors and caveats."""
    return json.dumps({"schema": 1, "file": basis.file, **json_fields(basis)}, ensure_ascii=False, indent=1) + "\n"


def csv_rows(basis: Basis) -> list[list[str]]:
    """The errors and caveats as one-cell rows above a CSV document's table (``Error: …`` and
    ``Caveat: …``, as the crosstable reader takes such lines for metadata, not players)."""
    rows = [[f"Error: {line}"] for line in error_groups(basis, ENGLISH)]
    if basis.errors:
        rows.append([f"Error: {withheld_note(basis)}"])
    rows.extend([f"Caveat: {c}"] for c in basis.caveats)
    return rows


def html_block(basis: Basis, *, caveats: bool = True) -> str:
    """The errors (a red box) and, with ``caveats``, the caveats (a box) of an HTML document."""
    out = ""
    errors, say = basis.errors, basis.lang.say
    if errors:
        items = "".join(f"<li>{escape(line)}</li>" for line in error_groups(basis))
        note = say(withheld_note(basis))
        heading = say(msg("Errors in the file ({n})", n=len(errors)))
        out += (f'<section id="errors" class="errors"><h2>{escape(heading)}</h2><ul>{items}</ul>'
                f"<p><strong>{escape(note)}</strong></p></section>")
    if caveats and basis.caveats:
        out += f'<section id="caveats" class="caveats">{caveats_html(basis)}</section>'
    return out


def caveats_html(basis: Basis) -> str:
    """The caveats' heading and list (empty when there is none)."""
    if not basis.caveats:
        return ""
    items = "".join(f"<li>{escape(c)}</li>" for c in basis.said_caveats())
    heading = basis.lang.say(msg("Caveats: what this result assumes"))
    return f"<h2>{escape(heading)}</h2><ul>{items}</ul>"
