"""The fault-injection suite's tally: how many attacks were tried and handled, and whether any cost the
player the game in progress. A test is one attack, unless it uses the ``attack`` fixture: then each
``with attack("what"):`` block is one (tests that share a server between attacks)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

TALLY = {"tried": 0, "handled": 0, "failed": 0, "games lost": 0}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or "faults" not in item.path.parts or "attack" in item.fixturenames:
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


def _cards(state: dict) -> list:
    return [[card and card["code"] for card in stack["cards"]] for stack in state["stacks"]]


class Attack:
    @contextmanager
    def __call__(self, what: str) -> Iterator[None]:
        TALLY["tried"] += 1
        try:
            yield
        except BaseException:
            TALLY["failed"] += 1
            raise
        TALLY["handled"] += 1

    def kept(self, before: dict, after: dict) -> None:
        """The game in progress survived: same game, number, moves and cards (``/api/state`` answers, in any
        language)."""
        same = all(before[k] == after[k] for k in ("game", "number", "moves")) and _cards(before) == _cards(after)
        self.survived(same, f"{before['game']} after {before['moves']} moves became {after['game']} after "
                            f"{after['moves']}")

    def survived(self, ok: bool, why: str) -> None:
        if not ok:
            TALLY["games lost"] += 1
        assert ok, why


@pytest.fixture
def attack() -> Attack:
    return Attack()
