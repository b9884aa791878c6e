"""What a file is when it is no tournament file: a PDF, an archive, a picture, a program, binary
data. A reader given such bytes would report nonsense line by line (a PDF read as TRF gives
"TRF16, cp1252" and dozens of unknown records); the registry asks here first when no format
recognises the content, and the person is told in one line what the file is."""

from __future__ import annotations

#: Signatures at the start of a file -> what it is.
_SIGNATURES = (
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (a Word or LibreOffice document, or several files): take the tournament file "
                    "out of it first"),
    (b"\x1f\x8b", "a gzip-compressed file: uncompress it first"),
    (b"BZh", "a bzip2-compressed file: uncompress it first"),
    (b"\xfd7zXZ", "an xz-compressed file: uncompress it first"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive: take the tournament file out of it first"),
    (b"Rar!", "a RAR archive: take the tournament file out of it first"),
    (b"\x89PNG", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG picture"),
    (b"GIF8", "a GIF picture"),
    (b"\x7fELF", "a program (ELF executable)"),
    (b"MZ", "a Windows program or library"),
    (b"\xd0\xcf\x11\xe0", "an old Microsoft Office document (.doc/.xls): save the table as CSV or .xlsx"),
    (b"SQLite format 3", "an SQLite database"),
)


def what_it_is(data: bytes) -> str | None:
    """What ``data`` is when it is plainly not text a tournament reader could read, else None."""
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
