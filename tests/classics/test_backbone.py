"""Backbone (reussite_classics.backbone): PySolFC's deal of Small Backbone (game 824, Aisleriot's nine cards a
column), rebuilt from its dealing order (Backbone.startGame) over pysol-cards' shuffle, which does not deal
this game; and each rule of the rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move
from reussite_classics.backbone import Backbone

from reussite.game import (
    DEAL,
    R_BUILD,
    R_COVERED,
    R_EMPTY_FROM,
    R_EMPTY_RANK,
    R_FROM_KIND,
    R_NO_PICKUP,
    R_NO_REDEAL,
    R_TOP_ONLY,
    REDEAL,
)
from reussite.messages import Translator

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(redeals_used=0, **stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return Backbone.from_layout({"options": {}, "stacks": entries, "redeals_used": redeals_used})


def pysolfc_small_backbone(number):
    cards = [oracle.code(c) for c in oracle.shuffled(2, number)]
    columns, foot = [[], []], []
    for _ in range(8):
        for column in columns:
            column.append(cards.pop())
    for pile in (*columns, foot):
        pile.append(cards.pop())
    layout = {"reserve-1": columns[0], "reserve-2": columns[1], "reserve-3": foot}
    for i in range(8):
        layout[f"tableau-{i + 1}"] = [cards.pop()]
    layout["waste"] = [cards.pop()]
    layout["stock"] = cards
    return layout


def test_backbone_deals_like_pysolfc_small_backbone():
    for number in NUMBERS:
        game = Backbone(number)
        layout = oracle.layout_of(game)
        expected = pysolfc_small_backbone(number)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 104
    game = Backbone(1)
    assert [len(game.stack(f"reserve-{i}")) for i in (1, 2, 3)] == [9, 9, 1] and len(game.stack("stock")) == 76
    assert all(count == 0 for stack, count in oracle.face_down_of(game).items() if stack != "stock")


def test_backbone_piles_build_down_in_suit_one_card_at_a_time():
    game = position(tableau_1="9H", tableau_2="8H", tableau_3="8D", tableau_4="9C 8C", tableau_5="TC")
    assert legal(game, "tableau-2", "tableau-1")
    assert game.refusal(move(game, "tableau-3", "tableau-1")) is R_BUILD
    assert game.refusal(move(game, "tableau-4", "tableau-5", 2)) is R_TOP_ONLY


def test_the_foot_of_the_backbone_covers_both_columns():
    game = position(reserve_1="2S 7H", reserve_2="3S 7D", reserve_3="KC", tableau_1="8H", tableau_2="8D",
                    foundation_1=" ".join(r + "C" for r in "A23456789TJQ"))
    assert game.refusal(move(game, "reserve-1", "tableau-1")) is R_COVERED
    assert game.refusal(move(game, "reserve-2", "tableau-2")) is R_COVERED
    assert Translator.english().render(game.explain(move(game, "reserve-1", "tableau-1"))) == (
        "The 7 of hearts is covered: only uncovered cards can be played.")
    assert legal(game, "reserve-3", "foundation-1")  # the King onto its Queen
    game.push(move(game, "reserve-3", "foundation-1"))
    assert legal(game, "reserve-1", "tableau-1") and legal(game, "reserve-2", "tableau-2")
    assert game.refusal(move(game, "reserve-1", "tableau-2")) is R_BUILD  # only the bottom card, where it fits


def test_an_empty_backbone_pile_takes_any_card_but_none_from_the_backbone():
    game = position(reserve_1="2S 7H", reserve_2="3S", reserve_3="", tableau_1="", tableau_2="4C 9D", waste="QS",
                    stock="KD")
    assert game.refusal(move(game, "reserve-1", "tableau-1")) is R_EMPTY_FROM
    assert Translator.english().render(game.explain(move(game, "reserve-1", "tableau-1"))) == (
        "Once empty, tableau pile 1 takes no cards from backbone column 1.")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "waste", "tableau-1")


def test_nothing_goes_back_into_the_backbone():
    game = position(reserve_1="2S 7H", reserve_2="", reserve_3="", tableau_1="6H", tableau_2="8H")
    assert game.refusal(move(game, "tableau-1", "reserve-1")) is R_FROM_KIND
    assert game.refusal(move(game, "tableau-1", "reserve-2")) is R_FROM_KIND


def test_backbone_foundations_take_aces_then_the_suit_and_keep_them():
    game = position(foundation_1="AH", tableau_1="2H", tableau_2="2D", tableau_3="AC", tableau_4="3C", tableau_5="3S")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-3", "foundation-2")
    assert game.refusal(move(game, "tableau-4", "foundation-2")) is R_EMPTY_RANK
    game = position(foundation_1="AH 2H", tableau_1="3S")
    assert game.refusal(move(game, "foundation-1", "tableau-1")) is R_NO_PICKUP


def test_backbone_turns_one_card_and_redeals_once():
    game = position(tableau_1="KC", stock="2C 3C 4C", waste="5C")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["5C", "4C"]
    while game.stack("stock"):
        game.push(DEAL)
    game.push(REDEAL)
    assert [c.code for c in game.stack("stock")] == ["2C", "3C", "4C", "5C"] and not game.stack("waste")
    while game.stack("stock"):
        game.push(DEAL)
    assert game.refusal(REDEAL) is R_NO_REDEAL


def test_backbone_is_won_with_104_on_the_foundations_and_scores_a_point_a_card():
    full = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHDCSHD")}
    game = position(**full)
    assert game.is_won() and game.score() == Backbone.max_score == 104
    game = position(foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
