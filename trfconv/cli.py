"""The ``trfconv`` command: thin over the library (parse options, call, print)."""

from __future__ import annotations

import gc
import sys
from collections import Counter
from datetime import date
from enum import Enum
from pathlib import Path

import typer

from . import TrfconvError, dumps, read, write
from .diagnostics import Severity, has_errors
from .model import Tournament

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Read, check and convert chess tournament files (FIDE TRF16/TRF-2026, JSON).")

UNREADABLE = {"IO001", "IO002", "JSN001", "XML001", "XML002", "XML003", "CSV001", "CSV007"}
EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2
JSON_SCHEMA_VERSION = 1


class OutputFormat(str, Enum):
    trf26 = "trf26"
    trf16 = "trf16"
    json = "json"
    xml = "xml"
    csv = "csv"


#: Output format chosen by the output file's extension when --to is not given.
_EXTENSIONS = {".json": "json", ".xml": "xml", ".csv": "csv"}


class LineEnding(str, Enum):
    crlf = "crlf"
    lf = "lf"
    cr = "cr"


_ENDINGS = {"crlf": "\r\n", "lf": "\n", "cr": "\r"}
_ENDING_NAMES = {"\r\n": "CRLF", "\n": "LF", "\r": "CR"}

EncodingOption = typer.Option(None, "--encoding", "-e", help="Input encoding (default: detected).")
JsonOption = typer.Option(False, "--json", help="Machine-readable output (schema in the README).")
TimeControlOption = typer.Option(None, "--time-control", help="Time control when the file's is missing or not "
                                 "understood: a 222 code (5400+30) or text (\"90'+30\\\"\", 40/90, 30, +30s).")
NationalOption = typer.Option(False, "--national-championship", help="The event is a national championship "
                              "(B.02 2005 6.33: a round robin needs only 3 rated men, 2 rated women in a women's event).")


def _load(path: Path, encoding: str | None) -> Tournament | None:
    try:
        return read(path, encoding=encoding)
    except TrfconvError as err:
        _print_diagnostics(err.diagnostics)
        return None


def _unreadable(t: Tournament | None) -> bool:
    return t is None or any(d.code in UNREADABLE for d in t.diagnostics)


def _readable(path: Path, encoding: str | None) -> Tournament:
    """The tournament, or exit 2 (after printing why) when the file cannot be read."""
    t = _load(path, encoding)
    if _unreadable(t):
        if t is not None:
            _print_diagnostics(t.diagnostics)
        raise typer.Exit(EXIT_UNREADABLE)
    return t


def _verdict(t: Tournament, rules: str | None, time_control: str | None, national: bool):
    """The rateability verdict, or exit 2 when ``--rules`` is not a B.02 edition."""
    from .rules.editions import UnknownEdition
    from .rules.rateability import validate as judge

    try:
        return judge(t, rules, time_control, national_championship=national)
    except UnknownEdition as err:
        typer.echo(f"trfconv: {err}", err=True)
        raise typer.Exit(EXIT_UNREADABLE)


def _print_diagnostics(diagnostics, stream=None) -> None:
    if diagnostics:  # one write: echo flushes after each call
        typer.echo("\n".join(map(str, diagnostics)), file=stream or sys.stderr)


def _severity_counts(diagnostics) -> dict[str, int]:
    c = Counter(d.severity.value for d in diagnostics)
    return {s.value: c[s.value] for s in Severity}


def _echo_json(data: dict) -> None:
    """Print ``data`` as the ``--json`` output (UTF-8, one key per line)."""
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=1))


def _json_value(value):
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


@app.command()
def info(file: Path = typer.Argument(..., help="Tournament file."),
         encoding: str | None = EncodingOption, as_json: bool = JsonOption) -> None:
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
        _echo_json(data)
    else:
        sev = data["diagnostics"]
        rows = [("file", str(file)),
                ("format", f"{s.format} {s.version or ''}" + (f" ({', '.join(s.dialects)})" if s.dialects else "")),
                ("encoding", f"{s.encoding}, line ending {data['line_ending'] or '-'}"),
                *((key.replace("_", " "), value) for key, value in event.items() if value not in (None, "")),
                ("counts", ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in data["counts"].items() if v)),
                ("diagnostics", f"{sev['error']} error(s), {sev['warning']} warning(s), {sev['info']} info"
                 + ("" if not sev["codes"] else "  [" + ", ".join(f"{c}×{n}" for c, n in sev["codes"].items()) + "]"))]
        width = max(len(label) for label, _ in rows) + 2
        for label, value in rows:
            typer.echo(f"{label:<{width}}{value}")
    raise typer.Exit(EXIT_UNREADABLE if _unreadable(t) else EXIT_OK)


@app.command()
def check(file: Path = typer.Argument(..., help="Tournament file."),
          encoding: str | None = EncodingOption, as_json: bool = JsonOption) -> None:
    """Report every diagnostic. Exit 0 when there is no error, 1 when there are errors,
    2 when the file cannot be read."""
    t = _load(file, encoding)
    if t is None:
        if as_json:
            import json

            typer.echo(json.dumps({"schema": JSON_SCHEMA_VERSION, "file": str(file), "readable": False}))
        raise typer.Exit(EXIT_UNREADABLE)
    diagnostics = t.diagnostics
    if as_json:
        _echo_json({
            "schema": JSON_SCHEMA_VERSION, "file": str(file), "readable": not _unreadable(t),
            **_severity_counts(diagnostics),
            "diagnostics": [d.as_dict() for d in diagnostics],
        })
    else:
        _print_diagnostics(diagnostics, sys.stdout)
        sev = _severity_counts(diagnostics)
        typer.echo(f"{file}: {sev['error']} error(s), {sev['warning']} warning(s), {sev['info']} info")
    if _unreadable(t):
        raise typer.Exit(EXIT_UNREADABLE)
    raise typer.Exit(EXIT_ERRORS if has_errors(diagnostics) else EXIT_OK)


@app.command()
def convert(
    source: Path = typer.Argument(..., help="Input file (TRF, JSON, chess-results XML, crosstable CSV or .xlsx; "
                                            "detected from content)."),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output)."),
    to: OutputFormat | None = typer.Option(None, "--to", help="Output format (default: from the output "
                                           "extension, .json -> json, .xml -> xml, .csv -> csv, "
                                           "otherwise trf26)."),
    encoding: str | None = EncodingOption,
    output_encoding: str = typer.Option("utf-8", "--output-encoding",
                                        help="utf-8 (default), latin-1, cp1252 or ascii (characters folded, "
                                             "each change reported)."),
    line_ending: LineEnding = typer.Option(LineEnding.crlf, "--line-ending", help="Line ending of TRF output."),
    strict: bool = typer.Option(False, "--strict", help="Fail (exit 1, nothing written) on any error."),
) -> None:
    """Convert a tournament file to TRF-2026, TRF16, JSON, chess-results XML or crosstable CSV.
    What the output format cannot hold is reported, item by item (WRT004)."""
    t = _readable(source, encoding)
    fmt = (to.value if to else None) or (_EXTENSIONS.get(output.suffix.lower(), "trf26") if output else "trf26")
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


@app.command()
def validate(
    file: Path = typer.Argument(..., help="Tournament file."),
    rules: str | None = typer.Option(None, "--rules", help="Rating regulations edition: b02-2005 or "
                                     "b02-2024 (default: the one in force on the start date)."),
    time_control: str | None = TimeControlOption, national: bool = NationalOption,
    encoding: str | None = EncodingOption, as_json: bool = JsonOption,
) -> None:
    """Would FIDE rate this event? Verdict with the articles and numbers behind it, the games not
    rated and why, and what each player gets. Exit 0 rateable, 1 not rateable, 2 unreadable."""
    from .rules.rateability.output import as_dict, text_lines

    t = _readable(file, encoding)
    verdict = _verdict(t, rules, time_control, national)
    _print_diagnostics(d for d in t.diagnostics if d.severity is not Severity.INFO)
    if as_json:
        _echo_json({"schema": JSON_SCHEMA_VERSION, "file": str(file), **as_dict(verdict, t)})
    else:
        _print_diagnostics(verdict.diagnostics)
        typer.echo(f"{'file':<12}{file}")
        for line in text_lines(verdict, t):
            typer.echo(line)
    raise typer.Exit(EXIT_OK if verdict.rateable else EXIT_ERRORS)


class ReportFormat(str, Enum):
    text = "text"
    csv = "csv"
    json = "json"
    html = "html"


@app.command()
def report(
    file: Path = typer.Argument(..., help="Tournament file."),
    rules: str | None = typer.Option(None, "--rules", help="Rating regulations edition (b02-2005, b02-2024); "
                                     "default: the one in force at the event's start date."),
    fmt: ReportFormat = typer.Option(ReportFormat.text, "--format", help="Report format."),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output)."),
    k_file: Path | None = typer.Option(None, "--k-file", help="CSV of 'FIDE id,K' overriding the K of players."),
    time_control: str | None = TimeControlOption, national: bool = NationalOption,
    encoding: str | None = EncodingOption,
) -> None:
    """FIDE rating report: which games count (the rateability verdict), each player's Ro, K, Rc, n,
    W, We, change and new rating, unrated players' Ru. Exit 0 when the event is rateable and
    nothing is wrong, 1 when it is not rateable or a problem was found, 2 when unreadable."""
    from . import _atomic_write
    from .report import rating_report, render

    t = _readable(file, encoding)
    verdict = _verdict(t, rules, time_control, national)
    rating = rating_report(t, verdict, k_file=k_file)
    _print_diagnostics([*t.diagnostics, *verdict.diagnostics, *rating.diagnostics])
    data = render(rating, fmt.value).encode("utf-8")
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    elif output.exists() and output.resolve() == file.resolve():
        typer.echo("trfconv: refusing to overwrite the input file", err=True)
        raise typer.Exit(EXIT_ERRORS)
    else:
        _atomic_write(output, data)
    problem = not verdict.rateable or has_errors([*t.diagnostics, *rating.diagnostics])
    raise typer.Exit(EXIT_ERRORS if problem else EXIT_OK)


class StandingsFormat(str, Enum):
    text = "text"
    csv = "csv"
    json = "json"


@app.command()
def standings(
    file: Path = typer.Argument(..., help="Tournament file."),
    tiebreaks: list[str] | None = typer.Option(
        None, "--tiebreaks", "-t", help="Ordered tie-breaks, comma-separated or repeated (e.g. "
        "'BH/C1,BH,SB,DE'); default: the file's 212 or 202 record."),
    rules: str | None = typer.Option(None, "--rules", help="C.07 edition: tb-2009, tb-2023, tb-2024 or "
                                     "tb-2026 (default: the one in force on the start date)."),
    unrated: int | None = typer.Option(None, "--unrated", min=1, help="Rating given to unrated players by "
                                       "the rating-based tie-breaks (otherwise they are undefined)."),
    fmt: StandingsFormat = typer.Option(StandingsFormat.text, "--format", help="text, csv or json."),
    encoding: str | None = EncodingOption, as_json: bool = JsonOption,
) -> None:
    """Standings: points, the ordered tie-breaks (exact values), and ties left for drawing of
    lots; in a team file (310/013) the teams, by match points (``-t PTS:GP,…`` for game points).
    Exit 0 ok, 1 when a tie-break cannot be computed, 2 when the file cannot be read."""
    from .rules.editions import UnknownEdition, edition
    from .rules.tiebreaks import standings as compute_standings
    from .rules.tiebreaks.output import as_dict, render_csv, render_text

    if rules is not None:
        try:
            edition(rules)
        except UnknownEdition as err:
            raise typer.BadParameter(str(err), param_hint="--rules") from None
    t = _readable(file, encoding)
    result = compute_standings(t, tiebreaks or None, rules=rules, unrated=unrated)
    diagnostics = [d.located(str(file)) for d in result.diagnostics]
    if as_json or fmt is StandingsFormat.json:
        _echo_json({"schema": JSON_SCHEMA_VERSION, "file": str(file), **as_dict(result),
                    "diagnostics": [d.as_dict() for d in diagnostics]})
    else:
        _print_diagnostics(diagnostics)
        typer.echo((render_csv if fmt is StandingsFormat.csv else render_text)(result), nl=False)
    raise typer.Exit(EXIT_ERRORS if has_errors(diagnostics) else EXIT_OK)


@app.command()
def formats(as_json: bool = JsonOption) -> None:
    """The formats trfconv reads (detected from the content) and writes (--to)."""
    from .io import READERS, WRITERS

    if as_json:
        _echo_json({"schema": JSON_SCHEMA_VERSION, "read": READERS, "write": WRITERS})
    else:
        for title, table in (("read", READERS), ("write", WRITERS)):
            typer.echo(f"{title}:")
            for name, what in table.items():
                typer.echo(f"  {name:<7}{what}")
    raise typer.Exit(EXIT_OK)


from .cli_lists import app as lists_app, fill_command  # noqa: E402  (FIDE rating lists)
app.add_typer(lists_app, name="list")
app.command("fill")(fill_command)


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
