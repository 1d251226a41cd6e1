"""Benchmark of the browser front end (not part of the test run).

1. Move round trips on loopback: ``reussite play --no-browser`` runs as a subprocess; the bench plays a
   legal move and takes it back, over and over (each is a POST carrying the version, answered with the
   whole new position), and reports p50/p95/max of the move requests. Goal: p95 under 15 ms.
2. The same while the solver is busy: a second client asks for a hint (with a long budget) again and again;
   every move cancels the hint being computed (the solver runs in its own process), and the client asks
   again at once. Goal: p95 still under 15 ms. Then the same with the live winnability check (/api/watch,
   what the page asks after each move) running all the time: its moves must stay as fast.
3. Hint latency per game, from the page's point of view (the request's round trip), with the default budget
   (1 s): the first hint on each of ``--hint-deals`` deals, and the next hint after playing a winning one (the
   solver's process keeps the line it found).
4. Navigation to the first painted layout in Debian's Chromium: from the navigation's start to the mark
   the page sets on the first animation frame after it drew the cards. Goal: under 300 ms.

Usage: python tools/bench_web.py [--moves 1000] [--loads 10] [--game forty-thieves] [--number 1]
                                 [--hint-deals 10]
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def start_server(data_dir: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    exe = shutil.which("reussite")
    command = [exe] if exe else [sys.executable, "-m", "reussite.cli"]
    proc = subprocess.Popen([*command, "play", "--no-browser", "--port", str(port), "--data-dir", str(data_dir)],
                            cwd=data_dir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "api/state", timeout=1).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"the server did not start: {proc.stderr.read()}")


def bench_moves(url: str, game: str, number: int, count: int) -> list[float]:
    times: list[float] = []
    with httpx.Client(base_url=url, timeout=10) as client:
        state = client.post("/api/new", json={"game": game, "number": number,
                                             "version": client.get("/api/state").json()["version"]}).json()
        for _ in range(50):  # warm up
            state = client.post("/api/deal", json={"version": state["version"]}).json()
            state = client.post("/api/undo", json={"version": state["version"]}).json()
        while len(times) < count:
            move = next((m for m in state["legal"] if m["type"] == "move"), None)
            body = {"version": state["version"]}
            path = "/api/deal" if move is None else "/api/move"
            if move is not None:
                body.update(src=move["src"], dst=move["dst"], n=move["n"])
            start = time.perf_counter()
            response = client.post(path, json=body)
            times.append((time.perf_counter() - start) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"move refused: {response.status_code} {response.text}")
            state = response.json()
            state = client.post("/api/undo", json={"version": state["version"]}).json()
    return times


def _ask_hints(url: str, path: str, body: dict, stop, counts) -> None:
    """The pressure client's loop (in its own process, so it does not share the timing client's GIL)."""
    with httpx.Client(base_url=url, timeout=60) as client:
        while not stop.is_set():
            start = time.perf_counter()
            answer = client.post(path, json=body).json()
            with counts.get_lock():
                counts[0] += 1
                counts[1] += bool(answer.get("stale"))
                counts[2] += time.perf_counter() - start


class HintPressure:
    """A second client that keeps a hint computing: asks, and asks again as soon as a move cancels it.
    With ``path="/api/watch"``: the live winnability check the page asks for after each move, kept running
    all the time (the page waits for a pause first: this is its worst case)."""

    def __init__(self, url: str, seconds: float = 10.0, path: str | None = None) -> None:
        import multiprocessing

        mp = multiprocessing.get_context("spawn")
        self.stop = mp.Event()
        self.counts = mp.Array("d", 3)  # hints asked, cancelled, seconds in flight
        body = {"seconds": seconds} if path is None else {}
        path = path or "/api/hint"
        self.proc = mp.Process(target=_ask_hints, args=(url, path, body, self.stop, self.counts), daemon=True)

    def __enter__(self) -> HintPressure:
        self.proc.start()
        time.sleep(1.0)  # the client is up and the solver's process is searching
        with self.counts.get_lock():
            self.counts[0] = self.counts[1] = self.counts[2] = 0
        self.started = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.elapsed = time.perf_counter() - self.started
        self.stop.set()
        self.proc.join(timeout=30)
        self.asked, self.cancelled, self.busy = int(self.counts[0]), int(self.counts[1]), self.counts[2]


def bench_hints(url: str, games: list[str], deals: int) -> dict[str, tuple[list[float], list[float], dict]]:
    """Per game: first-hint latencies, next-hint latencies (after playing a winning hint), and the kinds."""
    out = {}
    with httpx.Client(base_url=url, timeout=60) as client:
        for game in games:
            first: list[float] = []
            following: list[float] = []
            kinds: dict[str, int] = {}
            for number in range(1, deals + 1):
                state = client.post("/api/new", json={"game": game, "number": number,
                                             "version": client.get("/api/state").json()["version"]}).json()
                start = time.perf_counter()
                hint = client.post("/api/hint", json={"version": state["version"]}).json()
                first.append((time.perf_counter() - start) * 1000)
                kinds[hint["kind"]] = kinds.get(hint["kind"], 0) + 1
                for _ in range(3):
                    move = hint.get("move")
                    if hint.get("kind") != "winning" or move is None:
                        break
                    path = "/api/move" if move["type"] == "move" else "/api/deal"
                    state = client.post(path, json={"version": state["version"], **move}).json()
                    start = time.perf_counter()
                    hint = client.post("/api/hint", json={"version": state["version"]}).json()
                    following.append((time.perf_counter() - start) * 1000)
            out[game] = (first, following, kinds)
    return out


def summary(values: list[float]) -> str:
    if not values:
        return "-"
    return f"p50 {statistics.median(values):.1f} ms, p95 {percentile(values, 95):.1f} ms, max {max(values):.1f} ms"


def bench_paint(url: str, loads: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    times: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)  # first load: warms the browser process, not counted
        page.wait_for_selector("body[data-painted]")
        for _ in range(loads):
            page.goto(url)
            page.wait_for_selector("body[data-painted]")
            times.append(page.evaluate(
                "performance.getEntriesByName('reussite-layout-painted')[0].startTime"))
        browser.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--game", default="forty-thieves")
    parser.add_argument("--number", type=int, default=1)
    parser.add_argument("--hint-deals", type=int, default=10, help="deals per game for the hint latency")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(Path(tmp))
        try:
            moves = bench_moves(url, args.game, args.number, args.moves)
            print(f"move round trip over {len(moves)} moves ({args.game} #{args.number}, loopback, autosave on): "
                  f"p50 {statistics.median(moves):.2f} ms, p95 {percentile(moves, 95):.2f} ms, "
                  f"max {max(moves):.2f} ms  (goal: p95 < 15 ms)")
            with HintPressure(url) as pressure:
                busy_moves = bench_moves(url, args.game, args.number, args.moves)
            print(f"move round trip while a hint is computing ({len(busy_moves)} moves; {pressure.asked} hints asked, "
                  f"{pressure.cancelled} cancelled by a move, a hint in flight {pressure.busy / pressure.elapsed:.0%} "
                  f"of the time): p50 {statistics.median(busy_moves):.2f} ms, p95 {percentile(busy_moves, 95):.2f} ms, "
                  f"max {max(busy_moves):.2f} ms  (goal: p95 < 15 ms)")
            with HintPressure(url, path="/api/watch") as pressure:
                live_moves = bench_moves(url, args.game, args.number, args.moves)
            print(f"move round trip while the live winnability check runs ({len(live_moves)} moves; "
                  f"{pressure.asked} checks asked, {pressure.cancelled} made stale by a move, a check in flight "
                  f"{pressure.busy / pressure.elapsed:.0%} of the time): p50 {statistics.median(live_moves):.2f} ms, "
                  f"p95 {percentile(live_moves, 95):.2f} ms, max {max(live_moves):.2f} ms  (goal: p95 < 15 ms, "
                  f"as without it)")
            games = httpx.get(url + "api/games", timeout=10).json()
            for game, (first, following, kinds) in bench_hints(url, [g["id"] for g in games], args.hint_deals).items():
                kinds_text = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
                print(f"hint latency, {game} (deals 1-{args.hint_deals}, budget 1 s; {kinds_text}): first hint "
                      f"{summary(first)}; next hint after a winning one {summary(following)}")
            if os.path.exists(CHROMIUM):
                paints = bench_paint(url, args.loads)
                print(f"navigation to first painted layout over {len(paints)} loads: "
                      f"p50 {statistics.median(paints):.0f} ms, max {max(paints):.0f} ms  (goal: < 300 ms)")
            else:
                print(f"{CHROMIUM} is missing: the first-paint figure was not measured")
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
