"""Issue 24, the hostile and broken input on the new surfaces: batch outputs, the rating lists'
XML fast path and database, special files, numeric options, file names. One test per example
of the issue, and where a class is named, a test over the class."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer
from paths import FIXTURES, ROOT
from typer._click import types as click_types

from trfconv.cli import app

VALID = FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf"
EXAMPLE = FIXTURES / "trf" / "pypi__fidereport__example1.trf"
LARGE = FIXTURES / "trf" / "GrzegorzKi__CompetiChess__testLargeFile.trf"
LISTS = FIXTURES / "ratinglists"
TUNX = FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__abs_fem_1378181.TUNX"


def _options(command, path=()):
    """Every (command path, parameter) of the ``trfconv`` command tree."""
    for name, sub in (getattr(command, "commands", None) or {}).items():
        yield from _options(sub, (*path, name))
    for param in command.params:
        yield " ".join(path) or "trfconv", param


def test_every_numeric_option_of_every_command_is_bounded():
    """``playoff --armageddon-after 99999999999`` ran without end: every number an option takes
    has a least and a greatest value."""
    numeric = [(path, p) for path, p in _options(typer.main.get_command(app))
               if isinstance(p.type, (click_types.IntParamType, click_types.FloatParamType))]
    assert len(numeric) >= 11  # --jobs of five commands, --unrated, --after-round, --places, ...
    unbounded = [f"{path} --{p.name}" for path, p in numeric
                 if not isinstance(p.type, click_types._NumberRangeBase) or p.type.min is None or p.type.max is None]
    assert unbounded == []


@pytest.mark.parametrize("args", [
    ("playoff", "--players", "A,B", "--armageddon-after", "99999999999"),
    ("playoff", "--players", "A,B", "--places", "99999999999"),
    ("--max-size", "99999999999999", "formats"),
    ("standings", "x.trf", "--after-round", "1000"),
    ("check", "x.trf", "y.trf", "--jobs", "100000"),
])
def test_a_number_beyond_its_bound_is_one_line_and_exit_2(cli, args):
    result = cli(*args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "is not in the range" in result.stderr


def test_the_library_refuses_an_endless_sudden_death():
    from trfconv.rules.tiebreaks.playoff import MAX_SUDDEN_DEATH, Entrant, plan

    two = [Entrant(None, "A", 1), Entrant(None, "B", 2)]
    assert len(plan(two, seed="s", armageddon_after=MAX_SUDDEN_DEATH).stages[1].games) == MAX_SUDDEN_DEATH + 1
    with pytest.raises(ValueError, match="after 1 to 20 games"):
        plan(two, seed="s", armageddon_after=99999999999)


# -- batch outputs: never on an input, never on each other, never on a special file -----------
def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_events_of_one_name_in_two_subfolders_keep_their_subfolders(cli, tmp_path):
    """``report dup/ -o out/`` with ``dup/a/event.trf`` and ``dup/b/event.trf`` wrote one file
    (which event survived was a race) and said both were written."""
    dup, out = tmp_path / "dup", tmp_path / "out"
    (dup / "a").mkdir(parents=True)
    (dup / "b").mkdir()
    out.mkdir()
    shutil.copy(VALID, dup / "a" / "event.trf")
    shutil.copy(EXAMPLE, dup / "b" / "event.trf")
    result = cli("report", dup, "-o", out, "--jobs", "2")
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()) == [
        "a/event-report.txt", "b/event-report.txt"]
    assert (out / "a" / "event-report.txt").read_text("utf-8") != (out / "b" / "event-report.txt").read_text("utf-8")
    assert result.exit_code in (0, 1)


def test_two_files_named_alike_given_explicitly_are_refused_before_anything_is_written(cli, tmp_path):
    for part, source in (("a", VALID), ("b", EXAMPLE)):
        (tmp_path / part).mkdir()
        shutil.copy(source, tmp_path / part / "event.trf")
    out = tmp_path / "out"
    out.mkdir()
    result = cli("report", tmp_path / "a" / "event.trf", tmp_path / "b" / "event.trf", "-o", out)
    assert result.exit_code == 2 and list(out.iterdir()) == []
    assert (f"trfconv: {out}/event-report.txt: is the output of both {tmp_path}/a/event.trf and "
            f"{tmp_path}/b/event.trf") in result.stderr
    assert result.stdout == ""


def test_convert_a_folder_into_itself_never_writes_over_an_input(cli, tmp_path):
    """``convert FOLDER -o FOLDER`` refused to write over a.trf, then wrote sub/a.TUNX and
    sub/a.txt over it."""
    folder = tmp_path / "month"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(VALID, folder / "a.trf")
    shutil.copy(TUNX, folder / "sub" / "a.TUNX")
    shutil.copy(EXAMPLE, folder / "sub" / "a.txt")
    before = _snapshot(folder)
    result = cli("convert", folder, "-o", folder)
    assert result.exit_code == 2
    assert _snapshot(folder) == before  # nothing written, nothing made
    lines = result.stderr.splitlines()
    assert f"trfconv: {folder}/a.trf: would overwrite {folder}/a.trf, an input of this batch" in lines
    assert (f"trfconv: {folder}/sub/a.trf: is the output of both {folder}/sub/a.TUNX and {folder}/sub/a.txt"
            in lines)
    assert lines[-1].startswith(f"trfconv: {folder}: 2 output(s) cannot be written; nothing written")
    # names kept apart and an output folder of its own: every file converted, each in its place
    (folder / "sub" / "a.txt").rename(folder / "sub" / "b.txt")
    out = tmp_path / "out"
    out.mkdir()
    assert cli("convert", folder, "-o", out).exit_code == 0
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*.trf")) == ["a.trf", "sub/a.trf", "sub/b.trf"]


def test_a_fifo_at_an_output_name_is_refused_up_front(tmp_path):
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    out.mkdir()
    shutil.copy(VALID, folder / "valid.trf")
    shutil.copy(EXAMPLE, folder / "example.trf")
    os.mkfifo(out / "valid.trf")
    result = _run_trfconv("convert", folder, "-o", out, timeout=60)
    assert result.returncode == 2
    assert f"trfconv: {out}/valid.trf: is not a regular file (a FIFO, a device or a socket)" in result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["valid.trf"]  # the other file not written either


def test_a_folder_names_what_is_no_regular_file_in_a_skipped_line(cli, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(VALID, folder / "valid.trf")
    os.mkfifo(folder / "pipe.trf")
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(folder / "sock.trf"))
    (folder / "device.trf").symlink_to("/dev/null")
    (folder / "gone.trf").symlink_to(folder / "nothing.trf")
    try:
        result = _run_trfconv("check", folder, timeout=60)
        pattern = _run_trfconv("check", f"{folder}/*.trf", timeout=60)
    finally:
        server.close()
    for found in (result, pattern):
        assert found.returncode == 0
        assert sorted(line for line in found.stderr.splitlines() if "skipped" in line) == [
            f"trfconv: {folder}/device.trf: skipped: a character device, not a file",
            f"trfconv: {folder}/gone.trf: skipped: a symbolic link to nothing",
            f"trfconv: {folder}/pipe.trf: skipped: a FIFO (named pipe), not a file",
            f"trfconv: {folder}/sock.trf: skipped: a socket, not a file"]
        assert found.stdout.splitlines()[-1] == "1 file(s): 1 ok, 0 with problems, 4 skipped; exit 0"


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _ctrl_c_default() -> None:
    """The batch as a terminal starts it: Ctrl-C not ignored (a test run in the background of a
    shell inherits SIGINT ignored, and Python then never raises KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL, signal.SIGINT])
def test_a_batch_killed_leaves_no_worker_behind(tmp_path, how):
    """SIGINT goes to the whole process group, as Ctrl-C on a terminal sends it."""
    folder = tmp_path / "many"
    folder.mkdir()
    for k in range(40):
        shutil.copy(LARGE, folder / f"event{k:02d}.trf")
    code, _ = _killed(["report", folder, "--jobs", "2"], how)
    if how != signal.SIGKILL:  # ended as Ctrl-C ends it
        assert code == 130


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL, signal.SIGINT])
def test_a_period_killed_leaves_no_worker_behind(tmp_path, how):
    """The period's workers (``--jobs 2``) stop with it; Ctrl-C and SIGTERM end it as
    interrupted, nothing written."""
    from swissbuild import generate_swiss_trf

    folder = tmp_path / "month"
    folder.mkdir()
    text = generate_swiss_trf(600, 9, seed=3)  # played in March 2026 (its 042/052 dates)
    for k in range(80):
        (folder / f"event{k:02d}.trf").write_text(text.replace("012 ", f"012 Event {k} ", 1), "utf-8")
    out = tmp_path / "period.csv"
    code, said = _killed(["period", folder, "--period", "2026-04", "--format", "csv", "-o", out, "--jobs", "2"], how)
    if how != signal.SIGKILL:
        assert (code, said) == (130, "trfconv: interrupted: the period was not computed; nothing written\n")
    assert not out.exists()


def _killed(args: list, how: signal.Signals) -> tuple[int, str]:
    """``trfconv ARGS`` started as a terminal starts it, sent ``how`` once its two workers run
    (SIGINT to the whole process group, as Ctrl-C on a terminal sends it); its exit code and
    standard error, once no worker of it is left."""
    process = subprocess.Popen([sys.executable, "-m", "trfconv", *map(str, args)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
                               preexec_fn=_ctrl_c_default)
    deadline = time.monotonic() + 60
    workers = set()
    while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.1)
        workers = _children(process.pid)
    assert len(workers) >= 2, "the command never started its workers"
    if how == signal.SIGINT:
        os.killpg(process.pid, how)
    else:
        process.send_signal(how)
    process.wait(timeout=30)
    deadline = time.monotonic() + 10
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(map(_alive, workers))
    said = process.stderr.read()
    process.stderr.close()
    return process.returncode, said


def _run_trfconv(*args, timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "trfconv", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)})


# -- file names that are not UTF-8 -----------------------------------------------------------------
@pytest.fixture
def latin1_named(tmp_path):
    """A tournament file whose name is Latin-1 bytes (``café.trf`` written on an old system)."""
    folder = tmp_path / "events"
    folder.mkdir()
    name = os.fsdecode(b"caf\xe9.trf")
    shutil.copy(VALID, folder / name)
    return folder, folder / name


@pytest.mark.slow
@pytest.mark.parametrize("args", [("info", "--json"), ("check", "--json"), ("validate", "--json"),
                                  ("report", "--format", "json"), ("standings", "--format", "json"),
                                  ("standings", "--json"), ("playoff", "--places", "3", "--json")])
def test_a_name_that_is_not_utf8_is_kept_in_json(latin1_named, args):
    """Such names showed as ``?`` in batch JSON (and a JSON document to a file was an internal
    error): each byte that is not UTF-8 is written ``\\xNN``, in valid JSON."""
    folder, path = latin1_named
    shown = f"{folder}/caf\\xe9.trf"
    one = _run_trfconv(args[0], path, *args[1:], timeout=60)
    assert json.loads(one.stdout)["file"] == shown
    if args[0] != "playoff" and "--json" in args:  # a batch's JSON Lines
        batch = _run_trfconv(args[0], folder, *args[1:], timeout=60)
        documents = [json.loads(line) for line in batch.stdout.splitlines()]
        assert documents[-1]["summary"]["results"][0]["file"] == shown
        assert "caf?" not in batch.stdout + batch.stderr


@pytest.mark.slow
def test_a_name_that_is_not_utf8_in_text_and_in_a_written_document(latin1_named, tmp_path):
    folder, path = latin1_named
    text = _run_trfconv("check", path, timeout=60)
    assert f"{folder}/caf\\xe9.trf: 0 error(s)" in text.stdout
    out = tmp_path / "standings.json"
    written = _run_trfconv("standings", path, "--format", "json", "-o", out, timeout=60)
    assert written.returncode == 0, written.stderr
    assert f"{folder}/caf\\xe9.trf" in json.loads(out.read_text("utf-8"))["file"]
    table = _run_trfconv("check", folder, timeout=60)
    assert table.stdout.startswith("file") and f"{folder}/caf\\xe9.trf " in table.stdout


# -- the rating lists' XML: the fast path takes exactly what lxml takes --------------------------
_XML_PIECES = ("\x00", "\x1f", "\x1b[31m", "\x7f", "\x9b", "\ufffe", "\uffff", "]]>", "<", "&", "&#31;", "&#x1F;",
               "&amp;", "\u00a0", "\u2028", "\t", "\n", "\r", " ", "A" * 5000, "<!-- c -->", "<!-- a -- b -->",
               "<![CDATA[x]]>", "<?pi x?>", "</player>", "<player>", '"', "'", ">", "/", "=", "\x0c", "\x1c", "é",
               "x", "<?xml version='1.0'?>")


def _xml_outcome(data: bytes, *, careful: bool, monkeypatch):
    """The stored lines and rated counts of an XML list, or the code of its refusal; ``careful``:
    every block through lxml."""
    from trfconv.io.ratinglist import parse

    with monkeypatch.context() as patch:
        if careful:
            patch.setattr(parse._XmlBlocks, "_learn", lambda self, text: None)
        try:
            source = parse._header(io.BufferedReader(io.BytesIO(data)), "x.xml", "x.xml", len(data))
            return [line for chunk in source.lines() for line in chunk], dict(source.rated)
        except parse.ListError as err:
            return err.diagnostic.code


def _well_formed(data: bytes) -> bool:
    from lxml import etree

    from trfconv.io.xml_safe import parser

    try:
        etree.fromstring(data, parser())
        return True
    except etree.XMLSyntaxError:
        return False


@pytest.mark.slow
@pytest.mark.parametrize("chunk", [1 << 20, 700])
def test_mutated_xml_lists_the_fast_path_and_lxml_agree(monkeypatch, chunk):
    """381 of 7,200 mutated lists that lxml rejects were imported (a U+001F in a name stored,
    and every later look-up exited 3). Over seeded mutations of the combined XML fixture: the
    fast path and the lxml path give the same stored lines and counts or the same refusal, and
    a list lxml finds not well-formed is never imported."""
    import random

    from trfconv.io.ratinglist import parse

    monkeypatch.setattr(parse, "CHUNK", chunk)
    base = (LISTS / "players_list_xml_foa.xml").read_text("utf-8")
    rng = random.Random(24)
    refused = accepted = 0
    for _ in range(1500):
        text = base
        for _ in range(rng.randint(1, 2)):
            at = rng.randrange(len(text))
            choice = rng.random()
            if choice < 0.7:
                text = text[:at] + rng.choice(_XML_PIECES) + text[at:]
            elif choice < 0.85:
                text = text[:at] + text[at + rng.randint(1, 20):]
            else:
                end = at + rng.randint(1, 40)
                text = text[:end] + text[at:end] + text[end:]
        data = text.encode("utf-8", "surrogatepass")
        fast = _xml_outcome(data, careful=False, monkeypatch=monkeypatch)
        assert fast == _xml_outcome(data, careful=True, monkeypatch=monkeypatch), text
        if not _well_formed(data):
            assert isinstance(fast, str), text
            refused += 1
        accepted += not isinstance(fast, str)
    assert refused == 1420 and accepted > 50  # the mutations reach what XML forbids, and what it allows


@pytest.mark.parametrize("value, code", [("Vardanel\x1f, Toren", "XML001"), ("Vardanel\x00", "XML001"),
                                         ("\x1b[2J\x1b[31mVardanel", "XML001"), ("Var\x9bdanel", "LST031"),
                                         ("Var\x7fdanel", "LST031"),
                                         ("Var\ufffedanel", "XML001"), ("Var]]>danel", "XML001"),
                                         ("V" * 4100, "LST031"), ("Var&#x1F;danel", "XML001"),
                                         ("Var&#x9b;danel", "LST031")])
def test_what_xml_or_the_list_forbids_in_a_name_is_refused(tmp_path, value, code):
    from trfconv.ratinglists import ListError, import_list, open_lists

    path = tmp_path / "players_list_xml_foa.xml"
    xml = (LISTS / "players_list_xml_foa.xml").read_text("utf-8")
    path.write_bytes(xml.replace("Vardanel, Toren", value).encode("utf-8", "surrogatepass"))
    with pytest.raises(ListError) as refused:
        import_list(path, db=tmp_path / "lists.sqlite", month="2026-10")
    assert refused.value.diagnostic.code == code
    assert not open_lists(tmp_path / "lists.sqlite").months()


def test_a_c1_control_in_a_txt_list_is_refused(tmp_path):
    from trfconv.ratinglists import ListError, import_list

    path = tmp_path / "players_list_foa.txt"
    path.write_text((LISTS / "players_list_foa.txt").read_text("utf-8").replace("Vardanel, Toren",
                                                                                "Vardanel, Tor\x9b2J"), "utf-8")
    with pytest.raises(ListError) as refused:
        import_list(path, db=tmp_path / "lists.sqlite", month="2026-10")
    found = refused.value.diagnostic
    assert (found.code, found.message) == ("LST031", "control character in the line")


def test_list_show_never_echoes_a_raw_control_character(cli, tmp_path):
    """A database written before the lists refused them may hold a name with terminal escapes:
    ``list show`` and ``list find`` write them ``\\xNN``."""
    import sqlite3

    from trfconv.ratinglists import import_list

    db = tmp_path / "lists.sqlite"
    import_list(LISTS / "players_list_xml_foa.xml", db=db, month="2026-10")
    with sqlite3.connect(db) as con:
        con.execute("UPDATE p1 SET line = replace(line, 'Vardanel', "
                    "'Var' || char(27) || '[2J' || char(155) || 'danel')")
    shown = cli("list", "show", "90100011", "--db", db)
    assert shown.exit_code == 0
    assert "name        Var\\x1b[2J\\x9bdanel, Toren" in shown.stdout and "\x1b" not in shown.stdout
    found = cli("list", "find", "Var Toren", "--db", db)
    assert "Var\\x1b[2J\\x9bdanel, Toren" in found.stdout and "\x9b" not in found.stdout


# -- the rating lists database: every failure one line and exit 2 ---------------------------------
@pytest.fixture
def lists_db(tmp_path):
    from trfconv.ratinglists import import_list

    db = tmp_path / "lists.sqlite"
    import_list(LISTS / "players_list_xml_foa.xml", db=db, month="2026-10")
    return db


def _damage(db: Path, table: str) -> None:
    """Overwrite the first page of ``table`` (a data page or an index page) with garbage."""
    import sqlite3

    with sqlite3.connect(db) as con:
        size = con.execute("PRAGMA page_size").fetchone()[0]
        root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    data = bytearray(db.read_bytes())
    data[size * (root - 1):size * root] = (b"\x05AAAAAA" * size)[:size]
    db.write_bytes(bytes(data))


@pytest.mark.parametrize("table", ["p1", "p1_id", "p1_name", "header"])
def test_a_damaged_database_is_one_line_and_exit_2(cli, lists_db, tmp_path, table):
    if table == "header":
        data = bytearray(lists_db.read_bytes())
        data[:16] = b"not a database!!"
        lists_db.write_bytes(bytes(data))
    else:
        _damage(lists_db, table)
    from eventbuild import listed_round_robin

    event = listed_round_robin(tmp_path / "event.trf")  # its players are in the list
    commands = [("list", "show", "90100011"), ("list", "find", "Vardanel Toren"), ("check", event, "--list"),
                ("report", event, "--list"), ("fill", event, "--list", "-o", tmp_path / "filled.trf")]
    if table == "header":  # a damaged page is met when it is read; a damaged header, always
        commands += [("list", "info"), ("list", "import", LISTS / "players_list_foa.txt", "--date", "2026-11")]
    elif table == "p1_name":
        commands = commands[1:2]  # the name index is read to find a name, not an ID
    for args in commands:
        result = cli(*args, "--db", lists_db)
        lines = result.stderr.splitlines()
        assert result.exit_code == 2, (args, result.stderr)
        assert lines[0].startswith(f"trfconv: {lists_db}: ") and "internal error" not in result.stderr
        assert ("damaged" in lines[0]) if table != "header" else ("not a rating lists database" in lines[0])


@pytest.mark.parametrize("damage", [
    "UPDATE sources SET header = 'garbage'", "UPDATE sources SET header = x'00ff'", "UPDATE sources SET rated = 'abc'",
    "UPDATE serves SET source = 99", "UPDATE serves SET kind = 'zz' WHERE kind = 'blitz'", "UPDATE sources SET kinds = ''",
    "UPDATE sources SET fields = 'x,y'", "UPDATE sources SET month = 'xx'", "UPDATE sources SET players = 'many'",
    "sources", "serves"])
def test_a_damaged_catalogue_is_one_line_and_exit_2(cli, lists_db, damage):
    """The catalogue of the lists imported (the stored header of each list, its rates of play,
    counts and fields, which list serves which month) damaged, by a write of another program or
    a damaged page: one line saying so, exit 2 (issue 34: a damaged stored header was exit 3, an
    internal error; some damages read as a month with no player, silently)."""
    import sqlite3

    if damage in ("sources", "serves"):
        _damage(lists_db, damage)
    else:
        with sqlite3.connect(lists_db) as con:
            con.execute(damage)
    for args in (("list", "info"), ("list", "find", "Vardanel Toren"), ("list", "show", "90100011")):
        result = cli(*args, "--db", lists_db)
        assert result.exit_code == 2, (args, result.stderr)
        assert len(result.stderr.splitlines()) == 1 and "internal error" not in result.stderr
        assert result.stderr.startswith(f"trfconv: {lists_db}: ") and "damaged" in result.stderr


def test_the_library_says_a_damaged_database_in_one_sentence(lists_db):
    from trfconv.ratinglists import StoreError, open_lists

    _damage(lists_db, "p1")
    with pytest.raises(StoreError) as caught:
        open_lists(lists_db).player(90100011)
    assert caught.value.why == ("the database is damaged (database disk image is malformed); import the lists again "
                                "into a new database")


def test_a_separator_stored_by_an_earlier_version_is_one_line_and_exit_2(cli, lists_db):
    """A U+001F in a name, stored before the lists refused it, made every later look-up of that
    player exit 3 until the month was imported again."""
    import sqlite3

    with sqlite3.connect(lists_db) as con:
        con.execute("UPDATE p1 SET line = replace(line, 'Vardanel, Toren', 'Vardanel' || char(31) || ' Toren')")
    for args in (("list", "show", "90100011"), ("list", "find", "Vardanel")):
        result = cli(*args, "--db", lists_db)
        assert result.exit_code == 2
        assert result.stderr == (f"trfconv: {lists_db}: a player's stored line from players_list_xml_foa.xml does not "
                                 "read (a control character in a value, stored by an earlier trfconv); import that "
                                 "list again\n")
    assert cli("list", "show", "90100020", "--db", lists_db).exit_code == 0  # the others read


def _connect_then(monkeypatch, pragma):
    """Every SQLite connection made from now on runs ``pragma`` first (a read-only or a full
    database, as SQLite itself reports them)."""
    import sqlite3

    real = sqlite3.connect

    def connect(*args, **kwargs):
        con = real(*args, **kwargs)
        con.execute(pragma(con))
        return con
    monkeypatch.setattr(sqlite3, "connect", connect)


def test_keep_unrated_on_a_read_only_database(cli, lists_db, tmp_path, monkeypatch):
    import sqlite3

    before = lists_db.read_bytes()
    _connect_then(monkeypatch, lambda con: "PRAGMA query_only = ON")
    from dataclasses import replace

    from eventbuild import swiss

    import trfconv

    # an unrated player against three rated 1800 in February 2026: his games are to be kept
    others = {2: (3, 4), 3: (2, 4), 4: (2, 3)}
    games = [[(1, o, r), (*others[o], "=")] for o, r in zip((2, 3, 4), ("1-0", "0-1", "="), strict=True)]
    t = swiss([None, 1800, 1800, 1800], games, start="2026/02/02", name="Winter")
    t = replace(t, players=tuple(replace(p, fide_id=str(5000 + p.start_number)) for p in t.players))
    event = tmp_path / "winter.trf"
    trfconv.write(t, event)
    result = cli("period", event, "--period", "2026-03", "--db", lists_db, "--keep-unrated")
    assert result.exit_code == 2, result.stderr
    assert result.stderr.splitlines()[-1] == (f"trfconv: {lists_db}: the database is read-only (its file or folder "
                                              "cannot be written)")
    monkeypatch.undo()
    assert lists_db.read_bytes() == before
    assert sqlite3.connect(lists_db).execute("SELECT count(*) FROM unrated").fetchone() == (0,)


def test_a_full_disk_says_disk_full_and_changes_nothing(cli, lists_db, monkeypatch):
    """SQLite rolls the transaction back itself when the disk is full; a second ROLLBACK said
    "cannot rollback" instead of why. The limit of pages is SQLite's own SQLITE_FULL."""
    from trfconv.ratinglists import open_lists

    _connect_then(monkeypatch, lambda con: "PRAGMA max_page_count = "
                                           f"{con.execute('PRAGMA page_count').fetchone()[0] or 1}")
    result = cli("list", "import", LISTS / "players_list_foa.txt", "--date", "2026-11", "--db", lists_db)
    assert result.exit_code == 2
    assert result.stderr == (f"trfconv: {lists_db}: disk full: the database could not grow; nothing was changed "
                             "(free some space and try again)\n")
    monkeypatch.undo()
    assert list(open_lists(lists_db).months()) == ["2026-10"]


def test_a_database_locked_by_another_import_is_waited_for_then_refused(cli, lists_db, monkeypatch):
    import sqlite3

    from trfconv.io.ratinglist import store

    monkeypatch.setattr(store, "BUSY_SECONDS", 0.5)
    other = sqlite3.connect(lists_db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another import, writing
    try:
        started = time.monotonic()
        result = cli("list", "import", LISTS / "players_list_foa.txt", "--date", "2026-11", "--db", lists_db)
        waited = time.monotonic() - started
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert result.exit_code == 2 and waited >= 0.5
    assert result.stderr == (f"trfconv: {lists_db}: the database is in use by another program (an import?) and "
                             "stayed so for 0.5 seconds; try again when it has ended\n")
    assert store.BUSY_SECONDS == 0.5 and cli("list", "show", "90100011", "--db", lists_db).exit_code == 0


def test_no_folder_is_made_for_a_database_named_and_another_programs_file_is_refused(cli, tmp_path):
    import sqlite3

    missing = tmp_path / "typo" / "lists.sqlite"
    result = cli("list", "import", LISTS / "players_list_foa.txt", "--date", "2026-10", "--db", missing)
    assert result.exit_code == 2 and not (tmp_path / "typo").exists()
    assert result.stderr == (f"trfconv: {missing}: folder '{tmp_path}/typo' does not exist (no folder is made for a "
                             "database named); make it first, or give another database (--db PATH)\n")
    other = tmp_path / "accounts.sqlite"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE invoices(id INTEGER, amount TEXT)")
    before = other.read_bytes()
    for args in (("list", "import", LISTS / "players_list_foa.txt", "--date", "2026-10"), ("list", "info")):
        refused = cli(*args, "--db", other)
        assert refused.exit_code == 2
        assert f"trfconv: {other}: another program's SQLite database (it holds table(s) invoices)" in refused.stderr
    assert other.read_bytes() == before


# -- special files as rating lists ---------------------------------------------------------------
def test_list_import_refuses_a_device_and_a_fifo_at_once(tmp_path):
    """``list import /dev/zero`` read 7.3 GB in 15 s; a FIFO without a writer hung; one with a
    writer said "not seekable"."""
    fifo = tmp_path / "list.fifo"
    os.mkfifo(fifo)
    db = tmp_path / "lists.sqlite"
    why = "error IO001: cannot read: is not a regular file (a device, a pipe or a socket); copy it to a file first"
    for special in ("/dev/zero", fifo):
        result = _run_trfconv("list", "import", special, "--date", "2026-10", "--db", db, timeout=30)
        assert (result.returncode, result.stderr) == (2, f"trfconv: {special}: {why}\n")
    writer = subprocess.Popen(["sh", "-c", f"cat '{LISTS / 'players_list_foa.txt'}' > '{fifo}'"])
    try:
        result = _run_trfconv("list", "import", fifo, "--date", "2026-10", "--db", db, timeout=30)
    finally:
        writer.kill()
        writer.wait()
    assert (result.returncode, result.stderr) == (2, f"trfconv: {fifo}: {why}\n")
    assert "seekable" not in result.stderr and not db.exists()


# -- the period in FIDE's list layout ------------------------------------------------------------
def test_the_fide_layout_says_what_it_cuts(cli, tmp_path):
    """The period's ``fide`` layout cut names (60 characters) and federations (3) without a word."""
    from dataclasses import replace

    from eventbuild import swiss

    import trfconv

    long_name = "Wolfeschlegelsteinhausenbergerdorff-Oberschwabenland, Hubert Blaine Maximilian"
    t = swiss([1800, 1800], [[(1, 2, "1-0")], [(2, 1, "=")]], start="2026/02/02", name="Winter")
    players = {1: (long_name, "GERX"), 2: ("Short, Anna", "NED")}
    t = replace(t, players=tuple(replace(p, fide_id=str(90000000 + p.start_number), name=players[p.start_number][0],
                                         federation=players[p.start_number][1]) for p in t.players))
    event = tmp_path / "winter.json"  # trfconv's JSON holds names of any length (a TRF, 33 characters)
    trfconv.write(t, event, format="json")
    out = tmp_path / "list.txt"
    result = cli("period", event, "--period", "2026-03", "--format", "fide", "-o", out, "--lenient")
    warnings = [line for line in result.stderr.splitlines() if "WRT001" in line]
    assert warnings == [
        f"trfconv: {out}: warning WRT001: FIDE list layout, FIDE ID 90000001: name {long_name!r} is {len(long_name)} "
        f"characters, the column holds 60; written as {long_name[:60]!r}",
        f"trfconv: {out}: warning WRT001: FIDE list layout, FIDE ID 90000001: federation 'GERX' is 4 characters, "
        "the column holds 3; written as 'GER'"]
    line = next(x for x in out.read_text("ascii").splitlines() if x.startswith("90000001"))
    assert line[15:76] == long_name[:60] + " " and line[76:80] == "GER "


def test_no_command_writes_over_any_of_its_inputs(cli, lists_db, tmp_path):
    """The batch's class in the single commands: ``period a.trf b.trf -o b.trf`` wrote over the
    second event, ``report --k-file k.csv -o k.csv`` over the K file, ``fill --db L -o L`` would
    over the lists database. Every file a command reads is refused as its output, up front."""
    event, other, k_file = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "k.csv"
    shutil.copy(VALID, event)
    shutil.copy(EXAMPLE, other)
    k_file.write_text("12345,20\n", "ascii")
    before = _snapshot(tmp_path)
    for args, output in ((("period", event, other, "--period", "2008-03"), other),
                         (("period", tmp_path, "--period", "2008-03"), other),
                         (("report", event, "--k-file", k_file), k_file),
                         (("report", event, "--list", "--db", lists_db), lists_db),
                         (("fill", event, "--list", "--db", lists_db), lists_db)):
        result = cli(*args, "-o", output)
        assert result.exit_code == 2, args
        assert result.stderr == f"trfconv: {output}: is an input of this command ({output}); refusing to overwrite it\n"
    assert _snapshot(tmp_path) == before
