"""The tie-break list of a chess-results upload XML: ``tb1no``…``tb5no`` hold chess-results'
numeric tie-break ids and ``tb1_detail``…``tb5_detail`` their comma-separated parameters (the
id table is H. Herzog's "Tie-Breaks.xlsx", kept with the upload specification in the
Sharly-Chess repository, docs/technical-appendices/chess-results). This module turns them into
the C.07 names of TRF-2026 202/212 (``BH/C1``, ``SB``, ``PTS:GP`` …) and back.

In an individual event the ids rank players tied on points (a 202 list); in a team event the
list is the whole order, the primary score first (13 match points, 1 game points: a 212 list
starting with ``PTS``). Ids that have no C.07 counterpart (the historical Buchholz variants,
Berlin, Arranz …) are reported and left out of the list; a name the table cannot say is left
out of the written file, and the writer's projection says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..messages import Message, msg
from ..numbers import ascii_digits

#: Slots of the format: tb1no … tb5no.
SLOTS = 5

#: Ids read without parameters: id -> C.07 name (the table's "old" ids whose meaning is one C.07
#: tie-break; the parametrised ids are read by :func:`name_of`).
PLAIN = {
    2: "BH", 3: "BH/C1", 4: "BH/M1", 11: "DE", 12: "WIN", 17: "BH", 19: "SB", 25: "OTHER_BHSUM", 37: "BH",
    45: "KS", 52: "SB", 77: "AOB", 78: "BC", 79: "REP", 89: "TBR", 90: "BBE", 91: "SSSC", 92: "OTHER_KASHDAN",
}
#: Id 68 (number of wins), its type parameter: 0 WIN, 1 WON, 2 BWG, 3 BPG.
WINS = ("WIN", "WON", "BWG", "BPG")
#: Id 88 (performance), its type parameter: 0 TPR, 1 APRO, 2 PTP, 3 APPO.
PERFORMANCE = ("TPR", "APRO", "PTP", "APPO")
#: Id 82 (extended Sonneborn-Berger), its type parameter.
EXTENDED_SB = ("EMMSB", "EMGSB", "EGMSB", "EGGSB")
#: The ids of the written names: the one the table has for each C.07 tie-break.
WRITTEN = {"DE": 81, "AOB": 77, "BC": 78, "REP": 79, "TBR": 89, "BBE": 90, "SSSC": 91, "KS": 87,
           "OTHER_BHSUM": 25, "OTHER_KASHDAN": 92, "PS": 86, "EDE": 83,
           **{n: 68 for n in WINS}, **{n: 88 for n in PERFORMANCE}, **{n: 82 for n in EXTENDED_SB}}

#: What the id table calls some ids without a C.07 name (for the diagnostic that says a list
#: stops before one).
DESCRIPTIONS = {
    5: msg("manual input after tie-break games"), 6: msg("manual input after tie-break games"), 8: msg("FIDE tie-break, old"),
    9: msg("FIDE tie-break fine, old"), 10: msg("average rating of the opponents, old"),
    14: msg("results of the teams in the same point group"), 21: msg("performance, old"), 53: msg("most games with Black, old"),
    54: msg("recursive rating performance"), 57: msg("Olympiad Sonneborn-Berger without the lowest result"),
    61: msg("Arranz system"), 68: msg("number of wins, variable"), 69: msg("Koya fine, old"),
    74: msg("Olympiad Sonneborn-Berger without the lowest result"), 75: msg("Olympiad adjusted match points"),
    82: msg("extended Sonneborn-Berger for teams"), 83: msg("extended direct encounter for teams"),
    84: msg("Buchholz"), 86: msg("progressive score"), 87: msg("Koya system"), 88: msg("performance tie-breaks"),
}


@dataclass(frozen=True)
class Name:
    """A tie-break name of 202/212 taken apart: code, ``:MP``/``:GP``, cuts and flags."""

    code: str
    score: str | None = None
    low: int = 0  #: /Cn: the n lowest values cut
    high: int = 0  #: with /Mn, the n highest as well
    played: bool = False  #: /P
    fore: bool = False  #: /F

    @property
    def text(self) -> str:
        cut = f"/M{self.low}" if self.high else f"/C{self.low}" if self.low else ""
        return (self.code + (f":{self.score}" if self.score else "") + cut + ("/F" if self.fore else "")
                + ("/P" if self.played else ""))


def parse_name(text: str) -> Name | None:
    """``BH:GP/C1/P`` taken apart (None for a modifier this format cannot say)."""
    head, *mods = text.strip().upper().split("/")
    code, _, score = head.partition(":")
    name = Name(code, score or None)
    for m in mods:
        if m[:1] in "CM" and ascii_digits(m[1:]) and not name.low:
            name = replace(name, low=int(m[1:]), high=int(m[1:]) if m[0] == "M" else 0)
        elif m in ("P", "F"):
            name = replace(name, played=name.played or m == "P", fore=name.fore or m == "F")
        else:
            return None
    return name


def name_of(number: int, detail: str, team: bool) -> str | None:
    """The C.07 name of chess-results id ``number`` with parameters ``detail`` (None when it has
    no C.07 counterpart, or parameters that it cannot say)."""
    p = [x.strip() for x in detail.split(",")] if detail.strip() else []
    p += [""] * (6 - len(p))
    played = p[3] == "P"
    if number == 1:
        return "PTS:GP" if team else "PTS"
    if number == 13:
        return "PTS:MP" if team else None
    if number in PLAIN and not detail.strip():
        return PLAIN[number]
    if number in (84, 85) and not detail.strip():
        return "BH" if number == 84 else "SB"
    if number in (84, 85):  # type (84: 0 GP, 1 MP, empty the primary), highest cut, lowest cut, P, fore (84)
        high, low = _int(p[1]), _int(p[2])
        if high is None or low is None or (high and high != low):
            return None
        score = {"0": "GP", "1": "MP"}.get(p[0]) if number == 84 and team else None
        code = "FB" if number == 84 and p[4] == "F" else "BH" if number == 84 else "SB"
        return Name(code, score, low, high, played).text
    if number == 68 and _int(p[0]) is not None and _int(p[0]) < len(WINS):
        return WINS[_int(p[0])]
    if number == 88 and _int(p[0]) is not None and _int(p[0]) < len(PERFORMANCE):
        return PERFORMANCE[_int(p[0])]
    if number == 82 and _int(p[0]) is not None and _int(p[0]) < len(EXTENDED_SB):
        return EXTENDED_SB[_int(p[0])] + ("/P" if p[3] == "P" else "")
    if number == 81:
        return "DE/P" if p[0] == "P" else "DE"
    if number == 83:
        return "EDE/P" if p[1] == "P" else "EDE"
    if number == 86:
        return "PS" + (f"/C{p[1]}" if _int(p[1]) else "")
    if number == 87 and p[1] in ("", "50"):
        return "KS"
    if number == 77:
        return "AOB/F" if p[0] == "F" else "AOB"
    return PLAIN.get(number)


def code_of(text: str, team: bool) -> tuple[int, str] | None:
    """(id, parameters) for a C.07 name, None when the table has no id for it."""
    name = parse_name(text)
    if name is None:
        return None
    if name.code == "PTS":
        score = name.score or ("MP" if team else None)
        return (13, "") if score == "MP" and team else (1, "") if score in (None, "GP") else None
    if name.code in ("BH", "FB", "SB"):
        if (name.score and (name.code == "SB" or not team)) or name.fore:
            return None
        if name == Name(name.code):
            return (84 if name.code == "BH" else 85, "") if name.code != "FB" else (84, ",0,0,-,F")
        if name.code == "SB":
            return 85, f"0,{name.high},{name.low},{'P' if name.played else '-'}"
        kind = {"GP": "0", "MP": "1"}.get(name.score or "", "")
        fore = "F" if name.code == "FB" else "-"
        return 84, f"{kind},{name.high},{name.low},{'P' if name.played else '-'},{fore}"
    if name.score or name.low:
        return (86, f"0,{name.low}") if name.code == "PS" and not name.score and not name.played else None
    number = WRITTEN.get(name.code)
    if number is None or (name.played and name.code not in ("DE", "EDE") + EXTENDED_SB) or (
            name.fore and name.code != "AOB"):
        return None
    if number == 68:
        return 68, str(WINS.index(name.code))
    if number == 88:
        return 88, str(PERFORMANCE.index(name.code))
    if number == 82:
        return 82, f"{EXTENDED_SB.index(name.code)},0,0,{'P' if name.played else '-'}"
    if name.code in ("DE", "EDE"):
        return number, ("MP," if name.code == "EDE" else "") + ("P" if name.played else "-")
    if name.code == "AOB":
        return 77, "F" if name.fore else "-"
    return number, ""


def _int(text: str) -> int | None:
    return int(text) if ascii_digits(text) else 0 if text in ("", "-") else None


def lists_of(slots: list[tuple[int, str]], team: bool) -> tuple[tuple[str, ...], tuple[str, ...], list[int]]:
    """(202 list, 212 list, ids not used) of the slots read, in order; the list stops at the
    first id without a C.07 name (:func:`until_unnamed`), returned unused with those after it."""
    names, stop = until_unnamed(name_of(number, detail, team) for number, detail in slots)
    return (*split(names, team), [] if stop is None else [n for n, _ in slots[stop:]])


def until_unnamed(names: Iterable[str | None]) -> tuple[list[str], int | None]:
    """A pairing program's tie-breaks, named in order, up to the first one without a C.07 name
    (None), and its position (None when every one is named). The list stops there: ranking by
    the next tie-break in its place would order players by a criterion the organiser put later."""
    named: list[str] = []
    for k, name in enumerate(names):
        if name is None:
            return named, k
        named.append(name)
    return named, None


def list_caveat(source: str, names: Sequence[str], stop: str, how: str = "") -> Message:
    """The caveat of a tie-break list read from a pairing program's settings: ``source`` names
    them, ``names`` is what was read (``how``), ``stop`` says before what it stopped and why."""
    if not names:
        return msg("no tie-break of {source} could be read{stop}; the standings use the list FIDE recommended before "
                   "2023 unless the event's is given with -t", source=source, stop=stop)
    if stop:
        return msg("tie-break list read from {source} as {names}{how}{stop}; ties it would break are left tied; check "
                   "it against the event's own list, or give that with -t", source=source, names=list(names),
                   how=how, stop=stop)
    return msg("tie-break list read from {source} as {names}{how}; check it against the event's own list, or give "
               "that with -t", source=source, names=list(names), how=how)


def split(names: list[str], team: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(202, 212) of a whole order: a list starting with a score is a 212 list (a team event's,
    whose primary score comes first), else a 202; an individual event's leading PTS is dropped."""
    if not team and names[:1] == ["PTS"]:
        names = names[1:]
    if names[:1] and names[0].startswith("PTS:"):
        return (), tuple(names)
    return tuple(names), ()


def slots_of(tiebreaks: tuple[str, ...], standings: tuple[str, ...], team: bool) -> list[tuple[int, str]]:
    """The (id, parameters) the format can hold for an event's 202/212 lists: in a team event
    the whole order, its primary score first; in an individual event the tie-breaks after the
    points. Names the table has no id for are skipped, the list ends after :data:`SLOTS`."""
    if team:
        names = list(standings) or (["PTS", *tiebreaks] if tiebreaks else [])
    else:
        names = list(tiebreaks) or list(standings[1:] if standings[:1] == ("PTS",) else standings)
    coded = [c for c in (code_of(n, team) for n in names) if c is not None]
    return coded[:SLOTS]
