"""What a move and a statistics query cost as the history grows (issue 24): the figures that must stay flat.

- **move**: the server's CPU per move (``POST /api/deal``, through the app in-process: routing, the engine,
  the autosave with its real fsync), at move 1 and at move N (default 10,000), and the round trip's wall
  time p50/p95; Klondike (classics) by ones, whose stock can be clicked for ever, so a game reaches any length;
- **stats**: at G recorded games (default 100,000), the Statistics panel's ``GET /api/stats`` (CPU of the
  server), the wall time of ``reussite stats`` (a subprocess), and the latency of a ``GET /api/state`` sent
  while the panel's request is being answered.

    python tools/bench_session.py                     # both, the defaults
    python tools/bench_session.py --moves 2000 --games 20000 --only stats

The data folder is made under ``--dir`` (default: a temporary folder inside this checkout, on the same disk
as the project, not a tmpfs, so the fsyncs are real; removed afterwards).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def client_for(data_dir: Path):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*httpx.*", category=UserWarning)
        from starlette.testclient import TestClient
    from reussite.host import Host
    from reussite.web.server import create_app

    return TestClient(create_app(Host.load(), data_dir))


def per_move(client, version: int, count: int) -> tuple[float, list[float], int]:
    """CPU seconds per move over ``count`` stock clicks, their wall times, the last version."""
    walls = []
    cpu = time.process_time()
    for _ in range(count):
        start = time.perf_counter()
        answer = client.post("/api/deal", json={"version": version})
        walls.append(time.perf_counter() - start)
        version = answer.json()["version"]
    return (time.process_time() - cpu) / count, walls, version


def bench_moves(folder: Path, moves: int, sample: int) -> dict:
    data = folder / "moves"
    data.mkdir()
    with client_for(data) as client:
        state = client.post("/api/new", json={"game": "klondike", "number": 1, "options": {"draw": "1"},
                                              "version": client.get("/api/state").json()["version"]}).json()
        version = state["version"]
        first_cpu, first_walls, version = per_move(client, version, sample)
        remaining = moves - sample
        while remaining > 0:  # the history grows to ``moves`` (timed again below)
            step = min(remaining, 500)
            _, _, version = per_move(client, version, step)
            remaining -= step
        late_cpu, late_walls, version = per_move(client, version, sample)
        assert client.get("/api/state").json()["moves"] == moves + sample
    q = statistics.quantiles
    return {"moves": moves, "cpu_ms_at_1": first_cpu * 1000, "cpu_ms_at_n": late_cpu * 1000,
            "ratio": late_cpu / first_cpu, "wall_p50_ms_at_1": statistics.median(first_walls) * 1000,
            "wall_p95_ms_at_1": q(first_walls, n=20)[18] * 1000,
            "wall_p50_ms_at_n": statistics.median(late_walls) * 1000,
            "wall_p95_ms_at_n": q(late_walls, n=20)[18] * 1000}


def fill_stats(data: Path, games: int) -> None:
    """``games`` recorded games in the statistics file, written as the host writes one (then the totals)."""
    from reussite.host import Host
    from reussite.stats import Stats

    host = Host.load()
    game = host.new_game("forty-thieves", 1, {})
    game.push(next(iter(game.legal_moves())))
    stats = Stats.in_folder(data)
    stats.record("seed0000", game, "abandoned", 1)
    results = ("won", "lost", "abandoned")
    with sqlite3.connect(data / "statistics.sqlite") as db:
        columns = [r[1] for r in db.execute("PRAGMA table_info(games)")]
        row = dict(zip(columns, db.execute("SELECT * FROM games").fetchone(), strict=True))
        rows = []
        for i in range(1, games):
            row.update(uid=f"bench{i:09d}", result=results[i % 3], number=str(i), seconds=float(i % 600),
                       finished=f"2026-{1 + i * 12 // games:02d}-01T00:00:00Z")
            rows.append(tuple(row[c] for c in columns))
        db.executemany(f"INSERT INTO games VALUES ({', '.join('?' * len(columns))})", rows)
        try:  # the kept figures, where the schema has them
            from reussite.stats import _rebuild_totals

            _rebuild_totals(db)
        except ImportError:
            pass
    db.close()


def bench_stats(folder: Path, games: int, runs: int) -> dict:
    data = folder / "stats"
    data.mkdir()
    fill_stats(data, games)
    with client_for(data) as client:
        client.get("/api/stats")  # warm
        cpu = time.process_time()
        for _ in range(runs):
            body = client.get("/api/stats").json()
        panel_cpu = (time.process_time() - cpu) / runs
        played = sum(g["played"] for g in body["summary"])
        assert played == games, (played, games)
        # A request sent while the panel's is being answered.
        waits = []
        for _ in range(runs):
            started = threading.Event()

            def panel(started: threading.Event = started) -> None:
                started.set()
                client.get("/api/stats")

            thread = threading.Thread(target=panel)
            thread.start()
            started.wait()
            time.sleep(0.001)
            begin = time.perf_counter()
            client.get("/api/state")
            waits.append(time.perf_counter() - begin)
            thread.join()
    begin = time.perf_counter()
    before = os.times()
    done = subprocess.run([sys.executable, "-m", "reussite.cli", "stats", "--data-dir", str(data)],
                          capture_output=True, text=True, check=True)
    after = os.times()
    assert "Forty Thieves" in done.stdout
    return {"games": games, "panel_cpu_ms": panel_cpu * 1000,
            "cli_wall_ms": (time.perf_counter() - begin) * 1000,
            "cli_cpu_ms": (after.children_user + after.children_system - before.children_user
                           - before.children_system) * 1000,
            "concurrent_state_ms_max": max(waits) * 1000, "concurrent_state_ms_median": statistics.median(waits) * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=10_000)
    parser.add_argument("--sample", type=int, default=200, help="moves timed at each end")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=10, help="panel requests timed")
    parser.add_argument("--only", choices=("moves", "stats"))
    parser.add_argument("--dir", type=Path, default=ROOT)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-session-", dir=args.dir))
    out = {}
    try:
        if args.only in (None, "moves"):
            out["move"] = bench_moves(folder, args.moves, args.sample)
        if args.only in (None, "stats"):
            out["stats"] = bench_stats(folder, args.games, args.runs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    if "move" in out:
        m = out["move"]
        print(f"move: CPU {m['cpu_ms_at_1']:.2f} ms at move 1, {m['cpu_ms_at_n']:.2f} ms at move {m['moves']:,} "
              f"(ratio {m['ratio']:.2f}); round trip p50/p95 {m['wall_p50_ms_at_1']:.1f}/{m['wall_p95_ms_at_1']:.1f} "
              f"ms at 1, {m['wall_p50_ms_at_n']:.1f}/{m['wall_p95_ms_at_n']:.1f} ms at {m['moves']:,}")
    if "stats" in out:
        s = out["stats"]
        print(f"stats at {s['games']:,} games: panel CPU {s['panel_cpu_ms']:.1f} ms; reussite stats wall "
              f"{s['cli_wall_ms']:.0f} ms (CPU {s['cli_cpu_ms']:.0f} ms, interpreter start included); "
              f"a state request during the panel's: median {s['concurrent_state_ms_median']:.1f} ms, "
              f"max {s['concurrent_state_ms_max']:.1f} ms")


if __name__ == "__main__":
    main()
