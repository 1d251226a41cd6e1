"""A real ``reussite play`` server in a subprocess, for the web tests and the fault-injection suite."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    url: str
    data_dir: Path
    proc: subprocess.Popen

    def api(self, path: str, body: dict | None = None) -> httpx.Response:
        if body is None:
            return httpx.get(self.url + path.lstrip("/"), timeout=10)
        return httpx.post(self.url + path.lstrip("/"), json=body, timeout=10)

    def state(self) -> dict:
        return self.api("/api/state").json()

    def new_game(self, game: str, number: int) -> dict:
        response = self.api("/api/new", {"game": game, "number": number, "version": self.state()["version"]})
        assert response.status_code == 200, response.text
        return response.json()


def start_server(data_dir: Path, cwd: Path, command: list[str] | None = None, args: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> Server:
    """``reussite play --no-browser [ARGS]`` as a subprocess (``command`` is the ``reussite`` to run, that of
    this checkout by default; ``env`` the environment); returns once it answers."""
    port = free_port()
    if command is None:
        exe = shutil.which("reussite")
        command = [exe] if exe else [sys.executable, "-m", "reussite.cli"]
    env = dict(os.environ if env is None else env)
    for name in ("REUSSITE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(name, None)
    proc = subprocess.Popen(
        [*command, "play", *args, "--no-browser", "--port", str(port), "--data-dir", str(data_dir)],
        cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    url = f"http://127.0.0.1:{port}/"
    first_line = proc.stdout.readline()  # printed once it listens
    if url not in first_line:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"reussite play did not print its address {url}:\n{first_line}{out}\n{err}")
    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(url + "api/state", timeout=1).status_code == 200:
                return Server(url, data_dir, proc)
        except httpx.TransportError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            out, err = proc.communicate()
            raise AssertionError(f"reussite play did not start ({proc.returncode}):\n{out}\n{err}")
        time.sleep(0.05)


def stop_server(server: Server, stream: str = "stdout") -> str:
    """Stop the server; returns what it wrote on ``stream``."""
    server.proc.terminate()
    try:
        out, err = server.proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        out, err = server.proc.communicate()
    return out if stream == "stdout" else err
