"""FIDE's titles as the Title Regulations' edition gives them (b01-2024.toml): which titles have
norms and who needs one (1.4.5b-e), the women's titles (0.3.1), the titles the IT1 counts (1.8),
on a woman's event (``fixtures/examples/norms-women-2026.trf``: player 1, a woman FM, makes WGM
and WIM norms against three WGMs, two WIMs, a WFM, a GM, an IM and an FM)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lxml import html
from paths import FIXTURES

import trfconv
from trfconv.rules.editions import edition
from trfconv.rules.norms.judge import titles_looked_at
from trfconv.rules.norms.people import Person
from trfconv.rules.norms.rules import norm_rules
from trfconv.titles import fide_title

WOMEN = FIXTURES / "examples" / "norms-women-2026.trf"
RULES = norm_rules(edition("b01-2024"))


def results(t: trfconv.Tournament, **options) -> list[tuple]:
    """Player 1's results: (title, achieved, Ra, Rp, the articles failed)."""
    (player,) = trfconv.norms(t, player=1, **options).players
    return [(n.title, n.achieved, n.ra, n.rp, [q.article for q in n.failed]) for n in player.results]


def as_a_man(t: trfconv.Tournament) -> trfconv.Tournament:
    return replace(t, players=tuple(replace(p, sex="m") if p.start_number == 1 else p for p in t.players))


def test_a_woman_fm_is_offered_every_norm_title_and_makes_wgm_and_wim():
    """Ra 2346 (21110 / 9), 6/9 = 67 %: dp 125, Rp 2471: WGM (2400, 1.4.8) and WIM (2250) with
    five and seven holders (1.4.5d-e); IM fails only on its two holders, GM on all three counts."""
    assert results(trfconv.read(WOMEN)) == [
        ("GM", False, 2346, 2471, ["1.4.5b-e", "1.4.8a", "1.4.8"]), ("IM", False, 2346, 2471, ["1.4.5b-e"]),
        ("WGM", True, 2346, 2471, []), ("WIM", True, 2346, 2471, [])]


def test_a_man_is_not_offered_the_womens_titles_and_cannot_make_them():
    man = as_a_man(trfconv.read(WOMEN))
    assert [r[0] for r in results(man)] == ["GM", "IM"]
    assert results(man, titles=("WGM",)) == [("WGM", False, 2346, 2471, ["0.3.1"])]


@pytest.mark.parametrize(("held", "woman", "looked_at"), [
    ((), True, ("GM", "IM", "WGM", "WIM")), ((), None, ("GM", "IM", "WGM", "WIM")), ((), False, ("GM", "IM")),
    (("FM",), True, ("GM", "IM", "WGM", "WIM")), (("WFM",), True, ("GM", "IM", "WGM", "WIM")),
    (("WIM",), True, ("GM", "IM", "WGM")), (("WGM",), True, ("GM", "IM")), (("IM", "WGM"), True, ("GM",)),
    (("IM",), False, ("GM",)), (("GM",), True, ())])
def test_the_titles_looked_at_are_those_whose_holders_the_player_is_not_among(held, woman, looked_at):
    """1.4.5b-e's holders (the title or a higher one): a woman FM still needs WIM norms (a WIM's
    holders are GM, IM, WGM, WIM); the women's titles for women and players of unknown sex (0.3.1)."""
    person = Person(1, "Candidate", "1", frozenset(held), 2300, "ESP", woman, "the file")
    assert titles_looked_at(RULES, person, None) == looked_at


def test_the_edition_says_which_titles_are_womens_and_which_the_it1_counts():
    assert RULES.women_titles == {"WGM", "WIM", "WFM", "WCM"}
    assert [name for name, rule in RULES.titles.items() if rule.women] == ["WGM", "WIM"]
    assert RULES.it1_titles == ("GM", "IM", "WGM", "WIM", "FM", "WFM")


def test_the_it1_ticks_the_norms_title_and_counts_each_opponent_under_the_title_held(cli):
    page = html.fromstring(cli("norms", WOMEN, "--format", "it1").stdout)
    assert [s.get("data-title") for s in page.iter("section")] == ["WGM", "WIM"]
    wgm = page.xpath("//section[@data-title='WGM']")[0]
    ticks = {t.tail: t.text_content() for t in wgm.xpath(".//div[@class='ticks']//span[@class='tick']")}
    assert ticks == {"GM": "", "IM": "", "WGM": "X", "WIM": ""}
    fields = {f.findtext("span[@class='k']"): f.findtext("span[@class='v']") for f in wgm.xpath(".//div[@class='f']")}
    assert [fields[f"{t}:"] for t in ("GM", "IM", "WGM", "WIM", "FM", "WFM")] == ["1", "1", "3", "2", "1", "1"]
    assert fields["Total number titled opponents:"] == "9"
    assert "Number of players not from host federation holding GM, IM, WGM, WIM titles:" in fields


def test_the_fide_list_layout_puts_a_womens_title_in_its_own_column(cli, tmp_path):
    """Without a list, the event's title: a WGM in ``WTit``, an IM in ``Tit`` (0.3.1)."""
    out = tmp_path / "new.txt"
    run = cli("period", WOMEN, "--period", "2026-06", "--format", "fide", "-o", out)
    assert run.exit_code == 0, run.output
    lines = {line[:15].strip(): line for line in out.read_bytes().decode("ascii").split("\r\n")}
    assert (lines["102"][84:89].rstrip(), lines["102"][89:94].rstrip()) == ("", "WGM")
    assert (lines["104"][84:89].rstrip(), lines["104"][89:94].rstrip()) == ("IM", "")


@pytest.mark.parametrize(("text", "code"), [("GM", "GM"), (" wgm ", "WGM"), ("g", "GM"), ("WG", "WGM"), ("gf", "WGM"),
                                            ("cf", "WCM"), ("c", "CM"), ("AGM", None), ("", None), ("W", None)])
def test_a_title_as_files_write_it_is_read_as_fides_code(text, code):
    assert fide_title(text) == code
