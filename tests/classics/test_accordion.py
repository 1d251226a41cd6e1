"""Accordion: PySolFC's deal (game 772, Accordion2.startGame with its default of dealing the whole pack: one
card on each of the 52 places from the top of the talon), rebuilt over pysol-cards' shuffle, and every rule of
the French page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from reussite_classics.accordion import R_NO_MATCH, R_NOT_NEXT, Accordion

from reussite.game import Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def row(*codes, discarded=""):
    """An Accordion position with ``codes`` on the first places, left to right."""
    entries = [{"id": f"tableau-{i + 1}", "cards": [code]} for i, code in enumerate(codes)]
    entries.append({"id": "foundation-1", "cards": discarded.split()})
    return Accordion.from_layout({"options": {}, "stacks": entries})


def move(game, src, dst):
    return Move(game.index[f"tableau-{src}"], game.index[f"tableau-{dst}"], 1)


def legal(game, src, dst):
    m = move(game, src, dst)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst)
    return accepted


def places(game):
    return [pile[-1].code for pile in game.cards[:52] if pile]


def test_accordion_deals_as_pysolfc():
    for number in NUMBERS:
        cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
        game = Accordion(number)
        assert places(game) == cards[::-1], number
        assert all(len(game.cards[i]) == 1 for i in range(52)) and not game.stack("foundation-1")
        assert not any(game.face_down)


def test_a_card_goes_onto_its_left_neighbour_or_the_third_to_its_left_by_suit_or_rank():
    game = row("9S", "9C", "7S", "9D", "2D", "KC")
    assert legal(game, 5, 4)  # 2D on its neighbour 9D: the same suit
    assert legal(game, 4, 1)  # 9D on 9S, three places left: the same rank
    assert not legal(game, 4, 3)  # 9D on 7S: neither
    assert game.refusal(move(game, 4, 3)) is R_NO_MATCH
    assert not legal(game, 4, 2)  # 9D on 9C would match, but it is two places left
    assert game.refusal(move(game, 4, 2)) is R_NOT_NEXT
    assert not legal(game, 6, 2)  # KC on 9C: four places left
    assert not legal(game, 3, 4)  # never to the right
    assert not legal(game, 5, 2)  # 2D on 9C, three places left: no match


def test_the_covered_card_leaves_and_the_row_closes_up():
    game = row("9S", "9C", "7S", "9D", "2D", "KC")
    game.push(move(game, 4, 1))
    assert places(game) == ["9D", "9C", "7S", "2D", "KC"]
    assert [c.code for c in game.stack("foundation-1")] == ["9S"] and game.score() == 1
    assert all(len(pile) <= 1 for pile in game.cards[:52])
    assert not game.is_legal(Move(game.index["foundation-1"], game.index["tableau-1"], 1))  # it stays out
    game.pop()
    assert places(game) == ["9S", "9C", "7S", "9D", "2D", "KC"] and not game.stack("foundation-1")


def test_won_when_a_single_card_is_left():
    others = [r + s for s in "CSHD" for r in "A23456789TJQK" if r + s not in ("AH", "2H")]
    game = row("AH", "2H", discarded=" ".join(others))
    assert not game.is_won()
    game.push(move(game, 2, 1))
    assert game.is_won() and places(game) == ["2H"] and game.score() == Accordion.max_score == 51
