"""Fixtures for the help pipeline: a sandbox copy of the pages and catalogs, served by a throw-away plugin,
so tests that update or break catalogs never touch the real ones."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from reussite.hookspecs import Catalog, HelpPage, hookimpl
from reussite.host import Host

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"forty-thieves": "forty-thieves.xml", "mount-olympus": "mount-olympus.html",
         "osmosis": "osmosis.xml", "tournament": "tournament.html"}


class PagesPlugin:
    """Declares pages in ``help_dir`` and one help catalog in ``locale_dir``, like a plugin distribution."""

    def __init__(self, help_dir: Path, locale_dir: Path, pages: dict[str, str]) -> None:
        self.help_dir, self.locale_dir, self.pages = help_dir, locale_dir, pages

    @hookimpl
    def reussite_help_pages(self):
        return [HelpPage(game, self.help_dir / name, "docbook" if name.endswith(".xml") else "html")
                for game, name in self.pages.items()]

    @hookimpl
    def reussite_catalogs(self):
        return [Catalog("help", self.locale_dir, "help")]


@dataclass
class Sandbox:
    root: Path

    @property
    def help(self) -> Path:
        return self.root / "help"

    @property
    def locale(self) -> Path:
        return self.root / "locale"

    def po(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / "help.po"

    def host(self) -> Host:
        plugin = PagesPlugin(self.help, self.locale, PAGES)
        return Host.load(entry_points=[], builtin=False, extra=[("sandbox-help", plugin)])


@pytest.fixture
def sandbox(tmp_path) -> Sandbox:
    box = Sandbox(tmp_path / "repo")
    box.help.mkdir(parents=True)
    for name in PAGES.values():
        shutil.copy(ROOT / "help" / name, box.help / name)
    box.locale.mkdir()
    shutil.copy(ROOT / "locale" / "help.pot", box.locale / "help.pot")
    for lang in ("en", "fr"):
        (box.locale / lang / "LC_MESSAGES").mkdir(parents=True)
        for ext in ("po", "mo"):
            shutil.copy(ROOT / "locale" / lang / "LC_MESSAGES" / f"help.{ext}", box.locale / lang / "LC_MESSAGES")
    return box


@pytest.fixture(scope="module")
def bundled_host() -> Host:
    return Host.load()
