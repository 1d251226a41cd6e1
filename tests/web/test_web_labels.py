"""The score's rule, option labels and redeals left: in the API in both languages, and in sight in the page."""

from __future__ import annotations

import re

import pytest

from reussite.host import Host

GAME_IDS = sorted(Host.load().games)


def start(client, game: str, options: dict | None = None) -> dict:
    version = client.get("/api/state").json()["version"]
    answer = client.post("/api/new", json={"version": version, "game": game, "number": 1, "options": options or {}})
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_says_how_it_scores_in_both_languages(client, game):
    english = start(client, game)["score_rule"]
    french = client.get("/api/state?lang=fr").json()["score_rule"]
    # How the score counts, as a sentence about points (Pileon's "Four points for each pile...", Poker's
    # hands).
    assert english.endswith(".") and re.search(r"\bpoints?\b|\bscores?\b", english), english
    assert french != english and "point" in french


def test_option_labels_and_values_are_words_not_codes(client):
    osmosis = next(g for g in client.get("/api/games?lang=fr").json() if g["id"] == "osmosis")
    (deal,) = osmosis["options"]
    assert deal["name"] == "deal" and deal["choices"] == ["1", "3"]  # what the API and saves use
    assert deal["label"] == "Pioche"
    assert deal["choice_labels"] == ["1 carte à la fois, 2 redistributions",
                                     "3 cartes à la fois, redistributions illimitées"]


def test_redeals_left_are_in_the_state(client):
    assert start(client, "forty-thieves")["redeals"] is False
    one = start(client, "osmosis", {"deal": "1"})
    assert one["redeals"] is True and one["redeals_left"] == 2
    three = start(client, "osmosis", {"deal": "3"})
    assert three["redeals"] is True and three["redeals_left"] is None  # unlimited


@pytest.mark.browser
def test_the_page_shows_the_score_rule_the_option_words_and_the_redeals_left(page, server):
    state = server.new_game("osmosis", 1)
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    page.click(".langs button[data-lang='fr']")
    page.wait_for_selector("html[lang='fr']")
    assert page.locator("#redeals-box").is_visible()
    assert page.locator("#redeals-box").inner_text().split() == ["Redistributions", "restantes", "2"]
    options = page.eval_on_selector_all("#options select option", "els => els.map(e => e.textContent)")
    assert options == ["1 carte à la fois, 2 redistributions", "3 cartes à la fois, redistributions illimitées"]
    assert page.locator("#options label span").inner_text() == "Pioche"
    assert not page.locator("#score-rule").is_visible()
    page.click("#score-box summary")
    assert page.locator("#score-rule").is_visible()
    assert page.locator("#score-rule").inner_text() == "Un point par carte posée sur les fondations."
    page.click(".langs button[data-lang='en']")
    page.wait_for_selector("html[lang='en']")
    server.new_game("forty-thieves", 1)
    page.reload()
    page.wait_for_selector("body[data-painted]")
    assert page.locator("#redeals-box").is_hidden()  # Forty Thieves has no redeal
    page.click("#score-box summary")
    assert "60 more for each foundation" in page.locator("#score-rule").inner_text()
