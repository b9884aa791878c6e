"""What makes the model's most numerous records cheap to build: :func:`quick_init` and
:func:`builder`.

A frozen dataclass is given an ``__init__`` that calls ``object.__setattr__`` for each field,
three times slower than filling the slots directly; a 10,000-player file builds some 50,000
games, 10,000 players and 10,000 birth dates, and the rules build 110,000 game verdicts and
80,000 rated games from it. Such classes are decorated with :func:`quick_init` above
``@dataclass(frozen=True, slots=True)``; the hottest loop builds its records with a
:func:`builder`, at about half that cost again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """``cls`` (a frozen dataclass with slots, without default factories) with an ``__init__``
    that fills each slot through the slot's own descriptor, then calls ``__post_init__`` when
    the class has one (as a dataclass's own ``__init__`` does). Same parameters, same defaults,
    still frozen (assigning raises ``FrozenInstanceError``); ``tests/test_records.py`` holds it
    to that."""
    names, parameters, namespace = _parameters(cls, "quick_init")
    body = "".join(f"\n    _set_{n}(self, {n})" for n in names) + _post_init(cls)
    namespace |= {f"_set_{n}": getattr(cls, n).__set__ for n in names}
    init = _function(f"def __init__(self, {parameters}):{body}", namespace)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010 (mypy: assigning a class's __init__ directly is refused)
    return cls


def builder(cls: type[T]) -> Callable[..., T]:
    """What builds ``cls`` objects (a frozen dataclass without default factories) at about half
    :func:`quick_init`'s cost: called with ``cls``'s parameters, it returns a ``cls`` object
    equal to ``cls(...)``'s, frozen. It is a twin class of the same slots (or, without slots, the
    same attribute dict), not frozen, whose ``__init__`` fills the fields by plain stores, then
    gives the object ``cls`` as its class (Python allows that between classes of the same
    layout) and runs ``__post_init__`` if ``cls`` has one. ``tests/test_records.py`` holds it
    to ``cls``'s own."""
    names, parameters, namespace = _parameters(cls, "builder")
    body = "".join(f"\n    self.{n} = {n}" for n in names) + "\n    self.__class__ = _cls" + _post_init(cls)
    namespace["_cls"] = cls
    slots = cls.__dict__.get("__slots__")
    twin = type(f"{cls.__name__}Builder", (), {} if slots is None else {"__slots__": slots})
    setattr(twin, "__init__", _function(f"def __init__(self, {parameters}):{body}", namespace))  # noqa: B010
    twin.__qualname__ = f"{cls.__qualname__}Builder"
    return twin


def _parameters(cls: type, what: str) -> tuple[list[str], str, dict[str, Any]]:
    """``cls``'s field names, its ``__init__``'s parameter list (defaults named ``_default_X``)
    and the namespace that holds the defaults."""
    if any(f.default_factory is not MISSING for f in fields(cls)):
        raise TypeError(f"{what} cannot build {cls.__name__}: it has a default factory")
    names = [f.name for f in fields(cls)]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    parameters = ", ".join(f"{n}=_default_{n}" if n in defaults else n for n in names)
    return names, parameters, {f"_default_{n}": value for n, value in defaults.items()}


def _post_init(cls: type) -> str:
    return "\n    self.__post_init__()" if hasattr(cls, "__post_init__") else ""


def _function(source: str, namespace: dict[str, Any]) -> Callable[..., None]:
    """The function ``source`` defines, its globals ``namespace`` (as dataclasses builds its own)."""
    exec(source, namespace)
    init: Callable[..., None] = namespace["__init__"]
    return init
