"""Papi's files read into the model, each field checked against mdb-export's reading of the same
file (the codes as docs/papi.md lists them), on every file of the corpus and every made one
(``fixtures/papi``; their own values are asserted in ``test_papi_made.py``); the Papi-JSON form
against the FIDE TEC crosstables it holds; the commands on them."""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from mdbexport import mdb_export, needs_mdb_export
from papi_corpus import MADE, STEMS, by_name, needs_corpus, papi_file
from paths import FIXTURES
from trfconv.io.registry import detect_format, read_bytes
from trfconv.model import Bye, ByeKind, Colour, Forfeit, Game, NotPaired, Outcome, Pending

JSON = FIXTURES / "crosstables"
#: What the corpus's SOURCES.md counts in each file: players, games, forfeits (one per player
#: forfeiting or winning by forfeit), pairing-allocated byes, half-point byes, absences.
COUNTS = {
    "58698": (581, 2333, 63 * 2 + 15 * 2, 4, 2, 401),
    "avoine_2023": (350, 1534, 4 * 2, 0, 23, 51),
    "domloup-fide-33-D": (18, 0, 0, 0, 0, 0),
    "domloup-rapide-2022-B": (58, 255, 1 * 2, 3, 0, 7),
    "domloup-rapide-2022-jeunes": (11, 40, 0, 8, 0, 0),
}
#: Papi's codes (docs/papi.md), written out again for the test.
TITLES = {"g": "GM", "m": "IM", "f": "FM", "gf": "WGM", "mf": "WIM", "ff": "WFM"}
POINTS = {1: 0, 2: Fraction(1, 2), 3: 1, 4: 0, 5: 0, 6: 1}


def read(path: Path):
    return read_bytes(path.read_bytes(), str(path))


def papi_reading(path: Path):
    """The players as mdb-export reads them: the EXEMPT row apart, numbered by Ref; the event's
    variables."""
    rows = sorted(mdb_export(path, "JOUEUR"), key=lambda r: int(r["Ref"]))
    info = {r["Variable"]: r["Value"] or "" for r in mdb_export(path, "INFO")}
    exempt = {r["Ref"] for r in rows if r["Ref"] == "1" and r["Nom"] == "EXEMPT"}
    return [r for r in rows if r["Ref"] not in exempt], exempt, info


def expected_round(row, r, number, exempt):
    """What round ``r`` of a player's row is, by Papi's codes: (kind, colour, opponent, what)."""
    code, opponent, result = (row[f"Rd{r:02}Cl"] or "").strip(), row[f"Rd{r:02}Adv"], int(row[f"Rd{r:02}Res"] or 0)
    colour = {"B": Colour.WHITE, "N": Colour.BLACK}.get(code)
    if code == "F":
        return ("bye", {0: ByeKind.ZERO, 2: ByeKind.HALF}[result])
    if colour is None:
        return ("not paired",)
    if opponent in exempt:
        return ("bye", ByeKind.PAB if result == 6 else ByeKind.HALF)
    if result == 0:
        return ("pending", colour, number[opponent])
    if result in (4, 5, 6):
        return ("forfeit", colour, number[opponent], result == 6)
    return ("game", colour, number[opponent], {1: Outcome.LOSS, 2: Outcome.DRAW, 3: Outcome.WIN}[result])


def model_round(entry):
    match entry:
        case Bye(kind=kind):
            return ("bye", kind)
        case NotPaired():
            return ("not paired",)
        case Pending(opponent=o, colour=c):
            return ("pending", c, o)
        case Forfeit(won=won, opponent=o, colour=c):
            return ("forfeit", c, o, won)
        case Game(opponent=o, colour=c, outcome=outcome):
            return ("game", c, o, outcome)
    raise AssertionError(entry)


@pytest.mark.slow
@pytest.mark.parametrize("stem", (*STEMS, *MADE))
def test_every_player_and_round_is_the_files(stem):
    needs_mdb_export()
    path = papi_file(stem)
    t = read(path)
    rows, exempt, info = papi_reading(path)
    number = {r["Ref"]: n for n, r in enumerate(rows, 1)}
    rating, flag = {"Elo": ("Elo", "Fide"), "Rapide": ("Rapide", "RapideFide"),
                    "Blitz": ("Blitz", "BlitzFide")}[info["ClassElo"]]
    assert [d.code for d in t.source.diagnostics if d.severity.value != "info"] == []
    assert len(t.players) == len(rows) and exempt == {"1"}
    assert all("EXEMPT" not in p.name for p in t.players)
    paired = max((r for r in range(1, 25) if any(row[f"Rd{r:02}Cl"] in ("B", "N") for row in rows)), default=0)
    for p, row in zip(t.players, rows, strict=True):
        assert p.start_number == number[row["Ref"]]
        assert p.name == (f"{row['Nom']}, {row['Prenom']}" if row["Prenom"] else row["Nom"])
        assert p.sex == {"M": "m", "F": "w"}[row["Sexe"]]
        assert p.title == TITLES.get((row["FideTitre"] or "").strip())
        assert p.rating == (int(row[rating]) if row[flag] == "F" else None)
        assert p.federation == row["Federation"]
        assert p.fide_id == (str(int(row["FideCode"])) if (row["FideCode"] or "").strip(" 0") else None)
        born = row["NeLe"]
        assert (p.birth_date and str(p.birth_date)) == (born and born[:10].replace("-", "/"))
        national = int(row[rating]) if row[flag] == "N" else None
        assert [(n.federation, n.rating, n.national_id) for n in p.national_ratings] == (
            [("FRA", national, row["NrFFE"])] if national or row["NrFFE"] else [])
        assert len(p.rounds) == paired
        assert [model_round(e) for e in p.rounds] == [expected_round(row, r, number, exempt)
                                                      for r in range(1, paired + 1)]
        points = sum(POINTS.get(int(row[f"Rd{r:02}Res"] or 0), 0) for r in range(1, paired + 1))
        assert sum(t.scores.points(e) for e in p.rounds) == points
    e = t.event
    assert (e.name, e.city, e.chief_arbiter, e.time_control_text, e.declared_rounds) == (
        info["Nom"].strip(), info["Lieu"], info["Arbitre"], info["Cadence"], int(info["NbrRondes"]))
    assert e.start_date == date(*map(int, reversed(info["DateDebut"][:10].split("/"))))
    assert e.federation == "FRA"


@pytest.mark.parametrize("stem", STEMS)
def test_the_counts_are_those_of_the_corpus_notes(stem):
    needs_corpus()
    t = read(by_name(stem))
    entries = Counter()
    for p in t.players:
        for e in p.rounds:
            entries[e.kind if isinstance(e, Bye) else type(e)] += 1
    assert (len(t.players), entries[Game] // 2, entries[Forfeit], entries[ByeKind.PAB], entries[ByeKind.HALF],
            entries[ByeKind.ZERO]) == COUNTS[stem]
    assert t.source.format == "papi" and t.source.version.startswith("Papi 3.3.")


def test_orphaned_pages_do_not_change_the_event():
    """The orphaned INFO pages of the Domloup files hold another time control and another first
    tie-break; the event is the table's."""
    needs_corpus()
    b, youth = read(by_name("domloup-rapide-2022-B")), read(by_name("domloup-rapide-2022-jeunes"))
    assert b.event.time_control_text == youth.event.time_control_text == "12 + 3"
    assert b.event.tiebreaks == youth.event.tiebreaks == ("OTHER_BRAZILIAN", "OTHER_HARKNESS", "OTHER_PERF")


def test_absences_entered_before_a_round_is_paired_are_requested_byes():
    needs_corpus()
    t = read(by_name("domloup-fide-33-D"))
    assert all(p.rounds == () for p in t.players)
    byes = t.pairing.requested_byes
    assert [(b.kind, b.round, len(b.ids)) for b in byes] == [(ByeKind.ZERO, 4, 1), (ByeKind.ZERO, 5, 3)]
    assert "PAP008" in {d.code for d in t.source.diagnostics}
    assert t.event.start_date == date(2023, 7, 8) and t.event.end_date == date(2023, 7, 9)


@pytest.mark.parametrize(("stem", "pages"), [("avoine_2023", 40), ("swiss-in-progress", 8)])
def test_a_damaged_papi_file_is_a_diagnostic_never_a_traceback(stem, pages):
    data = papi_file(stem).read_bytes()
    cut = read_bytes(data[:pages * 4096], "cut.papi")
    assert [d.code for d in cut.source.diagnostics] == ["PAP001"] and "cut short" in cut.source.diagnostics[0].message
    no_players = read_bytes(data.replace("JOUEUR".encode("utf-16-le"), "PLAYER".encode("utf-16-le")), "x.papi")
    assert [d.code for d in no_players.source.diagnostics] == ["PAP002"]
    assert detect_format(data[:4096], "x.bin") == "papi"


@pytest.mark.slow
@pytest.mark.parametrize("stem", ("domloup-rapide-2022-jeunes", "swiss-in-progress"))
def test_damaged_papi_files_read_or_refused_and_every_output_written(stem):
    """Bytes overwritten at random anywhere in a Papi file: it is read (its problems said) or
    refused with PAP001, and what is read is written in every format, ranked and rated without
    an exception (the guards every reader goes through)."""
    import random

    from hostile import written_everywhere

    original = papi_file(stem).read_bytes()
    rng = random.Random(3)
    seen = Counter()
    for _ in range(60):
        data = bytearray(original)
        for _ in range(rng.randint(1, 30)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        t = read_bytes(bytes(data), "damaged.papi")
        codes = {d.code for d in t.source.diagnostics}
        seen["refused" if "PAP001" in codes else "read"] += 1
        written_everywhere(t)
    assert seen["read"] and seen["refused"], seen


# -- Papi-JSON --------------------------------------------------------------------------------

#: Sharly-Chess's Papi-JSON copies of FIDE TEC crosstables, and the TEC crosstables as TRF.
TEC = (("papi-json_sharly-tests_tec-swiss.json", "tec-swiss16-rated.trf"),
       ("papi-json_sharly-tests_tec-round-robin.json", "tec-rr6.trf"),
       ("papi-json_sharly-tests_tec-swiss-direct-encounter.json", "tec-swiss16-9rounds-ex25.trf"))


@pytest.mark.parametrize(("papi", "trf"), TEC)
def test_papi_json_reads_the_tec_crosstables(papi, trf):
    """Each player's rounds are the TEC crosstable's (a forfeit's colour apart: the TRF copies
    give one where the exercise prints none)."""
    t, tec = read(JSON / papi), read(FIXTURES / "tiebreak" / trf)
    assert t.source.format == "papi-json" and not [d for d in t.source.diagnostics if d.severity.value == "error"]
    assert [p.name.split(",")[0].upper() for p in tec.players] == [p.name for p in t.players]

    def uncoloured(entries):
        return [Forfeit(e.won, e.opponent) if isinstance(e, Forfeit) else e for e in entries]
    assert [uncoloured(p.rounds) for p in t.players] == [uncoloured(p.rounds) for p in tec.players]


def test_papi_json_is_told_from_trfconvs_json():
    """Papi-JSON was refused as trfconv's own JSON (JSN001); each is now its own format."""
    own = read_bytes(b'{"format": "trfconv", "variables": {}}', "a.json")
    assert [d.code for d in own.source.diagnostics] == ["JSN001"]
    for path in JSON.glob("papi-json_*.json"):
        assert detect_format(path.read_bytes(), str(path)) == "papi-json"
    assert [d.code for d in read_bytes(b'{"variables": {"name": "x"}, "players": 3}', "p.json").source.diagnostics] \
        == ["PAP009"]


def test_the_older_papi_json_form_its_byes_and_settings():
    """papi-converter's example: rounds as a list, a bye as result 6 without opponent, an
    absence, ISO dates, a tie-break list that stops at an unknown name, a points setting."""
    t = read(JSON / "papi-json_papi-converter_example.json")
    assert [model_round(e) for e in t.players[0].rounds] == [("game", Colour.WHITE, 2, Outcome.LOSS),
                                                             ("bye", ByeKind.PAB)]
    assert [model_round(e) for e in t.players[3].rounds] == [("forfeit", Colour.BLACK, 3, False), ("bye", ByeKind.ZERO)]
    assert (t.event.start_date, t.event.tiebreaks) == (date(2024, 1, 15), ("OTHER_BRAZILIAN", "OTHER_PERF"))
    said = {d.code: d.message for d in t.source.diagnostics}
    assert "stops before '94'" in said["PAP006"] and "DecomptePoints is '1'" in said["PAP004"]
    assert str(t.players[0].birth_date) == "1985/03/15" and t.players[3].federation == "ENG"


# -- the commands -----------------------------------------------------------------------------

#: The errors check --upload finds in the converted files that come from the files themselves:
#: no round dates (132), too late for any list, an event not played yet (no ranks, no game with a
#: result), pairings that break FIDE's colour and rematch rules (the rapid event's).
ON_THE_MERITS = {"UPL001", "UPL032", "UPL003", "UPL050", "UPL052", "UPL060"}


@pytest.mark.slow
@pytest.mark.parametrize("stem", STEMS)
def test_convert_gives_a_trf_judged_on_its_merits(stem, tmp_path, cli):
    needs_corpus()
    out = tmp_path / "event.trf"
    converted = cli("convert", str(by_name(stem)), "-o", str(out))
    assert converted.exit_code == 0, converted.stderr
    check = cli("check", "--upload", str(out))
    errors = set(re.findall(r"error (UPL\d{3})", check.stdout + check.stderr))
    assert errors <= ON_THE_MERITS, errors
    assert "032 federation" not in check.stdout + check.stderr
    for command in (("info",), ("standings",), ("validate",)):
        result = cli(*command, str(by_name(stem)))
        assert "Traceback" not in result.stdout + result.stderr and result.exit_code in (0, 1), (command, result.stderr)


def test_info_on_a_papi_file(cli):
    needs_corpus()
    info = json.loads(cli("info", "--json", str(by_name("domloup-rapide-2022-B"))).stdout)
    assert (info["format"], info["counts"]["players"], info["counts"]["rounds"]) == ("papi", 58, 9)


@pytest.mark.parametrize("document", [
    '{"variables": {"rounds": {"a": 1}, "startDate": "31/02/2024", "ratingClass": ["x"]}, "players": [{}]}',
    '{"variables": {}, "players": [{"lastName": ["x"], "elo": "99999", "rounds": {"1": {"color": 5}, "x": 1}}]}',
    '{"variables": {}, "players": [{"rounds": {"1": {"color": "B", "opponent": true, "result": 3}}}, 7]}',
    '{"variables": {}, "players": [{"rounds": [{"color": "B", "opponent": 5, "result": 1e400}]}]}',
    '{"players": [{"rounds": {"24": {"color": "Z", "result": 99}, "25": {}}}], "variables": {"rounds": "999999"}}',
    '{"variables": ' + "[" * 100000 + "]" * 100000 + "}",
])
def test_a_hostile_papi_json_document_is_diagnostics(document):
    t = read_bytes(document.encode(), "hostile.json", format="papi-json")
    assert t.source.diagnostics
    assert all(d.code.startswith(("PAP", "TRF", "PAR", "VAL", "CHK")) for d in t.source.diagnostics), \
        [d.code for d in t.source.diagnostics]
