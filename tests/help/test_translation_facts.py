"""Errata travel with their unit, and a translation that changes a number or keeps a corrected fact is
flagged (issue 39, items 1 and 3): a new Italian translator, on the bundled pages' sandbox copy."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from reussite.catalogs import ops
from reussite.catalogs.check import check, compile_catalogs
from reussite.catalogs.facts import cards, number_problems, numbers
from reussite.catalogs.po import po_bytes, read_catalog

ROOT = Path(__file__).resolve().parents[2]


def _erratum_notes(path: Path) -> dict[str, str]:
    out = {}
    for m in read_catalog(path):
        notes = " ".join(m.auto_comments)
        note = notes[notes.index("Erratum"):] if "Erratum" in notes else ""
        if note:
            out[note.split()[1].rstrip(":")] = note
    return out


def test_the_template_and_every_catalog_mark_each_erratum_with_its_correction():
    fr = {m.id: m.string for m in read_catalog(ROOT / "locale/fr/LC_MESSAGES/help.po")
          if m.id and any(c.startswith("Erratum") for c in m.user_comments)}
    for path in (ROOT / "locale/help.pot", *sorted(ROOT.glob("locale/*/LC_MESSAGES/help.po"))):
        notes = _erratum_notes(path)
        assert len(notes) == len(fr) == 14, path
        assert "locale/fr/LC_MESSAGES/help.po" in notes["E-MO-4"]
        assert "un <b>5</b>♠ se pose sur un <b>7</b>♠" in re.sub(r"\s+", " ", notes["E-MO-4"]), path
    # In the files as Poedit reads them: "#." lines just above the unit's references.
    text = (ROOT / "locale/help.pot").read_text(encoding="utf-8")
    assert re.search(r"#\. Erratum E-TO-1: the source text is wrong \(.*\n(#\..*\n)+#: help/tournament.html", text)


@pytest.mark.parametrize("source, translation, problem", [
    ("un <b>8</b>♠ sur un <b>9</b>♠", "un <b>7</b>♠ su un <b>9</b>♠", "card 7♠ is not in the source"),
    ("8 cartes", "7 carte", "number 7 is not in the source"),
    ("2 jeux de 52 cartes", "due mazzi di 52 carte", None),  # spelled out in the translation
    ("deux paquets", "2 mazzi", None),  # spelled out in the source
    ("sur l’As de trèfle", "sull’A♣", None),  # a rank spelled out, written as a glyph
    ("Sur les As : 3-5-7-9-V-R", "Sugli Assi: 3-5-7-9-F-R", None),
    ("un Roi♥", "un K♥", None),  # face letters of two languages
    ("un Roi♥", "una Q♥", "card Q♥ is not in the source"),
    ('voir <a href="rules/x2.html">la page</a>', "vedi la pagina", None),  # a URL is not a fact of the rule
    ("1 000 points", "1,000 punti", None),
])
def test_numbers_and_cards(source, translation, problem):
    found = number_problems(source, translation)
    assert found == ([problem] if problem else []), found


def test_facts_are_read_from_the_visible_text():
    assert numbers('<img src="s2.gif" alt="2"> 10 et 1 000') == {"10": 1, "1000": 1}
    assert cards("<b>10</b>♣, D♦ et l’As♠") == {(10, "♣"): 1, (12, "♦"): 1, (1, "♠"): 1}


def _translate(po_path: Path, pick, text_for) -> int:
    cat = read_catalog(po_path)
    m = next(m for m in cat if m.id and pick(m))
    m.string = text_for(m)
    po_path.write_bytes(po_bytes(cat))
    return next(x for x in read_catalog(po_path) if x.id == m.id and x.context == m.context).lineno


def test_a_new_language_cannot_ship_a_known_wrong_rule_unnoticed(sandbox):
    host = sandbox.host()
    specs = ops.catalog_specs(host)
    ops.init(specs, "it")
    it = sandbox.po("it")
    assert _erratum_notes(it).keys() == _erratum_notes(sandbox.po("fr")).keys()  # the new catalog carries them
    # A faithful translation of the faulty source: the 5 on a 2, and another game's name.
    mo4 = _translate(it, lambda m: "sera placé sur un <b>2</b>♠" in m.id, lambda m: (
        "Le pile del tableau si costruiscono in discesa per seme, a intervalli di 2 (cioè un <b>5</b>♠ va posto "
        "su un <b>2</b>♠). Una sequenza (come <b>6-8-10</b>♣) si sposta tutta insieme."))
    to1 = _translate(it, lambda m: m.id.startswith("Intelligence est"), lambda m: (
        "Intelligence è un solitario che si gioca con 2 mazzi di carte mescolati. Nonostante il nome, il gioco "
        "non sembra avere a che fare con un <i>torneo</i>."))
    report = check(specs)
    warnings = [line for line in report.lines if ": warning: " in line]
    assert f"{it}:{mo4}: warning: keeps what erratum E-MO-4 corrects (card 2♠)" in "\n".join(warnings)
    assert f"{it}:{to1}: warning: keeps what erratum E-TO-1 corrects (name 'Intelligence')" in "\n".join(warnings)
    # compile says it too (the catalog compiles: a warning is the translator's call).
    compiled = compile_catalogs(specs)
    assert any("E-MO-4" in line for line in compiled.lines) and not compiled.problems
    # The corrected text, translated: nothing to say.
    _translate(it, lambda m: "sera placé sur un <b>2</b>♠" in m.id, lambda m: (
        "Le pile del tableau si costruiscono scendendo di due in due nello stesso seme (cioè un <b>5</b>♠ va "
        "su un <b>7</b>♠). Una sequenza (come <b>6-8-10</b>♣) si sposta tutta insieme."))
    _translate(it, lambda m: m.id.startswith("Intelligence est"), lambda m: (
        "Tournament è un solitario che si gioca con due mazzi mescolati. Nonostante il nome, il gioco non "
        "sembra avere a che fare con un <i>torneo</i>."))
    assert not [line for line in check(specs).lines if f"{it}:" in line and "erratum" in line]


def test_a_changed_number_is_flagged_with_file_and_line(sandbox, run_cli, monkeypatch):
    host = sandbox.host()
    specs = ops.catalog_specs(host)
    ops.init(specs, "it")
    it = sandbox.po("it")
    line = _translate(it, lambda m: m.context == "tournament" and "les 8 cartes de la" in m.id,
                      lambda m: "La carta in cima a ogni colonna e le 7 carte della riserva si possono giocare.")
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    result = run_cli("i18n", "check", "--domain", "help")
    assert f"{it}:{line}: warning: number 7 is not in the source" in result.out + result.err
    # The bundled catalogs are clean: no number changed, no erratum fact kept.
    clean = check(ops.catalog_specs(host))
    assert not [x for x in clean.lines if ": warning: " in x and "/it/" not in x]


def test_placeholders_are_checked_only_where_the_unit_is_formatted():
    from babel.messages.catalog import Message

    from reussite.catalogs.check import message_problems

    # A help unit is prose, never formatted: braces are text. An interface string is.
    assert message_problems(Message("{count} cartes", "{count} cards", context="osmosis"), help_kind=True) == []
    assert message_problems(Message("{count} cards", "{nombre} cartes"), help_kind=False) == [
        "placeholders differ from the source: unknown {nombre}; missing {count}"]


# -- coverage (item 2) ----------------------------------------------------------------------------------

def test_stats_count_words_fuzzy_and_failing_entries_per_page_domain_and_language(sandbox, run_cli, monkeypatch):
    import json

    host = sandbox.host()
    specs = ops.catalog_specs(host)
    ops.init(specs, "it")
    it = sandbox.po("it")
    cat = read_catalog(it)
    osmosis = [m for m in cat if m.id and m.context == "osmosis"]
    short = sorted(osmosis, key=lambda m: len(m.id))[:12]  # headings and table cells: many messages, few words
    for m in short:
        m.string = f"«{m.id}»"
    long_one = max(osmosis, key=lambda m: len(m.id))
    long_one.string, long_one.flags = "Bozza.", {"fuzzy"}
    tournament = next(m for m in cat if m.context == "tournament" and m.id and "les 8 cartes de la" in m.id)
    tournament.string = "Le 7 carte della riserva."  # a changed number: an entry failing a check
    it.write_bytes(po_bytes(cat))
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    rows = json.loads(run_cli("i18n", "stats", "--json").out)
    page = next(r for r in rows if r["lang"] == "it" and r["page"] == "osmosis")
    words = {m.id: len(re.findall(r"\w+", re.sub(r"<[^>]*>", " ", m.id))) for m in osmosis}
    assert page["translated"] == 12 and page["fuzzy"] == 1 and page["total"] == len(osmosis)
    assert page["words_translated"] == sum(words[m.id] for m in short)
    assert page["words_fuzzy"] == words[long_one.id]
    assert page["words_total"] == sum(words.values())
    assert page["percent"] > 40 > page["words_percent"]  # what the message count hides
    assert page["game"] == "osmosis" and page["failing"] == 0
    domain = next(r for r in rows if r["lang"] == "it" and r["level"] == "domain")
    assert domain["page"] == "*" and domain["failing"] == 1 and domain["translated"] == 13
    assert domain["words_total"] == sum(r["words_total"] for r in rows if r["lang"] == "it" and r["level"] == "page")
    total = next(r for r in rows if r["lang"] == "it" and r["level"] == "language")
    assert total["domain"] == "*" and total["words_translated"] == domain["words_translated"]
    table = run_cli("i18n", "stats").out
    assert re.search(r"help\s+it\s+osmosis\s+12\s+1\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+0\n", table), table
    assert re.search(r"help\s+it\s+\*\s+13\s+1\s.*\s1\n", table), table
