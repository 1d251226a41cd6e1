"""The host's own entry-point reader agrees with importlib.metadata (which it replaces to start faster)."""

from __future__ import annotations

import importlib.metadata
import sys

from reussite.hookspecs import ENTRY_POINT_GROUP
from reussite.host import Host, find_entry_points


def described(points) -> list[tuple]:
    return sorted((e.name, e.value, e.dist.metadata["Name"], e.dist.version) for e in points)


def test_the_installed_plugins_are_found_as_importlib_metadata_finds_them():
    assert described(find_entry_points(ENTRY_POINT_GROUP)) == described(
        importlib.metadata.entry_points(group=ENTRY_POINT_GROUP))
    assert len(Host.load().games) >= 4


def dist_info(folder, name: str, version: str, entry_points: str):
    info = folder / f"{name}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n\nName: not this\n")
    (info / "entry_points.txt").write_text(entry_points)
    return info


def test_groups_comments_shadowed_distributions_and_folders_without_entry_points(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    dist_info(first, "solitaire_pack", "1.2", f"""# a comment
[console_scripts]
pack = solitaire_pack.cli:main

[{ENTRY_POINT_GROUP}]
# another comment
klondike = solitaire_pack.klondike
spider=solitaire_pack.games:Spider.plugin [extra]
""")
    dist_info(second, "solitaire_pack", "0.9", f"[{ENTRY_POINT_GROUP}]\nold = solitaire_pack.old\n")  # shadowed
    dist_info(second, "other", "3", "[console_scripts]\nother = other:main\n")
    (second / "no_entry_points-1.dist-info").mkdir()
    (second / "just-a-file.txt").write_text("x")
    path = [str(first), str(tmp_path / "missing"), str(second)]
    mine = find_entry_points(ENTRY_POINT_GROUP, path)
    theirs = [e for e in importlib.metadata.distributions(path=path) for e in e.entry_points
              if e.group == ENTRY_POINT_GROUP]
    # importlib.metadata.distributions(path=...) does not drop shadowed copies; entry_points() does, by name.
    assert [e.value for e in theirs][-1] == "solitaire_pack.old"
    assert described(mine) == described(theirs[:-1]) == [
        ("klondike", "solitaire_pack.klondike", "solitaire_pack", "1.2"),
        ("spider", "solitaire_pack.games:Spider.plugin [extra]", "solitaire_pack", "1.2"),
    ]


def test_an_entry_point_loads_a_module_attribute_path(tmp_path, monkeypatch):
    (tmp_path / "ep_demo_pkg.py").write_text("class Games:\n    class plugin:\n        pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    dist_info(tmp_path, "ep_demo", "1", f"[{ENTRY_POINT_GROUP}]\ndemo = ep_demo_pkg:Games.plugin [extra]\n")
    (point,) = find_entry_points(ENTRY_POINT_GROUP, [str(tmp_path)])
    assert point.load() is sys.modules["ep_demo_pkg"].Games.plugin
