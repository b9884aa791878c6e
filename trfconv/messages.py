"""What trfconv says, in any language: a message is an English template with named arguments,
rendered in a language only by the face that shows it (the terminal, a document, the web page).

The library never translates: it says ``msg("round {n} has no result", n=4)`` where it finds
something, and keeps the :class:`Message`. A face renders it in the language it was asked for
(:meth:`Language.say`), so one computation serves every language: the web page renders the same
verdict in French for one request and in English for the next. An argument may itself be a
message, a number (a ``Fraction`` is written as :func:`~trfconv.numbers.short_text` writes it,
with the language's decimal sign), a date (ISO in English, as the language writes dates
elsewhere; ``{day:long}``: ``5 décembre 2026``) or a list (its items joined with ``, ``).

A :class:`Message` is also the ``str`` of its English text, made when it is made: English is the
default rendering, byte for byte what trfconv printed before messages were translated, and code
that reads a message as text (``d.message``, a test comparing it) keeps working. Code that
builds a new text from a message (``message + " …"``) gets English only: build a message instead.

Translations are gettext catalogs, one file a language in ``trfconv/locale/`` (``fr.po``, compiled
to ``fr.mo``; ``docs/development.md`` says how a message is written and a language added).
"""

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from .errors import UsageError
from .numbers import short_text

#: The gettext domain: ``trfconv/locale/<language>.mo``.
DOMAIN = "trfconv"
#: The environment variables that name the language, first found first (as gettext reads the
#: locale of messages); ``C`` and ``POSIX`` mean English.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class Message(str):
    """A text to say: an English ``template`` (``str.format`` fields named after ``args``) and
    its arguments; with ``plural``, the template for a count other than one (the count is the
    argument ``n``). The ``str`` is the English text. ``literal``: the template is not looked up
    in the catalogs (a joining of other messages, see :func:`joined`); ``fixed``: it is not
    formatted (a text read from data, see :func:`data`)."""

    # slots, not a dict each: a check of a month against the list makes 1,600,000 messages
    __slots__ = ("template", "args", "plural_form", "literal", "fixed", "one_line", "context")
    template: str
    args: dict[str, Any]
    plural_form: str | None
    literal: bool
    fixed: bool
    one_line: bool
    context: str | None

    def __new__(cls, template: str, args: Mapping[str, Any] | None = None, plural: str | None = None, *,
                literal: bool = False, fixed: bool = False, one_line: bool = False,
                context: str | None = None) -> Message:
        args = dict(args or {})
        chosen = template if plural is None or args.get("n") == 1 else plural
        english = chosen if fixed else _format(ENGLISH, chosen, args)
        return _made(cls, " ".join(english.split()) if one_line else english, template, args, plural, literal, fixed,
                     one_line, context)

    def render(self, lang: Language) -> str:
        """The message in ``lang`` (English: itself). A translation that cannot be filled (a
        field the English template has not) gives the English text, never an error."""
        if lang.english:
            return str.__str__(self)
        if self.literal:
            template = self.template
        elif self.context is not None:
            template = lang.translations.pgettext(self.context, self.template)
        elif self.plural_form is None:
            template = lang.translations.gettext(self.template)
        else:
            template = lang.translations.ngettext(self.template, self.plural_form, self.args.get("n", 0))
        try:
            text = template if self.fixed else _format(lang, template, self.args)
        except (KeyError, IndexError, ValueError):
            text = str.__str__(self)
        return " ".join(text.split()) if self.one_line else text

    def on_one_line(self) -> Message:
        """This message with its whitespace runs made one space in every language (a
        diagnostic is one line; an argument, a library's error text, may span several)."""
        if self.one_line:
            return self
        # the English text is this one's, on one line: not formatted again (a check of a month
        # against the list makes 700,000 diagnostics)
        english = str.__str__(self)
        if not (english.isprintable() and "  " not in english and english[:1] != " " and english[-1:] != " "):
            english = " ".join(english.split())  # else already one line: every blank but the space is unprintable
        return _made(Message, english, self.template, dict(self.args), self.plural_form, self.literal, self.fixed,
                     True, self.context)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # with its English: a worker's messages are not formatted again where they are unpickled
        return _made, (Message, str.__str__(self), self.template, self.args, self.plural_form, self.literal, self.fixed,
                       self.one_line, self.context)


def _made(cls: type[Message], english: str, template: str, args: dict[str, Any], plural: str | None,
          literal: bool, fixed: bool, one_line: bool, context: str | None) -> Message:
    """The message whose English is ``english`` (already formatted), its fields set."""
    self = str.__new__(cls, english)
    self.template, self.args, self.plural_form, self.literal, self.fixed, self.one_line, self.context = \
        template, args, plural, literal, fixed, one_line, context
    return self


def msg(template: str, /, **args: Any) -> Message:
    """The message ``template`` with its named ``args`` (the call every message is written with;
    the catalogs' extraction finds it by this name)."""
    # ``Message(template, args)``, without copying the arguments (``**args`` is a new dict) and,
    # for texts, whole numbers and messages, formatted as str.format writes them
    for value in args.values():
        if type(value) not in _AS_IS:
            return _made(Message, _format(ENGLISH, template, args), template, args, None, False, False, False, None)
    return _made(Message, template.format_map(args), template, args, None, False, False, False, None)


def pmsg(context: str, template: str, /, **args: Any) -> Message:
    """:func:`msg` for a text whose English says two things (``no``: the column of start numbers,
    and the answer): ``context`` tells the translator which."""
    return Message(template, args, context=context)


def plural(singular: str, plural: str, /, n: int, **args: Any) -> Message:
    """The message for ``n`` things: ``singular`` when ``n`` is one (in English; each language
    has its own rule), else ``plural``; ``{n}`` is the count."""
    return Message(singular, {"n": n, **args}, plural)


def data(english: str) -> Message:
    """A fixed English text read from data (a regulation's phrase in ``trfconv/rules/data``) as a
    message: said in a language whose catalog has it (the extraction lists the keys such texts
    are read from), never formatted."""
    return Message(english, fixed=True)


def joined(parts: Iterable[str], separator: str = "") -> Message:
    """``parts`` (messages or texts) one after another, ``separator`` (a text or a message)
    between them, in any language: for a sentence built from pieces that are each a message."""
    items: list[str] = []
    for part in parts:
        if items and separator:
            items.append(separator)
        items.append(part)
    names = [f"p{i}" for i in range(len(items))]
    return Message("".join("{" + n + "}" for n in names), dict(zip(names, items, strict=True)), literal=True)


_SHARED: dict[tuple[str, str], Message] = {}


def shared(text: str) -> str:
    """``text`` held once by the process (a month of many players writes the same sentences
    anew for each): :func:`sys.intern` for a plain text; for a message, the first one made with
    the same template and the same English."""
    if not isinstance(text, Message):
        return sys.intern(text)
    return _SHARED.setdefault((str(text), text.template), text)


class Language:
    """A language a face renders messages in: its code (``en``, ``fr``), its catalog, and how it
    writes numbers and dates (from Babel's locale data, read when first needed)."""

    def __init__(self, code: str, translations: gettext.NullTranslations):
        self.code = code
        self.translations = translations
        self.english = code == "en"

    def __repr__(self) -> str:
        return f"Language({self.code!r})"

    def say(self, text: object) -> str:
        """``text`` in this language: a message rendered; any other text as it is (a name, a
        code, or a text not yet written as a message)."""
        if isinstance(text, Message):
            return text.render(self)
        return "" if text is None else str(text)

    def text(self, english: str | None) -> str | None:
        """A fixed English text of a table (a diagnostic code's title, what to do) in this language."""
        if english is None or self.english:
            return english
        return self.translations.gettext(english)

    def number(self, text: str) -> str:
        """A number written with a decimal point (``7.5``, ``-12.40``) as this language writes
        it (``7,5``, ``-12,40``)."""
        if self.english:
            return text
        return text.replace(".", self._symbols[0])

    def date(self, day: date | str | None, *, long: bool = False) -> str | None:
        """A date as this language writes it: ``05/12/2026`` (English: ISO, ``2026-12-05``), with
        ``long`` ``5 décembre 2026``; a date that could not be read is shown as written."""
        if not isinstance(day, date):
            return day
        if self.english:
            return day.isoformat()
        from babel.dates import format_date, format_skeleton

        if not long:
            return format_skeleton("yMMdd", day, locale=self.code)
        text = format_date(day, "long", locale=self.code)
        if self.code == "fr" and day.day == 1:  # French writes the first of a month "1er"
            text = "1er" + text[1:]
        return text

    def value(self, value: object, spec: str = "") -> str:
        """One argument of a message in this language, with its format ``spec``."""
        if isinstance(value, Message):
            return format(value.render(self), spec)
        if isinstance(value, bool):
            return format(str(value), spec)
        if isinstance(value, int):
            text = format(value, spec)
            return text if self.english or "," not in spec else text.replace(",", self._symbols[1])
        if isinstance(value, Fraction | Decimal):
            return format(self.number(short_text(value) if isinstance(value, Fraction) else str(value)), spec)
        if isinstance(value, date):
            return format(self.date(value, long=spec == "long") or "", "" if spec == "long" else spec)
        if isinstance(value, list | tuple):
            return format(", ".join(self.value(v) for v in value), spec)
        return format(str(value), spec)

    @property
    def _symbols(self) -> tuple[str, str]:
        """The decimal sign and the thousands separator."""
        return _symbols(self.code)


@cache
def _symbols(code: str) -> tuple[str, str]:
    from babel.numbers import get_decimal_symbol, get_group_symbol

    return get_decimal_symbol(code), get_group_symbol(code)


class _Shown:
    """An argument as ``str.format`` meets it: formatted by the language with the field's spec."""

    __slots__ = ("lang", "value")

    def __init__(self, lang: Language, value: object) -> None:
        self.lang, self.value = lang, value

    def __format__(self, spec: str) -> str:
        return self.lang.value(self.value, spec)


def _format(lang: Language, template: str, args: dict[str, Any]) -> str:
    if lang.english:  # a text, a whole number or a message is formatted in English as str.format does
        return template.format_map({name: value if type(value) in _AS_IS else _Shown(lang, value)
                                    for name, value in args.items()})
    return template.format_map({name: _Shown(lang, value) for name, value in args.items()})


ENGLISH = Language("en", gettext.NullTranslations())
#: The arguments English formats as they are (``str.format`` writes them as the face would).
_AS_IS = frozenset((str, int, Message))
#: What separates the items of a list of clauses (``a; b``), as each language writes it.
SEMICOLON = msg("; ")


class UnknownLanguage(UsageError):
    """A language asked for that has no catalog."""


def catalogs() -> Traversable:
    """The folder of the compiled catalogs (``trfconv/locale``)."""
    return resources.files("trfconv") / "locale"


def available() -> tuple[str, ...]:
    """The languages there is a catalog for, English first."""
    folder = catalogs()
    found = sorted(p.name[:-3] for p in folder.iterdir() if p.name.endswith(".mo")) if folder.is_dir() else []
    return ("en", *found)


@cache
def language(code: str | None = None) -> Language:
    """The language named ``code`` (``fr``, ``fr_FR``, ``fr-CA``: the first part counts; None or
    ``en``: English). Raises :class:`UnknownLanguage` when there is no catalog for it."""
    base = (code or "en").replace("-", "_").split("_")[0].split(".")[0].lower()
    if base == "en":
        return ENGLISH
    if base not in available():
        raise UnknownLanguage(f"no catalog for {code!r}; the languages are {', '.join(available())}")
    with (catalogs() / f"{base}.mo").open("rb") as f:
        return Language(base, gettext.GNUTranslations(f))


def from_environment(environ: Mapping[str, str] | None = None) -> Language:
    """The language the environment's locale names (:data:`LOCALE_VARIABLES`, the first one set),
    when there is a catalog for it; else English (``C``, ``POSIX``, or a language without one)."""
    environ = os.environ if environ is None else environ
    name = next((environ[v] for v in LOCALE_VARIABLES if environ.get(v)), "")
    if name in ("", "C", "POSIX") or name.startswith("C."):
        return ENGLISH
    try:
        return language(name)
    except UnknownLanguage:
        return ENGLISH


def chosen(code: str | None, environ: Mapping[str, str] | None = None) -> Language:
    """The language a face renders in: ``code`` when given (``--lang``), else the environment's
    locale's, else English."""
    return language(code) if code else from_environment(environ)
