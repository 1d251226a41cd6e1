"""Engine benchmark: random legal play on every registered game.

For each game, deals successive game numbers and plays random legal moves; at every step it generates the
legal moves, applies each one and undoes it (so generation, push and pop are all exercised), then plays one
of them. Prints, per game and on one core:

- moves/s: legal moves that were each generated, applied and undone, per second;
- operations/s: the same work counted as separate operations (each generation of a move, each push, each
  pop, and the push of the move actually played).

Rates are per second of this process's CPU time (``time.process_time``), which a busy machine disturbs far
less than the wall clock; ``--repeat N`` runs each game N times and keeps the best run (the least disturbed).
The wall-clock rate of that run and the machine's load average are printed too: on a shared machine, compare
figures taken at a similar load.

    python tools/bench_engine.py [--seconds 3] [--repeat 3] [--game forty-thieves]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from reussite.host import Host


def bench(cls, seconds: float) -> tuple[int, float, float, int]:
    """Random legal play for ``seconds`` of CPU time: (moves, CPU seconds, wall seconds, positions)."""
    rng = random.Random(0)
    moves_done = 0
    steps = 0
    number = 1
    start, wall = time.process_time(), time.perf_counter()
    while time.process_time() - start < seconds:
        game = cls(number)
        number += 1
        for _ in range(400):
            legal = list(game.legal_moves())
            if not legal:
                break
            for move in legal:
                game.push(move, check=False)
                game.pop()
            moves_done += len(legal)
            game.push(rng.choice(legal), check=False)
            steps += 1
    return moves_done, time.process_time() - start, time.perf_counter() - wall, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeat", type=int, default=1, help="runs per game; the best is kept")
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    host = Host.load()
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    for game_id in args.game or sorted(host.games):
        runs = [bench(host.game(game_id), args.seconds) for _ in range(max(1, args.repeat))]
        done, cpu, wall, steps = max(runs, key=lambda run: run[0] / run[1])
        ops = 3 * done + steps
        print(f"{game_id:<16} {done / cpu:>9,.0f} moves/s {ops / cpu:>10,.0f} operations/s (CPU time)   "
              f"{done / wall:>9,.0f} moves/s wall   ({done:,} moves over {steps:,} positions, "
              f"{cpu:.1f} s CPU, {wall:.1f} s wall)")
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
