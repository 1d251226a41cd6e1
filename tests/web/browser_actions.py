"""What a player's hand does in the page, shared by the browser tests."""

from __future__ import annotations

import time

# Debian's Chromium (never a downloaded browser) and how every test runs it.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def stack_index(state: dict, stack_id: str) -> int:
    return [s["id"] for s in state["stacks"]].index(stack_id)


def drag(page, state: dict, src: str, dst: str, n: int) -> None:
    """Drag the top ``n`` cards of ``src`` with the mouse and drop them on ``dst``."""
    si, di = stack_index(state, src), stack_index(state, dst)
    pos = len(state["stacks"][si]["cards"]) - n
    # A tall table scrolls: the stacks are brought into view first, as a player scrolls to them (Wall's
    # waste piles lie below the wall).
    page.locator(f".slot[data-stack='{di}']").scroll_into_view_if_needed()
    page.locator(f".card[data-stack='{si}'][data-pos='{pos}']").scroll_into_view_if_needed()
    card = page.locator(f".card[data-stack='{si}'][data-pos='{pos}']").bounding_box()
    target = page.locator(f".slot[data-stack='{di}']").bounding_box()
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + 8)
    page.mouse.down()
    page.mouse.move(card["x"] + card["width"] / 2 + 20, card["y"] + 30, steps=3)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + min(target["height"] / 2, 40), steps=6)
    page.mouse.up()


def wait_until(page, expression: str, timeout: float = 8.0) -> None:
    """Wait until the JavaScript ``expression`` is true in the page.

    Playwright's ``wait_for_function`` compiles its predicate with ``new Function`` inside the page, which
    the page's Content-Security-Policy rightly forbids; ``evaluate`` goes through the debugger instead."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s: {expression}")
        time.sleep(0.05)


def open_menu(page) -> None:
    """Unfold the toolbar's menu (the game's choices and settings), as a player clicks Menu."""
    if page.get_attribute("#btn-menu", "aria-expanded") != "true":
        page.click("#btn-menu")
    page.wait_for_selector("#menu", state="visible")


def open_settings(page) -> None:
    """Open the Settings panel (the look of the cards and table, how the game plays), as a player clicks Settings."""
    if page.get_attribute("#btn-settings", "aria-expanded") != "true":
        page.click("#btn-settings")
    page.wait_for_selector("#settings", state="visible")
