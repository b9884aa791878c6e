"""``serve``: the local web page (:mod:`trfconv.web`), for people who do not use a terminal.

The web stack (Starlette, uvicorn, Jinja2) is imported only here, when the command runs: the
other commands start as fast as before."""

from __future__ import annotations

from pathlib import Path

import typer

from ..messages import msg
from .common import DbOption, fail, say


def serve(port: int = typer.Option(0, "--port", min=0, metavar="N", max=65535, help="Port on 127.0.0.1 (default: a free one)."),
          no_browser: bool = typer.Option(False, "--no-browser", help="Do not open the browser; open the address "
                                          "printed yourself."),
          db: Path | None = DbOption) -> None:
    """A web page on this computer only (127.0.0.1): drop tournament files and see what trfconv
    check, validate, report, standings, playoff and period give, print the documents, download the
    conversions, import and search FIDE rating lists. It prints its address with a secret token;
    Ctrl-C stops it."""
    import secrets
    import socket

    from ..web import server as web_server
    from ..web.app import create_app
    from ..web.scratch import Scratch

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(("127.0.0.1", port))
        listener.listen(128)  # connections wait from now on: the address printed answers at once
    except OSError as err:
        listener.close()
        raise fail(f"--port {port}", msg("cannot listen on 127.0.0.1:{port}: {why}", port=str(port),
                                         why=err.strerror or str(err))) from None
    port = listener.getsockname()[1]
    token = secrets.token_urlsafe(24)
    address = f"http://127.0.0.1:{port}/?token={token}"
    scratch = Scratch()
    app = create_app(token, port, db, scratch=scratch)
    typer.echo("trfconv serve: " + say(msg("open {address} (Ctrl-C stops it)", address=address)))
    if not no_browser and _has_display():
        import webbrowser

        webbrowser.open(address)
    try:
        web_server.run(app, listener, scratch)
    finally:
        listener.close()
    try:
        typer.echo("trfconv serve: " + say(msg("stopped")))
    except OSError:  # the terminal was closed (SIGHUP): nobody to tell
        pass


def _has_display() -> bool:
    """Whether a graphical browser can be opened: on Linux and the BSDs only with a display
    (otherwise Python's webbrowser would start a text browser in this very terminal)."""
    import os
    import sys

    return not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) or \
        bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
