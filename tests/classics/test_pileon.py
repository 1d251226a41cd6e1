"""Pileon: PySolFC's deal (game 41, rebuilt over pysol-cards' shuffle: four rows onto the first thirteen
piles), and each rule of the page."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.pileon import R_FINISHED, R_SAME_RANK, Pileon

from reussite.game import Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def pysolfc_pileon(number):
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    piles = [[] for _ in range(15)]
    for _ in range(4):
        for pile in piles[:13]:
            pile.append(cards.pop())
    return {f"tableau-{k + 1}": pile for k, pile in enumerate(piles)}


@pytest.mark.parametrize("number", NUMBERS)
def test_pileon_deals_like_pysolfc(number):
    game = Pileon(number)
    assert oracle.layout_of(game) == pysolfc_pileon(number)
    assert not any(oracle.face_down_of(game).values())


def position(**stacks):
    return Pileon.from_layout({"stacks": [{"id": k.replace("_", "-"), "cards": v.split()} for k, v in stacks.items()]})


def legal(game, src, dst, n=1):
    move = Move(game.index[src], game.index[dst], n)
    accepted = game.is_legal(move)
    assert accepted == (move in set(game.legal_moves())), (src, dst, n)
    return accepted


def test_cards_of_the_same_rank_pile_on_each_other():
    game = position(tableau_1="3C 7H", tableau_2="2S 7D", tableau_3="8C")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")
    assert game.refusal(Move(game.index["tableau-3"], game.index["tableau-1"], 1)) is R_SAME_RANK


def test_a_group_of_one_rank_moves_together_and_a_pile_holds_four_cards():
    game = position(tableau_1="3C 7H", tableau_2="2S 7D 7S", tableau_3="AH 7C", tableau_4="KD 5C 5S")
    assert legal(game, "tableau-2", "tableau-1", 2)  # two Sevens onto a Seven: four cards
    assert not legal(game, "tableau-2", "tableau-3", 3)  # the 2 is not of the rank
    game = position(tableau_1="3C 4H 7H", tableau_2="2S 7D 7S")
    assert not legal(game, "tableau-2", "tableau-1", 2)  # five cards
    assert legal(game, "tableau-2", "tableau-1", 1)


def test_an_empty_pile_takes_any_card_or_group():
    game = position(tableau_1="3C 7H 7D", tableau_2="")
    assert legal(game, "tableau-1", "tableau-2", 2)
    assert legal(game, "tableau-1", "tableau-2", 1)


def test_a_pile_of_four_of_a_rank_is_finished_the_win_and_the_score():
    game = position(tableau_1="7C 7H 7D 7S", tableau_2="", tableau_3="3C")
    move = Move(game.index["tableau-1"], game.index["tableau-2"], 2)
    assert game.refusal(move) is R_FINISHED
    assert game.score() == 4 and not game.is_won()
    stacks = {f"tableau_{r}": " ".join("A23456789TJQK"[r - 1] + s for s in "CSHD") for r in range(1, 14)}
    won = position(**stacks)
    assert won.is_won() and won.score() == 52 == Pileon.max_score
