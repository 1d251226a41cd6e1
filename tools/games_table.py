"""Write docs/games.md: every installed game by family, with its id, its English and French names, its packs,
options and aliases, and how winnable the solver found it (not a test; tests/test_docs.py checks that the
page lists every game the host loads).

    python tools/games_table.py            # rewrite docs/games.md
    python tools/games_table.py --check    # exit 1 if docs/games.md is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reussite.host import Host
from reussite.l10n import host_translator, sort_key, translator_for_game

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "docs" / "games.md"

HEAD = """# The games

Every game Réussite plays once the host and the classics are installed (`pip install . ./classics`), by
family, as `reussite games` lists them. *Won* is the share of deals the solver won within its node budget
(deals and budget in docs/winnability.md); where many deals were left undecided it is a lower bound. This
page is written by `python tools/games_table.py`.
"""


def table(host: Host) -> str:
    en, fr = host_translator("en"), host_translator("fr")
    families: dict[str, list] = {}
    for cls in host.games.values():
        families.setdefault(cls.family or cls.name, []).append(cls)
    out = [HEAD]
    total = 0
    for family in sorted(families, key=sort_key):
        members = sorted(families[family], key=lambda c: sort_key(c.name))
        total += len(members)
        out.append(f"\n## {family}\n\n| id | name | French name | packs | options | also | won |\n"
                   "|---|---|---|---|---|---|---|")
        for cls in members:
            tr_en, tr_fr = translator_for_game(en, cls, host), translator_for_game(fr, cls, host)
            options = "; ".join(f"`{o.name}`: {', '.join(o.choices)}" for o in cls.options) or "-"
            aliases = ", ".join(f"`{a}`" for a in sorted(cls.aliases)) or "-"
            w = cls.winnability
            won = f"{100 * w['won'] / (w['won'] + w['lost'] + w['unknown']):.0f}%" if w else "-"
            out.append(f"| `{cls.id}` | {tr_en.gettext(cls.name)} | {tr_fr.gettext(cls.name)} | {cls.decks} "
                       f"| {options} | {aliases} | {won} |")
    out.insert(1, f"{total} games in {len(families)} families.")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    text = table(Host.load())
    if args.check:
        if TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET} is out of date: python tools/games_table.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
