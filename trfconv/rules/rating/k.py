"""The development coefficient K of a rated player (2005: 10.52; 2024: 8.3.3).

K comes from, in order: a per-player override (the officer's CSV file ``FIDE id,K``, usually the K
of the last published list), the tournament file (TRF-2026 carries no K: see
docs/trf-format.md §6, so this source is empty today), and the edition's rules applied to what
the file says (rating, birth date). The rules also need the player's number of earlier rated
games and whether the published rating ever reached 2400, which no tournament file holds; the
inference states each assumption it makes, and the caller turns it into a ``RAT001`` diagnostic.
The K x n <= 700 cap of 2024 (8.3.3) applies to every source.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from ...dates import PartialDate
from ...diagnostics import Diagnostic, diagnostic
from ...io.csv_read import split_rows
from ...numbers import ascii_digits
from .rules import RatingRules


@dataclass(frozen=True)
class KChoice:
    """The K used and where it came from (``file``, ``rules``), with the assumptions made when it
    was inferred and, when the games cap lowered it, the K before the cap."""

    k: int
    source: str
    assumptions: tuple[str, ...] = ()
    before_cap: int | None = None

    @property
    def inferred(self) -> bool:
        return self.source == "rules"

    @property
    def note(self) -> str:
        parts = [f"K {self.k} from {'the K file' if self.source == 'file' else 'the rules'}"]
        if self.before_cap is not None:
            parts.append(f"lowered from {self.before_cap} so that K x n <= the cap")
        parts.extend(self.assumptions)
        return "; ".join(parts)


def birth_year(birth: PartialDate | str | None) -> int | None:
    """The year of a birth date as the model holds it (unknown: None)."""
    return birth.year if isinstance(birth, PartialDate) else None


def infer_k(rating: int, rules: RatingRules, *, birth: PartialDate | str | None = None,
            year: int | None = None) -> KChoice:
    """K from the edition's rules for a player rated ``rating`` in an event of ``year``.

    Precedence ([Z-SPEC] R-22, fitted to the published lists): reached 2400 -> K top; junior
    under the junior rating -> K junior; fewer than 30 games -> K new; else K standard. The
    earlier games and the peak rating are unknown, so the player is assumed to have at least 30
    games and to have reached 2400 only if rated 2400 now."""
    assumptions = []
    if rating >= rules.k_top_rating:
        reached = f"rated {rating} >= {rules.k_top_rating}, assumed to have {rules.k_new_games}+ games"
        return KChoice(rules.k_top, "rules", (reached,))
    assumptions.append(f"rated {rating} < {rules.k_top_rating}, assumed never to have reached it")
    if rules.k_junior:
        born = birth_year(birth)
        if born is None or year is None:
            assumptions.append("birth year unknown: junior rule not applied")
        elif year - born <= rules.k_junior_age and rating < rules.k_junior_below:
            assumptions.append(f"born {born}: junior under {rules.k_junior_below} "
                               f"(until the end of the year of the {rules.k_junior_age}th birthday)")
            return KChoice(rules.k_junior, "rules", tuple(assumptions))
    assumptions.append(f"earlier rated games unknown, assumed at least {rules.k_new_games} "
                       f"(else K {rules.k_new})")
    return KChoice(rules.k_standard, "rules", tuple(assumptions))


def games_cap(choice: KChoice, games: int, rules: RatingRules) -> KChoice:
    """2024 8.3.3: if K x n > 700, K is the largest whole number with K x n <= 700 (F-P05: n 39,
    K 20 -> 17). Editions without the cap return ``choice`` unchanged."""
    if not rules.k_games_cap or games == 0 or choice.k * games <= rules.k_games_cap:
        return choice
    return KChoice(rules.k_games_cap // games, choice.source, choice.assumptions, choice.k)


def read_k_file(path: str | Path) -> tuple[dict[str, int], list[Diagnostic]]:
    """The officer's K overrides: a CSV file of ``FIDE id,K`` lines (a header line, blank lines
    and lines starting with ``#`` are skipped). A bad line is an ``RAT002`` error at file:line and
    is ignored; a repeated id keeps its first K (``RAT003``)."""
    name = str(path)
    try:
        text = Path(path).read_text("utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        return {}, [diagnostic("RAT002", f"K file cannot be read: {err}", path=name)]
    overrides: dict[str, int] = {}
    problems: list[Diagnostic] = []
    rows, unsplit = split_rows(io.StringIO(text))
    problems.extend(diagnostic("RAT002", f"K file line cannot be split into cells ({why})", path=name, line=index + 1)
                    for index, why in unsplit.items())
    for number, row in enumerate(rows, start=1):
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if number == 1 and not ascii_digits(cells[0]) and "id" in cells[0].lower():
            continue  # header
        if len(cells) != 2 or not ascii_digits(cells[0]) or not ascii_digits(cells[1]) or int(cells[1]) == 0:
            problems.append(diagnostic(
                "RAT002", f"expected 'FIDE id,K' with a numeric id and a positive whole K, got {','.join(row)!r}",
                path=name, line=number))
            continue
        fide_id = cells[0].lstrip("0") or "0"
        if fide_id in overrides:
            problems.append(diagnostic(
                "RAT003", f"FIDE id {fide_id} given again; the first K ({overrides[fide_id]}) is used",
                path=name, line=number))
            continue
        overrides[fide_id] = int(cells[1])
    return overrides, problems
