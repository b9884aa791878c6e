"""What a person can do about a message, as data, and how each face words it.

A message the library or a job makes says what is wrong and what to do in words that name no
means of doing it: "not judged; judge it when it is over". What the person can do is an
:class:`Action` beside the message (a diagnostic's ``actions``, a job's result): judge after
round 4, allow a defective file, give a rating list. Each face has a :class:`Voice` that words
an action in its own terms: the command line as an option (``--after-round 4 judges the rounds
complete``), the web page as a control ("after round 4"). The library's own voice
(:data:`PLAIN`) words none: its callers read the actions themselves.

The voice in use is the one a face set for what it runs (:func:`speaking`; a context variable,
so that the page's threads and the command line's worker processes each say things their own
way), as a translation catalog is chosen once for a run and not handed down every call: the
diagnostics and documents made in it are worded with it (:func:`voice`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Protocol

from .messages import Message, joined, msg


@dataclass(frozen=True)
class Action:
    """Something the person can do about a message: its kind (one of :data:`ACTIONS`), the value
    it takes, if any (a round, an encoding), and what it achieves in neutral words (``to produce
    it anyway``), which the face's words of the means come before."""

    kind: str
    value: str | int | None = None
    purpose: str = ""  #: a message (``msg("to write it anyway")``), said in the face's language

    def __post_init__(self) -> None:
        if self.kind not in ACTIONS:
            raise ValueError(f"unknown action {self.kind!r}")


#: Every kind of action, and what it is in words that name no means (the guide's table, the
#: page's help and a face without words for it).
ACTIONS: dict[str, str] = {
    "allow-defective": "produce the document or the file even though the input has errors; it then says so",
    "show-details": "show everything: every diagnostic, player and game",
    "write-file": "write the whole document to a file",
    "after-round": "judge or rank the event as it stood after a round",
    "finished-after": "say that the event ended after a round (stopped early)",
    "give-time-control": "give the event's rate of play",
    "choose-edition": "choose the edition of the regulations",
    "give-unrated-rating": "give unrated players a rating for the rating-based tie-breaks",
    "give-list": "hold the event against an imported FIDE rating list",
    "import-list": "import a FIDE rating list",
    "give-period": "give the month of the rating period",
    "take-unfinished": "take events that are not finished, on the results they hold",
    "take-undated": "take events without any date whole into the period",
    "keep-unrated": "pool unrated players' games with those kept from earlier periods, and keep theirs",
    "give-encoding": "give the input's encoding",
    "larger-limit": "read a larger input than the limit",
    "another-db": "use another rating lists database",
    "give-month": "give the month of a rating list",
    "give-kind": "give the rate of play of a rating list",
    "give-players": "name the tied players",
    "draw-lots": "break the ties left by a drawing of lots",
    "play-off": "hold a play-off for the players tied",
    "give-tiebreaks": "give the tie-break list",
    "choose-reading": "apply the other reading of an article the regulations leave open to reading",
    "ask-forecast": "ask what each player needs in the rounds to come",
    "choose-title": "name the title whose norm is looked for",
}


def phrase(template: str, /) -> str:
    """An action's words in a face: a message template whose ``{value}`` and ``{purpose}`` are
    filled when it is said (:meth:`Voice.hint`); the catalogs extract it as they do ``msg``."""
    return template


class Said(Protocol):
    """What carries a message and its actions (a diagnostic)."""

    @property
    def message(self) -> str: ...

    @property
    def actions(self) -> tuple[Action, ...]: ...


@dataclass(frozen=True)
class Voice:
    """How a face words actions: for each kind it knows, a phrase (:func:`phrase`: ``{value}``
    the action's value, ``{purpose}`` its purpose). A kind it does not know is not worded. What
    it says is a message (:mod:`trfconv.messages`), said in the face's language."""

    name: str
    phrases: Mapping[str, str] = field(default_factory=dict)

    def hint(self, action: Action) -> Message | None:
        """The words of ``action`` in this voice, or None."""
        template = self.phrases.get(action.kind)
        if template is None:
            return None
        return Message(template, {"value": "" if action.value is None else action.value,
                                  "purpose": action.purpose}, one_line=True)

    def hints(self, actions: Iterable[Action]) -> str:
        """The words of ``actions`` as one parenthesis to end a sentence with (`` (--after-round
        4 judges the rounds complete, --finished-after 4 …)``), or nothing."""
        said = [h for h in map(self.hint, actions) if h]
        return msg(" ({hints})", hints=joined(said, ", ")) if said else ""

    def words(self, text: str, actions: Iterable[Action]) -> str:
        """``text`` with the words of ``actions`` after it (a message when there are any)."""
        hints = self.hints(actions)
        return joined([text, hints]) if hints else text

    def message(self, said: Said) -> str:
        """A diagnostic's ``message`` with the words of its own ``actions``."""
        return self.words(said.message, said.actions)


#: The library's voice: it words no action (a library caller reads them).
PLAIN = Voice("library")
_current: ContextVar[Voice] = ContextVar("voice", default=PLAIN)


def voice() -> Voice:
    """The voice of the face running now (:data:`PLAIN` outside any)."""
    return _current.get()


@contextmanager
def speaking(chosen: Voice) -> Iterator[Voice]:
    """Word what is said inside the block with ``chosen``."""
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)
