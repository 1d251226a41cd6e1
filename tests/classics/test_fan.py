"""Baker's Dozen, Bristol, Cruel and Carpet (fan.py in reussite-classics): the deals against pysol-cards' own
deal of PySolFC's game 31 (Baker's Dozen) and, for the others, which pysol-cards does not deal, against
PySolFC's dealing order rebuilt over its shuffle (Bristol 42, Cruel 104, Carpet 97); then each rule of the
rule pages, the stock and the redeal included."""

from __future__ import annotations

import os

import classics_support as oracle
from reussite_classics.fan import BakersDozen

from reussite.game import Move

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
        assert not any(oracle.face_down_of(game).values())


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
