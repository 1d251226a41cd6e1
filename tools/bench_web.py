"""Benchmark of the browser front end (not part of the test run).

1. Move round trips on loopback: ``reussite play --no-browser`` runs as a subprocess; the bench plays a
   legal move and takes it back, over and over (each is a POST carrying the version, answered with the
   whole new position), and reports p50/p95/max of the move requests. Goal: p95 under 15 ms.
2. Navigation to the first painted layout in Debian's Chromium: from the navigation's start to the mark
   the page sets on the first animation frame after it drew the cards. Goal: under 300 ms.

Usage: python tools/bench_web.py [--moves 1000] [--loads 10] [--game forty-thieves] [--number 1]
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
        state = client.post("/api/new", json={"game": game, "number": number}).json()
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
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(Path(tmp))
        try:
            moves = bench_moves(url, args.game, args.number, args.moves)
            print(f"move round trip over {len(moves)} moves ({args.game} #{args.number}, loopback, autosave on): "
                  f"p50 {statistics.median(moves):.2f} ms, p95 {percentile(moves, 95):.2f} ms, "
                  f"max {max(moves):.2f} ms  (goal: p95 < 15 ms)")
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
