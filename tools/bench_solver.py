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

``--solvitaire PATH`` and ``--fc-solve`` add, for each game they play, a row measured on the same deals in the same
run: Solvitaire with its preset (tools/bench_solvitaire.py), fc-solve (Debian's ``freecell-solver-bin``, default
configuration) on FreeCell, each given the budget in seconds (2 s by default); their states per CPU second are
their unique states (Solvitaire) or states checked (fc-solve) over the CPU time of their processes, start-up
included.

    python tools/bench_solver.py --games klondike:draw=3 freecell --deals 1-50 --timeout 2 --jobs 1 \
        --engine native python --solvitaire /tmp/solv/solvitaire --fc-solve

``--engine`` picks the search (reussite.solver.native): ``auto`` (the default, what players get: the native core
first where it can search the game, the Python searches after it), ``native`` (the native core alone, where it
can), ``python`` (the Python searches alone). With several, each game is measured with each in turn, one
after the other, so that their figures come from one run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

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


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def external(game: str, options: dict[str, str], deals: range, seconds: float, solvitaire: str | None,
             fc_solve: bool) -> list[dict]:
    """Solvitaire's and fc-solve's rows for the same deals, where they play the game (one process a deal, one
    at a time, so that their CPU time is theirs alone)."""
    import bench_freecell_lines
    import bench_solvitaire

    from reussite.solver.batch import options_label

    host = _host()
    label = options_label(host.new_game(game, deals.start, options).option_values)
    engines = []
    preset = bench_solvitaire.PRESETS.get((game, label))
    if solvitaire and preset:
        engines.append("solvitaire")
    if fc_solve and game == "freecell":
        engines.append("fc-solve")
    rows = []
    for engine in engines:
        verdicts: Counter = Counter()
        states, cpu = 0, 0.0
        with tempfile.TemporaryDirectory() as tmp:
            for number in deals:
                position = host.new_game(game, number, options)
                before = _children_cpu()
                if engine == "solvitaire":
                    path = Path(tmp, f"{number}.json")
                    path.write_text(json.dumps(bench_solvitaire.deal_json(position)))
                    r = bench_solvitaire.run_solvitaire(solvitaire, preset, path, seconds)
                    verdicts[r["verdict"]] += 1
                    states += r["unique"]
                else:
                    try:
                        out = subprocess.run(["fc-solve", "-"], input=bench_freecell_lines.board(position),
                                             capture_output=True, text=True, timeout=seconds).stdout
                    except subprocess.TimeoutExpired:
                        out = ""
                    verdicts["won" if "This game is solveable." in out else
                             "lost" if "I could not solve this game." in out else "unknown"] += 1
                    for line in out.splitlines():
                        if line.startswith("Total number of states checked is"):
                            states += int(line.split()[-1].rstrip("."))
                cpu += _children_cpu() - before
        decided = verdicts["won"] + verdicts["lost"]
        rows.append({"game": game, "options": options, "engine": engine, "deals": f"{deals.start}-{deals.stop - 1}",
                     "won": verdicts["won"], "lost": verdicts["lost"], "unknown": verdicts["unknown"],
                     "decided_pct": round(100 * decided / len(deals), 1), "cpu_seconds": round(cpu, 2),
                     "cpu_states_per_second": states / cpu if cpu else 0.0})
    return rows


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
    parser.add_argument("--solvitaire", metavar="PATH", help="a Solvitaire binary: its row for the games it plays")
    parser.add_argument("--fc-solve", action="store_true", help="fc-solve's row for FreeCell")
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
        if args.solvitaire or args.fc_solve:
            for out in external(game, options, deals, seconds or 2.0, args.solvitaire, args.fc_solve):
                if args.json:
                    print(json.dumps(out), flush=True)
                    continue
                print(f"{spec:<16} {out['engine']:<10} deals {out['deals']}: decided {out['decided_pct']:5.1f}%  "
                      f"won {out['won']:4}  lost {out['lost']:4}  unknown {out['unknown']:4}  "
                      f"{out['cpu_states_per_second']:8,.0f} states/s CPU", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
