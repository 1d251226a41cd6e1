"""What the bundled plugins share: where their help pages live once installed."""

from __future__ import annotations

from reussite.hookspecs import HelpFormat, HelpPage
from reussite.resources import data_dir


def help_page(game_id: str, filename: str, fmt: HelpFormat) -> HelpPage:
    return HelpPage(game_id, data_dir("reussite_help") / filename, fmt)
