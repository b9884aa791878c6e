"""Tie-break names as written in TRF-2026 records 202/212 and on the command line, parsed into a
typed :class:`Spec`.

Syntax (MTB26, TRF-2026 §202; C.07 handbook style accepted too): ``NAME[:MP|:GP][/modifier…]``,
case-insensitive, with ``-`` accepted for ``/`` before a modifier (``BH-C1`` = ``BH/C1``).
Modifiers (C.07 Art. 14 and MTB26): ``Cn`` cut the n least significant values, ``Mn`` median
(cut n at each end), ``L±n`` Koya limit moved by n half-points (``Lp`` a limit of p %), ``P`` forfeits count as played games, ``F`` fore mode (AOB/SSSC on Fore
Buchholz), ``Kx`` the SSSC normalisation factor, ``R`` reverse order, ``U<rating>`` the rating given to unrated players, ``D``
every unplayed game counts as a draw in the opponents' adjusted scores (the pre-2023 method of
seed 001, "ancienne méthode de calcul du score ajusté"). Non-FIDE systems of the seeds carry the
MTB26 prefix ``OTHER_`` (the prefix is optional on input).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ...diagnostics import Diagnostic, diagnostic


@dataclass(frozen=True)
class Definition:
    """A tie-break: its code, the article defining it, which modifiers it takes, whether a
    higher value ranks first, and whether it is a team tie-break."""

    code: str
    article: str
    title: str
    modifiers: str = ""
    higher_first: bool = True
    team: bool = False
    spelling: str | None = None  #: how C.07 writes the code when it is not all capitals

    @property
    def name(self) -> str:
        return self.spelling or self.code


_D = Definition
DEFINITIONS: dict[str, Definition] = {d.code: d for d in (
    _D("PTS", "C.07 2", "points", "", True),
    _D("DE", "C.07 6", "direct encounter", "P"),
    _D("WIN", "C.07 7.1", "number of wins"),
    _D("WON", "C.07 7.2", "games won over the board"),
    _D("BPG", "C.07 7.3", "games played with Black"),
    _D("BWG", "C.07 7.4", "games won with Black"),
    _D("PS", "C.07 7.5", "progressive scores", "C"),
    _D("REP", "C.07 7.6", "rounds one elected to play"),
    _D("STD", "C.07 7.7 (2026)", "standard points"),
    _D("TPN", "C.07 7.8 (2026)", "tournament pairing number", "R", False),
    _D("BH", "C.07 8.1", "Buchholz", "CMPD"),
    _D("AOB", "C.07 8.2", "average of opponents' Buchholz", "FD"),
    _D("FB", "C.07 8.3", "Fore Buchholz", "CMPD"),
    _D("SB", "C.07 9.1", "Sonneborn-Berger", "CMPD"),
    _D("KS", "C.07 9.2", "Koya system", "L"),
    _D("ARO", "C.07 10.1", "average rating of opponents", "CMU"),
    _D("TPR", "C.07 10.2", "tournament performance rating", "U"),
    _D("PTP", "C.07 10.3", "perfect tournament performance", "U"),
    _D("APRO", "C.07 10.4", "average performance rating of opponents", "U"),
    _D("APPO", "C.07 10.5", "average perfect performance of opponents", "U"),
    _D("RTNG", "C.07 10.6 (2026)", "rating", "RU"),
    # teams (C.07 Art. 11-13)
    _D("BC", "C.07 12.1", "board count", "", False, True),
    _D("TBR", "C.07 12.2", "top board result", "", True, True),
    _D("BBE", "C.07 12.3", "bottom board elimination", "", True, True),
    _D("MPVGP", "C.07 13.1", "match points versus game points", "", True, True, "MPvGP"),
    _D("ESB", "C.07 13.2", "extended Sonneborn-Berger", "CP", True, True),
    _D("EMMSB", "C.07 13.2", "extended Sonneborn-Berger, opponents' MP x own MP", "CP", True, True),
    _D("EMGSB", "C.07 13.2", "extended Sonneborn-Berger, opponents' MP x own GP", "CP", True, True),
    _D("EGMSB", "C.07 13.2", "extended Sonneborn-Berger, opponents' GP x own MP", "CP", True, True),
    _D("EGGSB", "C.07 13.2", "extended Sonneborn-Berger, opponents' GP x own GP", "CP", True, True),
    _D("EDE", "C.07 13.3", "extended direct encounter", "P", True, True),
    _D("EDEC", "C.07 13.3.2", "extended direct encounter, then board count", "P", True, True),
    _D("EDET", "C.07 13.3.2 (2026)", "extended direct encounter, then top board result", "P", True, True),
    _D("EDEB", "C.07 13.3.2 (2026)", "extended direct encounter, then bottom board elimination", "P", True, True),
    _D("EDEBT", "C.07 13.3.2 (2026)", "extended direct encounter, then BC and TBR", "P", True, True),
    _D("EDEBB", "C.07 13.3.2 (2026)", "extended direct encounter, then BC and BBE", "P", True, True),
    _D("SSSC", "C.07 13.4", "score and schedule strength combination", "PFK", True, True),
    # seed documents (OTHER_)
    _D("OTHER_HARKNESS", "seed 003", "Harkness / median Buchholz (cut by number of rounds)", "D"),
    _D("OTHER_BRAZILIAN", "seed 003", "Brazilian / truncated Buchholz (cut by number of rounds)", "D"),
    _D("OTHER_BHSUM", "seed 000 §2.2", "sum of the opponents' Buchholz", "D"),
    _D("OTHER_YUGOSLAV", "seed 004", "adjusted scores of opponents with at least 50 %", "D"),
    _D("OTHER_CUMF", "seed 004", "cumulative less one point per forfeit or bye win", "C"),
    _D("OTHER_OCUM", "seed 000 §2.1.1.2", "opponents' cumulative"),
    _D("OTHER_KOYAX", "seed 000 §2.1.3.1", "extended Koya"),
    _D("OTHER_KASHDAN", "seed 000 §2.1.6", "Kashdan (4 per win, 2 per draw, 1 per loss)"),
    _D("OTHER_COONS", "seed 003", "Coons (opponents beaten, half drawn, a fifth lost)", "D"),
    _D("OTHER_PERF", "seed 000 'La Performance'", "tournament performance, seed Q table, 350 rule"),
)}

#: Names of the seed systems that are FIDE tie-breaks under another name.
SEED_ALIASES = {"SOLKOFF": "BH", "CUM": "PS", "CUMULATIVE": "PS", "KOYA": "KS", "NEUSTADT": "SB",
                "MEDIAN": "OTHER_HARKNESS", "SNO": "TPN", "GE": "REP"}

_TOKEN = r"[/-](L[+-]?\d+(?:\.\d+)?|[A-Z][A-Z0-9]*)"
_SYNTAX = re.compile(r"^(?P<name>[A-Z_]+?)(?::(?P<score>MP|GP|MM|MG|GM|GG))?(?P<mods>(?:" + _TOKEN + r")*)$")
_MODIFIER = re.compile(r"^(?:(?P<kind>[CM])(?P<n>\d+)|L(?P<sign>[+-]?)(?P<lim>\d+(?:\.\d+)?)"
                       r"|U(?P<rating>\d+)|K(?P<factor>\d+)|(?P<flag>[PFRD]))$")


@dataclass(frozen=True)
class Spec:
    """One parsed tie-break. ``text`` is the canonical form used as a column title."""

    code: str
    text: str
    score: str | None = None  #: ``MP``/``GP`` (team events)
    cut_low: int = 0
    cut_high: int = 0
    limit_points: Fraction = Fraction(0)  #: KS ``/L±n``: the limit moved by this many points
    limit_percent: int | None = None  #: KS ``/Lp``
    played_forfeits: bool = False  #: ``/P``
    fore: bool = False  #: ``/F``
    reverse: bool = False  #: ``/R``
    draws: bool = False  #: ``/D``
    unrated: int | None = None  #: ``/U<rating>``
    factor: int | None = None  #: SSSC ``/Kx``: the normalisation factor (C.07 13.4.2)

    @property
    def definition(self) -> Definition:
        return DEFINITIONS[self.code]

    @property
    def higher_first(self) -> bool:
        return self.definition.higher_first != self.reverse


def parse(text: str, *, aliases: dict[str, str] | None = None) -> Spec | Diagnostic:
    """Parse one tie-break name; a :class:`Diagnostic` (TB001/TB002) when it is not one."""
    raw = text.strip()
    m = _SYNTAX.match(raw.upper().replace(" ", ""))
    if not m:
        return diagnostic("TB001", f"tie-break {raw!r} cannot be read (NAME[:MP|:GP][/modifier…])")
    name, score = m["name"], m["score"]
    if name in ("MPTS", "GPTS") and not score:  # FIDE's checker: PTS on match or game points
        name, score = "PTS", name[0] + "P"
    name = (aliases or {}).get(name, name)
    name = SEED_ALIASES.get(name, name)
    if name not in DEFINITIONS and "OTHER_" + name in DEFINITIONS:
        name = "OTHER_" + name
    if name not in DEFINITIONS:
        known = ", ".join(c for c in DEFINITIONS if not c.startswith("OTHER_"))
        return diagnostic("TB001", f"unknown tie-break {raw!r}; known: {known} and the OTHER_ "
                                   f"seed systems ({', '.join(c[6:] for c in DEFINITIONS if c.startswith('OTHER_'))})")
    definition = DEFINITIONS[name]
    fields: dict = {}
    parts = [definition.name + (":" + score if score else "")]
    for token in re.findall(_TOKEN, m["mods"] or ""):
        mm = _MODIFIER.match(token)
        letter = token[0]
        if not mm or letter not in definition.modifiers:
            return diagnostic("TB002", f"modifier /{token} is not allowed with {name} "
                                       f"(allowed: {', '.join(definition.modifiers) or 'none'})")
        if mm["kind"] == "C":
            fields["cut_low"] = int(mm["n"])
        elif mm["kind"] == "M":
            fields["cut_low"] = fields["cut_high"] = int(mm["n"])
        elif mm["lim"] is not None:
            if mm["sign"]:
                # Art. 14.5: the limit moves by n half-points (a decimal is a number of points)
                step = Fraction(mm["lim"]) if "." in mm["lim"] else Fraction(mm["lim"]) / 2
                fields["limit_points"] = step if mm["sign"] == "+" else -step
            elif "." in mm["lim"]:
                return diagnostic("TB002", f"modifier /{token} of {name}: a limit in percent is a whole number "
                                           "(/L60); a limit moved by points takes a sign (/L+1.5)")
            else:
                fields["limit_percent"] = int(mm["lim"])
        elif mm["rating"]:
            fields["unrated"] = int(mm["rating"])
        elif mm["factor"]:
            if not int(mm["factor"]):
                return diagnostic("TB002", f"modifier /{token} of {name}: the factor is a whole number from 1")
            fields["factor"] = int(mm["factor"])
        else:
            fields[{"P": "played_forfeits", "F": "fore", "R": "reverse", "D": "draws"}[mm["flag"]]] = True
        parts.append(token)
    return Spec(name, "/".join(parts), score, **fields)


def parse_list(items, *, aliases: dict[str, str] | None = None) -> tuple[list[Spec], list[Diagnostic]]:
    """Parse a list (or one comma-separated string) of tie-break names."""
    if isinstance(items, str):
        items = [items]
    specs, problems = [], []
    for item in items:
        for text in item.split(","):
            if not text.strip():
                continue
            result = parse(text, aliases=aliases)
            (problems if isinstance(result, Diagnostic) else specs).append(result)
    return specs, problems
