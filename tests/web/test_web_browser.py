"""End to end in a real Chromium against ``reussite play --no-browser`` running as a subprocess."""

from __future__ import annotations

import pytest
from browser_actions import drag, open_menu, open_settings, stack_index, wait_until

from reussite.host import Host

pytestmark = pytest.mark.browser

NUMBER = 1
# The bundled games; the classic games (``pip install ./classics``) have their own browser test,
# tests/web/test_web_classics_browser.py, and going over them here too would double the browser time.
GAME_IDS = sorted(g for g, cls in Host.load().games.items() if cls.__module__.startswith("reussite_plugins."))


def open_game(page, server, game: str, number: int) -> dict:
    state = server.new_game(game, number)
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    return state


def shown_cards(page) -> list[str]:
    script = "els => els.map(e => e.dataset.stack + ':' + (e.getAttribute('aria-label') || '#'))"
    return page.eval_on_selector_all(".card", script)


def click_at(page, selector: str, dx: float = 10, dy: float = 10, count: int = 1) -> None:
    """Click where a person would (whatever lies on top there), not through Playwright's actionability."""
    box = page.locator(selector).bounding_box()
    page.mouse.click(box["x"] + dx, box["y"] + dy, click_count=count)


def wait_version(page, version: int) -> None:
    # A safety net, not a speed test: on a loaded two-core machine a drag's answer once took more than 8 s.
    page.wait_for_selector(f"body[data-version='{version}']", timeout=30_000)


def test_play_refuse_undo_reload(page, server, artifacts):
    state = open_game(page, server, "forty-thieves", NUMBER)
    before = shown_cards(page)
    move = next(m for m in server.api("/api/legal").json()["moves"] if m["type"] == "move")
    # Legal targets light up while the card is held.
    si = stack_index(state, move["src"])
    pos = len(state["stacks"][si]["cards"]) - move["n"]
    box = page.locator(f".card[data-stack='{si}'][data-pos='{pos}']").bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + 8)
    page.mouse.down()
    page.mouse.move(box["x"] + 32, box["y"] + 20, steps=4)
    lit = page.eval_on_selector_all(".slot.target", "els => els.map(e => e.dataset.id)")
    assert move["dst"] in lit
    page.mouse.up()  # dropped near where it was: it goes back
    page.wait_for_timeout(50)
    assert page.locator(".slot.target").count() == 0

    drag(page, state, move["src"], move["dst"], move["n"])
    wait_version(page, state["version"] + 1)
    after_move = shown_cards(page)
    assert after_move != before
    assert page.locator("#moves").inner_text() == "1"
    played = server.state()
    assert played["moves"] == 1

    # An illegal drop: the card returns and the reason is shown; the game does not change.
    illegal = next(
        (s["id"], d["id"]) for s in played["stacks"] for d in played["stacks"]
        if s["kind"] == "tableau" and d["kind"] == "tableau" and s["id"] != d["id"] and s["cards"] and d["cards"]
        and not any(m["type"] == "move" and m["src"] == s["id"] and m["dst"] == d["id"] for m in played["legal"])
    )
    drag(page, played, illegal[0], illegal[1], 1)
    page.wait_for_selector("#message.error")
    reason = page.locator("#message").inner_text()
    assert "cannot go on" in reason
    assert server.state()["version"] == played["version"]
    page.wait_for_timeout(250)
    assert shown_cards(page) == after_move

    page.keyboard.press("u")
    wait_version(page, played["version"] + 1)
    assert shown_cards(page) == before
    assert page.locator("#moves").inner_text() == "0"

    # Redo, then reload: the game is as it was.
    page.keyboard.press("r")
    wait_version(page, played["version"] + 2)
    page.reload()
    page.wait_for_selector("body[data-painted]")
    assert shown_cards(page) == after_move
    assert page.locator("#game-number").inner_text() == str(NUMBER)
    page.screenshot(path=str(artifacts / "web-forty-thieves.png"))


def test_click_click_and_double_click(page, server):
    state = open_game(page, server, "forty-thieves", NUMBER)
    move = next(m for m in state["legal"] if m["type"] == "move")
    si, di = stack_index(state, move["src"]), stack_index(state, move["dst"])
    pos = len(state["stacks"][si]["cards"]) - move["n"]
    click_at(page, f".card[data-stack='{si}'][data-pos='{pos}']", 20, 8)
    assert page.locator(".card.selected").count() == move["n"]
    assert page.locator(f".slot.target[data-stack='{di}']").count() == 1
    page.wait_for_timeout(500)  # two separate clicks, not a double-click
    click_at(page, f".slot[data-stack='{di}']")
    wait_version(page, state["version"] + 1)
    # R-FT-9: a double-click on the stock-turned waste card or a tableau card sends it where it goes best.
    state = server.state()
    best = next((m for m in state["legal"] if m["type"] == "move" and m["src"] != move["dst"]), None)
    if best:
        si = stack_index(state, best["src"])
        top = len(state["stacks"][si]["cards"]) - 1
        page.dblclick(f".card[data-stack='{si}'][data-pos='{top}']", position={"x": 20, "y": 8})
        wait_version(page, state["version"] + 1)
        assert server.state()["moves"] == 2


def test_keyboard_and_stock(page, server):
    state = open_game(page, server, "forty-thieves", NUMBER)
    stock = next(i for i, s in enumerate(state["stacks"]) if s["kind"] == "stock")
    page.locator(f".slot[data-stack='{stock}']").focus()
    page.keyboard.press("Enter")
    wait_version(page, state["version"] + 1)
    assert page.evaluate("document.activeElement.dataset.stack") == str(stock)  # focus kept after redraw
    page.keyboard.press("d")
    wait_version(page, state["version"] + 2)
    page.keyboard.press("h")
    page.wait_for_selector(".slot.hint-dst")
    page.keyboard.press("Escape")
    # A move made with the keyboard alone: Enter on the source stack, Enter on the target.
    state = server.state()
    move = next((m for m in state["legal"] if m["type"] == "move" and m["n"] == 1), None)
    if move:
        page.locator(f".slot[data-id='{move['src']}']").focus()
        page.keyboard.press("Enter")
        assert page.locator(".card.selected").count() == 1
        page.locator(f".slot[data-id='{move['dst']}']").focus()
        page.keyboard.press(" ")
        wait_version(page, state["version"] + 1)
    page.keyboard.press("Tab")  # every control is reachable: the focus moves on visibly
    assert page.evaluate("document.activeElement !== document.body")
    labels = page.eval_on_selector_all(".slot", "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(labels) and len(labels) == len(state["stacks"])


def help_loaded(page, lang: str) -> str:
    wait_until(page, f"document.getElementById('help-body').dataset.lang === '{lang}'")
    return page.locator("#help-body").inner_text()


def test_language_switch_and_help(page, server):
    open_game(page, server, "forty-thieves", NUMBER)
    page.locator("#bar .langs button[data-lang='fr']").click()
    wait_until(page, "document.documentElement.lang === 'fr'")
    assert page.evaluate("localStorage.getItem('reussite.lang')") == "fr"
    page.keyboard.press("?")
    page.wait_for_selector("#help:not([hidden])")
    french_help = help_loaded(page, "fr")
    french_lang = page.evaluate("document.getElementById('help-body').lang")
    french_undo = page.locator("#btn-undo").inner_text()
    page.locator("#help .langs button[data-lang='en']").click()
    english_help = help_loaded(page, "en")
    english_lang = page.evaluate("document.getElementById('help-body').lang")
    # The whole interface follows, without reloading the game, and the choice is remembered.
    from reussite.l10n import host_translator

    assert french_undo == host_translator("fr").gettext("Undo")  # whatever the French catalog says
    assert page.locator("#btn-undo").inner_text() == "Undo"
    assert page.evaluate("localStorage.getItem('reussite.lang')") == "en"
    page.reload()
    page.wait_for_selector("body[data-painted]")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#help:not([hidden])").count() == 1  # the open panel is remembered too
    try:
        from reussite.helpdocs import render_help  # noqa: F401
    except ImportError:
        pytest.skip("reussite.helpdocs.render_help does not exist yet (written by another engineer); "
                    f"the panel showed its message instead: {english_help!r}")
    assert french_lang == "fr" and "quarante voleurs" in french_help.lower()
    if english_lang != "en":
        pytest.skip("the English help catalog of Forty Thieves is not there yet (written by another engineer): "
                    f"the panel fell back to {english_lang!r}")
    assert english_help != french_help, "the help did not change language"
    assert "forty thieves" in english_help.lower()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_takes_a_legal_move_by_mouse(page, server, game_id):
    state = open_game(page, server, game_id, NUMBER)
    moves = server.api("/api/legal").json()["moves"]
    move = next((m for m in moves if m["type"] == "move"), None)
    if move is None:  # only the stock can be played: click it
        stock = next(i for i, s in enumerate(state["stacks"]) if s["kind"] == "stock")
        click_at(page, f".slot[data-stack='{stock}']")
    else:
        drag(page, state, move["src"], move["dst"], move["n"])
    wait_version(page, state["version"] + 1)
    assert server.state()["moves"] == 1


def test_game_survives_a_server_restart_and_a_corrupt_save_is_reported(page, tmp_path, server_control):
    start_server, stop_server = server_control
    data = tmp_path / "data"
    first = start_server(data, tmp_path)
    try:
        state = open_game(page, first, "forty-thieves", NUMBER)
        move = next(m for m in state["legal"] if m["type"] == "move")
        drag(page, state, move["src"], move["dst"], move["n"])
        wait_version(page, state["version"] + 1)
        before = shown_cards(page)
    finally:
        stop_server(first)
    second = start_server(data, tmp_path)
    try:
        page.goto(second.url)
        page.wait_for_selector("body[data-painted]")
        assert shown_cards(page) == before and page.locator("#moves").inner_text() == "1"
    finally:
        stop_server(second)
    (data / "autosave.json").write_text('{"format": "reussite-save", "version": 1, "game": "forty-thieves"')
    third = start_server(data, tmp_path)
    try:
        page.goto(third.url)
        page.wait_for_selector("#notice:not([hidden])")
        (aside,) = data.glob("autosave.corrupt-*.json")
        assert aside.name in page.locator("#notice").inner_text()
        page.locator("#btn-notice-close").click()
        assert page.locator("#notice[hidden]").count() == 1
    finally:
        err = stop_server(third, stream="stderr")
    assert aside.name in err  # also said on the console


def test_two_tabs_cannot_corrupt_the_game(browser, page, server):
    state = open_game(page, server, "forty-thieves", NUMBER)
    other = page.context.new_page()
    other.goto(server.url)
    other.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    move = next(m for m in state["legal"] if m["type"] == "move")
    drag(page, state, move["src"], move["dst"], move["n"])
    wait_version(page, state["version"] + 1)
    # The other tab still shows the old position: its move is refused and it catches up.
    drag(other, state, move["src"], move["dst"], move["n"])
    other.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
    assert other.locator("#message.error").inner_text()
    assert server.state()["moves"] == 1
    assert shown_cards(other) == shown_cards(page)
    other.close()


def test_a_game_in_progress_is_not_thrown_away_without_asking(page, server):
    state = open_game(page, server, "forty-thieves", NUMBER)
    move = next(m for m in server.api("/api/legal").json()["moves"] if m["type"] == "move")
    drag(page, state, move["src"], move["dst"], move["n"])
    wait_version(page, state["version"] + 1)
    asked: list[str] = []

    def answer(accept: bool):
        def handler(dialog):
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()
        return handler

    page.once("dialog", answer(False))
    page.keyboard.press("n")
    page.wait_for_timeout(300)
    assert asked and "lost" in asked[0]
    assert server.state()["moves"] == 1 and server.state()["number"] == str(NUMBER)  # kept
    page.once("dialog", answer(True))
    page.keyboard.press("n")
    wait_until(page, "document.body.dataset.version && !document.querySelector('.card.held')")
    page.wait_for_timeout(300)
    assert len(asked) == 2 and server.state()["moves"] == 0 and server.state()["number"] != str(NUMBER)


def test_a_stale_tab_cannot_start_a_new_game_over_the_one_in_progress(page, server):
    state = open_game(page, server, "forty-thieves", NUMBER)
    other = page.context.new_page()
    other.goto(server.url)
    other.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    move = next(m for m in state["legal"] if m["type"] == "move")
    drag(page, state, move["src"], move["dst"], move["n"])
    wait_version(page, state["version"] + 1)
    # The other tab saw no move, so it does not ask before "New game": the server refuses the stale version.
    other.keyboard.press("n")
    other.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
    assert other.locator("#message.error").inner_text()
    assert server.state()["moves"] == 1 and server.state()["number"] == str(NUMBER)
    other.close()


def test_pause_hides_the_cards_and_stops_the_clock_and_full_screen_toggles(page, server):
    state = server.new_game("forty-thieves", 1)
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    page.wait_for_timeout(1100)  # the clock runs
    page.click("#btn-pause")
    page.wait_for_selector("body[data-paused]")
    assert not page.locator(".card").first.is_visible() and page.locator("#paused").is_visible()
    assert page.evaluate("document.activeElement.id") == "btn-resume"
    assert page.get_attribute("#btn-pause", "aria-pressed") == "true"
    shown, counted = page.locator("#time").inner_text(), server.state()["elapsed"]
    assert counted >= 1
    page.keyboard.press("d")  # nothing is played on hidden cards
    page.wait_for_timeout(1200)
    assert page.locator("#time").inner_text() == shown and server.state()["elapsed"] == counted
    assert server.state()["version"] == state["version"]
    page.keyboard.press("z")  # the key resumes as the button does
    page.wait_for_selector("body:not([data-paused])")
    assert page.locator(".card").first.is_visible() and page.locator("#paused").is_hidden()
    page.wait_for_timeout(1100)
    page.evaluate("fetch('/api/clock', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                  " body: JSON.stringify({visible: true})}).then((r) => r.ok)")
    assert server.state()["elapsed"] > counted + 0.9
    # Full screen, by the button and by its key, and the button says which.
    open_menu(page)
    page.click("#btn-full")
    wait_until(page, "!!document.fullscreenElement")
    wait_until(page, "document.getElementById('btn-full').getAttribute('aria-pressed') === 'true'")
    page.locator("#table").focus()
    page.keyboard.press("f")
    wait_until(page, "!document.fullscreenElement")
    wait_until(page, "document.getElementById('btn-full').getAttribute('aria-pressed') === 'false'")


def test_the_move_log_steps_back_and_forward_exactly_and_bookmarks(page, server):
    state = server.new_game("forty-thieves", 1)
    after = []
    for _ in range(3):  # three card moves, as another tab would play them
        move = next(m for m in state["legal"] if m["type"] == "move")
        state = server.api("/api/move", {"version": state["version"], "src": move["src"], "dst": move["dst"],
                                         "n": move["n"]}).json()
        after.append([[c and c["code"] for c in s["cards"]] for s in state["stacks"]])
    codes = lambda: [[c and c["code"] for c in s["cards"]] for s in server.state()["stacks"]]  # noqa: E731
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    page.click("#btn-log")
    page.wait_for_selector("#log-list li:nth-child(4) button[aria-current='step']")
    texts = page.locator("#log-list button").all_inner_texts()
    assert texts[0] == "Start of the game" and len(texts) == 4
    assert all(" from " in t and " to " in t for t in texts[1:]), texts  # the notation, then the words
    page.click("#btn-bookmark")  # a bookmark after the third move
    version = [state["version"]]

    def step(selector: str) -> None:
        """Click ``selector`` and wait for the change it makes (the next version)."""
        page.click(selector)
        version[0] += 1
        page.wait_for_selector(f"body[data-version='{version[0]}']")

    step("#log-list button[data-moves='1']")
    assert server.state()["moves"] == 1 and codes() == after[0]
    page.wait_for_selector("#log-list button[data-moves='1'][aria-current='step']")
    assert page.locator("#log-list li.undone").count() == 2  # still there, to go forward to
    step("#log-list button[data-moves='3']")
    assert server.state()["moves"] == 3 and codes() == after[2]
    step("#log-list button[data-moves='0']")
    assert server.state()["moves"] == 0
    step("#bookmarks button.bookmark")  # back to the bookmark: three moves forward
    assert server.state()["moves"] == 3 and codes() == after[2]
    # Another line from the start (a deal): the bookmark's position comes back all the same, its moves replayed
    # from the deal, as PySolFC's bookmarks restore theirs.
    step("#log-list button[data-moves='0']")
    page.locator("#table").focus()
    page.keyboard.press("d")
    version[0] += 1
    page.wait_for_selector(f"body[data-version='{version[0]}']")
    page.wait_for_selector("#log-list button[data-moves='1'][aria-current='step']")
    assert server.state()["moves"] == 1 and not server.state()["can_redo"]  # the marked line is gone
    step("#bookmarks button.bookmark")
    assert server.state()["moves"] == 3 and codes() == after[2]
    page.wait_for_selector("#log-list li:nth-child(4) button[aria-current='step']")  # the log follows


def test_show_playable_cards_and_quick_play(page, server):
    state = server.new_game("forty-thieves", 1)
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    assert page.locator(".card.playable").count() == 0  # off by default
    open_settings(page)
    page.check("#show-playable")  # at once, no reload
    sources = {(m["src"], m["n"]) for m in state["legal"] if m["type"] == "move"}
    assert sources and page.locator(".card.playable").count() == len(sources)
    page.check("#quick-play")
    page.keyboard.press("Escape")  # closes the Settings panel, focus back on its toolbar button
    assert page.locator("#settings").is_hidden() and page.evaluate("document.activeElement.id") == "btn-settings"
    # The keys the menu's settings had before the panel: a player's choices survive the update.
    assert page.evaluate("[localStorage.getItem('reussite.showPlayable'), localStorage.getItem('reussite.quickPlay')]"
                         ) == ["1", "1"]
    page.reload()
    page.wait_for_selector("body[data-painted]")
    assert page.locator(".card.playable").count() == len(sources)  # kept after a reload
    src, n = sorted(sources)[0]
    si = stack_index(state, src)
    pos = len(state["stacks"][si]["cards"]) - n
    page.click(f".card[data-stack='{si}'][data-pos='{pos}']")  # one click plays it
    page.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
    after = server.state()
    assert after["moves"] == 1 and len(after["stacks"][si]["cards"]) == len(state["stacks"][si]["cards"]) - n
    open_settings(page)
    page.uncheck("#show-playable")
    assert page.locator(".card.playable").count() == 0


def test_sound_is_off_by_default_and_plays_for_a_deal_a_move_and_card_backs_change(page, server):
    state = server.new_game("osmosis", 1)
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    page.locator("#table").focus()
    page.keyboard.press("d")
    page.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
    assert page.evaluate("document.body.dataset.sound") is None  # silent unless turned on
    open_settings(page)
    page.check("#sound")
    back = "getComputedStyle(document.querySelector('.card.back')).backgroundImage"
    blue = page.evaluate(back)
    page.select_option("#back-select", "red")
    assert page.evaluate(back) != blue and "163, 38, 58" in page.evaluate(back)
    page.keyboard.press("Escape")
    page.locator("#table").focus()
    page.keyboard.press("d")
    page.wait_for_selector(f"body[data-version='{state['version'] + 2}']")
    wait_until(page, "(document.body.dataset.sound || '').startsWith('deal ')")
    page.keyboard.press("u")
    page.wait_for_selector(f"body[data-version='{state['version'] + 3}']")
    wait_until(page, "(document.body.dataset.sound || '').startsWith('move ')")
    page.reload()
    page.wait_for_selector("body[data-painted]")
    assert page.locator("#sound").is_checked() and page.evaluate(back) != blue  # both kept


@pytest.mark.parametrize(("stored", "shown"), [("fr_FR", "fr"), ("not a language!", "en"), ("FR-ca", "fr")])
def test_a_stored_language_the_browser_refuses_and_odd_bookmarks_do_not_stop_the_page(page, server, stored, shown):
    """Storage edited by hand (a POSIX locale name, nonsense) or written by another version: the page starts, in
    the language the value names where it names one, and bookmarks of another shape are left out."""
    state = open_game(page, server, "forty-thieves", NUMBER)
    key = f"reussite.bookmarks.{state['game']}.{state['number']}"
    page.evaluate(f"""() => {{ localStorage.setItem('reussite.lang', {stored!r});
                               localStorage.setItem({key!r}, JSON.stringify([{{a: 1}}, ['t1-f'], 7])); }}""")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.reload()
    page.wait_for_selector("body[data-painted]")
    assert page.evaluate("document.documentElement.lang") == shown and not errors
    page.click("#btn-log")  # the move log, with its bookmarks
    page.wait_for_selector("#bookmarks button")
    assert page.locator("#bookmarks button").count() == 1 and not errors
    page.evaluate("() => localStorage.clear()")
