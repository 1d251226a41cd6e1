"""Templates and catalogs: pybabel parity, coverage, check, msgfmt, compiled files, and the update merge."""

from __future__ import annotations

import gettext
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from reussite.catalogs import ops
from reussite.catalogs.check import check, compile_catalogs
from reussite.catalogs.po import mo_bytes, read_catalog
from reussite.helpdocs import render_help
from reussite.hookspecs import hookimpl

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
PYBABEL = (sys.executable, "-m", "babel.messages.frontend")  # the venv's Babel, whatever is on PATH


def _units(pot: Path) -> list[tuple]:
    with pot.open("rb") as fp:
        cat = read_po(fp)
    return [(m.context, m.id, tuple(m.auto_comments), tuple(m.locations)) for m in cat if m.id]


def test_pybabel_with_our_mapping_gives_the_same_units_as_reussite_extract(tmp_path, bundled_host):
    out = tmp_path / "help.pot"
    subprocess.run([*PYBABEL, "extract", "-F", "locale/babel-help.cfg", "--add-location=file", "-o", str(out),
                    "help/"], cwd=ROOT, check=True, capture_output=True, text=True)
    (spec,) = ops.catalog_specs(bundled_host, ["help"])
    ours = tmp_path / "ours.pot"
    ours.write_bytes(ops.po_bytes(ops.build_template(spec)))
    theirs = _units(out)
    assert theirs == _units(ours)
    assert len(theirs) == 22 + 25 + 13 + 9
    assert {c for c, *_ in theirs} == {"forty-thieves", "mount-olympus", "osmosis", "tournament"}
    text = out.read_text(encoding="utf-8")
    assert 'msgctxt "osmosis"' in text and "#. /sect1/sect2[1]/title" in text and "#: help/osmosis.xml\n" in text


def test_committed_help_template_is_up_to_date(run_cli):
    # (The UI template follows the code of every engineer; CI runs the check on all domains.)
    result = run_cli("i18n", "extract", "--check", "--domain", "help")
    assert result.code == 0, result.out + result.err


def test_extract_check_fails_when_a_page_changes(sandbox, run_cli, monkeypatch):
    host = sandbox.host()
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    assert run_cli("i18n", "extract", "--check").code == 0
    page = sandbox.help / "osmosis.xml"
    page.write_text(page.read_text(encoding="utf-8").replace("Osmose", "Osmosis"), encoding="utf-8")
    pot = (sandbox.locale / "help.pot").read_bytes()
    result = run_cli("i18n", "extract", "--check")
    assert result.code == 1 and "help.pot: out of date" in result.out
    assert (sandbox.locale / "help.pot").read_bytes() == pot
    assert run_cli("i18n", "extract").code == 0 and run_cli("i18n", "extract", "--check").code == 0


def test_english_covers_every_unit_of_the_four_pages(run_cli):
    import json

    result = run_cli("i18n", "stats", "--json", "--domain", "help")
    rows = {(r["lang"], r["page"]): r for r in json.loads(result.out)}
    for page in ("forty-thieves", "mount-olympus", "osmosis", "tournament"):
        assert rows["en", page]["untranslated"] == rows["en", page]["fuzzy"] == 0
        assert rows["en", page]["percent"] == 100.0
    # French "translations" are the errata (docs/rules-notes.md) of the two HTML pages
    assert rows["fr", "tournament"]["translated"] == 8 and rows["fr", "mount-olympus"]["translated"] == 6
    table = run_cli("i18n", "stats", "--domain", "help").out
    assert "mount-olympus" in table and "untranslated" in table


def test_check_and_msgfmt_are_clean_on_every_catalog(run_cli):
    result = run_cli("i18n", "check")
    assert result.code == 0, result.out + result.err
    for po in LOCALE.glob("*/LC_MESSAGES/*.po"):
        proc = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_compiled_catalogs_are_up_to_date():
    """The wheel ships the .mo files: each must hold exactly what its .po says (whatever tool compiled it)."""
    pos = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
    assert pos
    for po in pos:
        mo = po.with_suffix(".mo")
        assert mo.is_file(), f"{mo} is missing: run 'reussite i18n compile'"
        with mo.open("rb") as fp:
            committed = gettext.GNUTranslations(fp)
        fresh = gettext.GNUTranslations(io.BytesIO(mo_bytes(read_catalog(po))))
        # Every message, and the plural rule; other header fields may differ between compilers.
        assert _messages(committed) == _messages(fresh), f"{mo} is out of date: run 'reussite i18n compile'"
        assert [committed.plural(n) for n in range(5)] == [fresh.plural(n) for n in range(5)], mo


def _messages(t: gettext.GNUTranslations) -> dict:
    return {k: v for k, v in t._catalog.items() if k != ""}


def test_french_errata_correct_the_source():
    fr = read_catalog(LOCALE / "fr" / "LC_MESSAGES" / "help.po")
    fixed = [m for m in fr if m.id and m.string]
    assert {m.context for m in fixed} == {"tournament", "mount-olympus"}
    assert any(m.string.startswith("Tournament est un jeu") for m in fixed)
    assert any("sur un <b>7</b>♠" in m.string for m in fixed)
    assert all(m.user_comments and "Erratum" in m.user_comments[0] for m in fixed)


# -- broken translations ---------------------------------------------------------------------------

def _set_translation(po: Path, context: str, startswith: str, text: str) -> None:
    cat = read_catalog(po)
    for m in cat:
        if m.context == context and isinstance(m.id, str) and m.id.startswith(startswith):
            m.string = text
            break
    else:
        raise AssertionError("unit not found")
    po.write_bytes(ops.po_bytes(cat))


@pytest.mark.parametrize("evil, words", [
    ('Reserve <script>alert("x")</script> cards.', "disallowed tag <script>"),
    ('The <b onclick="steal()">top</b> cards.', "disallowed event handler attribute onclick="),
    ('<a href="javascript:alert(1)">Click</a>', "disallowed URL"),
    ("The <b>top cards", "<b> is never closed"),
    ("The <i>top</i> <em>cards</em>.", "tag <i> is not in the source"),
])
def test_check_reports_broken_translations_and_html_never_carries_them(sandbox, evil, words):
    po = sandbox.po("en")
    _set_translation(po, "tournament", "Les premières cartes", evil)
    host = sandbox.host()
    specs = ops.catalog_specs(host)
    report = check(specs, use_msgfmt=False)
    assert report.problems
    hits = [line for line in report.lines if words in line]
    assert hits, report.lines
    assert hits[0].startswith(f"{po}:")
    line_no = int(hits[0][len(str(po)) + 1:].split(":")[0])
    assert po.read_text(encoding="utf-8").splitlines()[line_no - 1].startswith("msgid ")  # the entry's msgid
    refused = compile_catalogs(specs)
    assert refused.problems and "nothing compiled" in refused.lines[-1]
    po.with_suffix(".mo").write_bytes(mo_bytes(read_catalog(po)))  # compiled by a tool that does not check
    html = render_help(host, "tournament", "en")
    md = render_help(host, "tournament", "en", "markdown")
    for out in (html, md):
        assert "<script" not in out and "onclick" not in out and "javascript:" not in out


def test_check_via_cli_names_file_and_line_and_exits_non_zero(sandbox, run_cli, monkeypatch):
    po = sandbox.po("en")
    _set_translation(po, "osmosis", "Réserves", "Reserves<script>x()</script>")
    host = sandbox.host()
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    result = run_cli("i18n", "check", "--no-msgfmt")
    assert result.code == 1
    assert f"{po}:" in result.err and "disallowed tag <script>" in result.err and "Traceback" not in result.err


@pytest.mark.parametrize("damage, line, words", [
    (lambda t: t.replace('msgstr "Setup"', 'msgstr "Setup', 1), None, "badly quoted string"),
    (lambda t: t.replace('msgstr "Setup"', 'msgstr Setup', 1), None, "badly quoted string"),
    (lambda t: t.replace('msgid "Configuration"\nmsgstr "Setup"', 'msgid "Configuration"\nmsgstr "Setup"\n'
                         'msgctxt "forty-thieves"\nmsgid "Configuration"\nmsgstr "Again"', 1), None, "duplicate"),
    (lambda t: t.replace('msgstr "Setup"', 'msgstr "R\xe9glage"', 1).encode("latin-1", "replace"), None,
     "not valid UTF-8"),
])
def test_malformed_po_is_reported_with_line_and_nothing_is_overwritten(sandbox, run_cli, monkeypatch, damage, line,
                                                                        words):
    po = sandbox.po("en")
    damaged = damage(po.read_text(encoding="utf-8"))
    po.write_bytes(damaged if isinstance(damaged, bytes) else damaged.encode("utf-8"))
    before = {p: p.read_bytes() for p in sandbox.locale.rglob("*") if p.is_file()}
    host = sandbox.host()
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    for command in ("update", "compile", "check", "stats"):
        result = run_cli("i18n", command)
        assert result.code == 2, (command, result.out, result.err)
        assert re.match(rf"reussite: error: {re.escape(str(po))}:\d+: ", result.err), result.err
        assert words in result.err and "Traceback" not in result.err
        assert {p: p.read_bytes() for p in sandbox.locale.rglob("*") if p.is_file()} == before


def test_extract_reports_every_malformed_page_in_one_run_and_keeps_its_entries(sandbox, run_cli, monkeypatch):
    (sandbox.help / "osmosis.xml").write_text("<sect1>\n<title>Osmose\n</sect1>\n", encoding="utf-8")
    page = (sandbox.help / "tournament.html").read_text(encoding="utf-8").split("\n")
    page[6:6] = ["<blink>", "</blink>"]
    (sandbox.help / "tournament.html").write_text("\n".join(page), encoding="utf-8")
    pot = sandbox.locale / "help.pot"
    before = pot.read_bytes()
    host = sandbox.host()
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    result = run_cli("i18n", "extract")
    assert result.code == 1 and "Traceback" not in result.err, result.err
    errors = [ln for ln in result.err.splitlines() if ln.startswith("help/")]
    assert [e.split(": ")[0] for e in errors] == ["help/osmosis.xml:3", "help/tournament.html:7"], result.err
    assert "not well-formed XML" in errors[0] and "unknown element <blink>" in errors[1]
    assert all(e.endswith("(page skipped; its entries kept as they were)") for e in errors)
    assert pot.read_bytes() == before  # the two pages' entries are kept: nothing else changed
    result = run_cli("help", "osmosis", "--lang", "en")
    assert result.code == 2 and "osmosis.xml:3:" in result.err and "Traceback" not in result.err


# -- update: keep, fuzzy, restore --------------------------------------------------------------------

def _by_context(po: Path, context: str) -> dict[str, object]:
    return {m.id: m for m in read_catalog(po) if m.context == context and m.id}


def test_update_keeps_translations_marks_changes_fuzzy_and_restores_removed_units(sandbox):
    host = sandbox.host()
    specs = ops.catalog_specs(host)
    po = sandbox.po("en")
    before = {(m.context, m.id): m.string for m in read_catalog(po) if m.id}

    # 1. Nothing changed: update is a no-op on the translations.
    ops.extract(specs)
    ops.update(specs)
    assert {(m.context, m.id): m.string for m in read_catalog(po) if m.id} == before

    # 2. One French sentence changes: only that unit turns fuzzy, with its previous msgid.
    page = sandbox.help / "tournament.html"
    old = "Les premières cartes de chaque colonne du tableau et les 8 cartes de la réserve peuvent être jouées."
    new = "Les premières cartes de chaque colonne du tableau et les huit cartes de la réserve peuvent être jouées."
    page.write_text(page.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    ops.extract(specs)
    ops.update(specs)
    after = read_catalog(po)
    changed = [m for m in after if m.id == new]
    assert len(changed) == 1 and changed[0].fuzzy and changed[0].previous_id == [old]
    assert changed[0].string == before["tournament", old]
    assert "#| msgid " in po.read_text(encoding="utf-8")
    for m in after:
        if m.id and m.id != new:
            assert not m.fuzzy and m.string == before[m.context, m.id], m.id

    # 3. A paragraph is removed, then restored: its translation comes back from the obsolete entries.
    gone = "De plus, la première carte de chaque fondation peut être déplacée vers une autre fondation, " \
           "surtout quand deux fondations peuvent recevoir la même carte."
    text = page.read_text(encoding="utf-8")
    para = text[text.index("<p>\nDe plus"):text.index("<p>\nQuand plus")]
    page.write_text(text.replace(para, ""), encoding="utf-8")
    ops.extract(specs)
    ops.update(specs)
    assert gone not in _by_context(po, "tournament")
    assert "#~ msgid" in po.read_text(encoding="utf-8")
    ops.extract(specs)
    ops.update(specs)  # a second update must not lose the obsolete entry (Babel alone would)
    page.write_text(text, encoding="utf-8")
    ops.extract(specs)
    ops.update(specs)
    back = _by_context(po, "tournament")[gone]
    assert back.string == before["tournament", gone] and not back.fuzzy

    # 4. The merged catalog is still valid for GNU gettext and compiles; the fuzzy unit renders in French.
    assert subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)]).returncode == 0
    compile_catalogs(specs)
    html = render_help(host, "tournament", "en")
    assert f'<p lang="fr">{new}</p>' in html
    assert "In addition, the top card of each foundation" in html


def test_update_with_no_template_or_no_catalog(sandbox, tmp_path):
    shutil.rmtree(sandbox.locale / "en")
    shutil.rmtree(sandbox.locale / "fr")
    specs = ops.catalog_specs(sandbox.host())
    assert "no translations yet" in ops.update(specs).lines[0]
    assert compile_catalogs(specs).lines == []


# -- UI catalogs: the same commands, English msgids from code ---------------------------------------------

def test_pybabel_ui_extraction_matches_reussite_extract(tmp_path, bundled_host):
    out = tmp_path / "ui.pot"
    subprocess.run([*PYBABEL, "extract", "-F", "locale/babel-ui.cfg", "--add-location=file", "--strip-comments",
                    "--no-default-keywords", "-k", "_", "-k",
                    "N_", "-k", "gettext", "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-k", "NP_:1c,2", "-c",
                    "TRANSLATORS:", "-o", str(out), "plugins", "reussite"], cwd=ROOT, check=True, capture_output=True)
    (spec,) = ops.catalog_specs(bundled_host, ["reussite"])
    ours = tmp_path / "ours.pot"
    ours.write_bytes(ops.po_bytes(ops.build_template(spec)))
    assert _units(out) == _units(ours)
    assert any(loc[0].startswith("plugins/") for *_, locs in _units(ours) for loc in locs)


UI_MODULE = '''
from reussite.hookspecs import Catalog, hookimpl
from pathlib import Path


def _(s):
    return s


def ngettext(s, p, n):
    return s if n == 1 else p


GREETING = _("Hello {name}")
CARDS = ngettext("{count} card", "{count} cards", 2)


@hookimpl
def reussite_catalogs():
    return [Catalog("uidemo", Path(__file__).parent / "locale", "ui")]
'''


def test_ui_catalog_of_a_plugin_extract_update_check(tmp_path, monkeypatch):
    import importlib

    from reussite.host import Host

    pkg = tmp_path / "uidemo_plugin"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(UI_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("uidemo_plugin")
    host = Host.load(entry_points=[], builtin=False, extra=[("uidemo", module)])
    specs = ops.catalog_specs(host)
    assert [s.code for s in specs] == [[pkg]]
    ops.extract(specs)
    pot = read_catalog(pkg / "locale" / "uidemo.pot")
    assert {m.id if isinstance(m.id, str) else m.id[0] for m in pot if m.id} == {"Hello {name}", "{count} card"}
    assert ops.update(specs).lines[0].endswith("no translations yet")  # no catalog yet: fine
    fr = pkg / "locale" / "fr" / "LC_MESSAGES" / "uidemo.po"
    fr.parent.mkdir(parents=True)
    fr.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
                  'msgid "Hello {name}"\nmsgstr "Bonjour {nom}"\n', encoding="utf-8")
    ops.update(specs)
    merged = read_catalog(fr)
    assert {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in merged if m.id}["Hello {name}"] == \
        "Bonjour {nom}"
    report = check(specs, use_msgfmt=False)
    assert report.problems == 1 and "unknown {nom}; missing {name}" in report.lines[0]
    assert report.lines[0].startswith(f"{fr}:")


def test_catalog_work_asks_each_plugin_once_and_names_the_one_that_fails(tmp_path, monkeypatch):
    import importlib
    import types

    from reussite.host import Host

    pkg = tmp_path / "uidemo_plugin"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(UI_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "uidemo_plugin", raising=False)  # another test's copy
    calls = []

    def broken():
        calls.append("broken")
        raise OSError("locale folder unreadable")

    host = Host.load(entry_points=[], builtin=False, extra=[
        ("uidemo", importlib.import_module("uidemo_plugin")),
        ("broken-catalogs", types.SimpleNamespace(reussite_catalogs=hookimpl(broken)))])
    assert [s.domain for s in ops.catalog_specs(host)] == ["uidemo"]
    assert [s.domain for s in ops.catalog_specs(host, ["uidemo"])] == ["uidemo"]
    problems = ops.plugin_problems(host)
    assert calls == ["broken"] and len(problems) == 1  # one call, its failure kept and reported
    assert problems[0].startswith("plugin broken-catalogs: reussite_catalogs raised OSError: locale folder unreadable")


def test_i18n_init_starts_a_plugin_catalog_like_pybabel_with_the_plugin_own_name(tmp_path, monkeypatch, run_cli):
    import importlib

    from reussite.host import Host

    pkg = tmp_path / "uidemo_plugin"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(UI_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "uidemo_plugin", raising=False)  # another test's copy
    host = Host.load(entry_points=[])
    host.add_plugin("uidemo", importlib.import_module("uidemo_plugin"), "reussite-uidemo", "1.2")
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    assert run_cli("i18n", "extract", "--domain", "uidemo").code == 0
    pot = pkg / "locale" / "uidemo.pot"
    assert '"Project-Id-Version: reussite-uidemo 1.2\\n"' in pot.read_text(encoding="utf-8")

    result = run_cli("i18n", "init", "de", "--domain", "uidemo")
    ours = pkg / "locale" / "de" / "LC_MESSAGES" / "uidemo.po"
    assert result.code == 0 and result.out == f"{ours}: created (2 messages to translate)\n"
    theirs = tmp_path / "pybabel"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "init", "-i", str(pot), "-d", str(theirs),
                    "-l", "de", "-D", "uidemo"], check=True, capture_output=True)
    mine, ref = read_catalog(ours), read_catalog(theirs / "de" / "LC_MESSAGES" / "uidemo.po")
    assert [(m.id, m.string, m.locations) for m in mine] == [(m.id, m.string, m.locations) for m in ref]
    for header in ("Project-Id-Version", "Language", "Plural-Forms", "Content-Type"):
        assert dict(mine.mime_headers)[header] == dict(ref.mime_headers)[header]
    assert dict(mine.mime_headers)["Project-Id-Version"] == "reussite-uidemo 1.2"
    assert subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(ours)]).returncode == 0

    ours.write_text(ours.read_text(encoding="utf-8").replace('msgstr ""\n\n#', 'msgstr "x"\n\n#', 1),
                    encoding="utf-8")
    before = ours.read_bytes()
    again = run_cli("i18n", "init", "de", "--domain", "uidemo")  # never over a translator's work
    assert again.code == 2 and f"{ours}: already there, nothing written" in again.err
    assert ours.read_bytes() == before
    bad = run_cli("i18n", "init", "not a language", "--domain", "uidemo")
    assert bad.code == 2 and "'not a language' is not a language code" in bad.err
    assert not (pkg / "locale" / "not a language").exists()
