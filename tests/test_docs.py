"""The guide (README.md, ARCHITECTURE.md and docs/) says what the code does, and is read as a person
reads it: its registry tables are the registries (``tests/helpers/docgen.py`` makes them), every
link leads to a file and a heading that exist, every page is in the index, every file and test it
names exists, and every ``console`` example prints what it shows."""

from __future__ import annotations

import glob
import re
import shlex
from collections import Counter
from pathlib import Path

import pytest
from paths import ROOT

import docgen

DOCS = ROOT / "docs"
PAGES = docgen.pages()


# -- reading Markdown as GitHub does -------------------------------------------------------------
def lines_outside_code(text: str) -> list[str]:
    """The lines of ``text`` outside its fenced code blocks (indented fences in lists too), the
    others blank."""
    lines, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            lines.append("")
        else:
            lines.append("" if fenced else line)
    return lines


def prose(text: str) -> str:
    """``text`` without its fenced code blocks and code spans: where its links are."""
    return re.sub(r"`[^`\n]*`", "", "\n".join(lines_outside_code(text)))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: links and code marks dropped, lower case,
    punctuation other than ``-`` and ``_`` dropped, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of a page's headings; a repeated heading gets ``-1``, ``-2`` …"""
    seen: Counter = Counter()
    out = set()
    for line in lines_outside_code(text):
        match = re.match(r"#{1,6} (.+)", line)
        if match:
            name = slug(match[1])
            out.add(f"{name}-{seen[name]}" if seen[name] else name)
            seen[name] += 1
    return out


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """Every relative link or picture of ``page`` that leads to no file, or to no heading of its
    page (named from ``root``); links to other sites are not followed."""
    text = page.read_text("utf-8")
    out = []
    for target in re.findall(r"\]\(([^)\s]+)\)", prose(text)):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            out.append(f"{page.relative_to(root)}: {target}: no such file")
        elif anchor and (linked.suffix != ".md" or anchor not in anchors(linked.read_text("utf-8"))):
            out.append(f"{page.relative_to(root)}: {target}: no such heading")
    return out


# -- the generated parts -----------------------------------------------------------------------
def test_generated_parts_are_made_from_the_registries():
    """Every generated part of every page is what the generator makes now, and every part the
    generator knows is in some page."""
    made: dict[str, str] = {}
    differ = [str(p.relative_to(ROOT)) for p in PAGES
              if docgen.regenerated(p.read_text("utf-8"), made) != p.read_text("utf-8")]
    assert differ == [], f"generated parts differ in {differ}: run '{docgen.COMMAND}'"
    assert docgen.used(PAGES) == set(docgen.PARTS)


def test_a_new_code_makes_the_diagnostics_page_differ(monkeypatch):
    """The test of the test: a code added to the registry (and not to the guide) is noticed, as
    its row."""
    from trfconv import diagnostics

    page = (DOCS / "reference" / "diagnostics.md").read_text("utf-8")
    monkeypatch.setitem(diagnostics.CODES, "ZZZ999", diagnostics.Code("ZZZ999", diagnostics.Severity.INFO, "new"))
    assert "| ZZZ999 | info | new |  |" in docgen.regenerated(page) and docgen.regenerated(page) != page


def test_the_diagnostics_table_is_every_code_in_order():
    """The table's rows are CODES' records, field for field, in the registry's order."""
    from trfconv.diagnostics import CODES

    text = (DOCS / "reference" / "diagnostics.md").read_text("utf-8")
    rows = re.findall(r"^\| ([A-Z]{2,3}\d{3}) \| (\w+) \| (.*?) \| (.*?) \|$", text, re.MULTILINE)
    assert [(c, s, t, r or None) for c, s, t, r in rows] == [
        (c.code, c.severity.value, c.title, c.consumer) for c in CODES.values()]


def test_a_marker_naming_no_part_or_another_command_is_refused():
    with pytest.raises(ValueError, match="no generated part is called 'nothing'"):
        docgen.regenerated(f"<!-- generated: nothing ({docgen.COMMAND}) -->\n<!-- end of generated: nothing -->")
    with pytest.raises(ValueError, match="name 'make it'"):
        docgen.regenerated("<!-- generated: editions (make it) -->\n<!-- end of generated: editions -->")


def test_every_command_every_format_and_every_tiebreak_is_in_the_guide():
    """The hand-written pages keep up with the registries too: every format has its section on the
    formats page and every output its line, and the generated tables hold every command and
    tie-break."""
    from trfconv.cli import COMMANDS
    from trfconv.io.registry import formats, outputs
    from trfconv.rules.tiebreaks.registry import definitions

    formats_page = (DOCS / "reference" / "formats.md").read_text("utf-8")
    headings = re.findall(r"^### .*$", formats_page, re.MULTILINE)
    assert [f.name for f in formats() if not any(f"`{f.name}`" in h for h in headings)] == []
    assert [o for o in outputs() if f"\n- `{o}`: " not in formats_page] == []
    commands_page = (DOCS / "reference" / "commands.md").read_text("utf-8")
    assert [c for c in COMMANDS if f"\n## trfconv {c}\n" not in commands_page] == []
    tiebreaks_page = (DOCS / "reference" / "tiebreaks.md").read_text("utf-8")
    assert [d.name for d in definitions().values() if f"\n| {d.name} | " not in tiebreaks_page] == []


# -- links, the index, names -------------------------------------------------------------------
def test_every_link_leads_to_a_file_and_a_heading():
    assert [problem for page in PAGES for problem in broken_links(page)] == []


def test_a_broken_link_or_anchor_is_found(tmp_path):
    """The test of the test: a link to a missing file, to a missing heading of another page or of
    its own page is reported; a link to a heading with code and punctuation, to a repeated
    heading, to a folder and to another site is not."""
    (tmp_path / "other.md").write_text("# The web page: `trfconv serve`\n## Notes\n## Notes\n", "utf-8")
    (tmp_path / "sub").mkdir()
    page = tmp_path / "page.md"
    page.write_text("# Here\n[a](other.md#the-web-page-trfconv-serve) [b](other.md#notes-1) [c](sub/) "
                    "[d](https://example.org/x) [e](#here) ![f](other.md)\n"
                    "[g](missing.md) [h](other.md#nowhere) [i](#there)\n```\n[j](in-code.md)\n```\n", "utf-8")
    assert broken_links(page, tmp_path) == ["page.md: missing.md: no such file",
                                            "page.md: other.md#nowhere: no such heading",
                                            "page.md: #there: no such heading"]


def test_every_page_of_the_guide_is_in_its_index():
    """A page nobody can reach is not part of the guide: docs/README.md links every page."""
    index = DOCS / "README.md"
    linked = {(index.parent / target.partition("#")[0]).resolve()
              for target in re.findall(r"\]\(([^)\s#]+)[^)]*\)", prose(index.read_text("utf-8")))}
    unlisted = [str(p.relative_to(ROOT)) for p in sorted(DOCS.rglob("*.md")) if p != index and p not in linked]
    assert unlisted == [], f"list these pages in docs/README.md: {unlisted}"


#: A path of the repository as the guide writes it: tests/test_x.py, trfconv/rules/data/b02-*.toml …
NAMED_PATH = re.compile(r"(?<![\w./~-])((?:trfconv|tests|fixtures|formats|docs|\.ci)/[\w./*-]*[\w*/])")
#: A test function as the guide names it (not a test module's file name).
NAMED_TEST = re.compile(r"(?<![/\w])(test_\w+)\b(?!\.py)")


def test_every_file_and_test_the_guide_names_exists():
    tests = {name for path in (ROOT / "tests").rglob("*.py")
             for name in re.findall(r"^\s*def (test_\w+)", path.read_text("utf-8"), re.MULTILINE)}
    missing = []
    for page in PAGES:
        text = page.read_text("utf-8")
        missing += [f"{page.name}: {p}" for p in sorted(set(NAMED_PATH.findall(text))) if not glob.glob(str(ROOT / p))]
        missing += [f"{page.name}: {t}" for t in sorted(set(NAMED_TEST.findall(text))) if t not in tests]
    assert missing == []


# -- the examples ------------------------------------------------------------------------------
def shows(shown: str, output: str) -> bool:
    """Whether ``output`` is what an example shows: line for line, a line ``…`` standing for any
    lines and a ``…`` inside a line for any text."""
    pattern = []
    for line in shown.rstrip("\n").split("\n"):
        if line.strip() == "…":
            pattern.append(r"(?:[^\n]*\n)*?")
        else:
            pattern.append("[^\n]*?".join(map(re.escape, line.rstrip().split("…"))) + r"[ \t]*\n")
    return re.fullmatch("".join(pattern), output if output.endswith("\n") else output + "\n") is not None


def test_shows_matches_as_a_reader_would():
    """The test of the test: elided lines and text match, a changed, missing or extra line does not."""
    output = "head\none\ntwo\nverdict: ok, 3 files\n"
    assert shows("head\n…\nverdict: ok, …", output)
    assert shows("head\none\ntwo\nverdict: ok, 3 files", output)
    assert not shows("head\none\nverdict: ok, 3 files", output)
    assert not shows("head\n…\nverdict: ok, 4 files", output)
    assert not shows("head\n…\ntwo", output)


def examples() -> list[tuple[str, str, str]]:
    """(page, command, output shown) for every ``$ trfconv`` line of a ``console`` block."""
    out = []
    for page in PAGES:
        for block in re.findall(r"^```console\n(.*?)^```", page.read_text("utf-8"), re.MULTILINE | re.DOTALL):
            for example in re.split(r"^(?=\$ )", block, flags=re.MULTILINE):
                command, _, shown = example.partition("\n")
                if command.startswith("$ trfconv "):
                    out.append((str(page.relative_to(ROOT)), command[2:], shown))
    return out


@pytest.mark.parametrize(("page", "command", "shown"), examples(),
                         ids=[f"{page}:{command.split()[1]}" for page, command, _ in examples()])
def test_every_console_example_prints_what_it_shows(cli, tmp_path, monkeypatch, page, command, shown):
    """Run from a folder that sees the repository's fixtures/, so that what an example writes
    stays there."""
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    monkeypatch.chdir(tmp_path)
    result = cli(*shlex.split(command)[1:])
    assert shows(shown, result.output), (
        f"{page}: $ {command} prints\n{result.output}\n(a ```console example is run from the repository and "
        "must print what it shows, … eliding; an example that cannot run there is a plain ``` block)")


def test_the_guide_has_console_examples_of_every_job():
    commands = {shlex.split(command)[1] for _, command, _ in examples()}
    assert {"check", "info", "validate", "report", "standings", "playoff", "norms", "convert", "explain"} <= commands
