"""``convert``: the same tournament in another format. A conversion is an official output: a file
with errors is converted only when the person allows it (``lenient``), and the output then says
that it rests on them (a first ``###`` line, WRT008); the points and ranks the file does not
give are written from trfconv's standings (WRT007); what the output format cannot hold is
reported item by item (WRT004); a writer's error withholds the output unless allowed too."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from ..actions import Action
from ..diagnostics import Diagnostic, Severity, diagnostic, has_errors
from ..errors import TrfconvError
from ..io.files import MAX_INPUT_BYTES
from ..io.registry import DEFAULT_OUTPUT, output_for, outputs, write_bytes, write_file
from ..messages import msg
from ..model import Extra, Tournament
from .inputs import Given, Params, name_of, tournament
from .outputs import to_file
from .result import Exit, JobResult, Problem, Written, stopped
from .tiebreaks import tiebreak_specs


@dataclass(frozen=True)
class Convert(Params):
    """The file; the output format (None: from the output file's suffix, else the default
    TRF-2026); the output file (None or ``-``: the bytes are handed back in the result); the input
    encoding (None: detected), the output's and its line ending; ``lenient``: write even when the
    input or the writer has errors; ``tiebreaks``: the event's tie-break list, written in place
    of the file's."""

    name: ClassVar[str] = "convert"
    job: ClassVar[str] = "trfconv.jobs.convert:convert"

    file: Given
    to: str | None = None
    output: Path | None = None
    encoding: str | None = None
    output_encoding: str = "utf-8"
    line_ending: str = "\r\n"
    lenient: bool = False
    tiebreaks: tuple[str, ...] = ()
    max_bytes: int = MAX_INPUT_BYTES


    @property
    def format(self) -> str:
        """The output format's name."""
        return self.to or (output_for(self.output.suffix) if self.output else DEFAULT_OUTPUT)


@dataclass(frozen=True)
class Conversion:
    """What a conversion noticed, step by step: how a tie-break name given was read, where a name
    is shared (TB017), the input's diagnostics, the line saying that it was written from a file
    with errors (when allowed), what the standings filled, and what the writer said (located at
    the output); the players written, when a file was."""

    format: str
    readings: tuple[Diagnostic, ...] = ()
    read: tuple[Diagnostic, ...] = ()
    marked: Diagnostic | None = None
    filled: tuple[Diagnostic, ...] = ()
    written: tuple[Diagnostic, ...] = ()
    players: int | None = None


#: A file with errors is written only when the person allows it.
WRITE_ANYWAY = Action("allow-defective", purpose=msg("to write it anyway, marked as resting on them"))


def refusal(t: Tournament, source: str | None) -> Problem | None:
    """Why a conversion of ``t`` is refused unless the person allows it (a file with errors:
    then written marked as resting on them), or None: the one policy of every face's
    conversions (the page says it before a conversion is asked for)."""
    if not has_errors(t.diagnostics):
        return None
    return Problem(msg("errors in the input; nothing written"), path=source, actions=(WRITE_ANYWAY,))


def convert(params: Convert) -> JobResult[Conversion]:
    """The conversion, written to ``params.output`` or handed back (``data``); refused (exit 1,
    nothing written) for a file with errors, or a writer's error, unless ``lenient``."""
    from ..rules.tiebreaks.declare import with_standings

    t = tournament(params.file, encoding=params.encoding, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return stopped(params.name, t, file=name_of(params.file))
    readings: list[Diagnostic] = []
    if params.tiebreaks:
        from ..rules.tiebreaks.spec import readings as read_as

        specs = tiebreak_specs(list(params.tiebreaks), None, t.event.start_date)
        if isinstance(specs, Problem):
            return stopped(params.name, specs, file=name_of(params.file), tournament=t)
        t, readings = _with_tiebreaks(t, specs), read_as(specs)
    done = Conversion(params.format, tuple(readings), t.diagnostics)
    base: JobResult[Conversion] = JobResult(params.name, Exit.PROBLEMS, name_of(params.file), t)
    refused = refusal(t, name_of(params.file))
    if refused is not None:
        if not params.lenient:
            return replace(base, value=done, diagnostics=(*done.readings, *t.diagnostics), verdict=msg("not written: errors"),
                           actions=refused.actions, refused=(refused,))
        t, marked = _marked_lenient(t)
        done = replace(done, marked=marked)
    t, filled = with_standings(t)
    done = replace(done, filled=tuple(d.located(name_of(params.file)) for d in filled))
    noticed = (*done.readings, *done.read, *((done.marked,) if done.marked else ()), *done.filled)
    if params.output is None or not to_file(params.output):
        try:
            data, said, _ = write_bytes(t, params.format, line_ending=params.line_ending,
                                        encoding=params.output_encoding)
        except LookupError:
            return replace(base, exit=Exit.UNUSABLE, refused=(_unknown_encoding(params),))
        done = replace(done, written=tuple(d.located("<stdout>") for d in said))
        if not params.lenient and has_errors(said):
            return replace(base, value=done, diagnostics=(*noticed, *done.written),
                           refused=(_writer_refused("<stdout>"),))
        return replace(base, exit=Exit.OK, value=done, diagnostics=(*noticed, *done.written), data=data)
    try:
        written = write_file(t, params.output, params.format, line_ending=params.line_ending,
                             encoding=params.output_encoding, strict=not params.lenient)
    except TrfconvError as err:
        first = err.diagnostics[0] if err.diagnostics else None
        if first is not None and first.code == "IO003":
            return replace(base, exit=Exit.UNUSABLE, refused=(
                Problem(first.message.removeprefix("cannot write: "), path=str(params.output)),))
        done = replace(done, written=err.diagnostics)
        return replace(base, value=done, diagnostics=(*noticed, *err.diagnostics),
                       refused=(_writer_refused(str(params.output)),))
    except LookupError:
        return replace(base, exit=Exit.UNUSABLE, refused=(_unknown_encoding(params),))
    done = replace(done, written=tuple(written.diagnostics), players=written.players)
    what = outputs()[params.format].description.split(" (")[0]
    return replace(base, exit=Exit.OK, value=done, diagnostics=(*noticed, *done.written), verdict=msg("written"),
                   written=(Written(str(params.output), what),))


def _unknown_encoding(params: Convert) -> Problem:
    return Problem(msg("unknown encoding '{encoding}'", encoding=params.output_encoding), about="output_encoding")


def _writer_refused(output: str) -> Problem:
    return Problem(msg("the writer reports errors; nothing written"), path=output,
                   actions=(Action("allow-defective", purpose=msg("to write it anyway")),))


def _marked_lenient(t: Tournament) -> tuple[Tournament, Diagnostic]:
    """``t`` with a first line saying that it was written from a file with errors: a ``###``
    comment in TRF, kept in JSON; a format without comments reports it as a line it cannot hold
    (WRT004); and the WRT008 warning that says it."""
    errors = [d for d in t.diagnostics if d.severity is Severity.ERROR]
    codes = ", ".join(sorted({d.code for d in errors}))
    text = (f"### trfconv convert --lenient: written from {Path(t.source.path or '-').name}, which has "
            f"{len(errors)} error(s) ({codes}); what rests on them is not reliable")
    return (replace(t, extras=(Extra(text, None), *t.extras)),
            diagnostic("WRT008", text.removeprefix("### trfconv convert --lenient: ")))


def _with_tiebreaks(t: Tournament, specs) -> Tournament:
    """``t`` with the tie-break list given as its 202/212 records."""
    from ..rules.tiebreaks.spec import record_lists

    after, full = record_lists(specs)
    return replace(t, event=replace(t.event, tiebreaks=after, standings_tiebreaks=full))
