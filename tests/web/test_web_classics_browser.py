"""The classic games (the reussite-classics distribution, ``pip install ./classics``) in a real Chromium: each
game and option is started from the page's own controls, plays a move by the mouse and by the keyboard,
undoes it, shows its rules in French and in English, and fits the table at phone and desktop sizes.

One browser page serves every game (a fresh context per game would cost a second each); the server is the
session's ``reussite play`` subprocess, which finds the classics through their entry point like any plugin."""

from __future__ import annotations

import html
import importlib.util
import os
import re

import pytest
from browser_actions import drag, open_menu, stack_index, wait_until

pytestmark = pytest.mark.browser


def _configs() -> list[tuple[str, dict]]:
    """Every classic game with each of its options' values under CI; by default the first game of each family
    module with each of its options' values (a browser round costs seconds a game: the in-process tests cover
    every game, this one the page's side of each kind of game)."""
    if importlib.util.find_spec("reussite_classics") is None:
        return [("klondike", {})]  # the fixture below skips (or fails under CI)
    from reussite.host import Host

    games = {g: cls for g, cls in Host.load().games.items() if cls.plugin_name == "classics"}
    if not os.environ.get("CI"):
        first: dict[str, str] = {}
        for game_id in sorted(games):
            first.setdefault(games[game_id].__module__, game_id)
        games = {g: games[g] for g in sorted(first.values())}
    found = []
    for game_id, cls in sorted(games.items()):
        found += [(game_id, {o.name: c}) for o in cls.options for c in o.choices] or [(game_id, {})]
    return found


#: The classic games with each of their options' values (the defaults need no option).
CONFIGS = _configs()
IDS = [game + "".join(f"-{k}{v}" for k, v in options.items()) for game, options in CONFIGS]
PHONE = (390, 844)
DESKTOP = (1280, 800)


@pytest.fixture(scope="module")
def classics_host():
    """The host with the classics loaded; skipped without them (failed under CI, which installs them)."""
    if importlib.util.find_spec("reussite_classics") is None:
        reason = "reussite_classics is not installed: pip install -e ./classics to run these tests"
        if os.environ.get("CI"):
            pytest.fail(reason + " (CI is set, so this is a failure, not a skip)")
        pytest.skip(reason)
    from reussite.host import Host

    host = Host.load()
    missing = {game for game, _ in CONFIGS} - set(host.games)
    assert not missing, f"reussite_classics is installed but does not provide {sorted(missing)}"
    return host


@pytest.fixture(scope="module")
def classic_page(browser, server, classics_host):
    """One desktop page for every classic game. The background check for a proved loss is answered "stale":
    a deal the solver proves lost would otherwise open its dialog, which takes the focus, mid-move."""
    context = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]}, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(8000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("dialog", lambda dialog: dialog.accept())  # "abandon this game?" when a test left moves behind
    page.route("**/api/watch*", lambda route: route.fulfill(status=200, content_type="application/json",
                                                            body='{"stale": true}'))
    server.new_game("forty-thieves", 1)
    page.goto(server.url)
    page.wait_for_selector("body[data-painted]")
    yield page
    context.close()
    assert not errors, f"JavaScript or Content-Security-Policy errors on the page: {errors}"


def first_deal_with_a_move(host, game: str, options: dict) -> tuple[int, int, tuple[str, str]]:
    """The first game number whose deal, after at most three deals from the stock, has one card to move (a
    card onto a stack, or a pair: the drag then goes onto the pair's other card), the deals it needs, and
    from where to where the drag goes."""
    from reussite.game import DEAL, Move, Pair

    for number in range(1, 50):
        dealt = host.new_game(game, number, options)
        for deals in range(4):
            moves = [m for m in dealt.legal_moves() if isinstance(m, Move) and m.n == 1]
            plain = [m for m in moves if type(m) is Move]
            if plain:
                return number, deals, (dealt.specs[plain[0].src].id, dealt.specs[plain[0].dst].id)
            pairs = [m for m in moves if isinstance(m, Pair) and m.other != m.src]
            if pairs:
                return number, deals, (dealt.specs[pairs[0].src].id, dealt.specs[pairs[0].other].id)
            if dealt.refusal(DEAL) is not None:
                break
            dealt.push(DEAL)
    raise AssertionError(f"{game} {options}: no deal of 1-49 has a card to move after three deals")


def start_in_page(page, server, game: str, options: dict, number: int) -> dict:
    """Choose the game, its options and its number with the page's own controls, as a player does."""
    version = server.state()["version"]
    open_menu(page)
    page.select_option("#game-select", game)  # a new game of that kind, at random
    version += 1
    page.wait_for_selector(f"body[data-version='{version}']")
    for name, value in options.items():
        select = page.locator(f"#options select[name='{name}']")
        if select.input_value() != value:
            select.select_option(value)
            version += 1
            page.wait_for_selector(f"body[data-version='{version}']")
    page.fill("#number-input", str(number))
    page.click("#btn-number")
    version += 1
    page.wait_for_selector(f"body[data-version='{version}']")
    state = server.state()
    assert (state["game"], state["number"], state["options"]) == (game, str(number), {**state["options"], **options})
    return state


def top_codes(state: dict, *stack_ids: str) -> list:
    tops = []
    for stack_id in stack_ids:
        cards = state["stacks"][stack_index(state, stack_id)]["cards"]
        tops.append((len(cards), cards[-1]["code"] if cards and cards[-1] else None))
    return tops


def page_shows(page, state: dict, stack_id: str) -> list[str]:
    si = stack_index(state, stack_id)
    return page.eval_on_selector_all(f".card[data-stack='{si}']", "els => els.map(e => e.dataset.code || '#')")


def test_a_joker_shows_its_own_face_star_and_name(classic_page, server, classics_host):
    """Thieves' jokers: the drawn face from the sprite (c-XS / c-XH), a star in the corners and no suit, the
    colour of the joker, and its name, not a King's, for a screen reader."""
    page = classic_page
    number = next(n for n in range(1, 60) if any(c.is_joker for i in classics_host.new_game("thieves", n).tableau_ix
                                                 for c in classics_host.new_game("thieves", n).cards[i]))
    start_in_page(page, server, "thieves", {}, number)
    jokers = page.locator(".card[data-code^='X']")
    assert jokers.count() >= 1
    first = jokers.first
    code = first.get_attribute("data-code")
    assert first.locator(".art use").get_attribute("href").endswith(f"#c-{code}")
    assert first.locator(".corner .rank").first.inner_text() == "★"
    assert first.locator(".corner .suit").first.inner_text() == ""
    assert ("red" if code == "XH" else "black") in first.get_attribute("class").split()
    label = first.get_attribute("aria-label") or page.eval_on_selector(
        f".card[data-code='{code}']", "e => e.closest('[aria-label]') && e.closest('[aria-label]').ariaLabel")
    assert label and "joker" in label.lower() and "King" not in label


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=IDS)
def test_a_move_by_mouse_and_keyboard_undo_and_the_rules_in_both_languages(classic_page, server, classics_host,
                                                                           game, options):
    page = classic_page
    number, deals, (src, dst) = first_deal_with_a_move(classics_host, game, options)
    state = start_in_page(page, server, game, options, number)
    assert page.locator("#game-number").inner_text() == str(number)
    for _ in range(deals):  # the stock first, where the deal has no card to move yet (Camelot)
        page.click("#btn-deal")
        page.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
        state = server.state()
    played = state["moves"]
    before = top_codes(state, src, dst)
    shown_before = page_shows(page, state, dst)

    # The mouse: drag the card where it goes (onto the other card of a pair); the server and the drawn table
    # both change, and the table shows what the server holds.
    drag(page, state, src, dst, 1)
    page.wait_for_selector(f"body[data-version='{state['version'] + 1}']")
    moved = server.state()
    assert moved["moves"] == played + 1 and top_codes(moved, src, dst) != before, f"{game}: the drag did nothing"
    held = [c["code"] if c else "#" for c in moved["stacks"][stack_index(moved, dst)]["cards"]]
    assert page_shows(page, moved, dst)[-1:] == held[-1:], f"{game}: the page does not show {dst}'s top card"
    assert page.locator("#moves").inner_text() == str(played + 1)

    # Undo by its key: the position is the dealt one again.
    page.keyboard.press("u")
    page.wait_for_selector(f"body[data-version='{state['version'] + 2}']")
    assert top_codes(server.state(), src, dst) == before and page_shows(page, state, dst) == shown_before

    # The keyboard: Enter on the source pile picks the card up, Enter on the destination puts it down.
    page.locator(f".slot[data-stack='{stack_index(state, src)}']").focus()
    page.keyboard.press("Enter")
    page.locator(f".slot[data-stack='{stack_index(state, dst)}']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body[data-version='{state['version'] + 3}']")
    assert top_codes(server.state(), src, dst) == top_codes(moved, src, dst)
    page.keyboard.press("u")  # left as dealt: the next game starts without asking
    page.wait_for_selector(f"body[data-version='{state['version'] + 4}']")

    # The rules, in French and then in English, are this game's page in that language.
    page.click("#btn-rules")
    for lang in ("fr", "en"):
        page.click(f"#help .langs button[data-lang='{lang}']")
        wait_until(page, f"document.getElementById('help-body').dataset.lang === '{lang}'"
                         f" && document.getElementById('help-body').lang === '{lang}'"
                         " && !!document.querySelector('#help-body h3')")
        expected = first_paragraph(classics_host, game, lang)
        shown = page.locator("#help-body p").first.inner_text()
        assert " ".join(shown.split()) == expected, f"{game} in {lang}: the panel shows {shown!r}"
        assert page.locator("#help-body .help-note").count() == 0, f"{game}: no rules in {lang}, a fallback"
        name = next(g["name"] for g in server.api(f"/api/games?lang={lang}").json() if g["id"] == game)
        assert name in page.locator("#help-title").inner_text()
    page.click("#btn-help-close")


def first_paragraph(host, game: str, lang: str) -> str:
    """The first paragraph of the game's rule page in ``lang``, as plain text (rendered here, in-process)."""
    from reussite.helpdocs import render_help

    fragment = render_help(host, game, lang, "html")
    paragraph = re.search(r"<p\b[^>]*>(.*?)</p>", fragment, re.S).group(1)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", paragraph)).split())


# Where every stack (its slot, 2 px larger than its cards) lies in the table's own coordinates.
SLOTS = """() => {
  const table = document.getElementById('table');
  const t = table.getBoundingClientRect();
  return {width: table.clientWidth, height: table.scrollHeight, pageWidth: document.scrollingElement.scrollWidth,
          cw: parseFloat(getComputedStyle(table).getPropertyValue('--cw')),
          slots: [...table.querySelectorAll('.slot')].map((el) => {
            const r = el.getBoundingClientRect();
            return {id: el.dataset.id, x: r.x - t.x + 2, y: r.y - t.y + table.scrollTop + 2,
                    width: r.width - 4, height: r.height - 4};
          })};
}"""


def overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["width"] - 0.5 and b["x"] < a["x"] + a["width"] - 0.5 \
        and a["y"] < b["y"] + b["height"] - 0.5 and b["y"] < a["y"] + a["height"] - 0.5


def check_fits(page, label: str, width: int) -> None:
    probe = page.evaluate(SLOTS)
    assert probe["pageWidth"] <= width, f"{label}: the page scrolls sideways"
    # Cards 30 px wide at least; a layout of eleven columns or more (Spider's three packs, Gaps' rows, Wall's
    # rows of eight) cannot have them on a phone without scrolling sideways, and gets 22 px.
    span = max(s["x"] + s["width"] for s in probe["slots"]) / max(probe["cw"], 1)
    assert probe["cw"] >= (30 if span < 11 else 22), f"{label}: cards {probe['cw']} px wide"
    slots = probe["slots"]
    for s in slots:
        assert s["x"] >= -0.5 and s["x"] + s["width"] <= probe["width"] + 0.5, f"{label}: {s} off the table"
        assert s["y"] >= -0.5 and s["y"] + s["height"] <= probe["height"] + 0.5, f"{label}: {s} off the table"
    clashes = [(a["id"], b["id"]) for i, a in enumerate(slots) for b in slots[i + 1:] if overlap(a, b)]
    assert not clashes, f"{label}: stacks overlap: {clashes}"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_stack_inside_the_table_and_none_over_another(browser, server, classics_host, size):
    """Each classic game as dealt at phone and desktop sizes, and on the phone again after eight deals from the
    stock (a long waste, Spider's piles grown by five rows): every stack on the table, inside its width, none over
    another."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(8000)
    page.route("**/api/watch*", lambda route: route.fulfill(status=200, content_type="application/json",
                                                            body='{"stale": true}'))
    try:
        for (game, options), label in zip(CONFIGS, IDS, strict=True):
            state = server.api("/api/new", {"game": game, "number": 1, "options": options,
                                            "version": server.state()["version"]}).json()
            page.goto(server.url)
            page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
            check_fits(page, f"{label} at {size}, dealt", size[0])
            stock = next((s for s in state["stacks"] if s["kind"] == "stock"), None)
            if stock is None or size != PHONE:  # the phone is where room is short
                continue
            for _ in range(8):  # enough for a waste to outgrow its room, and all of Spider's five deals
                if not state["can_deal"] or not state["stacks"][stack_index(state, "stock")]["cards"]:
                    break
                state = server.api("/api/deal", {"version": state["version"]}).json()
            page.goto(server.url)
            page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
            check_fits(page, f"{label} at {size}, stock dealt", size[0])
    finally:
        context.close()


def test_the_game_chooser_groups_by_family_finds_either_name_and_keeps_recent_games(classic_page, server,
                                                                                     classics_host):
    """The chooser as a player uses it: families in the order of their names, a search by the French name
    while the page is in English (and the other way round), Enter plays the first match, and the games played
    come back under "Recently played"."""
    from reussite.l10n import sort_key

    page = classic_page
    state = server.new_game("klondike", 1)  # whatever the tests before left in play
    page.goto(server.url)
    page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
    open_menu(page)
    groups = page.eval_on_selector_all("#game-select optgroup", "els => els.map(e => e.label)")
    families = [g for g in groups if g != "Recently played"]
    assert families == sorted(families, key=sort_key) and "Klondike" in families
    every = page.eval_on_selector_all("#game-select optgroup:not([label='Recently played']) option",
                                      "els => els.map(e => e.value)")
    assert sorted(every) == sorted(classics_host.games)

    version = server.state()["version"]
    page.fill("#game-search", "araign")  # Spider's French name, the page in English
    shown = page.eval_on_selector_all("#game-select option", "els => els.map(e => e.value)")
    assert "spider" in shown and "klondike" not in set(shown) - {server.state()["game"]}
    page.press("#game-search", "Enter")
    page.wait_for_selector(f"body[data-version='{version + 1}']")
    assert server.state()["game"] == "spider"

    page.fill("#game-search", "zzzz")
    assert "zzzz" in page.locator("#message").inner_text()
    page.fill("#game-search", "")
    recent = page.eval_on_selector_all("#game-select optgroup[label='Recently played'] option",
                                       "els => els.map(e => e.value)")
    assert recent[0] == "spider"
