"""The server's temporary files and the work running beside its requests (a rating list being
imported), ended together on every way the server stops.

A rating list uploaded from the page (up to 512 MiB) is copied into a folder of its own under
one temporary folder of the server, and imported in a thread of its own. When the server stops
(Ctrl-C, a termination signal, the terminal closed, an error), :meth:`Scratch.close` tells the
imports running to stop (each gives up at its next progress report, its database transaction
rolled back, as ``trfconv list import`` interrupted), waits for them a moment and removes the
server's temporary folder whole: nothing of an upload is left behind. An import that ends
removes its own folder at once."""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from ..errors import TrfconvError

#: How long :meth:`Scratch.close` waits for an import to give up (it checks at each progress
#: report, every few megabytes read).
STOP_WAIT_SECONDS = 10.0


class Stopped(TrfconvError):
    """Raised inside work that the server's stop interrupted."""


class Scratch:
    """The server's temporary folder (made when first needed) and its background work."""

    def __init__(self, prefix: str = "trfconv-serve-"):
        self.prefix = prefix
        self.stopping = threading.Event()
        self._root: Path | None = None
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def folder(self) -> Path:
        """A new empty folder inside the server's temporary folder."""
        with self._lock:
            if self.stopping.is_set():
                raise Stopped
            if self._root is None:
                self._root = Path(tempfile.mkdtemp(prefix=self.prefix))
            return Path(tempfile.mkdtemp(dir=self._root))

    @staticmethod
    def remove(folder: Path) -> None:
        """Remove ``folder`` (one of :meth:`folder`'s) and what it holds."""
        shutil.rmtree(folder, ignore_errors=True)

    def start(self, name: str, work: Callable[[], None], folder: Path) -> None:
        """Run ``work`` in a thread of its own, then remove ``folder``."""
        def run() -> None:
            try:
                work()
            finally:
                self.remove(folder)

        thread = threading.Thread(target=run, name=name, daemon=True)
        with self._lock:
            self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def check(self) -> None:
        """:class:`Stopped` once the server is stopping (called by the work at each step)."""
        if self.stopping.is_set():
            raise Stopped

    def close(self) -> None:
        """Stop the work running, wait for it (at most :data:`STOP_WAIT_SECONDS` in all) and
        remove the temporary folder."""
        with self._lock:
            self.stopping.set()
            threads, root = list(self._threads), self._root
        for thread in threads:
            thread.join(STOP_WAIT_SECONDS / max(len(threads), 1))
        if root is not None:
            shutil.rmtree(root, ignore_errors=True)
