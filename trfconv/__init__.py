"""trfconv: read, check and write chess tournament files through one exact model.

    >>> import trfconv
    >>> t = trfconv.read("fixtures/trf/sanichi__icu_tournament__valid.trf")
    >>> [str(d) for d in t.diagnostics]          # what the reader noticed
    >>> trfconv.write(t, "out.trf", format="trf26")
"""

from __future__ import annotations

import os
from pathlib import Path

from .diagnostics import Diagnostic, Severity, TrfconvError, diagnostic, has_errors
from .io import READERS, WRITERS, read_bytes, render
from .model import Tournament

__all__ = [
    "READERS",
    "WRITERS",
    "Diagnostic",
    "Severity",
    "Tournament",
    "TrfconvError",
    "dumps",
    "read",
    "reads",
    "validate",
    "write",
]
__version__ = "0.1.0"


def read(path: str | os.PathLike, *, encoding: str | None = None, format: str | None = None,
         strict: bool = False) -> Tournament:
    """Read a tournament file. Problems are in ``tournament.diagnostics``; with ``strict=True``
    any error raises :class:`TrfconvError` instead. A file that cannot be opened raises
    :class:`TrfconvError` with an ``IO001`` diagnostic."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise TrfconvError([diagnostic("IO001", f"cannot read: {err.strerror or err}", path=str(path))]) from None
    return reads(data, path=str(path), encoding=encoding, format=format, strict=strict)


def reads(data: bytes | str, *, path: str | None = None, encoding: str | None = None,
          format: str | None = None, strict: bool = False) -> Tournament:
    """Read a tournament from bytes (or text, which is taken as UTF-8)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    tournament = read_bytes(data, path, encoding=encoding, format=format)
    if strict and has_errors(tournament.diagnostics):
        raise TrfconvError(tournament.diagnostics)
    return tournament


def dumps(tournament: Tournament, format: str = "trf26", *, line_ending: str = "\r\n",
          encoding: str = "utf-8") -> tuple[bytes, list[Diagnostic]]:
    """The file content in ``format`` (``trf26``, ``trf16``, ``json``) and the writer's
    diagnostics (truncations, replaced characters, data the format cannot hold)."""
    return render(tournament, format, line_ending=line_ending, encoding=encoding)


def write(tournament: Tournament, path: str | os.PathLike, format: str = "trf26", *,
          line_ending: str = "\r\n", encoding: str = "utf-8", strict: bool = False) -> list[Diagnostic]:
    """Write ``tournament`` to ``path`` atomically (a temporary file in the same folder, then a
    rename). Refuses to overwrite the file the tournament was read from. With ``strict=True``
    nothing is written when the writer reports an error."""
    target = Path(path)
    source = tournament.source.path
    if source and target.exists() and Path(source).exists() and target.samefile(source):
        raise TrfconvError([diagnostic("WRT003", "refusing to overwrite the input file", path=str(path))])
    data, diagnostics = dumps(tournament, format, line_ending=line_ending, encoding=encoding)
    diagnostics = [d.located(str(path)) for d in diagnostics]
    if strict and has_errors(diagnostics):
        raise TrfconvError(diagnostics)
    _atomic_write(target, data)
    return diagnostics


def validate(tournament: Tournament, rules=None, time_control=None, *, national_championship: bool = False):
    """Would FIDE rate this event, which games and for whom: a
    :class:`~trfconv.rules.rateability.Verdict` under ``rules`` (``"b02-2005"``, ``"b02-2024"``;
    default: the edition in force on the start date). ``time_control`` (a 222 code or 122-style
    text) replaces the file's. ``national_championship``: the event is a national championship
    (B.02 2005 6.33)."""
    from .rules.rateability import validate as judge

    return judge(tournament, rules, time_control, national_championship=national_championship)


def _atomic_write(target: Path, data: bytes) -> None:
    import tempfile

    folder = target.resolve().parent
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
