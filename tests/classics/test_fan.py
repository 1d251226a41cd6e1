"""Baker's Dozen, Bristol, Cruel, Fan and Carpet (fan.py in reussite-classics): the deals against pysol-cards'
own deal of PySolFC's games 31 (Baker's Dozen) and 56 (Fan) and, for the others, which pysol-cards does not
deal, against PySolFC's dealing order rebuilt over its shuffle (Bristol 42, Cruel 104, Carpet 97); then each
rule of the rule pages, the stock and the redeal included."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import legal, move
from reussite_classics.fan import R_SAME_DEAL, BakersDozen, Bristol, Carpet, Cruel, FanGame

from reussite.game import DEAL, REDEAL

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(cls, redeals_used=0, **stacks):
    """A game at a position given as ``tableau_1="KS QH"`` (bottom to top)."""
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return cls.from_layout({"options": {}, "stacks": entries, "redeals_used": redeals_used})


def full(cls, **more):
    stacks = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHD")}
    return position(cls, **stacks, **more)


def check_deal(cls, expected_of):
    for number in NUMBERS:
        game = cls(number)
        expected = expected_of(number)
        layout = oracle.layout_of(game)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 52
        assert not any(n for stack, n in oracle.face_down_of(game).items() if stack != "stock")


# -- Baker's Dozen -------------------------------------------------------------------------------------


def bakers_dozen(number):
    board = oracle.dealt("bakers_dozen", number)
    return {f"tableau-{i + 1}": [oracle.code(c) for c in col] for i, col in enumerate(board.columns.cols)}


def test_bakers_dozen_deals_like_pysolfc():
    check_deal(BakersDozen, bakers_dozen)


def test_bakers_dozen_deals_thirteen_piles_of_four_kings_at_the_bottom():
    for number in range(1, 31):
        game = BakersDozen(number)
        for i in game.tableau_ix:
            pile = [c.rank for c in game.cards[i]]
            assert len(pile) == 4
            kings = pile.count(13)
            assert pile[:kings] == [13] * kings, (number, pile)  # no King above another card


def test_bakers_dozen_builds_down_regardless_of_suit_top_card_only():
    game = position(BakersDozen, tableau_1="9C", tableau_2="8C", tableau_3="8H", tableau_4="7D", tableau_5="TS",
                    tableau_6="KD 8S 7S")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "tableau-3", "tableau-1")
    assert not legal(game, "tableau-4", "tableau-1")
    assert not legal(game, "tableau-5", "tableau-1")
    assert not legal(game, "tableau-6", "tableau-1", 2)  # the top card alone moves
    assert "build down regardless of suit" in str(game.explain(move(game, "tableau-4", "tableau-1")))


def test_an_empty_bakers_dozen_pile_stays_empty():
    game = position(BakersDozen, tableau_1="KS 5H", tableau_2="", tableau_3="QC KH")
    assert not legal(game, "tableau-1", "tableau-2")
    assert not legal(game, "tableau-3", "tableau-2")


def test_bakers_dozen_foundations_build_up_in_suit_and_give_back_their_top_card():
    game = position(BakersDozen, foundation_1="AH 2H", tableau_1="3H", tableau_2="3D", tableau_3="AC",
                    tableau_4="3S", tableau_5="4C")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-3", "foundation-2")
    assert not legal(game, "tableau-2", "foundation-2")
    assert legal(game, "foundation-1", "tableau-4")  # the 2 back onto a 3
    assert not legal(game, "foundation-1", "tableau-5")


def test_bakers_dozen_is_won_with_52_home_a_point_a_card():
    game = position(BakersDozen, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full(BakersDozen)
    assert game.is_won() and game.score() == BakersDozen.max_score == 52


# -- Bristol -------------------------------------------------------------------------------------------


def bristol(number):
    """PySolFC's Bristol (game 42): Bristol._shuffleHook (each King among the first 24 cards swapped with the
    first non-King below it on its pile, then the list turned over), three rows onto the eight piles; the rest
    is the stock (PySolFC's first deal onto the reserves is the player's first click here)."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    n = 8
    kings = [i for i, c in enumerate(cards[:24]) if c[0] == "K"]
    for i in kings:
        j = i % n
        while j < i:
            if cards[j][0] != "K":
                cards[j], cards[i] = cards[i], cards[j]
                break
            j += n
    cards.reverse()
    piles = [[] for _ in range(n)]
    for _ in range(3):
        for pile in piles:
            pile.append(cards.pop())
    layout = {f"tableau-{i + 1}": pile for i, pile in enumerate(piles)}
    layout["stock"] = cards
    for k in range(1, 4):
        layout[f"reserve-{k}"] = []
    return layout


def test_bristol_deals_like_pysolfc():
    check_deal(Bristol, bristol)


def test_bristol_deals_eight_piles_of_three_and_28_in_the_stock():
    game = Bristol(4)
    assert [len(game.cards[i]) for i in game.tableau_ix] == [3] * 8
    assert len(game.stack("stock")) == 28 and not any(game.cards[i] for i in game.reserve_ix)


def test_the_bristol_stock_deals_a_card_onto_each_reserve_and_never_redeals():
    game = Bristol(4)
    stock = [c.code for c in game.stack("stock")]
    game.push(DEAL)
    assert [[c.code for c in game.cards[i]] for i in game.reserve_ix] == [[stock[-1]], [stock[-2]], [stock[-3]]]
    assert not any(game.face_down[i] for i in game.reserve_ix)  # dealt face up
    for _ in range(8):
        game.push(DEAL)
    assert [len(game.cards[i]) for i in game.reserve_ix] == [9, 9, 9] and len(game.stack("stock")) == 1
    game.push(DEAL)  # the last card onto the first reserve alone
    assert [len(game.cards[i]) for i in game.reserve_ix] == [10, 9, 9]
    assert not game.is_legal(DEAL) and not game.is_legal(REDEAL)
    for _ in range(10):
        game.pop()
    assert [c.code for c in game.stack("stock")] == stock


def test_bristol_reserves_give_their_top_card_and_take_none():
    game = position(Bristol, reserve_1="5C 9H", reserve_2="", tableau_1="TS", tableau_2="4D", foundation_1="AS",
                    reserve_3="2D")
    assert legal(game, "reserve-1", "tableau-1")
    assert legal(game, "reserve-3", "foundation-1")
    assert not legal(game, "tableau-2", "reserve-2")  # an empty reserve is filled by the stock alone
    assert not legal(game, "tableau-2", "reserve-1")


def test_bristol_builds_down_regardless_of_suit_one_card_and_empty_piles_stay_empty():
    game = position(Bristol, tableau_1="9C", tableau_2="8H", tableau_3="7D", tableau_4="KD 8S 7S", tableau_5="")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")
    assert not legal(game, "tableau-4", "tableau-1", 2)
    assert not legal(game, "tableau-3", "tableau-5")
    assert not legal(game, "tableau-4", "tableau-5")


def test_bristol_foundations_build_up_regardless_of_suit_and_keep_their_cards():
    game = position(Bristol, foundation_1="AH", tableau_1="2C", tableau_2="3C", tableau_3="AS", tableau_4="3D",
                    tableau_5="8S 2S")
    assert legal(game, "tableau-1", "foundation-1")  # any suit
    assert not legal(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-3", "foundation-2")
    assert not legal(game, "tableau-4", "foundation-2")
    assert not legal(game, "foundation-1", "tableau-1")  # the Ace would never fit, and foundations keep
    game = position(Bristol, foundation_1="AH 2H", tableau_1="3C")
    assert not legal(game, "foundation-1", "tableau-1")


def test_bristol_is_won_with_52_home_a_point_a_card():
    game = position(Bristol, foundation_1="AC 2S", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full(Bristol)
    assert game.is_won() and game.score() == Bristol.max_score == 52


# -- Fan -----------------------------------------------------------------------------------------------


def fan(number):
    board = oracle.dealt("fan", number)
    return {f"tableau-{i + 1}": [oracle.code(c) for c in col] for i, col in enumerate(board.columns.cols)}


def test_fan_deals_like_pysolfc():
    check_deal(FanGame, fan)


def test_fan_deals_seventeen_piles_of_three_and_one_of_one_with_no_stock():
    game = FanGame(7)
    assert [len(game.cards[i]) for i in game.tableau_ix] == [3] * 17 + [1]
    assert game.stock_ix is None and game.waste_ix is None and not game.reserve_ix
    assert not any(game.cards[i] for i in game.foundation_ix)


def test_fan_builds_down_in_suit_one_card_at_a_time():
    game = position(FanGame, tableau_1="9S", tableau_2="4D 8S", tableau_3="8C", tableau_4="9D 8D", tableau_5="TD")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")  # another suit
    assert not legal(game, "tableau-4", "tableau-5", 2)  # the top card alone moves
    assert not legal(game, "tableau-1", "tableau-5")  # down only


def test_fan_an_empty_pile_takes_a_king_only():
    game = position(FanGame, tableau_1="", tableau_2="3H KD", tableau_3="4C QD")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")


def test_fan_foundations_build_up_in_suit_from_the_ace_and_give_their_top_card_back():
    game = position(FanGame, foundation_1="AH 2H", tableau_1="3H", tableau_2="3S", tableau_3="AS", tableau_4="4S",
                    tableau_5="3C")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")  # another suit
    assert legal(game, "tableau-3", "foundation-2")
    assert not legal(game, "tableau-4", "foundation-2")  # an empty foundation takes an Ace
    # The top card may come back onto a pile that takes it (PySolFC's foundations, Solvitaire's "removable").
    game = position(FanGame, foundation_1="AH 2H", tableau_1="3H", tableau_2="3C", tableau_3="")
    assert legal(game, "foundation-1", "tableau-1")
    assert not legal(game, "foundation-1", "tableau-2")  # by the piles' own rule: in suit
    assert not legal(game, "foundation-1", "tableau-3")  # an empty pile takes a King only


def test_fan_is_won_with_52_home_a_point_a_card():
    game = position(FanGame, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full(FanGame)
    assert game.is_won() and game.score() == FanGame.max_score == 52


# -- Cruel ---------------------------------------------------------------------------------------------


def cruel(number):
    """PySolFC's Cruel (game 104): the Aces moved to the bottom of the pack, clubs last
    (_shuffleHookMoveToBottom), four rows onto the twelve piles, then the Aces onto the foundations."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    aces = sorted((c for c in cards if c[0] == "A"), key=lambda c: "CSHD".index(c[1]), reverse=True)
    cards = aces + [c for c in cards if c[0] != "A"]
    piles = [[] for _ in range(12)]
    for _ in range(4):
        for pile in piles:
            pile.append(cards.pop())
    layout = {f"tableau-{i + 1}": pile for i, pile in enumerate(piles)}
    for i in range(4):
        layout[f"foundation-{i + 1}"] = [cards.pop()]
    layout["stock"] = cards
    return layout


def test_cruel_deals_like_pysolfc():
    check_deal(Cruel, cruel)


def test_cruel_starts_with_the_aces_home_and_twelve_piles_of_four():
    game = Cruel(9)
    assert [c.code for f in game.foundation_ix for c in game.cards[f]] == ["AC", "AS", "AH", "AD"]
    assert [len(game.cards[i]) for i in game.tableau_ix] == [4] * 12 and not game.stack("stock")
    assert game.score() == 0


def test_cruel_builds_down_in_suit_one_card_and_empty_piles_stay_empty():
    game = position(Cruel, tableau_1="9C", tableau_2="8C", tableau_3="8H", tableau_4="KD QD JD", tableau_5="",
                    tableau_6="QS TS", foundation_1="AC", foundation_2="AS", foundation_3="AH", foundation_4="AD")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")  # another suit
    assert not legal(game, "tableau-4", "tableau-6", 2)  # one card at a time
    assert not legal(game, "tableau-3", "tableau-5")  # an empty pile takes nothing
    assert "build down in suit" in str(game.explain(move(game, "tableau-3", "tableau-1")))


def test_cruel_foundations_build_up_in_suit_and_keep_their_cards():
    game = position(Cruel, foundation_1="AC 2C", foundation_2="AS", foundation_3="AH", foundation_4="AD",
                    tableau_1="3C", tableau_2="3S", tableau_3="3D")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-2")
    assert not legal(game, "foundation-1", "tableau-3")


PILES = {"tableau_1": "9C 8C 3H", "tableau_2": "QD", "tableau_3": "2D 7S 6S 5S 4S 3S", "tableau_4": "",
         "tableau_5": "QH JD", "foundation_1": "AC", "foundation_2": "AS", "foundation_3": "AH", "foundation_4": "AD"}


def test_a_cruel_redeal_gathers_the_piles_in_order_and_deals_them_again_in_fours():
    game = position(Cruel, **PILES)
    assert game.is_legal(REDEAL) and game.stock_move() is REDEAL
    before = oracle.layout_of(game)
    game.push(REDEAL)
    piles = [[c.code for c in game.cards[i]] for i in game.tableau_ix]
    gathered = "9C 8C 3H QD 2D 7S 6S 5S 4S 3S QH JD".split()
    assert piles == [gathered[0:4], gathered[4:8], gathered[8:12]] + [[]] * 9
    assert not game.stack("stock") and game.redeals_used == 1
    game.pop()
    assert oracle.layout_of(game) == before and game.redeals_used == 0
    game.redo()
    assert [[c.code for c in game.cards[i]] for i in game.tableau_ix] == piles


def test_a_cruel_redeal_that_would_change_nothing_is_refused():
    game = Cruel(9)  # four cards on every pile: a redeal would give the same piles
    assert game.refusal(REDEAL) is R_SAME_DEAL
    game = position(Cruel, **PILES)
    game.push(REDEAL)
    assert game.refusal(REDEAL) is R_SAME_DEAL
    assert "move a card first" in str(game.explain(REDEAL))


def test_cruel_redeals_as_often_as_you_like():
    game = position(Cruel, redeals_used=500, **PILES)
    game.push(REDEAL)
    assert game.redeals_used == 501
    game.push(move(game, "tableau-3", "tableau-1"))  # the JD from the third four onto the QD of the first
    assert game.is_legal(REDEAL)


def test_cruel_scores_the_cards_home_besides_the_aces():
    game = position(Cruel, foundation_1="AC 2C 3C", foundation_2="AS", foundation_3="AH", foundation_4="AD",
                    tableau_1="4C")
    assert game.score() == 2 and not game.is_won()
    game = full(Cruel)
    assert game.is_won() and game.score() == Cruel.max_score == 48


# -- Carpet --------------------------------------------------------------------------------------------


def carpet(number):
    """PySolFC's Carpet (game 97): the Aces moved to the top of the pack, clubs on top
    (_shuffleHookMoveToTop), dealt onto the foundations, then a row onto the twenty places; the rest is the
    stock (PySolFC's first card onto the waste is the player's first click here)."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    aces = sorted((c for c in cards if c[0] == "A"), key=lambda c: "CSHD".index(c[1]), reverse=True)
    cards = [c for c in cards if c[0] != "A"] + aces
    layout = {f"foundation-{i + 1}": [cards.pop()] for i in range(4)}
    for i in range(20):
        layout[f"tableau-{i + 1}"] = [cards.pop()]
    layout["stock"] = cards
    layout["waste"] = []
    return layout


def test_carpet_deals_like_pysolfc():
    check_deal(Carpet, carpet)


def test_carpet_starts_with_the_aces_home_twenty_cards_and_28_in_the_stock():
    game = Carpet(6)
    assert [c.code for f in game.foundation_ix for c in game.cards[f]] == ["AC", "AS", "AH", "AD"]
    assert [len(game.cards[i]) for i in game.tableau_ix] == [1] * 20
    assert len(game.stack("stock")) == 28 and not game.stack("waste") and game.score() == 0


def carpet_position(**more):
    cards = "2C 9S 5D 7C 8C 9C TC JC QC KC 3S 4S 5S 6S 7S 8S TS JS QS KS".split()
    stacks = {f"tableau_{k + 1}": c for k, c in enumerate(cards)}
    stacks.update(foundation_1="AC", foundation_2="AS", foundation_3="AH", foundation_4="AD")
    stacks.update(more)
    return position(Carpet, **stacks)


def test_nothing_is_built_on_the_carpet_its_cards_go_to_the_foundations():
    game = carpet_position(stock="4D 3D", waste="2D 9D")
    assert legal(game, "tableau-1", "foundation-1")  # 2C on AC
    assert not legal(game, "tableau-3", "foundation-4")  # 5D is not next
    assert not legal(game, "tableau-4", "tableau-5")  # nothing is built on the carpet
    assert not legal(game, "waste", "tableau-4")
    assert not legal(game, "tableau-2", "waste")


def test_a_place_left_empty_takes_the_waste_card_or_else_the_stock_card():
    game = carpet_position(stock="4D 3D", waste="2D 6H")
    game.push(move(game, "tableau-1", "foundation-1"))
    assert [c.code for c in game.stack("tableau-1")] == ["6H"] and [c.code for c in game.stack("waste")] == ["2D"]
    game.pop()
    assert [c.code for c in game.stack("tableau-1")] == ["2C"] and len(game.stack("waste")) == 2
    game = carpet_position(stock="4D 3D")
    game.push(move(game, "tableau-1", "foundation-1"))
    assert [c.code for c in game.stack("tableau-1")] == ["3D"] and game.face_down[game.index["tableau-1"]] == 0
    assert [c.code for c in game.stack("stock")] == ["4D"]
    game = carpet_position()
    game.push(move(game, "tableau-1", "foundation-1"))
    assert not game.stack("tableau-1")  # nothing left to fill it
    assert not legal(game, "tableau-2", "tableau-1")  # and nobody else may


def test_the_carpet_waste_card_plays_to_a_foundation_without_filling_anything():
    game = carpet_position(stock="4D", waste="3H 2H")
    game.push(move(game, "waste", "foundation-3"))
    assert [c.code for c in game.stack("waste")] == ["3H"] and [c.code for c in game.stack("stock")] == ["4D"]


def test_the_carpet_stock_turns_one_card_and_never_redeals():
    game = Carpet(6)
    stock = [c.code for c in game.stack("stock")]
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == [stock[-1]]
    while game.stack("stock"):
        game.push(DEAL)
    assert not game.is_legal(DEAL) and not game.is_legal(REDEAL)


def test_carpet_scores_the_cards_home_besides_the_aces_and_is_won_with_52():
    game = carpet_position()
    assert game.score() == 0 and not game.is_won()
    game = full(Carpet)
    assert game.is_won() and game.score() == Carpet.max_score == 48


@pytest.mark.parametrize("cls, family", [(BakersDozen, "Baker's Dozen"), (Bristol, "Fan"), (Cruel, "Baker's Dozen"),
                                         (Carpet, "Carpet")])
def test_no_options_as_in_aisleriot(cls, family):
    assert cls.options == () and cls.aliases == {} and cls.family == family
