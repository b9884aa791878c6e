"""The on-board play-off plan of seed 000 §1 ("Départage sur l'échiquier"): for the players tied
for a place, the stages they play, in order, with the games, the rate of play, the colours drawn
by lot, the earliest start of each stage and the places and prizes the outcome gives.

The procedure, by number of tied players (§1 k)):

- 2 (1.a, 1.b): a mini-match of two games; if 1-1, a new drawing of lots for colours and games
  until the first win, colours reversed after each odd game;
- 3 (2.a, 2.b): a single round robin at the same rate; if the three are still tied, the event's
  tie-breaks eliminate the lowest and the two others play as in 1.a;
- 4 (3.): a knock-out, pairs drawn by lot, two-game matches as in 1.a (then 1.b when tied);
- 5 or more (4.): ranked by the event's tie-breaks, all but the first four eliminated; the four
  play as in 3.

Timing (§1 h)): not before 30 minutes after the last game of a tied player ends, at least 10
minutes between stages; the schedule counts each game at its longest (both clocks for 60 moves).
Colours (§1 j)) are drawn by lot with the reproducible draw of :mod:`.lots`, one draw per stage,
so that the printed seed redoes them. An Armageddon game (5 minutes Black, 6 White, a draw wins
for Black, the winner of a lot chooses his colour) may end a sudden death after a set number of
games. Places and prizes follow 1.e (each player the place the play-off gives) and 1.f (players
eliminated together share the prizes of their places). The numbers are in
``trfconv/rules/data/playoff-seed000.toml``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from ...messages import SEMICOLON, Message, joined, msg
from ..editions import load_data
from .lots import drawn
from .standings import Standings

#: How the plan cites its procedure: FIDE Handbook C.05 Annex 3 (on-board play-offs), item 1, with
#: the numbering of its restatement in the French federation's arbiters' manual (5.1 "Les
#: Départages", 1; seed 000 §1 in SOURCES.md), which a user can look up.
CITED = "C.05 Annex 3, 1"
#: The procedure, as the plan's header names it.
PROCEDURE = msg("FIDE Handbook C.05 Annex 3, on-board play-offs, as restated in the French federation's arbiters' "
                "manual (5.1 Les Départages, 1)")


@dataclass(frozen=True)
class Rate:
    """A rate of play: minutes for each player (White's and Black's may differ, as in an
    Armageddon game) and an increment in seconds per move."""

    white_minutes: int
    black_minutes: int
    increment: int = 0

    @property
    def text(self) -> Message:
        base = (msg("{minutes} min", minutes=self.white_minutes) if self.white_minutes == self.black_minutes
                else msg("{white} min White, {black} min Black", white=self.white_minutes, black=self.black_minutes))
        return (msg("{base} + {increment} s per move", base=base, increment=self.increment) if self.increment
                else msg("{base}, no increment", base=base))

    def longest(self, moves: int) -> int:
        """The longest a game lasts, in whole minutes (rounded up): both clocks for ``moves``."""
        seconds = 60 * (self.white_minutes + self.black_minutes) + 2 * moves * self.increment
        return -(-seconds // 60)


@dataclass(frozen=True)
class Entrant:
    """A tied player: start number (None when named only), name, and place in the event's
    tie-break order among the tied (1 = best)."""

    number: int | None
    name: str
    order: int

    @property
    def label(self) -> str:
        return f"{self.number} {self.name}" if self.number is not None else self.name


@dataclass(frozen=True)
class Game:
    """A planned game: its label, the side names (a player, or "winner of semi-final 1"), and
    whether it is an Armageddon game (a draw wins for Black)."""

    label: str
    white: str
    black: str
    armageddon: bool = False
    chooser: str | None = None  #: Armageddon: the winner of the lot, who chooses his colour (shown as White)


@dataclass(frozen=True)
class Stage:
    """A stage of the play-off: what is played, why (the article), when it is played at all,
    the games, the rate, and when it can start and end at the latest, in minutes after the last
    game of a tied player ends."""

    number: int
    title: Message
    article: str
    condition: Message | None
    games: tuple[Game, ...]
    rate: Rate
    start: int  #: the earliest start, minutes after the last game of a tied player
    end: int  #: the latest end of the games listed, same clock
    rule: Message  #: the timing rule the start follows
    until_first_win: bool = False  #: more games follow the colour pattern until one is won
    colours_seed: str | None = None  #: the draw that gave this stage's colours


@dataclass(frozen=True)
class Plan:
    """The play-off for ``entrants`` tied for places ``first``..``first + len(entrants) - 1``."""

    entrants: tuple[Entrant, ...]
    first: int
    seed: str
    eliminated: tuple[tuple[Entrant, int], ...]  #: (player, place) set by the event's tie-breaks (4.)
    stages: tuple[Stage, ...]
    places: tuple[str, ...]  #: the places and prizes the outcome gives (1.e, 1.f)
    notes: tuple[str, ...]
    rate: Rate
    armageddon: Rate
    armageddon_after: int | None


#: The most games until the first win before an Armageddon game that ``plan`` lists: each is a
#: line of the plan (and of its result grid), and no play-off plays more.
MAX_SUDDEN_DEATH = 20


@cache
def numbers() -> dict:
    """The seed's numbers (``playoff-seed000.toml``)."""
    return load_data("playoff-seed000.toml")


def default_rate() -> Rate:
    r = numbers()["rate"]
    return Rate(r["minutes"], r["minutes"], r["increment_seconds"])


def default_armageddon() -> Rate:
    a = numbers()["armageddon"]
    return Rate(a["white_minutes"], a["black_minutes"], a["increment_seconds"])


@dataclass
class _Schedule:
    """The stages as they are planned, each starting after the previous one's latest end."""

    rate: Rate
    armageddon: Rate
    armageddon_after: int | None
    seed: str
    stages: list[Stage] = field(default_factory=list)

    def add(self, title: Message, article: str, condition: Message | None, games: list[Game], *, parallel: int = 1,
            until_first_win: bool = False, colours_seed: str | None = None) -> Stage:
        """A stage whose games are played ``parallel`` at a time (the two semi-finals)."""
        t = numbers()["timing"]
        moves = t["moves_per_game"]
        if self.stages:
            start = self.stages[-1].end + t["between_stages_minutes"]
            rule = msg("at least {minutes} minutes after stage {stage} ends ({cited} h)",
                       minutes=t['between_stages_minutes'], stage=self.stages[-1].number, cited=CITED)
        else:
            start = t["after_last_game_minutes"]
            rule = msg("not before {minutes} minutes after the last game of a tied player ends ({cited} h)",
                       minutes=t['after_last_game_minutes'], cited=CITED)
        rounds = -(-len(games) // parallel)
        per_round = [max((self.armageddon if g.armageddon else self.rate).longest(moves)
                         for g in games[k * parallel:(k + 1) * parallel]) for k in range(rounds)]
        stage = Stage(len(self.stages) + 1, title, article, condition, tuple(games), self.rate, start,
                      start + sum(per_round), rule, until_first_win, colours_seed)
        self.stages.append(stage)
        return stage

    def match(self, key: str, players: Sequence[str], names: Sequence[str], article: str, condition: Message | None,
              title: Message) -> None:
        """Two-game matches (1.a) played at the same time: ``players`` in the order the lots
        drawn with ``key`` give, paired first with second (White in game 1), third with fourth;
        then for the tied ones the games until the first win (1.b)."""
        order = drawn(key, players)
        pairs = [(order[k], order[k + 1]) for k in range(0, len(order), 2)]
        games_per_match = numbers()["match"]["games"]
        games = [Game(_game(name, k + 1), *((a, b) if k % 2 == 0 else (b, a)))
                 for k in range(games_per_match) for (a, b), name in zip(pairs, names, strict=True)]
        self.add(title, article, condition, games, parallel=len(pairs), colours_seed=key)
        self.sudden_death(pairs, names, games_per_match)

    def sudden_death(self, pairs: list[tuple[str, str]], names: Sequence[str], played: int) -> None:
        """1.b for each match tied (played at the same time): a new drawing of lots for colours
        (seed ``<seed>:<stage>``); the first win decides; colours reversed after each odd game
        (White: x, y, y, x, x …); an Armageddon game after ``armageddon_after`` games without a
        winner, when asked for (the winner of a lot chooses his colour). The games are numbered
        on from the ``played`` games of the match (game 3 after a two-game match)."""
        key = f"{self.seed}:{len(self.stages) + 1}"
        shown = self.armageddon_after if self.armageddon_after is not None else 4
        games = []
        for k in range(1, shown + 1):
            for (a, b), name in zip(pairs, names, strict=True):
                x, y = drawn(key, [a, b])
                white = x if k % 4 in (0, 1) else y
                games.append(Game(_game(name, played + k), white, y if white == x else x))
        if self.armageddon_after is not None:
            for (a, b), name in zip(pairs, names, strict=True):
                chooser = drawn(f"{key}:armageddon", [a, b])[0]
                other = b if chooser == a else a
                games.append(Game(msg("{name} Armageddon", name=name) if name else msg("Armageddon"), chooser, other,
                                  True, chooser))
        tied = (joined([msg("{name} is tied", name=n) for n in names], OR) if any(names)
                else msg("the match is tied"))
        self.add(msg("games until the first win"), f"{CITED} k) 1.b", msg("only if {tied}", tied=tied), games,
                 parallel=len(pairs), until_first_win=self.armageddon_after is None, colours_seed=key)


def _game(name: str, number: int) -> Message:
    """A game's label: ``semi-final 1 game 2``, or ``game 2`` in a single match."""
    return msg("{name} game {number}", name=name, number=number) if name else msg("game {number}", number=number)


#: What joins the matches whose tie calls for more games.
OR = msg(" or ")
#: The knock-out's matches, and what their winners are called in the final.
SEMI_FINALS = [msg("semi-final 1"), msg("semi-final 2")]
WINNERS = [msg("winner of semi-final 1"), msg("winner of semi-final 2")]


def plan(entrants: list[Entrant], *, first: int = 1, seed: str, rate: Rate | None = None,
         armageddon: Rate | None = None, armageddon_after: int | None = None) -> Plan:
    """The play-off of ``entrants`` (two or more, listed in the event's tie-break order) tied
    for places ``first``…; ``seed`` the drawing of lots (pairs and colours); ``rate`` and
    ``armageddon`` replace the seed's rates; ``armageddon_after`` ends each run of games until
    the first win with an Armageddon game after that many games."""
    if len(entrants) < 2:
        raise ValueError(msg("a play-off needs two or more tied players"))
    if armageddon_after is not None and not 1 <= armageddon_after <= MAX_SUDDEN_DEATH:
        raise ValueError(msg("an Armageddon game comes after 1 to {most} games, not {asked}", most=MAX_SUDDEN_DEATH,
                             asked=armageddon_after))
    rate = rate or default_rate()
    armageddon = armageddon or default_armageddon()
    s = _Schedule(rate, armageddon, armageddon_after, seed)
    field_size = numbers()["field"]["knockout_players"]
    kept = list(entrants)
    eliminated: list[tuple[Entrant, int]] = []
    notes: list[Message] = []
    if len(kept) > field_size:
        eliminated = [(e, first + k) for k, e in enumerate(kept[field_size:], field_size)]
        kept = kept[:field_size]
        notes.append(msg("{count} players are tied: ranked by the event's tie-breaks, all but the first {field} are "
                         "eliminated ({cited} k) 4); the {field} play a knock-out (k) 3)", count=len(entrants),
                         field=field_size, cited=CITED))
    labels = [e.label for e in kept]
    last = first + len(kept) - 1
    if len(kept) == 2:
        s.match(seed, labels, [""], f"{CITED} k) 1.a", None, msg("mini-match"))
        places = [msg("place {first}: the winner; place {second}: the loser ({cited} e)", first=first,
                      second=first + 1, cited=CITED)]
    elif len(kept) == 3:
        a, b, c = drawn(seed, labels)  # pairing numbers 1-3 by lot; Berger table for 4 with 4 the bye
        games = [Game(msg("round {round}", round=1), b, c), Game(msg("round {round}", round=2), a, b),
                 Game(msg("round {round}", round=3), c, a)]
        s.add(msg("round robin"), f"{CITED} k) 2.a", None, games, colours_seed=seed)
        low = kept[-1].label
        top = [e.label for e in kept[:2]]
        s.match(f"{seed}:{len(s.stages) + 1}", top, [""], f"{CITED} k) 2.b, 1.a",
                msg("only if the three are still tied after the round robin: {low} (the lowest of the three by the "
                    "event's tie-breaks) is eliminated, place {last}", low=low, last=last), msg("mini-match"))
        places = [msg("places {first}-{last}: the order of the round robin, each player the place it gives ({cited} e); "
                      "when the three are still tied, {low} takes place {last} and the mini-match decides places "
                      "{first} and {second}", first=first, last=last, cited=CITED, low=low, second=first + 1)]
        notes.append(msg("two players tied after the round robin (not all three) are not provided for by the "
                         "procedure; the organiser decides ({cited} k) 5); the two-player procedure of 1.a is the "
                         "natural one", cited=CITED))
    else:
        s.match(seed, labels, SEMI_FINALS, f"{CITED} k) 3", None, msg("semi-finals"))
        s.match(f"{seed}:final", WINNERS, [msg("final")], f"{CITED} k) 3", None, msg("final"))
        places = [msg("place {first}: the winner of the final; place {second}: the loser of the final ({cited} e)",
                      first=first, second=first + 1, cited=CITED),
                  msg("places {third}-{last}: the two losers of the semi-finals, who share the prizes of places "
                      "{third} and {last} ({cited} f)", third=first + 2, last=last, cited=CITED)]
    places += [msg("place {place}: {player}, eliminated by the event's tie-breaks ({cited} k) 4)", place=p,
                   player=e.label, cited=CITED) for e, p in eliminated]
    if armageddon_after is not None:
        notes.append(msg("after {games} game(s) without a winner an Armageddon game decides: {rate}; the winner of a "
                         "drawing of lots chooses his colour; a draw wins for Black (C.05 Annex 3, the decisive game, "
                         "'Partie décisive (Armageddon)' in the manual)", games=armageddon_after,
                         rate=armageddon.text))
    return Plan(tuple(entrants), first, seed, tuple(eliminated), tuple(s.stages), tuple(places), tuple(notes),
                rate, armageddon, armageddon_after)


def tied_for(s: Standings, place: int) -> tuple[list[Entrant], int]:
    """The players of ``s`` tied on points with the one at ``place`` (C.07 Art. 4: a play-off is
    decided before the tie-breaks), in the event's tie-break order (ties left there ordered by
    the drawing of lots ``s`` was made with, if any), and the first place they are tied for.
    ValueError when the place is not one of the standings or nobody shares its points."""
    if s.teams:
        raise ValueError(msg("a play-off is played between players; the standings rank teams"))
    if not 1 <= place <= len(s.rows):
        raise ValueError(msg("place {place} is not in the standings (1-{count})", place=place, count=len(s.rows)))
    points = s.rows[place - 1].values[0]
    group = [k for k, r in enumerate(s.rows) if r.values[0] == points]
    if len(group) < 2:
        raise ValueError(msg("place {place} is not shared: no other player has its {points} points", place=place,
                             points=points))
    return [Entrant(s.rows[k].number, s.rows[k].name, n) for n, k in enumerate(group, 1)], group[0] + 1


def chosen(s: Standings, wanted: list[str]) -> tuple[list[Entrant], int]:
    """The players of ``s`` named in ``wanted`` (start numbers or names, as written in the
    file, case ignored), in the event's order, and the best place among them. ValueError for a
    name that is no player's, one given twice, or players not tied on points (C.07 Art. 4: a
    play-off decides between players on the same points; some of them may be named, not all)."""
    found: list[int] = []
    for item in wanted:
        text = item.strip()
        matches = [k for k, r in enumerate(s.rows)
                   if (text.isdigit() and r.number == int(text)) or r.name.casefold() == text.casefold()]
        if len(matches) != 1:
            raise ValueError(msg("{name} is no player of the file", name=repr(text)) if not matches
                             else msg("{name} is more than one player of the file", name=repr(text)))
        if matches[0] in found:
            raise ValueError(msg("{name} is named twice", name=repr(text)))
        found.append(matches[0])
    found.sort()
    points = {s.rows[k].values[0] for k in found}
    if len(points) > 1:
        held = joined([msg("{name}: {points}", name=s.rows[k].name, points=s.rows[k].values[0]) for k in found],
                      SEMICOLON)
        raise ValueError(msg("the players are not tied on points ({held}); a play-off is for players on the same "
                             "points", held=held))
    return [Entrant(s.rows[k].number, s.rows[k].name, n) for n, k in enumerate(found, 1)], found[0] + 1
