"""The Aces Up family (Aces Up, Fortunes, First Law, Valentine, Cover): PySolFC's deals, rebuilt from its
dealing order (pysollib/games/acesup.py: one row on the four piles; Valentine then turns a card onto the
waste) over pysol-cards' shuffle, and every rule of the French pages on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import legal, move
from classics_support import stack_codes as codes
from reussite_classics.acesup import (
    R_LEFT_ONLY,
    R_NO_HIGHER,
    R_NOT_FOUR,
    R_NOTHING_TO_GATHER,
    R_SAME_RANK,
    AcesUp,
    Cover,
    FirstLaw,
    Fortunes,
    Valentine,
)

from reussite.game import DEAL, R_NO_PICKUP, R_STOCK_NOT_EMPTY, REDEAL, Pair
from reussite.host import Host
from reussite.moves import R_PAIR_SUIT, R_REFILL_ONLY

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(cls, redeals_used=0, **stacks):
    """A game at a position given as ``tableau_1="KS QH"`` (bottom to top)."""
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return cls.from_layout({"options": {}, "stacks": entries, "redeals_used": redeals_used})


# -- the deals -------------------------------------------------------------------------------------------


def pysolfc_deal(number, waste=False, piles="tableau"):
    """PySolFC's startGame for the family: dealRow onto the four piles from the top of the talon (the end of
    the shuffled list), then, for Valentine, one card turned onto the waste."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    layout = {f"{piles}-{i + 1}": [cards.pop()] for i in range(4)}
    if waste:
        layout["waste"] = [cards.pop()]
    layout["stock"] = cards
    return layout


@pytest.mark.parametrize("cls, kwargs", [(AcesUp, {}), (Fortunes, {}), (FirstLaw, {}), (Cover, {}),
                                         (Valentine, {"waste": True, "piles": "foundation"})])
def test_the_family_deals_as_pysolfc(cls, kwargs):
    for number in NUMBERS:
        game = cls(number)
        layout = oracle.layout_of(game)
        expected = pysolfc_deal(number, **kwargs)
        for stack, cards in expected.items():
            assert layout[stack] == cards, (cls.id, number, stack)
        assert sum(map(len, expected.values())) == 52
        down = oracle.face_down_of(game)
        assert down["stock"] == len(expected["stock"])
        assert all(count == 0 for stack, count in down.items() if stack != "stock"), (cls.id, number)


def test_aces_up_answers_to_kpatience_id():
    assert AcesUp.aliases == {"acesup": {}}
    host = Host.load()
    assert host.resolve("acesup") == ("aces-up", {}) and host.game("acesup") is AcesUp


# -- Aces Up and Fortunes --------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", [AcesUp, Fortunes])
def test_a_card_is_discarded_while_a_higher_card_of_its_suit_tops_another_pile(cls):
    game = position(cls, tableau_1="5H", tableau_2="9H", tableau_3="KS", tableau_4="AS", stock="2C 3C 4C 6C")
    assert legal(game, "tableau-1", "foundation-1")  # 9H is higher
    assert not legal(game, "tableau-2", "foundation-1")  # no higher heart
    assert game.refusal(move(game, "tableau-2", "foundation-1")) is R_NO_HIGHER
    assert legal(game, "tableau-3", "foundation-1")  # the Ace is above the King
    assert not legal(game, "tableau-4", "foundation-1")  # nothing is above an Ace
    game.push(move(game, "tableau-1", "foundation-1"))
    assert codes(game, "foundation-1") == ["5H"] and game.score() == 1
    assert not legal(game, "foundation-1", "tableau-1")  # the discards stay


@pytest.mark.parametrize("cls", [AcesUp, Fortunes])
def test_only_an_empty_pile_takes_a_card_and_the_stock_deals_a_row(cls):
    game = position(cls, tableau_1="2C 5H", tableau_2="9D", tableau_3="", tableau_4="KS", stock="3C 4C 6C 7C")
    assert legal(game, "tableau-1", "tableau-3")
    assert not legal(game, "tableau-2", "tableau-1")  # a pile with cards takes none
    game.push(DEAL)  # one card on each pile, the empty one too
    assert [codes(game, f"tableau-{i}")[-1] for i in range(1, 5)] == ["7C", "6C", "4C", "3C"]
    assert not game.stack("stock") and not game.is_legal(REDEAL)  # no redeal


def test_aces_up_moves_one_card_and_fortunes_a_pile_s_top_cards_together():
    stacks = {"tableau_1": "2C 5H 8S", "tableau_2": "", "tableau_3": "9D", "tableau_4": "KS"}
    assert not legal(position(AcesUp, **stacks), "tableau-1", "tableau-2", 2)
    game = position(Fortunes, **stacks)
    assert legal(game, "tableau-1", "tableau-2", 2)
    # (the whole pile onto an empty one is legal but changes nothing, so it is not listed)
    assert game.is_legal(move(game, "tableau-1", "tableau-2", 3))
    assert not legal(game, "tableau-1", "foundation-1", 2)  # the discards take one card at a time


@pytest.mark.parametrize("cls", [AcesUp, Fortunes])
def test_won_when_the_four_aces_alone_remain(cls):
    rest = " ".join(r + s for s in "CSHD" for r in "23456789TJQK")
    game = position(cls, tableau_1="AC", tableau_2="AS", tableau_3="AH", tableau_4="AD", foundation_1=rest)
    assert game.is_won() and game.score() == cls.max_score == 48
    game = position(cls, tableau_1="AC", tableau_2="AS", tableau_3="AH", tableau_4="AD 2D",
                    foundation_1=rest.replace(" 2D", ""))
    assert not game.is_won()


# -- First Law -------------------------------------------------------------------------------------------


def test_first_law_moves_a_card_left_onto_a_card_of_its_rank():
    game = position(FirstLaw, tableau_1="7C", tableau_2="3D", tableau_3="7H", tableau_4="3S", stock="2C 2D 2H 2S")
    assert legal(game, "tableau-3", "tableau-1")
    assert not legal(game, "tableau-1", "tableau-3")  # not to the right
    assert game.refusal(move(game, "tableau-1", "tableau-3")) is R_LEFT_ONLY
    assert legal(game, "tableau-4", "tableau-2")
    assert not legal(game, "tableau-4", "tableau-1")  # not onto another rank
    assert game.refusal(move(game, "tableau-4", "tableau-1")) is R_SAME_RANK


def test_first_law_discards_four_cards_of_a_rank_together():
    game = position(FirstLaw, tableau_1="KC 9C", tableau_2="9D", tableau_3="QH 9H", tableau_4="9S", stock="")
    assert legal(game, "tableau-3", "foundation-1")
    game.push(move(game, "tableau-3", "foundation-1"))
    assert sorted(codes(game, "foundation-1")) == ["9C", "9D", "9H", "9S"] and game.score() == 4
    assert codes(game, "tableau-1") == ["KC"] and codes(game, "tableau-3") == ["QH"]
    game.pop()
    assert codes(game, "tableau-2") == ["9D"] and not game.stack("foundation-1")
    game = position(FirstLaw, tableau_1="9C", tableau_2="9D", tableau_3="9H", tableau_4="8S")
    assert not legal(game, "tableau-1", "foundation-1")
    assert game.refusal(move(game, "tableau-1", "foundation-1")) is R_NOT_FOUR


def test_first_law_gathers_the_piles_into_the_stock_as_often_as_needed():
    game = position(FirstLaw, tableau_1="AC 2C", tableau_2="3C", tableau_3="", tableau_4="4C 5C", stock="",
                    redeals_used=7)
    assert game.stock_move() is REDEAL
    game.push(REDEAL)
    # The fourth pile first, each turned over: the first pile's bottom card ends on top.
    assert codes(game, "stock") == ["5C", "4C", "3C", "2C", "AC"] and game.redeals_used == 8
    game.push(DEAL)
    assert [codes(game, f"tableau-{i}") for i in range(1, 5)] == [["AC"], ["2C"], ["3C"], ["4C"]]
    game = position(FirstLaw, tableau_1="AC", stock="2C 3C 4C 5C")
    assert game.refusal(REDEAL) is R_STOCK_NOT_EMPTY


def test_first_law_is_won_with_every_card_discarded():
    everything = " ".join(r + s for r in "A23456789TJQK" for s in "CSHD")
    game = position(FirstLaw, foundation_1=everything)
    assert game.is_won() and game.score() == FirstLaw.max_score == 52
    assert game.refusal(REDEAL) is R_NOTHING_TO_GATHER


# -- Valentine -------------------------------------------------------------------------------------------


def test_valentine_builds_the_piles_down_in_suit_and_refills_an_emptied_pile():
    game = position(Valentine, foundation_1="9H", foundation_2="8H", foundation_3="8C", foundation_4="KS",
                    waste="QS", stock="2C 3C")
    assert legal(game, "waste", "foundation-4")
    assert not legal(game, "foundation-3", "foundation-1")  # another suit
    assert not legal(game, "foundation-4", "foundation-1")  # not one rank down
    game.push(move(game, "foundation-2", "foundation-1"))
    assert codes(game, "foundation-2") == ["QS"] and not game.stack("waste")  # the waste's card first
    game.push(DEAL)
    game.push(move(game, "foundation-2", "foundation-4"))
    assert codes(game, "foundation-2") == ["3C"]  # the waste's card
    game = position(Valentine, foundation_1="9H", foundation_2="8H", foundation_3="8C", foundation_4="KS",
                    stock="2C 3C")
    game.push(move(game, "foundation-2", "foundation-1"))
    assert codes(game, "foundation-2") == ["3C"]  # no waste card: the stock's top card


def test_valentine_turns_a_card_only_onto_an_empty_waste_else_gathers_the_piles():
    game = position(Valentine, foundation_1="9H 8H", foundation_2="3D", foundation_3="8C", foundation_4="KS",
                    stock="2C 3C 4C", waste="")
    assert game.stock_move() is DEAL
    assert game.refusal(REDEAL) is R_STOCK_NOT_EMPTY
    game.push(DEAL)
    assert codes(game, "waste") == ["4C"]
    assert game.stock_move() is REDEAL and not game.is_legal(DEAL)
    game.push(REDEAL)
    # PySolFC's gathering: the piles go under the stock, the fourth first, each from its top card; the waste
    # card starts pile 1, the stock's next cards piles 2 to 4, and one card is turned onto the waste.
    assert [codes(game, f"foundation-{i}") for i in range(1, 5)] == [["4C"], ["3C"], ["2C"], ["9H"]]
    assert codes(game, "waste") == ["8H"]
    assert codes(game, "stock") == ["KS", "8C", "3D"] and game.redeals_used == 1
    assert game.stock_move() is REDEAL  # as often as the player likes


def test_valentine_is_won_with_every_card_on_the_piles():
    piles = {f"foundation_{i + 1}": " ".join(r + s for r in "KQJT98765432A") for i, s in enumerate("CSHD")}
    game = position(Valentine, **piles)
    assert game.is_won() and game.score() == Valentine.max_score == 52
    assert game.refusal(REDEAL) is R_NOTHING_TO_GATHER
    assert Valentine(3).score() == 4


# -- Cover -----------------------------------------------------------------------------------------------


def cover_pair(game, a, b):
    return Pair(game.index[f"tableau-{a}"], game.index["foundation-1"], 1, game.index[f"tableau-{b}"])


def test_cover_discards_two_cards_of_a_suit_and_refills_both_piles():
    game = position(Cover, tableau_1="5H", tableau_2="9C", tableau_3="KH", tableau_4="2D", stock="3S 4S 6S")
    assert game.is_legal(cover_pair(game, 1, 3)) and cover_pair(game, 1, 3) in set(game.legal_moves())
    assert not game.is_legal(cover_pair(game, 2, 3))
    assert game.refusal(cover_pair(game, 2, 3)) is R_PAIR_SUIT
    # A card dropped on a card of its suit is that pair.
    assert game.pair_for(game.index["tableau-3"], game.index["tableau-1"]) == cover_pair(game, 3, 1)
    game.push(cover_pair(game, 3, 1))
    assert sorted(codes(game, "foundation-1")) == ["5H", "KH"] and game.score() == 2
    assert codes(game, "tableau-1") == ["6S"] and codes(game, "tableau-3") == ["4S"]  # in order, from the top
    assert not legal(game, "foundation-1", "tableau-1")
    assert not legal(game, "tableau-2", "tableau-4")  # nothing is put on a pile
    assert game.refusal(DEAL) is R_REFILL_ONLY and DEAL not in set(game.legal_moves())  # the player never deals
    assert game.refusal(move(game, "foundation-1", "tableau-1")) is R_NO_PICKUP


def test_cover_is_won_when_the_stock_is_out():
    game = position(Cover, tableau_1="5H", tableau_2="9C", tableau_3="KH", tableau_4="2D", stock="3S 4S")
    assert not game.is_won()
    game.push(cover_pair(game, 3, 1))
    assert game.is_won() and not game.stack("stock")
    game = position(Cover, tableau_1="5H", tableau_2="9C", tableau_3="KH", tableau_4="2D")
    assert game.is_won()
    assert Cover.max_score == 48
