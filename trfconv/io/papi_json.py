"""Reader of Papi-JSON, the JSON form of a Papi file that Sharly-Chess's papi-converter writes
and reads: ``variables`` (Papi's ``INFO`` settings under English names) and ``players`` (the
``JOUEUR`` rows under English names, each with its ``rounds``).

What differs from the database, as papi-converter's documentation says (``docs/papi.md``):

- the EXEMPT dummy is left out: a round with result 6 and no opponent is its bye;
- ``opponent`` is the opponent's place in ``players`` (from 0), not Papi's ``Ref``;
- ``rounds`` is an object keyed by round number, or (the older form) a list, round 1 first;
- the birth date is written ``dd/mm/yyyy``; the codes are Papi's, with the byes and unrated
  games papi-converter adds (7 … 13).

Each player and setting is turned into the database's column and variable names, and read by
:func:`.papi.build`, so both forms mean the same.
"""

from __future__ import annotations

import json
import re

from ..dates import read_birth_date
from ..messages import msg, plural
from ..model import Tournament
from ..numbers import ascii_digits
from .build import TournamentBuilder
from .papi import EXEMPT_REF, MAX_ROUNDS, build

#: ``variables`` -> ``INFO``'s variable (papi-converter's table).
VARIABLES = {"name": "Nom", "type": "Genre", "rounds": "NbrRondes", "pairing": "Pairing", "timeControl": "Cadence",
             "ratingClass": "ClassElo", "ratingThreshold1": "EloBase1", "ratingThreshold2": "EloBase2",
             "tieBreakLowerRatingLimit": "EloBase1", "tieBreakUpperRatingLimit": "EloBase2", "tiebreak1": "Dep1",
             "tiebreak2": "Dep2", "tiebreak3": "Dep3", "pointSystem": "DecomptePoints", "venue": "Lieu",
             "startDate": "DateDebut", "endDate": "DateFin", "arbiter": "Arbitre", "homologation": "Homologation"}
#: A player's fields -> ``JOUEUR``'s columns (contact fields are never read).
FIELDS = {"nrFFE": "NrFFE", "lastName": "Nom", "firstName": "Prenom", "gender": "Sexe", "category": "Cat",
          "elo": "Elo", "rapidElo": "Rapide", "blitzElo": "Blitz", "federation": "Federation", "club": "Club",
          "fideElo": "Fide", "fideRapidElo": "RapideFide", "fideBlitzElo": "BlitzFide", "fideCode": "FideCode",
          "fideTitle": "FideTitre"}
#: The key every Papi-JSON document starts with, or its player list's.
_START = re.compile(rb'\s*\{\s*"(?:variables"\s*:\s*\{|players"\s*:\s*\[\s*\{)')
#: The fields holding a rating (a whole number).
_RATINGS = ("Elo", "Rapide", "Blitz")
#: Papi's first ``Ref`` of a real player (1 is the dummy's).
_FIRST_REF = EXEMPT_REF + 1


def sniff(head: bytes) -> bool:
    """Whether the file starts as a Papi-JSON document does (its ``variables`` or ``players``
    first), which trfconv's own JSON form never does (``format`` first)."""
    return _START.match(head.removeprefix(b"\xef\xbb\xbf")) is not None


def read_papi_json(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    """The tournament of a Papi-JSON document (UTF-8: ``encoding`` is not used). Never raises on
    bad content: a document that is not one gives an empty tournament with ``PAP009``."""
    builder = TournamentBuilder(path, "papi-json", version="Papi-JSON", encoding="utf-8")
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as err:
        where = {"line": err.lineno, "column": err.colno} if isinstance(err, json.JSONDecodeError) else {}
        builder.report("PAP009", msg("{err}: not read", err=str(err)), **where)
        return builder.unreadable()
    variables = document.get("variables", {}) if isinstance(document, dict) else None
    players = document.get("players") if isinstance(document, dict) else None
    if not isinstance(variables, dict) or not isinstance(players, list):
        builder.report("PAP009", msg("a Papi-JSON document is an object with \"variables\" (an object) and \"players\" "
                                     "(a list): not read"))
        return builder.unreadable()
    settings = {VARIABLES[k]: str(_scalar(v)) for k, v in variables.items() if k in VARIABLES and _scalar(v) is not None}
    rows = [_row(i, p, len(players), builder) for i, p in enumerate(players) if isinstance(p, dict)]
    if len(rows) < len(players):
        left = len(players) - len(rows)
        builder.report("PAP009", plural("{n} entry of \"players\" not an object; left out",
                                        "{n} entries of \"players\" not an object; left out", n=left))
    return build(builder, settings, rows)


def _row(i: int, player: dict, count: int, builder: TournamentBuilder) -> dict:
    """Player ``i`` as a ``JOUEUR`` row."""
    row: dict = {"Ref": i + _FIRST_REF}
    for key, column in FIELDS.items():
        value = _scalar(player.get(key))
        if column in _RATINGS:
            value = int(value) if isinstance(value, str) and ascii_digits(value) and len(value) <= 4 else value
            row[column] = value if isinstance(value, int) else None
        else:
            row[column] = None if value is None else str(value)
    birth = player.get("birthDate")
    if isinstance(birth, str) and birth.strip():
        day, _, rest = birth.strip().partition("/")
        month, _, year = rest.partition("/")
        row["NeLe"] = read_birth_date(f"{year}/{month}/{day}" if year else birth)
    rounds = player.get("rounds") or {}
    if isinstance(rounds, list):
        rounds = {str(r): cell for r, cell in enumerate(rounds, 1)}
    if not isinstance(rounds, dict):
        builder.report("PAP009", msg("player {number}: \"rounds\" is neither an object nor a list; not read", number=i + 1))
        return row
    for key, cell in rounds.items():
        r = int(key) if isinstance(key, str) and key.isdigit() and len(key) <= 2 else 0
        if not 1 <= r <= MAX_ROUNDS or not isinstance(cell, dict):
            builder.report("PAP009", msg("player {number}: round {key} is not a round 1-{most} with its colour, "
                                         "opponent and result; not read",
                                         number=i + 1, key=repr(key), most=MAX_ROUNDS))
            continue
        opponent, result = cell.get("opponent"), cell.get("result", 0)
        valid = isinstance(opponent, int) and not isinstance(opponent, bool) and 0 <= opponent < count
        if opponent is not None and not valid:
            builder.report("PAP009", msg("player {number} round {round}: opponent {opponent} is no player's place in "
                                         "\"players\" (0-{count}); the round is not read",
                                         number=i + 1, round=r, opponent=repr(opponent), count=count - 1))
            continue
        row[f"Rd{r:02}Cl"] = cell.get("color") if isinstance(cell.get("color"), str) else None
        row[f"Rd{r:02}Adv"] = opponent + _FIRST_REF if valid else None
        row[f"Rd{r:02}Res"] = result if isinstance(result, int) and not isinstance(result, bool) else None
    return row


def _scalar(value):
    """A setting or field's value: text or a whole number; anything else as text."""
    if value is None or isinstance(value, bool):
        return None
    return value if isinstance(value, (str, int)) else str(value)
