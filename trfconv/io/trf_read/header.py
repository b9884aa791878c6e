"""The event's records: the header (012-122, 142-222, 352), the round dates (132) and the
TRF-2026 records that say how the event is scored and paired: scores (162), requested byes
(240), accelerations (250), prohibited pairings (260) and point adjustments (299)."""

from __future__ import annotations

import re
from fractions import Fraction

from ...arbiter_records import split_record
from ...diagnostics import Severity, diagnostic, shown
from ...messages import msg
from ...model import MAX_ROUNDS, Acceleration, ByeKind, Colour, PointAdjustment, ProhibitedPairing, RequestedBye
from ...numbers import ascii_digits, not_a_number
from ...timecontrol import parse_code

_SINGLE = {"012": "name", "022": "city", "032": "federation", "092": "type",
           "102": "chief_arbiter", "122": "time_control_text", "172": "rank_method",
           "182": "pairing_controller"}
_COUNTS = {"062": "declared_players", "072": "declared_rated_players", "082": "declared_teams"}
#: Every header record :meth:`HeaderRecords.header` reads.
HEADER_CODES = frozenset({*_SINGLE, *_COUNTS, "042", "052", "112", "142", "152", "192", "202", "212", "222", "352"})
_ETT26 = re.compile(
    r"FIDE_DUTCH(_2017|_2025|_2026)?(_BAKU)?|FIDE_(DUBOV|BURSTEIN|DOUBLESWISS)(_BAKU)?|"
    r"CUSTOM_(SWISS|DOUBLESWISS|ROUNDROBIN|SCHILLER|SCHEVENINGEN|KNOCKOUT)|"
    r"BERGER_(DOUBLE)?ROUNDROBIN(_G\d+)?|FIDE_(DOUBLE)?ROUNDROBIN|FIDE_SCHILLER|"
    r"FIDE_(DOUBLE)?SCHEVENINGEN|FIDE_TEAM(_TYPEA|_TYPEB)?(_MP|_GP)?(_GP|_MP)?(_BAKU)?|"
    r"CUSTOM_TEAM_SWISS(_MP|_GP)?|(BERGER|FIDE)_TEAM_(DOUBLE)?ROUNDROBIN|CUSTOM_TEAM_(ROUNDROBIN|KNOCKOUT)"
)


class HeaderRecords:
    """The event's records, for the reader (:class:`.reader.Reader`) whose state and helpers
    (``report``, ``keep``, ``number``, ``points``, ``record``) they use."""

    def header(self, code: str, line: str) -> None:
        value = line[4:].strip()
        if code in ("102", "112") and len(named := split_record(value)) > 1:
            self.report("TRF063", msg("{code} names {count} arbiters with FIDE IDs ({names}) on one line; read as "
                                      "{count} arbiters", code=code, count=len(named),
                                      names=[shown(n or i or "") for n, i, _ in named]), 5)
        if code == "112":
            if value:
                self.event.setdefault("deputy_arbiters", []).append(value)
                self.record(f"112#{len(self.event['deputy_arbiters'])}")
                self.seen[f"112#{len(self.event['deputy_arbiters'])}"] = self.lineno
            return
        if code in self.seen:
            self.keep(line, "TRF003", msg("second {code} record (first on line {line}); the first is used",
                                          code=code, line=self.seen[code]))
            return
        self.seen[code] = self.lineno
        if code in ("142", "152", "192", "202", "212", "222", "352"):
            self.version_marks.add("TRF26")
        if not value:
            return
        self.record(code)
        if code in _SINGLE:
            self.event[_SINGLE[code]] = value
        elif code in _COUNTS:
            self.event[_COUNTS[code]] = int(value) if ascii_digits(value) else value
            if not ascii_digits(value):
                self.report("TRF039", msg("{code} count {text} {why}", code=code, text=shown(value),
                                          why=not_a_number(value)), 5)
        elif code in ("042", "052"):
            self.dates[code] = value
        elif code == "142":
            self.declared_rounds(value, "142", line)
        elif code == "152":
            colour = {"W": Colour.WHITE, "B": Colour.BLACK}.get(value.upper())
            if colour is None:
                self.report("TRF039", msg("152 initial colour {value} is not W or B", value=repr(value)), 5)
                self.keep(line)
            self.pairing["initial_colour"] = colour
        elif code == "192":
            self.pairing["system"] = value
            if not _ETT26.fullmatch(value):
                self.report("TRF041", msg("192 code {value} is not in the ETT26 list", value=repr(value)), 5)
        elif code in ("202", "212"):
            key = "tiebreaks" if code == "202" else "standings_tiebreaks"
            self.event[key] = tuple(t.strip() for t in value.split(",") if t.strip())
        elif code == "222":
            parsed = parse_code(value)
            if parsed is None:
                self.report("TRF044", msg("222 time control {value} cannot be read", value=repr(value)), 5)
            self.event["time_control"] = parsed or value
        elif code == "352":
            self.team_event["board_colours"] = value

    def declared_rounds(self, value: str, code: str, line: str) -> None:
        rounds = self.number(value.split()[0] if value.split() else "", msg("{code} number of rounds", code=code), 5)
        previous = self.event.get("declared_rounds")
        if rounds is not None and rounds > MAX_ROUNDS:
            self.keep(line, "TRF039", msg("{code} says {rounds} rounds, more than the {most} TRF can number; line "
                                          "kept verbatim", code=code, rounds=rounds, most=MAX_ROUNDS))
            return
        if rounds is not None and previous is not None and previous != rounds:
            self.report("TRF039", msg("{code} says {rounds} rounds, an earlier record said {previous}", code=code,
                                      rounds=rounds, previous=previous), 5)
            return
        if rounds is not None:
            self.event["declared_rounds"] = rounds

    def round_dates(self, line: str) -> None:
        if "132" in self.seen:
            self.keep(line, "TRF003", msg("second 132 record (first on line {line})", line=self.seen["132"]))
            return
        self.seen["132"] = self.lineno
        tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", line[3:])]
        if not tokens:
            return
        self.record("132")
        if all(start + 3 >= 91 and (start + 3 - 91) % 10 == 0 for start, _ in tokens):
            self.round_date_texts = self.layouts["round_dates"].read(line)["dates"]
        else:
            self.diagnostics.append(diagnostic(
                "TRF010", msg("round dates are not at columns 92, 102, 112, …; read them in order"),
                path=self.path, line=self.lineno, column=tokens[0][0] + 4, severity=Severity.WARNING))
            self.round_date_texts = [text for _, text in tokens]

    def scores162(self, line: str) -> None:
        self.version_marks.add("TRF26")
        for i, pair in enumerate(self.layouts["scores"].read(line)["pairs"]):
            symbol, amount_text = pair[:1], pair[1:].strip()
            amount = self.points(amount_text, msg("162 {symbol}", symbol=symbol), 7 + 9 * i, "TRF040")
            if symbol not in "WDLAPX" or not symbol or amount is None:
                self.report("TRF040", msg("162 entry {pair} cannot be read; line kept verbatim", pair=repr(pair)),
                            6 + 9 * i)
                self.keep(line)
                return
            self.score_codes.append(("162 " + symbol, amount))
        self.record("162")

    def ids(self, texts: list[str], first: int, step: int) -> tuple[int, ...]:
        return tuple(v for i, t in enumerate(texts)
                     if (v := self.number(t, msg("id"), first + i * step)) is not None)

    def bye240(self, line: str) -> None:
        self.version_marks.add("TRF26")
        values = self.layouts["bye"].read(line)
        kind = {"F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO, "U": ByeKind.PAB}.get(values["kind"].upper())
        round_ = self.number(values["round"], msg("240 round"), 7)
        if kind is None or round_ is None:
            self.keep(line, "TRF004", msg("240 record with type {kind} and round {round} cannot be read; kept "
                                          "verbatim", kind=repr(values["kind"]), round=repr(values["round"])))
            return
        byes = self.pairing.setdefault("requested_byes", [])
        byes.append(RequestedBye(kind, round_, self.ids(values["ids"], 11, 5)))
        self.record(f"240#{len(byes)}")

    def acceleration(self, line: str) -> None:
        self.version_marks.add("TRF26")
        v = self.layouts["acceleration"].read(line)
        numbers = [self.number(v[k], what, c) for k, what, c in
                   (("first_round", msg("250 first round"), 15), ("last_round", msg("250 last round"), 19),
                    ("first_id", msg("250 first id"), 23), ("last_id", msg("250 last id"), 28))]
        gp = self.points(v["game_points"], msg("250 game points"), 10) or Fraction(0)
        if None in numbers:
            self.keep(line, "TRF004", msg("250 record cannot be read; kept verbatim"))
            return
        items = self.pairing.setdefault("accelerations", [])
        items.append(Acceleration(gp, *numbers, match_points=self.points(v["match_points"], msg("250 match points"), 5)))
        self.record(f"250#{len(items)}")

    def prohibited260(self, line: str) -> None:
        self.version_marks.add("TRF26")
        v = self.layouts["prohibited"].read(line)
        items = self.pairing.setdefault("prohibited", [])
        items.append(ProhibitedPairing(self.ids(v["ids"], 13, 5), self.number(v["first_round"], msg("260 round"), 5),
                                       self.number(v["last_round"], msg("260 round"), 9)))
        self.record(f"260#{len(items)}")

    def adjustment(self, line: str) -> None:
        """299. A record whose fields straddle their separators (the TRF-2025 draft's columns,
        e.g. ``299 +  2.0  2.5   1    1``) cannot be read without guessing which number is
        which: it is kept verbatim, and so never applied to the standings."""
        self.version_marks.add("TRF26")
        layout = self.layouts["adjustment"]
        column = layout.first_filled_gap(line)
        if column is not None:
            self.diagnostics.append(diagnostic(
                "TRF010", msg("299 record: column {column} should be blank but holds {held}: the fields are shifted "
                              "(MP 8-11, points 14-17, round 20-22, ids from 24); kept verbatim and not applied to "
                              "the standings", column=column, held=repr(line[column - 1])), path=self.path, line=self.lineno, column=column,
                severity=Severity.WARNING))
            self.keep(line)
            return
        v = layout.read(line)
        round_ = self.number(v["round"], msg("299 round"), 20)
        self.adjustments.append(PointAdjustment(
            kind=v["kind"] or None, ids=self.ids(v["ids"], 24, 5),
            points=self.points(v["points"], msg("299 points"), 14),
            match_points=self.points(v["match_points"], msg("299 match points"), 8),
            round=round_ or None))
        self.record(f"299#{len(self.adjustments)}")
