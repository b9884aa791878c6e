"""The page of ``trfconv serve`` in-process, through Starlette's test client: a client holding the
page's cookie, an upload into the tests' page session, the key of the file uploaded; and what a
server answers on a raw connection."""

from __future__ import annotations

import re
import time

from starlette.testclient import TestClient

from trfconv.web import app as web

PORT = 8765
TOKEN = "the-token"
#: The page session of the tests' tab (the page makes one per tab: 16 random bytes in hex).
SESSION = "5e55" * 8


def client(db=None) -> TestClient:
    """A test client of the page (``db``: its rating lists), holding the page's cookie."""
    c = TestClient(web.create_app(TOKEN, PORT, db), base_url=f"http://127.0.0.1:{PORT}")
    assert c.get(f"/?token={TOKEN}").status_code == 200  # sets the cookie the page then sends
    return c


def upload(c: TestClient, name: str, data: bytes, session: str = SESSION):
    """The page's answer to the file ``name`` dropped into ``session``."""
    return c.post(f"/sessions/{session}/files", files={"file": (name, data)})


def key_of(answer) -> str:
    """The key of the file an upload's answer shows."""
    return re.search(r'data-file="([0-9a-f]+)"', answer.text).group(1)


def said(port: int, *parts: bytes, pause: float = 0.0) -> bytes:
    """What the server answers to ``parts`` sent on one connection, until it closes it."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        for part in parts:
            s.sendall(part)
            time.sleep(pause)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer
