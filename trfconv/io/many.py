"""Many tournament files at once: the files that arguments name (files, folders searched
recursively by content, glob patterns), what was skipped with why, where each file sits below
the folder or pattern that found it, and the worker processes that read them."""

from __future__ import annotations

import os
import signal
import stat
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import Any

from .identify import what_it_is
from .registry import SNIFF_BYTES, recognised

_GLOB = set("*?[")


def is_pattern(path: str | os.PathLike) -> bool:
    """Whether ``path`` is a glob pattern rather than a file that exists."""
    return not Path(path).exists() and bool(_GLOB & set(str(path)))


def expand(paths) -> tuple[list[Path], list[tuple[str, str]]]:
    """The files to work on, in order and once each, and what was skipped with why: a folder's
    files that no format recognises by content, hidden files and folders, what a folder holds or
    a pattern matches that is no regular file (a FIFO, a socket, a device, a symbolic link to
    nothing: never opened, as a FIFO would block), patterns matching nothing. A file named
    explicitly is always taken (its reader says what is wrong)."""
    files: list[Path] = []
    skipped: list[tuple[str, str]] = []
    for path in map(Path, paths):
        if is_pattern(path):
            matches = _matches(path)
            if not matches:
                skipped.append((str(path), "no file matches this pattern"))
            for member in matches:
                why = _not_regular(member)
                if why is None:
                    files.append(member)
                else:
                    skipped.append((str(member), why))
        elif path.is_dir():
            for member in sorted(p for p in path.rglob("*") if not p.is_dir()):
                if any(part.startswith(".") for part in member.relative_to(path).parts):
                    continue
                why = _not_regular(member) or _why_not(member)
                if why is None:
                    files.append(member)
                else:
                    skipped.append((str(member), why))
        else:
            files.append(path)
    return list(dict.fromkeys(files)), skipped


def _matches(pattern: Path) -> list[Path]:
    """The files ``pattern`` matches, as a folder is searched: below its folder part, ``**`` never
    goes through a symbolic link to a folder (a link to a parent folder made ``glob``'s search
    endless), and hidden files and folders are left out (unless the pattern names them: its
    folder part may be hidden), in order."""
    folder = _fixed_part(pattern)
    rest = pattern.relative_to(folder) if folder.parts else pattern
    found = []
    for match in (folder.glob(str(rest)) if str(rest) not in ("", ".") else ()):
        if any(part.startswith(".") for part in match.relative_to(folder).parts) or match.is_dir():
            continue
        found.append(match)
    return sorted(found)


def place(target: Path, paths) -> Path:
    """Where ``target`` sits below the first of ``paths`` (the arguments :func:`expand` was
    given) that found it: its path below that folder, or below the folder part of that
    pattern; for a file named explicitly, its name. A batch's outputs keep this place in
    the output folder, so that ``a/event.trf`` and ``b/event.trf`` do not write one file."""
    for path in map(Path, paths):
        folder = _fixed_part(path) if is_pattern(path) else path if path.is_dir() else None
        if folder is not None and target.is_relative_to(folder):
            return target.relative_to(folder)
    return Path(target.name)


def _fixed_part(pattern: Path) -> Path:
    """The folder part of a glob pattern: its parts before the first with a wildcard."""
    fixed = []
    for part in pattern.parts:
        if _GLOB & set(part):
            break
        fixed.append(part)
    return Path(*fixed)


_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"))


def _not_regular(path: Path) -> str | None:
    """None for a regular file (or a symbolic link to one), else what it is, never opened."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "a symbolic link to nothing" if os.path.islink(path) else "does not exist"
    except OSError as err:
        return (err.strerror or str(err)).lower()
    if stat.S_ISREG(mode):
        return None
    what = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return f"{what}, not a file"


def in_workers(work: Callable[[Any], Any], items: Iterable, jobs: int) -> Iterator:
    """``work(item)`` for each of ``items``, in their order, computed in ``jobs`` worker processes
    (:func:`workers`); each result is yielded as soon as it and those before it are done.
    ``work`` is sent to each worker once, pickled when it starts (each item is sent on its
    own): a worker never uses an object of its parent's as it was (a rating lists database is
    opened anew in each worker, :meth:`~trfconv.io.ratinglist.store.Store.__getstate__`). An
    exception in ``work`` is raised here, in order. Ctrl-C, or SIGTERM while it runs
    (:func:`terminated_as_interrupt`), raises ``KeyboardInterrupt`` here; the items not started
    are dropped, and the workers end with the item they are on (this process waits for them
    when it exits: none is left behind). At most :data:`AHEAD` items a worker are handed out
    before their results are taken: the results waiting here do not grow with the number of
    items (one long item does not make all those after it wait in memory)."""
    import pickle  # here: a command on one file starts no worker

    pool = workers(jobs, pickle.dumps(work))
    waiting: deque = deque()
    left = iter(items)
    try:
        with terminated_as_interrupt():
            with forking():  # the first submission starts the workers
                waiting.extend(pool.submit(_work_on, item) for item in islice(left, AHEAD * jobs))
            while waiting:
                result = waiting.popleft().result()
                waiting.extend(pool.submit(_work_on, item) for item in islice(left, 1))
                if not waiting:  # the last result: the workers end by themselves before it is handed
                    # over, so a caller that stops at the last item (closing this generator, as the
                    # period does) does not leave the pool to the interrupted path below, whose
                    # teardown raced the pool's own at exit ("Exception ignored ... Bad file descriptor")
                    pool.shutdown(wait=True)
                yield result
    finally:  # interrupted: the items not started are cancelled, and each worker ends once its own is
        # done (terminating a worker in the middle of sending its result would leave the pool's
        # thread waiting for the rest forever, and this process with it)
        pool.shutdown(wait=False, cancel_futures=True)


@contextmanager
def terminated_as_interrupt():
    """SIGTERM, while workers run, ends the command as Ctrl-C does (the workers stopped, the
    command's "interrupted" line), instead of killing this process alone."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: left as it is
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def workers(jobs: int, work: bytes | None = None):
    """``jobs`` worker processes that end by themselves when the process that started them
    ends (a batch killed with SIGTERM or SIGKILL leaves none behind: each watches its parent): a
    ``concurrent.futures.ProcessPoolExecutor``, imported here (importing it costs one file's check).
    ``work``: the pickled function each worker runs on the items it is given (:func:`in_workers`)."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start, initargs=(os.getpid(), work))


#: The signals held while workers are forked: until a worker has set its own handling (above),
#: Ctrl-C or SIGTERM would kill it half-started and break the pool (an internal error instead of
#: "interrupted"); the parent gets them when they are released.
_HELD = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def forking():
    """Hold Ctrl-C and SIGTERM in this thread while worker processes are started in it."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: workers are spawned, not forked
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


#: Items handed out a worker ahead of the results taken (:func:`in_workers`).
AHEAD = 4
#: How often a worker looks whether its parent is still there, in seconds.
_WATCH_SECONDS = 0.5
#: The function a worker runs on each item (:func:`in_workers`), set when it starts.
_work: list[Callable[[Any], Any]] = []


def _work_on(item):
    return _work[0](item)


def _worker_start(parent: int, work: bytes | None = None) -> None:
    """A worker's first act: SIGTERM ends it outright (a handler its parent had is not kept),
    Ctrl-C is left to the parent, which stops the workers itself (a worker killed by the SIGINT a
    terminal sends the whole process group would break the pool under the parent's feet), and a
    thread ends it when ``parent`` is gone. ``work``: the pickled function it runs on its items."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # held while this process was forked (forking)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="trfconv-parent-watch", daemon=True).start()
    if work is not None:
        import pickle

        _work[:] = [pickle.loads(work)]


def _why_not(path: Path) -> str | None:
    """None when a format recognises ``path``'s content, else why it is skipped."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError as err:
        return err.strerror or str(err)
    return None if recognised(head) else what_it_is(head) or "not a tournament file"
