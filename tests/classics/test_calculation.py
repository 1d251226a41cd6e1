"""The Calculation family (Hopscotch, Sir Tommy, Doublets): PySolFC's deals, rebuilt from its shuffle hooks and
dealing order (pysollib/games/calculation.py Hopscotch, numerica.py Numerica, doublets.py Doublets) over
pysol-cards' shuffle, and every rule of the French pages on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import legal, move
from classics_support import stack_codes as codes
from reussite_classics.calculation import R_KING, R_NOT_DOUBLE, Doublets, Hopscotch, SirTommy

from reussite.game import DEAL, R_FROM_KIND, R_NO_REDEAL, R_WASTE_FULL, REDEAL

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(cls, redeals_used=0, **stacks):
    """A game at a position given as ``tableau_1="KS QH"`` (bottom to top)."""
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return cls.from_layout({"options": {}, "stacks": entries, "redeals_used": redeals_used})


# -- the deals -------------------------------------------------------------------------------------------


def hopscotch_deal(number):
    """Hopscotch._shuffleHook: the Ace to Four of clubs to the top, the Ace last; dealRow onto the four
    foundations, then one card onto the waste."""
    cards = oracle.shuffled(1, number)
    bases = [next(c for c in cards if c.suit == 0 and c.rank == rank) for rank in (4, 3, 2, 1)]
    cards = [oracle.code(c) for c in cards if c not in bases] + [oracle.code(c) for c in bases]
    layout = {f"foundation-{i + 1}": [cards.pop()] for i in range(4)}
    layout["waste"] = [cards.pop()]
    layout["stock"] = cards
    return layout


def sir_tommy_deal(number):
    """Numerica.startGame: one card onto the waste."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    return {"waste": [cards.pop()], "stock": cards}


def doublets_deal(number):
    """Doublets._shuffleHook: from the bottom, the first eight non-Kings to the top and the Kings met on the
    way to the bottom; dealRow onto the seven piles, one card onto the foundation, one onto the waste."""
    rest = [oracle.code(c) for c in oracle.shuffled(1, number)]
    kings, top = [], []
    while len(top) < 8:
        card = rest.pop(0)
        (kings if card[0] == "K" else top).append(card)
    cards = kings + rest + top
    layout = {f"reserve-{i + 1}": [cards.pop()] for i in range(7)}
    layout["foundation-1"] = [cards.pop()]
    layout["waste"] = [cards.pop()]
    layout["stock"] = cards
    return layout


@pytest.mark.parametrize("cls, expected_of", [(Hopscotch, hopscotch_deal), (SirTommy, sir_tommy_deal),
                                              (Doublets, doublets_deal)])
def test_the_family_deals_as_pysolfc(cls, expected_of):
    for number in NUMBERS:
        game = cls(number)
        layout = oracle.layout_of(game)
        expected = expected_of(number)
        for stack, cards in expected.items():
            assert layout[stack] == cards, (cls.id, number, stack)
        assert sum(map(len, expected.values())) == 52
        down = oracle.face_down_of(game)
        assert down["stock"] == len(expected["stock"])
        assert all(count == 0 for stack, count in down.items() if stack != "stock"), (cls.id, number)


def test_doublets_deals_no_king_on_the_piles_or_the_foundation():
    for number in NUMBERS:
        game = Doublets(number)
        assert all(game.stack(f"reserve-{i}")[0].rank != 13 for i in range(1, 8))
        assert game.stack("foundation-1")[0].rank != 13


# -- Hopscotch and Sir Tommy -----------------------------------------------------------------------------


def test_hopscotch_builds_foundation_k_by_k_regardless_of_suit_round_the_corner():
    game = position(Hopscotch, foundation_1="AC", foundation_2="2C 4H", foundation_3="3C 6D 9S QH",
                    foundation_4="4C 8D QS", waste="2D", tableau_1="5H", tableau_2="3S", tableau_3="2H",
                    tableau_4="7H")
    assert legal(game, "waste", "foundation-1")  # 2 on the Ace: by ones
    assert legal(game, "tableau-1", "foundation-3") is False  # 5 on the Queen: not by threes
    assert legal(game, "tableau-2", "foundation-4")  # 3 on the Queen by fours: 12 + 4 - 13
    assert legal(game, "tableau-3", "foundation-3")  # 2 on the Queen by threes: 12 + 3 - 13
    assert legal(game, "tableau-1", "foundation-4") is False
    assert not legal(game, "waste", "foundation-2")  # 2 on the 4: not by twos
    assert legal(game, "tableau-4", "foundation-1") is False


def test_a_hopscotch_foundation_is_closed_at_thirteen_cards():
    full = "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    game = position(Hopscotch, foundation_1=full, foundation_2="2C", foundation_3="3C", foundation_4="4C",
                    waste="AS")
    assert not legal(game, "waste", "foundation-1")  # an Ace would follow the King by ones, but it is full


@pytest.mark.parametrize("cls", [Hopscotch, SirTommy])
def test_the_piles_take_any_card_from_the_waste_only_and_give_only_to_the_foundations(cls):
    game = position(cls, waste="9D", tableau_1="KS 2H", tableau_2="", stock="3D",
                    **({"foundation_1": "AC", "foundation_2": "2C", "foundation_3": "3C", "foundation_4": "4C"}
                       if cls is Hopscotch else {}))
    assert legal(game, "waste", "tableau-1")  # onto anything
    assert legal(game, "waste", "tableau-2")  # or an empty pile
    assert not legal(game, "tableau-1", "tableau-2")  # never from a pile
    assert game.refusal(move(game, "tableau-1", "tableau-2")) is R_FROM_KIND
    assert "waste" in str(game.explain(move(game, "tableau-1", "tableau-2")))


@pytest.mark.parametrize("cls", [Hopscotch, SirTommy])
def test_the_stock_turns_one_card_onto_an_empty_waste_and_never_redeals(cls):
    game = position(cls, waste="9D", stock="3C 5S")
    assert game.refusal(DEAL) is R_WASTE_FULL
    game.push(move(game, "waste", "tableau-1"))
    game.push(DEAL)
    assert codes(game, "waste") == ["5S"]
    game.push(move(game, "waste", "tableau-1"))
    game.push(DEAL)
    game.push(move(game, "waste", "tableau-2"))
    assert not game.stack("stock") and game.refusal(REDEAL) is not None
    assert REDEAL not in set(game.legal_moves())


def test_sir_tommy_builds_up_from_the_ace_regardless_of_suit():
    game = position(SirTommy, foundation_1="AC 2H", waste="3S", tableau_1="AD", tableau_2="4S", tableau_3="2D")
    assert legal(game, "waste", "foundation-1")  # any suit
    assert not legal(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-1", "foundation-2")  # an Ace starts a foundation
    assert not legal(game, "tableau-3", "foundation-2")  # nothing else does
    assert not legal(game, "foundation-1", "tableau-1")  # and they stay


@pytest.mark.parametrize("cls", [Hopscotch, SirTommy])
def test_won_with_52_on_the_foundations(cls):
    if cls is Hopscotch:
        stacks = {"foundation_1": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                  "foundation_2": "2H 4H 6H 8H TH QH AH 3H 5H 7H 9H JH KH",
                  "foundation_3": "3S 6S 9S QS 2S 5S 8S JS AS 4S 7S TS KS",
                  "foundation_4": "4D 8D QD 3D 7D JD 2D 6D TD AD 5D 9D KD"}
    else:
        stacks = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHD")}
    game = position(cls, **stacks)
    assert game.is_won() and game.score() == cls.max_score == 52


# -- Doublets --------------------------------------------------------------------------------------------


def test_doublets_foundation_takes_twice_the_rank_less_thirteen():
    game = position(Doublets, foundation_1="7H", reserve_1="AS", reserve_2="2D", waste="KC", reserve_3="QS",
                    stock="5D 6D")
    assert legal(game, "reserve-1", "foundation-1")  # 7 doubled is 14: an Ace
    assert not legal(game, "reserve-2", "foundation-1")
    assert game.refusal(move(game, "reserve-2", "foundation-1")) is R_NOT_DOUBLE
    assert game.refusal(move(game, "waste", "foundation-1")) is R_KING
    game = position(Doublets, foundation_1="QH", reserve_1="JS", waste="8C", reserve_2="AD")
    assert legal(game, "reserve-1", "foundation-1")  # 24 - 13 = 11
    game = position(Doublets, foundation_1="4H", waste="8C", reserve_1="AD")
    assert legal(game, "waste", "foundation-1")


def test_doublets_refills_a_reserve_from_the_waste_else_the_stock():
    game = position(Doublets, foundation_1="7H", reserve_1="AS", reserve_2="9D", waste="3C 4C", stock="5D 6D")
    game.push(move(game, "reserve-1", "foundation-1"))
    assert codes(game, "reserve-1") == ["4C"] and codes(game, "waste") == ["3C"]
    game = position(Doublets, foundation_1="7H", reserve_1="AS", reserve_2="9D", stock="5D 6D")
    game.push(move(game, "reserve-1", "foundation-1"))
    assert codes(game, "reserve-1") == ["6D"]
    assert not legal(game, "waste", "reserve-2")  # the player puts nothing on a reserve
    assert not legal(game, "reserve-2", "reserve-1")


def test_doublets_turns_one_card_at_a_time_with_two_redeals():
    game = position(Doublets, foundation_1="7H", reserve_1="9D", stock="5D 6D")
    game.push(DEAL)
    assert codes(game, "waste") == ["6D"]
    game.push(DEAL)
    for used in (1, 2):
        game.push(REDEAL)
        assert codes(game, "stock") == ["5D", "6D"] and game.redeals_used == used
        game.push(DEAL)
        game.push(DEAL)
    assert game.refusal(REDEAL) is R_NO_REDEAL


def test_doublets_is_won_with_the_48_cards_other_than_kings_on_the_foundation():
    order = "A 2 4 8 3 6 Q J 9 5 T 7".split()  # the doubling cycle from the Ace
    cards = " ".join(rank + suit for suit in "CSHD" for rank in order)
    game = position(Doublets, foundation_1=cards, reserve_1="KC", reserve_2="KS", waste="KH KD")
    assert game.is_won() and game.score() == Doublets.max_score == 48
    game = position(Doublets, foundation_1=cards.rsplit(" ", 1)[0], reserve_1="KC", reserve_2="7D")
    assert not game.is_won()
