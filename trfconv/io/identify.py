"""What a file is when it is no tournament file: a PDF, an archive, a picture, a program, binary
data. A reader given such bytes would report nonsense line by line (a PDF read as TRF gives
"TRF16, cp1252" and dozens of unknown records); the registry asks here first when no format
recognises the content, and the person is told in one line what the file is."""

from __future__ import annotations

_TAKE_OUT = "take the tournament file out of it first"
_UNCOMPRESS = "uncompress it first"

#: Signatures at the start of a file -> what it is (and what to do, after a colon).
_SIGNATURES = (
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", f"a ZIP archive (a Word or LibreOffice document, or several files): {_TAKE_OUT}"),
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
    if what is None:
        return None
    thing, _, advice = what.partition(": ")
    return f"{thing}, not a tournament file" + (f": {advice}" if advice else "")


def _looks_like(data: bytes) -> str | None:
    for signature, what in _SIGNATURES:
        if data.startswith(signature):
            return what
    head = data[:4096]
    if not head:
        return None
    if head.lstrip()[:15].lower().startswith((b"<!doctype html", b"<html")):
        return "a web page (HTML): save the crosstable from it as CSV or .xlsx, or download the TRF"
    control = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13))
    if control > len(head) // 10:
        return "binary data"
    return None
