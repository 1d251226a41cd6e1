"""Benchmark of the solver (not a test): per game and option, over a range of deals with a budget per deal,
how many deals are decided, won, lost or unknown, nodes per second, solve-time percentiles and the memory
high-water mark of the workers. It runs the very function ``reussite winnability`` runs
(``reussite.solver.batch.solve_deal``), one deal per task on a process pool. Nodes per second are given per
second of the solves' wall-clock time (what ``reussite winnability`` reports) and per second of the workers'
CPU time, which a busy machine disturbs far less: compare CPU figures between runs.

    python tools/bench_solver.py                                   # every game, deals 1-100, 2 s per deal
    python tools/bench_solver.py --games osmosis:deal=3 --deals 1-1000 --timeout 2 --jobs 2
    python tools/bench_solver.py --games forty-thieves --timeout 10 --memory 1024 --json
    python tools/bench_solver.py --games freecell klondike:draw=3 --nodes 30000 --engine native python

``--engine`` picks the search (reussite.solver.native): ``auto`` (the default, what players get: the native core
first where it can search the game, the Python searches after it), ``native`` (the native core alone, where it
can), ``python`` (the Python searches alone). With several, each game is measured with each in turn, one
after the other, so that their figures come from one run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter

from reussite.solver import Budget
from reussite.solver.batch import Summary, _host, default_jobs, parse_deals, solve_deal

GAMES = ("osmosis:deal=1", "osmosis:deal=3", "tournament", "mount-olympus", "forty-thieves")
#: The classic games (``pip install ./classics``), each option: the solver's proving ground, with no hints.
CLASSICS = ("klondike:draw=1", "klondike:draw=3", "freecell", "bakers-game", "spider:suits=1", "spider:suits=2",
            "spider:suits=4", "golf", "black-hole")


def _spec(text: str) -> tuple[str, dict[str, str]]:
    game, _, opts = text.partition(":")
    return game, dict(o.split("=", 1) for o in opts.split(",") if o)


def solve_timed(*task) -> dict:
    """``solve_deal(*task)``'s row, with the CPU time the worker spent on it (games loaded beforehand)."""
    _host()
    start = time.process_time()
    row = solve_deal(*task)
    row["cpu_seconds"] = time.process_time() - start
    return row


#: --engine -> REUSSITE_NATIVE, which the workers inherit.
ENGINES = {"auto": "1", "native": "only", "python": "0"}


def bench(game: str, options: dict[str, str], deals: range, budget: Budget, jobs: int, engine: str = "auto") -> dict:
    os.environ["REUSSITE_NATIVE"] = ENGINES[engine]
    tasks = [(game, options, n, budget) for n in deals]
    start = time.perf_counter()
    if jobs == 1:
        rows = [solve_timed(*task) for task in tasks]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            rows = list(pool.map(solve_timed, *zip(*tasks, strict=True)))
    wall = time.perf_counter() - start
    summary = Summary.of(rows).as_json()
    stopped = Counter(r["stopped_by"] for r in rows if r["verdict"] == "unknown")
    cpu = sum(r["cpu_seconds"] for r in rows)
    return {"game": game, "options": options, "engine": engine, "deals": f"{deals.start}-{deals.stop - 1}",
            "jobs": jobs,
            "wall_seconds": round(wall, 1), "unknown_by": dict(stopped), "cpu_seconds": round(cpu, 2),
            "cpu_nodes_per_second": sum(r["nodes"] for r in rows) / cpu if cpu else 0.0,
            "max_table_mb": max((r["memory_mb"] for r in rows), default=0.0),
            "line_mean": _mean([r["moves"] for r in rows if r["verdict"] == "won"]),
            "line_median": _median([r["moves"] for r in rows if r["verdict"] == "won"]), **summary}


def _mean(values: list[int]) -> float:
    return round(sum(values) / len(values), 1) if values else 0.0


def _median(values: list[int]) -> float:
    values = sorted(values)
    if not values:
        return 0.0
    mid = len(values) // 2
    return float(values[mid]) if len(values) % 2 else (values[mid - 1] + values[mid]) / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), metavar="GAME[:k=v]",
                        help="games and options (default: the bundled ones; 'classics' for the classic games)")
    parser.add_argument("--deals", default="1-100")
    parser.add_argument("--timeout", type=float, help="seconds per deal (default 2, none with --nodes)")
    parser.add_argument("--nodes", type=int, help="positions per deal (reproducible budget)")
    parser.add_argument("--memory", type=float, default=1024.0, help="MB of positions per deal (default 1024)")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--engine", nargs="+", choices=sorted(ENGINES), default=["auto"],
                        help="the search: auto (native core, then Python), native or python; several: each in turn")
    args = parser.parse_args(argv)
    # A node budget alone gives the same answer on any machine: no clock unless asked for.
    seconds = args.timeout if args.timeout is not None else (None if args.nodes else 2.0)
    budget = Budget(nodes=args.nodes, seconds=seconds, memory_mb=args.memory)
    args.games = [g for spec in args.games for g in (CLASSICS if spec == "classics" else (spec,))]
    deals = parse_deals(args.deals)
    print(f"# {os.cpu_count()} cores, {args.jobs} jobs, budget {budget}", file=sys.stderr)
    for spec in args.games:
        game, options = _spec(spec)
        for engine in args.engine:
            out = bench(game, options, deals, budget, args.jobs, engine)
            if args.json:
                print(json.dumps(out), flush=True)
                continue
            s = out["seconds"]
            print(f"{spec:<16} {engine:<6} deals {out['deals']}: decided {out['decided_pct']:5.1f}%  "
                  f"won {out['won']:4}  "
                  f"lost {out['lost']:4}  unknown {out['unknown']:4}  {out['nodes_per_second']:8,.0f} nodes/s  "
                  f"{out['cpu_nodes_per_second']:8,.0f} nodes/s CPU  "
                  f"time p50 {s['p50']:.2f} p90 {s['p90']:.2f} p99 {s['p99']:.2f} max {s['max']:.2f} s  "
                  f"line mean {out['line_mean']} median {out['line_median']}  "
                  f"rss {out['max_rss_mb']:.0f} MB  table {out['max_table_mb']:.0f} MB  wall {out['wall_seconds']} s",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
