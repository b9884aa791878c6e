"""What the command line adds to a diagnostic: the option that answers it. The library's
messages name no command-line option (a library user has none); the commands print these hints
after the messages they concern."""

from __future__ import annotations

from ..diagnostics import Diagnostic
from ..messages import ENGLISH, Language, msg

HINTS = {
    "VAL001": msg("give the time control with --time-control"),
    "VAL004": msg("choose the edition with --rules"),
    "VAL005": msg("choose the edition with --rules"),
    "TB004": msg("give unrated players a rating with --unrated"),
}


def with_hint(d: Diagnostic, lang: Language = ENGLISH) -> str:
    """The diagnostic as one line in ``lang``, with its hint when it has one."""
    hint = HINTS.get(d.code)
    return f"{d.line(lang)} ({lang.say(hint)})" if hint else d.line(lang)
