"""Were the pairings right? (:mod:`trfconv.rules.swiss.check`) as a person reads it: one line per
round with its verdict and the criterion that decides, the absolute criteria it breaks, the detail
of the rounds asked for (both pairings, board by board) and the pairing of the next round; as text, as JSON, and as one
printable page. The edition of the Swiss rules applied and what else the check rests on are
the document's caveats. Text and HTML are in the language of the basis
(:attr:`~.basis.Basis.lang`); JSON in English."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..diagnostics import Diagnostic, diagnostic
from ..messages import SEMICOLON, Language, Message, joined, msg, plural
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


def heading(report: PairingsReport) -> Message:
    c = report.check
    if not c.checked:
        return msg("Pairings: {system}", system=c.system or msg("not a Dutch Swiss"))
    return msg("Pairings held to the Dutch system (C.04.3, {rules})", rules=c.rules.name)


#: Each round's verdict as the documents say it (the English: the verdict's value).
VERDICT = {RoundVerdict.SAME: msg("as the Dutch system pairs it"), RoundVerdict.COLOURS: msg("colours differ"),
           RoundVerdict.DIFFERS: msg("differs"), RoundVerdict.CANNOT: msg("cannot judge")}


def _pair(report: PairingsReport, pair: tuple[int, int | None]) -> Message | str:
    a, b = pair
    return msg("{player} bye", player=a) if b is None else f"{a}-{b}"


def _colours(c) -> Message:
    """A colour the file allocates otherwise than the Dutch system, and the rule it breaks."""
    return msg("White for {player} in the file; {rule}: {text}", player=c.file_white, rule=c.rule, text=c.text)


def round_line(report: PairingsReport, r: RoundCheck) -> Message:
    """One round in one line: its verdict and why."""
    head = msg("round {round:>2}: {verdict}", round=r.round, verdict=VERDICT[r.verdict])
    if r.verdict is RoundVerdict.CANNOT:
        return msg("{head}: {why}", head=head, why=joined(r.reasons, SEMICOLON))
    if r.verdict is RoundVerdict.DIFFERS and r.difference is not None:
        return msg("{head}: {label}: {text}", head=head, label=r.difference.label, text=r.difference.text)
    if r.verdict is RoundVerdict.COLOURS:
        more = plural(" (and {n} more)", " (and {n} more)", n=len(r.colours) - 1) if len(r.colours) > 1 else ""
        return msg("{head}: {colours}{more}", head=head, colours=_colours(r.colours[0]), more=more)
    return head


def _boards(report: PairingsReport, pairing: RoundPairing, lang: Language) -> list[tuple[int, str, str]]:
    rows = []
    unknown, bye = lang.say(msg("(colours unknown)")), lang.say(msg("pairing-allocated bye"))
    for k, board in enumerate(pairing.boards, 1):
        a = board.allocation
        if a.white is None:
            white, black = board.players
            rows.append((k, f"{white} {report.names.get(white, '')}", f"{black} {report.names.get(black, '')} "
                                                                       f"{unknown}"))
        else:
            rows.append((k, f"{a.white} {report.names.get(a.white, '')}", f"{a.black} {report.names.get(a.black, '')}"))
    if pairing.pab is not None:
        rows.append((len(rows) + 1, f"{pairing.pab} {report.names.get(pairing.pab, '')}", bye))
    return rows


def render_text(report: PairingsReport) -> str:
    c, lang = report.check, report.basis.lang
    say = lang.say
    lines = [say(msg("{heading}: {event}", heading=heading(report), event=report.event) if report.event
                 else heading(report))]
    lines += text_block(report.basis)
    if report.basis.withheld:
        return "\n".join(lines) + "\n"
    if not c.checked:
        lines.append(say(msg("not checked: {why}", why=c.why_not)))
        lines += [say(msg("round {round:>2}: player {player}: {what}", round=b.round, player=b.player,
                          what=b.message)) for b in c.broken]
        return "\n".join(lines) + "\n"
    for r in c.rounds:
        lines.append(say(round_line(report, r)))
        lines += ["    " + say(msg("player {player}: {what}", player=b.player, what=b.message))
                  for b in c.broken if b.round == r.round]
        if r.round in report.detail:
            lines += _detail_text(report, r)
    if c.next is not None:
        lines += _next_text(report, c.next)
    if c.rounds:
        lines.append(say(msg("verdict: {verdict}", verdict=c.verdict)))
    return "\n".join(lines) + "\n"


def _detail_text(report: PairingsReport, r: RoundCheck) -> list[str]:
    lang = report.basis.lang
    say = lang.say
    out = []
    if r.file_only or r.dutch_only:
        out.append("    " + say(msg("the file only:    {pairs}", pairs=[_pair(report, p) for p in r.file_only])))
        out.append("    " + say(msg("the Dutch system: {pairs}", pairs=[_pair(report, p) for p in r.dutch_only])))
    out += [f"    {say(_colours(c))}" for c in r.colours]
    if r.dutch is not None:
        out.append("    " + say(msg("round {round} as the Dutch system pairs it:", round=r.round)))
        out += [f"    {k:>4}  {w:<32} {b}" for k, w, b in _boards(report, r.dutch, lang)]
    out += ["    " + say(msg("note: {note}", note=n)) for n in r.notes]
    return out


def _next_text(report: PairingsReport, n: NextRound) -> list[str]:
    lang = report.basis.lang
    say = lang.say
    if n.pairing is None:
        return [say(msg("round {round:>2}: cannot be paired from the file: {why}", round=n.round,
                        why=joined(n.reasons, SEMICOLON)))] + ["    " + say(msg("note: {note}", note=x)) for x in n.notes]
    lines = [say(msg("round {round} as the Dutch system pairs it:", round=n.round))]
    lines += [f"  {k:>4}  {w:<32} {b}" for k, w, b in _boards(report, n.pairing, lang)]
    lines += ["  " + say(msg("note: {note}", note=x)) for x in n.notes]
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
    c, lang = report.check, report.basis.lang
    say = lang.say
    header = facts([(say(msg("Event")), report.event), (say(msg("File")), report.basis.file),
                    (say(msg("System")), c.system), (say(msg("Rules")), say(c.rules.edition.title) if c.rules else None),
                    (say(msg("Verdict")), say(c.verdict))])
    content = [STYLE]
    title = say(heading(report))
    if not c.checked:
        decision = say(msg("Not checked"))
        content.append(f'<section class="box verdict"><p class="decision">{e(decision)}</p>'
                       f"<p>{e(say(c.why_not))}</p></section>")
        content += _broken_html(c, lang)
        return page(title, title, header, report.basis, content)
    rows = [(r.round, r.verdict, say(VERDICT[r.verdict]), say(_why(r))) for r in c.rounds]
    rounds = say(msg("Rounds"))
    content.append(f'<section id="rounds"><h2>{e(rounds)}</h2>' + table(
        [Column(msg("Round"), lambda x: x[0]), Column(msg("Verdict"), lambda x: x[2], text=True),
         Column(msg("Why"), lambda x: x[3], text=True)], rows,
        row_class=lambda x: {RoundVerdict.DIFFERS: "differs", RoundVerdict.CANNOT: "cannot"}.get(x[1]),
        lang=lang) + "</section>")
    content += _broken_html(c, lang)
    for r in c.rounds:
        if r.round in report.detail and r.dutch is not None:
            content.append(_boards_html(report, msg("Round {round} as the Dutch system pairs it", round=r.round),
                                        r.dutch))
    if c.next is not None:
        if c.next.pairing is not None:
            content.append(_boards_html(report, msg("Round {round} as the Dutch system pairs it", round=c.next.round),
                                        c.next.pairing))
        else:
            heading_, why = (say(msg("Round {round}", round=c.next.round)),
                             say(msg("cannot be paired from the file: {why}", why=joined(c.next.reasons, SEMICOLON))))
            content.append(f'<section class="box"><h2>{e(heading_)}</h2><p>{e(why)}</p></section>')
        content += [f'<p class="note">{e(say(x))}</p>' for x in c.next.notes]
    return page(title, title, header, report.basis, content)


def _broken_html(c: PairingsCheck, lang: Language) -> list[str]:
    """The absolute criteria the file breaks, a row each."""
    if not c.broken:
        return []
    heading_ = lang.say(msg("Absolute criteria broken"))
    return [f'<section id="broken"><h2>{e(heading_)}</h2>' + table(
        [Column(msg("Round"), lambda b: b.round), Column(msg("Player"), lambda b: b.player),
         Column(msg("What"), lambda b: lang.say(b.message), text=True)], list(c.broken), row_class=lambda b: "differs",
        lang=lang) + "</section>"]


def _why(r: RoundCheck) -> Message | str:
    if r.verdict is RoundVerdict.CANNOT:
        return joined(r.reasons, SEMICOLON)
    if r.difference is not None:
        return msg("{label}: {text}", label=r.difference.label, text=r.difference.text)
    if r.colours:
        return joined([_colours(x) for x in r.colours], SEMICOLON)
    return ""


def _boards_html(report: PairingsReport, title: Message, pairing: RoundPairing) -> str:
    lang = report.basis.lang
    rows = _boards(report, pairing, lang)
    return (f'<section class="keep"><h2>{e(lang.say(title))}</h2>'
            + table([Column(msg("Board"), lambda x: x[0]), Column(msg("White"), lambda x: x[1], text=True, name=True),
                     Column(msg("Black"), lambda x: x[2], text=True, name=True)], rows, lang=lang) + "</section>")
