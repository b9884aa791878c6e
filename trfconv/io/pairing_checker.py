"""FIDE TEC's pairing checker (``gacrux``, MIT, PyPI; the reference tool of FIDE's checklist for
endorsed software) run on a TRF file, when it is installed: its verdict is shown beside
trfconv's own re-check of the pairings (``check --upload``). It is optional and never required:
trfconv does not depend on it at run time (it is a test dependency).

It runs in a child process (``python -m gacrux.pairingchecker -c -i FILE``) with a time limit,
so that its failures, output and run time never reach trfconv's own process."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from importlib.util import find_spec

from ..diagnostics import Diagnostic, Severity, diagnostic
from ..messages import msg

#: The longest a check may run (seconds); a longer run is reported as such.
TIME_LIMIT = 60


@dataclass(frozen=True)
class GacruxVerdict:
    """gacrux's answer: ``ok`` True (every round is the pairing it computes), False (rounds
    differ: ``rounds``), None (it refused the file or failed: ``why``)."""

    ok: bool | None
    rules: str = ""
    rounds: tuple[int, ...] = ()
    checked: int = 0
    why: str = ""


def installed() -> bool:
    return find_spec("gacrux") is not None


def gacrux_verdict(path: str) -> GacruxVerdict:
    """gacrux's verdict on the pairings of the TRF file ``path``."""
    try:
        run = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-c", "-i", path],
                             capture_output=True, timeout=TIME_LIMIT, check=False)
    except subprocess.TimeoutExpired:
        return GacruxVerdict(None, why=f"no answer within {TIME_LIMIT} s")
    try:
        answer = json.loads(run.stdout.decode("utf-8", "replace"))
        status = answer["status"]
    except (ValueError, KeyError, TypeError):
        return GacruxVerdict(None, why=f"no verdict (exit {run.returncode})")
    result = answer.get("pairingResult") or {}
    rounds = result.get("roundpairing") or []
    if status.get("code") not in (0, 1) or not rounds:
        errors = [str(e) for e in status.get("error") or []]
        return GacruxVerdict(None, why=f"status {status.get('code')}: " + "; ".join(errors[:3]) +
                             (f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""))
    differ = tuple(r["round"] for r in rounds if not r.get("check"))
    return GacruxVerdict(not differ, str(result.get("rules", "")), differ, len(rounds))


def finding(path: str) -> Diagnostic | None:
    """UPL053: gacrux's verdict on the TRF file ``path`` (a warning when rounds differ from the
    pairings it computes); None when gacrux is not installed."""
    if not installed():
        return None
    v = gacrux_verdict(path)
    if v.ok is None:
        return diagnostic("UPL053", msg("gacrux pairing checker gave no verdict: {why}", why=v.why), path=path)
    if v.ok:
        return diagnostic("UPL053", msg("gacrux pairing checker (rules {value}): the {checked} round(s) are the "
                                        "pairings it computes", value=v.rules or 'unknown', checked=v.checked), path=path)
    shown = ", ".join(map(str, v.rounds))
    return diagnostic("UPL053", msg("gacrux pairing checker (rules {value}): round(s) {shown} differ from the "
                                    "pairings it computes (its verdict, beside trfconv's own check; a pairing made "
                                    "by hand or another system differs too)", value=v.rules or 'unknown', shown=shown), path=path, severity=Severity.WARNING)
