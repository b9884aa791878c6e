"""Chess time controls: TRF-2026 record 222 codes and TRF record 122 free text.

Record 222 holds an encoded form, ``d[:d]`` or ``Wd[:d]-Bd[:d]`` (different
clocks for White and Black, as in Armageddon), where each period descriptor
``d`` is ``M/S``, ``M/S+I``, ``S`` or ``S+I``: M moves, S seconds, I seconds
of increment per move.  Record 122 holds whatever people typed, such as
``90 min/40 moves + 30 min + 30 sec/move`` or ``100'/40 + 15' + 30"``.

Free text is read conservatively: a text that is not fully understood gives
None instead of a guess.  As in the FIDE convention ("+30 sec per move from
move 1"), an increment written in free text applies to every period.
"""

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from .messages import Message, joined, msg

# Seconds per time unit, as written in free text (English, German, French, Spanish, Italian).
_UNIT_SECONDS = {
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
    "std": 3600, "stunde": 3600, "stunden": 3600, "heure": 3600, "heures": 3600, "hora": 3600,
    "horas": 3600,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "'": 60, "′": 60, "mn": 60,
    "minuten": 60, "minuto": 60, "minutos": 60, "minuti": 60,
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, '"': 1, "″": 1, "''": 1,
    "sek": 1, "sekunde": 1, "sekunden": 1, "seconde": 1, "secondes": 1, "seg": 1, "segundo": 1,
    "segundos": 1, "secondi": 1,
}
_MOVE_UNITS = {"move", "moves", "mv", "mvs"}
# Phrases rewritten before terms are read, in order: (pattern, replacement).
_PHRASES = (
    # labels in front of the control
    (r"^(?:standard|classical|classic|rapid|blitz|time control|rate of play|cadence|bedenkzeit"
     r"|ritmo(?: de juego)?|tc)\b\s*[:=-]?\s*", ""),
    # abbreviation dots ("min.", "sek.")
    (r"(?<=[a-zäöüé])\.", ""),
    # where the increment starts
    (r"\b(?:from|ab|desde|à partir d[eu]|a partir de)\s+(?:the\s+|le\s+|dem\s+|la\s+|el\s+)?"
     r"(?:move\s+(?:1|one)|first\s+move|premier\s+coup|coup\s+1|ersten\s+zug|zug\s+1|primera\s+jugada"
     r"|jugada\s+1|primer\s+movimiento)", "from move 1"),
    # moves in other languages; "mm" is how FIDE TEC's TRF-2026 sample writes them ("100'x40mm")
    (r"(?<![a-zäöüé])(?:züge|zug|coups?|jugadas?|movimientos?|mosse|mossa|mm)(?![a-zäöüé])", "moves"),
    (r"\b(?:par|pro|por|je|a|each|per)\s+(?=moves?\b)", "per "),
    (r"\b(?:increment|inkrement|incrément|incremento|bonus|fischer)\b", "inc"),
    # US Chess's delay ("G/90 d30", "G/90;d5", "delay 5"): a term of its own
    (r"(?<![a-z0-9])(?:d|delay)\s*(?=\d)", "+ delay "),
    # an increment after a space ("G/90 inc30", "G/90 inc 30 s"): a term of its own
    (r"(?<=[0-9a-z'\"])\s+(?=inc\s*\d)", " + "),
    # sudden death and whose time it is: no information
    (r"\bsd\s*/?\s*", ""),
    (r"\b(?:all\s+moves\s+in|for\s+all\s+moves|for\s+the\s+rest\s+of\s+the\s+game|rest\s+of\s+the"
     r"\s+game|for\s+the\s+rest|to\s+finish|sudden\s+death|per\s+player(?:\s+per\s+game)?"
     r"|for\s+each\s+player|each\s+player|per\s+side|per\s+game)\b", " "),
    # words that join periods
    (r"\b(?:plus|and|then|followed\s+by|puis|dann|und|et|y)\b|&", "+"),
    # 1:30 and 1h30 as minutes (not inside a 222 code such as 40/6000+30:900+30)
    (r"(?<![\d/+:])(\d{1,2}):([0-5]\d)(?![\d/:])", lambda m: f"{int(m[1]) * 60 + int(m[2])} min"),
    (r"\b(\d{1,2})\s*h\s*([0-5]?\d)(?:\s*(?:min|m|'))?(?!\s*[\da-z])",
     lambda m: f"{int(m[1]) * 60 + int(m[2])} min"),
)
# Longest first, so that "min" is not read as "m" followed by "in".
_WORD_UNITS = sorted(
    (unit for unit in (*_UNIT_SECONDS, *_MOVE_UNITS) if unit.isalpha()), key=len, reverse=True
)
_SIGN_UNITS = sorted((unit for unit in _UNIT_SECONDS if not unit.isalpha()), key=len, reverse=True)
# The patterns below stay text: `re` compiles each on first use and caches it, so a run that
# reads no time control never pays for compiling them.
# A number (six digits at most) with an optional unit; a word unit must not run
# into further letters.
_QUANTITY = (
    r"(\d{1,6})\s*((?:" + "|".join(_WORD_UNITS) + r")(?![a-z])|"
    + "|".join(map(re.escape, _SIGN_UNITS)) + ")?"
)
_FROM_MOVE_ONE = r"(?:\s*from\s+move\s+(?:1|one))?"
_INCREMENT_TERMS = (
    rf"(?:inc(?:rement)?|bonus)\.?\s*[:/=]?\s*{_QUANTITY}{_FROM_MOVE_ONE}",
    rf"{_QUANTITY}\s*(?:inc(?:rement)?|(?:/|per|a|each)\s*moves?){_FROM_MOVE_ONE}",
    rf"{_QUANTITY}\s*from\s+move\s+(?:1|one)",
)
_DELAY_TERM = rf"delay\s*{_QUANTITY}"
_GAME_TERM = rf"(?:g|sd|game(?:\s+in)?)\s*/?\s*{_QUANTITY}"
_PERIOD_TERM = rf"{_QUANTITY}\s*(/|x|in|for)\s*{_QUANTITY}"

_CODE_PERIOD = r"(?:(\d+)/)?(\d+)(?:\+(\d+))?"
_CODE_SIDES = r"W([^-]+)-B([^-]+)"


@dataclass(frozen=True)
class Period:
    """One period of a clock: ``base_seconds`` for ``moves`` moves (None: the
    rest of the game), plus ``increment_seconds`` after every move of the period."""

    base_seconds: int
    moves: int | None = None
    increment_seconds: int = 0

    def __post_init__(self) -> None:
        if self.base_seconds < 0 or self.increment_seconds < 0:
            raise ValueError("times cannot be negative")
        if self.moves is not None and self.moves < 1:
            raise ValueError("a period needs at least one move")


@dataclass(frozen=True)
class TimeControl:
    """The periods of White's and Black's clocks (equal for symmetric controls).

    Only the last period of a side may last for the rest of the game; a last
    period with a move count is taken to last to the end of the game too.
    """

    white: tuple[Period, ...]
    black: tuple[Period, ...]
    #: The increments are a delay (US Chess ``d5``: up to that many seconds a move are not taken
    #: off the clock): counted like an increment, the most the delay can give.
    delay: bool = False
    #: The free text it was read from (None: built or read from a 222 code), for :func:`doubts`.
    written: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        for periods in (self.white, self.black):
            if not periods:
                raise ValueError("a side needs at least one period")
            if any(period.moves is None for period in periods[:-1]):
                raise ValueError("only the last period may last for the rest of the game")

    def minutes_for(self, moves: int = 60) -> Fraction:
        """Minutes a player gets for ``moves`` moves, the FIDE basis for rating categories.

        The base times of the periods reached within ``moves`` moves plus the
        increments of those moves, for the side with less time: 90'+30" gives
        90 + 60 * 30 / 60 = 120.
        """
        return Fraction(min(_seconds_for(self.white, moves), _seconds_for(self.black, moves)), 60)

    def game_minutes(self, moves: int = 60) -> Fraction:
        """Minutes of play a game of ``moves`` moves can last: both clocks run out (the basis of
        the 12-hours-of-play-a-day rule). 90'+30" gives 240."""
        return Fraction(_seconds_for(self.white, moves) + _seconds_for(self.black, moves), 60)

    @property
    def symmetric(self) -> bool:
        """Both players have the same time (not Armageddon)."""
        return self.white == self.black


def describe(tc: TimeControl) -> Message:
    """A time control in words, with its FIDE 60-move basis: ``90 min + 30 s a move from move 1
    (120 min for 60 moves)``; ``40 moves in 90 min, then 30 min, + 30 s a move from move 1 (…)``."""
    def side(periods: tuple[Period, ...]) -> Message:
        parts = [_duration(p.base_seconds) if p.moves is None
                 else msg("{moves} moves in {duration}", moves=p.moves, duration=_duration(p.base_seconds))
                 for p in periods]
        text = joined(parts, msg(", then "))
        increment = periods[-1].increment_seconds
        if increment and tc.delay:
            return msg("{periods} + a delay of {increment} s a move (counted as an increment of {increment} s, the "
                       "most it gives)", periods=text, increment=increment)
        return msg("{periods} + {increment} s a move from move 1", periods=text, increment=increment) if increment \
            else text
    minutes = tc.minutes_for(60)
    text = side(tc.white) if tc.symmetric else msg("White {white}; Black {black}", white=side(tc.white),
                                                   black=side(tc.black))
    return msg("{clock} ({minutes} min for 60 moves)", clock=text, minutes=minutes)


def _duration(seconds: int) -> Message:
    """``5400`` -> ``90 min``; ``30`` -> ``30 s``; ``3630`` -> ``60 min 30 s``."""
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return msg("{seconds} s", seconds=rest)
    return msg("{minutes} min {seconds} s", minutes=minutes, seconds=rest) if rest else msg("{minutes} min",
                                                                                             minutes=minutes)


def parse_code(text: str) -> TimeControl | None:
    """Read a TRF-2026 record 222 code such as ``40/6000+30:900+30`` or ``W300-B240``.

    Returns None when the text is not a valid code.
    """
    code = text.strip()
    try:
        if sides := re.fullmatch(_CODE_SIDES, code):
            return TimeControl(_code_periods(sides[1]), _code_periods(sides[2]))
        periods = _code_periods(code)
        return TimeControl(periods, periods)
    except ValueError:
        return None


def format_code(tc: TimeControl) -> str:
    """The canonical record 222 code of ``tc``: ``parse_code(format_code(tc)) == tc``."""
    if tc.white == tc.black:
        return _format_periods(tc.white)
    return f"W{_format_periods(tc.white)}-B{_format_periods(tc.black)}"


def read(text: str) -> TimeControl | None:
    """A time control as a person writes it (record 122, or given by hand): free text first
    (``90+30`` is 90 minutes and 30 seconds a move, ``5400+30`` 5400 seconds), else a record 222
    code (``40/6000+30:900+30``, ``W300-B240``); None when it is neither."""
    return parse_text(text) or parse_code(text)


def parse_text(text: str) -> TimeControl | None:
    """Read the free text of a TRF record 122, or return None if it is not understood.

    The text is split into terms at ``+``, ``,`` and ``;``.  A term is a period
    with a move count (``40/90``, ``100'/40``, ``100'x40``, ``90 min/40 moves``;
    two bare numbers are read as moves/time), a time (``90'``, ``30 min``,
    ``G/90``), an increment (``30"``, ``30 sec``, ``30 sec/move``, ``inc30``),
    or a bare number.  A bare number right after a rest-of-game period is the
    increment in seconds (``90+30``, ``3+2``); otherwise it is a time in
    minutes, or in seconds when it is 600 or more (``5400+30``).  Nothing may
    follow the increment or a rest-of-game period except that one increment.
    """
    periods: list[Period] = []
    increment = None
    delay = False
    for term in _terms(text):
        reading = _read_term(term)
        if reading is None or increment is not None:
            return None
        kind, value = reading
        open_ended = bool(periods) and periods[-1].moves is None
        if isinstance(value, Period):
            if open_ended:
                return None
            periods.append(value)
        elif kind == "bare" and not open_ended:
            periods.append(Period(_bare_seconds(value)))
        elif not periods:
            return None
        else:  # an increment, a delay, or a bare number after a rest-of-game period
            increment, delay = value, kind == "delay"
    if not periods:
        return None
    both = tuple(replace(period, increment_seconds=increment or 0) for period in periods)
    return TimeControl(both, both, delay, text)


def _terms(text: str) -> list[str]:
    """The terms of a free text, after the phrases are rewritten (split at ``+``, ``,``, ``;``)."""
    text = " ".join(text.lower().split())
    for pattern, replacement in _PHRASES:
        text = re.sub(pattern, replacement, text)
    return [term for term in (t.strip() for t in re.split(r"[+,;]", text)) if term]


def doubts(text: str) -> list[Message]:
    """What in a free-text time control is read as written but is probably not what was meant:
    a period of two bare numbers is read as moves/minutes (the FIDE form, ``40/90``); with more
    moves than minutes (``90/40``: 90 moves in 40 minutes) it was probably minutes/moves."""
    found = []
    for term in _terms(text):
        match = re.fullmatch(_PERIOD_TERM, term, re.ASCII)
        if match is None or match[2] or match[3] != "/" or match[5]:
            continue
        moves, minutes = int(match[1]), Fraction(_bare_seconds(int(match[4])), 60)
        if moves > minutes:
            found.append(msg("{term} is read as {moves} moves in {minutes} min (moves/minutes, as in 40/90); if it "
                             "means {a} min for {b} moves, write {b}/{a} or {a}'/{b}", term=repr(term), moves=moves,
                             minutes=minutes, a=match[1], b=match[4]))
    return found


def _seconds_for(periods: tuple[Period, ...], moves: int) -> int:
    """Seconds one side gets for its first ``moves`` moves; the last period lasts to the end."""
    seconds, played = 0, 0
    for index, period in enumerate(periods):
        if played >= moves:
            break
        last = index == len(periods) - 1
        in_period = moves - played if last or period.moves is None else min(period.moves, moves - played)
        seconds += period.base_seconds + in_period * period.increment_seconds
        played += in_period
    return seconds


def _code_periods(code: str) -> tuple[Period, ...]:
    """The periods of one side of a 222 code; raises ValueError if it is not one."""
    periods = []
    for descriptor in code.split(":"):
        match = re.fullmatch(_CODE_PERIOD, descriptor, re.ASCII)
        if match is None:
            raise ValueError(f"not a time period descriptor: {descriptor!r}")
        moves, seconds, increment = match.groups()
        moves = None if moves is None else int(moves)
        periods.append(Period(int(seconds), moves, int(increment or 0)))
    return tuple(periods)


def _format_periods(periods: tuple[Period, ...]) -> str:
    """One side of a 222 code: its period descriptors joined by colons."""
    return ":".join(
        ("" if period.moves is None else f"{period.moves}/")
        + str(period.base_seconds)
        + (f"+{period.increment_seconds}" if period.increment_seconds else "")
        for period in periods
    )


def _read_term(term: str) -> tuple[str, Period | int] | None:
    """Classify one free-text term as ("period", Period), ("increment", seconds)
    or ("bare", number), or None when it is not understood."""
    if match := re.fullmatch(_DELAY_TERM, term, re.ASCII):
        if match[2] in _MOVE_UNITS or (match[2] and _UNIT_SECONDS[match[2]] != 1):
            return None
        return "delay", int(match[1])
    for form in _INCREMENT_TERMS:
        if (match := re.fullmatch(form, term, re.ASCII)) and match[2] not in _MOVE_UNITS:
            return "increment", int(match[1]) * _UNIT_SECONDS.get(match[2], 1)
    if match := re.fullmatch(_GAME_TERM, term, re.ASCII):
        seconds = _time_seconds(int(match[1]), match[2])
        return None if seconds is None else ("period", Period(seconds))
    if match := re.fullmatch(_PERIOD_TERM, term, re.ASCII):
        return _moves_period(match)
    if match := re.fullmatch(_QUANTITY, term, re.ASCII):
        number, unit = int(match[1]), match[2]
        if unit is None:
            return "bare", number
        if unit in _MOVE_UNITS:
            return None
        if _UNIT_SECONDS[unit] == 1:
            return "increment", number
        return "period", Period(number * _UNIT_SECONDS[unit])
    return None


def _moves_period(match: re.Match[str]) -> tuple[str, Period] | None:
    """A period from ``A sep B`` where one side counts moves and the other is a time.

    Units tell which is which; two bare numbers are read as moves/time (the
    FIDE "40/120" form) but only with a slash.
    """
    first_number, first_unit, separator, second_number, second_unit = match.groups()
    first, second = _role(first_unit), _role(second_unit)
    if (first, second) in {("moves", "time"), ("moves", None), (None, "time")} or (
        (first, second) == (None, None) and separator == "/"
    ):
        moves, (number, unit) = int(first_number), (second_number, second_unit)
    elif (first, second) in {("time", "moves"), ("time", None), (None, "moves")}:
        moves, (number, unit) = int(second_number), (first_number, first_unit)
    else:
        return None
    seconds = _time_seconds(int(number), unit)
    return None if seconds is None or moves < 1 else ("period", Period(seconds, moves))


def _role(unit: str | None) -> str | None:
    """Whether a unit counts moves or time; None for a bare number."""
    if unit is None:
        return None
    return "moves" if unit in _MOVE_UNITS else "time"


def _time_seconds(number: int, unit: str | None) -> int | None:
    """Seconds of a period time; None when the unit counts moves."""
    if unit is None:
        return _bare_seconds(number)
    return None if unit in _MOVE_UNITS else number * _UNIT_SECONDS[unit]


def _bare_seconds(number: int) -> int:
    """A period time written without unit: minutes, or seconds from 600 up."""
    return number if number >= 600 else number * 60
