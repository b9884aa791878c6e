"""The rating period's documents as a rating officer reads them (issue 34, item 5): one count of
the rated players in PER009, a caveat's numbers said to be one event's, an unrated player's line
written as the rating report writes it, the FIDE layout keeping the list's identity columns, and
a summary on the terminal (``--details`` for the rest)."""

from __future__ import annotations

from periodbuild import met
from periodbuild import LOSS, newcomer_event

import trfconv
from trfconv import ratinglists

WIN, DRAW = "1-0", "="


def _list(tmp_path, players, code: str = "JAN26"):
    """A single-type standard list of January 2026 holding ``players`` ((P, (rating, games, K)))."""
    from ratinglist_build import HEADER_SINGLE, single_line, txt

    path = tmp_path / f"standard_{code.lower()}frl.txt"
    path.write_bytes(txt(HEADER_SINGLE.format(code=code), [single_line(p, rating) for p, rating in players]))
    ratinglists.import_list(path, db=tmp_path / "lists.sqlite")
    return ratinglists.open_lists(tmp_path / "lists.sqlite")


def test_per009_counts_the_list_ratings_among_the_rated_players(tmp_path):
    """A newcomer whose list rating is below 1400 (7.2.1: unrated) is no rated player: he is not
    counted among those whose rating before the period is the list's (before: "for 4 of 3")."""
    from ratinglist_build import P

    t = met("Alpha", "2026/02/02", {1: {"fide_id": "5002"}})
    ids = [int(p.fide_id) for p in t.players]
    lists = _list(tmp_path, [(P(5002, "Player, 001", "FRA", "M"), (1300, 0, 40)),
                             *((P(i, f"Player, {i}", "FRA", "M"), (1800, 0, 20)) for i in ids[1:])])
    result = trfconv.period([t], lists=lists, month="2026-03")
    (said,) = [d.message for d in result.diagnostics if d.code == "PER009"]
    assert "from the FIDE standard list of 2026-01 (the list of 2026-02 is not held) for 3 of 3 rated" in said
    assert [p.key for p in result.initial] == ["5002"]


def test_an_unrated_players_line_is_written_as_the_rating_report_writes_it(tmp_path, cli):
    """Three opponents rated 2000, 1.5 points: Rc 2000, Ra 1920 with 8.2.2's two hypothetical 1800
    draws, p = (1.5 + 1) / (3 + 2) = 0.50, dp 0, Ru 1920. Before: 'n 3 W 1.5 Ra 1920.00' (Ra with
    the draws, n and W without them, no p or dp)."""
    from dataclasses import replace

    t = newcomer_event("Alpha", "2026/02/02", [WIN, LOSS, DRAW], 6000)
    t = replace(t, players=tuple(replace(p, rating=2000) if p.rating else p for p in t.players))
    path = tmp_path / "alpha.trf"
    trfconv.write(t, path)
    report = cli("report", path, "--details").stdout
    text = cli("period", path, "--period", "2026-03", "--details").stdout
    pooled = "n 3 W 1.5 Rc 2000, Ra 1920.00, p 0.50 dp 0  Ru 1920: 3 game(s) < 5"
    assert pooled in text and "n  3  W  1.5  Rc 2000, Ra 1920.00, p 0.50 dp 0  Ru 1920" in report
    assert "pooled: n 3 W 1.5 Rc 2000, Ra 1920.00, p 0.50 dp 0, Ru 1920" in text
    html = cli("period", path, "--period", "2026-03", "--format", "html").stdout
    assert "<th>Rc</th><th>Ra</th><th>p</th><th>dp</th>" in html.replace(' class="num"', "")
    import json

    initial = json.loads(cli("period", path, "--period", "2026-03", "--format", "json").stdout)["players"][0]["initial"]
    assert (initial["n"], initial["w"], initial["rc"], initial["average"], initial["p"], initial["dp"],
            initial["ru"]) == (3, "1.5", 2000, "1920.00", "0.50", 0, 1920)


def test_a_caveat_with_other_numbers_in_other_events_says_whose_numbers_it_shows():
    """VAL006 names start numbers (and ratings) of one event; two events with a rating below the
    floor at other start numbers: the caveat shows the first event's and says so (before: 'player 2
    (1300) (in 2 events: Alpha, Beta)', as if player 2 were both events')."""
    from dataclasses import replace

    def low(t, number):
        return replace(t, players=tuple(replace(p, rating=1300) if p.start_number == number else p
                                        for p in t.players))

    alpha = low(newcomer_event("Alpha", "2026/02/02", [WIN, LOSS, DRAW], 6000), 2)
    beta = low(newcomer_event("Beta", "2026/02/10", [WIN, LOSS, DRAW], 6100), 3)
    result = trfconv.period([alpha, beta], month="2026-03")
    (said,) = [d.message for d in result.diagnostics if d.code == "VAL006"]
    assert said.endswith(": 2 (1300) (Alpha; said with their own numbers and dates of 1 more event(s): Beta)")
    same = trfconv.period([low(newcomer_event("Alpha", "2026/02/02", [WIN, LOSS, DRAW], 6000), 2),
                           low(newcomer_event("Beta", "2026/02/10", [WIN, LOSS, DRAW], 6100), 2)], month="2026-03")
    (said,) = [d.message for d in same.diagnostics if d.code == "VAL006"]
    assert said.endswith(": 2 (1300) (in 2 events: Alpha, Beta)")


def test_the_fide_layout_keeps_the_lists_identity_columns(tmp_path, cli):
    """Only rating, games and K are the period's: the name, titles, women's title and the w flag
    are the list's (before: the event file's, 'Player 002' without title or flag)."""
    from ratinglist_build import P

    t = newcomer_event("Alpha", "2026/02/02", [WIN, LOSS, DRAW], 6000, newcomer_rating=1800)
    path = tmp_path / "alpha.trf"
    trfconv.write(t, path)
    lists = [(P(5001, "Ostrakova, Mirela", "SVK", "F", "WGM", "WGM", born=1999, flag="w"), (1800, 0, 20)),
             *((P(i, f"Listed, {i}", "FRA", "M", "FM", born=1980), (1800, 0, 20)) for i in (6000, 6001, 6002))]
    _list(tmp_path, lists)
    out = tmp_path / "new.txt"
    run = cli("period", path, "--period", "2026-03", "--list", "--db", tmp_path / "lists.sqlite", "--format",
              "fide", "-o", out)
    assert run.exit_code == 0, run.output
    lines = out.read_bytes().decode("ascii").split("\r\n")
    mirela = next(line for line in lines if line.startswith("5001 "))
    assert mirela[15:76].rstrip() == "Ostrakova, Mirela" and mirela[76:80].rstrip() == "SVK"
    assert (mirela[80:84].rstrip(), mirela[84:89].rstrip(), mirela[89:94].rstrip()) == ("F", "WGM", "WGM")
    assert mirela[126:132].rstrip() == "1999" and mirela[132:].rstrip() == "w"
    assert all(line[15:76].startswith("Listed, 60") for line in lines[1:-1] if not line.startswith("5001 "))


def test_on_a_terminal_the_period_is_a_summary(tmp_path, cli):
    alpha, beta = tmp_path / "alpha.trf", tmp_path / "beta.trf"
    trfconv.write(met("Alpha", "2026/02/02", {}), alpha)
    trfconv.write(met("Beta", "2026/02/10", {}), beta)
    summary = cli("period", alpha, beta, "--period", "2026-03").stdout
    assert "Per-player detail" not in summary and summary.endswith(
        "(--details: every player and every event; -o FILE writes the whole period)\n")
    assert "Rated players 8 (24 games): sum change" in summary
    whole = cli("period", alpha, beta, "--period", "2026-03", "--details").stdout
    assert "Per-player detail" in whole
    out = tmp_path / "period.txt"
    assert cli("period", alpha, beta, "--period", "2026-03", "-o", out).exit_code == 0
    assert out.read_text("utf-8") == whole
