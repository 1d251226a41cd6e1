"""The built wheel in a fresh venv, and third-party plugin distributions installed beside it."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from helpers import plugin_pyproject
from test_forty_thieves import pysolfc_forty_thieves

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.venv


def readme_files() -> dict[str, str]:
    """The files the README's plugin example is made of: ``<!-- file: PATH -->`` then a fenced block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    pattern = re.compile(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", re.S)
    return {path: body for path, body in pattern.findall(text)}


def write_tree(base: Path, files: dict[str, str]) -> None:
    for rel, body in files.items():
        target = base / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(body), encoding="utf-8")


def test_installed_wheel_lists_and_deals_like_pysolfc(fresh_venv):
    games = json.loads(fresh_venv.reussite("games", "--json").stdout)
    assert "forty-thieves" in {g["id"] for g in games}
    for number in (1, 24680, 9876543210):
        out = json.loads(fresh_venv.reussite("deal", "forty-thieves", "--number", str(number), "--json").stdout)
        expected = pysolfc_forty_thieves(number)
        assert {s["id"]: s["cards"] for s in out["stacks"] if s["id"] in expected} == expected


def test_the_readme_plugin_example_installs_and_is_found(fresh_venv, tmp_path):
    files = readme_files()
    assert "reussite-streets/pyproject.toml" in files and "reussite-streets/reussite_streets.py" in files
    write_tree(tmp_path, files)
    fresh_venv.pip_install(str(tmp_path / "reussite-streets"))
    games = {g["id"]: g for g in json.loads(fresh_venv.reussite("games", "--json").stdout)}
    assert games["streets-and-alleys"]["plugin"] == "streets-and-alleys"
    assert games["streets-and-alleys"]["packs"] == 1
    deal = json.loads(fresh_venv.reussite("deal", "streets-and-alleys", "-n", "5", "--json").stdout)
    sizes = [len(s["cards"]) for s in deal["stacks"] if s["id"].startswith("tableau-")]
    assert sizes == [7, 7, 7, 7, 6, 6, 6, 6]
    play = fresh_venv.run(fresh_venv.bin / "reussite", "play", "streets-and-alleys", "--text", "-n", "5",
                          input="hint\nq\n")
    assert "Streets and Alleys #5" in play.stdout


BROKEN = {
    "reussite-broken/pyproject.toml": plugin_pyproject("reussite-broken", "broken-demo", "reussite_broken",
                                                        version="0.3"),
    "reussite-broken/reussite_broken.py": """
        raise RuntimeError("cannot find my card images")
        """,
}


def test_a_broken_plugin_distribution_is_listed_and_the_rest_works(fresh_venv, tmp_path):
    write_tree(tmp_path, BROKEN)
    fresh_venv.pip_install(str(tmp_path / "reussite-broken"))
    plugins = {p["name"]: p for p in json.loads(fresh_venv.reussite("plugins", "--json").stdout)}
    broken = plugins["broken-demo"]
    assert broken["status"] == "error" and broken["distribution"] == "reussite-broken"
    assert broken["version"] == "0.3"
    assert "RuntimeError: cannot find my card images" in broken["errors"][0]
    assert plugins["forty-thieves"]["status"] == "ok"
    listing = fresh_venv.reussite("games")
    assert "forty-thieves" in listing.stdout and "1 plugin failed to load" in listing.stderr
    fresh_venv.reussite("deal", "forty-thieves", "-n", "3")


def test_a_plugin_with_its_own_domain_is_translated_from_its_catalog(fresh_venv, tmp_path):
    import shutil
    import subprocess

    source = ROOT / "tests" / "data" / "dists" / "reussite-pairs"
    dist = tmp_path / "reussite-pairs"
    shutil.copytree(source, dist)
    po = dist / "reussite_pairs" / "locale" / "fr" / "LC_MESSAGES" / "reussite_pairs.po"
    subprocess.run(["msgfmt", "--check", "-o", str(po.with_suffix(".mo")), str(po)], check=True)
    fresh_venv.pip_install(str(dist))
    games = {g["id"]: g for g in json.loads(fresh_venv.reussite("--lang", "fr", "games", "--json").stdout)}
    assert games["pairs-demo"]["name"] == "Par paires"  # from the plugin's own catalog
    assert games["pairs-demo"]["alt_names"] == ["Deux par deux"]
    assert games["forty-thieves"]["name"] == "Les quarante voleurs"  # the host's catalog still serves the host
    text = fresh_venv.reussite("--lang", "fr", "deal", "pairs-demo", "-n", "3").stdout
    assert text.startswith("Par paires n°\u00a03")  # « n° », from the host catalog
    assert "score 0, coups 0" in text  # shared words fall back to the host's domain
    english = fresh_venv.reussite("deal", "pairs-demo", "-n", "3").stdout
    assert english.startswith("Pair Up #3") and "score 0, moves 0" in english
