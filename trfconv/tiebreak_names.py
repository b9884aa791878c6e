"""Tie-break names as arbiters type them: FIDE's names in each C.07 edition, the pairing programs'
(Swiss-Manager and chess-results in English and German, Vega, Swiss-Chess, Papi), the French
federation's manual and the other French and Spanish texts, read into the TRF-2026 form
(``Buchholz tronqué`` -> ``BH/C1``): what ``rules.tiebreaks.spec.parse`` reads a name that is no
code with, and what a reader uses for a program that names its tie-breaks (Papi's ``Brésilien``).

The names are data, each with the sources that write it (``rules/data/tiebreak-names.toml``, next
to the tie-breaks' other data); the tables of ``docs/tiebreak-names.md`` are generated from it.
Besides the names, each tie-break the data lists is read by its code (``bh``, ``harkness`` for
``OTHER_HARKNESS``). Matching ignores case, accents, spaces, dashes and punctuation, a leading
word that does not change the tie-break (``Départage Kashdan``, ``Greater number of
victories``), and reads a cut or a median written in words (``Buchholz Cut 1``, ``BH C1``,
``Buchholz -1``, ``Buchholz moins le plus faible``, ``Médian Buchholz 2``). A name two systems
share is read one way and the reading is said (``Median``: BH/M1, not Harkness;
``Performance``: FIDE's TPR, not the French federation's).
"""

from __future__ import annotations

import difflib
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .messages import data as data_text

DATA = "tiebreak-names.toml"
_FILE = Path(__file__).parent / "rules" / "data" / DATA
_WORDS = re.compile(r"[^\W\d_]+|\d+")
#: A cut written as a minus and a number at the end of a name: ``Buchholz -1``, ``BH-2``.
_MINUS = re.compile(r"-\s*(\d+)\s*\)?\s*$")


@dataclass(frozen=True)
class Reading:
    """What a name reads as: ``text``, the tie-break in TRF-2026 form (``BH/M1``), and what the
    output says of the reading when it is a choice (``said``, TB017; None when it is none)."""

    text: str
    said: str | None = None


def words(text: str) -> list[str]:
    """``text`` as words to match: lower case, accents removed, split at everything that is not
    a letter or a digit (``Moyenne Elo tronquée`` -> ``moyenne elo tronquee``)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return _WORDS.findall(bare.casefold())


def key(text: str) -> str:
    """The form two names are compared in: their words joined (``Sonneborn-Berger`` and
    ``sonneborn berger`` are ``sonnebornberger``)."""
    return "".join(words(text))


@cache
def data() -> dict[str, Any]:
    """The names' data, as read from its TOML file."""
    return tomllib.loads(_FILE.read_text("utf-8"))


@cache
def index() -> dict[str, str]:
    """Every name read, as its :func:`key` -> the tie-break in TRF-2026 form: the data's names,
    each name without the leading words it may start with, and the code of each tie-break the
    data lists (the ``OTHER_`` prefix optional). A key two tie-breaks share is read as its
    ``[said]`` entry means (the data's test makes sure there is one)."""
    found: dict[str, str] = {}
    for target in data()["names"]:
        code = re.split("[/:]", target)[0]
        found[key(code)] = code
        if code.startswith("OTHER_"):
            found[key(code[6:])] = code
    for target, names in data()["names"].items():
        for name in names:
            for k in {key(name), "".join(_unled(words(name)))}:
                found[k] = target if k not in found or found[k] == target else _chosen(k, found[k], target)
    return found


def named_by(source: str, name: str) -> str | None:
    """The tie-break (TRF-2026 form) ``name`` is as ``source`` writes it (a key of the data's
    sources: ``papi``): a program's own name needs no choice, since the program says what it
    computes (Papi's ``Performance`` is the French federation's, OTHER_PERF); None when that
    source writes no such name."""
    return _by_source().get((source, key(name)))


@cache
def _by_source() -> dict[tuple[str, str], str]:
    return {(source, key(name)): target for target, names in data()["names"].items()
            for name, sources in names.items() for source in sources}


def _chosen(k: str, first: str, second: str) -> str:
    """The reading of a key two tie-breaks share: its ``[said]`` entry's, else the first (the
    data's test fails on such a key)."""
    entry = said().get(k)
    return entry.text if entry is not None else first


@cache
def said() -> dict[str, Reading]:
    """The names whose reading is a choice (``[said]``), by :func:`key`."""
    return {k: Reading(entry["means"], data_text(entry["said"])) for name, entry in data()["said"].items()
            for k in (key(name), "".join(_unled(words(name))))}


def shared() -> dict[str, set[str]]:
    """The keys the data's names give more than one tie-break (each needs a ``[said]`` entry)."""
    targets: dict[str, set[str]] = {}
    for target, names in data()["names"].items():
        for name in names:
            for k in {key(name), "".join(_unled(words(name)))}:
                targets.setdefault(k, set()).add(target)
    return {k: t for k, t in targets.items() if len(t) > 1}


def _unled(found: list[str]) -> list[str]:
    """``found`` without the leading words that do not change the tie-break (the longest that
    fits, as often as they follow each other: ``le système Koya`` -> ``koya``)."""
    leading = sorted((w.split() for w in data()["matching"]["leading"]), key=len, reverse=True)
    changed = True
    while changed and found:
        changed = False
        for lead in leading:
            if found[:len(lead)] == lead and len(found) > len(lead):
                found, changed = found[len(lead):], True
                break
    return found


def read(name: str) -> Reading | None:
    """The tie-break ``name`` names, None when it names none."""
    names, notes = index(), said()
    k = key(name)
    if k in names:
        return Reading(names[k], notes[k].said if k in notes else None)
    found = _unled(words(name))
    if "".join(found) in names:
        k = "".join(found)
        return Reading(names[k], notes[k].said if k in notes else None)
    folded = name.casefold()
    minus = _MINUS.search(folded)
    for cut in (_cut(found), ("C", int(minus[1]), words(folded[:minus.start()])) if minus else None):
        if cut is None:
            continue
        kind, n, base = cut
        k = "".join(_unled(base))
        target = names.get(k)
        if target is not None and "/" not in target and ":" not in target:
            return Reading(f"{target}/{kind}{n}", notes[k].said if k in notes else None)
    return None


def _cut(found: list[str]) -> tuple[str, int, list[str]] | None:
    """``("C" or "M", n, the other words)`` when ``found`` writes a cut or a median in words,
    else None. A word takes the number that follows it, else a number ending the name, else 1
    (``Median Buchholz 2``); a letter takes the number that follows it (``BH C1``)."""
    m = data()["matching"]
    for phrase, n in m["cut_phrases"].items():
        p = phrase.split()
        for at in range(len(found) - len(p) + 1):
            if found[at:at + len(p)] == p:
                return "C", n, found[:at] + found[at + len(p):]
    for kind, spelled, letters in (("C", m["cut_words"], m["cut_letters"]), ("M", m["median_words"], m["median_letters"])):
        for at, word in enumerate(found):
            following = found[at + 1] if at + 1 < len(found) and found[at + 1].isdigit() else None
            if word in letters and following is not None:
                return kind, int(following), found[:at] + found[at + 2:]
            if word in spelled:
                rest = found[:at] + found[at + 1 + (following is not None):]
                if following is None and len(rest) > 1 and rest[-1].isdigit():
                    following, rest = rest[-1], rest[:-1]
                return kind, int(following or 1), rest
    return None


def closest(name: str) -> list[str]:
    """The tie-breaks (in TRF-2026 form) whose names are closest to ``name``, best first, at most
    three: what the person probably meant."""
    names = index()
    found = difflib.get_close_matches(key(name) or name.casefold(), list(names), n=8, cutoff=0.7)
    return list(dict.fromkeys(names[f] for f in found))[:3]


@cache
def _slashed() -> frozenset[str]:
    return frozenset(key(n) for names in data()["names"].values() for n in names if "/" in n or ":" in n)


def whole(name: str) -> bool:
    """Whether ``name``, which holds a ``/`` or ``:``, is one of the names written so (``Standard
    Score (1-1/2-0)``) rather than a name and its modifiers (``Buchholz/C1``)."""
    return key(name) in _slashed()


def said_of(name: str) -> str | None:
    """What the output says when ``name`` is read, when its reading is a choice (``Perf``)."""
    entry = said().get(key(name))
    return entry.said if entry is not None else None
