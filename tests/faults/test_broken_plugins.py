"""Broken plugin distributions, installed in a venv beside the built wheel, attacking the player's game
(issue 12, items 1-4, 8 and 11): the browser server through HTTP, text mode through a subprocess, the
listings through the ``reussite`` command. Each test is one attack; see conftest.py for the tally."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import plugin_pyproject
from test_packaging import write_tree
from webserver import start_server, stop_server

from reussite import saves

pytestmark = pytest.mark.venv
PLUGINS = Path(__file__).parents[1] / "data" / "plugins"


def _data(name: str) -> str:
    """A plugin module of tests/data/plugins (the in-process tests load the same code)."""
    return (PLUGINS / name).read_text(encoding="utf-8")


DISTS = {
    # Item 1: a game that deals game 1 (the host's trial) and fails on every other number; its id sorts
    # before every bundled game's.
    "reussite-fault-deal/pyproject.toml": plugin_pyproject("reussite-fault-deal", "fault-deal", "reussite_fault_deal"),
    "reussite-fault-deal/reussite_fault_deal.py": """
        from reussite.hookspecs import hookimpl
        from reussite_plugins.forty_thieves import FortyThieves


        class Flaky(FortyThieves):
            id = "aaa-flaky"
            name = "Flaky"

            def deal(self, cards):
                if self.number != 1:
                    raise IndexError("pop from empty list")
                super().deal(cards)


        @hookimpl
        def reussite_games():
            return [Flaky]
        """,
    # Items 2, 3 and 8: legal moves or the score raise from the second move on; a help page path is a str.
    "reussite-fault-play/pyproject.toml": plugin_pyproject("reussite-fault-play", "fault-play", "reussite_fault_play"),
    "reussite-fault-play/reussite_fault_play.py": _data("midgame_fails.py"),
    # Item 4: a bundled game's id, a bundled game's help page and the bundled help catalog.
    "reussite-fault-usurper/pyproject.toml": plugin_pyproject("reussite-fault-usurper", "usurper",
                                                              "reussite_fault_usurper", ("*.html",)),
    "reussite-fault-usurper/reussite_fault_usurper/__init__.py": _data("usurper.py"),
    "reussite-fault-usurper/reussite_fault_usurper/usurper.html": _data("usurper.html"),
    # Item 11: a plugin that takes 0.6 s to import (the threshold is 0.5 s) when FAULT_SLOW is set, so that
    # the other attacks do not wait for it.
    "reussite-fault-slow/pyproject.toml": plugin_pyproject("reussite-fault-slow", "fault-slow", "reussite_fault_slow"),
    "reussite-fault-slow/reussite_fault_slow.py": """
        import os
        import time

        if os.environ.get("FAULT_SLOW"):
            time.sleep(0.6)
        """,
}
NAMES = ("reussite-fault-deal", "reussite-fault-play", "reussite-fault-usurper", "reussite-fault-slow")


@pytest.fixture(scope="module")
def venv(fresh_venv, tmp_path_factory):
    """The shared venv with the broken distributions, removed again after this module."""
    base = tmp_path_factory.mktemp("faults")
    write_tree(base, DISTS)
    fresh_venv.pip_install(*(str(base / name) for name in NAMES))
    yield fresh_venv
    fresh_venv.run(fresh_venv.bin / "python", "-m", "pip", "uninstall", "-y", "-q", *NAMES)


def serve(venv, data_dir, *args: str, env: dict[str, str] | None = None):
    return start_server(data_dir, data_dir.parent, [str(venv.bin / "reussite")], args, env or venv.environ())


def plugins(venv) -> dict[str, dict]:
    return {p["name"]: p for p in json.loads(venv.reussite("plugins", "--json").stdout)}


# -- item 1: a game that cannot be dealt never keeps the server from starting ------------------------------


def test_a_game_that_cannot_be_dealt_never_stops_the_server_nor_costs_the_game(venv, tmp_path, attack):
    with attack("play GAME on a fresh data folder beside a game whose id sorts first and fails to deal"):
        srv = serve(venv, tmp_path / "data", "forty-thieves", "-n", "7")
    try:
        with attack("the other games keep working"):
            before = srv.state()
            assert before["game"] == "forty-thieves" and not before["notices"]
            games = {g["id"] for g in srv.api("/api/games").json()}
            assert {"aaa-flaky", "forty-thieves", "bad-moves"} <= games  # every other game keeps working
        with attack("a new game whose deal fails, mid-game"):
            answer = srv.api("/api/new", {"game": "aaa-flaky", "number": 2, "lang": "fr", "version": before["version"]})
            assert answer.status_code == 400
            assert answer.json()["error"].startswith(
                "Le jeu aaa-flaky (extension fault-deal, distribution reussite-fault-deal) a échoué\u00a0: Index")
            attack.kept(before, srv.state())
            assert srv.new_game("aaa-flaky", 1)["game"] == "aaa-flaky"  # the numbers it can deal still play
    finally:
        stop_server(srv)
    with attack("a restart on that game"):
        srv = serve(venv, tmp_path / "data")
        try:
            assert srv.state()["game"] == "aaa-flaky"
        finally:
            stop_server(srv)
    with attack("play a game whose deal fails: one line naming the plugin"):
        proc = venv.reussite("play", "aaa-flaky", "-n", "2", "--no-browser", "--data-dir", str(tmp_path / "other"),
                             check=False)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr
        assert "aaa-flaky (plugin fault-deal, distribution reussite-fault-deal) failed: IndexError" in proc.stderr
        assert not (tmp_path / "other" / "autosave.json").exists()


# -- items 2 and 8: legal moves or the score raise mid-game; a help page given as a str --------------------------


def test_a_move_whose_plugin_fails_is_rolled_back_named_and_not_autosaved(venv, tmp_path, attack):
    data = tmp_path / "data"
    with attack("play another game on a fresh data folder"):
        srv = serve(venv, data, "bad-moves", "-n", "5")
    try:
        for game, error in (("bad-moves", "RuntimeError"), ("bad-score", "ZeroDivisionError")):
            with attack(f"{game}: {error} in the plugin on the second move"):
                state = srv.new_game(game, 5)
                state = srv.api("/api/deal", {"version": state["version"]}).json()
                before = srv.state()
                saved = saves.read_with_journal(data / "autosave.json", "web")  # the base and its journal
                answer = srv.api("/api/deal", {"version": state["version"], "lang": "fr"})
                attack.kept(before, srv.state())
                now = saves.read_with_journal(data / "autosave.json", "web")
                attack.survived(now["moves"] == saved["moves"] and now["position"] == saved["position"], "autosaved")
                assert answer.status_code == 500 and answer.headers["content-type"] == "application/json"
                body = answer.json()
                assert f"{game} (extension fault-play, distribution reussite-fault-play)" in body["error"]
                assert error in body["error"] and "La partie reprend" in body["error"], body["error"]
                attack.kept(before, body["state"])
                assert srv.api("/api/undo", {"version": srv.state()["version"]}).status_code == 200  # it goes on
                assert srv.api("/api/redo", {"version": srv.state()["version"]}).status_code == 200
        with attack("a hint: the solver's process meets the failure a move ahead"):
            srv.new_game("bad-moves", 5)
            srv.api("/api/deal", {"version": srv.state()["version"]})
            before = srv.state()
            hint = srv.api("/api/hint", {"seconds": 5, "lang": "fr"})
            assert hint.status_code == 500, hint.text
            assert "(extension fault-play, distribution reussite-fault-play)" in hint.json()["error"]
            attack.kept(before, srv.state())
        with attack("a help page whose path is a str, asked while another game is open"):
            answer = srv.api("/api/help/bad-moves")
            assert answer.status_code == 404 and "Bad Moves" in answer.json()["error"]
            srv.new_game("bad-score", 3)
            assert "bad-score" not in srv.api("/api/help/bad-moves").json()["error"]
            assert srv.api("/api/help/forty-thieves").status_code == 200
    finally:
        stop_server(srv)
    with attack("a restart after the failures: the page loads on the same position"):
        srv = serve(venv, data)
        try:
            assert srv.state()["game"] == "bad-score" and srv.state()["moves"] == 0
            assert srv.api("/").status_code == 200
        finally:
            stop_server(srv)


def test_a_help_page_with_a_str_path_is_refused_naming_its_plugin(venv, attack):
    with attack("reussite help on a page whose path is a str"):
        errors = plugins(venv)["fault-play"]["errors"]
        assert any("help page for 'bad-moves': path is a str ('help/bad-moves.html')" in e for e in errors), errors
        proc = venv.reussite("help", "bad-moves", check=False)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr and "no help page" in proc.stderr


# -- item 3: text mode isolates plugins the same way ----------------------------------------------------------


@pytest.mark.parametrize("game, error", [("bad-moves", "RuntimeError"), ("bad-score", "ZeroDivisionError")])
def test_text_mode_names_the_plugin_and_the_game_goes_on(venv, attack, game, error):
    with attack(f"text mode: {error} in {game} on the second move, twice"):
        proc = venv.run(venv.bin / "reussite", "play", game, "-n", "5", "--text", input="d\nd\nd\nu\nq\n",
                        check=False)
        attack.survived(proc.returncode == 0 and "Traceback" not in proc.stdout + proc.stderr, proc.stderr)
        failed = f"The game {game} (plugin fault-play, distribution reussite-fault-play) failed: {error}"
        assert proc.stdout.count(failed) == 2 and "The game goes on from the position before." in proc.stdout
        shown = [line for line in proc.stdout.splitlines() if line.strip() != "move>"]  # the prompt at the end
        assert shown[-1].startswith("score 0, moves 0")  # 'u' undid the good deal


# -- item 4: bundled plugins first; taking over needs the user's word --------------------------------------


def test_a_third_party_plugin_cannot_take_a_bundled_game_page_or_catalog(venv, attack):
    with attack("a bundled game's id, a bundled game's help page and the bundled help catalog"):
        games = {g["id"]: g for g in json.loads(venv.reussite("games", "--json").stdout)}
        assert games["osmosis"]["plugin"] == "osmosis" and games["osmosis"]["name"] == "Osmosis"
        listing = plugins(venv)
        errors = " | ".join(listing["usurper"]["errors"])
        for claim in ("game id 'osmosis' belongs to the bundled plugin osmosis",
                      "help page for 'forty-thieves' belongs to the bundled plugin forty-thieves",
                      "catalog 'help' belongs to the bundled plugin reussite.builtin"):
            assert claim in errors, errors
        assert "REUSSITE_ALLOW_OVERRIDE=usurper" in errors
        assert all(listing[p]["status"] == "ok" for p in ("osmosis", "forty-thieves", "reussite.builtin"))
        help_md = venv.reussite("help", "forty-thieves", "--lang", "en", "--format", "markdown").stdout
        assert help_md.startswith("# Forty Thieves\n") and "usurpée" not in help_md


def test_the_user_may_let_a_plugin_override_and_the_listing_says_who_lost_what(venv, attack, monkeypatch):
    monkeypatch.setenv("REUSSITE_ALLOW_OVERRIDE", "usurper")
    with attack("an override the user allowed"):
        games = {g["id"]: g for g in json.loads(venv.reussite("games", "--json").stdout)}
        assert games["osmosis"]["plugin"] == "usurper"
        listing = plugins(venv)
        assert listing["usurper"]["status"] == "ok"
        assert listing["osmosis"]["notes"] == [
            "game id 'osmosis' is replaced by plugin usurper (REUSSITE_ALLOW_OVERRIDE)"]
        text = venv.reussite("plugins").stdout
        assert "overridden: help page for 'forty-thieves' is replaced by plugin usurper" in text
        assert "Page usurpée" in venv.reussite("help", "forty-thieves", "--lang", "fr").stdout


# -- item 11: a slow plugin is named ------------------------------------------------------------------------


def test_a_slow_plugin_is_flagged_by_the_listing(venv, attack, monkeypatch):
    assert not plugins(venv)["fault-slow"]["slow"]
    monkeypatch.setenv("FAULT_SLOW", "1")
    with attack("a plugin that takes 0.6 s to import"):
        listing = plugins(venv)
        assert listing["fault-slow"]["slow"] and listing["fault-slow"]["import_seconds"] >= 0.5
        proc = venv.reussite("plugins")
        assert "(slow)" in proc.stdout and "fault-slow took 0.5 s or more to import" in proc.stderr
