"""A data folder that cannot be written (issue 40): the server plays, says once that nothing will be kept,
and writes nothing; ``reussite stats`` reads it.

Mode 555 does not stop root (CI runs the tests as root): there the server runs in a user namespace where
the folder, or each file, is a read-only bind mount, which refuses root's writes too (EROFS). Where neither
is possible the tests are skipped, saying why."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from webserver import start_server, stop_server

from reussite.stats import Stats, new_uid

_MOUNT = 'for p in $R; do mount --bind "$p" "$p" && mount -o remount,ro,bind "$p" || exit 97; done; exec "$@"'


def reussite_command() -> list[str]:
    exe = shutil.which("reussite")
    return [exe] if exe else [sys.executable, "-m", "reussite.cli"]


def read_only(paths: list[Path]) -> tuple[list[str], dict[str, str]]:
    """The ``reussite`` command and environment under which ``paths`` cannot be written: their mode for a
    user, read-only bind mounts for root."""
    if os.geteuid() != 0:
        for path in paths:
            path.chmod(0o555 if path.is_dir() else 0o444)
        return reussite_command(), dict(os.environ)
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, text=True) \
        if shutil.which("unshare") else None
    if probe is None or probe.returncode != 0:
        pytest.skip("running as root, whom mode 555 does not stop, and no user namespace for a read-only mount "
                    f"({probe.stderr.strip() if probe else 'no unshare command'})")
    return (["unshare", "-rm", "sh", "-c", _MOUNT, "sh", *reussite_command()],
            {**os.environ, "R": " ".join(str(p) for p in paths)})


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def played_folder(tmp_path, host):
    """A data folder as a player leaves it: a game in progress (autosave) and one game recorded."""
    data = tmp_path / "data"
    server = start_server(data, tmp_path)
    try:
        state = server.new_game("forty-thieves", 11)
        for _ in range(3):
            state = server.api("/api/deal", {"version": state["version"]}).json()
    finally:
        stop_server(server)
    game = host.new_game("klondike", 7, {})
    game.push(next(iter(game.legal_moves())))
    assert Stats.in_folder(data).record(new_uid(), game, "abandoned", 12.0, "text")
    yield data
    for path in [data, *data.iterdir()]:
        path.chmod(0o755 if path.is_dir() else 0o644)


def test_a_read_only_data_folder_is_played_in_and_nothing_written(tmp_path, played_folder, game_at_stake):
    """Before: "cannot create the data folder …: the file system is read-only" (or permission denied), and no
    game. Now the game in progress is restored, played, with one notice; the folder is left as it was."""
    data = played_folder
    before = files_of(data)
    command, env = read_only([data])
    server = start_server(data, tmp_path, command=command, env=env)
    try:
        state = server.state()
        assert state["game"] == "forty-thieves" and state["moves"] == 3
        assert "cannot be written" in state["notices"][0] and "nothing will be kept" in state["notices"][0]
        for _ in range(2):
            answer = server.api("/api/deal", {"version": state["version"]})
            assert answer.status_code == 200, answer.text
            state = answer.json()
        assert state["moves"] == 5 and len(state["notices"]) == 2  # the folder's, the statistics'; not one a move
        assert server.new_game("klondike", 3)["game"] == "klondike"
    finally:
        err = stop_server(server, "stderr")
    assert "nothing will be kept" in err and "Traceback" not in err
    assert files_of(data) == before
    stats = subprocess.run([*command, "stats", "--data-dir", str(data)], capture_output=True, text=True, env=env,
                           timeout=60)
    assert stats.returncode == 0 and "Klondike" in stats.stdout and "Traceback" not in stats.stderr, stats


def test_a_data_folder_whose_files_are_read_only_is_played_in(tmp_path, played_folder, game_at_stake):
    """The folder can be written, its files cannot: the game is restored and played, no file is lost (the
    autosave is replaced by a newer one, or kept as it was) and the statistics are read."""
    data = played_folder
    files = [p for p in data.iterdir() if p.is_file()]
    command, env = read_only(files)
    server = start_server(data, tmp_path, command=command, env=env)
    try:
        state = server.state()
        assert state["game"] == "forty-thieves" and state["moves"] == 3
        answer = server.api("/api/deal", {"version": state["version"]})
        assert answer.status_code == 200 and answer.json()["moves"] == 4, answer.text
    finally:
        err = stop_server(server, "stderr")
    assert "Traceback" not in err
    assert {p.name for p in files} <= {p.name for p in data.iterdir()}
    stats = subprocess.run([*command, "stats", "--data-dir", str(data)], capture_output=True, text=True, env=env,
                           timeout=60)
    assert stats.returncode == 0 and "Klondike" in stats.stdout and "Traceback" not in stats.stderr, stats


def test_a_read_only_statistics_file_keeps_the_games_aside_and_the_next_start_records_them(tmp_path, played_folder):
    """Before: "new ones are not recorded", and a game left was lost. Now it waits in the pending file beside
    the database, the page says the fault will not pass by itself, and the first start that can write the
    file records it."""
    import time

    data = played_folder
    command, env = read_only([data / "statistics.sqlite"])
    server = start_server(data, tmp_path, command=command, env=env)
    try:
        state = server.state()
        assert state["moves"] == 3
        server.new_game("klondike", 3)  # forty-thieves left after 3 moves: abandoned
        for _ in range(100):
            notices = server.state()["notices"]
            if any("kept in" in n for n in notices):
                break
            time.sleep(0.1)
        (note,) = [n for n in notices if "kept in" in n]
        assert "will not pass by itself" in note and "statistics.pending.jsonl" in note
    finally:
        err = stop_server(server, "stderr")
    assert "Traceback" not in err
    assert (data / "statistics.pending.jsonl").is_file()
    (data / "statistics.sqlite").chmod(0o644)
    recorded = {(r["game"], r["result"]) for r in Stats.in_folder(data).rows()}
    assert recorded == {("klondike", "abandoned"), ("forty-thieves", "abandoned")}
    assert not (data / "statistics.pending.jsonl").exists()


def test_a_read_only_folder_without_statistics_says_they_cannot_be_kept_not_that_it_will_try_again(tmp_path):
    data = tmp_path / "empty"
    data.mkdir()
    command, env = read_only([data])
    try:
        shown = subprocess.run([*command, "stats", "--data-dir", str(data)], capture_output=True, text=True,
                               env=env, timeout=60)
    finally:
        data.chmod(0o755)
    assert shown.returncode == 0 and "No game recorded yet." in shown.stdout
    assert "The statistics cannot be kept in" in shown.stderr and "tried again" not in shown.stderr, shown.stderr
