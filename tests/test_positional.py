"""Games where a card's place matters (Gaps: every move is a card into an empty place of a grid) declare their
stacks ``positional``: the moves of a whole pile onto an empty stack of its kind are then listed, and the
conformance harness fails a game that forgot to say so. And a card taken from the bottom of a pile (Clock),
recorded like any move."""

from __future__ import annotations

import pytest

from reussite.cards import parse_card
from reussite.game import Move
from reussite.messages import N_
from reussite.rules import NONE, PICK_NONE, Build, Kind, StackRule, StackSpec, foundations, tableau
from reussite.testing import check_game
from reussite.variant import Variant, VariantError

SLOTS = StackRule(own_rule=True, max_cards=1, accepts_from=frozenset({Kind.TABLEAU}))
ACES = StackRule(empty=NONE, pickup=PICK_NONE, accepts_from=frozenset(), flip_exposed=False)


class Grid(Variant):
    """No stock: the deal puts the pack on the foundation; the tests lay out their own positions."""

    def deal(self, cards):
        self.place("foundation-1", cards)


class SmallGaps(Variant):
    """Gaps on two rows of four, clubs and spades Ace to 4, written the natural way: each slot is a tableau
    pile of at most one card; a gap at the left takes a 2, another gap the card after its left neighbour's."""

    id = "small-gaps"
    name = N_("Small Gaps")
    pack_suits = (0, 1)
    pack_ranks = (1, 2, 3, 4)
    stacks = (*foundations(1, ACES), *tableau(8, SLOTS, y=1))

    def deal(self, cards):
        for i in self.tableau_ix:
            card = cards.pop()
            self.place("foundation-1" if card.rank == 1 else i, [card])

    def takes(self, stack):
        if self.cards[stack]:
            return frozenset()
        column = self.tableau_ix.index(stack) % 4
        if column == 0:
            return frozenset(2 * 4 + suit for suit in range(4))
        left = self.cards[stack - 1]
        if not left or left[-1].rank == 4:
            return frozenset()
        return frozenset({(left[-1].rank + 1) * 4 + left[-1].suit})

    def is_won(self):
        rows = [self.tableau_ix[:4], self.tableau_ix[4:]]
        return all(all(self.cards[i] and self.cards[i][-1].rank == k + 2
                       and self.cards[i][-1].suit == self.cards[row[0]][-1].suit for k, i in enumerate(row[:3]))
                   for row in rows)


class PlacedGaps(SmallGaps):
    id = "placed-gaps"
    stacks = (*foundations(1, ACES), *tableau(8, StackRule(own_rule=True, max_cards=1, positional=True,
                                                           accepts_from=frozenset({Kind.TABLEAU})), y=1))


LAYOUT = {"stacks": [{"id": "foundation-1", "cards": ["AC", "AS"]},
                     {"id": "tableau-1", "cards": ["2C"]}, {"id": "tableau-3", "cards": ["3S"]},
                     {"id": "tableau-4", "cards": ["4C"]}, {"id": "tableau-5", "cards": ["2S"]},
                     {"id": "tableau-6", "cards": ["3C"]}, {"id": "tableau-7", "cards": ["4S"]}]}


def test_without_positional_no_move_is_listed_though_the_rules_accept_one():
    game = SmallGaps.from_layout(LAYOUT)
    move = game.parse_move("t6-t2")  # the 3 of clubs into the gap after the 2 of clubs
    assert game.refusal(move) is None
    assert list(game.legal_moves()) == []


def test_positional_stacks_list_a_card_into_a_gap():
    game = PlacedGaps.from_layout(LAYOUT)
    listed = [game.notation(m) for m in game.legal_moves()]
    assert listed == ["t6-t2"]
    game.push(game.parse_move("t6-t2"))
    assert [c.code for c in game.stack("tableau-2")] == ["3C"] and not game.stack("tableau-6")


def test_the_harness_fails_a_game_whose_places_matter_but_are_not_declared():
    report = check_game(SmallGaps, deals=5)
    assert not report.ok
    assert "positional=True" in report.failure.problem


def test_the_harness_passes_the_same_game_declared_positional():
    report = check_game(PlacedGaps, deals=10)
    assert report.ok, str(report)


def test_positional_stacks_are_never_interchangeable():
    class Plain(Grid):
        id = "plain-grid"
        name = "Plain grid"
        stacks = (*foundations(1, ACES), *tableau(4, StackRule(max_cards=1)))

    class Placed(Plain):
        id = "placed-grid"
        stacks = (*foundations(1, ACES), *tableau(4, StackRule(max_cards=1, positional=True)))

    assert Plain(1).interchangeable_stacks() != ()
    assert all(Placed(1).specs[i].kind is not Kind.TABLEAU for g in Placed(1).interchangeable_stacks() for i in g)


def test_other_games_still_skip_a_whole_pile_onto_an_empty_pile():
    class Plain(Grid):
        id = "plain-grid-2"
        name = "Plain grid"
        stacks = (*foundations(1, ACES), *tableau(2, StackRule(max_cards=1)))

    game = Plain.from_layout({"stacks": [{"id": "tableau-1", "cards": ["5H"]}]})
    assert game.refusal(Move(game.index["tableau-1"], game.index["tableau-2"], 1)) is None
    assert list(game.legal_moves()) == []


def test_positional_must_be_true_or_false():
    with pytest.raises(VariantError, match=r"(?s)Bad.*rule\.positional: 'yes' is not True or False"):
        type("Bad", (Variant,), {"id": "bad", "name": "Bad",
                                 "stacks": (*foundations(1, ACES), StackSpec("tableau-1", Kind.TABLEAU,
                                                                             StackRule(positional="yes")))})


# -- a card from the bottom of a pile (Clock) --------------------------------------------------------------

class Bottoms(Grid):
    """Each move of a card onto a pile brings that pile's bottom card, face down, up onto the first pile."""

    id = "bottoms"
    name = "Bottoms"
    stacks = (*foundations(1, ACES), *tableau(2, StackRule(build=Build("any", 1), empty=NONE)))

    def after_move(self, move):
        if isinstance(move, Move):
            self.move_bottom_card(move.dst, self.tableau_ix[0])
        super().after_move(move)


def test_move_bottom_card_takes_the_bottom_face_down_card_up_and_is_undone_exactly():
    game = Bottoms.from_layout({"stacks": [
        {"id": "tableau-1", "cards": ["5H"]},
        {"id": "tableau-2", "cards": ["2C", "3C", "4C"], "face_down": 3}]})
    before = game.snapshot()
    game.push(Move(game.index["tableau-1"], game.index["tableau-2"], 1), check=False)
    assert [c.code for c in game.stack("tableau-2")] == ["3C", "4C", "5H"]
    assert game.face_down[game.index["tableau-2"]] == 2  # the 5 of hearts face up above two face-down cards
    assert [c.code for c in game.stack("tableau-1")] == ["2C"] and game.face_down[game.index["tableau-1"]] == 0
    after = game.snapshot()
    game.pop()
    assert game.snapshot() == before
    game.redo()
    assert game.snapshot() == after


def test_move_bottom_card_onto_its_own_pile():
    class OwnPile(Bottoms):
        id = "own-pile"

        def after_move(self, move):
            self.move_bottom_card(self.tableau_ix[1], self.tableau_ix[1])
            Variant.after_move(self, move)

    game = OwnPile.from_layout({"stacks": [
        {"id": "tableau-1", "cards": ["5H"]},
        {"id": "tableau-2", "cards": ["2C", "3C", "KC"], "face_down": 2}]})
    before = game.snapshot()
    game.push(Move(game.index["tableau-1"], game.index["foundation-1"], 1), check=False)
    assert [c.code for c in game.stack("tableau-2")] == ["3C", "KC", "2C"]
    assert game.face_down[game.index["tableau-2"]] == 1
    game.pop()
    assert game.snapshot() == before


def test_move_bottom_card_only_during_a_move():
    game = Bottoms(1)
    game.place("tableau-1", [parse_card("5H")])
    with pytest.raises(RuntimeError):
        game.move_bottom_card(game.tableau_ix[0], game.tableau_ix[1])


def test_the_text_mode_hides_face_down_cards_on_a_foundation():
    from reussite.messages import Translator
    from reussite.textplay import render_layout

    game = Bottoms.from_layout({"stacks": [{"id": "foundation-1", "cards": ["2C", "3C", "4C"], "face_down": 2}]})
    line = render_layout(game, Translator.english()).splitlines()[1]
    assert line.split() == ["f1", "##", "##", "4C"]


def test_the_harness_lets_a_card_change_cells_when_that_only_swaps_two_stacks():
    """Napoleon's Tomb's cells: a card moved from one empty cell to another changes the key when the game's
    stacks are not declared interchangeable, but the position is the same one with the two cells swapped."""
    from reussite.rules import ANY, Kind, reserves, stock, waste

    class Cells(Variant):
        id = "cells"
        name = "Cells"
        stacks = (stock(), waste(), *foundations(1, ACES),
                  *reserves(4, StackRule(max_cards=1, empty=ANY, accepts_from=frozenset({Kind.WASTE, Kind.RESERVE}))))

        def extra_refusal(self, src, n, dst):  # an override: the cells are no longer grouped as interchangeable
            return None

    assert Cells(1).interchangeable_stacks() == ()
    report = check_game(Cells, deals=5)
    assert report.ok, str(report)
