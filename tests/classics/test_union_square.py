"""Union Square (reussite_classics.union_square): PySolFC's deal (game 35, StartDealRowAndCards: one row onto
the sixteen piles, then a card onto the waste) rebuilt over pysol-cards' shuffle, which does not deal this
game; and each rule of the rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move
from reussite_classics.union_square import R_FOUNDATION, R_PILE, UnionSquare

from reussite.game import DEAL, R_NO_DEAL, R_NO_PICKUP, R_NO_REDEAL, R_TOP_ONLY, REDEAL
from reussite.messages import Translator

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)
UP = "A23456789TJQK"


def position(**stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return UnionSquare.from_layout({"options": {}, "stacks": entries})


def test_union_square_deals_like_pysolfc():
    for number in NUMBERS:
        cards = [oracle.code(c) for c in oracle.shuffled(2, number)]
        expected = {f"tableau-{i + 1}": [cards.pop()] for i in range(16)}
        expected["waste"] = [cards.pop()]
        expected["stock"] = cards
        layout = oracle.layout_of(UnionSquare(number))
        assert {k: layout[k] for k in expected} == expected, number
    assert len(UnionSquare(1).stack("stock")) == 87


def test_a_pile_of_one_card_takes_the_next_rank_up_or_down_in_suit():
    game = position(tableau_1="7H", tableau_2="8H", tableau_3="6H", tableau_4="8D", tableau_5="9H", waste="6S",
                    stock="KC")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "tableau-3", "tableau-1")
    assert game.refusal(move(game, "tableau-4", "tableau-1")) is R_PILE  # another suit
    assert not legal(game, "tableau-5", "tableau-1")  # two ranks away
    assert not legal(game, "waste", "tableau-1")
    assert "the way its first two cards set" in Translator.english().render(
        game.explain(move(game, "tableau-4", "tableau-1")))


def test_the_first_two_cards_set_the_way_of_a_pile():
    game = position(tableau_1="7H 8H", tableau_2="9H", tableau_3="6H", tableau_4="5C 4C", tableau_5="3C",
                    tableau_6="6C")
    assert legal(game, "tableau-2", "tableau-1")  # going up
    assert not legal(game, "tableau-3", "tableau-1")  # not down any more
    assert legal(game, "tableau-5", "tableau-4")  # going down
    assert not legal(game, "tableau-6", "tableau-4")
    game = position(tableau_1="QH KH", tableau_2="AH", tableau_3="2S AS", tableau_4="KS")
    assert not legal(game, "tableau-2", "tableau-1")  # no King to Ace
    assert not legal(game, "tableau-4", "tableau-3")


def test_only_the_top_card_moves_and_an_empty_pile_takes_any_card():
    game = position(tableau_1="7H 8H", tableau_2="9H", tableau_3="", tableau_4="KC 9S", waste="QD", stock="2C")
    assert game.refusal(move(game, "tableau-1", "tableau-3", 2)) is R_TOP_ONLY
    assert legal(game, "tableau-4", "tableau-3")
    assert legal(game, "waste", "tableau-3")


def test_foundations_go_up_from_the_ace_to_the_king_then_down_from_the_second_king():
    game = position(tableau_1="AC", tableau_2="AS", tableau_3="2C", waste="KH", stock="2D")
    assert legal(game, "tableau-1", "foundation-1")  # clubs on the first
    assert game.refusal(move(game, "tableau-2", "foundation-1")) is R_FOUNDATION
    assert legal(game, "tableau-2", "foundation-2")  # spades on the second
    assert not legal(game, "tableau-3", "foundation-1")
    hearts = " ".join(r + "H" for r in UP)
    game = position(foundation_3=hearts, tableau_1="KH", tableau_2="QH", waste="AH", stock="2D")
    assert not legal(game, "tableau-2", "foundation-3")
    assert legal(game, "tableau-1", "foundation-3")  # the second King
    game.push(move(game, "tableau-1", "foundation-3"))
    assert legal(game, "tableau-2", "foundation-3")  # then down
    game = position(foundation_3=hearts + " " + " ".join(r + "H" for r in UP[1:][::-1]), tableau_1="AH",
                    tableau_2="2C")
    assert legal(game, "tableau-1", "foundation-3")  # the second Ace closes it
    game.push(move(game, "tableau-1", "foundation-3"))
    assert len(game.stack("foundation-3")) == 26 and not legal(game, "tableau-2", "foundation-3")
    assert game.refusal(move(game, "foundation-3", "tableau-1")) is R_NO_PICKUP


def test_union_square_turns_one_card_without_redeal():
    game = position(tableau_1="KC", stock="2C 3C", waste="5C")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["5C", "3C"]
    game.push(DEAL)
    assert game.refusal(DEAL) is R_NO_DEAL and game.refusal(REDEAL) is R_NO_REDEAL


def test_union_square_is_won_with_104_on_the_foundations_and_scores_a_point_a_card():
    full = {f"foundation_{i + 1}": " ".join([r + s for r in UP] + [r + s for r in UP[::-1]])
            for i, s in enumerate("CSHD")}
    game = position(**full)
    assert game.is_won() and game.score() == UnionSquare.max_score == 104
    game = position(foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
