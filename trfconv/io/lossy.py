"""Lossy conversion: what a target format cannot hold, named item by item (``WRT004``).

A writer for a format that holds only part of the model says which part with a *projection*:
the tournament reduced to what the format can carry (``project(t)``). It then writes the
projection, and :func:`dropped_items` compares the two models so that every field that
differs is reported: nothing disappears silently, and the report is exactly what a reader of
the output will miss (the round-trip tests check ``read(write(t)) == project(t)``).
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from fractions import Fraction

from ..diagnostics import Diagnostic, diagnostic
from ..messages import SEMICOLON, Message, joined, msg, plural
from ..model import NOT_PAIRED, Tournament
from ..numbers import short_text
from ..sides import in_words
from ..timecontrol import TimeControl, format_code

_SHOWN = 5  # how many players / teams / round entries a message names before "…"
#: The model's fields as a message names them (what a format cannot hold).
_LABELS = {"game_points": msg("game points"), "first_round": msg("first round"), "last_round": msg("last round"),
    "first_id": msg("first id"), "last_id": msg("last id"), "match_points": msg("match points"), "kind": msg("kind"),
    "name": msg("name"), "city": msg("city"), "federation": msg("federation"), "start_date": msg("start date"),
    "end_date": msg("end date"), "declared_players": msg("declared players"),
    "declared_rated_players": msg("declared rated players"), "declared_teams": msg("declared teams"),
    "type": msg("type"), "chief_arbiter": msg("chief arbiter"), "deputy_arbiters": msg("deputy arbiters"),
    "time_control_text": msg("time control text"), "time_control": msg("time control"),
    "round_dates": msg("round dates"), "declared_rounds": msg("declared rounds"), "rank_method": msg("rank method"),
    "pairing_controller": msg("pairing controller"), "tiebreaks": msg("tiebreaks"),
    "standings_tiebreaks": msg("standings tiebreaks"), "text": msg("text"), "after": msg("after"), "won": msg("won"),
    "opponent": msg("opponent"), "colour": msg("colour"), "outcome": msg("outcome"), "rated": msg("rated"),
    "round": msg("round"), "team": msg("team"), "boards": msg("boards"), "win": msg("win"), "draw": msg("draw"),
    "loss": msg("loss"), "sex": msg("sex"), "classification": msg("classification"), "rating": msg("rating"),
    "origin": msg("origin"), "national_id": msg("national id"), "birth_date": msg("birth date"),
    "system": msg("system"), "initial_colour": msg("initial colour"), "by_rank": msg("by rank"),
    "requested_byes": msg("requested byes"), "absent_next_round": msg("absent next round"),
    "accelerations": msg("accelerations"), "player_accelerations": msg("player accelerations"),
    "prohibited": msg("prohibited"), "year": msg("year"), "month": msg("month"), "day": msg("day"),
    "adjourned": msg("adjourned"), "start_number": msg("start number"), "title": msg("title"),
    "fide_id": msg("fide id"), "points": msg("points"), "rank": msg("rank"), "rounds": msg("rounds"),
    "national_ratings": msg("national ratings"), "player": msg("player"), "ids": msg("ids"),
    "win_white": msg("win white"), "win_black": msg("win black"), "draw_white": msg("draw white"),
    "draw_black": msg("draw black"), "loss_white": msg("loss white"), "loss_black": msg("loss black"),
    "forfeit_win": msg("forfeit win"), "forfeit_loss": msg("forfeit loss"), "pab": msg("pab"),
    "full_bye": msg("full bye"), "half_bye": msg("half bye"), "zero_bye": msg("zero bye"), "unknown": msg("unknown"),
    "number": msg("number"), "members": msg("members"), "nickname": msg("nickname"), "strength": msg("strength"),
    "board_colours": msg("board colours"), "forfeits": msg("forfeits"), "lineups": msg("lineups"),
    "result": msg("result"), "white": msg("white"), "black": msg("black"), "teams": msg("teams")}


def dropped(label: str, what: str) -> Diagnostic:
    """The ``WRT004`` warning that format ``label`` cannot hold ``what``."""
    return diagnostic("WRT004", msg("{label} cannot hold {what}; left out", label=label, what=what))


def lossy_diagnostics(label: str, original: Tournament, kept: Tournament) -> list[Diagnostic]:
    """One ``WRT004`` per item of ``original`` that ``kept`` (its projection) lost."""
    return [dropped(label, what) for what in dropped_items(original, kept)]


def dropped_items(original: Tournament, kept: Tournament) -> list[Message]:
    """Each difference between a tournament and its projection, described for a person: event
    fields by name with the value, player and team fields with the numbers concerned, round
    entries with player and round."""
    out: list[Message] = []
    out += _record_fields(msg("event"), original.event, kept.event)
    out += _players(original, kept)
    out += _teams(original, kept)
    if original.scores != kept.scores:
        changed = [_label(f.name) for f in dataclasses.fields(original.scores)
                   if getattr(original.scores, f.name) != getattr(kept.scores, f.name)]
        out.append(msg("the score system (non-default points for: {fields})", fields=changed))
    out += _record_fields(msg("pairing"), original.pairing, kept.pairing)
    out += _record_fields(msg("team event"), original.team_event, kept.team_event)
    if original.point_adjustments != kept.point_adjustments:
        out.append(msg("{count} point adjustment(s) (299)", count=len(original.point_adjustments)))
    if original.extras != kept.extras:
        out.append(msg("{count} line(s) kept verbatim from the source (comments, unknown or private records)",
                       count=len(original.extras)))
    return out


def _label(name: str) -> str:
    return _LABELS.get(name) or name.replace("_", " ")


def _value(value) -> str:
    """A short form of a field's value for a message."""
    if isinstance(value, tuple):
        return msg("{count} item(s)", count=len(value))
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if isinstance(value, Enum):
        return repr(value.value)
    if isinstance(value, TimeControl):
        return repr(format_code(value))
    if isinstance(value, Fraction):
        return short_text(value)
    if dataclasses.is_dataclass(value):
        return joined([msg("{field} {value}", field=_label(f.name), value=_value(getattr(value, f.name)))
                       for f in dataclasses.fields(value) if getattr(value, f.name) not in (None, (), "")], ", ")
    return str(value)


def _record_fields(what: str, original, kept) -> list[Message]:
    out = []
    for f in dataclasses.fields(original):
        before, after = getattr(original, f.name), getattr(kept, f.name)
        if before == after or before in (None, (), "") or _padding(before, after):
            continue  # the writer filled in a value, or padded a list: nothing was lost
        if after in (None, (), ""):
            out.append(msg("{what} {field} ({value})", what=what, field=_label(f.name), value=_value(before)))
        elif dataclasses.is_dataclass(before) and type(before) is type(after):
            out += _record_fields(msg("{what} {field}", what=what, field=_label(f.name)), before, after)
        else:
            out.append(msg("{what} {field} ({value}, written as {written})", what=what, field=_label(f.name),
                           value=_value(before), written=_value(after)))
    return out


def _padding(before, after) -> bool:
    return (isinstance(before, tuple) and isinstance(after, tuple) and after[:len(before)] == before
            and all(x is None for x in after[len(before):]))


def _numbers(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:_SHOWN]))
    return shown + (" …" if len(numbers) > _SHOWN else "")


def _players(original: Tournament, kept: Tournament) -> list[Message]:
    out = []
    kept_by_number = {p.start_number: p for p in kept.players}
    # the players a projection changed (most keep every field, and their round entries themselves)
    pairs = [(a, b) for a in original.players if (b := kept_by_number.get(a.start_number)) is not None and a != b]
    for f in dataclasses.fields(original.players[0]) if original.players else ():
        if f.name == "rounds":
            continue
        differ = [a.start_number for a, b in pairs if getattr(a, f.name) != getattr(b, f.name)]
        if differ:
            out.append(msg("the players' {field} ({count} player(s): {numbers})", field=_label(f.name),
                           count=len(differ), numbers=_numbers(differ)))
    entries = [(a.start_number, r, e) for a, b in pairs if a.rounds != b.rounds
               for r, (e, k) in enumerate(_padded(a.rounds, b.rounds), 1) if e != k]
    if entries:
        shown = joined([msg("player {number} round {round}: {entry}", number=n, round=r, entry=in_words(e))
                        for n, r, e in entries[:_SHOWN]], SEMICOLON)
        out.append(plural("{n} round entry ({entries}{more})", "{n} round entries ({entries}{more})",
                          n=len(entries), entries=shown, more=" …" if len(entries) > _SHOWN else ""))
    left_out = [p.start_number for p in original.players if p.start_number not in kept_by_number]
    if left_out:
        out.append(msg("{count} player(s) ({numbers})", count=len(left_out), numbers=_numbers(left_out)))
    return out


def _padded(a: tuple, b: tuple):
    """Both lines of round entries, the shorter padded with "not paired" (what a missing
    trailing entry means)."""
    n = max(len(a), len(b))
    return zip(a + (NOT_PAIRED,) * (n - len(a)), b + (NOT_PAIRED,) * (n - len(b)), strict=True)


def _teams(original: Tournament, kept: Tournament) -> list[Message]:
    out = []
    if len(original.teams) != len(kept.teams):
        names = ", ".join(t.name for t in original.teams[:_SHOWN]) + (" …" if len(original.teams) > _SHOWN else "")
        return [msg("{count} team(s) ({names})", count=len(original.teams), names=names)]
    pairs = list(zip(original.teams, kept.teams, strict=True))
    for f in dataclasses.fields(original.teams[0]) if original.teams else ():
        differ = [a.number for a, b in pairs if getattr(a, f.name) != getattr(b, f.name)]
        if differ:
            out.append(msg("the teams' {field} ({count} team(s): {numbers})", field=_label(f.name), count=len(differ),
                           numbers=_numbers(differ)))
    return out
