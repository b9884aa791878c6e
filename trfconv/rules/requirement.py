"""A requirement of a regulation as the documents show it: its article, what it asks, what the
event or the games give, whether it is met or cannot be checked, and by how much it fails. Shared
by the title norms (B.01) and the arbiters' norms (B.06.1)."""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Message, msg


@dataclass(frozen=True)
class Requirement:
    """One requirement: its article, what it asks (with the numbers), what the games give, met;
    ``known`` False: what it needs is not in the file (no titles, no federations, no ratings, no
    round dates, no rate of play, no arbiter's title): not checked, neither met nor failed;
    ``short``: by how much it fails (``1 more GM``, ``9 points``), when it fails. What it asks,
    the value and by how much are messages where they are words (said in the document's
    language), else texts (a number, start numbers)."""

    article: str
    rule: str
    value: str
    ok: bool
    known: bool = True
    short: str | None = None
    #: When it fails: by a little (a number by ``NEAR_RATING`` points or half a point, a count or
    #: the games by one) or more (:attr:`trfconv.rules.norms.evaluate.TitleNorm.near_miss`).
    narrow: bool = False
    number: bool = False  #: Ra, Rp or the score (not a count of games or opponents)

    @property
    def status(self) -> Message:
        """``ok``, ``FAILS`` or ``not checked``, as the documents print it."""
        return OK if self.ok else FAILS if self.known else NOT_CHECKED


OK, FAILS, NOT_CHECKED = msg("ok"), msg("FAILS"), msg("not checked")
