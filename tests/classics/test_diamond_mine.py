"""Diamond Mine: PySolFC's deal (game 551, rebuilt over pysol-cards' shuffle: three face-down rows and a
face-up row onto the thirteen piles), and each rule of the page."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.diamond_mine import R_DIAMOND, DiamondMine

from reussite.game import Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


@pytest.mark.parametrize("number", NUMBERS)
def test_diamond_mine_deals_like_pysolfc(number):
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    piles = [[] for _ in range(13)]
    for _ in range(4):
        for pile in piles:
            pile.append(cards.pop())
    game = DiamondMine(number)
    layout = oracle.layout_of(game)
    assert [layout[f"tableau-{k + 1}"] for k in range(13)] == piles
    assert all(oracle.face_down_of(game)[f"tableau-{k + 1}"] == 3 for k in range(13))


def position(face_down=None, **stacks):
    face_down = face_down or {}
    return DiamondMine.from_layout({"stacks": [{"id": k.replace("_", "-"), "cards": v.split(),
                                                "face_down": face_down.get(k, 0)} for k, v in stacks.items()]})


def legal(game, src, dst, n=1):
    m = Move(game.index[src], game.index[dst], n)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst, n)
    return accepted


def test_the_foundation_takes_any_diamond_then_up_in_suit_round_the_corner():
    game = position(tableau_1="9D", tableau_2="9C", tableau_3="3H")
    assert legal(game, "tableau-1", "foundation-1") and not legal(game, "tableau-2", "foundation-1")
    game = position(foundation_1="QD KD", tableau_1="AD", tableau_2="2D", tableau_3="AS")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1") and not legal(game, "tableau-3", "foundation-1")


def test_piles_build_down_regardless_of_suit_without_diamonds():
    game = position(tableau_1="9C", tableau_2="8H", tableau_3="8D", tableau_4="9D", tableau_5="8S")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")  # a diamond onto a pile
    assert game.refusal(Move(game.index["tableau-3"], game.index["tableau-1"], 1)) is R_DIAMOND
    assert not legal(game, "tableau-5", "tableau-4")  # onto a diamond


def test_a_face_up_run_moves_and_an_empty_pile_takes_any_card_but_a_diamond():
    game = position(face_down={"tableau_1": 1}, tableau_1="2C 9C 8H 7S", tableau_2="TD", tableau_3="TH",
                    tableau_4="", tableau_5="KC 5D")
    assert legal(game, "tableau-1", "tableau-3", 3)
    assert legal(game, "tableau-1", "tableau-4", 2)
    assert not legal(game, "tableau-5", "tableau-4")
    game.push(game.parse_move("t1-t3x3"))
    assert oracle.face_down_of(game)["tableau-1"] == 0  # the card uncovered turns up


def test_the_score_and_the_win():
    game = position(foundation_1="5D 6D", tableau_1=" ".join(f"{r}S" for r in "KQJT98765432A"))
    assert game.score() == 5 + 6 + 3 and not game.is_won()
    stacks = {f"tableau_{k + 1}": " ".join(f"{r}{s}" for r in "KQJT98765432A") for k, s in enumerate("CSH")}
    won = position(foundation_1=" ".join(f"{r}D" for r in "789TJQKA23456"), **stacks)
    assert won.is_won() and won.score() == 100 == DiamondMine.max_score
