"""A partly translated new language, as a translator starts one (``reussite i18n init``, a few messages, compile),
in a copy of the catalogs seen by separate processes: what it has not translated follows the reader's language
list (LANGUAGE like gettext, the browser's Accept-Language), then English, and never shows the French source
inside another interface unless French is asked for. ``reussite --help`` names it; ``i18n stats`` reports it.

``it`` is only ever made here, in a temporary folder: the project ships no Italian."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from babel.messages.pofile import read_po, write_po

from reussite.resources import data_dir

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/webserver.py
from webserver import start_server, stop_server  # noqa: E402

# Translated into Italian: one line of ``reussite --help``, one heading of Osmosis's rules.
ITALIAN = {(None, "list the games"): "elenca i giochi", ("osmosis", "Osmose"): "Osmosi"}
UNTRANSLATED_UI = "list the plugins and their status"  # left for English, or French when asked
UNTRANSLATED_UNIT = "Configuration"  # Osmosis's "Setup" heading, in the French source


def run(shim: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "REUSSITE_LANG")}
    clean.update(env or {}, PYTHONPATH=str(shim))
    return subprocess.run([sys.executable, "-m", "reussite.cli", *args], capture_output=True, text=True, env=clean,
                          timeout=120)


@pytest.fixture(scope="module")
def italian(tmp_path_factory) -> Path:
    return make_italian(tmp_path_factory.mktemp("italian"))


def make_italian(shim: Path) -> Path:
    """A copy of the bundled catalogs with a new language started in them, a few messages translated, seen
    by a process with ``PYTHONPATH=shim``."""
    for name in ("reussite_help", "reussite_plugins"):
        (shim / name).symlink_to(data_dir(name))
    (shim / "reussite").symlink_to(ROOT / "reussite")
    shutil.copytree(data_dir("reussite_locale"), shim / "reussite_locale")
    domains = ("--domain", "reussite", "--domain", "help")
    started = run(shim, "i18n", "init", "it", *domains)
    assert started.returncode == 0, started.stderr
    for po in (shim / "reussite_locale" / "it" / "LC_MESSAGES").glob("*.po"):
        with po.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if (message.context, message.id) in ITALIAN:
                message.string = ITALIAN[message.context, message.id]
        with po.open("wb") as f:
            write_po(f, catalog)
    compiled = run(shim, "i18n", "compile", *domains)
    assert compiled.returncode == 0, compiled.stderr
    return shim


def french(msgid: str, context: str | None = None, domain: str = "reussite") -> str:
    with (data_dir("reussite_locale") / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f).get(msgid, context).string


def test_untranslated_ui_text_follows_the_language_list_then_english(italian):
    alone = run(italian, "--help", env={"LANGUAGE": "it"})
    assert alone.returncode == 0, alone.stderr
    assert "elenca i giochi" in alone.stdout and UNTRANSLATED_UI in alone.stdout
    assert french(UNTRANSLATED_UI) not in alone.stdout  # never the French catalog inside an Italian interface
    then_french = run(italian, "--help", env={"LANGUAGE": "it:fr", "LANG": "it_IT.UTF-8"})
    assert "elenca i giochi" in then_french.stdout and french(UNTRANSLATED_UI) in then_french.stdout
    assert UNTRANSLATED_UI not in then_french.stdout
    # LANG alone, as most systems set it: Italian, then English.
    assert "elenca i giochi" in run(italian, "--help", env={"LANG": "it_IT.UTF-8"}).stdout


def test_untranslated_rules_follow_the_language_list_not_the_french_source(italian):
    english = run(italian, "help", "osmosis", "--format", "markdown", env={"LANGUAGE": "it"})
    assert english.returncode == 0, english.stderr
    assert english.stdout.startswith("# Osmosi\n")
    assert "\n## Setup\n" in english.stdout and f"\n## {UNTRANSLATED_UNIT}\n" not in english.stdout
    html = run(italian, "help", "osmosis", env={"LANGUAGE": "it"}).stdout
    assert '<h2 lang="en">Setup</h2>' in html and 'lang="fr"' not in html  # each unit says its language
    asked = run(italian, "help", "osmosis", "--format", "markdown", env={"LANGUAGE": "it:fr"}).stdout
    assert asked.startswith("# Osmosi\n") and f"\n## {UNTRANSLATED_UNIT}\n" in asked
    # A language with no rules at all: the interface's, then the reader's next one for what it lacks.
    note = run(italian, "help", "osmosis", "--lang", "qaa", "--format", "markdown", env={"LANGUAGE": "it:fr"})
    assert note.stdout.startswith("# Osmosi\n") and f"\n## {UNTRANSLATED_UNIT}\n" in note.stdout
    assert "qaa" in note.stderr


def test_the_new_language_is_named_and_its_coverage_reported(italian):
    usage = run(italian, "--help", env={"LANGUAGE": "it"}).stdout
    assert "en, fr, it" in " ".join(usage.split())  # --lang names every installed language
    stats = run(italian, "i18n", "stats", "--domain", "reussite", "--domain", "help")
    assert stats.returncode == 0, stats.stderr
    # A partial language is listed with its coverage in each domain, not refused.
    italian_rows = [line.split() for line in stats.stdout.splitlines() if line.split()[1:2] == ["it"]]
    # Per domain, then every domain together ("*", the language's total).
    assert {row[0] for row in italian_rows} == {"reussite", "help", "*"}, stats.stdout
    assert any(row[0] == "help" and row[2] == "osmosis" for row in italian_rows), stats.stdout


def test_the_page_falls_back_to_the_browsers_languages_then_english(italian, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(italian)}
    server = start_server(tmp_path / "data", tmp_path, [sys.executable, "-m", "reussite.cli"], env=env)
    try:
        def strings(accept: str) -> dict:
            return httpx.get(server.url + "api/strings?lang=it", headers={"Accept-Language": accept}).json()

        def rules(accept: str) -> str:
            return httpx.get(server.url + "api/help/osmosis?lang=it", headers={"Accept-Language": accept}).text

        assert strings("it-IT")["undo"] == "Undo"  # untranslated: English, not French
        assert strings("it-IT,fr;q=0.8")["undo"] == french("Undo")  # the browser also reads French
        assert '<h2 lang="en">Setup</h2>' in rules("it-IT") and "Osmosi" in rules("it-IT")
        assert f'<h2 lang="fr">{UNTRANSLATED_UNIT}</h2>' in rules("it-IT,fr;q=0.8")
        langs = [lang["code"] for lang in httpx.get(server.url + "api/boot?lang=it").json()["langs"]]
        assert langs == ["en", "fr", "it"]
    finally:
        stop_server(server)
