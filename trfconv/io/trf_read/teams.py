"""The team records: TRF16's 013, TRF-2026's 310 (which 013 stays beside, for old readers), the
match points (362), line-ups (300), the team pairing-allocated bye (320) and team forfeits
(330)."""

from __future__ import annotations

from ...diagnostics import Severity, diagnostic
from ...messages import msg
from ...model import TEAM_FORFEIT_RESULTS, Extra, Lineup, MatchPointSystem, Team, TeamForfeit, TeamPab

#: The team member id, as a message names it (made once: a 310 record may have many members).
_MEMBER_ID = msg("team member id")
#: The columns between a 310 record's rank (69-71) and its members (from 74).
_BEFORE_MEMBERS = (72, 73)


class TeamRecords:
    """The team records, for the reader (:class:`.reader.Reader`) whose state and helpers
    (``report``, ``keep``, ``number``, ``points``, ``record``) they use."""

    def members(self, texts: list[str], first: int, step: int) -> tuple[int, ...]:
        out = []
        for i, text in enumerate(texts):
            value = self.number(text, _MEMBER_ID, first + i * step)
            if value:
                out.append(value)
        return tuple(out)

    def team013(self, line: str) -> None:
        values = self.layouts["team016"].read(line)
        index = len(self.teams013) + 1
        team = Team(index, values["name"], self.members(values["members"], 37, 5))
        self.teams013.append((self.lineno, line, team))
        self.record(f"013:{index}")

    def team310(self, line: str) -> None:
        self.version_marks.add("TRF26")
        values = self.layouts["team"].read(line)
        column = self.layouts["team"].first_filled_gap(line) or next(
            (c for c in _BEFORE_MEMBERS if line[c - 1:c].strip()), None)
        if column is not None:
            self.diagnostics.append(diagnostic(
                "TRF010", msg("310 record: column {column} should be blank but holds {held}: fields are shifted",
                              column=column, held=repr(line[column - 1])), path=self.path, line=self.lineno, column=column, severity=Severity.WARNING))
            values = self.realigned("team", line, values, _BEFORE_MEMBERS)
        number = self.number(values["number"], msg("team number"), 5)
        if number is None:
            self.keep(line, "TRF004", msg("310 record without a team number kept verbatim"))
            return
        self.teams310.append(Team(
            number=number,
            name=values["name"],
            members=self.members(values["members"], 74, 5),
            nickname=values["nickname"] or None,
            strength=self.points(values["strength"], msg("team strength"), 48),
            match_points=self.points(values["match_points"], msg("match points"), 55),
            game_points=self.points(values["game_points"], msg("game points"), 62),
            rank=self.number(values["rank"], msg("team rank"), 69),
        ))
        self.record(f"310:{number}")

    def match_points(self, line: str) -> None:
        values = {}
        for i, pair in enumerate(self.layouts["match_points"].read(line)["pairs"]):
            symbol, amount = pair[:2], self.points(pair[2:].strip(), msg("362 points"), 7 + 9 * i, "TRF040")
            if symbol not in ("TW", "TD", "TL") or amount is None:
                self.report("TRF040", msg("362 entry {pair} cannot be read; line kept verbatim", pair=repr(pair)),
                            5 + 9 * i)
                self.keep(line)
                return
            values[{"TW": "win", "TD": "draw", "TL": "loss"}[symbol]] = amount
        self.team_event["match_points"] = MatchPointSystem(**values)
        self.record("362")

    def lineup(self, line: str) -> None:
        v = self.layouts["lineup"].read(line)
        round_, team = self.number(v["round"], msg("300 round"), 5), self.number(v["team"], msg("300 team"), 9)
        if round_ is None or team is None:
            self.keep(line, "TRF004", msg("300 record without round or team kept verbatim"))
            return
        boards = tuple(self.number(b, msg("300 player id"), 17 + 5 * i) or None for i, b in enumerate(v["boards"]))
        items = self.team_event.setdefault("lineups", [])
        items.append(Lineup(round_, team, self.number(v["opponent"], msg("300 opponent"), 13), boards))
        self.record(f"300#{len(items)}")

    def team_pab(self, line: str) -> None:
        v = self.layouts["team_pab"].read(line)
        teams = tuple(self.number(t, msg("320 team"), 15 + 4 * i) or None for i, t in enumerate(v["teams"]))
        self.team_event["pab"] = TeamPab(self.points(v["match_points"], msg("320 match points"), 5),
                                         self.points(v["game_points"], msg("320 game points"), 10), teams)
        self.record("320")

    def team_forfeit(self, line: str) -> None:
        v = self.layouts["team_forfeit"].read(line)
        numbers = [self.number(v[k], what, c) for k, what, c in
                   (("round", msg("330 round"), 8), ("white", msg("330 white"), 12), ("black", msg("330 black"), 16))]
        if v["result"] not in TEAM_FORFEIT_RESULTS or None in numbers:
            self.keep(line, "TRF004", msg("330 record {text} cannot be read; kept verbatim", text=repr(line[4:].strip())))
            return
        items = self.team_event.setdefault("forfeits", [])
        items.append(TeamForfeit(v["result"], *numbers))
        self.record(f"330#{len(items)}")

    def teams(self) -> tuple[Team, ...]:
        if not self.teams310:
            return tuple(team for _, _, team in self.teams013)
        by_number = {t.number: t for t in self.teams310}
        for lineno, line, team in self.teams013:
            # TRF-2026 keeps 013 only for old readers; the 310 record is the truth.
            self.extras.append(Extra(line, f"013:{team.number}"))
            other = by_number.get(team.number)
            if other is None or other.name != team.name or other.members != team.members:
                self.report("TRF043", msg("013 team {number} ({name}) differs from its 310 record; 310 is used",
                                          number=team.number, name=repr(team.name)), 5, line=lineno)
        return tuple(self.teams310)
