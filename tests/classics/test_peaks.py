"""Triple Peaks, Escalator and Elevator (reussite_classics.peaks): the deals against PySolFC's dealing order
rebuilt over pysol-cards' shuffle, and each rule of each page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import card_codes as codes
from classics_support import position
from reussite_classics.peaks import Elevator, Escalator, TriplePeaks

from reussite.game import DEAL, REDEAL, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)




def to_foundation(game, stack):
    return Move(game.index[stack], game.index["foundation-1"])


def said(game, stack):
    message = game.explain(to_foundation(game, stack))
    return None if message is None else message.render_english()


def golf_on_rows_deal(number, down):
    """PySolFC's Elevator (40), Escalator (281) and Three Peaks (22231): the 28 cards row by row from the top,
    the first ``down`` face down, then the talon's first card onto the waste (our foundation)."""
    cards = codes(oracle.shuffled(1, number))
    layout = {f"tableau-{k}": [cards.pop()] for k in range(1, 29)}
    layout["foundation-1"] = [cards.pop()]
    layout["stock"] = cards
    return layout, {f"tableau-{k}": 1 if k <= down else 0 for k in range(1, 29)}


@pytest.mark.parametrize("cls, down", [(Elevator, 21), (Escalator, 0), (TriplePeaks, 18)])
def test_deals_like_pysolfc(cls, down):
    for number in NUMBERS:
        game = cls(number)
        layout, face_down = golf_on_rows_deal(number, down)
        assert oracle.layout_of(game) == {**{s.id: [] for s in game.specs}, **layout}, (cls.id, number)
        assert {k: v for k, v in oracle.face_down_of(game).items() if k.startswith("tableau")} == face_down


@pytest.mark.parametrize("cls", [Elevator, Escalator, TriplePeaks])
@pytest.mark.parametrize("top, card, ok", [("8S", "7H", True), ("8S", "9C", True), ("8S", "8D", False),
                                           ("8S", "TD", False), ("KS", "AH", True), ("AS", "KD", True),
                                           ("KS", "QH", True), ("AS", "2C", True)])
def test_a_free_card_goes_one_rank_up_or_down_round_the_corner(cls, top, card, ok):
    game = position(cls, foundation_1=top, tableau_28=card, stock="5C")
    assert (said(game, "tableau-28") is None) == ok
    assert (to_foundation(game, "tableau-28") in set(game.legal_moves())) == ok


@pytest.mark.parametrize("cls, covered, over", [(Elevator, "tableau-16", ("tableau-22", "tableau-23")),
                                                (TriplePeaks, "tableau-1", ("tableau-4", "tableau-5")),
                                                (TriplePeaks, "tableau-10", ("tableau-19", "tableau-20")),
                                                (TriplePeaks, "tableau-18", ("tableau-27", "tableau-28"))])
def test_a_covered_card_waits_for_both_cards_over_it_then_turns_up(cls, covered, over):
    game = position(cls, foundation_1="8S", stock="5C", face_down={covered.replace("-", "_"): 1},
                    **{covered.replace("-", "_"): "7H", over[0].replace("-", "_"): "9H",
                       over[1].replace("-", "_"): "TC"})
    assert said(game, covered) == "A face-down card cannot be moved."
    game.push(to_foundation(game, over[0]))
    assert said(game, covered) == "A face-down card cannot be moved."  # still covered by the other one
    game = position(cls, foundation_1="9S", stock="5C", **{covered.replace("-", "_"): "7H",
                                                           over[0].replace("-", "_"): "8C"})
    assert said(game, covered) == "The 7 of hearts is covered: only uncovered cards can be played."
    game.push(to_foundation(game, over[0]))
    assert said(game, covered) is None


def test_elevator_turns_up_a_card_once_uncovered_and_back_on_undo():
    game = position(Elevator, foundation_1="8S", tableau_22="9H", tableau_23="8C", tableau_16="7H", stock="5C",
                    face_down={"tableau_16": 1})
    game.push(to_foundation(game, "tableau-22"))  # 9 on the 8
    assert game.face_down[game.index["tableau-16"]] == 1
    game.push(to_foundation(game, "tableau-23"))  # 8 on the 9
    assert game.face_down[game.index["tableau-16"]] == 0
    game.pop()
    assert game.face_down[game.index["tableau-16"]] == 1


def test_nothing_goes_onto_the_tableau_and_the_stock_turns_onto_the_foundation_once():
    game = position(Elevator, foundation_1="8S", tableau_28="KC", tableau_27="QC", stock="5C 4C")
    assert not game.is_legal(Move(game.index["tableau-28"], game.index["tableau-27"]))
    game.push(DEAL)
    assert oracle.layout_of(game)["foundation-1"] == ["8S", "4C"]
    game.push(DEAL)
    assert game.stack("stock") == [] and REDEAL not in set(game.legal_moves())
    assert game.is_lost()


@pytest.mark.parametrize("cls", [Elevator, Escalator, TriplePeaks])
def test_won_when_the_tableau_is_clear_stock_or_not(cls):
    game = position(cls, foundation_1="8S", tableau_28="9H", stock="5C 4C")
    assert game.score() == 27
    game.push(to_foundation(game, "tableau-28"))
    assert game.is_won() and game.score() == cls.max_score == 28
