"""Tournament, clause by clause (R-TO-1 to R-TO-12, see docs/rules.md)."""

from __future__ import annotations

from collections import Counter

import pysolfc_oracle as oracle
import pytest
from helpers import arrange, codes
from pysol_cards.cards import createCards
from pysol_cards.random import LCRandom31, MTRandom

from reussite.cards import ACE, KING
from reussite.game import DEAL, REDEAL, Move
from reussite_plugins.tournament import Tournament

FIRST_1000 = range(1, 1001)


def mv(g, src: str, dst: str, n: int = 1) -> Move:
    return Move(g.index[src], g.index[dst], n)


def legal(g, src: str, dst: str, n: int = 1) -> bool:
    return g.is_legal(mv(g, src, dst, n))


def blank(**layout: str) -> Tournament:
    return arrange(Tournament(1), {k.replace("_", "-"): v for k, v in layout.items()})


def continued_reshuffle(number: int) -> list[tuple[str, int]]:
    """The documented R-TO-2 reshuffle, rebuilt from pysol-cards' generators: shuffle the whole pack again
    with the same game-number generator until a King or an Ace is among the top 8."""
    rng = LCRandom31(number) if number < 32000 else MTRandom(number)
    cards = rng.shuffle(createCards(2))
    while not any(c.rank in (1, 13) for c in cards[-8:]):
        cards = rng.shuffle(cards)
    return [oracle.as_pair(c) for c in cards]


def test_R_TO_1_two_packs_shuffled():
    g = Tournament(5)
    every = [c for pile in g.cards for c in pile]
    assert len(every) == 104 and len(set(every)) == 104
    assert set(Counter(c.code for c in every).values()) == {2}
    assert [c.code for c in g.stack("stock")] != [c.code for c in Tournament(6).stack("stock")]


def test_R_TO_2_every_deal_of_the_first_1000_has_a_king_or_an_ace_in_the_reserve():
    reshuffled = 0
    for number in FIRST_1000:
        g = Tournament(number)
        reserve = [g.stack(f"reserve-{i}")[0] for i in range(1, 9)]
        assert any(c.rank in (ACE, KING) for c in reserve), number
        if not oracle.first_shuffle_has_king_or_ace(number):
            reshuffled += 1
    assert reshuffled > 100  # the reshuffle is really exercised


def test_R_TO_2_layout_equals_pysolfc_when_the_first_shuffle_has_a_king_or_an_ace():
    compared = 0
    for number in [*FIRST_1000, 31999, 32000, 32001, 10**6 + 3, 10**15]:
        if oracle.first_shuffle_has_king_or_ace(number):
            expected = oracle.tournament(number)
            assert oracle.layout_of(Tournament(number), expected) == expected, number
            compared += 1
    assert compared > 700


RESHUFFLED = [n for n in range(1, 60) if not oracle.first_shuffle_has_king_or_ace(n)][:6] + [
    n for n in range(32000, 32100) if not oracle.first_shuffle_has_king_or_ace(n)][:3]


@pytest.mark.parametrize("number", RESHUFFLED)
def test_R_TO_2_reshuffle_is_the_documented_one(number):
    g = Tournament(number)
    pack = continued_reshuffle(number)
    dealt = [(c.code, c.deck) for sid in [f"reserve-{i}" for i in range(1, 9)] for c in g.stack(sid)]
    assert dealt == pack[::-1][:8]
    assert [(c.code, c.deck) for c in g.stack("stock")] == pack[: 104 - 8 - 24]


def test_R_TO_2_reserve_is_two_columns_of_four():
    g = Tournament(1)
    spots = sorted((g.specs[i].x, g.specs[i].y) for i in g.reserve_ix)
    assert len(spots) == 8 and len({x for x, _ in spots}) == 2 and len({y for _, y in spots}) == 4
    assert all(len(g.cards[i]) == 1 for i in g.reserve_ix)


def test_R_TO_3_six_columns_of_four():
    g = Tournament(2)
    assert [len(g.cards[i]) for i in g.tableau_ix] == [4] * 6
    assert len(g.stack("stock")) == 104 - 8 - 24
    assert g.face_down[g.stock_ix] == len(g.stack("stock"))
    assert all(g.face_down[i] == 0 for i in g.tableau_ix)


def test_R_TO_4_ace_foundations_build_up_king_foundations_build_down_in_suit():
    g = blank(tableau_1="AH", tableau_2="KH", tableau_3="AS", tableau_4="2H", stock="")
    assert legal(g, "tableau-1", "foundation-3")  # hearts, up from the Ace
    assert not legal(g, "tableau-1", "foundation-7")  # the King's foundation does not start with an Ace
    assert not legal(g, "tableau-3", "foundation-3")  # wrong suit
    assert legal(g, "tableau-2", "foundation-7") and not legal(g, "tableau-2", "foundation-3")
    assert not legal(g, "tableau-4", "foundation-3")  # a Two cannot start a foundation
    g.push(mv(g, "tableau-1", "foundation-3"))
    assert legal(g, "tableau-4", "foundation-3")
    g = blank(foundation_7="KH QH", tableau_1="JH", tableau_2="KH")
    assert legal(g, "tableau-1", "foundation-7") and not legal(g, "tableau-2", "foundation-7")
    assert len(g.foundation_ix) == 8


def test_R_TO_5_only_the_top_card_of_a_column_and_the_reserve_cards_are_playable():
    g = blank(tableau_1="AC 5D", reserve_1="AD", stock="9S")
    assert not legal(g, "tableau-1", "foundation-1")  # the Ace is under the 5
    assert not legal(g, "tableau-1", "reserve-2", 2)
    assert legal(g, "reserve-1", "foundation-4")
    assert legal(g, "tableau-1", "reserve-2")


def test_R_TO_6_reserve_cards_go_only_to_the_foundations():
    g = blank(reserve_1="AD", reserve_2="5C", tableau_1="6C", tableau_2="", stock="9S 9H")
    assert legal(g, "reserve-1", "foundation-4")
    assert not legal(g, "reserve-2", "tableau-1")  # not onto a column
    assert not legal(g, "reserve-2", "reserve-3")  # not to another reserve space
    assert not legal(g, "reserve-2", "tableau-2")


def test_R_TO_6_an_empty_reserve_space_takes_any_tableau_card_and_may_wait():
    g = blank(reserve_1="", reserve_2="5C", tableau_1="9S", tableau_2="QD", foundation_1="AC", stock="2H 3H")
    assert legal(g, "tableau-1", "reserve-1") and legal(g, "tableau-2", "reserve-1")
    assert not legal(g, "foundation-1", "reserve-1")  # only tableau cards fill it
    assert not legal(g, "tableau-1", "reserve-2")  # an occupied space takes nothing
    moves = list(g.legal_moves())
    assert DEAL in moves  # filling is optional: the player may deal instead


def test_R_TO_7_no_building_in_the_tableau():
    g = blank(tableau_1="7H", tableau_2="8H", tableau_3="6H", tableau_4="", stock="")
    for dst in ("tableau-2", "tableau-3", "tableau-4"):
        assert not legal(g, "tableau-1", dst)
    assert not any(isinstance(m, Move) and g.specs[m.dst].kind.value == "tableau" for m in g.legal_moves())


def test_R_TO_8_empty_column_refilled_at_once():
    g = blank(tableau_1="AS", tableau_2="9C", tableau_3="9C", tableau_4="9H", tableau_5="9H", tableau_6="9S",
              stock="2D 3D 4D 5D 6D 7D")
    before = g.snapshot()
    g.push(mv(g, "tableau-1", "foundation-2"))
    assert codes(g, "tableau-1") == "7D 6D 5D 4D"  # four cards, the stock's top card first
    assert codes(g, "stock") == "2D 3D"
    g.pop()
    assert g.snapshot() == before


def test_R_TO_8_refill_takes_what_is_left_then_columns_stay_empty():
    g = blank(tableau_1="AS", tableau_2="AH", tableau_3="9C", tableau_4="9C", tableau_5="9H", tableau_6="9H",
              stock="2D 3D")
    g.push(mv(g, "tableau-1", "foundation-2"))
    assert codes(g, "tableau-1") == "3D 2D" and codes(g, "stock") == ""
    g.push(mv(g, "tableau-2", "reserve-1"))
    assert codes(g, "tableau-2") == ""


def test_R_TO_9_a_foundation_top_card_may_move_to_another_foundation():
    g = blank(foundation_1="AC 2C 3C 4C 5C 6C", foundation_5="KC QC JC TC 9C 8C 7C", reserve_1="",
              tableau_1="9H", stock="")
    assert legal(g, "foundation-5", "foundation-1")  # the 7 may go up on the 6
    assert legal(g, "foundation-1", "foundation-5")  # or the 6 down on the 7
    assert not legal(g, "foundation-1", "reserve-1")
    assert not legal(g, "foundation-1", "tableau-1")
    g.push(mv(g, "foundation-5", "foundation-1"))
    assert codes(g, "foundation-1").endswith("6C 7C")


def test_R_TO_10_deal_puts_four_cards_on_each_column_column_by_column():
    stock = " ".join(f"{r}{s}" for s in "CD" for r in "23456789TJQ")  # 22 cards, the top one is QD
    g = blank(**{f"tableau_{i}": "KS" for i in range(1, 7)}, reserve_1="AS", stock=stock)
    assert legal(g, "reserve-1", "foundation-2")  # a move remains, and the player may still deal
    g.push(DEAL)
    top_first = stock.split()[::-1]
    for column in range(5):
        assert codes(g, f"tableau-{column + 1}").split() == ["KS", *top_first[4 * column: 4 * column + 4]]
    assert codes(g, "tableau-6").split() == ["KS", *top_first[20:]]  # the stock ran out: two cards
    assert codes(g, "stock") == "" and not g.is_legal(DEAL)


def test_R_TO_11_redeal_gathers_from_the_right_and_deals_without_shuffling():
    g = blank(tableau_1="2C 3C", tableau_2="4C 5C 6C 7C 8C", tableau_3="", tableau_4="9C",
              tableau_5="TC JC QC", tableau_6="2D 3D 4D 5D 6D 7D", reserve_1="KH", foundation_1="AC", stock="")
    g.push(REDEAL)
    # The piles, put right onto left and turned over, are dealt back four to a column, in order.
    assert [codes(g, f"tableau-{i}") for i in range(1, 7)] == [
        "2C 3C 4C 5C", "6C 7C 8C 9C", "TC JC QC 2D", "3D 4D 5D 6D", "7D", ""]
    assert codes(g, "stock") == "" and codes(g, "reserve-1") == "KH" and codes(g, "foundation-1") == "AC"
    assert g.redeals_used == 1


def pysolfc_redeal(columns: list[list[str]]) -> tuple[list[list[str]], list[str]]:
    """PySolFC's Tournament talon: move the rows' cards one by one onto the talon, rightmost row first, then
    deal four cards onto each row in turn."""
    talon: list[str] = []
    for pile in reversed(columns):
        pile = list(pile)
        while pile:
            talon.append(pile.pop())
    out = []
    for _ in columns:
        out.append([talon.pop() for _ in range(min(4, len(talon)))])
    return out, talon


def test_R_TO_11_redeal_pins_the_exact_card_order_against_pysolfc():
    columns = [["2C", "3C", "4C"], ["5C", "6C", "7C", "8C", "9C", "TC"], ["JC", "QC", "2H", "3H", "4H"],
               ["5H"], ["6H", "7H", "8H", "9H", "TH", "JH", "QH"], ["2S", "3S", "4S", "5S", "6S", "7S"]]
    g = blank(**{f"tableau_{i + 1}": " ".join(p) for i, p in enumerate(columns)}, stock="")
    g.push(REDEAL)
    expected_columns, expected_stock = pysolfc_redeal(columns)
    assert [codes(g, f"tableau-{i}").split() for i in range(1, 7)] == expected_columns
    assert codes(g, "stock").split() == expected_stock
    # 28 cards: 24 dealt back, compacted; the last four gathered stay in the stock, 4S on top.
    assert [codes(g, f"tableau-{i}") for i in range(1, 7)] == [
        "2C 3C 4C 5C", "6C 7C 8C 9C", "TC JC QC 2H", "3H 4H 5H 6H", "7H 8H 9H TH", "JH QH 2S 3S"]
    assert codes(g, "stock") == "7S 6S 5S 4S"
    g.push(DEAL)
    assert codes(g, "tableau-1") == "2C 3C 4C 5C 4S 5S 6S 7S"


def test_R_TO_11_two_redeals_only_and_only_once_the_stock_is_empty():
    g = blank(tableau_1="2C 3C", stock="9D")
    assert not g.is_legal(REDEAL)  # the stock is not empty
    g = blank(tableau_1="2C 3C", stock="")
    g.push(REDEAL)
    g.push(REDEAL)
    assert g.redeals_left == 0 and not g.is_legal(REDEAL)
    assert REDEAL not in list(g.legal_moves())
    g.pop()
    assert g.is_legal(REDEAL)


def test_R_TO_11_no_redeal_of_an_empty_tableau():
    g = blank(reserve_1="5C", stock="")
    assert not g.is_legal(REDEAL)


def test_R_TO_12_won_when_all_104_cards_are_on_the_foundations():
    up = " ".join(f"{r}" for r in "A23456789TJQK")
    layout = {}
    for i, suit in enumerate("CSHD"):
        layout[f"foundation_{i + 1}"] = " ".join(r + suit for r in up.split())
        layout[f"foundation_{i + 5}"] = " ".join(r + suit for r in reversed(up.split()))
    g = blank(**layout)
    assert g.total_cards == 104 and g.is_won() and g.score() == 104
    g = blank(**{**layout, "foundation_8": layout["foundation_8"][:-3], "reserve_1": "AD"})
    assert not g.is_won()
    g.push(mv(g, "reserve-1", "foundation-8"))
    assert g.is_won()


def test_R_TO_9_moves_between_met_foundations_alone_do_not_keep_a_game_alive():
    met = {"foundation_1": "AC 2C 3C 4C 5C 6C", "foundation_5": "KC QC JC TC 9C 8C 7C"}
    full = {f"reserve_{i + 1}": f"{r}D" for i, r in enumerate("56789TJQ")}
    g = blank(**met, **full, tableau_1="9H", stock="")
    g.redeals_used = 2
    assert any(g.specs[m.src].kind.value == "foundation" for m in g.legal_moves() if isinstance(m, Move))
    assert g.is_lost()  # only the clubs can shuttle, and no club is waiting
    g = blank(**met, **full, tableau_1="3C", stock="")
    g.redeals_used = 2
    assert not g.is_lost()  # shifting clubs down to the 2 lets the 3 go up
    for _ in range(4):
        g.push(mv(g, "foundation-1", "foundation-5"))
    assert legal(g, "tableau-1", "foundation-1")
