"""The conformance harness (docs/conformance.md) on every classic game and option, in-process through the
installed host and once per game as ``python -m reussite check``."""

from __future__ import annotations

import os
import subprocess
import sys

import classics_support  # noqa: F401  (skips this module when reussite-classics is not installed)
import pytest

from reussite.testing import assert_conforms

#: Deals per game and option in the default run; CONFORMANCE_DEALS=200 for a deeper check.
DEALS = int(os.environ.get("CONFORMANCE_DEALS", "4"))


def _games() -> list[tuple[str, dict[str, str]]]:
    """Every classic game, with each choice of each of its options in turn (the others at their defaults)."""
    from reussite.host import Host

    found = []
    for game_id, cls in sorted(Host.load().games.items()):
        if cls.plugin_name != "classics":
            continue
        found += [(game_id, {o.name: choice}) for o in cls.options for choice in o.choices] or [(game_id, {})]
    return found


GAMES = _games()


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[f"{g}{o}" for g, o in GAMES])
def test_the_classic_games_conform(host, game_id, options):
    cls = host.game(game_id)
    assert cls.plugin_name == "classics"
    report = assert_conforms(cls, DEALS, options, host=host)
    assert report.deals == list(range(1, DEALS + 1)) and report.positions >= DEALS


def _one_per_family() -> list[str]:
    """The command line on one game of each family module by default (its in-process check above covers every
    game); on every game under CI."""
    from reussite.host import Host

    games = Host.load().games
    ids = sorted({g for g, _ in GAMES})
    if os.environ.get("CI"):
        return ids
    first = {}
    for game_id in ids:
        first.setdefault(games[game_id].__module__, game_id)
    return sorted(first.values())


@pytest.mark.parametrize("game_id", _one_per_family())
def test_reussite_check_passes_on_each_classic_game(game_id, tmp_path):
    env = {**os.environ, "REUSSITE_DATA_DIR": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "reussite", "check", game_id, "--deals", "2"],
                            capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{game_id}" in result.stdout and ": ok" in result.stdout
