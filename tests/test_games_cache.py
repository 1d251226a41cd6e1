"""``reussite games`` answers from a cache when nothing it was made from changed (issue 13: it must start no
slower than soliterm's ``--list``), and never answers stale: a plugin edited, installed or removed, or another
language, lists afresh. Real processes, as a player runs the command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

PLUGIN = '''
from reussite.hookspecs import hookimpl
from reussite_plugins.forty_thieves import FortyThieves


class Demo(FortyThieves):
    id = "cache-demo"
    name = "{name}"


@hookimpl
def reussite_games():
    return [Demo]
'''


def run(tmp_path, *args: str, importtime: bool = False) -> subprocess.CompletedProcess:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(tmp_path / "site"), env.get("PYTHONPATH")) if p)
    for name in ("REUSSITE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(name, None)
    cmd = [sys.executable, *(["-X", "importtime"] if importtime else []), "-m", "reussite", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)


def install(site, name: str) -> None:
    (site / "cache_demo.py").write_text(textwrap.dedent(PLUGIN.format(name=name)), encoding="utf-8")
    info = site / "reussite_cache_demo-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Name: reussite-cache-demo\nVersion: 1.0\n\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[reussite.plugins]\ncache-demo = cache_demo\n", encoding="utf-8")


def test_games_answers_from_its_cache_and_lists_afresh_when_anything_changed(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    install(site, "Demo One")
    first = run(tmp_path, "games").stdout
    assert "  cache-demo           Demo One" in first and "  forty-thieves        Forty Thieves" in first
    assert (tmp_path / "cache" / "reussite" / "games-en.json").is_file()
    again = run(tmp_path, "games", importtime=True)
    assert again.stdout == first
    assert "pluggy" not in again.stderr and "reussite.game" not in again.stderr  # no plugin was loaded

    plugin = site / "cache_demo.py"
    install(site, "Demo Two")  # the plugin edited: same size, a later time stamp
    stamp = os.stat(plugin).st_mtime_ns + 2_000_000_000
    os.utime(plugin, ns=(stamp, stamp))
    assert "  cache-demo           Demo Two" in run(tmp_path, "games").stdout
    french = run(tmp_path, "--lang", "fr", "games").stdout
    assert "  forty-thieves        Les quarante voleurs" in french and "Demo Two" in french
    assert "Forty Thieves" in run(tmp_path, "games").stdout  # each language its own listing

    for path in (site / "reussite_cache_demo-1.0.dist-info").iterdir():  # uninstalled
        path.unlink()
    (site / "reussite_cache_demo-1.0.dist-info").rmdir()
    assert "cache-demo" not in run(tmp_path, "games").stdout
    listing = json.loads(run(tmp_path, "games", "--json").stdout)  # other installed distributions may come first
    assert "forty-thieves" in [g["id"] for g in listing] and "cache-demo" not in [g["id"] for g in listing]


def _later(path, seconds: int = 2) -> None:
    """A later time stamp, as an edit a moment after gives (the test runs faster than a clock tick)."""
    stamp = os.stat(path).st_mtime_ns + seconds * 1_000_000_000
    os.utime(path, ns=(stamp, stamp))


def test_a_plugin_fixed_after_a_failed_import_is_listed_at_once(tmp_path):
    """Before: the cache stamped only the modules imported, so the broken module was not stamped and, fixed,
    'reussite games' still said "1 plugin failed to load" and hid its games."""
    site = tmp_path / "site"
    site.mkdir()
    install(site, "Demo One")
    plugin = site / "cache_demo.py"
    plugin.write_text("raise ImportError('broken on purpose')\n", encoding="utf-8")
    broken = run(tmp_path, "games")
    assert "1 plugin failed to load" in broken.stderr and "cache-demo" not in broken.stdout
    assert "1 plugin failed to load" in run(tmp_path, "games").stderr  # from the cache: still broken
    install(site, "Demo One")  # fixed
    _later(plugin)
    fixed = run(tmp_path, "games")
    assert "  cache-demo           Demo One" in fixed.stdout and "failed to load" not in fixed.stderr


def test_a_change_of_a_plugins_distribution_metadata_lists_afresh(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    install(site, "Demo One")
    assert "cache-demo" in run(tmp_path, "games").stdout
    points = site / "reussite_cache_demo-1.0.dist-info" / "entry_points.txt"
    points.write_text("[reussite.plugins]\ncache-demo = cache_demo_gone\n", encoding="utf-8")  # edited in place
    _later(points)
    again = run(tmp_path, "games")
    assert "cache-demo" not in again.stdout and "1 plugin failed to load" in again.stderr
