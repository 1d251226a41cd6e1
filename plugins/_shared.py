"""What the bundled plugins share: where their help pages live once installed."""

from __future__ import annotations

from importlib import resources

from reussite.hookspecs import HelpFormat, HelpPage


def help_page(game_id: str, filename: str, fmt: HelpFormat) -> HelpPage:
    return HelpPage(game_id, resources.files("reussite_help") / filename, fmt)
