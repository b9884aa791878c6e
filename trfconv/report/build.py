"""Build the rating report of one tournament from the validator's verdict.

The verdict says which games count for whom (``GameVerdict.counts``), which rating each player
has under the edition (``PlayerVerdict.rating``) and what he gets (change, initial rating,
nothing); this module does the arithmetic of :mod:`trfconv.rules.rating` and nothing else.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

from ..diagnostics import Diagnostic, diagnostic
from ..model import Player, Tournament
from ..rules.editions import Edition
from ..rules.editions import edition as edition_named
from ..rules.rateability.verdict import GameVerdict, Outcome, PlayerVerdict, Verdict
from ..rules.rating.change import performance, rating_change
from ..rules.rating.initial import initial_2005, initial_2024
from ..rules.rating.k import KChoice, games_cap, infer_k, read_k_file
from ..rules.rating.rounding import half_up
from ..rules.rating.roundrobin2005 import (
    Average,
    Provisional,
    competition_average,
    provisional_ratings,
)
from ..rules.rating.rules import RatingRules, rating_rules
from .model import Finding, GameLine, InitialLine, PlayerLine, RatingReport


def rating_report(tournament: Tournament, verdict: Verdict, *, rules: str | Edition | None = None,
                  k_file: str | Path | None = None, k_overrides: dict[str, int] | None = None) -> RatingReport:
    """The rating report of ``tournament`` as ``verdict`` decided it.

    ``rules`` may name the edition only to confirm it: the verdict was decided under one edition
    and the arithmetic must follow the same one. ``k_file`` (CSV ``FIDE id,K``) or ``k_overrides``
    (FIDE id -> K) give K per player; otherwise K is inferred from the edition's rules, with an
    ``RAT001`` diagnostic."""
    chosen = edition_named(rules) if isinstance(rules, str) else rules
    if chosen is not None and chosen != verdict.edition:
        raise ValueError(f"the verdict was decided under {verdict.edition}, not {chosen}")
    r = rating_rules(verdict.edition)
    path = tournament.source.path
    diagnostics: list[Diagnostic] = []
    overrides = {_fide_id(k): v for k, v in (k_overrides or {}).items()}
    if k_file is not None:
        from_file, problems = read_k_file(k_file)
        diagnostics.extend(problems)
        overrides = {**from_file, **overrides}
    start = tournament.event.start_date if isinstance(tournament.event.start_date, date) else None
    verdicts = {p.start_number: p for p in verdict.players}

    average, provisional = _round_robin(verdict, r)
    lines = []
    for player in tournament.players:
        pv = verdicts.get(player.start_number)
        if pv is None:
            lines.append(_line(player, None, Outcome.NOTHING.value, reason="not in the validator's verdict"))
        elif pv.outcome is Outcome.CHANGE and pv.rated:
            lines.append(_rated(player, pv, tournament, verdicts, provisional, overrides, r, start, diagnostics))
        elif pv.outcome is Outcome.INITIAL and not pv.rated:
            lines.append(_unrated(player, pv, tournament, verdicts, provisional.get(player.start_number),
                                  average, r, path, diagnostics))
        else:
            lines.append(_line(player, pv.rating, Outcome.NOTHING.value, reason=pv.reason or "no rated game"))
    known = {_fide_id(p.fide_id) for p in tournament.players if p.fide_id}
    for fide_id in overrides:
        if fide_id not in known:
            diagnostics.append(diagnostic("RAT004", f"K given for FIDE id {fide_id}, who is not in the tournament",
                                          path=str(k_file) if k_file else None))
    e = tournament.event
    return RatingReport(
        event=e.name or "", city=e.city, federation=e.federation,
        start=_text(e.start_date), end=_text(e.end_date), rounds=tournament.rounds,
        edition=verdict.edition.name, edition_title=verdict.edition.title,
        decision=verdict.decision.value, round_robin=verdict.round_robin,
        findings=tuple(Finding(f.code, f.article, f.message, f.fatal) for f in verdict.findings),
        players=tuple(lines), round_robin_average=average, diagnostics=tuple(diagnostics))


def _text(value) -> str | None:
    return value.isoformat() if isinstance(value, date) else value


def _fide_id(value: str) -> str:
    return value.lstrip("0") or "0"


def _line(player: Player, rating: int | None, outcome: str, **fields) -> PlayerLine:
    return PlayerLine(player.start_number, player.name, player.fide_id, player.federation, rating,
                      outcome, **fields)


def _name(tournament: Tournament, number: int) -> str:
    opponent = tournament.player(number)
    return opponent.name if opponent else f"#{number}"


def _round_robin(verdict: Verdict, r: RatingRules) -> tuple[Average | None, dict[int, Provisional]]:
    """2005 10.21 b / 10.54: Ra and the unrated players' Ru, needed before any rated player's
    change because his games against them use their Ru."""
    if not (verdict.round_robin and r.round_robin.passes):
        return None, {}
    unrated = {p.start_number: (sum((g.score for g in p.counted_games if g.score is not None), Fraction(0)),
                                [g.opponent for g in p.counted_games if g.opponent is not None])
               for p in verdict.players if p.outcome is Outcome.INITIAL and not p.rated and p.counted_games}
    rated = [(p.rating, sum((g.score for g in p.counted_games if g.score is not None), Fraction(0)),
              len(p.counted_games)) for p in verdict.players if p.rated and p.counted_games]
    if not unrated or not rated:
        return None, {}
    opponents = sum(1 for p in verdict.players if p.counted_games) - 1
    average = competition_average(rated, opponents, r)
    ratings = {p.start_number: p.rating for p in verdict.players if p.rated}
    return average, provisional_ratings(average, unrated, ratings, r)


def _rated(player: Player, pv: PlayerVerdict, tournament: Tournament, verdicts: dict[int, PlayerVerdict],
           provisional: dict[int, Provisional], overrides: dict[str, int], r: RatingRules,
           start: date | None, diagnostics: list[Diagnostic]) -> PlayerLine:
    own = pv.rating
    assert own is not None
    counted: list[tuple[GameVerdict, int, bool]] = []
    for g in pv.counted_games:
        rating, is_provisional = _opponent_rating(g, verdicts, provisional)
        if rating is None or g.score is None:
            diagnostics.append(diagnostic(
                "RAT005", f"player {player.start_number} round {g.round}: the game counts but "
                          f"{'has no result' if g.score is None else f'opponent {g.opponent} has no rating to use'}",
                path=tournament.source.path))
            continue
        counted.append((g, rating, is_provisional))
    if not counted:
        return _line(player, own, Outcome.NOTHING.value, reason="no game counted for rating")
    k = _k(player, own, len(counted), overrides, r, start, tournament.source.path, diagnostics)
    change = rating_change(own, k.k, [(rating, g.score) for g, rating, _ in counted], r, start)
    games = tuple(GameLine(g.round, g.opponent, _name(tournament, g.opponent), rated.opponent_rating,
                           is_provisional, rated.used_rating, rated.score, rated.expected)
                  for (g, _, is_provisional), rated in zip(counted, change.games))
    return _line(player, own, Outcome.CHANGE.value, games=games, k=k, rc=change.average,
                 change_exact=change.exact, change=change.rounded,
                 performance=performance(change.average_exact, change.score, change.n, r))


def _opponent_rating(g: GameVerdict, verdicts: dict[int, PlayerVerdict],
                     provisional: dict[int, Provisional]) -> tuple[int | None, bool]:
    opponent = verdicts.get(g.opponent) if g.opponent is not None else None
    if opponent is not None and opponent.rating is not None:
        return opponent.rating, False
    ru = provisional.get(g.opponent)
    if ru is not None and ru.final.value is not None:
        return ru.final.value, True
    return None, False


def _k(player: Player, own: int, games: int, overrides: dict[str, int], r: RatingRules,
       start: date | None, path: str | None, diagnostics: list[Diagnostic]) -> KChoice:
    """K from the K file, else (TRF-2026 carries no K) from the rules; then the K x n cap."""
    given = overrides.get(_fide_id(player.fide_id)) if player.fide_id else None
    if given is not None:
        choice = KChoice(given, "file")
        if given not in r.k_values:
            diagnostics.append(diagnostic(
                "RAT006", f"player {player.start_number} ({player.name}): K {given} from the K file is not a K "
                          f"of {r.edition} ({', '.join(map(str, r.k_values))}); used as given", path=path))
    else:
        choice = infer_k(own, r, birth=player.birth_date, year=start.year if start else None)
        diagnostics.append(diagnostic(
            "RAT001", f"player {player.start_number} ({player.name}): K {choice.k} inferred: "
                      + "; ".join(choice.assumptions), path=path))
    return games_cap(choice, games, r)


def _unrated(player: Player, pv: PlayerVerdict, tournament: Tournament, verdicts: dict[int, PlayerVerdict],
             ru: Provisional | None, average: Average | None, r: RatingRules, path: str | None,
             diagnostics: list[Diagnostic]) -> PlayerLine:
    if ru is not None and average is not None:
        return _unrated_round_robin(player, pv, tournament, verdicts, ru, average)
    counted = []
    for g in pv.counted_games:
        v = verdicts.get(g.opponent) if g.opponent is not None else None
        if v is None or v.rating is None or g.score is None:
            problem = "has no result" if g.score is None else f"opponent {g.opponent} has no rating to use"
            diagnostics.append(diagnostic(
                "RAT005", f"player {player.start_number} round {g.round}: the game counts but {problem}", path=path))
            continue
        counted.append((g, v.rating))
    if not counted:
        return _line(player, None, Outcome.NOTHING.value, reason="no game against a rated opponent")
    ratings = [rating for _, rating in counted]
    score = sum((g.score for g, _ in counted), Fraction(0))
    if r.initial.method == "b02-2005":
        result = initial_2005(Fraction(sum(ratings), len(ratings)), score, len(ratings), r)
    else:
        result = initial_2024(ratings, score, r)
    rc = half_up(Fraction(sum(ratings), len(ratings)))
    games = tuple(GameLine(g.round, g.opponent, _name(tournament, g.opponent), rating, False, rating, g.score, None)
                  for g, rating in counted)
    initial = InitialLine(result.average, rc, result.p, result.dp, result.value, result.published, result.why)
    return _line(player, None, Outcome.INITIAL.value, games=games, rc=rc, initial=initial)


def _unrated_round_robin(player: Player, pv: PlayerVerdict, tournament: Tournament,
                         verdicts: dict[int, PlayerVerdict], ru: Provisional, average: Average) -> PlayerLine:
    """2005 10.54: the games show each opponent as the 350-point pass counted him (his rating or
    first Ru, and the value used)."""
    used = {o: (value, counted) for o, value, counted in ru.counted}
    games = []
    for g in pv.counted_games:
        if g.score is None or g.opponent is None:
            continue
        if g.opponent not in used:
            continue  # an unrated opponent without a Ru (under one point): not counted in the pass
        value, counted = used[g.opponent]
        opponent = verdicts.get(g.opponent)
        games.append(GameLine(g.round, g.opponent, _name(tournament, g.opponent), value,
                              opponent is None or opponent.rating is None, counted, g.score, None))
    final = ru.final
    initial = InitialLine(Fraction(average.ra), average.ra, final.p, final.dp, final.value, final.published,
                          final.why, first=ru.first.value, rc_new=ru.rc_new)
    return _line(player, None, Outcome.INITIAL.value, games=tuple(games), rc=average.ra, initial=initial)
