"""Any declared layout fits the table: a game whose x and y crowd its fans (fans of three to the right one card
width apart, two rows of fans down one card height apart) is spread out by the page, which knows nothing of the
game but its stacks' x, y and fan. Served by a ``reussite play`` of its own, with the game installed as a
third-party plugin (a ``*.dist-info`` on PYTHONPATH)."""

from __future__ import annotations

import os
import textwrap

import pytest
from test_web_classics_browser import DESKTOP, PHONE, check_fits
from webserver import start_server, stop_server

pytestmark = pytest.mark.browser

PLUGIN = '''
from reussite.hookspecs import hookimpl
from reussite.messages import N_
from reussite.rules import FOUNDATION_UP_IN_SUIT, NONE, PICK_TOP, Kind, StackRule, StackSpec, foundations, stock
from reussite.variant import Variant

PILE = StackRule(empty=NONE, pickup=PICK_TOP)


class Crowded(Variant):
    id = "crowded"
    name = N_("Crowded")
    decks = 2
    deal_to = "tableau"
    stacks = (
        *foundations(1, FOUNDATION_UP_IN_SUIT, x=6, y=0),
        stock(6, 2),
        # Fans of three to the right, one card width apart; then fans down, one card height apart.
        *(StackSpec(f"tableau-{i + 1}", Kind.TABLEAU, PILE, i % 6, i // 6, "right") for i in range(12)),
        *(StackSpec(f"tableau-{i + 13}", Kind.TABLEAU, PILE, i % 6, 2 + i // 6, "down") for i in range(12)),
    )

    def deal(self, cards):
        for _ in range(3):
            self.deal_row(cards, self.tableau_ix[:12])
        for _ in range(5):
            self.deal_row(cards, self.tableau_ix[12:])
        self.place("stock", cards)


@hookimpl
def reussite_games():
    return [Crowded]
'''


@pytest.fixture(scope="module")
def crowded_server(tmp_path_factory):
    base = tmp_path_factory.mktemp("crowded")
    site = base / "site"
    info = site / "reussite_crowded-1.0.dist-info"
    info.mkdir(parents=True)
    (site / "crowded_layout.py").write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    (info / "METADATA").write_text("Name: reussite-crowded\nVersion: 1.0\n\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[reussite.plugins]\ncrowded = crowded_layout\n", encoding="utf-8")
    env = dict(os.environ, XDG_CACHE_HOME=str(base / "cache"))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(site), env.get("PYTHONPATH")) if p)
    srv = start_server(base / "data", base, env=env)
    yield srv
    stop_server(srv)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_crowded_layout_is_spread_out_until_no_stack_covers_another(browser, crowded_server, artifacts, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.set_default_timeout(8000)
        state = crowded_server.new_game("crowded", 1)
        page.goto(crowded_server.url)
        page.wait_for_selector(f"body[data-painted][data-version='{state['version']}']")
        page.screenshot(path=str(artifacts / f"layout-crowded-{size[0]}x{size[1]}.png"))
        check_fits(page, f"crowded at {size}", size[0])
        # A fan to the right still shows each buried card's whole index strip (0.34 of a card at the least).
        steps = page.evaluate("""() => {
          const table = document.getElementById('table');
          const cw = parseFloat(getComputedStyle(table).getPropertyValue('--cw'));
          const left = (p) => table.querySelector(`.card[data-stack="2"][data-pos="${p}"]`)
            .getBoundingClientRect().left;
          return [(left(1) - left(0)) / cw, (left(2) - left(1)) / cw];
        }""")
        assert all(step >= 0.335 for step in steps), steps
    finally:
        context.close()
