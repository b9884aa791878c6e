"""Many tournament files at once: the files that arguments name (files, folders searched
recursively by content, glob patterns), and what was skipped with why."""

from __future__ import annotations

import glob
import os
from pathlib import Path

from .identify import what_it_is
from .registry import SNIFF_BYTES, recognised

_GLOB = set("*?[")


def is_pattern(path: str | os.PathLike) -> bool:
    """Whether ``path`` is a glob pattern rather than a file that exists."""
    return not Path(path).exists() and bool(_GLOB & set(str(path)))


def expand(paths) -> tuple[list[Path], list[tuple[str, str]]]:
    """The files to work on, in order and once each, and what was skipped with why: a folder's
    files that no format recognises by content, hidden files and folders, patterns matching
    nothing. A file named explicitly is always taken (its reader says what is wrong)."""
    files: list[Path] = []
    skipped: list[tuple[str, str]] = []
    for path in map(Path, paths):
        if is_pattern(path):
            matches = sorted(Path(m) for m in glob.glob(str(path), recursive=True) if Path(m).is_file())
            if not matches:
                skipped.append((str(path), "no file matches this pattern"))
            files.extend(matches)
        elif path.is_dir():
            for member in sorted(p for p in path.rglob("*") if p.is_file()):
                if any(part.startswith(".") for part in member.relative_to(path).parts):
                    continue
                why = _why_not(member)
                if why is None:
                    files.append(member)
                else:
                    skipped.append((str(member), why))
        else:
            files.append(path)
    return list(dict.fromkeys(files)), skipped


def _why_not(path: Path) -> str | None:
    """None when a format recognises ``path``'s content, else why it is skipped."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError as err:
        return err.strerror or str(err)
    return None if recognised(head) else what_it_is(head) or "not a tournament file"
