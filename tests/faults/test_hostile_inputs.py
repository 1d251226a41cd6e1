"""Fault injection: hostile saves, autosaves, request bodies, paths, connections and kills.

Each test is one attack (the tally in conftest.py counts them). Every one must end in a clear error
naming the file or field, never a traceback, a hang or a lost game.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

from reussite import saves
from reussite.errors import SaveError
from reussite.helpdocs.render import sanitize
from reussite.session import AUTOSAVE, WEB_KEY
from reussite.web.api import MAX_BODY_BYTES
from reussite.web.session import Session

GAME = "forty-thieves"
NUMBER = 31337
DEEP = 1000  # the nesting that used to raise RecursionError
LONG = 5000  # digits; Python refuses to convert more than 4,300


def played_text(host, moves: int = 12, elapsed: object = 42.5) -> str:
    """An autosave of a game in progress, as the server writes it; ``elapsed`` is spliced in verbatim."""
    game = host.new_game(GAME, NUMBER, {})
    for _ in range(moves):
        game.push(next(iter(game.legal_moves())))
    data = saves.to_json(game)
    data[WEB_KEY] = {"elapsed": "ELAPSED"}
    return json.dumps(data, indent=1).replace('"ELAPSED"', str(elapsed)) + "\n"


@contextlib.contextmanager
def app_client(host, data_dir: Path):
    with warnings.catch_warnings():  # Starlette nags about httpx2; httpx is what the project ships with
        warnings.filterwarnings("ignore", message=".*httpx.*", category=UserWarning)
        from starlette.testclient import TestClient
    from reussite.web.server import create_app

    with TestClient(create_app(host, data_dir)) as client:
        yield client


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


# -- hostile save files: `reussite play --load`, saves.load and the autosave at start -------------------

HOSTILE_SAVES = {
    "nested 1,000 levels": lambda t: deep(DEEP),
    "nested inside a field": lambda t: t.replace('"options": {}', '"options": {"deal": ' + deep(DEEP) + "}"),
    "a 5,000-digit game number": lambda t: t.replace(f'"number": {NUMBER}', '"number": ' + "9" * LONG),
    "a 5,000-digit negative integer": lambda t: t.replace('"moves": [', '"moves": [-' + "1" * LONG + ", "),
    "a 50,000-item list as options": lambda t: t.replace('"options": {}', '"options": ' + str(list(range(50000)))),
    "the number written '²'": lambda t: t.replace(f'"number": {NUMBER}', '"number": "²"'),
    "NaN as game number": lambda t: t.replace(f'"number": {NUMBER}', '"number": NaN'),
    "1e999 as game number": lambda t: t.replace(f'"number": {NUMBER}', '"number": 1e999'),
    "not UTF-8": lambda t: t.replace('"game"', '"g\udcffame"'),
    "truncated": lambda t: t[: len(t) // 3],
}


@pytest.mark.parametrize("attack", HOSTILE_SAVES)
def test_a_hostile_save_gets_a_save_error_naming_the_file(tmp_path, host, run_cli, attack):
    path = tmp_path / "hostile.json"
    path.write_bytes(HOSTILE_SAVES[attack](played_text(host)).encode("utf-8", "surrogateescape"))
    with pytest.raises(SaveError) as info:
        saves.load(path, host)
    assert str(path) in str(info.value)
    result = run_cli("play", "--load", str(path))
    assert result.code != 0 and str(path) in result.err and "Traceback" not in result.err
    assert len(result.err) < 500  # the value is quoted, not megabytes of it


@pytest.mark.parametrize("attack", HOSTILE_SAVES)
def test_a_hostile_autosave_is_set_aside_and_the_server_starts(tmp_path, host, attack):
    (tmp_path / AUTOSAVE).write_bytes(HOSTILE_SAVES[attack](played_text(host)).encode("utf-8", "surrogateescape"))
    for start in range(2):  # the first start sets it aside; the next one starts normally, too
        with app_client(host, tmp_path) as client:
            state = client.get("/api/state")
            assert state.status_code == 200
            notices = state.json()["notices"]
        (aside,) = tmp_path.glob("autosave.corrupt-*.json")
        assert (aside.name in notices[0]) if start == 0 else not notices
    # A fresh game, saved: the first game a new player is offered (Klondike where the classics are installed).
    from reussite.session import FIRST_GAMES

    fresh = next((g for g in FIRST_GAMES if g in host.games), GAME)
    assert saves.load(tmp_path / AUTOSAVE, host).id == fresh


def test_the_save_errors_are_translated(tmp_path, host, run_cli):
    path = tmp_path / "deep.json"
    path.write_text(deep(DEEP))
    result = run_cli("--lang", "fr", "play", "--load", str(path))
    assert result.code != 0 and str(path) in result.err and "niveaux" in result.err


@pytest.mark.parametrize("elapsed", ["Infinity", "-Infinity", "NaN", "1e999", "-5", '"²"', "true"])
def test_a_bad_time_played_keeps_the_game_and_is_never_written_back(tmp_path, host, game_at_stake, elapsed):
    (tmp_path / AUTOSAVE).write_text(played_text(host, elapsed=elapsed))
    with app_client(host, tmp_path) as client:
        state = client.get("/api/state").json()
        assert state["moves"] == 12 and state["number"] == str(NUMBER)  # the game is kept
        assert state["elapsed"] < 3600 and AUTOSAVE in state["notices"][0]
        move = next(m for m in state["legal"] if m["type"] == "move")
        played = client.post("/api/move", json={**move, "version": state["version"]})
        assert played.status_code == 200
    text = (tmp_path / AUTOSAVE).read_text()
    assert "Infinity" not in text and "NaN" not in text
    assert saves.finite_number(json.loads(text)[WEB_KEY]["elapsed"])
    assert not list(tmp_path.glob("autosave.corrupt-*"))


def test_the_time_played_survives_a_sound_autosave(tmp_path, host):
    (tmp_path / AUTOSAVE).write_text(played_text(host, elapsed=42.5))
    with app_client(host, tmp_path) as client:
        state = client.get("/api/state").json()
    assert state["elapsed"] >= 42.5 and not state["notices"]


# -- paths that are not files ------------------------------------------------------------------------


def _paths(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    big = tmp_path / "sparse.json"
    with open(big, "wb") as fp:
        fp.truncate(saves.MAX_SAVE_BYTES + 1)
    return {"a FIFO": fifo, "a link to /dev/zero": zero, "a folder": folder, "a sparse 8 MB file": big}


@pytest.mark.parametrize("kind", ["a FIFO", "a link to /dev/zero", "a folder", "a sparse 8 MB file"])
def test_a_save_path_that_is_not_a_save_file_neither_hangs_nor_eats_memory(tmp_path, kind):
    path = _paths(tmp_path)[kind]
    # A real process, so that a hang or a memory blow-up is caught (by the timeout and the limit).
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)); "
            "from reussite.cli import main; sys.exit(main(sys.argv[1:]))")
    proc = subprocess.run([sys.executable, "-c", code, "play", "--load", str(path)], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "REUSSITE_LANG": "en"})
    assert proc.returncode != 0 and str(path) in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert ("not a regular file" in proc.stderr) if kind != "a sparse 8 MB file" else ("too large" in proc.stderr)


def test_an_autosave_that_is_a_fifo_is_set_aside(tmp_path, host):
    os.mkfifo(tmp_path / AUTOSAVE)
    with app_client(host, tmp_path) as client:
        assert "not a regular file" in client.get("/api/state").json()["notices"][0]
    (aside,) = tmp_path.glob("autosave.corrupt-*.json")
    assert aside.is_fifo() and (tmp_path / AUTOSAVE).is_file()


# -- hostile request bodies against a game in progress ----------------------------------------------

HOSTILE_BODIES = {
    "nested 1,000 levels": ("/api/move", deep(DEEP)),
    "nested inside a field": ("/api/move", '{"src": "t1", "dst": "t2", "n": ' + deep(DEEP) + "}"),
    "a 5,000-digit version": ("/api/undo", '{"version": ' + "7" * LONG + "}"),
    "a 5,000-digit count": ("/api/move", '{"src": "t1", "dst": "t2", "n": ' + "1" * LONG + ', "version": 0}'),
    "a game number '²'": ("/api/new", '{"game": "forty-thieves", "number": "²", "version": VERSION}'),
    "a game number in Arabic digits": ("/api/new", '{"game": "forty-thieves", "number": "١٢", "version": VERSION}'),
    "a 5,000-digit game number string": ("/api/new", '{"number": "' + "5" * LONG + '", "version": VERSION}'),
    "an infinite search time": ("/api/new", '{"winnable": true, "seconds": 1e999, "version": VERSION}'),
    "NaN search time": ("/api/new", '{"winnable": true, "seconds": NaN, "version": VERSION}'),
    "an infinite version": ("/api/undo", '{"version": Infinity}'),
    "a top-level NaN": ("/api/undo", "NaN"),
    "not UTF-8": ("/api/undo", b'{"version": "\xff"}'),
    "too large": ("/api/undo", '{"pad": "' + "x" * MAX_BODY_BYTES + '"}'),
    "a stale New game": ("/api/new", '{"game": "forty-thieves", "number": 5, "version": STALE}'),
    "a New game without a version": ("/api/new", '{"game": "forty-thieves", "number": 5}'),
}


@pytest.mark.parametrize("attack", HOSTILE_BODIES)
def test_a_hostile_request_body_is_refused_and_the_game_is_kept(tmp_path, host, game_at_stake, attack):
    (tmp_path / AUTOSAVE).write_text(played_text(host))
    path, body = HOSTILE_BODIES[attack]
    with app_client(host, tmp_path) as client:
        before = client.get("/api/state").json()
        if isinstance(body, str):
            body = body.replace("VERSION", str(before["version"])).replace("STALE", str(before["version"] - 1))
            body = body.encode()
        answer = client.post(path, content=body, headers={"content-type": "application/json"})
        assert 400 <= answer.status_code < 500, answer.text
        assert "plugin" not in answer.json()["error"]
        after = client.get("/api/state").json()
    assert (after["moves"], after["number"], after["version"]) == (12, str(NUMBER), before["version"])
    assert saves.load(tmp_path / AUTOSAVE, host).move_count == 12


@pytest.mark.parametrize("header", [b"\xb2", "²".encode(), b"1" * LONG, b"-1", b"0x10", b"\xd9\xa3"])
def test_a_hostile_content_length_is_refused(tmp_path, host, header):
    with app_client(host, tmp_path) as client:
        answer = client.post("/api/undo", content=b'{"version": 1}',
                             headers={"content-type": "application/json", "content-length": header})
    assert 400 <= answer.status_code < 500


def test_request_body_errors_are_translated(tmp_path, host):
    with app_client(host, tmp_path) as client:
        answer = client.post("/api/undo?lang=fr", content=deep(DEEP).encode(),
                             headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "corps de la requête" in answer.json()["error"]


# -- hostile catalogs --------------------------------------------------------------------------------


@pytest.mark.parametrize("fragment", ['<div class="table">x</div>', '<div class="help-note card held">x</div>',
                                      '<p class="help-note">x</p>', '<div CLASS="x" lang="fr">x</div>'])
def test_a_catalog_cannot_dress_its_text_in_the_page_classes(fragment):
    cleaned = sanitize(fragment)
    assert "class" not in cleaned.lower() and "x" in cleaned


# -- the real server: headers, slow and vanishing clients ----------------------------------------------


@contextlib.contextmanager
def real_server(host, data_dir: Path, read_timeout: float = 10.0, keep_alive: int = 5):
    """``reussite play``'s uvicorn settings around the app, on a free port of 127.0.0.1, in a thread."""
    import uvicorn

    from reussite.web.server import _listen, create_app, uvicorn_config

    sock = _listen("127.0.0.1", 0)
    app = create_app(host, data_dir, allowed_hosts=("127.0.0.1", "localhost", "::1"))
    server = uvicorn.Server(uvicorn_config(app, read_timeout=read_timeout, keep_alive=keep_alive))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise AssertionError("the server did not start")
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


def raw(port: int, data: bytes = b"", close_write: bool = False) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=60)
    if data:
        conn.sendall(data)
    if close_write:
        conn.shutdown(socket.SHUT_WR)
    return conn


def answer_of(conn: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    chunks = []
    while chunk := conn.recv(65536):
        chunks.append(chunk)
    conn.close()
    return b"".join(chunks)


@pytest.mark.parametrize("sent", [
    b"",  # connects and says nothing
    b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # stops in the middle of the headers
    b"POST /api/undo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
])
def test_idle_and_half_sent_connections_are_closed(tmp_path, host, sent):
    with real_server(host, tmp_path, read_timeout=0.5, keep_alive=1) as port:
        conns = [raw(port, sent) for _ in range(5)]
        for conn in conns:
            assert b"HTTP/1.1 500" not in answer_of(conn)  # returns at all: the server closed it
        # Served as before, and an idle keep-alive connection is closed after its answer.
        served = answer_of(raw(port, b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        assert served.startswith(b"HTTP/1.1 200")


def test_idle_connections_cannot_lock_the_player_out(tmp_path, host, game_at_stake):
    """More idle or half-sent connections than the server serves at once: the oldest quiet ones make room,
    and the player's request is answered at once (it was 503 for the read timeout's 10 s)."""
    from reussite.web.server import MAX_CONNECTIONS

    with real_server(host, tmp_path) as port:
        crowd = [raw(port, b"" if i % 2 else b"GET /api/state HTTP/1.1\r\n") for i in range(MAX_CONNECTIONS + 6)]
        try:
            time.sleep(0.2)  # all accepted
            started = time.monotonic()
            served = answer_of(raw(port, b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
            assert served.startswith(b"HTTP/1.1 200"), served[:100]
            assert time.monotonic() - started < 5  # not held until the crowd's read timeout
        finally:
            for conn in crowd:
                conn.close()


def test_a_client_leaving_mid_body_is_logged_plainly_and_the_game_kept(tmp_path, host, capfd, game_at_stake):
    (tmp_path / AUTOSAVE).write_text(played_text(host))
    with real_server(host, tmp_path) as port:
        body = b'{"version": 1, "count": 1'
        head = (b"POST /api/undo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 500\r\n\r\n")
        conn = raw(port, head + body)
        time.sleep(0.2)  # let the app start reading the body
        conn.close()
        state = answer_of(raw(port, b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
    err = capfd.readouterr().err
    assert b'"moves":12' in state
    assert "Traceback" not in err and "plugin" not in err and "client left" in err


REQUIRED_HEADERS = {
    "content-security-policy": "frame-ancestors 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
}


@pytest.mark.parametrize("request_line, host_header, status", [
    ("GET / HTTP/1.1", "127.0.0.1", 200),
    ("GET /static/app.js HTTP/1.1", "localhost:8000", 200),
    ("GET /api/state HTTP/1.1", "[::1]", 200),
    ("GET /api/state HTTP/1.1", "[::1]:8123", 200),
    ("GET /static/nope.js HTTP/1.1", "127.0.0.1", 404),
    ("GET /api/state HTTP/1.1", "evil.example:80", 421),
    ("GET /api/state HTTP/1.1", "[::1].evil.example", 421),
    ("POST /api/undo HTTP/1.1", "127.0.0.1", 415),
    ("DELETE /api/state HTTP/1.1", "127.0.0.1", 405),
])
def test_every_answer_carries_the_security_headers(tmp_path, host, request_line, host_header, status):
    with real_server(host, tmp_path) as port:
        reply = answer_of(raw(port, f"{request_line}\r\nHost: {host_header}\r\nConnection: close\r\n"
                                    f"Content-Length: 0\r\n\r\n".encode()))
    head = reply.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower().split("\r\n")
    assert head[0].startswith(f"http/1.1 {status}")
    headers = dict(line.split(": ", 1) for line in head[1:])
    for name, value in REQUIRED_HEADERS.items():
        assert value.lower() in headers.get(name, ""), (name, headers)
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp and "unsafe-inline" not in csp


def test_the_server_binds_to_the_loopback_unless_told_otherwise():
    from reussite.cli import build_parser
    from reussite.messages import Translator

    assert build_parser(Translator.english()).parse_args(["play"]).host == "127.0.0.1"


# -- kill -9 during autosave ----------------------------------------------------------------------------

# One process loads the host once and forks a writer for each kill (a fresh interpreter per kill would
# spend its time importing). The writer plays and takes back, autosaving after each change.
FORKER = """
import os, sys
from reussite.host import Host
from reussite.web.session import Session
host = Host.load()
for _ in sys.stdin:
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        session = Session(host, sys.argv[1])
        session.restore_or_start()
        os.write(1, f"ready {os.getpid()}\\n".encode())
        while True:
            game = session.game
            moves = list(game.legal_moves())
            if moves and game.move_count < 30:
                game.push(moves[0])
            else:
                game.pop()
            session.changed()
    _, status = os.waitpid(pid, 0)
    print("killed" if os.WIFSIGNALED(status) else f"ended {status}", flush=True)
"""


def test_kill_9_during_autosave_never_loses_the_game_nor_leaves_temporary_files(tmp_path, host, game_at_stake):
    rng = random.Random(9)
    (tmp_path / AUTOSAVE).write_text(played_text(host, moves=3))
    forker = subprocess.Popen([sys.executable, "-c", FORKER, str(tmp_path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        for _ in range(30):
            forker.stdin.write("go\n")
            forker.stdin.flush()
            word, pid = forker.stdout.readline().split()
            assert word == "ready"
            time.sleep(rng.uniform(0, 0.03))  # somewhere in the autosave loop
            os.kill(int(pid), signal.SIGKILL)
            assert forker.stdout.readline() == "killed\n"
            session = Session(host, tmp_path)
            session.restore_or_start()  # what the server does at start
            assert not session.notices, session.notices  # loaded, not set aside
            assert session.game.id == GAME and session.game.number == NUMBER
            assert not list(tmp_path.glob(f".{AUTOSAVE}.*.tmp"))
    finally:
        forker.stdin.close()
        forker.wait(30)
    assert not list(tmp_path.glob("autosave.corrupt-*"))


# -- text mode ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", ["²", "٣", "9" * LONG])
def test_text_mode_takes_an_odd_undo_count_as_one_move(host, game_at_stake, count):
    import io

    from reussite.cli import Context
    from reussite.l10n import host_translator
    from reussite.textplay import run

    game = host.new_game(GAME, NUMBER, {})
    for _ in range(3):
        game.push(next(iter(game.legal_moves())))
    ctx = Context(host_translator("en"), io.StringIO(), io.StringIO())
    assert run(game, ctx, io.StringIO(f"u {count}\nq\n")) == 0
    assert game.move_count == 2 and game.can_redo
