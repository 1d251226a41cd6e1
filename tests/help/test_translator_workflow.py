"""The translator's workflow, tried as a new Italian translator would, on a bundled game (Mount Olympus) and a
classic game (Klondike, from a plugin distribution with its own help catalog): errata flagged, word coverage,
the numbers check, a split paragraph pre-filled (issue 39, "what it must show"). Only the CLI is used, on
sandbox copies of the pages and catalogs; the .po edits stand for the translator's editor."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from reussite.catalogs.po import po_bytes, read_catalog
from reussite.hookspecs import Catalog, HelpPage, hookimpl
from reussite.host import Host

ROOT = Path(__file__).resolve().parents[2]
KLONDIKE = ROOT / "classics" / "reussite_classics" / "help" / "klondike.html"
WRONG = "un 9♥ peut recevoir le 7♠ ou le 8♣"  # a faulty source, as a plugin could ship one
RIGHT = "un 9♥ peut recevoir le 8♠ ou le 8♣"


class ClassicPages:
    def __init__(self, help_dir: Path, locale_dir: Path) -> None:
        self.help_dir, self.locale_dir = help_dir, locale_dir

    @hookimpl
    def reussite_help_pages(self):
        return [HelpPage("klondike", self.help_dir / "klondike.html", "html")]

    @hookimpl
    def reussite_catalogs(self):
        return [Catalog("classics_help", self.locale_dir, "help")]


def _edit(po: Path, pick, text: str) -> None:
    cat = read_catalog(po)
    m = next(m for m in cat if m.id and pick(m))
    m.string = text
    m.flags.discard("fuzzy")
    po.write_bytes(po_bytes(cat))


def test_a_new_italian_translator_on_a_bundled_and_a_classic_game(sandbox, tmp_path, run_cli, monkeypatch):
    classic = tmp_path / "classic"
    (classic / "help").mkdir(parents=True)
    page = KLONDIKE.read_text(encoding="utf-8")
    assert RIGHT in page
    (classic / "help" / "klondike.html").write_text(page.replace(RIGHT, WRONG), encoding="utf-8")
    fr = classic / "locale" / "fr" / "LC_MESSAGES" / "classics_help.po"
    fr.parent.mkdir(parents=True)
    bundled = sandbox.host().pm.get_plugin("sandbox-help")  # the bundled pages' sandbox copy
    host = Host.load(entry_points=[], builtin=False, extra=[
        ("sandbox-help", bundled), ("classics-sandbox", ClassicPages(classic / "help", classic / "locale"))])
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    # The plugin's author corrects the faulty source in its own language, as the bundled fr help.po does.
    assert run_cli("i18n", "extract", "--domain", "classics_help").code == 0
    shutil.copy(classic / "locale" / "classics_help.pot", fr)
    _edit(fr, lambda m: WRONG in m.id, "")
    cat = read_catalog(fr)
    m = next(m for m in cat if m.id and WRONG in m.id)
    m.string, m.user_comments = m.id.replace(WRONG, RIGHT), ["Erratum K-1: the 9♥ takes an 8, not a 7"]
    fr.write_bytes(po_bytes(cat))
    assert run_cli("i18n", "extract").code == 0

    # 1. A new language: the errata travel with their units, with the correction to translate.
    assert run_cli("i18n", "init", "it").code == 0
    it_help = sandbox.po("it")
    it_classic = classic / "locale" / "it" / "LC_MESSAGES" / "classics_help.po"
    for po, erratum, corrected in ((it_help, "E-MO-4", "un <b>5</b>♠ se pose sur un <b>7</b>♠"),
                                   (it_classic, "K-1", RIGHT)):
        text = po.read_text(encoding="utf-8")
        assert f"#. Erratum {erratum}: the source text is wrong" in text
        notes = " ".join(" ".join(m.auto_comments) for m in read_catalog(po) if m.id)
        assert corrected in notes

    # 2. The translator translates the faulty sources faithfully, and changes a number by mistake.
    _edit(it_help, lambda m: "sera placé sur un <b>2</b>♠" in m.id,
          "Le pile si costruiscono in discesa a intervalli di 2 (cioè un <b>5</b>♠ va posto su un <b>2</b>♠).")
    _edit(it_classic, lambda m: WRONG in m.id,
          "Sulle pile del tableau si scende alternando rosso e nero: un 9♥ può ricevere il 7♠ o l’8♣, ma non un "
          "8 rosso.")
    _edit(it_classic, lambda m: "Les 24 cartes restantes" in m.id,
          "Le 23 carte rimanenti formano il mazzo, coperto. Accanto ci sono gli scarti e le quattro fondazioni, "
          "vuote all’inizio.")
    _edit(it_classic, lambda m: m.id == "Klondike", "Klondike")
    _edit(it_classic, lambda m: m.id == "But du jeu", "Scopo del gioco")
    result = run_cli("i18n", "check")
    said = result.out + result.err
    assert result.code == 0, said  # warnings: the translator decides, but is told where
    lines = {m.id: m.lineno for po in (it_help, it_classic) for m in read_catalog(po) if m.id}
    mo4 = next(k for k in lines if "sera placé sur un <b>2</b>♠" in k)
    k1 = next(k for k in lines if WRONG in k)
    k24 = next(k for k in lines if "Les 24 cartes restantes" in k)
    assert f"{it_help}:{lines[mo4]}: warning: keeps what erratum E-MO-4 corrects (card 2♠)" in said
    assert f"{it_classic}:{lines[k1]}: warning: keeps what erratum K-1 corrects (card 7♠)" in said
    assert f"{it_classic}:{lines[k24]}: warning: number 23 is not in the source" in said

    # 3. Coverage in words: a title and a heading are many messages and few words.
    rows = json.loads(run_cli("i18n", "stats", "--json").out)
    klondike = next(r for r in rows if r["lang"] == "it" and r["page"] == "klondike")
    assert klondike["translated"] == 4 and klondike["failing"] == 2
    assert 0 < klondike["words_percent"] < klondike["percent"]
    language = next(r for r in rows if r["lang"] == "it" and r["level"] == "language")
    assert language["translated"] == 5 and language["failing"] == 3
    domains = [r for r in rows if r["lang"] == "it" and r["level"] == "domain"]
    assert len(domains) == 2 and language["words_total"] == sum(r["words_total"] for r in domains)

    # 4. The authors split a paragraph of each page: the translation of each part is pre-filled, fuzzy.
    k = classic / "help" / "klondike.html"
    k.write_text(k.read_text(encoding="utf-8").replace(" À côté d’elle", "\n<p>\nÀ côté d’elle"), encoding="utf-8")
    mo = sandbox.help / "mount-olympus.html"
    mo.write_text(mo.read_text(encoding="utf-8").replace(" Une carte pourra", "\n<p>\nUne carte pourra"),
                  encoding="utf-8")
    assert run_cli("i18n", "extract").code == 0
    assert run_cli("i18n", "update").code == 0
    parts = [m for m in read_catalog(it_classic) if m.id and (m.id.startswith("Les 24 cartes restantes")
                                                               or m.id.startswith("À côté d’elle"))]
    assert len(parts) == 2 and all(m.fuzzy and m.string.startswith("Le 23 carte") for m in parts)
    assert all(m.previous_id == [k24] for m in parts)  # "#| msgid": what the translation was made from
    halves = [m for m in read_catalog(it_help) if m.id and m.context == "mount-olympus" and m.string]
    assert len([m for m in halves if m.fuzzy and m.previous_id == [mo4]]) == 2
    # The source language's correction is split too, fuzzy, its "# Erratum" comment kept for its reviewer.
    fr_halves = [m for m in read_catalog(sandbox.po("fr")) if m.id and m.previous_id == [mo4]]
    assert len(fr_halves) == 2 and all(m.fuzzy and m.user_comments[0].startswith("Erratum E-MO-4")
                                       for m in fr_halves)

    # 5. Told, the translator translates the correction; compiled, the reviewed entries show and the fuzzy ones
    #    fall back to the source.
    _edit(it_classic, lambda m: WRONG in m.id,
          "Sulle pile del tableau si scende alternando rosso e nero: un 9♥ può ricevere l’8♠ o l’8♣, ma non un "
          "8 rosso.")
    assert "K-1" not in run_cli("i18n", "check").out
    assert run_cli("i18n", "compile").code == 0
    html = run_cli("help", "klondike", "--lang", "it").out
    assert "Scopo del gioco" in html and "ricevere l’8♠" in html
    assert "Le 23 carte" not in html and "Les 24 cartes restantes" in html
