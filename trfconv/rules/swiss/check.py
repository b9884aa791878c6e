"""Were the pairings right? Every round of a Swiss file re-paired under the Dutch system
(C.04.3, the edition in force at the event's start) from the state before it as the file records
it, compared with the file's round, and each difference explained by the criterion that decides
it (:mod:`.explain`); and the pairing of the round after the file's last (``next``).

A round is judged only on what the file records: one it cannot decide (results missing before
it, an acceleration declared without its points, a points assignment outside the results, rules
not modelled) is said so, never guessed. Systems other than the Dutch one, team events and round
robins are not checked, and the result says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...eventkind import is_team_event
from ...model import Bye, ByeKind, Colour, Forfeit, Game, Pending, Tournament
from ..editions import edition, editions
from ..tiebreaks.field import is_round_robin
from .colours import Allocation
from .dutch import NoPairing, NotModelled, RoundContext, RoundPairing
from .explain import Bracket, Candidate, Reason, first_difference
from .rules import SwissRules, event_start, rules_of, swiss_rules
from .state import Entrant, RoundState, paired_in, paired_rounds, round_states


class Verdict(Enum):
    """What a round is, held to the Dutch system."""

    SAME = "as the Dutch system pairs it"
    COLOURS = "colours differ"
    DIFFERS = "differs"
    CANNOT = "cannot judge"


@dataclass(frozen=True)
class ColourDifference:
    """A pair the file and the rules agree on, with the colours swapped: the player the file
    gives White, the one the rules give it, the rule that decides, and why."""

    file_white: int
    white: int
    rule: str
    text: str


@dataclass(frozen=True)
class RoundCheck:
    """One round held to the Dutch system."""

    round: int
    verdict: Verdict
    #: the file's pairs as (White, Black), a bye as (player, None); unknown colours as the file gives them
    file: tuple[tuple[int, int | None], ...]
    #: the engine's pairing (None when it gave none)
    dutch: RoundPairing | None
    reasons: tuple[str, ...] = ()  #: why the round cannot be judged
    difference: Reason | None = None  #: the criterion that decides, when the pairs differ
    file_only: tuple[tuple[int, int | None], ...] = ()  #: pairs the file has and the rules do not give
    dutch_only: tuple[tuple[int, int | None], ...] = ()  #: pairs the rules give and the file has not
    colours: tuple[ColourDifference, ...] = ()
    notes: tuple[str, ...] = ()  #: what the judgement of this round rests on


@dataclass(frozen=True)
class NextRound:
    """The pairing of the round after the file's last, as the rules give it."""

    round: int
    pairing: RoundPairing | None
    reasons: tuple[str, ...] = ()  #: why it cannot be given
    notes: tuple[str, ...] = ()  #: what it rests on


@dataclass(frozen=True)
class PairingsCheck:
    """The file's pairings held to the Dutch system."""

    system: str  #: the pairing system as the file declares it (or as assumed)
    checked: bool  #: False: a system, or a kind of event, the checker does not check
    rules: SwissRules | None
    notes: tuple[str, ...]  #: what the whole check rests on (edition, system assumed, initial colour)
    rounds: tuple[RoundCheck, ...] = ()
    next: NextRound | None = None
    why_not: str = ""  #: when not checked

    def count(self, verdict: Verdict) -> int:
        return sum(1 for r in self.rounds if r.verdict is verdict)

    @property
    def verdict(self) -> str:
        """One line: how many rounds are as the Dutch system pairs them."""
        if not self.checked:
            return f"not checked: {self.why_not}"
        if not self.rounds:
            return "no round to check"
        parts = [f"{self.count(Verdict.SAME)} of {len(self.rounds)} round{'s' if len(self.rounds) != 1 else ''} as "
                 "the Dutch system pairs them"]
        for verdict, said in ((Verdict.DIFFERS, "differ{s}"), (Verdict.COLOURS, "differ{s} in colours only"),
                              (Verdict.CANNOT, "cannot be judged")):
            if n := self.count(verdict):
                parts.append(f"{n} {said.format(s='s' if n == 1 else '')}")
        return "; ".join(parts)


#: 192 codes (TRF-2026) and words of 092 that name a system the checker does not check.
OTHER_SYSTEMS = {"DUBOV": "the Dubov system (C.04.4.1)", "BURSTEIN": "the Burstein system (C.04.4.2)",
                 "LIM": "the Lim system (C.04.4.3)", "DOUBLESWISS": "the Double-Swiss system (C.04.5)",
                 "DOUBLE SWISS": "the Double-Swiss system (C.04.5)", "TEAM": "a team Swiss (C.04.6)",
                 "ROUNDROBIN": "a round robin", "ROUND ROBIN": "a round robin", "BERGER": "a round robin",
                 "SCHEVENINGEN": "a Scheveningen", "SCHILLER": "the Schiller system", "KNOCKOUT": "a knockout",
                 "CUSTOM": "a custom system"}


def check_pairings(t: Tournament, *, rules: str | None = None, system: str | None = None,
                   rounds: list[int] | None = None, next_round: bool = False) -> PairingsCheck:
    """Every round of ``t`` (or those in ``rounds``) held to the Dutch system, and with
    ``next_round`` the pairing of the round after its last. ``rules``: an edition of the Swiss
    rules by name (``swiss-2017``, ``swiss-2026``; default: the one in force at the start);
    ``system``: ``dutch`` to check a file that declares another system or none."""
    declared, other = _system(t)
    if system is not None and system.strip().lower() != "dutch":
        return PairingsCheck(system, False, None, (), why_not=f"{system} is not checked (only the Dutch system is)")
    if is_team_event(t):
        return PairingsCheck(declared or "team event", False, None, (), why_not="a team event: team Swiss "
                             "systems (C.04.6) are not checked")
    if other and system is None:
        return PairingsCheck(declared, False, None, (), why_not=f"{other}: only the Dutch system (C.04.3) is checked")
    if is_round_robin(t):
        return PairingsCheck(declared or "round robin", False, None, (), why_not="a round robin, not a Swiss")
    chosen, notes, unknown = _edition(t, rules, declared)
    if system is None and not declared:
        notes.append("the file names no pairing system (192, 092): judged as the Dutch system")
    if declared and "BAKU" in declared.upper() and not (t.pairing.accelerations or t.pairing.player_accelerations):
        unknown.append("the file declares the Baku acceleration but gives no 250 or XXA record of its fictitious "
                       "points")
    total = t.event.declared_rounds or t.rounds
    held = paired_rounds(t)
    upto = held + 1 if next_round else held
    states = round_states(t, chosen, max(total, upto), upto) if upto else []
    if states:
        notes.extend(states[-1].assumed)
    wanted = [r for r in range(1, held + 1) if rounds is None or r in rounds]
    checks = tuple(_round(t, states[r - 1], tuple(unknown)) for r in wanted)
    after = None
    if next_round:
        after = _next(t, states[held] if len(states) > held else None, tuple(unknown), total)
    return PairingsCheck(declared or "Dutch system (assumed)", True, chosen, tuple(notes), checks, after)


def declares_dutch(t: Tournament) -> bool:
    """The file says it was paired by the Dutch system (192 FIDE_DUTCH…, or 092's words)."""
    return "DUTCH" in ((t.pairing.system or "") + " " + (t.event.type or "")).upper()


def _system(t: Tournament) -> tuple[str, str | None]:
    """The system the file declares (192, or 092's words) and, when it is not the Dutch one, what
    it is."""
    code = (t.pairing.system or "").strip()
    words = (t.event.type or "").upper()
    text = code.upper() or words
    if "DUTCH" in text:
        return code or t.event.type or "", None
    for key, name in OTHER_SYSTEMS.items():
        if key in text:
            return code or t.event.type or "", name
    return code, None


def _edition(t: Tournament, rules: str | None, declared: str) -> tuple[SwissRules, list[str], list[str]]:
    """The edition applied, what the choice rests on, and why no round can be judged (an event
    before the first edition modelled)."""
    notes: list[str] = []
    unknown: list[str] = []
    if rules:
        chosen = rules_of(edition(rules, "swiss"))
        notes.append(f"judged under {chosen.name} ({chosen.edition.title}), as asked")
        return chosen, notes, unknown
    start = event_start(t)
    chosen = swiss_rules(start)
    if start is None:
        notes.append(f"start date unknown: judged under {chosen.name} (the newest edition)")
    else:
        notes.append(f"judged under {chosen.name} ({chosen.edition.title}), the edition in force on the event's "
                     f"start date, {start.isoformat()}")
        first = editions("swiss")[0].effective
        if start < first:
            unknown.append(f"the Dutch rules in force on {start.isoformat()} (before {first.isoformat()}) are not "
                           "modelled")
    year = next((y for y in ("2017", "2025", "2026") if y in declared), None)
    if year and (year == "2017") != (chosen.name == "swiss-2017"):
        notes.append(f"the file declares {declared}; the rules follow the event's start date")
    return chosen, notes, unknown


def _file_round(t: Tournament, r: int) -> tuple[dict[int, int], dict[frozenset, Colour | None], int | None]:
    """The file's round ``r``: player -> opponent, the colour of each pair's lower start number
    (None when the file gives none), the player given the bye."""
    mate: dict[int, int] = {}
    colour: dict[frozenset, Colour | None] = {}
    bye = None
    for p in t.players:
        e = p.rounds[r - 1] if r <= len(p.rounds) else None
        if isinstance(e, Game | Pending) or (isinstance(e, Forfeit) and e.opponent is not None):
            mate[p.start_number] = e.opponent
            if p.start_number < e.opponent:
                colour[frozenset((p.start_number, e.opponent))] = e.colour
        elif isinstance(e, Bye) and e.kind is ByeKind.PAB:
            bye = p.start_number
    return mate, colour, bye


def _round(t: Tournament, state: RoundState, unknown: tuple[str, ...]) -> RoundCheck:
    r = state.round
    mate, colour, bye = _file_round(t, r)
    shown = _file_boards(mate, colour, bye)
    reasons = unknown + state.unknown
    if reasons:
        return RoundCheck(r, Verdict.CANNOT, shown, None, reasons)
    try:
        ctx = RoundContext(state)
        ours = ctx.pair()
    except NoPairing as e:
        met = {p.number: p.opponents for p in state.entrants}
        again = sorted((a, b) for a, b in mate.items() if a < b and b in met.get(a, ()))
        said = f"; the file's round pairs players who already met: {', '.join(f'{a}-{b}' for a, b in again)}" \
            if again else ""
        return RoundCheck(r, Verdict.CANNOT, shown, None, (f"no pairing meets the absolute criteria ({e}); the "
                                                            f"arbiter decides ({state.rules.article('outlook')}){said}",))
    except NotModelled as e:
        return RoundCheck(r, Verdict.CANNOT, shown, None, (str(e),))
    notes: tuple[str, ...] = ()
    file_pairs = {frozenset((a, b)) for a, b in mate.items()}
    our_pairs = {frozenset(b.players) for b in ours.boards}
    if file_pairs == our_pairs and bye == ours.pab:
        colours = tuple(_colour_differences(ctx, ours, colour))
        unjudged = [b for b in ours.boards if b.allocation.white is None]
        if unjudged:
            notes = notes + (f"the initial colour is unknown (no 152 or XXC record, no game in round 1): the colours "
                             f"of {len(unjudged)} pair(s) decided by {state.rules.colour_rules[4]} are not judged",)
        return RoundCheck(r, Verdict.COLOURS if colours else Verdict.SAME, shown, ours, colours=colours, notes=notes)
    file_only = tuple(sorted(_pair(p) for p in file_pairs - our_pairs)) + (((bye, None),) if bye != ours.pab and bye
                                                                            else ())
    dutch_only = tuple(sorted(_pair(p) for p in our_pairs - file_pairs)) + (((ours.pab, None),)
                                                                            if bye != ours.pab and ours.pab else ())
    try:
        reason = _explain(ctx, ours, mate, bye)
    except NotModelled as e:
        return RoundCheck(r, Verdict.CANNOT, shown, ours, (f"the round differs from the Dutch system's pairing, and "
                                                            f"why cannot be said: {e}",), None, file_only, dutch_only)
    if reason.file_better:
        return RoundCheck(r, Verdict.CANNOT, shown, ours, (
            f"the file's pairing is better than trfconv's by {reason.label} ({reason.text}): a defect of the checker, "
            "or a reading of the rules it does not share",), reason, file_only, dutch_only, notes=notes)
    return RoundCheck(r, Verdict.DIFFERS, shown, ours, difference=reason, file_only=file_only, dutch_only=dutch_only,
                      notes=notes)


def _pair(pair: frozenset) -> tuple[int, int]:
    a, b = sorted(pair)
    return a, b


def _file_boards(mate: dict[int, int], colour: dict[frozenset, Colour | None], bye: int | None):
    boards = []
    for a, b in sorted(mate.items()):
        if a < b:
            c = colour[frozenset((a, b))]
            boards.append((b, a) if c is Colour.BLACK else (a, b))
    if bye is not None:
        boards.append((bye, None))
    return tuple(boards)


def _explain(ctx: RoundContext, ours: RoundPairing, mate: dict[int, int], bye: int | None) -> Reason:
    """The first bracket where the file's pairing parts from the engine's, and why."""
    index = ctx.index
    players = ctx.players
    groups: list[list[int]] = []
    for i, p in enumerate(players):
        if groups and players[groups[-1][0]].pairing_score == p.pairing_score:
            groups[-1].append(i)
        else:
            groups.append([i])
    mdps: list[int] = []
    for k, (residents, bracket) in enumerate(zip(groups, ours.brackets)):
        members = mdps + residents
        inside = set(members)
        lower = [i for g in groups[k + 1:] for i in g]
        last = not lower
        pairs = []
        for a in members:
            other = mate.get(players[a].number)
            b = index.get(other) if other is not None else None
            if b is not None and b in inside and a < b:
                pairs.append((a, b))
        paired = {i for pair in pairs for i in pair}
        given = index.get(bye) if last and bye is not None and index.get(bye) in inside else None
        down = tuple(i for i in members if i not in paired and i != given)
        file = Candidate(tuple(pairs), down, given)
        mine = Candidate(tuple(sorted((index[a], index[b]) for a, b in bracket.pairs)),
                         tuple(index[i] for i in bracket.downfloaters),
                         index[bracket.pab] if bracket.pab is not None else None)
        if (set(file.pairs), set(file.downfloaters), file.bye) != (set(mine.pairs), set(mine.downfloaters), mine.bye):
            return first_difference(ctx, Bracket(tuple(mdps), tuple(residents), tuple(lower),
                                                 tuple(groups[k + 1]) if not last else ()), file, mine)
        mdps = list(down)
    return Reason("order", ctx.rules.article("bracket"), "the pairings differ in a way no bracket shows (a defect)",
                  file_better=True)


# -- colours -----------------------------------------------------------------------------------

def _colour_differences(ctx: RoundContext, ours: RoundPairing, colour: dict[frozenset, Colour | None]):
    for board in ours.boards:
        a, b = board.players
        given = colour.get(frozenset((a, b)))
        if given is None or board.allocation.white is None:
            continue
        file_white = min(a, b) if given is Colour.WHITE else max(a, b)
        if file_white != board.allocation.white:
            yield ColourDifference(file_white, board.allocation.white, ctx.rules.colour_rules[board.allocation.rule - 1],
                                   _colour_reason(ctx, board.allocation, a, b))


def _colour_reason(ctx: RoundContext, allocation: Allocation, a: int, b: int) -> str:
    """Why the rules give White to ``allocation.white`` (``a`` the higher-ranked player)."""
    pa, pb = (ctx.players[ctx.index[n]] for n in (a, b))
    white = allocation.white
    said = {1: "both preferences granted", 2: "the stronger preference granted", 3: "alternating from the last "
            "round in which one had White and the other Black", 4: "the higher-ranked player's preference granted",
            5: "the initial colour, by the higher-ranked player's pairing number"}[allocation.rule]
    return f"{said}: White to {white} ({_wish(pa)} for {a}; {_wish(pb)} for {b})"


def _wish(p: Entrant) -> str:
    colour, strength = p.preference
    if colour is None:
        return "no preference"
    return (f"{strength.name.lower()} preference for {colour.name.title()}, colour difference "
            f"{p.colour_difference:+d}" + (", topscorer" if p.topscorer else ""))


def _next(t: Tournament, state: RoundState | None, unknown: tuple[str, ...], total: int) -> NextRound:
    held = paired_rounds(t)
    r = held + 1
    if state is None:
        return NextRound(r, None, ("the file holds no round to pair from",))
    notes = []
    if not t.event.declared_rounds:
        notes.append(f"the number of rounds is not declared (142, XXR): round {r} is taken as "
                     + ("the last" if r >= total else "not the last"))
    elif r > total:
        return NextRound(r, None, (f"the event has {total} rounds",))
    came_back = sorted(p.start_number for p in t.players if p.rounds and len(p.rounds) >= held
                       and not paired_in(p.rounds[held - 1]) and p.start_number in {e.number for e in state.entrants})
    if came_back:
        notes.append(f"not paired in round {held} but paired in round {r} (no absence recorded for it): "
                     + ", ".join(map(str, came_back)))
    reasons = unknown + state.unknown
    if reasons:
        return NextRound(r, None, reasons, tuple(notes))
    try:
        return NextRound(r, RoundContext(state).pair(), (), tuple(notes))
    except NoPairing as e:
        return NextRound(r, None, (f"no pairing meets the absolute criteria ({e}); the arbiter decides",), tuple(notes))
    except NotModelled as e:
        return NextRound(r, None, (str(e),), tuple(notes))



