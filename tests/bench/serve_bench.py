"""Benchmark of ``trfconv serve`` (issue 27): the command run for real on 127.0.0.1, timed as a
browser meets it, over HTTP.

    python tests/bench/serve_bench.py [--players 9999] [--rounds 9] [--repeat 5] [--list-players 200000]
                                      [--frames 500,1000,2000]

It times (best and median of ``--repeat``): the upload of the bundled example
(``fixtures/examples/example-open-2026.trf``) to its answer holding the verdict (issue: at most
1 s); the rating report page of a generated Swiss of ``--players`` players (tests/helpers/swissbuild.py;
issue: at most 3 s for 9,999), its upload too; while that report is being made, how long the
page itself takes to answer (the server stays responsive); the import from the page of a
generated FIDE list of ``--list-players`` players and the page's answers meanwhile; with
``--frames``, how long a rating report of each size stalls the page in headless Chromium, shown
in a frame of the page and in a tab of its own (why large events open in a tab); and the CPU
time of the report's work in this process, which is what a machine busy with nothing else takes. Nothing is written into the
repository, and pytest does not collect this file.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "helpers"))
sys.path.insert(0, str(HERE))

from served import server  # noqa: E402
from swissbuild import generate_swiss_trf  # noqa: E402

EXAMPLE = HERE.parent.parent / "fixtures" / "examples" / "example-open-2026.trf"
#: The benchmark's page session (the page makes one per tab).
SESSION = "be7c" * 8


class Client:
    """Requests with the cookie the page sets from the token."""

    def __init__(self, address: str):
        self.base = address.split("?")[0].rstrip("/")
        with urllib.request.urlopen(address) as answer:
            self.cookie = answer.headers["Set-Cookie"].split(";")[0]

    def get(self, path: str) -> bytes:
        request = urllib.request.Request(self.base + path, headers={"Cookie": self.cookie})
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.read()

    def upload(self, name: str, data: bytes, path: str = f"/sessions/{SESSION}/files", **fields: str) -> bytes:
        boundary = "trfconvbench"
        body = b"".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode()
                        for k, v in fields.items())
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
                 f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        request = urllib.request.Request(self.base + path, data=body, method="POST", headers={
            "Cookie": self.cookie, "Content-Type": f"multipart/form-data; boundary={boundary}"})
        with urllib.request.urlopen(request, timeout=300) as answer:
            return answer.read()


def list_import(players: int, folder: Path) -> list[tuple[str, float, float]]:  # float ok: timings
    """A generated FIDE list of ``players`` (tests/bench/ratinglist_bench.py), zipped, imported
    from the page: its whole time, and the page's answers meanwhile (fastest, slowest)."""
    import json

    from ratinglist_bench import players as generated
    from ratinglist_bench import write_lists

    archive = write_lists(folder, generated(players), xml=False)["zip"]
    data = archive.read_bytes()
    with server("--db", str(folder / "lists.sqlite")) as (address, _):
        c = Client(address)
        started = time.perf_counter()
        job = json.loads(c.upload(archive.name, data, "/lists", month="2026-10"))["job"]
        waits = []
        while True:
            asked = time.perf_counter()
            state = json.loads(c.get(f"/lists/jobs/{job}"))
            c.get("/lists/held")
            waits.append((time.perf_counter() - asked) / 2)
            if state["result"] or state["error"]:
                break
            time.sleep(0.1)
        took = time.perf_counter() - started
        assert state["result"], state["error"]
    return [(f"list import from the page, {players:,} players ({len(data) / 1e6:.1f} MB zip)", took, took),
            (f"a page request while that list is imported (n={len(waits)})", min(waits), max(waits))]


#: Records, in the page, the longest the page's thread went without running a timer (ms).
STALLS = """() => { window.longest = 0; let last = performance.now();
  setInterval(() => { const now = performance.now(); window.longest = Math.max(window.longest, now - last); last = now; }, 50); }"""


def frame_stalls(sizes: list[int], rounds: int, folder: Path) -> list[tuple[str, float, float]]:  # float ok: timings
    """For each size, the rating report of a generated Swiss opened in headless Chromium (as
    the page's cards do): in a frame of the page, then in a tab of its own; how long the
    page's own thread was stalled meanwhile (best: in a tab, median column: in a frame)."""
    from served import browser

    rows = []
    with server() as (address, _), browser() as chromium:
        context = chromium.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(address)
        for n in sizes:
            path = folder / f"swiss-{n}.trf"
            path.write_text(generate_swiss_trf(n, rounds, 1))
            page.set_input_files("#files", str(path))
            card = page.locator(f".card[data-name='{path.name}']")
            card.locator(".decision").wait_for(timeout=300_000)
            url = f"/files/{card.get_attribute('data-file')}/rating-report.html"
            page.evaluate(STALLS)
            page.evaluate("""(url) => new Promise((done) => { const f = document.createElement('iframe');
                f.onload = () => requestAnimationFrame(() => requestAnimationFrame(done));
                f.src = url; document.body.append(f); })""", url)
            framed = page.evaluate("window.longest") / 1000
            page.evaluate("document.querySelectorAll('body > iframe').forEach((f) => f.remove())")
            page.evaluate(STALLS)
            with context.expect_page() as opened:
                page.evaluate("""(url) => { const f = document.createElement('form'); f.action = url;
                    f.target = '_blank'; document.body.append(f); f.submit(); }""", url)
            opened.value.wait_for_load_state("load", timeout=300_000)
            alone = page.evaluate("window.longest") / 1000
            opened.value.close()
            rows.append((f"page stalled by a {n:,}-player report: in a tab of its own / in a frame", alone, framed))
    return rows


def timed(run, repeat: int) -> tuple[float, float, object]:  # float ok: timings
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times), result


def key_of(card: bytes) -> str:
    return card.split(b'data-file="', 1)[1].split(b'"', 1)[0].decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=9999)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--list-players", type=int, default=200_000, help="players of the list imported (0: none)")
    parser.add_argument("--frames", default="", help="sizes (players, comma-separated) of the reports opened in "
                        "Chromium, in a frame of the page and in a tab of its own (default: none)")
    args = parser.parse_args()
    big = generate_swiss_trf(args.players, args.rounds, 1).encode("utf-8")
    rows = []
    with server() as (address, _):
        c = Client(address)
        data = EXAMPLE.read_bytes()
        best, median, card = timed(lambda: c.upload(EXAMPLE.name, data), args.repeat)
        assert b'class="decision">RATEABLE WITH EXCLUSIONS' in card
        rows.append(("upload to verdict, bundled example (40 players)", best, median))
        best, median, card = timed(lambda: c.upload("big.trf", big), args.repeat)
        rows.append((f"upload to verdict, {args.players:,} players x {args.rounds} rounds", best, median))
        key = key_of(card)
        best, median, page = timed(lambda: c.get(f"/files/{key}/rating-report.html"), args.repeat)
        assert b"<section id=\"rated\">" in page or b'id="rated"' in page
        rows.append((f"rating report page, {args.players:,} players ({len(page) / 1e6:.1f} MB)", best, median))
        waits = []

        def report():
            c.get(f"/files/{key}/rating-report.html")
        worker = threading.Thread(target=report)
        worker.start()
        while worker.is_alive():
            started = time.perf_counter()
            c.get("/lists/held")
            waits.append(time.perf_counter() - started)
            time.sleep(0.05)
        worker.join()
        rows.append((f"a page request while that report is made (n={len(waits)})", min(waits), max(waits)))
    if args.list_players:
        with tempfile.TemporaryDirectory() as folder:
            rows.extend(list_import(args.list_players, Path(folder)))
    if args.frames:
        with tempfile.TemporaryDirectory() as folder:
            rows.extend(frame_stalls([int(n) for n in args.frames.split(",")], args.rounds, Path(folder)))
    # the same work in this process, in CPU time: what a machine not shared with other work takes
    from trfconv import reads
    from trfconv.web import engine
    from trfconv.web.held import Held

    started = time.process_time()
    upload = Held().add(SESSION, "big.trf", reads(big, path="big.trf"))
    engine.summary(upload)
    read = time.process_time() - started
    started = time.process_time()
    engine.rating_report(upload)
    made = time.process_time() - started
    rows.append((f"CPU: read, judge and summarise {args.players:,} players (in-process)", read, read))
    rows.append((f"CPU: rating report page, {args.players:,} players (in-process)", made, made))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'best s':>7}  {'median s':>8}")
    for name, best, median in rows:
        print(f"{name:<{width}}  {best:7.3f}  {median:8.3f}")
    print("(rows 'a page request while …': fastest and slowest answer instead of best and median; rows 'page "
          "stalled': in a tab of its own, then in a frame)")


if __name__ == "__main__":
    main()
