"""What a file is: format, version and dialects found, encoding, the event, counts and a summary
of the diagnostics (``trfconv info``); the text in the report's language, JSON in English."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from ..counts import counts
from ..dates import as_text
from ..diagnostics import Severity
from ..messages import ENGLISH, Language, Message, msg, plural
from ..model import Tournament

_ENDING_NAMES = {"\r\n": "CRLF", "\n": "LF", "\r": "CR"}


@dataclass(frozen=True)
class InfoReport:
    file: str | None
    tournament: Tournament
    #: The format is binary: it has no text encoding nor line ending of its own.
    binary: bool = False
    #: The language of the text (``trfconv --lang``).
    lang: Language = ENGLISH


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


def _encoding(report: InfoReport, ending: str | None) -> Message:
    """What applies of an encoding and a line ending: a binary file has neither (its texts may
    have an encoding); a text format whose lines are not what its reader goes by has no line
    ending said."""
    encoding = report.tournament.source.encoding
    if report.binary:
        return msg("a binary file, its texts in {encoding}", encoding=encoding) if encoding \
            else msg("none: a binary file")
    known = encoding or msg("not known")
    return msg("{encoding}, line ending {ending}", encoding=known, ending=ending) if ending \
        else msg("{encoding}", encoding=known)


#: The names of the lines, by the keys of the JSON they say (the event's, the counts').
LABELS = {"file": msg("file"), "format": msg("format"), "encoding": msg("encoding"), "name": msg("name"),
          "city": msg("city"), "federation": msg("federation"), "start_date": msg("start date"),
          "end_date": msg("end date"), "type": msg("type"), "system": msg("system"),
          "declared_rounds": msg("declared rounds"), "chief_arbiter": msg("chief arbiter"),
          "time_control": msg("time control"), "counts": msg("counts"), "diagnostics": msg("diagnostics")}
#: The counts' names (the keys of :func:`trfconv.counts.counts`); the byes by their TRF letter.
COUNTED = {"players": msg("players"), "rated_players": msg("rated players"), "teams": msg("teams"),
           "rounds": msg("rounds"), "rated_games": msg("rated games"), "unrated_games": msg("unrated games"),
           "forfeits": msg("forfeits"), "byes_pab": msg("byes pab"), "byes_full": msg("byes full"),
           "byes_half": msg("byes half"), "byes_zero": msg("byes zero"), "not_paired": msg("not paired"),
           "pending_games": msg("pending games"), "unreadable": msg("unreadable")}


def render_text(report: InfoReport) -> str:
    data, say = as_dict(report), report.lang.say
    s, sev = report.tournament.source, data["diagnostics"]
    e = report.tournament.event  # the dates as read: a date (said as the language writes it), or the text written
    event = {**data["event"], "start_date": e.start_date, "end_date": e.end_date}
    counted = ", ".join(f"{say(COUNTED.get(k, k.replace('_', ' ')))} {v}" for k, v in data["counts"].items() if v)
    found = say(msg("{errors}, {warnings}, {infos}",
                    errors=plural("{n} error(s)", "{n} error(s)", n=sev["error"]),
                    warnings=plural("{n} warning(s)", "{n} warning(s)", n=sev["warning"]),
                    infos=plural("{n} info", "{n} info", n=sev["info"])))
    rows = [("file", str(report.file)),
            ("format", f"{s.format} {s.version or ''}" + (f" ({', '.join(s.dialects)})" if s.dialects else "")),
            ("encoding", say(_encoding(report, data["line_ending"]))),
            *((key, say(report.lang.date(value) if key.endswith("_date") else value))
              for key, value in event.items() if value not in (None, "")),
            ("counts", counted),
            ("diagnostics", found + ("" if not sev["codes"] else "  [" + ", ".join(f"{c}×{n}" for c, n in
                                                                                 sev["codes"].items()) + "]"))]
    labels = [say(LABELS.get(key, key.replace("_", " "))) for key, _ in rows]
    width = max(map(len, labels)) + 2
    return "".join(f"{label:<{width}}{value}\n" for label, (_, value) in zip(labels, rows, strict=True))
