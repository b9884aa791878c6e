"""The files each page holds: one set per page session (a browser tab, kept across a reload by
the page's ``sessionStorage``), shown in the page, each file removable.

A tab's files are its own: the rating period and the title application of one tab never see a
file dropped in another. The server holds the files of all its tabs in memory, up to
:data:`MAX_PLAYERS` players together (a 10,000-player, 11-round event is some 23 MB of model
and verdict): past it, the files of tabs closed for :data:`IDLE_SECONDS` are let go, whole
tabs, the longest closed first; if that is not enough the new file is refused, in words that
give the limit. Nothing is let go without a word: a tab whose files were let go is told so when
it comes back, and a document asked of a file let go says why it is no longer held."""

from __future__ import annotations

import gc
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from ..model import Tournament
from .engine import Refusal, Upload, validated

#: The players of the files held by the server, all tabs together (some 230 MB of memory).
MAX_PLAYERS = 100_000
#: A tab not heard from for this long (it asks the server every few seconds while open) is
#: taken as closed: its files may be let go to make room.
IDLE_SECONDS = 180
#: How many files let go the server remembers, to say why when one is asked for.
REMEMBERED = 10_000
#: A page session's id, as the page makes it (16 random bytes in hex).
SESSION_ID = re.compile(r"[0-9a-f]{32}")


@dataclass
class Session:
    """One tab's files (oldest first), when it was last heard from, and the names of files let
    go while it was away, to be said when it comes back."""

    files: OrderedDict[str, Upload] = field(default_factory=OrderedDict)
    seen: float = 0.0  # float ok: a monotonic clock time
    let_go: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Contents:
    """What a tab holds, for the page: its files (oldest first), whether the server knew the
    tab (it did not after a restart), the files let go while it was away, and the server's
    totals against its limit."""

    files: list[Upload]
    known: bool
    let_go: list[str]
    players: int
    limit: int


class Held:
    """The server's sessions and their files; safe across the server's threads."""

    def __init__(self, max_players: int = MAX_PLAYERS, idle: float = IDLE_SECONDS,  # float ok: seconds
                 clock: Callable[[], float] = time.monotonic):
        self.max_players, self.idle, self.clock = max_players, idle, clock
        self._sessions: dict[str, Session] = {}
        self._owner: dict[str, str] = {}  # file key -> session id
        self._gone: OrderedDict[str, str] = OrderedDict()  # file key -> why it is no longer held
        self._lock = threading.Lock()

    @staticmethod
    def checked(sid: str) -> str:
        if not SESSION_ID.fullmatch(sid):
            raise Refusal(f"{sid[:40]!r} is not a page session (reload the page)", 404)
        return sid

    def _session(self, sid: str) -> Session:
        session = self._sessions.get(self.checked(sid))
        if session is None:
            session = self._sessions[sid] = Session()
        session.seen = self.clock()
        return session

    def heard(self, sid: str) -> None:
        """The tab ``sid`` is open."""
        with self._lock:
            self._session(sid)

    def add(self, sid: str, name: str, tournament: Tournament) -> Upload:
        """Hold ``tournament`` for the tab ``sid`` (judged now), making room if it can; a
        :class:`Refusal` giving the limit when it cannot. The objects made so far are moved
        out of the cycle collector's reach (``gc.freeze``), as :func:`trfconv.cli.main` does
        for one command: the model holds no reference cycles, and each collection would
        otherwise walk every file held (a second for a 10,000-player event's rating report)."""
        upload = Upload(secrets.token_hex(8), name, tournament, validated(tournament))
        with self._lock:
            session = self._session(sid)
            self._make_room(len(tournament.players), sid)
            session.files[upload.id] = upload
            self._owner[upload.id] = sid
        gc.freeze()
        return upload

    def _make_room(self, players: int, sid: str) -> None:
        held = self._players()
        if held + players <= self.max_players:
            return
        now = self.clock()
        closed = sorted((s.seen, other) for other, s in self._sessions.items()
                        if other != sid and s.files and now - s.seen >= self.idle)
        for _, other in closed:
            self._let_go(other)
            held = self._players()
            if held + players <= self.max_players:
                return
        tabs = sum(bool(s.files) for s in self._sessions.values())
        raise Refusal(f"not added: the page holds files of {self.max_players:,} players at most, all tabs "
                      f"together (now {held:,} players in {len(self._owner):,} file(s), {tabs} tab(s)), and "
                      f"this file has {players:,}: remove files here or in another tab, then drop it again", 422)

    def _let_go(self, sid: str) -> None:
        session = self._sessions[sid]
        for key, upload in session.files.items():
            self._forget(key, "it was let go to make room for files dropped in another tab while its page was "
                              f"closed (the server holds files of {self.max_players:,} players at most)")
            session.let_go.append(upload.name)
        session.files.clear()

    def _forget(self, key: str, why: str) -> None:
        del self._owner[key]
        self._gone[key] = why
        while len(self._gone) > REMEMBERED:
            self._gone.popitem(last=False)

    def _players(self) -> int:
        """The players held, each file once (a tab's copy shares its files)."""
        tournaments = {id(u.tournament): u.tournament for s in self._sessions.values() for u in s.files.values()}
        return sum(len(t.players) for t in tournaments.values())

    def get(self, key: str) -> Upload:
        """The file ``key``, or a :class:`Refusal` (404) saying why it is not held."""
        with self._lock:
            sid = self._owner.get(key)
            if sid is not None:
                return self._sessions[sid].files[key]
            why = self._gone.get(key, "the server was restarted since it was dropped")
        raise Refusal(f"this file is no longer held by the server: {why}; drop it again", 404)

    def remove(self, sid: str, key: str) -> None:
        """Let go of the file ``key`` of the tab ``sid`` (a file of another tab is left alone)."""
        with self._lock:
            session = self._session(sid)
            if key in session.files:
                del session.files[key]
                self._forget(key, "it was removed")

    def contents(self, sid: str, *, report: bool = False) -> Contents:
        """What the tab ``sid`` holds; with ``report``, the files let go while it was away are
        said (once: then forgotten)."""
        with self._lock:
            known = self.checked(sid) in self._sessions
            session = self._session(sid)
            let_go = session.let_go if report else []
            if report:
                session.let_go = []
            return Contents(list(session.files.values()), known, let_go, self._players(), self.max_players)

    def files(self, sid: str) -> list[Upload]:
        """The files of the tab ``sid``, oldest first (asking does not make the tab known:
        :meth:`contents` says whether the server knew it)."""
        with self._lock:
            session = self._sessions.get(self.checked(sid))
            return list(session.files.values()) if session else []

    def copy(self, source: str, sid: str) -> None:
        """The tab ``sid`` starts with the files of ``source`` (a tab duplicated by the browser
        copies its page session: from then on, each holds its own set). The files are shared,
        not read again: they take no more memory."""
        with self._lock:
            files = list(self._sessions[source].files.values()) if self.checked(source) in self._sessions else []
            target = self._session(sid)
            for upload in files:
                copied = Upload(secrets.token_hex(8), upload.name, upload.tournament, upload.validated)
                target.files[copied.id] = copied
                self._owner[copied.id] = sid
