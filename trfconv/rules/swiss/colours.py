"""Who plays White: the colour allocation of the Dutch system (C.04.3 E.1-E.5 of 2017, 5.2.1-5.2.5
of 2026; the same five rules), and the colour criteria a pair is held to ([C10]-[C13] of 2026,
C.8-C.11 of 2017)."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Colour
from .state import PlayerToPair, Strength


@dataclass(frozen=True, slots=True)
class Allocation:
    """The colours of a pair: ``white`` and ``black`` (start numbers), the rule that decided
    (1-5: 5.2.1-5.2.5), or ``white`` None when rule 5 decides and the initial colour is unknown."""

    white: int | None
    black: int | None
    rule: int


def allocate(a: PlayerToPair, b: PlayerToPair, initial: Colour | None) -> Allocation:
    """The colours of ``a`` against ``b``, ``a`` the higher ranked (score, then pairing number)."""
    (pa, sa), (pb, sb) = a.preference, b.preference
    if pa is not pb or pa is None:
        if pa is not None:
            return _giving(a, b, pa, 1)
        if pb is not None:
            return _giving(a, b, pb.opposite, 1)
    else:
        if sa != sb:
            return _giving(a, b, pa if sa > sb else pb.opposite, 2)
        if sa is Strength.ABSOLUTE and abs(a.colour_difference) != abs(b.colour_difference):
            wider = abs(a.colour_difference) > abs(b.colour_difference)
            return _giving(a, b, pa if wider else pb.opposite, 2)
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):  # histories of unequal length
        if ca is not cb:
            return _giving(a, b, ca.opposite, 3)
    if pa is not None:
        return _giving(a, b, pa, 4)
    if initial is None:
        return Allocation(None, None, 5)
    return _giving(a, b, initial if a.tpn % 2 else initial.opposite, 5)


def _giving(a: PlayerToPair, b: PlayerToPair, colour_of_a: Colour, rule: int) -> Allocation:
    if colour_of_a is Colour.WHITE:
        return Allocation(a.number, b.number, rule)
    return Allocation(b.number, a.number, rule)


def colour_failures(a: PlayerToPair, b: PlayerToPair, initial: Colour | None) -> tuple[int, int, int, int]:
    """How the pair (``a`` higher ranked) fares on the colour criteria, in their order: the
    topscorers or topscorers' opponents left with a colour difference beyond ±2; those with the
    same colour three times in a row; the players not given their colour preference; those not
    given a strong (or absolute) one."""
    given = allocate(a, b, initial)
    top = a.topscorer or b.topscorer
    difference = repeat = preference = strong = 0
    for p in (a, b):
        if given.white is None:
            colour = None
        else:
            colour = Colour.WHITE if given.white == p.number else Colour.BLACK
        wanted, strength = p.preference
        if wanted is not None and colour is not None and colour is not wanted:
            preference += 1
            strong += strength >= Strength.STRONG
        if top and colour is not None:
            cd = p.colour_difference + (1 if colour is Colour.WHITE else -1)
            difference += abs(cd) > 2
            repeat += len(p.colours) >= 2 and p.colours[-1] is p.colours[-2] is colour
    return difference, repeat, preference, strong
