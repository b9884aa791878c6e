"""The drawing of lots that C.07 Art. 4.2 leaves for the ties the whole list did not break, made
reproducible: the order of a tied group is the order of the SHA-256 digests of
``"<seed>:<start number>"`` (the text in UTF-8, the digest in hexadecimal, smallest first). Anyone
with the seed and the start numbers can redo the draw by hand with any SHA-256 tool; another seed
gives another, independent order."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T", int, str)


@dataclass(frozen=True)
class Draw:
    """A drawing of lots: its seed and, for each group drawn, the numbers in the order drawn."""

    seed: str
    groups: tuple[tuple[int, ...], ...]


def ticket(seed: str, number: int | str) -> str:
    """The digest that places ``number`` in a draw made with ``seed``."""
    from hashlib import sha256  # imported by a draw, not by every command that ranks

    return sha256(f"{seed}:{number}".encode()).hexdigest()


def drawn(seed: str, numbers: Iterable[T]) -> tuple[T, ...]:
    """``numbers`` in the order the lots drawn with ``seed`` give."""
    return tuple(sorted(numbers, key=lambda x: (ticket(seed, x), x)))


def new_seed() -> str:
    """A fresh seed for a draw nobody asked a seed for (printed with the outcome, so that the
    draw can be checked and redone)."""
    import secrets

    return str(secrets.randbelow(10**6)).zfill(6)
