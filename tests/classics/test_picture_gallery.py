"""Mod 3 (reussite_classics.picture_gallery): PySolFC's deal of Picture Gallery (game 7, "Mod-3" among its
names: a row onto each of its rows of Fours, Threes and Twos, then one onto the lower piles), rebuilt over
pysol-cards' shuffle, which does not deal this game; and each rule of the rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move
from reussite_classics.picture_gallery import R_ACES_ONLY, R_WRONG_BASE, Mod3

from reussite.game import DEAL, R_BUILD, R_EMPTY_RANK, R_FULL, R_NO_BUILD, R_NO_DEAL, R_NO_PICKUP, REDEAL
from reussite.messages import Translator

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(**stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return Mod3.from_layout({"options": {}, "stacks": entries})


def english(game, m):
    return Translator.english().render(game.explain(m))


def pysolfc_picture_gallery(number):
    cards = [oracle.code(c) for c in oracle.shuffled(2, number)]
    layout = {}
    for first in (17, 9, 1):  # PySolFC's rows, Fours first; ours have the Twos on top, as KPatience's
        for i in range(8):
            layout[f"foundation-{first + i}"] = [cards.pop()]
    for i in range(8):
        layout[f"tableau-{i + 1}"] = [cards.pop()]
    layout["stock"] = cards
    layout["foundation-25"] = []
    return layout


def test_mod3_deals_like_pysolfc_picture_gallery():
    for number in NUMBERS:
        layout = oracle.layout_of(Mod3(number))
        expected = pysolfc_picture_gallery(number)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 104
    assert len(Mod3(1).stack("stock")) == 72


def test_mod3_is_kpatience_mod3(host):
    assert host.resolve("mod3") == ("mod-3", {})
    assert host.game("mod3") is Mod3


def test_an_empty_pile_of_a_row_takes_only_the_rows_rank():
    game = position(tableau_1="2S", tableau_2="3S", tableau_3="4S", tableau_4="5S", foundation_1="",
                    foundation_9="", foundation_17="")
    assert legal(game, "tableau-1", "foundation-1")
    assert legal(game, "tableau-2", "foundation-9")
    assert legal(game, "tableau-3", "foundation-17")
    assert game.refusal(move(game, "tableau-2", "foundation-1")) is R_EMPTY_RANK
    assert game.refusal(move(game, "tableau-4", "foundation-17")) is R_EMPTY_RANK
    assert english(game, move(game, "tableau-4", "foundation-1")).endswith("it must start with a 2.")


def test_a_pile_of_a_row_builds_up_in_suit_by_threes_to_four_cards():
    game = position(foundation_1="2S", tableau_1="5S", tableau_2="5H", tableau_3="4S", foundation_9="3C 6C 9C QC",
                    tableau_4="KC")
    assert legal(game, "tableau-1", "foundation-1")
    assert game.refusal(move(game, "tableau-2", "foundation-1")) is R_BUILD
    assert not legal(game, "tableau-3", "foundation-1")
    assert english(game, move(game, "tableau-2", "foundation-1")).endswith("build up in suit by threes.")
    game = position(foundation_1="2S 5S 8S JS", tableau_1="AS")
    assert not legal(game, "tableau-1", "foundation-1")


def test_a_pile_of_a_row_on_a_wrong_card_takes_nothing_until_emptied():
    game = position(foundation_1="3H", tableau_1="6H", tableau_2="TD", foundation_2="", foundation_9="")
    assert game.refusal(move(game, "tableau-1", "foundation-1")) is R_WRONG_BASE
    assert english(game, move(game, "tableau-1", "foundation-1")) == \
        "Nothing goes on foundation 1: its bottom card is not a 2."
    assert legal(game, "foundation-1", "foundation-9")  # its top card moves, to the Threes' row
    game.push(move(game, "foundation-1", "foundation-9"))
    assert game.refusal(move(game, "tableau-1", "foundation-1")) is R_EMPTY_RANK


def test_the_aces_go_onto_their_pile_and_stay():
    game = position(tableau_1="AS", tableau_2="AH", tableau_3="2S", foundation_25="AD", foundation_1="")
    assert legal(game, "tableau-1", "foundation-25")
    assert legal(game, "tableau-2", "foundation-25")
    assert game.refusal(move(game, "tableau-3", "foundation-25")) is R_ACES_ONLY
    assert not legal(game, "tableau-1", "foundation-1")  # no Ace in the rows
    assert game.refusal(move(game, "foundation-25", "tableau-4")) is R_NO_PICKUP


def test_nothing_is_built_on_the_reserve_piles_and_a_pile_a_card_leaves_is_refilled_from_the_stock():
    game = position(tableau_1="2S", tableau_2="5S", foundation_1="", stock="9D KC")
    assert game.refusal(move(game, "tableau-1", "tableau-2")) is R_NO_BUILD
    game.push(move(game, "tableau-1", "foundation-1"))
    assert [c.code for c in game.stack("tableau-1")] == ["KC"] and game.is_face_up(game.index["tableau-1"], 0)
    assert [c.code for c in game.stack("stock")] == ["9D"]
    game.pop()
    assert [c.code for c in game.stack("tableau-1")] == ["2S"] and len(game.stack("stock")) == 2


def test_an_empty_reserve_pile_takes_any_card_once_the_stock_is_empty():
    game = position(tableau_1="", tableau_2="9D 5S", foundation_1="2C 5C", foundation_2="3H")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "foundation-1", "tableau-1")  # the top card of a row's pile moves too
    assert game.refusal(move(game, "foundation-2", "tableau-1")) is None


def test_the_stock_deals_a_card_onto_each_reserve_pile_without_redeal():
    game = Mod3(3)
    tops = [c.code for c in game.stack("stock")][-8:][::-1]
    game.push(DEAL)
    assert [game.stack(f"tableau-{i + 1}")[-1].code for i in range(8)] == tops
    for _ in range(8):
        game.push(DEAL)
    assert not game.stack("stock") and game.refusal(DEAL) is R_NO_DEAL and not game.is_legal(REDEAL)


def full():
    stacks = {"foundation_25": "AC AC AS AS AH AH AD AD"}
    for row, ranks in enumerate(("258J", "369Q", "47TK")):
        for i, suit in enumerate("CSHDCSHD"):
            stacks[f"foundation_{8 * row + i + 1}"] = " ".join(r + suit for r in ranks)
    return position(**stacks)


def test_mod3_is_won_with_every_pile_complete_and_scores_the_cards_in_place():
    game = full()
    assert game.is_won() and game.score() == Mod3.max_score == 104
    game = position(foundation_25="AC", foundation_1="2S 5S", foundation_2="6H", foundation_9="3D", tableau_1="KC")
    assert not game.is_won() and game.score() == 1 + 2 + 1  # 6H sits on a Twos' place: it does not count
    assert game.refusal(move(game, "tableau-1", "foundation-2")) is not None
    assert R_FULL is not None
