"""Engine benchmark: random legal play on every registered game.

For each game, deals successive game numbers and plays random legal moves; at every step it generates the
legal moves, applies each one and undoes it (so generation, push and pop are all exercised), then plays one
of them. Prints, per game and on one core:

- moves/s: legal moves that were each generated, applied and undone, per second;
- operations/s: the same work counted as separate operations (each generation of a move, each push, each
  pop, and the push of the move actually played).

The machine's load average is printed before and after: on a shared machine, compare figures taken at a
similar load.

    python tools/bench_engine.py [--seconds 3] [--game forty-thieves]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from reussite.host import Host


def bench(cls, seconds: float) -> tuple[int, float, int]:
    rng = random.Random(0)
    moves_done = 0
    steps = 0
    number = 1
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
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
    return moves_done, time.perf_counter() - start, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    host = Host.load()
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    for game_id in args.game or sorted(host.games):
        done, elapsed, steps = bench(host.game(game_id), args.seconds)
        ops = 3 * done + steps
        print(f"{game_id:<16} {done / elapsed:>9,.0f} moves/s {ops / elapsed:>10,.0f} operations/s   "
              f"({done:,} moves over {steps:,} positions in {elapsed:.1f} s)")
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
