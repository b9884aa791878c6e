"""What makes the model's most numerous records cheap to build: :func:`quick_init`.

A frozen dataclass is given an ``__init__`` that calls ``object.__setattr__`` for each field,
three times slower than filling the slots directly; a 10,000-player file builds some 50,000
games, 10,000 players and 10,000 birth dates, and the rules build 110,000 game verdicts and
80,000 rated games from it. Such classes are decorated with :func:`quick_init` above
``@dataclass(frozen=True, slots=True)``.
"""

from __future__ import annotations

from dataclasses import MISSING, fields


def quick_init(cls: type) -> type:
    """``cls`` (a frozen dataclass with slots, without default factories) with an ``__init__``
    that fills each slot through the slot's own descriptor, then calls ``__post_init__`` when
    the class has one (as a dataclass's own ``__init__`` does). Same parameters, same defaults,
    still frozen (assigning raises ``FrozenInstanceError``); ``tests/test_records.py`` holds it
    to that."""
    if any(f.default_factory is not MISSING for f in fields(cls)):
        raise TypeError(f"quick_init cannot build {cls.__name__}: it has a default factory")
    names = [f.name for f in fields(cls)]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    parameters = ", ".join(f"{n}=_default_{n}" if n in defaults else n for n in names)
    body = "".join(f"\n    _set_{n}(self, {n})" for n in names)
    if hasattr(cls, "__post_init__"):
        body += "\n    self.__post_init__()"
    namespace = {f"_set_{n}": getattr(cls, n).__set__ for n in names}
    namespace |= {f"_default_{n}": value for n, value in defaults.items()}
    exec(f"def __init__(self, {parameters}):{body}", namespace)  # as dataclasses builds its own
    cls.__init__ = namespace["__init__"]
    cls.__init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return cls
