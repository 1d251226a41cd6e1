"""Benchmark of the help pipeline, in one process, on copies (the real catalogs are never touched).

1. The whole build of the bundled help: extract, update, compile, then render 4 pages x 2 languages x
   2 formats. Goal: under 0.5 s.
2. A generated corpus of N pages (derived from the four real ones, every unit made unique, with a full
   English catalog) for N = 10, 100, 1000, to show that the cost grows linearly with the number of pages.

Usage: ``python tools/bench_help.py [--sizes 10,100,1000] [--repeat 5]``
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = {"forty-thieves": "forty-thieves.xml", "mount-olympus": "mount-olympus.html",
         "osmosis": "osmosis.xml", "tournament": "tournament.html"}


class _Plugin:
    def __init__(self, help_dir: Path, locale_dir: Path, pages: dict[str, str]) -> None:
        self.help_dir, self.locale_dir, self.pages = help_dir, locale_dir, pages

    def reussite_help_pages(self):
        from reussite.hookspecs import HelpPage

        return [HelpPage(g, self.help_dir / n, "docbook" if n.endswith(".xml") else "html")
                for g, n in self.pages.items()]

    def reussite_catalogs(self):
        from reussite.hookspecs import Catalog

        return [Catalog("help", self.locale_dir, "help")]


def _host(root: Path, pages: dict[str, str]):
    from reussite.hookspecs import hookimpl
    from reussite.host import Host

    plugin = _Plugin(root / "help", root / "locale", pages)
    hookimpl(plugin.reussite_help_pages.__func__)
    hookimpl(plugin.reussite_catalogs.__func__)
    return Host.load(entry_points=[], builtin=False, extra=[("bench-help", plugin)])


def build(host, langs=("en", "fr")) -> dict[str, float]:
    """extract + update + compile + render every page in every language and format; seconds per step."""
    from reussite.catalogs import ops
    from reussite.helpdocs import FORMATS, render_help

    t = {}
    t0 = time.perf_counter()
    specs = ops.catalog_specs(host)
    ops.extract(specs)
    t1 = time.perf_counter()
    ops.update(specs)
    t2 = time.perf_counter()
    ops.compile_catalogs(specs)
    t3 = time.perf_counter()
    for game in sorted(host.help_pages):
        for lang in langs:
            for fmt in FORMATS:
                render_help(host, game, lang, fmt)
    t4 = time.perf_counter()
    t["extract"], t["update"], t["compile"], t["render"], t["total"] = t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0
    return t


def _copy_bundled(root: Path) -> None:
    (root / "help").mkdir(parents=True)
    for name in PAGES.values():
        shutil.copy(ROOT / "help" / name, root / "help" / name)
    for rel in ("help.pot", "en/LC_MESSAGES/help.po", "fr/LC_MESSAGES/help.po"):
        (root / "locale" / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "locale" / rel, root / "locale" / rel)


_SENTENCE_END = re.compile(r"(?<=[a-zé])\.(?=\s|<|$)")


def _make_corpus(root: Path, n: int) -> dict[str, str]:
    """N pages cycling through the four real ones; each sentence end gets the page number, so units differ."""
    from babel.messages.catalog import Catalog

    from reussite.catalogs.po import po_bytes
    from reussite.helpdocs.units import format_for, read_page

    (root / "help").mkdir(parents=True)
    sources = [(ROOT / "help" / name).read_text(encoding="utf-8") for name in PAGES.values()]
    names = list(PAGES.values())
    pages = {}
    en = Catalog(locale="en", domain="help", fuzzy=False)
    for i in range(n):
        src_name = names[i % 4]
        ext = Path(src_name).suffix
        game = f"page-{i:04d}"
        text = sources[i % 4]
        # Mark text only (not markup): every "word." in text content becomes "word (i)."
        text = re.sub(r">([^<]+)<", lambda m, i=i: ">" + _SENTENCE_END.sub(f" ({i}).", m.group(1)) + "<", text)
        text = re.sub(r"(<p>\n)([^<\n]+)", lambda m, i=i: m.group(1) + _SENTENCE_END.sub(f" ({i}).", m.group(2)),
                      text)
        (root / "help" / f"{game}{ext}").write_text(text, encoding="utf-8")
        pages[game] = f"{game}{ext}"
        path = root / "help" / f"{game}{ext}"
        for u in read_page(path, format_for(path), game).units:
            en.add(u.text, "EN: " + u.text, context=game)
    (root / "locale" / "en" / "LC_MESSAGES").mkdir(parents=True)
    (root / "locale" / "en" / "LC_MESSAGES" / "help.po").write_bytes(po_bytes(en))
    return pages


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,100,1000")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)

    t_import = time.perf_counter()
    import reussite.catalogs.ops  # noqa: F401
    import reussite.helpdocs  # noqa: F401
    t_import = time.perf_counter() - t_import

    print(f"imports (bs4, lxml, babel, nh3, markdown): {t_import * 1000:.0f} ms (once per process)")
    print("\n1. bundled help: extract + update + compile + render 4 pages x 2 languages x 2 formats")
    runs = []
    for r in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "repo"
            _copy_bundled(root)
            host = _host(root, PAGES)
            runs.append(build(host))
        if r == 0:
            cold = runs[0]
    keys = ("extract", "update", "compile", "render", "total")
    print("   first run: " + "  ".join(f"{k} {cold[k] * 1000:.0f} ms" for k in keys))
    med = {k: statistics.median(r[k] for r in runs) for k in keys}
    print(f"   median of {args.repeat}: " + "  ".join(f"{k} {med[k] * 1000:.0f} ms" for k in keys))
    print(f"   goal < 500 ms: {'met' if cold['total'] < 0.5 else 'NOT met'} (first run {cold['total'] * 1000:.0f} ms)")

    print("\n2. generated corpus (one full English catalog; render N pages x 2 languages x 2 formats)")
    print(f"   {'pages':>6} {'units':>7} {'extract':>9} {'update':>9} {'compile':>9} {'render':>9} {'total':>9}"
          f" {'ms/page':>8}")
    for n in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "repo"
            pages = _make_corpus(root, n)
            host = _host(root, pages)
            t = build(host)
            units = sum(1 for line in (root / "locale" / "help.pot").read_text(encoding="utf-8").splitlines()
                        if line.startswith("msgctxt"))
        print(f"   {n:>6} {units:>7} " + " ".join(f"{t[k] * 1000:>7.0f}ms" for k in keys)
              + f" {t['total'] * 1000 / n:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
