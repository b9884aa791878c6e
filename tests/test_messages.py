"""Languages as catalogs (issue 37): a message is an English template rendered in a language by
the face; the catalogs follow the code; French is complete and reads as French arbiters write
(the seeds' words); no English reaches a French verdict or rating report; a language is one file.
"""

from __future__ import annotations

import gettext
from html import unescape
import pickle
import re
import string
from datetime import date
from fractions import Fraction
from pathlib import Path

import catalogs
import paths
import pytest
from english import english_words
from english import french_pairs as _french_pairs
from english import vocabularies as _vocabularies
from english import words as _words

import trfconv
from trfconv import messages
from trfconv.diagnostics import CODES, Diagnostic, diagnostic
from trfconv.io.registry import outputs, write_bytes
from trfconv.jobs import run
from trfconv.rules.editions import Edition
from trfconv.rules.tiebreaks.spec import Spec
from trfconv.messages import (
    ENGLISH,
    Language,
    Message,
    UnknownLanguage,
    chosen,
    from_environment,
    joined,
    language,
    msg,
    plural,
)

FR = language("fr")
EXAMPLES = paths.FIXTURES / "examples"


# -- the message ---------------------------------------------------------------------------------
def test_a_message_is_its_english_text_as_the_f_string_wrote_it():
    round_, score, day, numbers = 4, Fraction(7, 2), date(2026, 3, 1), [3, 5, 8]
    m = msg("round {round}: {score} on {day}, players {numbers} ({count:,} lines)", round=round_, score=score,
            day=day, numbers=numbers, count=12345)
    assert m == "round 4: 3.5 on 2026-03-01, players 3, 5, 8 (12,345 lines)"
    assert isinstance(m, str) and m.render(ENGLISH) == m
    assert plural("{n} game", "{n} games", n=1) == "1 game" and plural("{n} game", "{n} games", n=2) == "2 games"
    assert joined([msg("a {x}", x=1), "b", msg("c")], "; ") == "a 1; b; c"


def test_french_writes_numbers_dates_and_plurals_as_french_documents_do():
    assert FR.say(msg("{minutes} min for {moves} moves", minutes=Fraction(15, 2), moves=60)) == "7,5 min pour 60 coups"
    assert FR.date(date(2026, 12, 5)) == "05/12/2026"
    assert FR.date(date(2026, 12, 5), long=True) == "5 décembre 2026"
    assert FR.date(date(2026, 3, 1), long=True) == "1er mars 2026"
    assert FR.number("1872.43") == "1872,43" and FR.number("+12.40") == "+12,40"
    assert FR.say(plural("{n} error(s)", "{n} error(s)", n=1)) == "1 erreur"
    assert FR.say(plural("{n} error(s)", "{n} error(s)", n=3)) == "3 erreurs"
    # an argument that is a message is said in the same language
    inner = msg("round robin")
    assert FR.say(msg("the event is a {kind}, not an individual round robin", kind=inner)) == \
        "le tournoi est de type toutes rondes, pas un tournoi individuel toutes rondes"


def test_a_message_keeps_its_template_through_pickling_and_one_line():
    m = diagnostic("VAL002", msg("no round dates (132): rounds and hours of play a day not checked")).message
    back = pickle.loads(pickle.dumps(m))
    assert back == m and FR.say(back) == FR.say(m) != str(m)
    assert msg("x {text}", text="a\n  b").on_one_line() == "x a b"


def test_a_translation_that_cannot_be_filled_says_the_english():
    class Broken(gettext.NullTranslations):
        def gettext(self, message):
            return "{nope}"

    m = msg("round {n}", n=4)
    assert Language("xx", Broken()).say(m) == "round 4"


def test_a_diagnostic_line_in_french_names_severity_code_and_consumer():
    d = diagnostic("TRF010", msg("no time control in the file (122/222); the rate of play was not checked"),
                   path="a.trf", line=3)
    assert str(d) == ("a.trf:3: error TRF010: no time control in the file (122/222); the rate of play was not checked "
                      "[rejected by FIDE rating server]")
    assert d.line(FR) == ("a.trf:3 : erreur TRF010 : pas de cadence dans le fichier (122/222) ; la cadence de jeu n'a "
                          "pas été vérifiée [refusé par : serveur de classement de la FIDE]")


# -- choosing the language -------------------------------------------------------------------------
@pytest.mark.parametrize(("environ", "code"), [
    ({}, "en"), ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "POSIX"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "fr_CA.UTF-8"}, "fr"), ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR"}, "de"),
    ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"), ({"LANG": "ja_JP.UTF-8"}, "en"),
])
def test_the_locale_chooses_the_language_when_there_is_a_catalog(environ, code):
    assert from_environment(environ).code == code


def test_lang_comes_before_the_locale_and_an_unknown_one_is_refused():
    assert chosen("fr", {"LANG": "de_DE.UTF-8"}).code == "fr"
    assert chosen(None, {"LANG": "de_DE.UTF-8"}).code == "de"
    with pytest.raises(UnknownLanguage):
        language("xx")


def test_trfconv_lang_is_a_global_option(cli):
    file = EXAMPLES / "example-open-2026.trf"
    french = cli("--lang", "fr", "validate", file)
    assert french.exit_code == 0
    assert "verdict     PRIS EN COMPTE, AVEC DES EXCLUSIONS" in french.stdout
    english = cli("validate", file)
    assert "verdict     RATEABLE WITH EXCLUSIONS" in english.stdout
    refused = cli("--lang", "xx", "validate", file)
    assert refused.exit_code == 2 and "trfconv: --lang: no catalog for 'xx'" in refused.output


def test_the_locale_chooses_the_language_of_a_command(cli, monkeypatch):
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    said = cli("explain", "UPL011")
    assert said.stdout.startswith("UPL011 (erreur) : nouveau joueur sans sexe indiqué")


# -- the catalogs ----------------------------------------------------------------------------------
def test_the_catalogs_follow_the_code():
    """Every message the code says is in every catalog, none is left that the code no longer says,
    no message hides in an f-string, and each .mo is what its .po compiles to (to correct: run
    python tests/helpers/catalogs.py, then translate what it added)."""
    assert catalogs.stale(catalogs.extract()) == []


def test_every_french_message_is_translated():
    fr = catalogs.read(catalogs.LOCALE / "fr.po")
    empty = [m.id for m in fr if m.id and not all(m.string if isinstance(m.string, tuple) else (m.string,))]
    fuzzy = [m.id for m in fr if m.id and m.fuzzy]
    assert (empty, fuzzy) == ([], [])
    assert len(fr) > 600


def test_a_translation_keeps_the_fields_of_its_message():
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for path in catalogs.po_files():
        for m in catalogs.read(path):
            if not m.id or "python-brace-format" not in m.flags:
                continue
            english = m.id if isinstance(m.id, tuple) else (m.id,)
            for said in (m.string if isinstance(m.string, tuple) else (m.string,)):
                if said:
                    assert fields(said) <= set().union(*map(fields, english)), (path.name, m.id, said)


def test_every_code_is_explained_in_french(cli):
    """trfconv --lang fr explain CODE: every code's title and what to do, from the French catalog."""
    from trfconv.cli.explain import explanation
    from trfconv.jobs.explain import Explain

    for code, spec in CODES.items():
        found = run(Explain(code)).value
        english, french = explanation(found), explanation(found, FR)
        assert french[0] == f"{code} ({FR.say(messages.msg('error' if spec.severity.value == 'error' else spec.severity.value))}) : {FR.text(spec.title)}"
        assert FR.text(spec.title) != spec.title or spec.title in _SAME_IN_FRENCH
        assert french[-1].startswith("que faire : ") and english[-1].startswith("what to do: ")


#: Titles written the same in both languages (none today).
_SAME_IN_FRENCH: set[str] = set()


def test_a_language_is_one_file(tmp_path, monkeypatch):
    """A catalog dropped in the locale folder (here a Spanish one with one message, compiled as
    the catalogs' tool compiles it) is a language: --lang takes it, a message it lacks is English."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="es", domain="trfconv")
    catalog.add("rateable with exclusions", "valorable con exclusiones")
    (tmp_path / "es.mo").write_bytes(catalogs.mo_bytes(catalog))
    monkeypatch.setattr(messages, "catalogs", lambda: tmp_path)
    language.cache_clear()
    try:
        es = language("es")
        assert "es" in messages.available()
        assert es.say(msg("rateable with exclusions")) == "valorable con exclusiones"
        assert es.say(msg("not rateable")) == "not rateable"
    finally:
        language.cache_clear()


def test_the_german_catalog_is_partial_and_falls_back_to_english(cli):
    said = cli("--lang", "de", "validate", EXAMPLES / "norms-example-2026.trf").stdout
    assert "Urteil      WERTBAR" in said and "Spieler     12: 12 erhalten eine Elo-Änderung" in said
    assert "22 count for a player's rating" in said  # not translated yet: English, never blank


# -- a French reader -------------------------------------------------------------------------------
#: English words of trfconv's messages, the French words that say them (any of them) and the word
#: the seeds write (B.02 in French, the adjusted-score text, the tie-break text:
#: fixtures/seeds/vocabulary-fr.txt): every message that says the English word says a French one.
VOCABULARY = {
    "forfeit": (("forfait",), "forfait"), "unplayed": (("non jouée",), "non jouées"),
    "round robin": (("toutes rondes",), "toutes rondes"), "Swiss": (("suisse",), "système suisse"),
    "chief arbiter": (("arbitre principal",), "arbitre principal"), "rate of play": (("cadence",), "cadence"),
    "time control": (("cadence", "contrôle de temps"), "cadence"), "tie-break": (("départage",), "départage"),
    "unrated": (("non classé", "pas classé", "sans classement"), "non classé"),
    "pairing program": (("logiciel d'appariement",), "appariement"),
    "pairing-allocated bye": (("exempt",), "exempt"), "rating change": (("changement de classement",),
                                                                         "changement de classement"),
    "round": (("ronde",), "rondes"),
}


@pytest.mark.parametrize("english", VOCABULARY)
def test_french_says_the_seeds_words(english):
    words, seed = VOCABULARY[english]
    assert seed in (paths.FIXTURES / "seeds" / "vocabulary-fr.txt").read_text("utf-8").lower()
    pattern = re.compile(rf"(?<![-\w]){re.escape(english)}\b(?!-)", re.IGNORECASE)  # an option is no word
    said = [(e[0], f[-1]) for e, f in _french_pairs() if any(pattern.search(x) for x in e)]
    assert said, english
    assert [(e, f) for e, f in said if not any(w in f.lower() for w in words)] == []


# -- no English in French documents ---------------------------------------------------------------
#: Files whose verdicts and reports say much: Swisses with and without exclusions, under either
#: edition; without a time control; not finished; a team event with errors; too long, too fast,
#: too few rated players (not rateable).
SAID = [EXAMPLES / "example-open-2026.trf", EXAMPLES / "norms-example-2026.trf",
        *[p for p in paths.CORPUS if p.stem in (
            "BieremaBoyzProgramming__bbpPairings__issue_15", "Sharly-Chess__sharly-chess__trf-team-import-test",
            "echecsjs__trf__trf26_team", "erral__fidetournament__test_demo", "pypi__fidereport__example1",
            "sanichi__icu_tournament__armstrong_2012_with_bom", "sanichi__icu_tournament__bunratty_masters_2011",
            "sanichi__icu_tournament__utf-8")]]


def test_the_files_said_are_there():
    assert len(SAID) == 10


@pytest.mark.slow
@pytest.mark.parametrize("file", SAID, ids=lambda p: p.name)
def test_no_english_reaches_a_french_verdict_or_rating_report(cli, tmp_path, file):
    """validate --details, report --details and the HTML report in French: no word of trfconv's
    English that French does not share, but for the file's own words (names, places, the event's
    texts); the same detector finds the English of the English outputs."""
    html = tmp_path / "report.html"
    for args in (("validate", "--details", "--lenient", file), ("report", "--details", "--lenient", file),
                 ("report", "--format", "html", "--lenient", "-o", html, file)):
        said = {}
        for lang in ("en", "fr"):
            run = cli("--lang", lang, *args)
            page = re.sub(r"<style>.*?</style>|<[^>]+>", " ", html.read_text("utf-8"), flags=re.DOTALL) \
                if "html" in args else ""
            said[lang] = english_words(run.output + page, file, html)
        assert said["en"], "the detector finds the English of the English output"
        assert said["fr"] == set(), args[0]


# -- the command line's own words ------------------------------------------------------------------
#: Every command and subcommand whose help is read back.
HELPS = [(), *((name,) for name in ("info", "check", "convert", "validate", "report", "standings", "playoff",
                                    "pairings", "formats", "list", "fill", "period", "norms", "serve", "explain")),
         ("list", "import"), ("list", "show"), ("list", "find"), ("list", "info")]
#: What a help shows that is no sentence of trfconv's: an option (``--lenient``), a choice list
#: (``<text|csv>``), a quoted value (``'rounded'``), a path or a file name, a code or a name in
#: capitals (``BH/C1``, ``WIN``, ``FIDE``).
_NOT_WORDS = re.compile(r"<[^<>|]*\|[^<>]*>|--?[\w-]+|'[^'\s]+'|\S*[/.]\S*|\$\w+|\b[A-Z][A-Z0-9_]+\b")


def english_in_help(text: str) -> set[str]:
    """The words of a help that are trfconv's English and not French, the commands' names left out."""
    english, _ = _vocabularies()
    return (_words(_NOT_WORDS.sub(" ", text)) & english) - {name for c in HELPS for name in c}


@pytest.mark.slow  # a sweep: every command, every reader (the fast loop keeps under a minute)
@pytest.mark.parametrize("command", HELPS, ids=lambda c: " ".join(c) or "trfconv")
def test_the_help_of_every_command_is_in_french(cli, command):
    """trfconv --lang fr COMMAND --help: the command's, its options' and typer's own words
    (Usage, the panels, [default: …], [required], --help) in French, nothing English but options,
    codes, file names and values; the same detector finds the English help's English."""
    french, english = cli("--lang", "fr", *command, "--help"), cli(*command, "--help")
    assert french.exit_code == english.exit_code == 0
    assert english_in_help(english.stdout), "the detector finds the English of the English help"
    assert english_in_help(french.stdout) == set()
    assert "Utilisation : trfconv" in french.stdout and "Usage: trfconv" in english.stdout


def test_the_language_of_the_help_is_known_before_click_reads_it(cli, monkeypatch):
    """--help is answered before --lang is read: the language comes from the arguments first,
    else the locale's, for the group's help as for a command's."""
    def said(*args: str) -> str:
        return " ".join(cli(*args).stdout.replace("│", " ").split())

    assert "Afficher ce message et quitter." in said("--lang", "fr", "--help")
    assert "Afficher ce message et quitter." in said("--lang=fr", "report", "--help")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert "Afficher ce message et quitter." in said("--help")
    assert "Show this message and exit." in said("--lang", "en", "--help")


@pytest.mark.parametrize(("args", "said"), [
    (("check", "--foo", "x"), "trfconv: check: option inconnue : --foo (voir trfconv check --help)"),
    (("standings",), "trfconv: standings: argument manquant 'FICHIERS...' (voir trfconv standings --help)"),
    (("chek",), "trfconv: utilisation: commande inconnue 'chek' ; vouliez-vous dire 'check' ? (voir trfconv --help)"),
    (("report", "--format", "pdf", "x.trf"), "trfconv: report: valeur incorrecte pour '--format' : 'pdf' n'est pas "
                                             "parmi 'text', 'csv', 'json', 'html' (voir trfconv report --help)"),
    (("check", "--today", "2026-13-01", "x.trf"), "trfconv: check: valeur incorrecte pour '--today' : '2026-13-01' "
                                                  "n'est pas une date AAAA-MM-JJ (voir trfconv check --help)"),
    (("check", "-j", "0", "x.trf"), "trfconv: check: valeur incorrecte pour '--jobs' / '-j' : 0 n'est pas dans "
                                    "l'intervalle 1<=x<=256 (voir trfconv check --help)"),
    (("period", "--period", "2026-13", "x.trf"), "trfconv: --period: '2026-13' n'est pas un mois AAAA-MM"),
])
def test_a_usage_error_is_said_in_french(cli, args, said):
    run = cli("--lang", "fr", *args)
    assert run.exit_code == 2 and run.output.strip() == said


#: Commands and the lines the command line itself prints after the document (what was noticed,
#: the verdict, the file written, the batch's table): in French, nothing English.
FACE_LINES = [
    ("report", "--format", "html", "-o", "{out}/r.html", EXAMPLES / "example-open-2026.trf"),
    ("standings", "--format", "csv", "-o", "{out}/s.csv", EXAMPLES / "example-open-2026.trf"),
    ("pairings", "--format", "html", "-o", "{out}/p.html", EXAMPLES / "example-open-2026.trf"),
    ("period", "--format", "csv", "-o", "{out}/period.csv", EXAMPLES / "example-open-2026.trf",
     EXAMPLES / "norms-example-2026.trf"),
    ("convert", "-o", "{out}/x.trf", EXAMPLES / "example-open-2026.trf"),
    ("check", EXAMPLES / "example-open-2026.trf", EXAMPLES / "norms-example-2026.trf"),
    ("validate", EXAMPLES / "example-open-2026.trf", EXAMPLES / "norms-example-2026.trf"),
]


@pytest.mark.slow  # a sweep: every command, every reader (the fast loop keeps under a minute)
@pytest.mark.parametrize("args", FACE_LINES, ids=lambda a: a[0])
def test_what_a_command_says_of_its_work_is_in_french(cli, tmp_path, args):
    args = [str(a).replace("{out}", str(tmp_path)) for a in args]
    said = {}
    for lang in ("en", "fr"):
        run = cli("--lang", lang, *args)
        assert run.exit_code in (0, 1), run.output
        files = [Path(a) for a in args if Path(a).suffix == ".trf" and Path(a).exists()]
        lines = run.stderr if args[0] not in ("check", "validate") else run.stdout
        said[lang] = set().union(*(english_words(lines, f, *map(Path, args)) for f in files))
    assert said["en"], "the detector finds the English of the English lines"
    assert said["fr"] == set()


@pytest.mark.parametrize("command", [("period", "--details"), ("info",)], ids=lambda c: c[0])
def test_a_document_printed_on_the_terminal_is_in_the_commands_language(cli, command):
    """period and info print their document on the terminal in the command's language (they once
    ran their jobs without it: English under --lang fr)."""
    file = EXAMPLES / "example-open-2026.trf"
    said = {lang: english_words(cli("--lang", lang, *command, file).stdout, file) for lang in ("en", "fr")}
    assert said["en"], "the detector finds the English of the English document"
    assert said["fr"] == set()


#: Files whose reading says much, one or more of each reader: TRF with a private record and legacy
#: codes, a chess-results CSV, a team XML, a PGN, Swiss-Manager, Swiss-Chess (team), Vega's
#: crosstable and its own file, Papi and Papi-JSON, a web page, a text that is no TRF.
READ = [paths.FIXTURES / name for name in (
    "trf/pierotofy__CPPDubovSystem__random2.trf", "crosstables/mrrookes__arbitools__testing.chess-results.csv",
    "crosstables/chess-results-upload_Team_RoundRobin.xml",
    "native/pgn/samuraitruong__vegachess-html-generator__www_Sample_Tournament2.pgn",
    "native/swissmanager/echecsjs__tunx__ukraine_rapid8_1377000.TUNX", "native/swt/fnogatz__swtparser.js__SwissTeam.SWT",
    "native/vega/made__Sample_Tournament-crosstable.txt",
    "native/vega/samuraitruong__vegachess-html-generator__Sample_Tournament-VEGZ-00.bakz",
    "papi/swiss-in-progress.papi", "crosstables/papi-json_papi-converter_example.json", "forms/fide-it1.html",
    "native/vega/samuraitruong__vegachess-html-generator__pairs2.txt")]


def _read_and_written(file: Path) -> tuple[list, set[str]]:
    """What reading ``file`` says and what writing it in every output format says (a writer's
    diagnostics placed in the file, as a command places them); and the words of the tournament
    as its TRF says them (a binary file's texts, FIDE's codes for its event type and
    tie-breaks: the file's own words, whatever the language)."""
    t = trfconv.read(file)
    said, own = list(t.diagnostics), set()
    for name in outputs():
        data, diagnostics, _ = write_bytes(t, name, line_ending="\n", encoding="utf-8")
        said += [d.located(str(file)) for d in diagnostics]
        own |= _words(data.decode("utf-8")) if name == "trf26" else set()
    return said, own


@pytest.mark.slow  # a sweep: every command, every reader (the fast loop keeps under a minute)
@pytest.mark.parametrize("file", READ, ids=lambda p: p.name)
def test_no_english_reaches_a_french_reader_or_writer_diagnostic(file):
    """Every diagnostic a reader gives and every writer's, as a line in French: no word of
    trfconv's English but the file's own; the same lines in English have some (the detector
    sees them)."""
    said, own = _read_and_written(file)
    assert said
    english, french = ("\n".join(d.line(language(code)) for d in said) for code in ("en", "fr"))
    assert english_words(english, file) - own, "the detector finds the English of the English lines"
    assert english_words(french, file) - own == set()


def test_no_english_reaches_a_french_damaged_file(tmp_path):
    """A Papi file cut short (the Jet reader's damage) and a JSON form that is none: the French
    lines hold no English word."""
    papi = tmp_path / "cut.papi"
    papi.write_bytes((paths.FIXTURES / "papi" / "swiss-in-progress.papi").read_bytes()[:3 * 4096 + 7])
    json = tmp_path / "form.json"
    json.write_text('{"format": "trfconv", "version": 99}', "utf-8")
    for file in (papi, json):
        said = trfconv.read(file).diagnostics
        assert said and all(isinstance(d.message, Message) for d in said), file.name
        assert english_words("\n".join(d.line(language("fr")) for d in said), file) == set(), file.name


def test_check_says_a_readers_diagnostics_in_french(cli):
    """trfconv --lang fr check --details prints each diagnostic of the Papi file as its French
    line (the command's language reaches the reader's diagnostics)."""
    file = paths.FIXTURES / "papi" / "swiss-in-progress.papi"
    run = cli("--lang", "fr", "check", "--details", file)
    lines = [d.line(language("fr")) for d in trfconv.read(file).diagnostics]
    assert lines and all(line in run.output for line in lines)
    assert "tie-break list read" not in run.output and "liste des départages lue depuis les réglages de Papi" in run.output


#: Files whose standings, norms, rating periods, pairing checks and play-offs say much: a Swiss
#: with a tie-break list chosen; norms made, missed and left open by a reading; a team event; a
#: Dutch-paired Swiss; a large event of 2005; a round robin.
DOCUMENTED = [EXAMPLES / "example-open-2026.trf", EXAMPLES / "norms-example-2026.trf",
              EXAMPLES / "norms-readings-2026.trf", paths.FIXTURES / "tiebreak" / "tec-team14.trf",
              paths.FIXTURES / "pairings" / "dutch-8.trf",
              *[p for p in paths.CORPUS if p.stem in ("pypi__fidereport__example1",
                                                     "sanichi__icu_tournament__bunratty_masters_2011")]]
#: Each document as the command writes it to a file (the terminal's own lines, the command's, are
#: not the document's).
DOCUMENTS = [("standings",), ("standings", "--format", "html"), ("standings", "--draw-lots", "7"),
             ("norms", "--details"), ("norms", "--format", "html"), ("norms", "--forecast"),
             ("period", "--undated", "--unfinished", "--details"),
             ("period", "--undated", "--unfinished", "--format", "html"),
             ("pairings", "--round", "2"), ("pairings", "--format", "html"), ("playoff", "--seed", "5"),
             ("playoff", "--seed", "5", "--format", "html")]
#: The events before FIDE's monthly rating periods (March 2024): no period document.
BEFORE_PERIODS = {"pypi__fidereport__example1", "sanichi__icu_tournament__bunratty_masters_2011"}
#: A place the file's players share, for the play-off plan (the team event shares none).
SHARED_PLACE = {"example-open-2026": 3, "norms-example-2026": 2, "norms-readings-2026": 4, "dutch-8": 2,
                "pypi__fidereport__example1": 2, "sanichi__icu_tournament__bunratty_masters_2011": 2}


def test_the_files_documented_are_there():
    assert len(DOCUMENTED) == 7 and set(SHARED_PLACE) < {p.stem for p in DOCUMENTED}


@pytest.fixture
def french_bases(monkeypatch):
    """Every document's basis made in the language given. Not every command gives its language to
    its documents yet (norms, pairings and period: ``Basis(..., lang=...)`` in trfconv/cli, which
    another change is moving): until they all do, the documents are said in the language asked
    as they will be."""
    from trfconv.documents.basis import Basis

    made = Basis.__init__

    def patch(lang):
        def init(self, *args, **kwargs):
            made(self, *args, **{**kwargs, "lang": lang})
        monkeypatch.setattr(Basis, "__init__", init)
    return patch


def _document(cli, tmp_path, lang: str, args: tuple, file: Path) -> str | None:
    """The document ``args`` on ``file`` in ``lang``, as written to a file (HTML: its text; None
    when the command writes none: a play-off where no place is shared, a period before monthly
    periods)."""
    out = tmp_path / f"{lang}-{'-'.join(args)}.{'html' if 'html' in args else 'txt'}"
    out.unlink(missing_ok=True)
    if args[0] == "playoff":
        args = (*args, "--places", SHARED_PLACE.get(file.stem, 1))
    cli("--lang", lang, *args, "--lenient", "-o", out, file)
    if not out.exists():
        return None
    text = out.read_text("utf-8")
    return unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", text, flags=re.DOTALL)) if "html" in args else text


#: The modules whose texts these documents are held to say in French: the documents' own and
#: those of the title and arbiters' norms. The texts other modules give them (the tie-break and
#: play-off rules, the rating period's, the pairings checker's) that are not messages yet are
#: converted with their modules, and left out here as the readers' are (:func:`english_words`).
HELD = ("trfconv.documents", "trfconv.rules.norms", "trfconv.rules.arbiters", "trfconv.rules.requirement")


def _plain_texts(value, seen: set[int]):
    """The texts of a computation's result that are not messages (another module's, not yet
    converted), but for the objects of the modules :data:`HELD` and the norms' diagnostics."""
    if isinstance(value, Message) or id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _plain_texts(item, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _plain_texts(item, seen)
    elif isinstance(value, Diagnostic):
        if not value.code.startswith("NRM"):
            yield from _plain_texts(value.message, seen)
    elif isinstance(value, Edition | Spec):
        yield from _plain_texts(value.title if isinstance(value, Edition) else value.described, seen)
    elif hasattr(value, "__dataclass_fields__") and not type(value).__module__.startswith("trfconv.model"):
        held = type(value).__module__.startswith(HELD)
        for name in value.__dataclass_fields__:
            item = getattr(value, name)
            if not (held and isinstance(item, str)):
                yield from _plain_texts(item, seen)


def _pending_elsewhere(file: Path) -> set[str]:
    """The words of the texts the standings, norms, period, pairings and play-off of ``file``
    get from modules not :data:`HELD` that are not messages yet, and of the options the norms
    name (``--reading round-robin-beaten=all-rounds``: typed as written)."""
    from trfconv.rules.tiebreaks.playoff import CITED, PROCEDURE, plan, tied_for

    t = trfconv.read(file)
    ranked, norms = trfconv.standings(t), trfconv.norms(t, arbiters=True)
    checked = [trfconv.pairings(t), trfconv.pairings(t, round=2)]
    results = [ranked, trfconv.standings(t, lots_seed="7"), norms, trfconv.norms(t, forecast=True), checked,
               [c.verdict for c in checked], *ranked.specs, ranked.rules.edition, PROCEDURE, CITED,
               [(r.name, *r.choices) for r in norms.rules.readings.values()]]
    try:
        results.append(trfconv.period([file], undated=True, unfinished=True))
    except trfconv.TrfconvError:  # a period before monthly periods: the document says so in the basis
        pass
    if file.stem in SHARED_PLACE:
        entrants, first = tied_for(trfconv.standings(t, lots_seed="5"), SHARED_PLACE[file.stem])
        played = plan(entrants, first=first, seed="5")
        results += [played, played.rate.text, played.armageddon.text, *(s.rate.text for s in played.stages)]
    return {w for text in _plain_texts(results, set()) for w in _words(text)}


@pytest.mark.slow
@pytest.mark.parametrize("file", DOCUMENTED, ids=lambda p: p.name)
def test_no_english_reaches_a_french_document(cli, tmp_path, file, french_bases):
    """standings, norms, period, pairings and playoff, as text and HTML, in French: no word of
    trfconv's English that French does not share, but for the file's own words and those of texts
    other modules still give in English; the same detector finds the English of every English
    document."""
    english, french, missing = {}, {}, set()
    pending = _pending_elsewhere(file)
    for args in DOCUMENTS:
        french_bases(ENGLISH)
        said = _document(cli, tmp_path, "en", args, file)
        if said is None:
            missing.add(args[0])
            continue
        english[args] = english_words(said, file)
        french_bases(FR)
        french[args] = english_words(_document(cli, tmp_path, "fr", args, file) or "", file) - pending
    not_written = ({"playoff"} if file.stem not in SHARED_PLACE else set()) | \
        ({"period"} if file.stem in BEFORE_PERIODS else set())
    assert missing == not_written
    assert [args for args, words in english.items() if not words] == [], "the detector finds each document's English"
    assert {args: words for args, words in french.items() if words} == {}


# -- no English in the French of the rules: upload check, standings, pairings, lists, period -----
#: Tie-break names as an arbiter types them: codes with modifiers, other programs' names, names two
#: systems share (TB017), a team tie-break in an individual event (TB006), a modifier not allowed
#: (TB002), unknown names with and without a suggestion (TB001).
TYPED = ("Buchholz Cut 1", "BH/M1/P", "Median", "Perf", "KS/L+1", "ARO/U1400", "SSSC", "TPR", "PS/C1",
         "OTHER_KASHDAN", "Brésilien", "BH/Q", "Bucholz", "zzz")
#: Files whose upload findings, standings and pairings say much: Swisses with forbidden colour
#: sequences and a chief arbiter without an ID, in progress, without a federation FIDE knows, a
#: round robin, a team event, not a Swiss the checker checks (Dubov), and old events (too late).
CHECKED = [EXAMPLES / "example-open-2026.trf", EXAMPLES / "norms-readings-2026.trf",
           *[p for p in paths.CORPUS if p.stem in (
               "BieremaBoyzProgramming__bbpPairings__issue_7", "GrzegorzKi__CompetiChess__testLargeFile",
               "pierotofy__CPPDubovSystem__baku_test", "echecsjs__trf__trf26_team",
               "sanichi__icu_tournament__bunratty_masters_2011", "erral__fidetournament__test_demo")]]


def test_the_files_checked_are_there():
    assert len(CHECKED) == 8


def _rules_said(file: Path, lang: Language) -> str:
    """Everything the rules layer says of ``file`` that a person reads, in ``lang``: the upload
    check on three days (in time, before the end, too late) and its summary line, the standings
    with the file's list and with :data:`TYPED` (diagnostics, tie-breaks in words), the pairings
    checker (verdict, notes, each round's reasons and the criterion that decides)."""
    from trfconv.rules.swiss.check import check_pairings
    from trfconv.rules.upload import summary, upload_check

    t = trfconv.read(file)
    said = []
    for today in (date(2026, 6, 1), date(2010, 1, 1), date(2030, 1, 1)):
        found = upload_check(t, today)
        said += [d.located(str(file)).line(lang) for d in found.diagnostics]
        said.append(lang.say(summary(list(found.diagnostics), found.deadlines)))
    for names in (None, list(TYPED)):
        ranked = trfconv.standings(t, names, lots_seed="7")
        said += [d.located(str(file)).line(lang) for d in ranked.diagnostics]
        said += [lang.say(s.described) for s in ranked.specs]
    check = check_pairings(t, next_round=True)
    said += [lang.say(check.verdict), *map(lang.say, check.notes)]
    for r in check.rounds:
        said += [lang.say(r.verdict.value), *map(lang.say, (*r.reasons, *r.notes, *(c.text for c in r.colours)))]
        if r.difference is not None:
            said.append(lang.say(r.difference.text))
    return "\n".join(said)


@pytest.mark.slow
@pytest.mark.parametrize("file", CHECKED, ids=lambda p: p.name)
def test_no_english_reaches_the_french_of_the_upload_check_standings_and_pairings(file):
    """check --upload, standings and pairings, as the rules layer says them in French: no word of
    trfconv's English (but the file's own words and the names typed); the same detector finds the
    English of the English."""
    said = {code: english_words(_rules_said(file, language(code)), file, typed=TYPED) for code in ("en", "fr")}
    assert said["en"], "the detector finds the English of the English output"
    assert said["fr"] == set()


@pytest.mark.slow
def test_no_english_reaches_the_french_of_the_period_and_the_lists(tmp_path):
    """Rating periods of the rules layer over the examples (late, too late, not finished, undated),
    over a rated round robin held against a rating list and a copy of it whose FIDE IDs name other
    people (PER030), and the list's cross-check and fill of two files: every diagnostic, rating
    source and note in French, none of trfconv's English; the same detector finds the English of
    the English. (What the jobs layer adds, reading the files and grouping one finding over several
    events, is the jobs' slice.)"""
    import dataclasses
    import shutil

    import ratinglist_build as build
    from eventbuild import listed_round_robin

    from trfconv.ratinglists import import_list, open_lists
    from trfconv.rules.rating.period import PeriodBuilder, judge_event, period_rules
    from trfconv.rules.ratinglist.crosscheck import crosscheck
    from trfconv.rules.ratinglist.fill import fill

    db = tmp_path / "lists.sqlite"
    import_list(build.FIXTURES / "players_list.zip", db=db, month="2026-10")
    event = listed_round_robin(tmp_path / "rr.trf")
    t = trfconv.read(event)
    other = tmp_path / "rr-other.trf"
    trfconv.write(dataclasses.replace(t, players=tuple(dataclasses.replace(p, name=f"Otherwise, {p.start_number}",
                                                                           sex="w") for p in t.players)),
                  other, format="trf26")
    examples = tmp_path / "examples"  # the events only (a folder's other files are the readers' to say)
    examples.mkdir()
    for file in EXAMPLES.glob("*.trf"):
        shutil.copy(file, examples)
    files = [event, other, *sorted(examples.iterdir())]

    def period(month: str, events: list[Path], lists=None, **asked) -> tuple[list, object]:
        """The rules layer's period (the jobs layer reads the files and groups what they say)."""
        rules = period_rules(month)
        builder, said = PeriodBuilder(month, rules), []
        for file in events:
            lines, found = judge_event(trfconv.read(file), month, rules, lists, **asked)
            said += found
            if lines is not None:
                builder.take(lines)
        result = builder.result(lists, "standard")
        return [*said, *result.diagnostics], result

    def said(lang: Language) -> str:
        lines = []
        with open_lists(db) as lists:
            example_events = sorted(examples.iterdir())
            periods = [period("2026-05", example_events, unfinished=True, undated=True),
                       period("2026-12", example_events), period("2026-11", [event, other], lists)]
            for diagnostics, p in periods:
                lines += [d.line(lang) for d in diagnostics]
                for player in p.players:
                    lines += [lang.say(player.rating_source), lang.say(player.reason)]
                    lines += [lang.say(e.note) for e in player.events]
            for file in (event, EXAMPLES / "example-open-2026.trf"):
                t = trfconv.read(file)
                lines += [d.line(lang) for d in (*crosscheck(t, lists, "standard"), *fill(t, lists, "rapid")[1])]
        return "\n".join(lines)

    found = {code: english_words(said(language(code)), EXAMPLES / "example-open-2026.trf", *files, Path("<input>"),
                                 typed=tuple(f.read_text("utf-8", "replace") for f in files)) for code in ("en", "fr")}
    assert found["en"], "the detector finds the English of the English output"
    assert found["fr"] == set()


def test_a_message_on_one_line_is_the_one_made_on_one_line():
    """``on_one_line`` keeps the English text already formatted (one line made of it) and
    says the message on one line in every language, as the message made with ``one_line``."""
    made = [messages.msg("a  b\n c {x}", x="y\tz"), messages.msg(" lead {x} ", x=3),
            messages.plural("{n} game", "{n} games", n=2), messages.data("fixed  text"),
            messages.joined([messages.msg("born {year}", year=1986), " in\nthe file"], "; "),
            messages.msg("player {n}: {m}", n=1, m=messages.msg("inner\nline"))]
    for m in made:
        line = m.on_one_line()
        same = messages.Message(m.template, m.args, m.plural_form, literal=m.literal, fixed=m.fixed, one_line=True,
                                context=m.context)
        assert str(line) == str(same) and "\n" not in line and line.__reduce__() == same.__reduce__()
        for lang in (messages.ENGLISH, messages.language("fr")):
            assert line.render(lang) == same.render(lang)
