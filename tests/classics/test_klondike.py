"""The Klondike family of reussite-classics: each game's deal against PySolFC's (pysol-cards' own deal where it
has the game, else PySolFC's dealing order rebuilt here over pysol-cards' shuffle), and each clause of its rule
page on set-up positions: a card taken, one refused with its message, the stock and its redeals, the win, the
score, the options."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import legal, move, position, refused
from reussite_classics.klondike import (
    Athena,
    AuntMary,
    Easthaven,
    GoldMine,
    Jumbo,
    KingAlbert,
    LadyJane,
    Saratoga,
    ThumbAndPouch,
    Westhaven,
    Whitehead,
    Zebra,
)

from reussite.game import DEAL, REDEAL

#: Numbers 1-30 by default; 1-1000 under CI.
NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


# -- helpers ----------------------------------------------------------------------------------------------


def full_foundations(cls, decks=1, **more):
    stacks = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK")
              for i, s in enumerate("CSHD" * decks)}
    return position(cls, **stacks, **more)


def check_deal(cls, expected_of, numbers=NUMBERS, options=None):
    """The whole layout and the face-down counts of each number equal the expected deal's."""
    for number in numbers:
        game = cls(number, options or {})
        expected = expected_of(number)
        layout = oracle.layout_of(game)
        for stack, cards in expected["cards"].items():
            assert layout[stack] == cards, (cls.id, number, stack)
        assert sum(map(len, expected["cards"].values())) == len(game.pack()), (cls.id, number)
        down = oracle.face_down_of(game)
        for stack, count in expected["face_down"].items():
            assert down[stack] == count, (cls.id, number, stack)


def pysol_cards_klondike(game_id, number, flipped=True):
    """pysol-cards' own deal of a game of Klondike's layout (its Klondike, Thumb and Pouch, Whitehead):
    the piles and the talon; every card but the top ones face down if ``flipped``."""
    board = oracle.dealt(game_id, number)
    cols = board.columns.cols
    layout = {f"tableau-{i + 1}": [oracle.code(c) for c in col] for i, col in enumerate(cols)}
    layout["stock"] = [oracle.code(c) for c in reversed(board.talon)]  # the talon is listed in dealing order
    down = {f"tableau-{i + 1}": (len(col) - 1 if flipped else 0) for i, col in enumerate(cols)}
    return {"cards": layout, "face_down": down}


def pysolfc_deal(number, rows, decks=1, shuffle_hook=None, **more):
    """A PySolFC deal rebuilt over pysol-cards' shuffle: ``rows`` is the dealing order, a list of
    ``(piles, face_down)``, each a row dealt onto the 0-based ``piles`` in that order, taking the top card of the
    pack each time; ``more`` names other stacks and how many cards each takes first (before the rows). The
    rest is the stock, its last card on top."""
    cards = [oracle.code(c) for c in oracle.shuffled(decks, number)]
    if shuffle_hook:
        cards = shuffle_hook(cards)
    layout = {}
    for stack, count in more.items():
        layout[stack.replace("_", "-")] = [cards.pop() for _ in range(count)]
    piles, down = {}, {}
    for row, face_down in rows:
        for i in row:
            pile = piles.setdefault(i, [])
            pile.append(cards.pop())
            down[i] = down.get(i, 0) + face_down
    layout.update({f"tableau-{i + 1}": pile for i, pile in sorted(piles.items())})
    layout["stock"] = cards
    return {"cards": layout, "face_down": {f"tableau-{i + 1}": down[i] for i in piles}}


def klondike_rows(piles, face_down, reverse=True):
    """PySolFC's Klondike.startGame: row K onto piles K+1 to the last, then a row on every pile, each row from
    the right (``reverse``, PySolFC's default for Klondike) or the left."""
    rows = [(list(range(k, piles)), 1 if face_down else 0) for k in range(1, piles)] + [(list(range(piles)), 0)]
    return [(row[::-1] if reverse else row, down) for row, down in rows]


def play_stock_out(game):
    while game.stack("stock"):
        game.push(DEAL)


# -- Thumb and Pouch (PySolFC game 58) --------------------------------------------------------------------


def test_thumb_and_pouch_deals_like_pysolfc():
    check_deal(ThumbAndPouch, lambda n: pysol_cards_klondike("thumb_and_pouch", n))


def test_thumb_and_pouch_builds_down_in_any_suit_but_its_own():
    game = position(ThumbAndPouch, tableau_1="9H", tableau_2="8S", tableau_3="8D", tableau_4="8H", tableau_5="7H")
    assert legal(game, "tableau-2", "tableau-1")  # black on red
    assert legal(game, "tableau-3", "tableau-1")  # red of another suit: the colour does not matter
    assert refused(game, "tableau-4", "tableau-1") == \
        "The 8 of hearts cannot go on the 9 of hearts: build down in any other suit."
    assert not legal(game, "tableau-5", "tableau-1")  # 7 on 9


def test_thumb_and_pouch_moves_a_face_up_run_and_turns_up_the_card_it_uncovers():
    game = position(ThumbAndPouch, face_down={"tableau_1": 1}, tableau_1="2C 9S 8D 7S", tableau_2="TS",
                    tableau_3="TH")
    assert not legal(game, "tableau-1", "tableau-2", 3)  # the 9 of spades heads the run: not on a spade
    assert legal(game, "tableau-1", "tableau-3", 3)
    assert not legal(game, "tableau-1", "tableau-3", 4)  # the face-down 2 stays
    game.push(move(game, "tableau-1", "tableau-3", 3))
    assert game.face_down[game.index["tableau-1"]] == 0


def test_an_empty_thumb_and_pouch_pile_takes_any_card_or_run():
    game = position(ThumbAndPouch, tableau_1="", tableau_2="KC 5H", tableau_3="AD 9S 8H", waste="3D")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "tableau-3", "tableau-1", 2)
    assert legal(game, "waste", "tableau-1")


def test_thumb_and_pouch_foundations_build_up_in_suit_and_give_back():
    game = position(ThumbAndPouch, foundation_1="AH 2H 3H", tableau_1="4H", tableau_2="4D", tableau_3="4S",
                    tableau_4="4C")
    assert legal(game, "tableau-1", "foundation-1")
    assert refused(game, "tableau-2", "foundation-1") == \
        "The 4 of diamonds cannot go on the 3 of hearts: build up in suit."
    assert "must start with an Ace" in refused(game, "tableau-3", "foundation-2")
    assert legal(game, "foundation-1", "tableau-4")  # the 3 of hearts back onto a pile where it fits
    assert not legal(game, "foundation-1", "tableau-1")  # not onto a heart


def test_thumb_and_pouch_turns_one_card_and_redeals_twice():
    game = position(ThumbAndPouch, stock="2C 3C 4C", tableau_1="KD")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["4C"]
    for _ in range(2):
        play_stock_out(game)
        game.push(REDEAL)
        assert [c.code for c in game.stack("stock")] == ["2C", "3C", "4C"]
    play_stock_out(game)
    assert str(game.explain(REDEAL)) == "No redeal is left."
    assert game.redeals_used == 2 and ThumbAndPouch.redeals == 2


def test_thumb_and_pouch_is_won_with_52_on_the_foundations_and_scores_a_point_a_card():
    game = position(ThumbAndPouch, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(ThumbAndPouch)
    assert game.is_won() and game.score() == ThumbAndPouch.max_score == 52
    assert ThumbAndPouch.options == ()


# -- Whitehead (PySolFC game 67) --------------------------------------------------------------------------


def test_whitehead_deals_like_pysolfc_every_card_face_up():
    # pysol-cards deals Whitehead's cards in Klondike's places; PySolFC's Whitehead turns them all face up
    # (Whitehead.startGame: flip=1).
    check_deal(Whitehead, lambda n: pysol_cards_klondike("whitehead", n, flipped=False))


def test_whitehead_builds_down_in_the_same_colour():
    game = position(Whitehead, tableau_1="9H", tableau_2="8H", tableau_3="8D", tableau_4="8S", tableau_5="7H")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "tableau-3", "tableau-1")
    assert refused(game, "tableau-4", "tableau-1") == \
        "The 8 of spades cannot go on the 9 of hearts: build down in the same colour."
    assert not legal(game, "tableau-5", "tableau-1")


def test_whitehead_moves_only_a_run_of_one_suit():
    game = position(Whitehead, tableau_1="9H 8D 7D", tableau_2="9D", tableau_3="TD", tableau_4="TC 9C 8C",
                    tableau_5="JS")
    assert legal(game, "tableau-1", "tableau-2", 2)  # 8D 7D, one suit
    assert not legal(game, "tableau-1", "tableau-3", 3)  # 9H 8D 7D is built, but of two suits
    assert legal(game, "tableau-4", "tableau-5", 3)  # TC 9C 8C onto the Jack of spades
    game = position(Whitehead, tableau_1="KC TH 9H 8H", tableau_2="")
    assert legal(game, "tableau-1", "tableau-2", 3)


def test_an_empty_whitehead_pile_takes_any_card_or_run_that_moves():
    game = position(Whitehead, tableau_1="", tableau_2="KC 5H", tableau_3="AD 9S 8S", tableau_4="7C 6S",
                    waste="3D")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "tableau-3", "tableau-1", 2)
    assert legal(game, "waste", "tableau-1")
    assert not legal(game, "tableau-4", "tableau-1", 2)  # 7C 6S is not one suit


def test_whitehead_foundations_build_up_in_suit_and_give_back():
    game = position(Whitehead, foundation_1="AH 2H 3H", tableau_1="4H", tableau_2="4D")
    assert legal(game, "tableau-1", "foundation-1")
    assert refused(game, "tableau-2", "foundation-1") == \
        "The 4 of diamonds cannot go on the 3 of hearts: build up in suit."
    assert legal(game, "foundation-1", "tableau-2")  # the 3 of hearts onto the red 4


def test_whitehead_turns_one_card_and_never_redeals():
    game = position(Whitehead, stock="2C 3C", tableau_1="KD")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["3C"]
    play_stock_out(game)
    assert not game.is_legal(REDEAL) and str(game.explain(REDEAL)) == "No redeal is left."


def test_whitehead_is_won_with_52_on_the_foundations_and_scores_a_point_a_card():
    game = position(Whitehead, foundation_1="AC 2C 3C", tableau_1="4C")
    assert not game.is_won() and game.score() == 3
    game = full_foundations(Whitehead)
    assert game.is_won() and game.score() == Whitehead.max_score == 52
    assert Whitehead.options == ()


# -- Saratoga (PySolFC game 479) --------------------------------------------------------------------------


@pytest.mark.parametrize("draw", ["1", "3"])
def test_saratoga_deals_like_pysolfc_face_up(draw):
    check_deal(Saratoga, lambda n: pysolfc_deal(n, klondike_rows(7, face_down=False)), options={"draw": draw})


def test_the_rebuilt_klondike_order_is_pysol_cards_klondike():
    # The rebuilt order checked once against pysol-cards' own Klondike deal, face-down cards included.
    for number in NUMBERS:
        assert pysolfc_deal(number, klondike_rows(7, face_down=True)) == pysol_cards_klondike("klondike", number)


def test_saratoga_builds_down_in_alternating_colours_and_moves_runs():
    game = position(Saratoga, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="TD 9C 8D")
    assert legal(game, "tableau-2", "tableau-1")
    assert refused(game, "tableau-3", "tableau-1") == \
        "The 8 of clubs cannot go on the 9 of spades: build down in alternating colours."
    game = position(Saratoga, tableau_1="JC", tableau_2="3H TD 9C 8D")
    assert legal(game, "tableau-2", "tableau-1", 3)


def test_an_empty_saratoga_pile_takes_only_a_king():
    game = position(Saratoga, tableau_1="", tableau_2="3C KS QD", tableau_3="5H QH", waste="KH")
    assert legal(game, "tableau-2", "tableau-1", 2)
    assert legal(game, "waste", "tableau-1")
    assert "King" in refused(game, "tableau-3", "tableau-1")


def test_saratoga_foundations_build_up_in_suit_and_give_back():
    game = position(Saratoga, foundation_1="AH 2H 3H", tableau_1="4H", tableau_2="4C", tableau_3="2S")
    assert legal(game, "tableau-1", "foundation-1")
    assert legal(game, "foundation-1", "tableau-2")
    assert "must start with an Ace" in refused(game, "tableau-3", "foundation-2")


@pytest.mark.parametrize("draw", ["1", "3"])
def test_saratoga_turns_one_or_three_cards_and_redeals_without_limit(draw):
    game = position(Saratoga, {"draw": draw}, stock="2C 3C 4C 5C", tableau_1="KD")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["5C", "4C", "3C"][:int(draw)]
    for _ in range(4):
        play_stock_out(game)
        game.push(REDEAL)
        assert [c.code for c in game.stack("stock")] == ["2C", "3C", "4C", "5C"]
    assert Saratoga.redeals is None


def test_saratoga_draws_one_card_by_default_and_scores_a_point_a_card():
    assert Saratoga(1).deal_count == 1 and Saratoga(1, {"draw": "3"}).deal_count == 3
    assert [o.name for o in Saratoga.options] == ["draw"]
    game = position(Saratoga, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(Saratoga)
    assert game.is_won() and game.score() == Saratoga.max_score == 52


# -- Athena (PySolFC game 633) ----------------------------------------------------------------------------


def athena_deal(number):
    """PySolFC's Athena.startGame: four rows from the left, face down, face up, face down, face up. A pile's
    face-down cards are counted from its bottom here, so the second row is counted face down (rules-notes)."""
    deal = pysolfc_deal(number, [(range(7), 1), (range(7), 0), (range(7), 1), (range(7), 0)])
    deal["face_down"] = {pile: 3 for pile in deal["face_down"]}
    return deal


@pytest.mark.parametrize("draw", ["1", "3"])
def test_athena_deals_like_pysolfc(draw):
    check_deal(Athena, athena_deal, options={"draw": draw})


def test_athena_turns_up_the_second_and_first_rows_as_they_come_to_the_top():
    game = Athena(3)
    pile = game.index["tableau-1"]
    assert len(game.cards[pile]) == 4 and game.face_down[pile] == 3
    game = position(Athena, face_down={"tableau_1": 3}, tableau_1="2C 5D 3S 9H", tableau_2="TS", tableau_3="4D")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert game.face_down[pile] == 2  # the third row's card is turned up
    game.push(move(game, "tableau-1", "tableau-3"))
    assert game.face_down[pile] == 1  # then the second row's


def test_athena_builds_down_in_alternating_colours_with_kings_on_empty_piles():
    game = position(Athena, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="", tableau_5="3C KS QD",
                    tableau_6="5H QH")
    assert legal(game, "tableau-2", "tableau-1")
    assert refused(game, "tableau-3", "tableau-1") == \
        "The 8 of clubs cannot go on the 9 of spades: build down in alternating colours."
    assert legal(game, "tableau-5", "tableau-4", 2)
    assert "King" in refused(game, "tableau-6", "tableau-4")


def test_athena_foundations_build_up_in_suit_and_give_back():
    game = position(Athena, foundation_1="AH 2H 3H", tableau_1="4H", tableau_2="4C", tableau_3="4D")
    assert legal(game, "tableau-1", "foundation-1")
    assert refused(game, "tableau-3", "foundation-1") == \
        "The 4 of diamonds cannot go on the 3 of hearts: build up in suit."
    assert legal(game, "foundation-1", "tableau-2")


@pytest.mark.parametrize("draw", ["1", "3"])
def test_athena_turns_one_or_three_cards_and_redeals_twice(draw):
    game = position(Athena, {"draw": draw}, stock="2C 3C 4C 5C", tableau_1="KD")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["5C", "4C", "3C"][:int(draw)]
    for _ in range(2):
        play_stock_out(game)
        game.push(REDEAL)
    play_stock_out(game)
    assert str(game.explain(REDEAL)) == "No redeal is left."


def test_athena_draws_one_card_by_default_and_scores_a_point_a_card():
    assert Athena(1).deal_count == 1 and Athena(1, {"draw": "3"}).deal_count == 3
    game = position(Athena, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(Athena)
    assert game.is_won() and game.score() == Athena.max_score == 52


# -- Aunt Mary (PySolFC game 407) -------------------------------------------------------------------------


def aunt_mary_deal(number):
    """PySolFC's AuntMary.startGame: five rows from the left, row K face up on the first K piles and face down
    on the others, then a face-up row."""
    rows = []
    for k in range(1, 6):
        rows += [(range(k), 0), (range(k, 6), 1)]
    return pysolfc_deal(number, [*rows, (range(6), 0)])


def test_aunt_mary_deals_like_pysolfc():
    check_deal(AuntMary, aunt_mary_deal)
    game = AuntMary(5)
    assert [game.face_down[i] for i in game.tableau_ix] == [0, 1, 2, 3, 4, 5]
    assert len(game.stack("stock")) == 16 and AuntMary.piles == 6


def test_aunt_mary_moves_only_the_run_at_the_top_of_the_dealt_cards():
    game = position(AuntMary, tableau_1="AH 9S 8H 7C", tableau_2="TH", tableau_3="2S")
    assert legal(game, "tableau-1", "tableau-2", 3)  # 9S 8H 7C onto the red 10
    assert not legal(game, "tableau-1", "tableau-3", 4)  # the Ace below is face up but not in the run


def test_aunt_mary_builds_down_in_alternating_colours_with_kings_on_empty_piles():
    game = position(AuntMary, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="", tableau_5="3C KS QD",
                    tableau_6="5H QH")
    assert legal(game, "tableau-2", "tableau-1")
    assert refused(game, "tableau-3", "tableau-1") == \
        "The 8 of clubs cannot go on the 9 of spades: build down in alternating colours."
    assert legal(game, "tableau-5", "tableau-4", 2)
    assert "King" in refused(game, "tableau-6", "tableau-4")


def test_aunt_mary_foundations_build_up_in_suit_and_give_back():
    game = position(AuntMary, foundation_1="AH 2H 3H", tableau_1="4H", tableau_2="4C", tableau_3="4D")
    assert legal(game, "tableau-1", "foundation-1")
    assert "build up in suit" in refused(game, "tableau-3", "foundation-1")
    assert legal(game, "foundation-1", "tableau-2")


def test_aunt_mary_turns_one_card_and_redeals_twice():
    game = position(AuntMary, stock="2C 3C 4C", tableau_1="KD")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["4C"]
    for _ in range(2):
        play_stock_out(game)
        game.push(REDEAL)
    play_stock_out(game)
    assert str(game.explain(REDEAL)) == "No redeal is left."
    assert AuntMary.options == ()


def test_aunt_mary_is_won_with_52_on_the_foundations_and_scores_a_point_a_card():
    game = position(AuntMary, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(AuntMary)
    assert game.is_won() and game.score() == AuntMary.max_score == 52


# -- Gold Mine (PySolFC game 572) -------------------------------------------------------------------------


def test_gold_mine_deals_the_whole_pack_to_the_stock_like_pysolfc():
    # PySolFC's GoldMine.startGame deals nothing to the piles (then turns the first three cards: here the
    # first click does).
    check_deal(GoldMine, lambda n: pysolfc_deal(n, []))
    assert all(not GoldMine(7).cards[i] for i in GoldMine(7).tableau_ix)


def test_gold_mine_builds_down_in_alternating_colours_and_moves_runs():
    game = position(GoldMine, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="JC", tableau_5="TD 9C 8D")
    assert legal(game, "tableau-2", "tableau-1")
    assert "build down in alternating colours" in refused(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-5", "tableau-4", 3)


def test_an_empty_gold_mine_pile_takes_any_card_or_run():
    game = position(GoldMine, tableau_1="", tableau_2="KC 5H", tableau_3="AD 9S 8H", waste="3D")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "tableau-3", "tableau-1", 2)
    assert legal(game, "waste", "tableau-1")


def test_gold_mine_foundations_build_up_in_suit_and_give_back():
    game = position(GoldMine, foundation_1="AH 2H 3H", tableau_1="4H", tableau_2="4C", tableau_3="4D")
    assert legal(game, "tableau-1", "foundation-1")
    assert "build up in suit" in refused(game, "tableau-3", "foundation-1")
    assert legal(game, "foundation-1", "tableau-2")


def test_gold_mine_turns_three_cards_once():
    game = position(GoldMine, stock="2C 3C 4C 5C 6C", tableau_1="6D")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["6C", "5C", "4C"]
    assert not legal(game, "waste", "tableau-1")  # the 5 of clubs would fit, but the 4 covers it
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["6C", "5C", "4C", "3C", "2C"] and not game.stack("stock")
    assert not game.is_legal(REDEAL) and str(game.explain(REDEAL)) == "No redeal is left."
    assert GoldMine.options == () and GoldMine(1).deal_count == 3


def test_gold_mine_is_won_with_52_on_the_foundations_and_scores_a_point_a_card():
    game = position(GoldMine, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(GoldMine)
    assert game.is_won() and game.score() == GoldMine.max_score == 52


# -- Jumbo (PySolFC's Gargantua, game 25, "Jumbo" among its names) -----------------------------------------


def test_jumbo_deals_like_pysolfc_gargantua():
    # DoubleKlondike.startGame: row K onto piles K+1 to 9 face down, each from the left, then a face-up row.
    check_deal(Jumbo, lambda n: pysolfc_deal(n, klondike_rows(9, face_down=True, reverse=False), decks=2))
    game = Jumbo(5)
    assert [len(game.cards[i]) for i in game.tableau_ix] == list(range(1, 10))
    assert len(game.stack("stock")) == 59 and len(game.foundation_ix) == 8


def test_jumbo_plays_klondike_rules_with_two_packs():
    game = position(Jumbo, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="", tableau_5="3C KS QD",
                    tableau_6="5H QH", tableau_7="9S")
    assert legal(game, "tableau-2", "tableau-1") and legal(game, "tableau-2", "tableau-7")  # either 9 of spades
    assert "build down in alternating colours" in refused(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-5", "tableau-4", 2)
    assert "King" in refused(game, "tableau-6", "tableau-4")


def test_jumbo_has_eight_foundations_up_in_suit_that_give_back():
    game = position(Jumbo, foundation_1="AH 2H", foundation_2="AH", tableau_1="3H", tableau_2="2H",
                    tableau_3="3C", tableau_4="AC")
    assert legal(game, "tableau-1", "foundation-1")
    assert legal(game, "tableau-2", "foundation-2")  # the second 2 of hearts on the second Ace
    assert legal(game, "tableau-4", "foundation-3")  # ... an Ace starts any empty foundation
    assert legal(game, "foundation-1", "tableau-3")


def test_jumbo_turns_one_card_and_redeals_once():
    game = position(Jumbo, stock="2C 3C 4C", tableau_1="KD")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["4C"]
    play_stock_out(game)
    game.push(REDEAL)
    play_stock_out(game)
    assert str(game.explain(REDEAL)) == "No redeal is left."
    assert Jumbo.options == ()


def test_jumbo_is_won_with_104_on_the_foundations_and_scores_a_point_a_card():
    game = position(Jumbo, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(Jumbo, decks=2)
    assert game.is_won() and game.score() == Jumbo.max_score == 104


# -- Easthaven (PySolFC game 224) -------------------------------------------------------------------------


def test_easthaven_deals_like_pysolfc():
    # Eastcliff.startGame: two face-down rows and a face-up row, each from the left; no waste.
    check_deal(Easthaven, lambda n: pysolfc_deal(n, [(range(7), 1), (range(7), 1), (range(7), 0)]))
    assert "waste" not in Easthaven(1).index and len(Easthaven(1).stack("stock")) == 31


def test_easthaven_builds_down_in_alternating_colours_and_moves_runs_only():
    game = position(Easthaven, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="JC",
                    tableau_5="4D TD 9C 8D", tableau_6="6S 9H")
    assert legal(game, "tableau-2", "tableau-1")
    assert "build down in alternating colours" in refused(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-5", "tableau-4", 3)
    assert not legal(game, "tableau-5", "tableau-4", 4)  # the 4 of diamonds a deal put there is not in the run


def test_an_empty_easthaven_pile_takes_only_a_king():
    game = position(Easthaven, tableau_1="", tableau_2="3C KS QD", tableau_3="5H QH", stock="2C")
    assert legal(game, "tableau-2", "tableau-1", 2)
    assert "King" in refused(game, "tableau-3", "tableau-1")


def test_easthaven_foundation_cards_stay():
    game = position(Easthaven, foundation_1="AH 2H 3H", tableau_1="4H", tableau_2="4C", tableau_3="4D")
    assert legal(game, "tableau-1", "foundation-1")
    assert "build up in suit" in refused(game, "tableau-3", "foundation-1")
    assert not legal(game, "foundation-1", "tableau-2")


def test_easthaven_deals_a_card_onto_each_pile_the_last_deal_three():
    stock = "2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    piles = {f"tableau_{i}": "KD" if i == 1 else f"{'A23456'[i - 2]}H" for i in range(1, 8)}
    game = position(Easthaven, stock=stock, **piles)
    game.push(DEAL)
    assert [game.stack(f"tableau-{i}")[-1].code for i in range(1, 8)] == "JC TC 9C 8C 7C 6C 5C".split()
    game.push(DEAL)
    assert [len(game.stack(f"tableau-{i}")) for i in range(1, 8)] == [3, 3, 3, 2, 2, 2, 2]
    assert not game.stack("stock") and not game.is_legal(REDEAL)


def test_easthaven_fills_an_empty_pile_with_a_king_before_dealing():
    game = position(Easthaven, tableau_1="", tableau_2="3C KS QD", stock="2C")
    assert not game.is_legal(DEAL)
    assert str(game.explain(DEAL)) == "Fill the empty piles that a card can move to before dealing."
    game.push(move(game, "tableau-2", "tableau-1", 2))
    assert game.is_legal(DEAL)
    # No King to move (none, or one already at the bottom of its pile): the deal goes ahead.
    assert position(Easthaven, tableau_1="", tableau_2="KS QD", tableau_3="5H", stock="2C").is_legal(DEAL)


def test_easthaven_is_won_with_52_on_the_foundations_and_scores_a_point_a_card():
    game = position(Easthaven, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(Easthaven)
    assert game.is_won() and game.score() == Easthaven.max_score == 52
    assert Easthaven.options == () and Easthaven.redeals == 0


# -- Westhaven (PySolFC games 225 and 33) -----------------------------------------------------------------


def test_westhaven_deals_like_pysolfc():
    # Eastcliff.startGame on ten piles (Westhaven, game 225, and Westcliff, game 33, whose waste Aisleriot's
    # Westhaven has): two face-down rows and a face-up row, each from the left.
    check_deal(Westhaven, lambda n: pysolfc_deal(n, [(range(10), 1), (range(10), 1), (range(10), 0)]))
    assert len(Westhaven(1).stack("stock")) == 22


def test_westhaven_moves_the_top_card_or_all_the_face_up_cards():
    game = position(Westhaven, face_down={"tableau_1": 1}, tableau_1="2C TD 9C 8D", tableau_2="JS",
                    tableau_3="TS", tableau_4="9S")
    assert legal(game, "tableau-1", "tableau-4")  # the top card
    assert legal(game, "tableau-1", "tableau-2", 3)  # all three face-up cards
    assert refused(game, "tableau-1", "tableau-3", 2) == \
        "Only the top card or all the face-up cards of a pile move."
    assert not legal(game, "tableau-1", "tableau-2", 4)  # not the face-down card


def test_westhaven_builds_down_in_alternating_colours_and_fills_empty_piles_with_anything():
    game = position(Westhaven, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="", tableau_5="3C 5H",
                    waste="7D")
    assert legal(game, "tableau-2", "tableau-1")
    assert "build down in alternating colours" in refused(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-5", "tableau-4") and legal(game, "waste", "tableau-4")


def test_westhaven_foundation_cards_stay():
    game = position(Westhaven, foundation_1="AH 2H 3H", tableau_1="4H", tableau_2="4C", tableau_3="4D")
    assert legal(game, "tableau-1", "foundation-1")
    assert "build up in suit" in refused(game, "tableau-3", "foundation-1")
    assert not legal(game, "foundation-1", "tableau-2")


def test_westhaven_turns_one_card_once():
    game = position(Westhaven, stock="2C 3C", tableau_1="KD")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["3C"]
    play_stock_out(game)
    assert str(game.explain(REDEAL)) == "No redeal is left."


def test_westhaven_is_won_with_52_on_the_foundations_and_scores_a_point_a_card():
    game = position(Westhaven, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(Westhaven)
    assert game.is_won() and game.score() == Westhaven.max_score == 52
    assert Westhaven.options == ()


# -- King Albert (PySolFC game 233) -----------------------------------------------------------------------


def test_king_albert_deals_like_pysolfc():
    # KingAlbert.startGame: Klondike's triangle from the left, face up (flip=1, reverse=0), then one card onto
    # each of the seven reserves.
    def expected(number):
        deal = pysolfc_deal(number, klondike_rows(9, face_down=False, reverse=False))
        stock = deal["cards"].pop("stock")
        assert len(stock) == 7
        deal["cards"].update({f"reserve-{i + 1}": [card] for i, card in enumerate(reversed(stock))})
        return deal

    check_deal(KingAlbert, expected)
    assert "stock" not in KingAlbert(1).index


def test_king_albert_moves_one_card_at_a_time():
    game = position(KingAlbert, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="JC", tableau_5="TD 9C",
                    tableau_6="TH")
    assert legal(game, "tableau-2", "tableau-1")
    assert "build down in alternating colours" in refused(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-5", "tableau-6")  # the top card alone
    assert not legal(game, "tableau-5", "tableau-4", 2)  # a run does not move as a unit


def test_an_empty_king_albert_pile_takes_any_card():
    game = position(KingAlbert, tableau_1="", tableau_2="KC 5H", reserve_1="3D")
    assert legal(game, "tableau-2", "tableau-1")
    assert legal(game, "reserve-1", "tableau-1")


def test_king_albert_reserve_cards_go_to_the_piles_or_foundations_and_take_nothing():
    game = position(KingAlbert, tableau_1="9S", tableau_2="8D", reserve_1="8H", reserve_2="AC", reserve_3="")
    assert legal(game, "reserve-1", "tableau-1")
    assert legal(game, "reserve-2", "foundation-1")
    assert not legal(game, "tableau-2", "reserve-3")  # an emptied reserve stays empty
    assert not legal(game, "reserve-1", "reserve-3")


def test_king_albert_foundations_build_up_in_suit_and_give_back():
    game = position(KingAlbert, foundation_1="AH 2H 3H", tableau_1="4H", tableau_2="4C", tableau_3="4D")
    assert legal(game, "tableau-1", "foundation-1")
    assert "build up in suit" in refused(game, "tableau-3", "foundation-1")
    assert legal(game, "foundation-1", "tableau-2")


def test_king_albert_is_won_with_52_on_the_foundations_and_scores_a_point_a_card():
    game = position(KingAlbert, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(KingAlbert)
    assert game.is_won() and game.score() == KingAlbert.max_score == 52
    assert KingAlbert.options == ()


# -- Zebra (PySolFC game 113) -----------------------------------------------------------------------------


def aces_on_top(cards):
    """PySolFC's RedAndBlack._shuffleHook: the eight Aces to the top of the pack, to be dealt first: clubs first,
    then spades, hearts and diamonds, and of a suit's two Aces the one nearer the top first."""
    aces = [(i, c) for i, c in enumerate(cards) if c[0] == "A"]
    first = sorted(aces, key=lambda ic: ("CSHD".index(ic[1][1]), -ic[0]))
    return [c for c in cards if c[0] != "A"] + [c for _, c in reversed(first)]


def test_zebra_deals_like_pysolfc():
    # RedAndBlack.startGame: the Aces onto the foundations (two of each suit, clubs first), then one face-up
    # row onto the eight piles from the left (PySolFC then turns a card onto the waste: here the first click).
    check_deal(Zebra, lambda n: pysolfc_deal(n, [(range(8), 0)], decks=2, shuffle_hook=aces_on_top,
                                             **{f"foundation_{k}": 1 for k in range(1, 9)}))
    assert [c.code for f in Zebra(5).foundation_ix for c in Zebra(5).cards[f]] == \
        "AC AC AS AS AH AH AD AD".split()


def zebra_position(**stacks):
    """A Zebra position whose piles not given hold a King or a Queen each (an empty pile is refilled at once)."""
    kings = iter("KC KS KH KD QC QS QH QD".split())
    for k in range(1, 9):
        stacks.setdefault(f"tableau_{k}", next(kings))
    return position(Zebra, **stacks)


def test_zebra_foundations_build_up_in_alternating_colours_and_keep_their_cards():
    game = zebra_position(foundation_1="AC", foundation_2="AC 2H", tableau_1="2D", tableau_2="2S", tableau_3="3C",
                    tableau_4="4S")
    assert legal(game, "tableau-1", "foundation-1")  # a red 2 on the Ace of clubs, of any red suit
    assert refused(game, "tableau-2", "foundation-1") == \
        "The 2 of spades cannot go on the Ace of clubs: build up in alternating colours."
    assert legal(game, "tableau-3", "foundation-2")
    game = zebra_position(foundation_1="AC 2H", tableau_1="3S", tableau_2="3C")
    assert not legal(game, "foundation-1", "tableau-1")  # the 2 of hearts stays


def test_zebra_builds_down_in_alternating_colours_one_card_at_a_time():
    game = zebra_position(tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="TH 9C", tableau_5="JD",
                    stock="2C")
    assert legal(game, "tableau-2", "tableau-1")
    assert "build down in alternating colours" in refused(game, "tableau-3", "tableau-1")
    assert not legal(game, "tableau-4", "tableau-5", 2)


def test_a_zebra_pile_emptied_is_refilled_from_the_waste_else_the_stock():
    game = zebra_position(tableau_1="8H", tableau_2="9S", tableau_3="8D", tableau_4="9C", waste="5C 6D",
                    stock="2C 3C")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert [c.code for c in game.stack("tableau-1")] == ["6D"] and [c.code for c in game.stack("waste")] == ["5C"]
    game.pop()
    assert [c.code for c in game.stack("tableau-1")] == ["8H"] and len(game.stack("waste")) == 2
    game = zebra_position(tableau_1="8H", tableau_2="9S", stock="2C 3C")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert [c.code for c in game.stack("tableau-1")] == ["3C"] and [c.code for c in game.stack("stock")] == ["2C"]
    game = zebra_position(tableau_1="8H", tableau_2="9S", tableau_3="TD 9S")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert not game.stack("tableau-1")  # nothing left to fill it
    assert refused(game, "tableau-3", "tableau-1") == "Nothing can be placed on tableau pile 1 once it is empty."


def test_zebra_turns_one_card_and_redeals_once():
    game = zebra_position(stock="2C 3C 4C", tableau_1="KD")
    game.push(DEAL)
    assert [c.code for c in game.stack("waste")] == ["4C"]
    play_stock_out(game)
    game.push(REDEAL)
    play_stock_out(game)
    assert str(game.explain(REDEAL)) == "No redeal is left."
    assert Zebra.options == ()


def test_zebra_is_won_with_104_on_the_foundations_and_scores_a_point_a_card_besides_the_aces():
    assert Zebra(1).score() == 0
    game = zebra_position(foundation_1="AC 2H 3S", foundation_2="AC", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(Zebra, decks=2)
    assert game.is_won() and game.score() == Zebra.max_score == 96


# -- Lady Jane (Aisleriot's; PySolFC's Jane, game 230) ----------------------------------------------------


def test_lady_jane_deals_like_pysolfc_jane():
    # Jane.startGame: Klondike's triangle, a row onto the 7 reserves from the left, then the base card onto
    # the foundation of its suit (PySolFC's foundations are one a suit: clubs, spades, hearts, diamonds).
    def expected(number):
        deal = pysolfc_deal(number, klondike_rows(7, face_down=True))
        stock = deal["cards"]["stock"]
        deal["cards"].update({f"reserve-{i + 1}": [stock.pop()] for i in range(7)})
        base = stock.pop()
        deal["cards"][f"foundation-{'CSHD'.index(base[1]) + 1}"] = [base]
        return deal

    check_deal(LadyJane, expected)
    assert len(LadyJane(1).stack("stock")) == 16


def jane(**stacks):
    """A Lady Jane position with a 9 of clubs as its base card, unless a foundation is given."""
    if not any(name.startswith("foundation") for name in stacks):
        stacks["foundation_1"] = "9C"
    return position(LadyJane, **stacks)


def test_lady_jane_foundations_start_from_the_base_rank_in_their_suit_and_go_round_the_corner():
    game = jane(foundation_1="9C TC JC QC KC", tableau_1="AC", tableau_2="9H", tableau_3="9S", tableau_4="AD")
    assert game.base_card_rank() == 9
    assert legal(game, "tableau-1", "foundation-1")  # the Ace after the King
    assert legal(game, "tableau-2", "foundation-3")  # the 9 of hearts starts the hearts
    assert refused(game, "tableau-3", "foundation-3") == \
        "A foundation starts with a card of the base card's rank, in its own suit."
    assert not legal(game, "tableau-4", "foundation-4")  # not the base rank


def test_lady_jane_foundation_cards_come_back_even_the_base_card():
    game = jane(foundation_1="9C TC", foundation_3="9H", tableau_1="JH", tableau_2="TS")
    assert legal(game, "foundation-1", "tableau-1")  # the 10 of clubs onto the Jack of hearts
    assert legal(game, "foundation-3", "tableau-2")  # the 9 of hearts, a foundation's first card, too
    game = LadyJane(5)  # base card: the 9 of diamonds, on foundation 4
    assert game.base_card_rank() == 9
    base = game.foundation_ix[3]
    game.cards[base].clear()  # every foundation empty: the rank dealt still holds
    assert game.base_card_rank() == 9 and game.takes(base) == {9 * 4 + 3}


def test_lady_jane_builds_down_in_alternating_colours_round_the_corner_but_not_on_the_base_rank():
    game = jane(tableau_1="AH", tableau_2="KS", tableau_3="9H", tableau_4="8S", tableau_5="5D", tableau_6="4D",
                tableau_7="JS TH")
    assert legal(game, "tableau-2", "tableau-1")  # a black King on a red Ace
    assert refused(game, "tableau-4", "tableau-3") == "Nothing goes on a card of the base rank."
    assert not legal(game, "tableau-6", "tableau-5")  # red on red
    game = jane(tableau_1="QD", tableau_2="3C JS TH 9S", tableau_3="TC 9H 8C", tableau_4="TS")
    assert legal(game, "tableau-2", "tableau-1", 3)  # JS TH 9S moves as a run
    assert not legal(game, "tableau-2", "tableau-1", 4)
    assert not legal(game, "tableau-3", "tableau-4", 2)  # the 8 of clubs is not on the 9 of hearts: a base card


def test_an_empty_lady_jane_pile_takes_the_rank_below_the_base():
    game = jane(tableau_1="", tableau_2="3C 8H 7S", tableau_3="QH", reserve_1="8D")
    assert legal(game, "tableau-2", "tableau-1", 2)
    assert legal(game, "reserve-1", "tableau-1")
    assert refused(game, "tableau-3", "tableau-1") == "An empty pile takes only a card one rank below the base card."
    game = jane(foundation_2="AS", tableau_1="", tableau_2="5C KD")
    assert legal(game, "tableau-2", "tableau-1")  # the base is an Ace: a King


def test_lady_jane_reserves_give_their_top_card_and_take_nothing():
    game = jane(reserve_1="2C 7D", reserve_2="", tableau_1="8S", tableau_2="5H", foundation_1="9C TC")
    assert legal(game, "reserve-1", "tableau-1")
    assert not legal(game, "tableau-2", "reserve-2")
    assert not legal(game, "tableau-2", "reserve-1")


def test_lady_jane_deals_a_card_onto_each_reserve_the_last_deal_two_and_no_redeal():
    game = jane(stock=" ".join(f"{r}D" for r in "23456789T"), tableau_1="KS")
    game.push(DEAL)
    assert [c.code for i in game.reserve_ix for c in game.cards[i]] == "TD 9D 8D 7D 6D 5D 4D".split()
    game.push(DEAL)
    assert [len(game.cards[i]) for i in game.reserve_ix] == [2, 2, 1, 1, 1, 1, 1]
    assert not game.stack("stock") and not game.is_legal(REDEAL) and not game.is_legal(DEAL)


def test_lady_jane_is_won_with_52_on_the_foundations_and_scores_a_point_a_card_base_included():
    assert LadyJane(1).score() == 1
    game = jane(foundation_1="9C TC", tableau_1="JC")
    assert not game.is_won() and game.score() == 2
    stacks = {f"foundation_{i + 1}": " ".join(r + s for r in "9TJQKA2345678") for i, s in enumerate("CSHD")}
    game = position(LadyJane, **stacks)
    assert game.is_won() and game.score() == LadyJane.max_score == 52
    assert LadyJane.options == ()
