"""What the bundled plugins share: where their help pages live once installed, and the lazy game import."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from reussite.hookspecs import HelpFormat, HelpPage
from reussite.resources import data_dir


def help_page(game_id: str, filename: str, fmt: HelpFormat) -> HelpPage:
    return HelpPage(game_id, data_dir("reussite_help") / filename, fmt)


def forward_to(module: str) -> Callable[[str], object]:
    """A module ``__getattr__`` that finds a name in ``module``, imported on first use: the plugin module stays
    light (its help hook needs no game code) and the game's names can still be imported from it."""

    def __getattr__(name: str) -> object:
        if not name.startswith("__"):  # dunder probes (pickle, inspect) must not import the game
            target = importlib.import_module(module)
            if hasattr(target, name):
                return getattr(target, name)
        raise AttributeError(f"module {module.rpartition('_game')[0]!r} has no attribute {name!r}")

    return __getattr__
