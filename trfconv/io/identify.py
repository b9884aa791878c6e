"""What a file is when it is no tournament file: a PDF, an archive, a picture, a program, binary
data. A reader given such bytes would report nonsense line by line (a PDF read as TRF gives
"TRF16, cp1252" and dozens of unknown records); the registry asks here first when no format
recognises the content, and the person is told in one line what the file is."""

from __future__ import annotations

import re

_TAKE_OUT = "take the tournament file out of it first"
_UNCOMPRESS = "uncompress it first"
#: What to do instead, for a document that shows a tournament rather than holding it.
_EXPORT = ("export the tournament from the pairing program (TRF, or the chess-results XML), or download it from "
           "chess-results.com (the tournament's Excel export, .xlsx)")
#: The parts of a ZIP package that name an office document (a workbook's ``xl/`` is read): a
#: part name starts after a binary header or a line break, never after a letter (``password/``).
_PACKAGES = tuple((re.compile(rb"(?<![A-Za-z0-9_.])" + part), what) for part, what in (
    (rb"word/", f"a Word document (.docx): {_EXPORT}"),
    (rb"ppt/", f"a PowerPoint presentation (.pptx): {_EXPORT}"),
    (rb"mimetypeapplication/vnd\.oasis\.opendocument\.text", f"an OpenDocument text (.odt): {_EXPORT}"),
    (rb"mimetypeapplication/vnd\.oasis\.opendocument\.spreadsheet",
     "an OpenDocument spreadsheet (.ods): save it as .xlsx or CSV"),
))
#: A web page: its first tag, after an optional XML declaration, comments and a BOM.
_HTML = re.compile(rb"(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--.{0,2000}?-->\s*)*"
                   rb"<(?:!doctype\s+html|html)[\s>]", re.IGNORECASE | re.DOTALL)
_WHITE = b"\xef\xbb\xbf \t\r\n"

#: Signatures at the start of a file -> what it is (and what to do, after a colon).
_SIGNATURES = (
    (b"\x1f\x8b", f"a gzip-compressed file: {_UNCOMPRESS}"),
    (b"BZh", f"a bzip2-compressed file: {_UNCOMPRESS}"),
    (b"\xfd7zXZ", f"an xz-compressed file: {_UNCOMPRESS}"),
    (b"7z\xbc\xaf\x27\x1c", f"a 7-Zip archive: {_TAKE_OUT}"),
    (b"Rar!", f"a RAR archive: {_TAKE_OUT}"),
    (b"\x89PNG", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG picture"),
    (b"GIF8", "a GIF picture"),
    (b"\x7fELF", "a program (ELF executable)"),
    (b"MZ", "a Windows program or library"),
    (b"\xd0\xcf\x11\xe0", "an old Microsoft Office document (.doc/.xls): save the table as CSV or .xlsx"),
    (b"SQLite format 3", "an SQLite database"),
)


def what_it_is(data: bytes) -> str | None:
    """What ``data`` is when it is plainly not text a tournament reader could read ("a PDF
    document, not a tournament file"; what to do after a colon), else None."""
    what = _looks_like(data)
    return None if what is None else said(what)


def said(what: str) -> str:
    """``a PDF document: do this`` as the one line a person is told: ``a PDF document, not a
    tournament file: do this``."""
    thing, _, advice = what.partition(": ")
    return f"{thing}, not a tournament file" + (f": {advice}" if advice else "")


def disguised(data: bytes) -> str | None:
    """What ``data`` is when it starts like a format trfconv reads but is none: a web page (it
    starts like XML), a Word, PowerPoint or OpenDocument file (a ZIP package, as a workbook is),
    a PDF after a byte-order mark or blank lines. The format registry asks before its sniffers."""
    head = data[:4096]
    if _HTML.match(head):
        site = " saved from chess-results.com" if b"chess-results" in data[:65536].lower() else ""
        return f"a web page (HTML){site}: a page shows a tournament, it does not hold one; {_EXPORT}"
    if head.startswith(b"PK\x03\x04"):
        return package(head)
    if head.lstrip(_WHITE).startswith(b"%PDF"):
        return f"a PDF document: {_EXPORT}"
    return None


def package(names: bytes) -> str | None:
    """What a ZIP package is from the names of its parts (``names``: its first bytes, or its
    part names joined): an office document other than a workbook, else None."""
    return next((what for part, what in _PACKAGES if part.search(names)), None)


def _looks_like(data: bytes) -> str | None:
    found = disguised(data)
    if found:
        return found
    for signature, what in _SIGNATURES:
        if data.startswith(signature):
            return what
    if data.startswith(b"PK\x03\x04"):
        return f"a ZIP archive (several files): {_TAKE_OUT}"
    head = data[:4096]
    if not head:
        return None
    control = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13))
    if control > len(head) // 10:
        return "binary data"
    return None
