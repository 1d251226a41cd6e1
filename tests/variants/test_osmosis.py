"""Osmosis, clause by clause (R-OS-1 to R-OS-11, see docs/rules.md)."""

from __future__ import annotations

import json

import pysolfc_oracle as oracle
import pytest
from helpers import arrange, codes

from reussite import saves
from reussite.game import DEAL, REDEAL, Move
from reussite_plugins.osmosis import R_OS_ORDER, R_OS_RANK_ABOVE, R_OS_START, R_OS_SUIT, Osmosis


def mv(g, src: str, dst: str, n: int = 1) -> Move:
    return Move(g.index[src], g.index[dst], n)


def legal(g, src: str, dst: str, n: int = 1) -> bool:
    return g.is_legal(mv(g, src, dst, n))


def blank(options=None, face_down=None, **layout: str) -> Osmosis:
    return arrange(Osmosis(1, options), {k.replace("_", "-"): v for k, v in layout.items()}, face_down=face_down)


def test_deals_equal_pysolfc_for_the_first_1000_numbers():
    for number in [*range(1, 1001), 31999, 32000, 32001, 10**6 + 3, 10**15]:
        expected = oracle.osmosis(number)
        assert oracle.layout_of(Osmosis(number), expected) == expected, number


def test_R_OS_1_one_pack():
    g = Osmosis(8)
    every = [c for pile in g.cards for c in pile]
    assert len(every) == 52 and len({c.code for c in every}) == 52


def test_R_OS_2_four_fanned_reserves_three_face_down_one_face_up():
    g = Osmosis(9)
    assert [len(g.cards[i]) for i in g.reserve_ix] == [4] * 4
    assert [g.face_down[i] for i in g.reserve_ix] == [3] * 4
    assert all(g.specs[i].fan == "right" and g.specs[i].x == 0 for i in g.reserve_ix)
    assert min(g.specs[i].x for i in g.foundation_ix) > 0  # foundations on the right


def test_R_OS_2_no_building_on_the_reserves_only_their_top_card_moves():
    g = blank(reserve_1="5H 9C", reserve_2="TC", foundation_1="2C", waste="8C", stock="3D")
    assert not legal(g, "waste", "reserve-2") and not legal(g, "reserve-1", "reserve-2")
    assert legal(g, "reserve-1", "foundation-1")
    assert not legal(g, "reserve-1", "foundation-1", 2)
    g = blank(reserve_1="2C 9C", foundation_1="2H", stock="3D", face_down={"reserve-1": 1})
    assert not legal(g, "reserve-1", "foundation-2", 2)  # the face-down Two stays put


def test_R_OS_3_the_base_card_is_dealt_to_the_first_foundation():
    g = Osmosis(10)
    assert [len(g.cards[i]) for i in g.foundation_ix] == [1, 0, 0, 0]
    assert g.stack("foundation-1")[0] == g.cards[g.foundation_ix[0]][0]
    assert len(g.stack("stock")) == 52 - 16 - 1 and codes(g, "waste") == ""


def test_R_OS_4_one_card_at_a_time_and_two_redeals_keeping_the_order():
    g = blank(foundation_1="KC", stock="2D 3D 4D")
    g.push(DEAL)
    assert codes(g, "waste") == "4D"
    assert not g.is_legal(REDEAL)  # the stock is not empty yet
    g.push(DEAL)
    g.push(DEAL)
    assert codes(g, "waste") == "4D 3D 2D"  # the top waste card is the last one turned
    for _ in range(2):
        g.push(REDEAL)
        assert codes(g, "stock") == "2D 3D 4D"  # turned back over, order kept
        for _ in range(3):
            g.push(DEAL)
    assert not g.is_legal(REDEAL) and REDEAL not in list(g.legal_moves())


def test_R_OS_4_only_the_top_waste_card_is_playable():
    g = blank(foundation_1="KC", waste="2C 9D", stock="")
    assert not legal(g, "waste", "foundation-1")
    g = blank(foundation_1="KC", waste="9D 2C", stock="")
    assert legal(g, "waste", "foundation-1")


def test_R_OS_5_any_card_of_the_base_suit_goes_on_the_first_foundation():
    g = blank(foundation_1="7H", waste="KH", reserve_1="2H", reserve_2="7C", stock="")
    assert legal(g, "waste", "foundation-1") and legal(g, "reserve-1", "foundation-1")
    assert g.refusal(mv(g, "reserve-2", "foundation-1")) is R_OS_SUIT


def test_R_OS_6_another_foundation_starts_with_the_base_rank():
    g = blank(foundation_1="7H", reserve_1="7C", reserve_2="8C", stock="")
    assert legal(g, "reserve-1", "foundation-2")  # dragging onto an empty foundation works (not Aisleriot's bug)
    assert mv(g, "reserve-1", "foundation-2") in list(g.legal_moves())
    assert g.refusal(mv(g, "reserve-2", "foundation-2")) is R_OS_START
    g.push(mv(g, "reserve-1", "foundation-2"))
    assert codes(g, "foundation-2") == "7C"


def test_R_OS_7_a_card_needs_its_rank_on_the_foundation_above():
    g = blank(foundation_1="7H KH 3H", foundation_2="7C", reserve_1="KC", reserve_2="5C", reserve_3="3D",
              reserve_4="KS", stock="")
    assert legal(g, "reserve-1", "foundation-2")  # a King is on the foundation above
    assert g.refusal(mv(g, "reserve-2", "foundation-2")) is R_OS_RANK_ABOVE  # no 5 above yet
    assert g.refusal(mv(g, "reserve-3", "foundation-2")) is R_OS_SUIT  # in suit
    assert g.refusal(mv(g, "reserve-4", "foundation-3")) is R_OS_START


def test_R_OS_7_foundations_are_started_in_order():
    g = blank(foundation_1="7H", reserve_1="7C", reserve_2="7S", stock="")
    assert g.refusal(mv(g, "reserve-2", "foundation-3")) is R_OS_ORDER
    g.push(mv(g, "reserve-1", "foundation-2"))
    assert legal(g, "reserve-2", "foundation-3")
    assert "above" in str(g.explain(mv(g, "reserve-2", "foundation-4")))


def test_R_OS_7_refusals_are_explained():
    g = blank(foundation_1="7H", foundation_2="7C", reserve_1="5C", reserve_2="9D", stock="")
    text = str(g.explain(mv(g, "reserve-1", "foundation-2")))
    assert "5 of clubs" in text and "5" in text
    assert "hearts" in str(g.explain(mv(g, "reserve-2", "foundation-1")))


def test_R_OS_8_an_exposed_reserve_card_is_turned_face_up():
    g = blank(foundation_1="7H", reserve_1="9S 2C KH", stock="", face_down={"reserve-1": 2})
    r1 = g.index["reserve-1"]
    before = g.snapshot()
    g.push(mv(g, "reserve-1", "foundation-1"))
    assert g.face_down[r1] == 1 and g.is_face_up(r1, 1)
    g.pop()
    assert g.snapshot() == before


def test_R_OS_9_three_card_deals_with_unlimited_redeals():
    g = blank({"deal": "3"}, foundation_1="KC", stock="2D 3D 4D 5D")
    g.push(DEAL)
    assert codes(g, "waste") == "5D 4D 3D" and codes(g, "stock") == "2D"
    g.push(DEAL)
    for _ in range(5):
        assert g.is_legal(REDEAL)
        g.push(REDEAL)
        g.push(DEAL)
        g.push(DEAL)
    assert g.redeals_left is None


def test_R_OS_9_the_option_is_kept_in_saves(host):
    g = Osmosis(77, {"deal": "3"})
    g.push(DEAL)
    data = json.loads(json.dumps(saves.to_json(g)))
    assert data["options"] == {"deal": "3"}
    again = saves.from_json(data, host)
    assert again.snapshot() == g.snapshot() and again.deal_count == 3 and again.redeals is None


def test_R_OS_9_the_option_on_the_command_line(run_cli):
    result = run_cli("deal", "osmosis", "--number", "5", "--option", "deal=3", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["options"] == {"deal": "3"}
    listing = run_cli("games", "--json")
    (row,) = [r for r in json.loads(listing.out) if r["id"] == "osmosis"]
    assert row["options"]["deal"]["choices"] == ["1", "3"] and row["options"]["deal"]["default"] == "1"
    bad = run_cli("deal", "osmosis", "--option", "deal=2")
    assert bad.code != 0 and "deal" in bad.err and "Traceback" not in bad.err


def test_R_OS_9_default_is_one_card_with_two_redeals():
    g = Osmosis(1)
    assert g.option_values == {"deal": "1"} and g.deal_count == 1 and g.redeals == 2


def test_R_OS_10_one_point_a_card_on_the_foundations():
    g = blank(foundation_1="7H KH 3H", foundation_2="7C", stock="")
    assert g.score() == 4
    assert Osmosis.max_score == 52


@pytest.mark.parametrize("done", [True, False])
def test_R_OS_11_won_when_every_card_is_on_the_foundations(done):
    ranks = "7A23456890TJQK".replace("0", "")  # base 7 first
    layout = {f"foundation_{i + 1}": " ".join(r + s for r in ranks) for i, s in enumerate("HCSD")}
    if not done:
        layout["foundation_4"] = layout["foundation_4"].rsplit(" ", 1)[0]
        layout["waste"] = "KD"
    g = blank(**layout, stock="")
    assert g.total_cards == 52 and g.is_won() is done
    if not done:
        g.push(mv(g, "waste", "foundation-4"))
        assert g.is_won()


def test_R_OS_7_foundations_describe_their_own_rule():
    g = Osmosis(1)
    first, second = (str(g.specs[i].describe()) for i in g.foundation_ix[:2])
    assert "base card's suit" in first
    assert "foundation above" in second and "any card" not in second


def test_foundations_are_consecutive_stacks(host):
    """Osmosis.takes finds a foundation's place, and the one above it, by stack index."""
    game = host.game("osmosis")(1)
    first = game.foundation_ix[0]
    assert game.foundation_ix == tuple(range(first, first + 4))


def test_a_click_on_the_stock_deals_then_redeals_while_redeals_are_left():
    g = Osmosis(1)  # one card at a time, two redeals (R-OS-4)
    assert g.stock_move() is DEAL and g.parse_move("deal") is DEAL
    while g.can_deal():
        g.push(g.stock_move())
    for _ in range(2):
        assert g.stock_move() is REDEAL and g.parse_move("d") is REDEAL
        g.push(g.stock_move())
        while g.can_deal():
            g.push(DEAL)
    assert g.stock_move() is DEAL and g.explain(DEAL) is not None  # nothing left: the deal is refused, with why
