"""The ``trfconv`` command: thin over the library (parse options, call, print)."""

from __future__ import annotations

import gc
import json
import sys
from collections import Counter
from datetime import date
from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from . import TrfconvError, dumps, read, write
from .diagnostics import Severity, has_errors
from .model import Tournament

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Read, check and convert chess tournament files (FIDE TRF16/TRF-2026, JSON).")

UNREADABLE = {"IO001", "IO002", "JSN001"}
EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2
JSON_SCHEMA_VERSION = 1


class OutputFormat(str, Enum):
    trf26 = "trf26"
    trf16 = "trf16"
    json = "json"


class LineEnding(str, Enum):
    crlf = "crlf"
    lf = "lf"
    cr = "cr"


_ENDINGS = {"crlf": "\r\n", "lf": "\n", "cr": "\r"}
_ENDING_NAMES = {"\r\n": "CRLF", "\n": "LF", "\r": "CR"}

EncodingOption = typer.Option(None, "--encoding", "-e", help="Input encoding (default: detected).")
JsonOption = typer.Option(False, "--json", help="Machine-readable output (schema in the README).")


def _load(path: Path, encoding: Optional[str]) -> Tournament | None:
    try:
        return read(path, encoding=encoding)
    except TrfconvError as err:
        _print_diagnostics(err.diagnostics)
        return None


def _unreadable(t: Tournament | None) -> bool:
    return t is None or any(d.code in UNREADABLE for d in t.diagnostics)


def _print_diagnostics(diagnostics, stream=None) -> None:
    if diagnostics:  # one write: echo flushes after each call
        typer.echo("\n".join(map(str, diagnostics)), file=stream or sys.stderr)


def _severity_counts(diagnostics) -> dict[str, int]:
    c = Counter(d.severity.value for d in diagnostics)
    return {s.value: c[s.value] for s in Severity}


def _json_value(value):
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


@app.command()
def info(file: Path = typer.Argument(..., help="Tournament file."),
         encoding: Optional[str] = EncodingOption, as_json: bool = JsonOption) -> None:
    """Format and dialect found, encoding, event, counts and a diagnostics summary."""
    from .summary import counts

    t = _load(file, encoding)
    if t is None:
        raise typer.Exit(EXIT_UNREADABLE)
    e, s = t.event, t.source
    event = {
        "name": e.name, "city": e.city, "federation": e.federation,
        "start_date": _json_value(e.start_date), "end_date": _json_value(e.end_date),
        "type": e.type, "system": t.pairing.system, "declared_rounds": e.declared_rounds,
        "chief_arbiter": e.chief_arbiter, "time_control": e.time_control_text,
    }
    data = {
        "schema": JSON_SCHEMA_VERSION,
        "file": str(file),
        "format": s.format, "version": s.version, "dialects": list(s.dialects),
        "encoding": s.encoding, "line_ending": _ENDING_NAMES.get(s.line_ending or "", None),
        "event": event,
        "counts": counts(t),
        "diagnostics": {**_severity_counts(t.diagnostics),
                        "codes": dict(sorted(Counter(d.code for d in t.diagnostics).items()))},
    }
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        typer.echo(f"{'file':<15}{file}")
        typer.echo(f"{'format':<15}{s.format} {s.version or ''}"
                   + (f" ({', '.join(s.dialects)})" if s.dialects else ""))
        typer.echo(f"{'encoding':<15}{s.encoding}, line ending {data['line_ending'] or '-'}")
        for key, value in event.items():
            if value not in (None, ""):
                typer.echo(f"{key.replace('_', ' '):<15}{value}")
        typer.echo(f"{'counts':<15}" + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in data["counts"].items() if v))
        sev = data["diagnostics"]
        typer.echo(f"{'diagnostics':<15}{sev['error']} error(s), {sev['warning']} warning(s), {sev['info']} info"
                   + ("" if not sev["codes"] else "  [" + ", ".join(f"{c}×{n}" for c, n in sev["codes"].items()) + "]"))
    raise typer.Exit(EXIT_UNREADABLE if _unreadable(t) else EXIT_OK)


@app.command()
def check(file: Path = typer.Argument(..., help="Tournament file."),
          encoding: Optional[str] = EncodingOption, as_json: bool = JsonOption) -> None:
    """Report every diagnostic. Exit 0 when there is no error, 1 when there are errors,
    2 when the file cannot be read."""
    t = _load(file, encoding)
    if t is None:
        if as_json:
            typer.echo(json.dumps({"schema": JSON_SCHEMA_VERSION, "file": str(file), "readable": False}))
        raise typer.Exit(EXIT_UNREADABLE)
    diagnostics = t.diagnostics
    if as_json:
        typer.echo(json.dumps({
            "schema": JSON_SCHEMA_VERSION, "file": str(file), "readable": not _unreadable(t),
            **_severity_counts(diagnostics),
            "diagnostics": [d.as_dict() for d in diagnostics],
        }, ensure_ascii=False, indent=1))
    else:
        _print_diagnostics(diagnostics, sys.stdout)
        sev = _severity_counts(diagnostics)
        typer.echo(f"{file}: {sev['error']} error(s), {sev['warning']} warning(s), {sev['info']} info")
    if _unreadable(t):
        raise typer.Exit(EXIT_UNREADABLE)
    raise typer.Exit(EXIT_ERRORS if has_errors(diagnostics) else EXIT_OK)


@app.command()
def convert(
    source: Path = typer.Argument(..., help="Input file (TRF or trfconv JSON, detected from content)."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Output file (default: standard output)."),
    to: Optional[OutputFormat] = typer.Option(None, "--to", help="Output format (default: from the output "
                                              "extension, .json -> json, otherwise trf26)."),
    encoding: Optional[str] = EncodingOption,
    output_encoding: str = typer.Option("utf-8", "--output-encoding",
                                        help="utf-8 (default), latin-1, cp1252 or ascii (characters folded, "
                                             "each change reported)."),
    line_ending: LineEnding = typer.Option(LineEnding.crlf, "--line-ending", help="Line ending of TRF output."),
    strict: bool = typer.Option(False, "--strict", help="Fail (exit 1, nothing written) on any error."),
) -> None:
    """Convert a tournament file to TRF-2026, TRF16 or JSON."""
    t = _load(source, encoding)
    if _unreadable(t):
        if t is not None:
            _print_diagnostics(t.diagnostics)
        raise typer.Exit(EXIT_UNREADABLE)
    fmt = (to.value if to else None) or ("json" if output and output.suffix.lower() == ".json" else "trf26")
    _print_diagnostics(t.diagnostics)
    if strict and has_errors(t.diagnostics):
        typer.echo("trfconv: errors in the input; nothing written (--strict)", err=True)
        raise typer.Exit(EXIT_ERRORS)
    ending = _ENDINGS[line_ending.value]
    try:
        if output is None:
            data, written = dumps(t, fmt, line_ending=ending, encoding=output_encoding)
            _print_diagnostics([d.located("<stdout>") for d in written])
            if strict and has_errors(written):
                raise typer.Exit(EXIT_ERRORS)
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            _print_diagnostics(write(t, output, fmt, line_ending=ending, encoding=output_encoding, strict=strict))
    except TrfconvError as err:
        _print_diagnostics(err.diagnostics)
        raise typer.Exit(EXIT_ERRORS)
    except LookupError:
        typer.echo(f"trfconv: unknown output encoding {output_encoding!r}", err=True)
        raise typer.Exit(EXIT_ERRORS)
    raise typer.Exit(EXIT_OK)


def main() -> None:
    """Run one command (the console script). The cycle collector is paused meanwhile: the model
    holds no reference cycles, and each collection would walk the whole tournament (tens of
    milliseconds for a 10,000-player file). What is left is frozen, so that the interpreter's
    final collection at exit does not walk it either."""
    gc.disable()
    try:
        app()
    finally:
        gc.freeze()
        gc.enable()


if __name__ == "__main__":
    main()
