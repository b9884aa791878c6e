"""What a file is when it is no tournament file: a PDF, an archive, a picture, a program, binary
data. A reader given such bytes would report nonsense line by line (a PDF read as TRF gives
"TRF16, cp1252" and dozens of unknown records); the registry asks here first when no format
recognises the content, and the person is told in one line what the file is."""

from __future__ import annotations

import re

from ..messages import Message, msg

_TAKE_OUT = msg("take the tournament file out of it first")
_UNCOMPRESS = msg("uncompress it first")
#: What to do instead, for a document that shows a tournament rather than holding it.
_EXPORT = msg("export the tournament from the pairing program (TRF, or the chess-results XML), or download it from "
              "chess-results.com (the tournament's Excel export, .xlsx)")
#: What a file is, and what to do (None: nothing to say).
What = tuple[Message, Message | None]
#: The parts of a ZIP package that name an office document (a workbook's ``xl/`` is read): a
#: part name starts after a binary header or a line break, never after a letter (``password/``).
_PACKAGES: tuple[tuple[re.Pattern[bytes], What], ...] = tuple(
    (re.compile(rb"(?<![A-Za-z0-9_.])" + part), what) for part, what in (
        (rb"word/", (msg("a Word document (.docx)"), _EXPORT)),
        (rb"ppt/", (msg("a PowerPoint presentation (.pptx)"), _EXPORT)),
        (rb"mimetypeapplication/vnd\.oasis\.opendocument\.text", (msg("an OpenDocument text (.odt)"), _EXPORT)),
        (rb"mimetypeapplication/vnd\.oasis\.opendocument\.spreadsheet",
         (msg("an OpenDocument spreadsheet (.ods)"), msg("save it as .xlsx or CSV"))),
    ))
#: A web page: its first tag, after an optional XML declaration, comments and a BOM.
_HTML = re.compile(rb"(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--.{0,2000}?-->\s*)*"
                   rb"<(?:!doctype\s+html|html)[\s>]", re.IGNORECASE | re.DOTALL)
_WHITE = b"\xef\xbb\xbf \t\r\n"

#: Signatures at the start of a file -> what it is, and what to do.
_SIGNATURES: tuple[tuple[bytes, What], ...] = (
    (b"\x1f\x8b", (msg("a gzip-compressed file"), _UNCOMPRESS)),
    (b"BZh", (msg("a bzip2-compressed file"), _UNCOMPRESS)),
    (b"\xfd7zXZ", (msg("an xz-compressed file"), _UNCOMPRESS)),
    (b"7z\xbc\xaf\x27\x1c", (msg("a 7-Zip archive"), _TAKE_OUT)),
    (b"Rar!", (msg("a RAR archive"), _TAKE_OUT)),
    (b"\x89PNG", (msg("a PNG picture"), None)),
    (b"\xff\xd8\xff", (msg("a JPEG picture"), None)),
    (b"GIF8", (msg("a GIF picture"), None)),
    (b"\x7fELF", (msg("a program (ELF executable)"), None)),
    (b"MZ", (msg("a Windows program or library"), None)),
    (b"\xd0\xcf\x11\xe0", (msg("an old Microsoft Office document (.doc/.xls)"),
                          msg("save the table as CSV or .xlsx"))),
    (b"SQLite format 3", (msg("an SQLite database"), None)),
)


def what_it_is(data: bytes) -> Message | None:
    """What ``data`` is when it is plainly not text a tournament reader could read ("a PDF
    document, not a tournament file"; what to do after a colon), else None."""
    what = _looks_like(data)
    return None if what is None else said(what)


def said(what: What) -> Message:
    """What a file is and what to do as the one line a person is told: ``a PDF document, not a
    tournament file: do this``."""
    thing, advice = what
    if advice is None:
        return msg("{thing}, not a tournament file", thing=thing)
    return msg("{thing}, not a tournament file: {advice}", thing=thing, advice=advice)


def disguised(data: bytes) -> What | None:
    """What ``data`` is when it starts like a format trfconv reads but is none: a web page (it
    starts like XML), a Word, PowerPoint or OpenDocument file (a ZIP package, as a workbook is),
    a PDF after a byte-order mark or blank lines. The format registry asks before its sniffers."""
    head = data[:4096]
    if _HTML.match(head):
        page = msg("a web page (HTML) saved from chess-results.com") if b"chess-results" in data[:65536].lower() \
            else msg("a web page (HTML)")
        return page, msg("a page shows a tournament, it does not hold one; {export}", export=_EXPORT)
    if head.startswith(b"PK\x03\x04"):
        return package(head)
    if head.lstrip(_WHITE).startswith(b"%PDF"):
        return msg("a PDF document"), _EXPORT
    return None


def package(names: bytes) -> What | None:
    """What a ZIP package is from the names of its parts (``names``: its first bytes, or its
    part names joined): an office document other than a workbook, else None."""
    return next((what for part, what in _PACKAGES if part.search(names)), None)


def _looks_like(data: bytes) -> What | None:
    found = disguised(data)
    if found:
        return found
    for signature, what in _SIGNATURES:
        if data.startswith(signature):
            return what
    if data.startswith(b"PK\x03\x04"):
        return msg("a ZIP archive (several files)"), _TAKE_OUT
    head = data[:4096]
    if not head:
        return None
    control = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13))
    if control > len(head) // 10:
        return msg("binary data"), None
    return None
