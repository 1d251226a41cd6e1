"""Eliminator (reussite_classics.takeaway): the deal against PySolFC's dealing order rebuilt over pysol-cards'
shuffle, and each rule of its page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.takeaway import Eliminator

from reussite.game import Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(options=None, **stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return Eliminator.from_layout({"options": options or {}, "stacks": entries})


def move(game, src, dst):
    return Move(game.index[src], game.index[dst])


def said(game, src, dst):
    message = game.explain(move(game, src, dst))
    return None if message is None else message.render_english()


def legal(game, src, dst):
    m = move(game, src, dst)
    assert game.is_legal(m) == (m in set(game.legal_moves()))
    return game.is_legal(m)


def test_eliminator_deals_like_pysolfc():
    """PySolFC game 334 (TakeAway.startGame): thirteen rows onto the four piles, all face up."""
    for number in NUMBERS:
        cards = [oracle.RANKS[c.rank - 1] + oracle.SUITS[c.suit] for c in oracle.shuffled(1, number)]
        piles = [[] for _ in range(4)]
        for _ in range(13):
            for pile in piles:
                pile.append(cards.pop())
        layout = oracle.layout_of(Eliminator(number))
        assert [layout[f"tableau-{k}"] for k in range(1, 5)] == piles, number
        assert all(d == 0 for d in oracle.face_down_of(Eliminator(number)).values())


def test_any_card_starts_a_foundation_then_one_rank_up_or_down_round_the_corner():
    game = position(tableau_1="5S 9D", tableau_2="8C", tableau_3="KH", tableau_4="AS", foundation_1="8H",
                    foundation_2="KD")
    assert legal(game, "tableau-1", "foundation-3")  # any card on an empty foundation
    assert legal(game, "tableau-1", "foundation-1")  # 9 on 8
    assert not legal(game, "tableau-2", "foundation-1")  # 8 on 8
    assert said(game, "tableau-2", "foundation-1") == ("The 8 of clubs cannot go on the 8 of hearts: build up or "
                                                      "down regardless of suit, the King and the Ace next to "
                                                      "each other.")
    assert legal(game, "tableau-4", "foundation-2")  # Ace on King
    assert not legal(game, "tableau-3", "foundation-2")


def test_only_the_top_card_plays_and_nothing_goes_on_a_pile_or_leaves_a_foundation():
    game = position(tableau_1="5S 9D", tableau_2="8C", foundation_1="8H")
    assert not game.is_legal(Move(game.index["tableau-1"], game.index["foundation-1"], 2))
    assert not legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "foundation-1", "tableau-2")


@pytest.mark.parametrize("count", ["6", "5", "4"])
def test_the_option_puts_six_five_or_four_foundations_in_play(count):
    game = position({"foundations": count}, tableau_1="9D")
    playable = [f"foundation-{k}" for k in range(1, 7) if legal(game, "tableau-1", f"foundation-{k}")]
    assert playable == [f"foundation-{k}" for k in range(1, int(count) + 1)]
    if count != "6":
        assert said(game, "tableau-1", "foundation-6") == ("This game is played with fewer foundations: "
                                                           "foundation 6 is not in play.")


def test_won_with_every_card_on_the_foundations_and_the_score_counts_cards_on_cards():
    game = position(tableau_1="9D", foundation_1="8H 7C 8S", foundation_2="KS")
    assert game.score() == 2
    game.push(move(game, "tableau-1", "foundation-1"))
    assert game.is_won() and game.score() == 3 and Eliminator.max_score == 51


def test_lost_when_no_top_card_fits():
    game = position({"foundations": "4"}, tableau_1="9D", foundation_1="5H", foundation_2="5C", foundation_3="5S",
                    foundation_4="5D")
    assert game.is_lost()
