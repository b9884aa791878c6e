"""A file exported during the event (``XXR 10``, nobody paired after round 3) stands after its
last complete round: the standings and tie-breaks are those after that round and say so (issue
24), and ``validate``/``report`` say the event is NOT FINISHED, exit 1 (issue 34)."""

from __future__ import annotations

from dataclasses import replace

import paths
import pytest

import trfconv
from trfconv.model import NOT_PAIRED
from trfconv.rules.progress import progress

SOURCE = paths.FIXTURES / "trf" / "sanichi__icu_tournament__bunratty_masters_2011.trf"


def in_progress(held: int, declared: int) -> trfconv.Tournament:
    """The event as exported after round ``held`` of ``declared``: later rounds not paired,
    no points or ranks declared (they were those after the last round)."""
    t = trfconv.read(SOURCE)
    players = tuple(replace(p, rounds=p.rounds[:held] + (NOT_PAIRED,) * (declared - held), points=None, rank=None)
                    for p in t.players)
    return replace(t, players=players, event=replace(t.event, declared_rounds=declared))


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    path = tmp_path_factory.mktemp("mid") / "after3.trf"
    trfconv.write(in_progress(3, 10), path)
    return path


def test_the_model_knows_the_rounds_to_come(written):
    p = progress(trfconv.read(written))
    assert (p.standing_after, p.to_come, p.cut()) == (3, tuple(range(4, 11)), 3)
    assert progress(trfconv.read(SOURCE)).cut() is None


def test_standings_of_a_file_in_progress_are_those_after_its_last_round(written):
    t = trfconv.read(written)
    mid = trfconv.standings(t, "BH,SB,BH/C1")
    after = trfconv.standings(trfconv.read(SOURCE), "BH,SB,BH/C1", after_round=3)
    assert mid.after_round == 3 and mid.rounds == 3
    assert [(r.number, r.rank, r.values) for r in mid.rows] == [(r.number, r.rank, r.values) for r in after.rows]
    assert max(r.values[1] for r in mid.rows) <= 3 * 3  # three rounds: a Buchholz of at most 9 points
    [said] = [d for d in mid.diagnostics if d.code == "STD001"]
    assert "rounds 4-10" in said.message and "after round 3" in said.message


def test_the_standings_document_says_it(cli, written, tmp_path):
    result = cli("standings", written)
    assert result.exit_code == 0, result.output
    assert "Standings after round 3" in result.stdout and "rounds 4-10" in result.stdout
    page = tmp_path / "s.html"
    assert cli("standings", written, "--format", "html", "-o", page).exit_code == 0
    assert "after round 3 of 10" in page.read_text()


@pytest.mark.parametrize("command", ["validate", "report"])
def test_validate_and_report_say_the_event_is_not_finished(cli, written, command):
    result = cli(command, written)
    assert result.exit_code == 1 and "NOT FINISHED" in result.output and "rounds 4-10 not paired yet" in result.output
    finished = cli(command, SOURCE)
    assert "VAL041" not in finished.output and "NOT FINISHED" not in finished.output
