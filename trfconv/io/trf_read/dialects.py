"""The dialects' records and everything else a TRF file holds: JaVaFo's XXR, XXC, XXS, XXZ, XXP
and XXA, bbpPairings' BB?, CPPDubovSystem's private records, comments, rulers and unknown
records (kept verbatim), and which dialects a file speaks."""

from __future__ import annotations

from functools import cache

from ...messages import msg
from ...model import Colour, PlayerAcceleration, ProhibitedPairing
from ...numbers import ascii_digits
from ..layout import formats_dir
from .scores import XXS

ENGINE = {"XXR", "XXC", "XXS", "XXZ", "XXP", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
_INFORMATIVE = {"801", "802"}  # TRF-2026 human-readable team summaries: kept verbatim
_CPP_DUBOV = {"TNR", "ACC", "BYE", "FOR"}


@cache
def _federations() -> frozenset[str]:
    text = (formats_dir() / "trf" / "federations.txt").read_text("ascii")
    return frozenset(w for line in text.splitlines() if not line.startswith("#") for w in line.split())


class DialectRecords:
    """The dialects' records and the rest, for the reader (:class:`.reader.Reader`) whose state
    and helpers (``report``, ``keep``, ``number``, ``points``, ``record``, ``national``) they
    use."""

    def engine(self, code: str, line: str) -> None:
        value = line[4:].strip()
        # Anchor keys of the TRF-2026 record holding the same data, so that lines around an
        # engine record stay near it whichever dialect is written.
        key = {"XXR": "142", "XXC": "152", "XXZ": "XXZ"}.get(code, "162")
        if code == "XXR":
            self.dialects.add("javafo")
            self.declared_rounds(value, "XXR", line)
        elif code == "XXC":
            self.dialects.add("javafo")
            for token in value.lower().split():
                if token == "rank":
                    self.pairing["by_rank"] = True
                elif token in ("white1", "black1"):
                    self.pairing["initial_colour"] = Colour.WHITE if token == "white1" else Colour.BLACK
                else:
                    self.report("TRF001", msg("XXC option {token} unknown; line kept verbatim", token=repr(token)), 5)
                    self.keep(line)
                    return
        elif code == "XXS":
            self.dialects.add("javafo")
            for token in value.split():
                name, _, number = token.partition("=")
                amount = self.points(number, msg("XXS {name}", name=name), 5, "TRF040")
                if amount is None or name.upper() not in XXS:
                    self.report("TRF040", msg("XXS entry {token} cannot be read; line kept verbatim", token=repr(token)),
                                5)
                    self.keep(line)
                    return
                self.score_codes.append(("XXS " + name.upper(), amount))
        elif code in ("XXZ", "XXP"):
            self.dialects.add("javafo")
            ids = tuple(int(t) for t in value.split() if ascii_digits(t))
            if len(ids) != len(value.split()):
                self.report("TRF045", msg("{code} holds something that is not a player id; line kept verbatim",
                                          code=code), 5)
                self.keep(line)
                return
            if code == "XXZ":
                self.pairing["absent_next_round"] = self.pairing.get("absent_next_round", ()) + ids
            else:
                items = self.pairing.setdefault("prohibited", [])
                items.append(ProhibitedPairing(ids))
                key = f"260#{len(items)}"
        elif code in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            self.dialects.add("bbpPairings")
            amount = self.points(line[4:12].strip(), code, 5, "TRF040")
            if amount is None:
                self.keep(line)
                return
            self.score_codes.append((code, amount))
        self.record(key)

    def player_acceleration(self, line: str) -> None:
        self.dialects.add("javafo")
        values = self.layouts["player_acceleration"].read(line)
        player = self.number(values["player"], msg("XXA player id"), 5)
        if player is None:
            self.keep(line, "TRF004", msg("XXA line without a player id kept verbatim"))
            return
        points = tuple(self.points(p, msg("XXA points"), 10 + 5 * i) if p else None
                       for i, p in enumerate(values["points"]))
        self.pairing.setdefault("player_accelerations", []).append(PlayerAcceleration(player, points))
        self.record(f"XXA:{player}")

    def other(self, code: str, line: str) -> None:
        stripped = line.strip()
        if not stripped or line.startswith("###"):
            if line.startswith("###"):
                self.version_marks.add("TRF26")
            self.keep(line)
        elif code in _INFORMATIVE:
            self.version_marks.add("TRF26")
            self.keep(line)
        elif (code in _federations() or code == self.nrs_federation()) and ascii_digits(line[4:8].strip()):
            self.national(code, line)
        elif code in _CPP_DUBOV:
            self.dialects.add("CPPDubovSystem")
            self.keep(line, "TRF005", msg("private CPPDubovSystem record {code} kept verbatim", code=repr(code)))
        elif _looks_like_ruler(line):
            self.keep(line, "TRF002", msg("ruler line without ### kept verbatim"))
        else:
            self.keep(line, "TRF001", msg("unknown record {code} kept verbatim", code=repr(code)))

    def nrs_federation(self) -> str | None:
        method = self.event.get("rank_method", "")
        return method.split()[0] if method and len(method.split()) > 1 else None

    def dialect_names(self) -> tuple[str, ...]:
        names = set(self.dialects)
        city, federation = self.event.get("city", ""), self.event.get("federation", "")
        if "lichess.org" in city or federation == "Lichess":
            names.add("lichess")
        if any(d.code == "TRF002" for d in self.diagnostics):
            names.add("unmarked-rulers")
        return tuple(sorted(names))


def _looks_like_ruler(line: str) -> bool:
    stripped = line.strip()
    first = stripped.split()[0]
    return (stripped.replace(" ", "").isdigit() or line.startswith(" ")
            or (len(first) == 3 and len(set(first)) == 1 and first.isalpha()))
