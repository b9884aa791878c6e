"""What a file is: format, version and dialects found, encoding, the event, counts and a summary
of the diagnostics (``trfconv info``)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from ..counts import counts
from ..dates import as_text
from ..diagnostics import Severity
from ..model import Tournament

_ENDING_NAMES = {"\r\n": "CRLF", "\n": "LF", "\r": "CR"}


@dataclass(frozen=True)
class InfoReport:
    file: str | None
    tournament: Tournament
    #: The format is binary: it has no text encoding nor line ending of its own.
    binary: bool = False


def as_dict(report: InfoReport) -> dict:
    t = report.tournament
    e, s = t.event, t.source
    severities = Counter(d.severity.value for d in t.diagnostics)
    return {
        "schema": 1,
        "file": report.file,
        "format": s.format, "version": s.version, "dialects": list(s.dialects),
        "encoding": s.encoding, "line_ending": _ENDING_NAMES.get(s.line_ending or ""),
        "event": {
            "name": e.name, "city": e.city, "federation": e.federation,
            "start_date": as_text(e.start_date), "end_date": as_text(e.end_date),
            "type": e.type, "system": t.pairing.system, "declared_rounds": e.declared_rounds,
            "chief_arbiter": e.chief_arbiter, "time_control": e.time_control_text,
        },
        "counts": counts(t),
        "diagnostics": {**{v.value: severities[v.value] for v in Severity},
                        "codes": dict(sorted(Counter(d.code for d in t.diagnostics).items()))},
    }


def render_json(report: InfoReport) -> str:
    return json.dumps(as_dict(report), ensure_ascii=False, indent=1) + "\n"


def _encoding(report: InfoReport, ending: str | None) -> str:
    """What applies of an encoding and a line ending: a binary file has neither (its texts may
    have an encoding); a text format whose lines are not what its reader goes by has no line
    ending said."""
    encoding = report.tournament.source.encoding
    if report.binary:
        return f"a binary file, its texts in {encoding}" if encoding else "none: a binary file"
    return (encoding or "not known") + (f", line ending {ending}" if ending else "")


def render_text(report: InfoReport) -> str:
    data = as_dict(report)
    s, sev = report.tournament.source, data["diagnostics"]
    rows = [("file", str(report.file)),
            ("format", f"{s.format} {s.version or ''}" + (f" ({', '.join(s.dialects)})" if s.dialects else "")),
            ("encoding", _encoding(report, data["line_ending"])),
            *((key.replace("_", " "), value) for key, value in data["event"].items() if value not in (None, "")),
            ("counts", ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in data["counts"].items() if v)),
            ("diagnostics", f"{sev['error']} error(s), {sev['warning']} warning(s), {sev['info']} info"
             + ("" if not sev["codes"] else "  [" + ", ".join(f"{c}×{n}" for c, n in sev["codes"].items()) + "]"))]
    width = max(len(label) for label, _ in rows) + 2
    return "".join(f"{label:<{width}}{value}\n" for label, value in rows)
