"""Gaps (Montana): PySolFC's deal (game 53, rebuilt over pysol-cards' shuffle: each place takes the top card
in turn, an Ace leaving a gap), and each rule of the page."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.montana import R_IN_SEQUENCE, R_NOT_BLOCKED, Gaps, Maze

from reussite.game import REDEAL, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def pysolfc_gaps(number):
    """PySolFC's Montana.startGame: place i takes the talon's top card, unless it is an Ace (set aside)."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    places, aces = {}, []
    for i in range(52):
        card = cards.pop()
        if card[0] == "A":
            aces.append(card)
        else:
            places[f"tableau-{i + 1}"] = [card]
    return places, aces


@pytest.mark.parametrize("number", NUMBERS)
def test_gaps_deals_like_pysolfc(number):
    places, aces = pysolfc_gaps(number)
    layout = oracle.layout_of(Gaps(number))
    for k in range(1, 53):
        assert layout[f"tableau-{k}"] == places.get(f"tableau-{k}", []), (number, k)
    assert layout["foundation-1"] == aces
    assert layout["stock"] == []
    assert not any(oracle.face_down_of(Gaps(number)).values())


def grid(rows, options=None, redeals_used=0):
    """A position from four strings of thirteen places ("--" a gap); the Aces on the foundation."""
    stacks = [{"id": "foundation-1", "cards": ["AC", "AS", "AH", "AD"]}]
    for r, row in enumerate(rows):
        for c, code in enumerate(row.split()):
            if code != "--":
                stacks.append({"id": f"tableau-{r * 13 + c + 1}", "cards": [code]})
    return Gaps.from_layout({"stacks": stacks, "options": options or {}, "redeals_used": redeals_used})


def place(row, column):
    return f"t{(row - 1) * 13 + column}"


def legal(game, text):
    move = game.parse_move(text)
    accepted = game.is_legal(move)
    assert accepted == (move in set(game.legal_moves())), text
    return accepted


ROWS = ["-- 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H",
        "2C 3C -- 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2S 3H 4C 5C 6C 7C 8C 9C TC JC QC KC --",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --"]


def test_a_gap_in_the_first_column_takes_a_two_only():
    game = grid(ROWS)
    assert legal(game, f"{place(1, 13)}-{place(1, 1)}")  # the 2 of hearts
    assert not legal(game, f"{place(1, 2)}-{place(1, 1)}")  # a 3


def test_a_gap_takes_the_card_after_its_left_neighbour_in_suit():
    game = grid(ROWS)  # the gap after the 3 of clubs takes the 4 of clubs only
    assert legal(game, f"{place(3, 3)}-{place(2, 3)}")
    assert not legal(game, f"{place(3, 2)}-{place(2, 3)}")  # the 3 of hearts
    assert not legal(game, f"{place(3, 4)}-{place(2, 3)}")  # the 5 of clubs
    assert "cannot go" in str(game.explain(game.parse_move(f"{place(3, 4)}-{place(2, 3)}")))


def test_nothing_goes_after_a_king_or_a_gap():
    game = grid(ROWS)
    assert not legal(game, f"{place(1, 13)}-{place(3, 13)}")  # after the King of clubs
    game = grid(["-- -- 4S 5S 6S 7S 8S 9S TS JS QS KS 2H",
                 "2C 3C 3S 4H 5H 6H 7H 8H 9H TH JH QH KH",
                 "2S 3H 4C 5C 6C 7C 8C 9C TC JC QC KC --",
                 "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --"])
    assert game.takes(game.index["tableau-2"]) == frozenset()
    assert not legal(game, f"{place(2, 3)}-{place(1, 2)}")


def test_a_card_in_sequence_from_a_two_at_the_left_stays():
    game = grid(["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
                 "-- 3C 2C 4H 5H 6H 7H 8H 9H TH JH QH KH",
                 "2H 3H 4C 5C 6C 7C 8C 9C TC JC QC KC --",
                 "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --"])
    move = game.parse_move(f"{place(1, 1)}-{place(2, 1)}")  # the 2 of spades, in sequence
    assert game.refusal(move) is R_IN_SEQUENCE
    assert "stays there" in str(game.explain(move))
    assert legal(game, f"{place(2, 3)}-{place(2, 1)}")  # the 2 of clubs, not in sequence


def test_every_move_into_a_gap_is_listed_the_places_being_positional():
    game = Gaps(1)
    listed = list(game.legal_moves())
    assert listed and all(isinstance(m, Move) and len(game.cards[m.src]) == 1 and not game.cards[m.dst]
                          for m in listed)


BLOCKED = ["2S 3S 4S 6S 7S 8S 9S TS JS QS KS -- QH",
           "2C 3C 4C KC -- 4H 5H 6H 7H 8H 9H TH JH",
           "5S 3H 2H 5C 6C 7C 8C 9C TC JC QC KD --",
           "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KH --"]


def test_a_redeal_only_when_no_gap_can_be_filled():
    game = grid(ROWS)
    assert game.refusal(REDEAL) is R_NOT_BLOCKED
    blocked = grid(BLOCKED)
    assert [m for m in blocked.legal_moves()] == [REDEAL]


def test_a_redeal_keeps_the_sequences_and_leaves_a_gap_after_each():
    game = grid(BLOCKED)
    before = game.snapshot()
    game.push(REDEAL)
    layout = oracle.layout_of(game)
    assert [layout[f"tableau-{k}"] for k in (1, 2, 3)] == [["2S"], ["3S"], ["4S"]]
    assert layout["tableau-4"] == []  # the gap after the first row's sequence
    assert [layout[f"tableau-{13 + k}"] for k in (1, 2, 3)] == [["2C"], ["3C"], ["4C"]]
    assert layout["tableau-17"] == []
    assert layout["tableau-27"] == []  # third row: no sequence, the gap in the first place
    assert all(layout[f"tableau-{39 + k}"] == [c] for k, c in enumerate("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD".split(), 1))
    assert layout["tableau-51"] == [] and layout["tableau-52"]
    assert layout["stock"] == [] and game.redeals_used == 1
    after = game.snapshot()
    game.pop()
    assert game.snapshot() == before
    game.redo()
    assert game.snapshot() == after
    again = grid(BLOCKED)
    again.push(REDEAL)
    assert again.snapshot() == after  # the same game redeals the same way


def test_two_redeals_only():
    game = grid(BLOCKED, redeals_used=2)
    assert REDEAL not in list(game.legal_moves())
    assert game.refusal(REDEAL) is not None


@pytest.mark.parametrize(("redeals", "allowed"), [("2", 2), ("1", 1), ("0", 0)])
def test_the_redeals_option_allows_two_one_or_no_redeal(redeals, allowed):
    for used in range(3):
        game = grid(BLOCKED, options={"redeals": redeals}, redeals_used=used)
        assert (REDEAL in list(game.legal_moves())) is (used < allowed), (redeals, used)
        # Blocked with no redeal left: nothing more can happen, the game is lost.
        assert game.is_lost() is (used >= allowed), (redeals, used)
    assert Gaps(1, {}).redeals == 2 and Gaps(1, {"redeals": "0"}).snapshot() == Gaps(1, {}).snapshot()


def test_random_gaps_option_puts_the_four_gaps_among_the_redealt_places():
    game = grid(BLOCKED, options={"gaps": "random"})
    game.push(REDEAL)
    layout = oracle.layout_of(game)
    gaps = [k for k in range(1, 53) if not layout[f"tableau-{k}"]]
    assert len(gaps) == 4
    assert all(layout[f"tableau-{k}"] for k in (1, 2, 3, 14, 15, 16, *range(40, 51)))
    sequenced = {1, 2, 3, 14, 15, 16, *range(40, 51)}
    assert not sequenced & set(gaps)


def test_the_win_and_the_score():
    won = grid(["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
                "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
                "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
                "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --"])
    assert won.is_won() and won.score() == 48 == Gaps.max_score
    assert won.refusal(REDEAL) is not None
    game = grid(BLOCKED)
    assert not game.is_won() and game.score() == 3 + 3 + 0 + 11


# -- Maze ------------------------------------------------------------------------------------------------------


def pysolfc_maze(number):
    """Maze.startGame (PySolFC game 144): place i takes the talon's top card, a King leaving it empty (set
    aside); places 53 and 54 stay empty."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    places = {}
    for i in range(52):
        card = cards.pop()
        if card[0] != "K":
            places[f"tableau-{i + 1}"] = [card]
    return places


@pytest.mark.parametrize("number", NUMBERS)
def test_maze_deals_like_pysolfc(number):
    places = pysolfc_maze(number)
    game = Maze(number)
    layout = oracle.layout_of(game)
    assert {k: v for k, v in layout.items() if v} == places
    assert len(layout) == 54 and not any(oracle.face_down_of(game).values())
    assert sorted(c.code for c in game.pack()) == sorted(c for v in places.values() for c in v)


def maze(**places):
    return Maze.from_layout({"stacks": [{"id": f"tableau-{int(k[1:])}", "cards": [v]} for k, v in places.items()]})


def test_maze_a_gap_takes_the_card_after_its_left_neighbour_or_before_its_right_one():
    game = maze(p2="5H", p4="9C", p10="2S")
    assert not legal(game, "t10-t3")  # the 2 of spades is neither the 6 of hearts nor the 8 of clubs
    game = maze(p2="5H", p4="9C", p10="6H", p11="8C", p12="7C", p13="3D")
    assert legal(game, "t10-t3")  # after the 5 of hearts
    assert legal(game, "t11-t3")  # before the 9 of clubs
    assert not legal(game, "t12-t3")
    assert "left neighbour" in str(game.explain(game.parse_move("t12-t3")))


def test_maze_an_ace_follows_any_queen_and_a_queen_comes_before_any_ace():
    game = maze(p2="QS", p4="AD", p10="AH", p11="QC", p12="2H")
    assert legal(game, "t10-t3")
    assert legal(game, "t11-t3")
    assert not legal(game, "t12-t3")


def test_maze_the_first_place_takes_an_ace_and_the_last_a_queen():
    game = maze(p2="7H", p10="AC", p11="QD", p53="5S")
    assert legal(game, "t10-t1") and not legal(game, "t11-t1")
    assert legal(game, "t11-t54") and not legal(game, "t10-t54")


def test_maze_places_are_positional_every_move_a_card_into_a_gap():
    listed = list(Maze(1).legal_moves())
    assert listed and all(m.n == 1 for m in listed)


def test_maze_score_counts_cards_in_order_gaps_aside_and_the_win():
    game = maze(p1="AC", p3="2C", p4="3C", p5="5C", p6="6C")
    assert game.score() == 1 + 1 + 1 + 0 + 1
    line = [r + s for s in "CSHD" for r in "A23456789TJQ"]
    slots = [k for k in range(1, 55) if k not in (7, 30, 31, 50, 54, 22)][:48]
    won = maze(**{f"p{k}": c for k, c in zip(slots, line, strict=True)})
    assert won.is_won() and won.score() == 48 == Maze.max_score
