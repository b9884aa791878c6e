"""What the norms document shows: the event's facts, where the opponents' data come from, and
each player's results as :func:`trfconv.rules.norms.norms` computed them. Nothing here judges a
norm; the writers (:mod:`.text`, :mod:`.json`, :mod:`.html`) only format."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...dates import as_text
from ...model import Tournament
from ...numbers import short_text
from ...rules.norms import TITLES, EventNorms, PlayerNorms
from ...rules.norms.evaluate import Requirement, TitleNorm
from ...rules.norms.forecast import TitleForecast
from ..basis import Basis

#: The most norms the verdict names one by one (more: counted by title).
LISTED = 6


@dataclass(frozen=True)
class NormsReport:
    """The norms of one file, what they rest on, and whether every requirement is shown
    (``details``: one player asked for, or ``--details``)."""

    basis: Basis
    tournament: Tournament
    result: EventNorms
    details: bool = False

    def event_line(self) -> str:
        e = self.tournament.event
        place = ", ".join(x for x in (e.city, e.federation) if x)
        dates = " to ".join(x for x in (as_text(e.start_date), as_text(e.end_date)) if x)
        return "; ".join(x for x in (e.name or "(no name)", place, dates) if x)

    def name_of(self, start_number: int) -> str:
        p = self.tournament.player(start_number)
        return p.name if p and p.name else f"#{start_number}"

    def verdict(self) -> str:
        """The last line: the norms made, or that the file cannot decide, or that there is none,
        and why; what to supply when the file cannot decide."""
        if self.basis.withheld:
            return "NOT PRODUCED: the file has errors (--lenient to produce it anyway)"
        r = self.result
        if r.played is not None and r.possible:
            can = sum(1 for f in r.forecasts if any(x.reachable for x in f.titles))
            return (f"forecast after round {r.played} of {r.context.rounds}: {can} player(s) can still make a norm "
                    f"or have made one")
        if not r.possible:
            said = [d.message for d in r.diagnostics if d.code in ("NRM005", "NRM014")]
            return said[0] if said else "no norm possible"
        made, open_ = r.achieved, r.undecided
        if not r.players and not r.ruled_out:
            return "no player looked at: each already holds the titles a norm is for (--title asks for one)"
        undecided = f"cannot judge {_listed(open_, lambda n: why_undecided(r, n))}" if open_ else ""
        if made:
            listed = _listed(made, lambda n: f"{n.credited_games} credited games")
            return f"{len(made)} norm(s): {listed}{self._event_proviso()}" + (f"; {undecided}" if open_ else "")
        if open_:
            return f"{undecided}; {self.supply()}"
        near = f"; {len(r.near_misses)} near miss(es) (listed above)" if r.near_misses else ""
        missing = [x for x in ("titles", "federations", "ratings") if x in r.context.unknown]
        whatever = f"; whatever the file's missing {' and '.join(missing)}, no player could reach one (no set of " \
                   "games reaches Ra or Rp)" if missing else ""
        later = "; the event is not finished, and no player can reach one in the rounds to come" \
            if r.progress is not None and r.progress.unfinished_rounds else ""
        return f"no norm ({len(r.players) + r.ruled_out} player(s) looked at){whatever}{later}{near}"

    def supply(self) -> str:
        """What to give so that the results the file cannot decide can be judged."""
        r = self.result
        wants = []
        missing = [x for x in ("titles", "federations", "ratings") if x in r.context.unknown]
        if missing:
            wants.append(f"give the players' {', '.join(missing)} (--list for the FIDE list, or a TRF with them)")
        if any(n.pending for _, n in r.undecided):
            wants.append("judge the finished event's file (--forecast says what each player needs)")
        if any(not n.pending and any(q.article == r.rules.article("women") for q in n.unchecked)
               for _, n in r.undecided):
            wants.append("give the players' sex (--list, or a TRF with it)")
        if any(not n.pending and any(q.article != r.rules.article("women") for q in n.unchecked)
               for _, n in r.undecided) and not missing:
            wants.append("give the opponents' federations the file lacks (--list, or a TRF with them)")
        return "; ".join(wants) or "see each player's requirements not checked"

    def _event_proviso(self) -> str:
        """What the norms made still rest on: an event condition (1.1) that fails makes none of
        them valid; one the file cannot show is not checked, and the verdict says so."""
        c = self.result.conditions
        if c is None:
            return ""
        failed = [q.rule for q in c.requirements if q.known and not q.ok]
        if failed:
            return f"; NOT VALID: the event fails 1.1 ({'; '.join(failed)})"
        unchecked = [q.rule for q in c.requirements if not q.known]
        return f"; valid only if 1.1 holds where the file cannot show it ({'; '.join(unchecked)})" if unchecked else ""


def _listed(results: list[tuple[PlayerNorms, TitleNorm]], said) -> str:
    """``#1 GM (what said says)``, each; by title when more than :data:`LISTED`."""
    if len(results) > LISTED:
        by_title = Counter(n.title for _, n in results)
        return ", ".join(f"{by_title[x]} {x}" for x in TITLES if by_title[x]) + " (listed above)"
    return ", ".join(f"#{p.person.start_number} {n.title} ({said(n)})" for p, n in results)


def why_undecided(result: EventNorms, n: TitleNorm) -> str:
    """Why the file cannot decide ``n``: the rounds to come, or what it cannot check."""
    if n.pending:
        rounds = ", ".join(map(str, n.pending))
        return f"round{'s' if len(n.pending) > 1 else ''} {rounds} to come"
    return "not in the file: " + ", ".join(dict.fromkeys(_need(result, q) for q in n.unchecked))


def _need(result: EventNorms, q: Requirement) -> str:
    """What the file lacks for a requirement it cannot check."""
    a = result.rules.article
    if q.article in (a("titled"), a("holders")):
        return "titles"
    if q.article in (a("ra_min"), a("rp")):
        return "ratings"
    if q.article == a("women"):
        return "sex"
    return "federations"


def person_line(p: PlayerNorms) -> str:
    """``#12 Name (IM, ESP, 2431)``."""
    x = p.person
    facts = [", ".join(sorted(x.titles)), x.federation or "", str(x.rating) if x.rating else "unrated"]
    return f"#{x.start_number} {x.name or '(no name)'} ({', '.join(f for f in facts if f)})"


def shown(report: NormsReport, p: PlayerNorms) -> tuple[TitleNorm, ...]:
    """The results the summary shows of a player: every one with ``details``, else those made, the
    file cannot decide, missed narrowly, or a reading decides."""
    if report.details:
        return p.results
    return tuple(n for n in p.results if n.achieved or n.undecided or n.near_miss or n.alternatives)


def summary(n: TitleNorm) -> str:
    """One result in a line: ``GM norm ACHIEVED: 6.5/9, Ra 2468, Rp 2612; 9 games, credited 9``."""
    head = f"{n.title} norm {_STATUS[n.status]}"
    if not n.games:
        return f"{head}: no counted game"
    numbers = f"{short_text(n.score)}/{n.games}, Ra {n.ra}, Rp {n.rp} (p {n.p} %, dp {n.dp})"
    if n.made:
        return f"{head}: {numbers}; {n.games} games, credited {n.credited_games} ({n.route})"
    if n.undecided:
        said = f"; would be credited {n.credited_games}" if n.credited_games is not None else ""
        unchecked = f"; not checked: {', '.join(dict.fromkeys(q.article for q in n.unchecked))}" if n.unchecked else ""
        failing = f"; fails {', '.join(dict.fromkeys(r.article for r in n.failed))}" if n.failed else ""
        return f"{head}: {numbers}{failing}{unchecked}{said}"
    return f"{head}: {numbers}; fails " + ", ".join(dict.fromkeys(r.article for r in n.failed))


_STATUS = {"achieved": "ACHIEVED", "not achieved": "not achieved", "cannot judge": "CANNOT JUDGE"}


def near_line(n: TitleNorm) -> str | None:
    """``missed narrowly: 1.4.8 by 9 rating points``, or None."""
    if not n.near_miss:
        return None
    return "missed narrowly: " + "; ".join(f"{q.article} by {q.short}" for q in n.near_miss)


def reading_lines(report: NormsReport, n: TitleNorm) -> list[str]:
    """Each reading that decides ``n``: both outcomes, which the default takes and why, and the
    option that applies the other."""
    r = report.result
    out = []
    for alt in n.alternatives:
        reading = r.rules.readings[alt.name]
        applied = r.context.reading(alt.name)
        default = " (the default)" if applied == reading.default else ""
        out.append(f"reading {reading.article}, {alt.name}: '{applied}'{default} gives {_outcome(n)}; "
                   f"'{alt.choice}' gives {_outcome(alt.norm)}. The default is '{reading.default}': {reading.why}; "
                   f"--reading {alt.name}={alt.choice} applies the other")
    return out


def _outcome(n: TitleNorm) -> str:
    if n.made:
        return f"the norm ({n.credited_games} credited games)"
    if n.undecided:
        return "a result the file cannot decide"
    return "no norm (fails " + ", ".join(q.article for q in n.failed) + ")"


def forecast_lines(report: NormsReport, f: TitleForecast) -> list[str]:
    """One title's forecast: where the player stands, the paired opponent, the points needed, the
    mix still needed."""
    head = f"{f.title}: {short_text(f.score)}/{f.games} so far"
    if f.made is not None:
        return [f"{head}; norm already made ({summary(f.made)}); in a Swiss the later games may be ignored (1.4.1e)"]
    if not f.remaining:
        return [f"{head}; no round left"]
    head += f"; {f.remaining} round(s) left, {f.final_games} games if all are played"
    if f.must_play:
        head += "; must play every round left (a forfeit is not a game, 1.4.2c)"
    out = [head]
    if not f.needs:
        out.append(f"  not enough games left for a norm ({f.final_games} at most)")
        return out
    out += [f"  round {g.round} paired with #{g.opponent} {report.name_of(g.opponent)} "
            f"({', '.join([*sorted(g.titles), g.federation or 'FID/none', 'unrated' if g.unrated else str(g.rating)])})"
            for g in f.paired]
    unknown = f.remaining - len(f.paired)
    if unknown:
        cells = ", ".join(f"{n.rating}: {_points(n.points)}" for n in f.needs)
        out.append(f"  points needed in the {f.remaining} round(s) left, the {unknown} unknown opponent(s) "
                   f"averaging {cells}")
    else:
        rounds = "; ".join(f"round {g.round} (paired with #{g.opponent}, {'unrated' if g.unrated else g.rating})"
                           for g in f.paired)
        out.append(f"  points needed in {rounds}: {_points(f.needs[0].points)}")
    out += [f"  {m}" for m in f.mix]
    return out


def _points(points) -> str:
    return "impossible" if points is None else short_text(points)


def foreign_swiss(report: NormsReport) -> dict:
    """What 1.4.3d asks of every round in the report's edition (``[norms.foreign_swiss]``)."""
    return report.result.rules.edition.data()["norms"]["foreign_swiss"]


def condition_lines(report: NormsReport) -> list[str]:
    """The event's conditions: 1.1 each on a line, 1.4.3d and 1.5.6 summed up by their worst
    round (every round with ``details``)."""
    c = report.result.conditions
    if c is None:
        return []
    out = [f"{q.article:<7}{q.rule}: {q.value}  {q.status}" for q in c.requirements]
    if c.foreign:
        worst = min(c.foreign, key=lambda r: (r.ok, len(r.counted)))
        need = foreign_swiss(report)
        out.append(f"1.4.3d {'met in every round' if c.foreign_ok else 'not met'} ({need['players']} rated players "
                   f"not of the host federation, {need['federations']} federations, {need['titled']} "
                   f"{'/'.join(need['titles'])}; fewest: round {worst.round}, {len(worst.counted)} "
                   f"players, {worst.federations} federations, {worst.titled} titled)")
    if c.presence:
        fewest = min(c.presence, key=lambda r: r.participants)
        low_all = min((r.average_all for r in c.presence if r.average_all is not None), default=None)
        low_top = min((r.average_top for r in c.presence if r.average_top is not None), default=None)
        out.append(f"1.5.6  fewest participants {fewest.participants} (round {fewest.round}); lowest round average "
                   f"{low_all} (all rated) / {low_top} (the 40 highest): the text leaves open which")
    if report.details:
        out += [f"  round {r.round}: 1.4.3d {len(r.counted)} players, {r.federations} federations, {r.titled} titled "
                f"{'ok' if r.ok else 'no'}" for r in c.foreign]
        out += [f"  round {r.round}: 1.5.6 {r.participants} participants, average {r.average_all} / {r.average_top}"
                for r in c.presence]
    return out


def dropped_line(report: NormsReport, n: TitleNorm) -> str:
    if not n.dropped:
        return "all counted games kept"
    return "dropped: " + "; ".join(f"round {d.round} against #{d.opponent} {report.name_of(d.opponent)} ({d.article})"
                                   for d in n.dropped)
