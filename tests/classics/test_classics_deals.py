"""The same deal as PySolFC for the same game number: against pysol-cards' deals (Klondike, FreeCell, Baker's
Game, Golf, Black Hole) and, for Spider, which pysol-cards does not deal, against PySolFC's dealing order
rebuilt over pysol-cards' shuffle (classics_support.spider)."""

from __future__ import annotations

import classics_support as oracle
import pytest
from reussite_classics.black_hole import BlackHole
from reussite_classics.freecell import BakersGame, FreeCell
from reussite_classics.golf import Golf
from reussite_classics.klondike import Klondike
from reussite_classics.spider import Spider

#: Numbers 1-1000 (the Microsoft generator), both sides of PySolFC's switch to Mersenne Twister at 32000,
#: and large ones.
NUMBERS = [*range(1, 1001), 31999, 32000, 32001, 45678, 10**6 + 7, 123456789012, 10**20 - 1]


def check(cls, expected_of, numbers=NUMBERS, options=None):
    for number in numbers:
        game = cls(number, options or {})
        expected = expected_of(number)
        layout = oracle.layout_of(game)
        for stack, cards in expected["cards"].items():
            assert layout[stack] == cards, (cls.id, number, stack)
        # Nothing else holds a card: the stacks the oracle names hold the whole pack.
        assert sum(map(len, expected["cards"].values())) == len(game.pack()), (cls.id, number)
        down = oracle.face_down_of(game)
        for stack, count in expected.get("face_down", {}).items():
            assert down[stack] == count, (cls.id, number, stack)


def test_klondike_deals_like_pysolfc():
    check(Klondike, oracle.klondike)


def test_klondike_by_threes_deals_the_same_cards():  # PySolFC's game 18 deals as its game 2
    check(Klondike, oracle.klondike, NUMBERS[::25], {"draw": "3"})


def test_freecell_deals_like_pysolfc_and_microsoft():
    check(FreeCell, oracle.freecell)
    # Microsoft's deal 1 (the classic listing): the first row is JD 2D 9H JC 5D 7H 7C 5H.
    assert [pile[0] for pile in list(oracle.layout_of(FreeCell(1)).values())[8:]] == \
        ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]


def test_bakers_game_deals_like_pysolfc():
    check(BakersGame, lambda n: oracle.freecell(n, "bakers_game"))


def test_golf_deals_like_pysolfc():
    check(Golf, oracle.golf)


def test_black_hole_deals_like_pysolfc():
    check(BlackHole, oracle.black_hole)


@pytest.mark.parametrize("suits", ["1", "2", "4"])
def test_spider_deals_like_pysolfc(suits):
    check(Spider, lambda n: oracle.spider(n, suits), NUMBERS if suits == "4" else NUMBERS[::5], {"suits": suits})


def test_spider_two_packs_are_told_apart_by_deck():
    # Four suits: each card twice, the copies from PySolFC's first and second pack in the same places.
    game = Spider(5)
    expected = [(oracle.code(c), c.id // 52) for c in oracle.shuffled(2, 5)]
    pile = [(c.code, c.deck) for c in game.stack("stock")]
    assert pile == expected[:50]
