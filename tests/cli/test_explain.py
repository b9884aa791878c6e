"""``trfconv explain CODE``: a code's meaning, severity, consumer and what to do, from the registry
(the guide's table of codes is generated from it too: ``tests/test_docs.py``)."""

from __future__ import annotations

from trfconv.diagnostics import CODES


def test_explain_prints_what_the_registry_says(cli):
    result = cli("explain", "trf010")  # any case
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "TRF010 (error): column misalignment: a separator column is not blank",
        "rejected by: FIDE rating server",
        f"what to do: {CODES['TRF010'].todo}",
    ]


def test_explain_adds_the_command_line_hint_and_the_caveat(cli):
    out = cli("explain", "VAL004").stdout
    assert "caveat: printed in the caveats" in out
    assert out.splitlines()[-1] == ("what to do: give the event's start date in the file (042 record); "
                                    "choose the edition with --rules")


def test_every_code_has_an_explanation():
    from trfconv.cli.explain import explanation
    from trfconv.jobs import run
    from trfconv.jobs.explain import Explain

    for code, spec in CODES.items():
        lines = explanation(run(Explain(code.lower())).value)
        assert lines[0] == f"{code} ({spec.severity.value}): {spec.title}" and lines[-1].startswith("what to do: ")


def test_an_unknown_code_is_one_line_naming_the_closest(cli):
    result = cli("explain", "TRF99")
    assert result.exit_code == 2
    assert result.stderr == "trfconv: explain TRF99: no such diagnostic code; closest: TRF049, TRF039, TRF029\n"
    result = cli("explain", "nothing")
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1


def test_every_code_says_what_to_do_and_an_error_never_says_nothing(cli):
    """A code without its own advice gets its severity's: an error is never 'nothing to do'."""
    from trfconv.diagnostics import CODES

    for code in CODES.values():
        out = cli("explain", code.code).stdout
        todo = next(line for line in out.splitlines() if line.startswith("what to do: "))
        if code.severity.value == "error":
            assert not todo.startswith("what to do: nothing"), code.code
    assert "ask the organiser for the new player's sex" in cli("explain", "UPL011").stdout


def test_control_characters_of_the_argument_are_shown_escaped(cli):
    """An argument is echoed with its control characters written \\xNN: a terminal would take an
    escape sequence (ESC [ 2 J clears the screen) or a bell as commands (issue 34)."""
    result = cli("explain", "TRF0\x1b[2J10\x07\x9b")
    assert result.exit_code == 2
    assert result.stderr.startswith("trfconv: explain TRF0\\x1b[2J10\\x07\\x9b: no such diagnostic code")
    assert not any(ord(c) < 32 and c != "\n" or 0x7f <= ord(c) <= 0x9f for c in result.stderr)


def test_a_path_with_control_characters_is_shown_escaped(cli, tmp_path):
    """The same for every line trfconv prints about a file it was given: its name as escaped text."""
    result = cli("check", str(tmp_path / "missing\x07\x1b[2J.trf"))
    assert result.exit_code == 2 and "missing\\x07\\x1b[2J.trf" in result.stderr
    assert "\x07" not in result.stderr and "\x1b" not in result.stderr
