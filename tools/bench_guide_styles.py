"""Benchmark of the games written in the plugin guide's styles (tests/variants/guide_styles.py) against the
classics' declared forms of the same rules (issue 37: no slow path for a documented way of writing a game).
Not a test. In one process, for each pair, on the same deals:

- move generation and keys: ``legal_moves()`` and ``position_key()`` at each position of a fixed random play,
  listings per CPU second;
- the solver: verdicts, positions, and positions per CPU second at a node budget.

    python tools/bench_guide_styles.py                      # deals 1-10 at 3,000 positions
    python tools/bench_guide_styles.py --deals 1-50 --nodes 30000
    python tools/bench_guide_styles.py --only pick-refusal   # one style
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "variants"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "examples"))

from golf import Golf as GuideGolf  # noqa: E402
from guide_styles import (  # noqa: E402
    BlackHoleByTop,
    BlackHoleDropRefusal,
    BlackHoleOwnRule,
    FreeCellMaxMovable,
    FreeCellMaxMovableGrouped,
    FreeCellRefusal,
    KingAlbertPickRefusal,
    KlondikeAfterMove,
    KlondikeExtraRefusal,
    KlondikeKept,
)
from reussite_classics.black_hole import BlackHole  # noqa: E402
from reussite_classics.freecell import FreeCell  # noqa: E402
from reussite_classics.golf import Golf  # noqa: E402
from reussite_classics.klondike import KingAlbert, Klondike  # noqa: E402

from reussite.solver import solve  # noqa: E402
from reussite.solver.batch import parse_deals  # noqa: E402
from reussite.testing import played_positions  # noqa: E402

#: (the declared form, the guide's style of the same game), then the guide's style with what reussite check
#: advises it to declare.
PAIRS = ((FreeCell, FreeCellMaxMovable), (BlackHole, BlackHoleOwnRule), (BlackHole, BlackHoleDropRefusal),
         (FreeCell, FreeCellMaxMovableGrouped), (BlackHole, BlackHoleByTop), (KingAlbert, KingAlbertPickRefusal),
         (FreeCell, FreeCellRefusal), (KlondikeKept, KlondikeExtraRefusal), (Klondike, KlondikeAfterMove),
         (Golf, GuideGolf))


def listing_rate(cls, deals: range, steps: int = 200, rounds: int = 20) -> float:
    """legal_moves() and position_key() per CPU second over the positions of a random play of each deal."""
    count, cpu = 0, 0.0
    for number in deals:
        positions = played_positions(cls, number, steps=steps)
        start = time.process_time()
        for _ in range(rounds):
            for g in positions:
                list(g.legal_moves())
                g.position_key()
        cpu += time.process_time() - start
        count += rounds * len(positions)
    return count / cpu if cpu else 0.0


def solver_run(cls, deals: range, nodes: int) -> tuple[list[str], int, float]:
    for number in deals:  # untimed: the first pass of a process runs slower, whichever class it runs
        solve(cls(number), nodes=nodes)
    verdicts, total, cpu = [], 0, 0.0
    for number in deals:
        game = cls(number)
        start = time.process_time()
        result = solve(game, nodes=nodes)
        cpu += time.process_time() - start
        verdicts.append(result.verdict.value)
        total += result.nodes
    return verdicts, total, total / cpu if cpu else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-10")
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--only", default="", help="the pairs whose guide style's id contains this text")
    args = parser.parse_args(argv)
    deals = parse_deals(args.deals)
    for declared, guide in PAIRS:
        if args.only not in guide.id:
            continue
        fast, slow = listing_rate(declared, deals), listing_rate(guide, deals)
        print(f"{guide.id}: listings and keys {slow:,.0f}/CPU s against {fast:,.0f} for {declared.id}: "
              f"{fast / slow:.2f}x slower", flush=True)
        (va, na, ra), (vb, nb, rb) = solver_run(declared, deals, args.nodes), solver_run(guide, deals, args.nodes)
        same = sum(a == b for a, b in zip(va, vb, strict=True))
        print(f"{guide.id}: solver deals {args.deals} at {args.nodes:,}: won {vb.count('won')} lost {vb.count('lost')}"
              f" ({declared.id}: won {va.count('won')} lost {va.count('lost')}), same verdict on {same} of "
              f"{len(va)}; {nb:,} positions ({na:,}); {rb:,.0f} positions/CPU s against {ra:,.0f}: "
              f"{ra / rb:.2f}x slower", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
