"""Reading input files within bounds, and writing output files without ever losing one.

Reading: an input must be a regular file (a FIFO with no writer would block forever, a device
such as ``/dev/zero`` never ends) no larger than :data:`MAX_INPUT_BYTES` (the largest real TRF
seen is about 2 MB; the limit leaves a wide margin and can be raised), checked before a byte is
read.

Writing: a regular file (or a new one) is replaced atomically: the data goes to a temporary
file in the same folder, which then takes the target's name, so that a crash leaves either the
old file or the new one, never half of one. The replacement keeps the old file's mode, and a
new file gets the mode any program's new file gets (0666 less the umask). A symbolic link is
followed and its target written; a character device or a FIFO (``/dev/null``, a pipe) is
written directly, never replaced by a regular file. The file a tournament was read from is
never written. Every failure is an :class:`OutputError` with one plain sentence.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

#: Largest input read, in bytes (``trfconv --max-size`` and ``read(max_bytes=…)`` override it).
MAX_INPUT_BYTES = 64 * 1024 * 1024
#: Most lines a line-based input (TRF, CSV) is read to. A 10,000-player Swiss is about 10,000
#: lines; the bound keeps the memory of a file of tiny lines (each kept line costs a few hundred
#: bytes of model and diagnostics) within about 100 MB.
MAX_LINES = 200_000


class InputError(Exception):
    """An input that is not read: why, in one sentence."""


class OutputError(Exception):
    """An output that could not be written: why, in one sentence."""


def read_input(path: str | os.PathLike, *, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``."""
    try:
        # O_NONBLOCK: opening a FIFO that no program writes to returns at once instead of
        # waiting for a writer; it changes nothing for a regular file.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb", buffering=0) as fh:
            info = os.fstat(fh.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise InputError("is a folder, not a file")
            if not stat.S_ISREG(info.st_mode):
                raise InputError("is not a regular file (a device, a pipe or a socket); copy it to a file first")
            if info.st_size > max_bytes:
                raise InputError(f"is {info.st_size:,} bytes, more than the {max_bytes:,} read at most "
                                 "(give a larger limit with trfconv --max-size BYTES)")
            data = fh.read(max_bytes + 1)
    except IsADirectoryError:
        raise InputError("is a folder, not a file") from None
    except OSError as err:
        raise InputError(_reason(err)) from None
    if len(data) > max_bytes:  # it grew while being read
        raise InputError(f"is more than the {max_bytes:,} bytes read at most")
    return data


def too_many_lines(text: str) -> str | None:
    """The LIM001 message when ``text`` has more than :data:`MAX_LINES` lines, else None."""
    count = max(text.count("\n"), text.count("\r"))
    if count <= MAX_LINES:
        return None
    return f"the file has {count:,} lines, more than the {MAX_LINES:,} read at most; only the first are read"


def same_file(a: str | os.PathLike, b: str | os.PathLike | None) -> bool:
    """Whether ``a`` and ``b`` are one file (both existing)."""
    if b is None:
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def writable(target: str | os.PathLike) -> tuple[Path, os.stat_result | None]:
    """The real path ``target`` names and what is there now (None: nothing yet); an
    :class:`OutputError` when it can plainly not be written: a folder, or a folder that is
    missing or a file."""
    try:
        real = Path(os.path.realpath(target))
        info = os.stat(real) if real.exists() else None
    except OSError as err:
        raise OutputError(_reason(err)) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OutputError("is a folder; give a file name")
    folder = real.parent
    if info is None and not folder.is_dir():
        raise OutputError(f"folder {str(folder)!r} does not exist" if not folder.exists()
                          else f"{str(folder)!r} is not a folder")
    return real, info


def write_output(target: str | os.PathLike, data: bytes, *, source: str | os.PathLike | None = None) -> None:
    """Write ``data`` to ``target`` as the module docstring says; ``source`` is the input file,
    which is never overwritten."""
    path = Path(target)
    if same_file(path, source):
        raise OutputError("is the input file; refusing to overwrite it")
    real, info = writable(path)
    if info is not None and not stat.S_ISREG(info.st_mode):
        _write_directly(real, data)
        return
    _replace(real, data, None if info is None else stat.S_IMODE(info.st_mode))


def _write_directly(path: Path, data: bytes) -> None:
    try:
        with open(path, "wb", buffering=0) as fh:
            view = memoryview(data)
            while view:
                view = view[fh.write(view):]
    except OSError as err:
        raise OutputError(_reason(err)) from None


def _replace(path: Path, data: bytes, mode: int | None) -> None:
    """Atomic replacement of a regular file (or creation of a new one)."""
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(temporary, mode if mode is not None else 0o666 & ~_umask())
        os.replace(temporary, path)
        temporary = None
    except OSError as err:
        raise OutputError(_reason(err)) from None
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _reason(err: OSError) -> str:
    """An operating-system error in words, without Python's decoration."""
    if isinstance(err, FileNotFoundError):
        return "does not exist" if not err.filename2 else "folder does not exist"
    if isinstance(err, PermissionError):
        return "permission denied"
    if isinstance(err, IsADirectoryError):
        return "is a folder"
    if isinstance(err, NotADirectoryError):
        return "a part of the path is a file, not a folder"
    return (err.strerror or str(err)).lower()
