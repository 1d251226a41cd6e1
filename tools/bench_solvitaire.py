"""Benchmark (not a test): Réussite's solver beside Solvitaire (Blake & Gent's general solver, the one behind
the published Klondike figure, arXiv 1906.12314) on the very same deals.

For each game, deals are written out as Solvitaire's JSON deal format (face-down cards in lower case) and
solved by Solvitaire with one of its preset rule sets and a time limit per deal. Against a Réussite
``winnability`` CSV of the same deals (``--against``), it reports how many each decided, and every deal where
the two disagree (one says won, the other lost): none should. Solvitaire's own counts (states searched,
unique states) are printed per deal with ``--verbose``, and summed up as "decided within N unique states" so
that its search can be compared with Réussite's at a node budget, apart from either's speed.

    python3 tools/bench_solvitaire.py --solvitaire /tmp/solv/solvitaire --games klondike:draw=3 \\
        --deals 1-200 --timeout 2 --jobs 2 --against k3.csv

Solvitaire is not packaged; build it from its repository (github.com/thecharlesblake/Solvitaire), with
Debian's ``libboost-dev libboost-program-options-dev libboost-filesystem-dev``::

    g++ -std=c++14 -O2 -DNDEBUG -Ilib -Ilib/rapidjson -Isrc/main -o solvitaire src/main/main.cpp \\
        $(sed -n '/^set(sources /,/)/p' CMakeLists.txt | grep -o '[^ ]*\\.cpp') \\
        -lboost_program_options -lboost_filesystem -lboost_system -lpthread

At that commit its Spider presets (spider, spiderette, will-o-the-wisp...) let single cards go to the
foundations: the presets say "only complete pile moves", which its rules parser does not read (it reads
"complete piles", which its schema refuses). A build that plays Spider's rules reads the presets' key::

    sed -i 's/"complete piles"/"only complete pile moves"/g' src/main/input-output/input/json-parsing/rules_parser.cpp

Where the two engines' rules differ, it says so: Solvitaire's Klondike presets move part of a run between
piles only when the card it uncovers can go to a foundation (a restriction of its own), and its Forty
Thieves and FreeCell move single cards (Réussite's run moves are shortcuts for what single moves through empty
piles and cells can do, so the games are the same).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from reussite.solver.batch import options_label, parse_deals

#: Réussite game and options (as ``reussite winnability`` labels them, defaults included) -> Solvitaire preset.
PRESETS = {
    ("klondike", "draw=3"): "klondike",
    ("klondike", "draw=1"): "klondike-deal-1",
    ("freecell", "-"): "free-cell",
    ("bakers-game", "-"): "bakers-game",
    ("forty-thieves", "-"): "forty-thieves",
    ("black-hole", "-"): "black-hole",
    # The classics' games with a preset whose rules are the same (Solvitaire moves single cards where
    # Réussite moves runs that single moves through spaces could make; a finished Spider run leaves by
    # itself in Réussite and by a move in Solvitaire).
    ("streets-and-alleys", "-"): "streets-and-alleys",
    ("beleaguered-castle", "-"): "beleaguered-castle",
    ("accordion", "-"): "accordion",
    ("king-albert", "-"): "king-albert",
    ("fan", "-"): "fan",
    # Games whose rules differ a little from the preset's; the verdicts are compared one way only (see
    # ONE_WAY): where one game's moves include the other's, the larger game wins what the smaller wins.
    ("canfield", "-"): "canfield",
    ("golf", "-"): "golf",
    ("spider", "suits=4"): "spider",
    ("spiderette", "-"): "spiderette",
    ("will-o-the-wisp", "-"): "will-o-the-wisp",
    ("gaps", "gaps=after-sequence;redeals=0"): "gaps-one-deal",
}
#: Presets whose game is not quite Réussite's, and which of the two has every move of the other ("ours":
#: Réussite's game has more moves, so a deal Solvitaire wins, Réussite must win; "theirs": the other way).
#: A conflict is then only a verdict against that order.
ONE_WAY = {
    # Solvitaire's Canfield moves part of a run only when the card left behind could take it back, and its
    # foundations keep their cards; Réussite's (Aisleriot's) moves any run and lets a foundation card back.
    "canfield": "ours",
    # Solvitaire's Golf lets a Queen go on a King; Réussite's (Aisleriot's, PySolFC's) puts nothing on a King.
    "golf": "theirs",
    # Solvitaire deals from the stock whatever the piles; Réussite (Aisleriot, PySolFC) only with no empty pile.
    # And at commit 2815238 its Spider presets put single cards on the foundations, up in suit from the Ace:
    # the presets (and its rules schema) say "only complete pile moves", its rules parser reads "complete
    # piles", so the flag stays false (Spiderette deal 2: the Ace of clubs goes home at move 24 of its line).
    "spider": "theirs",
    "spiderette": "theirs",
    "will-o-the-wisp": "theirs",
    # Solvitaire's Gaps moves any card into a gap that takes it, one in sequence from a 2 at the left too
    # (a 2 into another row's first place); Réussite's (Aisleriot's, PySolFC's) leaves those where they are.
    "gaps-one-deal": "theirs",
}
# Not compared: Solvitaire's simple-simon moves any run of one suit, whatever the empty piles; Réussite's
# (KPatience's rules) moves it only as far as empty piles allow, so Solvitaire wins deals Réussite proves lost
# (deal 6 at 5,000 positions): a different game, not a verdict conflict.


def card_name(card, face_down: bool = False) -> str:
    """Solvitaire's name of a card: rank (A, 2-10, J, Q, K) then suit, the suit in lower case face down."""
    text = str(card)
    name = ("10" if text[0] == "T" else text[0]) + text[1]
    return name[:-1] + name[-1].lower() if face_down else name


def deal_json(game) -> dict:
    """The position as Solvitaire's deal format: piles, stock and waste bottom card first."""
    if game.id == "accordion":  # one row of cards, left to right
        return {"accordion": [card_name(c) for i in game.tableau_ix for c in game.cards[i]]}
    if game.id == "gaps":  # four rows of thirteen places, left to right, "" a gap (the Aces are out)
        places = [card_name(game.cards[i][-1]) if game.cards[i] else "" for i in game.tableau_ix]
        return {"sequences": [places[row * 13:(row + 1) * 13] for row in range(4)]}
    doc: dict = {"tableau piles": [[card_name(c, k < game.face_down[i]) for k, c in enumerate(game.cards[i])]
                                   for i in game.tableau_ix]}
    if game.stock_ix is not None:
        doc["stock"] = [card_name(c) for c in game.cards[game.stock_ix]]
    if game.waste_ix is not None and game.cards[game.waste_ix]:
        doc["waste"] = [card_name(c) for c in game.cards[game.waste_ix]]
    if game.id in ("black-hole", "golf"):  # the hole is the one foundation, dealt one card
        doc["hole"] = card_name(game.cards[game.foundation_ix[0]][-1])
    elif any(game.cards[i] for i in game.foundation_ix):  # Canfield's base card
        doc["foundations"] = [card_name(c) for i in game.foundation_ix for c in game.cards[i]]
    reserve = [card_name(c) for i in game.reserve_ix for c in game.cards[i]]
    if reserve:  # King Albert's seven single cards, Canfield's one pile (its top card last)
        doc["reserve"] = reserve
    return doc


def run_solvitaire(binary: str, preset: str, path: Path, seconds: float) -> dict:
    """Solvitaire's classification of one deal file: verdict, milliseconds, states and unique states."""
    out = subprocess.run([binary, "--type", preset, "--classify", "--timeout", str(int(seconds * 1000)),
                          str(path)], capture_output=True, text=True, timeout=seconds + 60).stdout
    # The line reads ", <verdict>, <ms>, <states>, <unique states>, ..." (its --classify output).
    fields = [f.strip() for f in out.strip().splitlines()[-1].split(",")]
    verdict = {"solved": "won", "unsolvable": "lost"}.get(fields[1], "unknown")
    return {"verdict": verdict, "ms": int(fields[2]), "states": int(fields[3]), "unique": int(fields[4])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solvitaire", default=os.environ.get("SOLVITAIRE", "solvitaire"))
    parser.add_argument("--games", nargs="+", default=["klondike:draw=3"], metavar="GAME[:k=v]")
    parser.add_argument("--deals", default="1-20")
    parser.add_argument("--timeout", type=float, default=2.0, help="Solvitaire's seconds per deal")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--against", help="a `reussite winnability` CSV of the same deals")
    parser.add_argument("--budgets", default="10000,30000,100000", help="unique-state budgets to count at")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    from reussite.host import Host

    host = Host.load()
    deals = parse_deals(args.deals)
    ours: dict[tuple[str, str, int], str] = {}
    if args.against:
        with open(args.against, newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                ours[row["game"], row["options"], int(row["number"])] = row["verdict"]
    budgets = [int(b) for b in args.budgets.split(",")]
    for spec in args.games:
        game_id, _, opts = spec.partition(":")
        options = dict(kv.split("=", 1) for kv in opts.split(",") if kv)
        label = options_label(host.new_game(game_id, deals[0], options).option_values)
        preset = PRESETS.get((game_id, label))
        if preset is None:
            print(f"{spec}: no Solvitaire preset for this game (known: {sorted(PRESETS)})", file=sys.stderr)
            return 2
        with tempfile.TemporaryDirectory() as tmp:
            paths = {}
            for number in deals:
                paths[number] = Path(tmp, f"{number}.json")
                paths[number].write_text(json.dumps(deal_json(host.new_game(game_id, number, options))))
            with ThreadPoolExecutor(args.jobs) as pool:  # threads: each waits on its own Solvitaire process
                futures = {n: pool.submit(run_solvitaire, args.solvitaire, preset, paths[n], args.timeout)
                           for n in deals}
                rows = {n: future.result() for n, future in futures.items()}
        counts = {v: sum(r["verdict"] == v for r in rows.values()) for v in ("won", "lost", "unknown")}
        print(f"{spec} (Solvitaire --type {preset}, {args.timeout:g} s a deal), deals {args.deals}: "
              f"won {counts['won']} lost {counts['lost']} unknown {counts['unknown']}")
        for budget in budgets:
            within = [r for r in rows.values() if r["verdict"] != "unknown" and r["unique"] <= budget]
            print(f"  decided within {budget:,} unique states: {len(within)} "
                  f"(won {sum(r['verdict'] == 'won' for r in within)})")
        if args.verbose:
            for number, r in rows.items():
                print(f"  {number}: {r['verdict']} {r['ms']} ms, {r['states']} states, {r['unique']} unique")
        if ours:
            pairs: dict[tuple[str, str], int] = {}
            conflicts, differ = [], []  # differ: won by the game with more moves only, as it may be
            for number, r in rows.items():
                mine = ours.get((game_id, label, number))
                if mine is None:
                    continue
                pairs[mine, r["verdict"]] = pairs.get((mine, r["verdict"]), 0) + 1
                if {mine, r["verdict"]} == {"won", "lost"}:
                    larger = ONE_WAY.get(preset)  # whose game has the other's moves and more
                    if larger is None or (mine if larger == "ours" else r["verdict"]) == "lost":
                        conflicts.append(number)
                    else:
                        differ.append(number)
            print("  Réussite / Solvitaire: " + ", ".join(f"{a}/{b} {n}" for (a, b), n in sorted(pairs.items())))
            print(f"  conflicts (one won, the other lost): {conflicts or 'none'}")
            if differ:
                print(f"  won only by the game with more moves ({ONE_WAY[preset]}: {', '.join(map(str, differ))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
