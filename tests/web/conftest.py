"""Fixtures of the browser front end's tests: the app in-process, a real server, a real Chromium."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_actions import CHROMIUM, CHROMIUM_ARGS
from webserver import Server, start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
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
