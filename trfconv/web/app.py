"""The local web page's server: a Starlette application answering only the person who started
it (the address printed with its token), for :mod:`trfconv.cli.serve`.

The guard (:class:`Guard`) comes before any route: a request whose ``Host`` is not this server's
loopback address (a DNS-rebinding page), that carries neither the token nor the cookie set from
it, or that comes from another page's form (``Origin``), gets 403; a body larger than the input
bounds gets 413 before it is read to the end. The routes take values, never a path: a file is
named by the random id it was given when it was uploaded. Every page is a Jinja2 template with
autoescaping, or a document as the command line writes it, and answers with a Content Security
Policy that lets no script run but the page's own file."""

from __future__ import annotations

import html
import secrets
import shutil
import tempfile
import threading
from functools import wraps
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import parse_qs, quote

from jinja2 import Environment, FileSystemLoader
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import __version__
from ..io.files import MAX_INPUT_BYTES
from ..io.registry import outputs
from . import engine
from .engine import Refusal

HERE = Path(__file__).resolve().parent
#: What a multipart body adds to the file it carries (boundaries, headers, the other fields).
FORM_OVERHEAD = 64 * 1024
#: Largest rating list file uploaded: FIDE's largest list, the three rates of play unzipped in
#: TXT, is some 150 MB.
MAX_LIST_BYTES = 512 * 1024 * 1024
#: The page: its own script and style only, documents in frames of this server.
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; "
               "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
#: A document: no script at all; its own inline style and SVG charts.
DOCUMENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'self'"
_ENV = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, trim_blocks=True, lstrip_blocks=True)


def message_fragment(text: str, kind: str = "error") -> str:
    return f'<p class="message {kind}" role="alert">{html.escape(text)}</p>'


class Guard:
    """The ASGI middleware of the module docstring."""

    def __init__(self, app, token: str, hosts: set[str]):
        self.app, self.token, self.hosts = app, token, hosts
        self.cookie = f"trfconv-{secrets.token_hex(4)}"

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        refused = None
        if host not in self.hosts:
            refused = "this server answers only at its own address, http://" + sorted(self.hosts)[0]
        elif "origin" in headers and headers["origin"] != f"http://{host}":
            refused = "a request from another page is refused"
        elif not self._token_given(scope, headers):
            refused = ("no access without the token: open the address 'trfconv serve' printed in its window "
                       "(http://…/?token=…)")
        if refused:
            await _plain(403, refused)(scope, receive, send)
            return
        limit = (MAX_LIST_BYTES if scope["path"] == "/lists" else MAX_INPUT_BYTES) + FORM_OVERHEAD
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > limit:
            await _plain(413, _too_large(limit))(scope, receive, send)
            return
        seen = {"bytes": 0, "started": False, "over": False}

        async def bounded():
            if seen["over"]:
                return {"type": "http.disconnect"}
            message = await receive()
            seen["bytes"] += len(message.get("body", b""))
            if seen["bytes"] > limit:  # a body without a length, or longer than it said: cut short
                seen["over"] = True
                return {"type": "http.disconnect"}
            return message

        async def sending(message):
            if seen["over"]:  # the application's answer to a body cut short is replaced by the 413
                return
            if message["type"] == "http.response.start":
                seen["started"] = True
                if scope["path"] == "/":
                    message["headers"] = [*message["headers"], (b"set-cookie", (
                        f"{self.cookie}={self.token}; Path=/; HttpOnly; SameSite=Strict").encode())]
            await send(message)

        try:
            await self.app(scope, bounded, sending)
        except Exception:
            if not seen["over"]:
                raise
        if seen["over"] and not seen["started"]:
            await _plain(413, _too_large(limit))(scope, receive, send)

    def _token_given(self, scope, headers) -> bool:
        given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])[0]
        if not given and "cookie" in headers:
            cookie = SimpleCookie()
            try:
                cookie.load(headers["cookie"])
            except Exception:  # noqa: BLE001 - a malformed cookie is no token
                return False
            given = cookie[self.cookie].value if self.cookie in cookie else ""
        return bool(given) and secrets.compare_digest(given.encode(), self.token.encode())


def _too_large(limit: int) -> str:
    return (f"the file is larger than the {limit - FORM_OVERHEAD:,} bytes trfconv reads at most "
            "(the command line's 'trfconv --max-size' reads larger ones)")


def _plain(status: int, text: str) -> Response:
    return HTMLResponse(message_fragment(text), status)


def _page(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status, headers={"Content-Security-Policy": PAGE_POLICY,
                                               "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
                                               "Cache-Control": "no-store"})


def _document(body: str, status: int = 200, media_type: str = "text/html") -> Response:
    """A document as the command writes it (``text/plain``: a document with no HTML form)."""
    return Response(body, status, media_type=media_type, headers={
        "Content-Security-Policy": DOCUMENT_POLICY, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-store"})


def _answers(kind: str):
    """An endpoint whose refusals and bugs become a message (a document page for a frame, a
    fragment for the page), never a traceback; the work runs in a worker thread."""
    def wrap(function):
        @wraps(function)
        async def endpoint(request: Request):
            try:
                return await run_in_threadpool(function, request)
            except Refusal as r:
                text, status = r.message, r.status
            except Exception as err:  # noqa: BLE001 - a bug: said in the page
                text, status = (f"internal error: {type(err).__name__}: {err} (a bug in trfconv; please report it "
                                "with the file)"), 500
            if kind == "document":
                return _document(_ENV.get_template("message.html").render(message=text), status)
            return _page(message_fragment(text), status)
        return endpoint
    return wrap


def _file_in(form) -> UploadFile:
    item = form.get("file")
    if not isinstance(item, UploadFile):
        raise Refusal("no file in the request", 400)
    return item


def _number(request: Request, name: str, default: int | None = None) -> int | None:
    text = request.query_params.get(name, "").strip()
    if not text:
        return default
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise Refusal(f"{name.replace('_', ' ')}: {text!r} is not a whole number")
    return int(text)


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name) in ("1", "on", "true")


def create_app(token: str, port: int, db=None, uploads: engine.Uploads | None = None) -> Guard:
    """The application for the server at ``127.0.0.1:port`` answering ``token``; ``db`` the
    rating lists database (None: the default one)."""
    held = uploads or engine.Uploads()
    imports: dict[str, engine.Import] = {}
    choices = engine.tiebreak_choices()
    names = {name: outputs()[name].description.split(" (")[0] for name in engine.CONVERSIONS}
    norm_choices = engine.norm_choices()

    def upload_of(request: Request) -> engine.Upload:
        return held.get(request.path_params["key"])

    async def index(request: Request):
        return _page(_ENV.get_template("index.html").render(version=__version__, max_bytes=MAX_INPUT_BYTES,
                                                              norms=norm_choices))

    async def upload(request: Request):
        try:
            async with request.form(max_files=1, max_fields=2) as form:
                item = _file_in(form)
                name = engine.safe_name(item.filename)
                data = await item.read(MAX_INPUT_BYTES + 1)
            if len(data) > MAX_INPUT_BYTES:
                raise Refusal(_too_large(MAX_INPUT_BYTES + FORM_OVERHEAD), 413)
            t = await run_in_threadpool(engine.read_upload, name, data)
            added = await run_in_threadpool(held.add, name, t)
            summary = await run_in_threadpool(engine.summary, added)
        except Refusal as r:
            return _page(_ENV.get_template("refused.html").render(name=locals().get("name"), message=r.message),
                         r.status)
        except Exception as err:  # noqa: BLE001 - a bug or a multipart body the parser refuses: said
            return _page(message_fragment(f"the upload could not be read: {type(err).__name__}: {err}"), 400)
        return _page(_ENV.get_template("card.html").render(file=added, s=summary, choices=choices,
                                                           conversions=names, t=added.tournament, norms=norm_choices))

    @_answers("document")
    def report(request: Request):
        return _document(engine.rating_report(upload_of(request), _flag(request, "lenient")))

    @_answers("document")
    def standings(request: Request):
        q = request.query_params
        return _document(engine.standings(upload_of(request), q.get("tiebreaks"), _number(request, "after_round"),
                                          q.get("seed", "").strip(), _flag(request, "lenient")))

    @_answers("document")
    def playoff(request: Request):
        q = request.query_params
        return _document(engine.playoff(upload_of(request), _number(request, "place", 1) or 1,
                                        q.get("seed", "").strip(), _flag(request, "lenient")))

    def norms_of(request: Request, form: str) -> str:
        q = request.query_params
        return engine.norms(upload_of(request), _number(request, "player"), tuple(q.getlist("title")),
                            q.get("exemption", ""), q.get("event_type", ""), q.get("reading") or "rounded",
                            _flag(request, "forecast"), _number(request, "after_round"), _flag(request, "details"),
                            engine.held_lists(db) if _flag(request, "list") else None, _flag(request, "lenient"),
                            form)

    @_answers("document")
    def norms(request: Request):
        return _document(norms_of(request, "html"))

    @_answers("document")
    def it1(request: Request):
        return _document(norms_of(request, "it1"))

    @_answers("document")
    def application(request: Request):
        q = request.query_params
        text = engine.application(held.all(), q.get("fide_id", ""), q.get("title", ""), q.get("exemption", ""),
                                  q.get("event_type", ""), q.get("reading") or "rounded",
                                  engine.held_lists(db) if _flag(request, "list") else None, _flag(request, "lenient"))
        return _document(text, media_type="text/plain")

    @_answers("document")
    def period(request: Request):
        return _document(engine.period(held.all(), request.query_params.get("month", "").strip(), db,
                                       _flag(request, "list"), _flag(request, "lenient")))

    @_answers("fragment")
    def download(request: Request):
        data, name = engine.conversion(upload_of(request), request.path_params["fmt"], _flag(request, "lenient"))
        return Response(data, media_type="application/octet-stream", headers={
            "Content-Disposition": f"attachment; filename=\"{name}\"; filename*=UTF-8''{quote(name)}",
            "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"})

    @_answers("fragment")
    def losses(request: Request):
        return _page(_ENV.get_template("losses.html").render(formats=engine.losses(upload_of(request),
                                                                                    _flag(request, "lenient"))))

    @_answers("fragment")
    def remove(request: Request):
        held.remove(request.path_params["key"])
        return Response(status_code=204)

    @_answers("fragment")
    def batch(request: Request):
        return _page(_ENV.get_template("batch.html").render(rows=engine.batch(held.all())))

    @_answers("fragment")
    def list_check(request: Request):
        return _page(_ENV.get_template("findings.html").render(findings=engine.list_check(upload_of(request), db)))

    @_answers("fragment")
    def lists_held(request: Request):
        return _page(_ENV.get_template("held.html").render(months=engine.held_months(db)))

    @_answers("fragment")
    def find(request: Request):
        month, entries = engine.find_players(db, request.query_params.get("q", ""))
        return _page(_ENV.get_template("players.html").render(month=month, entries=entries))

    async def import_list(request: Request):
        folder = None
        try:
            async with request.form(max_files=1, max_fields=4) as form:
                item = _file_in(form)
                month, kind = str(form.get("month") or ""), str(form.get("kind") or "")
                folder = Path(tempfile.mkdtemp(prefix="trfconv-list-"))
                path = folder / engine.safe_name(item.filename, "list.txt")  # its name tells month and kind
                with path.open("wb") as out:
                    while chunk := await item.read(1 << 20):
                        out.write(chunk)
        except Exception as err:  # noqa: BLE001 - a refusal, or a body the parser refuses: said
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
            if isinstance(err, Refusal):
                return _page(message_fragment(err.message), err.status)
            return _page(message_fragment(f"the upload could not be read: {type(err).__name__}: {err}"), 400)
        job = engine.Import(path.name)
        key = secrets.token_hex(8)
        imports[key] = job

        def work():
            try:
                engine.import_list(job, path, db, month.strip(), kind.strip())
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        threading.Thread(target=work, name=f"import-{key}", daemon=True).start()
        return JSONResponse({"job": key}, status_code=202)

    async def import_state(request: Request):
        job = imports.get(request.path_params["key"])
        if job is None:
            return JSONResponse({"error": "no such import"}, status_code=404)
        return JSONResponse({"name": job.name, "done": job.done, "total": job.total, "result": job.result,
                             "error": job.error})

    routes = [
        Route("/", index),
        Route("/files", upload, methods=["POST"]),
        Route("/files/{key:str}/report", report),
        Route("/files/{key:str}/standings", standings),
        Route("/files/{key:str}/playoff", playoff),
        Route("/files/{key:str}/norms", norms),
        Route("/files/{key:str}/norms/it1", it1),
        Route("/files/{key:str}/download/{fmt:str}", download),
        Route("/files/{key:str}/losses", losses),
        Route("/files/{key:str}/listcheck", list_check),
        Route("/files/{key:str}/remove", remove, methods=["POST"]),
        Route("/batch", batch),
        Route("/period", period),
        Route("/application", application),
        Route("/lists", import_list, methods=["POST"]),
        Route("/lists/held", lists_held),
        Route("/lists/find", find),
        Route("/lists/jobs/{key:str}", import_state),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
    return Guard(Starlette(routes=routes), token, hosts)
