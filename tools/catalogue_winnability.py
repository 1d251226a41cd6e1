"""How winnable every game of a distribution is (not a test): each game and option over a range of deals at a
node budget (the same answers on any machine), every deal one task of one pool over all the games (local
cores, or a Dask cluster with --scheduler), through the very function ``reussite winnability`` runs. A won
verdict's line has been replayed through the game's rules by the solver before it is counted.

It writes the distribution's ``winnability.json`` (what the page's game chooser shows beside each name) and
prints the Markdown table of docs/winnability.md, one row per game and option. The rows go to a JSON-lines
file as they come, so a stopped run started again goes on where it stopped.

    python tools/catalogue_winnability.py --deals 1-200 --nodes 3000                 # every classic game
    python tools/catalogue_winnability.py --games gaps,clock --deals 1-50 --nodes 30000
    python tools/catalogue_winnability.py --scheduler tcp://HOST:8786 --deals 1-1000 --nodes 30000
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from reussite.solver import Budget
from reussite.solver.batch import (
    RowWriter,
    Summary,
    _host,
    budget_label,
    default_jobs,
    options_label,
    parse_deals,
    read_rows,
    run_dask,
    run_local,
)

ROOT = Path(__file__).resolve().parents[1]
#: Where the classics keep their figures (read by their reussite_games hook).
TARGET = ROOT / "classics" / "reussite_classics" / "winnability.json"


def configs(plugin: str, only: set[str] | None) -> list[tuple[str, dict[str, str]]]:
    """Every game of ``plugin`` with each choice of each of its options (the others at their defaults)."""
    found, seen = [], set()
    for game_id, cls in sorted(_host().games.items()):
        if cls.plugin_name != plugin or (only and game_id not in only):
            continue
        for options in [{o.name: c} for o in cls.options for c in o.choices] or [{}]:
            # With two options, each one's default choice is the same game: measured once.
            label = options_label({**{o.name: o.default for o in cls.options}, **options})
            if (game_id, label) not in seen:
                seen.add((game_id, label))
                found.append((game_id, options))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plugin", default="classics", help="the plugin whose games are measured")
    parser.add_argument("--games", help="only these game ids, comma-separated")
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--nodes", type=int, default=3000, help="positions searched at most per deal")
    parser.add_argument("--memory", type=int, default=512, help="MB for the positions searched, per deal")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--scheduler", help="a Dask scheduler's address, instead of local processes")
    parser.add_argument("--rows", type=Path, default=Path("catalogue-winnability.jsonl"),
                        help="the rows as they come (a run started again goes on from them)")
    parser.add_argument("--out", type=Path, default=TARGET, help="the JSON file the chooser reads")
    args = parser.parse_args(argv)

    deals = parse_deals(args.deals)
    budget = Budget(seconds=None, nodes=args.nodes, memory_mb=args.memory)
    label = budget_label(budget)
    wanted = configs(args.plugin, set(args.games.split(",")) if args.games else None)
    done: dict[tuple, dict] = {}
    if args.rows.exists():
        for _, row in read_rows(args.rows):
            if row["budget"] == label:
                done[(row["game"], row["options"], row["number"])] = row
    host = _host()
    tasks = []
    for game_id, options in wanted:
        shown = options_label(host.new_game(game_id, 1, options).option_values)
        tasks += [(game_id, options, n, budget) for n in deals if (game_id, shown, n) not in done]
    print(f"{len(wanted)} games and options, {len(tasks)} deals to solve ({len(done)} already done) at {label}",
          file=sys.stderr)
    writer = RowWriter(args.rows)
    try:
        def keep(row: dict) -> None:
            writer.write(row)
            done[(row["game"], row["options"], row["number"])] = row

        if args.scheduler:
            run_dask(tasks, args.scheduler, keep)
        else:
            run_local(tasks, args.jobs, keep)
    finally:
        writer.close()

    by_config: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for (game_id, options, number), row in done.items():
        if number in deals:
            by_config[(game_id, options)].append(row)
    figures = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
    print("| game | options | won | lost | unknown | decided |\n|---|---|---|---|---|---|")
    for (game_id, options), rows in sorted(by_config.items()):
        summary = Summary.of(rows)
        key = game_id + (f":{options}" if options and options != "-" else "")
        figures[key] = {"won": summary.won, "lost": summary.lost, "unknown": summary.unknown,
                        "deals": args.deals, "nodes": args.nodes}
        share = 100 * summary.decided / summary.total if summary.total else 0
        print(f"| {game_id} | {options} | {summary.won} | {summary.lost} | {summary.unknown} | {share:.0f}% |")
    args.out.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
