"""Pre-filling a catalog from pages already translated and from a translation memory (issue 39, item 5):
a plugin whose pages are English, as a PySolFC port's are, translated into French; and the measure on
PySolFC's own pages (shared/corpora, with the French pages of PySolFC's contrib/ folder) under CI."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from reussite.catalogs import ops
from reussite.catalogs.check import check
from reussite.catalogs.memory import Memory, align
from reussite.catalogs.po import read_catalog
from reussite.helpdocs.units import parse_page
from reussite.hookspecs import Catalog, HelpPage, hookimpl
from reussite.host import Host

ROOT = Path(__file__).resolve().parents[2]


class EnglishPages:
    def __init__(self, help_dir: Path, locale_dir: Path) -> None:
        self.help_dir, self.locale_dir = help_dir, locale_dir

    @hookimpl
    def reussite_help_pages(self):
        return [HelpPage(p.stem, p, "html", source_lang="en") for p in sorted(self.help_dir.glob("*.html"))]

    @hookimpl
    def reussite_catalogs(self):
        return [Catalog("porthelp", self.locale_dir, "help")]


PAGE_A = """<h1>Canister</h1>
<p>Two decks. No redeal.
<h3>Object</h3>
<p>Move all cards to the foundations.
<h3>Rules</h3>
<p>Deal 8 piles of 13 cards. Build down regardless of suit; see <a href="klondike.html">Klondike</a>.
<p>An empty pile may be filled with any card.
"""
PAGE_B = """<h1>Bucket</h1>
<p>One deck. No redeal.
<h3>Object</h3>
<p>Move all cards to the foundations.
<h3>Rules</h3>
<p>Deal 8 piles of 13 cards. Build down in suit.
<p>An empty pile may be filled with any King.
"""
# An older French translation of page A: the last paragraph was added to the English page since.
PAGE_A_FR = """<h1>Canister</h1>
<p>Deux jeux. Pas de redistribution.
<h3>But du jeu</h3>
<p>Déplacez toutes les cartes vers les fondations.
<h3>Règles</h3>
<p>Distribuez 8 piles de 13 cartes. On descend sans tenir compte de la couleur ;
voir <a href="klondike.html">Klondike</a>.
"""


@pytest.fixture
def english_plugin(tmp_path):
    help_dir, locale_dir, fr_pages = tmp_path / "help", tmp_path / "locale", tmp_path / "fr-pages"
    for d in (help_dir, locale_dir, fr_pages):
        d.mkdir()
    (help_dir / "canister.html").write_text(PAGE_A, encoding="utf-8")
    (help_dir / "bucket.html").write_text(PAGE_B, encoding="utf-8")
    (fr_pages / "canister.html").write_text(PAGE_A_FR, encoding="utf-8")
    (fr_pages / "broken.html").write_text("<p>Pas fini", encoding="utf-8")
    host = Host.load(entry_points=[], builtin=False, extra=[("port", EnglishPages(help_dir, locale_dir))])
    specs = ops.catalog_specs(host)
    ops.extract(specs)
    ops.init(specs, "fr")
    return host, locale_dir / "fr" / "LC_MESSAGES" / "porthelp.po", fr_pages


def test_an_english_plugin_is_prefilled_from_an_older_french_page_and_its_own_memory(english_plugin, run_cli,
                                                                                      monkeypatch):
    host, po, fr_pages = english_plugin
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    result = run_cli("i18n", "prefill", "fr", "--pages", str(fr_pages), "--json")
    assert result.code == 0, result.err
    out = json.loads(result.out)
    (row,) = out["catalogs"]
    entries = {(m.context, m.id): m for m in read_catalog(po) if m.id}
    got = {k: m.string for k, m in entries.items() if m.string}
    # Aligned by the page's structure: six units of the older French page.
    assert got["canister", "Two decks. No redeal."] == "Deux jeux. Pas de redistribution."
    assert got["canister", "Object"] == "But du jeu"
    deal = 'Deal 8 piles of 13 cards. Build down regardless of suit; see <a href="klondike.html">Klondike</a>.'
    assert 'voir <a href="klondike.html">Klondike</a>' in got["canister", deal]
    # What the old page does not have is reported with file:line and left empty.
    assert ("canister", "An empty pile may be filled with any card.") not in got
    assert any(line.startswith("help/canister.html:7: 1 of 7 units not aligned") for line in out["report"]), out
    # Exact matches across pages: the same sentence on the other page.
    assert got["bucket", "Object"] == "But du jeu" and got["bucket", "Rules"] == "Règles"
    assert got["bucket", "Move all cards to the foundations."] == "Déplacez toutes les cartes vers les fondations."
    # A fuzzy match keeps the text it was made from, for the reviewer.
    one_deck = entries["bucket", "One deck. No redeal."]
    assert one_deck.string == "Deux jeux. Pas de redistribution." and one_deck.previous_id == ["Two decks. No redeal."]
    assert all(m.fuzzy for m in entries.values() if m.string)  # every pre-filled entry is for review
    assert row["aligned"] == 6 and row["exact"] == 3 and row["fuzzy_match"] >= 1 and row["pages_translated"] == 1
    assert row["pages_complete"] == 0 and row["empty"] == len(entries) - row["filled"]
    # A filled entry that changes a number is counted as failing and shown by check: none here.
    assert row["failing"] == 0
    assert not check(ops.catalog_specs(host)).problems
    # Idempotent: nothing left to fill the same way.
    again = json.loads(run_cli("i18n", "prefill", "fr", "--pages", str(fr_pages), "--json").out)["catalogs"][0]
    assert again["filled"] == 0 and again["empty"] == row["empty"]


def test_an_unreadable_translated_page_is_named_and_skipped(english_plugin, tmp_path, run_cli, monkeypatch):
    host, po, fr_pages = english_plugin
    (fr_pages / "bucket.html").write_text("<h1>Seau</h1>\n<p>Un jeu\n<p>sans <blink>fin</blink>", encoding="utf-8")
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    result = run_cli("i18n", "prefill", "fr", "--pages", str(fr_pages))
    assert result.code == 0
    assert f"{fr_pages / 'bucket.html'}:3:" in result.out and "(skipped)" in result.out
    assert "; 0 of 2 pages complete" in result.out
    assert "Deux jeux. Pas de redistribution." in po.read_text(encoding="utf-8")  # the other page still counts


def test_alignment_pairs_by_structure_and_refuses_what_does_not_fit():
    src = parse_page(PAGE_A.encode(), "html", "canister", "a.html").units
    tr = parse_page(PAGE_A_FR.encode(), "html", "canister", "b.html").units
    pairs, left = align(src, tr)
    assert [(s.path, t.path) for s, t in pairs] == [(s.path, s.path) for s in src[:6]]
    assert [u.text for u in left] == ["An empty pile may be filled with any card."]
    # A translated paragraph that lost its link is not taken for the source paragraph.
    tr2 = parse_page(PAGE_A_FR.replace('<a href="klondike.html">Klondike</a>', "Klondike").encode(), "html",
                     "canister", "b.html").units
    assert len(align(src, tr2)[1]) == 2


def test_memory_fuzzy_matches_above_the_threshold_only():
    memory = Memory()
    memory.add("Move all cards to the foundations.", "Déplacez toutes les cartes vers les fondations.")
    assert memory.closest("Move all the cards to the foundations.", 0.8)[0] == "Move all cards to the foundations."
    assert memory.closest("Move all cards to the tableau piles instead.", 0.8) is None


def test_prefill_names_what_is_missing(english_plugin, run_cli, monkeypatch):
    host, _po, _ = english_plugin
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    result = run_cli("i18n", "prefill", "it")
    assert result.code != 0 and "no it catalog" in result.err and "reussite i18n init it" in result.err
    result = run_cli("i18n", "prefill", "fr", "--pages", "/nonexistent/folder")
    assert result.code != 0 and "/nonexistent/folder: not a folder" in result.err


def _beside(*parts: str) -> Path:
    """A folder beside the checkout (or beside the folder holding a git worktree)."""
    found = [base.joinpath(*parts) for base in (ROOT.parent, ROOT.parent.parent) if base.joinpath(*parts).is_dir()]
    return found[0] if found else ROOT.parent.joinpath(*parts)


CORPUS = _beside("shared", "corpora", "pysolfc-rules")
FRENCH = _beside("src-shlomif+PySolFC", "contrib", "help-pages-translation-to-french", "rules")


@pytest.mark.skipif(not os.environ.get("CI") and not os.environ.get("REUSSITE_MEASURE"),
                    reason="thorough: the whole PySolFC corpus (CI, or REUSSITE_MEASURE=1)")
def test_prefill_on_pysolfc_english_pages_with_its_older_french_translation(tmp_path, capsys):
    if not CORPUS.is_dir() or not FRENCH.is_dir():
        pytest.skip(f"PySolFC's pages are not at {CORPUS} and {FRENCH}")
    locale_dir = tmp_path / "locale"
    locale_dir.mkdir()

    class Corpus(EnglishPages):
        @hookimpl
        def reussite_help_pages(self):
            return [HelpPage(p.stem, p, "html", source_lang="en") for p in sorted(CORPUS.glob("*.html"))]

    host = Host.load(entry_points=[], builtin=False, extra=[("pysolfc", Corpus(CORPUS, locale_dir))])
    specs = ops.catalog_specs(host)
    report = ops.extract(specs)
    unreadable = [line for line in report.lines if "(skipped)" in line or ": error:" in line]
    ops.init(specs, "fr")
    from reussite.catalogs.memory import prefill

    pages_only, (row_pages,) = prefill(specs, specs, "fr", FRENCH, threshold=1.0)
    # A second pass: the exact memory built from the aligned pages, then fuzzy matches at 0.8.
    _, (row_memory,) = prefill(specs, specs, "fr", FRENCH)
    figures = {"pages": row_pages, "memory": row_memory, "unreadable": unreadable}
    print(json.dumps(figures, indent=1))
    assert row_pages["aligned"] > 1000 and row_pages["pages_translated"] > 300
    assert row_memory["exact"] + row_memory["fuzzy_match"] > 0


def test_exact_and_fuzzy_matches_come_from_other_domains_and_from_memory_files(sandbox, tmp_path, run_cli,
                                                                             monkeypatch):
    """The bundled help in a new language, pre-filled from another domain's catalog and from a compendium."""
    from reussite.catalogs.po import po_bytes

    other = tmp_path / "other"
    (other / "help").mkdir(parents=True)
    (other / "help" / "annexe.html").write_text("<h1>Osmose</h1>\n<p>Une page d’un autre domaine.\n",
                                               encoding="utf-8")

    class OtherDomain(EnglishPages):
        @hookimpl
        def reussite_help_pages(self):
            return [HelpPage("annexe", self.help_dir / "annexe.html", "html")]

        @hookimpl
        def reussite_catalogs(self):
            return [Catalog("annexe_help", self.locale_dir, "help")]

    bundled = sandbox.host().pm.get_plugin("sandbox-help")
    host = Host.load(entry_points=[], builtin=False, extra=[
        ("sandbox-help", bundled), ("annexe", OtherDomain(other / "help", other / "locale"))])
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    assert run_cli("i18n", "extract").code == 0 and run_cli("i18n", "init", "it").code == 0
    annexe = other / "locale" / "it" / "LC_MESSAGES" / "annexe_help.po"
    cat = read_catalog(annexe)
    cat.get("Osmose", context="annexe").string = "Osmosi"
    annexe.write_bytes(po_bytes(cat))
    # A compendium of another project: its own msgctxt, one sentence close to a unit of Osmosis.
    bundled_ids = [m.id for m in read_catalog(sandbox.po("it")) if m.id and m.context == "osmosis"]
    sentence = max(bundled_ids, key=len)
    compendium = tmp_path / "compendium.po"
    compendium.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                          f'msgctxt "elsewhere"\nmsgid "{sentence[:-1]}"\nmsgstr "Frase quasi uguale."\n',
                          encoding="utf-8")
    result = run_cli("i18n", "prefill", "it", "--domain", "help", "--memory", str(compendium), "--json")
    (row,) = json.loads(result.out)["catalogs"]
    entries = {m.id: m for m in read_catalog(sandbox.po("it")) if m.id and m.context == "osmosis"}
    assert entries["Osmose"].string == "Osmosi" and entries["Osmose"].fuzzy  # from the other domain
    assert entries[sentence].string == "Frase quasi uguale." and entries[sentence].previous_id == [sentence[:-1]]
    assert row["exact"] == 1 and row["fuzzy_match"] == 1 and row["filled"] == 2
    assert read_catalog(annexe).get("Osmose", context="annexe").string == "Osmosi"  # only --domain is written
