"""Issue 17, item 1: every reading command on many files at once (files, folders searched by
content, patterns), one damaged file never stopping the others, a summary table or JSON Lines,
the worst exit code; the same results with one worker and with two."""

from __future__ import annotations

import json
import shutil

import pytest
from paths import FIXTURES

VALID = FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf"
EXAMPLE = FIXTURES / "trf" / "pypi__fidereport__example1.trf"
XML = FIXTURES / "crosstables" / "chess-results-upload_Single_RoundRobin.xml"


@pytest.fixture
def folder(tmp_path):
    """Two good files, one at the top and one in a subfolder; an XML; a damaged TRF (a start
    number lost: 6 errors); a note and a picture, which are no tournament files."""
    root = tmp_path / "month"
    (root / "sub").mkdir(parents=True)
    shutil.copy(VALID, root / "valid.trf")
    shutil.copy(EXAMPLE, root / "sub" / "example1.trf")
    shutil.copy(XML, root / "sub" / "roundrobin.xml")
    text = VALID.read_text("utf-8")
    (root / "damaged.trf").write_text(text.replace("\n001    3", "\n001    X"), "utf-8")
    (root / "notes.txt").write_text("call the arbiter\n", "utf-8")
    (root / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    return root


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_on_a_folder_summarises_every_file(cli, folder, jobs):
    result = cli("check", folder, "--jobs", jobs)
    assert result.exit_code == 1  # the worst: the damaged file's errors
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["file", "event", "players", "errors", "warnings", "verdict", "written"]
    rows = {line.split()[0].removeprefix(str(folder) + "/"): line for line in lines[1:-1]}
    assert list(rows) == ["damaged.trf", "sub/example1.trf", "sub/roundrobin.xml", "valid.trf"]
    assert rows["damaged.trf"].split()[-5:] == ["11", "6", "3", "errors", "found"]
    assert rows["valid.trf"].split()[-5:] == ["12", "0", "1", "no", "error"]
    assert lines[-1] == "4 file(s): 3 ok, 1 with problems, 2 skipped; exit 1"
    assert result.stderr.count("skipped: not a tournament file") == 1  # the note
    assert f"{folder}/photo.png: skipped: a PNG picture, not a tournament file" in result.stderr
    details = cli("check", folder, "--details")  # each file's own output, file by file
    assert f"== {folder}/damaged.trf\n{folder}/damaged.trf:" in details.stdout


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_json_lines_one_document_per_file_then_the_summary(cli, folder, jobs):
    result = cli("validate", folder / "valid.trf", folder / "sub", folder / "damaged.trf", "--json", "--jobs", jobs)
    documents = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d.get("file") for d in documents[:-1]] == [
        f"{folder}/valid.trf", f"{folder}/sub/example1.trf", f"{folder}/sub/roundrobin.xml", f"{folder}/damaged.trf"]
    single = json.loads(cli("validate", folder / "sub" / "example1.trf", "--json").stdout)
    assert documents[1] == single  # the schema and values of the command on one file
    assert documents[3]["withheld"] and documents[3]["errors"][0]["code"] == "TRF013"
    summary = documents[-1]["summary"]
    assert (summary["files"], summary["exit"], summary["by_exit"]) == (4, 1, {"0": 1, "1": 3})
    assert [r["verdict"] for r in summary["results"]] == [
        "not rateable", "rateable with exclusions", "not rateable", "not produced"]
    assert result.exit_code == 1


def test_outputs_go_to_a_folder_named_after_each_file(cli, folder, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    result = cli("convert", folder / "sub", "-o", out, "--to", "json")
    assert result.exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["example1.json", "roundrobin.json"]
    report = cli("report", f"{folder}/*.trf", "-o", out, "--format", "html")
    assert report.exit_code == 1  # valid.trf is not rateable, damaged.trf defective
    assert f"trfconv: {folder}/damaged.trf:12:1: error TRF013" in report.stderr  # a failing file's first errors
    assert "error TRF022: round 2: opponent 3 has no player line [rejected by bbpPairings] (and 4 more like it, " \
           "lines 11, 13, 15, 17)" in report.stderr  # grouped (issue 24)
    assert {"damaged-report.html", "valid-report.html"} <= {p.name for p in out.iterdir()}
    standings = cli("standings", folder, "-o", out, "--format", "csv", "-t", "BH", "--json")
    summary = json.loads(standings.stdout.splitlines()[-1])["summary"]
    assert [(r["verdict"], r.get("written", "").rsplit("/", 1)[-1]) for r in summary["results"]] == [
        ("not produced", "damaged-standings.json"), ("ranked", "example1-standings.json"),
        ("ranked", "roundrobin-standings.json"),
        ("ranked", "valid-standings.json")]
    # a file in a subfolder of the folder given keeps its subfolder in the output folder
    assert json.loads(standings.stdout.splitlines()[1])["written"] == str(out / "sub" / "example1-standings.json")
    refused = cli("convert", folder, "-o", out / "one.trf")
    assert refused.exit_code == 2 and "give a folder for the outputs of several files" in refused.stderr


def test_a_pattern_that_matches_nothing_and_a_missing_file(cli, folder):
    result = cli("info", f"{folder}/*.pgn", folder / "valid.trf", folder / "absent.trf")
    assert result.exit_code == 2  # the missing file cannot be read
    assert "no file matches this pattern" in result.stderr
    assert "unreadable" in result.stdout


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_library_reads_many_files_in_order(folder, jobs):
    import trfconv
    from trfconv.io.many import expand

    read = list(trfconv.read_many([folder], jobs=jobs))
    assert [(p.name, len(t.players)) for p, t in read] == [
        ("damaged.trf", 11), ("example1.trf", 283), ("roundrobin.xml", 8), ("valid.trf", 12)]
    assert trfconv.has_errors(read[0][1].diagnostics) and not trfconv.has_errors(read[3][1].diagnostics)
    _, skipped = expand([folder])
    assert sorted(why for _, why in skipped) == ["a PNG picture, not a tournament file", "not a tournament file"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_input_size_limit_reaches_every_file_of_a_batch(cli, folder, jobs):
    """``trfconv --max-size`` holds for each file of a batch as for one file (the workers run the
    command's per-file function under the limit given, not a command line without it)."""
    result = cli("--max-size", "100", "info", folder, "--jobs", jobs)
    assert result.exit_code == 2
    assert result.stderr.count("more than the 100 read at most") == 4
    assert result.stdout.splitlines()[-1] == "4 file(s): 0 ok, 4 with problems, 2 skipped; exit 2"


def test_a_commands_per_file_function_returns_its_facts(folder, capsys, monkeypatch):
    """What the batch's table shows of a file comes from the record the command returns."""
    from trfconv.cli.common import Facts, input_limit
    from trfconv.cli.files import check_file, convert_file
    from trfconv.io.files import MAX_INPUT_BYTES

    monkeypatch.setitem(input_limit, "max_bytes", MAX_INPUT_BYTES)  # as the root command sets it

    facts = check_file(folder / "valid.trf", encoding=None, use_list=False, list_month=None, db=None, upload=False,
                       today=None, gacrux=False, details=False, as_json=False)
    assert facts == Facts(0, "Gonzaga Classic", 12, 0, 1, "no error")
    refused = convert_file(folder / "damaged.trf", output=None, to=None, encoding=None, output_encoding="utf-8",
                           line_ending="\r\n", lenient=False, tiebreaks=None, details=False)
    assert (refused.code, refused.errors, refused.verdict, refused.written) == (1, 6, "not written: errors", None)
    assert refused.said[0].startswith(f"trfconv: {folder}/damaged.trf:")
    assert "nothing written" in capsys.readouterr().err


@pytest.mark.slow
def test_a_batch_with_workers_ends_without_a_word_from_the_pool(tmp_path):
    """The workers of a batch that finished are let end by themselves: killing them raced the
    pool's own teardown at exit, which then printed "Exception ignored … Bad file descriptor"
    under the table (one run in four or so, with files that fail fast)."""
    import os
    import subprocess
    import sys

    for name in "abcd":
        (tmp_path / f"{name}.trf").write_text("012 damaged\n", "utf-8")
    for _ in range(10):  # the race struck one run in four or so
        run = subprocess.run([sys.executable, "-m", "trfconv", "info", "--jobs", "2", str(tmp_path)], capture_output=True,
                             text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(FIXTURES.parent)})
        assert run.returncode == 2 and run.stdout.endswith("4 file(s): 0 ok, 4 with problems; exit 2\n")
        assert "Exception ignored" not in run.stderr and "Traceback" not in run.stderr


def test_workers_are_handed_a_few_items_ahead_of_the_results_taken():
    """The results waiting for the command to take them do not grow with the number of items
    (a period of many events holds a few events' lines at a time, whatever one event costs)."""
    from trfconv.io import many

    pulled = []

    def items():
        for i in range(-50, 50):
            pulled.append(i)
            yield i

    results = many.in_workers(abs, items(), 2)
    assert next(results) == 50
    assert 1 <= len(pulled) <= many.AHEAD * 2 + 1
    assert list(results) == [abs(i) for i in range(-49, 50)] and len(pulled) == 100


def test_the_pool_ends_before_the_last_result_is_handed_over(monkeypatch):
    """A caller that stops at the last item (the period takes each event, then closes the
    generator) found the pool still running and left it to the interrupted path, whose teardown
    raced the pool's own at exit: "Exception ignored … OSError: [Errno 9] Bad file descriptor" in
    3 runs of 40 of ``period --jobs 2`` on six small events. The workers now end, waited for,
    before the last result is handed over (0 runs of 60)."""
    from trfconv.io import many

    calls, real = [], many.workers

    def spied(jobs, work=None):
        pool = real(jobs, work)
        shutdown = pool.shutdown

        def recorded(wait=True, *, cancel_futures=False):
            calls.append((wait, cancel_futures))
            return shutdown(wait=wait, cancel_futures=cancel_futures)
        pool.shutdown = recorded
        return pool

    monkeypatch.setattr(many, "workers", spied)
    results = many.in_workers(abs, [-1, -2, -3], 2)
    assert [next(results) for _ in range(3)] == [1, 2, 3]
    assert calls == [(True, False)]
    results.close()


def test_a_pattern_over_a_folder_with_a_link_to_its_parent_ends(tmp_path):
    """A quoted pattern ('in/**/*.trf') over a folder holding links to its parent searched without
    end (killed at 60 s; the folder itself took 0.2 s): ``**`` now never goes through a link to a
    folder, as a folder's search does not, and each file is found once."""
    import os
    import subprocess
    import sys

    (tmp_path / "in" / "a").mkdir(parents=True)
    shutil.copy(VALID, tmp_path / "in" / "a" / "event.trf")
    os.symlink("..", tmp_path / "in" / "a" / "up")
    os.symlink("../..", tmp_path / "in" / "a" / "top")
    code = ("from trfconv.io.many import expand; "
            "print(expand(['in/**/*.trf']), expand(['in']), expand(['in/*/*.trf']))")
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=30,
                         env={**os.environ, "PYTHONPATH": str(FIXTURES.parent)})
    found = "([PosixPath('in/a/event.trf')], [])"
    assert run.stdout == f"{found} {found} {found}\n", run.stderr
