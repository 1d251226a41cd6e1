"""Wall (reussite_classics.wall): PySolFC has no Wall, so the deal is Aisleriot's order over PySolFC's shuffle
(the two Kings of spades onto the throne first, then the high and low guard posts, the wall row by row from
the top, and a card onto each waste pile), rebuilt here; and each rule of the rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move
from reussite_classics.wall import R_FROM_WASTE, R_GONE, R_NOT_EXPOSED, R_TOO_WEAK, Wall

from reussite.game import DEAL, R_FROM_KIND, R_NO_DEAL, R_NO_PICKUP, REDEAL
from reussite.messages import Translator

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)
#: Aisleriot's slot numbers: the throne 0 (pile 1), high posts 1-3, low posts 4-7, the wall 8-52 (piles 9-53).
WALL_CARDS = 45


def natural_deal(number):
    pack = [oracle.code(c) for c in oracle.shuffled(2, number)]
    kings = [c for c in pack if c == "KS"]
    cards = [c for c in pack if c != "KS"] + kings
    layout = {"tableau-1": [cards.pop(), cards.pop()]}
    piles = {s: [] for s in range(1, 53)}
    for _ in range(2):
        for s in (1, 2, 3):
            piles[s].append(cards.pop())
    for _ in range(3):
        for s in (4, 5, 6, 7):
            piles[s].append(cards.pop())
    for s in range(8, 53):
        piles[s].append(cards.pop())
    layout.update({f"tableau-{s + 1}": pile for s, pile in piles.items()})
    layout.update({f"reserve-{i}": [cards.pop()] for i in (1, 2, 3)})
    layout["stock"] = cards
    return layout


def position(**stacks):
    """Every target holds a card of its own unless given (``tableau_9="..."``: "" for one brought down), so that
    only the cards a test names are gone; the throne holds the Kings of spades. The filling cards are the pack's
    others, in order."""
    given = {name.replace("_", "-"): cards.split() for name, cards in stacks.items()}
    left = [r + s for _ in range(2) for s in "CDHS" for r in "A23456789TJQK" if r + s != "KS"]
    for cards in given.values():
        for card in cards:
            left.remove(card)
    fillers = iter(left)
    entries = []
    for slot in range(53):
        stack = f"tableau-{slot + 1}"
        cards = given.pop(stack, None)
        if cards is None:
            cards = ["KS", "KS"] if slot == 0 else [next(fillers)]
        entries.append({"id": stack, "cards": cards})
    entries += [{"id": stack, "cards": cards} for stack, cards in given.items()]
    return Wall.from_layout({"options": {}, "stacks": entries})


def test_wall_deals_in_aisleriots_order_over_pysolfcs_shuffle():
    for number in NUMBERS:
        game = Wall(number)
        layout = oracle.layout_of(game)
        expected = natural_deal(number)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 104
        down = oracle.face_down_of(game)
        assert [down[f"tableau-{s}"] for s in (5, 6, 7, 8)] == [3, 3, 3, 3]
        assert all(down[f"tableau-{s}"] == 0 for s in [1, 2, 3, 4, *range(9, 54)])
    assert len(Wall(1).stack("stock")) == 36


def test_the_bottom_row_is_exposed_from_the_start_and_nothing_else():
    game = Wall(2)
    exposed = [s for s in range(53) if game.exposed(s)]
    assert exposed == list(range(46, 53))


def test_an_attack_must_beat_the_health_of_a_wall_card_with_the_cards_on_its_top_corners():
    # Slot 47 (pile 48) is under slots 39 and 40 (piles 40 and 41).
    game = position(tableau_48="5H", tableau_40="2C", tableau_41="3D", reserve_1="9S", reserve_2="JS", reserve_3="")
    assert game.health(47) == 5 + 2 + 3
    assert game.refusal(move(game, "reserve-1", "tableau-48")) is R_TOO_WEAK
    assert Translator.english().render(game.explain(move(game, "reserve-1", "tableau-48"))) == \
        "The attack (9) must be stronger than the health of wall card 48 (10)."
    assert legal(game, "reserve-2", "tableau-48")
    game.push(move(game, "reserve-2", "tableau-48"))
    assert not game.stack("tableau-48") and not game.stack("reserve-2")
    assert [c.code for c in game.stack("foundation-1")] == ["JS", "5H"]  # both leave the game


def test_at_the_edges_the_health_counts_the_corner_card_and_the_one_above_it():
    # Slot 38 (pile 39), left edge of a row of eight: its top corner is slot 31 (pile 32), above that slot 23.
    game = position(tableau_39="4H", tableau_32="2C", tableau_24="3D")
    assert game.health(38) == 4 + 2 + 3
    game = position(tableau_46="4H", tableau_38="2C", tableau_31="3D")  # right edge: slot 45, over 37, over 30
    assert game.health(45) == 4 + 2 + 3
    game = position(tableau_9="4H")  # the top row: its own value
    assert game.health(8) == 4


def test_attack_cards_are_gathered_on_one_waste_pile_and_move_together():
    game = position(tableau_48="TH", tableau_40="2C", tableau_41="3D", reserve_1="9S", reserve_2="8S", reserve_3="")
    assert legal(game, "reserve-1", "reserve-2")
    game.push(move(game, "reserve-2", "reserve-1"))
    assert legal(game, "reserve-1", "tableau-48", 2)  # 9 + 8 > 10 + 2 + 3
    assert not legal(game, "reserve-1", "tableau-48", 1)
    assert game.refusal(move(game, "tableau-48", "reserve-1")) is R_NO_PICKUP


def test_only_waste_cards_attack_and_only_exposed_targets():
    game = position(tableau_48="", reserve_1="KH", reserve_2="", reserve_3="")
    assert game.refusal(move(game, "reserve-1", "tableau-48")) is R_GONE
    assert game.refusal(move(game, "reserve-1", "tableau-9")) is R_NOT_EXPOSED
    assert game.refusal(move(game, "tableau-47", "tableau-49")) is R_NO_PICKUP  # targets give nothing
    m = move(game, "tableau-47", "tableau-49")
    assert game.drop_refusal(m.src, 1, m.dst) is R_FROM_WASTE
    assert game.refusal(move(game, "reserve-1", "foundation-1")) is R_FROM_KIND


def test_a_wall_card_is_exposed_by_a_gone_card_under_a_corner_or_beside_it():
    game = position(tableau_48="")  # slot 47 gone
    assert game.exposed(39) and game.exposed(40)  # the two cards on its top corners (left and right child)
    assert not game.exposed(38) and not game.exposed(41)
    game = position(tableau_40="")  # slot 39 gone (its children stay): its neighbours in the row
    assert game.exposed(38) and game.exposed(40)


def test_guard_posts_and_throne_are_exposed_in_turn():
    game = position(tableau_9="")  # slot 8 of the top row
    assert game.exposed(4) and not game.exposed(5)
    game = position(tableau_5="")  # low post 4 gone: its neighbour and the high post over it
    assert game.exposed(5) and game.exposed(1) and not game.exposed(2) and not game.exposed(3)
    game = position(tableau_3="")  # the middle high post exposes both others
    assert game.exposed(1) and game.exposed(3)
    game = position(tableau_2="", tableau_3="")
    assert not game.exposed(0)
    game = position(tableau_2="", tableau_3="", tableau_4="")
    assert game.exposed(0)


def test_a_face_down_low_post_turns_up_under_a_weak_attack_then_takes_only_strong_ones():
    game = position(tableau_9="", tableau_5="9H 9D 8C", reserve_1="AS", reserve_2="QS", reserve_3="")
    stack = game.index["tableau-5"]
    game.face_down[stack] = 3
    assert game.hidden(4) and legal(game, "reserve-1", "tableau-5")  # too weak, but it turns the post up
    game.push(move(game, "reserve-1", "tableau-5"))
    assert [c.code for c in game.stack("tableau-5")] == ["9H", "9D", "8C"] and game.face_down[stack] == 0
    assert not game.stack("reserve-1")
    assert game.refusal(move(game, "reserve-2", "tableau-5")) is R_TOO_WEAK
    game.pop()
    assert game.face_down[stack] == 3 and [c.code for c in game.stack("reserve-1")] == ["AS"]


def test_the_stock_discards_the_waste_and_deals_a_card_onto_each_pile_without_redeal():
    game = Wall(3)
    waste = [game.stack(f"reserve-{i}")[-1].code for i in (1, 2, 3)]
    tops = [c.code for c in game.stack("stock")][-3:][::-1]
    game.push(DEAL)
    assert [game.stack(f"reserve-{i}")[-1].code for i in (1, 2, 3)] == tops
    assert sorted(c.code for c in game.stack("foundation-1")) == sorted(waste)
    for _ in range(11):
        game.push(DEAL)
    assert game.refusal(DEAL) is R_NO_DEAL and not game.is_legal(REDEAL)


def test_emptying_the_three_waste_piles_deals_again_at_once():
    game = position(tableau_48="2H", tableau_40="", tableau_41="", reserve_1="5S", reserve_2="", reserve_3="",
                    stock="7C 8C 9C")
    game.push(move(game, "reserve-1", "tableau-48"))
    assert [game.stack(f"reserve-{i}")[-1].code for i in (1, 2, 3)] == ["9C", "8C", "7C"]


def test_the_game_is_won_when_the_throne_falls():
    game = position(tableau_2="", tableau_3="", tableau_4="", reserve_1="KH KD AC", reserve_2="", reserve_3="")
    assert game.refusal(move(game, "reserve-1", "tableau-1", 2)) is R_TOO_WEAK  # 26 is not more than 26
    game.push(move(game, "reserve-1", "tableau-1", 3))
    assert game.is_won()


def test_the_score_counts_the_cards_brought_down():
    game = Wall(4)
    assert game.score() == 0 and Wall.max_score == 65 == 45 + 12 + 6 + 2
    bottom = game.index["tableau-53"]
    game.cards[bottom].clear()  # as an attack would leave it
    assert game.score() == 1
