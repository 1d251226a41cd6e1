"""Clock and Grandfather's Clock: PySolFC's deals (games 737 and 261, rebuilt over pysol-cards' shuffle from
their startGame and _shuffleHook), and each rule of the pages."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.clock import R_OWN_HOUR, Clock, GrandfathersClock

from reussite.game import Move
from reussite.host import Host

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def pysolfc_clock(number):
    """Clock.startGame: four face-down rows onto the twelve hours (Ace to Queen) and the middle pile, whose top
    card turns up. A King shown there brings the middle pile's bottom card up (Aisleriot's rule, which
    Réussite plays at once, see docs/rules-notes.md)."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    piles = [[] for _ in range(13)]
    for _ in range(4):
        for pile in piles:
            pile.append(cards.pop())
    middle, down = piles[12], 3
    while middle[-1][0] == "K" and down:
        middle.append(middle.pop(0))
        down -= 1
    layout = {f"foundation-{h + 1}": piles[h] for h in range(12)}
    layout["tableau-1"] = middle
    face_down = {f"foundation-{h + 1}": 4 for h in range(12)}
    face_down["tableau-1"] = down
    return layout, face_down


@pytest.mark.parametrize("number", NUMBERS)
def test_clock_deals_like_pysolfc(number):
    layout, face_down = pysolfc_clock(number)
    game = Clock(number)
    assert {k: v for k, v in oracle.layout_of(game).items()} == layout
    assert oracle.face_down_of(game) == face_down


CLOCK_CARDS = {"2S", "3H", "4C", "5D", "6S", "7H", "8C", "9D", "TS", "JH", "QC", "KD"}


def pysolfc_grandfathers_clock(number):
    """GrandfathersClock._shuffleHook puts the twelve clock cards at the bottom, the highest rank lowest; then
    five rows onto the eight piles and a row onto the twelve foundations (2 of spades to King of diamonds)."""
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    clock = sorted((c for c in cards if c in CLOCK_CARDS), key=lambda c: -"A23456789TJQK".index(c[0]))
    cards = clock + [c for c in cards if c not in CLOCK_CARDS]
    piles = [[] for _ in range(8)]
    for _ in range(5):
        for pile in piles:
            pile.append(cards.pop())
    layout = {f"tableau-{k + 1}": pile for k, pile in enumerate(piles)}
    layout.update({f"foundation-{k + 1}": [cards.pop()] for k in range(12)})
    assert not cards
    return layout


@pytest.mark.parametrize("number", NUMBERS)
def test_grandfathers_clock_deals_like_pysolfc(number):
    game = GrandfathersClock(number)
    assert oracle.layout_of(game) == pysolfc_grandfathers_clock(number)
    assert not any(oracle.face_down_of(game).values())
    assert [oracle.layout_of(game)[f"foundation-{k}"] for k in (1, 8, 12)] == [["2S"], ["9D"], ["KD"]]


def position(cls, face_down=None, **stacks):
    face_down = face_down or {}
    return cls.from_layout({"stacks": [
        {"id": name.replace("_", "-"), "cards": cards.split(), "face_down": face_down.get(name, 0)}
        for name, cards in stacks.items()]})


def legal(game, src, dst, n=1):
    move = Move(game.index[src], game.index[dst], n)
    accepted = game.is_legal(move)
    assert accepted == (move in set(game.legal_moves())), (src, dst, n)
    return accepted


# -- Clock ---------------------------------------------------------------------------------------------------


def clock_game(**more):
    stacks = {"foundation_3": "4C 5C 6C 7C", "foundation_5": "8S 9S TS JS", "tableau_1": "2D AH 3S 5H"}
    stacks.update(more)
    down = {name: len(cards.split()) for name, cards in stacks.items() if name.startswith("foundation")}
    down["tableau_1"] = 3
    return position(Clock, face_down=down, **stacks)


def test_clock_the_middle_top_card_goes_to_its_own_hour_only():
    game = clock_game()
    assert legal(game, "tableau-1", "foundation-5")  # the 5 of hearts to five o'clock
    assert not legal(game, "tableau-1", "foundation-3")
    assert game.refusal(Move(game.index["tableau-1"], game.index["foundation-3"], 1)) is R_OWN_HOUR
    assert "its own hour" in str(game.explain(Move(game.index["tableau-1"], game.index["foundation-3"], 1)))
    assert [game.notation(m) for m in game.legal_moves()] == ["t1-f5"]  # no choice, ever


def test_clock_the_card_lies_face_up_on_its_hour_and_the_hour_s_bottom_card_comes_up_on_the_middle():
    game = clock_game()
    game.push(game.parse_move("t1-f5"))
    assert oracle.layout_of(game)["foundation-5"] == ["9S", "TS", "JS", "5H"]
    assert oracle.face_down_of(game)["foundation-5"] == 3
    assert oracle.layout_of(game)["tableau-1"] == ["2D", "AH", "3S", "8S"]
    assert oracle.face_down_of(game)["tableau-1"] == 3  # the 8 of spades is face up, the next card to play
    assert game.score() == 1


def test_clock_a_king_on_the_middle_brings_its_bottom_card_up():
    game = clock_game(foundation_5="KS 9S TS JS")
    game.push(game.parse_move("t1-f5"))  # the King of spades comes up: the 2 of diamonds follows it
    assert oracle.layout_of(game)["tableau-1"] == ["AH", "3S", "KS", "2D"]
    assert oracle.face_down_of(game)["tableau-1"] == 2


def test_clock_is_over_when_a_king_shows_and_the_middle_has_no_face_down_card():
    game = position(Clock, face_down={"foundation_1": 1}, foundation_1="2C AC", tableau_1="KS KH KD KC")
    assert list(game.legal_moves()) == []
    assert not game.is_won() and game.is_lost()


def test_clock_is_won_when_every_card_is_face_up():
    stacks = {f"foundation_{h}": " ".join("A23456789TJQ"[h - 1] + s for s in "CSHD") for h in range(1, 13)}
    game = position(Clock, tableau_1="KS KH KD KC", **stacks)
    assert game.is_won() and game.score() == 48 == Clock.max_score


# -- Grandfather's Clock ------------------------------------------------------------------------------------


def test_grandfathers_clock_foundations_build_up_in_suit_and_turn_the_corner():
    game = position(GrandfathersClock, foundation_12="KD", foundation_1="2S", tableau_1="AD", tableau_2="3S",
                    tableau_3="3H", tableau_4="AH")
    assert legal(game, "tableau-1", "foundation-12")  # the Ace after the King
    assert legal(game, "tableau-2", "foundation-1")
    assert not legal(game, "tableau-3", "foundation-1")  # another suit
    assert not legal(game, "tableau-4", "foundation-12")


def test_grandfathers_clock_piles_build_down_regardless_of_suit_one_card_at_a_time():
    game = position(GrandfathersClock, tableau_1="9C", tableau_2="8H", tableau_3="TD 9S 8D", tableau_4="7S",
                    tableau_5="", foundation_1="2S")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-4", "tableau-1")  # 7 on 9
    assert not legal(game, "tableau-3", "tableau-1", 2)  # one card at a time
    assert legal(game, "tableau-3", "tableau-5")  # an empty pile takes any card


def test_grandfathers_clock_foundation_cards_stay():
    game = position(GrandfathersClock, foundation_1="2S 3S", tableau_1="")
    assert not legal(game, "foundation-1", "tableau-1")


def test_grandfathers_clock_win_score_and_alias():
    game = position(GrandfathersClock, foundation_1="2S", tableau_1="3S")
    game.push(game.parse_move("t1-f1"))
    assert game.is_won() and game.score() == 2
    assert GrandfathersClock.max_score == 52
    host = Host.load()
    assert host.game("grandfathersclock") is host.game("grandfathers-clock")
