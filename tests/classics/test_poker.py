"""Poker: PySolFC's deal (Poker Square, game 139: the top 27 cards of its pack set aside, the 25 left turned
one at a time from the top), and each rule of the page: the placing, the shuffle mode, the twelve hands
counted the British way, the win."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.poker import R_INTO_EMPTY, R_PLACED, Poker, hand_score

from reussite.cards import parse_card
from reussite.game import DEAL, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


@pytest.mark.parametrize("number", NUMBERS)
def test_poker_deals_like_pysolfc(number):
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    layout = oracle.layout_of(Poker(number))
    assert layout["waste"] == [cards[24]]
    assert layout["stock"] == cards[25:] + cards[:24]  # the cards set aside lie under the 24 to come


def position(options=None, stock="2C 3C", waste="", **places):
    entries = [{"id": "stock", "cards": stock.split()}, {"id": "waste", "cards": waste.split()}]
    entries += [{"id": f"tableau-{int(k[1:])}", "cards": [v]} for k, v in places.items()]
    return Poker.from_layout({"options": options or {}, "stacks": entries})


def legal(game, src, dst):
    m = Move(game.index[src], game.index[dst], 1)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst)
    return accepted


def test_the_card_turned_goes_into_any_empty_place_and_the_next_one_turns_by_itself():
    game = position(waste="9H", p1="5S")
    assert legal(game, "waste", "tableau-2") and legal(game, "waste", "tableau-25")
    assert game.refusal(Move(game.index["waste"], game.index["tableau-1"], 1)) is R_INTO_EMPTY
    assert game.refusal(DEAL) is not None and DEAL not in list(game.legal_moves())
    game.push(game.parse_move("w-t2"))
    assert oracle.layout_of(game)["waste"] == ["3C"] and oracle.layout_of(game)["stock"] == ["2C"]


def test_a_card_placed_stays_unless_in_shuffle_mode_where_cards_move_and_swap():
    game = position(waste="9H", p1="5S", p2="KD")
    assert game.refusal(Move(game.index["tableau-1"], game.index["tableau-3"], 1)) is R_PLACED
    game = position(options={"mode": "shuffle"}, waste="9H", p1="5S", p2="KD")
    assert legal(game, "tableau-1", "tableau-3")  # into an empty place
    assert legal(game, "tableau-1", "tableau-2")  # onto a card: they swap
    game.push(game.parse_move("t1-t2"))
    layout = oracle.layout_of(game)
    assert layout["tableau-1"] == ["KD"] and layout["tableau-2"] == ["5S"] and layout["waste"] == ["9H"]
    assert not legal(game, "waste", "tableau-1")


@pytest.mark.parametrize("hand, points", [
    ("9H TH JH QH KH", 30), ("AS TS JS QS KS", 30), ("7C 7D 7H 7S 2C", 16), ("4C 5D 6H 7S 8C", 12),
    ("AC 2D 3H 4S 5C", 12), ("TC JD QH KS AC", 12), ("3C 3D 3H 9S 9C", 10), ("3C 3D 3H 9S 8C", 6),
    ("2D 5D 9D JD KD", 5), ("3C 3D 9H 9S 8C", 3), ("3C 3D 9H TS 8C", 1), ("2C 5D 9H JS KC", 0),
    ("QC KD AH 2S 3C", 0)])
def test_hands_count_the_british_way(hand, points):
    assert hand_score([parse_card(c) for c in hand.split()]) == points


def test_the_score_counts_the_twelve_lines_and_the_win_is_75_or_120_in_shuffle_mode():
    # Four of a kind in the first row (16), a pair of Aces down the first column (1), a pair of 5s down the
    # first diagonal (1), nothing in the other diagonal.
    places = {"p1": "AC", "p2": "AD", "p3": "AH", "p4": "AS", "p5": "2C", "p6": "AC", "p11": "5D", "p16": "9S",
              "p21": "8H", "p7": "5S", "p13": "7D", "p19": "TH", "p25": "JC"}
    places.update(p6="KH")
    game = position(stock="", **places)
    assert game.score() == 16 + 0 + 0
    grid = {f"p{k + 1}": c for k, c in enumerate(
        "9H TH JH QH KH 9S TS JS QS KS 9C TC JC QC KC 9D TD JD QD KD 2C 2D 2H 2S 3C".split())}
    full = position(stock="", **grid)
    # Rows: four straight flushes (120) and four of a kind (16); columns: 9s, 10s, Js, Qs, Ks with a 2 or a 3:
    # four of a kind each (80); diagonals: 9H TS JC QD 3C (nothing) and KH QS JC TD 2C (straight? no).
    assert full.score() == 120 + 16 + 80 + hand_score([parse_card(c) for c in "9H TS JC QD 3C".split()]) \
        + hand_score([parse_card(c) for c in "KH QS JC TD 2C".split()])
    assert full.is_won()
    assert not position(stock="", p1="2C").is_won()
    assert Poker(1, {"mode": "shuffle"}).target == 120 and Poker(1).target == 75
