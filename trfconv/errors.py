"""The exceptions trfconv raises on purpose: one root, :class:`TrfconvError`, and its few kinds
(``docs/library.md`` draws the tree). A module of the base layer that imports nothing of trfconv
at load time, so that every module can raise them (the messages too, which the diagnostics
import)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import Action
    from .diagnostics import Diagnostic


class TrfconvError(Exception):
    """What trfconv raises on purpose, the root of its exceptions (a bug's exception is never
    one): raised in strict mode, when an input cannot be read at all, or an output written. It is
    made of the diagnostics that say why (``diagnostics``; its message is the first error's), or
    of one sentence (its message; ``diagnostics`` is then empty), with what can be done about it
    (``actions``, :mod:`trfconv.actions`). The library's guide draws the tree (``docs/library.md``)."""

    def __init__(self, why: str | Iterable[Diagnostic] = (), actions: tuple[Action, ...] = ()) -> None:
        self.actions = actions
        if isinstance(why, str):
            self.diagnostics: tuple[Diagnostic, ...] = ()
            message = why
        else:
            self.diagnostics = tuple(why)
            from .diagnostics import Severity  # the diagnostics import this module

            first = next((d for d in self.diagnostics if d.severity is Severity.ERROR), None)
            message = str(first) if first else "trfconv error"
        super().__init__(message)

    def __reduce__(self) -> tuple[Callable[..., TrfconvError], tuple[object, ...]]:
        """Pickled with its attributes, whatever its class's parameters: an error raised in a
        worker process (``read_many``, ``period`` with ``jobs``) is raised again in the parent."""
        return _unpickled, (type(self), self.args, self.__dict__)


def _unpickled(cls: type[TrfconvError], args: tuple[object, ...], state: dict[str, object]) -> TrfconvError:
    err = cls.__new__(cls, *args)
    err.__dict__.update(state)
    return err


class InputError(TrfconvError):
    """An input that is not read (a file that cannot be opened, a document that is no
    tournament, a rating list or K file that cannot be read): why, in one sentence."""


class OutputError(TrfconvError):
    """An output that could not be written: why, in one sentence."""


class UsageError(TrfconvError, ValueError):
    """A name or a value asked for that trfconv or the event does not have (a rules edition, a
    round): why, in one sentence, which the command line says as a usage error. A ValueError
    too, as a value refused by Python is."""
