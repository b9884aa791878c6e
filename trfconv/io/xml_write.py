"""Writer for the chess-results.com upload XML (see :mod:`.xml_read` for the format).

:func:`project` says what the format holds: the event's name, place, federation, dates, arbiters,
time-control text, round dates and number of rounds; each player's start number, name (whole,
in ``lastname`` as Swiss-Manager writes it), sex, title, FIDE rating, federation, FIDE id, birth
date (year, or full date), points, rank and games, forfeits and byes; teams with their name,
short name, members in board order, match points and rank; team pairing-allocated byes; the
tie-break list, as chess-results ids (:mod:`.xml_tiebreaks`: the names it has an id for, five
at most). Everything else (score system, engine data, national ratings, point
adjustments, lines kept verbatim…) is reported as ``WRT004``, item by item. The ``<security>``
block is left out: it needs a key issued by chess-results.

Points use the decimal comma and results the dot, dates are ``yyyymmdd``, as in Swiss-Manager's
files; the output validates against ``formats/xml/chessresults.xsd``.
"""

from __future__ import annotations

import codecs
import dataclasses
import re
from collections import Counter
from datetime import date
from fractions import Fraction

from ..dates import PartialDate
from ..eventkind import NUMBERED_TYPES
from ..model import (
    DEFAULT_SCORES,
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Event,
    Forfeit,
    Game,
    MatchPointSystem,
    NotPaired,
    Outcome,
    Pending,
    Player,
    Team,
    TeamEvent,
    TeamPab,
    Tournament,
)
from ..numbers import ascii_digits, decimal_text
from ..sides import agree
from .lossy import lossy_diagnostics
from .registry import Written
from .xml_read import bye_match_points
from .xml_tiebreaks import SLOTS, lists_of, slots_of

LABEL = "chess-results XML"
_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_RESULT = {Outcome.WIN: ("1.0", "0.0"), Outcome.DRAW: ("0.5", "0.5"), Outcome.LOSS: ("0.0", "1.0")}
_BYE_POINTS = {ByeKind.FULL: "1.0", ByeKind.HALF: "0.5", ByeKind.ZERO: "0.0"}
_SEX = {"m": "M", "w": "W"}


def write_xml(t: Tournament, *, line_ending: str = "\n", encoding: str = "utf-8") -> Written:
    """The document's bytes, the ``WRT004`` warnings for what it cannot hold and its players
    (lines end in LF: an XML parser reads every line ending as one, so ``line_ending`` changes
    nothing).

    The document is written as text, element by element, indented two spaces a level, attribute
    values escaped as XML requires (``& < > "``, and TAB, LF and CR as character references so that
    they survive attribute-value normalisation); a character the encoding lacks becomes a
    character reference. A tree would hold every element of a 10,000-player event at once."""
    name = _declared_name(encoding)
    kept = project(t)
    text = "".join(_document(kept, name))
    return Written(text.encode(encoding, errors="xmlcharrefreplace"), lossy_diagnostics(LABEL, t, kept),
                   len(kept.players))


#: Python's codec names whose spelling libxml2 does not know (``LATIN-1``), as the XML
#: declaration names them (IANA names). Characters the encoding lacks become references.
_IANA = {"iso8859-1": "ISO-8859-1", "cp1252": "windows-1252", "ascii": "US-ASCII"}


def _declared_name(encoding: str) -> str:
    """The encoding's name for lxml and the declaration; LookupError for an unknown one."""
    name = codecs.lookup(encoding).name
    return _IANA.get(name, name.upper())


# -- what the format holds -------------------------------------------------------------------
def text(value: str | None) -> str | None:
    """A text as it reads back: characters XML cannot carry replaced, line breaks and tabs as
    spaces, surrounding blanks removed; None when nothing is left."""
    if value is None:
        return None
    if value.isprintable():  # no control character, no line break, no tab (most texts)
        return value.strip() or None
    value = _INVALID.sub("?", value).replace("\t", " ").replace("\r", " ").replace("\n", " ").strip()
    return value or None


def event_type(t: Tournament) -> str:
    """chess-results ``type``: 0/1 individual Swiss/round robin, 2/3 team round robin/Swiss."""
    robin = "robin" in (t.event.type or "").lower() or "ROUNDROBIN" in (t.pairing.system or "").replace("_", "")
    if t.teams:
        return "2" if robin else "3"
    return "1" if robin else "0"


def project(t: Tournament) -> Tournament:
    """``t`` reduced to what the chess-results XML holds, exactly as it reads back."""
    e = t.event
    rounds = e.declared_rounds if e.declared_rounds is not None else (t.rounds or None)
    dates = [d if isinstance(d, date) else None for d in e.round_dates]
    dates += [None] * (_round_elements(t, rounds) - len(dates))
    event = Event(
        name=text(e.name), city=text(e.city), federation=text(e.federation),
        start_date=e.start_date if isinstance(e.start_date, date) else None,
        end_date=e.end_date if isinstance(e.end_date, date) else None,
        type=NUMBERED_TYPES[event_type(t)], chief_arbiter=text(e.chief_arbiter),
        deputy_arbiters=tuple(d for d in (text(x.replace(";", ",")) for x in e.deputy_arbiters) if d),
        time_control_text=text(e.time_control_text),
        round_dates=tuple(dates) if any(dates) else (), declared_rounds=rounds,
    )
    team = event_type(t) in ("2", "3")
    tiebreaks, standings, _ = lists_of(slots_of(e.tiebreaks, e.standings_tiebreaks, team), team)
    event = dataclasses.replace(event, tiebreaks=tiebreaks, standings_tiebreaks=standings)
    listed = [p for p in t.players if p.start_number > 0]  # the reader leaves out the others
    numbers = {p.start_number for p in listed}
    teams = _teams(t, numbers)
    team_event = _team_event(t, rounds)
    rounds_of: dict[int, tuple] = {}
    for p in listed:  # the first line of a start number, as Tournament.player finds it
        rounds_of.setdefault(p.start_number, p.rounds)
    players = tuple(_player(p, _rounds(rounds_of, p)) for p in listed)
    kept = Tournament(event=event, players=players, teams=teams, scores=DEFAULT_SCORES, team_event=team_event)
    if team_event.pab:
        players = _pad_team_byes(players, teams, team_event.pab, _boards(kept))
    length = max((len(p.rounds) for p in players), default=0)  # the reader makes every line as long
    return dataclasses.replace(kept, players=tuple(
        p if len(p.rounds) == length else dataclasses.replace(p, rounds=p.rounds + (NOT_PAIRED,) * (length - len(p.rounds)))
        for p in players))


def _round_elements(t: Tournament, rounds: int | None) -> int:
    return max(rounds or 0, len(t.event.round_dates), t.rounds)


def _boards(t: Tournament) -> int | None:
    """Boards per match (``playerperteam``): the most players of one team paired in one round."""
    team_of = {m: team.number for team in t.teams for m in team.members}
    paired = Counter((team_of[p.start_number], r) for p in t.players if p.start_number in team_of
                     for r, e in enumerate(p.rounds) if getattr(e, "opponent", None) is not None)
    return max(paired.values(), default=0) or None


def _player(p: Player, rounds: tuple) -> Player:
    sex = None if p.sex in (None, "", "*", "-") else _SEXES.get(p.sex.lower()) or text(p.sex)
    return Player(
        start_number=p.start_number, name=text(p.name) or "", sex=sex, title=text(p.title),
        rating=p.rating or None, federation=text(p.federation),
        fide_id=p.fide_id if p.fide_id and ascii_digits(p.fide_id) and int(p.fide_id) else None,
        birth_date=_birth_date(p.birth_date), points=_decimal(p.points), rank=p.rank if p.rank and p.rank > 0 else None,
        rounds=rounds,
    )


#: The sexes the format holds, from the model's codes (any case).
_SEXES = {"f": "w", "m": "m", "w": "w"}


def _birth_date(value) -> PartialDate | None:
    if not isinstance(value, PartialDate):
        return None
    if value.month and value.day:
        return value
    return PartialDate(value.year)


def _decimal(value: Fraction | None) -> Fraction | None:
    return value if value is not None and decimal_text(value) is not None else None


def _rounds(rounds_of: dict[int, tuple], p: Player) -> tuple:
    """The player's entries that a pairing row can say: a game only when both lines agree on
    it (opponents, colours, results); without colours the lower start number gets White.
    ``rounds_of``: each start number's round entries."""
    out = []
    number = p.start_number
    for r, entry in enumerate(p.rounds):
        kind = type(entry)  # the model's entry classes have no subclasses
        if kind in _PAIRED and entry.opponent is not None:
            other = rounds_of.get(entry.opponent)
            mirror = other[r] if other is not None and r < len(other) else None
            if entry.opponent == number or getattr(mirror, "opponent", None) != number or not agree(entry, mirror):
                out.append(NOT_PAIRED)
            elif entry.colour is not None:
                out.append(entry)
            else:
                colour = (mirror.colour.opposite if mirror.colour else
                          Colour.WHITE if number < entry.opponent else Colour.BLACK)
                out.append(dataclasses.replace(entry, colour=colour))
        elif kind is Forfeit:
            out.append(Forfeit(entry.won))
        elif kind is Bye or kind is NotPaired:
            out.append(entry)
        else:
            out.append(NOT_PAIRED)
    return tuple(out)


#: The entries that name an opponent a pairing row pairs with.
_PAIRED = (Game, Pending, Forfeit)


def _teams(t: Tournament, numbers: set[int]) -> tuple[Team, ...]:
    seen: set[int] = set()
    out = []
    for team in t.teams:
        members = tuple(m for m in team.members if m in numbers and m not in seen)
        seen.update(members)
        out.append(Team(number=team.number, name=text(team.name) or "", members=members,
                        nickname=text(team.nickname), match_points=_decimal(team.match_points),
                        rank=team.rank if team.rank and team.rank > 0 else None))
    return tuple(out)


def _team_event(t: Tournament, rounds: int | None) -> TeamEvent:
    """The team byes, the one team-event fact the format holds (in a team event only: the team
    pairings are written for one)."""
    pab = t.team_event.pab
    if pab is None or not any(pab.teams) or event_type(t) not in ("2", "3"):
        return TeamEvent()
    last = max(r for r, team in enumerate(pab.teams, 1) if team)
    length = max(rounds or 0, last)
    teams = tuple(pab.teams[i] if i < len(pab.teams) else None for i in range(length))
    return TeamEvent(pab=TeamPab(bye_match_points(*_bye_result(pab)), _decimal(pab.game_points), teams))


def _bye_result(pab: TeamPab) -> tuple[Fraction | None, Fraction | None]:
    """``res1``, ``res2`` of a team bye: its game points, and a second number that makes the
    result state its match points as the reader reads them (:func:`.xml_read.bye_match_points`):
    0 for a won match, the same for a drawn one, one more for a lost one; no second number when
    the model leaves the match points to the event's rules."""
    points = _decimal(pab.game_points)
    if points is None or pab.match_points is None:
        return points, None
    system = MatchPointSystem()
    if pab.match_points > system.draw and points > 0:
        return points, Fraction(0)
    return points, points if pab.match_points >= system.draw else points + 1


def _pad_team_byes(players: tuple[Player, ...], teams, pab: TeamPab, boards: int | None) -> tuple[Player, ...]:
    """A player of a team with the pairing-allocated bye who has no entry for that round gets
    an explicit "not paired" row, so that the reader does not count the bye for him."""
    need: dict[int, int] = {}
    members = {team.number: team.members for team in teams}
    for r, team in enumerate(pab.teams, 1):
        for m in members.get(team, ())[:boards or None]:
            need[m] = max(need.get(m, 0), r)
    return tuple(dataclasses.replace(p, rounds=p.rounds + (NOT_PAIRED,) * (need[p.start_number] - len(p.rounds)))
                 if need.get(p.start_number, 0) > len(p.rounds) else p for p in players)


# -- the document ----------------------------------------------------------------------------
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\t": "&#9;", "\n": "&#10;",
                          "\r": "&#13;"})


def _element(depth: int, tag: str, /, **values) -> str:
    """One empty element on its own line: ``<tag a="v" …/>`` (None is an empty value)."""
    attributes = "".join([f' {k}="{v}"' if type(v) is int else f' {k}="{_attribute(v)}"' for k, v in values.items()])
    return f"{'  ' * depth}<{tag}{attributes}/>\n"


#: The characters :data:`_ESCAPES` replaces.
_SPECIAL = re.compile('[&<>"\t\n\r]')


def _attribute(value) -> str:
    """An attribute's value as written (None is empty): most are numbers or plain names, which
    are written as they are; only a text holding a special character goes through the table."""
    if value is None:
        return ""
    text = str(value)
    return text.translate(_ESCAPES) if _SPECIAL.search(text) else text


def _container(depth: int, name: str, children: list[str]) -> list[str]:
    """An element holding ``children`` (written ``<name/>`` when there is none)."""
    indent = "  " * depth
    return [f"{indent}<{name}>\n", *children, f"{indent}</{name}>\n"] if children else [f"{indent}<{name}/>\n"]


def _document(t: Tournament, encoding_name: str) -> list[str]:
    e = t.event
    kind = event_type(t)
    team = kind in ("2", "3")
    out = [f"<?xml version='1.0' encoding='{encoding_name}'?>\n", "<chessresults>\n"]
    out += _container(1, "tournamentdata", [_element(
        2, "tournament",
        key="", type=kind, name=e.name, fideeventid="", remark="", director="", organiser="",
        location=e.city, arbiter=", ".join(x for x in (e.chief_arbiter, *e.deputy_arbiters) if x),
        rounds=_int(e.declared_rounds), currentround=_int(t.rounds), rankinground=_int(t.rounds),
        sortstartrank="", **{"from": _date(e.start_date), "to": _date(e.end_date)},
        ratedfide="-", ratednational="-", **_tiebreak_slots(e, team), timecontrol=e.time_control_text,
        homecolor="w" if team else "", samecolor="N" if team else "",
        playerperteam=_int(_boards(t)) if team else "", endstatus="",
        chiefarbiter=e.chief_arbiter, deputyarbiter="; ".join(e.deputy_arbiters), federation=e.federation,
        creator="")])
    dates = e.round_dates
    out += _container(1, "rounds", [
        _element(2, "round", round=r, date=_date(dates[r - 1] if r <= len(dates) else None), time="")
        for r in range(1, _round_elements(t, e.declared_rounds) + 1)])
    board = {m: (team.number, i) for team in t.teams for i, m in enumerate(team.members, 1)}
    players = [_player_element(p, *board.get(p.start_number, (0, None))) for p in t.players]
    out += _container(1, "players", players)
    if team:
        out += _container(1, "teams", [
            _element(2, "team", no=x.number, teamname=x.name, teamshort=x.nickname, rank=_int(x.rank),
                     points=_comma(x.match_points)) for x in t.teams])
    out += _container(1, "playerpairings", [  # as _element writes it: numbers and codes, nothing to escape
        f'    <playerpairing round="{r}" pairing="{i}" board="1" whiteno="{white}" blackno="{black}" '
        f'reswhite="{rw}" resblack="{rb}" forfeit="{forfeit}"/>\n'
        for r, rows in _pairing_rows(t) for i, (white, black, rw, rb, forfeit) in enumerate(rows, 1)])
    if team:
        out += _container(1, "teampairings", _team_pairings(t, board))
    out.append("</chessresults>\n")
    return out


def _player_element(p: Player, team_no: int, board_no: int | None) -> str:
    """A ``<player>`` line, as :func:`_element` writes it (the texts escaped, the numbers as they
    are): written directly, since an event has thousands."""
    rating = _int(p.rating)
    return (f'    <player no="{p.start_number}" id="{p.start_number}" lastname="{_attribute(p.name)}" firstname="" '
            f'title="{_attribute(p.title)}" rtg="{rating}" rtgfide="{rating}" dob="{_dob(p.birth_date)}" '
            f'sex="{_attribute(_SEX.get(p.sex or "", p.sex))}" fed="{_attribute(p.federation)}" '
            f'board="{_int(board_no)}" teamno="{team_no}" fideid="{_attribute(p.fide_id)}" rank="{_int(p.rank)}" '
            f'pts="{_comma(p.points)}"/>\n')


def _tiebreak_slots(e: Event, team: bool) -> dict[str, str]:
    """``tb1no``…``tb5no`` and ``tb1_detail``…``tb5_detail`` of the event's tie-break list (0
    and empty for the slots left free, as Swiss-Manager writes them)."""
    slots = slots_of(e.tiebreaks, e.standings_tiebreaks, team)
    slots += [(0, "")] * (SLOTS - len(slots))
    return {**{f"tb{k}no": str(n) for k, (n, _) in enumerate(slots, 1)},
            **{f"tb{k}_detail": d for k, (_, d) in enumerate(slots, 1)}}


def _int(value: int | None) -> str:
    return "" if value is None else str(value)


def _date(value) -> str:
    return f"{value.year:04d}{value.month:02d}{value.day:02d}" if isinstance(value, date) else ""


def _dob(value: PartialDate | None) -> str:
    if value is None:
        return ""
    if value.month and value.day:
        return f"{value.day:02d}.{value.month:02d}.{value.year:04d}"
    return f"{value.year:04d}"


def _comma(value: Fraction | None) -> str:
    return "" if value is None else (decimal_text(value, 1) or "").replace(".", ",")


def _pairing_rows(t: Tournament):
    """Per round, one row per game (from White's side) and then one per bye or unpaired player,
    each in the players' order: ``(whiteno, blackno, reswhite, resblack, forfeit)``."""
    count = max((len(p.rounds) for p in t.players), default=0)
    games: list[list[tuple]] = [[] for _ in range(count)]
    others: list[list[tuple]] = [[] for _ in range(count)]
    white = Colour.WHITE
    for p in t.players:
        n = p.start_number
        for r, entry in enumerate(p.rounds):
            kind = type(entry)  # the model's entry classes have no subclasses
            if kind is Game:
                if entry.colour is white:
                    rw, rb = _RESULT[entry.outcome]
                    games[r].append((n, entry.opponent, rw, rb, "" if entry.rated else "U"))
            elif kind is Forfeit:
                o, won = entry.opponent, entry.won
                if o is None:
                    others[r].append((n, -2, "1.0" if won else "0.0", "", "K"))
                elif entry.colour is white:
                    # project() kept only forfeits both lines agree on; a file with a start
                    # number used twice can still show another line here: read it as unplayed
                    mirror = t.player(o).rounds[r]
                    theirs = isinstance(mirror, Forfeit) and mirror.won
                    games[r].append((n, o, "1.0" if won else "0.0", "1.0" if theirs else "0.0",
                                     "K" if won or theirs else "D"))
            elif kind is Pending:
                if entry.colour is white:
                    games[r].append((n, entry.opponent, "", "", "H" if entry.adjourned else ""))
            elif kind is Bye:
                others[r].append((n, -1, decimal_text(DEFAULT_SCORES.pab), "0.0", "K") if entry.kind is ByeKind.PAB
                                 else (n, -2, _BYE_POINTS[entry.kind], "", ""))
            elif kind is NotPaired:
                others[r].append((n, -2, "", "", ""))
    for r in range(count):
        yield r + 1, games[r] + others[r]


def _team_pairings(t: Tournament, board: dict) -> list[str]:
    """Team matches, derived from the boards: the team of the first board's White player is
    ``no1``; results are game points (1, ½, 0; a forfeit counts as a win for its winner)."""
    byes = t.team_event.pab.teams if t.team_event.pab else ()
    count = max(t.rounds, len(byes))
    out = []
    for r in range(1, count + 1):
        matches: dict[tuple[int, int], list[Fraction]] = {}
        for p in t.players:
            entry = p.rounds[r - 1] if r <= len(p.rounds) else None
            if not isinstance(entry, (Game, Forfeit)) or entry.colour is not Colour.WHITE or entry.opponent is None:
                continue
            home, away = board.get(p.start_number, (0,))[0], board.get(entry.opponent, (0,))[0]
            if not home or not away or home == away:
                continue
            score = DEFAULT_SCORES.points(entry)
            other = t.player(entry.opponent).rounds[r - 1]
            key = (home, away) if (away, home) not in matches else (away, home)
            points = matches.setdefault(key, [Fraction(0), Fraction(0)])
            mine, theirs = (score, DEFAULT_SCORES.points(other))
            points[0 if key[0] == home else 1] += mine
            points[1 if key[0] == home else 0] += theirs
        i = 0
        for i, ((home, away), (a, b)) in enumerate(matches.items(), 1):
            out.append(_element(2, "teampairing", round=r, pairing=i, no1=home, no2=away, res1=decimal_text(a),
                                res2=decimal_text(b)))
        if r <= len(byes) and byes[r - 1]:
            pab = t.team_event.pab
            res1, res2 = _bye_result(pab)
            out.append(_element(2, "teampairing", round=r, pairing=i + 1, no1=byes[r - 1], no2="-1",
                                res1=decimal_text(res1) if res1 is not None else "",
                                res2=decimal_text(res2) if res2 is not None else ""))
    return out
