"""A plugin that is slow but working is not taken for one that hangs (issue 40): on a busy machine, importing
the classics' 31 family modules in ``reussite_games`` could take longer than the time limit in all, and the
classic games vanished. A module imported is a step of the time limit, as a trial deal is; a plugin that sleeps
or loops without importing anything is still stopped after the limit."""

from __future__ import annotations

import sys
import textwrap
from importlib.metadata import EntryPoint

import pytest

from reussite.host import Host

LIMIT = 1.0
#: Each part sleeps most of the limit: three of them take twice the limit in all.
PART = """
import time

time.sleep({pause})
"""
PLUGIN = """
import importlib
import time

from reussite.hookspecs import hookimpl
from reussite_plugins.forty_thieves import FortyThieves

{at_import}


class {name}Thieves(FortyThieves):
    id = "{game}"
    name = "{name}"


@hookimpl
def reussite_games():
    {in_games}
    return [{name}Thieves]
"""


def _plugin(folder, module: str, game: str, at_import: str = "", in_games: str = "pass") -> EntryPoint:
    name = module.title().replace("_", "")
    (folder / f"{module}.py").write_text(textwrap.dedent(PLUGIN).format(
        at_import=at_import, in_games=in_games, name=name, game=game), encoding="utf-8")
    for k in range(3):
        (folder / f"{module}_part_{k}.py").write_text(PART.format(pause=LIMIT * 0.7), encoding="utf-8")
    return EntryPoint(module, module, "reussite.plugins")


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith(("slow_", "stuck_"))]:
        del sys.modules[name]


def _load(*entry_points: EntryPoint) -> Host:
    host = Host.load(entry_points=list(entry_points), timeout=LIMIT)
    host.games  # noqa: B018  (the hooks are called here)
    return host


def test_a_plugin_importing_its_modules_slowly_at_import_and_in_its_hook_loads(plugins):
    imports = "; ".join(f"importlib.import_module('{{m}}_part_{k}')" for k in range(3))
    at_import = _plugin(plugins, "slow_import", "slow-import", at_import=imports.format(m="slow_import"))
    in_games = _plugin(plugins, "slow_games", "slow-games", in_games=imports.format(m="slow_games"))
    host = _load(at_import, in_games)
    assert {"slow-import", "slow-games"} <= set(host.games)
    assert not host.plugins["slow_import"].errors and not host.plugins["slow_games"].errors
    assert host.plugins["slow_import"].import_seconds > 2 * LIMIT  # longer than the limit in all


def test_a_plugin_that_sleeps_or_loops_without_importing_is_still_stopped(plugins):
    asleep = _plugin(plugins, "stuck_asleep", "stuck-asleep", in_games="time.sleep(3600)")
    # It loops for 3 times the limit, then lets the test process's other threads have the GIL again.
    looping = _plugin(plugins, "stuck_looping", "stuck-looping",
                      at_import=f"end = time.monotonic() + {3 * LIMIT}\nwhile time.monotonic() < end:\n    pass")
    host = _load(asleep, looping)
    assert "stuck-asleep" not in host.games and "stuck-looping" not in host.games
    assert "did not answer within 1 s in reussite_games" in host.plugins["stuck_asleep"].errors[0]
    assert "did not answer within 1 s at import" in host.plugins["stuck_looping"].errors[0]
