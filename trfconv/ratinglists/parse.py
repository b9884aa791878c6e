"""Reading FIDE rating list files as a stream: TXT in any published layout, XML, zipped or not.

A list has up to 1.93 million players (317 MB of TXT, 856 MB of XML), so nothing here holds a
whole file: the file is read in chunks of :data:`CHUNK` bytes and yields :class:`Batch` es of
rows for the store. Each row is the FIDE ID, the name and a *record* with the rest, which the
store keeps as it is and which :func:`record_fields` reads back when a player is looked up:

- for a TXT line of the header's exact width (nearly all of them), the record is the line's
  columns after the name, verbatim;
- for any other line (one whose other-titles column overflows, one shorter than the header, one
  with non-ASCII letters) and for XML players, it is the values of :func:`Source.fields`
  joined by :data:`SEP`.

Everything in a line is checked before it is stored, and the first problem stops the import
with its line number (:class:`ListError`): a number column that holds something else than a
number, a missing ID, a truncated last line, an overlong line, a control character. Lines of
the exact width are checked a chunk at a time, column by column, on the bytes (:func:`_grid`):
that keeps a 1.93-million-line import within seconds.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from operator import itemgetter

from ..diagnostics import Diagnostic, diagnostic
from .entry import KINDS
from .layouts import NUMERIC, HeaderError, Layout, layout, month_code

#: Bytes read at a time.
CHUNK = 1 << 20
#: The longest line accepted (a list line is 162 characters).
MAX_LINE = 4096
#: Separator of a record's values when it is not a verbatim fixed-width tail.
SEP = "\x1f"
#: A zip holding more entries, or a member larger or more compressed than this, is refused
#: (the combined XML is 856 MB, about 17 times its compressed size).
MAX_MEMBERS = 16
MAX_MEMBER_BYTES = 2 << 30
MAX_RATIO = 200

_CONTROL = re.compile(rb"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f]")
_DIGITS = b"0123456789"
_TO_DIGIT = bytes(1 if c in _DIGITS else 0 for c in range(256))
_TO_NONZERO = bytes(1 if c in b"123456789" else 0 for c in range(256))
#: Month in a file name: FIDE's archives ``standard_oct26frl.zip``, or ``2026-10`` / ``202610``.
_NAME_MONTH = (re.compile(r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d\d)frl", re.IGNORECASE),
               re.compile(r"(?<!\d)(20\d\d)-?(0[1-9]|1[0-2])(?!\d)"))
_NAME_KIND = re.compile(r"(standard|rapid|blitz)", re.IGNORECASE)

#: XML element -> field (docs/rating-regulations.md §5.3). In a single-type XML list the
#: rating, games and K are those of the list's kind.
_XML_FIELDS = {
    "fideid": "fide_id", "name": "name", "country": "federation", "sex": "sex", "title": "title",
    "w_title": "women_title", "o_title": "other_titles", "foa_title": "foa_title",
    "rating": "rating", "games": "games", "k": "k",
    "rapid_rating": "rapid_rating", "rapid_games": "rapid_games", "rapid_k": "rapid_k",
    "blitz_rating": "blitz_rating", "blitz_games": "blitz_games", "blitz_k": "blitz_k",
    "birthday": "birth_year", "flag": "flag",
}
_XML_COMBINED = {"rating": "standard_rating", "games": "standard_games", "k": "standard_k"}


class ListError(Exception):
    """The file cannot be imported; ``diagnostic`` says where and why."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic


@dataclass
class Batch:
    """Rows in file order: FIDE IDs (text of digits, converted by the store's INTEGER column
    or already int), names, records."""

    ids: list
    names: list[str]
    records: list[str]


@dataclass
class Source:
    """An open list file: what its header says and how to read its rows.

    ``name`` is the file name (``players_list.zip:players_list_foa.txt`` for a zip member),
    ``layout`` the TXT layout (None for XML), ``fields`` the fields of a joined record, in
    order, ``month`` the month the header names, ``kinds`` the rates of play when the file says
    them (combined lists), ``size`` the bytes to read (for a progress bar). ``players`` and
    ``rated`` (per field ``rating`` / ``standard_rating``...) are counted while reading."""

    path: str
    name: str
    layout: Layout | None
    fields: tuple[str, ...]
    month: str | None
    kinds: tuple[str, ...] | None
    size: int
    stream: io.BufferedIOBase
    ending: str = ""  #: the TXT header's line ending, which every line has
    players: int = 0
    rated: dict[str, int] = field(default_factory=dict)

    @property
    def description(self) -> str:
        return self.layout.name if self.layout else ("combined XML" if self.kinds else "single-type XML")

    def error(self, code: str, message: str, line: int | None = None, column: int | None = None) -> ListError:
        return ListError(diagnostic(code, message, path=self.path, line=line, column=column))

    def batches(self, progress: Callable[[int], None] | None = None) -> Iterator[Batch]:
        """The rows, a chunk at a time; ``progress(bytes_read)`` after each chunk."""
        if self.layout is None:
            return _xml_batches(self, progress)
        return _TxtReader(self, progress).batches()


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


def open_source(path: str | os.PathLike) -> Source:
    """Open a list file (TXT or XML, or a zip holding one) and read its header. Raises
    :class:`ListError` when it cannot be read or is not a FIDE list."""
    path = str(path)
    try:
        raw = open(path, "rb", buffering=CHUNK)
    except OSError as err:
        raise ListError(diagnostic("IO001", f"cannot read: {err.strerror or err}", path=path)) from None
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
        raise refuse(f"damaged zip archive: {err}") from None
    if len(entries) > MAX_MEMBERS:
        raise refuse(f"the archive holds {len(entries)} entries; a rating list zip holds one file")
    lists = [e for e in entries if not e.is_dir() and e.filename.lower().endswith((".txt", ".xml"))]
    if len(lists) != 1:
        raise refuse(f"the archive holds {len(lists)} .txt or .xml files; expected exactly one list")
    (entry,) = lists
    if entry.file_size > MAX_MEMBER_BYTES or entry.file_size > MAX_RATIO * max(entry.compress_size, 1):
        raise refuse(f"{entry.filename} would inflate to {entry.file_size:,} bytes from {entry.compress_size:,}; "
                     f"refused (more than {MAX_MEMBER_BYTES:,} bytes or {MAX_RATIO} times its compressed size)")
    try:
        member = archive.open(entry)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError) as err:
        raise refuse(f"cannot open {entry.filename}: {err}") from None
    return member, f"{os.path.basename(path)}:{entry.filename}", entry.file_size


def _header(stream, path: str, name: str, size: int) -> Source:
    try:
        head = stream.peek(MAX_LINE)[:MAX_LINE] if hasattr(stream, "peek") else b""
    except (zipfile.BadZipFile, OSError, EOFError) as err:
        raise ListError(diagnostic("LST032", f"damaged zip archive: {err}", path=path)) from None
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if stripped.startswith(b"<"):
        return _xml_source(stream, path, name, size)
    first = _read_line(stream, path, 1)
    text = first.rstrip(b"\r\n")
    if not text:
        raise ListError(diagnostic("LST030", "empty file: no header line", path=path, line=1))
    try:
        header = layout(text.decode("ascii"))
    except UnicodeDecodeError:
        raise ListError(diagnostic("LST030", "the first line is not a FIDE list header (not ASCII)",
                                   path=path, line=1)) from None
    except HeaderError as err:
        raise ListError(diagnostic("LST030", f"the first line is not a FIDE list header: {err}",
                                   path=path, line=1, column=err.column)) from None
    tail_fields = tuple(c.field for c in header.columns[2:])
    return Source(path, name, header, tail_fields, header.month, KINDS if header.combined else None,
                  size, stream, first[len(text):].decode("ascii"))


def _read_line(stream, path: str, number: int) -> bytes:
    line = stream.readline(MAX_LINE + 2)
    if len(line) > MAX_LINE and not line.endswith(b"\n"):
        raise ListError(diagnostic("LST031", f"line is longer than {MAX_LINE:,} characters", path=path, line=number))
    return line


class _TxtReader:
    """The rows of a TXT list (see the module docstring)."""

    def __init__(self, source: Source, progress):
        self.source = source
        self.layout = source.layout
        self.progress = progress
        self.ending = source.ending
        self.length = self.layout.width + len(self.ending)
        self.line = 2  # the number of the next line to read
        self.blank: int | None = None  # a blank line seen, allowed only at the end of the file
        self.numeric = [c for c in self.layout.columns if c.field in NUMERIC]
        self.rating_fields = [c for c in self.numeric if c.field.endswith("rating")]
        id_column, tail = self.layout.by_field["fide_id"], self.layout.tail
        self.id_of = itemgetter(slice(id_column.start, id_column.end))
        self.name_of = itemgetter(slice(self.layout.by_field["name"].start, tail))
        self.record_of = itemgetter(slice(tail, self.layout.width))

    def batches(self) -> Iterator[Batch]:
        stream, done, carry = self.source.stream, 0, b""
        for name in ("standard_rating", "rapid_rating", "blitz_rating", "rating"):
            if name in self.layout.by_field:
                self.source.rated[name] = 0
        while True:
            chunk = self._read(stream)
            if not chunk:
                break
            done += len(chunk)
            cut = chunk.rfind(b"\n") + 1
            data, carry = carry + chunk[:cut], chunk[cut:]
            if len(carry) > MAX_LINE:
                raise self.source.error("LST031", f"line is longer than {MAX_LINE:,} characters",
                                        self.line + data.count(b"\n"))
            if data:
                yield self._chunk(data)
            if self.progress:
                self.progress(done)
        if carry:  # the last line has no line ending: a cut file ends that way
            last = self._lines([carry], final=True)
            if last.ids:
                yield last

    def _read(self, stream) -> bytes:
        try:
            return stream.read(CHUNK)
        except (zipfile.BadZipFile, OSError, EOFError) as err:
            raise self.source.error("LST032", f"damaged zip archive: {err}") from None

    def _chunk(self, data: bytes) -> Batch:
        count, length = divmod(len(data), self.length)
        regular = (not length and data.isascii() and data[self.length - 1::self.length] == b"\n" * count
                   and (self.length == self.layout.width + 1 or data[self.length - 2::self.length] == b"\r" * count)
                   and not _CONTROL.search(data))
        if not regular:
            return self._lines(data.split(b"\n")[:-1])
        if self.blank is not None:
            raise self.source.error("LST031", "blank line inside the list", self.blank)
        bad = _grid(data, count, self.length, self.numeric, self.source.rated, self.rating_fields)
        if bad is not None:  # read the line alone, to name the column
            self._lines(data.split(b"\n")[bad:bad + 1], first=self.line + bad)
            raise self.source.error("LST031", "a number column holds something else than a number",
                                    self.line + bad)
        lines = data.decode("ascii").split("\n")
        lines.pop()
        self.line += count
        self.source.players += count
        return Batch(list(map(self.id_of, lines)), list(map(str.rstrip, map(self.name_of, lines))),
                     list(map(self.record_of, lines)))

    def _lines(self, lines: list[bytes], *, final: bool = False, first: int | None = None) -> Batch:
        """Rows of lines read one by one (lines of another width, with non-ASCII letters...)."""
        out = Batch([], [], [])
        number = self.line if first is None else first
        last_column = self.layout.columns[-1]
        for raw in lines:
            raw = raw.rstrip(b"\r")
            if _CONTROL.search(raw):
                raise self.source.error("LST031", "control character in the line", number,
                                        _CONTROL.search(raw).start() + 1)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as err:
                raise self.source.error("LST031", "bytes that are not UTF-8", number, err.start + 1) from None
            if not text.strip():
                self.blank = number if self.blank is None else self.blank
                number += 1
                continue
            if self.blank is not None:
                raise self.source.error("LST031", "blank line inside the list", self.blank)
            if final and len(text) < last_column.start:
                raise self.source.error("LST031", f"the last line ends at column {len(text)}, before the "
                                                  f"{last_column.field} column at {last_column.start + 1}: the file "
                                                  "is truncated", number, len(text) + 1)
            values = self._values(text, number)
            out.ids.append(int(values["fide_id"]))
            out.names.append(values["name"])
            out.records.append(SEP.join(values[f] for f in self.source.fields))
            number += 1
        if first is None:
            self.source.players += len(out.ids)
            self.line = number
        return out

    def _values(self, text: str, number: int) -> dict[str, str]:
        try:
            values = self.layout.fields(text)
        except ValueError as err:
            raise self.source.error("LST031", str(err), number) from None
        birth = self.layout.by_field.get("birth_year")
        if birth is not None and len(text.rstrip()) <= birth.start:
            raise self.source.error("LST031", f"the line ends at column {len(text.rstrip())}, before the "
                                              f"birth year column at {birth.start + 1}", number)
        for column in self.numeric:
            value = values[column.field]
            if not (value.isascii() and value.isdigit()) and (value or column.field == "fide_id"):
                raise self.source.error("LST031", f"{column.field.replace('_', ' ')} is not a number: {value!r}",
                                        number, column.start + 1)
        for name in self.source.rated:
            if values[name].strip("0"):
                self.source.rated[name] += 1
        return values


def _grid(data: bytes, count: int, length: int, numeric, rated: dict[str, int], rating_fields) -> int | None:
    """Check the number columns of ``count`` lines of ``length`` bytes at once, a byte column at a
    time (``data[p::length]`` is byte ``p`` of every line): only digits and blanks, the digits of a
    value side by side, a digit in the FIDE ID. Returns the index of the first bad line, or None;
    counts the lines with a rating other than 0 into ``rated``."""
    ones = int.from_bytes(b"\x01" * count, "big")
    bad: list[int] = []
    for column in numeric:
        starts, previous, seen = 0, 0, 0
        for p in range(column.start, column.end):
            byte_column = data[p::length]
            if byte_column.translate(None, b" 0123456789"):
                bad.append(next(i for i, b in enumerate(byte_column) if b not in b" 0123456789"))
                break
            digits = int.from_bytes(byte_column.translate(_TO_DIGIT), "big")
            starts += digits & (previous ^ ones)
            previous = digits
            seen |= digits
        else:
            runs = starts.to_bytes(count, "big")
            if max(runs, default=0) > 1:
                bad.append(next(i for i, r in enumerate(runs) if r > 1))
            if column.field == "fide_id" and seen != ones:
                bad.append(next(i for i, d in enumerate(seen.to_bytes(count, "big")) if not d))
    if bad:
        return min(bad)
    for column in rating_fields:
        nonzero = 0
        for p in range(column.start, column.end):
            nonzero |= int.from_bytes(data[p::length].translate(_TO_NONZERO), "big")
        rated[column.field] += nonzero.to_bytes(count, "big").count(1)
    return None


def record_fields(record: str, layout_: Layout | None, fields: tuple[str, ...]) -> dict[str, str]:
    """The values of a stored record (see the module docstring)."""
    if SEP in record or layout_ is None:
        return dict(zip(fields, record.split(SEP)))
    return layout_.fields(record, offset=layout_.tail)


# -- XML ----------------------------------------------------------------------------------------

class _Counting(io.RawIOBase):
    """A stream that hands lxml ``prefix`` and then the rest of ``stream``, counting the bytes."""

    def __init__(self, stream, source: Source, progress):
        self.stream, self.source, self.progress, self.done = stream, source, progress, 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        try:
            data = self.stream.read(CHUNK if size is None or size < 0 else size)
        except (zipfile.BadZipFile, OSError, EOFError) as err:
            raise ListError(diagnostic("LST032", f"damaged zip archive: {err}", path=self.source.path)) from None
        self.done += len(data)
        if self.progress:
            self.progress(self.done)
        return data


_DECLARATION = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_FIRST_ELEMENT = re.compile(rb"<([A-Za-z_][\w.:-]*)")


def _xml_source(stream, path: str, name: str, size: int) -> Source:
    """An XML list: ``<playerslist>`` holding ``<player>`` elements. A document that declares a
    DTD or entities is refused (entity expansion, external access), as by the tournament XML
    reader."""
    head = stream.peek(CHUNK)[:CHUNK]
    root = _FIRST_ELEMENT.search(head)
    declared = _DECLARATION.search(head, 0, root.start() if root else len(head))
    if declared:
        raise ListError(diagnostic("XML002", f"the document declares <!{declared.group(1).decode().upper()} …>; "
                                             "DTDs and entities are refused", path=path,
                                   line=head.count(b"\n", 0, declared.start()) + 1))
    if root is None or root.group(1) != b"playerslist":
        found = root.group(1).decode("ascii", "replace") if root else "no element"
        raise ListError(diagnostic("LST030", f"not a FIDE XML list: the root is {found}, not <playerslist>",
                                   path=path, line=1))
    kinds = KINDS if re.search(rb"<(rapid|blitz)_rating\b", head) else None
    fields = tuple(_XML_FIELDS[tag] if not kinds else _XML_COMBINED.get(tag, _XML_FIELDS[tag])
                   for tag in _XML_FIELDS if tag not in ("fideid", "name"))
    return Source(path, name, None, fields, None, kinds, size, stream)


def _xml_batches(source: Source, progress) -> Iterator[Batch]:
    """The players of an XML list, parsed with lxml's iterparse and cleared as they are read, so
    that memory stays bounded whatever the size."""
    from lxml import etree

    tags = {tag: (_XML_COMBINED.get(tag, f) if source.kinds else f) for tag, f in _XML_FIELDS.items()}
    numeric = {f for f in tags.values() if f in NUMERIC}
    for name in source.fields:
        if name.endswith("rating"):
            source.rated[name] = 0
    batch = Batch([], [], [])
    events = etree.iterparse(_Counting(source.stream, source, progress), events=("end",), tag="player",
                             resolve_entities=False, load_dtd=False, no_network=True, huge_tree=False)
    try:
        for _, element in events:
            values = dict.fromkeys(tags.values(), "")
            for child in element:
                field_name = tags.get(child.tag) if isinstance(child.tag, str) else None
                if field_name:
                    values[field_name] = (child.text or "").strip()
            _check_xml(source, values, numeric, element.sourceline)
            batch.ids.append(int(values["fide_id"]))
            batch.names.append(values["name"])
            batch.records.append(SEP.join(values[f] for f in source.fields))
            element.clear(keep_tail=False)
            parent = element.getparent()
            while element.getprevious() is not None:
                del parent[0]
            if len(batch.ids) >= 8192:
                source.players += len(batch.ids)
                yield batch
                batch = Batch([], [], [])
    except etree.XMLSyntaxError as err:
        line, column = err.position if err.position else (None, None)
        raise ListError(diagnostic("XML001", f"not well-formed XML: {err.msg}", path=source.path,
                                   line=line, column=column)) from None
    source.players += len(batch.ids)
    if batch.ids:
        yield batch


def _check_xml(source: Source, values: dict[str, str], numeric: set[str], line: int | None) -> None:
    for name in numeric:
        value = values[name]
        if SEP in value or not (value.isascii() and value.isdigit()) and (value or name == "fide_id"):
            raise source.error("LST031", f"<player> {name.replace('_', ' ')} is not a number: {value[:40]!r}", line)
    for name, value in values.items():
        if SEP in value or len(value) > 200:
            raise source.error("LST031", f"<player> {name.replace('_', ' ')} is too long or holds a control "
                                         "character", line)
        if name in source.rated and value.strip("0"):
            source.rated[name] += 1
