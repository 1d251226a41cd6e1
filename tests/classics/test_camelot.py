"""Camelot: PySolFC's deal (game 280: the whole pack in the stock, in the shuffled order), and each rule of
the page."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.camelot import (
    R_FILL_FIRST,
    R_GRID_FULL,
    R_INTO_A_PLACE,
    R_NOT_A_PAIR,
    R_PLACE_FIRST,
    R_STAYS,
    R_TEN_ALONE,
    R_WRONG_PLACE,
    Camelot,
)

from reussite.game import DEAL, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


@pytest.mark.parametrize("number", NUMBERS)
def test_camelot_deals_like_pysolfc(number):
    layout = oracle.layout_of(Camelot(number))
    assert layout["stock"] == [oracle.code(c) for c in oracle.shuffled(1, number)]
    assert sum(map(len, layout.values())) == 52


def position(stock="2C", waste="", taken="", discards="", **places):
    stacks = [{"id": "stock", "cards": stock.split()}, {"id": "waste", "cards": waste.split()},
              {"id": "foundation-1", "cards": taken.split()}, {"id": "foundation-2", "cards": discards.split()}]
    stacks += [{"id": f"tableau-{int(k[1:])}", "cards": v.split()} for k, v in places.items()]
    return Camelot.from_layout({"stacks": stacks})


def move(game, src, dst):
    return Move(game.index[src], game.index[dst], 1)


def legal(game, src, dst):
    m = move(game, src, dst)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst)
    return accepted


FULL = {f"p{k}": c for k, c in zip(range(1, 17), "KS QS QH KH JS 3C 7D JH JC TD 5H JD KC QC QD 2S".split(),
                                   strict=True)}


def test_pictures_go_on_their_edges_and_other_cards_anywhere():
    game = position(waste="KD")
    assert legal(game, "waste", "tableau-1") and legal(game, "waste", "tableau-16")  # corners
    assert not legal(game, "waste", "tableau-2") and not legal(game, "waste", "tableau-6")
    assert game.refusal(move(game, "waste", "tableau-6")) is R_WRONG_PLACE
    game = position(waste="QD")
    assert legal(game, "waste", "tableau-2") and legal(game, "waste", "tableau-15")
    assert not legal(game, "waste", "tableau-5")
    game = position(waste="JD")
    assert legal(game, "waste", "tableau-5") and legal(game, "waste", "tableau-12")
    assert not legal(game, "waste", "tableau-1")
    game = position(waste="7D")
    assert all(legal(game, "waste", f"tableau-{k}") for k in range(1, 17))


def test_the_card_turned_goes_into_an_empty_place_before_the_next_one():
    game = position(waste="3D", p6="7C")
    assert game.refusal(move(game, "waste", "tableau-6")) is R_INTO_A_PLACE
    assert game.refusal(DEAL) is R_PLACE_FIRST
    game = position(p6="7C")
    assert DEAL in list(game.legal_moves())


def test_no_card_leaves_the_grid_before_it_is_full():
    game = position(p6="7C", p7="3D", p10="TD")
    assert game.refusal(move(game, "tableau-6", "tableau-7")) is R_FILL_FIRST
    assert game.refusal(move(game, "tableau-10", "foundation-1")) is R_FILL_FIRST


def test_once_full_tens_leave_alone_and_pairs_adding_up_to_ten_together():
    game = position(**FULL)
    assert game.refusal(DEAL) is R_GRID_FULL
    assert legal(game, "tableau-10", "foundation-1")  # the 10 of diamonds
    assert game.refusal(move(game, "tableau-6", "foundation-1")) is R_TEN_ALONE
    assert legal(game, "tableau-6", "tableau-7")  # 3 and 7
    assert game.refusal(move(game, "tableau-6", "tableau-11")) is R_NOT_A_PAIR  # 3 and 5
    assert not legal(game, "tableau-1", "tableau-6")  # pictures never leave
    game.push(move(game, "tableau-6", "tableau-7"))
    layout = oracle.layout_of(game)
    assert layout["tableau-6"] == layout["tableau-7"] == [] and layout["foundation-1"] == ["7D", "3C"]
    # Cards keep leaving until the next card is turned; a card in the grid never moves to an empty place.
    assert legal(game, "tableau-10", "foundation-1")
    assert game.refusal(move(game, "tableau-16", "tableau-6")) is R_STAYS
    game.push(DEAL)
    layout = oracle.layout_of(game)
    assert layout["foundation-1"] == [] and layout["foundation-2"] == ["7D", "3C"] and layout["waste"] == ["2C"]
    assert game.score() == 2


def test_when_the_stock_is_out_cards_leave_the_grid_at_once():
    game = position(stock="", p6="7C", p7="3D")
    assert legal(game, "tableau-6", "tableau-7")


def test_the_win():
    edges = {"p1": "KS", "p4": "KH", "p13": "KC", "p16": "KD", "p2": "QS", "p3": "QH", "p14": "QC", "p15": "QD",
             "p5": "JS", "p8": "JH", "p9": "JC", "p12": "JD"}
    rest = " ".join(r + s for r in "A23456789T" for s in "CSHD")
    game = position(stock="", discards=rest, **edges)
    assert game.is_won() and game.score() == 40 == Camelot.max_score
    assert not position(stock="", discards=rest.replace("AC ", ""), p6="AC", **edges).is_won()
