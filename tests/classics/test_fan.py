"""Baker's Dozen, Bristol, Cruel and Carpet (fan.py in reussite-classics): the deals against pysol-cards' own
deal of PySolFC's game 31 (Baker's Dozen) and, for the others, which pysol-cards does not deal, against
PySolFC's dealing order rebuilt over its shuffle (Bristol 42, Cruel 104, Carpet 97); then each rule of the
rule pages, the stock and the redeal included."""

from __future__ import annotations

import os

import classics_support as oracle
from reussite_classics.fan import BakersDozen, Bristol

from reussite.game import DEAL, REDEAL, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(cls, redeals_used=0, **stacks):
    """A game at a position given as ``tableau_1="KS QH"`` (bottom to top)."""
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return cls.from_layout({"options": {}, "stacks": entries, "redeals_used": redeals_used})


def move(game, src, dst, n=1):
    return Move(game.index[src], game.index[dst], n)


def legal(game, src, dst, n=1):
    """Whether the rules accept the move, checked to agree with the listing of legal moves."""
    m = move(game, src, dst, n)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst, n)
    return accepted


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
