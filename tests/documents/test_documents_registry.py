"""Each document form's suffix, encoding and help line live in its registry record
(``trfconv/documents/registry.py``), and the commands take them from there."""

from __future__ import annotations

import codecs

import pytest
import typer

from trfconv.cli import app
from trfconv.documents.registry import DOCUMENTS, Form, document

#: command -> the document it renders
COMMANDS = {"report": "rating-report", "standings": "standings", "playoff": "playoff", "period": "period"}


def test_every_form_says_its_suffix_encoding_and_help():
    for d in DOCUMENTS.values():
        for name, form in d.formats.items():
            assert isinstance(form, Form) and form.suffix.startswith(".") and form.help, (d.name, name)
            codecs.lookup(form.encoding)
            # only a CSV carries the byte-order mark spreadsheets want
            assert (form.encoding == "utf-8-sig") == (name == "csv"), (d.name, name)


@pytest.mark.parametrize("command", COMMANDS)
def test_format_help_comes_from_the_record(command):
    params = {p.name: p for p in typer.main.get_command(app).commands[command].params}
    assert params["fmt"].help == document(COMMANDS[command]).format_help()
    assert "csv" not in document(COMMANDS[command]).formats or "byte-order mark" in params["fmt"].help


def test_a_batch_names_outputs_by_the_record(cli, tmp_path):
    """Two files reported in HTML into a folder: each output is named after its file, the command
    and the HTML form's suffix."""
    from paths import FIXTURES

    files = sorted((FIXTURES / "trf").glob("*.trf"))[:2]
    out = tmp_path / "out"
    out.mkdir()
    cli("report", *files, "--format", "html", "-o", out, "--lenient", "-j", "1")
    suffix = document("rating-report").formats["html"].suffix
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{f.stem}-report{suffix}" for f in files)
