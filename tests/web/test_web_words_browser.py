"""The page's words in English and in French, in a real Chromium: plural sentences for several cards held, the
game's number as each language writes it (« n° »), the move log's deal in words, and a hint said again in the
new language when the player switches."""

from __future__ import annotations

import pytest
from browser_actions import wait_until

pytestmark = pytest.mark.browser

NBSP = "\u00a0"
WORDS = {
    "en": {"number": "Forty Thieves #1", "many": "Holding 2 cards from ", "one": ("takes it.", "It can go on"),
           "other": ("No stack takes them.", "They can go on: "), "deal": "deal"},
    "fr": {"number": f"Les quarante voleurs n°{NBSP}1", "many": f"En main{NBSP}: 2 cartes à partir ",
           "one": ("ne la prend.", "Elle peut aller"),
           "other": ("Aucune pile ne les prend.", "Elles peuvent aller sur"), "deal": "donne"},
}


def message(page) -> str:
    return page.locator("#message").inner_text()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_plural_status_number_and_move_log_in_words(page, server, lang):
    words = WORDS[lang]
    state = server.new_game("forty-thieves", 1)
    page.add_init_script(f"localStorage.setItem('reussite.lang', '{lang}')")
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    wait_until(page, f"document.documentElement.lang === '{lang}'")
    # The game and its number as the language writes them (never « Quarante voleurs # 1 »).
    assert page.locator(".number").inner_text().replace(page.locator("#btn-copy").inner_text(), "").strip() == \
        words["number"]
    # Two cards held with the keyboard: the status line speaks of them in the plural.
    tableau = next(s["id"] for s in state["stacks"] if s["kind"] == "tableau")
    page.locator(f".slot[data-id='{tableau}']").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    assert page.locator(".card.selected").count() == 2
    said = message(page)
    assert said.startswith(words["many"]), said
    assert any(part in said for part in words["other"]) and not any(part in said for part in words["one"]), said
    page.keyboard.press("Escape")
    # The deal in the move log: in the reader's words, the notation kept for bookmarks.
    page.keyboard.press("d")
    page.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
    page.click("#btn-log")
    page.wait_for_selector("#log-list button[data-moves='1']")
    assert page.locator("#log-list button[data-moves='1'] .notation").inner_text() == words["deal"]


def test_a_hint_is_said_again_in_the_new_language(page, server):
    state = server.new_game("forty-thieves", 1)
    page.add_init_script("localStorage.setItem('reussite.lang', 'en')")
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    with page.expect_response(lambda r: "/api/hint" in r.url) as answer:
        page.keyboard.press("h")
    texts = answer.value.json()["texts"]
    assert texts["en"] != texts["fr"] and texts["fr"]
    wait_until(page, "!document.getElementById('message').textContent.includes('…')")
    assert message(page) == texts["en"]
    page.locator("#bar .langs button[data-lang='fr']").click()
    wait_until(page, "document.documentElement.lang === 'fr'")
    wait_until(page, f"document.getElementById('message').textContent === {texts['fr']!r}")
    # Held cards are said again too, from the position drawn in the new language.
    tableau = next(s["id"] for s in state["stacks"] if s["kind"] == "tableau")
    page.locator(f".slot[data-id='{tableau}']").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    assert message(page).startswith(WORDS["fr"]["many"])
    page.locator("#bar .langs button[data-lang='en']").click()
    wait_until(page, "document.documentElement.lang === 'en'")
    wait_until(page, f"document.getElementById('message').textContent.startsWith({WORDS['en']['many']!r})")
