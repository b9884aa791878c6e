"""Swiss-Manager's tie-break list (issue 18): the ids of the 35 real files read as chess-results'
ids (:mod:`trfconv.io.swissmanager.tiebreaks` says why), their cuts read from each slot's
settings, and the list stopped, with a caveat in every document, at the first tie-break whose
C.07 name trfconv cannot be sure of."""

from __future__ import annotations

import paths
import pytest

import trfconv
from trfconv.diagnostics import CODES
from trfconv.io.swissmanager.layout import TIEBREAK_SETTINGS_BYTES
from trfconv.io.swissmanager.tiebreaks import CUTS_AT, KOYA_LIMIT_AT, slot_name

FOLDER = paths.FIXTURES / "native" / "swissmanager"

#: file (without its repository prefix) -> (ids, 202 list, 212 list, the id the list stops at).
LISTS = {
    "2023_elllobregat_a_753347.TUNX": ("5 37 37 52 11", (), (), 5),  # manual input first
    "abs_fem_1378181.TUNX": ("11 84 84 85 61", ("DE", "BH/C1", "BH", "SB"), (), 61),
    "albanian_roundrobin_1381000.TUNX": ("81 85 68", ("DE", "SB"), (), 68),
    "argentine_blitz_1200000.TUNX": ("84 81 85 86 87", ("BH", "DE", "SB", "PS", "KS"), (), None),
    "austria_roundrobin_blitz_1384827.TUNX": ("85 81", ("SB", "DE"), (), None),
    "austria_roundrobin_vereinsmeisterschaft_1288524.TUNX": ("11 68 52 45", ("DE",), (), 68),
    "aut_1384031.TUNX": ("84 84 85 68 86", ("BH/C1", "BH", "SB"), (), 68),
    "aut_1384474.TUNX": ("84 37 85", ("BH", "BH/M1", "SB"), (), None),
    "brazilian_circuit_1370000.TUNX": ("81 84 84 85 68", ("DE", "BH/C1", "BH", "SB"), (), 68),
    "cro_1386026.TUNX": ("13 1 57", (), ("PTS:MP", "PTS:GP"), 57),  # a team event: Olympiad SB
    "cro_1386036.TUNX": ("37 37 53 68 11", ("BH/C1", "BH"), (), 53),
    "cro_1386115.TUNX": ("69 85 85 61", (), (), 69),  # Koya "fine" first
    "cro_1386483.TUNX": ("1 37 37 8 11", ("BH/C1", "BH"), (), 8),  # points first: dropped from a 202
    "dubai_mira_1378000.TUNX": ("81 84 84 68", ("DE", "BH/C1", "BH/C2"), (), 68),
    "esp_1385606.TUNX": ("81 84 84 85 68 68", ("DE", "BH/C1", "BH", "SB"), (), 68),
    "esp_1385737.TUNX": ("11 84 84 52 54", ("DE", "BH/C1", "BH", "SB"), (), 54),
    "esp_1386487.TUNX": ("84", ("BH",), (), None),
    "india_u19_kadapa_1385000.TUNX": ("84 84 85 81 68 68", ("BH/C1", "BH", "SB", "DE"), (), 68),
    "indian_u11_1376000.TUNX": ("84 84 85 68 68", ("BH/C1", "BH", "SB"), (), 68),
    "isr_1385616.TUNX": ("84", ("BH",), (), None),
    "maestro_1384490.TUNX": ("37 37 52 81 68", ("BH/C1", "BH", "SB", "DE"), (), 68),
    "romanian_u1700_1350000.TUNX": ("37 37 11", ("BH", "BH/M1", "DE"), (), None),
    "russian_blitz11_1373000.TUNX": ("84 84 68", ("BH", "BH/C1"), (), 68),
    "russian_weekend_1383000.TUNX": ("11 84 68 84", ("DE", "BH/C1"), (), 68),
    "sample.TUNX": ("11 84 84 85 61", ("DE", "BH/C1", "BH", "SB"), (), 61),
    "srb_1386568.TUNX": ("87 11 52 68 5", ("KS", "DE", "SB"), (), 68),
    "srb_1386570.TUNX": ("84", ("BH",), (), None),
    "srb_1386571.TUNX": ("37 11 37 68", ("BH/C1", "DE", "BH"), (), 68),
    "srb_1386625.TUNX": ("84 81 84 68 85 5", ("BH/C1", "DE", "BH"), (), 68),
    "ukraine_rapid8_1377000.TUNX": ("84 11 68", ("BH/C1", "DE"), (), 68),
    "vietnamese_1380000.TUNX": ("81 86 84", ("DE", "PS", "BH"), (), None),
    "round_robin_6players.TURX": ("81 85 87", ("DE", "SB", "KS"), (), None),
    "swiss_system_18players.TUNX": ("81 84 84 85", ("DE", "BH/C1", "BH", "SB"), (), None),
    "swiss_system_51players.TUNX": ("81 84 84 85 68", ("DE", "BH/C1", "BH", "SB"), (), 68),
    "swiss_team_93players.TUMX": ("13 1 14 84 82", (), ("PTS:MP", "PTS:GP"), 14),
}


def _file(short: str):
    [path] = [p for p in FOLDER.iterdir() if p.name.endswith("__" + short)]
    return path


def test_every_sample_has_its_list():
    assert sorted(p.name.split("__")[-1] for p in FOLDER.iterdir() if p.suffix.upper().startswith(".TU")) \
        == sorted(LISTS)


@pytest.mark.parametrize("short", sorted(LISTS))
def test_list_read_with_its_cuts_and_where_it_stops(short):
    ids, tiebreaks, standings, stop = LISTS[short]
    t = trfconv.read(_file(short))
    assert (t.event.tiebreaks, t.event.standings_tiebreaks) == (tiebreaks, standings)
    assert any(x.text.endswith("codes: " + ids) for x in t.extras)  # the raw ids stay as a comment
    [said] = [d for d in t.diagnostics if d.code == "SWM004"]
    assert f"ids {ids}" in said.message
    assert (f"stops before id {stop} " in said.message) == (stop is not None)
    if not tiebreaks and not standings:
        assert "the list FIDE recommended before 2023" in said.message  # what the standings then do, said


def test_the_list_is_a_caveat_of_the_documents(cli, tmp_path):
    """The standings rank by the list read, and the printed standings say how it was read."""
    path = _file("sample.TUNX")
    result = cli("standings", path, "--lenient", "--format", "html", "-o", tmp_path / "s.html")
    page = (tmp_path / "s.html").read_text("utf-8")
    assert CODES["SWM004"].caveat
    assert "Swiss-Manager&#x27;s ids 11 84 84 85 61" in page or "Swiss-Manager's ids 11 84 84 85 61" in page
    assert "stops before id 61 (Arranz system)" in page
    for name in ("BH/C1", "SB"):
        assert name in page
    assert result.exit_code in (0, 1)


def test_the_list_is_no_caveat_of_a_rating_document(cli):
    """A tie-break list is not what a rating verdict rests on: validate does not print it."""
    path = _file("swiss_system_18players.TUNX")
    assert CODES["SWM004"].scope == "ranking"
    assert "Swiss-Manager's ids" not in cli("validate", path).stdout
    assert "Swiss-Manager's ids" in cli("standings", path).stdout


def test_the_list_goes_into_trf26_202():
    t = trfconv.read(_file("swiss_system_18players.TUNX"))
    text = trfconv.dumps(t, "trf26")[0].decode("utf-8")
    assert "202 DE,BH/C1,BH,SB" in text.splitlines()


def _settings(**at: int) -> bytes:
    data = bytearray(TIEBREAK_SETTINGS_BYTES)
    for where, value in at.items():
        data[{"cuts": CUTS_AT, "limit": KOYA_LIMIT_AT}[where]] = value
    return bytes(data)


@pytest.mark.parametrize("number, settings, team, expected", [
    (84, _settings(), False, "BH"),
    (84, _settings(cuts=0x01), False, "BH/C1"),
    (37, _settings(cuts=0x02), False, "BH/C2"),  # the older "variable" Buchholz, same settings
    (84, _settings(cuts=0x11), False, "BH/M1"),  # one result cut at each end: median
    (84, _settings(cuts=0x21), False, None),  # 2 highest and 1 lowest: no C.07 name
    (84, _settings(cuts=0x09), False, None),  # 9 results cut in a 9-round event: a damaged byte
    (85, _settings(cuts=0x01), False, "SB/C1"),
    (52, _settings(), False, "SB"),
    (84, _settings(), True, None),  # game or match points: not read
    (87, _settings(limit=50), False, "KS"),
    (87, _settings(limit=40), False, None),  # C.07's Koya limit is 50%
    (86, _settings(), False, "PS"),
    (86, _settings(cuts=1), False, None),
    (68, _settings(), False, None),  # which wins: not read
    (88, _settings(), False, None),
    (11, _settings(), False, "DE"),
    (81, _settings(), False, "DE"),
    (13, _settings(), True, "PTS:MP"),
    (61, _settings(), False, None),  # Arranz: no C.07 counterpart
])
def test_slot_names(number, settings, team, expected):
    name, why = slot_name(number, settings, team, 9)
    assert name == expected
    assert bool(why) == (expected is None)
