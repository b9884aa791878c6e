"""Were the pairings right? (:mod:`trfconv.rules.swiss.check`) as a person reads it: one line per
round with its verdict and the criterion that decides, the absolute criteria it breaks, the detail
of the rounds asked for (both pairings, board by board) and the pairing of the next round; as text, as JSON, and as one
printable page. The edition of the Swiss rules applied and what else the check rests on are
the document's caveats."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..diagnostics import Diagnostic, diagnostic
from ..numbers import short_text
from ..rules.swiss.check import NextRound, PairingsCheck, RoundCheck, RoundVerdict
from ..rules.swiss.dutch import RoundPairing
from .basis import Basis, json_fields, json_withheld, text_block
from .html import Column, e, facts, page, table


@dataclass(frozen=True)
class PairingsReport:
    """A pairings check, what it rests on, the event's name and the players' names (start number
    -> name); ``detail``: the rounds shown board by board."""

    basis: Basis
    check: PairingsCheck
    event: str | None
    names: dict[int, str]
    detail: tuple[int, ...] = ()


def caveats(check: PairingsCheck) -> tuple[Diagnostic, ...]:
    """What the check rests on, as the document's caveats (PAI001)."""
    return tuple(diagnostic("PAI001", note) for note in check.notes)


#: How each verdict is named in JSON.
JSON_VERDICT = {RoundVerdict.SAME: "same", RoundVerdict.COLOURS: "colours", RoundVerdict.DIFFERS: "differs", RoundVerdict.CANNOT: "cannot"}


def heading(report: PairingsReport) -> str:
    c = report.check
    if not c.checked:
        return f"Pairings: {c.system or 'not a Dutch Swiss'}"
    return f"Pairings held to the Dutch system (C.04.3, {c.rules.name})"


def _pair(report: PairingsReport, pair: tuple[int, int | None]) -> str:
    a, b = pair
    return f"{a} bye" if b is None else f"{a}-{b}"


def round_line(report: PairingsReport, r: RoundCheck) -> str:
    """One round in one line: its verdict and why."""
    head = f"round {r.round:>2}: {r.verdict.value}"
    if r.verdict is RoundVerdict.CANNOT:
        return f"{head}: {'; '.join(r.reasons)}"
    if r.verdict is RoundVerdict.DIFFERS and r.difference is not None:
        return f"{head}: {r.difference.label}: {r.difference.text}"
    if r.verdict is RoundVerdict.COLOURS:
        c = r.colours[0]
        more = f" (and {len(r.colours) - 1} more)" if len(r.colours) > 1 else ""
        return f"{head}: White for {c.file_white} in the file; {c.rule}: {c.text}{more}"
    return head


def _boards(report: PairingsReport, pairing: RoundPairing) -> list[tuple[int, str, str]]:
    rows = []
    for k, board in enumerate(pairing.boards, 1):
        a = board.allocation
        if a.white is None:
            white, black = board.players
            rows.append((k, f"{white} {report.names.get(white, '')}", f"{black} {report.names.get(black, '')} "
                                                                       "(colours unknown)"))
        else:
            rows.append((k, f"{a.white} {report.names.get(a.white, '')}", f"{a.black} {report.names.get(a.black, '')}"))
    if pairing.pab is not None:
        rows.append((len(rows) + 1, f"{pairing.pab} {report.names.get(pairing.pab, '')}", "pairing-allocated bye"))
    return rows


def render_text(report: PairingsReport) -> str:
    c = report.check
    lines = [heading(report) + (f": {report.event}" if report.event else "")]
    lines += text_block(report.basis)
    if report.basis.withheld:
        return "\n".join(lines) + "\n"
    if not c.checked:
        lines.append(f"not checked: {c.why_not}")
        lines += [f"round {b.round:>2}: player {b.player}: {b.message}" for b in c.broken]
        return "\n".join(lines) + "\n"
    for r in c.rounds:
        lines.append(round_line(report, r))
        lines += [f"    player {b.player}: {b.message}" for b in c.broken if b.round == r.round]
        if r.round in report.detail:
            lines += _detail_text(report, r)
    if c.next is not None:
        lines += _next_text(report, c.next)
    if c.rounds:
        lines.append(f"verdict: {c.verdict}")
    return "\n".join(lines) + "\n"


def _detail_text(report: PairingsReport, r: RoundCheck) -> list[str]:
    out = []
    if r.file_only or r.dutch_only:
        out.append("    the file only:    " + ", ".join(_pair(report, p) for p in r.file_only))
        out.append("    the Dutch system: " + ", ".join(_pair(report, p) for p in r.dutch_only))
    for c in r.colours:
        out.append(f"    White for {c.file_white} in the file; {c.rule}: {c.text}")
    if r.dutch is not None:
        out.append(f"    round {r.round} as the Dutch system pairs it:")
        out += [f"    {k:>4}  {w:<32} {b}" for k, w, b in _boards(report, r.dutch)]
    out += [f"    note: {n}" for n in r.notes]
    return out


def _next_text(report: PairingsReport, n: NextRound) -> list[str]:
    if n.pairing is None:
        return [f"round {n.round:>2}: cannot be paired from the file: {'; '.join(n.reasons)}"] + \
            [f"    note: {x}" for x in n.notes]
    lines = [f"round {n.round} as the Dutch system pairs it:"]
    lines += [f"  {k:>4}  {w:<32} {b}" for k, w, b in _boards(report, n.pairing)]
    lines += [f"  note: {x}" for x in n.notes]
    return lines


def _pairing_json(pairing: RoundPairing | None) -> dict | None:
    if pairing is None:
        return None
    return {"boards": [{"white": b.allocation.white, "black": b.allocation.black, "players": list(b.players),
                        "colour_rule": b.allocation.rule} for b in pairing.boards],
            "bye": pairing.pab,
            "brackets": [{"score": short_text(x.score), "members": list(x.members), "mdps": list(x.mdps),
                          "pairs": [list(p) for p in x.pairs], "downfloaters": list(x.downfloaters)}
                         for x in pairing.brackets]}


def render_json(report: PairingsReport) -> str:
    if report.basis.withheld:
        return json_withheld(report.basis)
    c = report.check
    rounds = []
    for r in c.rounds:
        item = {"round": r.round, "verdict": JSON_VERDICT[r.verdict], "reasons": list(r.reasons),
                "file": [list(p) for p in r.file], "file_only": [list(p) for p in r.file_only],
                "dutch_only": [list(p) for p in r.dutch_only], "notes": list(r.notes),
                "criterion": None if r.difference is None else {"key": r.difference.key, "label": r.difference.label,
                                                                "text": r.difference.text},
                "colours": [{"file_white": x.file_white, "white": x.white, "rule": x.rule, "text": x.text}
                            for x in r.colours]}
        if r.round in report.detail:
            item["dutch"] = _pairing_json(r.dutch)
        rounds.append(item)
    nxt = None
    if c.next is not None:
        nxt = {"round": c.next.round, "reasons": list(c.next.reasons), "notes": list(c.next.notes),
               "pairing": _pairing_json(c.next.pairing)}
    data = {"schema": 1, "file": report.basis.file, **json_fields(report.basis), "event": report.event,
            "system": c.system, "checked": c.checked, "not_checked": c.why_not or None,
            "rules": c.rules.name if c.rules else None, "verdict": c.verdict,
            "counts": {JSON_VERDICT[v]: c.count(v) for v in RoundVerdict}, "rounds": rounds, "next": nxt,
            "broken": [{"round": b.round, "player": b.player, "kind": b.kind, "opponent": b.opponent,
                        "message": b.message} for b in c.broken]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


STYLE = "<style>.differs td { color: #a00; } .cannot td { color: #555; }</style>"


def render_html(report: PairingsReport) -> str:
    c = report.check
    header = facts([("Event", report.event), ("File", report.basis.file), ("System", c.system),
                    ("Rules", c.rules.edition.title if c.rules else None),
                    ("RoundVerdict", c.verdict)])
    content = [STYLE]
    if not c.checked:
        content.append(f'<section class="box verdict"><p class="decision">Not checked</p><p>{e(c.why_not)}</p></section>')
        content += _broken_html(c)
        return page(heading(report), heading(report), header, report.basis, content)
    rows = [(r.round, r.verdict.value, _why(r)) for r in c.rounds]
    content.append('<section id="rounds"><h2>Rounds</h2>' + table(
        [Column("Round", lambda x: x[0]), Column("RoundVerdict", lambda x: x[1], text=True),
         Column("Why", lambda x: x[2], text=True)], rows,
        row_class=lambda x: {"differs": "differs", "cannot judge": "cannot"}.get(x[1])) + "</section>")
    content += _broken_html(c)
    for r in c.rounds:
        if r.round in report.detail and r.dutch is not None:
            content.append(_boards_html(report, f"Round {r.round} as the Dutch system pairs it", r.dutch))
    if c.next is not None:
        if c.next.pairing is not None:
            content.append(_boards_html(report, f"Round {c.next.round} as the Dutch system pairs it", c.next.pairing))
        else:
            content.append(f'<section class="box"><h2>Round {c.next.round}</h2><p>cannot be paired from the file: '
                           f'{e("; ".join(c.next.reasons))}</p></section>')
        content += [f'<p class="note">{e(x)}</p>' for x in c.next.notes]
    return page(heading(report), heading(report), header, report.basis, content)


def _broken_html(c: PairingsCheck) -> list[str]:
    """The absolute criteria the file breaks, a row each."""
    if not c.broken:
        return []
    return ['<section id="broken"><h2>Absolute criteria broken</h2>' + table(
        [Column("Round", lambda b: b.round), Column("Player", lambda b: b.player),
         Column("What", lambda b: b.message, text=True)], list(c.broken), row_class=lambda b: "differs") + "</section>"]


def _why(r: RoundCheck) -> str:
    if r.verdict is RoundVerdict.CANNOT:
        return "; ".join(r.reasons)
    if r.difference is not None:
        return f"{r.difference.label}: {r.difference.text}"
    if r.colours:
        return "; ".join(f"White for {x.file_white} in the file; {x.rule}: {x.text}" for x in r.colours)
    return ""


def _boards_html(report: PairingsReport, title: str, pairing: RoundPairing) -> str:
    rows = _boards(report, pairing)
    return (f'<section class="keep"><h2>{e(title)}</h2>'
            + table([Column("Board", lambda x: x[0]), Column("White", lambda x: x[1], text=True, name=True),
                     Column("Black", lambda x: x[2], text=True, name=True)], rows) + "</section>")
