"""The classic games' rule pages and catalogs (distribution reussite-classics), through the real command.

``python -m reussite help GAME --lang fr|en`` in both formats: the French page shows the team's French text,
the English page shows it translated, with no French unit left. The catalogs are complete, pass
``reussite i18n check`` and GNU ``msgfmt --check``, their compiled files hold what the .po say, and the help
template is up to date with the pages (``reussite i18n extract --check``, the host's own check).

Skipped when reussite_classics is not installed (``pip install -e ./classics``); under CI they fail instead.
"""

from __future__ import annotations

import gettext
import html
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def _games() -> tuple[str, ...]:
    if importlib.util.find_spec("reussite_classics") is None:
        return ()
    from reussite_classics import game_ids

    return tuple(game_ids())


#: Every game of the distribution, one rule page each.
GAMES = _games()
HELP_DOMAIN = "reussite_classics_help"
UI_DOMAIN = "reussite_classics"


def _titles() -> dict[str, tuple[str, str]]:
    """Each game's French title, as its page's <h1> gives it, and its English name (the game's msgid): the
    French UI name, the English page's title and ``reussite --lang fr games`` must agree with them."""
    if not GAMES:
        return {}
    from reussite_classics import __path__ as where

    from reussite.host import Host

    games = Host.load().games
    found = {}
    for game in GAMES:
        page = (Path(where[0]) / "help" / f"{game}.html").read_text(encoding="utf-8")
        french = html.unescape(re.search(r"<h1>(.*?)</h1>", page, re.S).group(1).strip())
        found[game] = (french, games[game].name)
    return found


TITLES = _titles()


def _missing(reason: str):
    if os.environ.get("CI"):
        pytest.fail(reason + " (CI is set, so this is a failure, not a skip)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def package() -> Path:
    """The installed reussite_classics package folder (the source tree when installed in editable mode)."""
    spec = importlib.util.find_spec("reussite_classics")
    if spec is None or not spec.submodule_search_locations:
        _missing("reussite_classics is not installed: pip install -e ./classics")
    return Path(next(iter(spec.submodule_search_locations)))


@pytest.fixture(scope="module")
def msgfmt() -> str:
    found = shutil.which("msgfmt")
    if found is None:
        _missing("GNU msgfmt is missing: install the gettext package")
    return found


def reussite(*args: str) -> subprocess.CompletedProcess:
    reader = ("REUSSITE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # the reader's languages: none
    env = {k: v for k, v in os.environ.items() if k not in reader}
    return subprocess.run([sys.executable, "-m", "reussite", *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120)


def help_page(game: str, lang: str, fmt: str) -> subprocess.CompletedProcess:
    """``reussite help GAME --lang LANG --format FMT``: as a real command for the first game, in-process through
    the same entry point for the others (a process a page, for a hundred pages in two languages and two formats,
    would cost minutes of the suite's budget)."""
    if game == GAMES[0]:
        return reussite("help", game, "--lang", lang, "--format", fmt)
    from reussite.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(["help", game, "--lang", lang, "--format", fmt], out, err)
    return subprocess.CompletedProcess(["reussite", "help", game], code, out.getvalue(), err.getvalue())


def plain(text: str) -> str:
    """What a reader sees of an HTML fragment or a Markdown line: no tags, no emphasis marks, one space."""
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    text = re.sub(r"[*_`#\\]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def blocks(output: str) -> set[str]:
    """The text of each block of a rendered page (each is one line in both formats), list markers dropped."""
    return {re.sub(r"^(-|\d+\.) ", "", plain(line)) for line in output.splitlines() if line.strip()}


def units(package: Path, game: str) -> list[str]:
    from reussite.helpdocs.units import parse_page

    page = package / "help" / f"{game}.html"
    return [u.text for u in parse_page(page.read_bytes(), "html", game, page.name).units]


def catalog(path: Path) -> dict[tuple[str | None, str], str]:
    from reussite.catalogs.po import read_catalog

    return {(m.context, m.id): m.string for m in read_catalog(path) if m.id}


@pytest.fixture(scope="module")
def english(package) -> dict[tuple[str | None, str], str]:
    return catalog(package / "locale" / "en" / "LC_MESSAGES" / f"{HELP_DOMAIN}.po")


@pytest.mark.parametrize("fmt", ["html", "markdown"])
@pytest.mark.parametrize("game", GAMES)
def test_french_page_shows_the_french_text(package, game, fmt):
    result = help_page(game, "fr", fmt)
    assert result.returncode == 0, result.stderr
    shown = plain(result.stdout)
    missing = [u for u in units(package, game) if plain(u) not in blocks(result.stdout)]
    assert not missing, missing
    first = result.stdout.splitlines()[0]
    assert first == (f"<h1>{TITLES[game][0]}</h1>" if fmt == "html" else f"# {TITLES[game][0]}")
    assert "Règles écrites par l’équipe de Réussite" in shown


@pytest.mark.parametrize("fmt", ["html", "markdown"])
@pytest.mark.parametrize("game", GAMES)
def test_english_page_is_translated_with_no_french_unit_left(package, english, game, fmt):
    result = help_page(game, "en", fmt)
    assert result.returncode == 0, result.stderr
    shown, shown_blocks = plain(result.stdout), blocks(result.stdout)
    french = units(package, game)
    left, absent = [], []
    for unit in french:
        translation = english.get((game, unit))
        assert translation, f"{game}: no English for {unit!r}"
        # (a block, not a substring: Spider's English page names « Araignée » on purpose)
        if plain(translation) != plain(unit) and plain(unit) in shown_blocks:
            left.append(unit)
        if plain(translation) not in shown:
            absent.append(translation)
    assert not left, f"French units left on the English page: {left}"
    assert not absent, absent
    assert "not translated" not in shown  # no "shown in another language" note
    first = result.stdout.splitlines()[0]
    assert first == (f"<h1>{TITLES[game][1]}</h1>" if fmt == "html" else f"# {TITLES[game][1]}")
    # The French typography stays with the French: no space before a colon in English.
    assert not re.search(r"[\u00a0\u202f ][:;]", shown)


def test_catalogs_are_complete():
    result = reussite("i18n", "stats", "--json", "--domain", HELP_DOMAIN, "--domain", UI_DOMAIN)
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    help_rows = {r["page"]: r for r in rows if r["domain"] == HELP_DOMAIN and r["lang"] == "en"}
    assert set(help_rows) == {*GAMES, "*"}  # each game's page, and the domain's total
    ui_rows = [r for r in rows if r["domain"] == UI_DOMAIN and r["lang"] == "fr"]
    assert ui_rows
    for row in [*help_rows.values(), *ui_rows]:
        assert row["fuzzy"] == row["untranslated"] == 0 and row["percent"] == 100.0, row
    # The two domains, and each language's total over them ("*").
    assert {(r["domain"], r["lang"]) for r in rows} == {(HELP_DOMAIN, "en"), (UI_DOMAIN, "fr"), ("*", "en"),
                                                        ("*", "fr")}


def test_help_template_is_up_to_date_with_the_pages(package):
    result = reussite("i18n", "extract", "--check", "--domain", HELP_DOMAIN)
    assert result.returncode == 0, result.stdout + result.stderr
    # Every unit of every page is in the template and in the English catalog, under its game id.
    template = catalog(package / "locale" / f"{HELP_DOMAIN}.pot")
    wanted = {(game, u) for game in GAMES for u in units(package, game)}
    assert set(template) == wanted
    english = catalog(package / "locale" / "en" / "LC_MESSAGES" / f"{HELP_DOMAIN}.po")
    assert set(english) == wanted and all(english.values())


def test_check_and_msgfmt_are_clean(package, msgfmt, tmp_path):
    for domain in (HELP_DOMAIN, UI_DOMAIN):
        result = reussite("i18n", "check", "--domain", domain)
        assert result.returncode == 0, result.stdout + result.stderr
    pos = sorted((package / "locale").glob("*/LC_MESSAGES/*.po"))
    assert {p.relative_to(package / "locale").as_posix() for p in pos} == {
        f"en/LC_MESSAGES/{HELP_DOMAIN}.po", f"fr/LC_MESSAGES/{UI_DOMAIN}.po"}
    for po in pos:
        proc = subprocess.run([msgfmt, "--check", "-o", str(tmp_path / "out.mo"), str(po)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_compiled_catalogs_hold_what_the_po_files_say(package):
    """The .mo files are committed and shipped, as the host's are: each must match its .po."""
    from reussite.catalogs.po import mo_bytes, read_catalog

    for po in sorted((package / "locale").glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        assert mo.is_file(), f"{mo} is missing: run 'reussite i18n compile'"
        with mo.open("rb") as fp:
            committed = gettext.GNUTranslations(fp)
        fresh = gettext.GNUTranslations(io.BytesIO(mo_bytes(read_catalog(po))))
        assert ({k: v for k, v in committed._catalog.items() if k != ""}
                == {k: v for k, v in fresh._catalog.items() if k != ""}), f"{mo} is out of date"
        assert [committed.plural(n) for n in range(5)] == [fresh.plural(n) for n in range(5)], mo


def test_french_game_names_follow_the_glossary():
    result = reussite("--lang", "fr", "games")
    assert result.returncode == 0, result.stderr
    for game in GAMES:
        line = next(line for line in result.stdout.splitlines() if line.split()[:1] == [game])
        assert TITLES[game][0] in line, line


def test_the_games_strings_are_french_through_the_games_own_domain(package):
    """Names, options, score rules and the refusals met in play, in French from reussite_classics.po (as the
    front ends look them up: the game's domain first, then the host's)."""
    import random

    from reussite.game import Move
    from reussite.host import Host
    from reussite.l10n import host_translator, translator_for_game
    from reussite.messages import Translator

    host = Host.load()
    english = Translator.english()
    for game_id in GAMES:
        cls = host.games[game_id]
        fr = translator_for_game(host_translator("fr"), cls, host)
        assert fr.gettext(cls.name) == TITLES[game_id][0]
        texts = [cls.score_rule] if cls.score_rule else []
        for option in cls.options:
            texts += [option.help, *(t for t in (option.label, *option.choice_labels) if t)]
        for text in texts:
            assert fr.gettext(text) != text, (game_id, text)
        game, rng, seen = cls(4242), random.Random(game_id), set()
        for _ in range(40):
            for src in range(len(game.specs)):
                for dst in range(len(game.specs)):
                    move = Move(src, dst, 1)
                    reason = game.refusal(move)
                    if reason is None or reason.msgid in seen:
                        continue
                    seen.add(reason.msgid)
                    message = game.explain(move, reason)
                    assert fr.render(message) != english.render(message), (game_id, reason.msgid)
            moves = list(game.legal_moves())
            if not moves:
                break
            game.push(rng.choice(moves))
    # Every entry of the catalog reaches a game's translator as written.
    fr = translator_for_game(host_translator("fr"), host.games["golf"], host)
    for (context, msgid), french in catalog(package / "locale" / "fr" / "LC_MESSAGES" / f"{UI_DOMAIN}.po").items():
        if context is None and isinstance(msgid, str):
            assert fr.gettext(msgid) == french, msgid
