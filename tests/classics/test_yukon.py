"""The Yukon family of the classics: Yukon, Odessa, Australian Patience, Ten Across and Grandfather. Each
game's deal against PySolFC's (pysol-cards' own deal where it has the game, else PySolFC's dealing order
rebuilt over its shuffle), then each clause of its rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move, position, refused
from reussite_classics.yukon import AustralianPatience, Grandfather, Odessa, TenAcross, Yukon

from reussite.game import DEAL, REDEAL

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def check_deal(cls, expected_of, options=None):
    for number in NUMBERS:
        game = cls(number, options or {})
        expected = expected_of(number)
        layout, down = oracle.layout_of(game), oracle.face_down_of(game)
        for stack, cards in expected["cards"].items():
            assert layout[stack] == cards, (cls.id, number, stack)
        assert sum(map(len, expected["cards"].values())) == len(game.pack()), (cls.id, number)
        for stack, count in expected.get("face_down", {}).items():
            assert down[stack] == count, (cls.id, number, stack)


def piles(board) -> dict:
    """pysol-cards' columns as our piles, with their face-down counts."""
    cols = board.columns.cols
    return {"cards": {f"tableau-{i + 1}": [oracle.code(c) for c in col] for i, col in enumerate(cols)},
            "face_down": {f"tableau-{i + 1}": sum(c.flipped for c in col) for i, col in enumerate(cols)}}


def pysolfc_deal(number, rows, piles=7):
    """PySolFC's deal rebuilt over its shuffle: ``rows`` is its startGame's dealRow calls in order, each a
    list of pile indexes and whether the cards are face up; the rest is the talon (the stock)."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    dealt: list[list[str]] = [[] for _ in range(piles)]
    down = [0] * piles
    for row, face_up in rows:
        for i in row:
            dealt[i].append(cards.pop())
            down[i] += not face_up
    layout = {f"tableau-{i + 1}": pile for i, pile in enumerate(dealt)}
    if cards:
        layout["stock"] = cards
    return {"cards": layout, "face_down": {f"tableau-{i + 1}": d for i, d in enumerate(down)}}


FULL = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHD")}


# -- Yukon -----------------------------------------------------------------------------------------------


def test_yukon_deals_like_pysolfc():
    check_deal(Yukon, lambda n: piles(oracle.dealt("yukon", n)))


def test_yukon_deals_a_triangle_face_down_and_five_face_up_cards_on_six_piles():
    game = Yukon(3)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [1, 6, 7, 8, 9, 10, 11]
    assert [game.face_down[game.index[f"tableau-{k}"]] for k in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert not any(game.stack(f"foundation-{k}") for k in range(1, 5)) and "stock" not in game.index


def test_yukon_builds_down_in_alternating_colours():
    game = position(Yukon, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="7D")
    assert legal(game, "tableau-2", "tableau-1")
    assert "build down in alternating colours" in refused(game, "tableau-3", "tableau-1")
    assert "build down in alternating colours" in refused(game, "tableau-4", "tableau-1")  # not one rank down


def test_any_face_up_yukon_card_moves_with_the_cards_above_it():
    game = position(Yukon, face_down={"tableau_1": 1}, tableau_1="2C 8H AS KD 4C", tableau_2="9C",
                    tableau_3="5H")
    assert legal(game, "tableau-1", "tableau-2", 4)  # 8H AS KD 4C: not a sequence, the 8 fits the 9
    assert legal(game, "tableau-1", "tableau-3", 1)
    assert "cannot go on" in refused(game, "tableau-1", "tableau-3", 2)  # the King does not fit the 5
    assert "face-down" in refused(game, "tableau-1", "tableau-2", 5)


def test_an_empty_yukon_pile_takes_only_a_king_with_the_cards_on_it():
    game = position(Yukon, tableau_1="3C KS 2D 7H", tableau_2="", tableau_3="QD")
    assert legal(game, "tableau-1", "tableau-2", 3)
    assert "King" in refused(game, "tableau-3", "tableau-2")
    assert "King" in refused(game, "tableau-1", "tableau-2", 2)


def test_yukon_turns_up_the_card_a_move_uncovers():
    game = position(Yukon, face_down={"tableau_1": 1}, tableau_1="2C 8H 5S", tableau_2="9S")
    game.push(move(game, "tableau-1", "tableau-2", 2))
    assert game.face_down[game.index["tableau-1"]] == 0
    game.pop()
    assert game.face_down[game.index["tableau-1"]] == 1


def test_yukon_foundations_build_up_in_suit_one_card_at_a_time_and_keep_their_cards():
    game = position(Yukon, foundation_1="AH", tableau_1="2H", tableau_2="2D", tableau_3="AC", tableau_4="3C",
                    tableau_5="3D 2S", tableau_6="", foundation_3="AS")
    assert legal(game, "tableau-1", "foundation-1")
    assert "build up in suit" in refused(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-3", "foundation-2")
    assert "Ace" in refused(game, "tableau-4", "foundation-2")
    assert refused(game, "tableau-5", "foundation-3", 2)  # one card at a time
    assert refused(game, "foundation-1", "tableau-6")  # nothing comes back


def test_yukon_is_won_with_52_on_the_foundations_and_scores_a_point_a_card():
    game = position(Yukon, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = position(Yukon, **FULL)
    assert game.is_won() and game.score() == Yukon.max_score == 52


# -- Odessa ----------------------------------------------------------------------------------------------


def test_odessa_deals_like_pysolfc():
    # Odessa.startGame (PySolFC game 27): 3 face-down rows, 2 face-up rows, 2 onto piles 2-6, a last row.
    rows = [(range(7), False)] * 3 + [(range(7), True)] * 2 + [(range(1, 6), True)] * 2 + [(range(7), True)]
    check_deal(Odessa, lambda n: pysolfc_deal(n, rows))


def test_odessa_deals_three_face_down_cards_on_every_pile():
    game = Odessa(9)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [6, 8, 8, 8, 8, 8, 6]
    assert [game.face_down[game.index[f"tableau-{k}"]] for k in range(1, 8)] == [3] * 7


def test_odessa_builds_down_in_suit_and_moves_any_face_up_card_with_those_above():
    game = position(Odessa, face_down={"tableau_1": 1}, tableau_1="2C 8H AS KD 4C", tableau_2="9H",
                    tableau_3="9S", tableau_4="", tableau_5="QD 5D")
    assert legal(game, "tableau-1", "tableau-2", 4)
    assert "build down in suit" in refused(game, "tableau-1", "tableau-3", 4)
    assert legal(game, "tableau-1", "tableau-4", 2)  # KD 4C onto the empty pile
    assert "King" in refused(game, "tableau-5", "tableau-4")


def test_odessa_foundations_build_up_in_suit_and_the_game_is_won_with_all_52():
    game = position(Odessa, foundation_1="AH", tableau_1="2H", tableau_2="2D", tableau_3="")
    assert legal(game, "tableau-1", "foundation-1")
    assert "build up in suit" in refused(game, "tableau-2", "foundation-1")
    assert refused(game, "foundation-1", "tableau-3")
    game = position(Odessa, **FULL)
    assert game.is_won() and game.score() == Odessa.max_score == 52


# -- Australian Patience ---------------------------------------------------------------------------------


def test_australian_patience_deals_like_pysolfc():
    # AustralianPatience.startGame (PySolFC game 447): four face-up rows; the rest is the talon, whose first
    # card PySolFC turns onto the waste by itself (here the first click turns it: the stock is the same).
    check_deal(AustralianPatience, lambda n: pysolfc_deal(n, [(range(7), True)] * 4))


def test_australian_patience_deals_four_face_up_rows_and_a_stock_of_24():
    game = AustralianPatience(5)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [4] * 7 and not any(game.face_down[1:])
    assert len(game.stack("stock")) == 24 and not game.stack("waste")


def test_australian_patience_builds_in_suit_moves_any_card_with_those_above_and_kings_fill_spaces():
    game = position(AustralianPatience, tableau_1="2C 8H AS KD 4C", tableau_2="9H", tableau_3="9S", tableau_4="",
                    tableau_5="QD 5D")
    assert legal(game, "tableau-1", "tableau-2", 4)
    assert "build down in suit" in refused(game, "tableau-1", "tableau-3", 4)
    assert legal(game, "tableau-1", "tableau-4", 2)
    assert "King" in refused(game, "tableau-5", "tableau-4")


def test_the_australian_patience_stock_turns_one_card_once_through_and_the_waste_card_plays():
    game = position(AustralianPatience, stock="3C 8S 2H", tableau_1="9S", foundation_1="AH")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["2H"]
    assert legal(game, "waste", "foundation-1")
    game.push(DEAL)
    assert legal(game, "waste", "tableau-1")  # the 8 of spades on the 9
    game.push(DEAL)
    assert not game.stack("stock") and game.refusal(REDEAL) is not None and REDEAL not in set(game.legal_moves())


def test_australian_patience_foundations_and_the_win():
    game = position(AustralianPatience, foundation_1="AH", tableau_1="2H", tableau_2="2D", tableau_3="")
    assert legal(game, "tableau-1", "foundation-1")
    assert "build up in suit" in refused(game, "tableau-2", "foundation-1")
    assert refused(game, "foundation-1", "tableau-3")
    game = position(AustralianPatience, **FULL)
    assert game.is_won() and game.score() == AustralianPatience.max_score == 52


# -- Ten Across ------------------------------------------------------------------------------------------


def ten_across_deal(number):
    """TenAcross.startGame (PySolFC game 284): row K face up on the first K and last K piles, face down
    between, for K = 1..4; a face-up row; then one card onto each of the two reserves."""
    rows = []
    for n in range(1, 5):
        rows += [(range(n), True), (range(n, 10 - n), False), (range(10 - n, 10), True)]
    expected = pysolfc_deal(number, rows + [(range(10), True)], piles=10)
    stock = expected["cards"].pop("stock")
    expected["cards"]["reserve-1"], expected["cards"]["reserve-2"] = [stock[-1]], [stock[-2]]
    return expected


def test_ten_across_deals_like_pysolfc():
    check_deal(TenAcross, ten_across_deal)


def test_ten_across_deals_a_peak_of_face_down_cards_and_a_card_on_each_free_cell():
    game = TenAcross(7)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 11)] == [5] * 10
    assert [game.face_down[game.index[f"tableau-{k}"]] for k in range(1, 11)] == [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]
    assert len(game.stack("reserve-1")) == len(game.stack("reserve-2")) == 1 and "stock" not in game.index
    assert str(game.specs[game.index["reserve-2"]].name) == "free cell 2"


def test_ten_across_builds_in_suit_with_yukons_moves_and_kings_on_empty_piles():
    game = position(TenAcross, face_down={"tableau_1": 1}, tableau_1="2C 8H AS KD 4C", tableau_2="9H",
                    tableau_3="9S", tableau_4="", tableau_5="QD 5D")
    assert legal(game, "tableau-1", "tableau-2", 4)
    assert "build down in suit" in refused(game, "tableau-1", "tableau-3", 4)
    assert legal(game, "tableau-1", "tableau-4", 2)
    assert "King" in refused(game, "tableau-5", "tableau-4")


def test_a_ten_across_free_cell_takes_one_top_card_and_gives_it_back():
    game = position(TenAcross, tableau_1="KS 5H", tableau_2="6H", tableau_3="9D 8D", reserve_2="4S",
                    tableau_4="5S")
    assert legal(game, "tableau-1", "reserve-1")
    assert refused(game, "tableau-1", "reserve-2")  # one card each
    assert refused(game, "tableau-3", "reserve-1", 2)  # never two
    assert legal(game, "reserve-2", "tableau-4")


def test_with_the_free_cells_closed_their_cards_leave_but_none_goes_there():
    layout = dict(tableau_1="KS 5H", tableau_2="", reserve_1="", reserve_2="4S", tableau_4="5S")
    game = position(TenAcross, {"cells": "closed"}, **layout)
    assert refused(game, "tableau-1", "reserve-1") == "The free cells are closed in this game: nothing goes on them."
    assert legal(game, "reserve-2", "tableau-4")
    assert legal(position(TenAcross, **layout), "tableau-1", "reserve-1")
    assert TenAcross(1).option_values == {"cells": "open"}


def test_a_finished_ten_across_run_leaves_for_a_foundation_even_from_a_free_cell():
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    game = position(TenAcross, face_down={"tableau_1": 1}, tableau_1="5H " + run, reserve_1="AS")
    game.push(move(game, "reserve-1", "tableau-1"))
    assert len(game.stack("foundation-1")) == 13 and [c.code for c in game.stack("tableau-1")] == ["5H"]
    assert game.face_down[game.index["tableau-1"]] == 0 and game.score() == 13
    assert refused(game, "foundation-1", "reserve-1")


def test_ten_across_is_won_with_four_runs_on_the_foundations():
    runs = {f"foundation_{i + 1}": " ".join(r + s for r in "KQJT98765432A") for i, s in enumerate("CSHD")}
    game = position(TenAcross, **runs)
    assert game.is_won() and game.score() == TenAcross.max_score == 52


# -- Grandfather -----------------------------------------------------------------------------------------


def grandfather_rows():
    """Grandfather.startGame (PySolFC game 278, Tvete's Grandfather: KPatience's layout): face-down rows onto
    rows[i:j] for (1, 7), (1, 6), (2, 6), (2, 5), (3, 5), (3, 4), a face-up row, four onto rows[1:]."""
    rows = [(range(i, j), False) for i, j in ((1, 7), (1, 6), (2, 6), (2, 5), (3, 5), (3, 4))]
    return rows + [(range(7), True)] + [(range(1, 7), True)] * 4


def test_grandfather_deals_like_pysolfc():
    check_deal(Grandfather, lambda n: pysolfc_deal(n, grandfather_rows()))


def test_grandfather_deals_kpatiences_peak_of_face_down_cards():
    game = Grandfather(3)
    assert [game.face_down[game.index[f"tableau-{k}"]] for k in range(1, 8)] == [0, 2, 4, 6, 5, 3, 1]
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [1, 7, 9, 11, 10, 8, 6]
    assert not game.stack("stock") and game.redeals_left == 2


def test_grandfather_builds_in_suit_moves_any_face_up_card_and_kings_fill_spaces():
    game = position(Grandfather, face_down={"tableau_1": 1}, tableau_1="2C 8H AS KD 4C", tableau_2="9H",
                    tableau_3="9S", tableau_4="", tableau_5="QD 5D")
    assert legal(game, "tableau-1", "tableau-2", 4)
    assert "build down in suit" in refused(game, "tableau-1", "tableau-3", 4)
    assert legal(game, "tableau-1", "tableau-4", 2)
    assert "King" in refused(game, "tableau-5", "tableau-4")
    assert "face-down" in refused(game, "tableau-1", "tableau-2", 5)


def test_grandfather_redeals_the_piles_unshuffled_in_the_pattern_twice():
    # 14 cards left on the piles: the first row of the pattern takes six, the second five, the third three.
    game = position(Grandfather, foundation_1="AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                    foundation_2="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
                    foundation_3="AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
                    tableau_1="3D 2D AD", tableau_2="KD QD JD TD", tableau_3="9D 8D", tableau_7="7D 6D 5D 4D KH")
    assert game.stock_move() == REDEAL and legal_redeal(game)
    game.push(REDEAL)
    # Gathered from pile 7 to pile 1, each bottom to top: pile 1's top card (AD) is dealt first.
    dealt = ["AD", "2D", "3D", "TD", "JD", "QD", "KD", "8D", "9D", "KH", "4D", "5D", "6D", "7D"]
    order = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 2, 3, 4]
    expected = {k: [c for c, p in zip(dealt, order, strict=True) if p == k - 1] for k in range(1, 8)}
    for k in range(1, 8):
        assert [c.code for c in game.stack(f"tableau-{k}")] == expected[k], k
    assert game.redeals_used == 1 and len(game.stack("foundation-3")) == 12
    # The pattern's cards face down again, as KPatience deals them, but each pile's top card (here every
    # card dealt belongs to the peak's rows).
    assert [game.face_down[i] for i in game.tableau_ix] == [0, 1, 2, 2, 2, 1, 0]
    assert all(game.is_face_up(i, len(game.cards[i]) - 1) for i in game.tableau_ix if game.cards[i])
    game.push(REDEAL)
    assert game.refusal(REDEAL) is not None and REDEAL not in set(game.legal_moves())
    game.pop()
    game.pop()
    assert [c.code for c in game.stack("tableau-1")] == ["3D", "2D", "AD"] and game.redeals_used == 0


def legal_redeal(game):
    accepted = game.refusal(REDEAL) is None
    assert accepted == (REDEAL in set(game.legal_moves()))
    return accepted


def test_grandfather_foundations_and_the_win():
    game = position(Grandfather, foundation_1="AH", tableau_1="2H", tableau_2="2D", tableau_3="")
    assert legal(game, "tableau-1", "foundation-1")
    assert "build up in suit" in refused(game, "tableau-2", "foundation-1")
    assert refused(game, "foundation-1", "tableau-3")
    game = position(Grandfather, **FULL)
    assert game.is_won() and game.score() == Grandfather.max_score == 52
