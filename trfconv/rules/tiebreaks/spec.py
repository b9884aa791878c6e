"""Tie-break names as written in TRF-2026 records 202/212 and on the command line, parsed into a
typed :class:`Spec`.

Syntax (MTB26, TRF-2026 §202; C.07 handbook style accepted too): ``NAME[:MP|:GP][/modifier…]``,
case-insensitive, with ``-`` accepted for ``/`` before a modifier (``BH-C1`` = ``BH/C1``).
Modifiers (C.07 Art. 14 and MTB26): ``Cn`` cut the n least significant values, ``Mn`` median
(cut n at each end), ``L±n`` Koya limit moved by n half-points (``Lp`` a limit of p %), ``P`` forfeits count as played games, ``F`` fore mode (AOB/SSSC on Fore
Buchholz), ``Kx`` the SSSC normalisation factor, ``R`` reverse order, ``U<rating>`` the rating given to unrated players, ``D``
every unplayed game counts as a draw in the opponents' adjusted scores (the pre-2023 method of
seed 001, "ancienne méthode de calcul du score ajusté"). Non-FIDE systems of the seeds carry the
MTB26 prefix ``OTHER_`` (the prefix is optional on input). A name that is not a code is read by
:mod:`trfconv.tiebreak_names`, the table of the names FIDE, the pairing programs and the arbiters' manuals give
each tie-break (``Buchholz tronqué``, ``Median Buchholz``, ``Sonneborn-Berger/C1``); a name that
is none is answered with the closest ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...diagnostics import Diagnostic, diagnostic, shown
from ...numbers import MAX_DIGITS, short_text
from ...tiebreak_names import closest, read, said_of, whole
from .registry import Definition, definitions

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
    #: What the output says of how the name was read, when the name two systems share (TB017).
    reading: str | None = field(default=None, compare=False)

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
    """Parse one tie-break name, a code (``BH/C1``) or a name of :mod:`trfconv.tiebreak_names` (``Buchholz Cut 1``,
    ``Buchholz tronqué/P``); a :class:`Diagnostic` (TB001/TB002) when it is none."""
    raw = text.strip()
    coded = _coded(raw, aliases)
    if isinstance(coded, Spec) and said_of(raw):
        return replace(coded, reading=f"{raw!r} {said_of(raw)}")
    if coded is not None:
        return coded
    cut = min((i for i in (raw.find("/"), raw.find(":")) if i >= 0), default=len(raw))
    whole_name = cut == len(raw) or whole(raw)
    reading, tail = (read(raw), "") if whole_name else (read(raw[:cut]), raw[cut:])
    found = _coded(reading.text + tail, aliases) if reading is not None else None
    if isinstance(found, Spec):
        return replace(found, reading=f"{raw!r} {reading.said}" if reading.said else None)
    if found is not None:
        return found
    close = [f"{t} ({_titled(t)})" for t in closest(raw[:cut] or raw)]
    known = definitions()
    fide = ", ".join(d.name for c, d in known.items() if not c.startswith("OTHER_"))
    if reading is not None:
        what = f"tie-break {shown(raw)}: {shown(tail)} cannot be read (NAME[:MP|:GP][/modifier…])"
    elif any(c.isalpha() for c in raw):
        what = f"unknown tie-break {raw!r}"
    else:
        what = f"tie-break {shown(raw)} cannot be read (NAME[:MP|:GP][/modifier…])"
    return diagnostic("TB001", what + (f"; did you mean {' or '.join(close)}?" if close else "")
                      + f"; known: {fide} and the systems that are not FIDE's, OTHER_ ("
                      f"{', '.join(c[6:] for c in known if c.startswith('OTHER_'))}), and the names "
                      "arbiters use for them (docs/tiebreak-names.md)")


def _titled(text: str) -> str:
    """A tie-break in TRF-2026 form in words, without the explanations: ``Buchholz, cut 1``."""
    spec = _coded(text, None)
    return re.sub(r" \([^()]*\)", "", spec.described) if isinstance(spec, Spec) else text


def _squeezed(text: str) -> str:
    return text.upper().replace(" ", "")


def _coded(raw: str, aliases: dict[str, str] | None) -> Spec | Diagnostic | None:
    """``raw`` read as a code with its modifiers (``BH:GP/C1``, ``OTHER_`` optional, the edition's
    ``aliases``: GE for REP); None when it is no code (a name for :mod:`trfconv.tiebreak_names`)."""
    scanned = _scan(_squeezed(raw))
    if scanned is None:
        return None
    name, score, tokens = scanned
    if name in ("MPTS", "GPTS") and not score:  # FIDE's checker: PTS on match or game points
        name, score = "PTS", name[0] + "P"
    name = (aliases or {}).get(name, name)
    known = definitions()
    if name not in known and "OTHER_" + name in known:
        name = "OTHER_" + name
    if name not in known:
        return None
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


def readings(specs: list[Spec]) -> list[Diagnostic]:
    """TB017 for each name of the list read one way of several, saying which (``'Median' read as
    BH/M1 …``): the output says what a shared name was taken for."""
    return [diagnostic("TB017", s.reading) for s in specs if s.reading]


def record_lists(specs: list[Spec]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The TRF-2026 202 and 212 records of an ordered list: 212 the whole order starting with
    the primary score (``PTS`` put first when the list does not start with it), 202 the
    tie-breaks after it."""
    texts = [s.text for s in specs]
    full = texts if specs and specs[0].code == "PTS" else ["PTS", *texts]
    return tuple(full[1:]), tuple(full)
