"""Mount Olympus, clause by clause (R-MO-1 to R-MO-9, see docs/rules.md)."""

from __future__ import annotations

from collections import Counter

import pysolfc_oracle as oracle
from helpers import arrange, codes

from reussite.cards import ACE
from reussite.game import DEAL, REDEAL, Move
from reussite_plugins.mount_olympus import MountOlympus

BASES = {f"foundation-{i + 1}": ("A" if i < 8 else "2") + "CSHD"[(i % 8) // 2] for i in range(16)}


def mv(g, src: str, dst: str, n: int = 1) -> Move:
    return Move(g.index[src], g.index[dst], n)


def legal(g, src: str, dst: str, n: int = 1) -> bool:
    return g.is_legal(mv(g, src, dst, n))


def blank(**layout: str) -> MountOlympus:
    """A position with every base on its foundation, the piles filled with a 9 of diamonds unless given."""
    full = {**BASES, **{f"tableau-{i}": "9D" for i in range(1, 10)}}
    full.update({k.replace("_", "-"): v for k, v in layout.items()})
    return arrange(MountOlympus(1), full)


def test_deals_equal_pysolfc_for_the_first_1000_numbers():
    for number in [*range(1, 1001), 31999, 32000, 32001, 10**6 + 3, 10**15]:
        expected = oracle.mount_olympus(number)
        assert oracle.layout_of(MountOlympus(number), expected) == expected, number


def test_R_MO_1_aces_and_twos_are_the_16_foundation_bases():
    for number in (1, 2, 40000):
        g = MountOlympus(number)
        every = [c for pile in g.cards for c in pile]
        assert len(every) == 104 and len(set(every)) == 104
        assert {sid: codes(g, sid) for sid in BASES} == BASES
        assert not any(c.rank <= 2 for i in (*g.tableau_ix, g.stock_ix) for c in g.cards[i])
        assert Counter(c.code for i in g.foundation_ix for c in g.cards[i]) == Counter(BASES.values())


def test_R_MO_2_nine_of_the_other_88_cards_go_to_the_piles():
    g = MountOlympus(3)
    assert [len(g.cards[i]) for i in g.tableau_ix] == [1] * 9
    assert len(g.stack("stock")) == 88 - 9
    assert len({g.specs[i].y for i in g.tableau_ix}) == 1  # a row


def test_R_MO_3_foundations_build_up_in_suit_by_twos():
    g = blank(tableau_1="3C", tableau_2="2C", tableau_3="4C", tableau_4="3S", tableau_5="4S")
    assert legal(g, "tableau-1", "foundation-1") and legal(g, "tableau-1", "foundation-2")  # 3 on the Ace
    assert not legal(g, "tableau-2", "foundation-1")  # up by one: no
    assert not legal(g, "tableau-3", "foundation-1")  # the 4 belongs on the Two
    assert legal(g, "tableau-3", "foundation-9")
    assert not legal(g, "tableau-1", "foundation-3")  # another suit
    assert legal(g, "tableau-5", "foundation-11") and not legal(g, "tableau-5", "foundation-9")


def test_R_MO_3_foundations_are_full_at_their_top_card():
    ace_row = "AH 3H 5H 7H 9H JH KH"
    two_row = "2H 4H 6H 8H TH QH"
    g = blank(foundation_5=ace_row, foundation_13=two_row, tableau_1="KH", tableau_2="QH")
    for dst in ("foundation-5", "foundation-13"):
        assert not legal(g, "tableau-1", dst) and not legal(g, "tableau-2", dst)
    assert legal(g, "tableau-1", "foundation-6") is False  # the other Ace row still needs its 3
    assert g.specs[g.index["foundation-5"]].rule.max_cards == 7
    assert g.specs[g.index["foundation-13"]].rule.max_cards == 6


def test_R_MO_4_tableau_builds_down_in_suit_by_twos():
    g = blank(tableau_1="7S", tableau_2="5S", tableau_3="2S", tableau_4="6S", tableau_5="5C")
    assert legal(g, "tableau-2", "tableau-1")  # 5 on 7 (the page's "5 on 2" is a source error)
    assert not legal(g, "tableau-2", "tableau-3")
    assert not legal(g, "tableau-4", "tableau-1")  # down by one: no
    assert not legal(g, "tableau-5", "tableau-1")  # another suit


def test_R_MO_5_an_empty_pile_is_refilled_from_the_stock_at_once():
    g = blank(tableau_1="3C", stock="8D 6H")
    before = g.snapshot()
    g.push(mv(g, "tableau-1", "foundation-1"))
    assert codes(g, "tableau-1") == "6H" and codes(g, "stock") == "8D"
    g.pop()
    assert g.snapshot() == before


def test_R_MO_6_a_sequence_moves_as_a_whole():
    g = blank(tableau_1="TC 8C 6C", tableau_2="QC", tableau_3="KC")
    assert legal(g, "tableau-1", "tableau-2", 3)
    assert legal(g, "tableau-1", "tableau-2", 3)
    assert not legal(g, "tableau-1", "tableau-3", 3)
    g.push(mv(g, "tableau-1", "tableau-2", 3))
    assert codes(g, "tableau-2") == "QC TC 8C 6C"
    g = blank(tableau_1="TC 9C 6C", tableau_2="QC")
    assert not legal(g, "tableau-1", "tableau-2", 3)  # not a sequence by twos


def test_R_MO_7_any_card_may_go_to_its_foundation_at_any_moment():
    g = blank(tableau_1="KC 3C", stock="8D 6H")
    assert legal(g, "tableau-1", "foundation-1")
    moves = list(g.legal_moves())
    assert mv(g, "tableau-1", "foundation-1") in moves and DEAL in moves


def test_R_MO_8_deal_one_card_on_each_pile_even_while_moves_remain():
    stock = "4D 5D 6D 7D 8D 9D TD JD QD KD 3H"  # 11 cards, top is 3H
    g = blank(tableau_1="3C", stock=stock)
    assert legal(g, "tableau-1", "foundation-1")
    g.push(DEAL)
    top_first = stock.split()[::-1]
    assert [g.stack(f"tableau-{i + 1}")[-1].code for i in range(9)] == top_first[:9]
    g.push(DEAL)  # the last deal covers only the first piles
    assert [len(g.stack(f"tableau-{i + 1}")) for i in range(9)] == [3, 3] + [2] * 7
    assert not g.is_legal(DEAL) and not g.is_legal(REDEAL)


def test_R_MO_8_once_the_stock_is_gone_empty_piles_are_not_refilled_and_take_any_card():
    g = blank(tableau_1="3C", tableau_2="JD 9D", stock="")
    g.push(mv(g, "tableau-1", "foundation-1"))
    assert codes(g, "tableau-1") == ""
    assert legal(g, "tableau-2", "tableau-1") and legal(g, "tableau-2", "tableau-1", 2)


def test_R_MO_9_won_when_all_cards_are_on_the_foundations_kings_and_queens_on_top():
    layout = {}
    for i, suit in enumerate("CSHD"):
        for j in (0, 1):
            layout[f"foundation_{2 * i + j + 1}"] = " ".join(r + suit for r in "A3579JK")
            layout[f"foundation_{2 * i + j + 9}"] = " ".join(r + suit for r in "2468TQ")
    g = blank(**layout, **{f"tableau_{i}": "" for i in range(1, 10)})
    assert g.is_won() and g.total_cards == 104
    assert {g.cards[i][-1].rank for i in g.foundation_ix} == {12, 13}
    assert g.score() == 88
    g = blank(**{**layout, "foundation_16": "2D 4D 6D 8D TD"}, tableau_1="QD",
              **{f"tableau_{i}": "" for i in range(2, 10)})
    assert not g.is_won()
    g.push(mv(g, "tableau-1", "foundation-16"))
    assert g.is_won()


def test_score_counts_cards_played_onto_the_foundations():
    g = MountOlympus(1)
    assert g.score() == 0 and g.on_foundations() == 16
    assert all(g.cards[i][0].rank in (ACE, 2) for i in g.foundation_ix)
