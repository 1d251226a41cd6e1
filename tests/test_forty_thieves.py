"""Forty Thieves, clause by clause (R-FT-1 to R-FT-11, see docs/rules.md)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import arrange, codes
from pysol_cards.cards import createCards
from pysol_cards.random import shuffle as oracle_shuffle
from pysol_cards.random_base import RandomBase

from reussite.cards import RANKS, SUITS
from reussite.errors import IllegalMove
from reussite.game import DEAL, REDEAL, Deal, Move, Redeal
from reussite_plugins.forty_thieves import FortyThieves


def game(number: int = 1) -> FortyThieves:
    return FortyThieves(number)


def mv(g, src: str, dst: str, n: int = 1) -> Move:
    return Move(g.index[src], g.index[dst], n)


def legal(g, src, dst, n=1) -> bool:
    return g.is_legal(mv(g, src, dst, n))


def pysolfc_forty_thieves(number: int) -> dict[str, list[str]]:
    """PySolFC's game 13 deal: four rows onto 10 piles, then one card onto the waste; rest is the stock."""
    cards = [RANKS[c.rank - 1] + SUITS[c.suit] for c in
             oracle_shuffle(createCards(2), number, RandomBase.DEALS_PYSOLFC)]
    piles = [[] for _ in range(10)]
    for _row in range(4):
        for pile in piles:
            pile.append(cards.pop())
    waste = [cards.pop()]
    return {"stock": cards, "waste": waste, **{f"tableau-{i + 1}": p for i, p in enumerate(piles)}}


@pytest.mark.parametrize("number", [1, 2, 617, 11982, 31999, 32001, 1234567, 10**18])
def test_deal_equals_pysolfc(number):
    layout = FortyThieves(number).layout_json()
    expected = pysolfc_forty_thieves(number)
    got = {s["id"]: s["cards"] for s in layout["stacks"] if s["id"] in expected}
    assert got == expected


def test_R_FT_1_two_packs():
    g = game()
    all_cards = [c for pile in g.cards for c in pile]
    assert len(all_cards) == 104
    assert set(Counter(c.code for c in all_cards).values()) == {2}
    assert len(set(all_cards)) == 104  # the two copies are distinct cards (deck 0 and 1)


def test_R_FT_2_stock_holds_the_rest_and_deals_one_at_a_time_to_the_waste():
    g = game(7)
    assert g.specs[g.stock_ix].x == 0 and g.specs[g.stock_ix].y == 0  # top left
    assert len(g.stack("stock")) == 104 - 40 - 1 and g.face_down[g.stock_ix] == 63
    top = g.stack("stock")[-1]
    g.push(DEAL)
    assert g.stack("waste")[-1] == top and len(g.stack("waste")) == 2
    assert len(g.stack("stock")) == 62


def test_R_FT_2_only_the_top_waste_card_is_playable():
    g = arrange(game(), {"waste": "2H AH", "tableau-1": "3H", "tableau-2": "", "stock": "KC"})
    assert legal(g, "waste", "foundation-1")
    assert not legal(g, "waste", "tableau-1", 2)  # not the card under it, nor both
    g.push(mv(g, "waste", "foundation-1"))
    assert legal(g, "waste", "foundation-1")  # now 2H is on top


def test_R_FT_2_no_redeal():
    g = arrange(game(), {"waste": "9C 4D", "tableau-1": "KS", "stock": ""})
    assert not g.can_deal()
    assert not g.is_legal(REDEAL)
    assert REDEAL not in list(g.legal_moves()) and DEAL not in list(g.legal_moves())


def test_R_FT_3_eight_foundations_up_in_suit_from_ace():
    g = arrange(game(), {"tableau-1": "2H", "tableau-2": "AH", "tableau-3": "2S", "tableau-4": "3H",
                         "tableau-5": "KD"})
    assert len(g.foundation_ix) == 8
    assert not legal(g, "tableau-1", "foundation-1")  # empty takes only an Ace
    assert not legal(g, "tableau-5", "foundation-1")
    g.push(mv(g, "tableau-2", "foundation-1"))
    assert not legal(g, "tableau-3", "foundation-1")  # wrong suit
    assert not legal(g, "tableau-4", "foundation-1")  # skips a rank
    assert legal(g, "tableau-1", "foundation-1")


def test_R_FT_3_foundation_cards_stay_there():
    g = arrange(game(), {"foundation-1": "AH 2H", "tableau-1": ""})
    assert not legal(g, "foundation-1", "tableau-1")


def test_R_FT_4_ten_piles_of_four_face_up():
    g = game(3)
    assert len(g.tableau_ix) == 10
    for i in g.tableau_ix:
        assert len(g.cards[i]) == 4 and g.face_down[i] == 0


def test_R_FT_5_build_down_in_suit_one_card_at_a_time():
    g = arrange(game(), {"tableau-1": "5H", "tableau-2": "KC 4H", "tableau-3": "4S", "tableau-4": "3H",
                         "tableau-5": "7D 6D 5D", **{f"tableau-{i}": "QC" for i in range(6, 11)}})
    assert legal(g, "tableau-2", "tableau-1")
    assert not legal(g, "tableau-3", "tableau-1")  # other suit
    assert not legal(g, "tableau-4", "tableau-1")  # not the next rank down
    assert not legal(g, "tableau-5", "tableau-1", 2)  # no empty pile: one card at a time
    with pytest.raises(IllegalMove) as info:
        g.push(mv(g, "tableau-3", "tableau-1"))
    assert "build down in suit" in str(info.value)


def test_R_FT_6_empty_pile_takes_any_card():
    g = arrange(game(), {"tableau-1": "", "tableau-2": "QC 7D", **{f"tableau-{i}": "KS" for i in range(3, 11)},
                         "waste": "JH"})
    assert legal(g, "tableau-2", "tableau-1")
    assert legal(g, "waste", "tableau-1")


def test_R_FT_7_runs_move_as_far_as_empty_piles_allow():
    full = {f"tableau-{i}": "KS" for i in range(1, 11)}
    run = "KC 9D 8D 7D 6D 5D"
    g = arrange(game(), {**full, "tableau-2": run, "tableau-3": "7D"})
    assert legal(g, "tableau-2", "tableau-3", 1) is False  # 5D on 7D: wrong rank, as a control
    assert not legal(g, "tableau-2", "tableau-3", 2)  # no empty pile: 2^0 = 1 card
    arrange(g, {**full, "tableau-2": run, "tableau-3": "7D", "tableau-4": "", "tableau-6": "8D"})
    assert legal(g, "tableau-2", "tableau-3", 2)  # one empty pile: 2 cards
    assert not legal(g, "tableau-2", "tableau-6", 3)
    arrange(g, {**full, "tableau-2": run, "tableau-4": "", "tableau-5": "", "tableau-6": "9D", "tableau-7": "TD"})
    assert legal(g, "tableau-2", "tableau-6", 4)  # two empty piles: 4 cards
    assert not legal(g, "tableau-2", "tableau-7", 5)
    # the empty target of the move does not count as a free space
    assert legal(g, "tableau-2", "tableau-4", 2) and not legal(g, "tableau-2", "tableau-4", 3)
    g.push(mv(g, "tableau-2", "tableau-6", 4))
    assert codes(g, "tableau-6") == "9D 8D 7D 6D 5D" and codes(g, "tableau-2") == "KC 9D"


def test_R_FT_7_a_broken_sequence_does_not_move_as_a_run():
    g = arrange(game(), {"tableau-1": "", "tableau-2": "", "tableau-3": "9D 8S", "tableau-4": "TS"})
    assert not legal(g, "tableau-3", "tableau-4", 2)


def test_R_FT_8_runs_go_onto_the_foundations_in_one_move():
    g = arrange(game(), {"foundation-1": "AH", "tableau-1": "KC 4H 3H 2H",
                         **{f"tableau-{i}": "QC" for i in range(2, 11)}})
    g.push(mv(g, "tableau-1", "foundation-1", 3))
    assert codes(g, "foundation-1") == "AH 2H 3H 4H"
    assert codes(g, "tableau-1") == "KC"
    g.pop()
    assert codes(g, "tableau-1") == "KC 4H 3H 2H" and codes(g, "foundation-1") == "AH"


def test_R_FT_9_double_click_goes_to_the_foundation_else_to_the_tableau():
    g = arrange(game(), {"foundation-1": "AH", "tableau-1": "2H", "tableau-2": "3H", "tableau-3": "9S",
                         "tableau-4": "8S", **{f"tableau-{i}": "KD" for i in range(5, 11)}})
    move = g.best_move_from(g.index["tableau-1"])
    assert move == mv(g, "tableau-1", "foundation-1")
    move = g.best_move_from(g.index["tableau-4"])
    assert move == mv(g, "tableau-4", "tableau-3")
    assert g.best_move_from(g.index["tableau-5"]) is None


def test_R_FT_9_play_everything_possible_to_the_foundations():
    g = arrange(game(), {"tableau-1": "3H 2S", "tableau-2": "AS 2H", "tableau-3": "AH", "waste": "3S",
                         **{f"tableau-{i}": "KD" for i in range(4, 11)}})
    played = g.autoplay()
    assert len(played) == 6
    assert sorted(codes(g, f"foundation-{i}") for i in (1, 2) if g.stack(f"foundation-{i}")) == \
        ["AH 2H 3H", "AS 2S 3S"]
    for _ in played:
        g.pop()
    assert codes(g, "tableau-3") == "AH" and codes(g, "waste") == "3S"


def test_R_FT_10_score_five_a_card_sixty_a_complete_foundation():
    g = arrange(game(), {"foundation-1": "AH 2H 3H"})
    assert g.score() == 15
    full = " ".join(r + "S" for r in RANKS)
    arrange(g, {"foundation-1": full, "foundation-2": "AH"})
    assert g.score() == 13 * 5 + 60 + 5
    arrange(g, {f"foundation-{i + 1}": " ".join(r + SUITS[i % 4] for r in RANKS) for i in range(8)})
    assert g.score() == 1000 == g.max_score


def test_R_FT_11_won_when_every_card_is_on_the_foundations():
    g = arrange(game(), {f"foundation-{i + 1}": " ".join(r + SUITS[i % 4] for r in RANKS) for i in range(8)})
    assert g.is_won() and not g.is_lost()
    arrange(g, {f"foundation-{i + 1}": " ".join(r + SUITS[i % 4] for r in RANKS) for i in range(7)} |
            {"foundation-8": " ".join(r + "D" for r in RANKS[:-1]), "tableau-1": "KD"})
    assert not g.is_won()
    g.push(mv(g, "tableau-1", "foundation-8"))
    assert g.is_won()


def test_lost_is_derived_no_move_no_deal_no_redeal():
    kings = {f"tableau-{i}": "K" + "SHDC"[i % 4] for i in range(1, 11)}
    g = arrange(game(), {"stock": "", "waste": "9C", **kings})
    assert list(g.legal_moves()) == [] and g.is_lost()
    arrange(g, {"stock": "5C", "waste": "9C", **kings})
    assert not g.is_lost() and list(g.legal_moves()) == [DEAL]


def test_deal_and_redeal_are_values():
    assert Deal() == DEAL and Redeal() == REDEAL and DEAL != REDEAL
