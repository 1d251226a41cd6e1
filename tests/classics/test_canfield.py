"""The Canfield family (reussite_classics.canfield): each game's deal against PySolFC's dealing order rebuilt
over pysol-cards' shuffle (pysol-cards does not deal these games), and each rule clause of its rule page on
set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move
from reussite_classics.canfield import (
    Agnes,
    BearRiver,
    Canfield,
    Chessboard,
    EagleWing,
    Glenwood,
    Hamilton,
    Kansas,
    Plait,
    RoyalEast,
    StraightUp,
)

from reussite.game import DEAL, REDEAL, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(cls, base=None, **kw):
    """A game at a position given as ``tableau_1="KS QH"`` (bottom to top), with its base rank."""
    return oracle.position(cls, base=base, **kw)


def refusal(game, src, dst, n=1):
    return game.explain(move(game, src, dst, n)).render_english()


def check_deal(cls, expected_of, numbers=NUMBERS, options=None):
    for number in numbers:
        game = cls(number, options or {})
        expected = expected_of(number)
        layout = oracle.layout_of(game)
        for stack, cards in expected["cards"].items():
            assert layout[stack] == cards, (cls.id, number, stack)
        assert sum(map(len, expected["cards"].values())) == len(game.pack()), (cls.id, number)
        down = oracle.face_down_of(game)
        for stack, count in expected.get("face_down", {}).items():
            assert down[stack] == count, (cls.id, number, stack)
        if "base" in expected:
            assert game.base_rank == expected["base"], (cls.id, number)


def codes(number, decks=1):
    return [oracle.code(c) for c in oracle.shuffled(decks, number)]


RANKS = oracle.RANKS


# -- Canfield ---------------------------------------------------------------------------------------------


def pysolfc_canfield(number):
    """PySolFC's Canfield (game 105, Canfield.startGame): the top card to the foundation of its suit, 13 cards
    to the reserve (the top one turned up), one card on each pile from the right; PySolFC's first turn of
    three cards to the waste is left to the player's first click."""
    cards = codes(number)
    base = cards.pop()
    layout = {f"foundation-{'CSHD'.index(base[1]) + 1}": [base]}
    layout["reserve-1"] = [cards.pop() for _ in range(13)]
    for i in (4, 3, 2, 1):
        layout[f"tableau-{i}"] = [cards.pop()]
    layout["stock"] = cards
    return {"cards": layout, "face_down": {"reserve-1": 12, "stock": 34}, "base": RANKS.index(base[0]) + 1}


def test_canfield_deals_like_pysolfc():
    check_deal(Canfield, pysolfc_canfield)


def test_canfield_foundations_start_with_the_base_rank_of_their_suit():
    game = position(Canfield, 7, foundation_1="7C", tableau_1="7H", tableau_2="8H", tableau_3="7S")
    assert legal(game, "tableau-1", "foundation-3")  # the 7 of hearts on the hearts' foundation
    assert not legal(game, "tableau-2", "foundation-3")
    assert refusal(game, "tableau-2", "foundation-3").endswith("it must start with a 7.")
    assert not legal(game, "tableau-1", "foundation-2")  # one suit per foundation
    assert legal(game, "tableau-3", "foundation-2")


def test_canfield_base_follows_the_deal():
    """The mutant check: two deals with different base ranks take different cards on an empty foundation."""
    for number in (1, 2, 3, 5):
        game = Canfield(number)
        base = game.base_rank
        empty = next(f for f in game.foundation_ix if not game.cards[f])
        rule = game._rules[empty]
        assert {k >> 2 for k in rule.takes[0]} == {base}


def test_canfield_foundations_build_up_in_suit_the_ace_on_the_king():
    game = position(Canfield, 12, foundation_1="QC KC", tableau_1="AC", tableau_2="AS", tableau_3="2C")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")
    assert not legal(game, "tableau-3", "foundation-1")


def test_canfield_piles_build_down_in_alternating_colours_the_king_on_the_ace():
    game = position(Canfield, 5, tableau_1="AH", tableau_2="KS", tableau_3="KD", tableau_4="9C", reserve_1="8D",
                    waste="8C")
    assert legal(game, "tableau-2", "tableau-1")  # black King on red Ace
    assert not legal(game, "tableau-3", "tableau-1")  # red on red
    assert legal(game, "reserve-1", "tableau-4")  # the reserve's top card plays onto a pile
    assert not legal(game, "waste", "tableau-4")  # black on black
    assert refusal(game, "waste", "tableau-4").endswith("build down in alternating colours, the King on the Ace.")


def test_canfield_moves_any_run():
    game = position(Canfield, 5, tableau_1="9C 8D 7S", tableau_2="TH", tableau_3="9S", tableau_4="2C",
                    reserve_1="3C")
    assert legal(game, "tableau-1", "tableau-2", 3)
    assert legal(game, "tableau-1", "tableau-3", 2)  # 8D 7S onto the black 9
    assert not legal(game, "tableau-1", "tableau-2", 2)


def test_canfield_refills_an_empty_pile_from_the_reserve_then_any_card_goes_there():
    game = position(Canfield, 5, face_down={"reserve_1": 1}, tableau_1="7S", tableau_2="8H", tableau_3="9S",
                    tableau_4="2C", reserve_1="3C JD", waste="4H")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert game.stack("tableau-1") == [game.stack("tableau-1")[0]] and game.stack("tableau-1")[0].code == "JD"
    assert game.face_down[game.index["reserve-1"]] == 0  # the card under is turned up
    game.pop()
    assert [c.code for c in game.stack("reserve-1")] == ["3C", "JD"] and game.face_down[game.index["reserve-1"]] == 1
    game = position(Canfield, 5, tableau_1="", tableau_2="8H", tableau_3="TH 9S 8D", tableau_4="2C", waste="4H")
    assert legal(game, "waste", "tableau-1")  # the reserve is empty: any card
    assert legal(game, "tableau-3", "tableau-1", 2)  # or any run
    assert not legal(game, "tableau-2", "reserve-1")  # nothing goes on the reserve


def test_canfield_foundation_top_card_comes_back_into_play():
    game = position(Canfield, 5, foundation_1="5C 6C", tableau_1="7H", tableau_2="2D", reserve_1="3C")
    assert legal(game, "foundation-1", "tableau-1")


def test_canfield_turns_three_cards_and_redeals_as_often_as_you_like():
    game = position(Canfield, 5, foundation_1="5C", tableau_1="7H", tableau_2="2D", tableau_3="3D", tableau_4="4D",
                    reserve_1="3C", stock="AS 2S 3S 4S")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["4S", "3S", "2S"]
    game.push(DEAL)
    assert not game.stack("stock")
    for _ in range(5):
        assert game.is_legal(REDEAL)
        game.push(REDEAL)
        game.push(DEAL)
        game.push(DEAL)
    assert Canfield.redeals is None


def test_canfield_is_won_with_every_card_home_and_scores_one_a_card():
    game = Canfield(1)
    assert game.score() == 1 and Canfield.max_score == 52
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 6) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(Canfield, 7, **cards)
    assert game.is_won() and game.score() == 52
    assert not position(Canfield, 7, foundation_1="7C", tableau_1="8C").is_won()


# -- Eagle Wing -------------------------------------------------------------------------------------------


def pysolfc_eagle_wing(number):
    """PySolFC's Eagle Wing (game 112, Canfield.startGame): as Canfield, the reserve all face down, eight piles
    dealt from the right; PySolFC's first card turned to the waste is left to the player's first click."""
    found = pysolfc_canfield(number)
    cards = codes(number)
    cards.pop()
    del cards[-13:]
    layout = {k: v for k, v in found["cards"].items() if k.startswith("foundation")}
    layout["reserve-1"] = found["cards"]["reserve-1"]
    for i in range(8, 0, -1):
        layout[f"tableau-{i}"] = [cards.pop()]
    layout["stock"] = cards
    return {"cards": layout, "face_down": {"reserve-1": 13, "stock": 30}, "base": found["base"]}


def test_eagle_wing_deals_like_pysolfc():
    check_deal(EagleWing, pysolfc_eagle_wing)


def test_eagle_wing_piles_build_down_in_suit_three_cards_at_most_one_at_a_time():
    game = position(EagleWing, 5, tableau_1="AS", tableau_2="KS", tableau_3="KH", tableau_4="9C 8C",
                    tableau_5="7C", tableau_6="JD TD", tableau_7="QD", tableau_8="5H", reserve_1="2C 3C",
                    face_down={"reserve_1": 2})
    assert legal(game, "tableau-2", "tableau-1")  # the King on the Ace, same suit
    assert not legal(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-5", "tableau-4")
    assert not legal(game, "tableau-6", "tableau-7", 2)  # only the top card moves
    game.push(move(game, "tableau-5", "tableau-4"))
    assert len(game.stack("tableau-4")) == 3
    game = position(EagleWing, 5, tableau_1="9C 8C 7C", tableau_2="6C", reserve_1="2C", face_down={"reserve_1": 1})
    assert not legal(game, "tableau-2", "tableau-1")
    assert "no room" in refusal(game, "tableau-2", "tableau-1") or "full" in refusal(game, "tableau-2", "tableau-1")


def test_eagle_wing_reserve_stays_hidden_and_its_last_card_turns_up():
    game = position(EagleWing, 5, tableau_1="9C", tableau_2="TC", tableau_3="3D", tableau_4="4D", tableau_5="KH",
                    tableau_6="QH", tableau_7="JH", tableau_8="8H", reserve_1="2C 3C 4C", face_down={"reserve_1": 3})
    assert not legal(game, "reserve-1", "tableau-2")  # face down
    game.push(move(game, "tableau-1", "tableau-2"))
    assert [c.code for c in game.stack("tableau-1")] == ["4C"] and game.face_down[game.index["tableau-1"]] == 0
    assert game.face_down[game.index["reserve-1"]] == 2  # still hidden
    game.push(move(game, "tableau-3", "tableau-4"))
    assert [c.code for c in game.stack("tableau-3")] == ["3C"]
    assert game.face_down[game.index["reserve-1"]] == 0  # the last card turns up and plays
    assert legal(game, "reserve-1", "tableau-3")
    game.pop()
    assert game.face_down[game.index["reserve-1"]] == 2


def test_eagle_wing_empty_pile_takes_any_card_once_the_reserve_is_out():
    game = position(EagleWing, 5, tableau_1="", tableau_2="TC 9C", waste="5H")
    assert legal(game, "waste", "tableau-1")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-2", "reserve-1")


def test_eagle_wing_foundations_keep_their_cards():
    game = position(EagleWing, 5, foundation_1="5C 6C", tableau_1="7H", tableau_2="7C", tableau_3="5D")
    assert not legal(game, "foundation-1", "tableau-1")
    assert legal(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-3", "foundation-4")
    assert not legal(game, "tableau-1", "foundation-4")


def test_eagle_wing_turns_one_card_and_redeals_twice():
    game = position(EagleWing, 5, foundation_1="5C", tableau_1="7H", stock="AS 2S")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["2S"]
    game.push(DEAL)
    for _ in range(2):
        game.push(REDEAL)
        game.push(DEAL)
        game.push(DEAL)
    assert not game.is_legal(REDEAL)


def test_eagle_wing_is_won_with_every_card_home():
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 2) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(EagleWing, 3, **cards)
    assert game.is_won() and game.score() == 52 == EagleWing.max_score


# -- Glenwood ---------------------------------------------------------------------------------------------


def pysolfc_glenwood(number):
    """PySolFC's Dutchess, Aisleriot's Glenwood (game 282, Glenwood.startGame): three rows onto the four
    reserves, then one onto the four piles; the rest is the stock."""
    cards = codes(number)
    layout = {f"reserve-{i}": [] for i in range(1, 5)}
    for _ in range(3):
        for i in range(1, 5):
            layout[f"reserve-{i}"].append(cards.pop())
    for i in range(1, 5):
        layout[f"tableau-{i}"] = [cards.pop()]
    layout["stock"] = cards
    return {"cards": layout, "face_down": {"stock": 36, **{f"reserve-{i}": 0 for i in range(1, 5)}}}


def test_glenwood_deals_like_pysolfc():
    check_deal(Glenwood, pysolfc_glenwood)
    assert Glenwood(1).base_rank is None


def test_glenwood_first_reserve_card_to_a_foundation_sets_the_base():
    game = position(Glenwood, reserve_1="5C 9H", reserve_2="9S", tableau_1="9D", stock="AS")
    assert not legal(game, "tableau-1", "foundation-4")  # only a reserve card starts
    assert refusal(game, "tableau-1", "foundation-4").startswith("First start a foundation")
    assert not game.is_legal(DEAL)
    assert not legal(game, "reserve-1", "foundation-1")  # one suit per foundation
    assert legal(game, "reserve-1", "foundation-3")  # any rank: the 9 of hearts
    game.push(move(game, "reserve-1", "foundation-3"))
    assert game.base_rank == 9
    assert legal(game, "reserve-2", "foundation-2") and legal(game, "tableau-1", "foundation-4")
    assert not legal(game, "reserve-1", "foundation-1")  # the 5 is not the base
    assert game.is_legal(DEAL)
    game.pop()
    assert game.base_rank is None and not game.is_legal(DEAL)


def test_glenwood_piles_build_down_in_alternating_colours_whole_piles_between_them():
    game = position(Glenwood, 9, foundation_1="9C", tableau_1="AH", tableau_2="KS", tableau_3="8C 7D",
                    tableau_4="9H", reserve_1="KH", reserve_2="2C")
    assert legal(game, "tableau-2", "tableau-1")  # the whole pile: the black King on the red Ace
    assert not legal(game, "reserve-1", "tableau-1")  # red on red
    assert legal(game, "reserve-2", "tableau-1") is False  # 2 on the Ace: going up
    assert legal(game, "tableau-3", "tableau-4", 2)  # the whole pile 8C 7D on the red 9
    game = position(Glenwood, 9, foundation_1="9C", tableau_1="8S", tableau_2="9D 8C 7D", tableau_3="2H",
                    tableau_4="9H")
    assert not legal(game, "tableau-2", "tableau-1", 1)  # the 7 alone: not a whole pile
    assert refusal(game, "tableau-2", "tableau-1", 1) == "Between tableau piles, only a whole pile moves."
    assert not legal(game, "tableau-2", "tableau-4", 2)


def test_glenwood_empty_pile_takes_a_reserve_card_and_the_waste_only_after_the_reserves():
    game = position(Glenwood, 9, foundation_1="9C", tableau_1="", tableau_2="KS", reserve_1="4D", waste="5H")
    assert legal(game, "reserve-1", "tableau-1")
    assert not legal(game, "waste", "tableau-1")
    assert refusal(game, "waste", "tableau-1").startswith("An empty pile takes a card from the waste only")
    game = position(Glenwood, 9, foundation_1="9C", tableau_1="", tableau_2="KS", waste="5H")
    assert legal(game, "waste", "tableau-1")
    assert not legal(game, "waste", "reserve-1")  # nothing goes on a reserve


def test_glenwood_foundations_keep_their_cards_and_wrap():
    game = position(Glenwood, 12, foundation_1="QC KC", tableau_1="AC", reserve_1="QD")
    assert legal(game, "tableau-1", "foundation-1")
    assert legal(game, "reserve-1", "foundation-4")
    assert not legal(game, "foundation-1", "tableau-1")


def test_glenwood_one_card_at_a_time_and_one_redeal():
    game = position(Glenwood, 9, foundation_1="9C", tableau_1="KS", stock="AS 2S")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["2S"]
    game.push(DEAL)
    game.push(REDEAL)
    game.push(DEAL)
    game.push(DEAL)
    assert not game.is_legal(REDEAL)


def test_glenwood_is_won_with_every_card_home():
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 4) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(Glenwood, 5, **cards)
    assert game.is_won() and game.score() == 52 == Glenwood.max_score
    assert Glenwood(1).score() == 0


# -- Kansas -----------------------------------------------------------------------------------------------


def pysolfc_kansas(number):
    """PySolFC's Chameleon, Aisleriot's Kansas (game 43, Canfield.startGame): as Canfield with a reserve of 12
    and three piles; PySolFC's first card turned to the waste is left to the player's first click."""
    cards = codes(number)
    base = cards.pop()
    layout = {f"foundation-{'CSHD'.index(base[1]) + 1}": [base]}
    layout["reserve-1"] = [cards.pop() for _ in range(12)]
    for i in (3, 2, 1):
        layout[f"tableau-{i}"] = [cards.pop()]
    layout["stock"] = cards
    return {"cards": layout, "face_down": {"reserve-1": 11, "stock": 36}, "base": RANKS.index(base[0]) + 1}


def test_kansas_deals_like_pysolfc():
    check_deal(Kansas, pysolfc_kansas)


def test_kansas_piles_build_down_regardless_of_suit_any_run_moves():
    game = position(Kansas, 5, tableau_1="AH", tableau_2="KH", tableau_3="9C 8D 7D", reserve_1="9H", waste="8S")
    assert legal(game, "tableau-2", "tableau-1")  # any King on any Ace
    assert legal(game, "waste", "reserve-1") is False  # nothing goes on the reserve
    assert legal(game, "tableau-3", "reserve-1", 2) is False
    game = position(Kansas, 5, tableau_1="9H", tableau_2="KH", tableau_3="TC 9C 8D", reserve_1="2S", waste="7S")
    assert legal(game, "tableau-3", "tableau-1", 1)  # 8 on 9 whatever the suit
    assert not legal(game, "waste", "tableau-1")  # 7 on 9
    assert not legal(game, "tableau-3", "tableau-2", 3)  # the run from the 10 onto a King: no
    game = position(Kansas, 5, tableau_1="JH", tableau_2="KH", tableau_3="TC 9C 8D", reserve_1="2S")
    assert legal(game, "tableau-3", "tableau-1", 3)


def test_kansas_refills_from_the_reserve_then_empty_piles_take_the_waste_only():
    game = position(Kansas, 5, face_down={"reserve_1": 1}, tableau_1="7S", tableau_2="8H", tableau_3="KC",
                    reserve_1="3C JD")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert [c.code for c in game.stack("tableau-1")] == ["JD"] and game.face_down[game.index["reserve-1"]] == 0
    game = position(Kansas, 5, tableau_1="", tableau_2="8H", tableau_3="KC QS", waste="4H")
    assert legal(game, "waste", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")
    assert refusal(game, "tableau-3", "tableau-1") == "Once empty, tableau pile 1 takes no cards from tableau pile 3."


def test_kansas_foundations_from_the_base_keep_their_cards():
    game = position(Kansas, 11, foundation_1="JC QC KC", tableau_1="AC", tableau_2="JH", tableau_3="QH")
    assert legal(game, "tableau-1", "foundation-1") and legal(game, "tableau-2", "foundation-3")
    assert not legal(game, "tableau-3", "foundation-3")
    assert refusal(game, "tableau-3", "foundation-3").endswith("it must start with a Jack.")
    assert not legal(game, "foundation-1", "tableau-3")


def test_kansas_turns_one_card_with_no_redeal_and_is_won_with_every_card_home():
    game = position(Kansas, 5, foundation_1="5C", tableau_1="KS", stock="AS")
    game.push(DEAL)
    assert not game.is_legal(REDEAL) and not game.is_legal(DEAL)
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 4) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(Kansas, 5, **cards)
    assert game.is_won() and game.score() == 52 == Kansas.max_score


# -- Royal East -------------------------------------------------------------------------------------------


def pysolfc_royal_east(number):
    """PySolFC's Royal East (game 93, RoyalEast.startGame): the top card to the foundation of its suit, then
    one card on each of the five piles; PySolFC's first card turned to the waste is left to the first click."""
    cards = codes(number)
    base = cards.pop()
    layout = {f"foundation-{'CSHD'.index(base[1]) + 1}": [base]}
    for i in range(1, 6):
        layout[f"tableau-{i}"] = [cards.pop()]
    layout["stock"] = cards
    return {"cards": layout, "face_down": {"stock": 46}, "base": RANKS.index(base[0]) + 1}


def test_royal_east_deals_like_pysolfc():
    check_deal(RoyalEast, pysolfc_royal_east)


def test_royal_east_piles_build_down_regardless_of_suit_one_card_at_a_time():
    game = position(RoyalEast, 5, tableau_1="AH", tableau_2="KH", tableau_3="9C 8D", tableau_4="9H", tableau_5="",
                    waste="7S")
    assert legal(game, "tableau-2", "tableau-1")  # any King on any Ace
    assert legal(game, "tableau-3", "tableau-4")  # 8 on 9 whatever the suit
    assert not legal(game, "tableau-3", "tableau-2", 2)  # one card at a time
    assert not legal(game, "waste", "tableau-4")  # 7 on 9
    assert legal(game, "waste", "tableau-5") and legal(game, "tableau-3", "tableau-5")  # any card on an empty pile


def test_royal_east_foundations_from_the_base_keep_their_cards():
    game = position(RoyalEast, 4, foundation_2="4S", tableau_1="5S", tableau_2="4H", tableau_3="5H", waste="4D")
    assert legal(game, "tableau-1", "foundation-2") and legal(game, "tableau-2", "foundation-3")
    assert legal(game, "waste", "foundation-4")
    assert refusal(game, "tableau-3", "foundation-3").endswith("it must start with a 4.")
    assert not legal(game, "foundation-2", "tableau-3")


def test_royal_east_turns_one_card_with_no_redeal_and_is_won_with_every_card_home():
    game = position(RoyalEast, 5, foundation_1="5C", tableau_1="KS", stock="AS")
    game.push(DEAL)
    assert not game.is_legal(REDEAL) and not game.is_legal(DEAL)
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 4) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(RoyalEast, 5, **cards)
    assert game.is_won() and game.score() == 52 == RoyalEast.max_score


# -- Agnes Sorel ------------------------------------------------------------------------------------------


def pysolfc_agnes(number):
    """PySolFC's Agnes Sorel (game 229: Klondike.startGame, then dealSingleBaseCard): Klondike's places, from
    pysol-cards' own Klondike deal, then the next card to the foundation of its suit. PySolFC deals every
    card face up; the faces are Aisleriot's, Klondike's (only the top card of each pile up)."""
    found = oracle.klondike(number)
    layout = dict(found["cards"])
    stock = list(layout["stock"])
    base = stock.pop()
    layout["stock"] = stock
    layout[f"foundation-{'CSHD'.index(base[1]) + 1}"] = [base]
    return {"cards": layout, "face_down": {**found["face_down"], "stock": 23}, "base": RANKS.index(base[0]) + 1}


def test_agnes_deals_like_pysolfc():
    check_deal(Agnes, pysolfc_agnes)


def test_agnes_piles_build_down_in_the_same_colour_the_king_on_the_ace():
    game = position(Agnes, 5, tableau_1="AH", tableau_2="KD", tableau_3="KS", tableau_4="9H", tableau_5="8D",
                    tableau_6="8S")
    assert legal(game, "tableau-2", "tableau-1")  # red King on red Ace
    assert not legal(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-5", "tableau-4")  # 8♦ on 9♥
    assert not legal(game, "tableau-6", "tableau-4")
    assert refusal(game, "tableau-6", "tableau-4").endswith("build down in the same colour, the King on the Ace.")


def test_agnes_runs_move_but_not_through_the_base_rank():
    game = position(Agnes, 7, tableau_1="9C 8S 7C 6S", tableau_2="8C", tableau_3="TS", tableau_4="7S")
    assert legal(game, "tableau-1", "tableau-4", 1)  # the 6 alone
    assert not legal(game, "tableau-1", "tableau-2", 2)  # 7C 6S: the 6 rests on a 7, the base rank
    assert not legal(game, "tableau-1", "tableau-3", 3)
    game = position(Agnes, 5, tableau_1="9C 8S 7C 6S", tableau_2="8C", tableau_3="TS")
    assert legal(game, "tableau-1", "tableau-2", 2) and legal(game, "tableau-1", "tableau-3", 4)


def test_agnes_empty_pile_takes_only_the_stock_deals():
    game = position(Agnes, 5, tableau_1="", tableau_2="KD 6H", tableau_3="9C", stock="2C 3C 4C 5C 6C 7C 8C 9D")
    assert not legal(game, "tableau-2", "tableau-1")
    game.push(DEAL)
    assert [c.code for c in game.stack("tableau-1")] == ["9D"]  # the top card onto the first pile
    assert [c.code for c in game.stack("tableau-7")] == ["3C"]
    game.push(DEAL)
    assert [c.code for c in game.stack("tableau-1")] == ["9D", "2C"] and len(game.stack("tableau-2")) == 3
    assert not game.is_legal(DEAL) and not game.is_legal(REDEAL)


def test_agnes_turns_up_uncovered_cards_and_foundation_cards_come_back():
    game = position(Agnes, 5, face_down={"tableau_1": 1}, tableau_1="2C 8H", tableau_2="9D", foundation_1="5C 6C",
                    tableau_3="7S", tableau_4="4D")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert game.face_down[game.index["tableau-1"]] == 0
    assert legal(game, "foundation-1", "tableau-3")
    assert not legal(game, "tableau-4", "foundation-4")
    assert refusal(game, "tableau-4", "foundation-4").endswith("it must start with a 5.")


def test_agnes_is_won_with_every_card_home():
    assert Agnes(1).score() == 1
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 4) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(Agnes, 5, **cards)
    assert game.is_won() and game.score() == 52 == Agnes.max_score


# -- Bear River -------------------------------------------------------------------------------------------


def pysolfc_bear_river(number):
    """PySolFC's Bear River (game 819, BearRiver.startGame): two rows onto the 18 piles, a third onto all but
    the holes (piles 6, 12, 18), then the last card onto the foundation of its suit."""
    cards = codes(number)
    layout = {f"tableau-{i}": [] for i in range(1, 19)}
    for _ in range(2):
        for i in range(1, 19):
            layout[f"tableau-{i}"].append(cards.pop())
    for i in range(1, 19):
        if i % 6:
            layout[f"tableau-{i}"].append(cards.pop())
    base = cards.pop()
    assert not cards
    layout[f"foundation-{'CSHD'.index(base[1]) + 1}"] = [base]
    return {"cards": layout, "face_down": {f"tableau-{i}": 0 for i in range(1, 19)}, "base": RANKS.index(base[0]) + 1}


def test_bear_river_deals_like_pysolfc():
    check_deal(BearRiver, pysolfc_bear_river)


def test_bear_river_piles_build_up_or_down_in_suit_three_at_most_top_card_only():
    game = position(BearRiver, 5, tableau_1="8S", tableau_2="7S", tableau_3="9S", tableau_4="9H", tableau_5="KC",
                    tableau_7="AC", tableau_8="2D 3D 4D", tableau_9="5D", tableau_10="JS TS")
    assert legal(game, "tableau-2", "tableau-1") and legal(game, "tableau-3", "tableau-1")  # down or up
    assert not legal(game, "tableau-4", "tableau-1")  # another suit
    assert legal(game, "tableau-5", "tableau-7") and legal(game, "tableau-7", "tableau-5")  # K and A both ways
    assert not legal(game, "tableau-9", "tableau-8")  # three cards already
    assert not legal(game, "tableau-10", "tableau-3", 2)  # the top card only


def test_bear_river_only_the_holes_take_a_card_when_empty():
    game = position(BearRiver, 5, tableau_1="", tableau_6="", tableau_2="8S 7S")
    assert not legal(game, "tableau-2", "tableau-1")
    assert legal(game, "tableau-2", "tableau-6")
    game = position(BearRiver, 5, tableau_12="", tableau_18="", tableau_2="8S 7S")
    assert legal(game, "tableau-2", "tableau-12") and legal(game, "tableau-2", "tableau-18")


def test_bear_river_foundations_from_the_base_keep_their_cards():
    game = position(BearRiver, 13, foundation_1="KC", tableau_1="AC", tableau_2="KH", tableau_3="QH")
    assert legal(game, "tableau-1", "foundation-1") and legal(game, "tableau-2", "foundation-3")
    assert refusal(game, "tableau-3", "foundation-3").endswith("it must start with a King.")
    assert not legal(game, "foundation-1", "tableau-3")


def test_bear_river_is_won_with_every_card_home():
    assert BearRiver(1).score() == 1
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 4) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(BearRiver, 5, **cards)
    assert game.is_won() and game.score() == 52 == BearRiver.max_score


# -- Chessboard -------------------------------------------------------------------------------------------


def pysolfc_chessboard(number):
    """PySolFC's Chessboard (game 148, Fortress.startGame): three rows onto the ten piles, then three rows as
    far as the cards go (the first two piles get a sixth card)."""
    cards = codes(number)
    layout = {f"tableau-{i}": [] for i in range(1, 11)}
    for _ in range(6):
        for i in range(1, 11):
            if cards:
                layout[f"tableau-{i}"].append(cards.pop())
    return {"cards": layout, "face_down": {f"tableau-{i}": 0 for i in range(1, 11)}}


def test_chessboard_deals_like_pysolfc():
    check_deal(Chessboard, pysolfc_chessboard)
    game = Chessboard(1)
    assert game.base_rank is None and [len(game.stack(f"tableau-{i}")) for i in (1, 2, 3)] == [6, 6, 5]


def test_chessboard_first_foundation_card_sets_the_base():
    game = position(Chessboard, tableau_1="9H", tableau_2="4S", tableau_3="9C", tableau_4="TH")
    assert legal(game, "tableau-2", "foundation-2")  # any rank starts
    assert not legal(game, "tableau-2", "foundation-1")  # one suit per foundation
    game.push(move(game, "tableau-1", "foundation-3"))
    assert game.base_rank == 9
    assert not legal(game, "tableau-2", "foundation-2")
    assert refusal(game, "tableau-2", "foundation-2").endswith("it must start with a 9.")
    assert legal(game, "tableau-3", "foundation-1") and legal(game, "tableau-4", "foundation-3")
    game.pop()
    assert game.base_rank is None and legal(game, "tableau-2", "foundation-2")


def test_chessboard_piles_build_up_or_down_in_suit_top_card_only_any_card_on_an_empty_one():
    game = position(Chessboard, 5, tableau_1="8S", tableau_2="7S", tableau_3="9S", tableau_4="9H", tableau_5="KC",
                    tableau_6="AC", tableau_7="JS TS 6D", tableau_8="", tableau_9="2D 3D 4D 5D 6S")
    assert legal(game, "tableau-2", "tableau-1") and legal(game, "tableau-3", "tableau-1")
    assert not legal(game, "tableau-4", "tableau-1")
    assert legal(game, "tableau-5", "tableau-6") and legal(game, "tableau-6", "tableau-5")
    assert not legal(game, "tableau-9", "tableau-2", 2)  # the top card only
    assert legal(game, "tableau-9", "tableau-2")  # no limit on a pile's size
    assert legal(game, "tableau-7", "tableau-8")


def test_chessboard_foundations_keep_their_cards_and_the_game_is_won_with_every_card_home():
    game = position(Chessboard, 5, foundation_1="5C", tableau_1="6C")
    assert not legal(game, "foundation-1", "tableau-1")
    assert Chessboard(1).score() == 0
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 4) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(Chessboard, 5, **cards)
    assert game.is_won() and game.score() == 52 == Chessboard.max_score


# -- Hamilton ---------------------------------------------------------------------------------------------


def natural_hamilton(number):
    """Not in PySolFC: Aisleriot's order over PySolFC's shuffle, a row onto the seven piles, then onto piles 2
    to 7, and so on, all face up; the rest is the stock."""
    cards = codes(number)
    layout = {f"tableau-{i}": [] for i in range(1, 8)}
    for row in range(7):
        for i in range(row + 1, 8):
            layout[f"tableau-{i}"].append(cards.pop())
    layout["stock"] = cards
    return {"cards": layout, "face_down": {"stock": 24, **{f"tableau-{i}": 0 for i in range(1, 8)}}}


def test_hamilton_deals_in_aisleriot_order():
    check_deal(Hamilton, natural_hamilton)


def test_hamilton_offers_three_cards_for_the_start():
    game = Hamilton(1)
    stock = [c.code for c in game.stack("stock")]
    assert not legal(game, "tableau-7", "foundation-1") and not legal(game, "tableau-7", "tableau-6")
    game.push(DEAL)
    assert [c.code for c in game.stack("reserve-1")] == stock[-1:]
    game.push(DEAL)  # the first card goes under the stock, the second is offered
    assert [c.code for c in game.stack("reserve-1")] == stock[-2:-1]
    assert [c.code for c in game.stack("stock")][:1] == stock[-1:]
    game.push(DEAL)
    assert not game.is_legal(DEAL)
    assert game.explain(DEAL).render_english().startswith("Three cards were offered")
    card = game.stack("reserve-1")[-1]
    f = game.foundation_ix[card.suit]
    assert game.is_legal(Move(game.index["reserve-1"], f, 1))
    game.push(Move(game.index["reserve-1"], f, 1))
    assert game.base_rank == card.rank and game.is_legal(DEAL)
    game.push(DEAL)  # now a card onto each pile
    assert len(game.stack("tableau-1")) == 2 and len(game.stack("stock")) == 23 - 7
    for _ in range(5):
        game.pop()
    assert game.base_rank is None and not game.stack("reserve-1")


def test_hamilton_piles_build_down_in_colour_nothing_on_the_start_rank():
    game = position(Hamilton, 7, foundation_1="7C", tableau_1="9H", tableau_2="8D", tableau_3="8S", tableau_4="AS",
                    tableau_5="KC", tableau_6="7H", tableau_7="6D")
    assert legal(game, "tableau-2", "tableau-1")  # red on red
    assert not legal(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-5", "tableau-4")  # the King on the Ace
    assert not legal(game, "tableau-7", "tableau-6")  # the 7 is the start rank
    assert refusal(game, "tableau-7", "tableau-6") == "Nothing goes on a card of the start rank."


def test_hamilton_runs_in_suit_move_not_through_the_start_rank():
    game = position(Hamilton, 7, foundation_1="7C", tableau_1="9H 8H 7H 6H", tableau_2="8D", tableau_3="8S 7D",
                    tableau_4="9C", tableau_5="")
    assert not legal(game, "tableau-1", "tableau-2", 2)  # 7H 6H: the 6 rests on the start rank
    assert legal(game, "tableau-1", "tableau-5", 1)
    assert not legal(game, "tableau-3", "tableau-4", 2)  # 8D 7S: not one suit
    game = position(Hamilton, 5, foundation_1="5C", tableau_1="9H 8H 7H 6H", tableau_2="TD", tableau_3="KS")
    assert legal(game, "tableau-1", "tableau-2", 4)


def test_hamilton_foundations_from_the_start_rank_and_back_into_play():
    game = position(Hamilton, 7, foundation_1="7C 8C", tableau_1="9C", tableau_2="7H", tableau_3="8H", tableau_4="9S")
    assert legal(game, "tableau-1", "foundation-1") and legal(game, "tableau-2", "foundation-3")
    assert refusal(game, "tableau-3", "foundation-3").endswith("it must start with a 7.")
    assert legal(game, "foundation-1", "tableau-4")


def test_hamilton_is_won_with_every_card_home():
    assert Hamilton(1).score() == 0
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 4) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(Hamilton, 5, **cards)
    assert game.is_won() and game.score() == 52 == Hamilton.max_score


# -- Straight Up ------------------------------------------------------------------------------------------


def pysolfc_straight_up(number):
    """PySolFC's Storehouse, Aisleriot's Straight Up (game 100): the Twos to the top of the pack by PySolFC's
    shuffle hook (pysol-cards' _shuffleHookMoveToTop), onto the foundations, then as Canfield: 13 cards to the
    reserve, one on each pile from the right; PySolFC's first card turned to the waste is left to the player."""
    from pysol_cards.deal_game import Game as PysolCardsGame

    hooks = PysolCardsGame.__new__(PysolCardsGame)
    cards = [oracle.code(c) for c in hooks._shuffleHookMoveToTop(oracle.shuffled(1, number),
                                                                 lambda c: (c.rank == 2, c.suit))]
    layout = {f"foundation-{i}": [cards.pop()] for i in range(1, 5)}
    layout["reserve-1"] = [cards.pop() for _ in range(13)]
    for i in (4, 3, 2, 1):
        layout[f"tableau-{i}"] = [cards.pop()]
    layout["stock"] = cards
    return {"cards": layout, "face_down": {"reserve-1": 12, "stock": 31}}


def test_straight_up_deals_like_pysolfc():
    check_deal(StraightUp, pysolfc_straight_up)
    assert [c.code for f in StraightUp(1).foundation_ix for c in StraightUp(1).cards[f]] == ["2C", "2S", "2H", "2D"]


def test_straight_up_piles_build_down_in_suit_the_king_on_the_ace_nothing_on_a_two():
    game = position(StraightUp, foundation_1="2C", tableau_1="AH", tableau_2="KH", tableau_3="2S",
                    tableau_4="9D 8D 7D", reserve_1="AS", waste="KS")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "waste", "tableau-1")  # another suit
    assert not legal(game, "reserve-1", "tableau-3")  # the Ace is high
    assert refusal(game, "reserve-1", "tableau-3") == (
        "The Ace of spades cannot go on the 2 of spades: build down in suit, the Ace above the King.")
    game = position(StraightUp, tableau_1="TD", tableau_2="9D 8D 7D", tableau_3="KC", tableau_4="QH", reserve_1="5S")
    assert legal(game, "tableau-2", "tableau-1", 3)


def test_straight_up_refills_from_the_reserve_then_empty_piles_take_the_waste_only():
    game = position(StraightUp, face_down={"reserve_1": 1}, tableau_1="7S", tableau_2="8S", tableau_3="KC",
                    tableau_4="QH", reserve_1="3C JD")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert [c.code for c in game.stack("tableau-1")] == ["JD"] and game.face_down[game.index["reserve-1"]] == 0
    game = position(StraightUp, tableau_1="", tableau_2="8H", tableau_3="KC QC", tableau_4="5D", waste="4H")
    assert legal(game, "waste", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")
    assert refusal(game, "tableau-3", "tableau-1") == "Once empty, tableau pile 1 takes no cards from tableau pile 3."


def test_straight_up_foundations_go_up_to_the_ace_and_keep_their_cards():
    game = position(StraightUp, foundation_1="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", foundation_2="2S",
                    tableau_1="AC", tableau_2="3S", tableau_3="4S", tableau_4="AS")
    assert legal(game, "tableau-1", "foundation-1") and legal(game, "tableau-2", "foundation-2")
    assert not legal(game, "tableau-3", "foundation-2") and not legal(game, "tableau-4", "foundation-2")
    assert not legal(game, "foundation-2", "tableau-2")


def test_straight_up_turns_one_card_redeals_twice_and_scores_the_cards_past_the_twos():
    game = position(StraightUp, foundation_1="2C", tableau_1="KS", stock="AS 3S")
    for _ in range(2):
        game.push(DEAL)
        game.push(DEAL)
        game.push(REDEAL)
    game.push(DEAL)
    game.push(DEAL)
    assert not game.is_legal(REDEAL)
    assert StraightUp(1).score() == 0
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 1) % 13] + s for r in range(13)) for i, s in enumerate("CSHD")}
    game = position(StraightUp, **cards)
    assert game.is_won() and game.score() == 48 == StraightUp.max_score


# -- Plait ------------------------------------------------------------------------------------------------


def pysolfc_plait(number):
    """PySolFC's Braid, Aisleriot's Plait (game 12, Braid.startGame; its shuffle hook changes nothing for a
    standard pack): twenty cards onto the plait, one onto each of the 4 corners and the 8 free cells, then the
    next card onto the first foundation of its suit; PySolFC's first card turned to the waste is left to the
    player's first click."""
    cards = [oracle.code(c) for c in oracle.shuffled(2, number)]
    layout = {"tableau-1": [cards.pop() for _ in range(20)]}
    for i in range(1, 13):
        layout[f"reserve-{i}"] = [cards.pop()]
    base = cards.pop()
    layout[f"foundation-{2 * 'CSHD'.index(base[1]) + 1}"] = [base]
    layout["stock"] = cards
    return {"cards": layout, "face_down": {"stock": 71, "tableau-1": 0}, "base": RANKS.index(base[0]) + 1}


def test_plait_deals_like_pysolfc():
    check_deal(Plait, pysolfc_plait)


def test_plait_foundations_start_at_the_base_and_the_first_build_sets_the_direction():
    game = position(Plait, 7, foundation_1="7C", tableau_1="8C", reserve_1="6C", reserve_2="7S", reserve_3="6H",
                    reserve_5="7H", reserve_6="8S")
    assert legal(game, "tableau-1", "foundation-1") and legal(game, "reserve-1", "foundation-1")  # up or down
    assert legal(game, "reserve-2", "foundation-3") and legal(game, "reserve-2", "foundation-4")
    assert not legal(game, "reserve-2", "foundation-5")  # the spades' foundations are 3 and 4
    assert not legal(game, "reserve-3", "foundation-5")  # an empty one takes the base rank
    game.push(move(game, "reserve-1", "foundation-1"))  # down
    assert game.direction() == -1
    game.push(move(game, "reserve-2", "foundation-3"))
    assert not legal(game, "reserve-6", "foundation-3")  # up is over
    assert legal(game, "reserve-5", "foundation-5")
    game.pop()
    game.pop()
    assert game.direction() == 0
    game.push(move(game, "tableau-1", "foundation-1"))
    assert game.direction() == 1 and not legal(game, "reserve-1", "foundation-2")


def test_plait_foundations_wrap_and_stop_at_thirteen_cards():
    game = position(Plait, 2, foundation_1="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", foundation_2="2C", reserve_1="AC",
                    reserve_2="3C")
    assert legal(game, "reserve-1", "foundation-1")
    game.push(move(game, "reserve-1", "foundation-1"))
    assert not legal(game, "reserve-2", "foundation-1")
    assert legal(game, "reserve-2", "foundation-2")


def test_plait_corners_refill_from_the_plait_and_cells_take_no_plait_card():
    game = position(Plait, 7, foundation_1="7C", tableau_1="KD QD 8C", reserve_1="6C", reserve_2="JS",
                    reserve_3="5H", reserve_4="4H", reserve_5="", waste="3D")
    game.push(move(game, "reserve-1", "foundation-1"))
    assert [c.code for c in game.stack("reserve-1")] == ["8C"] and len(game.stack("tableau-1")) == 2
    assert not legal(game, "tableau-1", "reserve-5")  # a free cell takes no card from the plait
    assert legal(game, "waste", "reserve-5")
    assert game.is_legal(move(game, "reserve-2", "reserve-5"))  # legal, though not listed: it changes nothing
    assert not legal(game, "waste", "reserve-2")  # one card each
    assert not legal(game, "waste", "tableau-1")  # nothing goes on the plait
    game = position(Plait, 7, foundation_1="7C", tableau_1="", reserve_1="", reserve_5="9D", waste="3D")
    assert legal(game, "waste", "reserve-1") and game.is_legal(move(game, "reserve-5", "reserve-1"))


def test_plait_turns_one_card_redeals_twice_and_is_won_with_every_card_home():
    game = position(Plait, 7, foundation_1="7C", tableau_1="KD", stock="AS 3S")
    for _ in range(2):
        game.push(DEAL)
        game.push(DEAL)
        game.push(REDEAL)
    game.push(DEAL)
    game.push(DEAL)
    assert not game.is_legal(REDEAL)
    assert Plait(1).score() == 1
    cards = {f"foundation_{i + 1}": " ".join(RANKS[(r + 4) % 13] + "CSHD"[i // 2] for r in range(13))
             for i in range(8)}
    game = position(Plait, 5, **cards)
    assert game.is_won() and game.score() == 104 == Plait.max_score
