"""Hostile inputs shared by the tests: a billion-laughs XML document, and every output of a
tournament computed without an exception."""

from __future__ import annotations

import trfconv

#: The output formats every tournament must write.
FORMATS = ("trf26", "trf16", "json", "xml", "csv")


def written_everywhere(t) -> None:
    """Every output format, the standings and the rating are computed without an exception."""
    for fmt in FORMATS:
        trfconv.dumps(t, fmt)
    trfconv.standings(t)
    trfconv.rate(t)


#: A billion laughs: nested entities that expand to 10^9 copies of "lol" if a parser resolved them.
LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>
<chessresults><tournamentdata><tournament type="0" name="&lol9;"/></tournamentdata><players/></chessresults>"""
