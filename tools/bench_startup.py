"""Start-up benchmark: how long ``reussite games`` takes as a fresh process (goal: under 0.3 s).

Runs the command N times and prints the median and the best, next to a bare ``python -c pass`` for scale.

    python tools/bench_startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time


def timed(cmd: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    exe = shutil.which("reussite") or sys.exit("reussite is not installed on PATH")
    for label, cmd in (("python -c pass", [sys.executable, "-c", "pass"]), ("reussite games", [exe, "games"])):
        t = timed(cmd, args.runs)
        print(f"{label:<16} median {statistics.median(t) * 1000:6.0f} ms   best {min(t) * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
