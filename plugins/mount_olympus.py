"""Mount Olympus's plugin: its hooks. The game is in ``mount_olympus_game``, imported only when the host asks for
games, so that ``reussite help`` does not load game code."""

from __future__ import annotations

from reussite.hookspecs import hookimpl
from reussite_plugins._shared import forward_to, help_page

# ``from reussite_plugins.mount_olympus import MountOlympus`` keeps working (other plugins build on bundled games).
__getattr__ = forward_to("reussite_plugins.mount_olympus_game")


@hookimpl
def reussite_games():
    from reussite_plugins.mount_olympus_game import MountOlympus

    return [MountOlympus]


@hookimpl
def reussite_help_pages():
    return [help_page("mount-olympus", "mount-olympus.html", "html")]
