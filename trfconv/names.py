"""Comparing players' names as arbiters write them with the spelling of the FIDE list.

FIDE writes names in ASCII, ``Surname, Given names``; tournament files write them with accents,
without the comma, given name first, or transliterated another way (``Dvoretsky`` /
``Dvoreckij``). :func:`key` folds what does not make two names different (case, accents and
letters such as ``ø`` or ``ß``, punctuation, word order); :func:`closeness` says how close two
names that still differ are, with rapidfuzz's token-sort ratio (0-100) on the folded forms,
which absorbs most transliteration differences.
"""

from __future__ import annotations

import re
import unicodedata

#: Letters that Unicode does not decompose into a base letter and a mark.
_LETTERS = str.maketrans({"ø": "o", "đ": "d", "ł": "l", "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th",
                          "ð": "d", "ı": "i", "ħ": "h", "ŧ": "t", "ŀ": "l"})
_SEPARATORS = re.compile(r"[\W_]+")


class _Marks(dict[int, int | None]):
    """A ``str.translate`` table that drops the combining marks (accents once a name is
    decomposed, NFKD) and keeps every other character: each character is looked up in Unicode's
    data the first time it is met (at most :data:`_MARKS_HELD` kept), then translated in C."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        if len(self) < _MARKS_HELD:
            self[code] = kept
        return kept


#: The most characters :class:`_Marks` keeps (names use a few hundred).
_MARKS_HELD = 10_000
_MARKS = _Marks()


def words(name: str) -> list[str]:
    """The words of ``name``, lower-case, without accents or punctuation, in order."""
    text = name.casefold().translate(_LETTERS)
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text).translate(_MARKS)
    return [w for w in _SEPARATORS.split(text) if w]


def key(name: str) -> str:
    """``name`` folded for comparison: words of :func:`words`, sorted, joined by a blank, so that
    ``Núñez, José`` and ``Jose NUNEZ`` have the same key."""
    return " ".join(sorted(words(name)))


def fide_name(name: str) -> str:
    """``Surname,Firstname`` as pairing programs store it (Swiss-Chess, Vega) written as FIDE
    writes names, ``Surname, Firstname``; any other name as it is."""
    surname, comma, first = name.partition(",")
    return f"{surname.strip()}, {first.strip()}" if comma and surname.strip() and first.strip() else name


def closeness(a: str, b: str) -> int:
    """How close two names are, 0-100 (100: same key). Whole numbers, as a person reads them."""
    from rapidfuzz import fuzz

    ka, kb = key(a), key(b)
    return 100 if ka == kb else int(fuzz.token_sort_ratio(ka, kb))
