"""One player of a FIDE rating list, as the list gives him (standard library only).

A list publishes, for each FIDE ID, the player's name, federation, sex, titles, birth year, a flag
and, for each rate of play, a rating, the games rated in the period and the development
coefficient K. Values are kept as the list writes them, with FIDE's conventions made explicit:
rating ``0`` is "unrated" (None here), birth year ``0`` is "unknown" (None), flag ``i`` is
inactive and ``w`` woman (the legend of FIDE's download page,
https://ratings.fide.com/download_lists.phtml).

Every :class:`Rating` says which list it comes from (month and file), so that a rating or a K
used anywhere can name its source.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .titles import fide_title

#: The rates of play FIDE publishes a list for, in the order of the combined list's columns.
KINDS = ("standard", "rapid", "blitz")


def title_code(text: str) -> str | None:
    """A title as written in a list (``GM``, or the legacy ``g``, ``wg``) in the model's form (one
    that is not FIDE's kept, in capitals); None when blank."""
    text = text.strip()
    return fide_title(text) or text.upper() if text else None


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's entry in the list of one rate of play: ``rating`` None when unrated (``0`` in
    the list), ``games`` rated in the period, ``k`` the development coefficient (None when the
    list gives none), and where it was read: ``month`` (``YYYY-MM``) and ``source`` (file name)."""

    kind: str
    rating: int | None
    games: int | None
    k: int | None
    month: str
    source: str

    @property
    def origin(self) -> str:
        """Where this rating and K come from, for a report: ``FIDE standard list 2026-10
        (players_list_foa.txt)``."""
        return f"FIDE {self.kind} list {self.month} ({self.source})"


@dataclass(frozen=True, slots=True)
class ListEntry:
    """One FIDE ID in the list of ``month``. ``ratings`` holds a :class:`Rating` for each rate of
    play whose list of that month is held (a player absent from a single-type list that is held
    is unrated there); a kind whose list is not held is missing."""

    fide_id: int
    name: str
    federation: str
    sex: str | None  #: ``M`` or ``F`` as the list writes it
    title: str | None  #: ``Tit``: one of :data:`~trfconv.titles.TITLE_CODES`
    women_title: str | None  #: ``WTit``
    other_titles: tuple[str, ...]  #: ``OTit``: IA, FA, NA, IO, FT, ...
    foa_title: str | None  #: FIDE Online Arena title (AGM, AIM, AFM, ACM)
    birth_year: int | None
    flag: str  #: ``''``, ``i``, ``w`` or ``wi``
    month: str
    source: str  #: file the name, federation and titles were read from
    ratings: tuple[Rating, ...] = ()

    @property
    def inactive(self) -> bool:
        return "i" in self.flag

    @property
    def titles(self) -> tuple[str, ...]:
        """The player's chess titles (open and women's), best first as the list gives them."""
        return tuple(dict.fromkeys(t for t in (self.title, self.women_title) if t))

    def rating(self, kind: str) -> Rating | None:
        """The entry in the list of ``kind``; None when that list is not held for the month."""
        return next((r for r in self.ratings if r.kind == kind), None)


@dataclass(frozen=True, slots=True)
class KeptGame:
    """A game of a player still unrated, kept in the rating lists database after the period of
    the list of ``month`` (``YYYY-MM``) so that a later period pools it (B.02 2024 7.1.4: results
    within 26 months): the event, the opponent's rating used and the score."""

    month: str
    event: str
    opponent_rating: int
    score: Fraction
