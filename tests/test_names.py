"""Names folded for comparison with the FIDE list (trfconv.names): accents and other combining
marks dropped, whatever the number of different characters met."""

import unicodedata

from trfconv import names


def folded_char_by_char(name: str) -> list[str]:
    """The definition: each character of the decomposed name asked whether it is a mark."""
    text = name.casefold().translate(names._LETTERS)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return [w for w in names._SEPARATORS.split(text) if w]


def test_accents_and_letters_folded():
    assert names.words("Núñez, José") == ["nunez", "jose"]
    assert names.key("Jose NUNEZ") == names.key("Núñez, José") == "jose nunez"
    assert names.words("Håkansson-Ødegård, Þórir") == ["hakansson", "odegard", "thorir"]
    assert names.closeness("Dvoretsky, Mark", "Dvoreckij, Mark") < 100


def test_every_character_folded_as_by_its_own_unicode_data():
    """Every character of the Basic Multilingual Plane (more than the marks table keeps), in
    names of a few characters: the same words as asking Unicode's data character by character."""
    characters = [chr(code) for code in range(0x20, 0x10000) if not 0xD800 <= code <= 0xDFFF]
    for at in range(0, len(characters), 7):
        name = "A" + "".join(characters[at:at + 7]) + "b c"
        assert names.words(name) == folded_char_by_char(name), name
