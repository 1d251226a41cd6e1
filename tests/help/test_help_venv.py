"""The help pipeline from an installed wheel, and a third-party plugin shipping its own page and catalog."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from helpers import plugin_pyproject

from reussite.catalogs.po import mo_bytes, read_catalog

pytestmark = pytest.mark.venv

DEMO = {
    "pyproject.toml": plugin_pyproject("reussite-help-demo", "help-demo", "reussite_help_demo", version="0.1", data=(
        "help/*.html", "locale/*.pot", "locale/*/LC_MESSAGES/*.po", "locale/*/LC_MESSAGES/*.mo")),
    "reussite_help_demo/__init__.py": """
        from pathlib import Path

        from reussite.hookspecs import Catalog, HelpPage, hookimpl
        from reussite.messages import N_
        from reussite_plugins.forty_thieves import FortyThieves

        HERE = Path(__file__).parent


        class HelpDemo(FortyThieves):
            id = "help-demo"
            name = N_("Help Demo")


        @hookimpl
        def reussite_games():
            return [HelpDemo]


        @hookimpl
        def reussite_help_pages():
            return [HelpPage("help-demo", HERE / "help" / "help-demo.html", "html")]


        @hookimpl
        def reussite_catalogs():
            return [Catalog("help-demo", HERE / "locale", "help")]
        """,
    "reussite_help_demo/help/help-demo.html": """
        <h1>Démo</h1>
        <p>Les <b>Rois</b> vont sur les As<img src="../images/h.gif">.
        <ul><li>Premier point</li><li>Second point</li></ul>
        """,
    "reussite_help_demo/locale/en/LC_MESSAGES/help-demo.po": """
        msgid ""
        msgstr ""
        "Language: en\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        msgctxt "help-demo"
        msgid "Démo"
        msgstr "Demo"

        msgctxt "help-demo"
        msgid "Les <b>Rois</b> vont sur les As♥."
        msgstr "The <b>Kings</b> go on the Aces♥."

        msgctxt "help-demo"
        msgid "Premier point"
        msgstr "First point"
        """,
}


def test_installed_wheel_renders_the_english_help(fresh_venv):
    md = fresh_venv.reussite("help", "forty-thieves", "--lang", "en", "--format", "markdown").stdout
    # The setup table has no header row: it stays an HTML table rather than get an empty Markdown header.
    assert md.startswith("# Forty Thieves\n") and "<tr><td>Type of pack</td><td>Double pack</td></tr>" in md
    html = fresh_venv.reussite("help", "tournament", "--lang", "fr").stdout
    assert "Tournament est un jeu" in html  # the compiled French errata ship too
    site = fresh_venv.run(fresh_venv.bin / "python", "-c",
                          "from reussite.resources import data_dir; print(data_dir('reussite_help'))").stdout.strip()
    assert "site-packages" in site and (Path(site) / "SOURCES.md").is_file()


def test_third_party_plugin_ships_its_own_help_and_catalog(fresh_venv, tmp_path):
    base = tmp_path / "reussite-help-demo"
    for rel, body in DEMO.items():
        target = base / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(body).lstrip("\n"), encoding="utf-8")
    po = base / "reussite_help_demo/locale/en/LC_MESSAGES/help-demo.po"
    po.with_suffix(".mo").write_bytes(mo_bytes(read_catalog(po)))
    fresh_venv.pip_install(str(base))

    html = fresh_venv.reussite("help", "help-demo", "--lang", "en").stdout
    assert "<h1>Demo</h1>" in html and "The <b>Kings</b> go on the Aces♥." in html
    assert "<li>First point</li>" in html and '<li lang="fr">Second point</li>' in html  # never a hole
    md = fresh_venv.reussite("help", "help-demo", "--lang", "fr", "--format", "markdown").stdout
    assert md.startswith("# Démo\n") and "- Premier point" in md
    rows = json.loads(fresh_venv.reussite("i18n", "stats", "--json", "--domain", "help-demo").stdout)
    page = {k: rows[0][k] for k in ("level", "domain", "kind", "lang", "page", "game", "translated", "fuzzy",
                                    "untranslated", "total", "percent", "failing", "words_untranslated")}
    assert page == {"level": "page", "domain": "help-demo", "kind": "help", "lang": "en", "page": "help-demo",
                    "game": "help-demo", "translated": 3, "fuzzy": 0, "untranslated": 0, "total": 3,
                    "percent": 100.0, "failing": 0, "words_untranslated": 0}
    assert [(r["level"], r["translated"]) for r in rows[1:]] == [("domain", 3), ("language", 3)]
    # extract finds the plugin's own page; the bundled help stays untouched.
    fresh_venv.reussite("i18n", "extract", "--domain", "help-demo")
    pot = (Path(rows[0]["file"]).parents[2] / "help-demo.pot").read_text(encoding="utf-8")
    assert 'msgctxt "help-demo"' in pot and "Second point" in pot and "Forty" not in pot
    assert fresh_venv.reussite("i18n", "check", "--domain", "help-demo").returncode == 0
