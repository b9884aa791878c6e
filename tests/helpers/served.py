"""``trfconv serve`` run for real, in a child process, for the tests and the guide's picture:
the address it prints, and a headless Chromium driven by Playwright (Debian's ``chromium``,
never a browser of Playwright's own)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from contextlib import contextmanager

from browser import CHROMIUM
from paths import ROOT

#: The flags of tests/helpers/browser.py that Playwright does not set itself.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


@contextmanager
def server(*args: str, env: dict[str, str] | None = None, stop: int = signal.SIGINT):
    """The running server's address (with its token); on leaving, Ctrl-C (SIGINT, or the signal
    ``stop``) and what it printed: ``(stdout, stderr, exit code)`` in the list yielded after the
    address. ``env``: more environment variables."""
    env = {**os.environ, **(env or {}),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    child = subprocess.Popen([sys.executable, "-m", "trfconv", "serve", "--no-browser", *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    said: list = []
    try:
        first = child.stdout.readline()
        match = re.search(r"open (http://127\.0\.0\.1:\d+/\?token=[\w-]+)", first)
        assert match, first + child.stderr.read()
        yield match.group(1), said
    finally:
        child.send_signal(stop)
        out, err = child.communicate(timeout=30)
        said.extend([first + out, err, child.returncode])


@contextmanager
def browser():
    """A Playwright browser on the system's Chromium."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()
