"""Terrace (reussite_classics.terrace): PySolFC's deal (game 135, Terrace.startGame: eleven cards onto the
reserve, then one onto each of the first four piles; the piles left empty and the waste get theirs when the
base card is chosen, Terrace_RowStack.moveMove) rebuilt over pysol-cards' shuffle, which does not deal this
game; and each rule of the rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move
from reussite_classics.terrace import R_CHOOSE_BASE, R_FOUNDATION, R_ON_BASE, Terrace

from reussite.game import DEAL, R_BUILD, R_FROM_KIND, R_NO_DEAL, R_NO_PICKUP, R_NO_REDEAL, R_TOP_ONLY, REDEAL, Move
from reussite.messages import Translator

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


#: Piles 2 to 9 full of cards that play no part (no empty pile to fill from the waste).
FILLERS = {f"tableau_{i}": c for i, c in zip(range(2, 10), "2H 2H 3D 3D 7S 7S TC TC".split(), strict=True)}


def position(**stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return Terrace.from_layout({"options": {}, "stacks": entries})


def english(game, m):
    return Translator.english().render(game.explain(m))


def pysolfc_terrace(number):
    cards = [oracle.code(c) for c in oracle.shuffled(2, number)]
    layout = {"reserve-1": [cards.pop() for _ in range(11)]}
    for i in range(9):
        layout[f"tableau-{i + 1}"] = [cards.pop()] if i < 4 else []
    layout["stock"] = cards
    return layout


def test_terrace_deals_like_pysolfc():
    for number in NUMBERS:
        layout = oracle.layout_of(Terrace(number))
        expected = pysolfc_terrace(number)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 104


def test_choosing_the_base_deals_the_empty_piles_and_the_waste_as_pysolfc():
    for number in NUMBERS[:10]:
        game = Terrace(number)
        expected = pysolfc_terrace(number)
        stock = expected["stock"]
        game.push(move(game, "tableau-2", "foundation-3"))
        layout = oracle.layout_of(game)
        assert layout["foundation-3"] == expected["tableau-2"]
        # PySolFC deals a row onto the free piles (2, 5, 6, ..., 9), then a card onto the waste.
        assert [layout[f"tableau-{i}"] for i in (2, 5, 6, 7, 8, 9)] == [[stock[-i]] for i in range(1, 7)]
        assert [layout[f"tableau-{i}"] for i in (1, 3, 4)] == [expected[f"tableau-{i}"] for i in (1, 3, 4)]
        assert layout["waste"] == [stock[-7]] and layout["stock"] == stock[:-7]
        game.pop()
        assert oracle.layout_of(game) == oracle.layout_of(Terrace(number))


def test_before_the_base_is_chosen_only_a_pile_card_onto_a_foundation_is_allowed():
    game = Terrace(7)
    assert game.refusal(DEAL) is R_CHOOSE_BASE
    assert game.refusal(move(game, "reserve-1", "foundation-1")) is R_CHOOSE_BASE
    assert game.refusal(move(game, "tableau-1", "tableau-5")) is R_CHOOSE_BASE
    listed = [m for m in game.legal_moves() if isinstance(m, Move)]
    assert listed and all(game.specs[m.src].kind == "tableau" and game.specs[m.dst].kind == "foundation"
                          for m in listed)
    assert len({m.src for m in listed}) == 4 and len({m.dst for m in listed}) == 8


def test_foundations_start_with_the_base_rank_and_go_up_in_alternating_colours_round_the_corner():
    game = position(foundation_1="5S", tableau_1="5H", tableau_2="6H", tableau_3="6C", tableau_4="4D", waste="KC",
                    stock="2C")
    assert legal(game, "tableau-1", "foundation-2")  # another base card starts another foundation
    assert legal(game, "tableau-2", "foundation-1")  # red 6 on the black 5
    assert game.refusal(move(game, "tableau-3", "foundation-1")) is R_FOUNDATION
    assert game.refusal(move(game, "tableau-4", "foundation-2")) is R_FOUNDATION
    assert english(game, move(game, "tableau-4", "foundation-2")).startswith(
        "The 4 of diamonds cannot go on foundation 2: a foundation starts with a 5")
    game = position(foundation_1="5S 6H 7C 8D 9C TD JC QD KC", tableau_1="AH", tableau_2="AC", waste="9S",
                    stock="2C")
    assert legal(game, "tableau-1", "foundation-1")  # the Ace after the King
    assert not legal(game, "tableau-2", "foundation-1")
    full = "5S 6H 7C 8D 9C TD JC QD KC AH 2S 3H 4C"
    game = position(foundation_1=full, tableau_1="5D", waste="9S", stock="2C")
    assert not legal(game, "tableau-1", "foundation-1")  # complete at the rank below the base
    assert game.refusal(move(game, "foundation-1", "tableau-2")) is R_NO_PICKUP


def test_piles_build_down_in_alternating_colours_round_the_corner_but_nothing_on_the_base_rank():
    game = position(foundation_1="5S", tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="AH",
                    tableau_5="KS", tableau_6="5D", tableau_7="4C", tableau_8="3C 2D", waste="QH", stock="2C")
    assert legal(game, "tableau-2", "tableau-1")
    assert game.refusal(move(game, "tableau-3", "tableau-1")) is R_BUILD
    assert legal(game, "tableau-5", "tableau-4")  # the King on the Ace
    assert game.refusal(move(game, "tableau-7", "tableau-6")) is R_ON_BASE
    assert english(game, move(game, "tableau-7", "tableau-6")).endswith("its rank is the base rank.")
    assert game.refusal(move(game, "tableau-8", "tableau-2", 2)) is R_TOP_ONLY


def test_the_reserve_plays_only_to_the_foundations():
    game = position(foundation_1="5S", reserve_1="9D 6H", tableau_1="7C", waste="QH", stock="2C")
    assert legal(game, "reserve-1", "foundation-1")
    assert game.refusal(move(game, "reserve-1", "tableau-1")) is R_FROM_KIND
    assert game.refusal(move(game, "tableau-1", "reserve-1")) is R_FROM_KIND


def test_an_empty_pile_takes_the_waste_card_at_once_and_the_waste_the_stock_card():
    game = position(foundation_1="5S", tableau_1="6H", **FILLERS, waste="JD QH", stock="2C 3C")
    game.push(move(game, "tableau-1", "foundation-1"))
    assert [c.code for c in game.stack("tableau-1")] == ["QH"] and [c.code for c in game.stack("waste")] == ["JD"]
    game = position(foundation_1="5S", tableau_1="6H", **FILLERS, waste="JD", stock="2C 3C")
    game.push(move(game, "tableau-1", "foundation-1"))
    assert [c.code for c in game.stack("tableau-1")] == ["JD"] and [c.code for c in game.stack("waste")] == ["3C"]
    assert [c.code for c in game.stack("stock")] == ["2C"]


def test_once_stock_and_waste_are_out_an_empty_pile_takes_any_card_but_from_the_reserve():
    game = position(foundation_1="5S", tableau_1="", tableau_2="9C 8D", reserve_1="KD")
    assert legal(game, "tableau-2", "tableau-1")
    assert game.refusal(move(game, "reserve-1", "tableau-1")) is R_FROM_KIND


def test_the_stock_turns_one_card_and_never_redeals():
    game = position(foundation_1="5S", tableau_1="KC", **FILLERS, waste="9H", stock="2C 3C")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["9H", "3C"]
    game.push(DEAL)
    assert game.refusal(DEAL) is R_NO_DEAL and game.refusal(REDEAL) is R_NO_REDEAL


def test_terrace_is_won_with_104_on_the_foundations_and_scores_a_point_a_card():
    stacks = {}
    for i in range(8):  # base 5: 5 6 ... K A 2 3 4 in alternating colours, four starting black, four red
        black, red = "SC"[i % 2], "HD"[i // 2 % 2]
        first, second = (black, red) if i < 4 else (red, black)
        stacks[f"foundation_{i + 1}"] = " ".join(r + (first if j % 2 == 0 else second)
                                                 for j, r in enumerate("56789TJQKA234"))
    game = position(**stacks)
    assert game.is_won() and game.score() == Terrace.max_score == 104
    game = position(foundation_1="5S 6H", tableau_1="7C")
    assert not game.is_won() and game.score() == 2
