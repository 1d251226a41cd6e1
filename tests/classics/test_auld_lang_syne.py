"""The Auld Lang Syne family (reussite_classics.auld_lang_syne): PySolFC's deal (game 95: the Aces to the top of
the pack, dealt onto the foundations, then a row onto the four reserve piles), rebuilt over pysol-cards' shuffle
with pysol-cards' own _shuffleHookMoveToTop, as pysol-cards does not deal this game; Tam O'Shanter's (game 172:
the pack as shuffled, a row onto the piles), rebuilt the same way; and each rule of the rule pages on set-up
positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move
from pysol_cards.deal_game import Game as PysolCardsGame
from pysol_cards.random_base import RandomBase
from reussite_classics.auld_lang_syne import AuldLangSyne, TamOShanter

from reussite.game import DEAL, R_BUILD, R_EMPTY_RANK, R_FROM_KIND, R_NO_PICKUP, R_NO_REDEAL, R_TOP_ONLY, REDEAL

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)
PILES = [f"tableau-{i}" for i in (1, 2, 3, 4)]


def pysolfc_auld_lang_syne(number):
    # AuldLangSyne._shuffleHook, then AuldLangSyne.startGame: a row onto the foundations, a row onto the piles.
    hook = PysolCardsGame("golf", number, RandomBase.DEALS_PYSOLFC)._shuffleHookMoveToTop
    cards = [oracle.code(c) for c in hook(oracle.shuffled(1, number), lambda c: (c.rank == 1, c.suit))]
    layout = {f"foundation-{i + 1}": [cards.pop()] for i in range(4)}
    layout.update({f"tableau-{i + 1}": [cards.pop()] for i in range(4)})
    layout["stock"] = cards
    return layout


def position(cls=AuldLangSyne, **stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return cls.from_layout({"options": {}, "stacks": entries})


def tops(game):
    return [game.stack(p)[-1].code if game.stack(p) else None for p in PILES]


def test_auld_lang_syne_deals_like_pysolfc():
    for number in NUMBERS:
        game = AuldLangSyne(number)
        layout = oracle.layout_of(game)
        expected = pysolfc_auld_lang_syne(number)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 52 and len(expected["stock"]) == 44
        face_down = oracle.face_down_of(game)
        assert face_down["stock"] == 44 and not any(v for k, v in face_down.items() if k != "stock"), number
    assert [oracle.layout_of(AuldLangSyne(1))[f"foundation-{i}"] for i in (1, 2, 3, 4)] == [
        ["AC"], ["AS"], ["AH"], ["AD"]]


def test_the_reserve_piles_are_named_and_say_what_they_take():
    game = AuldLangSyne(1)
    for i, pile in enumerate(PILES, 1):
        spec = game.specs[game.index[pile]]
        assert spec.label == "reserve pile {number}" and spec.number == i
        assert "stock" in spec.text and "foundation" in spec.text


def test_foundations_go_up_one_rank_regardless_of_suit_and_keep_their_cards():
    game = position(foundation_1="AC", foundation_2="AS 2H 3H 4D 5C 6S 7S 8S 9S TS JS QS KS", foundation_3="AH 2C",
                    tableau_1="2D", tableau_2="3D", tableau_3="AD", tableau_4="4S", stock="9C")
    assert legal(game, "tableau-1", "foundation-1")  # a red Two on the Ace of clubs
    assert legal(game, "tableau-2", "foundation-3")  # a diamond Three on a club Two
    assert game.refusal(move(game, "tableau-2", "foundation-1")) is R_BUILD  # a Three on an Ace
    assert game.refusal(move(game, "tableau-4", "foundation-3")) is R_BUILD  # a Four on a Two
    assert not legal(game, "tableau-3", "foundation-2")  # nothing after the King
    assert game.refusal(move(game, "foundation-3", "tableau-3")) is R_NO_PICKUP  # a card put there stays


def test_only_the_top_card_of_a_reserve_pile_plays_and_only_to_a_foundation():
    game = position(foundation_1="AC", foundation_2="AS", foundation_3="AH", foundation_4="AD", tableau_1="2D 5D",
                    tableau_2="3D 2S", tableau_3="", tableau_4="6H", stock="9C 8C 7C 6C")
    assert legal(game, "tableau-2", "foundation-1")
    assert not legal(game, "tableau-1", "foundation-1", 2)  # the Two under the Five is covered
    assert game.refusal(move(game, "tableau-1", "foundation-1")) is R_BUILD  # the Five is its top card
    assert game.refusal(move(game, "tableau-2", "tableau-1")) is R_FROM_KIND  # never from pile to pile
    assert game.refusal(move(game, "tableau-4", "tableau-3")) is R_FROM_KIND  # not even into an empty one
    assert game.refusal(move(game, "tableau-2", "foundation-1", 2)) is R_TOP_ONLY
    game.push(move(game, "tableau-2", "foundation-1"))
    assert tops(game) == ["5D", "3D", None, "6H"] and game.score() == 1


def test_the_stock_deals_a_card_onto_each_pile_empty_or_not_eleven_times_and_never_comes_back():
    game = position(foundation_1="AC", foundation_2="AS", foundation_3="AH", foundation_4="AD", tableau_1="5D",
                    tableau_2="", tableau_3="9H", tableau_4="TH", stock="2C 3C 4C 5C 6C 7C 8C 9C")
    game.push(DEAL)
    assert tops(game) == ["9C", "8C", "7C", "6C"]
    assert [c.code for c in game.stack("tableau-1")] == ["5D", "9C"]
    assert [c.code for c in game.stack("tableau-2")] == ["8C"]
    assert game.face_down[game.index["tableau-2"]] == 0
    game.push(DEAL)
    assert tops(game) == ["5C", "4C", "3C", "2C"] and not game.stack("stock")
    assert game.refusal(DEAL) is not None
    assert game.refusal(REDEAL) is R_NO_REDEAL  # no redeal: the piles stay where they are
    assert game.stock_move() is DEAL and AuldLangSyne.redeals == 0
    game = AuldLangSyne(7)
    deals = 0
    while game.is_legal(DEAL):
        game.push(DEAL)
        deals += 1
    assert deals == 11 and sum(len(game.stack(p)) for p in PILES) == 48


def test_the_game_is_won_with_52_cards_home_and_scores_the_48_put_there():
    full = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHD")}
    game = position(**full)
    assert game.is_won() and game.score() == AuldLangSyne.max_score == 48
    game = position(foundation_1="AC 2D", foundation_2="AS", foundation_3="AH", foundation_4="AD", tableau_1="3C")
    assert not game.is_won() and game.score() == 1
    game.push(move(game, "tableau-1", "foundation-1"))
    assert game.score() == 2


def test_the_game_is_lost_when_the_stock_is_empty_and_no_top_card_goes_up():
    game = position(foundation_1="AC", foundation_2="AS", foundation_3="AH", foundation_4="AD", tableau_1="2D 5D",
                    tableau_2="3D", tableau_3="4D", tableau_4="6D")
    assert not game.is_won() and not list(game.legal_moves())


def pysolfc_tam_o_shanter(number):
    # TamOShanter.startGame: a row onto the piles; the foundations stay empty.
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    layout = {f"foundation-{i + 1}": [] for i in range(4)}
    layout.update({f"tableau-{i + 1}": [cards.pop()] for i in range(4)})
    layout["stock"] = cards
    return layout


def test_tam_o_shanter_deals_like_pysolfc():
    for number in NUMBERS:
        game = TamOShanter(number)
        layout = oracle.layout_of(game)
        expected = pysolfc_tam_o_shanter(number)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 52 and len(expected["stock"]) == 48
        face_down = oracle.face_down_of(game)
        assert face_down["stock"] == 48 and not any(v for k, v in face_down.items() if k != "stock"), number


def test_tam_o_shanter_empty_foundations_take_an_ace_of_any_suit_then_go_up_regardless_of_suit():
    game = position(TamOShanter, foundation_2="AS", tableau_1="AH", tableau_2="2D", tableau_3="3C", tableau_4="KS",
                    stock="9C 8C 7C 6C")
    assert legal(game, "tableau-1", "foundation-1")  # any Ace onto any empty foundation
    assert not legal(game, "tableau-2", "foundation-1")  # nothing but an Ace on an empty one
    assert game.refusal(move(game, "tableau-2", "foundation-1")) is R_EMPTY_RANK
    assert not legal(game, "tableau-4", "foundation-3")
    assert legal(game, "tableau-2", "foundation-2")  # then up regardless of suit
    assert game.refusal(move(game, "tableau-3", "foundation-2")) is R_BUILD
    game.push(move(game, "tableau-1", "foundation-1"))
    assert game.score() == 2  # the Aces count: they are put there too
    assert game.refusal(move(game, "foundation-1", "tableau-1")) is R_NO_PICKUP
    assert game.refusal(move(game, "tableau-2", "tableau-1")) is R_FROM_KIND


def test_tam_o_shanter_deals_twelve_times_without_redeal_and_scores_52_when_won():
    game = TamOShanter(3)
    deals = 0
    while game.is_legal(DEAL):
        game.push(DEAL)
        deals += 1
    assert deals == 12 and sum(len(game.stack(p)) for p in PILES) == 52
    assert game.refusal(REDEAL) is R_NO_REDEAL
    full = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHD")}
    game = position(TamOShanter, **full)
    assert game.is_won() and game.score() == TamOShanter.max_score == 52
