"""The solver's results at fixed node budgets, one line a deal: verdict, nodes, positions, the line's length
and a digest of its moves. An engine change that must not change what the solver finds (issue 9: speed
only) prints the same bytes before and after it:

    PYTHONPATH=BEFORE python3 tools/solver_fingerprint.py > before.txt
    PYTHONPATH=AFTER python3 tools/solver_fingerprint.py > after.txt && cmp before.txt after.txt

Default: Tournament deals 1-30 at 12,000 nodes and Forty Thieves deals 1-15 at 20,000 (about a minute);
``--game`` keeps one game. The CPU time goes to stderr, so it never makes the outputs differ.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time

from reussite.host import Host
from reussite.solver import solve

RUNS = (("tournament", range(1, 31), 12000), ("forty-thieves", range(1, 16), 20000))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args()
    host = Host.load()
    start = time.process_time()
    for game_id, deals, nodes in RUNS:
        if args.game and game_id not in args.game:
            continue
        for number in deals:
            game = host.new_game(game_id, number, {})
            result = solve(game, nodes=nodes)
            line = " ".join(result.notation(game)).encode()
            print(game_id, number, result.verdict.value, result.nodes, result.positions, len(result.line),
                  hashlib.sha256(line).hexdigest()[:12], flush=True)
    print(f"{time.process_time() - start:.1f} s CPU", file=sys.stderr)


if __name__ == "__main__":
    main()
