"""Property tests of the whole read/write pipeline.

1. Valid, canonical tournaments built directly from the model survive TRF-2026 and JSON
   round trips exactly (model equality, no writer diagnostics, byte-identical rewrite), with
   every line ending. Values that do not fit their columns (score systems, teams, player
   fields) either survive too or the writer reports what it changed: never a silent loss.
2. Corpus files corrupted by hypothesis never make the reader or the writers raise: every
   problem is a registered diagnostic with a sane location, and the JSON form stays lossless.
3. Arbitrary bytes never make the reader raise.

"Canonical" means: a model that the TRF reader itself could have produced. The generator's
constraints are listed where they are imposed (comments marked CANONICAL).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path

import paths
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import trfconv
from trfconv.dates import PartialDate
from trfconv.diagnostics import CODES, Diagnostic, Severity, has_errors
from trfconv.documents.basis import Basis
from trfconv.documents.rating_report import RatingReport
from trfconv.documents.registry import document as document_named
from trfconv.encoding import decode
from trfconv.io.build import _BYE_NAMES
from trfconv.io.trf_read import misaligned_lines
from trfconv.model import (
    DEFAULT_SCORES,
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Event,
    Extra,
    Forfeit,
    Game,
    Outcome,
    Pairing,
    Pending,
    Player,
    ScoreSystem,
    Team,
    Tournament,
)
from trfconv.numbers import decimal_text
from trfconv.rules.tiebreaks import standings
from trfconv.timecontrol import parse_code
from trfconv.titles import TITLE_CODES

CORPUS = paths.CORPUS
LINE_END = re.compile(r"\r\n|\r|\n")

SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]


# ---------------------------------------------------------------------------------------------
# Strategies: a valid, canonical Tournament
# ---------------------------------------------------------------------------------------------

# Text of names and header values: letters (any script), digits, punctuation, symbols and the
# plain blank. CANONICAL: no control characters (TAB is read as a blank, CR/LF end the line)
# and no other Unicode white space (str.strip() in the reader removes it at the ends).
_chars = st.one_of(
    st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ éłßÖ,.-'"),
    st.characters(categories=("L", "Nd", "P", "S")),
)


def stripped_text(max_size: int, min_size: int = 0) -> st.SearchStrategy[str]:
    """Text without leading/trailing blanks (CANONICAL: the reader strips every field)."""
    return (st.text(_chars, min_size=min_size, max_size=max_size)
            .map(str.strip).filter(lambda s: len(s) >= min_size))


def optional_text(max_size: int) -> st.SearchStrategy[str | None]:
    # CANONICAL: an empty header value is not written, so it reads back as None.
    return st.one_of(st.none(), stripped_text(max_size, 1))


federations = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3)
digits_id = st.integers(1, 99_999_999_999).map(str)  # no leading zero, at most 11 digits

partial_dates = st.one_of(
    st.builds(PartialDate, st.integers(1, 9999)),
    st.builds(PartialDate, st.integers(1, 9999), st.integers(1, 12)),
    st.dates(date(1, 1, 1), date(9999, 12, 31)).map(lambda d: PartialDate(d.year, d.month, d.day)),
)

# Score values with a finite decimal form that fits the 4 columns of 162 (and XXS).
_score_values = st.sampled_from([Fraction(x) for x in
                                 ("0", "0.25", "0.5", "1", "1.5", "2", "2.5", "3", "0.1")])
# Values no TRF column may hold (1/3 has no decimal form, 12.25 is 5 characters wide).
_wide_score_values = st.one_of(_score_values, st.sampled_from(
    [Fraction(1, 3), Fraction(-1), Fraction("12.25"), Fraction(100), Fraction("0.125")]))


@st.composite
def score_systems(draw, wide: bool = False) -> ScoreSystem:
    kind = draw(st.sampled_from(["default", "162", "xxs"]))
    if kind == "default":
        return ScoreSystem()
    value = _wide_score_values if wide else _score_values
    if kind == "162":
        # What one 162 record says: W for all wins and the FPB, D for draws and the HPB, L for
        # played losses, A for the ZPB and forfeit losses, P on its own. X (an unknown result)
        # follows D: no round block holds an X, and the writer never writes it in 162.
        w, d, l, a, p = (draw(value) for _ in range(5))
        return ScoreSystem(win_white=w, win_black=w, forfeit_win=w, full_bye=w,
                           draw_white=d, draw_black=d, half_bye=d, loss_white=l, loss_black=l,
                           zero_bye=a, forfeit_loss=a, pab=p, unknown=d)
    # Each value is often left at its default: what a writer omits must still read back.
    values = {name: draw(st.just(getattr(DEFAULT_SCORES, name)) | value) for name in (
        "win_white", "win_black", "draw_white", "draw_black", "loss_white", "loss_black",
        "forfeit_win", "forfeit_loss", "pab", "full_bye", "half_bye", "zero_bye", "unknown")}
    assume(values != vars(DEFAULT_SCORES))
    if not wide:
        # CANONICAL: X (an unknown result) is no round block's result and is never written: a
        # reader takes its value from 162 D when one 162 record can say the system (W for every
        # win and the FPB, D for draws and the HPB, L for losses, A for the ZPB and forfeit
        # losses), else keeps XXS's default (1/2); the writer reports WRT004 for any other value.
        v = values
        in_162 = (v["win_white"] == v["win_black"] == v["forfeit_win"] == v["full_bye"]
                  and v["draw_white"] == v["draw_black"] == v["half_bye"] and v["loss_white"] == v["loss_black"]
                  and v["zero_bye"] == v["forfeit_loss"])
        values["unknown"] = v["draw_white"] if in_162 else DEFAULT_SCORES.unknown
    return ScoreSystem(**values)


def _fits_points_column(points: Fraction) -> bool:
    """CANONICAL: the points column (81-84) holds 4 characters: 12.25 cannot be written."""
    for places in (1, 0):
        text = decimal_text(points, places)
        if text is not None and len(text) <= 4:
            return True
    return False


@st.composite
def paired_round(draw, n: int) -> dict[int, object]:
    """One round: a random matching of 1..n with mirrored entries; the rest unpaired."""
    order = draw(st.permutations(range(1, n + 1)))
    pairs = draw(st.integers(0, n // 2))
    entries: dict[int, object] = {}
    for i in range(pairs):
        a, b = order[2 * i], order[2 * i + 1]
        kind = draw(st.sampled_from(["game", "game", "game", "forfeit", "double-forfeit",
                                     "pending"]))
        colour = draw(st.sampled_from([Colour.WHITE, Colour.BLACK]))
        if kind == "game":
            outcome = draw(st.sampled_from(list(Outcome)))
            rated = draw(st.booleans())
            entries[a] = Game(b, colour, outcome, rated)
            entries[b] = Game(a, colour.opposite, outcome.reversed, rated)
        elif kind in ("forfeit", "double-forfeit"):
            # a forfeit between two players has its (scheduled) colour in TRF (C.04 Annex 2 3.2)
            entries[a] = Forfeit(kind == "forfeit", b, colour)
            entries[b] = Forfeit(False, a, colour.opposite)
        else:  # a pairing without a result; an adjourned one (X) is no TRF result code
            entries[a] = Pending(b, colour)
            entries[b] = Pending(a, colour.opposite)
    for p in order[2 * pairs:]:
        entries[p] = draw(st.one_of(st.just(NOT_PAIRED),
                                    st.builds(Bye, st.sampled_from(list(ByeKind)))))
    return entries


@st.composite
def event_dates(draw) -> dict:
    """Start, end and round dates. CANONICAL: 132 writes round dates as YY/MM/DD, which are
    ambiguous (YY/DD/MM, DD/MM/YY, ...); the reader settles them with the file's certain dates
    (042/052), so round dates lie between the start and the end, and both are present when
    there are round dates. Years are 1970-2069, the range of a two-digit year."""
    start = draw(st.dates(date(1970, 1, 1), date(2069, 11, 30)))
    end = start + timedelta(days=draw(st.integers(0, 30)))
    round_dates = tuple(sorted(draw(st.lists(
        st.integers(0, (end - start).days).map(lambda d: start + timedelta(days=d)), max_size=11))))
    if round_dates:
        return {"start_date": start, "end_date": end, "round_dates": round_dates}
    return {"start_date": draw(st.none() | st.just(start)),
            "end_date": draw(st.none() | st.just(end)), "round_dates": ()}


WIDE = ("scores", "points", "names", "numbers", "teams")


@st.composite
def tournaments(draw, max_players: int = 40, max_rounds: int = 11,
                wide: bool = False) -> Tournament:
    """A valid, canonical tournament. ``wide=True`` lets one aspect (of ``WIDE``) take values
    that may not fit their TRF columns (long names, 5-digit ratings, 1/3 points, huge team
    strengths, any score system): the writer may not be able to write those, but then it has
    to say so."""
    aspects = {draw(st.sampled_from(WIDE))} if wide else set()
    n = draw(st.integers(1, max_players))
    planned = draw(st.integers(0, max_rounds))
    scores = draw(score_systems("scores" in aspects))
    rounds = [draw(paired_round(n)) for _ in range(planned)]
    # CANONICAL: the reader counts rounds up to the last non-blank block of any player, so a
    # final round in which nobody is paired does not exist.
    while rounds and all(entry is NOT_PAIRED for entry in rounds[-1].values()):
        rounds.pop()

    players = []
    for number in range(1, n + 1):
        entries = tuple(r[number] for r in rounds)
        points = None
        if draw(st.booleans()):
            points = sum((scores.points(e) for e in entries), Fraction(0))
            if "points" not in aspects and not _fits_points_column(points):
                points = None
        players.append(Player(
            start_number=number,
            # a player named as a pairing program's bye ("BYE", "spielfrei"), unrated and without a
            # FIDE id, is read as that bye, not as a player (PAR003): not a name a player has
            name=draw(st.one_of(stripped_text(45 if "names" in aspects else 33).filter(
                                    lambda s: not _BYE_NAMES.fullmatch(s)),
                                st.sampled_from(["Müller, Jürgen", "Łukasz Święs", "Straße, Öz",
                                                 "Élodie Noël"]))),
            sex=draw(st.sampled_from(["m", "w", None])),
            title=draw(st.none() | st.sampled_from(TITLE_CODES)),
            rating=draw(st.none() | st.integers(1000, 99999 if "numbers" in aspects else 2900)),
            federation=draw(st.none() | federations),
            fide_id=draw(st.none() | (st.integers(1, 10**14).map(str) if "numbers" in aspects
                                      else digits_id)),
            birth_date=draw(st.none() | partial_dates),
            points=points,
            rank=draw(st.none() | st.integers(1, 99999 if "numbers" in aspects else n)),
            rounds=entries,
        ))
    # CANONICAL: one FIDE ID is one person (an ID on two player lines is an error, TRF060): a
    # repeated ID (leading zeros aside) is drawn again as none.
    seen: set[str] = set()
    for i, p in enumerate(players):
        number = (p.fide_id or "").lstrip("0")
        if number and number in seen:
            players[i] = replace(p, fide_id=None)
        seen.add(number)
    # Players are written (and read back) in tuple order, which need not be start-number order.
    if draw(st.booleans()):
        players = draw(st.permutations(players))

    event = Event(
        name=draw(optional_text(80)),
        city=draw(optional_text(40)),
        federation=draw(st.none() | federations),
        declared_players=draw(st.none() | st.integers(0, 9999)),
        declared_rated_players=draw(st.none() | st.integers(0, 9999)),
        type=draw(optional_text(30)),
        chief_arbiter=draw(optional_text(60)),
        deputy_arbiters=tuple(draw(st.lists(stripped_text(40, 1), max_size=3))),
        time_control_text=draw(optional_text(40)),
        time_control=draw(st.none() | st.sampled_from(["5400+30", "40/6000+30:900+30", "900+10"])
                          .map(parse_code)),
        declared_rounds=draw(st.none() | st.integers(len(rounds), 99)),
        # CANONICAL: tie-breaks are written comma-separated, so one holds no comma.
        tiebreaks=tuple(draw(st.lists(st.sampled_from(["BH", "BH/C1", "SB", "DE", "AOB", "WIN"]),
                                      max_size=4))),
        **draw(event_dates()),
    )

    teams: list[Team] = []
    if draw(st.booleans()):
        pool = list(draw(st.permutations(range(1, n + 1))))
        numbers = draw(st.lists(st.integers(1, 2000 if "teams" in aspects else 999),
                                min_size=1, max_size=6, unique=True))
        # CANONICAL: a strength is an average rating (4 digits, at most one decimal); points
        # fit their 6 columns.
        strength = st.integers(0, 99990).map(lambda x: Fraction(x, 10))
        team_points = st.integers(0, 9999).map(lambda x: Fraction(x, 2))
        if "teams" in aspects:
            strength = strength | st.integers(0, 10**9).map(Fraction) | st.just(Fraction(4000, 3))
            team_points = team_points | st.integers(0, 10**7).map(lambda x: Fraction(x, 4))
        for number in numbers:
            size = draw(st.integers(0, min(len(pool), 10)))
            members, pool = tuple(pool[:size]), pool[size:]
            teams.append(Team(
                number=number,
                name=draw(stripped_text(40 if "teams" in aspects else 32)),
                members=members,
                nickname=draw(optional_text(8 if "teams" in aspects else 5)),
                strength=draw(st.none() | strength),
                match_points=draw(st.none() | team_points),
                game_points=draw(st.none() | team_points),
                rank=draw(st.none() | st.integers(1, 9999 if "teams" in aspects else 999)),
            ))

    # CANONICAL: an extra written before every record has no anchor; '###' lines are comments.
    comments = draw(st.lists(st.text(_chars, max_size=60), max_size=3))
    extras = tuple(Extra("###" + text) for text in comments)

    pairing = Pairing(
        system=draw(st.none() | st.sampled_from(["FIDE_DUTCH_2025", "FIDE_DUBOV",
                                                  "BERGER_ROUNDROBIN"])),
        initial_colour=draw(st.none() | st.sampled_from(list(Colour))),
        by_rank=draw(st.booleans()),
    )
    return Tournament(event=event, players=tuple(players), teams=tuple(teams), scores=scores,
                      pairing=pairing, extras=extras)


def _difference(a: Tournament, b: Tournament) -> str:
    """A short description of where two tournaments differ (for assertion messages)."""
    for name in ("event", "teams", "scores", "pairing", "team_event", "point_adjustments",
                 "extras"):
        if getattr(a, name) != getattr(b, name):
            return f"{name}: {getattr(a, name)!r}\n  != {getattr(b, name)!r}"
    for p, q in zip(a.players, b.players, strict=True):
        if p != q:
            return f"player: {p!r}\n  != {q!r}"
    return f"{len(a.players)} players != {len(b.players)} players"


def _reader_errors(t: Tournament) -> list[str]:
    return [str(d) for d in t.diagnostics if d.severity is Severity.ERROR]


# ---------------------------------------------------------------------------------------------
# 1. Generated valid tournaments round-trip exactly
# ---------------------------------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=SLOW)
@given(tournaments())
def test_trf26_round_trip_is_exact(t: Tournament) -> None:
    data, written = trfconv.dumps(t, "trf26")
    assert written == [], [str(d) for d in written]
    back = trfconv.reads(data)
    assert back == t, _difference(t, back)
    assert not _reader_errors(back), _reader_errors(back)
    again, rewritten = trfconv.dumps(back, "trf26")
    assert not has_errors(rewritten)
    assert again == data


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(tournaments())
def test_json_round_trip_is_exact(t: Tournament) -> None:
    data, written = trfconv.dumps(t, "json")
    assert not has_errors(written)
    back = trfconv.reads(data)
    assert back.source.format == "json"
    assert back == t, _difference(t, back)
    assert not _reader_errors(back), _reader_errors(back)
    assert trfconv.dumps(back, "json")[0] == data


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(tournaments(max_players=16, max_rounds=7), st.sampled_from(["\r\n", "\n", "\r"]))
def test_every_line_ending_reads_back(t: Tournament, line_ending: str) -> None:
    data, written = trfconv.dumps(t, "trf26", line_ending=line_ending)
    assert not has_errors(written)
    text = data.decode("utf-8")
    assert set(LINE_END.findall(text)) == {line_ending}
    back = trfconv.reads(data)
    assert back == t, _difference(t, back)
    assert back.source.line_ending == line_ending
    assert not any(d.code == "LIN001" for d in back.diagnostics)
    # Written again with the line ending it was read with, the bytes are the same.
    assert trfconv.dumps(back, "trf26", line_ending=back.source.line_ending)[0] == data


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=SLOW)
@given(tournaments(max_players=12, max_rounds=6, wide=True), st.sampled_from(["trf26", "trf16"]))
def test_writer_never_loses_data_silently(t: Tournament, fmt: str) -> None:
    """Values that do not fit their columns may be truncated or left out, but then the writer
    reports it: a TRF file written without any diagnostic holds the whole model."""
    if fmt == "trf16":
        # CANONICAL for TRF16: no TRF-2026-only data (192, 202, 222, 310 details; the writer
        # would report WRT004 for each), and teams in number order (013 lines have no number:
        # the writer sorts them and the reader numbers them 1, 2, ...).
        teams = tuple(Team(i, team.name, team.members)
                      for i, team in enumerate(sorted(t.teams, key=lambda x: x.number), 1))
        t = replace(t, teams=teams, pairing=replace(t.pairing, system=None),
                    event=replace(t.event, time_control=None, tiebreaks=()))
    data, written = trfconv.dumps(t, fmt)
    for d in written:
        assert d.code in CODES and d.code.startswith("WRT"), str(d)
    if not written:
        back = trfconv.reads(data)
        assert back == t, _difference(t, back)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(score_systems(wide=True), st.sampled_from(["trf26", "trf16"]),
       st.sampled_from([Bye(ByeKind.PAB), Pending(2, Colour.WHITE, True)]))
def test_score_system_is_written_or_reported(scores: ScoreSystem, fmt: str, entry) -> None:
    """Every score system survives 162/XXS, or the writer says what it could not write."""
    other = Pending(1, Colour.BLACK, True) if isinstance(entry, Pending) else NOT_PAIRED
    t = Tournament(players=(Player(1, "A", rounds=(entry,)), Player(2, "B", rounds=(other,))),
                   scores=scores)
    data, written = trfconv.dumps(t, fmt)
    if not written:
        back = trfconv.reads(data).scores
        assert back == scores, f"{data!r} read back as {back}"


@st.composite
def one_wide_team(draw) -> Team:
    """A team whose fields fit the 310 columns, except (often) one that does not."""
    canonical_points = st.none() | st.integers(0, 9999).map(lambda x: Fraction(x, 2))
    fields = {  # name: (fits, does not fit)
        "number": (st.integers(1, 999), st.integers(1000, 1200)),
        "name": (stripped_text(32), stripped_text(40, 33)),
        "nickname": (optional_text(5), stripped_text(8, 6)),
        "strength": (st.none() | st.integers(0, 99990).map(lambda x: Fraction(x, 10)),
                     st.one_of(st.integers(10**6, 10**9).map(Fraction),
                               st.integers(-10**7, -10**5).map(Fraction),
                               st.just(Fraction(4000, 3)))),
        "match_points": (canonical_points,
                         st.integers(10**6, 10**7).map(lambda x: Fraction(x, 4))),
        "game_points": (canonical_points,
                        st.integers(-10**6, -10**4).map(lambda x: Fraction(x, 4))),
        "rank": (st.none() | st.integers(1, 999), st.integers(1000, 1200)),
    }
    wide = draw(st.none() | st.sampled_from(sorted(fields)))
    values = {name: draw(pair[name == wide]) for name, pair in fields.items()}
    return Team(members=tuple(draw(st.lists(st.integers(1, 3), unique=True))), **values)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(one_wide_team())
def test_team_record_is_written_or_reported(team: Team) -> None:
    """A 310 record holds the team, or the writer says what it truncated or left out."""
    t = Tournament(players=tuple(Player(i, f"P{i}") for i in (1, 2, 3)), teams=(team,))
    data, written = trfconv.dumps(t, "trf26")
    if not written:
        back = trfconv.reads(data).teams
        assert back == (team,), f"{data!r} read back as {back}"


# ---------------------------------------------------------------------------------------------
# 2. Corrupted corpus files never raise, only diagnose
# ---------------------------------------------------------------------------------------------

_INTERESTING = [b"\t", b"\r", b"\n", b"\r\n", b"\xe9", b"\xff", b"\x00", b"\xc3", b"\xef\xbb\xbf",
                b" ", b"0", b"9", b"+", b"-", b"=", b"w", b"b", b"W", b"X", b"?", b"/", b".", b",",
                b"001", b"###", "é".encode(), "ł".encode(), b"\x85", "\u2028".encode()]
_fragments = st.one_of(
    st.sampled_from(_INTERESTING),
    st.text(st.characters(codec="utf-8"), max_size=12).map(lambda s: s.encode("utf-8")),
    st.binary(max_size=12),
)
_printable = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=140)


@st.composite
def corrupted(draw, original: bytes) -> bytes:
    """``original`` with 1-5 mutations: a line replaced, characters deleted, inserted or
    overwritten, a line duplicated, two lines swapped, the file truncated."""
    lines = original.splitlines(keepends=True) or [b""]
    for _ in range(draw(st.integers(1, 5))):
        if not lines:
            lines = [b""]
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        body = line.rstrip(b"\r\n")
        end = line[len(body):]
        op = draw(st.sampled_from(["replace-text", "replace-bytes", "delete", "insert", "overwrite",
                                   "duplicate", "swap", "truncate", "keep-code"]))
        if op == "replace-text":
            lines[i] = draw(_printable).encode("ascii") + end
        elif op == "replace-bytes":
            lines[i] = draw(st.binary(max_size=140)) + end
        elif op == "delete" and body:
            a = draw(st.integers(0, len(body) - 1))
            b = draw(st.integers(a + 1, min(len(body), a + 12)))
            lines[i] = body[:a] + body[b:] + end
        elif op == "insert":
            a = draw(st.integers(0, len(body)))
            lines[i] = body[:a] + draw(_fragments) + body[a:] + end
        elif op == "overwrite" and body:
            # Same length: the columns stay aligned, so the value parsers see the junk.
            a = draw(st.integers(0, len(body) - 1))
            junk = draw(_fragments)[: len(body) - a]
            lines[i] = body[:a] + junk + body[a + len(junk):] + end
        elif op == "duplicate":
            lines.insert(draw(st.integers(0, len(lines))), line)
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "keep-code":
            # Keep the record code, put random printable text after it.
            lines[i] = body[:4] + draw(_printable).encode("ascii") + end
        elif op == "truncate":
            data = b"".join(lines)
            lines = [data[: draw(st.integers(0, len(data)))]]
    return b"".join(lines)


def _check_diagnostics(data: bytes, diagnostics) -> None:
    """Every diagnostic is registered, has a severity, and a location inside the file."""
    decoded = decode(data, misaligned=misaligned_lines)
    lines = LINE_END.split(decoded.text)
    if lines and lines[-1] == "":
        lines.pop()
    for d in diagnostics:
        assert isinstance(d, Diagnostic)
        assert d.code in CODES, d
        assert isinstance(d.severity, Severity), d
        assert isinstance(d.message, str) and d.message, d
        line, column = d.location.line, d.location.column
        if line is not None:
            assert isinstance(line, int) and 1 <= line <= max(1, len(lines)), (str(d), len(lines))
        if column is not None:
            assert isinstance(column, int) and column >= 1, str(d)


def _survives(data: bytes) -> Tournament:
    t = trfconv.reads(data)
    assert isinstance(t, Tournament)
    _check_diagnostics(data, t.diagnostics)
    for fmt in ("trf26", "trf16"):
        out, written = trfconv.dumps(t, fmt)
        assert isinstance(out, bytes)
        for d in written:
            assert d.code in CODES and isinstance(d.severity, Severity), d
        # What the writer made of it is a file the reader takes without raising, too.
        _check_diagnostics(out, trfconv.reads(out).diagnostics)
    # The JSON form is lossless whatever the reader made of the file.
    document, _ = trfconv.dumps(t, "json")
    back = trfconv.reads(document)
    assert back == t, _difference(t, back)
    # Whatever the reader made of it, the computations only report, never raise.
    for fmt in ("xml", "csv"):
        assert isinstance(trfconv.dumps(t, fmt)[0], bytes)
    for rules in ("b02-2005", "b02-2024"):
        verdict = trfconv.validate(t, rules)
        assert {p.start_number for p in verdict.players} == {p.start_number for p in t.players}
        rating = trfconv.rate(t, verdict)
        report = RatingReport(Basis(None, (*t.diagnostics, *rating.diagnostics), lenient=True), t, verdict, rating)
        assert document_named("rating-report").render(report, "text").startswith("FIDE RATING REPORT")
    ranked = standings(t, ["BH/C1", "SB", "DE", "TPR", "FB", "AOB"], unrated=1400)
    assert all(d.code in CODES for d in ranked.diagnostics)
    return t


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=[p.stem[:60] for p in CORPUS])
@settings(max_examples=12, deadline=None, suppress_health_check=SLOW)
@given(data=st.data())
def test_corrupted_corpus_file_only_diagnoses(path: Path, data) -> None:
    original = path.read_bytes()
    _survives(data.draw(corrupted(original), label="corrupted"))


def test_corpus_is_present() -> None:
    assert len(CORPUS) >= 30


# ---------------------------------------------------------------------------------------------
# 3. Arbitrary bytes
# ---------------------------------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_raise(data: bytes) -> None:
    _survives(data)


_codes = st.sampled_from(["001", "012", "042", "052", "062", "132", "142", "162", "192", "202",
                          "222", "240", "250", "260", "299", "300", "310", "320", "330", "362",
                          "013", "XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "BBW", "BBU", "###",
                          "FRA", "TNR", "801"])


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_codes, st.text(st.characters(codec="utf-8", exclude_characters="\r\n"),
                                          max_size=120)), max_size=8),
       st.sampled_from(["\r\n", "\n"]))
@example([("FRA", "00000")], "\r\n")  # a national rating record whose start number a shift blanked
def test_random_records_never_raise(records, line_ending: str) -> None:
    """Random text behind real record codes reaches every record parser."""
    data = line_ending.join(f"{code} {body}" for code, body in records).encode("utf-8")
    _survives(data)
