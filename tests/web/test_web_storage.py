"""The data folder's files as the server uses them: never touched on the server's loop, and a full disk
during play said, the game kept, and recovered from without a restart (docs/architecture.md, durability)."""

from __future__ import annotations

import asyncio
import errno
import os
import subprocess
import sys
import warnings

import pytest

from reussite import saves
from reussite.session import AUTOSAVE

GAME = "forty-thieves"
#: The audit events of a call that reads or changes the file system (their first argument is the path).
FILE_EVENTS = {"open", "os.remove", "os.rename", "os.replace", "os.mkdir", "os.scandir", "os.listdir",
               "sqlite3.connect"}
_watch: dict = {"folder": None, "calls": []}


def _audit(event: str, args: tuple) -> None:
    folder = _watch["folder"]
    if folder is None or event not in FILE_EVENTS or not args:
        return
    path = args[0]
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if isinstance(path, str | os.PathLike) and os.fspath(path).startswith(folder):
        on_loop = asyncio._get_running_loop() is not None  # this thread runs the server's event loop
        _watch["calls"].append((event, os.fspath(path), on_loop))


def app_client(host, data_dir):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*httpx.*", category=UserWarning)
        from starlette.testclient import TestClient
    from reussite.web.server import create_app

    return TestClient(create_app(host, data_dir))


def post(client, path, **body):
    answer = client.post(f"/api/{path}", json={"version": client.get("/api/state").json()["version"], **body})
    assert answer.status_code == 200, answer.text
    return answer


def test_no_file_of_the_data_folder_is_touched_on_the_servers_loop(host, tmp_path):
    """Moves, undo, named saves, the statistics panel and a game recorded: every read and write of the data
    folder runs in a thread of its own (the autosave's writer, the statistics'), so a slow disk or a lock
    held by another program never holds up the other requests."""
    sys.addaudithook(_audit)  # a hook stays for the process; it does nothing while no folder is watched
    _watch["calls"] = []
    _watch["folder"] = str(tmp_path)
    try:
        with app_client(host, tmp_path) as client:
            post(client, "new", game=GAME, number=3)
            _watch["calls"].clear()  # the server's start is not on the loop either, but is not timed here
            state = client.get("/api/state").json()
            move = next(m for m in state["legal"] if m["type"] == "move")
            post(client, "move", src=move["src"], dst=move["dst"], n=move["n"])
            post(client, "undo")
            post(client, "deal")
            post(client, "saves/save", name="kept")
            assert client.get("/api/saves").json()["saves"][0]["name"] == "kept"
            assert client.get("/api/saves/file", params={"name": "kept"}).status_code == 200
            post(client, "saves/load", name="kept")
            client.post("/api/saves/delete", json={"name": "kept"}).raise_for_status()
            post(client, "new", game=GAME, number=4)  # the game left is recorded (abandoned)
            assert client.get("/api/stats").json()["summary"][0]["played"] == 1
    finally:
        _watch["folder"] = None
    calls = _watch["calls"]
    touched = {os.path.basename(path) for _, path, _ in calls}
    assert {"autosave.journal", "kept.json", "statistics.sqlite"} <= touched, touched  # the hook sees them
    assert not [c for c in calls if c[2]], [c for c in calls if c[2]]


@pytest.fixture
def small_disk(tmp_path):
    """A real file system of 256 KiB (a tmpfs), to fill up."""
    mount = tmp_path / "small"
    mount.mkdir()
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                              capture_output=True, text=True, timeout=30)
    except FileNotFoundError:
        pytest.skip("no mount command: a full disk cannot be made without one")
    if done.returncode:
        pytest.skip(f"mounting a small tmpfs is not permitted here (needs root): {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, timeout=30)


def fill(folder) -> os.PathLike:
    """A file that takes every free byte of ``folder``'s file system."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_during_play_is_said_keeps_the_game_and_both_recover_when_space_returns(host, small_disk):
    data = small_disk / "data"
    with app_client(host, data) as client:
        session = client.app.state.session
        post(client, "new", game=GAME, number=5)
        state = post(client, "deal").json()
        assert state["notices"] == []
        filler = fill(small_disk)
        for _ in range(200):  # the journal's last page takes a few more lines; then a change is refused
            state = post(client, "undo" if state["moves"] == 2 else "deal").json()
            if state["notices"]:
                break
        assert any("cannot be saved" in n and "no space left" in n for n in state["notices"]), state["notices"]
        played = state["moves"]
        state = post(client, "undo" if played == 2 else "deal").json()  # played, and still said
        assert state["moves"] == 3 - played and any("cannot be saved" in n for n in state["notices"])
        post(client, "new", game=GAME, number=6)  # the game left (abandoned) cannot be recorded now
        session.stats_pool.submit(lambda: None).result()
        notices = client.get("/api/state").json()["notices"]
        assert any("statistics" in n and "cannot be written for now" in n for n in notices), notices
        assert session.stats.waiting == 1

        os.unlink(filler)  # space returns: the next change writes both, with no restart
        state = post(client, "deal").json()
        assert not any("cannot be saved" in n for n in state["notices"]), state["notices"]
        session.stats_pool.submit(lambda: None).result()
        assert client.get("/api/state").json()["notices"] == []
        assert session.stats.waiting == 0 and session.stats.count() == 1
        session.flush()
        restored = saves.from_json(saves.read_with_journal(data / AUTOSAVE, "web"), host)
        assert (restored.id, restored.number, restored.snapshot()) == (GAME, 6, session.game.snapshot())
