"""What a file's diagnostics look like listed, as ``check`` lists them and the page shows them:
sorted by position, a problem repeated shown once with how many more there are and where, each
line with what its code's actions are (worded by the voice in use) when it carries none of its
own, never a raw control character."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import voice
from ..diagnostics import CODES, Diagnostic, grouped, more_like_it
from ..encoding import printable
from ..messages import ENGLISH, Language


@dataclass(frozen=True)
class Finding:
    """One line of the listing and the severity of what it says (``error``, ``warning``, ``info``)."""

    severity: str
    line: str


def said(d: Diagnostic, lang: Language = ENGLISH) -> str:
    """The diagnostic as one line in ``lang``, with what its code's actions are when it carries
    none of its own (those are in its message already)."""
    return d.line(lang) + ("" if d.actions else lang.say(voice().hints(CODES[d.code].actions)))


def findings(diagnostics: list[Diagnostic] | tuple[Diagnostic, ...], *, details: bool = False,
             lang: Language = ENGLISH) -> list[Finding]:
    """Every diagnostic as a line in ``lang``, sorted by position; without ``details`` a repeated
    one is shown once with how many more there are and where."""
    groups = grouped(diagnostics)
    if details:  # a message may quote a file or a list: never a raw control character
        return [Finding(d.severity.value, printable(said(d, lang))) for first, more in groups for d in (first, *more)]
    return [Finding(first.severity.value, printable(said(first, lang) + lang.say(more_like_it(more))))
            for first, more in groups]
