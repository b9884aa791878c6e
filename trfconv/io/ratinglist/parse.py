"""Reading FIDE rating list files as a stream: TXT in any published layout, XML, zipped or not.

A list has up to 1.93 million players (317 MB of TXT, 856 MB of XML), so nothing here holds a
whole file: it is read :data:`CHUNK` bytes at a time and yields the players a chunk at a time,
each as one *stored line* that the store keeps as it is, indexes by FIDE ID and name (SQL
expressions on the ID and name columns) and reads back with :func:`Reader.values`:

- a TXT line of the header's exact width (nearly all of them) is stored verbatim;
- any other line (an other-titles column that overflows, non-ASCII letters, a line shorter than
  the header) and every XML player is stored as its ID and name in the layout's ID and name
  columns, then :data:`SEP` and every value joined by :data:`SEP`.

Everything is checked before it is stored, and the first problem stops the import with its line
number (:class:`ListError`): a number column holding something else than a number, a missing
ID, a truncated last line, an overlong line, a control character, a blank line inside the list.
Lines of the exact width are checked a chunk at a time, column by column, on the bytes
(:func:`_grid`), which keeps a 1.93-million-line import within seconds.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ...diagnostics import Diagnostic, diagnostic
from ...list_entry import KINDS
from ..files import InputError, open_regular
from .layouts import NUMERIC, Column, HeaderError, Layout, layout, month_code
from ...messages import msg

#: Bytes read at a time.
CHUNK = 1 << 20
#: The longest line accepted (a list line is 162 characters).
MAX_LINE = 4096
#: Separator of the values of a stored line that is not a verbatim list line.
SEP = "\x1f"
#: A zip holding more entries, or a member larger or more compressed than this, is refused
#: (the combined XML is 856 MB, about 17 times its compressed size).
MAX_MEMBERS = 16
MAX_MEMBER_BYTES = 2 << 30
MAX_RATIO = 200

_CONTROL = re.compile(rb"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f]")
#: A control character in a value (C0, DEL, C1): refused in every list, TXT or XML (a terminal
#: takes them as commands, and U+001F is the stored lines' separator).
_CONTROL_TEXT = re.compile("[\x00-\x1f\x7f-\x9f]")
#: What a line of printable ASCII is made of; ``data.translate(None, _PRINTABLE)`` is the rest.
_PRINTABLE = bytes(range(0x20, 0x7f)) + b"\r\n"
#: Byte classes for :func:`_grid`: blank 0, ``0`` 1, ``1``-``9`` 3, anything else 4.
_CLASSES = bytes(0 if c == 0x20 else 1 if c == 0x30 else 3 if 0x31 <= c <= 0x39 else 4 for c in range(256))
#: Month in a file name: FIDE's archives ``standard_oct26frl.zip``, or ``2026-10`` / ``202610``.
_NAME_MONTH = (re.compile(r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d\d)frl", re.IGNORECASE),
               re.compile(r"(?<!\d)(20\d\d)-?(0[1-9]|1[0-2])(?!\d)"))
_NAME_KIND = re.compile(r"(standard|rapid|blitz)", re.IGNORECASE)

#: XML element -> field (``players_list_xml_foa.xml`` of FIDE's download page). In a single-type XML list the
#: rating, games and K are those of the list's kind; in the combined one, standard's.
_XML_FIELDS = {
    "fideid": "fide_id", "name": "name", "country": "federation", "sex": "sex", "title": "title",
    "w_title": "women_title", "o_title": "other_titles", "foa_title": "foa_title",
    "rating": "rating", "games": "games", "k": "k",
    "rapid_rating": "rapid_rating", "rapid_games": "rapid_games", "rapid_k": "rapid_k",
    "blitz_rating": "blitz_rating", "blitz_games": "blitz_games", "blitz_k": "blitz_k",
    "birthday": "birth_year", "flag": "flag",
}
_XML_COMBINED = {"rating": "standard_rating", "games": "standard_games", "k": "standard_k"}
#: The ID and name columns of the stored lines of an XML list (those of the TXT lists).
XML_LAYOUT = Layout("", (Column("fide_id", 0, 15), Column("name", 15, 76)), None)


class ListError(InputError):
    """The file cannot be imported; ``diagnostic`` says where and why."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic


@dataclass(frozen=True)
class Reader:
    """How to read the stored lines of one source: its layout (ID and name columns, and the
    other columns of verbatim lines) and the fields of a joined line, in order."""

    layout: Layout
    fields: tuple[str, ...]

    def values(self, line: str) -> dict[str, str]:
        if SEP in line:
            # strict=False: a line stored by an earlier trfconv may hold U+001F in a value (Store._values says so)
            return dict(zip(self.fields, line.split(SEP)[1:], strict=False))
        return self.layout.fields(line)

    def joined(self, values: list[str]) -> str:
        """The stored line of ``values`` (one per field, in order): ID and name in their
        columns (the name cut to its width there: the full one is among the values), then
        every value. The ID is the first field, the name the second."""
        fide_id, name = self.layout.columns[:2]
        width = name.end - name.start
        return values[0].ljust(fide_id.end - fide_id.start) + values[1][:width].ljust(width) + SEP + SEP.join(values)


@dataclass
class ListFile:
    """An open list file: what its header says and how to read its players.

    ``name`` is the file name (``players_list.zip:players_list_foa.txt`` for a zip member),
    ``reader`` how its stored lines read, ``month`` the month the header names, ``kinds`` the
    rates of play when the file says them (combined lists), ``size`` the bytes to read (for a
    progress bar), ``ending`` the TXT header's line ending. ``players`` and ``rated`` (players
    with a rating other than 0, per rating field) are counted while reading."""

    path: str
    name: str
    reader: Reader
    xml: bool
    month: str | None
    kinds: tuple[str, ...] | None
    size: int
    stream: io.BufferedIOBase
    ending: str = ""
    encoding: str = "utf-8"  #: of an XML list (its prolog's)
    players: int = 0
    rated: dict[str, int] = field(default_factory=dict)

    @property
    def description(self) -> str:
        if self.xml:
            return "combined XML" if self.kinds else "single-type XML"
        return self.reader.layout.name

    def error(self, code: str, message: str, line: int | None = None, column: int | None = None) -> ListError:
        return ListError(diagnostic(code, message, path=self.path, line=line, column=column))

    def lines(self, progress: Callable[[int], None] | None = None) -> Iterator[list[str]]:
        """The stored lines, a chunk at a time, in file order; ``progress(bytes_read)`` after
        each chunk."""
        for name in self.reader.fields:
            if name.endswith("rating"):
                self.rated[name] = 0
        return _xml_lines(self, progress) if self.xml else _TxtReader(self, progress).lines()


def month_from_name(name: str) -> str | None:
    """The month a file name gives: FIDE's archives ``standard_oct26frl.zip`` -> ``2026-10``,
    or a ``2026-10`` / ``202610`` in the name; None when it gives none."""
    base = os.path.basename(name)
    match = _NAME_MONTH[0].search(base)
    if match:
        return month_code(match.group(1) + match.group(2))
    match = _NAME_MONTH[1].search(base)
    return f"{match.group(1)}-{match.group(2)}" if match else None


def kind_from_name(name: str) -> str | None:
    """``standard``, ``rapid`` or ``blitz`` when the file name says it (``rapid_rating_list.zip``,
    ``blitz_oct26frl.zip``), else None."""
    match = _NAME_KIND.search(os.path.basename(name))
    return match.group(1).lower() if match else None


def open_list_file(path: str | os.PathLike) -> ListFile:
    """Open a list file (TXT or XML, or a zip holding one) and read its header. Raises
    :class:`ListError` when it cannot be read or is not a FIDE list."""
    path = str(path)
    try:
        raw = open_regular(path, buffering=CHUNK)
    except InputError as err:  # a device or a FIFO is refused at once: it may never end, or block
        raise ListError(diagnostic("IO001", msg("cannot read: {why}", why=err.args[0]), path=path)) from None
    try:
        if zipfile.is_zipfile(raw):
            raw.seek(0)
            stream, name, size = _zip_member(raw, path)
        else:
            raw.seek(0)
            stream, name, size = raw, os.path.basename(path), os.fstat(raw.fileno()).st_size
        return _header(stream, path, name, size)
    except BaseException:
        raw.close()
        raise


def _zip_member(raw, path: str) -> tuple[io.BufferedIOBase, str, int]:
    """The one list inside a zip, opened for streaming, after the checks that keep a zip bomb
    out (number of entries, declared size, compression ratio; zipfile never inflates more than
    the declared size and checks the CRC at the end)."""
    def refuse(message: str) -> ListError:
        return ListError(diagnostic("LST032", message, path=path))

    try:
        archive = zipfile.ZipFile(raw)
        entries = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as err:
        raise refuse(msg("damaged zip archive: {err}", err=err)) from None
    if len(entries) > MAX_MEMBERS:
        raise refuse(msg("the archive holds {count} entries; a rating list zip holds one file", count=len(entries)))
    lists = [e for e in entries if not e.is_dir() and e.filename.lower().endswith((".txt", ".xml"))]
    if len(lists) != 1:
        raise refuse(msg("the archive holds {count} .txt or .xml files; expected exactly one list", count=len(lists)))
    (entry,) = lists
    if entry.file_size > MAX_MEMBER_BYTES or entry.file_size > MAX_RATIO * max(entry.compress_size, 1):
        raise refuse(msg("{filename} would inflate to {file_size:,} bytes from {compress_size:,}; refused (more than "
                         "{max_member_bytes:,} bytes or {max_ratio} times its compressed size)",
                         filename=entry.filename, file_size=entry.file_size, compress_size=entry.compress_size,
                         max_member_bytes=MAX_MEMBER_BYTES, max_ratio=MAX_RATIO))
    try:
        member = archive.open(entry)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError) as err:
        raise refuse(msg("cannot open {filename}: {err}", filename=entry.filename, err=err)) from None
    return member, f"{os.path.basename(path)}:{entry.filename}", entry.file_size


def _damaged_zip(path: str, err: Exception) -> ListError:
    return ListError(diagnostic("LST032", msg("damaged zip archive: {err}", err=err), path=path))


def _header(stream, path: str, name: str, size: int) -> ListFile:
    try:
        head = stream.peek(MAX_LINE)[:MAX_LINE]
        if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
            return _xml_source(stream, path, name, size)
        first = stream.readline(MAX_LINE + 2)
    except (zipfile.BadZipFile, OSError, EOFError) as err:
        raise _damaged_zip(path, err) from None
    text = first.rstrip(b"\r\n")
    if not text:
        raise ListError(diagnostic("LST030", msg("no header line"), path=path, line=1))
    try:
        header = layout(text.decode("ascii"))
    except UnicodeDecodeError:
        raise ListError(diagnostic("LST030", msg("the first line is not a FIDE list header (not ASCII)"),
                                   path=path, line=1)) from None
    except HeaderError as err:
        raise ListError(diagnostic("LST030", msg("the first line is not a FIDE list header: {err}", err=err.args[0]),
                                   path=path, line=1, column=err.column)) from None
    reader = Reader(header, tuple(c.field for c in header.columns))
    return ListFile(path, name, reader, False, header.month, KINDS if header.combined else None, size, stream,
                  first[len(text):].decode("ascii"))


class _TxtReader:
    """The stored lines of a TXT list (see the module docstring)."""

    def __init__(self, source: ListFile, progress):
        self.source, self.progress = source, progress
        self.layout = source.reader.layout
        self.length = self.layout.width + len(source.ending)
        self.line = 2  # the number of the next line to read
        self.blank: int | None = None  # a blank line seen: allowed only at the end of the file
        self.numeric = [c for c in self.layout.columns if c.field in NUMERIC]

    def lines(self) -> Iterator[list[str]]:
        stream, done, carry = self.source.stream, 0, b""
        while True:
            try:
                chunk = stream.read(CHUNK)
            except (zipfile.BadZipFile, OSError, EOFError) as err:
                raise _damaged_zip(self.source.path, err) from None
            if not chunk:
                break
            done += len(chunk)
            buffer = carry + chunk
            cut = buffer.rfind(b"\n") + 1
            data, carry = buffer[:cut], buffer[cut:]
            if len(carry) > MAX_LINE:
                raise self.source.error("LST031", msg("line longer than {max_line:,} characters", max_line=MAX_LINE),
                                        self.line + data.count(b"\n"))
            if data:
                yield self._chunk(data)
            if self.progress:
                self.progress(done)
        if carry:  # the last line has no line ending, as when a file is cut
            yield self._one_by_one([carry], final=True)

    def _chunk(self, data: bytes) -> list[str]:
        count, rest = divmod(len(data), self.length)
        regular = (not rest and data[self.length - 1::self.length] == b"\n" * count
                   and (self.length == self.layout.width + 1 or data[self.length - 2::self.length] == b"\r" * count)
                   and not data.translate(None, _PRINTABLE))
        if not regular:
            return self._one_by_one(data.split(b"\n")[:-1])
        if self.blank is not None:
            raise self.source.error("LST031", msg("blank line inside the list"), self.blank)
        bad = _grid(data, count, self.length, self.numeric, self.source.rated)
        if bad is not None:  # read that line alone, to name the column
            self._one_by_one(data.split(b"\n")[bad:bad + 1], first=self.line + bad)
            raise self.source.error("LST031", msg("a number column holds something else than a number"), self.line + bad)
        # split at the line ending the check above found, so that no line keeps a "\r" (as one
        # read alone does not)
        lines = data.decode("ascii").split("\n" if self.length == self.layout.width + 1 else "\r\n")
        lines.pop()
        self.line += count
        self.source.players += count
        return lines

    def _one_by_one(self, lines: list[bytes], *, final: bool = False, first: int | None = None) -> list[str]:
        """Stored lines of lines read one at a time (lines of another width, non-ASCII...)."""
        out = []
        number = self.line if first is None else first
        last_column = self.layout.columns[-1]
        for raw in lines:
            raw = raw.rstrip(b"\r")
            if len(raw) > MAX_LINE:
                raise self.source.error("LST031", msg("line longer than {max_line:,} characters", max_line=MAX_LINE), number)
            control = _CONTROL.search(raw)
            if control:
                raise self.source.error("LST031", msg("control character in the line"), number, control.start() + 1)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as err:
                raise self.source.error("LST031", msg("bytes that are not UTF-8"), number, err.start + 1) from None
            control = _CONTROL_TEXT.search(text)  # C1, written in UTF-8
            if control:
                raise self.source.error("LST031", msg("control character in the line"), number, control.start() + 1)
            if not text.strip():
                self.blank = number if self.blank is None else self.blank
                number += 1
                continue
            if self.blank is not None:
                raise self.source.error("LST031", msg("blank line inside the list"), self.blank)
            if final and len(text) < last_column.start:
                raise self.source.error("LST031", msg("the last line stops at column {count}, before the {field} "
                                                      "column at {start}: the file is truncated",
                                                      count=len(text), field=last_column.field, start=last_column.start + 1), number, len(text) + 1)
            values = self._values(text, number)
            out.append(text if len(text) == self.layout.width and text.isascii()
                       else self.source.reader.joined([values[f] for f in self.source.reader.fields]))
            number += 1
        if first is None:
            self.source.players += len(out)
            self.line = number
        return out

    def _values(self, text: str, number: int) -> dict[str, str]:
        try:
            values = self.layout.fields(text)
        except ValueError as err:
            raise self.source.error("LST031", err.args[0], number) from None
        birth = self.layout.by_field.get("birth_year")
        if birth is not None and len(text.rstrip()) <= birth.start:
            raise self.source.error("LST031", msg("the line stops at column {count}, before the birth year column at "
                                                  "{start}", count=len(text.rstrip()), start=birth.start + 1), number)
        for column in self.numeric:
            if not _number(values[column.field], column.field):
                raise self.source.error("LST031", msg("{field} is not a number: {value}",
                                                      field=column.field.replace("_", " "),
                                                      value=repr(values[column.field])), number, column.start + 1)
        _count(self.source.rated, values)
        return values


def _number(value: str, field_name: str) -> bool:
    """Whether ``value`` is a valid value of a number column (blank is, except for the ID)."""
    return value.isascii() and value.isdigit() if value or field_name == "fide_id" else True


def _count(rated: dict[str, int], values: dict[str, str]) -> None:
    for name in rated:
        if values[name].strip("0"):
            rated[name] += 1


def _grid(data: bytes, count: int, length: int, numeric: list[Column], rated: dict[str, int]) -> int | None:
    """Check the number columns of ``count`` lines of ``length`` bytes at once, a byte column at
    a time (``data[p::length]`` is byte ``p`` of every line, read as :data:`_CLASSES`): only
    digits and blanks, the digits of a value side by side, a digit in the FIDE ID; and count
    the lines whose rating is not 0 into ``rated``. Returns the index of the first bad line, or
    None. Each test is one operation on a whole byte column (as an int, a byte per line)."""
    ones = int.from_bytes(b"\x01" * count, "big")
    bad: list[int] = []
    for column in numeric:
        runs = previous = seen = nonzero = 0
        for p in range(column.start, column.end):
            byte_column = data[p::length].translate(_CLASSES)
            if byte_column.find(4) >= 0:
                bad.append(byte_column.find(4))
                break
            value = int.from_bytes(byte_column, "big")
            digits = value & ones
            runs += digits & (previous ^ ones)  # a digit after a blank (or first): a run starts
            previous = digits
            seen |= digits
            nonzero |= value >> 1 & ones
        else:
            starts = runs.to_bytes(count, "big")
            if starts.translate(None, b"\x00\x01"):  # a line with two runs of digits
                bad.append(next(i for i, n in enumerate(starts) if n > 1))
            if column.field == "fide_id" and seen != ones:
                bad.append(seen.to_bytes(count, "big").find(0))
            if column.field in rated:
                rated[column.field] += nonzero.to_bytes(count, "big").count(1)
    return min(bad) if bad else None


# -- XML ----------------------------------------------------------------------------------------
#
# The list is read in blocks of whole <player> elements (cut after the last "</player>" of each
# chunk), so memory stays bounded whatever the size. A block whose players all have the exact
# flat shape of the first player (the same elements in the same order, digits in number
# elements, no markup, entity or comment in values) is read by one regular expression; any
# other block is parsed by lxml with the safe settings of the tournament XML reader (no DTD, no
# entity resolution, no network, libxml2's size limits), and a block that is not well-formed is
# an error with its line. The expression takes only what XML allows (XML whitespace between
# elements; in values no markup, no control character, no U+FFFE/U+FFFF, no ``]]>``) and a
# stored line within :data:`MAX_LINE`; anything else goes to lxml. What comes before the first
# player (the declaration, comments, ``<playerslist>``) and after the last is checked by lxml
# too. Both paths give the same stored lines and refuse the same lists, and refuse every list
# lxml finds not well-formed (tests hold them to it, over thousands of mutated lists).

_DECLARATION = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_FIRST_ELEMENT = re.compile(rb"<([A-Za-z_][\w.:-]*)")
_PROLOG_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_HEAD = re.compile(r"\s*(?:<\?xml[^>]*\?>)?(?:\s*<!--.*?-->)*\s*<playerslist(?:\s[^>]*)?>", re.S)
_TAIL = re.compile(r"\s*</playerslist>(?:\s*<!--.*?-->)*\s*", re.S)
#: The XML declaration (XML 1.0 §2.8), at the very start (after a byte-order mark).
_DECLARATION_LINE = re.compile(r"\ufeff?<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(['\"])1\.[0-9]+\1"
                               r"(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(['\"])[A-Za-z][A-Za-z0-9._-]*\2)?"
                               r"(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(['\"])(?:yes|no)\3)?[ \t\r\n]*\?>")
#: A value of a flat player, as the expression takes it: what XML allows, no control character.
_FLAT_VALUE = "([^<&\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]*)"
_XML_SPACE = "[ \t\r\n]*"
_END = b"</player>"


def _xml_source(stream, path: str, name: str, size: int) -> ListFile:
    """An XML list: ``<playerslist>`` holding ``<player>`` elements. A document that declares a
    DTD or entities is refused (entity expansion, external access), as by the tournament XML
    reader."""
    head = stream.peek(CHUNK)[:CHUNK]
    root = _FIRST_ELEMENT.search(head)
    declared = _DECLARATION.search(head, 0, root.start() if root else len(head))
    if declared:
        raise ListError(diagnostic("XML002", msg("the document declares <!{upper} …>; DTDs and entities are refused",
                                                 upper=declared.group(1).decode().upper()), path=path,
                                   line=head.count(b"\n", 0, declared.start()) + 1))
    if root is None or root.group(1) != b"playerslist":
        found = f"<{root.group(1).decode('ascii', 'replace')}>" if root else msg("no element")
        raise ListError(diagnostic("LST030", msg("not a FIDE XML list: the root is {found}, not <playerslist>",
                                                 found=found),
                                   path=path, line=1))
    declared_encoding = _PROLOG_ENCODING.match(head)
    encoding = declared_encoding.group(1).decode("ascii").lower() if declared_encoding else "utf-8"
    try:
        "".encode(encoding)
    except LookupError:
        raise ListError(diagnostic("LST030", msg("unknown encoding {encoding} declared", encoding=repr(encoding)), path=path, line=1)) from None
    kinds = KINDS if re.search(rb"<(rapid|blitz)_rating\b", head) else None
    fields = tuple(_XML_COMBINED.get(tag, f) if kinds else f for tag, f in _XML_FIELDS.items())
    return ListFile(path, name, Reader(XML_LAYOUT, fields), True, None, kinds, size, stream, encoding=encoding)


def _xml_lines(source: ListFile, progress) -> Iterator[list[str]]:
    """The stored lines of an XML list, a block of whole players at a time."""
    reader = _XmlBlocks(source)
    done, carry, line = 0, b"", 1
    while True:
        try:
            chunk = source.stream.read(CHUNK)
        except (zipfile.BadZipFile, OSError, EOFError) as err:
            raise _damaged_zip(source.path, err) from None
        if not chunk:
            break
        done += len(chunk)
        buffer = carry + chunk
        cut = buffer.rfind(_END) + len(_END)
        if cut < len(_END):
            carry = buffer
            if len(carry) > 4 * CHUNK:
                raise source.error("LST031", msg("no </player> in {count:,} bytes", count=len(carry)), line)
            continue
        block, carry = buffer[:cut], buffer[cut:]
        lines = reader.block(block, line)
        line += block.count(b"\n")
        source.players += len(lines)
        yield lines
        if progress:
            progress(done)
    reader.end(carry, line)


class _XmlBlocks:
    """Reads the blocks of one XML list (see the section comment)."""

    def __init__(self, source: ListFile):
        self.source = source
        self.first = True
        self.shape: re.Pattern | None = None
        self.order: list[int] = []  # for each field of the reader, its group in the shape, or -1
        self.ratings: list[tuple[str, int]] = []  # rating fields counted, and their groups

    def block(self, data: bytes, line: int) -> list[str]:
        try:
            text = data.decode(self.source.encoding)
        except UnicodeDecodeError as err:
            raise self.source.error("LST031", msg("bytes that are not {encoding}", encoding=self.source.encoding),
                                    line + data.count(b"\n", 0, err.start)) from None
        if self.first:
            head = _HEAD.match(text)
            if head is None:
                raise self.source.error("XML001", msg("not well-formed XML: the document does not start with "
                                                      "<playerslist>"), line)
            self._well_formed_head(text[:head.end()], line)
            line += text.count("\n", 0, head.end())
            text = text[head.end():]
            self._learn(text)
            self.first = False
        lines = self._fast(text) if self.shape is not None else None
        return lines if lines is not None else self._parsed(text, line)

    def end(self, rest: bytes, line: int) -> None:
        try:
            text = rest.decode(self.source.encoding)
        except UnicodeDecodeError as err:
            raise self.source.error("LST031", msg("bytes that are not {encoding}", encoding=self.source.encoding),
                                    line + rest.count(b"\n", 0, err.start)) from None
        head = _HEAD.match(text) if self.first else None
        if self.first and head:  # a list without any player (the store refuses it)
            self._well_formed_head(text[:head.end()], line)
            text = text[head.end():]
        if not _TAIL.fullmatch(text):
            raise self.source.error("XML001", msg("not well-formed XML: the list does not end with </playerslist> "
                                                  "after its last <player>"), line + text.count("\n", 0, len(text)))
        self._well_formed("<playerslist>" + text, line, "after the last <player>")

    def _well_formed_head(self, head: str, line: int) -> None:
        """What comes before the first player, checked by lxml: the declaration by its grammar,
        the rest (comments, the root's start tag) closed by ``</playerslist>``."""
        declaration = _DECLARATION_LINE.match(head)
        if head.lstrip("\ufeff").startswith("<?xml") and declaration is None:
            raise self.source.error("XML001", msg("not well-formed XML: the XML declaration"), line)
        self._well_formed(head[declaration.end() if declaration else 0:] + "</playerslist>", line,
                          "before the first <player>")

    def _well_formed(self, text: str, line: int, where: str) -> None:
        from lxml import etree

        from ..xml_safe import parser

        try:
            etree.fromstring(text.encode("utf-8"), parser())
        except etree.XMLSyntaxError as err:
            raise self.source.error("XML001", msg("not well-formed XML {where}: {msg}", where=where, msg=err.msg),
                                    line + (err.position[0] - 1 if err.position else 0)) from None

    def _learn(self, text: str) -> None:
        """The shape of the first player, when it is a flat list of known elements."""
        first = re.match(r"\s*<player>(.*?)</player>", text, re.S)
        tags = re.findall(r"<([A-Za-z_][\w.-]*)", first.group(1)) if first else []
        if len(set(tags)) != len(tags) or not {"fideid", "name"} <= set(tags) <= set(_XML_FIELDS):
            return
        fields = dict(zip(_XML_FIELDS, self.source.reader.fields, strict=True))
        parts = []
        for tag in tags:
            value = r"([0-9]{1,15})" if tag == "fideid" else r"([0-9]{0,9})" if fields[tag] in NUMERIC else _FLAT_VALUE
            parts.append(rf"(?:<{tag}>{value}</{tag}>|<{tag}{_XML_SPACE}/>)")
        self.shape = re.compile(f"{_XML_SPACE}<player>{_XML_SPACE}" + _XML_SPACE.join(parts)
                                + f"{_XML_SPACE}</player>")
        group = {fields[tag]: i for i, tag in enumerate(tags)}
        self.order = [group.get(f, -1) for f in self.source.reader.fields]
        self.ratings = [(name, group[name]) for name in self.source.rated if name in group]

    def _fast(self, text: str) -> list[str] | None:
        """The block's stored lines when every player has the first one's shape, else None."""
        if "]]>" in text:
            return None  # not allowed in XML text: lxml says where
        out = []
        position = 0
        rated = dict.fromkeys(self.source.rated, 0)  # added to the source's once the block is read
        joined = self.source.reader.joined
        for match in self.shape.finditer(text):
            if match.start() != position:
                return None
            position = match.end()
            groups = [g.strip() if g else "" for g in match.groups()]
            values = [groups[i] if i >= 0 else "" for i in self.order]
            if not values[0]:
                return None  # an empty <fideid/>: the careful reader says where
            stored = joined(values)
            if len(stored) > MAX_LINE:
                return None
            for rating, group in self.ratings:
                if groups[group].strip("0"):
                    rated[rating] += 1
            out.append(stored)
        if text[position:].strip(" \t\r\n"):
            return None
        for rating, count in rated.items():
            self.source.rated[rating] += count
        return out

    def _parsed(self, text: str, line: int) -> list[str]:
        """The block's stored lines, parsed by lxml (any shape; errors with their line)."""
        from lxml import etree

        from ..xml_safe import parser

        try:
            root = etree.fromstring(("<playerslist>" + text + "</playerslist>").encode("utf-8"), parser())
        except etree.XMLSyntaxError as err:
            where, column = err.position if err.position else (1, None)
            raise ListError(diagnostic("XML001", msg("not well-formed XML: {msg}", msg=err.msg), path=self.source.path,
                                       line=line + where - 1, column=column)) from None
        tags = dict(zip(_XML_FIELDS, self.source.reader.fields, strict=True))
        numeric = [f for f in self.source.reader.fields if f in NUMERIC]
        out = []
        for element in root:
            where = line + element.sourceline - 1
            if element.tag != "player":
                raise self.source.error("LST031", msg("<{tag}> where a <player> was expected", tag=element.tag), where)
            values = dict.fromkeys(self.source.reader.fields, "")
            for child in element:
                if child.tag in tags:
                    values[tags[child.tag]] = (child.text or "").strip()
                    control = _CONTROL_TEXT.search(values[tags[child.tag]])
                    if control:
                        raise self.source.error("LST031", msg("control character U+{code:04X} in <{tag}>",
                                                              code=ord(control.group()), tag=child.tag), where)
            for name in numeric:
                if not _number(values[name], name) or len(values[name]) > (15 if name == "fide_id" else 9):
                    raise self.source.error("LST031", msg("<player> {field} is not a number: {value}",
                                                          field=name.replace("_", " "), value=repr(values[name][:40])),
                                            where)
            stored = self.source.reader.joined([values[f] for f in self.source.reader.fields])
            if len(stored) > MAX_LINE:
                raise self.source.error("LST031", msg("<player> longer than {max_line:,} characters",
                                                      max_line=MAX_LINE), where)
            _count(self.source.rated, values)
            out.append(stored)
        return out
