"""Made Papi files: tournaments written as Papi lays out its ``.papi`` databases (``INFO``,
``JOUEUR``, ``RES``; docs/papi.md), through :mod:`jetbuild`, with invented players. They stand in
for Papi's real files, which may not be committed (``fixtures/papi/SOURCES.md``), so that the
``.papi`` reader is tested wherever the tests run::

    python tests/helpers/papibuild.py           # write fixtures/papi/*.papi
    python tests/helpers/papibuild.py --check   # name the files that differ from what is built (exit 1)

``tests/io/test_papi_made.py`` fails, naming the first command, until the committed files are the
ones built here: the data below is the one truth, the files are what a reader of the tests sees
and what mdb-export reads on CI.

The layout is the real files' (their columns, types and lengths as ``mdb-schema`` shows them;
``NrFFE`` a fixed-length text; the variables of ``INFO`` in Papi's order); what the real files
also hold and no reader uses is left out (their indexes, the other system tables). A round is
written as Papi writes it: each game in both players' rows (``B``/``N``, the opponent's ``Ref``,
the player's own result 0-6), the odd player's bye against the ``EXEMPT`` row (``Ref`` 1, ``B``
and 6; ``EXEMPT``'s row ``N`` and 0), an absence or an asked-for bye as ``F`` (0 no point, 2 half a
point), a round not paired as ``R``; a withdrawn player is ``F`` in every column from his first
missed round to the 24th.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from jetbuild import Column, Table, build

ROOT = Path(__file__).resolve().parents[2]
#: Where the made files are committed.
FOLDER = ROOT / "fixtures" / "papi"
ROUNDS = 24
EXEMPT = 1

# -- Papi's tables ---------------------------------------------------------------------------------


def _text(name: str, length: int, fixed: bool = False) -> Column:
    return Column(name, "text", length, fixed=fixed)


INFO_COLUMNS = (_text("Variable", 50), _text("Value", 50))
RES_COLUMNS = (Column("Ref", "long"), _text("Str", 5))
JOUEUR_COLUMNS = (
    Column("Ref", "long"), Column("RefFFE", "long"), Column("Nr", "integer"), _text("NrFFE", 6, fixed=True),
    _text("Nom", 20), _text("Prenom", 20), _text("Sexe", 1), Column("NeLe", "datetime"), _text("Cat", 4),
    Column("Elo", "integer"), Column("Rapide", "integer"), Column("Blitz", "integer"), _text("Federation", 3),
    Column("ClubRef", "long"), _text("Club", 80), _text("Ligue", 3), _text("Fide", 1), _text("RapideFide", 1),
    _text("BlitzFide", 1), _text("FideCode", 10), _text("FideTitre", 2), _text("AffType", 1),
    Column("Pointe", "yesno"), Column("InscriptionRegle", "integer"), Column("InscriptionDu", "integer"),
    _text("Adresse", 96), _text("CP", 36), _text("Tel", 10), _text("EMail", 50), _text("Commentaire", 255),
    Column("Pts", "integer"), Column("PtA", "integer"), Column("PtF", "integer"), Column("Dep1", "single"),
    Column("Dep2", "single"), Column("Dep3", "single"), Column("Place", "integer"), Column("Perf", "integer"),
    Column("Board", "integer"), Column("Fixe", "integer"), _text("Flotteur", 24),
    *(c for r in range(1, ROUNDS + 1)
      for c in (_text(f"Rd{r:02}Cl", 1), Column(f"Rd{r:02}Adv", "integer"), Column(f"Rd{r:02}Res", "byte"))),
)
#: RES: the result codes' labels, as Papi writes them.
RES_ROWS = [(0, "     "), (1, " 0-1 "), (2, " 1/2 "), (3, " 1-0 "), (4, " F-1 "), (5, " F-F "), (6, " 1-F ")]
#: INFO's variables, in the order Papi writes them.
VARIABLES = (
    "UserRef Version NbrRondes DateDebut Lieu ClassElo InscriptionDefaut InscriptionJeune InscriptionTitre "
    "InscriptionDateMajoration InscriptionMajoreeDefaut InscriptionMajoreeJeune InscriptionMajoreeTitre "
    "ClassementClubMethode ClassementClubPlaceMaxi ClassementClubNbrMini ClassementLigueMethode "
    "ClassementLiguePlaceMaxi ClassementLigueNbrMini FTPDirectory FTPFileName FTPLogin FTPPassword FTPURL "
    "Homologation Arbitre Genre Pairing Dep1 Dep2 FormatSaisie Protection RondeActive EloBase1 EloBase2 "
    "PrixAttribution PrixSpeciauxCumul PrixEloCumul PrixCatCumul PrixClubChoisi PrixLigueChoisie PrixCatInferieur"
).split() + [
    *(f"Prix{k}" for k in range(1, 21)),
    *(f"Prix{kind}{k}" for kind in ("Feminin", "Francais", "Ligue", "Club") for k in (1, 2, 3)),
    *(f"PrixElo{group}{k}" for group in range(1, 11) for k in (1, 2, 3)),
    *(f"Prix{kind}{k}" for kind in ("NC", "Veteran", "Junior", "Cadet", "Minime", "Benjamin", "Pupille", "Poussin")
      for k in (1, 2, 3)),
    *(f"PrixElo{group}{end}" for group in range(1, 11) for end in ("Mini", "Maxi")),
    *(f"DateRd{r}" for r in range(1, ROUNDS + 1)),
    "DecomptePoints", "Cadence", "DateFin", "Dep3", "Nom",
]
#: The values of the variables no reader here uses (invented: empty), and Papi's defaults.
DEFAULTS = {"Version": "3.3.7", "UserRef": "0", "EloBase1": "0", "EloBase2": "0", "DecomptePoints": "NON",
            "Genre": "Suisse", "Pairing": "Standard", "RondeActive": "0"}


# -- an event, as data -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Entrant:
    """A player's row: ``ratings`` standard, rapid, blitz; ``flags`` their kinds, one letter each
    (F FIDE, N national, E estimated); ``title`` Papi's code (``g`` GM … ``ff`` WFM, blank none)."""

    ref: int
    surname: str
    first: str | None
    sex: str
    born: date | None
    category: str
    ratings: tuple[int, int, int]
    flags: str
    federation: str = "FRA"
    fide_id: str | None = None
    title: str = "  "
    licence: str | None = None
    club: str | None = None
    league: str | None = None
    membership: str = "A"


#: A game: White's Ref, Black's Ref, White's own result (0 none yet, 1 lost, 2 drawn, 3 won,
#: 4 lost by forfeit, 5 double forfeit, 6 won by forfeit); Black ``EXEMPT`` for the odd player's bye.
Game = tuple[int, int, int]
_MIRROR = {0: 0, 1: 3, 2: 2, 3: 1, 4: 6, 5: 5, 6: 4}


@dataclass
class Event:
    """A tournament in Papi's terms: ``settings`` (INFO's values), ``entrants``, the ``rounds``
    paired (games), ``absent`` (round -> {Ref: 0 absent or 2 half-point bye}, for a round paired
    or not yet), ``withdrawn`` (Ref -> the first round missed), ``deleted`` (the Refs of deleted
    players: a deleted row each), ``moved`` (INFO variables whose row Access moved to another page)
    and ``orphaned`` (INFO values on a page the table's map no longer names)."""

    stem: str
    settings: dict[str, str]
    entrants: list[Entrant]
    rounds: list[list[Game]] = field(default_factory=list)
    absent: dict[int, dict[int, int]] = field(default_factory=dict)
    withdrawn: dict[int, int] = field(default_factory=dict)
    deleted: tuple[int, ...] = ()
    moved: tuple[str, ...] = ()
    orphaned: dict[str, str] = field(default_factory=dict)
    created: datetime = datetime(2024, 1, 1)

    def cells(self) -> dict[int, list[tuple[str, int | None, int]]]:
        """Each row's 24 rounds (colour, opponent, result), EXEMPT's included."""
        refs = [EXEMPT, *(e.ref for e in self.entrants)]
        cells = {ref: [("R", None, 0)] * ROUNDS for ref in refs}
        for r, games in enumerate(self.rounds):
            for white, black, result in games:
                for ref in (white, black):
                    if cells[ref][r] != ("R", None, 0):
                        raise ValueError(f"{self.stem}: Ref {ref} is paired twice in round {r + 1}")
                cells[white][r] = ("B", black, result)
                cells[black][r] = ("N", white, 0 if black == EXEMPT else _MIRROR[result])
        for r, absences in self.absent.items():
            for ref, result in absences.items():
                cells[ref][r - 1] = ("F", None, result)
        for ref, first in self.withdrawn.items():
            for r in range(first - 1, ROUNDS):
                cells[ref][r] = ("F", None, 0)
        return cells


def exempt_row(cells) -> tuple:
    values = {"Ref": EXEMPT, "RefFFE": 700000000, "Nom": "EXEMPT", "Sexe": "M", "Cat": "Sen", "Elo": 1399,
              "Rapide": 1399, "Blitz": 1399, "Federation": "FRA", "Fide": "E", "RapideFide": "E", "BlitzFide": "E",
              "AffType": "N"}
    return _row(values, cells)


def entrant_row(e: Entrant, cells) -> tuple:
    values = {"Ref": e.ref, "RefFFE": 700000000 + 7919 * e.ref, "NrFFE": e.licence, "Nom": e.surname,
              "Prenom": e.first, "Sexe": e.sex, "NeLe": e.born and datetime(e.born.year, e.born.month, e.born.day),
              "Cat": e.category, "Elo": e.ratings[0], "Rapide": e.ratings[1], "Blitz": e.ratings[2],
              "Federation": e.federation, "ClubRef": 1000 + e.ref if e.club else None, "Club": e.club,
              "Ligue": e.league, "Fide": e.flags[0], "RapideFide": e.flags[1], "BlitzFide": e.flags[2],
              "FideCode": e.fide_id, "FideTitre": e.title, "AffType": e.membership}
    return _row(values, cells)


def _row(values: dict, cells) -> tuple:
    fixed = {"Pointe": False, "InscriptionRegle": 0, "InscriptionDu": 0, "Pts": 0, "PtA": 0, "Fixe": 0,
             "Flotteur": "X" * 24}
    for r, (colour, opponent, result) in enumerate(cells, 1):
        fixed |= {f"Rd{r:02}Cl": colour, f"Rd{r:02}Adv": opponent, f"Rd{r:02}Res": result}
    values = fixed | values
    return tuple(values.get(c.name) for c in JOUEUR_COLUMNS)


def tables(event: Event) -> list[Table]:
    """The event's three tables, as :func:`jetbuild.build` takes them."""
    settings = DEFAULTS | event.settings
    unknown = set(settings) - set(VARIABLES)
    if unknown:
        raise ValueError(f"{event.stem}: {sorted(unknown)} are no variables of Papi's")
    info = [(name, settings.get(name, "")) for name in VARIABLES]
    cells = event.cells()
    entrants = sorted(event.entrants, key=lambda e: e.ref)
    rows = [exempt_row(cells[EXEMPT]), *(entrant_row(e, cells[e.ref]) for e in entrants)]
    refs = [row[0] for row in rows]
    deleted = tuple(sum(1 for ref in refs if ref < gone) for gone in event.deleted)
    return [
        Table("INFO", INFO_COLUMNS, info, moved=tuple(VARIABLES.index(v) for v in event.moved),
              orphans=[(name, value) for name, value in event.orphaned.items()]),
        Table("JOUEUR", JOUEUR_COLUMNS, rows, deleted=deleted),
        Table("RES", RES_COLUMNS, RES_ROWS),
    ]


def database(event: Event) -> bytes:
    return build(tables(event), event.created)


# -- the made events ------------------------------------------------------------------------------

def _e(ref, surname, first, sex, born, category, ratings, flags, **more) -> Entrant:
    return Entrant(ref, surname, first, sex, born and date(*born), category, ratings, flags, **more)


#: A Swiss in progress: 15 players (Refs 5 and 11 deleted), 7 rounds, 4 played, the 5th paired
#: with 3 results still to come; byes against EXEMPT (rounds 1 and 4), a forfeit (round 2), a
#: double forfeit (round 3), absences (rounds 2 and 4), a half-point bye (round 3), a withdrawal
#: (Ref 14, from round 4), byes asked for rounds 6 and 7 before they are paired; every title, both
#: sexes, ratings FIDE, national and estimated; INFO rows moved and an orphaned INFO page with
#: other values, as Access leaves them.
SWISS_IN_PROGRESS = Event(
    "swiss-in-progress",
    {"Nom": "Open d'été de Trévoux", "Lieu": "Trévoux", "Arbitre": "Hélène Arbitre", "NbrRondes": "7",
     "DateDebut": "13/07/2024", "DateFin": "21/07/2024", "Cadence": "90 min + 30 s/cp", "ClassElo": "Elo",
     "Homologation": "99001", "Dep1": "Brésilien", "Dep2": "Harkness", "Dep3": "Performance", "RondeActive": "5"},
    [
        _e(2, "DURAND", "Étienne", "M", (1985, 4, 2), "SenM", (2385, 2350, 2330), "FFF", fide_id="90000002",
           title="g", licence="T00002", club="Échiquier de Trévoux", league="ARA"),
        _e(3, "ŁUKASZEWSKA", "Zofia", "F", (1992, 11, 30), "SenF", (2290, 2270, 2250), "FFN", federation="POL",
           fide_id="90000003", title="mf"),
        _e(4, "MOREAU", "Gaëlle", "F", (1988, 1, 17), "SenF", (2260, 2240, 2200), "FFF", fide_id="0090000004",
           title="gf", licence="T00004", club="Cercle de Lyon", league="ARA"),
        _e(6, "LEFÈVRE", "Jérôme", "M", (1979, 6, 9), "SenM", (2205, 2190, 2180), "FNE", fide_id="90000006",
           title="m", licence="T00006", club="Échiquier de Trévoux", league="ARA"),
        _e(7, "GARCÍA", "Iñaki", "M", (2001, 2, 28), "SenM", (2140, 2100, 2050), "FFF", federation="ESP",
           fide_id="90000007", title="f"),
        _e(8, "PETIT", "Anaïs", "F", (2006, 9, 5), "JunF", (2010, 1980, 1900), "FFF", fide_id="90000008",
           title="ff", licence="T00008", club="Cercle de Lyon", league="ARA"),
        _e(9, "ROUSSEAU", "François", "M", (1965, 12, 24), "VetM", (1950, 1900, 1850), "FNN", fide_id="90000009",
           licence="T00009", club="Échiquier de Trévoux", league="ARA"),
        _e(10, "SCHNEIDER", "Jürgen", "M", (1958, 3, 3), "SepM", (1880, 1850, 1800), "FFE", federation="GER",
           fide_id="90000010"),
        _e(12, "FONTAINE", "Chloé", "F", (2010, 7, 14), "MinF", (1795, 1760, 1700), "NNE", licence="T00012",
           club="Cercle de Lyon", league="ARA", membership="B"),
        _e(13, "BONNET", "Loïc", "M", (1999, 8, 8), "SenM", (1720, 1700, 1650), "FFF", fide_id="90000013",
           licence="T00013", club="Cercle de Lyon", league="ARA"),
        _e(14, "CHEVALIER-DE-LA-TOUR", "Marc", "M", (1970, 5, 1), "VetM", (1650, 1600, 1550), "EEE",
           licence="T00014", club="Échiquier de Trévoux", league="ARA"),
        _e(15, "NGUYEN", "Thi Lan", "F", (2012, 4, 20), "BenF", (1590, 1550, 1500), "FNE", fide_id="90000015",
           licence="T00015", club="Cercle de Lyon", league="ARA"),
        _e(16, "ROBERT", "Zoë", "F", None, "SenF", (1500, 1480, 1450), "NNE", licence="T00016",
           club="Échiquier de Trévoux", league="ARA", membership="B"),
        _e(17, "DA SILVA FERNANDES", "", "M", (2014, 10, 10), "PupM", (1420, 1400, 1399), "EEE", federation="POR"),
        _e(18, "MERCIER", "Théo", "M", (2015, 1, 31), "PouM", (1399, 1399, 1399), "EEE", licence="T00018",
           club="Cercle de Lyon", league="ARA", membership="N"),
    ],
    rounds=[
        [(2, 10, 3), (12, 3, 1), (4, 13, 2), (14, 6, 1), (7, 15, 3), (16, 8, 2), (9, 17, 3), (18, EXEMPT, 6)],
        [(3, 2, 2), (6, 9, 3), (18, 7, 4), (8, 4, 1), (13, 16, 3), (10, 12, 2), (15, 14, 3)],
        [(7, 6, 2), (2, 4, 3), (3, 13, 1), (9, 18, 5), (8, 15, 3), (12, 14, 3), (10, 17, 1)],
        [(6, 2, 2), (13, 7, 3), (4, 3, 2), (12, 8, 1), (9, 15, 3), (16, 18, 2), (17, EXEMPT, 6)],
        [(2, 13, 2), (8, 6, 0), (7, 9, 3), (17, 4, 0), (3, 16, 3), (18, 12, 1), (15, 10, 0)],
    ],
    absent={2: {17: 0}, 3: {16: 2}, 4: {10: 0}, 6: {9: 0, 3: 2}, 7: {9: 0, 15: 0}},
    withdrawn={14: 4},
    deleted=(5, 11),
    moved=("Nom", "Lieu", "Cadence", "Dep1"),
    orphaned={"Nom": "Open d'été de Trévoux", "Cadence": "1h + 30s/coup", "Dep1": "", "RondeActive": "2"},
    created=datetime(2024, 7, 1, 18, 30),
)

#: A Swiss before its first round, rated in rapid: 12 players, 5 rounds declared, none paired;
#: a half-point bye asked for round 1 and absences entered for rounds 2 and 3; dates with a time.
SWISS_NOT_STARTED = Event(
    "swiss-not-started",
    {"Nom": "Rapide du Marais", "Lieu": "Paris", "Arbitre": "Paul Arbitre", "NbrRondes": "5",
     "DateDebut": "05/10/2024  14:00", "DateFin": "05/10/2024  19:00", "Cadence": "15 min + 5 s", "ClassElo": "Rapide",
     "Dep1": "Performance", "Dep2": "Brésilien", "Dep3": "", "RondeActive": "0"},
    [
        _e(2, "LAMBERT", "Inès", "F", (1996, 2, 11), "SenF", (2105, 2150, 2080), "FFF", fide_id="90000102",
           title="mf", licence="P00102", club="Marais Échecs", league="IDF"),
        _e(3, "FAURE", "Olivier", "M", (1981, 8, 19), "SenM", (2050, 2010, 1990), "FFN", fide_id="90000103",
           licence="P00103", club="Marais Échecs", league="IDF"),
        _e(4, "ANDRÉ", "Noémie", "F", (2008, 5, 2), "CadF", (1930, 1960, 1900), "FNN", fide_id="90000104",
           licence="P00104", club="Marais Échecs", league="IDF"),
        _e(5, "MÜLLER", "Sören", "M", (1975, 1, 25), "VetM", (1890, 1875, 1850), "FFF", federation="SUI",
           fide_id="90000105"),
        _e(6, "GIRARD", "Benoît", "M", (1968, 10, 3), "SepM", (1850, 1820, 1800), "FNE", fide_id="90000106",
           licence="P00106", club="Cavaliers de Bercy", league="IDF"),
        _e(7, "ROUX", "Maëlle", "F", (2011, 12, 12), "MinF", (1700, 1730, 1650), "NNE", licence="P00107",
           club="Cavaliers de Bercy", league="IDF", membership="B"),
        _e(8, "VINCENT", "Hugo", "M", (2000, 6, 6), "SenM", (1680, 1650, 1620), "FFF", fide_id="90000108",
           licence="P00108", club="Marais Échecs", league="IDF"),
        _e(9, "BLANC", "Émilie", "F", (1990, 9, 9), "SenF", (1600, 1610, 1580), "FFF", fide_id="90000109",
           licence="P00109", club="Cavaliers de Bercy", league="IDF"),
        _e(10, "GUÉRIN", "Rémi", "M", (2013, 3, 30), "BenM", (1500, 1520, 1450), "NNE", licence="P00110",
           club="Marais Échecs", league="IDF", membership="B"),
        _e(11, "O'NEILL", "Seán", "M", (1987, 7, 7), "SenM", (1450, 1480, 1400), "EFE", federation="IRL",
           fide_id="90000111"),
        _e(12, "BOYER", "Lou", "F", (2016, 4, 4), "PouF", (1399, 1399, 1399), "EEE", licence="P00112",
           club="Cavaliers de Bercy", league="IDF", membership="N"),
        _e(13, "COLIN", "Aurélien", "M", None, "SenM", (1399, 1399, 1399), "EEE", licence="P00113",
           club="Marais Échecs", league="IDF", membership="N"),
    ],
    absent={1: {5: 2}, 2: {7: 0, 9: 0}, 3: {7: 0}},
    created=datetime(2024, 9, 20, 9, 0),
)

#: A round robin rated in blitz, finished: 6 players, 5 rounds (Berger's tables), one forfeit.
ROUND_ROBIN = Event(
    "round-robin",
    {"Nom": "Fermé blitz de Noël", "Lieu": "Strasbourg", "Arbitre": "Anne Arbitre", "NbrRondes": "5",
     "DateDebut": "21/12/2024", "DateFin": "21/12/2024", "Cadence": "3 min + 2 s", "ClassElo": "Blitz",
     "Genre": "ToutesRondes", "Pairing": "Berger", "Dep1": "Performance", "RondeActive": "5"},
    [
        _e(2, "WEBER", "Céline", "F", (1984, 2, 14), "SenF", (2320, 2300, 2285), "FFF", fide_id="90000202",
           title="gf", licence="S00202", club="Strasbourg Échecs", league="GES"),
        _e(3, "KLEIN", "Mathéo", "M", (1997, 11, 11), "SenM", (2250, 2260, 2240), "FFF", fide_id="90000203",
           title="m", licence="S00203", club="Strasbourg Échecs", league="GES"),
        _e(4, "HOFFMANN", "Lukas", "M", (1993, 6, 21), "SenM", (2150, 2120, 2105), "FFN", federation="GER",
           fide_id="90000204", title="f"),
        _e(5, "SCHMITT", "Léonie", "F", (2009, 8, 30), "CadF", (2000, 1990, 1975), "FFN", fide_id="90000205",
           licence="S00205", club="Colmar Échecs", league="GES"),
        _e(6, "MEYER", "Joël", "M", (1962, 4, 1), "SepM", (1900, 1880, 1860), "FFE", fide_id="90000206",
           licence="S00206", club="Colmar Échecs", league="GES"),
        _e(7, "ZIMMER", "Élise", "F", (2005, 1, 9), "JunF", (1850, 1840, 1830), "FNN", fide_id="90000207",
           licence="S00207", club="Strasbourg Échecs", league="GES"),
    ],
    rounds=[
        [(2, 7, 3), (3, 6, 2), (4, 5, 3)],
        [(7, 5, 1), (6, 4, 2), (2, 3, 2)],
        [(3, 7, 3), (4, 2, 1), (5, 6, 3)],
        [(7, 6, 2), (2, 5, 6), (3, 4, 2)],
        [(4, 7, 3), (5, 3, 1), (6, 2, 1)],
    ],
    created=datetime(2024, 12, 1, 10, 0),
)

EVENTS = {e.stem: e for e in (SWISS_IN_PROGRESS, SWISS_NOT_STARTED, ROUND_ROBIN)}


def path(stem: str) -> Path:
    return FOLDER / f"{stem}.papi"


def differing() -> list[str]:
    """The made files whose committed bytes are not the ones built from :data:`EVENTS`."""
    return [stem for stem, event in EVENTS.items()
            if not path(stem).is_file() or path(stem).read_bytes() != database(event)]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        wrong = differing()
        for stem in wrong:
            print(f"{path(stem).relative_to(ROOT)} differs from what tests/helpers/papibuild.py builds")
        return 1 if wrong else 0
    FOLDER.mkdir(parents=True, exist_ok=True)
    for stem, event in EVENTS.items():
        path(stem).write_bytes(database(event))
        print(f"wrote {path(stem).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
