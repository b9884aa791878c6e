"""What a job is given, and the one check of its outputs against it.

A job's parameters are a frozen dataclass (:class:`Params`) naming its inputs: a tournament file
as a path, as bytes with a name (:class:`Content`: what the page receives) or as a tournament
already read; the FIDE rating lists it holds an event against (:class:`Lists`); and the files it
writes. Each parameters class says which files it reads (:meth:`Params.inputs`: the events, a K
file, the rating lists database) and which it writes (:meth:`Params.outputs`), and
:func:`refused_output` holds every output against every input, once, before the job runs
(:func:`trfconv.jobs.run`): no job overwrites a file it reads."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from ..diagnostics import diagnostic
from ..errors import TrfconvError
from ..io.files import MAX_INPUT_BYTES, InputError, OutputError, read_input, same_file, writable
from ..io.registry import read_bytes, unreadable_codes
from ..messages import ENGLISH, Language, msg
from ..model import Tournament
from .result import Problem


@dataclass(frozen=True)
class Content:
    """A tournament file given as its bytes and its name (an upload)."""

    name: str
    data: bytes


#: A tournament given to a job: a path, its bytes with a name, or the tournament itself.
Given = str | os.PathLike | Content | Tournament


@dataclass(frozen=True)
class Lists:
    """The FIDE rating lists a job holds an event against: the database (None: the default one,
    :func:`trfconv.io.ratinglist.store.default_path`) and the month of the list to use (None: the
    list in force at each event's start)."""

    db: Path | None = None
    month: str | None = None

    def path(self) -> Path:
        from ..io.ratinglist.store import default_path

        return Path(self.db) if self.db is not None else default_path()


#: The fields of a job's parameters that name the files it reads, whatever the job: the tournament
#: file, the K file, the rating lists' database.
READ = ("file", "k_file", "lists")


@dataclass(frozen=True)
class Params:
    """What every job's parameters say: the job's name (its key in :data:`trfconv.jobs.JOBS`),
    the function that runs it (``job``: ``"module:function"``, taking the parameters and returning
    a :class:`~trfconv.jobs.result.JobResult`), the files they read and the files they write;
    and the language its documents and messages are said in (``lang``, a keyword: the face's,
    :mod:`trfconv.messages`)."""

    name: ClassVar[str]
    job: ClassVar[str]
    lang: Language = field(default=ENGLISH, kw_only=True, compare=False)

    def inputs(self) -> tuple[Path, ...]:
        """Every file the job reads: those of its fields :data:`READ` names (a job reading
        otherwise says its own)."""
        return paths(*(getattr(self, name) for name in READ if hasattr(self, name)))

    def outputs(self) -> tuple[Path, ...]:
        """Every file the job writes (``-``: standard output, none): its ``output`` field's."""
        return paths(getattr(self, "output", None))


def path_of(given: Given | None) -> Path | None:
    """The file ``given`` names, if it names one."""
    return Path(given) if isinstance(given, (str, os.PathLike)) else None


def paths(*given: Given | Lists | Path | None) -> tuple[Path, ...]:
    """The files among ``given`` (a rating lists choice: its database)."""
    found = [g.path() if isinstance(g, Lists) else path_of(g) for g in given]
    return tuple(p for p in found if p is not None)


def refused_output(params: Params) -> Problem | None:
    """Why one of the job's outputs cannot be written, checked before any work: it can plainly
    not be written (its folder is missing or a file, it is a folder), or it is one of the
    job's inputs (any file it reads: the events, a K file, the rating lists database), which
    are never overwritten. None when every output may be written."""
    outputs = params.outputs()
    inputs = params.inputs() if outputs else ()  # a folder of events is searched only when it matters
    for output in outputs:
        problem = refused_path(output, inputs)
        if problem is not None:
            return problem
    return None


def refused_path(output: Path, inputs: tuple[Path, ...]) -> Problem | None:
    """Why ``output`` cannot be written by a job reading ``inputs`` (None: it can)."""
    if str(output) == "-":
        return None
    try:
        writable(output)
    except OutputError as err:
        return Problem(str(err), path=str(output))
    for given in inputs:
        if same_file(output, given):
            return Problem(msg("is an input of this command ({given}); refusing to overwrite it", given=str(given)),
                           path=str(output))
    return None


def read_file(path: str | os.PathLike, *, encoding: str | None = None, format: str | None = None,
              max_bytes: int = MAX_INPUT_BYTES) -> Tournament:
    """The tournament in the file at ``path``; :class:`~trfconv.diagnostics.TrfconvError` with
    an ``IO001`` diagnostic when it is not a regular file of at most ``max_bytes`` that can be
    opened (its content never raises: what is wrong in it is in its diagnostics)."""
    try:
        data = read_input(path, max_bytes=max_bytes)
    except InputError as err:
        raise TrfconvError([diagnostic("IO001", msg("cannot read: {why}", why=err.args[0]), path=str(path),
                                        actions=err.actions)]) from None
    return read_bytes(data, str(path), encoding=encoding, format=format)


def tournament(given: Given, *, encoding: str | None = None, max_bytes: int = MAX_INPUT_BYTES) -> Tournament | Problem:
    """The tournament ``given``, or the problem that says why it cannot be read: the file
    cannot be opened (``IO001``), or its content is not a tournament trfconv reads (the format's
    unreadable codes: no player, not a tournament file, beyond the limits)."""
    if isinstance(given, Tournament):
        t = given
    elif isinstance(given, Content):
        t = read_bytes(given.data, given.name, encoding=encoding)
    else:
        try:
            t = read_file(given, encoding=encoding, max_bytes=max_bytes)
        except TrfconvError as err:
            return Problem(msg("cannot be read"), path=str(given), diagnostics=err.diagnostics)
    codes = unreadable_codes()
    problems = tuple(d for d in t.diagnostics if d.code in codes)
    if problems:
        return Problem(msg("not a tournament file trfconv can read"), path=t.source.path, diagnostics=problems)
    return t


def name_of(given: Given) -> str:
    """The name a job's result shows for ``given``."""
    if isinstance(given, Content):
        return given.name
    if isinstance(given, Tournament):
        return given.source.path or "<input>"
    return str(given)
