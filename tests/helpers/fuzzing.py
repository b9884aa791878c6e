"""The fuzz target shared by ``tests/test_fuzz.py`` (a bounded run in the suite) and
``tests/bench/fuzz.py`` (long runs on demand): a hostile input in any format, built by
hypothesis from small valid seeds of every format mutated with the kinds of damage issue 15
found (long digit runs, exponents, control characters, surrogates, DTDs, re-encodings, cut
files), must be read and written in every format without an exception."""

from __future__ import annotations

import io
import json
import zipfile

from hypothesis import strategies as st
from trfbuild import HEADER, player_line, trf

import trfconv
from trfconv.diagnostics import CODES

FORMATS = ("trf26", "trf16", "json", "xml", "csv")


def _seeds() -> dict[str, bytes]:
    lines = [*HEADER, "062 2", "092 Individual: Swiss-System", "202 BH/C1,SB", "XXR 2", "XXS W=1 D=0.5",
             player_line(1, "Alpha, A", rating="2000", fide_id="12345", points="1.0", rounds=("   2 w 1", "0000 - U")),
             player_line(2, "Beta, B", rating="1900", points="0.0", rounds=("   1 b 0", "0000 - H"))]
    t = trfconv.reads(trf(*lines))
    seeds = {"trf": trf(*lines)}
    for fmt in ("json", "xml", "csv"):
        seeds[fmt] = trfconv.dumps(t, fmt)[0]
    return seeds


SEEDS = _seeds()
_HOSTILE = ["9" * 4301, "1e99999999", "/L5" * 26 + "!", "\x00", "\ud800", "\r", "\n", "\t", "\u2028",
            '<!DOCTYPE x [<!ENTITY e "x">]>', "&e;", "=1+1", "-", "½", "0000", "99999999999999999999", "-0",
            '"', ",", ";", "###", "\ufeff"]


@st.composite
def hostile_inputs(draw) -> bytes:
    """A seed of any format with up to four mutations, in UTF-8 or re-encoded."""
    fmt = draw(st.sampled_from(sorted(SEEDS)))
    text = SEEDS[fmt].decode("utf-8")
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "replace", "delete", "cut", "digits"]))
        piece = draw(st.one_of(st.sampled_from(_HOSTILE), st.text(max_size=8)))
        if kind == "insert":
            text = text[:at] + piece + text[at:]
        elif kind == "replace":
            text = text[:at] + piece + text[at + len(piece):]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)):]
        elif kind == "cut":
            text = text[:at]
        else:
            text = text[:at] + "9" * draw(st.integers(1, 5000)) + text[at:]
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8", "utf-16", "latin-1", "utf-32"]))
    data = text.encode(encoding, errors="surrogatepass" if encoding.startswith("utf") else "replace")
    if draw(st.integers(0, 19)) == 0:  # now and then the damaged text as an .xlsx part
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            z.writestr("[Content_Types].xml", "<Types/>")
            z.writestr(draw(st.sampled_from(["xl/worksheets/sheet1.xml", "xl/worksheets/sheet1.XML"])), data)
        data = out.getvalue()
    return data


def exercise(data: bytes) -> None:
    """Read ``data`` and write it in every format, with standings; an exception or a failed
    assertion is a finding. What must hold whatever the bytes: every diagnostic has a registered
    code, a place and a one-line message; what was not read is said (no player: a diagnostic says
    why); the JSON form is lossless (it reads back as the same model) and the TRF-2026 a writer
    gives reads back and writes again byte for byte."""
    t = trfconv.reads(data)
    for d in t.diagnostics:
        assert d.code in CODES and d.message and "\n" not in d.message, d
    if not t.players:
        assert t.diagnostics, "a file read as no player with nothing said"
    written = {fmt: trfconv.dumps(t, fmt)[0] for fmt in FORMATS}
    assert trfconv.reads(written["json"], format="json") == t
    again = trfconv.reads(written["trf26"], format="trf")
    assert trfconv.dumps(again, "trf26")[0] == trfconv.dumps(trfconv.reads(trfconv.dumps(again, "trf26")[0],
                                                                           format="trf"), "trf26")[0]
    if t.players:
        trfconv.standings(t)
        json.dumps([d.as_dict() for d in t.diagnostics])
