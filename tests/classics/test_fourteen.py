"""Fourteen, Isabel, Jamestown and Block Ten (reussite_classics.fourteen): the deals against PySolFC's dealing
order rebuilt over pysol-cards' shuffle, and each rule of each page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import card_codes as codes
from classics_support import position
from reussite_classics.fourteen import BlockTen, Fourteen, Isabel, Jamestown

from reussite.game import DEAL, IllegalMove

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)




def play(game, text):
    game.push(game.parse_move(text))


def said(game, text):
    message = game.explain(game.parse_move(text))
    return None if message is None else message.render_english()


def listed(game):
    return [game.notation(m) for m in game.legal_moves()]


def check_deals(cls, expected_of):
    for number in NUMBERS:
        game = cls(number)
        expected = expected_of(number)
        layout, down = oracle.layout_of(game), oracle.face_down_of(game)
        for stack, cards in expected["cards"].items():
            assert layout[stack] == cards, (cls.id, number, stack)
        assert sum(map(len, expected["cards"].values())) == 52
        for stack, count in expected.get("face_down", {}).items():
            assert down[stack] == count, (cls.id, number, stack)


def rows_dealt(number, piles, rows, extra=(), face_down_rows=0):
    cards = codes(oracle.shuffled(1, number))
    layout = {f"tableau-{k}": [] for k in range(1, piles + 1)}
    for _ in range(rows):
        for k in range(1, piles + 1):
            layout[f"tableau-{k}"].append(cards.pop())
    for k in extra:
        layout[f"tableau-{k}"].append(cards.pop())
    return cards, layout


# -- Fourteen ---------------------------------------------------------------------------------------------

def fourteen_deal(number):
    """PySolFC game 96 (Fourteen.startGame): four rows onto the twelve piles, then piles 1 to 4 again."""
    _, layout = rows_dealt(number, 12, 4, extra=(1, 2, 3, 4))
    return {"cards": layout, "face_down": {k: 0 for k in layout}}


def test_fourteen_deals_like_pysolfc():
    check_deals(Fourteen, fourteen_deal)
    assert [len(p) for p in Fourteen(3).cards[:12]] == [5] * 4 + [4] * 8


@pytest.mark.parametrize("first, second", [("AS", "KH"), ("2C", "QD"), ("3C", "JD"), ("4S", "TH"),
                                           ("5D", "9C"), ("6H", "8S"), ("7S", "7D")])
def test_fourteen_removes_two_top_cards_making_fourteen_anywhere(first, second):
    game = position(Fourteen, tableau_1=f"2H {first}", tableau_12=second)
    assert listed(game) == ["t1+t12"]
    play(game, "t12 t1")
    assert oracle.layout_of(game)["foundation-1"] == [second, first]
    assert oracle.layout_of(game)["tableau-1"] == ["2H"] and game.score() == 2


def test_fourteen_refuses_other_totals_and_buried_cards():
    game = position(Fourteen, tableau_1="TC 5H", tableau_2="8D", tableau_3="4D")
    assert said(game, "t1+t2") == "The 5 of hearts and the 8 of diamonds make 13, not 14."
    assert said(game, "t2+t3") == "The 8 of diamonds and the 4 of diamonds make 12, not 14."
    with pytest.raises(IllegalMove):
        play(game, "t1+t2")
    assert said(game, "t1-f1").startswith("The 5 of hearts cannot be removed on its own")
    assert said(game, "t2-t3") is not None  # nothing is placed on a pile


def test_fourteen_empty_piles_stay_empty_and_the_game_is_won_when_all_are_out():
    game = position(Fourteen, tableau_1="6S", tableau_2="8C")
    play(game, "t1+t2")
    assert game.is_won() and game.score() == 2
    assert Fourteen.max_score == 52 and Fourteen(1).stock_ix is None


def test_fourteen_is_lost_when_no_pair_is_left():
    game = position(Fourteen, tableau_1="6S 8C", tableau_2="9C")
    assert listed(game) == [] and game.is_lost()


# -- Isabel -----------------------------------------------------------------------------------------------

def isabel_deal(number):
    """PySolFC game 874 (Patient Pairs, TheWish.startGame): three face-down rows onto the thirteen piles,
    then a face-up row."""
    _, layout = rows_dealt(number, 13, 4)
    return {"cards": layout, "face_down": {k: 3 for k in layout}}


def test_isabel_deals_like_pysolfc():
    check_deals(Isabel, isabel_deal)


def test_isabel_removes_two_top_cards_of_one_rank_and_turns_up_the_cards_under_them():
    game = position(Isabel, tableau_1="2S QH", tableau_9="5C QC", tableau_13="QD",
                    face_down={"tableau_1": 1, "tableau_9": 1})
    assert listed(game) == ["t1+t9", "t1+t13", "t9+t13"]
    play(game, "t1+t9")
    assert game.face_down[game.index["tableau-1"]] == 0 and game.face_down[game.index["tableau-9"]] == 0
    assert said(game, "t1+t9") == "The 2 of spades and the 5 of clubs are not of the same rank."
    game.pop()
    assert game.face_down[game.index["tableau-1"]] == 1


def test_isabel_face_down_cards_do_not_pair_and_the_game_ends():
    game = position(Isabel, tableau_1="7S", tableau_2="7H 4C", face_down={"tableau_2": 1})
    assert said(game, "t1+t2") == "The 7 of spades and the 4 of clubs are not of the same rank."
    game = position(Isabel, tableau_1="7S 7H")
    assert said(game, "t1+t1") == "A card cannot pair with itself."
    assert game.is_lost()
    game = position(Isabel, tableau_1="7S", tableau_4="7H")
    play(game, "t1+t4")
    assert game.is_won() and game.score() == 2 and Isabel.max_score == 52


# -- Jamestown and Block Ten ------------------------------------------------------------------------------

def places_deal(number):
    """PySolFC games 91 and 829 (Simple Pairs, Block Ten: MonteCarlo.startGame): one card on each of the nine
    places; the rest is the talon."""
    cards, layout = rows_dealt(number, 9, 1)
    layout["stock"] = cards
    return {"cards": layout}


def test_jamestown_and_block_ten_deal_like_pysolfc():
    check_deals(Jamestown, places_deal)
    check_deals(BlockTen, places_deal)


def test_jamestown_pairs_one_rank_and_the_stock_fills_the_moved_cards_place_first():
    game = position(Jamestown, tableau_2="9S", tableau_7="9D", tableau_5="4C", stock="AC 2C 3C")
    assert listed(game) == ["t2+t7"]
    play(game, "t7 t2")  # the 9 of diamonds dropped on the 9 of spades
    layout = oracle.layout_of(game)
    assert layout["tableau-7"] == ["3C"] and layout["tableau-2"] == ["2C"] and layout["stock"] == ["AC"]
    game.pop()
    assert oracle.layout_of(game)["stock"] == ["AC", "2C", "3C"]
    assert said(game, "t2+t5") == "The 9 of spades and the 4 of clubs are not of the same rank."


def test_jamestown_stock_is_never_clicked_and_empty_places_stay_empty_once_it_is_out():
    game = position(Jamestown, tableau_1="9S", tableau_2="9D", stock="AC")
    assert DEAL not in set(game.legal_moves())
    assert game.explain(DEAL).render_english() == "The stock deals by itself: each place emptied takes its next card."
    play(game, "t1+t2")
    layout = oracle.layout_of(game)
    assert layout["tableau-1"] == ["AC"] and layout["tableau-2"] == [] and layout["stock"] == []


def test_jamestown_is_won_when_all_52_are_out():
    game = position(Jamestown, tableau_1="9S", tableau_2="9D")
    play(game, "t1+t2")
    assert game.is_won() and game.score() == 2 and Jamestown.max_score == 52


@pytest.mark.parametrize("first, second, ok", [("AS", "9H", True), ("2C", "8D", True), ("3C", "7D", True),
                                               ("4S", "6H", True), ("5D", "5C", True), ("JS", "JD", True),
                                               ("QS", "QD", True), ("KS", "KD", True), ("TS", "TD", False),
                                               ("JS", "QD", False), ("6S", "6D", False)])
def test_block_ten_pairs_make_ten_or_are_two_court_cards_of_a_rank(first, second, ok):
    game = position(BlockTen, tableau_1=first, tableau_9=second, stock="2H")
    assert (said(game, "t1+t9") is None) == ok


def test_block_ten_refusals_say_why():
    game = position(BlockTen, tableau_1="JS", tableau_2="AC", tableau_3="6D", tableau_4="TS")
    assert said(game, "t1+t2") == "The Jack of spades pairs only with a card of its own rank."
    assert said(game, "t3+t2") == "The 6 of diamonds and the Ace of clubs make 7, not 10."
    assert said(game, "t4+t2") == "The 10 of spades and the Ace of clubs make 11, not 10."


def test_block_ten_is_won_when_only_the_four_tens_are_left():
    removed = [f"{r}{s}" for r in "A23456789JQK" for s in "CSHD" if f"{r}{s}" not in ("3S", "7C")]
    game = position(BlockTen, tableau_1="TS", tableau_2="TD", tableau_3="TH", tableau_4="TC",
                    tableau_5="3S", tableau_6="7C", foundation_1=" ".join(removed))
    assert not game.is_won()
    play(game, "t5+t6")
    assert game.on_foundations() == 48 and game.is_won() and game.score() == BlockTen.max_score == 48
