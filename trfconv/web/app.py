"""The local web page's server: a Starlette application answering only the person who started
it (the address printed with its token), for :mod:`trfconv.cli.serve`.

The guard (:class:`Guard`) comes before any route: a request whose ``Host`` is not this server's
loopback address (a DNS-rebinding page), that carries neither the token nor the cookie set from
it, or that comes from another page's form (``Origin``), gets 403; a body larger than the input
bounds gets 413 before it is read to the end, and one that stops arriving for
:data:`BODY_SECONDS` gets 408. The routes take values, never a path: a file is named by the
random id it was given when it was uploaded, a tab by the random id of its page session. Every
page is a Jinja2 template with autoescaping, or a document as the command line writes it, and
answers with a Content Security Policy that lets no script run but the page's own file. Each
answer is in the page's language (:mod:`.language`: the switch, else the browser's); the
templates say their texts with ``_("…")``, extracted into the catalogs as ``msg`` is.

The routes:

- ``/sessions/{tab}/…``: a tab's files (:mod:`trfconv.web.held`): ``files`` (POST: a file
  dropped; DELETE ``files/{key}``: removed), ``set`` (the table of its files, with the limit),
  ``cards``, ``alive`` (the tab is open; the page's way of noticing that the server stopped),
  ``copy`` (a duplicated tab's own set), and the documents over its files,
  ``{document}.{form}`` (the rating period, the title application).
- ``/files/{key}/{document}.{form}``: every form of every document of one file, as the
  registry (:mod:`trfconv.documents.registry`) has them (``standings.csv``, ``norms.it1``);
  ``convert.{format}`` its conversions; shown in the page (``inline``) or, with ``download``,
  saved (``attachment``), named after the file and the form (:mod:`trfconv.web.downloads`).
- ``/lists…``: the rating lists."""

from __future__ import annotations

import asyncio
import html
import secrets
from functools import wraps
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import parse_qs

from jinja2 import Environment, FileSystemLoader
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import __version__
from ..documents.registry import DOCUMENTS
from ..io.files import MAX_INPUT_BYTES
from ..io.registry import outputs
from ..jobs.inputs import Lists
from ..messages import Language, Message, msg, plural
from ..rules.tiebreaks.lots import new_seed
from . import downloads, engine
from . import language as languages
from .engine import Refusal
from .held import Held
from .scratch import Scratch, Stopped

HERE = Path(__file__).resolve().parent
#: What a multipart body adds to the file it carries (boundaries, headers, the other fields).
FORM_OVERHEAD = 64 * 1024
#: Largest rating list file uploaded: FIDE's largest list, the three rates of play unzipped in
#: TXT, is some 150 MB.
MAX_LIST_BYTES = 512 * 1024 * 1024
#: Seconds a request body may pause before the request is answered 408 (a slow client).
BODY_SECONDS = 30.0
#: Events of more players than this have their documents opened in a tab of their own, never
#: in a frame of the page: a frame shares the page's thread. Measured in headless Chromium
#: (rating report, 9 rounds; tests/bench/serve_bench.py --frames): the page stalled 1.0 s at 500
#: players, 3.1 s at 1,000, 6.5 s at 2,000 and 15 s at 9,999 in a frame; at most 0.35 s (1.2 s
#: at 9,999) while the report opened in a tab of its own.
LARGE_PLAYERS = 500
#: The page: its own script and style only, documents in frames of this server.
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; "
               "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
#: A document: no script at all; its own inline style and SVG charts.
DOCUMENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'self'"
#: The documents of one file, the documents over a tab's files, and what the page calls each form.
FILE_DOCUMENTS = ("info", "verdict", "rating-report", "standings", "playoff", "norms", "pairings")
SET_DOCUMENTS = ("period", "norms-application")
FORM_NAMES = {"html": "HTML", "text": msg("text"), "csv": "CSV", "json": "JSON", "it1": "IT1", "arbiters": "FA1/IA1",
              "fide": msg("FIDE list TXT")}
_ENV = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, trim_blocks=True, lstrip_blocks=True)
#: The texts of the page's script (``static/page.js``), said in the page's language and given to
#: it in the page (a ``{name}`` is filled by the script).
SCRIPT_TEXTS = {
    "stopped": msg("The server has stopped: trfconv serve no longer answers. Start it again and open the address "
                   "it prints (the files will have to be dropped again)."),
    "gone": msg("This page belongs to a trfconv serve that has stopped: open the address the one running now "
                "printed."),
    "restarted": msg("The server was restarted since this page was last open: the {n} file(s) dropped on it are no "
                     "longer held ({names}). Drop them again to use them.", n="{n}", names="{names}"),
    "uploading": msg("upload of {name}", name="{name}"),
    "no answer": msg("the server did not answer"),
    "preparing": msg("Preparing the document…"),
    "sending list": msg("uploading the list…"),
    "not imported": msg("not imported: {why}", why="{why}"),
    "imported": msg("imported: {what}", what="{what}"),
    "indexing": msg("indexing the list…"),
    "reading": msg("reading the list…"),
}


def _render(template: str, lang: Language, /, **context) -> str:
    """The ``template`` in ``lang``: its ``_("text", field=value)`` said as messages (``_n(one,
    many, n=…)`` for a count), ``say`` for a value that may be one."""
    def said(template: str, /, **args) -> str:
        return lang.say(Message(template, args))

    def counted(one: str, many: str, /, n: int, **args) -> str:
        return lang.say(plural(one, many, n=n, **args))

    return _ENV.get_template(template).render(_=said, _n=counted, say=lang.say, lang=lang.code, **context)


def _lang(request: Request) -> Language:
    return languages.of_request(request.headers)


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
        lang = languages.of_request(headers)
        refused = None
        if host not in self.hosts:
            refused = msg("this server answers only at its own address, {address}",
                          address="http://" + sorted(self.hosts)[0])
        elif "origin" in headers and headers["origin"] != f"http://{host}":
            refused = msg("a request from another page is refused")
        elif not self._token_given(scope, headers):
            refused = msg("no access without the token: open the address 'trfconv serve' printed in its window "
                          "(http://…/?token=…)")
        if refused:
            await _plain(403, lang.say(refused))(scope, receive, send)
            return
        limit = (MAX_LIST_BYTES if scope["path"] == "/lists" else MAX_INPUT_BYTES) + FORM_OVERHEAD
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > limit:
            await _plain(413, lang.say(_too_large(limit)))(scope, receive, send)
            return
        seen: dict = {"bytes": 0, "started": False, "cut": None, "whole": False}

        async def bounded():
            if seen["cut"]:
                return {"type": "http.disconnect"}
            if seen["whole"]:  # the body is in: what is left is waiting for the client to leave
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), BODY_SECONDS)
            except TimeoutError:
                seen["cut"] = (408, lang.say(msg("the upload stopped arriving for {seconds} seconds: send it again",
                                                 seconds=round(BODY_SECONDS))))
                return {"type": "http.disconnect"}
            seen["bytes"] += len(message.get("body", b""))
            seen["whole"] = message["type"] != "http.request" or not message.get("more_body", False)
            if seen["bytes"] > limit:  # a body without a length, or longer than it said: cut short
                seen["cut"] = (413, lang.say(_too_large(limit)))
                return {"type": "http.disconnect"}
            return message

        async def sending(message):
            if seen["cut"]:  # the application's answer to a body cut short is replaced by the 413 or 408
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
            if not seen["cut"]:
                raise
        if seen["cut"] and not seen["started"]:  # the rest of the body is not waited for: the connection ends
            answer = _plain(*seen["cut"])
            answer.headers["Connection"] = "close"
            await answer(scope, receive, send)

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


def _too_large(limit: int) -> Message:
    return msg("the file is larger than the {n:,} bytes the page reads at most (the command line can be told to "
               "read larger files)", n=limit - FORM_OVERHEAD)


def _plain(status: int, text: str) -> Response:
    return HTMLResponse(message_fragment(text), status)


def _page(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status, headers={"Content-Security-Policy": PAGE_POLICY,
                                               "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
                                               "Cache-Control": "no-store"})


def _document(body: bytes | str, status: int = 200, media_type: str = "text/html; charset=utf-8",
              disposition: str | None = None) -> Response:
    """A document or a converted file as the command writes it, with its name when it has one."""
    headers = {"Content-Security-Policy": DOCUMENT_POLICY, "X-Content-Type-Options": "nosniff",
               "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}
    if disposition:
        headers["Content-Disposition"] = disposition
    return Response(body, status, media_type=media_type, headers=headers)


def _answers(kind: str):
    """An endpoint whose refusals and bugs become a message (a document page for a frame, a
    fragment for the page), never a traceback; the work runs in a worker thread."""
    def wrap(function):
        @wraps(function)
        async def endpoint(request: Request):
            lang = _lang(request)
            try:
                return await run_in_threadpool(function, request)
            except Refusal as r:
                text, status = lang.say(r.message), r.status
            except Exception as err:  # noqa: BLE001 - a bug: said in the page
                text, status = lang.say(_bug(err)), 500
            if kind == "document":
                return _document(_render("message.html", lang, message=text), status)
            return _page(message_fragment(text), status)
        return endpoint
    return wrap


def _bug(err: Exception) -> Message:
    return msg("internal error: {kind}: {error} (a bug in trfconv; please report it with the file)",
               kind=type(err).__name__, error=str(err))


def _unread(err: Exception) -> Message:
    return msg("the upload could not be read: {kind}: {error}", kind=type(err).__name__, error=str(err))


def _file_in(form) -> UploadFile:
    item = form.get("file")
    if not isinstance(item, UploadFile):
        raise Refusal(msg("no file in the request"), 400)
    return item


#: The page's controls whose number is read (``_number``), as the page labels them.
_FIELDS = {"after_round": msg("after round"), "place": msg("place"), "player": msg("player")}


def _number(request: Request, name: str, default: int | None = None) -> int | None:
    text = request.query_params.get(name, "").strip()
    if not text:
        return default
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise Refusal(msg("{name}: {given} is not a whole number", name=_FIELDS.get(name, name), given=repr(text)))
    return int(text)


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name) in ("1", "on", "true")


def _readings(request: Request) -> tuple[tuple[str, str], ...]:
    """The readings of the norms' form: ``reading`` (1.4.8b's 35 %, ``--score-reading``) and each
    ``reading-NAME`` chosen (``--reading NAME=CHOICE``); none chosen: the edition's defaults."""
    q = request.query_params
    chosen = [("score", q["reading"])] if q.get("reading") else []
    chosen += [(k.removeprefix("reading-"), v) for k, v in q.items() if k.startswith("reading-") and v]
    return tuple(chosen)


def _form_of(name: str, form: str, documents: tuple[str, ...]):
    """The registry's record of the document ``name``, checked to have ``form``."""
    if name not in documents:
        raise Refusal(msg("no document {name} here; there are {documents}", name=repr(name), documents=list(documents)),
                      404)
    found = DOCUMENTS[name]
    if form not in found.formats:
        raise Refusal(msg("the document {name} has no form {form}; it has {forms}", name=repr(name), form=repr(form),
                          forms=list(found.formats)), 404)
    return found


def create_app(token: str, port: int, db=None, held: Held | None = None, scratch: Scratch | None = None) -> Guard:
    """The application for the server at ``127.0.0.1:port`` answering ``token``; ``db`` the
    rating lists database (None: the default one); ``scratch`` where its temporary files go
    (removed when the server stops: :func:`trfconv.web.server.run`)."""
    held = held or Held()
    scratch = scratch or Scratch()
    imports: dict[str, engine.Import] = {}
    norm_choices = engine.norm_choices()

    def card(upload: engine.Upload, lang: Language) -> str:
        conversions = {name: lang.say(outputs()[name].description).split(" (")[0] for name in engine.CONVERSIONS}
        return _render("card.html", lang,
                       file=upload, s=engine.summary(upload, lang=lang), choices=engine.tiebreak_choices(lang=lang),
                       conversions=conversions, t=upload.tournament, norms=norm_choices,
                       large=len(upload.tournament.players) > LARGE_PLAYERS, forms=_forms(FILE_DOCUMENTS),
                       form_names=FORM_NAMES, seed=new_seed())

    def tab(request: Request) -> str:
        return Held.checked(request.path_params["tab"])

    async def index(request: Request):
        asked = languages.chosen(request.query_params.get("lang"))
        lang = asked or _lang(request)
        answer = _page(_render("index.html", lang,
                               version=__version__, max_bytes=MAX_INPUT_BYTES, norms=norm_choices, large=LARGE_PLAYERS,
                               forms=_forms(SET_DOCUMENTS), form_names=FORM_NAMES, languages=languages.offered(lang),
                               texts={k: lang.say(v) for k, v in SCRIPT_TEXTS.items()}))
        if asked is not None:  # the switch: remembered for the browser's session
            answer.set_cookie(languages.COOKIE, asked.code, path="/", httponly=True, samesite="strict")
        return answer

    async def upload(request: Request):
        name = None
        lang = _lang(request)
        try:
            sid = tab(request)
            async with request.form(max_files=1, max_fields=2) as form:
                item = _file_in(form)
                name = downloads.safe_name(item.filename)
                data = await item.read(MAX_INPUT_BYTES + 1)
            if len(data) > MAX_INPUT_BYTES:
                raise Refusal(_too_large(MAX_INPUT_BYTES + FORM_OVERHEAD), 413)
            t = await run_in_threadpool(lambda: engine.read_upload(name, data, lang=lang))
            added = await run_in_threadpool(held.add, sid, name, t)
            answer = await run_in_threadpool(card, added, lang)
        except Refusal as r:
            return _page(_render("refused.html", lang, name=name, message=lang.say(r.message)), r.status)
        except Exception as err:  # noqa: BLE001 - a bug or a multipart body the parser refuses: said
            return _page(message_fragment(lang.say(_unread(err))), 400)
        return _page(answer)

    @_answers("fragment")
    def cards(request: Request):
        lang = _lang(request)
        return _page("".join(card(u, lang) for u in reversed(held.files(tab(request)))))

    @_answers("fragment")
    def the_set(request: Request):
        lang = _lang(request)
        contents = held.contents(tab(request), report=_flag(request, "first"))
        rows = list(zip(contents.files, engine.batch(contents.files, lang=lang), strict=True))
        return _page(_render("set.html", lang,
                             c=contents, rows=rows, players=sum(len(u.tournament.players) for u in contents.files)))

    @_answers("fragment")
    def alive(request: Request):
        held.heard(tab(request))
        return Response(status_code=204)

    @_answers("fragment")
    def remove(request: Request):
        held.remove(tab(request), request.path_params["key"])
        return Response(status_code=204)

    async def copy(request: Request):
        async with request.form(max_files=0, max_fields=1) as form:
            source = str(form.get("from") or "")
        try:
            await run_in_threadpool(held.copy, Held.checked(source), tab(request))
        except Refusal as r:
            return _page(message_fragment(_lang(request).say(r.message)), r.status)
        return Response(status_code=204)

    def file_document(request: Request, upload: engine.Upload, name: str, form: str) -> str:
        q = request.query_params
        lenient = _flag(request, "lenient")
        lang = _lang(request)
        if name in ("info", "verdict"):
            return engine.about(upload, name, form, lang=lang)
        if name == "rating-report":
            return engine.rating_report(upload, lenient, form, lang=lang)
        if name == "standings":
            return engine.standings(upload, q.get("tiebreaks"), _number(request, "after_round"),
                                    q.get("seed", "").strip(), lenient, form, lang=lang)
        if name == "pairings":
            return engine.pairings(upload, _number(request, "round"), _flag(request, "next"), lenient, form,
                                   lang=lang)
        if name == "playoff":
            return engine.playoff(upload, _number(request, "place", 1) or 1, q.get("seed", "").strip(), lenient,
                                  form, lang=lang)
        return engine.norms(upload, _number(request, "player"), tuple(q.getlist("title")), q.get("exemption", ""),
                            q.get("event_type", ""), _readings(request), _flag(request, "forecast"),
                            _number(request, "after_round"), _flag(request, "details"),
                            Lists(db) if _flag(request, "list") else None, lenient, form, lang=lang)

    @_answers("document")
    def of_file(request: Request):
        upload = held.get(request.path_params["key"])
        name, form = request.path_params["document"], request.path_params["form"]
        if name == "convert":
            data = engine.conversion(upload, form, _flag(request, "lenient"), lang=_lang(request))
            return _document(data, media_type="application/octet-stream", disposition=downloads.disposition(
                downloads.conversion_name(upload.name, form, engine.CONVERSIONS), attachment=True))
        found = _form_of(name, form, FILE_DOCUMENTS)
        text = file_document(request, upload, name, form)
        return _served(request, found, form, text, downloads.file_document_name(upload.name, found, form))

    @_answers("document")
    def of_set(request: Request):
        files = held.files(tab(request))
        name, form = request.path_params["document"], request.path_params["form"]
        found = _form_of(name, form, SET_DOCUMENTS)
        q = request.query_params
        lang = _lang(request)
        if name == "period":
            text = engine.period(files, q.get("month", "").strip(), db, _flag(request, "list"), _flag(request, "lenient"),
                                 form, lang=lang)
        else:
            text = engine.application(files, q.get("fide_id", ""), q.get("title", ""), q.get("exemption", ""),
                                      q.get("event_type", ""), _readings(request),
                                      Lists(db) if _flag(request, "list") else None,
                                      _flag(request, "lenient"), form, lang=lang)
        return _served(request, found, form, text, downloads.set_document_name([u.name for u in files], found, form))

    @_answers("fragment")
    def losses(request: Request):
        lang = _lang(request)
        return _page(_render("losses.html", lang, formats=engine.losses(held.get(request.path_params["key"]),
                                                                        _flag(request, "lenient"), lang=lang)))

    @_answers("fragment")
    def upload_check(request: Request):
        lang = _lang(request)
        found = engine.upload_check(held.get(request.path_params["key"]), db, _flag(request, "list"), lang=lang)
        return _page(_render("upload.html", lang, u=found))

    @_answers("fragment")
    def list_check(request: Request):
        lang = _lang(request)
        found = engine.list_check(held.get(request.path_params["key"]), db, lang=lang)
        return _page(_render("findings.html", lang, findings=found))

    @_answers("fragment")
    def lists_held(request: Request):
        return _page(_render("held.html", _lang(request), months=engine.held_months(db)))

    @_answers("fragment")
    def find(request: Request):
        lang = _lang(request)
        month, entries = engine.find_players(db, request.query_params.get("q", ""), lang=lang)
        return _page(_render("players.html", lang, month=month, entries=entries))

    async def import_list(request: Request):
        folder = None
        lang = _lang(request)
        try:
            async with request.form(max_files=1, max_fields=4) as form:
                item = _file_in(form)
                month, kind = str(form.get("month") or ""), str(form.get("kind") or "")
                folder = scratch.folder()
                path = folder / downloads.safe_name(item.filename, "list.txt")  # its name tells month and kind
                with path.open("wb") as out:
                    while chunk := await item.read(1 << 20):
                        out.write(chunk)
        except BaseException as err:  # a refusal, a body the parser refuses, or the server stopping: said
            if folder is not None:
                scratch.remove(folder)
            if not isinstance(err, Exception):  # the server stopping (cancelled): no answer to give
                raise
            if isinstance(err, Refusal):
                return _page(message_fragment(lang.say(err.message)), err.status)
            if isinstance(err, Stopped):
                return _page(message_fragment(lang.say(msg("the server is stopping"))), 503)
            return _page(message_fragment(lang.say(_unread(err))), 400)
        job = engine.Import(path.name)
        key = secrets.token_hex(8)
        imports[key] = job
        scratch.start(f"import-{key}", lambda: engine.import_list(job, path, db, month.strip(), kind.strip(),
                                                                  scratch.check, lang=lang), folder)
        return JSONResponse({"job": key}, status_code=202)

    async def import_state(request: Request):
        job = imports.get(request.path_params["key"])
        if job is None:
            return JSONResponse({"error": _lang(request).say(msg("no such import"))}, status_code=404)
        return JSONResponse({"name": job.name, "done": job.done, "total": job.total, "result": job.result,
                             "error": job.error})

    routes = [
        Route("/", index),
        Route("/sessions/{tab:str}/files", upload, methods=["POST"]),
        Route("/sessions/{tab:str}/files/{key:str}", remove, methods=["DELETE"]),
        Route("/sessions/{tab:str}/cards", cards),
        Route("/sessions/{tab:str}/set", the_set),
        Route("/sessions/{tab:str}/alive", alive),
        Route("/sessions/{tab:str}/copy", copy, methods=["POST"]),
        Route("/sessions/{tab:str}/{document:str}.{form:str}", of_set),
        Route("/files/{key:str}/losses", losses),
        Route("/files/{key:str}/listcheck", list_check),
        Route("/files/{key:str}/upload", upload_check),
        Route("/files/{key:str}/{document:str}.{form:str}", of_file),
        Route("/lists", import_list, methods=["POST"]),
        Route("/lists/held", lists_held),
        Route("/lists/find", find),
        Route("/lists/jobs/{key:str}", import_state),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
    return Guard(Starlette(routes=routes), token, hosts)


def _forms(documents: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each document's forms, in the registry's order, for the page's download buttons."""
    return {name: tuple(DOCUMENTS[name].formats) for name in documents}


def _served(request: Request, found, form: str, text: str, name: str) -> Response:
    """A document's form as the command writes it (its encoding: a CSV with the byte-order mark),
    shown in the page, or saved when ``download`` is asked or the browser shows no such file."""
    suffix = found.formats[form].suffix
    media_type = downloads.MEDIA_TYPES[suffix]
    attachment = _flag(request, "download") or suffix not in (".html", ".txt")
    return _document(text.encode(found.formats[form].encoding), media_type=media_type,
                     disposition=downloads.disposition(name, attachment))
