"""FIDE rating lists as files and as a database: the columns of each published layout
(:mod:`.layouts`), the streaming reader of TXT and XML lists, zipped or not (:mod:`.parse`), and
the SQLite store holding every list imported (:mod:`.store`)."""
