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


def test_a_second_server_on_the_same_data_folder_is_refused(tmp_path):
    first = start_server(tmp_path / "data", tmp_path)
    try:
        second = subprocess.run([sys.executable, "-m", "reussite.cli", "play", "--no-browser", "--port",
                                 str(free_port()), "--data-dir", str(tmp_path / "data")],
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert f"Another Réussite server (process {first.proc.pid}, {first.url})" in second.stderr
        assert "uses the data folder" in second.stderr and "Traceback" not in second.stderr
        assert first.state()["version"] >= 1  # the first one goes on
    finally:
        stop_server(first)
    # Once the first has stopped (or was killed: the lock goes with the process), a server starts there.
    again = start_server(tmp_path / "data", tmp_path)
    again.proc.kill()
    again.proc.communicate()
    stop_server(start_server(tmp_path / "data", tmp_path))
