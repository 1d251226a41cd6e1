"""Forty and Eight (reussite_classics.forty_and_eight): PySolFC's deal, rebuilt from its dealing order
(FortyThieves.startGame with eight piles: four face-up rows, then one card onto the waste) over pysol-cards'
shuffle, which pysol-cards does not deal itself; and each rule of the rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move
from reussite_classics.forty_and_eight import FortyAndEight

from reussite.game import DEAL, R_BUILD, R_EMPTY_RANK, R_NO_PICKUP, R_NO_REDEAL, R_TOO_MANY, REDEAL
from reussite.messages import Translator

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(cls, face_down=None, redeals_used=0, **stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return cls.from_layout({"options": {}, "stacks": entries, "redeals_used": redeals_used})


def pysolfc_forty_and_eight(number):
    cards = [oracle.code(c) for c in oracle.shuffled(2, number)]
    piles = [[] for _ in range(8)]
    for _ in range(4):
        for pile in piles:
            pile.append(cards.pop())
    layout = {f"tableau-{i + 1}": pile for i, pile in enumerate(piles)}
    layout["waste"] = [cards.pop()]
    layout["stock"] = cards
    return layout


def test_forty_and_eight_deals_like_pysolfc():
    for number in NUMBERS:
        game = FortyAndEight(number)
        layout = oracle.layout_of(game)
        expected = pysolfc_forty_and_eight(number)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 104
        assert all(count == 0 for stack, count in oracle.face_down_of(game).items() if stack != "stock")
    assert len(FortyAndEight(1).stack("stock")) == 71


def test_forty_and_eight_is_kpatience_fortyeight(host):
    assert host.resolve("fortyeight") == ("forty-and-eight", {})
    assert host.game("fortyeight") is FortyAndEight


def test_forty_and_eight_builds_down_in_suit():
    game = position(FortyAndEight, tableau_1="9C", tableau_2="8C", tableau_3="8S", tableau_4="7C")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")
    assert not legal(game, "tableau-4", "tableau-1")
    refused = move(game, "tableau-3", "tableau-1")
    assert game.refusal(refused) is R_BUILD
    assert Translator.english().render(game.explain(refused)).endswith("build down in suit.")


def test_a_forty_and_eight_run_moves_as_far_as_the_empty_piles_allow():
    stacks = {"tableau_1": "AD 9H 8H 7H 6H 5H", "tableau_2": "TH", "tableau_3": "2D", "tableau_4": "3D",
              "tableau_5": "4D", "tableau_6": "5D", "tableau_7": "6D", "tableau_8": "7D"}
    game = position(FortyAndEight, **{**stacks, "tableau_2": "6S"})
    assert not legal(game, "tableau-1", "tableau-2", 1)  # in suit only
    for empty, most in ((0, 1), (1, 2), (2, 4), (3, 8)):
        piles = {**stacks, "tableau_2": "TH"}
        for i in range(3, 3 + empty):
            piles[f"tableau_{i}"] = ""
        game = position(FortyAndEight, **piles)
        for n in range(1, 6):
            ok = legal(game, "tableau-1", "tableau-2", n)
            assert ok == (n == 5 and n <= most), (empty, n)
        for n in range(2, 6):
            m = move(game, "tableau-1", "tableau-2", n)
            assert game.max_movable(m.src, m.dst) == min(most, 5)
    game = position(FortyAndEight, **{**stacks, "tableau_3": ""})
    assert legal(game, "tableau-1", "tableau-3", 1)  # an empty pile takes any card
    assert not legal(game, "tableau-1", "tableau-3", 2)  # the target pile does not count: one card only
    assert game.refusal(move(game, "tableau-1", "tableau-3", 2)) is R_TOO_MANY


def test_forty_and_eight_foundations_take_aces_then_the_suit_and_keep_them():
    game = position(FortyAndEight, foundation_1="AH", tableau_1="2H", tableau_2="2D", tableau_3="AC", tableau_4="3C",
                    tableau_5="3H", waste="2C", stock="KD")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-3", "foundation-2")
    assert game.refusal(move(game, "tableau-4", "foundation-2")) is R_EMPTY_RANK
    game = position(FortyAndEight, foundation_1="AH 2H", tableau_1="3S", tableau_2="")
    assert game.refusal(move(game, "foundation-1", "tableau-1")) is R_NO_PICKUP
    assert not legal(game, "foundation-1", "tableau-2")


def test_the_waste_top_card_plays_onto_a_pile_or_a_foundation():
    game = position(FortyAndEight, foundation_1="AS", tableau_1="3S", waste="9C 2S", stock="KD")
    assert legal(game, "waste", "foundation-1")
    assert legal(game, "waste", "tableau-1")
    assert not legal(game, "tableau-1", "waste")


def test_forty_and_eight_turns_one_card_and_redeals_once():
    game = position(FortyAndEight, tableau_1="KC", stock="2C 3C 4C", waste="5C")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["5C", "4C"]
    while game.stack("stock"):
        game.push(DEAL)
    assert game.refusal(DEAL) is not None
    game.push(REDEAL)
    assert [c.code for c in game.stack("stock")] == ["2C", "3C", "4C", "5C"] and not game.stack("waste")
    while game.stack("stock"):
        game.push(DEAL)
    assert game.refusal(REDEAL) is R_NO_REDEAL


def test_forty_and_eight_is_won_with_104_on_the_foundations_and_scores_a_point_a_card():
    full = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHDCSHD")}
    game = position(FortyAndEight, **full)
    assert game.is_won() and game.score() == FortyAndEight.max_score == 104
    game = position(FortyAndEight, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
