"""A partly translated language in the page (made by tests/test_language_fallback.py in a temporary copy of the
catalogs): what it lacks comes in the browser's next language, then English, in the labels and the rules panel;
never the French source unless the browser asks for French."""

from __future__ import annotations

import os
import sys

import pytest
from browser_actions import wait_until
from test_language_fallback import UNTRANSLATED_UNIT, french, make_italian
from webserver import start_server, stop_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def italian_server(tmp_path_factory):
    shim = make_italian(tmp_path_factory.mktemp("italian"))
    base = tmp_path_factory.mktemp("italian-web")
    server = start_server(base / "data", base, [sys.executable, "-m", "reussite.cli"],
                          env={**os.environ, "PYTHONPATH": str(shim)})
    yield server
    stop_server(server)


@pytest.mark.parametrize("accept, undo, unit", [
    ("it-IT", "Undo", ("en", "Setup")),  # an Italian browser: English where Italian is missing
    ("it-IT,fr;q=0.8", french("Undo"), ("fr", UNTRANSLATED_UNIT)),  # it also reads French: French first
])
def test_the_page_fills_gaps_from_the_browsers_languages(browser, italian_server, accept, undo, unit):
    context = browser.new_context(locale="it-IT", extra_http_headers={"Accept-Language": accept},
                                  reduced_motion="reduce")
    try:
        page = context.new_page()
        page.add_init_script("localStorage.setItem('reussite.lang', 'it')")
        italian_server.new_game("osmosis", 1)
        page.goto(italian_server.url)
        page.wait_for_selector("body[data-painted]")
        assert page.evaluate("navigator.languages[0]") == "it-IT"
        wait_until(page, "document.documentElement.lang === 'it'")
        assert page.locator("#btn-undo").inner_text() == undo
        page.keyboard.press("?")
        wait_until(page, "document.getElementById('help-body').dataset.lang === 'it'")
        body = page.locator("#help-body")
        # The panel renumbers the page's headings under its own: the title is an h3, the sections h4.
        assert body.locator("h3").first.inner_text() == "Osmosi"  # the one unit translated
        lang, text = unit
        assert body.locator(f"h4[lang='{lang}']").first.inner_text() == text
        if lang == "en":
            assert body.locator("[lang='fr']").count() == 0, "French source inside an Italian page"
    finally:
        context.close()
