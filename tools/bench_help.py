"""Benchmark of the help pipeline, in one process, on copies (the real catalogs are never touched).

1. The whole build of the bundled help: extract, update, compile, then render 4 pages x 2 languages x
   2 formats. Goal: under 0.5 s.
2. A generated corpus of N pages (derived from the four real ones, every unit made unique, with a full
   English catalog) for N = 10, 100, 1000, to show that the cost grows linearly with the number of pages.
3. PySolFC's 1,075 English rule pages (``../shared/corpora/pysolfc-rules``) cut and extracted into a catalog,
   against translate-toolkit's html2po on the same pages in the same run. CPU time, best of ``--repeat``.
   translate-toolkit is not a dependency (it is in the ``bench`` extra); when it is missing, the benchmark
   installs it into a private virtual environment beside the system packages and runs itself there.
4. Big pages: 10 MB of PySolFC rules on one page, 8,000 paragraphs (and 4,000, for the growth ratio) and a
   1,070-row table, each cut and rendered as HTML and Markdown.

Usage: ``python tools/bench_help.py [--sizes 10,100,1000] [--repeat 5] [--corpus DIR] [--no-install]``
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpora" / "pysolfc-rules"
BENCH_VENV = Path(tempfile.gettempdir()) / "reussite-bench-venv"
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
    from reussite.catalogs.check import compile_catalogs
    from reussite.helpdocs import FORMATS, render_help

    t = {}
    t0 = time.perf_counter()
    specs = ops.catalog_specs(host)
    ops.extract(specs)
    t1 = time.perf_counter()
    ops.update(specs)
    t2 = time.perf_counter()
    compile_catalogs(specs)
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


def _with_translate_toolkit(argv: list[str]) -> None:
    """Run again in a private venv that has translate-toolkit, if this interpreter lacks it."""
    try:
        import translate.convert.html2po  # noqa: F401
        return
    except ImportError:
        pass
    python = BENCH_VENV / "bin" / "python"
    if not python.exists():
        print(f"translate-toolkit is missing: installing it into {BENCH_VENV} (system packages stay visible)")
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(BENCH_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "translate-toolkit"], check=True)
    os.execv(str(python), [str(python), str(Path(__file__).resolve()), *argv, "--no-install"])


def _cpu(work, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        work()
        best = min(best, time.process_time() - t0)
    return best


def corpus_vs_html2po(corpus: Path, repeat: int) -> None:
    from babel.messages.catalog import Catalog

    from reussite.helpdocs.units import parse_page

    pages = [(p.stem, p.name, p.read_bytes()) for p in sorted(corpus.glob("*.html"))]
    counts = {}

    def ours():
        cat = Catalog(domain="help")
        for stem, name, data in pages:
            for u in parse_page(data, "html", stem, name).units:
                cat.add(u.text, None, [(name, u.line)], auto_comments=[u.path], context=u.page_id)
        counts["ours"] = len(cat)

    print(f"\n3. {len(pages)} PySolFC rule pages ({sum(len(d) for _, _, d in pages) / 1e6:.1f} MB), "
          f"cut and extracted; CPU time, best of {repeat}")
    t_ours = _cpu(ours, repeat)
    print(f"   reussite (parse + extract into a catalog): {t_ours:6.2f} s  {counts['ours']} units")
    try:
        from translate.convert.html2po import html2po
    except ImportError:
        print("   html2po: translate-toolkit is not installed (pip install translate-toolkit); no comparison")
        return

    def theirs():
        n = failed = 0
        for _, name, data in pages:
            try:
                store = html2po().convertfile(io.BytesIO(data), name, duplicatestyle="msgctxt", keepcomments=False)
            except Exception:  # noqa: BLE001 - html2po refuses some pages; count them, go on as we do
                failed += 1
                continue
            n += len([u for u in store.units if not u.isheader()])
        counts["theirs"], counts["rejected"] = n, failed

    t_theirs = _cpu(theirs, repeat)
    print(f"   translate-toolkit html2po:                 {t_theirs:6.2f} s  {counts['theirs']} units "
          f"({counts['rejected']} pages refused)")
    print(f"   ratio reussite / html2po: {t_ours / t_theirs:.2f} (goal: below 1)")


def big_pages(corpus: Path, repeat: int) -> None:
    from reussite.helpdocs.render import render_html, render_markdown
    from reussite.helpdocs.units import parse_page

    if corpus.is_dir():
        bodies = [p.read_text(encoding="utf-8").split("</h1>", 1)[-1] for p in sorted(corpus.glob("*.html"))]
    else:
        bodies = [(ROOT / "help" / "tournament.html").read_text(encoding="utf-8").split("</h1>", 1)[-1]]
    chunks, size, i = ["<h1>Every rule</h1>\n"], 0, 0
    while size < 10_000_000:
        chunks.append(bodies[i % len(bodies)])
        size += len(chunks[-1].encode())
        i += 1

    def paragraphs(n: int) -> str:
        return "<h1>T</h1>\n" + "".join(f"<p>Paragraph {k}, with <b>bold</b> words.\n" for k in range(n))

    cases = {
        "10 MB page": "".join(chunks),
        "4,000 paragraphs": paragraphs(4000),
        "8,000 paragraphs": paragraphs(8000),
        "1,070-row table": "<h1>T</h1>\n<table>\n" + "".join(
            f"<tr><td>Row {k}</td><td>{k}</td></tr>\n" for k in range(1070)) + "</table>\n",
    }
    print(f"\n4. big pages; CPU time, best of {repeat}")
    print(f"   {'page':<18} {'MB':>6} {'units':>7} {'cut':>8} {'html':>8} {'markdown':>9}")
    cut_times = {}
    for label, text in cases.items():
        data = text.encode("utf-8")
        t_cut = _cpu(lambda data=data: parse_page(data, "html", "big", "big.html"), repeat)
        doc = parse_page(data, "html", "big", "big.html")
        t_html = _cpu(lambda doc=doc: render_html(doc), 1)
        t_md = _cpu(lambda doc=doc: render_markdown(doc), 1)
        cut_times[label] = t_cut
        print(f"   {label:<18} {len(data) / 1e6:>6.2f} {len(doc.units):>7} {t_cut:>7.2f}s {t_html:>7.2f}s "
              f"{t_md:>8.2f}s")
    ratio = cut_times["8,000 paragraphs"] / cut_times["4,000 paragraphs"]
    print(f"   8,000 / 4,000 paragraphs: {ratio:.2f} (linear: 2; the old parser: about 4)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,100,1000")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="PySolFC's rule pages (default: %(default)s)")
    ap.add_argument("--no-install", action="store_true", help="never install translate-toolkit")
    ap.add_argument("--only", choices=("build", "sizes", "corpus", "big"), action="append",
                    help="run only these parts (repeatable)")
    args = ap.parse_args(argv)
    parts = set(args.only or ("build", "sizes", "corpus", "big"))
    if "corpus" in parts and not args.no_install and args.corpus.is_dir():
        _with_translate_toolkit(sys.argv[1:] if argv is None else argv)

    t_import = time.perf_counter()
    import reussite.catalogs.ops  # noqa: F401
    import reussite.helpdocs  # noqa: F401
    t_import = time.perf_counter() - t_import

    print(f"imports (babel, nh3, markdown): {t_import * 1000:.0f} ms (once per process)")
    if "build" in parts:
        _bench_build(args.repeat)
    if "sizes" in parts:
        _bench_sizes(args.sizes)
    if "corpus" in parts:
        if args.corpus.is_dir():
            corpus_vs_html2po(args.corpus, min(args.repeat, 3))
        else:
            print(f"\n3. no corpus at {args.corpus}: skipped")
    if "big" in parts:
        big_pages(args.corpus, min(args.repeat, 3))
    return 0


def _bench_build(repeat: int) -> None:
    print("\n1. bundled help: extract + update + compile + render 4 pages x 2 languages x 2 formats")
    runs = []
    for r in range(repeat):
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
    print(f"   median of {repeat}: " + "  ".join(f"{k} {med[k] * 1000:.0f} ms" for k in keys))
    print(f"   goal < 500 ms: {'met' if cold['total'] < 0.5 else 'NOT met'} (first run {cold['total'] * 1000:.0f} ms)")


def _bench_sizes(sizes: str) -> None:
    keys = ("extract", "update", "compile", "render", "total")
    print("\n2. generated corpus (one full English catalog; render N pages x 2 languages x 2 formats)")
    print(f"   {'pages':>6} {'units':>7} {'extract':>9} {'update':>9} {'compile':>9} {'render':>9} {'total':>9}"
          f" {'ms/page':>8}")
    for n in (int(s) for s in sizes.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "repo"
            pages = _make_corpus(root, n)
            host = _host(root, pages)
            t = build(host)
            units = sum(1 for line in (root / "locale" / "help.pot").read_text(encoding="utf-8").splitlines()
                        if line.startswith("msgctxt"))
        print(f"   {n:>6} {units:>7} " + " ".join(f"{t[k] * 1000:>7.0f}ms" for k in keys)
              + f" {t['total'] * 1000 / n:>8.2f}")


if __name__ == "__main__":
    sys.exit(main())
