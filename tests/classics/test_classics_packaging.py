"""The classics as a wheel, installed beside the host's wheel in the packaging tests' fresh venv."""

from __future__ import annotations

import json
from pathlib import Path

import classics_support  # noqa: F401  (skips this module when reussite-classics is not installed)
import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.venv
#: Every game of the checkout's classics: one French rule page each.
IDS = {page.stem for page in (ROOT / "classics" / "reussite_classics" / "help").glob("*.html")}
BUNDLED = {"forty-thieves", "mount-olympus", "osmosis", "tournament"}


def games_by_distribution(venv) -> dict[str, set[str]]:
    games = json.loads(venv.reussite("games", "--json").stdout)
    plugins = {p["name"]: p["distribution"] for p in json.loads(venv.reussite("plugins", "--json").stdout)}
    found: dict[str, set[str]] = {}
    for game in games:
        found.setdefault(plugins[game["plugin"]], set()).add(game["id"])
    return found


def test_the_classics_wheel_installs_beside_the_host_and_brings_every_game(fresh_venv, tmp_path):
    # The host alone gives its four games (other packaging tests may have added their own distributions).
    assert games_by_distribution(fresh_venv)["reussite"] == BUNDLED
    # A wheel built by the venv's pip with its own setuptools (no build isolation, as pip_install does): what
    # pip install ./classics installs, package data included.
    fresh_venv.run(fresh_venv.bin / "python", "-m", "pip", "wheel", "--disable-pip-version-check", "-q",
                   "--no-deps", "--no-build-isolation", "-w", tmp_path, ROOT / "classics")
    (wheel,) = tmp_path.glob("reussite_classics-*.whl")
    fresh_venv.pip_install(str(wheel))
    try:
        check_installed(fresh_venv)
    finally:  # the venv is the session's: other tests expect the bundled games to be listed first
        fresh_venv.run(fresh_venv.bin / "python", "-m", "pip", "uninstall", "-y", "-q", "reussite-classics")
    assert games_by_distribution(fresh_venv)["reussite"] == BUNDLED


def check_installed(fresh_venv):
    found = games_by_distribution(fresh_venv)
    assert found["reussite-classics"] == IDS and found["reussite"] == BUNDLED
    listing = fresh_venv.reussite("games").stdout
    assert "draw=1|3" in listing and "suits=1|2|4" in listing
    # The rule pages come out of the installed wheel (importlib.resources), in French and in English.
    for lang in ("fr", "en"):
        page = fresh_venv.reussite("help", "black-hole", "--lang", lang, "--format", "markdown").stdout
        assert page.startswith("# "), page[:200]
    deal = json.loads(fresh_venv.reussite("deal", "freecell", "-n", "1", "--json").stdout)
    assert [s["cards"][0] for s in deal["stacks"] if s["id"].startswith("tableau-")] == \
        ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]  # Microsoft's deal 1
