"""Fixtures of the browser front end's tests: the app in-process, a real server, a real Chromium."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture
def client(host, tmp_path):
    """The web app on a fresh data folder, through Starlette's TestClient."""
    with warnings.catch_warnings():  # Starlette nags about httpx2; httpx is what the project ships with
        warnings.filterwarnings("ignore", message=".*httpx.*", category=UserWarning)
        from starlette.testclient import TestClient

    from reussite.web.server import create_app

    with TestClient(create_app(host, tmp_path)) as test_client:
        yield test_client


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


def start_server(data_dir: Path, cwd: Path) -> Server:
    """``reussite play --no-browser`` as a subprocess; returns once it answers."""
    port = free_port()
    exe = shutil.which("reussite")
    command = [exe] if exe else [sys.executable, "-m", "reussite.cli"]
    env = {k: v for k, v in os.environ.items() if k not in ("REUSSITE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
    proc = subprocess.Popen(
        [*command, "play", "--no-browser", "--port", str(port), "--data-dir", str(data_dir)],
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


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("web")
    srv = start_server(base / "data", base)
    yield srv
    stop_server(srv)


@pytest.fixture
def server_control():
    """``(start_server, stop_server)`` for tests that stop and start servers of their own."""
    return start_server, stop_server


@pytest.fixture(scope="session")
def browser():
    """One headless Debian Chromium for the session (never a downloaded browser)."""
    if not Path(CHROMIUM).exists():
        reason = f"{CHROMIUM} is missing: install Debian's chromium package to run the browser tests"
        if os.environ.get("CI"):
            pytest.fail(reason + " (CI is set, so this is a failure, not a skip)")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    # Still cards: tests that read positions must not catch a card in flight (motion has its own tests).
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    pg = context.new_page()
    pg.set_default_timeout(8000)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    # The page must work under its own Content-Security-Policy: a blocked script or style is an error.
    pg.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    yield pg
    context.close()
    assert not errors, f"JavaScript or Content-Security-Policy errors on the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
