"""trfconv: read, check and write chess tournament files through one exact model.

    >>> import trfconv
    >>> t = trfconv.read("fixtures/trf/sanichi__icu_tournament__valid.trf")
    >>> [str(d) for d in t.diagnostics]          # what the reader noticed
    >>> trfconv.write(t, "out.trf", format="trf26")
"""

from __future__ import annotations

import os

from .diagnostics import Diagnostic, Severity, TrfconvError, diagnostic, has_errors
from .io.files import MAX_INPUT_BYTES, InputError, OutputError, read_input, write_output
from .io.registry import read_bytes, write_bytes
from .model import Tournament

__all__ = [
    "Diagnostic",
    "Severity",
    "Tournament",
    "TrfconvError",
    "dumps",
    "rate",
    "read",
    "read_many",
    "reads",
    "standings",
    "validate",
    "write",
]
__version__ = "0.1.0"


def read(path: str | os.PathLike, *, encoding: str | None = None, format: str | None = None,
         strict: bool = False, max_bytes: int = MAX_INPUT_BYTES) -> Tournament:
    """Read a tournament file. Problems are in ``tournament.diagnostics``; with ``strict=True``
    any error raises :class:`TrfconvError` instead. A file that cannot be opened, or is not a
    regular file of at most ``max_bytes``, raises :class:`TrfconvError` with an ``IO001``
    diagnostic."""
    try:
        data = read_input(path, max_bytes=max_bytes)
    except InputError as err:
        raise TrfconvError([diagnostic("IO001", f"cannot read: {err}", path=str(path))]) from None
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


def read_many(paths, *, encoding: str | None = None, jobs: int | None = 1):
    """Read many files: ``paths`` are files, folders (searched recursively, taking what a format
    recognises by content) or glob patterns. Yields ``(path, tournament)`` in order, the
    tournament of a file that cannot be read holding the diagnostics that say why (never
    raising); ``jobs`` > 1 reads in that many worker processes. What was skipped is given by
    :func:`trfconv.io.many.expand`."""
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    from .io.many import expand

    files, _ = expand(paths)
    one = partial(_read_or_say, encoding=encoding)
    if (jobs or 1) <= 1 or len(files) <= 1:
        yield from zip(files, map(one, files))
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from zip(files, pool.map(one, files, chunksize=1))


def _read_or_say(path, *, encoding: str | None) -> Tournament:
    try:
        return read(path, encoding=encoding)
    except TrfconvError as err:
        from .model import Source

        return Tournament(source=Source(path=str(path), diagnostics=tuple(err.diagnostics)))


def dumps(tournament: Tournament, format: str = "trf26", *, line_ending: str = "\r\n",
          encoding: str = "utf-8") -> tuple[bytes, list[Diagnostic]]:
    """The file content in ``format`` (``trfconv formats`` lists them: ``trf26``, ``trf16``,
    ``json``, ``xml``, ``csv``) and the writer's diagnostics (truncations, replaced characters,
    data the format cannot hold)."""
    return write_bytes(tournament, format, line_ending=line_ending, encoding=encoding)


def write(tournament: Tournament, path: str | os.PathLike, format: str = "trf26", *,
          line_ending: str = "\r\n", encoding: str = "utf-8", strict: bool = False) -> list[Diagnostic]:
    """Write ``tournament`` to ``path``: atomically over a regular file, keeping its mode (see
    :mod:`trfconv.io.files`). Refuses to overwrite the file the tournament was read from. With
    ``strict=True`` nothing is written when the writer reports an error."""
    data, diagnostics = dumps(tournament, format, line_ending=line_ending, encoding=encoding)
    diagnostics = [d.located(str(path)) for d in diagnostics]
    if strict and has_errors(diagnostics):
        raise TrfconvError(diagnostics)
    try:
        write_output(path, data, source=tournament.source.path)
    except OutputError as err:
        raise TrfconvError([diagnostic("IO003", f"cannot write: {err}", path=str(path))]) from None
    return diagnostics


def validate(tournament: Tournament, rules=None, time_control=None, *, national_championship: bool = False):
    """Would FIDE rate this event, which games and for whom: a
    :class:`~trfconv.rules.rateability.Verdict` under ``rules`` (``"b02-2005"``, ``"b02-2024"``;
    default: the edition in force on the start date). ``time_control`` (a 222 code or 122-style
    text) replaces the file's. ``national_championship``: the event is a national championship
    (B.02 2005 6.33)."""
    from .rules.rateability import validate as judge

    return judge(tournament, rules, time_control, national_championship=national_championship)


def rate(tournament: Tournament, verdict=None, *, rules=None, k: dict[str, int] | None = None):
    """What the event does to each player's FIDE rating
    (:class:`~trfconv.rules.rating.event.EventRating`): the rating arithmetic of B.02 under the
    edition the ``verdict`` was decided under (default: :func:`validate` under ``rules``). ``k``
    gives players' K by FIDE id (otherwise inferred from the edition's rules, with RAT001)."""
    from .rules.rating.event import rate as compute

    return compute(tournament, verdict if verdict is not None else validate(tournament, rules), k=k)


def standings(tournament: Tournament, tiebreaks: list[str] | str | None = None, *, rules: str | None = None,
              unrated: int | None = None, after_round: int | None = None, lots_seed: str | None = None):
    """The standings (:class:`~trfconv.rules.tiebreaks.Standings`): points, then ``tiebreaks``
    (names such as ``"BH/C1,BH,SB,DE"``; default: the file's 212/202 list) under the C.07
    edition ``rules`` (default: the one in force on the start date); ``unrated`` is the rating
    the rating-based tie-breaks give unrated players; ``after_round`` gives the standings as
    they stood after that round; ``lots_seed`` breaks the ties left by a reproducible drawing of
    lots with that seed."""
    from .rules.tiebreaks import standings as rank

    return rank(tournament, tiebreaks, rules=rules, unrated=unrated, after_round=after_round, lots_seed=lots_seed)
