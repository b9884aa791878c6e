"""The page's language: the one chosen with the page's switch (``/?lang=fr``, remembered in a
cookie for the browser's session, so that a reload, the documents and the downloads of the page
keep it), else the first of the browser's languages (``Accept-Language``) there is a catalog for,
else English. Every language with a catalog is offered, named in itself (``Français``)."""

from __future__ import annotations

from collections.abc import Mapping
from http.cookies import CookieError, SimpleCookie

from ..messages import ENGLISH, Language, available, language

#: The cookie that remembers the language chosen (a session cookie: no expiry).
COOKIE = "trfconv-lang"


def chosen(code: str | None) -> Language | None:
    """The language ``code`` names (``fr``, ``fr-CA``) when there is a catalog for it, else None."""
    if not code:
        return None
    base = code.strip().replace("_", "-").split("-")[0].lower()
    return language(base) if base in available() else None


def accepted(header: str) -> Language:
    """The first language of an ``Accept-Language`` header, by its weight, with a catalog; else
    English (``fr-CH, fr;q=0.9, en;q=0.8`` is French; ``ja, *`` is English)."""
    weighed = []
    for i, item in enumerate(header.split(",")[:32]):  # a header of hundreds of items is not read whole
        code, _, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])  # float ok: an HTTP q-value orders languages, nothing exact
            except ValueError:
                weight = 0.0
        weighed.append((-weight, i, code))
    for _, _, code in sorted(weighed):
        found = chosen(code)
        if found is not None:
            return found
    return ENGLISH


def of_request(headers: Mapping[str, str], asked: str | None = None) -> Language:
    """The language to answer in: ``asked`` (the switch's ``lang``), else the cookie's, else the
    browser's (``headers``: lower-case names)."""
    found = chosen(asked) or chosen(_cookie(headers.get("cookie", "")))
    return found or accepted(headers.get("accept-language", ""))


def _cookie(header: str) -> str | None:
    cookie: SimpleCookie = SimpleCookie()
    try:
        cookie.load(header)
    except CookieError:
        return None
    return cookie[COOKIE].value if COOKIE in cookie else None


def offered(current: Language) -> list[tuple[str, str, bool]]:
    """Every language there is a catalog for: its code, its name in itself, and whether it is
    ``current``."""
    from babel import Locale

    return [(code, (Locale.parse(code).get_display_name(code) or code).capitalize(), code == current.code)
            for code in available()]
