"""What to do, as data: the library's messages name no command-line option; each face words the
actions in its own terms (the terminal an option, the page a control)."""

from __future__ import annotations

import re

import paths

import trfconv
from trfconv.actions import PLAIN, Action, Voice, speaking, voice
from trfconv.cli.hints import TERMINAL
from trfconv.documents.basis import Basis, withheld_note as note
from trfconv.web.voice import PAGE

OPTION = re.compile(r"(?<![\w-])--?[a-z][\w-]*")  #: ``--after-round``, ``-o``: an option's name
#: Round 4 paired without its results, round 5 not paired: NOT FINISHED, judged after round 3 or
#: said to have ended there.
PAIRED = paths.FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__esp_1385606.TUNX"


def not_finished():
    [said] = [d for d in trfconv.validate(trfconv.read(PAIRED)).diagnostics if d.code == "VAL041"]
    return said


def test_a_voice_words_the_actions_it_knows_and_the_library_none():
    said = not_finished()
    assert said.message.endswith("not judged; judge it when it is over") and not OPTION.search(said.message)
    assert [a.kind for a in said.actions] == ["after-round", "finished-after"]
    assert str(said).endswith("judge it when it is over")  # the library's voice: no means named
    with speaking(TERMINAL):
        assert str(said).endswith("judge it when it is over (--after-round 3 judges the rounds complete, "
                                  "--finished-after 3 says it ended after round 3)")
        assert said.as_dict()["message"] == voice().message(said)
    with speaking(PAGE):  # the page has no control saying that the event ended early: not worded
        assert str(said).endswith("judge it when it is over ('after round' 3 judges the rounds complete)")
    assert voice() is PLAIN


def test_an_action_is_one_of_the_registry():
    try:
        Action("lenient")
    except ValueError as err:
        assert "unknown action 'lenient'" in str(err)
    else:
        raise AssertionError("an unknown action was made")
    assert Voice("x", {"after-round": "round {value} {purpose}"}).hint(Action("after-round", 4)) == "round 4"


def test_a_withheld_document_says_how_to_have_it_anyway_in_each_voice():
    defect = trfconv.read(paths.FIXTURES / "trf" / "echecsjs__trf__trf26_team.trf")
    basis = Basis("x.trf", defect.diagnostics)
    assert basis.withheld
    assert "ask for the document anyway, which then says" in note(basis)
    with speaking(TERMINAL):
        assert "ask for the document anyway (--lenient), which then says" in note(basis)
    with speaking(PAGE):
        assert "ask for the document anyway (tick 'even with errors'), which then says" in note(basis)


def test_no_message_of_the_library_names_an_option(tmp_path):
    """Every diagnostic, caveat and document the library makes on files that ask for an action
    (an event not finished, a period without a list, one left out, a file too large, a document
    withheld), in the library's voice: no option named."""
    said: list[str] = []
    codes: set[str] = set()
    running = trfconv.read(PAIRED)
    verdict = trfconv.validate(running)
    said += [str(d) for d in verdict.diagnostics] + [verdict.decision_text]
    said += [p.reason for p in verdict.players]
    period = trfconv.period([trfconv.read(paths.FIXTURES / "examples" / "example-open-2026.trf")])
    said += [str(d) for d in period.diagnostics]
    left = trfconv.period([paths.FIXTURES / "examples" / "example-open-2026.trf", PAIRED,
                           paths.FIXTURES / "papi" / "swiss-in-progress.papi"], month="2026-05")
    said += [str(d) for d in left.diagnostics]
    try:
        trfconv.read(paths.FIXTURES / "examples" / "example-open-2026.trf", max_bytes=10)
    except trfconv.TrfconvError as err:
        said += [str(d) for d in err.diagnostics]
        codes |= {d.code for d in err.diagnostics}
    codes |= {d.code for d in (*verdict.diagnostics, *period.diagnostics, *left.diagnostics)}
    assert {"VAL041", "PER009", "PER012", "PER013", "PER019", "PER031", "IO001"} <= codes  # each asks for an action
    from trfconv.documents.registry import document
    from trfconv.documents.verdict import VerdictReport

    defect = trfconv.read(paths.FIXTURES / "trf" / "echecsjs__trf__trf26_team.trf")
    for t in (running, defect):
        basis = Basis("x", (*t.diagnostics, *trfconv.validate(t).diagnostics), scope="rating")
        said.append(document("verdict").render(VerdictReport(basis, t, trfconv.validate(t)), "text"))
    named = sorted({m for text in said for m in OPTION.findall(text)})
    assert not named, named
    assert any("judge it when it is over" in text for text in said)
