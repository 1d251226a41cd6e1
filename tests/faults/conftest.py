"""The fault-injection suite's tally: every test here is one attack; the summary says how many were
handled and whether any cost the player the game in progress."""

from __future__ import annotations

import pytest

TALLY = {"tried": 0, "handled": 0, "failed": 0, "games lost": 0}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or "faults" not in item.path.parts:
        return
    TALLY["tried"] += 1
    TALLY["handled" if report.passed else "failed"] += 1
    if report.failed and any(name == "game_at_stake" for name, _ in item.user_properties):
        TALLY["games lost"] += 1


def pytest_terminal_summary(terminalreporter):
    if TALLY["tried"]:
        terminalreporter.write_line("hostile inputs: " + ", ".join(f"{v} {k}" for k, v in TALLY.items()))


@pytest.fixture
def game_at_stake(record_property):
    """Marks an attack made while a game is in progress: if it fails, the tally counts a game lost."""
    record_property("game_at_stake", True)
