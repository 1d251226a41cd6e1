"""Beleaguered Castle, Streets and Alleys and Fortress (the Beleaguered Castle family of reussite-classics):
the deals against pysol-cards' own deals of PySolFC's games 34 and 146, and for Fortress (game 147), which
pysol-cards does not deal, against PySolFC's dealing order (Fortress.startGame) rebuilt over its shuffle; then
each rule of the rule pages."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import legal, move
from reussite_classics.castle import BeleagueredCastle, Fortress, StreetsAndAlleys

from reussite.game import R_TOO_MANY

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(cls, **stacks):
    """A game at a position given as ``tableau_1="KS QH"`` (bottom to top)."""
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return cls.from_layout({"options": {}, "stacks": entries})


def pysol(game_id, number):
    """pysol-cards' deal: its columns onto the piles, the Aces it put on the foundations onto ours, in suit
    order (clubs, spades, hearts, diamonds: the order PySolFC deals them)."""
    board = oracle.dealt(game_id, number)
    layout = {f"tableau-{i + 1}": [oracle.code(c) for c in col] for i, col in enumerate(board.columns.cols)}
    for i, card in enumerate(board.foundations):
        layout[f"foundation-{i + 1}"] = [] if card.empty else [oracle.code(card)]
    return layout


def fortress(number):
    """PySolFC's Fortress (game 147): three rows onto the ten piles, then rows while cards last (10, 10, 2)."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    piles = [[] for _ in range(10)]
    while cards:
        for pile in piles:
            if cards:
                pile.append(cards.pop())
    return {f"tableau-{i + 1}": pile for i, pile in enumerate(piles)}


@pytest.mark.parametrize("cls, expected_of", [
    (BeleagueredCastle, lambda n: pysol("beleaguered_castle", n)),
    (StreetsAndAlleys, lambda n: pysol("streets_and_alleys", n)),
    (Fortress, fortress),
])
def test_the_deal_is_pysolfcs(cls, expected_of):
    for number in NUMBERS:
        game = cls(number)
        expected = expected_of(number)
        layout = oracle.layout_of(game)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 52
        assert not any(oracle.face_down_of(game).values())


def test_beleaguered_castle_starts_with_the_aces_home_and_six_cards_a_pile():
    game = BeleagueredCastle(8)
    assert [c.code for f in game.foundation_ix for c in game.cards[f]] == ["AC", "AS", "AH", "AD"]
    assert [len(game.cards[i]) for i in game.tableau_ix] == [6] * 8
    assert game.score() == 0


def test_streets_and_alleys_deals_seven_cards_on_the_left_six_on_the_right():
    game = StreetsAndAlleys(8)
    assert [len(game.cards[i]) for i in game.tableau_ix] == [7] * 4 + [6] * 4
    assert not any(game.cards[f] for f in game.foundation_ix)


def test_fortress_deals_six_cards_on_the_top_two_piles():
    game = Fortress(8)
    assert [len(game.cards[i]) for i in game.tableau_ix] == [6, 6] + [5] * 8


@pytest.mark.parametrize("cls", [BeleagueredCastle, StreetsAndAlleys])
def test_piles_build_down_regardless_of_suit(cls):
    game = position(cls, tableau_1="9C", tableau_2="8C", tableau_3="8H", tableau_4="7D", tableau_5="TS")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "tableau-3", "tableau-1")
    assert not legal(game, "tableau-4", "tableau-1")  # not one rank down
    assert not legal(game, "tableau-5", "tableau-1")  # up is not allowed
    assert "build down regardless of suit" in str(game.explain(move(game, "tableau-4", "tableau-1")))


@pytest.mark.parametrize("cls", [BeleagueredCastle, StreetsAndAlleys])
def test_an_empty_pile_takes_any_card(cls):
    others = {f"tableau_{k}": f"{k}C" for k in range(4, 9)}
    game = position(cls, tableau_1="KS 5H", tableau_2="", tableau_3="9S 2D", **others)
    assert legal(game, "tableau-1", "tableau-2")
    assert legal(game, "tableau-3", "tableau-2")


@pytest.mark.parametrize("cls", [BeleagueredCastle, StreetsAndAlleys])
@pytest.mark.parametrize("empty, most", [(0, 1), (1, 2), (2, 4)])
def test_one_card_at_a_time_a_run_only_as_the_empty_piles_would_carry_it(cls, empty, most):
    stacks = {"tableau_1": "KC 8S 7D 6S 5D", "tableau_2": "9C"}
    fillers = iter("2H 3H 4H 5H 6H 7C".split())
    for k in range(3, 9):
        stacks[f"tableau_{k}"] = "" if k - 3 < empty else next(fillers)
    game = position(cls, **stacks)
    assert legal(game, "tableau-1", "tableau-2", 4) == (4 <= most)  # the whole run onto the nine
    game = position(cls, **{**stacks, "tableau_2": "7H"})  # the top two cards onto the seven
    assert legal(game, "tableau-1", "tableau-2", 2) == (2 <= most)
    if most < 2:
        assert game.refusal(move(game, "tableau-1", "tableau-2", 2)) is R_TOO_MANY


@pytest.mark.parametrize("cls", [BeleagueredCastle, StreetsAndAlleys])
def test_foundations_build_up_in_suit_and_their_top_card_comes_back(cls):
    game = position(cls, foundation_1="AH 2H", tableau_1="3H", tableau_2="3D", tableau_3="AC", tableau_4="3S",
                    tableau_5="4C")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-3", "foundation-2")
    assert legal(game, "foundation-1", "tableau-4")  # the 2 back onto a 3, any suit
    assert not legal(game, "foundation-1", "tableau-5")


def full(cls, **more):
    stacks = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHD")}
    return position(cls, **stacks, **more)


def test_beleaguered_castle_scores_the_cards_home_besides_the_aces():
    game = position(BeleagueredCastle, foundation_1="AC 2C 3C", foundation_2="AS", foundation_3="AH",
                    foundation_4="AD", tableau_1="4C")
    assert game.score() == 2 and not game.is_won()
    game = full(BeleagueredCastle)
    assert game.is_won() and game.score() == BeleagueredCastle.max_score == 48


@pytest.mark.parametrize("cls", [StreetsAndAlleys, Fortress])
def test_won_with_52_on_the_foundations_a_point_a_card(cls):
    game = position(cls, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full(cls)
    assert game.is_won() and game.score() == cls.max_score == 52


def test_fortress_builds_up_or_down_in_suit_one_card_at_a_time():
    game = position(Fortress, tableau_1="9C", tableau_2="8C", tableau_3="TC", tableau_4="8H", tableau_5="7C",
                    tableau_6="KD JC QC")
    assert legal(game, "tableau-2", "tableau-1")  # down
    assert legal(game, "tableau-3", "tableau-1")  # up
    assert not legal(game, "tableau-4", "tableau-1")  # another suit
    assert not legal(game, "tableau-5", "tableau-1")  # two ranks
    assert not legal(game, "tableau-6", "tableau-2", 2)  # the top card alone moves
    assert "build up or down in suit" in str(game.explain(move(game, "tableau-4", "tableau-1")))


def test_fortress_empty_pile_takes_any_card_and_foundations_keep_theirs():
    game = position(Fortress, tableau_1="KS 5H", tableau_2="", foundation_1="AH 2H", tableau_3="3H", tableau_4="3S")
    assert legal(game, "tableau-1", "tableau-2")
    assert legal(game, "tableau-3", "foundation-1")
    assert not legal(game, "foundation-1", "tableau-4")  # it would fit, but foundation cards stay
    assert not legal(game, "foundation-1", "tableau-2")


@pytest.mark.parametrize("cls", [BeleagueredCastle, StreetsAndAlleys, Fortress])
def test_no_options_as_in_aisleriot(cls):
    assert cls.options == () and cls.aliases == {} and cls.family == "Beleaguered Castle"
