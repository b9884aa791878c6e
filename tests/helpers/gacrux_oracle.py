"""Test helper (no tests here): FIDE TEC's reference checker (PyPI ``gacrux``, test-only) called
in-process as the oracle of the differential tests in ``test_tiebreaks_differential.py``, and the
comparison of its values with trfconv's. The assertions are in that test module."""

from __future__ import annotations

import copy
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache

#: The tie-breaks compared on every file (DE is compared separately: its value depends on the
#: groups still tied where it stands in the list). FB comes last: gacrux 1.11.65 lets FB change
#: the last available round it then uses for every later tie-break (see test_reference_defects).
COMPARED = ["PTS", "WIN", "WON", "BPG", "BWG", "PS", "REP", "BH", "BH/C1", "BH/M1", "AOB",
            "SB", "SB/C1", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "FB"]


class OracleError(Exception):
    """gacrux refused the file (its own status code and message)."""


def gacrux(text: str, tiebreaks: list[str], unrated: int | None = None) -> tuple[str, dict[int, list]]:
    """(rules date gacrux applied, start number -> values) for ``text`` (a TRF); in a team
    event the keys are team numbers."""
    rules, competitors = _run(text, tiebreaks, unrated)
    return rules, {c["cid"]: c["tiebreakScore"] for c in competitors}


def gacrux_ranks(text: str, tiebreaks: list[str], unrated: int | None = None) -> dict[int, int]:
    """Start (team) number -> the rank gacrux gives after the whole list: how tie-breaks whose
    value is a position inside the group still tied (DE, EDE, TBR, BBE) are compared."""
    return {c["cid"]: c["rank"] for c in _run(text, tiebreaks, unrated)[1]}


@lru_cache(maxsize=4)
def _parsed(text: str) -> dict:
    """gacrux's reading of a file, kept for the next lists asked of it (its reader is the slow
    part; the tie-breaks change the tournament, so each run gets a copy)."""
    from gacrux.trf2json import trf2json

    chessfile = trf2json()
    try:
        chessfile.parse_file(text, 0)
    except Exception as err:  # noqa: BLE001 - the oracle's own failure, reported as such
        raise OracleError(f"gacrux cannot read the file: {err!r}") from None
    status = chessfile.chessjson["status"]
    if status["code"]:
        raise OracleError(f"gacrux status {status['code']}: {status['error']}")
    return chessfile.get_tournament(1)


def accepted(text: str) -> None:
    """Whether gacrux reads ``text`` (a TRF) as input, as its pairing and tie-break checkers do:
    returns, or raises :class:`OracleError` with gacrux's own status and message."""
    _parsed(text)


def _run(text: str, tiebreaks: list[str], unrated: int | None) -> tuple[str, list[dict]]:
    from gacrux.tiebreak import tiebreak

    tournament = copy.deepcopy(_parsed(text))
    params = {"tiebreak": list(tiebreaks), "check": 0, "unrated": unrated}
    try:
        result = tiebreak(tournament, -1, params).compute_tiebreaks(tournament, params)
    except Exception as err:  # noqa: BLE001
        raise OracleError(f"gacrux fails: {err!r}") from None
    return result["rules"], result["competitors"]


#: gacrux's rule sets (the date it reports) and the trfconv editions they implement.
EDITION_OF = {"2024-08-01": "tb-2024", "2026-03-01": "tb-2026"}


def same(ours, theirs, code: str, rounds: int) -> bool:
    """Whether a trfconv value (exact) equals gacrux's (Decimal / int / None). AOB: gacrux rounds
    the mean, half up, to 2 decimals under 9 rounds, 3 under 27 (trfconv keeps it exact)."""
    if theirs is None or ours is None:
        return theirs is None and ours is None
    if code == "AOB":
        places = Decimal("0.01") if rounds < 9 else Decimal("0.001")
        value = (Decimal(ours.numerator) / Decimal(ours.denominator)).quantize(places, rounding=ROUND_HALF_UP)
        return value == theirs
    return Fraction(ours) == Fraction(str(theirs))
