"""The Pyramid family (reussite_classics.pyramid): the deals against PySolFC's dealing order rebuilt over
pysol-cards' shuffle, and each rule of each page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import card_codes as codes
from classics_support import position
from reussite_classics.pyramid import Helsinki, Thirteen, Treize, Yield

from reussite.game import DEAL, REDEAL, IllegalMove, Move, Pair

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)



def play(game, text):
    game.push(game.parse_move(text))


def said(game, text):
    message = game.explain(game.parse_move(text))
    return None if message is None else message.render_english()


def listed(game):
    return [game.notation(m) for m in game.legal_moves()]


# -- Thirteen --------------------------------------------------------------------------------------------

def thirteen_deal(number: int) -> dict:
    """PySolFC's Pyramid Thirteen (game 44, Thirteen.startGame): 21 face-down cards row by row from the apex,
    the face-up bottom row, then the talon's top card onto the waste."""
    cards = codes(oracle.shuffled(1, number))
    layout = {f"tableau-{k}": [cards.pop()] for k in range(1, 29)}
    layout["waste"] = [cards.pop()]
    layout["stock"] = cards
    down = {f"tableau-{k}": 1 if k <= 21 else 0 for k in range(1, 29)}
    return {"cards": layout, "face_down": down}


def test_thirteen_deals_like_pysolfc():
    for number in NUMBERS:
        game = Thirteen(number)
        expected = thirteen_deal(number)
        layout, down = oracle.layout_of(game), oracle.face_down_of(game)
        for stack, cards in expected["cards"].items():
            assert layout[stack] == cards, (number, stack)
        for stack, count in expected["face_down"].items():
            assert down[stack] == count, (number, stack)
        assert layout["foundation-1"] == [] and len(layout["stock"]) == 23


def bottom(cards: str, **stacks):
    """Thirteen with the bottom row ``cards`` (t22 to t28), the six rows above empty unless given."""
    row = dict(zip([f"tableau_{k}" for k in range(22, 29)], cards.split(), strict=True))
    return position(Thirteen, **row, **stacks)


def test_thirteen_removes_two_free_cards_making_thirteen():
    game = bottom("AS QH 2C JD 3C TD 4S")
    assert listed(game) == ["t22+t23", "t24+t25", "t26+t27"]
    play(game, "t22+t23")
    assert oracle.layout_of(game)["foundation-1"] == ["AS", "QH"] and game.score() == 2
    assert said(game, "t24+t27") == "The 2 of clubs and the 10 of diamonds make 12, not 13."
    with pytest.raises(IllegalMove, match="make 12, not 13"):
        play(game, "t24+t27")


@pytest.mark.parametrize("first, second", [("AS", "QH"), ("2C", "JD"), ("3C", "TD"), ("4S", "9H"),
                                           ("5D", "8C"), ("6H", "7S")])
def test_thirteen_pairs_every_total_of_thirteen(first, second):
    game = bottom(f"{first} {second} KC 3D 3H 3S AC")
    assert said(game, "t22+t23") is None
    assert said(game, "t22 t23") is None  # one card dropped on the other


def test_thirteen_removes_a_free_king_alone_and_nothing_else_alone():
    game = bottom("KS 5H 9C 2D 7C 7D 7H")
    assert "t22-f1" in listed(game)
    assert said(game, "t23-f1") == ("The 5 of hearts cannot be removed on its own: it must be paired with "
                                    "another card.")
    play(game, "t22-f1")
    assert game.stack("tableau-22") == [] and game.score() == 1


def test_thirteen_covered_cards_are_not_free_and_turn_up_when_uncovered():
    game = bottom("6S 7D 2C 3C 4C 5C 5D", tableau_16="8H", face_down={"tableau_16": 1})
    assert said(game, "t16+t26") == "A face-down card cannot be moved."
    play(game, "t22+t23")  # 6 and 7: the two cards over t16
    assert game.face_down[game.index["tableau-16"]] == 0
    assert said(game, "t16+t26") == "The 8 of hearts and the 4 of clubs make 12, not 13."
    assert said(game, "t16+t27") is None  # 8 and 5
    game.pop()
    assert game.face_down[game.index["tableau-16"]] == 1


def test_thirteen_a_face_up_card_still_covered_is_not_free():
    game = bottom("6S 7D 2C 3C 4C 5C 5D", tableau_17="8H")
    assert said(game, "t17+t27") == "The 8 of hearts is covered: only uncovered cards can be played."


def test_thirteen_waste_top_pairs_with_the_pyramid_or_the_card_under_it():
    game = bottom("9S 2D 2H 2S 3D 3H 3S", waste="QC AD 4C", stock="5C")
    assert listed(game) == ["w+t22", "deal"]
    game = bottom("9S 2D 2H 2S 3D 3H 3S", waste="4C QC AD", stock="5C")
    assert listed(game) == ["w+w", "deal"]
    play(game, "w+w")
    assert oracle.layout_of(game)["waste"] == ["4C"] and game.score() == 2
    # Only the top card of the waste is free.
    game = bottom("JS 2D 2H 2S 3D 3H 3S", waste="2C 6H", stock="5C")
    assert said(game, "w+t22") == "The 6 of hearts and the Jack of spades make 17, not 13."


def test_thirteen_stock_turns_one_card_onto_the_waste_once():
    game = bottom("9S 2D 2H 2S 3D 3H 3S", waste="QC", stock="5C 4C")
    play(game, "d")
    assert oracle.layout_of(game)["waste"] == ["QC", "4C"]
    play(game, "d")
    assert game.stack("stock") == [] and game.refusal(REDEAL) is not None
    assert DEAL not in set(game.legal_moves()) and REDEAL not in set(game.legal_moves())


def test_thirteen_is_won_when_every_card_is_removed():
    game = position(Thirteen, tableau_28="KS", tableau_27="QS", tableau_26="AS")
    game.push(Move(game.index["tableau-28"], game.index["foundation-1"]))
    assert not game.is_won()
    game.push(Pair(game.index["tableau-26"], game.index["foundation-1"], 1, game.index["tableau-27"]))
    assert game.is_won() and game.outcome() is not None


def test_thirteen_score_is_a_point_a_card_removed_up_to_52():
    game = Thirteen(1)
    assert Thirteen.max_score == 52 and game.score() == 0
    assert game.total_cards == 52


def test_thirteen_is_lost_when_nothing_pairs_and_the_stock_is_out():
    game = bottom("9S 2D 2H 2S 3D 3H 3S", waste="QC", stock="")
    assert game.is_lost()


def test_the_page_plays_a_pair_as_one_card_dropped_on_the_other(tmp_path):
    from starlette.testclient import TestClient

    from reussite.host import Host
    from reussite.web.server import create_app

    with TestClient(create_app(Host.load(), tmp_path)) as client:
        version = client.get("/api/state").json()["version"]
        number = next(n for n in range(1, 100) if any(isinstance(m, Pair) for m in Thirteen(n).legal_moves()))
        state = client.post("/api/new", json={"version": version, "game": "thirteen", "number": number}).json()
        pair = next(m for m in state["legal"] if m.get("pair"))
        # Listed from both cards: either one, held, shows the other as its target.
        assert {**pair, "src": pair["dst"], "dst": pair["src"]} in state["legal"]
        response = client.post("/api/move", json={"version": state["version"], "src": pair["dst"],
                                                  "dst": pair["src"], "n": 1})
        assert response.status_code == 200, response.text
        after = response.json()
        assert after["score"] == 2 and after["moves"] == 1
        stacks = {s["id"]: s["cards"] for s in after["stacks"]}
        assert stacks[pair["src"]] == [] and stacks[pair["dst"]] == [] and len(stacks["foundation-1"]) == 2
        refused = client.post("/api/move", json={"version": after["version"], "src": "tableau-1",
                                                 "dst": "tableau-2", "n": 1})
        assert refused.status_code == 422 and refused.json()["error"]


# -- Helsinki ---------------------------------------------------------------------------------------------

def helsinki_deal(number: int) -> dict:
    """PySolFC's Thirteens (game 593, Thirteens.startGame): one face-up card on each of the ten places; the
    rest is the talon."""
    cards = codes(oracle.shuffled(1, number))
    layout = {f"tableau-{k}": [cards.pop()] for k in range(1, 11)}
    layout["stock"] = cards
    return {"cards": layout}


def test_helsinki_deals_like_pysolfc():
    for number in NUMBERS:
        layout = oracle.layout_of(Helsinki(number))
        for stack, cards in helsinki_deal(number)["cards"].items():
            assert layout[stack] == cards, (number, stack)


def test_helsinki_pairs_make_thirteen_anywhere_and_the_stock_refills_the_places():
    game = position(Helsinki, tableau_1="4S", tableau_10="9D", tableau_5="5C", stock="AC 2C 3C")
    assert listed(game) == ["t1+t10"]
    assert said(game, "t1+t5") == "The 4 of spades and the 5 of clubs make 9, not 13."
    play(game, "t10 t1")
    layout = oracle.layout_of(game)
    assert layout["tableau-10"] == ["3C"] and layout["tableau-1"] == ["2C"] and game.score() == 2
    assert DEAL not in set(game.legal_moves())


def test_helsinki_removes_kings_alone_and_refills_their_place():
    game = position(Helsinki, tableau_3="KD", tableau_4="5C", stock="2C")
    assert listed(game) == ["t3-f1"]
    assert game.best_move_from(game.index["tableau-3"]) == Move(game.index["tableau-3"], game.index["foundation-1"])
    play(game, "t3-f1")
    assert oracle.layout_of(game)["tableau-3"] == ["2C"] and game.score() == 1
    assert said(game, "t4-f1").startswith("The 5 of clubs cannot be removed on its own")


def test_helsinki_is_won_when_every_card_is_out_and_lost_when_stuck():
    game = position(Helsinki, tableau_3="KD")
    play(game, "t3-f1")
    assert game.is_won() and Helsinki.max_score == 52
    assert position(Helsinki, tableau_3="QD", tableau_4="QC").is_lost()


# -- Treize and Yield -------------------------------------------------------------------------------------

def test_treize_deals_the_pyramid_face_up_row_by_row_and_the_rest_to_the_stock():
    """No PySolFC game: the natural order (the pyramid row by row from the apex, from the end of the pack)."""
    for number in NUMBERS:
        cards = codes(oracle.shuffled(1, number))
        game = Treize(number)
        layout = oracle.layout_of(game)
        assert [layout[f"tableau-{k}"] for k in range(1, 29)] == [[cards.pop()] for _ in range(28)]
        assert layout["stock"] == cards and layout["reserve-1"] == [] == layout["waste"]
        assert not any(game.face_down[i] for i in game.tableau_ix)


def test_yield_deals_like_pysolfc_triangle():
    """PySolFC's Triangle (game 700, Pyramid.startGame): the 28 cards row by row from the widest row, face up,
    then the talon's first card (onto our single place, the bottom card)."""
    for number in NUMBERS:
        cards = codes(oracle.shuffled(1, number))
        layout = oracle.layout_of(Yield(number))
        assert [layout[f"tableau-{k}"] for k in range(1, 29)] == [[cards.pop()] for _ in range(28)]
        assert layout["reserve-1"] == [cards.pop()] and layout["stock"] == cards


def test_yield_pyramid_is_upside_down():
    assert Yield.covered_by["tableau-1"] == ("tableau-8",)
    assert Yield.covered_by["tableau-2"] == ("tableau-8", "tableau-9")
    assert Yield.covered_by["tableau-7"] == ("tableau-13",)
    assert Yield.covered_by["tableau-26"] == ("tableau-28",) == Yield.covered_by["tableau-27"]
    assert "tableau-28" not in Yield.covered_by


def test_treize_stock_fills_the_bottom_place_first_then_the_waste_once():
    game = position(Treize, stock="5C 4C 3C")
    play(game, "d")
    assert oracle.layout_of(game)["reserve-1"] == ["3C"]
    play(game, "d")
    play(game, "d")
    assert oracle.layout_of(game)["waste"] == ["4C", "5C"] and game.stack("stock") == []
    assert REDEAL not in set(game.legal_moves())


@pytest.mark.parametrize("cls", [Treize, Yield])
def test_the_bottom_card_and_the_waste_top_pair_and_the_oldest_waste_card_takes_the_bottom_place(cls):
    game = position(cls, reserve_1="4D", waste="2C 7H 9S", stock="KC")
    assert listed(game) == ["r1+w", "deal"]
    before = game.snapshot()
    play(game, "r1+w")
    layout = oracle.layout_of(game)
    assert layout["reserve-1"] == ["2C"] and layout["waste"] == ["7H"] and game.score() == 2
    game.pop()
    assert game.snapshot() == before


@pytest.mark.parametrize("cls", [Treize, Yield])
def test_the_waste_top_pairs_with_the_card_under_it_and_a_bottom_king_goes_alone(cls):
    game = position(cls, reserve_1="KD", waste="5C 4H 9S", stock="2C")
    assert listed(game) == ["r1-f1", "w+w", "deal"]
    play(game, "r1-f1")
    assert oracle.layout_of(game)["reserve-1"] == ["5C"]
    play(game, "w+w")
    assert game.stack("waste") == [] and game.score() == 3


def test_treize_a_card_pairs_with_the_one_card_still_covering_it():
    # t16 (6S) is covered by t22 (7D) and t23 (gone).
    game = position(Treize, tableau_16="6S", tableau_22="7D", tableau_17="6H", tableau_24="5C", tableau_23="",
                    stock="2C")
    assert "t16+t22" in listed(game)
    assert said(game, "t17+t22") == "The 6 of hearts is covered: only uncovered cards can be played."
    play(game, "t22 t16")
    assert game.stack("tableau-16") == [] == game.stack("tableau-22")


def test_yield_the_point_is_free_and_covers_the_row_above():
    game = position(Yield, tableau_28="6D", tableau_27="7S", tableau_26="QC", reserve_1="AH", stock="2C")
    assert listed(game) == ["t27+t28", "deal"]
    assert said(game, "t27+t28") is None  # covered only by its partner
    assert said(game, "t26+r1") == "The Queen of clubs is covered: only uncovered cards can be played."
    play(game, "t27+t28")
    assert said(game, "t26+r1") is None


@pytest.mark.parametrize("cls", [Treize, Yield])
def test_won_when_every_card_is_removed_and_lost_when_stuck(cls):
    game = position(cls, reserve_1="AH", waste="QS")
    play(game, "r1+w")
    assert game.is_won() and cls.max_score == 52
    assert position(cls, reserve_1="AH", waste="JS").is_lost()
