"""What a French reader would see as English: the words of trfconv's English (its catalog's
messages) that its French does not share, found in a text (``tests/test_messages.py``'s documents
and commands, ``tests/web/test_serve_browser.py``'s page)."""

from __future__ import annotations

import re
from pathlib import Path

import catalogs

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)
_FIELD = re.compile(r"\{[^{}]*\}")
_CODE = re.compile(r"\b[A-Z]{2,4}[0-9]{3}\b")


def french_pairs():
    """Each message of the French catalog: its English forms and its French ones."""
    for m in catalogs.read(catalogs.LOCALE / "fr.po"):
        if m.id:
            english = m.id if isinstance(m.id, tuple) else (m.id,)
            french = m.string if isinstance(m.string, tuple) else (m.string,)
            yield english, french


def words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def vocabularies():
    """The words of the catalog's English and of its French, fields left out."""
    english, french = set(), set()
    for e, f in french_pairs():
        english |= set().union(*(words(_FIELD.sub(" ", text)) for text in e))
        french |= set().union(*(words(_FIELD.sub(" ", text)) for text in f))
    return english - french, french


def english_words(text: str, file: Path, *written: Path, typed: tuple[str, ...] = ()) -> set[str]:
    """The words of ``text`` that are trfconv's English and not French, nor a word of the file
    (names, places, the event's own texts; a name cut short in a column too), nor a file's name
    (``file``, the ones ``written``), nor a word the user ``typed`` (a tie-break name quoted back):
    what a French reader would see as English."""
    english, _ = vocabularies()
    text = _CODE.sub(" ", text)  # a diagnostic's code (PER009) is no word
    own = words(file.read_text("utf-8", "replace")) | words(" ".join(map(str, (file, *written, *typed))))
    own |= {word[:n] for word in own for n in range(1, len(word))}
    return (words(text) & english) - own
