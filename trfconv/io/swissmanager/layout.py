"""The byte layout of Swiss-Manager's Unicode tournament files (``.TUNX`` individual Swiss,
``.TURX`` round robin, ``.TUMX`` team Swiss, ``.TUTX`` team round robin): sections, records and
the raw values they hold, with no interpretation beyond the bytes.

Swiss-Manager (H. Herzog) publishes no description of its files. What is decoded here is what
public notes agree on and every sample file confirms (the sources are cited in the corpus'
``LAYOUTS.md``): little-endian integers; strings as a 16-bit count of UTF-16 code units and the
units; dates as ``YYYYMMDD`` integers with ``00`` for an unknown month or day; sections that
start with a marker ``TT FF 89 44`` (``TT`` names the section) and a directory at the end of the
file that gives each section's offset. Records have fixed shapes (a number of strings, then a
fixed block of bytes); a section must be filled exactly by the records its counts announce, which
is how a file written by a program version with another layout is recognised instead of being
read as garbage.

Everything the notes leave unexplained is kept (:attr:`SwissManagerFile.unknown`) so that the
reader can say what it did not understand.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from ...errors import InputError
from ...messages import msg
from . import MAGIC  # the first four bytes of every file: the header section's marker

#: The last three bytes of every section marker; the first byte names the section.
_MARKER_TAIL = b"\xff\x89\x44"
#: Section names by marker byte.
SECTIONS: dict[int, str] = {0x93: msg("header"), 0x95: msg("configuration"), 0xA3: msg("round schedule"), 0xA5: msg("players"), 0xB3: msg("games"),
            0xB5: msg("teams"), 0xC3: msg("team matches"), 0xC5: msg("C5"), 0xD3: msg("directory"), 0xE3: msg("end")}
#: The header: fixed bytes before its strings, and the number of strings.
HEADER_BYTES, HEADER_STRINGS = 108, 132
#: The configuration section's size, marker included (the same in every known file).
CONFIG_BYTES = 5887
#: The directory at the end of the file: its marker, seven offsets, the end marker.
DIRECTORY_BYTES = 36
#: Record shapes: (strings, fixed bytes).
SCHEDULE_RECORD = (16, 76)
PLAYER_RECORD = (18, 134)
TEAM_RECORD = (5, 96)
GAME_BYTES = 21
MATCH_BYTES = 15
#: The tie-break list in the configuration: the number of ids (u16), the ids (u16 each) and,
#: for each slot, a record of its settings.
TIEBREAK_COUNT_AT, TIEBREAK_IDS_AT, TIEBREAK_SLOTS = 31, 33, 9
TIEBREAK_SETTINGS_AT, TIEBREAK_SETTINGS_BYTES = 650, 19
#: Opponent numbers that are no player: the free round ("spielfrei") and "not paired".
BYE, NOT_PAIRED = 0xFFFF, 0xFFFE


class LayoutError(InputError):
    """The bytes do not have the layout described here (``offset`` is where it was noticed)."""

    def __init__(self, message: str, offset: int | None = None):
        super().__init__(message)
        self.message, self.offset = message, offset


@dataclass(frozen=True)
class Record:
    """A record: its strings, its fixed bytes and where it starts in the file."""

    strings: tuple[str, ...]
    block: bytes
    offset: int

    def string(self, index: int) -> str:
        return self.strings[index].strip() if index < len(self.strings) else ""

    def u8(self, at: int) -> int:
        return self.block[at]

    def u16(self, at: int) -> int:
        return int.from_bytes(self.block[at:at + 2], "little")

    def u32(self, at: int) -> int:
        return int.from_bytes(self.block[at:at + 4], "little")


@dataclass(frozen=True)
class GameRecord:
    """One 21-byte pairing record: White's and Black's start numbers (Black may be :data:`BYE`,
    :data:`NOT_PAIRED` or 0), the result code and the 16 bytes whose meaning is not known."""

    round: int
    white: int
    black: int
    code: int
    rest: bytes
    offset: int


@dataclass(frozen=True)
class MatchRecord:
    """One 15-byte team match record: the two team numbers (the second may be :data:`BYE` or
    :data:`NOT_PAIRED`), two stored half-point counts and 7 bytes not understood."""

    round: int
    first: int
    second: int
    points: tuple[int, int]
    rest: bytes
    offset: int


@dataclass(frozen=True)
class SwissManagerFile:
    """The file decoded into its sections' records; nothing is interpreted yet."""

    header: Record  #: the 108 fixed bytes and the 132 strings
    config: Record  #: the configuration section: no strings, its bytes from its marker (offsets count from it)
    schedule: tuple[Record, ...]
    players: tuple[Record, ...]
    games: tuple[GameRecord, ...]
    teams: tuple[Record, ...]
    matches: tuple[MatchRecord, ...]
    unknown: dict[str, bytes] = field(default_factory=dict)  #: sections not understood, by name
    #: Why a section of pairings, teams or matches could not be read (it is then empty): the
    #: players are still usable.
    damaged: tuple[LayoutError, ...] = ()

    def tiebreak_slots(self) -> tuple[tuple[int, bytes], ...]:
        """The tie-break list as (id, settings record) in rank order."""
        count = min(self.config.u16(TIEBREAK_COUNT_AT), TIEBREAK_SLOTS)
        return tuple((self.config.u16(TIEBREAK_IDS_AT + 2 * k),
                      self.config.block[TIEBREAK_SETTINGS_AT + TIEBREAK_SETTINGS_BYTES * k:
                                        TIEBREAK_SETTINGS_AT + TIEBREAK_SETTINGS_BYTES * (k + 1)])
                     for k in range(count))


class _Cursor:
    """Reads primitives from ``data[pos:end]``; never past ``end``."""

    def __init__(self, data: bytes, pos: int, end: int, name: str = "header"):
        self.data, self.pos, self.end, self.name = data, pos, end, name

    def take(self, n: int) -> bytes:
        if n < 0 or self.pos + n > self.end:
            raise LayoutError(msg("the {name} section ends before the values its counts announce (at byte {pos})",
                                  name=self.name, pos=self.pos), self.pos)
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def u16(self) -> int:
        return int.from_bytes(self.take(2), "little")

    def string(self) -> str:
        units = self.u16()
        return self.take(2 * units).decode("utf-16-le", errors="replace")

    def record(self, shape: tuple[int, int]) -> Record:
        start = self.pos
        strings = tuple(self.string() for _ in range(shape[0]))
        return Record(strings, self.take(shape[1]), start)


def decode(data: bytes) -> SwissManagerFile:
    """The sections of ``data``. Raises :class:`LayoutError` when the bytes do not have the
    known layout (a damaged file, or one from a program version that stores things differently)."""
    if not data.startswith(MAGIC):
        raise LayoutError(msg("the file does not start with Swiss-Manager's signature 93 FF 89 44"), 0)
    sections = _directory(data)
    header_end = sections[0][1]  # the first section after the header and configuration
    cursor = _Cursor(data, 0, len(data))
    fixed = cursor.take(HEADER_BYTES)
    strings = tuple(cursor.string() for _ in range(HEADER_STRINGS))
    header = Record(strings, fixed, 0)
    config_start = cursor.pos
    if data[config_start:config_start + 4] != bytes([0x95]) + _MARKER_TAIL:
        raise LayoutError(msg("the header's {count} texts are not followed by the configuration section (byte {start})",
                              count=HEADER_STRINGS, start=config_start), config_start)
    if header_end - config_start != CONFIG_BYTES:
        raise LayoutError(msg("the configuration section has {count} bytes, not the {size} of the known layout",
                              count=header_end - config_start, size=CONFIG_BYTES), config_start)
    config = Record((), data[config_start:header_end], config_start)
    bounds = {name: (start, end) for name, start, end in sections}
    rounds, players, teams = (config.u16(at) for at in (27, 23, 51))
    schedule = _records(data, bounds, 0xA3, rounds, SCHEDULE_RECORD)
    player_records = _records(data, bounds, 0xA5, players, PLAYER_RECORD)
    damaged: list[LayoutError] = []

    def part(read, *args):
        try:
            return read(*args)
        except LayoutError as err:
            damaged.append(err)
            return ()
    games = part(_games, data, bounds, schedule)
    team_records = part(_records, data, bounds, 0xB5, teams, TEAM_RECORD) if 0xB5 in bounds else ()
    matches = part(_matches, data, bounds, schedule) if 0xC3 in bounds else ()
    unknown = {SECTIONS[name]: data[start + 4:end] for name, start, end in sections if name == 0xC5}
    return SwissManagerFile(header, config, schedule, player_records, games, team_records, matches, unknown,
                            tuple(damaged))


def _directory(data: bytes) -> list[tuple[int, int, int]]:
    """(marker byte, start, end) of each section after the configuration, from the directory at
    the end of the file; the directory's own entry ends the list."""
    size = len(data)
    where = size - DIRECTORY_BYTES
    if where < HEADER_BYTES or data[where:where + 4] != bytes([0xD3]) + _MARKER_TAIL \
            or data[size - 4:] != bytes([0xE3]) + _MARKER_TAIL:
        raise LayoutError(msg("the section directory at the end of the file is missing (the file is cut short or not "
                              "a complete Swiss-Manager file)"), where if where > 0 else 0)
    offsets = [o for o in struct.unpack_from("<7I", data, where + 4) if o]
    if not offsets or offsets[-1] != where:
        raise LayoutError(msg("the section directory does not end with its own position"), where)
    found: list[tuple[int, int, int]] = []
    for start, end in zip(offsets, offsets[1:] + [size], strict=True):
        if not HEADER_BYTES <= start < end <= size or data[start + 1:start + 4] != _MARKER_TAIL \
                or data[start] not in SECTIONS:
            raise LayoutError(msg("the section directory names byte {start}, where no section starts", start=start),
                              start)
        found.append((data[start], start, end))
    names = [name for name, _, _ in found]
    if names[:3] != [0xA3, 0xA5, 0xB3] or names[-1] != 0xD3 or len(set(names)) != len(names):
        raise LayoutError(msg("the sections are not those of the known layout (round schedule, players, games, …, "
                              "directory): {sections}", sections=[SECTIONS.get(n, hex(n)) for n in names]), found[0][1])
    return found[:-1]


def _records(data: bytes, bounds: dict, name: int, count: int, shape: tuple[int, int]) -> tuple[Record, ...]:
    start, end = bounds[name]
    cursor = _Cursor(data, start + 4, end, SECTIONS[name])
    records = tuple(cursor.record(shape) for _ in range(count))
    _filled(cursor, name, msg("{count} records", count=count))
    return records


def _filled(cursor: _Cursor, name: int, what: str) -> None:
    if cursor.pos != cursor.end:
        raise LayoutError(msg("the {section} section holds {count} bytes more than its {what} (at byte {pos})",
                              section=SECTIONS[name], count=cursor.end - cursor.pos, what=what, pos=cursor.pos),
                          cursor.pos)


def _per_round(data: bytes, bounds: dict, schedule: tuple[Record, ...], section: int, count_at: int, size: int,
               what: str) -> list[tuple[int, bytes, int]]:
    """The fixed-size records of ``section``, round by round, as (round, bytes, offset): the
    schedule gives each round's count (its u16 at ``count_at``); the section holds no more."""
    start, end = bounds[section]
    cursor = _Cursor(data, start + 4, end, SECTIONS[section])
    out = []
    for r, entry in enumerate(schedule, 1):
        for _ in range(entry.u16(count_at)):
            at = cursor.pos
            out.append((r, cursor.take(size), at))
    _filled(cursor, section, what)
    return out


def _games(data: bytes, bounds: dict, schedule: tuple[Record, ...]) -> tuple[GameRecord, ...]:
    """The pairing records, round by round: the schedule gives each round's count (+6)."""
    return tuple(GameRecord(r, int.from_bytes(raw[0:2], "little"), int.from_bytes(raw[2:4], "little"), raw[4],
                            raw[5:], at)
                 for r, raw, at in _per_round(data, bounds, schedule, 0xB3, 6, GAME_BYTES,
                                              msg("pairing records the round schedule counts")))


def _matches(data: bytes, bounds: dict, schedule: tuple[Record, ...]) -> tuple[MatchRecord, ...]:
    """The team match records, round by round: the schedule gives each round's count (+8)."""
    matches = []
    for r, raw, at in _per_round(data, bounds, schedule, 0xC3, 8, MATCH_BYTES,
                                 msg("match records the round schedule counts")):
        first, second, p1, p2 = struct.unpack_from("<4H", raw)
        matches.append(MatchRecord(r, first, second, (p1, p2), raw[8:], at))
    return tuple(matches)
