"""Plugins that never answer (issue 40, item 1): one distribution installed in a venv beside the built wheel,
whose plugins sleep for an hour at import or in ``reussite_games`` when FAULT_HANG says so (so that the other
tests sharing the venv do not wait for them). Every command, text play and the server go on without them and
name them; a plugin can be switched off without uninstalling it. Each test is one attack (conftest.py)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import httpx
import pytest
from test_packaging import write_tree
from test_processes import children_of, wait_for
from webserver import start_server, stop_server

pytestmark = pytest.mark.venv

DIST = "reussite-fault-hang"
AT_IMPORT, IN_GAMES = "fault-hang-at-import", "fault-hang-in-games"  # imported in this order (by name)
# The host waits 1 s for each; a test that hangs anyway is stopped by the subprocess timeout (a safety net).
TIMEOUT = "1"
SAFETY = 120

FILES = {
    f"{DIST}/pyproject.toml": f"""
        [build-system]
        requires = ["setuptools>=61"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "{DIST}"
        version = "1.0"

        [tool.setuptools]
        py-modules = ["fault_hang_at_import", "fault_hang_in_games"]

        [project.entry-points."reussite.plugins"]
        {AT_IMPORT} = "fault_hang_at_import"
        {IN_GAMES} = "fault_hang_in_games"
        """,
    f"{DIST}/fault_hang_at_import.py": """
        import os
        import time

        if "import" in os.environ.get("FAULT_HANG", ""):
            time.sleep(3600)
        """,
    f"{DIST}/fault_hang_in_games.py": """
        import os
        import time

        from reussite.hookspecs import hookimpl
        from reussite_plugins.forty_thieves import FortyThieves


        class Slowpoke(FortyThieves):
            id = "slowpoke"
            name = "Slowpoke"


        @hookimpl
        def reussite_games():
            if "games" in os.environ.get("FAULT_HANG", ""):
                time.sleep(3600)
            return [Slowpoke]
        """,
}


def no_answer(plugin: str, where: str) -> str:
    return f"plugin {plugin} did not answer within {TIMEOUT} s {where}; it is skipped this time"


@pytest.fixture(scope="module")
def venv(fresh_venv, tmp_path_factory):
    base = tmp_path_factory.mktemp("hang")
    write_tree(base, FILES)
    fresh_venv.pip_install(str(base / DIST))
    yield fresh_venv
    fresh_venv.run(fresh_venv.bin / "python", "-m", "pip", "uninstall", "-y", "-q", DIST)


@pytest.fixture
def hang(monkeypatch, tmp_path):
    """``hang("import,games")``: the plugins sleep there from now on; the host waits 1 s for each."""
    monkeypatch.setenv("REUSSITE_PLUGIN_TIMEOUT", TIMEOUT)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # no listing cached by another test

    def where(places: str) -> None:
        monkeypatch.setenv("FAULT_HANG", places)

    return where


def reussite(venv, *args: str, env: dict[str, str] | None = None, **kw):
    """``reussite ARGS`` in the venv, with ``env`` added to its environment."""
    return subprocess.run([str(venv.bin / "reussite"), *args], capture_output=True, text=True, timeout=SAFETY,
                          env={**venv.environ(), **(env or {})}, **kw)


def test_a_plugin_that_sleeps_at_import_is_named_and_everything_else_works(venv, hang, attack):
    hang("import")
    with attack("reussite games beside a plugin that sleeps at import"):
        proc = reussite(venv, "games", "--json")
        assert proc.returncode == 0, proc.stderr
        assert f"reussite: {no_answer(AT_IMPORT, 'at import')}" in proc.stderr
        # The plugin imported after the stuck one loads: the stuck thread holds only its own module's lock.
        assert {"forty-thieves", "slowpoke"} <= {g["id"] for g in json.loads(proc.stdout)}
    with attack("reussite plugins names it"):
        listing = {p["name"]: p for p in json.loads(reussite(venv, "plugins", "--json").stdout)}
        assert listing[AT_IMPORT]["status"] == "error" and no_answer(AT_IMPORT, "at import") in \
            listing[AT_IMPORT]["errors"][0]
        assert listing[IN_GAMES]["status"] == "ok" and listing["forty-thieves"]["status"] == "ok"
    with attack("text play of the game of the plugin imported after it"):
        proc = reussite(venv, "play", "slowpoke", "-n", "3", "--text", input="d\nq\ny\n")
        assert proc.returncode == 0 and "Traceback" not in proc.stderr and "score 0, moves 1" in proc.stdout
        assert no_answer(AT_IMPORT, "at import") in proc.stderr


def test_a_plugin_that_sleeps_in_reussite_games_is_named_and_everything_else_works(venv, hang, attack):
    hang("import,games")
    with attack("reussite games beside a plugin that sleeps in reussite_games"):
        proc = reussite(venv, "--lang", "fr", "games", "--json")
        assert proc.returncode == 0, proc.stderr
        assert (f"reussite\u00a0: l’extension {IN_GAMES} n’a pas répondu en {TIMEOUT}\u00a0s dans reussite_games"
                "\u00a0; elle est ignorée cette fois") in proc.stderr
        games = {g["id"] for g in json.loads(proc.stdout)}
        assert "forty-thieves" in games and "slowpoke" not in games
    with attack("reussite plugins names both"):
        proc = reussite(venv, "plugins")
        assert proc.returncode == 0
        lines = {line.split()[0]: line for line in proc.stdout.splitlines()}
        assert no_answer(IN_GAMES, "in reussite_games") in lines[IN_GAMES]
        assert no_answer(AT_IMPORT, "at import") in lines[AT_IMPORT]
    with attack("text play of another game"):
        proc = reussite(venv, "play", "forty-thieves", "-n", "3", "--text", input="d\nq\ny\n")
        assert proc.returncode == 0 and "score 0, moves 1" in proc.stdout, proc.stderr


def test_the_server_plays_and_hints_beside_plugins_that_never_answer(venv, hang, tmp_path, attack):
    hang("import,games")
    with attack("the server starts"):
        srv = start_server(tmp_path / "data", tmp_path, [str(venv.bin / "reussite")], ("forty-thieves", "-n", "4"),
                           venv.environ())
    try:
        with attack("it plays, lists the games and hints (its solver's process loads the plugins too)"):
            before = srv.state()
            assert before["game"] == "forty-thieves"
            games = {g["id"] for g in srv.api("/api/games").json()}
            assert "forty-thieves" in games and "slowpoke" not in games
            state = srv.api("/api/deal", {"version": before["version"]}).json()
            assert state["moves"] == 1
            # The solver's process waits for the same plugins first: a safety net longer than Server.api's.
            hint = httpx.post(srv.url + "api/hint", json={"seconds": 1}, timeout=SAFETY)
            assert hint.status_code == 200 and "move" in hint.json(), hint.text
    finally:
        err = stop_server(srv, "stderr")
    assert no_answer(AT_IMPORT, "at import") in err and no_answer(IN_GAMES, "in reussite_games") in err


# -- switching a plugin off --------------------------------------------------------------------------------


def test_a_plugin_is_switched_off_by_an_option_or_the_environment(venv, hang, attack):
    hang("import,games")
    with attack("--disable-plugin: not imported, listed as disabled"):
        proc = reussite(venv, "plugins", "--json", "--disable-plugin", AT_IMPORT, "--disable-plugin", IN_GAMES)
        listing = {p["name"]: p for p in json.loads(proc.stdout)}
        assert "did not answer" not in proc.stderr
        assert listing[AT_IMPORT]["status"] == listing[IN_GAMES]["status"] == "disabled"
        assert listing[AT_IMPORT]["disabled"] and not listing[AT_IMPORT]["errors"]
        assert listing["forty-thieves"]["status"] == "ok"
        shown = reussite(venv, "--lang", "fr", f"--disable-plugin={AT_IMPORT},{IN_GAMES}", "plugins").stdout
        assert {line.split()[0]: line.split()[-1] for line in shown.splitlines()}[AT_IMPORT] == "désactivée"
    with attack("REUSSITE_DISABLE_PLUGINS naming the distribution"):
        env = {"REUSSITE_DISABLE_PLUGINS": f"other,{DIST}"}
        proc = reussite(venv, "games", "--json", env=env)
        assert "did not answer" not in proc.stderr and "failed to load" not in proc.stderr
        assert "forty-thieves" in {g["id"] for g in json.loads(proc.stdout)}
        listing = {p["name"]: p for p in json.loads(reussite(venv, "plugins", "--json", env=env).stdout)}
        assert listing[AT_IMPORT]["disabled"] and listing[IN_GAMES]["disabled"]
    hang("")
    with attack("a disabled plugin's game is gone until it is switched on again"):
        assert "slowpoke" in {g["id"] for g in json.loads(reussite(venv, "games", "--json").stdout)}
        proc = reussite(venv, "--disable-plugin", IN_GAMES, "games", "--json")
        assert "slowpoke" not in {g["id"] for g in json.loads(proc.stdout)}
        proc = reussite(venv, "--disable-plugin", IN_GAMES, "play", "slowpoke", "--text", input="q\n")
        assert proc.returncode == 2 and "unknown game 'slowpoke'" in proc.stderr


def test_the_option_reaches_the_solvers_process(venv, hang, tmp_path, attack):
    hang("import")
    with attack("the server with --disable-plugin: its solver's process does not import the plugin either"):
        srv = start_server(tmp_path / "data", tmp_path, [str(venv.bin / "reussite"), "--disable-plugin", AT_IMPORT],
                           ("forty-thieves", "-n", "4"), venv.environ())
        try:
            assert httpx.post(srv.url + "api/hint", json={"seconds": 1}, timeout=SAFETY).status_code == 200
            assert wait_for(lambda: children_of(srv.proc.pid), 10)
            (child,) = children_of(srv.proc.pid)
            environ = Path(f"/proc/{child}/environ").read_bytes().split(b"\0")
            assert f"REUSSITE_DISABLE_PLUGINS={AT_IMPORT}".encode() in environ
            assert "REUSSITE_DISABLE_PLUGINS" not in os.environ
        finally:
            err = stop_server(srv, "stderr")
        assert "did not answer" not in err

