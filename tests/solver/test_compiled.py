"""The compiled solver (setup.py: the hot modules built by Cython from their own sources into the wheel) gives
the very answers of the pure-Python one, and a machine that cannot compile still gets a working wheel."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.venv

#: Bundled and classic games, options and deals: a node budget makes the run the same everywhere.
SCRIPT = r"""
import json, sys
import reussite.solver.search as search
from reussite.host import Host
from reussite.solver import Budget, solve

cases = [("tournament", {}, (1, 2)), ("forty-thieves", {}, (1, 2)), ("mount-olympus", {}, (1,)),
         ("osmosis", {"deal": "3"}, (1, 2, 3)), ("osmosis", {"deal": "1"}, (4,)),
         # The classics: the stock's sequences, the streamlined search, the walk (Black Hole, Golf).
         ("klondike", {"draw": "3"}, (1, 2, 7)), ("klondike", {"draw": "1"}, (3,)), ("freecell", {}, (1,)),
         ("spider", {"suits": "1"}, (1,)), ("black-hole", {}, (1, 2)), ("golf", {}, (1, 3))]
host = Host.load()
rows = []
for game_id, options, deals in cases:
    for number in deals:
        game = host.new_game(game_id, number, options)
        result = solve(game, Budget(int(sys.argv[1]), None, None))
        rows.append([game_id, number, result.verdict.value, result.nodes, result.positions, result.searched,
                     result.notation(game)])
print(json.dumps({"module": search.__file__, "rows": rows}))
"""


def solved(python: str | Path, cwd: Path) -> dict:
    proc = subprocess.run([str(python), "-c", SCRIPT, "3000"], capture_output=True, text=True, cwd=cwd,
                          check=True)
    return json.loads(proc.stdout)


def test_the_compiled_wheel_gives_the_pure_python_verdicts_lines_and_counts(fresh_venv, tmp_path, copy_sources):
    if importlib.util.find_spec("reussite_classics") is None:
        pytest.skip("the classic games are not installed here (pip install -e ./classics)")
    # The classics beside the host in the session's venv, built from a copy, and taken out again: other tests
    # expect the host's games alone.
    fresh_venv.pip_install(str(copy_sources(tmp_path / "classics", ROOT / "classics")))
    try:
        compiled = solved(fresh_venv.bin / "python", tmp_path)
    finally:
        fresh_venv.run(fresh_venv.bin / "python", "-m", "pip", "uninstall", "-y", "-q", "reussite-classics")
    if not compiled["module"].endswith(".so"):
        if os.environ.get("CI") == "true":  # CI's machine has a C compiler: the wheel must be compiled there
            pytest.fail(f"the wheel's solver is not compiled: {compiled['module']}")
        pytest.skip("this machine built the wheel without compiling it (no C compiler?)")
    pure = solved(sys.executable, tmp_path)  # this checkout: an editable install runs the sources
    assert pure["module"].endswith(".py"), pure["module"]
    assert len(pure["rows"]) == 19
    assert [row[2] for row in pure["rows"]].count("won") >= 5  # decided deals, lines to compare
    assert compiled["rows"] == pure["rows"]


def test_a_wheel_built_without_a_compiler_is_pure_python_and_says_so(tmp_path, copy_sources):
    # A compiler that fails (as a missing one does): every module stays as its source, the build succeeds.
    source = copy_sources(tmp_path / "src")
    env = {**os.environ, "CC": "false", "LDSHARED": "false"}
    proc = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path), str(source)],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "reussite.solver.search not compiled" in proc.stdout + proc.stderr
    (wheel,) = tmp_path.glob("reussite-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "reussite/solver/search.py" in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))]
