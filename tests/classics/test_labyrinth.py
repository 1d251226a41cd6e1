"""Labyrinth: PySolFC has the game written but does not offer it, so there is no game number to match; the
deal follows its code (the Aces to the top, the clubs' topmost, onto the foundations, then a card onto each of
the eight places) over PySolFC's shuffle, and each rule of the page."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.labyrinth import Labyrinth

from reussite.game import DEAL, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


@pytest.mark.parametrize("number", NUMBERS)
def test_labyrinth_deals_as_pysolfc_s_code(number):
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    aces = [c for c in cards if c[0] == "A"]
    cards = [c for c in cards if c[0] != "A"] + sorted(aces, key=lambda c: -"CSHD".index(c[1]))
    expected = {f"foundation-{k + 1}": [cards.pop()] for k in range(4)}
    expected.update({f"reserve-{k + 1}": [cards.pop()] for k in range(8)})
    expected["stock"] = cards
    layout = oracle.layout_of(Labyrinth(number))
    assert {k: v for k, v in layout.items() if v} == expected
    assert expected["foundation-1"] == ["AC"] and expected["foundation-4"] == ["AD"]


FILLER = "KD QD KH QH JD JH TD 9D".split()


def position(stock="9C", **stacks):
    """A position; the places not given hold cards of their own (a place is never left empty while the stock
    has a card)."""
    stacks = {"foundation_1": "AC", "foundation_2": "AS", "foundation_3": "AH", "foundation_4": "AD",
              **{f"reserve_{k + 1}": FILLER[k] for k in range(8)}, **stacks}
    entries = [{"id": "stock", "cards": stock.split()}]
    entries += [{"id": k.replace("_", "-"), "cards": v.split()} for k, v in stacks.items()]
    return Labyrinth.from_layout({"stacks": entries})


def legal(game, src, dst):
    m = Move(game.index[src], game.index[dst], 1)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst)
    return accepted


def test_both_ends_of_a_column_go_up_in_suit_onto_the_foundations():
    game = position(reserve_1="2C", tableau_1="5H 7D 2S", reserve_2="3C", tableau_2="6D")
    assert legal(game, "reserve-1", "foundation-1")  # the card in the place
    assert legal(game, "tableau-1", "foundation-2")  # the last card of the column
    assert not legal(game, "reserve-2", "foundation-1")  # 3 on an Ace
    assert not legal(game, "tableau-2", "reserve-2") and not legal(game, "reserve-1", "tableau-2")  # no building


def test_a_place_left_empty_takes_the_first_card_of_its_column_or_the_stock_s_top_card():
    game = position(stock="9C TC", reserve_1="2C", tableau_1="5H 7D 2S", reserve_2="2H")
    game.push(game.parse_move("r1-f1"))
    layout = oracle.layout_of(game)
    assert layout["reserve-1"] == ["5H"] and layout["tableau-1"] == ["7D", "2S"]
    game.push(game.parse_move("r2-f3"))
    assert oracle.layout_of(game)["reserve-2"] == ["TC"] and oracle.layout_of(game)["stock"] == ["9C"]


def test_the_stock_deals_a_card_onto_each_column_no_redeal():
    game = position(stock=" ".join(f"{r}S" for r in "3456789TJ"), **{f"reserve_{k}": f"{r}H" for k, r in
                                                                   enumerate("3456789T", 1)})
    game.push(DEAL)
    layout = oracle.layout_of(game)
    assert [layout[f"tableau-{k}"] for k in range(1, 9)] == [[f"{r}S"] for r in "JT987654"]
    assert layout["stock"] == ["3S"]
    game = position(stock="", reserve_1="2D")
    assert game.refusal(DEAL) is not None


def test_the_win_and_the_score():
    stacks = {f"foundation_{k + 1}": " ".join(f"{r}{s}" for r in "A23456789TJQK") for k, s in enumerate("CSHD")}
    game = position(stock="", **stacks, **{f"reserve_{k}": "" for k in range(1, 9)})
    assert game.is_won() and game.score() == 48 == Labyrinth.max_score
    assert position(reserve_1="2C").score() == 0
