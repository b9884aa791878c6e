"""The rating officer's K file: a CSV of ``FIDE id,K`` lines giving players' development
coefficients (usually the K of the last published list), read for the rating engine."""

from __future__ import annotations

import io
import os

from ..diagnostics import Diagnostic, diagnostic
from ..messages import msg
from ..numbers import ascii_digits
from ..tabular import split_rows
from .files import InputError, read_input

#: A K file is a few bytes per player; this bounds a wrong file given by mistake.
MAX_K_FILE_BYTES = 16 * 1024 * 1024


def read_k_file(path: str | os.PathLike) -> tuple[dict[str, int], list[Diagnostic]]:
    """The officer's K overrides: a CSV file of ``FIDE id,K`` lines (a header line, blank lines
    and lines starting with ``#`` are skipped). A bad line is an ``RAT002`` warning at file:line
    and is ignored (the player's K then comes from the list or the rules, each saying so): a
    problem of the K file, not of the event, so it does not withhold the report; a repeated id
    keeps its first K (``RAT003``)."""
    name = str(path)
    try:
        text = read_input(path, max_bytes=MAX_K_FILE_BYTES).decode("utf-8-sig")
    except InputError as err:
        raise InputError(msg("{name}: {err}", name=name, err=err.args[0])) from None
    except UnicodeDecodeError:
        raise InputError(msg("{name}: is not a UTF-8 text file (a K file is a CSV of 'FIDE id,K' lines)", name=name)) from None
    if "\x00" in text:
        raise InputError(msg("{name}: is a binary file, not a CSV of 'FIDE id,K' lines", name=name))
    overrides: dict[str, int] = {}
    problems: list[Diagnostic] = []
    rows, unsplit = split_rows(io.StringIO(text, newline=""))
    problems.extend(diagnostic("RAT002", msg("K file line ignored: it cannot be split into cells ({why})", why=why), path=name,
                               line=index + 1)
                    for index, why in unsplit.items())
    for number, row in enumerate(rows, start=1):
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if number == 1 and not ascii_digits(cells[0]) and "id" in cells[0].lower():
            continue  # header
        if len(cells) != 2 or not ascii_digits(cells[0]) or not ascii_digits(cells[1]) or int(cells[1]) == 0:
            problems.append(diagnostic(
                "RAT002", msg("K file line ignored: expected 'FIDE id,K' with a numeric id and a positive whole K, "
                              "got {items}", items=repr(','.join(row))),
                path=name, line=number))
            continue
        fide_id = cells[0].lstrip("0") or "0"
        if fide_id in overrides:
            problems.append(diagnostic(
                "RAT003", msg("FIDE id {fide_id} given again; the first K ({override}) is used",
                              fide_id=fide_id, override=overrides[fide_id]),
                path=name, line=number))
            continue
        overrides[fide_id] = int(cells[1])
    return overrides, problems
