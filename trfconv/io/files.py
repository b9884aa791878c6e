"""Reading input files within bounds, and writing output files without ever losing one.

Reading: an input must be a regular file (a FIFO with no writer would block forever, a device
such as ``/dev/zero`` never ends) no larger than :data:`MAX_INPUT_BYTES` (the largest real TRF
seen is about 2 MB; the limit leaves a wide margin and can be raised), checked before a byte is
read.

Writing: a regular file (or a new one) is replaced atomically: the data goes to a temporary
file in the same folder, which then takes the target's name, so that a crash leaves either the
old file or the new one, never half of one. The replacement keeps the old file's mode, and a
new file gets the mode any program's new file gets (0666 less the umask); the old file's owner
and group are kept where the process may set them. On Linux the data is written to a file
without a name (``O_TMPFILE``) that is named only when complete, so that even a kill leaves no
temporary file behind. A symbolic link is
followed and its target written; a character device or a FIFO (``/dev/null``, a pipe) is
written directly, never replaced by a regular file. The file a tournament was read from is
never written. Every failure is an :class:`OutputError` with one plain sentence.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..actions import Action
from ..errors import InputError, OutputError
from ..messages import msg

#: Largest input read, in bytes (``trfconv --max-size`` and ``read(max_bytes=…)`` override it).
MAX_INPUT_BYTES = 64 * 1024 * 1024
#: Most lines a line-based input (TRF, CSV) is read to. A 10,000-player Swiss is about 10,000
#: lines; the bound keeps the memory of a file of tiny lines (each kept line costs a few hundred
#: bytes of model and diagnostics) within about 100 MB.
MAX_LINES = 200_000


def open_regular(path: str | os.PathLike, *, buffering: int = -1):
    """``path`` opened for reading in binary when it is a regular file (or a link to one); an
    :class:`InputError` at once for a folder, a device (``/dev/zero`` never ends), a FIFO (with no
    writer it would block; with one it cannot be read twice) or a socket."""
    try:
        # O_NONBLOCK: opening a FIFO that no program writes to returns at once instead of
        # waiting for a writer; it changes nothing for a regular file.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise InputError(msg("is a folder, not a file")) from None
    except OSError as err:
        raise InputError(_reason(err)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(msg("is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise InputError(msg("is not a regular file (a device, a pipe or a socket); copy it to a file first"))
        return open(fd, "rb", buffering=buffering)
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str | os.PathLike, *, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a regular file (:func:`open_regular`) of at most ``max_bytes``."""
    with open_regular(path, buffering=0) as fh:
        try:
            size = os.fstat(fh.fileno()).st_size
            if size > max_bytes:
                raise InputError(msg("is {size:,} bytes, more than the {max_bytes:,} read at most", size=size,
                                     max_bytes=max_bytes), (Action("larger-limit"),))
            data = fh.read(max_bytes + 1)
        except OSError as err:
            raise InputError(_reason(err)) from None
    if len(data) > max_bytes:  # it grew while being read
        raise InputError(msg("is more than the {max_bytes:,} bytes read at most", max_bytes=max_bytes))
    return data


def too_many_lines(text: str) -> str | None:
    """The LIM001 message when ``text`` has more than :data:`MAX_LINES` lines, else None."""
    count = max(text.count("\n"), text.count("\r"))
    if count <= MAX_LINES:
        return None
    return msg("the file has {count:,} lines, more than the {most:,} read at most; only the first are read", count=count,
               most=MAX_LINES)


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
        info = os.stat(target) if os.path.exists(target) else None
        if info is not None and not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
            # a device or a pipe, maybe reached through /proc (/dev/stdout -> pipe:[…], which
            # has no real path): written through the name given
            return Path(target), info
        real = Path(os.path.realpath(target))
        info = os.stat(real) if real.exists() else None
    except OSError as err:
        raise OutputError(_reason(err)) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OutputError(msg("is a folder; give a file name"))
    folder = real.parent
    if info is None and not folder.is_dir():
        raise OutputError(msg("folder {folder} does not exist", folder=repr(str(folder))) if not folder.exists()
                          else msg("{folder} is not a folder", folder=repr(str(folder))))
    return real, info


def write_output(target: str | os.PathLike, data: bytes, *, source: str | os.PathLike | None = None) -> None:
    """Write ``data`` to ``target`` as the module docstring says; ``source`` is the input file,
    which is never overwritten."""
    path = Path(target)
    if same_file(path, source):
        raise OutputError(msg("is the input file; refusing to overwrite it"))
    real, info = writable(path)
    if info is not None and not stat.S_ISREG(info.st_mode):
        _write_directly(real, data)
        return
    _replace(real, data, info)


def _write_directly(path: Path, data: bytes) -> None:
    try:
        with open(path, "wb", buffering=0) as fh:
            _write_all(fh.fileno(), data)
    except OSError as err:
        raise OutputError(_reason(err)) from None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _replace(path: Path, data: bytes, info: os.stat_result | None) -> None:
    """Atomic replacement of a regular file (or creation of a new one), keeping the old file's
    mode, and its owner and group where the process may set them. Where the system has
    ``O_TMPFILE`` (Linux) the data is written to a file without a name, which a kill at any
    moment takes away with the process; it is given a name only when complete (directly the
    target's for a new file). Elsewhere a hidden temporary file is used and removed on every
    exit path but a kill."""
    fd, temporary = None, None
    try:
        fd = _unnamed_file(path.parent)
        if fd is None:
            import tempfile  # here: only systems without O_TMPFILE need it

            fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        _write_all(fd, data)
        os.fsync(fd)
        os.fchmod(fd, stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask())
        if info is not None:
            _keep_owner(fd, info)
        if temporary is None:
            temporary = _name(fd, path, new=info is None)
            if temporary is None:
                return
        os.replace(temporary, path)
        temporary = None
    except OSError as err:
        raise OutputError(_reason(err)) from None
    finally:
        if fd is not None:
            os.close(fd)
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _unnamed_file(folder: Path) -> int | None:
    """A file without a name in ``folder`` (``O_TMPFILE``), or None where there is none."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        return os.open(folder, flag | os.O_WRONLY, 0o600)
    except OSError as err:
        if err.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOENT):
            return None  # the file system or the kernel has no O_TMPFILE
        raise


def _name(fd: int, path: Path, *, new: bool) -> str | None:
    """Give the unnamed file ``fd`` a name: ``path`` itself when nothing is there yet (then None
    is returned: nothing left to do), else a hidden temporary name in its folder, returned."""
    # linkat(AT_SYMLINK_FOLLOW) on /proc/self/fd/N: os.link uses link(2), which does not follow
    # that link, unless a directory descriptor is given
    proc = os.open("/proc/self/fd", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        if new:
            try:
                os.link(str(fd), path, src_dir_fd=proc, follow_symlinks=True)
                return None
            except FileExistsError:
                pass  # created meanwhile: replaced like any existing file
        for _ in range(100):
            temporary = str(path.parent / f".{path.name}.{os.urandom(6).hex()}.tmp")
            try:
                os.link(str(fd), temporary, src_dir_fd=proc, follow_symlinks=True)
                return temporary
            except FileExistsError:
                continue
        raise OSError(errno.EEXIST, "no free temporary name")
    finally:
        os.close(proc)


def _keep_owner(fd: int, info: os.stat_result) -> None:
    """The replaced file's owner and group on the new one, as far as the process may set them
    (a user may give a file any group they belong to; only root may give it another owner)."""
    for uid, gid in ((info.st_uid, info.st_gid), (-1, info.st_gid)):
        try:
            os.fchown(fd, uid, gid)
            return
        except OSError:
            continue


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _reason(err: OSError) -> str:
    """An operating-system error in words, without Python's decoration."""
    if isinstance(err, FileNotFoundError):
        return msg("does not exist") if not err.filename2 else msg("folder does not exist")
    if isinstance(err, PermissionError):
        return msg("permission denied")
    if isinstance(err, IsADirectoryError):
        return msg("is a folder")
    if isinstance(err, NotADirectoryError):
        return msg("a part of the path is a file, not a folder")
    return (err.strerror or str(err)).lower()
