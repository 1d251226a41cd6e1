"""What ``--memory`` bounds: one search's growth of this process's memory (not part of the test run).

Runs the solver on one deal with a memory budget and prints the verdict, what stopped it, the searches' own
count of their tables, and the growth of the process's peak resident memory (ru_maxrss) over its resident
memory when the search began: the figure the budget bounds.

    python tools/bench_solver_memory.py spider 1 16
"""

from __future__ import annotations

import resource
import sys
import time


def main() -> None:
    from reussite.host import Host
    from reussite.solver import solve
    from reussite.solver.search import resident_bytes

    game_id, number, budget = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    game = Host.load().new_game(game_id, number, {})
    before = resident_bytes() or 0
    start = time.perf_counter()
    result = solve(game, seconds=120, memory_mb=budget)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kB on Linux
    print(f"{game_id} #{number}, --memory {budget:g}: {result.verdict.value} (stopped by {result.stopped_by}), "
          f"tables {result.memory_mb:.1f} MB, process peak growth {(peak - before) / 2**20:.1f} MB, "
          f"{result.positions} positions, {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
