"""The plugin host: real plugin modules loaded through entry points; broken ones are isolated and named."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest

from reussite.errors import PluginError, UnknownGame, UserError
from reussite.hookspecs import ENTRY_POINT_GROUP
from reussite.host import Host

PLUGINS = Path(__file__).parent / "data" / "plugins"


@pytest.fixture
def load(monkeypatch):
    monkeypatch.syspath_prepend(str(PLUGINS))

    def load(*modules: str) -> Host:
        bundled = list(entry_points(group=ENTRY_POINT_GROUP))
        extra = [EntryPoint(m, m, ENTRY_POINT_GROUP) for m in modules]
        return Host.load(entry_points=bundled + extra)

    return load


def test_bundled_games_are_found_through_the_entry_point_group(host):
    assert "forty-thieves" in host.games
    assert host.games["forty-thieves"].plugin_name == "forty-thieves"
    assert all(p.status == "ok" for p in host.plugin_list()), [p.status for p in host.plugin_list()]


def test_a_plugin_game_is_registered(load):
    host = load("solo_game")
    assert "test-solo" in host.games and "forty-thieves" in host.games
    assert host.plugins["solo_game"].hooks == ["reussite_games"]


@pytest.mark.parametrize("module, error", [
    ("import_fails", "failed to import import_fails: ImportError: this plugin needs the 'frobnicate' package"),
    ("hook_raises", "reussite_games raised ZeroDivisionError"),
    ("hook_malformed", "reussite_games returned 'not a class', expected type"),
    ("hook_malformed", "not a Variant subclass"),
    ("hook_malformed", "reussite_help_pages returned str, expected a list"),
    ("hook_unknown", "unknown hook(s) reussite_gmaes"),
    ("hook_bad_signature", "invalid hook implementation"),
])
def test_a_broken_plugin_is_listed_with_its_reason_and_the_rest_works(load, module, error):
    host = load(module, "solo_game")
    listing = {p.name: p for p in host.plugin_list()}
    assert any(error in e for e in listing[module].errors), listing[module].errors
    assert listing["solo_game"].status == "ok" and listing["forty-thieves"].status == "ok"
    assert {"forty-thieves", "test-solo"} <= set(host.games)
    host.game("forty-thieves")(1)  # still playable


def test_two_plugins_declaring_one_game_id_is_an_error_naming_both(load):
    host = load("solo_game", "twin_game")
    assert "test-solo" not in host.games
    for name in ("solo_game", "twin_game"):
        assert any("'test-solo' is declared by both solo_game and twin_game" in e
                   for e in host.plugins[name].errors)


def test_unknown_game_suggests_a_close_one(host):
    with pytest.raises(UnknownGame, match="did you mean 'forty-thieves'"):
        host.game("forty-theives")


def test_a_game_that_cannot_deal_is_reported_at_load_or_when_started(load):
    host = load("deal_fails")
    assert "never-deals" not in host.games
    errors = host.plugins["deal_fails"].errors
    assert any("'never-deals' failed a trial deal: KeyError: 'tableau-9'" in e for e in errors), errors
    assert host.new_game("odd-only", 3).number == 3
    with pytest.raises(PluginError, match=r"The game odd-only \(plugin deal_fails, distribution -\) failed: Index"):
        host.new_game("odd-only", 4)
    assert any("'odd-only' failed: IndexError" in e for e in host.plugins["deal_fails"].errors)
    assert host.new_game("forty-thieves", 4).number == 4  # the others still play


def test_bundled_plugins_claim_first_and_a_third_party_claim_is_refused_naming_it(load):
    host = load("usurper")
    assert host.games["osmosis"].plugin_name == "osmosis"
    assert host.help_pages["forty-thieves"].path.name == "forty-thieves.xml"
    assert host.help_owner("forty-thieves") == ("forty-thieves", "forty-thieves")
    assert all(c.localedir.name != "plugins" for c in host.catalogs)
    errors = host.plugins["usurper"].errors
    assert any("game id 'osmosis' belongs to the bundled plugin osmosis; refused (set REUSSITE_ALLOW_OVERRIDE="
               "usurper" in e for e in errors), errors
    assert any("help page for 'forty-thieves' belongs to the bundled plugin forty-thieves" in e for e in errors)
    assert any("catalog 'help' belongs to the bundled plugin reussite.builtin" in e for e in errors)
    assert not host.plugins["osmosis"].errors and not host.plugins["forty-thieves"].errors


def test_an_override_the_user_allowed_wins_and_the_bundled_plugin_says_what_it_lost(load, monkeypatch):
    monkeypatch.setenv("REUSSITE_ALLOW_OVERRIDE", "other, usurper")
    host = load("usurper")
    assert host.games["osmosis"].plugin_name == "usurper" and host.help_owner("forty-thieves")[1] == "usurper"
    assert host.plugins["usurper"].status == "ok"
    assert host.plugins["osmosis"].notes == [
        "game id 'osmosis' is replaced by plugin usurper (REUSSITE_ALLOW_OVERRIDE)"]
    assert host.plugins["forty-thieves"].notes == [
        "help page for 'forty-thieves' is replaced by plugin usurper (REUSSITE_ALLOW_OVERRIDE)"]


def test_a_help_page_whose_path_is_a_str_is_refused_naming_its_plugin(load):
    host = load("midgame_fails")
    assert "bad-moves" not in host.help_pages and "forty-thieves" in host.help_pages
    errors = host.plugins["midgame_fails"].errors
    assert any("help page for 'bad-moves': path is a str ('help/bad-moves.html')" in e for e in errors)
    assert "bad-moves" in host.games


def test_a_plugin_failure_mid_game_is_named_and_the_guard_lets_user_errors_through(load):
    host = load("midgame_fails")
    game = host.new_game("bad-moves", 5)
    game.push(game.parse_move("deal"))
    before = game.copy()
    with pytest.raises(PluginError, match=r"bad-moves \(plugin midgame_fails, distribution -\) failed: Runtime"):
        with host.guard(game):
            game.push(game.parse_move("deal"))
            host.probe(game)
    game.restore(before)
    assert game.move_count == 1 and game.digest() == before.digest()
    with pytest.raises(UserError), host.guard(game):
        game.parse_move("t99 f")


def test_showing_a_help_page_imports_no_game_code():
    # The bundled plugin modules are light: their game code is imported when the host asks for games, so that
    # ``reussite help`` starts fast (tools/bench_startup.py measures it).
    script = "\n".join([
        "import sys",
        "from reussite.cli import main",
        "main(['help', 'tournament', '--format', 'markdown'])",
        "print(sorted(m for m in sys.modules if m.endswith('_game') or m in ('reussite.game', 'reussite.rules')))",
    ])
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert proc.stdout.startswith("# Tournament")
    assert proc.stdout.splitlines()[-1] == "[]"


@pytest.mark.parametrize("module", ["forty_thieves", "mount_olympus", "osmosis", "tournament"])
def test_a_bundled_plugin_module_still_offers_its_game(host, module):
    plugin = importlib.import_module(f"reussite_plugins.{module}")
    (cls,) = plugin.reussite_games()
    (page,) = plugin.reussite_help_pages()
    assert page.game_id == cls.id and host.games[cls.id] is cls  # the help page names the game it documents
    assert getattr(plugin, cls.__name__) is cls  # other plugins may build on a bundled game
    with pytest.raises(AttributeError, match=f"reussite_plugins.{module}' has no attribute 'nothing'"):
        plugin.nothing  # noqa: B018


def test_an_alias_starts_its_game_with_its_options(load):
    host = load("alias_game")
    assert host.aliases["test-draws-three"] == ("test-draws", {"draw": "3"})
    assert host.game("testdraws") is host.games["test-draws"]
    game = host.new_game("test-draws-three", 5)
    assert game.id == "test-draws" and game.option_values == {"draw": "3"} and game.deal_count == 3
    assert host.new_game("test-draws-three", 5, {"draw": "1"}).deal_count == 1  # an option given wins
    assert host.resolve("test-draws", {"draw": "3"}) == ("test-draws", {"draw": "3"})


def test_an_alias_taken_by_a_game_or_another_alias_is_refused_and_named(load):
    host = load("alias_game")
    assert host.aliases["testdraws"][0] == "test-draws" and "forty-thieves" not in host.aliases
    errors = " ".join(p.status for p in host.plugin_list() if p.name == "alias_game")
    assert "alias 'testdraws' is already taken by game 'test-draws'" in errors
    assert "alias 'forty-thieves' is already taken by game 'forty-thieves'" in errors


@pytest.mark.parametrize(("aliases", "problem"), [
    ({"Bad Id": {}}, "aliases: 'Bad Id' is not an id"),
    ({"ok": {"draws": "3"}}, "aliases['ok']: 'draws' is not an option of the game (options: draw)"),
    ({"ok": {"draw": "2"}}, "aliases['ok']: draw='2' is not one of 1, 3"),
    ({"ok": ["draw"]}, "aliases['ok']: ['draw'] is not a mapping"),
])
def test_a_wrong_alias_is_named_when_the_class_is_defined(aliases, problem, monkeypatch):
    monkeypatch.syspath_prepend(str(PLUGINS))
    from alias_game import Draws

    from reussite.variant import VariantError

    with pytest.raises(VariantError, match=re.escape(problem)):
        type("Wrong", (Draws,), {"aliases": aliases})


def test_a_game_whose_trial_deal_never_returns_is_skipped_named_and_never_called_again(monkeypatch):
    """Issue 40: plugin code run while loading has a time limit (here the trial deal of a game, blocked on an
    event that the test releases at the end so that no thread is left behind)."""
    import threading
    from types import SimpleNamespace

    from reussite.hookspecs import hookimpl
    from reussite_plugins.forty_thieves import FortyThieves

    release, calls, told = threading.Event(), [], []

    class Stuck(FortyThieves):
        id = "stuck"
        name = "Stuck"

        def deal(self, cards):
            release.wait(60)
            super().deal(cards)

    @hookimpl
    def reussite_games():
        calls.append("games")
        return [Stuck]

    @hookimpl
    def reussite_help_pages():
        calls.append("help")
        return []

    plugin = SimpleNamespace(reussite_games=reussite_games, reussite_help_pages=reussite_help_pages)
    try:
        host = Host.load(entry_points=[], extra=[("stuck-plugin", plugin)], timeout=0.2, warn=told.append)
        assert "stuck" not in host.games
        reason = "plugin stuck-plugin did not answer within 0.2 s in the trial deal of 'stuck'; it is skipped"
        assert reason in host.plugins["stuck-plugin"].errors[0] and [reason in str(m) for m in told] == [True]
        host.help_pages  # noqa: B018
        assert calls == ["games"]  # not called again in this process
    finally:
        release.set()


@pytest.mark.parametrize("value", ["soon", "0", "-1", "inf", "nan"])
def test_a_time_limit_that_is_not_a_number_of_seconds_is_refused_naming_it(monkeypatch, value):
    monkeypatch.setenv("REUSSITE_PLUGIN_TIMEOUT", value)
    with pytest.raises(UserError) as caught:
        Host.load()
    assert str(caught.value) == f"REUSSITE_PLUGIN_TIMEOUT={value!r} is not a number of seconds above 0"
