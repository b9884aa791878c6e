"""Tie-break names as written in TRF-2026 records 202/212 and on the command line, parsed into a
typed :class:`Spec`.

Syntax (MTB26, TRF-2026 §202; C.07 handbook style accepted too): ``NAME[:MP|:GP][/modifier…]``,
case-insensitive, with ``-`` accepted for ``/`` before a modifier (``BH-C1`` = ``BH/C1``).
Modifiers (C.07 Art. 14 and MTB26): ``Cn`` cut the n least significant values, ``Mn`` median
(cut n at each end), ``L±n`` Koya limit moved by n half-points (``Lp`` a limit of p %), ``P`` forfeits count as played games, ``F`` fore mode (AOB/SSSC on Fore
Buchholz), ``Kx`` the SSSC normalisation factor, ``R`` reverse order, ``U<rating>`` the rating given to unrated players, ``D``
every unplayed game counts as a draw in the opponents' adjusted scores (the pre-2023 method of
seed 001, "ancienne méthode de calcul du score ajusté"). Non-FIDE systems of the seeds carry the
MTB26 prefix ``OTHER_`` (the prefix is optional on input). The common long names are accepted
too, in any case and with or without spaces and hyphens (``Buchholz``, ``Sonneborn-Berger``,
``direct encounter``: each tie-break's C.07 title, and the names of :data:`COMMON_NAMES`); an
unknown name is answered with the closest known ones.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from fractions import Fraction

from ...diagnostics import Diagnostic, diagnostic, shown
from ...numbers import MAX_DIGITS, short_text
from .registry import Definition, definitions

#: Names of the seed systems that are FIDE tie-breaks under another name.
SEED_ALIASES = {"SOLKOFF": "BH", "CUM": "PS", "CUMULATIVE": "PS", "KOYA": "KS", "NEUSTADT": "SB",
                "MEDIAN": "OTHER_HARKNESS", "SNO": "TPN", "GE": "REP"}

#: Long names people write for a tie-break, besides each tie-break's C.07 title (C.07 Art. 7-10
#: and the names pairing programs print): letters only, upper case.
COMMON_NAMES = {"SONNEBORN": "SB", "BERGER": "SB", "SONNEBORNBERGER": "SB", "SONNEBORNBERGERSCORE": "SB",
                "BUCHHOLZ": "BH", "BUCHHOLZSCORE": "BH", "DIRECTENCOUNTER": "DE", "HEADTOHEAD": "DE",
                "WINS": "WIN", "NUMBEROFWINS": "WIN", "GAMESWON": "WON", "BLACKGAMES": "BPG",
                "GAMESWITHBLACK": "BPG", "PROGRESSIVE": "PS", "PROGRESSIVESCORE": "PS",
                "PROGRESSIVESCORES": "PS", "PERFORMANCE": "TPR", "PERFORMANCERATING": "TPR",
                "RATINGPERFORMANCE": "TPR", "AVERAGERATING": "ARO", "KOYASYSTEM": "KS",
                "BOARDCOUNT": "BC", "RATING": "RTNG", "ELO": "RTNG", "FOREBUCHHOLZ": "FB",
                "STARTNUMBER": "TPN", "PAIRINGNUMBER": "TPN"}
_LETTERS = re.compile(r"[^A-Z]")
_NAME = re.compile(r"[A-Z_]+")
_SCORES = ("MP", "GP", "MM", "MG", "GM", "GG")
_LIMIT = re.compile(r"L[+-]?[0-9]+(?:\.[0-9]+)?")
_WORD = re.compile(r"[A-Z][A-Z0-9]*")
_SEPARATORS = "/-"
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
        return definitions()[self.code]

    @property
    def higher_first(self) -> bool:
        return self.definition.higher_first != self.reverse

    @property
    def described(self) -> str:
        """The tie-break in words, its modifiers included (C.07 Art. 14): ``Buchholz, cut 1`` for
        BH/C1, ``Buchholz`` for BH; what tells two columns of one tie-break apart in a legend."""
        words = []
        if self.score:
            words.append({"MP": "on match points", "GP": "on game points"}.get(self.score, f"on {self.score}"))
        n = "the" if self.cut_low == 1 else f"the {self.cut_low}"
        if self.cut_low and self.cut_low == self.cut_high:
            words.append(f"median {self.cut_low} ({n} lowest and {n} highest cut)")
        elif self.cut_low:
            words.append(f"cut {self.cut_low} ({n} least significant value{'s' * (self.cut_low > 1)} cut)")
        if self.limit_percent is not None:
            words.append(f"limit {self.limit_percent} %")
        elif self.limit_points:
            words.append(f"limit moved by {short_text(self.limit_points)} point(s)")
        flags = (("played_forfeits", "forfeits counted as played"), ("fore", "on Fore Buchholz"),
                 ("reverse", "in reverse order"), ("draws", "unplayed games as draws for the opponents"))
        words += [said for name, said in flags if getattr(self, name)]
        if self.unrated is not None:
            words.append(f"unrated players at {self.unrated}")
        if self.factor is not None:
            words.append(f"factor {self.factor}")
        return ", ".join([self.definition.title, *words])


def parse(text: str, *, aliases: dict[str, str] | None = None) -> Spec | Diagnostic:
    """Parse one tie-break name; a :class:`Diagnostic` (TB001/TB002) when it is not one."""
    raw = text.strip()
    scanned = _scan(_short_name(raw.upper().replace(" ", "")))
    if scanned is None:
        return diagnostic("TB001", f"tie-break {shown(raw)} cannot be read (NAME[:MP|:GP][/modifier…])")
    name, score, tokens = scanned
    if name in ("MPTS", "GPTS") and not score:  # FIDE's checker: PTS on match or game points
        name, score = "PTS", name[0] + "P"
    name = (aliases or {}).get(name, name)
    name = SEED_ALIASES.get(name, name)
    known = definitions()
    if name not in known and "OTHER_" + name in known:
        name = "OTHER_" + name
    if name not in known:
        fide = ", ".join(d.name for c, d in known.items() if not c.startswith("OTHER_"))
        close = closest(name)
        return diagnostic("TB001", f"unknown tie-break {raw!r}"
                                   + (f"; did you mean {' or '.join(close)}?" if close else "")
                                   + f"; known: {fide} and the systems "
                                   f"that are not FIDE's, OTHER_ ("
                                   f"{', '.join(c[6:] for c in known if c.startswith('OTHER_'))})")
    definition = known[name]
    fields: dict = {}
    parts = [definition.name + (":" + score if score else "")]
    for token in tokens:
        mm = _MODIFIER.match(token)
        letter, label = token[0], (token if len(token) <= 40 else shown(token))
        if not mm or letter not in definition.modifiers:
            return diagnostic("TB002", f"modifier /{label} is not allowed with {name} "
                                       f"(allowed: {', '.join(definition.modifiers) or 'none'})")
        if any(len(run) > MAX_DIGITS for run in re.findall(r"[0-9]+", token)):
            return diagnostic("TB002", f"modifier /{label} of {name}: its number has more than "
                                       f"{MAX_DIGITS} digits")
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


@cache
def long_names() -> dict[str, str]:
    """Every long name accepted (letters only, upper case) -> its code: the C.07 titles of the
    tie-breaks and :data:`COMMON_NAMES`."""
    titles = {_LETTERS.sub("", d.title.upper()): code for code, d in definitions().items()
              if not code.startswith("OTHER_")}
    return {**titles, **COMMON_NAMES}


def _short_name(text: str) -> str:
    """``text`` (upper case, no spaces) with a long name at its start replaced by the code:
    ``SONNEBORN-BERGER/C1`` -> ``SB/C1``. The name runs to a ``/`` or ``:``, or over words
    joined by ``-`` (the longest run that is a long name wins)."""
    cut = min((i for i in (text.find("/"), text.find(":")) if i >= 0), default=len(text))
    head, tail = text[:cut], text[cut:]
    names = long_names()
    words = head.split("-")
    for k in range(len(words), 0, -1):
        code = names.get(_LETTERS.sub("", "".join(words[:k])))
        if code is not None and (k > 1 or _LETTERS.sub("", words[0]) != code):
            rest = "-".join(words[k:])
            return code + ("-" + rest if rest else "") + tail
    return text


def closest(name: str) -> list[str]:
    """The known tie-breaks whose code, alias or long name is closest to ``name`` (upper case),
    best first, each as ``CODE (title)``: what the person probably meant."""
    known = definitions()
    names = {**{c: c for c in known}, **{c[6:]: c for c in known if c.startswith("OTHER_")},
             **SEED_ALIASES, **long_names()}
    found = difflib.get_close_matches(_LETTERS.sub("", name) or name, list(names), n=6, cutoff=0.7)
    codes = list(dict.fromkeys(names[f] for f in found))[:3]
    return [f"{known[c].name} ({known[c].title})" for c in codes]


def _scan(text: str) -> tuple[str, str | None, list[str]] | None:
    """``NAME[:SCORE]`` and the modifier tokens of an upper-cased spec, or None when it does not
    have that shape. A scanner that reads each character once (the regular expression it
    replaces backtracked exponentially on ``BH/L5/L5…!``, since ``L5`` matched two of its
    alternatives); a token after ``/`` or ``-`` is a Koya limit (``L+1.5``, ``L-1``, ``L60``)
    when one ends there, else a word (``C1``, ``U1400``, ``P``)."""
    name = _NAME.match(text)
    if name is None:
        return None
    at, score = name.end(), None
    if text.startswith(":", at):
        score = text[at + 1:at + 3]
        if score not in _SCORES:
            return None
        at += 3
    tokens = []
    while at < len(text):
        if text[at] not in _SEPARATORS:
            return None
        token = _LIMIT.match(text, at + 1)
        if token is None or (token.end() < len(text) and text[token.end()] not in _SEPARATORS):
            token = _WORD.match(text, at + 1)
        if token is None:
            return None
        tokens.append(token.group())
        at = token.end()
    return name.group(), score, tokens


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


def record_lists(specs: list[Spec]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The TRF-2026 202 and 212 records of an ordered list: 212 the whole order starting with
    the primary score (``PTS`` put first when the list does not start with it), 202 the
    tie-breaks after it."""
    texts = [s.text for s in specs]
    full = texts if specs and specs[0].code == "PTS" else ["PTS", *texts]
    return tuple(full[1:]), tuple(full)
