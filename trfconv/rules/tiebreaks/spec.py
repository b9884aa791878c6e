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
from ...messages import Message, joined, msg, plural
from ...numbers import MAX_DIGITS
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
    reading: Message | None = field(default=None, compare=False)

    @property
    def definition(self) -> Definition:
        return definitions()[self.code]

    @property
    def higher_first(self) -> bool:
        return self.definition.higher_first != self.reverse

    @property
    def described(self) -> Message:
        """The tie-break in words, its modifiers included (C.07 Art. 14): ``Buchholz, cut 1 (the
        least significant value cut)`` for BH/C1, ``Buchholz`` for BH; what tells two columns of
        one tie-break apart in a legend."""
        return self.words(explained=True)

    def words(self, *, explained: bool) -> Message:
        """:attr:`described`; without ``explained``, without the explanations in parentheses
        (``Buchholz, cut 1``)."""
        words: list[str] = []
        if self.score:
            words.append({"MP": msg("on match points"), "GP": msg("on game points")}.get(
                self.score, msg("on {score}", score=self.score)))
        if self.cut_low and self.cut_low == self.cut_high:
            words.append(msg("median {n}", n=self.cut_low))
            if explained:
                words[-1] = plural("median {n} (the lowest and the highest cut)",
                                   "median {n} (the {n} lowest and the {n} highest cut)", n=self.cut_low)
        elif self.cut_low:
            words.append(msg("cut {n}", n=self.cut_low))
            if explained:
                words[-1] = plural("cut {n} (the least significant value cut)",
                                   "cut {n} (the {n} least significant values cut)", n=self.cut_low)
        if self.limit_percent is not None:
            words.append(msg("limit {percent} %", percent=self.limit_percent))
        elif self.limit_points:
            words.append(msg("limit moved by {points} point(s)", points=self.limit_points))
        flags = (("played_forfeits", msg("forfeits counted as played")), ("fore", msg("on Fore Buchholz")),
                 ("reverse", msg("in reverse order")), ("draws", msg("unplayed games as draws for the opponents")))
        words += [said for name, said in flags if getattr(self, name)]
        if self.unrated is not None:
            words.append(msg("unrated players at {rating}", rating=self.unrated))
        if self.factor is not None:
            words.append(msg("factor {factor}", factor=self.factor))
        title = self.definition.title if explained else self.definition.brief or self.definition.title
        return joined([title, *words], ", ")


def parse(text: str, *, aliases: dict[str, str] | None = None) -> Spec | Diagnostic:
    """Parse one tie-break name, a code (``BH/C1``) or a name of :mod:`trfconv.tiebreak_names` (``Buchholz Cut 1``,
    ``Buchholz tronqué/P``); a :class:`Diagnostic` (TB001/TB002) when it is none."""
    raw = text.strip()
    coded = _coded(raw, aliases)
    if isinstance(coded, Spec) and said_of(raw):
        return replace(coded, reading=msg("{name} {reading}", name=repr(raw), reading=said_of(raw)))
    if coded is not None:
        return coded
    cut = min((i for i in (raw.find("/"), raw.find(":")) if i >= 0), default=len(raw))
    whole_name = cut == len(raw) or whole(raw)
    reading, tail = (read(raw), "") if whole_name else (read(raw[:cut]), raw[cut:])
    found = _coded(reading.text + tail, aliases) if reading is not None else None
    if isinstance(found, Spec) and reading is not None:
        return replace(found, reading=msg("{name} {reading}", name=repr(raw), reading=reading.said)
                       if reading.said else None)
    if found is not None:
        return found
    close = [msg("{name} ({words})", name=t, words=_titled(t)) for t in closest(raw[:cut] or raw)]
    known = definitions()
    fide = ", ".join(d.name for c, d in known.items() if not c.startswith("OTHER_"))
    if reading is not None:
        what = msg("tie-break {name}: {tail} cannot be read (NAME[:MP|:GP][/modifier…])", name=shown(raw),
                   tail=shown(tail))
    elif any(c.isalpha() for c in raw):
        what = msg("unknown tie-break {name}", name=repr(raw))
    else:
        what = msg("tie-break {name} cannot be read (NAME[:MP|:GP][/modifier…])", name=shown(raw))
    others = ", ".join(c[6:] for c in known if c.startswith("OTHER_"))
    if close:
        names = joined(close, msg(" or "))
        what = msg("{what}; did you mean {names}?", what=what, names=names)
    return diagnostic("TB001", msg("{what}; known: {fide} and the systems that are not FIDE's, OTHER_ ({others}), and "
                                   "the names arbiters use for them (docs/tiebreak-names.md)", what=what, fide=fide,
                                   others=others))


def _titled(text: str) -> str:
    """A tie-break in TRF-2026 form in words, without the explanations: ``Buchholz, cut 1``."""
    spec = _coded(text, None)
    return spec.words(explained=False) if isinstance(spec, Spec) else text


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
            return diagnostic("TB002", msg("modifier /{label} is not allowed with {name} (allowed: {allowed})",
                                           label=label, name=name,
                                           allowed=", ".join(definition.modifiers) or msg("none")))
        if any(len(run) > MAX_DIGITS for run in re.findall(r"[0-9]+", token)):
            return diagnostic("TB002", msg("modifier /{label} of {name}: its number has more than {most} digits",
                                           label=label, name=name, most=MAX_DIGITS))
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
                return diagnostic("TB002", msg("modifier /{label} of {name}: a limit in percent is a whole number "
                                               "(/L60); a limit moved by points takes a sign (/L+1.5)", label=token,
                                               name=name))
            else:
                fields["limit_percent"] = int(mm["lim"])
        elif mm["rating"]:
            fields["unrated"] = int(mm["rating"])
        elif mm["factor"]:
            if not int(mm["factor"]):
                return diagnostic("TB002", msg("modifier /{label} of {name}: the factor is a whole number from 1",
                                               label=token, name=name))
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
