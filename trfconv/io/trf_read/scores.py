"""The score system of a TRF file: what its 162 (TRF-2026), XXS (JaVaFo) and BB? (bbpPairings)
records say each result is worth."""

from __future__ import annotations

from fractions import Fraction

from ...model import ScoreSystem


def scores_from_codes(codes: list[tuple[str, Fraction]]) -> ScoreSystem:
    """The score system described by 162 / XXS / BB? entries, in file order (the last value
    wins). In 162 a PAB (P) is worth a win unless set on its own, and bbpPairings' BBU defaults
    to BBW; JaVaFo's XXS PAB keeps its own default (1). An unknown result (162 X) follows the
    162 D value unless set; XXS and BB? cannot say anything about it."""
    values: dict[str, Fraction] = {}
    explicit: set[str] = set()
    for code, amount in codes:
        for name in _TARGETS[code]:
            values[name] = amount
            explicit.add(name)
    follows = {c for c, _ in codes}
    if "pab" not in explicit and follows & {"162 W", "BBW"}:
        values["pab"] = values["win_white"]
    if "unknown" not in explicit and "162 D" in follows:
        values["unknown"] = values["draw_white"]
    return ScoreSystem(**values)


_WIN = ("win_white", "win_black")
_DRAW = ("draw_white", "draw_black")
_LOSS = ("loss_white", "loss_black")
XXS = {"WW": ("win_white",), "BW": ("win_black",), "WD": ("draw_white",), "BD": ("draw_black",),
       "WL": ("loss_white",), "BL": ("loss_black",), "ZPB": ("zero_bye",), "HPB": ("half_bye",),
       "FPB": ("full_bye",), "PAB": ("pab",), "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
       "W": _WIN + ("forfeit_win", "full_bye"), "D": _DRAW + ("half_bye",)}
_TARGETS = {
    "162 W": _WIN + ("forfeit_win", "full_bye"), "162 D": _DRAW + ("half_bye",), "162 L": _LOSS,
    "162 A": ("zero_bye", "forfeit_loss"), "162 P": ("pab",), "162 X": ("unknown",),
    "BBW": _WIN + ("forfeit_win", "full_bye"), "BBD": _DRAW + ("half_bye",), "BBL": _LOSS,
    "BBZ": ("zero_bye",), "BBF": ("forfeit_loss",), "BBU": ("pab",),
    **{"XXS " + k: v for k, v in XXS.items()},
}
