"""The data folder's files as the server uses them: never touched on the server's loop, and a full disk
during play said, the game kept, and recovered from without a restart (docs/architecture.md, durability)."""

from __future__ import annotations

import asyncio
import os
import sys
import warnings

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
