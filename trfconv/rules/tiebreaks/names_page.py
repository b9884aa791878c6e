"""``docs/tiebreak-names.md``, generated from the names' data (``rules/data/tiebreak-names.toml``):
the names by tie-break with their sources, the readings chosen, and the sources. A test keeps the
page and the data the same.

    python -m trfconv.rules.tiebreaks.names_page --update docs/tiebreak-names.md
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from ...tiebreak_names import DATA, data
from .registry import definitions

UPDATE = "python -m trfconv.rules.tiebreaks.names_page --update docs/tiebreak-names.md"


def page() -> str:
    """The page, all from the data."""
    d, known = data(), definitions()
    lines = ["# Tie-break names", "",
             f"<!-- generated from trfconv/rules/data/{DATA} by {UPDATE}; do not edit -->", "",
             "`-t`, the files' 202/212 records and the web page read a tie-break by its TRF-2026 code "
             "(`BH/C1`, `OTHER_` optional for the systems that are not FIDE's) or by any name below: FIDE's in each C.07 edition, the pairing programs' (Swiss-Manager and chess-results "
             "in English and German, Vega, Swiss-Chess, Papi), the French federation's manual and the other "
             "French and Spanish texts. Matching ignores case, accents, spaces, dashes and punctuation, and a "
             f"leading word that does not change the tie-break ({_listed(d['matching']['leading'])}). A cut "
             f"is read in words ({_listed(d['matching']['cut_words'])} and a number, 1 when none follows; "
             f"{_listed(d['matching']['cut_letters'])} and a number; a minus and a number at the end; "
             f"{_listed(d['matching']['cut_phrases'])}), and a median likewise "
             f"({_listed(d['matching']['median_words'])}; {_listed(d['matching']['median_letters'])} and a "
             "number): `Buchholz Cut 1`, `BH C1`, `Buchholz -1` and `Buchholz moins le plus faible` are all "
             "BH/C1. A name that is none of these is answered with the closest names.", "",
             "## Names, by tie-break", "",
             "| tie-break | name | sources |", "|---|---|---|"]
    for target, names in d["names"].items():
        definition = known[re.split("[/:]", target)[0]]
        what = f"`{target}` {definition.title} ({definition.article})"
        for name, sources in names.items():
            lines.append(f"| {what} | {name} | {', '.join(sources)} |")
            what = ""
    lines += ["", "## Names whose reading is a choice", "",
              "Names two systems share, and names that do not say all their tie-break. The output says the "
              "reading (TB017).", "", "| name | read as | what trfconv says |", "|---|---|---|"]
    lines += [f"| {name} | `{entry['means']}` | {entry['said']} |" for name, entry in d["said"].items()]
    lines += ["", "## Sources", "", "| key | source |", "|---|---|"]
    lines += [f"| {k} | {text} |" for k, text in d["sources"].items()]
    return "\n".join(lines) + "\n"


def _listed(items) -> str:
    return ", ".join(f"`{i}`" for i in items)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--update"] and len(args) == 2:
        Path(args[1]).write_text(page(), "utf-8")
        return 0
    if not args:
        sys.stdout.write(page())
        return 0
    print(f"usage: {UPDATE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
