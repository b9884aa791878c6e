"""The page's HTTP server (uvicorn), as :mod:`trfconv.cli.serve` runs it: quiet, bounded in
time, and clean on every way it stops.

- **Slow clients**: a request's line and headers must arrive within :data:`HEADER_SECONDS` of
  its first byte (or of the connection: a connection that says nothing is closed then); a body
  that stops arriving for :data:`~trfconv.web.app.BODY_SECONDS` is answered 408
  (:class:`trfconv.web.app.Guard`). uvicorn bounds only the wait between two requests.
- **WebSocket**: the page uses none. Any web site can make the browser ask this port for one;
  the upgrade is answered 403 and the connection closed, with nothing said on the terminal
  (uvicorn would print two warnings, advising to install a WebSocket library).
- **Stopping**: Ctrl-C, a termination signal (``SIGTERM``) and the terminal closed (``SIGHUP``)
  stop it gracefully (requests under way get :data:`GRACE_SECONDS` to finish); then, as after
  an error, the work running beside it is stopped and its temporary files removed
  (:class:`~trfconv.web.scratch.Scratch`)."""

from __future__ import annotations

import asyncio
import signal
import socket

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .scratch import Scratch

#: Seconds for a request's line and headers to arrive (nginx's client_header_timeout is 60).
HEADER_SECONDS = 20.0
#: Seconds the requests under way get to finish when the server is stopped.
GRACE_SECONDS = 3


class RefusedWebSocket(asyncio.Protocol):
    """uvicorn's WebSocket protocol for a server that takes none: 403, connection closed."""

    def __init__(self, config=None, server_state=None, app_state=None, **_):
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:  # type: ignore[override]
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        body = b"this server takes no WebSocket\n"
        if self.transport is None:
            return
        self.transport.write(b"HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain; charset=utf-8\r\n"
                             b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(body), body))
        self.transport.close()


class HeaderDeadline(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for the request's line and headers: armed
    when the connection opens and when the first byte of a later request arrives, cleared when
    the headers are complete. When it passes, a request begun is answered 408; a connection that
    said nothing (a browser opens some ahead of need) is closed without a word, as uvicorn
    closes one idle after a request."""

    header_seconds = HEADER_SECONDS

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._begun = False
        self._deadline: asyncio.TimerHandle | None = self.loop.call_later(self.header_seconds, self._headers_late)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._clear_deadline()
        elif not self.transport.is_closing():
            self._begun = True
            if self._deadline is None:
                self._deadline = self.loop.call_later(self.header_seconds, self._headers_late)

    def connection_lost(self, exc) -> None:
        self._clear_deadline()
        super().connection_lost(exc)

    def _clear_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _headers_late(self) -> None:
        self._deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            if self._begun:
                self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
            self.transport.close()


def config(app, **more) -> uvicorn.Config:
    """uvicorn's configuration for ``app``: HTTP/1.1 with the header deadline, WebSocket refused,
    nothing logged but errors of its own, no access log, no lifespan, no ``Server`` header."""
    return uvicorn.Config(app, http=HeaderDeadline, ws=RefusedWebSocket, log_level="warning", access_log=False,
                          lifespan="off", server_header=False, timeout_graceful_shutdown=GRACE_SECONDS, **more)


def run(app, listener: socket.socket, scratch: Scratch) -> None:
    """Serve ``app`` on ``listener`` until Ctrl-C, ``SIGTERM`` or ``SIGHUP``; then, whatever
    ended it (an error too), stop the work in ``scratch`` and remove its files."""
    server = uvicorn.Server(config(app))

    def stop(signum, frame) -> None:  # as uvicorn stops on Ctrl-C: gracefully
        server.should_exit = True

    hangup = signal.signal(signal.SIGHUP, stop) if hasattr(signal, "SIGHUP") else None
    terminate = signal.signal(signal.SIGTERM, stop)
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:  # raised again by uvicorn once it has stopped (its signal handling)
        pass
    finally:
        signal.signal(signal.SIGTERM, terminate)
        if hangup is not None:
            signal.signal(signal.SIGHUP, hangup)
        scratch.close()
