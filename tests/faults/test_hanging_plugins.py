"""Plugins that never answer (issue 40, item 1): one distribution installed in a venv beside the built wheel,
whose plugins sleep for an hour at import or in ``reussite_games`` when FAULT_HANG says so (so that the other
tests sharing the venv do not wait for them). Every command, text play and the server go on without them and
name them; a plugin can be switched off without uninstalling it. Each test is one attack (conftest.py)."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from test_packaging import write_tree
from test_processes import alive, children_of, wait_for
from webserver import start_server, stop_server

pytestmark = pytest.mark.venv

DIST = "reussite-fault-hang"
AT_IMPORT, IN_GAMES = "fault-hang-at-import", "fault-hang-in-games"  # imported in this order (by name)
COMPANION = "fault-hang-companion"  # its game's solver companion sleeps
LOOP = "fault-hang-loop"  # its game's legal_moves loops from the first move on
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
        py-modules = ["fault_hang_at_import", "fault_hang_in_games", "fault_hang_companion", "fault_hang_loop"]

        [project.entry-points."reussite.plugins"]
        {AT_IMPORT} = "fault_hang_at_import"
        {IN_GAMES} = "fault_hang_in_games"
        {COMPANION} = "fault_hang_companion"
        {LOOP} = "fault_hang_loop"
        """,
    f"{DIST}/fault_hang_companion.py": """
        import time

        from reussite.hookspecs import hookimpl
        from reussite_plugins.forty_thieves import FortyThieves
        from reussite_plugins.forty_thieves_solver import FortyThievesSolver


        class Sleeper(FortyThievesSolver):
            def safe_move(self, game):
                time.sleep(3600)

            def dead_end(self, game):
                time.sleep(3600)


        class Napper(FortyThieves):
            id = "napper"
            name = "Napper"
            solver_companion = Sleeper


        @hookimpl
        def reussite_games():
            return [Napper]
        """,
    f"{DIST}/fault_hang_loop.py": """
        from reussite.hookspecs import hookimpl
        from reussite_plugins.forty_thieves import FortyThieves


        class Looper(FortyThieves):
            id = "looper"
            name = "Looper"

            def legal_moves(self):
                while self.move_count:  # from the first move on, it never returns
                    pass
                return super().legal_moves()


        @hookimpl
        def reussite_games():
            return [Looper]
        """,
    f"{DIST}/fault_hang_at_import.py": """
        import os
        import time

        if "import" in os.environ.get("FAULT_HANG", ""):
            if os.environ.get("FAULT_HANG_MARK"):  # tells the test the import has begun
                open(os.environ["FAULT_HANG_MARK"], "w").close()
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


# -- a solver companion that never answers -------------------------------------------------------------------


def hint(srv, seconds: float = 1):
    return httpx.post(srv.url + "api/hint", json={"seconds": seconds, "lang": "en"}, timeout=SAFETY)


def test_a_companion_that_never_answers_is_stopped_and_the_next_hint_works(venv, tmp_path, attack):
    with attack("a hint on a game whose companion sleeps: the solver's process is replaced, the game kept"):
        srv = start_server(tmp_path / "data", tmp_path, [str(venv.bin / "reussite")], ("napper", "-n", "4"),
                           venv.environ())
    try:
        with attack("the hint overruns its time on the clock: named, the game kept"):
            before = srv.state()
            with ThreadPoolExecutor(1) as pool:
                asked = pool.submit(hint, srv)
                assert wait_for(lambda: len(children_of(srv.proc.pid)) == 1, 30)
                (stuck,) = children_of(srv.proc.pid)
                answer = asked.result(timeout=SAFETY)
            assert answer.status_code == 500, answer.text
            assert answer.json()["error"].startswith("The solver did not answer within 12 s on the game napper "
                                                     f"(plugin {COMPANION}): its process was stopped")
            attack.kept(before, srv.state())
            assert wait_for(lambda: not alive(stuck), 10)  # killed, not left behind
        with attack("the next hint, on another game, works (a new solver's process)"):
            srv.new_game("forty-thieves", 4)
            answer = hint(srv)
            assert answer.status_code == 200 and answer.json()["move"], answer.text
        with attack("a hint left hanging, then a new game: the stuck search is stopped once cancelled"):
            srv.new_game("napper", 5)
            with ThreadPoolExecutor(1) as pool:
                waiting = pool.submit(hint, srv, 60)  # would take 130 s to overrun
                assert wait_for(lambda: len(children_of(srv.proc.pid)) == 1, 10)
                time.sleep(1)  # the child takes the job
                srv.new_game("forty-thieves", 6)
                answer = hint(srv)
                assert answer.status_code == 200 and answer.json()["move"], answer.text
                assert waiting.result(timeout=SAFETY).json().get("stale")
    finally:
        stop_server(srv)


# -- a game whose own code loops in the server ---------------------------------------------------------------


def test_a_game_that_loops_in_the_server_is_stopped_named_and_the_position_kept(venv, tmp_path, attack, monkeypatch):
    monkeypatch.setenv("REUSSITE_PLUGIN_TIMEOUT", TIMEOUT)
    with attack("a move after which the game's legal_moves never returns"):
        srv = start_server(tmp_path / "data", tmp_path, [str(venv.bin / "reussite")], ("looper", "-n", "4"),
                           venv.environ())
    try:
        with attack("the request is stopped, the plugin named, the position kept"):
            before = srv.state()
            answer = srv.api("/api/deal", {"version": before["version"], "lang": "en"})
            assert answer.status_code == 500, answer.text
            assert answer.json()["error"].startswith(
                f"The game looper (plugin {LOOP}, distribution {DIST}) failed: NoAnswer: did not answer within "
                f"{TIMEOUT} s")
            assert "The game goes on from the position before." in answer.json()["error"]
            attack.kept(before, srv.state())
        with attack("the player goes on with another game"):
            state = srv.new_game("forty-thieves", 4)
            assert srv.api("/api/deal", {"version": state["version"]}).json()["moves"] == 1
    finally:
        stop_server(srv)


# -- signals end everything, cleanly ------------------------------------------------------------------------


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        children = children_of(todo.pop())
        found += children
        todo += children
    return found


@pytest.mark.parametrize("during", ["a hanging import", "a sleeping companion", "a 60 s Solve", "a looping game"])
def test_the_first_sigterm_ends_the_server_and_every_process_it_started(venv, tmp_path, attack, during):
    """The session's close runs first (the journal is folded into the autosave), the solver's work is stopped
    before the server, and no process is left. The 30 s wait is a safety net: before, the Solve held the server
    up for its 60 s and a sleeping companion for ever."""
    data, mark = tmp_path / "data", tmp_path / "importing"
    env = {**venv.environ(), "FAULT_HANG_MARK": str(mark), "REUSSITE_PLUGIN_TIMEOUT": "60",
           "FAULT_HANG": "import" if during == "a hanging import" else ""}
    game = {"a sleeping companion": "napper", "a looping game": "looper"}.get(during, "forty-thieves")
    with attack(f"SIGTERM during {during}"):
        if during == "a hanging import":
            proc = subprocess.Popen([str(venv.bin / "reussite"), "play", "--no-browser", "--data-dir", str(data)],
                                    env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            assert wait_for(mark.exists, SAFETY)
            family = [proc.pid]
        else:
            srv = start_server(data, tmp_path, [str(venv.bin / "reussite")], (game, "-n", "4"), env)
            proc = srv.proc
            if game != "looper":
                assert srv.api("/api/deal", {"version": srv.state()["version"]}).status_code == 200
            path, body = {"napper": ("api/hint", {"seconds": 60}), "looper": ("api/deal", {"version": 1}),
                          }.get(game, ("api/solve", {"seconds": 60}))
            pool = ThreadPoolExecutor(1)
            asked = pool.submit(httpx.post, srv.url + path, json=body, timeout=SAFETY)
            assert wait_for(lambda: children_of(proc.pid), 30)
            time.sleep(1)  # the child has the job; the game loops
            family = [proc.pid, *descendants(proc.pid)]
        proc.terminate()
        try:
            out, err = proc.communicate(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
        if game == "looper":  # the stopped game's traceback, printed for the plugin's author, and nothing else
            assert err.count("Traceback") == 1 and "NoAnswer: stopped: the server is stopping" in err, err
        else:
            assert "Traceback" not in err, err
        assert wait_for(lambda: not any(alive(p) for p in family), 10), [p for p in family if alive(p)]
        if during != "a hanging import":
            assert asked.result(timeout=10).status_code in (200, 500)  # answered before the server stopped
            pool.shutdown()
            journal = data / "autosave.journal"
            assert not journal.exists() or not journal.read_bytes()  # folded by the session's close
            assert json.loads((data / "autosave.json").read_text())["moves"] == ([] if game == "looper" else ["deal"])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_batch_of_deals_goes_on_past_a_companion_that_sleeps(venv, hang, tmp_path, attack, jobs):
    """``reussite winnability`` on a game whose solver companion sleeps: each deal is stopped on the clock (twice
    its budget plus 10 s), counted unknown and named with its plugin, and the batch ends (it never did)."""
    out = tmp_path / "rows.csv"
    with attack(f"reussite winnability with a sleeping companion, --jobs {jobs}"):
        started = time.monotonic()
        proc = reussite(venv, "winnability", "napper", "--deals", "1-2", "--timeout", "0.5", "--jobs", jobs,
                        "--out", str(out))
        assert proc.returncode == 0, proc.stderr
        assert time.monotonic() - started < SAFETY
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert sorted(int(r["number"]) for r in rows) == [1, 2]
    assert {(r["verdict"], r["stopped_by"]) for r in rows} == {("unknown", "wall")}
    assert proc.stderr.count(f"(plugin {COMPANION}) did not answer within 11 s") == 2, proc.stderr


# -- a game whose own code loops in text play ----------------------------------------------------------------


def test_a_game_that_loops_in_text_play_is_stopped_named_and_the_position_kept(venv, monkeypatch, attack):
    monkeypatch.setenv("REUSSITE_PLUGIN_TIMEOUT", TIMEOUT)
    with attack("a deal after which the game's legal_moves never returns, then quit"):
        proc = reussite(venv, "play", "looper", "-n", "4", "--text", input="d\nq\n")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert (f"The game looper (plugin {LOOP}, distribution {DIST}) failed: NoAnswer: did not answer within "
            f"{TIMEOUT} s") in proc.stdout, proc.stdout
    assert "The game goes on from the position before." in proc.stdout


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_ctrl_c_in_a_command_stops_it_and_keeps_the_game(venv, monkeypatch, attack):
    monkeypatch.setenv("REUSSITE_PLUGIN_TIMEOUT", "600")  # only the player stops it
    proc = subprocess.Popen([str(venv.bin / "reussite"), "play", "looper", "-n", "4", "--text"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=venv.environ())
    shown = bytearray()

    def read() -> None:
        while chunk := os.read(proc.stdout.fileno(), 4096):
            shown.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        with attack("Ctrl-C while the game's code loops after a deal"):
            assert wait_for(lambda: shown.endswith(b"move> "), 60), shown
            proc.stdin.write(b"d\n")
            proc.stdin.flush()
            start = _cpu_seconds(proc.pid)
            assert wait_for(lambda: _cpu_seconds(proc.pid) > start + 1.0, 60)  # the loop is running
            proc.send_signal(signal.SIGINT)
        with attack("back at the prompt: the game goes on from before the deal, and quits without asking"):
            assert wait_for(lambda: shown.count(b"move> ") == 2, 60), shown
            proc.stdin.write(b"q\n")
            proc.stdin.close()
            assert proc.wait(SAFETY) == 0, proc.stderr.read()
            reader.join(10)
    finally:
        proc.kill()
    err = proc.stderr.read().decode()
    assert "Traceback" not in err, err
    assert "Stopped: the game is as it was before 'd'." in shown.decode(), shown
