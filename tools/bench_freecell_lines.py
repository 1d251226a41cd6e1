"""Benchmark (not a test): how long the solver's FreeCell winning lines are against a dedicated solver's on
the same deals: Freecell Solver (``fc-solve``, Debian's ``freecell-solver-bin``), run with its default
configuration and with a preset it names for shorter solutions. Both count a run moved at once as one move
(fc-solve's standard notation, ``-m -snx``; Réussite's moves), every move to a foundation included.

    python3 tools/bench_freecell_lines.py --deals 1-50 --nodes 30000

Per deal: Réussite's verdict and line length, then fc-solve's lengths; at the end the means over the deals
both won and the ratio of the means. The deals are Réussite's FreeCell deals (PySolFC's game numbers), written
out for fc-solve as its board format, so both solve the very same layout.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

from reussite.solver import Budget, Verdict, solve
from reussite.solver.batch import parse_deals

#: fc-solve configurations: its default, and one its --help-short-sol names for shorter solutions.
PRESETS = {"fc-solve": [], "fc-solve -l video-editing": ["-l", "video-editing"]}


def board(game) -> str:
    """The position as fc-solve's board text: one line a column, bottom card first."""
    stacks = {s["id"]: s["cards"] for s in game.layout_json()["stacks"]}
    cells = [stacks[i] for i in stacks if i.startswith("reserve-")]
    homes = [stacks[i] for i in stacks if i.startswith("foundation-")]
    lines = ["Freecells: " + " ".join(c[-1] if c else "-" for c in cells)]
    if any(homes):
        lines.append("Foundations: " + " ".join(f"{h[-1][1]}-{h[-1][0]}" for h in homes if h))
    lines += [": " + " ".join(stacks[f"tableau-{i}"]) for i in range(1, 9)]
    return "\n".join(lines) + "\n"


def fc_solve(text: str, flags: list[str]) -> int | None:
    """fc-solve's solution length in moves, or None when it reports no solution."""
    out = subprocess.run(["fc-solve", "-m", "-snx", *flags, "-"], input=text, capture_output=True, text=True,
                         timeout=120).stdout
    if "This game is solveable." not in out:
        return None
    moves = out.split("This game is solveable.")[0]
    return sum(len(line.split()) for line in moves.splitlines() if line and not line.startswith("-="))


def one(args: tuple[int, int]) -> tuple[int, str, int, list[int | None]]:
    from reussite.host import Host

    number, nodes = args
    game = Host.load().new_game("freecell", number, {})
    result = solve(game, Budget(nodes, None, None))
    text = board(game)
    return number, result.verdict.value, len(result.line), [fc_solve(text, f) for f in PRESETS.values()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-50")
    parser.add_argument("--nodes", type=int, default=30000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if shutil.which("fc-solve") is None:
        sys.exit("fc-solve not found: apt-get install freecell-solver-bin")
    deals = parse_deals(args.deals)
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(one, [(n, args.nodes) for n in deals]))
    print("deal  réussite  " + "  ".join(PRESETS))
    for number, verdict, length, theirs in rows:
        mine = str(length) if verdict == Verdict.WON.value else verdict
        print(f"{number:4}  {mine:>8}  " + "  ".join(f"{t if t is not None else '-':>{len(p)}}"
                                                     for t, p in zip(theirs, PRESETS, strict=True)))
    both = [(length, theirs) for _, verdict, length, theirs in rows
            if verdict == Verdict.WON.value and None not in theirs]
    if not both:
        return
    mine = statistics.mean(length for length, _ in both)
    print(f"\n{len(both)} deals won by all; mean line: réussite {mine:.1f}", end="")
    for k, name in enumerate(PRESETS):
        theirs = statistics.mean(t[k] for _, t in both)
        print(f"; {name} {theirs:.1f} (ratio {mine / theirs:.2f})", end="")
    print()


if __name__ == "__main__":
    main()
