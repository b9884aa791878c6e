"""Reader of Papi's tournament files (``.papi``: Papi is the French federation's pairing program),
and what Papi's values mean in the model, shared with its JSON form (:mod:`.papi_json`).

A ``.papi`` file is an Access 2000 database (read by :mod:`.jet`) of three tables: ``INFO``, the
event's settings as (``Variable``, ``Value``) text pairs; ``JOUEUR``, one row per player with
every round in three columns (``RdNNCl``, ``RdNNAdv``, ``RdNNRes``, NN = 01 … 24); ``RES``, the
labels of the result codes. Papi stores no points (``Pts`` is 0): they follow from the results.

The codes, as found in the files (``docs/papi.md``):

- colour ``RdNNCl``: ``B`` White (blanc), ``N`` Black (noir), both with the opponent's ``Ref``
  in ``RdNNAdv``; ``F`` no game (an absence, or a bye the player asked for); ``R`` (or blank)
  not paired, a round not reached yet;
- result ``RdNNRes``, the player's own: 0 none yet, 1 lost, 2 drawn, 3 won, 4 lost by forfeit,
  5 double forfeit, 6 won by forfeit; with ``F``: 0 absent (no point), 2 a half-point bye;
  the JSON form adds 7 zero-point bye, 8 half-point bye, 9 pairing-allocated bye, 10 full-point
  bye, 11/12/13 an unrated loss/draw/win;
- the row ``Ref`` 1 named ``EXEMPT`` is Papi's dummy: the player with the odd round's bye is
  paired against it (``B``, won by forfeit, 6), and its own row mirrors those rounds. It is not a
  player: a round against it is the pairing-allocated bye (a half-point one when scored 2).

Players are numbered in the order of their ``Ref`` (the order of entry; deleted players leave
gaps, which are closed). The rating is the one of the event's list (``ClassElo``: ``Elo``,
``Rapide`` or ``Blitz``) when its flag says FIDE (``F``); a national rating (``N``) is the
player's FFE record with his licence number; an estimated one (``E``) is no rating.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, datetime

from ..dates import PartialDate
from ..errors import InputError
from ..eventkind import NUMBERED_TYPES
from ..messages import msg
from ..model import (
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Forfeit,
    Game,
    NationalRating,
    Outcome,
    Pending,
    Player,
    RequestedBye,
    RoundEntry,
    Tournament,
)
from ..numbers import ascii_digits
from ..tiebreak_names import named_by
from ..titles import TITLE_LETTERS
from .build import TournamentBuilder, counted
from .jet import SIGNATURE, Database
from .xml_tiebreaks import list_caveat, until_unnamed

#: The event's federation: Papi is the FFE's program (its files name none).
FEDERATION = "FRA"
#: The most rounds Papi has columns for.
MAX_ROUNDS = 24
#: The ``JOUEUR`` columns read (contact columns never are).
PLAYER_COLUMNS = ("Ref", "NrFFE", "Nom", "Prenom", "Sexe", "NeLe", "Cat", "Elo", "Rapide", "Blitz", "Federation",
                  "Club", "Fide", "RapideFide", "BlitzFide", "FideCode", "FideTitre",
                  *(f"Rd{r:02}{part}" for r in range(1, MAX_ROUNDS + 1) for part in ("Cl", "Adv", "Res")))
#: The dummy's ``Ref`` and name.
EXEMPT_REF, EXEMPT_NAME = 1, "EXEMPT"
#: ``ClassElo`` -> the rating column and its flag column.
_RATING_LISTS = {"elo": ("Elo", "Fide"), "standard": ("Elo", "Fide"), "rapide": ("Rapide", "RapideFide"),
                 "blitz": ("Blitz", "BlitzFide")}
#: Rating flags: FIDE, national (FFE), estimated.
_FIDE, _NATIONAL = "F", "N"
_SEX = {"M": "m", "F": "w"}
#: Results of a game: the player's outcome, or a forfeit won/lost.
_GAMES = {1: Outcome.LOSS, 2: Outcome.DRAW, 3: Outcome.WIN}
_UNRATED = {11: Outcome.LOSS, 12: Outcome.DRAW, 13: Outcome.WIN}
_FORFEITS = {4: False, 6: True}
_DOUBLE_FORFEIT = 5
#: A round without a game (``F``), by result: what it was.
_NO_GAME = {0: ByeKind.ZERO, 2: ByeKind.HALF, 7: ByeKind.ZERO, 8: ByeKind.HALF, 9: ByeKind.PAB, 10: ByeKind.FULL}
#: A round against the dummy, by result.
_AGAINST_EXEMPT = {0: ByeKind.PAB, 3: ByeKind.PAB, 6: ByeKind.PAB, 9: ByeKind.PAB, 2: ByeKind.HALF}
#: ``Genre`` -> TRF-2026 092 type.
_TYPES = {"suisse": "0", "swiss": "0", "toutesrondes": "1"}
#: Settings read from ``INFO`` that the model has no place for, by what a person calls them.
_NOT_KEPT = {"Homologation": msg("the FFE homologation number"), "Pairing": msg("the pairing system"),
             "EloBase1": msg("the acceleration's rating thresholds")}
#: What a player's row holds that the model has no place for, by its column.
_PLAYER_NOT_KEPT = ((msg("club"), "Club"), (msg("category"), "Cat"))
_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})(?:\s+\d{1,2}:\d{2})?")
_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def sniff(head: bytes) -> bool:
    """Whether the file is an Access database (the reader says when it is not a Papi file)."""
    return head.startswith(SIGNATURE)


def read_papi(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    """The tournament in a Papi file (``encoding`` is not used: Access stores UCS-2). Never raises
    on bad content: a file that is no readable Access database gives an empty tournament with
    ``PAP001``, an Access database without Papi's tables one with ``PAP002``."""
    builder = TournamentBuilder(path, "papi", encoding="utf-16-le")
    try:
        db = Database(data)
        tables = db.tables()
        if "JOUEUR" not in tables or "INFO" not in tables:
            builder.report("PAP002", msg("an Access database, but not a Papi tournament (it has no JOUEUR and INFO "
                                         "tables; it has {value}): not read",
                                         value=', '.join(sorted(tables)) or 'no table'))
            return builder.unreadable()
        info = db.table("INFO", ("Variable", "Value"))
        players = db.table("JOUEUR", PLAYER_COLUMNS)
    except InputError as err:
        builder.report("PAP001", msg("{err}: not read", err=err.args[0]))
        return builder.unreadable()
    builder.version = "Papi"
    for problem in (*info.problems, *players.problems):
        builder.report("PAP003", problem)
    variables: dict[str, str] = {}
    for row in info.rows:
        if isinstance(row["Variable"], str):
            variables.setdefault(row["Variable"], row["Value"] or "")
    if variables.get("Version"):
        builder.version = f"Papi {variables['Version']}"
    return build(builder, variables, players.rows)


def build(builder: TournamentBuilder, variables: dict[str, str], rows: list[dict]) -> Tournament:
    """The tournament of Papi's settings (``INFO`` by variable) and player rows (``JOUEUR``'s
    columns by name), whether read from the database or from its JSON form."""
    _Papi(builder, variables).read(rows)
    return builder.build()


class _Papi:
    def __init__(self, builder: TournamentBuilder, variables: dict[str, str]):
        self.b, self.v = builder, variables
        self.not_kept: Counter[str] = Counter()
        self.unknown: Counter[str] = Counter()
        rating_list = (variables.get("ClassElo") or "Elo").strip().casefold()
        if rating_list not in _RATING_LISTS:
            builder.report("PAP004", msg("rating list ClassElo {value} is not Elo, Rapide or Blitz; the standard "
                                         "ratings (Elo) are read", value=repr(variables.get("ClassElo"))))
        self.rating, self.flag = _RATING_LISTS.get(rating_list, _RATING_LISTS["elo"])

    def read(self, rows: list[dict]) -> None:
        self.event()
        rows = sorted((r for r in rows if isinstance(r.get("Ref"), int)), key=lambda r: r["Ref"])
        exempt = {r["Ref"] for r in rows if r["Ref"] == EXEMPT_REF and (r.get("Nom") or "").strip() == EXEMPT_NAME}
        people = [r for r in rows if r["Ref"] not in exempt]
        for n, row in enumerate(people, 1):
            self.b.add_player(self.player(n, row), key=row["Ref"])
        self.rounds(people, exempt)
        if self.not_kept:
            self.b.report("PAP007", msg("read but not kept (the model has no place for it): {items}",
                                        items=counted(self.not_kept)))

    # -- the event ------------------------------------------------------------------------------
    def event(self) -> None:
        v = self.v
        kind = _TYPES.get((v.get("Genre") or "").strip().casefold())
        if v.get("Genre") and kind is None:
            self.b.report("PAP004", msg("event type Genre {genre} is not Suisse or ToutesRondes; the event type is "
                                        "left blank", genre=repr(v["Genre"])))
        self.b.event.update(
            name=_text(v.get("Nom")), city=_text(v.get("Lieu")), chief_arbiter=_text(v.get("Arbitre")),
            start_date=self.date(v.get("DateDebut"), msg("start date")), end_date=self.date(v.get("DateFin"), msg("end date")),
            time_control_text=_text(v.get("Cadence")), declared_rounds=self.number(v.get("NbrRondes"), "NbrRondes"),
            type=NUMBERED_TYPES.get(kind or ""), federation=FEDERATION, round_dates=self.round_dates())
        self.b.report("PAP010", msg("event federation {federation}: Papi is the French federation's program and its "
                                    "file names none", federation=FEDERATION))
        for variable, what in _NOT_KEPT.items():
            if (v.get(variable) or "").strip() not in ("", "0"):
                self.not_kept[what] += 1
        points = (v.get("DecomptePoints") or "NON").strip()
        if points.upper() != "NON":
            self.b.report("PAP004", msg("the points setting DecomptePoints is {points}, whose meaning is not known: "
                                        "points are counted 1, ½, 0", points=repr(points)))
        self.tiebreaks()

    def tiebreaks(self) -> None:
        """Dep1-Dep3: the FFE's tie-breaks Papi names, read as Papi means them (the tie-break
        names' table, source ``papi``: ``Performance`` is the FFE's, ``Brésilien`` and ``Harkness``
        cut by the number of rounds); the list stops at a name trfconv does not know (``PAP006``,
        a caveat)."""
        chosen = [t for t in (_text(self.v.get(f"Dep{k}")) for k in (1, 2, 3)) if t]
        if not chosen:
            return
        names, stop = until_unnamed(named_by("papi", t) for t in chosen)
        self.b.event.update(tiebreaks=tuple(names))
        said = "" if stop is None else msg("; it stops before {name}, which trfconv does not know",
                                           name=repr(chosen[stop]))
        self.b.report("PAP006", list_caveat(msg("Papi's settings ({names})", names=chosen), names, said,
                                            msg(" (the FFE's Brazilian and Harkness systems, cut by the number of "
                                                "rounds, and the FFE performance)") if names else ""))

    def date(self, text: str | None, what: str) -> date | str | None:
        text = (text or "").strip()
        if not text:
            return None
        found, iso = _DATE.fullmatch(text), _ISO_DATE.fullmatch(text)
        try:
            if found or iso:
                return date(*map(int, (found[3], found[2], found[1]) if found else iso.groups()))
        except ValueError:
            pass
        self.b.report("PAP004", msg("{what} {text} is not a date (dd/mm/yyyy); kept as written",
                                    what=what, text=repr(text)))
        return text

    def round_dates(self) -> tuple[date | str | None, ...]:
        """DateRd1-DateRd24, up to the last one given."""
        dates = [self.date(self.v.get(f"DateRd{r}"), msg("round {round} date", round=r)) for r in range(1, MAX_ROUNDS + 1)]
        while dates and dates[-1] is None:
            dates.pop()
        return tuple(dates)

    def number(self, text: str | None, what: str) -> int | None:
        text = (text or "").strip()
        if ascii_digits(text) and len(text) <= 3:
            return int(text)
        if text:
            self.b.report("PAP004", msg("{what} {text} is not a number of rounds; ignored", what=what, text=repr(text)))
        return None

    # -- players --------------------------------------------------------------------------------
    def player(self, n: int, row: dict) -> Player:
        surname, first = (row.get("Nom") or "").strip(), (row.get("Prenom") or "").strip()
        rating, flag = row.get(self.rating), (row.get(self.flag) or "").strip().upper()
        fide = rating if flag == _FIDE and isinstance(rating, int) and rating > 0 else None
        national = rating if flag == _NATIONAL and isinstance(rating, int) and rating > 0 else None
        licence = (row.get("NrFFE") or "").strip() or None
        title = (row.get("FideTitre") or "").strip()  # a letter, ``f`` after it for the women's title
        if title and title.lower() not in TITLE_LETTERS:
            self.b.report("PAP004", msg("player {number}: title code {title} is not a FIDE title letter ({codes}); "
                                        "left blank", number=n, title=repr(title), codes=list(TITLE_LETTERS)))
        sex = (row.get("Sexe") or "").strip().upper()
        for what, column in _PLAYER_NOT_KEPT:
            if (row.get(column) or "").strip():
                self.not_kept[what] += 1
        return Player(
            start_number=n, name=f"{surname}, {first}" if surname and first else surname or first,
            sex=_SEX.get(sex, sex.lower() or None), title=TITLE_LETTERS.get(title.lower()), rating=fide,
            federation=(row.get("Federation") or "").strip() or None, fide_id=self.fide_id(n, row.get("FideCode")),
            birth_date=_birth_date(row.get("NeLe")),
            national_ratings=(NationalRating("FRA", rating=national, national_id=licence),)
            if national or licence else ())

    def fide_id(self, n: int, text: str | None) -> str | None:
        text = (text or "").strip()
        if not text or not text.strip("0"):
            return None
        if ascii_digits(text):
            return str(int(text))
        self.b.report("PAP004", msg("player {number}: FIDE id {text} is not a number; ignored", number=n,
                                    text=repr(text)))
        return None

    # -- rounds ---------------------------------------------------------------------------------
    def rounds(self, rows: list[dict], exempt: set[int]) -> None:
        """Every player's rounds: up to the last declared or paired round (a player who withdrew
        is marked absent in every later column); absences entered for a round nobody is paired
        in yet are the byes asked for it (TRF-2026 240)."""
        paired = {r for r in range(1, MAX_ROUNDS + 1)
                  if any(_colour(row.get(f"Rd{r:02}Cl")) for row in rows)}
        last = max((*paired, min(self.b.event.get("declared_rounds") or 0, MAX_ROUNDS)), default=0)
        announced: dict[tuple[int, ByeKind], list[int]] = {}
        for row in rows:
            key = row["Ref"]
            for r in range(1, last + 1):
                cell = (row.get(f"Rd{r:02}Cl") or "").strip().upper(), row.get(f"Rd{r:02}Adv"), row.get(f"Rd{r:02}Res")
                entry = self.entry(key, r, cell, exempt)
                opponent = getattr(entry, "opponent", None)
                if opponent is not None and not self.b.has_player(opponent):
                    self.b.report(self.b.codes.unknown_player, msg(
                        "round {round}: player {number} is paired with Ref {ref}, who is not in the file; left out",
                        round=r, number=self.b.player_of(key).start_number, ref=opponent))
                elif isinstance(entry, Bye) and r not in paired:
                    announced.setdefault((r, entry.kind), []).append(self.b.player_of(key).start_number)
                elif entry is not NOT_PAIRED:
                    self.b.entry(r, key, entry)
        if announced:
            self.b.pairing_data["requested_byes"] = tuple(
                RequestedBye(kind, r, tuple(ids)) for (r, kind), ids in sorted(announced.items(),
                                                                               key=lambda item: (item[0][0], item[0][1].value)))
            self.b.report("PAP008", msg("{count} absence(s) entered for round(s) not yet paired ({rounds}): read as "
                                        "requested byes (TRF-2026 240)", count=sum(map(len, announced.values())),
                                        rounds=", ".join(str(r) for r in sorted({r for r, _ in announced}))))
        if self.unknown:
            self.b.report("PAP005", msg("round codes Papi is not known to write, read as not paired: {items}",
                                        items=counted(self.unknown)))

    def entry(self, key: int, r: int, cell: tuple, exempt: set[int]) -> RoundEntry:
        code, opponent, result = cell
        result = result if isinstance(result, int) else 0
        colour = _colour(code)
        if code in ("", "R"):
            if result or opponent:
                self.unknown[msg("{code} with result {result} and opponent {opponent}", code=code, result=result,
                                 opponent=opponent) if code else
                             msg("blank with result {result} and opponent {opponent}", result=result,
                                 opponent=opponent)] += 1
            return NOT_PAIRED
        if code == "F":
            if result in _NO_GAME:
                return Bye(_NO_GAME[result])
        elif colour is not None and (opponent in exempt or (not opponent and result == 6)):
            if result in _AGAINST_EXEMPT:
                return Bye(_AGAINST_EXEMPT[result])
        elif colour is not None and isinstance(opponent, int) and opponent > 0:
            if result == 0:
                return Pending(opponent, colour)
            if result in _GAMES:
                return Game(opponent, colour, _GAMES[result])
            if result in _UNRATED:
                return Game(opponent, colour, _UNRATED[result], rated=False)
            if result in _FORFEITS:
                return Forfeit(_FORFEITS[result], opponent, colour)
            if result == _DOUBLE_FORFEIT:
                return Forfeit(False, opponent, colour)
        self.unknown[msg("{code} with result {result} against the EXEMPT", code=code, result=result)
                     if opponent in exempt else msg("{code} with result {result}", code=code, result=result)
                     if opponent else msg("{code} with result {result} without opponent", code=code, result=result)] += 1
        return NOT_PAIRED


def _colour(code) -> Colour | None:
    code = (code or "").strip().upper() if isinstance(code, str) else ""
    return Colour.WHITE if code == "B" else Colour.BLACK if code == "N" else None


def _text(value: str | None) -> str | None:
    return (value or "").strip() or None


def _birth_date(value) -> PartialDate | None:
    if isinstance(value, datetime):
        return PartialDate(value.year, value.month, value.day)
    return value if isinstance(value, PartialDate) else None
