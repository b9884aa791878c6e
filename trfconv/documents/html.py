"""What every printable HTML document shares: one self-contained page (no script, no external
resource) laid out for A4, its header of event facts, tables whose empty columns are left out,
and the boxes of the basis (errors, caveats) and of the verdict.

The markup is also well-formed XML, so that both lxml's HTML and XML parsers accept it. A page is
in the language of its basis (``<html lang>``); a column's heading may be a message, said in the
table's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from ..messages import ENGLISH, Language
from .basis import Basis, html_block

STYLE = """
@page { size: A4; margin: 14mm 12mm 16mm 12mm; }
body { font: 9.5pt/1.3 "DejaVu Sans", system-ui, sans-serif; margin: 0; color: #111; }
h1 { font-size: 15pt; margin: 0 0 2mm; } h2 { font-size: 11.5pt; margin: 5mm 0 1.5mm; break-after: avoid; }
h3 { font-size: 10pt; margin: 3mm 0 1mm; break-after: avoid; }
table { border-collapse: collapse; width: 100%; margin: 1mm 0 2mm; font-size: 8pt; }
th, td { border: 0.4pt solid #999; padding: 0.4mm 1mm; text-align: right; vertical-align: top; }
th { background: #eee; font-weight: 600; white-space: nowrap; } th.l, td.l { text-align: left; } td.name { white-space: nowrap; }
thead { display: table-header-group; } tr { break-inside: avoid; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.5mm 4mm; margin: 0 0 3mm; }
dl.facts dt { font-weight: 600; } dl.facts dd { margin: 0; }
.box { border: 0.8pt solid #555; padding: 2mm 3mm; margin: 3mm 0; break-inside: avoid; }
.verdict { border-width: 1.4pt; } .verdict p.decision { font-size: 12pt; font-weight: 700; margin: 0 0 1mm; }
.errors { border: 1.4pt solid #a00; padding: 2mm 3mm; margin: 3mm 0; color: #700; }
.caveats { border: 0.8pt dashed #555; padding: 2mm 3mm; margin: 3mm 0; }
.errors h2, .caveats h2 { margin-top: 0; }
.note { color: #444; font-size: 8.5pt; } .neg { color: #a00; } .pos { color: #060; } .fatal { color: #a00; }
.keep { break-inside: avoid; } .totals td { font-weight: 700; }
@media screen { body { margin: 1.5em auto; max-width: 60em; } }
"""


def e(value) -> str:
    """Text for HTML (None is empty). A report escapes hundreds of thousands of cells, nearly all
    of them numbers and plain names: only a text holding a special character is escaped."""
    if value is None:
        return ""
    if type(value) is int:  # a number needs no escaping
        return str(value)
    text = value if type(value) is str else str(value)
    # the characters html.escape replaces; five substring tests take half a regular expression's time
    special = "&" in text or "<" in text or ">" in text or '"' in text or "'" in text
    return escape(text) if special else text


@dataclass(frozen=True, eq=False)
class Column:
    """A table column: its heading, whether it holds text (left-aligned, its cells kept on one
    line when ``name``), and how to show a row's value. A column is itself only (compared and
    hashed by identity): the layout of a report's thousands of tables is cached by their columns."""

    heading: str  #: a message, said in the table's language
    value: object  #: ``value(row) -> str | int | None``
    text: bool = False
    name: bool = False


def table(columns: list[Column], rows: list, *, row_class=None, lang: Language = ENGLISH) -> str:
    """A table of ``rows``, without the columns that are empty in every row."""
    values = [c.value for c in columns]
    return "".join(table_of_cells(columns, [[e(value(r)) for value in values] for r in rows],
                                  [row_class(r) for r in rows] if row_class else None, lang=lang))


def table_of_cells(columns: list[Column], cells: list, classes: list | None = None, *,
                   lang: Language = ENGLISH) -> list[str]:
    """A table of rows of cells already escaped (one text per column, empty when the value is
    None or empty), without the columns that are empty in every row; ``classes`` gives each row's
    class (or None). A report that writes thousands of tables computes the cells it repeats once.
    The table is given as its parts (start, rows, end): a page of megabytes is joined once."""
    kept = tuple(i for i, column in enumerate(zip(*cells, strict=True)) if any(column))
    start, row, classed_row = _layout(tuple(columns), kept, lang)
    if classes is None:
        rows = [row(*v) for v in cells]
    else:
        rows = [classed_row(*v, k=k) if k else row(*v) for v, k in zip(cells, classes, strict=True)]
    rows.insert(0, start)
    rows.append(TABLE_END)
    return rows


#: What closes a table opened by :func:`table_start`, after its body's rows.
TABLE_END = "</tbody></table>"


def table_start(columns: tuple[Column, ...], kept: tuple[int, ...], lang: Language = ENGLISH) -> str:
    """The opening of a table of the ``kept`` columns, up to its first body row: for a writer
    that writes the rows itself (with :func:`cell`), then :data:`TABLE_END`."""
    return _layout(columns, kept, lang)[0]


@lru_cache(maxsize=64)
def _layout(columns: tuple[Column, ...], kept: tuple[int, ...],
            lang: Language = ENGLISH) -> tuple[str, Callable[..., str], Callable[..., str]]:
    """The table's opening (its heading row) and the writers of a body row (a template's
    ``format``, given the row's cells; the second also its class ``k``) of the ``kept`` columns:
    the same for each of a report's thousands of tables."""
    headings = {i: e(lang.say(columns[i].heading)) for i in kept}
    head = "".join(f'<th class="l">{headings[i]}</th>' if columns[i].text else f"<th>{headings[i]}</th>"
                   for i in kept)
    cells = "".join(cell(columns[i], f"{{{i}}}") for i in kept)
    return (f"<table><thead><tr>{head}</tr></thead><tbody>", f"<tr>{cells}</tr>".format,
            f'<tr class="{{k}}">{cells}</tr>'.format)


def cell(column: Column, text: str) -> str:
    """A body cell of ``column`` holding ``text`` (already escaped)."""
    klass = "l name" if column.name else "l" if column.text else None
    return f'<td class="{klass}">{text}</td>' if klass else f"<td>{text}</td>"


def facts(items: list[tuple[str, object]]) -> str:
    """The document's header facts (those that are known), as a definition list."""
    shown = "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in items if v not in (None, ""))
    return f'<dl class="facts">{shown}</dl>'


def page(title: str, heading: str, header: str, basis: Basis, content: str | list[str], *,
         caveats: bool = True) -> str:
    """The whole page: the heading and ``header`` (the event's facts), the basis boxes (errors,
    and the caveats unless ``content`` shows them itself), then ``content`` (left out when the
    basis withholds it). ``content`` may be given as its parts: a report's page (tens of
    megabytes) is then joined once, not copied at each concatenation."""
    parts = [] if basis.withheld else [content] if isinstance(content, str) else content
    return "".join([f'<!DOCTYPE html>\n<html lang="{basis.lang.code}"><head><meta charset="utf-8"/>'
                    f"<title>{e(title)}</title><style>{STYLE}</style></head>"
                    f"<body><header><h1>{e(heading)}</h1>{header}</header>{html_block(basis, caveats=caveats)}",
                    *parts, "</body></html>\n"])
