"""The tournament assembled from what the records said: players padded to the same number of
rounds with their national ratings, the event's dates resolved together, teams, the score
system, the version, and the builder's checks (:mod:`..build`), with repeated normalisations
folded into one diagnostic."""

from __future__ import annotations

import re
from dataclasses import replace

from ...dates import resolve_dates
from ...diagnostics import Diagnostic, Severity
from ...messages import msg
from ...model import NOT_PAIRED, Bye, Event, NationalRating, Pairing, Player, ScoreSystem, TeamEvent, Tournament
from ..build import TournamentBuilder
from .scores import scores_from_codes

_ROUND_PREFIX = re.compile(r"^round \d+: ")
_BULK = {"TRF017", "TRF023", "TRF024", "LIN002"}  # normalisations reported once, with a count
#: Where a player line's fields start (1-based), for a finding about one of them.
_PLAYER_COLUMNS = {"points": 81, "federation": 54, "fide_id": 58}


class Assembly:
    """The tournament of the records read, for the reader (:class:`.reader.Reader`) whose state
    it reads (and ``teams``, ``dialect_names`` of the records' classes)."""

    def build(self, endings: set[str]) -> Tournament:
        rounds = max((len(p.rounds) for p in self.players), default=0)
        players = [p if len(p.rounds) == rounds else
                   replace(p, rounds=p.rounds + (NOT_PAIRED,) * (rounds - len(p.rounds)))
                   for p in self.players]
        players = self.attach_national(players)
        event = self.event_dates()
        teams = self.teams()
        pairing = {k: tuple(v) if isinstance(v, list) else v for k, v in self.pairing.items()}
        team_event = {k: tuple(v) if isinstance(v, list) else v for k, v in self.team_event.items()}
        tournament = Tournament(
            event=Event(**event),
            players=tuple(players),
            teams=teams,
            scores=self.score_system(),
            pairing=Pairing(**pairing),
            team_event=TeamEvent(**team_event),
            point_adjustments=tuple(self.adjustments),
            extras=tuple(self.extras),
        )
        if self.extras:
            from ..trf_write import canonical_extras

            tournament = replace(tournament, extras=canonical_extras(tournament))
        builder = TournamentBuilder(self.path, "trf", version=self.version(players), dialects=self.dialect_names(),
                                    encoding=self.encoding, line_ending=_dominant(endings),
                                    diagnostics=self.diagnostics)
        return builder.finish(tournament, locate=self.locator(), fold=lambda found: _fold_repeats(found, bool(teams)),
                              writable=self.writable)

    def locator(self):
        lines = self.player_lines
        path = self.path
        seen = self.seen

        def locate(what: str, key: int | str | None = None, round_: int | None = None):
            if what == "player":
                column = None if round_ is None else 92 + 10 * (round_ - 1)
                return path, lines.get(key), column
            if what in _PLAYER_COLUMNS:
                return path, lines.get(key), _PLAYER_COLUMNS[what]
            return path, seen.get(what), None
        return locate

    def attach_national(self, players: list[Player]) -> list[Player]:
        if not self.nrs:
            return players
        by_player: dict[int, list[NationalRating]] = {}
        for number, lineno, record in self.nrs:
            if number not in self.player_lines:
                self.report("TRF045", msg("national rating record for start number {number}, which has no player "
                                          "line", number=number), 5, line=lineno)
            by_player.setdefault(number, []).append(record)
        return [replace(p, national_ratings=tuple(by_player[p.start_number]))
                if p.start_number in by_player else p for p in players]

    def event_dates(self) -> dict:
        event = {k: tuple(v) if isinstance(v, list) else v for k, v in self.event.items()}
        texts = [self.dates.get("042", ""), self.dates.get("052", "")] + list(self.round_date_texts)
        readings = resolve_dates(texts)
        values = [r.value for r in readings]
        for i, (text, reading) in enumerate(zip(texts, readings, strict=True)):
            where = ("042", "052")[i] if i < 2 else "132"
            column = 5 if i < 2 else 92 + 10 * (i - 2)
            line = self.seen.get(where)
            if text and reading.value is None:
                self.report("TRF037", msg("{where} date {text} cannot be read; kept as written", where=where,
                                          text=repr(text)), column, line)
            elif reading.alternatives and not _settled(i, reading, values):
                self.report("TRF038", msg("{where} date {text} read as {day} ({pattern}); it could also be {others}",
                                          where=where, text=repr(text), day=reading.value, pattern=reading.pattern,
                                          others=list(reading.alternatives)), column, line)
        values = [v or (text or None) for v, text in zip(values, texts, strict=True)]
        event["start_date"], event["end_date"] = values[0], values[1]
        event["round_dates"] = tuple(values[2:])
        return event

    def score_system(self) -> ScoreSystem:
        return scores_from_codes(self.score_codes)

    def version(self, players: list[Player]) -> str:
        """TRF26 when a record or comment only TRF-2026 has is present; TRF06 when byes are
        written only in the legacy way (no bye letters); TRF16 otherwise."""
        if self.version_marks:
            return "TRF26"
        legacy = any(d.code in ("TRF023", "TRF024") for d in self.diagnostics)
        if legacy and not any(isinstance(e, Bye) for p in players for e in p.rounds):
            return "TRF06"
        return "TRF16"


def _fold_repeats(found: list[Diagnostic], team_event: bool) -> list[Diagnostic]:
    """The diagnostics, with repeats of the same normalisation folded into the first one
    ("… (1328 such blocks; this is the first)"). In team events '0000 - -' is how TRF-2026
    writes a player who did not play for his team, so TRF024 is only information there."""
    out: list[Diagnostic] = []
    first: dict[tuple[str, str], list[int]] = {}
    for d in found:
        if team_event and d.code == "TRF024":
            d = replace(d, severity=Severity.INFO)
        if d.code in _BULK:
            key = (d.code, _ROUND_PREFIX.sub("", d.message))
            if key in first:
                first[key][1] += 1
                continue
            first[key] = [len(out), 1]
        out.append(d)
    for index, count in first.values():
        if count > 1:
            out[index] = replace(out[index], message=msg("{message} ({count} times; this is the first)",
                                                         message=out[index].message, count=count))
    return out


def _settled(index: int, reading, values: list) -> bool:
    """An ambiguous date is settled when its reading fits the event's other dates and none of
    its alternatives does: a round date between start and end, a start at most a week before
    the first round, an end at most a week after the last."""
    start, end = values[0], values[1]
    rounds = [v for v in values[2:] if v is not None]

    def fits(d) -> bool:
        if index == 0:
            return bool(rounds) and 0 <= (min(rounds) - d).days <= 7
        if index == 1:
            return bool(rounds) and 0 <= (d - max(rounds)).days <= 7
        return start is not None and end is not None and start <= d <= end

    return fits(reading.value) and not any(fits(a) for a in reading.alternatives)


def _dominant(endings: set[str]) -> str | None:
    for ending in ("\r\n", "\n", "\r"):
        if ending in endings:
            return ending
    return None
