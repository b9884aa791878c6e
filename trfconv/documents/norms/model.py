"""What the norms document shows: the event's facts, where the opponents' data come from, and
each player's results as :func:`trfconv.rules.norms.norms` computed them. Nothing here judges a
norm; the writers (:mod:`.text`, :mod:`.json`, :mod:`.html`) only format."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from ...actions import Action, voice
from ...messages import ENGLISH, SEMICOLON, Language, Message, joined, msg, plural, pmsg
from ...model import Tournament
from ...rules.norms import FORECAST, GIVE_LIST, TITLES, EventNorms, PlayerNorms
from ...rules.norms.evaluate import Requirement, TitleNorm
from ...rules.norms.forecast import TitleForecast
from ..basis import Basis, not_produced
from ..event import dates, place

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

    def event_line(self, lang: Language = ENGLISH) -> str:
        """``Example Open; Paris, FRA; 2026-04-04 to 2026-04-14`` (the dates in ``lang``)."""
        e = self.tournament.event
        return "; ".join(x for x in (e.name or lang.say(NO_NAME), place(e), dates(e.start_date, e.end_date, lang)) if x)

    def name_of(self, start_number: int) -> str:
        p = self.tournament.player(start_number)
        return p.name if p and p.name else f"#{start_number}"

    def verdict(self) -> str:
        """The last line: the norms made, or that the file cannot decide, or that there is none,
        and why; what to supply when the file cannot decide."""
        if self.basis.withheld:
            return not_produced()
        r = self.result
        if r.played is not None and r.possible:
            can = sum(1 for f in r.forecasts if any(x.reachable for x in f.titles))
            return msg("forecast after round {round} of {rounds}: {can} player(s) can still make a norm or have made "
                       "one", round=r.played, rounds=r.context.rounds, can=can)
        if not r.possible:
            said = [d.message for d in r.diagnostics if d.code in ("NRM005", "NRM014")]
            return said[0] if said else msg("no norm possible")
        made, open_ = r.achieved, r.undecided
        if not r.players and not r.ruled_out:
            how = voice().hints([Action("choose-title", purpose=msg("asks for one"))])
            return msg("no player looked at: each already holds the titles a norm is for{how}", how=how)
        undecided = msg("cannot judge {listed}", listed=_listed(open_, lambda n: why_undecided(r, n))) if open_ else ""
        if made:
            listed = _listed(made, lambda n: msg("{n} credited games", n=n.credited_games))
            return joined([plural("{n} norm(s): {listed}", "{n} norm(s): {listed}", n=len(made), listed=listed), self._event_proviso(),
                           *((SEMICOLON, undecided) if open_ else ())])
        if open_:
            return joined([undecided, self.supply()], SEMICOLON)
        near = plural("; {n} near miss(es) (listed above)", "; {n} near miss(es) (listed above)", n=len(r.near_misses)) if r.near_misses else ""
        missing = [MISSING[x] for x in ("titles", "federations", "ratings") if x in r.context.unknown]
        whatever = msg("; whatever the file's missing {missing}, no player could reach one (no set of games reaches Ra "
                       "or Rp)", missing=joined(missing, AND)) if missing else ""
        later = msg("; the event is not finished, and no player can reach one in the rounds to come") \
            if r.progress is not None and r.progress.unfinished_rounds else ""
        return joined([plural("no norm ({n} player(s) looked at)", "no norm ({n} player(s) looked at)",
                               n=len(r.players) + r.ruled_out), whatever, later, near])

    def supply(self) -> Message:
        """What to give so that the results the file cannot decide can be judged."""
        r = self.result
        wants: list[Message] = []
        missing = [MISSING[x] for x in ("titles", "federations", "ratings") if x in r.context.unknown]
        listed = voice().hints([GIVE_LIST])
        if missing:
            wants.append(msg("give the players' {missing} (a TRF with them, or the FIDE list){how}", missing=missing,
                             how=listed))
        if any(n.pending for _, n in r.undecided):
            wants.append(msg("judge the finished event's file{how}", how=voice().hints([FORECAST])))
        if any(not n.pending and any(q.article == r.rules.article("women") for q in n.unchecked)
               for _, n in r.undecided):
            wants.append(msg("give the players' sex (a TRF with it, or the FIDE list){how}", how=listed))
        if any(not n.pending and any(q.article != r.rules.article("women") for q in n.unchecked)
               for _, n in r.undecided) and not missing:
            wants.append(msg("give the opponents' federations the file lacks (a TRF with them, or the FIDE list){how}",
                             how=listed))
        return joined(wants, SEMICOLON) if wants else msg("see each player's requirements not checked")

    def _event_proviso(self) -> Message | str:
        """What the norms made still rest on: an event condition (1.1) that fails makes none of
        them valid; one the file cannot show is not checked, and the verdict says so."""
        c = self.result.conditions
        if c is None:
            return ""
        failed = [q.rule for q in c.requirements if q.known and not q.ok]
        if failed:
            return msg("; NOT VALID: the event fails 1.1 ({failed})", failed=joined(failed, SEMICOLON))
        unchecked = [q.rule for q in c.requirements if not q.known]
        return msg("; valid only if 1.1 holds where the file cannot show it ({unchecked})",
                   unchecked=joined(unchecked, SEMICOLON)) if unchecked else ""


#: What the file lacks for a requirement it cannot check, as the verdict names it.
MISSING = {"titles": msg("titles"), "federations": msg("federations"), "ratings": msg("ratings"), "sex": msg("sex")}
NO_NAME = msg("(no name)")
AND = msg(" and ")
#: Between items that hold decimal numbers (French writes them with a comma: ``2200 : 3,5 ; 2300 : 3``).
BETWEEN_NUMBERS = pmsg("between items holding decimal numbers", ", ")


def _listed(results: list[tuple[PlayerNorms, TitleNorm]], said) -> Message:
    """``#1 GM (what said says)``, each; by title when more than :data:`LISTED`."""
    if len(results) > LISTED:
        by_title = Counter(n.title for _, n in results)
        return msg("{counts} (listed above)", counts=[f"{by_title[x]} {x}" for x in TITLES if by_title[x]])
    return joined([msg("#{player} {title} ({said})", player=p.person.start_number, title=n.title, said=said(n))
                   for p, n in results], ", ")


def why_undecided(result: EventNorms, n: TitleNorm) -> Message:
    """Why the file cannot decide ``n``: the rounds to come, or what it cannot check."""
    if n.pending:
        return plural("round {rounds} to come", "rounds {rounds} to come", n=len(n.pending), rounds=list(n.pending))
    return msg("not in the file: {missing}", missing=list(dict.fromkeys(MISSING[_need(result, q)]
                                                                        for q in n.unchecked)))


def _need(result: EventNorms, q: Requirement) -> str:
    """What the file lacks for a requirement it cannot check (a key of :data:`MISSING`)."""
    a = result.rules.article
    if q.article in (a("titled"), a("holders")):
        return "titles"
    if q.article in (a("ra_min"), a("rp")):
        return "ratings"
    if q.article == a("women"):
        return "sex"
    return "federations"


def person_line(p: PlayerNorms) -> Message:
    """``#12 Name (IM, ESP, 2431)``."""
    x = p.person
    facts = [", ".join(sorted(x.titles)), x.federation or "", str(x.rating) if x.rating else UNRATED]
    return msg("#{number} {name} ({facts})", number=x.start_number, name=x.name or NO_NAME,
               facts=joined([f for f in facts if f], ", "))


UNRATED = msg("unrated")


def shown(report: NormsReport, p: PlayerNorms) -> tuple[TitleNorm, ...]:
    """The results the summary shows of a player: every one with ``details``, else those made, the
    file cannot decide, missed narrowly, or a reading decides."""
    if report.details:
        return p.results
    return tuple(n for n in p.results if n.achieved or n.undecided or n.near_miss or n.alternatives)


def summary(n: TitleNorm) -> Message:
    """One result in a line: ``GM norm ACHIEVED: 6.5/9, Ra 2468, Rp 2612; 9 games, credited 9``."""
    head = msg("{title} norm {status}", title=n.title, status=STATUS[n.status])
    if not n.games:
        return msg("{head}: no counted game", head=head)
    numbers = msg("{score}/{games}, Ra {ra}, Rp {rp} (p {p} %, dp {dp})", score=n.score, games=n.games, ra=n.ra,
                  rp=n.rp, p=n.p, dp=n.dp)
    if n.made:
        return msg("{head}: {numbers}; {games} games, credited {credited} ({route})", head=head, numbers=numbers,
                   games=n.games, credited=n.credited_games, route=n.route)
    articles = list(dict.fromkeys(r.article for r in n.failed))
    if n.undecided:
        said = msg("; would be credited {n}", n=n.credited_games) if n.credited_games is not None else ""
        unchecked = msg("; not checked: {articles}", articles=list(dict.fromkeys(q.article for q in n.unchecked))) \
            if n.unchecked else ""
        failing = msg("; fails {articles}", articles=articles) if n.failed else ""
        return joined([head, ": ", numbers, failing, unchecked, said])
    return msg("{head}: {numbers}; fails {articles}", head=head, numbers=numbers, articles=articles)


#: A result's status (:attr:`~trfconv.rules.norms.evaluate.TitleNorm.status`) as the documents say it.
STATUS = {"achieved": msg("ACHIEVED"), "not achieved": msg("not achieved"), "cannot judge": msg("CANNOT JUDGE")}


def requirement_status(q: Requirement) -> Message:
    """Whether a requirement is met, and by how much it fails: ``FAILS (by 9 rating points)``."""
    if q.short and not q.ok and q.known:
        return msg("{status} (by {short})", status=q.status, short=q.short)
    return q.status


def near_line(n: TitleNorm) -> Message | None:
    """``missed narrowly: 1.4.8 by 9 rating points``, or None."""
    if not n.near_miss:
        return None
    misses = [msg("{article} by {short}", article=q.article, short=q.short) for q in n.near_miss]
    return msg("missed narrowly: {misses}", misses=joined(misses, SEMICOLON))


def reading_lines(report: NormsReport, n: TitleNorm) -> list[Message]:
    """Each reading that decides ``n``: both outcomes, which the default takes and why, and the
    option that applies the other."""
    r = report.result
    out = []
    for alt in n.alternatives:
        reading = r.rules.readings[alt.name]
        applied = r.context.reading(alt.name)
        default = msg(" (the default)") if applied == reading.default else ""
        how = voice().hints([Action("choose-reading", f"{alt.name}={alt.choice}", msg("applies the other"))])
        out.append(msg("reading {article}, {name}: '{applied}'{default} gives {outcome}; '{choice}' gives {other}. The "
                       "default is '{chosen}': {why}{how}", article=reading.article, name=alt.name, applied=applied,
                       default=default, outcome=_outcome(n), choice=alt.choice, other=_outcome(alt.norm),
                       chosen=reading.default, why=reading.why, how=how))
    return out


def _outcome(n: TitleNorm) -> Message:
    if n.made:
        return msg("the norm ({n} credited games)", n=n.credited_games)
    if n.undecided:
        return msg("a result the file cannot decide")
    return msg("no norm (fails {articles})", articles=[q.article for q in n.failed])


def forecast_lines(report: NormsReport, f: TitleForecast) -> list[Message]:
    """One title's forecast: where the player stands, the paired opponent, the points needed, the
    mix still needed."""
    head = msg("{title}: {score}/{games} so far", title=f.title, score=f.score, games=f.games)
    if f.made is not None:
        return [msg("{head}; norm already made ({summary}); in a Swiss the later games may be ignored (1.4.1e)",
                    head=head, summary=summary(f.made))]
    if not f.remaining:
        return [msg("{head}; no round left", head=head)]
    head = msg("{head}; {remaining} round(s) left, {final} games if all are played", head=head, remaining=f.remaining,
               final=f.final_games)
    if f.must_play:
        head = msg("{head}; must play every round left (a forfeit is not a game, 1.4.2c)", head=head)
    out = [head]
    if not f.needs:
        out.append(msg("  not enough games left for a norm ({n} at most)", n=f.final_games))
        return out
    out += [msg("  round {round} paired with #{opponent} {name} ({facts})", round=g.round, opponent=g.opponent,
                name=report.name_of(g.opponent),
                facts=[*sorted(g.titles), g.federation or "FID/none", UNRATED if g.unrated else str(g.rating)])
            for g in f.paired]
    unknown = f.remaining - len(f.paired)
    if unknown:
        cells = [msg("{rating}: {points}", rating=n.rating, points=_points(n.points)) for n in f.needs]
        out.append(msg("  points needed in the {remaining} round(s) left, the {unknown} unknown opponent(s) averaging "
                       "{cells}", remaining=f.remaining, unknown=unknown, cells=joined(cells, BETWEEN_NUMBERS)))
    else:
        rounds = joined([msg("round {round} (paired with #{opponent}, {rating})", round=g.round, opponent=g.opponent,
                             rating=UNRATED if g.unrated else str(g.rating)) for g in f.paired], SEMICOLON)
        out.append(msg("  points needed in {rounds}: {points}", rounds=rounds, points=_points(f.needs[0].points)))
    out += [joined(["  ", m]) for m in f.mix]
    return out


def _points(points) -> Message | Fraction:
    return msg("impossible") if points is None else Fraction(points)


def foreign_swiss(report: NormsReport) -> dict:
    """What 1.4.3d asks of every round in the report's edition (``[norms.foreign_swiss]``)."""
    return report.result.rules.edition.data()["norms"]["foreign_swiss"]


def condition_lines(report: NormsReport) -> list[Message]:
    """The event's conditions: 1.1 each on a line, 1.4.3d and 1.5.6 summed up by their worst
    round (every round with ``details``)."""
    c = report.result.conditions
    if c is None:
        return []
    out = [joined([f"{q.article:<7}", msg("{rule}: {value}  {status}", rule=q.rule, value=q.value, status=q.status)])
           for q in c.requirements]
    if c.foreign:
        worst = min(c.foreign, key=lambda r: (r.ok, len(r.counted)))
        need = foreign_swiss(report)
        out.append(msg("1.4.3d {met} ({least} rated players not of the host federation, {least_federations} "
                       "federations, {least_titled} {titles}; fewest: round {round}, {players} players, {federations} "
                       "federations, {titled} titled)",
                       met=msg("met in every round") if c.foreign_ok else msg("not met"), least=need["players"],
                       least_federations=need["federations"], least_titled=need["titled"],
                       titles="/".join(need["titles"]), round=worst.round, players=len(worst.counted),
                       federations=worst.federations, titled=worst.titled))
    if c.presence:
        fewest = min(c.presence, key=lambda r: r.participants)
        low_all = min((r.average_all for r in c.presence if r.average_all is not None), default=None)
        low_top = min((r.average_top for r in c.presence if r.average_top is not None), default=None)
        out.append(msg("1.5.6  fewest participants {n} (round {round}); lowest round average {all} (all rated) / {top} "
                       "(the 40 highest): the text leaves open which", n=fewest.participants, round=fewest.round,
                       all=str(low_all), top=str(low_top)))
    if report.details:
        out += [msg("  round {round}: 1.4.3d {players} players, {federations} federations, {titled} titled {ok}",
                    round=r.round, players=len(r.counted), federations=r.federations, titled=r.titled,
                    ok=msg("ok") if r.ok else msg("no")) for r in c.foreign]
        out += [msg("  round {round}: 1.5.6 {n} participants, average {all} / {top}", round=r.round, n=r.participants,
                    all=str(r.average_all), top=str(r.average_top)) for r in c.presence]
    return out


def dropped_line(report: NormsReport, n: TitleNorm) -> Message:
    if not n.dropped:
        return msg("all counted games kept")
    games = [msg("round {round} against #{opponent} {name} ({article})", round=d.round, opponent=d.opponent,
                 name=report.name_of(d.opponent), article=d.article) for d in n.dropped]
    return msg("dropped: {games}", games=joined(games, SEMICOLON))
