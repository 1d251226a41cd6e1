"""Cards removed together in a real Chromium (a game declaring ``pairs``: the classics' Thirteen): one card
dragged onto the other, or the two clicked in turn, removes the pair; a King goes alone by a double-click."""

from __future__ import annotations

import importlib.util

import pytest
from browser_actions import drag, stack_index

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def thirteen():
    if importlib.util.find_spec("reussite_classics") is None:
        pytest.skip("reussite_classics is not installed: pip install -e ./classics to run these tests")
    from reussite_classics.pyramid import Thirteen

    return Thirteen


def first_deal(cls, wanted):
    for number in range(1, 200):
        game = cls(number)
        found = wanted(game)
        if found:
            return number, found
    raise AssertionError("no deal of 1-199 has it")


def pyramid_pair(game):
    from reussite.game import Pair

    for move in game.legal_moves():
        if move.__class__ is Pair and move.src != move.other and game.specs[move.src].kind.value == "tableau" \
                and game.specs[move.other].kind.value == "tableau":
            return game.specs[move.src].id, game.specs[move.other].id
    return None


def open_game(page, server, number):
    server.new_game("thirteen", number)
    page.goto(server.url)
    page.wait_for_selector("body[data-painted]")
    return server.state()


def test_a_pair_by_dragging_one_card_onto_the_other_and_by_two_clicks(page, server, thirteen):
    number, (first, second) = first_deal(thirteen, pyramid_pair)
    state = open_game(page, server, number)
    # Held, either card shows the other as its target.
    page.click(f".card[data-stack='{stack_index(state, second)}']")
    assert "target" in page.get_attribute(f".slot[data-stack='{stack_index(state, first)}']", "class")
    page.keyboard.press("Escape")

    drag(page, state, second, first, 1)
    page.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
    after = server.state()
    assert after["score"] == 2 and after["moves"] == 1
    assert not after["stacks"][stack_index(after, first)]["cards"]
    assert not after["stacks"][stack_index(after, second)]["cards"]

    page.keyboard.press("u")
    page.wait_for_selector(f"body[data-version='{state['version'] + 2}']")
    page.click(f".card[data-stack='{stack_index(state, first)}']")
    page.click(f".card[data-stack='{stack_index(state, second)}']")
    page.wait_for_selector(f"body[data-version='{state['version'] + 3}']")
    assert server.state()["score"] == 2


PAIRS_GAMES = [("thirteen", {}), ("fourteen", {}), ("isabel", {}), ("block-ten", {}), ("helsinki", {}),
               ("jamestown", {}), ("triple-peaks", {}), ("escalator", {}), ("elevator", {}),
               ("eliminator", {"foundations": "4"}), ("treize", {}), ("yield", {})]


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_the_pairing_and_peaks_games_fit_the_table(browser, server, thirteen, size):
    """Each game of the Pyramid, Fourteen, Peaks and Take Away families as dealt: every stack on the table,
    inside its width, none over another (a pyramid's rows are spread out by the page)."""
    from test_web_classics_browser import check_fits

    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(8000)
    page.route("**/api/watch*", lambda route: route.fulfill(status=200, content_type="application/json",
                                                            body='{"stale": true}'))
    try:
        for game, options in PAIRS_GAMES:
            state = server.api("/api/new", {"game": game, "number": 1, "options": options,
                                            "version": server.state()["version"]}).json()
            page.goto(server.url)
            page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
            check_fits(page, f"{game} at {size}", size[0])
    finally:
        context.close()
