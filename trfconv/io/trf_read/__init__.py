"""TRF reader: TRF06, TRF16, TRF-2026 and the dialects found in the wild (JaVaFo TRF(x),
bbpPairings TRF(bx), lichess, FIDE's example1, Swiss-Manager/Vega/Sharly/TEC output).

Reading is lenient: every line ends up in the model or, verbatim, in ``Tournament.extras``;
every doubt becomes a diagnostic with its line and column. Column positions come from
``formats/trf/records.toml`` (the writer uses the same layouts). One module per kind of record:
:mod:`.header` (the event's records), :mod:`.players` (001 and the national ratings),
:mod:`.rounds` (the round blocks), :mod:`.teams`, :mod:`.dialects` (the engines' extensions and
the rest), :mod:`.scores`; :mod:`.reader` runs them over the lines and :mod:`.assemble` makes the
tournament.
"""

from __future__ import annotations

import re

from .reader import misaligned_lines, read_trf

__all__ = ["misaligned_lines", "read_trf", "sniff"]

_TRF_RECORD = re.compile(rb"(?m)^(?:001|012|022|032|042|052|062|092|102|122|132|142|XX[RCSPZA]|BB[WDLZFU]) ")


def sniff(head: bytes) -> bool:
    """Whether the first bytes of a file are this format's (the format registry asks)."""
    return _TRF_RECORD.search(head.replace(b"\r", b"\n")) is not None
