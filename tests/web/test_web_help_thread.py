"""Help pages are cut off the event loop: while one request parses a slow page, the server answers others."""

from __future__ import annotations

import threading
import warnings
from importlib.resources.abc import Traversable
from pathlib import Path

from reussite.hookspecs import HelpPage, hookimpl
from reussite.host import Host

ROOT = Path(__file__).resolve().parents[2]


class GatedPage(Traversable):
    """The real Tournament page, whose reading waits until the test lets it go: a parse as slow as we like.
    A resource file as importlib.resources gives them (what a help page's path may be)."""

    name = "tournament.html"

    def __init__(self, events: list[str]) -> None:
        self.path = ROOT / "help" / "tournament.html"
        self.events = events
        self.reading = threading.Event()
        self.release = threading.Event()

    def __str__(self) -> str:  # the cache stamps the page by its file
        return str(self.path)

    def read_bytes(self) -> bytes:
        self.events.append("help parse started")
        self.reading.set()
        # Never forever: if the loop is blocked, the other request can only be served after this gives up.
        self.events.append("help parse released" if self.release.wait(30) else "help parse gave up waiting")
        return self.path.read_bytes()

    def read_text(self, encoding=None):
        return self.read_bytes().decode(encoding or "utf-8")

    def iterdir(self):
        return iter(())

    def is_dir(self) -> bool:
        return False

    def is_file(self) -> bool:
        return True

    def joinpath(self, *descendants):
        raise NotADirectoryError(self.name)

    def __truediv__(self, child):
        raise NotADirectoryError(self.name)

    def open(self, mode="r", *args, **kwargs):
        raise NotImplementedError("read through read_bytes")


class GatedHelpPlugin:
    def __init__(self, page: GatedPage) -> None:
        self.page = page

    @hookimpl
    def reussite_help_pages(self):
        return [HelpPage("osmosis", self.page, "html")]


def test_the_server_answers_while_a_help_page_is_parsed(tmp_path):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*httpx.*", category=UserWarning)
        from starlette.testclient import TestClient
    from reussite.web.server import create_app

    events: list[str] = []
    page = GatedPage(events)
    # The bundled Osmosis page is replaced, which the player must allow (REUSSITE_ALLOW_OVERRIDE).
    host = Host.load(extra=[("gated-help", GatedHelpPlugin(page))], allow_override=["gated-help"])
    assert host.help_pages["osmosis"].path is page
    with TestClient(create_app(host, tmp_path)) as client:
        answers: dict[str, object] = {}
        slow = threading.Thread(target=lambda: answers.update(help=client.get("/api/help/osmosis?lang=fr")))
        slow.start()
        assert page.reading.wait(30)
        state = client.get("/api/state")
        events.append("other request served")
        page.release.set()
        slow.join(60)
    assert state.status_code == 200
    assert events == ["help parse started", "other request served", "help parse released"]
    assert answers["help"].status_code == 200 and "Tournament" in answers["help"].text
