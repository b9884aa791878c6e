"""Standings: points, then an ordered list of tie-breaks applied to each group still tied, then
drawing of lots for what is left (C.07 Art. 4.1-4.2). Ties are never broken silently: players
still tied after the list share a rank and are marked ``lots``."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction

from ...diagnostics import Diagnostic, diagnostic
from ...eventkind import is_team_event as declared_or_found
from ...model import NotPaired, Pending, Player, Team, Tournament
from ...messages import SEMICOLON, Message, joined, msg
from ..progress import Progress, progress
from .after_round import after_round as cut_after
from .context import Column, Context, TeamData, runs
from .field import build, is_round_robin
from .lots import Draw, drawn
from .registry import column
from .rules import TieBreakRules, resolve, why
from .spec import Spec, parse_list, readings
from .team_matches import declared_primary, derive, team_fields

_RATING_CODES = ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG")
PTS = Spec("PTS", "PTS")


@dataclass(frozen=True)
class Row:
    player: Player | None  #: the player (individual standings)
    rank: int
    values: tuple  #: exact value of each tie-break of :attr:`Standings.specs` (None = undefined)
    lots: bool  #: still tied after the whole list: to be decided by drawing of lots
    team: Team | None = None  #: the team (team standings)
    scores: tuple | None = None  #: team standings: (MP, GP), exact
    group: int = 0  #: the group of ties left for lots the row is in (1, 2 …; 0 = not tied)
    drawn: int | None = None  #: the row's place in its group by the drawing of lots, when drawn

    @property
    def number(self) -> int:
        return self.team.number if self.team is not None else self.player.start_number

    @property
    def name(self) -> str:
        return self.team.name if self.team is not None else self.player.name


@dataclass(frozen=True)
class Standings:
    rules: TieBreakRules
    specs: tuple[Spec, ...]  #: PTS first
    rows: tuple[Row, ...]
    diagnostics: tuple[Diagnostic, ...]
    teams: bool = False  #: the rows rank teams (C.07 Art. 11-13)
    after_round: int | None = None  #: the standings after this round (None: after the last)
    rounds: int = 0  #: the rounds the standings rest on
    draw: Draw | None = None  #: the drawing of lots made for the ties left, when asked for


def is_team_event(t: Tournament) -> bool:
    """Team standings are computed when the file declares teams (310/013) whose players met."""
    return bool(t.teams) and declared_or_found(t)


def tiebreak_list(t: Tournament, names: list[str] | str | None,
                  rules: TieBreakRules) -> tuple[list[Spec], list[Diagnostic]]:
    """The ordered list: ``names`` (command line), else TRF-2026 212 (which starts with PTS),
    else 202 (tie-breaks after PTS). PTS is put first when missing; TB001/TB002 for names that
    are not tie-breaks, TB003 for one the edition does not define, TB006 for a team tie-break
    asked for in an individual event."""
    problems: list[Diagnostic] = []
    if not names:
        names = list(t.event.standings_tiebreaks or t.event.tiebreaks)
    if not names:
        kind, names = recommended(t, rules)
        whose = msg("FIDE's recommended list") if rules.recommended_by == rules.name else \
            msg("the list FIDE recommended before 2023 ({edition}; C.07 since 2023 recommends none)",
                edition=rules.recommended_by)
        problems.append(diagnostic("TB013", msg("no tie-break list was given (none asked for, no 212/202 record in the "
                                                "file): {whose} for {kind} is applied: {names} (C.07 4.1 leaves the "
                                                "list to the organiser)", whose=whose, kind=kind,
                                                names=", ".join(names))))
    specs, found = parse_list(names, aliases=rules.aliases)
    problems += found + readings(specs)
    if not is_team_event(t):
        for s in [s for s in specs if s.definition.team]:
            problems.append(diagnostic("TB006", msg("{tiebreak} is a team tie-break (C.07 Art. 11-13); the event has "
                                                    "no teams", tiebreak=s.text)))
            specs.remove(s)
    for s in specs:
        if s.code in rules.not_in_edition:
            problems.append(diagnostic("TB003", msg("{tiebreak} is not in the {edition} edition of C.07 (added by "
                                                    "{article}); computed as defined there", tiebreak=s.text,
                                                    edition=rules.name, article=s.definition.article)))
    if not specs or specs[0].code != "PTS":
        specs.insert(0, PTS)
    return specs, problems


def recommended(t: Tournament, rules: TieBreakRules) -> tuple[Message, list[str]]:
    """The kind of event in words and the edition's recommended list for it (``[recommended]``
    of the edition's data): individual or team, round robin or Swiss; an individual Swiss whose
    players are all rated takes the list that uses ratings."""
    team = is_team_event(t)
    round_robin = is_round_robin(t, len(t.teams) if team else None)
    if team:
        key, kind = (("team_round_robin", msg("a team round robin")) if round_robin
                     else ("team_swiss", msg("a team Swiss")))
    elif round_robin:
        key, kind = "individual_round_robin", msg("an individual round robin")
    elif t.players and all(p.rating for p in t.players):
        key, kind = "individual_swiss_rated", msg("an individual Swiss whose players are all rated")
    else:
        key, kind = "individual_swiss", msg("an individual Swiss (not every player rated)")
    return kind, list(rules.recommended[key])


def context_of(t: Tournament, rules: TieBreakRules, *, unrated: int | None = None,
               round_robin: bool | None = None, primary: str | None = None) -> Context:
    """The context tie-breaks are computed in: the players' field, or in a team event (C.07 Art.
    11-13) the teams' field on the ``primary`` score (when not given, the one the event's 192
    code declares, else MP), which also holds the matches and the other score's context."""
    if not is_team_event(t):
        return Context(build(t, round_robin), rules, unrated)
    matches = derive(t, rules.team)
    fields = team_fields(t, matches, round_robin)
    contexts = {name: Context(f, rules, unrated) for name, f in fields.items()}
    team = TeamData(matches, primary or declared_primary(t) or "MP", contexts)
    for c in contexts.values():
        c.team = team
    return contexts[team.primary]


def compute_columns(t: Tournament, specs: list[Spec], *, rules: str | TieBreakRules | None = None,
                    unrated: int | None = None, round_robin: bool | None = None) -> tuple[Context, list[Column | None]]:
    """Every tie-break's column (None for DE and EDE, which depend on the groups)."""
    tb_rules = resolve(rules, t.event.start_date)
    ctx = context_of(t, tb_rules, unrated=unrated, round_robin=round_robin, primary=_primary(specs))
    return ctx, [None if s.definition.splits_groups else column(ctx, s) for s in specs]


def _declared_scores(team: TeamData) -> list[Diagnostic]:
    """TB008 for each team whose 310 match or game points are not what its matches (and 299
    records) give (an arbiter's decision belongs in a 299 record; a wrong total in the file is
    reported)."""
    mp, gp = team.contexts["MP"].f, team.contexts["GP"].f
    mp_scores, gp_scores = mp.standings_scores(), gp.standings_scores()
    problems = []
    for i, x in enumerate(team.matches.teams):
        ours = (Fraction(mp_scores[i], mp.unit), Fraction(gp_scores[i], gp.unit))
        if x.match_points is not None and x.game_points is not None and (x.match_points, x.game_points) != ours:
            problems.append(diagnostic("TB008", msg("team {number} ({name}) declares {mp} MP and {gp} GP; its matches "
                                                    "give {our_mp} and {our_gp} (the matches are used)",
                                                    number=x.number, name=x.name, mp=x.match_points,
                                                    gp=x.game_points, our_mp=ours[0], our_gp=ours[1])))
    return problems


def _primary(specs: list[Spec]) -> str | None:
    """The primary score of a team event: the score of the list's leading PTS (``PTS:GP``)."""
    return specs[0].score if specs and specs[0].code == "PTS" and specs[0].score in ("MP", "GP") else None


def standings(t: Tournament, tiebreaks: list[str] | str | None = None, *,
              rules: str | TieBreakRules | None = None, unrated: int | None = None,
              round_robin: bool | None = None, after_round: int | None = None,
              lots_seed: str | None = None) -> Standings:
    """The standings of a tournament: of its players, or of its teams when the file declares
    teams (TRF-2026 310, TRF16 013; C.07 Art. 11-13, ranked by match points unless the list
    starts with ``PTS:GP``). ``rules`` is a tb edition name (default: the edition in force on the
    event's start date); ``unrated`` the rating given to unrated players for the rating-based
    tie-breaks; ``round_robin`` forces Art. 15.2 on or off (default: from the event type).

    ``after_round``: the standings as they stood after that round (:mod:`.after_round`; the
    round robin or Swiss nature of the event is judged on the whole file). ``lots_seed``: the
    ties left after the whole list are broken by the reproducible drawing of lots of
    :mod:`.lots` (Art. 4.2); without it they share a rank and stay marked.

    A file in progress stands after its last round with results (:mod:`trfconv.rules.progress`):
    its standings are those after that round, and said so, naming the rounds paired without
    their results and the rounds to come (which are no absences). A pairing waiting for its
    result in a round the standings count (a postponed game) is no game, and said so.
    ``after_round`` outside the file's rounds raises :class:`~.after_round.NoSuchRound`."""
    extra = []
    asked = after_round is not None
    where = progress(t)
    if not asked and (cut := where.cut()) is not None:
        after_round = cut
        extra.append(diagnostic("STD001", msg("the event is in progress: {summary}. These are the standings after "
                                              "round {cut}, the last round with results, the tie-breaks computed on "
                                              "rounds 1-{cut} (a pairing without its result is no game, and the "
                                              "rounds after are no absences; C.07 16.2.5)", summary=where.summary(),
                                              cut=cut)))
    if after_round is not None:
        held = where.rounds  # a file in progress declares the rounds to come
        if round_robin is None:
            round_robin = is_round_robin(t)
        t = cut_after(t, after_round, declared=not asked and _nothing_after(t, after_round))
        if asked and after_round < held:
            extra.append(diagnostic("STD001", msg("the standings after round {after} of {held}: the tie-breaks are "
                                                  "computed on rounds 1-{after} only; the later rounds do not exist "
                                                  "yet, so a bye or an absence in round {after} is one of the last "
                                                  "round (C.07 16.2.5)", after=after_round, held=held)))
    if postponed := _postponed(where, after_round or where.rounds):
        extra.append(diagnostic("STD004", msg("games paired without a result, no game in these standings (in no "
                                              "tie-break) until it is entered: {postponed}", postponed=postponed)))
    result = _standings(t, tiebreaks, rules=rules, unrated=unrated, round_robin=round_robin)
    if lots_seed is not None:
        result, said = _draw_lots(result, lots_seed)
        extra += said
    return replace(result, after_round=after_round, rounds=t.rounds,
                   diagnostics=(*result.diagnostics[:1], *extra, *result.diagnostics[1:]))


def _nothing_after(t: Tournament, n: int) -> bool:
    """No round after ``n`` holds anything that scores (a result, a bye, a 299 record): the points
    and ranks the file declares are those after round ``n``."""
    return all(type(e) is NotPaired or (type(e) is Pending and not e.adjourned)
               for p in t.players for e in p.rounds[n:]) and \
        not any(a.round is not None and a.round > n for a in t.point_adjustments)


def _postponed(where: Progress, last: int) -> Message | None:
    """The pairings waiting for their result in rounds 1-``last`` (``round 3: 2-7, 4-9; round
    5: 1-6``), or nothing."""
    games: dict[int, list[str]] = {}
    for r, a, b in where.games:
        if r <= last:
            games.setdefault(r, []).append(f"{a}-{b}")
    if not games:
        return None
    return joined([msg("round {round}: {pairs}", round=r, pairs=pairs) for r, pairs in games.items()], SEMICOLON)


def _draw_lots(result: Standings, seed: str) -> tuple[Standings, list[Diagnostic]]:
    """The standings with each group still tied ordered by the drawing of lots made with
    ``seed`` (the rows get distinct ranks; ``lots`` and ``group`` still say they were tied)."""
    rows = list(result.rows)
    groups = []
    k = 0
    while k < len(rows):
        g = rows[k].group
        if not g:
            k += 1
            continue
        end = k
        while end < len(rows) and rows[end].group == g:
            end += 1
        by_number = {r.number: r for r in rows[k:end]}
        order = drawn(seed, by_number)
        rows[k:end] = [replace(by_number[x], rank=rows[k].rank + i, drawn=i + 1) for i, x in enumerate(order)]
        groups.append(order)
        k = end
    if not groups:
        return result, []
    outcome = "; ".join(", ".join(map(str, g)) for g in groups)
    said = diagnostic("STD002", msg("the ties left after the whole list were broken by a drawing of lots with seed "
                                    "{seed} (C.07 Art. 4.2; each group ordered by the SHA-256 of 'seed:number'): "
                                    "{outcome}", seed=repr(seed), outcome=outcome))
    return replace(result, rows=tuple(rows), draw=Draw(seed, tuple(groups))), [said]


def _standings(t: Tournament, tiebreaks, *, rules, unrated, round_robin) -> Standings:
    """The standings of ``t`` as it is (see :func:`standings`)."""
    tb_rules = resolve(rules, t.event.start_date)
    ranking_list = bool(t.players) and not t.rounds and any(p.points is not None or p.rank is not None
                                                             for p in t.players)
    names = tiebreaks or list(t.event.standings_tiebreaks or t.event.tiebreaks) or (["PTS"] if ranking_list else None)
    specs, problems = tiebreak_list(t, names, tb_rules)
    problems.insert(0, diagnostic("TB014", why(rules, t.event.start_date, tb_rules)))
    if ranking_list:
        return declared_standings(t, tb_rules, specs, problems)
    ctx, columns = compute_columns(t, specs, rules=tb_rules, unrated=unrated, round_robin=round_robin)
    f = ctx.f
    if ctx.team is not None:
        problems = list(ctx.team.matches.diagnostics) + _declared_scores(ctx.team) + problems
    elif f.adjustments is not None:
        problems = f.adjustments.diagnostics + problems
    if f.missing:
        absent = sorted({o for _, _, o in f.missing})
        shown = ", ".join(map(str, absent[:10])) + (" …" if len(absent) > 10 else "")
        problems.append(diagnostic("TB015", msg("{games} game(s) against {count} player(s) without a line ({shown}) "
                                                "count in the players' own points; the tie-breaks built on opponents "
                                                "count them as unplayed rounds (those opponents' results are unknown)",
                                                games=len(f.missing), count=len(absent), shown=shown)))
    for s, c in zip(specs, columns, strict=True):
        if c is not None and s.code in _RATING_CODES and f.size and all(v is None for v in c.values) \
                and any(r is None for r in f.ratings):
            problems.append(diagnostic("TB004", msg("{tiebreak} is undefined: some players are unrated and no rating "
                                                    "is given for them (/U<rating>; C.07 Art. 10)", tiebreak=s.text)))
        if c is not None and s.code == "SSSC" and f.size and all(v is None for v in c.values):
            problems.append(diagnostic("TB012", msg("{tiebreak} is undefined: its factor F (C.07 13.4.2: the most "
                                                    "primary points of the event divided by the most secondary points "
                                                    "of one match, rounded down) is 0; give F as {tiebreak}/Kx",
                                                    tiebreak=s.text)))
    groups = [sorted(range(f.size), key=f.numbers.__getitem__)]
    de_values: dict[int, list[int]] = {}
    for index, (s, c) in enumerate(zip(specs, columns, strict=True)):
        next_groups = []
        if c is None:
            rank_group = s.definition.function
            values = [0] * f.size
            for g in groups:
                parts = rank_group(ctx, g, s) if len(g) > 1 else [g]
                if len(parts) > 1:
                    position = 1
                    for part in parts:
                        for p in part:
                            values[p] = position
                        position += len(part)
                next_groups.extend(parts)
            de_values[index] = values
        else:
            for g in groups:
                next_groups.extend(_split(g, c) if len(g) > 1 else [g])
        groups = next_groups
    exact = list(zip(*(de_values[k] if c is None else c.exact_all() for k, c in enumerate(columns)), strict=True))  # by player
    team = ctx.team
    if team is not None:
        (mp, mp_scores), (gp, gp_scores) = ((c.f, c.f.standings_scores()) for c in (team.contexts["MP"], team.contexts["GP"]))
    rows, position, tied = [], 1, 0
    for g in groups:
        tied += len(g) > 1
        for p in sorted(g, key=f.numbers.__getitem__):
            values = exact[p]
            group = tied if len(g) > 1 else 0
            if team is None:
                rows.append(Row(t.players[p], position, values, len(g) > 1, group=group))
            else:
                rows.append(Row(None, position, values, len(g) > 1, team.matches.teams[p],
                                (Fraction(mp_scores[p], mp.unit), Fraction(gp_scores[p], gp.unit)), group))
        position += len(g)
    lots = [g for g in groups if len(g) > 1]
    if lots:
        tied_count = sum(len(g) for g in lots)
        problems.append(diagnostic("TB005", msg("{count} teams in {groups} group(s) are still tied after the last "
                                                "tie-break: drawing of lots (C.07 Art. 4.1)", count=tied_count,
                                                groups=len(lots)) if team is not None else
                                   msg("{count} players in {groups} group(s) are still tied after the last "
                                       "tie-break: drawing of lots (C.07 Art. 4.1)", count=tied_count,
                                       groups=len(lots))))
    return Standings(tb_rules, tuple(specs), tuple(rows), tuple(problems), team is not None)


def declared_standings(t: Tournament, rules: TieBreakRules, specs: list[Spec],
                       problems: list[Diagnostic]) -> Standings:
    """A ranking list without round results (a list of final ranks): ranked on the points and
    ranks the file declares, the tie-breaks undefined (they need the games), and said so (TB016)."""
    def key(p: Player) -> tuple:
        return (p.rank if p.rank is not None else 10**9, -(p.points or 0), p.start_number)

    ordered = sorted(t.players, key=key)
    sizes = Counter(key(p)[:2] for p in ordered)
    rows, position, group = [], 0, 0
    for i, p in enumerate(ordered):
        if i == 0 or key(p)[:2] != key(ordered[i - 1])[:2]:
            position = i + 1
            group += sizes[key(p)[:2]] > 1
        values = (p.points, *(None for _ in specs[1:]))
        tied = sizes[key(p)[:2]] > 1
        rows.append(Row(p, p.rank or position, values, tied, group=group if tied else 0))
    problems.append(diagnostic("TB016", msg("the file holds no round results: the {count} players are ranked on the "
                                            "points and ranks it declares; no tie-break can be computed without the "
                                            "games", count=len(rows))))
    return Standings(rules, tuple(specs), tuple(rows), tuple(problems))


def _split(group: list[int], c: Column) -> list[list[int]]:
    values = c.values
    defined = [p for p in group if values[p] is not None]
    undefined = [p for p in group if values[p] is None]
    defined.sort(key=values.__getitem__, reverse=c.higher_first)
    parts = runs(defined, values)
    if undefined:
        parts.append(undefined)
    return parts
