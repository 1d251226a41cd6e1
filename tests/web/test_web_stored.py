"""What the page keeps in the browser (issue 40): a value it does not understand is ignored and said, naming
the key and the value, and the page starts; a bookmark of any length works. A real Chromium, a real server."""

from __future__ import annotations

import json

import pytest

from reussite.host import Host

STORED = {
    "a language that is no tag": ("localStorage", "reussite.lang", "not a language!"),
    "recent games that are no list": ("localStorage", "reussite.recent", '{"klondike": 1}'),
    "a card face no version offers": ("localStorage", "reussite.faces", "holographic"),
    "bookmarks that are no JSON": ("localStorage", "BOOKMARKS", "[[\"t1-f\""),
    "closed notices that are no list": ("sessionStorage", "reussite.notices", "{broken"),
}


def open_with(page, server, where: str, key: str, value: str) -> dict:
    state = server.new_game("forty-thieves", 1)
    key = key.replace("BOOKMARKS", f"reussite.bookmarks.{state['game']}.{state['number']}")
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    page.evaluate(f"() => {where}.setItem({json.dumps(key)}, {json.dumps(value)})")
    page.reload()
    page.wait_for_selector("body[data-painted]")
    return {**state, "key": key}


@pytest.mark.parametrize("case", STORED)
def test_a_stored_value_the_page_does_not_understand_is_ignored_and_said(page, server, case):
    """Before: a language tag the browser refuses threw a RangeError and the page never started; odd recent
    games, card faces or bookmarks were dropped without a word, and odd closed notices threw at every state."""
    where, key, value = STORED[case]
    state = open_with(page, server, where, key, value)  # the page fixture fails on any JavaScript error
    try:
        if key == "BOOKMARKS":
            page.click("#btn-log")  # the bookmarks are read with the move log
            page.wait_for_selector("#log-list button")
        if where == "sessionStorage":  # the page's own record: ignored without a word, the notices still shown
            assert page.locator("#notice").is_hidden()
            return
        page.wait_for_selector("#notice:not([hidden])")
        text = page.locator("#notice-text").inner_text()
        assert f"({state['key']} = {value[:39]}" in text and "it is ignored" in text, text
        assert page.evaluate("document.documentElement.lang") == "en"
    finally:
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


def test_the_notice_is_in_the_pages_language(page, server):
    open_with(page, server, "localStorage", "reussite.lang", "fr")
    page.evaluate("() => localStorage.setItem('reussite.faces', 'holographic')")  # ignored, then replaced
    page.reload()
    page.wait_for_selector("#notice:not([hidden])")
    text = page.locator("#notice-text").inner_text()
    assert "ne comprend pas (reussite.faces = holographic)\u00a0: il est ignoré" in text, text
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


def test_a_bookmark_of_a_line_of_2500_moves_is_gone_to(page, server):
    """Before: the line travelled in a body over the 16 KiB limit and the server answered 413."""
    game = Host.load().new_game("klondike", 2, {})
    line = []
    while len(line) < 2500:  # the stock dealt and turned over, by the rules
        move = next(m for m in game.legal_moves() if "deal" in game.notation(m))
        line.append(game.notation(move))
        game.push(move)
    assert len(json.dumps({"line": line})) > 16 * 1024
    state = server.new_game("klondike", 2)
    key = f"reussite.bookmarks.klondike.{state['number']}"
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    page.evaluate(f"() => localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps([line]))})")
    page.reload()
    page.wait_for_selector("body[data-painted]")
    page.click("#btn-log")
    page.click("#bookmarks button.bookmark")
    page.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
    assert server.state()["moves"] == 2500 and page.locator("#notice").is_hidden()
    page.evaluate("() => localStorage.clear()")


def test_only_the_goto_route_takes_a_body_past_16_kib_and_it_too_has_a_limit(client):
    from reussite.web.api import MAX_BODY_BYTES, MAX_LINE_BYTES

    version = client.get("/api/state").json()["version"]
    pad = {"version": version, "pad": "x" * (MAX_BODY_BYTES + 1)}
    assert client.post("/api/undo", json=pad).status_code == 413
    assert client.post("/api/goto", json={**pad, "moves": 0}).status_code == 200
    huge = client.post("/api/goto", json={"version": version, "pad": "x" * MAX_LINE_BYTES})
    assert huge.status_code == 413 and str(MAX_LINE_BYTES) in huge.text


def test_a_bookmark_the_browser_cannot_store_is_said_not_kept(page, server):
    """Before: the browser's refusal (its storage full) was swallowed and the bookmark silently lost."""
    state = server.new_game("forty-thieves", 1)
    move = next(m for m in state["legal"] if m["type"] == "move")
    state = server.api("/api/move", {"version": state["version"], "src": move["src"], "dst": move["dst"],
                                     "n": move["n"]}).json()
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    page.click("#btn-log")
    page.wait_for_selector("#log-list li:nth-child(2) button[aria-current='step']")
    page.evaluate("""() => {  // the storage filled up, as by a great many bookmarks
        let chunk = 'x'.repeat(1 << 20);
        for (let i = 0; chunk.length; i += 1) {
            try { localStorage.setItem(`filler.${i}`, chunk); } catch (e) { chunk = chunk.slice(0, chunk.length >> 1); }
        }
    }""")
    page.click("#btn-bookmark")
    page.wait_for_selector("#message.error")
    assert "could not be kept" in page.locator("#message").inner_text()
    assert page.locator("#bookmarks button.bookmark").count() == 0
    page.evaluate("() => localStorage.clear()")
    page.click("#btn-bookmark")  # room again: kept
    page.wait_for_selector("#bookmarks button.bookmark")
    page.evaluate("() => localStorage.clear()")
