"""What every job returns: one record (:class:`JobResult`) whatever the job, which each face
presents in its own way; and what a job says when it cannot do its work (:class:`Problem`).

A job decides everything a face would otherwise decide: the verdict, whether a document is
withheld, which outputs it refuses, the exit class. A face only words the record (and the
actions in it, :mod:`trfconv.actions`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Generic, TypeVar

from ..actions import Action, voice
from ..diagnostics import Diagnostic
from ..documents.basis import Basis
from ..messages import Language
from ..model import Tournament

T = TypeVar("T")


class Exit(IntEnum):
    """How a job ended, as the command line's exit code says it."""

    OK = 0  #: done, and nothing wrong with what it rests on
    PROBLEMS = 1  #: done, or refused on the file's merits: errors found, not rateable, a document withheld
    UNUSABLE = 2  #: not done: an input cannot be read, a parameter is wrong, an output cannot be written


@dataclass(frozen=True)
class Problem:
    """Why a job was not done (or an output of it refused): one sentence, ``why``; about a
    parameter of the job (``about``: its field name, which each face words as its option or
    its control; ``given``: the value given, when it is what is wrong) or a file (``path``);
    what can be done about it (``actions``); the diagnostics that say it line by line, when it
    is a file that cannot be read."""

    why: str
    about: str | None = None
    given: str | None = None
    path: str | None = None
    actions: tuple[Action, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()

    def __str__(self) -> str:
        """``why`` with its actions, as the voice in use words them (English)."""
        return str(voice().words(self.why, self.actions))

    def said(self, lang: Language) -> str:
        """``why`` with its actions, as the voice in use words them, in ``lang``."""
        return lang.say(voice().words(self.why, self.actions))


@dataclass(frozen=True)
class Rendered:
    """A document a job rendered: its name in the documents' registry, its form, its text and
    the encoding of its bytes (a CSV carries the byte-order mark spreadsheets want)."""

    document: str
    form: str
    text: str
    encoding: str = "utf-8"


@dataclass(frozen=True)
class Written:
    """A file a job wrote: where, what it holds (``rating report (html)``), and whether the
    document's body was withheld (the file then holds the input's errors only)."""

    path: str
    what: str
    withheld: bool = False


@dataclass(frozen=True)
class JobResult(Generic[T]):
    """What a job did: its name; its exit class; the file it is about (a name to show) and the
    tournament read; ``value``, what it computed (a verdict, a rating, standings, a plan, a
    period, the upload check); every diagnostic noticed, in order; what the document rests on
    (``basis``: its errors, caveats, whether it is withheld); the verdict in a few words; the
    documents rendered; the bytes of a conversion not written to a file; the files written;
    what it refused (an output, or the whole work when it stopped: ``exit`` is then
    UNUSABLE); and what the person can do next (``actions``)."""

    job: str
    exit: Exit
    file: str | None = None
    tournament: Tournament | None = None
    value: T | None = None
    diagnostics: tuple[Diagnostic, ...] = ()
    basis: Basis | None = None
    verdict: str | None = None
    documents: tuple[Rendered, ...] = ()
    data: bytes | None = None
    written: tuple[Written, ...] = ()
    refused: tuple[Problem, ...] = ()
    actions: tuple[Action, ...] = ()

    @property
    def done(self) -> bool:
        """The work was done (whatever it found): the job did not stop on a problem."""
        return self.exit is not Exit.UNUSABLE

    @property
    def caveats(self) -> tuple[str, ...]:
        """What the result assumes (:attr:`Basis.caveats`)."""
        return self.basis.caveats if self.basis is not None else ()

    @property
    def document(self) -> Rendered | None:
        """The document rendered, when the job renders one."""
        return self.documents[0] if self.documents else None

    # What a face reads of a job it knows was done and gives these (:func:`need` says which
    # job did not, a bug, never a user's error): typed without None.

    @property
    def computed(self) -> T:
        """:attr:`value`, of a job that was done."""
        return need(self.value, self.job, "value")

    @property
    def grounds(self) -> Basis:
        """:attr:`basis`, of a job that renders a document."""
        return need(self.basis, self.job, "basis")

    @property
    def event(self) -> Tournament:
        """:attr:`tournament`, of a job that read one."""
        return need(self.tournament, self.job, "tournament")

    @property
    def rendered(self) -> Rendered:
        """:attr:`document`, of a job that handed one back."""
        return need(self.document, self.job, "document")


V = TypeVar("V")


def need(found: V | None, job: str, what: str) -> V:
    """``found``, which a job that was done gives; a bug (not a user's error) when it is None."""
    if found is None:
        raise RuntimeError(f"the {job} job gave no {what}")
    return found


def stopped(job: str, problem: Problem, **known) -> JobResult:
    """The result of a job that could not do its work, for ``problem``."""
    return JobResult(job, Exit.UNUSABLE, refused=(problem,), actions=problem.actions, **known)
