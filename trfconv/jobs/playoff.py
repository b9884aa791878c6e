"""``playoff``: the on-board play-off of FIDE Handbook C.05 Annex 3 (as the French federation's
arbiters' manual restates it) for the players tied for a place: who plays (the players tied in
the file's standings, or named), the stages, the games with colours drawn by lot, the timing,
the places and prizes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time
from pathlib import Path
from typing import ClassVar

from ..actions import Action
from ..documents.basis import ALLOW_DEFECTIVE, Basis
from ..io.files import MAX_INPUT_BYTES
from ..messages import msg
from ..rules.tiebreaks.playoff import Plan, Rate
from .inputs import Given, Params, name_of, tournament
from .outputs import delivered, rendered_in
from .result import Exit, JobResult, Problem, stopped
from .tiebreaks import tiebreak_specs


@dataclass(frozen=True)
class Playoff(Params):
    """The file (None: the players named, in the event's tie-break order); the place the
    play-off decides (the players tied on points with the one standing there); the tied players
    named (start numbers or names of the file); the event's tie-breaks (empty: the file's list);
    the seed of the drawings of lots (None: a new one, said in the plan); when the last game of a
    tied player ended; the rates of the games and of an Armageddon game, and after how many games
    a run until the first win ends with one; the document's form and output; the file's
    encoding; ``lenient``."""

    name: ClassVar[str] = "playoff"
    job: ClassVar[str] = "trfconv.jobs.playoff:playoff"

    file: Given | None = None
    place: int = 1
    players: tuple[str, ...] = ()
    tiebreaks: tuple[str, ...] = ()
    seed: str | None = None
    last_game_end: time | None = None
    rate: Rate | None = None
    armageddon: Rate | None = None
    armageddon_after: int | None = None
    form: str = "text"
    output: Path | None = None
    encoding: str | None = None
    lenient: bool = False
    max_bytes: int = MAX_INPUT_BYTES


@dataclass(frozen=True)
class Tied:
    """The play-off planned: its players, the first place they play for, the seed of its lots,
    the plan, and the event's name (None without a file)."""

    entrants: tuple
    first: int
    seed: str
    plan: Plan
    event: str | None = None


def playoff(params: Playoff) -> JobResult[Tied]:
    """The play-off plan in its form, written or handed back."""
    from ..documents.playoff import PlayoffReport
    from ..rules.tiebreaks.lots import new_seed
    from ..rules.tiebreaks.playoff import plan

    seed = params.seed if params.seed is not None else new_seed()
    found = _tied(params, seed)
    if isinstance(found, Problem):
        return stopped(params.name, found, file=name_of(params.file) if params.file is not None else None)
    entrants, first, diagnostics, t = found
    where = name_of(params.file) if params.file is not None else None
    basis = Basis(where, diagnostics, params.lenient, scope="ranking", lang=params.lang)
    planned = plan(list(entrants), first=first, seed=seed, rate=params.rate, armageddon=params.armageddon,
                   armageddon_after=params.armageddon_after)
    event = t.event.name if t is not None else None
    rendered = rendered_in("playoff", PlayoffReport(basis, planned, event, params.last_game_end), params.form)
    return delivered(params.name, Exit.PROBLEMS if basis.defective else Exit.OK, rendered, params.output,
                     params.file, msg("play-off plan ({form})", form=params.form), file=where, tournament=t,
                     value=Tied(tuple(entrants), first, seed, planned, event), diagnostics=basis.diagnostics,
                     basis=basis, verdict=msg("not produced") if basis.withheld else msg("planned"),
                     actions=(ALLOW_DEFECTIVE,) if basis.withheld else ())


def _tied(params: Playoff, seed: str):
    """Who plays off: without a file the players named, in the event's tie-break order; with one,
    the players named or those tied for the place in its standings. With the first place they
    play for, what was noticed on the way (the file's diagnostics and its standings') and the
    tournament; or the problem (not tied, fewer than two)."""
    from ..rules.tiebreaks import standings as rank
    from ..rules.tiebreaks.playoff import Entrant, chosen, tied_for

    names = list(params.players)
    if params.file is None:
        if len(names) < 2:
            return Problem(msg("give a tournament file, or the tied players"), about="file",
                           actions=(Action("give-players"),))
        if len(set(names)) < len(names):
            return Problem(msg("a player is named twice"), about="players")
        return [Entrant(None, n, k) for k, n in enumerate(names, 1)], params.place, (), None
    t = tournament(params.file, encoding=params.encoding, max_bytes=params.max_bytes)
    if isinstance(t, Problem):
        return t
    if params.tiebreaks:
        specs = tiebreak_specs(list(params.tiebreaks), None, t.event.start_date)
        if isinstance(specs, Problem):
            return specs
    s = rank(t, list(params.tiebreaks) or None, lots_seed=seed)
    try:
        entrants, first = chosen(s, names) if names else tied_for(s, params.place)
    except ValueError as err:
        return Problem(err.args[0] if err.args else str(err), about="players" if names else "places")
    if len(entrants) < 2:
        return Problem(msg("a play-off needs two or more players"), about="players")
    return entrants, first, (*t.diagnostics, *(d.located(name_of(params.file)) for d in s.diagnostics)), t
