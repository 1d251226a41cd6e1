"""Turn the four scraped French rule pages (``../shared/seeds``) into clean sources in ``help/``.

Usage: ``python tools/import_seeds.py [SEEDS_DIR]`` (default ``../shared/seeds`` relative to the repo root).

Only scraping debris is removed; text and markup are otherwise kept byte for byte (see help/SOURCES.md):
- every page but Mount Olympus: the first line naming where it came from and the blank line after it;
- Mount Olympus: the web mirror's 9-line header and every line holding a single ``|``;
- DocBook pages: the doubled line breaks (each line was followed by an empty line), the lines holding only
  no-break spaces, and U+00A0 turned back into spaces except French typographic spaces (before ``:`` and
  inside « »), which stay no-break.
Running it twice gives identical files.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NBSP = "\u00a0"

# seed prefix -> (output name, kind)
SEEDS = {
    "000": ("tournament.html", "html"),
    "001": ("forty-thieves.xml", "docbook"),
    "002": ("mount-olympus.html", "mirror-html"),
    "003": ("osmosis.xml", "docbook"),
}
MIRROR_HEADER = 9
# A no-break space kept as French typography: before ":" and after "«" / before "»".
_TYPOGRAPHIC = re.compile(f"{NBSP}(?=[:»])|(?<=«){NBSP}")


class ImportError_(Exception):
    pass


def _drop_origin(lines: list[str], name: str) -> list[str]:
    if len(lines) < 2 or lines[1].strip():
        raise ImportError_(f"{name}:2: expected a blank line after the origin line")
    return lines[2:]


def clean_html(text: str, name: str) -> str:
    return "\n".join(_drop_origin(text.split("\n"), name)).rstrip("\n") + "\n"


def clean_mirror_html(text: str, name: str) -> str:
    lines = text.split("\n")
    if not lines or lines[0] != "mirror of":
        raise ImportError_(f"{name}:1: expected the web mirror's header ('mirror of')")
    body = [line for line in lines[MIRROR_HEADER:] if line != "|"]
    return "\n".join(body).rstrip("\n") + "\n"


def clean_docbook(text: str, name: str) -> str:
    lines = text.split("\n")
    # The scraper doubled every line break: odd lines are all empty.
    stray = [i + 1 for i, line in enumerate(lines) if i % 2 == 1 and line]
    if stray:
        raise ImportError_(f"{name}:{stray[0]}: expected the scraper's empty line here")
    # After un-doubling, the origin line's blank follower is gone too: drop the origin line alone.
    lines = lines[::2][1:]
    kept = [line for line in lines if not (line and set(line) == {NBSP})]
    out = []
    for line in kept:
        marked = _TYPOGRAPHIC.sub("\0", line)
        out.append(marked.replace(NBSP, " ").replace("\0", NBSP))
    return "\n".join(out).rstrip("\n") + "\n"


CLEANERS = {"html": clean_html, "mirror-html": clean_mirror_html, "docbook": clean_docbook}


def import_seeds(seeds: Path, help_dir: Path) -> list[Path]:
    written = []
    for prefix, (out_name, kind) in SEEDS.items():
        found = sorted(seeds.glob(f"{prefix}_*.txt"))
        if len(found) != 1:
            raise ImportError_(f"{seeds}: expected one seed named {prefix}_*.txt, found {len(found)}")
        src = found[0]
        try:
            text = src.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ImportError_(f"{src}: not UTF-8 ({exc.reason} at byte {exc.start})") from exc
        cleaned = CLEANERS[kind](text, str(src))
        target = help_dir / out_name
        if not target.exists() or target.read_text(encoding="utf-8") != cleaned:
            target.write_text(cleaned, encoding="utf-8", newline="\n")
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    seeds = Path(argv[0]) if argv else (ROOT / "../shared/seeds")
    try:
        for path in import_seeds(seeds.resolve(), ROOT / "help"):
            print(path.relative_to(ROOT))
    except (ImportError_, OSError) as exc:
        print(f"import_seeds: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
