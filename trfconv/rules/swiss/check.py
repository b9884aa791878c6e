"""Were the pairings right? Every round of a Swiss file re-paired under the Dutch system
(C.04.3, the edition in force at the event's start) from the event as the file records it before
the round, compared with the file's round, and each difference explained by the criterion that
decides it (:mod:`.explain`); the absolute criteria each round breaks (:mod:`.absolute`, from
the same record); and the pairing of the next round (``next``).

Where the event stands comes from :mod:`trfconv.rules.progress`: the rounds the file holds
paired are checked, a round in play included (its pairing is judged on the rounds before it:
the arbiter's second opinion right after pairing); the next round is the one after the last
round paired, and it is paired only when every round before it is complete.

A round is judged only on what the file records: one it cannot decide (a round before it in play
or missing, an acceleration declared without its points, a points assignment outside the
results, rules not modelled) is said so, never guessed. Systems other than the Dutch one, team
events and round robins are not checked, and the result says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...eventkind import is_team_event
from ...messages import SEMICOLON, Message, joined, msg, plural
from ...model import Bye, ByeKind, Colour, Forfeit, Game, Pending, Tournament
from ..editions import edition, editions
from ..progress import Progress, progress, rounds_named
from ..tiebreaks.field import is_round_robin
from .absolute import Broken, broken_in
from .colours import Allocation
from .dutch import NoPairing, NotModelled, RoundContext, RoundPairing
from .explain import Bracket, Candidate, Reason, first_difference
from .rules import SwissRules, event_start, rules_of, swiss_rules
from .state import PlayerToPair, RoundToPair, Strength, rounds_to_pair


class RoundVerdict(Enum):
    """What a round is, held to the Dutch system."""

    SAME = msg("as the Dutch system pairs it")
    COLOURS = msg("colours differ")
    DIFFERS = msg("differs")
    CANNOT = msg("cannot judge")


@dataclass(frozen=True)
class ColourDifference:
    """A pair the file and the rules agree on, with the colours swapped: the player the file
    gives White, the one the rules give it, the rule that decides, and why."""

    file_white: int
    white: int
    rule: str
    text: Message


@dataclass(frozen=True)
class RoundCheck:
    """One round held to the Dutch system."""

    round: int
    verdict: RoundVerdict
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
    #: the absolute criteria the rounds checked break (a Swiss of another system's too)
    broken: tuple[Broken, ...] = ()
    assumed: bool = False  #: the file names no pairing system: the Dutch one is assumed

    def count(self, verdict: RoundVerdict) -> int:
        return sum(1 for r in self.rounds if r.verdict is verdict)

    @property
    def verdict(self) -> Message:
        """One line: how many rounds are as the Dutch system pairs them."""
        if not self.checked:
            return msg("not checked: {why}", why=self.why_not)
        if not self.rounds:
            return msg("no round to check")
        parts = [plural("{same} of {n} round as the Dutch system pairs them",
                        "{same} of {n} rounds as the Dutch system pairs them", n=len(self.rounds),
                        same=self.count(RoundVerdict.SAME))]
        if n := self.count(RoundVerdict.DIFFERS):
            parts.append(plural("{n} differs", "{n} differ", n=n))
        if n := self.count(RoundVerdict.COLOURS):
            parts.append(plural("{n} differs in colours only", "{n} differ in colours only", n=n))
        if n := self.count(RoundVerdict.CANNOT):
            parts.append(plural("{n} cannot be judged", "{n} cannot be judged", n=n))
        return joined(parts, SEMICOLON)


#: 192 codes (TRF-2026) and words of 092 that name a Swiss system the checker does not check:
#: their pairings are still held to the absolute criteria of C.04.1.
OTHER_SWISS = {"DUBOV": msg("the Dubov system (C.04.4.1)"), "BURSTEIN": msg("the Burstein system (C.04.4.2)"),
               "LIM": msg("the Lim system (C.04.4.3)"), "DOUBLESWISS": msg("the Double-Swiss system (C.04.5)"),
               "DOUBLE SWISS": msg("the Double-Swiss system (C.04.5)")}
#: ... and those that name no Swiss at all.
NOT_SWISS = {"TEAM": msg("a team Swiss (C.04.6)"), "ROUNDROBIN": msg("a round robin"),
             "ROUND ROBIN": msg("a round robin"), "BERGER": msg("a round robin"), "SCHEVENINGEN": msg("a Scheveningen"),
             "SCHILLER": msg("the Schiller system"), "KNOCKOUT": msg("a knockout"), "CUSTOM": msg("a custom system")}
OTHER_SYSTEMS = {**OTHER_SWISS, **NOT_SWISS}


def check_pairings(t: Tournament, *, rules: str | None = None, system: str | None = None,
                   rounds: list[int] | None = None, next_round: bool = False) -> PairingsCheck:
    """Every round of ``t`` the file holds paired (or those in ``rounds``) held to the Dutch
    system and to the absolute criteria, and with ``next_round`` the pairing of the round after
    the last one paired. ``rules``: an edition of the Swiss rules by name (``swiss-2017``,
    ``swiss-2026``; default: the one in force at the start); ``system``: ``dutch`` to check a
    file that declares another system or none."""
    declared, other = _system(t)
    if system is not None and system.strip().lower() != "dutch":
        return PairingsCheck(system, False, None, (), why_not=msg("{system} is not checked (only the Dutch system is)",
                                                                  system=system))
    if is_team_event(t):
        return PairingsCheck(declared or "team event", False, None, (), why_not=msg("a team event: team Swiss systems "
                                                                                    "(C.04.6) are not checked"))
    if other and system is None and other not in OTHER_SWISS.values():
        return PairingsCheck(declared, False, None, (), why_not=msg("{system}: only the Dutch system (C.04.3) is checked",
                                                                    system=other))
    if is_round_robin(t):
        return PairingsCheck(declared or "round robin", False, None, (), why_not=msg("a round robin, not a Swiss"))
    chosen, notes, unknown = _edition(t, rules, declared)
    where = progress(t)
    held = where.last_paired
    upto = held + 1 if next_round and not (other and system is None) else held
    to_pair = rounds_to_pair(t, chosen, where, upto) if upto else []
    wanted = [r for r in range(1, held + 1) if rounds is None or r in rounds]
    broken = tuple(b for r in wanted for b in broken_in(t, to_pair[r - 1]))
    if other and system is None:
        return PairingsCheck(declared, False, chosen, tuple(notes), broken=broken,
                             why_not=msg("{system}: only the Dutch system (C.04.3) is checked", system=other))
    assumed = system is None and not declared
    if assumed:
        notes.append(msg("the file names no pairing system (192, 092): judged as the Dutch system"))
    if declared and "BAKU" in declared.upper() and not (t.pairing.accelerations or t.pairing.player_accelerations):
        unknown.append(msg("the file declares the Baku acceleration but gives no 250 or XXA record of its fictitious "
                           "points"))
    if to_pair:
        notes.extend(to_pair[-1].assumed)
    checks = tuple(_round(t, to_pair[r - 1], tuple(unknown), [b for b in broken if b.round == r]) for r in wanted)
    after = _next(t, where, to_pair[held], to_pair[held - 1] if held else None, tuple(unknown)) if next_round else None
    return PairingsCheck(declared or "Dutch system (assumed)", True, chosen, tuple(notes), checks, after, broken=broken,
                         assumed=assumed)


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
        notes.append(msg("judged under {edition} ({title}), as asked", edition=chosen.name, title=chosen.edition.title))
        return chosen, notes, unknown
    start = event_start(t)
    chosen = swiss_rules(start)
    if start is None:
        notes.append(msg("start date unknown: judged under {edition} (the newest edition)", edition=chosen.name))
    else:
        notes.append(msg("judged under {edition} ({title}), the edition in force on the event's start date, {start}",
                         edition=chosen.name, title=chosen.edition.title, start=start))
        first = editions("swiss")[0].effective
        if start < first:
            unknown.append(msg("the Dutch rules in force on {start} (before {first}) are not modelled", start=start,
                               first=first))
    year = next((y for y in ("2017", "2025", "2026") if y in declared), None)
    if year and (year == "2017") != (chosen.name == "swiss-2017"):
        notes.append(msg("the file declares {declared}; the rules follow the event's start date", declared=declared))
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


def _round(t: Tournament, to_pair: RoundToPair, unknown: tuple[str, ...], broken: list[Broken]) -> RoundCheck:
    r = to_pair.round
    mate, colour, bye = _file_round(t, r)
    shown = _file_boards(mate, colour, bye)
    reasons = unknown + to_pair.unknown
    if reasons:
        return RoundCheck(r, RoundVerdict.CANNOT, shown, None, reasons)
    try:
        ctx = RoundContext(to_pair)
        ours = ctx.pair()
    except NoPairing as e:
        again = [f"{b.player}-{b.opponent}" for b in broken if b.kind == "rematch"]
        none = msg("no pairing meets the absolute criteria ({why}); the arbiter decides ({article})", why=e.args[0],
                   article=to_pair.rules.article('outlook'))
        return RoundCheck(r, RoundVerdict.CANNOT, shown, None, (msg(
            "{none}; the file's round pairs players who already met: {pairs}", none=none, pairs=again) if again
            else none,))
    except NotModelled as e:
        return RoundCheck(r, RoundVerdict.CANNOT, shown, None, (e.args[0],))
    notes: tuple[str, ...] = ()
    file_pairs = {frozenset((a, b)) for a, b in mate.items()}
    our_pairs = {frozenset(b.players) for b in ours.boards}
    if file_pairs == our_pairs and bye == ours.pab:
        colours = tuple(_colour_differences(ctx, ours, colour))
        unjudged = [b for b in ours.boards if b.allocation.white is None]
        if unjudged:
            notes = notes + (msg("the initial colour is unknown (no 152 or XXC record, no game in round 1): the colours "
                                 "of {count} pair(s) decided by {rule} are not judged", count=len(unjudged),
                                 rule=to_pair.rules.colour_rules[4]),)
        return RoundCheck(r, RoundVerdict.COLOURS if colours else RoundVerdict.SAME, shown, ours, colours=colours, notes=notes)
    file_only = tuple(sorted(_pair(p) for p in file_pairs - our_pairs)) + (((bye, None),) if bye != ours.pab and bye
                                                                            else ())
    dutch_only = tuple(sorted(_pair(p) for p in our_pairs - file_pairs)) + (((ours.pab, None),)
                                                                            if bye != ours.pab and ours.pab else ())
    try:
        reason = _explain(ctx, ours, mate, bye)
    except NotModelled as e:
        return RoundCheck(r, RoundVerdict.CANNOT, shown, ours, (msg("the round differs from the Dutch system's "
                                                                    "pairing, and why cannot be said: {why}",
                                                                    why=e.args[0]),), None, file_only, dutch_only)
    if reason.file_better:
        return RoundCheck(r, RoundVerdict.CANNOT, shown, ours, (msg(
            "the file's pairing is better than trfconv's by {label} ({text}): a defect of the checker, or a reading of "
            "the rules it does not share", label=reason.label, text=reason.text),), reason, file_only, dutch_only,
            notes=notes)
    return RoundCheck(r, RoundVerdict.DIFFERS, shown, ours, difference=reason, file_only=file_only, dutch_only=dutch_only,
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
    for k, (residents, bracket) in enumerate(zip(groups, ours.brackets, strict=True)):
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
    return Reason("order", ctx.rules.article("bracket"), msg("the pairings differ in a way no bracket shows (a defect)"),
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


#: Each colour rule of C.04.3 (2026 5.2.1-5.2.5), what it grants.
COLOUR_RULES = {1: msg("both preferences granted"), 2: msg("the stronger preference granted"),
                3: msg("alternating from the last round in which one had White and the other Black"),
                4: msg("the higher-ranked player's preference granted"),
                5: msg("the initial colour, by the higher-ranked player's pairing number")}


def _colour_reason(ctx: RoundContext, allocation: Allocation, a: int, b: int) -> Message:
    """Why the rules give White to ``allocation.white`` (``a`` the higher-ranked player)."""
    pa, pb = (ctx.players[ctx.index[n]] for n in (a, b))
    return msg("{rule}: White to {white} ({wish_a} for {a}; {wish_b} for {b})", rule=COLOUR_RULES[allocation.rule],
               white=allocation.white, wish_a=_wish(pa), a=a, wish_b=_wish(pb), b=b)


#: A preference's strength and colour, in words (C.04.3 1.6).
WISHES = {(strength, colour): text for strength, colour, text in (
    (Strength.ABSOLUTE, Colour.WHITE, msg("absolute preference for White")),
    (Strength.ABSOLUTE, Colour.BLACK, msg("absolute preference for Black")),
    (Strength.STRONG, Colour.WHITE, msg("strong preference for White")),
    (Strength.STRONG, Colour.BLACK, msg("strong preference for Black")),
    (Strength.MILD, Colour.WHITE, msg("mild preference for White")),
    (Strength.MILD, Colour.BLACK, msg("mild preference for Black")))}


def _wish(p: PlayerToPair) -> Message:
    colour, strength = p.preference
    if colour is None:
        return msg("no preference")
    difference = f"{p.colour_difference:+d}"
    wish = WISHES[strength, colour]
    return (msg("{wish}, colour difference {difference}, topscorer", wish=wish, difference=difference) if p.topscorer
            else msg("{wish}, colour difference {difference}", wish=wish, difference=difference))


def _next(t: Tournament, where: Progress, to_pair: RoundToPair, last: RoundToPair | None,
          unknown: tuple[str, ...]) -> NextRound:
    """The round after the last one paired, as the Dutch system pairs it; refused, and why, when
    a round before it is not complete (in play, or missing) or the event has no more rounds."""
    r = to_pair.round
    notes = []
    if where.in_play:
        notes.append(plural("{rounds} paired, results not all in: checked as a round of the file; round {round} is "
                            "paired once its results are in",
                            "{rounds} paired, results not all in: checked as a round of the file; round {round} is "
                            "paired once their results are in", n=len(where.in_play),
                            rounds=rounds_named(where.in_play), round=r))
    if not where.declared:
        notes.append(msg("the number of rounds is not declared (142, XXR): round {round} is taken as the last", round=r)
                     if to_pair.last else
                     msg("the number of rounds is not declared (142, XXR): round {round} is taken as not the last",
                         round=r))
    elif r > where.declared:
        return NextRound(r, None, (msg("the event has {rounds} rounds", rounds=where.declared),))
    if last is not None:
        came_back = sorted({e.number for e in to_pair.entrants} - {e.number for e in last.entrants}
                           - {p.start_number for p in t.players if len(p.rounds) < last.round})
        if came_back:
            notes.append(msg("not paired in round {last} but paired in round {round} (no absence recorded for it): "
                             "{players}", last=last.round, round=r, players=came_back))
    reasons = unknown + to_pair.unknown
    if reasons:
        return NextRound(r, None, reasons, tuple(notes))
    try:
        return NextRound(r, RoundContext(to_pair).pair(), (), tuple(notes))
    except NoPairing as e:
        return NextRound(r, None, (msg("no pairing meets the absolute criteria ({why}); the arbiter decides",
                                       why=e.args[0]),), tuple(notes))
    except NotModelled as e:
        return NextRound(r, None, (e.args[0],), tuple(notes))
