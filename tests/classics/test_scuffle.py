"""Scuffle (reussite_classics.scuffle): PySolFC's deal (game 553: the Aces to the top of the pack, dealt onto the
foundations, then a row onto the four piles), rebuilt over pysol-cards' shuffle with pysol-cards' own
_shuffleHookMoveToTop, which does not deal this game; and each rule of the rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move
from pysol_cards.deal_game import Game as PysolCardsGame
from pysol_cards.random_base import RandomBase
from reussite_classics.scuffle import Scuffle

from reussite.game import DEAL, R_BUILD, R_FROM_KIND, R_NO_PICKUP, R_NO_REDEAL, R_STOCK_NOT_EMPTY, REDEAL

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def pysolfc_scuffle(number):
    hook = PysolCardsGame("golf", number, RandomBase.DEALS_PYSOLFC)._shuffleHookMoveToTop
    cards = [oracle.code(c) for c in hook(oracle.shuffled(1, number), lambda c: (c.rank == 1, c.suit))]
    layout = {f"foundation-{i + 1}": [cards.pop()] for i in range(4)}
    layout.update({f"tableau-{i + 1}": [cards.pop()] for i in range(4)})
    layout["stock"] = cards
    return layout


def position(redeals_used=0, **stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return Scuffle.from_layout({"options": {}, "stacks": entries, "redeals_used": redeals_used})


def test_scuffle_deals_like_pysolfc():
    for number in NUMBERS:
        layout = oracle.layout_of(Scuffle(number))
        expected = pysolfc_scuffle(number)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 52
    assert [oracle.layout_of(Scuffle(1))[f"foundation-{i}"] for i in (1, 2, 3, 4)] == [["AC"], ["AS"], ["AH"], ["AD"]]


def test_foundations_go_up_regardless_of_suit_and_keep_their_cards():
    game = position(foundation_1="AC", foundation_2="AS 2H 3H 4D 5C 6S 7S 8S 9S TS JS QS KS", tableau_1="2D",
                    tableau_2="3D", tableau_3="AH", stock="9C")
    assert legal(game, "tableau-1", "foundation-1")
    assert game.refusal(move(game, "tableau-2", "foundation-1")) is R_BUILD
    assert not legal(game, "tableau-1", "foundation-2")  # nothing after the King
    assert game.refusal(move(game, "foundation-2", "tableau-4")) is R_NO_PICKUP


def test_reserve_piles_play_their_top_card_to_the_foundations_only():
    game = position(foundation_1="AC", tableau_1="5D 2D", tableau_2="3D", tableau_3="", stock="9C")
    assert legal(game, "tableau-1", "foundation-1")
    assert game.refusal(move(game, "tableau-2", "tableau-1")) is R_FROM_KIND
    assert game.refusal(move(game, "tableau-2", "tableau-3")) is R_FROM_KIND
    assert not legal(game, "tableau-1", "foundation-1", 2)


def test_the_stock_deals_a_card_onto_each_pile_even_empty_ones_and_fewer_at_the_end():
    game = position(foundation_1="AC", tableau_1="5D", tableau_2="", tableau_3="9H", tableau_4="TH",
                    stock="2C 3C 4C 5C 6C 7C")
    game.push(DEAL)
    assert [game.stack(f"tableau-{i}")[-1].code for i in (1, 2, 3, 4)] == ["7C", "6C", "5C", "4C"]
    game.push(DEAL)
    assert [c.code for c in game.stack("tableau-1")] == ["5D", "7C", "3C"]
    assert [c.code for c in game.stack("tableau-2")] == ["6C", "2C"]
    assert [c.code for c in game.stack("tableau-3")] == ["9H", "5C"]


def test_a_redeal_gathers_and_shuffles_the_piles_into_the_stock_twice_the_same_way_each_time():
    game = position(foundation_1="AC", tableau_1="5D 7C 3C", tableau_2="6C 2C", tableau_3="9H", tableau_4="TH 4C")
    assert game.refusal(DEAL) is not None
    before = oracle.layout_of(game)
    game.push(REDEAL)
    stock = [c.code for c in game.stack("stock")]
    assert sorted(stock) == sorted("5D 7C 3C 6C 2C 9H TH 4C".split())
    assert not any(game.stack(f"tableau-{i}") for i in (1, 2, 3, 4))
    assert game.face_down[game.stock_ix] == 8 and game.redeals_used == 1
    game.pop()
    assert oracle.layout_of(game) == before
    game.push(REDEAL)
    assert [c.code for c in game.stack("stock")] == stock  # the same number shuffles the same way
    game.push(DEAL)
    assert game.refusal(REDEAL) is R_STOCK_NOT_EMPTY  # four cards still in the stock
    game = position(redeals_used=2, foundation_1="AC", tableau_1="5D")
    assert game.refusal(REDEAL) is R_NO_REDEAL


def test_scuffle_is_won_with_52_on_the_foundations_and_scores_the_cards_put_there():
    full = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHD")}
    game = position(**full)
    assert game.is_won() and game.score() == Scuffle.max_score == 48
    game = position(foundation_1="AC 2D", foundation_2="AS", foundation_3="AH", foundation_4="AD", tableau_1="3C")
    assert not game.is_won() and game.score() == 1
