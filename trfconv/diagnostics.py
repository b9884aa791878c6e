"""Diagnostics: the one way every reader, check and writer reports a problem.

A diagnostic has a stable code (the guide's table, ``docs/reference/diagnostics.md``, is generated
from :data:`CODES`; ``trfconv explain CODE`` tells one), a severity, a
location (file, line, column; 1-based), a message a person understands and, where known, the
consumer that would reject the input.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import Enum
from operator import attrgetter

from .actions import Action, voice
from .messages import ENGLISH, Language, Message, joined, msg, plural
from .records import builder


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Code:
    """A registered code: its default severity, the title the guide's table shows, the consumer
    that would reject such input, and whether it states an assumption a result rests on (a
    caveat: such diagnostics are printed in the caveats block of every document a person files
    whose kind of result it concerns)."""

    code: str
    severity: Severity
    title: str
    consumer: str | None = None
    caveat: bool = False
    #: The kind of result the caveat concerns ("ranking": standings and play-offs); None: every kind.
    scope: str | None = None
    #: What to do about it, where that can be said in general (``trfconv explain CODE`` prints it).
    todo: str | None = None
    #: The means of doing it, which each face words (an option, a control): the command line adds
    #: them to ``explain`` and to the line of such a diagnostic that carries none of its own.
    actions: tuple[Action, ...] = ()


E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

#: Every diagnostic code, its default severity and a one-line title. Codes never change meaning.
CODES: dict[str, Code] = {
    c.code: c
    for c in (
        # input: bytes, encoding and lines
        Code("IO001", E, "file cannot be read",
             todo="check the path and the permissions (a folder is searched only by the commands that take several files)"),
        Code("IO002", E, "file is empty or holds no TRF record",
             todo="check that this is the tournament file and not an empty export: trfconv info FILE says what it holds"),
        Code("IO003", E, "output file cannot be written (the input file, a folder, no permission, disk full)",
             todo="write to another path (never the input file) in a folder that exists and may be written"),
        Code("IO004", E, "file is not a tournament file (a PDF, a web page, a Word document, an archive, a picture, "
                         "binary data); what it is and what to do instead are said",
             todo="export the tournament from the pairing program as TRF, chess-results XML or CSV (trfconv formats lists what is read)"),
        Code("ENC001", I, "file is not UTF-8; decoded with a single-byte code page", "bbpPairings"),
        Code("ENC002", I, "byte-order mark found and removed", "bbpPairings"),
        Code("ENC003", W, "text looks like mojibake (UTF-8 decoded as Latin-1 before it was saved)",
             todo="the file was saved twice in different encodings: export it again from the pairing program, in UTF-8"),
        Code("ENC004", W, "columns line up only with another encoding; that encoding was used",
             todo="check the names it shows; give the encoding when it is another",
             actions=(Action("give-encoding"),)),
        Code("ENC005", E, "bytes are not valid in the encoding given",
             todo="give the file's real encoding, or none to have it detected", actions=(Action("give-encoding"),)),
        Code("ENC006", I, "UTF-16 text without a byte-order mark; read as UTF-16"),
        Code("LIN001", I, "mixed line endings"),
        Code("LIN002", W, "TAB character inside a record"),
        # records
        Code("TRF001", W, "unknown record kept verbatim"),
        Code("TRF002", I, "ruler or comment line without ### kept verbatim"),
        Code("TRF003", W, "record repeated; the first value is used, the others kept verbatim"),
        Code("TRF004", E, "record could not be read; kept verbatim"),
        Code("TRF005", W, "CPPDubovSystem-style private record kept verbatim"),
        # player lines (001) and their columns
        Code("TRF010", E, "column misalignment: a separator column is not blank", "FIDE rating server",
             todo="a field is shifted by a column: put each field in its columns again (export the file again from the pairing program); the FIDE rating server refuses the file as it is"),
        Code("TRF011", W, "player line shorter than 84 characters", "bbpPairings",
             todo="export the file again: a player line reaches at least the points column (84)"),
        Code("TRF013", E, "start number missing or not a number", "bbpPairings",
             todo="give every player line a start number (columns 5-8)"),
        Code("TRF014", E, "start number used twice", "bbpPairings",
             todo="number the players 1..N, each once, and export the file again"),
        Code("TRF015", W, "start numbers are not contiguous 1..N", "bbpPairings",
             todo="number the players 1..N without gaps, and export the file again"),
        Code("TRF016", E, "number field (rating, FIDE id, points, rank) is not a number",
             todo="write the field with digits only"),
        Code("TRF017", I, "legacy or non-standard code normalised (title, sex)"),
        Code("TRF018", W, "unknown title or sex code kept as written"),
        # round blocks
        Code("TRF020", E, "unknown result code", "bbpPairings",
             todo="write the result as 1 0 = + - W D L, or a bye as H F U Z"),
        Code("TRF021", E, "unknown colour code", "bbpPairings",
             todo="write the colour as w, b or -"),
        Code("TRF022", E, "opponent is not a player of the file", "bbpPairings",
             todo="add the missing player, or correct the opponent's start number"),
        Code("TRF023", I, "legacy bye notation normalised"),
        Code("TRF024", W, "'0000 - +' / '0000 - -': forfeit without an opponent (legacy files use it for a bye)"),
        Code("TRF025", E, "bye code with an opponent; the opponent is ignored", "bbpPairings",
             todo="write a bye with the opponent 0000"),
        Code("TRF026", W, "played game without a colour", "bbpPairings"),
        Code("TRF027", I, "paired round without a result (round in progress)"),
        Code("TRF028", W, "result code not in TRF16/TRF-2026 read as an unknown/adjourned result", "bbpPairings"),
        Code("TRF029", E, "player paired against himself", "bbpPairings",
             todo="correct the opponent's start number in that round"),
        # consistency between players and with the header
        Code("TRF030", E, "pairing asymmetry: the opponent does not list this game", "bbpPairings",
             todo="make both players' entries of that round name each other (export the file again from the pairing program)"),
        Code("TRF031", E, "both players have the same colour", "bbpPairings",
             todo="give the two players of the game opposite colours"),
        Code("TRF032", E, "results of the two players do not match", "bbpPairings",
             todo="make the two results of the game complementary (1 and 0, = and =, + and -)"),
        Code("TRF033", W, "points column differs from the results under the score system", "bbpPairings"),
        Code("TRF034", W, "declared count (062/072/082) differs from the file"),
        Code("TRF035", E, "round played beyond the declared number of rounds", "bbpPairings",
             todo="correct the number of rounds (062, XXR) or remove the rounds beyond it"),
        Code("TRF036", W, "number of round dates differs from the number of rounds"),
        Code("TRF037", W, "date cannot be read"),
        Code("TRF038", I, "date is ambiguous; the reading closest to the event's other dates was used"),
        Code("TRF039", W, "number field in a header record is not a number"),
        # engine, scoring and team records
        Code("TRF040", E, "score-system record (162/XXS/BB?) cannot be read", "bbpPairings",
             todo="write the score-system record as the TRF-2026 or TRF16 text says (e.g. XXS WW=1 BW=1 WD=0.5 BD=0.5)"),
        Code("TRF041", W, "tournament type code (192) is not an ETT26 code"),
        Code("TRF042", W, "team member is not a player of the file, or is in two teams"),
        Code("TRF043", W, "013 team list differs from the 310 record of the same team"),
        Code("TRF044", W, "time control code (222) cannot be read"),
        Code("TRF045", W, "id in an engine or team record is not a player or team of the file"),
        Code("TRF047", W, "team record in an individual event (092/192/082 say individual); kept, not used"),
        Code("TRF060", E, "FIDE ID on two player lines of the file: one FIDE ID is one person", "FIDE rating server",
             todo="one of the two players has a wrong FIDE ID: check both on ratings.fide.com and correct it"),
        Code("TRF061", W, "round dates (132) go backwards: a round dated before the round before it",
             todo="correct the round dates (132) in the pairing program: each round on or after the one before"),
        Code("TRF062", W, "player federation is not a FIDE federation's code on the event's date", "FIDE rating server",
             todo="write the player's FIDE federation code (three letters, as on ratings.fide.com: FRA, GER, USA, ENG)"),
        Code("TRF063", W, "an arbiter record (102/112) names several FIDE IDs: read as several arbiters",
             todo="write one 112 record for each arbiter, as TRF asks (the Chief Arbiter alone in 102)"),
        # pairings stated once (the tournament builder)
        Code("PAR001", W, "pairing names a player who is not in the file; left out"),
        Code("PAR002", W, "player has a second entry in one round; the first is used"),
        Code("PAR003", W, "a pairing program's bye dummy (BYE, spielfrei, Freilos …) read as byes, not as a player"),
        # JSON
        Code("JSN001", E, "JSON document is not a trfconv tournament"),
        # writing
        Code("WRT001", W, "value too long for its column; truncated"),
        Code("WRT002", W, "character not representable in the output encoding; replaced"),
        Code("WRT003", E, "value cannot be written in this format"),
        Code("WRT004", W, "data the output format cannot hold was left out"),
        Code("WRT005", E, "unreadable round block written back verbatim"),
        Code("WRT006", W, "played game without a colour written with colour '-'", "bbpPairings"),
        # rateability (validator); findings that make the event not rateable are errors
        Code("VAL001", W, "time control not understood or missing; the rate of play was not checked", caveat=True,
             actions=(Action("give-time-control"),)),
        Code("VAL002", I, "no round dates; rounds and hours of play a day not checked", caveat=True),
        Code("VAL003", I, "event type not declared; inferred from the crosstable", caveat=True),
        Code("VAL004", I, "start date unknown; judged under the newest edition", caveat=True,
             todo="give the event's start date in the file (042 record)", actions=(Action("choose-edition"),)),
        Code("VAL005", I, "event falls under a regulation text that is not modelled; nearest edition used", caveat=True,
             actions=(Action("choose-edition"),)),
        Code("VAL006", W, "rating below the edition's floor treated as unrated", caveat=True),
        Code("VAL007", I, "national championship: which composition rule was applied", caveat=True),
        Code("VAL008", I, "rules edition chosen, and why", caveat=True),
        Code("VAL009", I, "time control given instead of the file's, and how it was read", caveat=True),
        Code("VAL010", E, "rate of play too fast for the event's ratings", "FIDE rating server",
             todo="check the time control (the 122 record, or the one given): the event may belong to the rapid or "
                  "blitz list", actions=(Action("give-time-control"),)),
        Code("VAL011", W, "rate of play too fast for some games; those games are not rated"),
        Code("VAL012", E, "first time control has too few moves", "FIDE rating server",
             todo="check the time control: the first period must hold as many moves as the regulation asks"),
        Code("VAL014", E, "players have different times in a rapid or blitz event", "FIDE rating server",
             todo="give every player the same time (a rapid or blitz event)"),
        Code("VAL015", W, "rapid/blitz games too far apart in rating are not rated"),
        Code("VAL020", E, "too many rounds in one day", "FIDE rating server",
             todo="check the round dates (132): too many rounds on one day"),
        Code("VAL021", E, "too many hours of play in one day", "FIDE rating server",
             todo="check the round dates (132) and the time control"),
        Code("VAL022", E, "event lasts longer than allowed", "FIDE rating server",
             todo="check the start and end dates and the round dates"),
        Code("VAL030", E, "round robin with too few rated players", "FIDE rating server",
             todo="a round robin needs the rated players the regulation asks; otherwise the event is not rated"),
        Code("VAL031", W, "round robin with unplayed games is rated as a Swiss"),
        Code("VAL032", W, "unrated player with too few rated opponents is not counted"),
        Code("VAL033", W, "unrated player's score too low in a first event; not counted", caveat=True),
        Code("VAL034", W, "match games played after the match was decided are not rated"),
        Code("VAL035", E, "match with an unrated player is not rated", "FIDE rating server",
             todo="a match with an unrated player is not rated: nothing to correct unless a rating is missing from the file"),
        Code("VAL036", E, "Scheveningen event with too many unrated players", "FIDE rating server"),
        Code("VAL040", E, "no game of the event can be rated", "FIDE rating server",
             todo="check the time control, the dates, the ratings and the results: nothing in the event can be rated as it is"),
        # rating engine and report (B.02 rating arithmetic)
        Code("RAT001", W, "K inferred from the edition's rules for some players (earlier games, peak rating or birth date not known)", caveat=True),
        Code("RAT002", W, "K file line cannot be read (expected 'FIDE id,K'); ignored",
             todo="write each line of the K file as 'FIDE id,K'"),
        Code("RAT003", W, "FIDE id repeated in the K file; the first K is used", caveat=True),
        Code("RAT004", W, "K file names a FIDE id that is not in the tournament",
             todo="check the FIDE ids of the K file against the tournament's players"),
        Code("RAT005", W, "counted game against an opponent without a usable rating; left out", caveat=True),
        Code("RAT006", W, "K from the K file is not one of the edition's K values; used as given", caveat=True),
        # tie-breaks and standings (trfconv.rules.tiebreaks)
        Code("TB001", E, "tie-break name cannot be read or is unknown",
             todo="spell the tie-break as the list of tie-breaks names it (e.g. BH/C1,SB,DE)",
             actions=(Action("give-tiebreaks"),)),
        Code("TB002", E, "modifier not allowed with this tie-break",
             todo="leave the modifier out, or choose a tie-break that takes it"),
        Code("TB003", W, "tie-break not defined in the rules edition used; computed as its own edition defines it"),
        Code("TB004", W, "rating-based tie-break undefined: unrated players and no rating given for them", caveat=True,
             actions=(Action("give-unrated-rating"),)),
        Code("TB005", I, "players still tied after the last tie-break: drawing of lots needed",
             todo="draw lots or hold a play-off", actions=(Action("draw-lots"), Action("play-off"))),
        Code("TB006", E, "team tie-break asked for in a tournament without teams",
             todo="choose individual tie-breaks, or give the file's teams (310 or 013 records)"),
        Code("TB007", W, "players of a team met players of several teams in one round"),
        Code("TB008", W, "team's match or game points declared in 310 differ from its matches"),
        Code("TB009", W, "299 record names an id that is not a player (team) of the file; not applied to it"),
        Code("TB010", W, "299 record cannot be applied (no meaning of 299 fits, or beyond the event's rounds)"),
        Code("TB011", I, "299 record applied: a score or a result differs from the results as played"),
        # crosstables: chess-results.com XML, CSV and .xlsx (readers and writers)
        Code("XML001", E, "XML document is not well-formed or exceeds the size limit",
             todo="export the XML again from the pairing program; a file beyond the size limit: read it with a larger "
                  "limit", actions=(Action("larger-limit"),)),
        Code("XML002", E, "XML document declares a DTD or entities (refused: entity expansion, external access)",
             todo="export the XML again without a DTD: trfconv refuses entities (they can expand or reach outside the file)"),
        Code("XML003", E, "XML document is not a chess-results.com tournament",
             todo="export the chess-results.com upload XML (Swiss-Manager: Export, chess-results XML)"),
        Code("XML004", W, "XML value cannot be read (number, date, result)"),
        Code("XML005", W, "pairing names a player who is not in the file, or repeats a round; left out"),
        Code("XML006", I, "paired game without a result read as not finished"),
        Code("CSV001", E, "no crosstable header row found",
             todo="export the crosstable with its header row (start number, name, rating, the rounds)"),
        Code("CSV002", W, "row without a usable start number or name; left out"),
        Code("CSV003", W, "round cell cannot be read; kept verbatim as unreadable"),
        Code("CSV004", W, "number cell (rating, points, rank, FIDE id) cannot be read"),
        Code("CSV005", I, "column not used by trfconv ignored"),
        Code("CSV006", I, "blank rank read as the rank of the row above (tied players)"),
        Code("CSV007", E, "spreadsheet workbook cannot be read",
             todo="save the workbook again as .xlsx, or export it as CSV"),
        Code("CSV008", I, "no start-number column; rows numbered by rank"),
        Code("CSV009", I, "text cell starting with = + - @ written with a leading apostrophe (formula guard)"),
        Code("CSV010", I, "round cells name opponents by ranking row; read as start numbers"),
        Code("CSV011", E, "round-robin crosstable: opponents in columns, no rounds; games not read",
             todo="export the crosstable by rounds (a Swiss crosstable), or the TRF"),
        Code("CSV012", E, "crosstable header without any player row under it",
             todo="export the crosstable with its players under the header row"),
        # input limits and undefined values found by fuzzing (readers and tie-breaks)
        Code("TRF046", E, "player line holds more round blocks than the 999 rounds any format numbers; the rest not read"),
        Code("TRF048", W, "field read from the columns a shift moved it to (certain: the value fills one field's "
                          "columns and the blank beside them)",
             todo="check the value, then put the field back in its columns (export the file again)"),
        Code("TRF049", W, "field left blank, or in doubt: a shift ran it into another field's columns and which "
                          "characters are whose cannot be told",
             todo="give the field's value in its columns (export the file again from the pairing program)"),
        Code("TB012", W, "SSSC undefined: its factor F rounds down to 0 (give it with /Kx)"),
        Code("TB013", I, "no tie-break list given: the list FIDE recommended for the event type (before 2023; C.07 since 2023 recommends none) applied", caveat=True),
        Code("TB014", I, "tie-break rules edition chosen, and why", caveat=True),
        Code("TB015", W, "games against players without a line counted in the player's own score; their values unknown"),
        Code("TB016", W, "no round results: ranked on the points and ranks the file declares", caveat=True),
        Code("TB017", I, "tie-break name two systems share, or that does not say all its tie-break: the reading chosen",
             caveat=True, scope="ranking",
             todo="check the reading against the event's regulations; give the code (docs/tiebreak-names.md) for the other one"),
        # standings as arbiters run them: after a round, drawing of lots, play-off, tie-break lists in files
        Code("STD001", I, "standings after round N: the later rounds are left out, as they did not exist yet", caveat=True),
        Code("STD002", I, "ties left after the whole list broken by a seeded drawing of lots; seed and outcome said",
             caveat=True),
        Code("STD003", W, "chess-results tie-break id without a C.07 counterpart: the tie-break list stops before it", caveat=True, scope="ranking"),
        Code("STD004", I, "games paired without a result (postponed) in the rounds ranked: no game in the standings",
             caveat=True, scope="ranking"),
        # the pairing programs' own files: Swiss-Chess .SWT, Vega, PGN game collections
        Code("SWT001", E, "Swiss-Chess file shorter than its general block; nothing read",
             todo="open the file in Swiss-Chess and save it again, or export the TRF"),
        Code("SWT002", E, "Swiss-Chess file of a version whose layout is not known (before 8.xx); nothing read",
             todo="save the file with Swiss-Chess 8 or later, or export the TRF"),
        Code("SWT003", E, "Swiss-Chess file shorter than its header says (cut short); read as far as its records are whole"),
        Code("SWT004", W, "Swiss-Chess file longer than its header says; the bytes after the last record not read"),
        Code("SWT005", W, "Swiss-Chess setting not read (knock-out or Scheveningen mode, own scoring system)"),
        Code("SWT006", W, "Swiss-Chess date or birth date cannot be read; kept as text"),
        Code("SWT007", W, "Swiss-Chess player record without a start number; numbered by its position"),
        Code("SWT008", W, "Swiss-Chess pairing record with an unknown colour, status or result"),
        Code("SWT009", I, "Swiss-Chess tie-break list: how its selection was read, and where the list stops", caveat=True, scope="ranking"),
        Code("VEG001", E, "Vega .vegz/.bakz file: compressed or enciphered, no public layout; export the TRF from Vega",
             todo="export the TRF from Vega"),
        Code("VEG002", E, "Vega crosstable without its header line (Pos NAME … Pts, then the round numbers)"),
        Code("VEG003", W, "Vega crosstable row or round cell cannot be read"),
        Code("VEG004", I, "Vega crosstable forfeit printed without a colour"),
        Code("VEG005", I, "Vega crosstable prints no start numbers: players numbered by position (their rank)"),
        Code("PAP001", E, "Papi file (Access database) damaged, cut short or of another Access version; not read",
             todo="open it in Papi and save it again, or export the tournament from Papi (TRF or Papi's FIDE export)"),
        Code("PAP002", E, "Access database without Papi's tables (JOUEUR, INFO): not a Papi tournament; not read",
             todo="give the tournament's .papi file"),
        Code("PAP003", W, "part of a Papi file does not hold together (a row or page left out, a table's row count "
                          "differs from its definition's)"),
        Code("PAP004", W, "Papi setting or player value cannot be read (date, number of rounds, rating list, title "
                          "code, FIDE id); ignored or kept as text"),
        Code("PAP005", W, "Papi round code not known (colour, result); the round read as not paired"),
        Code("PAP006", I, "Papi tie-break list: how its names were read, and where the list stops", caveat=True,
             scope="ranking"),
        Code("PAP007", I, "Papi data the model has no place for (club, category, homologation, pairing system); not kept"),
        Code("PAP008", I, "absences entered in Papi for rounds not yet paired read as requested byes (TRF-2026 240)",
             caveat=True),
        Code("PAP009", E, "Papi-JSON document cannot be read (not JSON, or without its variables and players)"),
        Code("PAP010", I, "event federation FRA: Papi is the French federation's program and its file names none",
             caveat=True),
        Code("PGN001", E, "PGN file holds no game with the headers of a tournament game (White, Black, Result)",
             todo="give a PGN of the event's games, with White, Black and Result tags"),
        Code("PGN002", W, "PGN game cannot be placed: no round (Round tag), or a player without a name"),
        Code("PGN003", W, "PGN game without a result (*): kept as paired, result not known", caveat=True),
        Code("PGN004", I, "player without a game in a round of the PGN: read as absent (a PGN records no bye)", caveat=True),
        Code("PGN005", I, "PGN game won or lost by forfeit (Termination tag, or a result with no moves and a forfeit note)"),
        Code("PGN006", W, "PGN header value cannot be read (rating, FIDE id, date, round)"),
        Code("PGN007", I, "players numbered by rating, title and name (the PGN gives no start numbers)"),
        # FIDE rating lists: cross-check, fill and import (trfconv.ratinglists)
        Code("LST001", E, "FIDE ID not in the FIDE list in force", "FIDE rating server",
             todo="check the FIDE ID on ratings.fide.com and correct it in the file (trfconv fill fills missing ones)"),
        Code("LST002", E, "FIDE ID used by two players of the file (no longer given: every file, with or without a "
                          "list, says it as TRF060)", "FIDE rating server",
             todo="one of the two players has a wrong FIDE ID: correct it"),
        Code("LST003", W, "name differs from the FIDE list's spelling (info when only a spelling variant)"),
        Code("LST004", W, "federation differs from the FIDE list"),
        Code("LST005", W, "sex differs from the FIDE list"),
        Code("LST006", W, "birth year differs from the FIDE list"),
        Code("LST007", W, "title differs from the FIDE list"),
        Code("LST008", W, "rating differs from the FIDE list of the event's rate of play"),
        Code("LST009", W, "rated in the file but unrated in the FIDE list of the event's rate of play"),
        Code("LST010", I, "player inactive in the FIDE list (flag i)"),
        Code("LST011", W, "new player without FIDE ID lacks birth date or sex"),
        Code("LST012", W, "no FIDE list held for the event's start and rate of play; players not checked",
             todo="import the FIDE list of the event's month with trfconv list import"),
        Code("LST013", I, "list of the start date's month not held, or start date unknown; an earlier list used", caveat=True),
        Code("LST020", I, "FIDE ID filled in from the list (one entry with this name, federation and birth year)"),
        Code("LST021", I, "rating set from the list"),
        Code("LST022", I, "title set from the list"),
        Code("LST023", W, "FIDE ID not filled: several list entries match (candidates listed)"),
        Code("LST024", I, "ratings and K taken from the FIDE list in force (the report's source of ratings)", caveat=True),
        Code("LST030", E, "file is not a FIDE rating list (header not recognised)",
             todo="give a FIDE rating list file (TXT or XML, zipped or not, from ratings.fide.com)"),
        Code("LST031", E, "rating list line damaged or truncated; nothing imported"),
        Code("LST032", E, "zip archive damaged or refused (entries, size, compression ratio)"),
        Code("LST033", E, "month or rate of play of a list not told or contradictory",
             todo="say the list's month and rate of play", actions=(Action("give-month"), Action("give-kind"))),
        Code("LST034", E, "FIDE ID repeated in a rating list; nothing imported"),
        # Swiss-Manager's own files (.TUNX .TURX .TUMX .TUTX: trfconv.io.swissmanager)
        Code("SWM001", E, "Swiss-Manager file damaged or in a layout trfconv does not know; not read",
             todo="open the file in Swiss-Manager and export the TRF or the chess-results XML"),
        Code("SWM002", E, "section of a Swiss-Manager file damaged (pairings, teams or matches); the players are read without it"),
        Code("SWM003", W, "Swiss-Manager result code not known; the game read as an unknown result (X), a bye or absence as not paired"),
        Code("SWM004", I, "Swiss-Manager tie-break list: how its ids and settings were read, and where the list stops", caveat=True, scope="ranking"),
        Code("SWM005", I, "free rounds ('spielfrei'): read as pairing-allocated byes (Swiss) or rounds without a game (round robin)", caveat=True),
        Code("SWM006", W, "Swiss-Manager value cannot be read (date, sex, tournament type, team number)"),
        Code("SWM007", I, "part of a Swiss-Manager file not understood (a section, flags of pairing records); not used"),
        Code("SWM008", I, "Swiss-Manager data the model has no place for (club, national title, organiser …); not kept"),
        Code("SWM009", W, "counts in a Swiss-Manager file disagree (rounds announced, scheduled and paired)"),
        Code("SWM010", I, "absences entered for rounds not yet paired read as requested byes (TRF-2026 240)", caveat=True),
        # the rating period (trfconv period)
        Code("PER001", E, "no event to rate in the period (no tournament file given or read, or none in the period)",
             todo="give the tournament files (or folders) of the period's events"),
        Code("PER002", W, "event not rateable (or not finished: a round without its results); left out of the period"),
        Code("PER003", W, "event not in this rating period (ended later, or no round played in the period's month); left out"),
        Code("PER004", W, "event ended before the third list preceding the period (B.02 9.1); not rated, left out"),
        Code("PER005", I, "event ended before the period's month: rated late, in this period", caveat=True),
        Code("PER006", I, "event longer than 30 days: only the rounds played in the period's month are rated (article 4)", caveat=True),
        Code("PER007", W, "event longer than 30 days without every round date: taken whole by its end date", caveat=True),
        Code("PER008", W, "event dates unknown: taken whole into the period", caveat=True),
        Code("PER009", I, "where the rating before the period and K come from (the previous list, or the events)", caveat=True),
        Code("PER010", I, "event over two months: rated whole after its end, on the list in force at its start", caveat=True),
        Code("PER011", W, "players without FIDE ID: their results are not joined across events", caveat=True),
        Code("PER012", W, "K inferred from the rules for some players (no list K)", caveat=True),
        Code("PER013", I, "unrated players: which earlier results (26 months, 7.1.4) were pooled with this period's", caveat=True),
        Code("PER014", W, "file skipped: not a tournament file"),
        Code("PER015", E, "the rules in force have no monthly rating period (before March 2024); not computed",
             todo="the monthly rating period exists from March 2024: choose a later period"),
        Code("PER016", W, "the same event given twice; the second copy is left out"),
        Code("PER017", I, "unrated players' games kept in the database for later periods (7.1.4)"),
        Code("PER018", W, "unrated players' games not kept: the period rests on files with errors"),
        Code("PER030", E, "one FIDE ID is two people in the period's events (name, birth year, sex or federation differ): "
                          "both lines named, the ID left out of the period",
             todo="find which of the two lines has the wrong FIDE ID (ratings.fide.com) and correct that file"),
        Code("PER031", W, "event not finished (a round without all its results); left out of the period"),
        Code("PER032", W, "event without any date; left out of the period"),
        Code("PER033", W, "event not finished, rated on the results it holds, as asked", caveat=True),
        # ready for the FIDE rating server: check --upload (trfconv.rules.upload); each message names
        # the rule (TRF-2026 field mark, B.02 or C.04 article) the finding comes from
        Code("UPL001", E, "record mandatory for rating missing or unreadable (TRF-2026 R■: 012 022 032 042 052 102 132)", "FIDE rating server",
             todo="fill the record in the pairing program's tournament data (name, city, federation, dates, chief arbiter, round dates) and export again"),
        Code("UPL002", W, "player without FIDE ID (R■): registered by FIDE as a new player from the file's data",
             todo="give the player's FIDE ID if FIDE has one (trfconv list find NAME); else FIDE registers a new player from the birth date, sex and name"),
        Code("UPL003", E, "player's final rank missing (R■)", "FIDE rating server",
             todo="give every player a final rank (the pairing program writes them once the last round is entered)"),
        Code("UPL004", E, "round without opponent, colour or result (R■: not finished, unreadable, a game without colour)", "FIDE rating server",
             todo="enter the missing result, opponent or colour of that round in the pairing program"),
        Code("UPL005", E, "round date outside the event's dates, or the start after the end (132 against 042-052, R■)",
             todo="correct the round date (132) or the event's start and end dates (042, 052)"),
        Code("UPL006", E, "final ranks are not 1..N in the order of the points (ties allowed; R■)", "FIDE rating server",
             todo="let the pairing program rank the players again after the last result, and export again"),
        Code("UPL063", E, "event federation (032) is not a FIDE federation's code on the event's date (R■)", "FIDE rating server",
             todo="write the organising federation's FIDE code in 032 (three letters, as on ratings.fide.com: FRA, GER, USA, ENG)"),
        Code("UPL007", E, "title-norm event without a record mandatory for title events (TRF-2026 ◙: 182, 192, 202/212)",
             todo="fill the records a title event needs (182, 192, 202/212) in the pairing program"),
        Code("UPL010", E, "new player without a full birth date (no FIDE ID, or one not on the list; QC: returned to the organiser)",
             todo="ask the organiser for the new player's full birth date (YYYY/MM/DD) and enter it"),
        Code("UPL011", E, "new player without sex (QC: returned to the organiser)",
             todo="ask the organiser for the new player's sex and enter it"),
        Code("UPL012", W, "name not in FIDE's 'Family, Given' form (R□)",
             todo="write the name as FIDE does: 'Family, Given'"),
        Code("UPL020", W, "arbiter without a FIDE ID: the licence cannot be checked (102/112)",
             todo="add the arbiter's FIDE ID to the 102/112 record"),
        Code("UPL021", E, "arbiter not licensed: FIDE ID not on the list, or no arbiter title there (IA/FA/NA in OTit)",
             todo="check the arbiter's FIDE ID against the rating list (trfconv list show ID); an arbiter without a licence gets no credit"),
        Code("UPL022", E, "chief arbiter of a title event is not an IA or FA",
             todo="a title event needs an IA or FA as Chief Arbiter: check the 102 record and the arbiter's title"),
        Code("UPL030", I, "deadlines: the list the event goes to and the last list it can reach (B.02 9.1, closing date 7.1.3)"),
        Code("UPL031", W, "late: the list of registration is missed, a later list can still be reached (B.02 9.1)",
             todo="upload now: the event can still reach the list named"),
        Code("UPL032", E, "too late: the third list after the event's end is past, not rated (B.02 9.1)", "FIDE rating server",
             todo="tell the organiser it cannot be rated any more: FIDE rates an event only when it arrives in time for the third list after its end"),
        Code("UPL033", I, "event over 30 days: its rounds go to the lists of the months they were played in (B.02 4)"),
        Code("UPL034", W, "end date unknown: the deadlines cannot be computed",
             todo="give the event's end date (052)"),
        Code("UPL040", E, "declared points differ from the results without a ### comment stating the adjustment",
             todo="state each correction of points as a ### comment (what and why), or correct the results"),
        Code("UPL041", E, "tie-break list does not reproduce the file's own final ranks (202/212)",
             todo="check the 202/212 tie-break list against the ranks the pairing program printed; correct one of them"),
        Code("UPL042", W, "tie-break list changed after the start, as a ### comment says (checklist Q201-202)",
             todo="make sure the players were told of the change before the first round, as C.07 asks"),
        Code("UPL050", E, "Swiss pairing: two players met twice (C.04.3 C1)", "pairing checker",
             todo="check the pairings of that round in the pairing program: two players may not meet twice"),
        Code("UPL051", E, "Swiss pairing: a pairing-allocated bye the rules bar: a second one, or one after a round won "
                          "without playing (a forfeit win; from 2026 a full-point bye too) (C.04.3 C2)", "pairing checker",
             todo="check the byes: a player gets at most one pairing-allocated bye"),
        Code("UPL052", E, "Swiss pairing: colour sequence FIDE forbids (three in a row, difference beyond ±2; C.04.1, C.04.3 C3)", "pairing checker",
             todo="check the colours of that round in the pairing program"),
        Code("UPL053", I, "gacrux pairing checker's verdict on the file (optional, beside trfconv's)"),
        Code("UPL054", W, "Swiss pairing: a round is not the pairing the Dutch system gives (C.04.3, the edition in force)",
             todo="trfconv pairings FILE --round N shows both pairings and the criterion that decides; check the "
                  "pairing program's settings (system, acceleration, byes entered) for that round"),
        Code("UPL055", I, "Swiss pairing: rounds the pairings checker cannot judge from the file, or a system it does not check"),
        Code("UPL056", I, "Swiss pairing: a round is not the pairing the Dutch system gives, in a file that names no "
                          "pairing system (the Dutch system assumed; information, not an error)",
             todo="if the event was paired by the Dutch system, trfconv pairings FILE --round N shows both pairings and "
                  "the criterion that decides; a file that says its system (192, 092) is held to it"),
        Code("UPL060", E, "no game of the event has a result: nothing to rate yet (B.02 9.1: the report follows the event)",
             "FIDE rating server", todo="upload the file once the event is played"),
        Code("UPL061", E, "a round declared or paired has no results (R■: every round's result; B.02 9.1)",
             "FIDE rating server",
             todo="enter the missing results and export again; a round not played at all: upload once the event is "
                  "over, or, if it ended early, set the number of rounds (142/XXR) to the rounds played"),
        Code("UPL062", E, "the event ends after the day checked: no report before the event ends (B.02 9.1)",
             "FIDE rating server", todo="check and upload the file once the event is over (within 7 days of its end)"),
        # the pairings checker (trfconv pairings: C.04.1, C.04.3)
        Code("PAI001", I, "what the pairings check rests on: the Swiss rules' edition, the system assumed, the initial "
                          "colour read from round 1", caveat=True, scope="pairings"),
        # title norms (trfconv norms: FIDE Title Regulations B.01)
        Code("NRM001", I, "Title Regulations edition chosen, and why", caveat=True, scope="norms"),
        Code("NRM002", I, "opponents' titles, ratings, federations and sex from the file, not from the FIDE list in force", caveat=True, scope="norms"),
        Code("NRM003", W, "a player who made a norm has no FIDE id"),
        Code("NRM004", W, "players not in the FIDE list in force; their file's columns are used", caveat=True, scope="norms"),
        Code("NRM005", W, "no norm possible: too few rounds"),
        Code("NRM006", I, "a reading of the text decides a result (1.4.8b's 35 %, 1.4.1f in a round robin, 1.4.2c's last round, 1.4.1c with 1.4.1d, 1.7's cap): both outcomes are shown", caveat=True, scope="norms"),
        Code("NRM007", I, "overscore counted as games in an event of fewer than 9 rounds (1.4.1d as the QC applies it)", caveat=True, scope="norms"),
        Code("NRM008", I, "1.4.3 exemption declared: the federation rules are not applied", caveat=True, scope="norms"),
        Code("NRM009", W, "the file's columns and the FIDE list disagree in a way that changes a norm"),
        Code("NRM010", W, "event not finished: games without a result are not counted, results the rounds to come can change are not judged", caveat=True, scope="norms"),
        Code("NRM011", I, "double round robin: how opponents are counted for 1.4.3-1.4.5", caveat=True, scope="norms"),
        Code("NRM012", I, "1.4.2b: unrated opponents who scored nothing against rated players are not counted"),
        Code("NRM013", I, "games that lasted less than one move counted as played", caveat=True, scope="norms"),
        Code("NRM014", W, "no norm possible: the event is a match or a Scheveningen (1.4.2e)"),
        Code("NRM015", W, "title application: the applicant is not a player of an event given"),
        Code("NRM016", W, "title application: the events name the applicant differently"),
        Code("NRM017", W, "1.4.3d declared, but not every round of the event meets it"),
        Code("NRM018", I, "an event of more than 30 days: whose ratings each game counts (1.1.4)", caveat=True, scope="norms"),
        Code("NRM021", W, "1.4.2a: games against opponents whose federation is no FIDE federation's code are not counted"),
        Code("NRM020", W, "the file gives no player's titles, federations or ratings: the requirements needing them are not checked", caveat=True, scope="norms"),
        Code("NRM019", W, "title application: an event given twice (two copies, or one as TRF and as JSON) is counted once", caveat=True, scope="norms"),
        # the rating officer's month (issue 25): newcomers in the period, lists by kind
        Code("PER019", I, "a zero score in a newcomer's first event disregarded (8.2.1); which event was the first", caveat=True),
        Code("LST035", I, "FIDE ID not in single-type lists only (no combined list of the month): not rated on this list (warning when the file rates him)"),
        Code("PER020", I, "player unrated at an event's start but rated since: rated as a rated player, unrated for the opponents (8.2.4)", caveat=True),
        # hostile input: limits, text that cannot be written
        Code("LIM001", E, "file beyond the limits read (more lines than a tournament file has); refused",
             todo="check that this is the tournament file: no tournament file has that many lines"),
        Code("ENC007", W, "control character or unpaired surrogate in a text; replaced by U+FFFD"),
        # what a new user met (issue 24): a time control read as written but probably meant otherwise
        Code("VAL016", W, "time control read as written, but probably meant otherwise (90/40: 90 moves in 40 min); "
                          "check it", caveat=True),
        # issue 24, readers and writers: placeholders, conversions that write only what the format defines
        Code("VAL041", W, "event not finished: a round declared or paired has no results, or its last day is not past; "
                          "verdict NOT FINISHED, nobody rated",
             todo="judge it when it is over, or as it stood after a round, or say that it ended early after a round "
                  "(both said in the document)", actions=(Action("after-round", "N"), Action("finished-after", "N"))),
        Code("VAL042", I, "verdict after round N, as asked: the later rounds left out", caveat=True),
        Code("VAL043", I, "the event ended early, as the arbiter says: judged on rounds 1-N",
             caveat=True),
        Code("WRT007", I, "points or ranks the file does not give written from trfconv's standings"),
        Code("WRT008", W, "written from a file with errors, as asked; the output says so"),
        Code("WRT009", W, "forfeit without a colour written with White for the lower start number (TRF requires one)",
             "bbpPairings"),
        Code("FID001", W, "FIDE id written as a placeholder (dashes): read as no FIDE id"),
        Code("PGN008", I, "PGN games without a usable round between the same players placed as successive rounds "
                          "in file order", caveat=True),
        Code("SWT010", W, "Swiss-Chess rating, national rating or FIDE id is not a number; ignored"),
        Code("SWT011", W, "Swiss-Chess player record's points are not those of his pairing records (a stale count); the "
                          "results are used"),
    )
}


@dataclass(frozen=True)
class Location:
    """Where a problem is: file, line and column (1-based); any of them may be unknown."""

    path: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [self.path or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


#: A severity as a diagnostic's line says it.
SEVERITY_WORDS = {Severity.ERROR: msg("error"), Severity.WARNING: msg("warning"), Severity.INFO: msg("info")}


@dataclass(frozen=True)
class Diagnostic:
    """One problem, reported by a reader, a check or a writer (see the module docstring). Its
    ``message`` is the English text; a :class:`~trfconv.messages.Message` (one made with
    ``msg``) is also said in any language (:meth:`said`, :meth:`line`)."""

    code: str
    severity: Severity
    message: str
    location: Location = Location()
    consumer: str | None = None
    #: What the person can do about this one (:mod:`trfconv.actions`); the message says it in
    #: words, the face in use words the means after it (:meth:`~trfconv.actions.Voice.message`).
    actions: tuple[Action, ...] = ()

    def __str__(self) -> str:
        return self.line(ENGLISH)

    def said(self, lang: Language) -> str:
        """The message in ``lang``, with the words of its actions in the voice in use
        (:meth:`~trfconv.actions.Voice.message`)."""
        return lang.say(voice().message(self))

    def line(self, lang: Language) -> str:
        """The diagnostic as one line in ``lang``: ``file:3:5: error TRF010: … [rejected by …]``."""
        text = lang.say(msg("{location}: {severity} {code}: {message}", location=str(self.location),
                            severity=SEVERITY_WORDS[self.severity], code=self.code, message=self.said(lang)))
        if self.consumer:
            text += lang.say(msg(" [rejected by {consumer}]", consumer=lang.text(self.consumer)))
        return text

    def located(self, path: str) -> Diagnostic:
        """This diagnostic with ``path`` as its file when it has none (writer diagnostics)."""
        if self.location.path:
            return self
        return replace(self, location=replace(self.location, path=path))

    def as_dict(self) -> dict[str, str | int | None]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": voice().message(self),
            "path": self.location.path,
            "line": self.location.line,
            "column": self.location.column,
            "consumer": self.consumer,
        }


def diagnostic(
    code: str,
    message: str | Message,
    *,
    path: str | None = None,
    line: int | None = None,
    column: int | None = None,
    severity: Severity | None = None,
    actions: tuple[Action, ...] = (),
) -> Diagnostic:
    """Build a diagnostic from the registry: severity and consumer default to the code's; the
    message is one line (a library's message, lxml's for one, may span several). A code that is an
    error reported at a lower severity names no consumer: what a consumer rejects is an error, and
    a warning is not a rejection (issue 34: no "[rejected by FIDE rating server]" under READY)."""
    spec = CODES[code]
    severity = severity or spec.severity
    consumer = spec.consumer if severity is spec.severity or spec.severity is not Severity.ERROR else None
    text: str
    if message.isprintable() and "  " not in message and message[:1] != " " and message[-1:] != " ":
        # already one line (every blank but the ASCII space is unprintable): a message kept as it
        # is, its translations being one line as its English is (a month against the list makes
        # 724,000 diagnostics: a copy of each costs a tenth of the check)
        text = message
    elif isinstance(message, Message):
        text = message.on_one_line()
    else:
        text = " ".join(message.split())
    return _new_diagnostic(code, severity, text, _new_location(path, line, column), consumer, actions)


#: What :func:`diagnostic` builds its records with (:func:`~trfconv.records.builder`): a check of
#: a month against the list builds some 700,000 of them.
_new_diagnostic = builder(Diagnostic)
_new_location = builder(Location)


def severity_counts(diagnostics: Iterable[Diagnostic]) -> dict[str, int]:
    """How many diagnostics of each severity: ``{"error": 2, "warning": 0, "info": 7}``."""
    c = Counter(map(attrgetter("severity"), diagnostics))  # the members counted: an enum's value is a lookup
    return {s.value: c[s] for s in Severity}


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


_NUMBERS = re.compile(r"\d+")
#: ``player 12 (Name, Given)``: a message about one player names him; repeats for other players group.
_PLAYER = re.compile(r"\bplayer \d+ \([^()]*\)")
#: How many of a repeated diagnostic's further lines are named after it.
LINES_NAMED = 8


def grouped(diagnostics: Iterable[Diagnostic], *, by_position: bool = True) -> list[tuple[Diagnostic, list[Diagnostic]]]:
    """Diagnostics sorted by file position (``by_position``; else in the order noticed, which
    puts a cause before its consequences), each with the later ones that say the same thing
    (same code, same words but for the numbers and the player named): a repeated problem is
    shown once. The one grouping of every command's terminal output and every document's
    errors block."""
    ordered: Iterable[Diagnostic] = sorted(diagnostics, key=lambda d: (
        d.location.path or "", d.location.line or 0, d.location.column or 0)) if by_position else diagnostics
    groups: dict[tuple[str, str], tuple[Diagnostic, list[Diagnostic]]] = {}
    for d in ordered:
        key = (d.code, _NUMBERS.sub("#", _PLAYER.sub("player #", d.message)))
        if key in groups:
            groups[key][1].append(d)
        else:
            groups[key] = (d, [])
    return list(groups.values())


def more_like_it(more: list[Diagnostic], limit: int | None = LINES_NAMED) -> str:
    """What a group's first line adds for the others: `` (and 80 more like it, lines 14, 15 …)``,
    naming ``limit`` lines at most (None: every line; nothing when there are no others)."""
    if not more:
        return ""
    where = [d.location.line for d in more if d.location.line is not None][:limit]
    head = plural(" (and {n} more like it", " (and {n} more like it", n=len(more))
    if not where:
        return joined([head, ")"])
    more_lines = " …" if len(more) > len(where) else ""
    return joined([head, plural(", line {lines}{more}", ", lines {lines}{more}", n=len(where), lines=where,
                                more=more_lines), ")"])


def grouped_lines(diagnostics: Iterable[Diagnostic], show: Callable[[Diagnostic], str] = str,
                  limit: int | None = LINES_NAMED, *, by_position: bool = True,
                  lang: Language = ENGLISH) -> list[str]:
    """The diagnostics as lines, a repeated one once with how many more there are and where
    (``show`` turns a diagnostic into its line, in ``lang``; ``limit``: how many further lines
    are named, None for all, as a document that is filed names them; ``by_position``: see
    :func:`grouped`)."""
    return [show(first) + lang.say(more_like_it(more, limit))
            for first, more in grouped(diagnostics, by_position=by_position)]


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters with the length said (a
    4,000-digit field would otherwise make a 4,000-character message)."""
    if len(text) <= limit:
        return repr(text)
    return msg("{text}… ({count:,} characters)", text=repr(text[:limit]), count=len(text))
