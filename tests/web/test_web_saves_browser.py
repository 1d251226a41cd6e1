"""Saved games, the clock and the quiet refusal of a move, in a real Chromium against ``reussite play``."""

from __future__ import annotations

import json

import pytest
from browser_actions import drag, wait_until

from reussite import saves
from reussite.host import Host

pytestmark = pytest.mark.browser

GAME = "forty-thieves"


def open_game(page, server, number: int) -> dict:
    state = server.new_game(GAME, number)
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    return state


def play_one(page, server, state: dict) -> dict:
    """One move in the page: a card dragged, or where no card can move (a random new game may start so) a
    click on the stock, where a person would click."""
    move = next((m for m in state["legal"] if m["type"] == "move"), None)
    if move is not None:
        drag(page, state, move["src"], move["dst"], move["n"])
    else:
        stock = next(i for i, s in enumerate(state["stacks"]) if s["kind"] == "stock")
        box = page.locator(f".slot[data-stack='{stock}']").bounding_box()
        page.mouse.click(box["x"] + 10, box["y"] + 10)
    page.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
    return server.state()


def rows(page) -> list[str]:
    return page.eval_on_selector_all("#saves-list tbody tr", "els => els.map(e => e.dataset.name)")


def test_save_load_download_upload_delete_in_the_page(page, server, tmp_path):
    state = open_game(page, server, 7)
    played = play_one(page, server, state)
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))

    page.click("#btn-saves")
    page.fill("#save-name", "Chromium été")
    page.click("#btn-save")
    page.wait_for_selector("#saves-list tr[data-name='Chromium été']")
    on_disk = server.data_dir / saves.SAVES_FOLDER / "Chromium été.json"
    assert json.loads(on_disk.read_text())["number"] == 7
    assert saves.load(on_disk, Host.load()).digest() == saves.to_json(saves.load(on_disk, Host.load()))["position"]
    assert len(json.loads(on_disk.read_text())["moves"]) == played["moves"] == 1

    # Download: the very file, which the text mode loads.
    with page.expect_download() as info:
        page.click("#saves-list tr[data-name='Chromium été'] .save-download")
    downloaded = tmp_path / "downloaded.json"
    info.value.save_as(downloaded)
    assert downloaded.read_bytes() == on_disk.read_bytes()
    assert saves.load(downloaded, Host.load()).move_count == 1

    # A new game, one move, then loading the save: the player is asked first (the game in progress would go).
    page.click("#btn-saves-close")
    page.keyboard.press("n")
    wait_until(page, f"document.body.dataset.version > {played['version']}")
    fresh = server.state()
    assert fresh["number"] != "7"
    again = play_one(page, server, fresh)
    page.click("#btn-saves")
    page.click("#saves-list tr[data-name='Chromium été'] .save-load")
    page.wait_for_selector(f"body[data-version='{again['version'] + 1}']")
    assert any("Chromium été" in text for text in asked)
    loaded = server.state()
    assert loaded["number"] == "7" and loaded["stacks"] == played["stacks"]
    assert "Chromium été" in page.locator("#saves-message").inner_text()

    # Upload a save the text mode wrote; then delete both.
    game = Host.load().new_game(GAME, 11, {})
    game.push(next(iter(game.legal_moves())))
    text_mode = tmp_path / "from text mode.json"
    saves.save(game, text_mode)
    page.set_input_files("#save-upload", str(text_mode))
    page.wait_for_selector("#saves-list tr[data-name='from text mode']")
    assert (server.data_dir / saves.SAVES_FOLDER / "from text mode.json").read_text() == text_mode.read_text()
    for name in ("from text mode", "Chromium été"):
        page.click(f"#saves-list tr[data-name='{name}'] .save-delete")
        page.wait_for_selector(f"#saves-list tr[data-name='{name}']", state="detached")
    assert rows(page) == []
    assert not page.locator("#saves-none").is_hidden()


def test_a_damaged_upload_and_a_bad_name_are_refused_with_their_reason(page, server, tmp_path):
    open_game(page, server, 3)
    page.click("#btn-saves")
    page.fill("#save-name", "../escape")
    page.click("#btn-save")
    page.wait_for_selector("#saves-message.error")
    assert "'../escape'" in page.locator("#saves-message").inner_text()
    bad = tmp_path / "damaged.json"
    bad.write_text('{"format": "reussite-save", "version": 1,\n "game": ')
    page.set_input_files("#save-upload", str(bad))
    wait_until(page, "document.querySelector('#saves-message').textContent.includes('damaged.json')")
    assert "line 2" in page.locator("#saves-message").inner_text()
    assert not (server.data_dir / saves.SAVES_FOLDER / "damaged.json").exists()
    assert not (server.data_dir.parent / "escape.json").exists()


def test_the_clock_stops_while_the_page_is_hidden_and_a_refused_move_logs_nothing(page, server):
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    state = open_game(page, server, 1)
    wait_until(page, "true")
    # The page says it is hidden (another tab came to the front): the server's clock stops.
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_timeout(300)
    first = server.state()["elapsed"]
    page.wait_for_timeout(1200)
    assert server.state()["elapsed"] == first
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_timeout(1200)
    assert server.state()["elapsed"] > first

    # A move the rules refuse: the reason is shown, and the browser console stays clean.
    illegal = next(
        (s["id"], d["id"]) for s in state["stacks"] for d in state["stacks"]
        if s["kind"] == "tableau" and d["kind"] == "tableau" and s["id"] != d["id"] and s["cards"] and d["cards"]
        and not any(m["type"] == "move" and m["src"] == s["id"] and m["dst"] == d["id"] for m in state["legal"])
    )
    drag(page, state, illegal[0], illegal[1], 1)
    page.wait_for_selector("#message.error")
    assert server.state()["version"] == state["version"]
    assert console == []
