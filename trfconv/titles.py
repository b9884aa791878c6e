"""FIDE's titles for players as files and rating lists write them: the codes (``GM`` … ``WCM``) and
the letters older files use for them. What a title means (which are women's titles, which have
norms, which FIDE's IT1 form counts) is the Title Regulations' and lives with each edition of them
(``trfconv/rules/data/b01-*.toml``, read by :mod:`trfconv.rules.norms.rules`)."""

from __future__ import annotations

#: FIDE's title codes, highest first in FIDE's order: the TRF's title field (columns 11-13) lists
#: them so, and C.04.3 A.2 b ranks players by title in this order for the initial ranking.
TITLE_CODES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")

#: The letters of FIDE's lists before 2012 and of older TRF files (``g`` … ``wc``), and the French
#: letters some programs write (Papi, some TRF writers: ``gf`` for *grand maître féminin* …), each
#: as the code it stands for.
TITLE_LETTERS = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM",
           "gf": "WGM", "mf": "WIM", "ff": "WFM", "cf": "WCM"}


def fide_title(text: str) -> str | None:
    """``text`` (any case, blanks around) as a FIDE title code: a code of :data:`TITLE_CODES` or a letter
    of :data:`TITLE_LETTERS`; None when it is neither (blank included)."""
    text = text.strip()
    return text.upper() if text.upper() in TITLE_CODES else TITLE_LETTERS.get(text.lower())
