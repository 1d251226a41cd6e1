"""The Gypsy family (reussite_classics.gypsy): PySolFC's deals, and each rule of the rule pages on set-up
positions. Gypsy's deal is held to pysol-cards' own deal of the game; Giant's to PySolFC's dealing order
(Giant.startGame: one face-up row, the rest in the talon) rebuilt over pysol-cards' shuffle."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import legal, move, position
from reussite_classics.gypsy import Giant, Gypsy

from reussite.game import DEAL, R_BUILD, R_EMPTY_RANK, R_FULL, R_NO_DEAL, R_NO_REDEAL, R_NOT_A_RUN, REDEAL
from reussite.messages import Translator

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def english(game, m):
    return Translator.english().render(game.explain(m))


def check_deals(cls, expected_of, options=None):
    for number in NUMBERS:
        game = cls(number, options or {})
        expected = expected_of(number)
        layout, down = oracle.layout_of(game), oracle.face_down_of(game)
        for stack, cards in expected["cards"].items():
            assert layout[stack] == cards, (cls.id, number, stack)
        assert sum(map(len, expected["cards"].values())) == len(game.pack()) == 104
        for stack, count in expected["face_down"].items():
            assert down[stack] == count, (cls.id, number, stack)


# -- Gypsy ---------------------------------------------------------------------------------------------


def pysolfc_gypsy(number):
    board = oracle.dealt("gypsy", number, decks=2)
    cols = board.columns.cols
    layout = {f"tableau-{i + 1}": [oracle.code(c) for c in col] for i, col in enumerate(cols)}
    layout["stock"] = [oracle.code(c) for c in reversed(board.talon)]
    return {"cards": layout, "face_down": {f"tableau-{i + 1}": sum(c.flipped for c in col)
                                           for i, col in enumerate(cols)}}


def test_gypsy_deals_like_pysolfc():
    check_deals(Gypsy, pysolfc_gypsy)
    game = Gypsy(1)
    assert all(len(game.stack(f"tableau-{i}")) == 3 for i in range(1, 9)) and len(game.stack("stock")) == 80
    assert all(game.face_down[i] == 2 for i in game.tableau_ix)


def test_gypsy_builds_down_in_alternating_colours():
    game = position(Gypsy, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="7D", tableau_5="9H")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")  # black on black
    assert not legal(game, "tableau-4", "tableau-1")  # two ranks down
    assert not legal(game, "tableau-2", "tableau-5")  # red on red
    assert english(game, move(game, "tableau-3", "tableau-1")).startswith("The 8 of clubs cannot go on the 9 of")


def test_gypsy_moves_any_run_or_part_of_it_but_no_face_down_card():
    game = position(Gypsy, face_down={"tableau_1": 1}, tableau_1="2C 9S 8H 7C 6D", tableau_2="TD", tableau_3="8D",
                    tableau_4="5H")
    assert legal(game, "tableau-1", "tableau-2", 4)  # the whole run
    assert legal(game, "tableau-1", "tableau-3", 2)  # its top part
    assert not legal(game, "tableau-1", "tableau-2", 5)  # not the face-down card
    game = position(Gypsy, tableau_1="9S 8H 7H", tableau_2="9C")
    assert game.refusal(move(game, "tableau-1", "tableau-2", 2)) is R_NOT_A_RUN


def test_gypsy_turns_up_the_card_a_move_uncovers():
    game = position(Gypsy, face_down={"tableau_1": 1}, tableau_1="2C 8H", tableau_2="9S")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert game.face_down[game.index["tableau-1"]] == 0


def test_an_empty_gypsy_pile_takes_any_card_or_run():
    game = position(Gypsy, tableau_1="3C 5D", tableau_2="4D KS QD JC", tableau_3="", tableau_4="7H")
    assert legal(game, "tableau-1", "tableau-3")
    assert legal(game, "tableau-2", "tableau-3", 2)
    assert legal(game, "tableau-2", "tableau-3", 3)


def test_gypsy_foundations_take_aces_then_the_suit_one_card_at_a_time():
    game = position(Gypsy, foundation_1="AH", tableau_1="2H", tableau_2="2D", tableau_3="AC", tableau_4="3C",
                    tableau_5="3H 2S")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-3", "foundation-2")
    assert game.refusal(move(game, "tableau-4", "foundation-2")) is R_EMPTY_RANK
    game = position(Gypsy, foundation_1="AH 2H", foundation_2="AS", tableau_1="9C 4H 3H")  # a same-suit pair
    assert not legal(game, "tableau-1", "foundation-1", 2)


def test_gypsy_foundation_top_cards_come_back_onto_the_piles():
    game = position(Gypsy, foundation_1="AH 2H 3H 4H", tableau_1="5S", tableau_2="5H", tableau_3="")
    assert legal(game, "foundation-1", "tableau-1")
    assert not legal(game, "foundation-1", "tableau-2")
    assert legal(game, "foundation-1", "tableau-3")  # an empty pile too


def test_gypsy_stock_deals_a_card_onto_every_pile_even_empty_ones_and_never_redeals():
    game = Gypsy(3)
    game.cards[game.tableau_ix[0]].clear()
    game.face_down[game.tableau_ix[0]] = 0
    top = [c.code for c in game.stack("stock")][-8:][::-1]
    game.push(DEAL)
    assert [game.stack(f"tableau-{i}")[-1].code for i in range(1, 9)] == top
    assert all(game.face_down[i] in (0, 2) and game.is_face_up(i, len(game.cards[i]) - 1) for i in game.tableau_ix)
    for _ in range(9):
        game.push(DEAL)
    assert not game.stack("stock")
    assert game.refusal(DEAL) is R_NO_DEAL and game.refusal(REDEAL) is R_NO_REDEAL


def full(cls, options=None):
    stacks = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHDCSHD")}
    return position(cls, options, **stacks)


def test_gypsy_is_won_with_104_on_the_foundations_and_scores_as_aisleriot():
    game = full(Gypsy)
    assert game.is_won() and game.score() == Gypsy.max_score == 1000
    # 5 a card home, 60 a finished foundation, 2 a face-up pair down in alternating colours.
    game = position(Gypsy, foundation_1=" ".join(r + "C" for r in "A23456789TJQK"), foundation_2="AH 2H",
                    face_down={"tableau_1": 1}, tableau_1="8S 7H 6C 5D 4D", tableau_2="KD QS")
    assert not game.is_won()
    assert game.score() == 5 * 15 + 60 + 2 * (2 + 1)  # 7H-6C and 6C-5D (8S is face down), KD-QS


# -- Giant ---------------------------------------------------------------------------------------------


def pysolfc_giant(number):
    cards = [oracle.code(c) for c in oracle.shuffled(2, number)]
    layout = {f"tableau-{i + 1}": [cards.pop()] for i in range(8)}
    layout["stock"] = cards
    layout["reserve-1"] = []
    return {"cards": layout, "face_down": {f"tableau-{i + 1}": 0 for i in range(8)}}


@pytest.mark.parametrize("build", ["alternate", "same"])
def test_giant_deals_like_pysolfc(build):
    check_deals(Giant, pysolfc_giant, {"build": build})
    assert len(Giant(1).stack("stock")) == 96


@pytest.mark.parametrize("build, fits, refused", [("alternate", "8H", "8S"), ("same", "8S", "8H")])
def test_giant_builds_down_by_the_option(build, fits, refused):
    game = position(Giant, {"build": build}, tableau_1="9S", tableau_2=fits, tableau_3=refused, tableau_4="7S")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")
    assert not legal(game, "tableau-4", "tableau-1")
    refused_move = move(game, "tableau-3", "tableau-1")
    assert game.refusal(refused_move) is R_BUILD
    rule = "build down in alternating colours" if build == "alternate" else "build down in suit"
    assert english(game, refused_move).endswith(rule + ".")


def test_giant_alternates_colours_by_default():
    assert Giant(1).option_values == {"build": "alternate"}


@pytest.mark.parametrize("build, run, broken",
                         [("alternate", "9S 8H 7C", "9S 8S 7C"), ("same", "9S 8S 7S", "9S 8H 7S")])
def test_giant_moves_runs_built_by_the_option(build, run, broken):
    game = position(Giant, {"build": build}, tableau_1="2D " + run, tableau_2="TD" if build == "alternate" else "TS",
                    tableau_3="")
    assert legal(game, "tableau-1", "tableau-2", 3)
    assert legal(game, "tableau-1", "tableau-3", 2)  # or its top part, onto an empty pile
    game = position(Giant, {"build": build}, tableau_1="2D " + broken, tableau_2="", tableau_3="5C")
    assert game.refusal(move(game, "tableau-1", "tableau-2", 3)) is R_NOT_A_RUN
    rule = "alternating colours" if build == "alternate" else "in suit"
    assert rule in english(game, move(game, "tableau-1", "tableau-2", 3))


def test_the_giant_reserve_holds_any_one_card():
    game = position(Giant, tableau_1="KS 5H", tableau_2="9D 8S", foundation_1="AC 2C", reserve_1="")
    assert legal(game, "tableau-1", "reserve-1")
    assert not legal(game, "tableau-2", "reserve-1", 2)
    assert legal(game, "foundation-1", "reserve-1")
    game = position(Giant, tableau_1="KS 5H", tableau_2="6C", reserve_1="4S")
    assert game.refusal(move(game, "tableau-1", "reserve-1")) is R_FULL
    assert legal(game, "reserve-1", "tableau-1")


def test_giant_foundations_take_a_run_of_one_suit_top_card_first_and_give_back():
    game = position(Giant, {"build": "same"}, foundation_1="AH 2H", tableau_1="KC 5H 4H 3H", tableau_2="6S",
                    tableau_3="4S 3D")
    assert legal(game, "tableau-1", "foundation-1", 3)
    assert not legal(game, "tableau-3", "foundation-1", 1)
    game = position(Giant, foundation_1="AH 2H 3H 4H", tableau_1="5S", tableau_2="5H")
    assert legal(game, "foundation-1", "tableau-1")
    assert not legal(game, "foundation-1", "tableau-2")


def test_giant_stock_deals_a_row_onto_every_pile_twelve_times():
    game = Giant(4)
    for _ in range(12):
        game.push(DEAL)
    assert all(len(game.cards[i]) == 13 for i in game.tableau_ix) and not game.stack("stock")
    assert game.refusal(DEAL) is R_NO_DEAL and game.refusal(REDEAL) is R_NO_REDEAL


def test_giant_is_won_with_104_on_the_foundations_and_scores_a_point_a_card():
    game = full(Giant)
    assert game.is_won() and game.score() == Giant.max_score == 104
    game = position(Giant, foundation_1="AC 2C", tableau_1="3C 2H")
    assert not game.is_won() and game.score() == 2


def test_giant_options():
    assert [(o.name, o.choices) for o in Giant.options] == [("build", ("alternate", "same"))]
    assert not Gypsy.options
