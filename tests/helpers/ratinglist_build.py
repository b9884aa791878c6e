"""Synthetic FIDE rating lists, written column by column from the documented layouts
(docs/rating-regulations.md §5.2-5.3: header lines verbatim, values left-aligned under their
header word as in the published files; the pre-2012 line as in the Chess::FIDE test of the code
corpus). Independent of trfconv's reader, which finds the columns from the header instead.

``python tests/helpers/ratinglist_build.py`` rewrites fixtures/ratinglists/ (a test checks that the
committed files are what this module writes). Every name is invented.
"""

from __future__ import annotations

import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

from paths import ROOT


FIXTURES = ROOT / "fixtures" / "ratinglists"
MONTH = "2026-10"

HEADER_FOA = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
              "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
HEADER_LEGACY = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
                 "           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
HEADER_SINGLE = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
                 "           FOA {code} Gms K  B-day Flag")
HEADER_2011 = "ID number Name                              TitlFed  {code} GamesBorn  Flag"
_LEGACY_TITLES = {"GM": "g", "IM": "m", "FM": "f", "CM": "c", "WGM": "wg", "WIM": "wm", "WFM": "wf", "WCM": "wc"}


@dataclass(frozen=True)
class P:
    """A player as a list writes him; ``std``/``rpd``/``blz`` are (rating, games, K), 0 = none."""

    fide_id: int
    name: str
    fed: str
    sex: str
    tit: str = ""
    wtit: str = ""
    otit: str = ""
    foa: str = ""
    std: tuple[int, int, int] = (0, 0, 0)
    rpd: tuple[int, int, int] = (0, 0, 0)
    blz: tuple[int, int, int] = (0, 0, 0)
    born: int = 0
    flag: str = ""


PLAYERS = (
    P(90100011, "Vardanel, Toren", "NED", "M", "GM", std=(2612, 9, 10), rpd=(2580, 0, 10), blz=(2633, 12, 10), born=1991),
    P(90100020, "Ostrakova, Mirela", "SVK", "F", "WGM", "WGM", std=(2288, 7, 20), rpd=(2301, 0, 20), born=1999, flag="w"),
    P(90100038, "Quorvath", "MNG", "M", std=(1755, 0, 40)),  # single name, birth year 0
    P(90100046, "Nunez Garcia, Jose Maria", "ESP", "M", "FM", otit="FA", std=(2305, 4, 20), rpd=(2250, 9, 20),
      blz=(2270, 0, 20), born=1985),
    P(90100054, "Tchervenkov, Aleksandr", "BUL", "M", std=(1980, 0, 20), blz=(1912, 5, 20), born=1974, flag="i"),
    P(90100062, "Hallgrimsdottir, Sunna", "ISL", "F", born=2011, flag="w"),  # unrated in all lists
    P(90100070, "Brenzola, Ilario", "ITA", "M", "IM", otit="IA,FT,LSI,SLI,NA", foa="AFM", std=(2401, 0, 10),
      rpd=(2388, 0, 20), blz=(2410, 0, 20), born=1969),  # other titles overflow: a 163-character line
    P(90100089, "Lindqvist-Oyelaran, Maja", "SWE", "F", "WIM", "WIM", foa="AIM", std=(2195, 0, 20), rpd=(2150, 0, 20),
      blz=(2201, 0, 20), born=2003, flag="wi"),
    P(90100097, "Pakrazian, Davit", "ARM", "M", "CM", rpd=(1650, 10, 40), blz=(1600, 0, 40), born=2012),
    P(90100100, "Morlan, Pel", "FRA", "M", std=(1500, 0, 40), born=1990),
    P(90100119, "Morlan, Pel", "FRA", "M", std=(1620, 3, 20), born=1990),  # same name, federation, year
    P(90100127, "Sorvina, Kaisa", "FIN", "F", std=(1688, 5, 40), born=2009, flag="w"),
    P(90100135, "Ekwueme, Chidi", "NGR", "M", otit="NA,IO", foa="ACM", std=(1899, 0, 20), rpd=(1850, 0, 20),
      blz=(1877, 0, 20), born=1980),
)


def _numbers(*ratings: tuple[int, int, int]) -> str:
    return "".join(f"{r:<6}{g:<4}{k:<3}" for r, g, k in ratings)


def foa_line(p: P) -> str:
    return (f"{p.fide_id:<15}{p.name:<61}{p.fed:<4}{p.sex:<4}{p.tit:<5}{p.wtit:<5}{p.otit:<15}{p.foa:<4}"
            f"{_numbers(p.std, p.rpd, p.blz)}{p.born:<6}{p.flag:<4}")


def legacy_line(p: P) -> str:
    return (f"{p.fide_id:<15}{p.name:<61}{p.fed:<4}{p.sex:<4}{p.tit:<5}{p.wtit:<5}{p.otit:<15}"
            f"{_numbers(p.std, p.rpd, p.blz)}{p.born:<6}{p.flag:<4}")


def single_line(p: P, rating: tuple[int, int, int]) -> str:
    return (f"{p.fide_id:<15}{p.name:<61}{p.fed:<4}{p.sex:<4}{p.tit:<5}{p.wtit:<5}{p.otit:<15}{p.foa:<4}"
            f"{_numbers(rating)}{p.born:<6}{p.flag:<4}")


def line_2011(p: P) -> str:
    """The pre-2012 layout: ID right-aligned, legacy title letters, no sex, K or other titles."""
    return (f"{p.fide_id:>8}  {p.name:<34}{_LEGACY_TITLES.get(p.tit, ''):<4}{p.fed:<5}{p.std[0]:<6}"
            f"{p.std[1]:>3}  {p.born:<6}{p.flag:<4}")


def xml_player(p: P) -> str:
    values = [("fideid", p.fide_id), ("name", p.name), ("country", p.fed), ("sex", p.sex), ("title", p.tit),
              ("w_title", p.wtit), ("o_title", p.otit), ("foa_title", p.foa),
              ("rating", p.std[0]), ("games", p.std[1]), ("k", p.std[2]),
              ("rapid_rating", p.rpd[0]), ("rapid_games", p.rpd[1]), ("rapid_k", p.rpd[2] or ""),
              ("blitz_rating", p.blz[0]), ("blitz_games", p.blz[1]), ("blitz_k", p.blz[2]),
              ("birthday", p.born), ("flag", p.flag)]
    return "<player>" + "".join(f"<{tag}>{value}</{tag}>" for tag, value in values) + "</player>"


def txt(header: str, lines) -> bytes:
    return "".join(line + "\r\n" for line in (header, *lines)).encode("ascii")


def files(players=PLAYERS, code: str = "OCT26") -> dict[str, bytes]:
    """Every fixture file: name -> bytes (the zip is built from the FOA list)."""
    single = {kind: txt(HEADER_SINGLE.format(code=code), (single_line(p, getattr(p, attr)) for p in players
                                                          if getattr(p, attr)[0]))
              for kind, attr in (("standard", "std"), ("rapid", "rpd"), ("blitz", "blz"))}
    month = code.lower()
    out = {
        "players_list_foa.txt": txt(HEADER_FOA, map(foa_line, players)),
        "players_list.txt": txt(HEADER_LEGACY, map(legacy_line, players)),
        **{f"{kind}_{month}frl.txt": data for kind, data in single.items()},
        "players_list_2011.txt": txt(HEADER_2011.format(code=code.capitalize()),
                                     (line_2011(p) for p in players if p.std[0])),
        "players_list_xml_foa.xml": ("<playerslist>\r\n" + "".join(xml_player(p) + "\r\n" for p in players)
                                     + "</playerslist>\r\n").encode("ascii"),
    }
    return out


def zipped(name: str, data: bytes) -> bytes:
    """A zip holding ``name``, with a fixed date so that it is the same bytes each time."""
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo(name, (2026, 10, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def write(folder: Path = FIXTURES) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    contents = files()
    contents["players_list.zip"] = zipped("players_list_foa.txt", contents["players_list_foa.txt"])
    for name, data in contents.items():
        (folder / name).write_bytes(data)


if __name__ == "__main__":
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURES)
