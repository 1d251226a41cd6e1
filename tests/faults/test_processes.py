"""Processes (issue 24): the workers end with their parent, Ctrl+C stops the server cleanly, and one server
per data folder. Real subprocesses and real signals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from webserver import free_port, start_server, stop_server


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_killing_a_batch_leaves_no_worker_running(tmp_path):
    """kill -9 of ``reussite winnability``: its pool's workers, busy on long deals, end with it (they ran
    for ever, holding the results file open)."""
    batch = subprocess.Popen([sys.executable, "-m", "reussite.cli", "winnability", "forty-thieves", "--deals", "1-4",
                              "--jobs", "2", "--timeout", "60", "--out", str(tmp_path / "rows.csv")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_for(lambda: len(children_of(batch.pid)) >= 2), "the pool's workers did not start"
        workers = children_of(batch.pid)
        time.sleep(0.3)  # the workers are searching
    finally:
        batch.kill()
        batch.wait()
    assert wait_for(lambda: not any(alive(w) for w in workers), 10), [w for w in workers if alive(w)]


def test_ctrl_c_stops_the_server_cleanly_with_its_solver(tmp_path):
    """Ctrl+C in a terminal reaches the whole process group: the server and its solver's process. The
    command ends with 130, as on any Ctrl+C, and no traceback."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REUSSITE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
    server = subprocess.Popen([sys.executable, "-m", "reussite.cli", "play", "--no-browser", "--port", str(port),
                               "--data-dir", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env, start_new_session=True)
    try:
        assert "is ready at" in server.stdout.readline()
        assert wait_for(lambda: children_of(server.pid)), "the solver's process did not start"
        solver = children_of(server.pid)
        time.sleep(0.5)  # the solver's process is past its imports
        os.killpg(server.pid, signal.SIGINT)
        out, err = server.communicate(timeout=20)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert wait_for(lambda: not any(alive(p) for p in solver), 5)


def test_one_server_per_data_folder_and_a_kill_9_restores_the_exact_position(tmp_path, game_at_stake):
    """A second server on the folder is refused, naming the first. Moves, undos and redos go to the
    autosave's journal; after a kill -9 of the first (its lock goes with it) a new server starts there with
    the same position, the same moves to redo, and the journal folded into the autosave."""
    from reussite import saves

    data = tmp_path / "data"
    first = start_server(data, tmp_path)
    try:
        second = subprocess.run([sys.executable, "-m", "reussite.cli", "play", "--no-browser", "--port",
                                 str(free_port()), "--data-dir", str(data)], capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert f"Another Réussite server (process {first.proc.pid}, {first.url})" in second.stderr
        assert "uses the data folder" in second.stderr and "Traceback" not in second.stderr
        state = first.new_game("forty-thieves", 11)
        for _ in range(6):
            state = first.api("/api/deal", {"version": state["version"]}).json()
        state = first.api("/api/undo", {"version": state["version"], "count": 2}).json()
        state = first.api("/api/redo", {"version": state["version"]}).json()
        before = first.state()
        assert saves.journal_path(data / "autosave.json").exists()  # the moves went to the journal
    finally:
        first.proc.kill()
        first.proc.communicate()
    # A kill in the middle of an append leaves a line cut short: it is left out.
    with open(saves.journal_path(data / "autosave.json"), "ab") as journal:
        journal.write(b'{"journal": "x", "keep": 1')
    again = start_server(data, tmp_path)
    try:
        after = again.state()
        keys = ("game", "number", "moves", "stacks", "can_redo", "can_undo")
        assert [after[k] for k in keys] == [before[k] for k in keys]
        assert not saves.journal_path(data / "autosave.json").exists()  # folded in at the start
        assert len(saves.read_save(data / "autosave.json")["moves"]) == before["moves"]
        redone = again.api("/api/redo", {"version": after["version"]}).json()
        assert redone["moves"] == before["moves"] + 1  # the moves to redo came back too
    finally:
        stop_server(again)
