"""Hints a player can follow, in Chromium (issue 37 item 3): in a game whose moves are final (Escalator, of the
Golf family) a guess says so, and "Play it" asks before playing it; Cancel plays nothing, OK plays it. The
ceiling on the solver's time is a setting kept in the browser. The deal is picked by running the solver here
first: one it leaves undecided at far more positions than the page's 1 s searches."""

from __future__ import annotations

import importlib.util
import os

import pytest
from browser_actions import open_settings, wait_until

pytestmark = pytest.mark.browser

GAME, NUMBER = "escalator", 2


@pytest.fixture(scope="module")
def undecided_deal():
    if importlib.util.find_spec("reussite_classics") is None:
        if os.environ.get("CI"):
            pytest.fail("reussite-classics is not installed (CI is set, so this is a failure, not a skip)")
        pytest.skip("reussite-classics is not installed: pip install -e ./classics")
    from reussite.host import Host
    from reussite.solver import Verdict, solve

    game = Host.load().new_game(GAME, NUMBER, {})
    assert solve(game, nodes=30_000).verdict is Verdict.UNKNOWN  # the page's 1 s searches a few thousand here
    return GAME, NUMBER


def test_play_it_asks_first_for_a_guess_in_a_game_whose_moves_are_final(page, server, undecided_deal):
    state = server.new_game(*undecided_deal)
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    open_settings(page)
    page.select_option("#hint-time", "1")  # the ceiling: the hint and "Play it" search 1 s of CPU at most
    page.keyboard.press("Escape")
    assert page.evaluate("localStorage.getItem('reussite.hintLimit')") == "1"
    asked: list[str] = []

    def answer(dialog, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    version = state["version"]
    page.once("dialog", lambda dialog: answer(dialog, False))
    page.keyboard.press("p")
    page.wait_for_selector(f"body[data-hint-version='{version}']", timeout=30000)
    wait_until(page, "document.body.dataset.hintKind === 'heuristic'")
    wait_until(page, "document.getElementById('message').textContent.includes('for good')")
    for _ in range(100):  # the question comes once the hint is shown (Playwright answers it meanwhile)
        if asked:
            break
        page.wait_for_timeout(50)
    assert asked and "Play it anyway?" in asked[0]
    assert server.state()["version"] == version  # Cancel: nothing played
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.keyboard.press("p")  # the guess on show is as deep as "Play it" searches: asked again at once
    page.wait_for_selector(f"body[data-version='{version + 1}']", timeout=30000)
    assert len(asked) == 2 and server.state()["moves"] == 1
