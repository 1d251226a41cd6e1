"""Benchmark of the bounded JSON reader (reussite.saves.parse_json) against a bare ``json.loads``.

The bounds (nesting measured before parsing, integer digits checked while parsing) cost CPU time on every
autosave read and request body; this prints that cost as a ratio measured in the same run, in CPU time,
for a real autosave of 200 moves and for a document near the 8 MB limit.

Usage: ``python tools/bench_saves.py [--repeat 200]``
"""

from __future__ import annotations

import argparse
import json
import time

from reussite import saves
from reussite.host import Host


def cpu_ms(fn, data: bytes, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn(data)
    return (time.process_time() - start) / repeat * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    game = Host.load().new_game("forty-thieves", 31337, {})
    for _ in range(200):
        moves = list(game.legal_moves())
        if not moves:
            break
        game.push(moves[0])
    autosave = json.dumps(saves.to_json(game), indent=1).encode()
    large = json.dumps({"moves": ["t1-t2"] * 600_000}).encode()
    for name, data, repeat in (("autosave", autosave, args.repeat), ("near the limit", large, 3)):
        bare = cpu_ms(lambda d: json.loads(d.decode()), data, repeat)
        bounded = cpu_ms(lambda d: saves.parse_json(d, "bench"), data, repeat)
        print(f"{name} ({len(data)} bytes): json.loads {bare:.3f} ms, parse_json {bounded:.3f} ms "
              f"(x{bounded / bare:.1f})")


if __name__ == "__main__":
    main()
