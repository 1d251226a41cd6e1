"""Napoleon's Tomb: PySolFC's deal (game 277: the stock turns its first card onto the waste), and each rule
of the page."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.windmill import R_TOMB, NapoleonsTomb

from reussite.game import DEAL, REDEAL, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


@pytest.mark.parametrize("number", NUMBERS)
def test_napoleons_tomb_deals_like_pysolfc(number):
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    layout = oracle.layout_of(NapoleonsTomb(number))
    assert layout["waste"] == [cards[-1]] and layout["stock"] == cards[:-1]
    assert oracle.face_down_of(NapoleonsTomb(number))["stock"] == 51


def test_the_three_card_option_turns_three_and_allows_two_redeals():
    game = NapoleonsTomb(1, {"draw": "3"})
    cards = [oracle.code(c) for c in oracle.shuffled(1, 1)]
    assert oracle.layout_of(game)["waste"] == cards[-1:-4:-1]
    assert game.redeals == 2 and NapoleonsTomb(1).redeals == 0


def position(options=None, redeals_used=0, **stacks):
    stacks.setdefault("stock", "2C")
    return NapoleonsTomb.from_layout({"options": options or {}, "redeals_used": redeals_used, "stacks": [
        {"id": k.replace("_", "-"), "cards": v.split()} for k, v in stacks.items()]})


def legal(game, src, dst):
    m = Move(game.index[src], game.index[dst], 1)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst)
    return accepted


def test_the_tomb_takes_a_six_then_down_to_the_ace_then_a_six_again():
    assert legal(position(waste="6H"), "waste", "foundation-1")
    game = position(waste="5H", reserve_1="4C", foundation_1="6S")
    assert legal(game, "waste", "foundation-1") and not legal(game, "reserve-1", "foundation-1")
    assert game.refusal(Move(game.index["reserve-1"], game.index["foundation-1"], 1)) is R_TOMB
    game = position(waste="6D", reserve_1="7C", foundation_1="6S 5S 4S 3S 2S AS")
    assert legal(game, "waste", "foundation-1") and not legal(game, "reserve-1", "foundation-1")


def test_the_corners_take_a_seven_then_up_to_the_king_regardless_of_suit():
    game = position(waste="7H", reserve_1="8C", foundation_2="QS", reserve_2="KD", reserve_3="AC")
    assert legal(game, "waste", "foundation-3")
    assert not legal(game, "reserve-1", "foundation-3")  # an 8 on an empty corner
    assert legal(game, "reserve-2", "foundation-2")  # any King on a Queen
    game = position(waste="AC", foundation_2="7S 8S 9S TS JS QS KS")
    assert not legal(game, "waste", "foundation-2")  # nothing on a King


def test_the_cells_hold_one_card_from_the_waste_or_another_cell_and_foundation_cards_stay():
    game = position(waste="9H 3C", reserve_1="5D", foundation_2="7S")
    assert legal(game, "waste", "reserve-2")
    assert not legal(game, "waste", "reserve-1")
    assert not legal(game, "foundation-2", "reserve-2")


def test_the_stock_one_card_no_redeal_or_three_cards_two_redeals():
    game = position(stock="", waste="9H")
    assert game.refusal(DEAL) is not None and game.refusal(REDEAL) is not None
    game = position(options={"draw": "3"}, stock="2C 3C 4C 5C", waste="9H")
    game.push(DEAL)
    assert oracle.layout_of(game)["waste"] == ["9H", "5C", "4C", "3C"]
    game = position(options={"draw": "3"}, stock="", waste="9H", redeals_used=1)
    assert REDEAL in list(game.legal_moves())
    game = position(options={"draw": "3"}, stock="", waste="9H", redeals_used=2)
    assert game.refusal(REDEAL) is not None


def test_the_win_and_the_score():
    stacks = {"foundation_1": " ".join(f"{r}{s}" for s in "CSHD" for r in "65432A")}
    stacks.update({f"foundation_{k + 2}": " ".join(f"{r}{s}" for r in "789TJQK") for k, s in enumerate("CSHD")})
    game = position(stock="", **stacks)
    assert game.is_won() and game.score() == 52 == NapoleonsTomb.max_score
