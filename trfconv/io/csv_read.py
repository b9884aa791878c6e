"""Reader for crosstables as tables: trfconv's canonical CSV, and the exports people download
(chess-results "final ranking / crosstable", Swiss-Manager and Vega lists, SwissPerfect's
SPExport), as CSV or ``.xlsx``.

A table is read in four steps. The delimiter is sniffed (``,`` ``;`` TAB ``|``: the one under
which a header row is found). The header row is the row whose cells best match a column
profile (``formats/csv/profiles/*.toml``: column names in the languages the exports are written
in, Latin or Cyrillic, and round-column patterns such as ``1.Rd``, ``Rd1``, ``1.Runde``,
``Ronde 1``, ``Тур1``, ``1.kolo``); rows above it
are metadata (``Chief Arbiter: …``). A round may span several cells (opponent, colour,
result), as in the real chess-results export in ``fixtures/crosstables``. Round cells are read
in the common spellings: ``12w1``, ``5b½``, ``5b1/2``, ``7b=``, ``7bx``, ``12w+``, ``+``, ``-``,
``H F U Z``, ``-1`` / ``-½`` / ``-0`` (no opponent), ``W D L`` (unrated), ``12w`` (no result yet);
colour letters ``w/b``, ``w/s`` (German) or ``b/n`` (French, Spanish: decided by the letters the
file uses). A profile may declare its own cell spelling instead (SwissPerfect: ``3:W``, opponent
and result without colour, its symbols translated to the ones above). Points take ``½``,
``1/2``, ``x`` and a decimal comma or dot.
"""

from __future__ import annotations

import dataclasses
import io
import re
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..dates import read_birth_date, read_date
from ..encoding import decode
from ..messages import msg
from ..model import (
    MAX_ROUNDS,
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Event,
    Forfeit,
    Game,
    Outcome,
    Pending,
    Player,
    Tournament,
    Unreadable,
)
from ..numbers import ascii_digits, placeholder
from ..tabular import split_rows, unguard
from ..titles import TITLE_CODES
from .build import TournamentBuilder
from .files import too_many_lines
from .layout import formats_dir

DELIMITERS = (",", ";", "\t", "|")
HEADER_SEARCH = 60  # rows searched for the header
_NORMALISE = re.compile(r"[\s._\-]+")
#: What a title column holds: FIDE's codes, some of their older letters, and other titles files
#: write there (the Arena titles, honorary GM).
_TITLES = {*TITLE_CODES, "G", "M", "F", "WG", "WM", "WF", "AGM", "AIM", "AFM", "ACM", "HGM"}
_CELL = re.compile(r"(?P<opp>\d{1,9})?\s*(?P<col>[wWsSbBnN-])?\s*"
                   r"(?P<res>1/2|½|=|1|0|0[.,]5|[.,]5|x|X|\+|-|[WDL])?", re.ASCII)
_BYES = {"H": ByeKind.HALF, "F": ByeKind.FULL, "U": ByeKind.PAB, "Z": ByeKind.ZERO}
_HALF = {"½", "1/2", "=", "x", "0.5", "0,5", ".5", ",5"}
_OUTCOMES = {"1": (Outcome.WIN, True), "0": (Outcome.LOSS, True), "W": (Outcome.WIN, False),
             "D": (Outcome.DRAW, False), "L": (Outcome.LOSS, False)}
_POINTS = re.compile(r"(?P<whole>\d{1,9})?(?P<frac>[.,]\d{1,9})?\s*(?P<half>½|1/2|x)?", re.ASCII)
_SEX = {"m": "m", "w": "w", "f": "w", "male": "m", "female": "w"}


@dataclass(frozen=True)
class Profile:
    name: str
    columns: dict[str, tuple[str, ...]]  # role -> normalised names
    shared: dict[str, tuple[str, ...]]  # role -> names another profile's program also writes
    rounds: tuple[re.Pattern, ...]
    metadata: dict[str, tuple[str, ...]]
    banners: tuple[re.Pattern, ...]  # lines above the header that are neither the name nor metadata
    blank_rank_is_tie: bool
    complete: bool  # the header must name every column of the profile
    by_row: bool  # round cells may name opponents by their row in the ranking (CSV010)
    writes: dict[str, str]  # role -> the name the writer uses (first of each list)
    labels: dict[str, str]  # metadata field -> the key the writer uses (first of each list)
    separator: str | None  # a round cell is "opponent<separator>result" (SwissPerfect "3:W")
    results: dict[str, str]  # such a cell's result symbols -> the common spelling ("W" -> "1")


def normalise(name: str) -> str:
    return _NORMALISE.sub("", name.strip().casefold())


@cache
def profiles() -> tuple[Profile, ...]:
    """The column profiles, canonical first (it wins a tie: its names are also export names)."""
    folder = formats_dir() / "csv" / "profiles"
    out = []
    for path in sorted(folder.glob("*.toml"), key=lambda p: (p.stem != "trfconv", p.stem)):
        data = tomllib.loads(path.read_text("utf-8"))
        out.append(Profile(
            name=data["name"],
            columns={role: tuple(normalise(n) for n in names) for role, names in data["columns"].items()},
            shared={role: tuple(normalise(n) for n in names) for role, names in data.get("shared", {}).items()},
            rounds=tuple(re.compile(p) for p in data["rounds"]["headers"]),
            metadata={k: tuple(normalise(n) for n in v) for k, v in data.get("metadata", {}).items()},
            banners=tuple(re.compile(b, re.IGNORECASE) for b in data.get("banners", [])),
            blank_rank_is_tie=data.get("blank_rank_is_tie", False),
            complete=data.get("complete", False),
            by_row=data.get("opponents_by_row", True),
            writes={role: names[0] for role, names in data["columns"].items()},
            labels={field: names[0] for field, names in data.get("metadata", {}).items()},
            separator=data.get("cells", {}).get("separator"),
            results=data.get("cells", {}).get("results", {}),
        ))
    return tuple(out)


def profile(name: str) -> Profile:
    return next(p for p in profiles() if p.name == name)


@dataclass
class Header:
    row: int
    profile: Profile
    roles: dict[str, int]  # role -> column
    rounds: dict[int, list[int]]  # round -> its columns (a round may span several cells)
    ignored: list[str]
    shared: int = 0  # roles named by a profile's shared names: read, but no evidence of the profile

    @property
    def score(self) -> int:
        return len(self.roles) - self.shared + len(self.rounds)


# -- entry points ----------------------------------------------------------------------------
def read_csv(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    decoded = decode(data, path=path, encoding=encoding)
    builder = TournamentBuilder(path, "csv", encoding=decoded.encoding, diagnostics=decoded.diagnostics)
    if too_many := too_many_lines(decoded.text):
        builder.report("LIM001", too_many.replace("; only the first are read", ""))
        return builder.unreadable()
    delimiter, rows, header, unsplit = _table(decoded.text)
    return read_rows(builder, rows, header, unsplit, delimiter)


def read_rows(builder: TournamentBuilder, rows: list[list[str]], header: Header | None,
              unsplit: dict[int, str] | None = None, delimiter: str | None = None) -> Tournament:
    """The tournament in a table's rows (``header``: the row naming its columns, None when no
    row does); ``unsplit`` says, by row index, why a row could not be split into cells;
    ``delimiter``: the one the rows were split at (None: a workbook's cells)."""
    return _Table(builder, unsplit, delimiter).read(rows, header)


def looks_like_table(text: str) -> bool:
    """True when a crosstable header row is found under one of the delimiters."""
    return _table(text)[2] is not None


# -- finding the table -----------------------------------------------------------------------
def _table(text: str) -> tuple[str, list[list[str]], Header | None, dict[int, str]]:
    """The delimiter, the rows, the header, and why each row that could not be split was not.
    Lines end where the csv module ends them (CR, LF): ``str.splitlines`` also splits at a form
    feed or U+2028, which put the header search's row numbers out of step with the rows."""
    lines = io.StringIO(text, newline="").readlines()
    best: tuple[str, list[list[str]], Header | None, dict[int, str]] = (",", [], None, {})
    for delimiter in DELIMITERS:
        if not any(delimiter in line for line in lines[:HEADER_SEARCH]):
            continue
        header = find_header(split_rows(lines[:HEADER_SEARCH], delimiter)[0])
        if header and (best[2] is None or header.score > best[2].score):
            best = (delimiter, [], header, {})
    if best[2] is not None:
        rows, unsplit = split_rows(io.StringIO(text, newline=""), best[0])
        return best[0], rows, best[2], unsplit
    return best


#: The longest cell a header row has: column names are short; a longer cell is text that merely
#: quotes a header (documentation next to the files), not a crosstable.
HEADER_CELL = 60


def find_header(rows: list[list[str]]) -> Header | None:
    """The row and profile that name the most columns; a header needs a name column and a
    points, round or number column."""
    best = None
    for i, row in enumerate(rows[:HEADER_SEARCH]):
        if any(len(str(c)) > HEADER_CELL for c in row):
            continue  # prose that quotes a header (a README line), not a header row
        cells = [normalise(str(c)) for c in row]
        if sum(1 for c in cells if c) < 2:
            continue
        for p in profiles():
            header = _match(i, cells, p)
            if header and (best is None or header.score > best.score):
                best = header
    return best


def _match(i: int, cells: list[str], p: Profile) -> Header | None:
    roles: dict[str, int] = {}
    rounds: dict[int, list[int]] = {}
    ignored: list[str] = []
    shared = 0
    current: list[int] | None = None
    for column, cell in enumerate(cells):
        if not cell:
            if current is not None:
                current.append(column)  # a round spread over several cells
            continue
        current = None
        role = next((r for r, names in p.columns.items() if cell in names and r not in roles), None)
        if role:
            roles[role] = column
            continue
        role = next((r for r, names in p.shared.items() if cell in names and r not in roles), None)
        if role:
            roles[role] = column
            shared += 1
            continue
        number = next((int(m.group("n")) for m in (rx.fullmatch(cell) for rx in p.rounds)
                       if m and len(m.group("n")) <= 3), None)
        if number is not None and number not in rounds and number > 0:
            current = rounds[number] = [column]
            continue
        ignored.append(cell)
    if rounds and 1 not in rounds:  # a crosstable lists round 1: "Player,456,Fox" names no round
        ignored += [cells[columns[0]] for columns in rounds.values()]
        rounds = {}
    if "name" not in roles or not ({"points", "start_number", "rank"} & set(roles) or rounds):
        return None
    if p.complete and len(roles) < len(p.columns):
        return None
    return Header(i, p, roles, rounds, ignored, shared)


# -- reading the rows ------------------------------------------------------------------------
class _Table:
    def __init__(self, builder: TournamentBuilder, unsplit: dict[int, str] | None = None,
                 delimiter: str | None = None):
        self.builder = builder
        self.delimiter = delimiter
        self.unsplit = unsplit or {}  #: row index -> why the csv module could not split it
        self.line = 0
        self.profile: Profile | None = None

    def report(self, code: str, message: str, column: int | None = None) -> None:
        self.builder.report(code, message, line=self.line or None, column=column)

    def read(self, rows: list[list[str]], header: Header | None) -> Tournament:
        if header is None:
            self.report("CSV001", msg("no row names the crosstable's columns (Name, and Pts., Rk., SNo. or round "
                                      "columns such as 1.Rd)"))
            return self.builder.unreadable()
        self.line = header.row + 1
        self.profile = header.profile
        if header.ignored:
            names = [rows[header.row][i] for i, c in enumerate(rows[header.row]) if normalise(str(c)) in header.ignored]
            self.report("CSV005", msg("columns not used: {names}", names=", ".join(names)))
        event = self.metadata(rows[:header.row], header.profile)
        data_rows = [(i, row) for i, row in enumerate(rows[header.row + 1:], header.row + 2)
                     if sum(1 for c in row if str(c).strip()) > 1 or i - 1 in self.unsplit]
        if _opponents_in_columns(header, [row for _, row in data_rows]):
            self.report("CSV011", msg("columns 1 to {count} are opponents, not rounds: a round-robin crosstable ('*' "
                                      "where a player meets himself) says who beat whom but not in which round or "
                                      "with which colour, so no game is read; export the crosstable by rounds or the "
                                      "TRF", count=len(header.rounds)))
            header = dataclasses.replace(header, rounds={})
        title_column = _title_column(header, [row for _, row in data_rows])
        colours = _colour_letters(header, [row for _, row in data_rows])
        numbered = "start_number" in header.roles
        if not numbered:
            self.report("CSV008", msg("no start-number column: players are numbered by their row, and round cells "
                                      "are read as naming opponents by that number"))
        players: list[Player] = []
        positions: list[int] = []  # each player's row in the table, counting the rows left out
        lines: list[int] = []
        previous_rank = None
        tie_reported = False
        for position, (line, row) in enumerate(data_rows, 1):
            self.line = line
            if line - 1 in self.unsplit:
                self.report("CSV002", msg("row cannot be split into cells ({unsplit}); left out",
                                          unsplit=self.unsplit[line - 1]))
                continue
            cell = _cells(row)
            number = self.integer(cell(header.roles.get("start_number")), "start number") if numbered else position
            name = cell(header.roles.get("name"))
            if not number or not name:
                cells = " | ".join(str(c) for c in row if str(c).strip())[:80]
                self.report("CSV002", msg("row without a {field}: {cells}", cells=repr(cells),
                                          field=msg("start number") if not number else msg("name")))
                continue
            first = cell(header.roles.get("first_name"))
            rank_text = cell(header.roles.get("rank"))
            rank = self.integer(rank_text, "rank")
            if rank is None and not rank_text and header.profile.blank_rank_is_tie and "rank" in header.roles \
                    and previous_rank is not None:
                rank = previous_rank
                if not tie_reported:
                    self.report("CSV006", msg("player {number}'s rank is blank; read as {rank}, the rank of the row "
                                              "above (the export leaves tied ranks blank)", number=number, rank=rank))
                    tie_reported = True
            previous_rank = rank if rank is not None else previous_rank
            title = cell(header.roles.get("title", title_column))
            rating = self.integer(cell(header.roles.get("rating")), "rating")
            fide_id = cell(header.roles.get("fide_id"))
            if fide_id and placeholder(fide_id):
                self.report("FID001", msg("player {number}: FIDE id {fide_id} is a placeholder; read as none",
                                          number=number, fide_id=repr(fide_id)))
                fide_id = None
            elif fide_id and not _number(fide_id):
                self.report("CSV004", msg("FIDE id {fide_id} is not a number", fide_id=repr(fide_id)))
                fide_id = None
            sex = cell(header.roles.get("sex"))
            positions.append(position)
            lines.append(line)
            players.append(Player(
                start_number=number, name=f"{name}, {first}" if first else name,
                sex=sex_code(sex), title=title or None, rating=rating or None,
                federation=cell(header.roles.get("federation")) or None,
                fide_id=fide_id if fide_id and int(fide_id) else None,
                birth_date=self.birth_date(cell(header.roles.get("birth_date"))),
                points=self.points(cell(header.roles.get("points"))), rank=rank,
                rounds=tuple(self.entry([unguard(str(row[c])).strip() if c < len(row) else "" for c in columns],
                                        colours, r, columns[0] + 1)
                             for r, columns in sorted(header.rounds.items())),
            ))
        if not players:
            self.line = header.row + 1
            self.report("CSV012", msg("the crosstable's header row has no player row under it (the file is cut "
                                      "short, or holds only the table's head)"))
        if header.profile.by_row:
            players = self.opponent_numbering(players, positions)
        length = max(header.rounds, default=0)
        if header.rounds and sorted(header.rounds) != list(range(1, length + 1)):
            players = [dataclasses.replace(p, rounds=_by_round(p.rounds, sorted(header.rounds), length))
                       for p in players]
        b = self.builder
        b.version, b.dialects = header.profile.name, (header.profile.name,)
        b.event.update((f.name, getattr(event, f.name)) for f in dataclasses.fields(event))
        for player, line in zip(players, lines, strict=True):
            b.add_player(player, line=line)
        return b.build()

    def opponent_numbering(self, players: list[Player], positions: list[int]) -> list[Player]:
        """Round cells name opponents by start number, or, in a crosstable sorted by the final
        ranking (chess-results "Final Ranking crosstable"), by row (``positions``: a row left
        out still holds its place). The reading under which more games are listed by both
        players is the file's."""
        row_of = {i: p.start_number for i, p in zip(positions, players, strict=True)}
        if all(n == i for i, n in row_of.items()):
            return players

        left_out = set(range(1, max(positions, default=0) + 1)) - set(positions)
        lost: list[str] = []

        def renumbered(p: Player, r: int, e):
            o = getattr(e, "opponent", None)
            if o is None:
                return e
            if o in left_out:
                lost.append(msg("player {number} round {round}", number=p.start_number, round=r))
                return Unreadable(f"row {o}")
            return dataclasses.replace(e, opponent=row_of.get(o, o))

        by_row = [dataclasses.replace(p, rounds=tuple(renumbered(p, r, e) for r, e in enumerate(p.rounds, 1)))
                  for p in players]
        if _mutual(by_row) > _mutual(players):
            self.line = 0
            self.report("CSV010", msg("round cells name opponents by their row in the ranking, not by start number; "
                                      "read as the start numbers of those rows"))
            if lost:
                self.report("CSV003", msg("{count} round cell(s) name an opponent by a row that was left out, so who "
                                          "it was is unknown; kept as unreadable: {cells}{more}",
                                          count=len(lost), cells=lost[:5], more=" …" if len(lost) > 5 else ""))
            return by_row
        return players

    # -- cells -------------------------------------------------------------------------------
    def integer(self, text: str, what: str) -> int | None:
        if not text:
            return None
        if _number(text):
            return int(text)
        self.report("CSV004", msg("{what} {text} is not a whole number", what=what, text=repr(text)))
        return None

    def points(self, text: str) -> Fraction | None:
        if not text:
            return None
        value = parse_points(text)
        if value is None:
            self.report("CSV004", msg("points {text} is not a number", text=repr(text)))
        return value

    def birth_date(self, text: str):
        if not text or text.strip("0./-") == "":
            return None
        parsed = read_birth_date(text)
        if parsed is None:
            self.report("CSV004", msg("birth date {text} cannot be read; kept as text", text=repr(text)))
            return text
        return parsed

    def entry(self, cells: list[str], colours: dict[str, Colour], r: int, column: int):
        """One round: from a single cell (``12w1``, or the profile's spelling such as ``12:W``),
        or opponent, colour and result cells."""
        if len(cells) >= 3:
            opponent, colour, result = cells[0], cells[1], "".join(cells[2:])
            return self.build("" if opponent in ("-", "0") else opponent, colour, result,
                              f"{opponent}{colour}{result}", colours, r, column)
        text = "".join(cells)
        if text.upper() in _BYES or text in ("+", "-", ""):
            return _special(text)
        parts = self.split_cell(text)
        if parts is None:
            self.report("CSV003", msg("round {r}: {text} is not a round cell; kept as unreadable",
                                      r=r, text=repr(text)), column)
            return Unreadable(text[:8])
        return self.build(*parts, text, colours, r, column)

    def split_cell(self, text: str) -> tuple[str, str, str] | None:
        """(opponent, colour, result) of a one-cell round in the common spelling, or in the
        profile's ``opponent<separator>result`` with its result symbols translated; None when the
        cell is neither."""
        separator = self.profile.separator
        if separator and separator in text:
            opponent, symbol = (part.strip() for part in text.split(separator, 1))
            result = self.profile.results.get(symbol.upper())
            if result is None or not (_number(opponent) or not opponent):
                return None
            return ("" if opponent == "0" else opponent), "", result
        m = _CELL.fullmatch(text)
        return None if m is None else (m.group("opp") or "", m.group("col") or "", m.group("res") or "")

    def build(self, opponent: str, colour: str, result: str, text: str, colours, r: int, column: int):
        side = colours.get(colour)
        if colour and colour != "-" and side is None:
            self.report("CSV003", msg("round {r}: colour {colour} in {text} is not w/b, w/s or b/n; kept as "
                                      "unreadable", r=r, colour=repr(colour), text=repr(text)), column)
            return Unreadable(text[:8])
        if not _number(opponent) or int(opponent) == 0:
            if result.upper() in _BYES and not opponent:
                return Bye(_BYES[result.upper()])
            if result in ("+", "-"):
                return Forfeit(result == "+")
            if result == "1":
                return Bye(ByeKind.PAB)
            if result in _HALF or result == "D":  # a point halved without opponent or game
                return Bye(ByeKind.HALF)
            if result in ("0", ""):
                return NOT_PAIRED
            self.report("CSV003", msg("round {r}: {text} cannot be read; kept as unreadable", r=r, text=repr(text)), column)
            return Unreadable(text[:8])
        o = int(opponent)
        if result in ("+", "-"):
            return Forfeit(result == "+", o, side)
        if result in ("", "X"):
            return Pending(o, side, adjourned=result == "X")
        if result in _HALF:
            return Game(o, side, Outcome.DRAW)
        if result in _OUTCOMES:
            outcome, rated = _OUTCOMES[result]
            return Game(o, side, outcome, rated)
        self.report("CSV003", msg("round {r}: {text} cannot be read; kept as unreadable", r=r, text=repr(text)), column)
        return Unreadable(text[:8])

    def metadata(self, rows: list[list[str]], p: Profile) -> Event:
        """Event data from the lines above the header: ``Key: value`` lines named in the
        profile, and the first other line as the event name. The export's banner lines (the
        profile's ``banners``: source line, "Last update …", "Ranking crosstable after Round 4")
        are neither."""
        values: dict[str, object] = {}
        name = None
        for row in rows:
            text = self._line(row)
            if not text or any(b.search(text) for b in p.banners):
                continue
            key, _, value = text.partition(":")
            field = next((f for f, names in p.metadata.items() if normalise(key) in names), None) if value else None
            if field == "name":
                name = value.strip() or name
            elif field == "declared_rounds":
                rounds = int(value.strip()) if _number(value.strip()) else None
                if rounds is not None and rounds > MAX_ROUNDS:
                    self.report("CSV004", msg("{rounds} rounds is more than the {max_rounds} any format numbers; "
                                              "ignored", rounds=rounds, max_rounds=MAX_ROUNDS))
                    rounds = None
                values[field] = rounds
            elif field == "dates":
                found = [read_date(part).value for part in re.split(r"\s+(?:to|bis|au|al|-)\s+", value.strip())]
                values["start_date"], values["end_date"] = (found + [None, None])[:2] if all(found) else (None, None)
            elif field:
                values[field] = value.strip() or None
            elif name is None:
                name = text
        return Event(name=name, **{k: v for k, v in values.items() if v is not None})

    def _line(self, row: list[str]) -> str:
        """A line above the header as its text. ``Key: value`` whose value the delimiter split
        (``Chief arbiter: Jansen, Piet (IA)`` written unquoted) is joined back with it; cells
        that are a key and its value (``Chief arbiter:`` | ``Jansen, Piet``), with a space."""
        cells = [str(c).strip() for c in row if str(c).strip()]
        if self.delimiter and len(cells) > 1 and ":" in cells[0] and cells[0].partition(":")[2].strip():
            return f"{self.delimiter} ".join(cells) if self.delimiter != "\t" else " ".join(cells)
        return " ".join(cells)


def _mutual(players: list[Player]) -> int:
    """How many round entries name an opponent whose entry of that round names them back."""
    rounds = {p.start_number: p.rounds for p in players}
    count = 0
    for p in players:
        for r, e in enumerate(p.rounds):
            other = rounds.get(getattr(e, "opponent", None), ())
            count += r < len(other) and getattr(other[r], "opponent", None) == p.start_number
    return count


def sex_code(text: str | None) -> str | None:
    """A sex cell as the model holds it: ``m`` or ``w`` (``f``, ``male``, ``female`` read as such),
    other codes as written; None when blank."""
    text = (text or "").strip()
    return _SEX.get(text.casefold(), text) if text else None


def _number(text: str) -> bool:
    """ASCII digits, at most 12 of them (a longer cell is no start number, rating or id)."""
    return len(text) <= 12 and ascii_digits(text)


def _cells(row: list[str]):
    def cell(column: int | None) -> str:
        if column is None or column >= len(row):
            return ""
        return unguard(str(row[column])).strip()
    return cell


def _special(text: str):
    if text.upper() in _BYES:
        return Bye(_BYES[text.upper()])
    if text in ("+", "-"):
        return Forfeit(text == "+")
    return NOT_PAIRED


def _opponents_in_columns(header: Header, rows: list[list[str]]) -> bool:
    """A round-robin crosstable (chess-results "Final Ranking crosstable" of a round robin): the
    numbered columns are the players in ranking order, one per row, and each row's own column
    holds ``*``."""
    if not rows or sorted(header.rounds) != list(range(1, len(rows) + 1)):
        return False
    for position, row in enumerate(rows, 1):
        columns = header.rounds[position]
        own = "".join(str(row[c]).strip() for c in columns if c < len(row))
        if not own or own.strip("*"):
            return False
    return True


def _by_round(entries: tuple, numbers: list[int], length: int) -> tuple:
    """Entries read from round columns that are not 1..N in order, put at their round."""
    out = [NOT_PAIRED] * length
    for n, e in zip(numbers, entries, strict=True):
        out[n - 1] = e
    return tuple(out)


def _title_column(header: Header, rows: list[list[str]]) -> int | None:
    """An unnamed column whose every value is a FIDE title (chess-results leaves it unnamed)."""
    if "title" in header.roles:
        return None
    taken = set(header.roles.values()) | {c for cs in header.rounds.values() for c in cs}
    width = max((len(r) for r in rows), default=0)
    for column in range(width):
        if column in taken:
            continue
        values = {str(r[column]).strip() for r in rows if column < len(r)} - {""}
        if values and values <= _TITLES:
            return column
    return None


def _colour_letters(header: Header, rows: list[list[str]]) -> dict[str, Colour]:
    """What the colour letters mean in this file: ``b`` is White only where the file writes
    ``b/n`` (blanc/noir, blancas/negras) and never ``w``."""
    letters = set()
    for row in rows:
        for columns in header.rounds.values():
            text = "".join(str(row[c]) for c in columns if c < len(row))
            m = _CELL.fullmatch(text.strip())
            if m and m.group("col"):
                letters.add(m.group("col").lower())
    french = "n" in letters and "w" not in letters and "s" not in letters
    white, black = Colour.WHITE, Colour.BLACK
    table = {"w": white, "s": black, "n": black, "b": white if french else black}
    return {**table, **{k.upper(): v for k, v in table.items()}}


def parse_points(text: str) -> Fraction | None:
    """``3``, ``3.5``, ``3,5``, ``3½``, ``3 1/2``, ``7x`` (ARPO), ``½``; None if not a number."""
    m = _POINTS.fullmatch(text.strip().replace(" ", ""))
    if not m or not (m.group("whole") or m.group("frac") or m.group("half")):
        return None
    value = Fraction(m.group("whole") or 0)
    if m.group("frac"):
        value += Fraction(m.group("frac").replace(",", "."))
    if m.group("half"):
        value += Fraction(1, 2)
    return value


def sniff(head: bytes) -> bool:
    """Whether the first bytes of a file are this format's (the format registry asks)."""
    return looks_like_table(head.decode("utf-8", errors="replace"))
