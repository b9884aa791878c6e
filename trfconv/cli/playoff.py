"""``playoff``: the on-board play-off plan (FIDE Handbook C.05 Annex 3, as the French federation's
arbiters' manual restates it) for players tied for a place."""

from __future__ import annotations

import re
import sys
from datetime import time
from pathlib import Path

import typer

from ..documents.registry import document
from ..rules.tiebreaks.playoff import MAX_SUDDEN_DEATH
from ..messages import msg
from .common import (
    MAX_PLACE,
    choices,
    EncodingOption,
    error_lines,
    fail,
    JsonOption,
    LenientOption,
    ran,
    say,
    show,
    written_lines,
)

PlayoffFormat = choices("PlayoffFormat", document("playoff").formats)
_RATE = re.compile(r"(\d{1,3})(?:/(\d{1,3}))?(?:\+(\d{1,3}))?")
_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def _rate(text: str, option: str):
    """``3+2`` (minutes + seconds per move) or ``6/5+0`` (White's / Black's minutes + seconds)."""
    from ..rules.tiebreaks.playoff import Rate

    m = _RATE.fullmatch(text.strip())
    if m is None or int(m.group(1)) == 0:
        raise fail(option, msg("'{text}' is not a rate of play: minutes[/Black's minutes][+seconds per move], "
                               "e.g. 3+2 or 6/5+0", text=text))
    white = int(m.group(1))
    black = int(m.group(2)) if m.group(2) else white
    return Rate(white, black, int(m.group(3) or 0))


def playoff(
    file: Path | None = typer.Argument(None, metavar="[FILE]", help="Tournament file (the tied players and the event's "
                                                  "tie-breaks come from its standings)."),
    places: int = typer.Option(1, "--places", min=1, metavar="K", max=MAX_PLACE, help="The place the play-off decides: the "
                               "players tied on points with the one standing there (default 1)."),
    players: str | None = typer.Option(None, "--players", help="The tied players, comma-separated: start numbers "
                                       "or names of the file, or without a file names in the event's tie-break "
                                       "order."),
    tiebreaks: list[str] | None = typer.Option(None, "--tiebreaks", "-t", help="The event's tie-breaks (default: "
                                               "the file's list, as for trfconv standings)."),
    seed: str | None = typer.Option(None, "--seed", help="Seed of the drawings of lots (pairs, colours); default: "
                                    "a new one, printed."),
    last_game_end: str | None = typer.Option(None, "--last-game-end", metavar="HH:MM", help="When the last game "
                                             "of a tied player ended: the stages get clock times."),
    rate: str | None = typer.Option(None, "--rate", help="Rate of the play-off games (default 3+2, C.05 Annex 3, "
                                    "1 k) 1.a)."),
    armageddon_after: int | None = typer.Option(None, "--armageddon-after", min=1, metavar="N", max=MAX_SUDDEN_DEATH,
                                                help="End a run of games until the first win with an Armageddon "
                                                     "game after N games."),
    armageddon: str | None = typer.Option(None, "--armageddon", help="Armageddon rate, White/Black minutes + "
                                          "seconds (default 6/5+0, C.05 Annex 3, the decisive game)."),
    fmt: PlayoffFormat = typer.Option("text", "--format", case_sensitive=False,  # type: ignore[valid-type]
                                      help=document("playoff").format_help()),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output)."),
    encoding: str | None = EncodingOption, lenient: bool = LenientOption, as_json: bool = JsonOption,
) -> None:
    """The on-board play-off of FIDE Handbook C.05 Annex 3 (as restated in the French federation's
    arbiters' manual) for the players tied for a place: the stages (2
    players: a two-game mini-match, then games until the first win; 3: a round robin; 4: a
    knock-out; 5 or more: the first four by the event's tie-breaks play the knock-out), the
    games with colours drawn by lot (seed printed), the earliest start of each stage (30 minutes
    after the last game, 10 between stages), the places and prizes. Exit 0 ok, 1 when the file
    has errors, 2 when it cannot be read, the players are not tied or a tie-break name is unknown."""
    from ..jobs.playoff import Playoff

    clock = _time_of_day(last_game_end)
    play_rate = _rate(rate, "--rate") if rate else None
    sudden = _rate(armageddon, "--armageddon") if armageddon else None
    names = tuple(x.strip() for x in (players or "").split(",") if x.strip())
    form = "json" if as_json else PlayoffFormat(fmt).value
    result = ran(Playoff(file, places, names, tuple(tiebreaks or ()), seed, clock, play_rate, sudden,
                         armageddon_after, form, output, encoding, lenient), as_json=as_json,
                 options={"file": "playoff"})
    tied = result.computed
    if result.document is not None:
        show(result.document)
    lines = error_lines(result.grounds.errors)
    count, first = len(tied.entrants), tied.first
    lines.append(say(msg("play-off: {n} players, places {first}-{last}, {stages} stage(s), seed {seed}", n=count,
                         first=first, last=first + count - 1, stages=len(tied.plan.stages), seed=tied.seed)))
    lines += written_lines(result)
    typer.echo("\n".join(lines), file=sys.stderr)
    raise typer.Exit(int(result.exit))


def _time_of_day(text: str | None) -> time | None:
    """``--last-game-end HH:MM`` as a time of day (exit 2 when it is none), or None."""
    if text is None:
        return None
    m = _CLOCK.fullmatch(text.strip())
    if m is None:
        raise fail("--last-game-end", msg("'{text}' is not a time of day (HH:MM)", text=text))
    return time(int(m.group(1)), int(m.group(2)))
