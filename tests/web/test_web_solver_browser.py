"""The solver in the page, end to end in Chromium: hints that win, an honest end of game, winnable deals only
and the demo. Deals are picked by running the solver here first, never from remembered outcomes."""

from __future__ import annotations

import json
from functools import cache

import pytest
from browser_actions import drag, open_menu, open_settings, wait_until
from solver_deals import winnable_deal

from reussite import advisor, saves
from reussite.game import DEAL, REDEAL, Move
from reussite.host import Host
from reussite.solver import Verdict, solve


def old_hint(game):
    """The hint before the advisor's: the best-ranked legal move, seen before or not (it walks in circles)."""
    return max(game.legal_moves(), key=lambda move: advisor.rank_move(game, move), default=None)

pytestmark = pytest.mark.browser

HOST = Host.load()
# The bundled games; the classic games (``pip install ./classics``) have their own browser test,
# tests/web/test_web_classics_browser.py, and going over them here too would double the browser time.
GAME_IDS = sorted(g for g, cls in HOST.games.items() if cls.__module__.startswith("reussite_plugins."))


def open_game(page, server, game: str, number: int) -> dict:
    state = server.new_game(game, number)
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    return state


def wait_version(page, version: int) -> None:
    page.wait_for_selector(f"body[data-version='{version}']")


def server_game(server):
    """The server's game, from its autosave (replayed through the rules)."""
    return saves.from_json(saves.read_with_journal(server.data_dir / "autosave.json", "web"), HOST)


def post_moves(server, moves) -> dict:
    """Play moves through the API, as another tab would."""
    state = server.state()
    specs = HOST.new_game(state["game"], int(state["number"]), state["options"]).specs
    for move in moves:
        if isinstance(move, Move):
            body = {"version": state["version"], "src": specs[move.src].id, "dst": specs[move.dst].id, "n": move.n}
            response = server.api("/api/move", body)
        else:
            response = server.api("/api/deal", {"version": state["version"]})
        assert response.status_code == 200, response.text
        state = response.json()
    return state


def ask_hint(page, version: int) -> str:
    page.keyboard.press("h")
    page.wait_for_selector(f"body[data-hint-version='{version}']", timeout=20000)
    return page.evaluate("document.body.dataset.hintKind")


# One game in the page (its hints by hand, then by the p key); every bundled game follows its hints to a win
# through the API in tests/web/test_web_solver_api.py, where a move costs no browser round trip.
@pytest.mark.parametrize("game_id", ["osmosis"])
def test_following_the_hint_from_the_start_of_a_winnable_deal_wins_it(page, server, game_id):
    number = winnable_deal(game_id)
    state = open_game(page, server, game_id, number)
    open_settings(page)
    page.select_option("#hint-time", "10")  # room for a busy machine (see winnable_deal)
    page.keyboard.press("Escape")  # the Settings panel closed, the keys go to the game again
    version = state["version"]
    for step in range(400):
        if step < 2:
            # The first hinted moves are made by hand: ask (h), then drag the lit cards onto the lit stack.
            assert ask_hint(page, version) == "winning"
            current = server.state()
            if page.locator(".card.hint").count():
                src = page.eval_on_selector(".card.hint", "e => e.dataset.stack")
                dst = page.eval_on_selector(".slot.hint-dst", "e => e.dataset.id")
                drag(page, current, current["stacks"][int(src)]["id"], dst, page.locator(".card.hint").count())
            else:  # the stock: click it where a person would
                box = page.locator(".slot.hint-dst").bounding_box()
                page.mouse.click(box["x"] + 10, box["y"] + 10)
        else:
            page.keyboard.press("p")  # asks for the hint and plays it
        version += 1
        wait_version(page, version)
        kind, over = page.evaluate("[document.body.dataset.hintKind, !document.getElementById('dialog').hidden "
                                   "&& document.getElementById('dialog').dataset.kind]")
        assert kind == "winning", f"{game_id} #{number}, move {step + 1}: a {kind} hint"
        if over == "won":
            break
    assert server.state()["won"], f"{game_id} #{number}: not won after following {step + 1} hints"
    assert "!" in page.locator("#dialog-text").inner_text()


def test_mount_olympus_3_no_longer_ping_pongs(page, server):
    """The old hint moved 8♦-6♦ between two 10♦ piles for ever; now Deal is proposed there."""
    game = HOST.new_game("mount-olympus", 3, {})
    while True:  # the old hint, up to where it would move the two cards back
        move, last = old_hint(game), game.history[-1] if game.history else None
        if isinstance(move, Move) and isinstance(last, Move) and (last.src, last.dst) == (move.dst, move.src):
            break
        game.push(move)
    open_game(page, server, "mount-olympus", 3)
    state = post_moves(server, game.history)
    page.reload()
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    assert ask_hint(page, state["version"]) in ("winning", "heuristic")
    stock = next(i for i, s in enumerate(state["stacks"]) if s["kind"] == "stock")
    assert page.locator(f".slot.hint-dst[data-stack='{stock}']").count() == 1, page.locator("#message").inner_text()
    # Following the hints from there never comes back to a position.
    seen = {json.dumps(state["stacks"])}
    version = state["version"]
    for _ in range(15):
        ask_hint(page, version)
        page.keyboard.press("p")
        version += 1
        wait_version(page, version)
        stacks = json.dumps(server.state()["stacks"])
        assert stacks not in seen
        seen.add(stacks)


@cache
def osmosis_turned_over_deal() -> tuple[int, tuple]:
    """A winnable Osmosis deal (by the solver) lost by turning the stock over and over without playing: the
    number and the deals."""
    for number in range(1, 21):
        game = HOST.new_game("osmosis", number, {})
        if solve(game, seconds=0.5).verdict is not Verdict.WON:
            continue
        while game.can_deal() or game.redeal_refusal() is None:
            game.push(DEAL if game.can_deal() else REDEAL)
        if game.is_lost():
            return number, tuple(game.history)
    pytest.skip("no Osmosis deal among 1-20 is both proved winnable and lost by turning the stock over")


def osmosis_turned_over(server) -> tuple[dict, object]:
    number, moves = osmosis_turned_over_deal()
    game = HOST.new_game("osmosis", number, {})
    for move in moves:
        game.push(move)
    server.new_game("osmosis", number)
    return post_moves(server, moves), game


def test_a_lost_game_says_no_win_is_possible_and_undo_lands_on_a_winnable_position(page, server):
    state, game = osmosis_turned_over(server)
    assert state["lost"] and game.is_lost()
    page.goto(server.url)
    page.wait_for_selector("#dialog:not([hidden])")
    assert page.locator("#dialog-text").inner_text() == "No win is possible from here."
    button = page.locator("#dlg-rewind")
    button.wait_for(state="visible", timeout=30000)
    undo = int(button.get_attribute("data-undo"))
    assert button.inner_text() == f"Undo {undo} moves" if undo > 1 else "Undo 1 move"
    seconds = float(page.locator("#time").inner_text().split(":")[-1])
    button.click()
    wait_version(page, state["version"] + 1)
    after = server.state()
    assert after["moves"] == state["moves"] - undo and not after["lost"]
    assert solve(server_game(server), seconds=10).verdict is Verdict.WON
    assert seconds == float(state["elapsed"]) // 1 % 60  # the clock stood still while the game was lost


def test_a_position_proved_lost_while_moves_remain_is_reported_in_french(page, server):
    state, game = osmosis_turned_over(server)
    # Back a few deals: the stock still turns, but the solver proves that no line wins.
    for _ in range(6):
        game.pop()
    assert not game.is_lost() and solve(game, seconds=5).verdict is Verdict.LOST
    state = server.api("/api/undo", {"version": state["version"], "count": 6}).json()
    assert not state["lost"] and not state["no_win"]
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    page.locator("#bar .langs button[data-lang='fr']").click()
    wait_until(page, "document.documentElement.lang === 'fr'")
    # The short check the page asks for when the player pauses finds it, with no key pressed.
    page.wait_for_selector("#dialog:not([hidden])", timeout=10000)
    assert server.state()["no_win"] and not server.state()["lost"]
    page.locator("#dlg-close").click()
    assert ask_hint(page, state["version"]) == "lost"  # the hint says so too
    page.wait_for_selector("#dialog:not([hidden])")
    from reussite.l10n import host_translator

    fr = host_translator("fr")
    assert page.locator("#dialog-text").inner_text() == fr.gettext("No win is possible from here.")
    # ... in the status line too, where "Looking for a winning line…" no longer stays.
    assert page.locator("#message").inner_text() == fr.gettext("No win is possible from here.")
    # Saved games opened over the dialog are not covered by it; closed, the dialog is back.
    page.locator("#btn-saves").click()
    page.wait_for_selector("#saves:not([hidden])")
    assert page.locator("#dialog").is_hidden() and page.locator("#save-name").is_visible()
    page.locator("#btn-saves-close").click()
    page.wait_for_selector("#dialog", state="visible")
    button = page.locator("#dlg-rewind")
    button.wait_for(state="visible", timeout=30000)
    undo = int(button.get_attribute("data-undo"))
    assert button.inner_text() == fr.ngettext("Undo {count} move", "Undo {count} moves", undo).format(count=undo)
    # Live winnability says it in the status line too, with the undo that leads back to a win.
    assert page.locator("#live").inner_text() == fr.ngettext(
        "No win from here (undo {count} move)", "No win from here (undo {count} moves)", undo).format(count=undo)
    button.click()
    wait_version(page, state["version"] + 1)
    assert solve(server_game(server), seconds=10).verdict is Verdict.WON
    page.locator("#bar .langs button[data-lang='en']").click()
    wait_until(page, "document.documentElement.lang === 'en'")


def live_answer(page, version: int) -> str:
    """The verdict of the page's background check of the position ``version`` (as the server gave it)."""
    wait_until(page, f"(document.body.dataset.live || '').startsWith('{version} ')", timeout=15)
    return page.evaluate("document.body.dataset.live").split()[1]


def test_live_winnability_winnable_undecided_and_turned_off(page, server):
    # A deal the solver wins at once: "Winnable", with no key pressed.
    state = open_game(page, server, "osmosis", winnable_deal("osmosis"))
    assert live_answer(page, state["version"]) == "won"
    assert page.locator("#live").inner_text() == "Winnable"
    # Forty Thieves from the deal: far beyond the half second the check may take, so nothing is said.
    state = open_game(page, server, "forty-thieves", 1)
    assert live_answer(page, state["version"]) == "unknown"
    assert page.locator("#live").inner_text() == ""
    # Turned off: nothing said, no check asked for after a move, and still off after a reload.
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/api/watch" in r.url else None)
    open_settings(page)
    page.locator("#live-check").uncheck()
    page.keyboard.press("Escape")
    page.keyboard.press("d")
    wait_version(page, state["version"] + 1)
    page.wait_for_timeout(900)  # over twice the pause after which the page would ask
    assert asked == [] and page.locator("#live").inner_text() == ""
    page.reload()
    page.wait_for_selector(f"body[data-painted][data-version='{state['version'] + 1}']")
    assert not page.locator("#live-check").is_checked()
    page.wait_for_timeout(900)
    assert asked == []
    open_settings(page)
    page.locator("#live-check").check()  # on again: the check runs at once
    assert live_answer(page, state["version"] + 1) in ("unknown", "won", "lost")
    assert len(asked) == 1


def test_the_demo_plays_the_winning_line_to_a_won_game_and_undo_works_after_it(page, server):
    number = winnable_deal("mount-olympus")
    game = HOST.new_game("mount-olympus", number, {})
    line = solve(game, seconds=5).line
    open_game(page, server, "mount-olympus", number)
    state = post_moves(server, line[: len(line) - 40])  # the demo takes over for the last 40 moves
    page.reload()
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    page.locator("#btn-solve").click()
    page.wait_for_selector("#demo:not([hidden])")
    page.locator("#demo-step").click()  # one step at a time
    wait_version(page, state["version"] + 1)
    page.locator("#demo-step").click()
    wait_version(page, state["version"] + 2)
    page.select_option("#demo-speed", label="very fast")
    page.locator("#demo-play").click()
    wait_until(page, f"Number(document.body.dataset.version) >= {state['version'] + 6}")
    page.locator("#demo-play").click()  # pause
    page.wait_for_selector("body[data-demo='paused']")
    paused_at = server.state()["moves"]
    page.wait_for_timeout(400)
    assert server.state()["moves"] == paused_at
    page.locator("#demo-play").click()
    page.wait_for_selector("#dialog[data-kind='won']:not([hidden])", timeout=60000)
    assert page.locator("#demo").is_hidden()
    won = server.state()
    assert won["won"]
    page.locator("#dlg-undo").click()
    wait_version(page, won["version"] + 1)
    assert server.state()["moves"] == won["moves"] - 1 and not server.state()["won"]


def test_winnable_deals_only_deals_only_deals_the_solver_proves_winnable(page, server):
    open_game(page, server, "osmosis", 1)
    page.evaluate("""() => {
        window.__messages = [];
        new MutationObserver(() => window.__messages.push(document.getElementById('message').textContent))
            .observe(document.getElementById('message'), {childList: true, characterData: true, subtree: true});
    }""")
    open_menu(page)
    page.locator("#winnable-only").check()
    numbers = []
    for _ in range(2):
        before = page.evaluate("document.body.dataset.version")
        page.locator("#btn-new").click()
        wait_until(page, f"document.body.dataset.version !== '{before}' && !document.body.dataset.searching",
                   timeout=60)
        state = server.state()
        assert state["game"] == "osmosis" and state["moves"] == 0
        numbers.append(int(state["number"]))
        game = HOST.new_game("osmosis", numbers[-1], {})
        assert solve(game, seconds=10).verdict is Verdict.WON, f"osmosis #{numbers[-1]} was dealt"
    assert numbers[0] != numbers[1] and numbers[0] > 10**9  # PySolFC's numbers, from a random start
    assert any(m.startswith("Looking for a winnable deal") for m in page.evaluate("window.__messages"))
    assert page.evaluate("localStorage.getItem('reussite.winnable')") == "1"
    open_menu(page)  # New game, outside it, folded it
    page.locator("#winnable-only").uncheck()
