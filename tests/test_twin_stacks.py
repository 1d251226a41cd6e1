"""A whole pile onto an empty stack is left out of the listed moves only where it changes nothing: onto a twin,
a stack of the same kind with the same rule. Onto a stack of the same kind with another rule (Mod 3's rows of
Twos and of Threes, all foundations), it is listed, by both move generators and by the conformance harness."""

from __future__ import annotations

from reussite.game import Move
from reussite.messages import N_
from reussite.movegen import checked_moves, indexed_moves
from reussite.rules import PICK_TOP, Build, BuildSuit, StackRule, foundations, tableau
from reussite.testing import accepted_moves
from reussite.variant import Variant


def row(base):
    return StackRule(build=Build(BuildSuit.SAME, 3), empty=base, pickup=PICK_TOP)


class Rows(Variant):
    id = "twin-rows"
    name = N_("Twin rows")
    decks = 2
    stacks = (
        *foundations(2, row(2), x=0, y=0),
        *foundations(2, row(3), x=0, y=1, first=3),
        *tableau(2, StackRule(pickup=PICK_TOP), x=0, y=2),
    )

    def deal(self, cards):
        self.place("tableau-1", list(cards))  # the whole pack on one pile: the tests set their own positions
        cards.clear()


def at(**stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return Rows.from_layout({"options": {}, "stacks": entries})


def test_a_lone_card_goes_to_an_empty_stack_of_another_rule_but_not_to_its_twin():
    game = at(foundation_1="3H", foundation_2="", foundation_3="", foundation_4="", tableau_1="KC", tableau_2="QC")
    f1, f2, f3 = (game.index[f"foundation-{i}"] for i in (1, 2, 3))
    onto_threes, onto_twin = Move(f1, f3, 1), Move(f1, f2, 1)
    assert game.is_legal(onto_threes) and not game.is_legal(onto_twin)  # a Three is no Two
    listed = list(game.legal_moves())
    assert onto_threes in listed
    assert indexed_moves(game._plan, game) == checked_moves(game._plan, game)
    assert [m for m in accepted_moves(game) if isinstance(m, Move)] == [m for m in listed if isinstance(m, Move)]


def test_a_whole_pile_onto_an_empty_twin_is_still_left_out():
    game = at(foundation_1="", foundation_2="", foundation_3="3H", foundation_4="", tableau_1="KC", tableau_2="QC")
    f3, f4 = game.index["foundation-3"], game.index["foundation-4"]
    assert game.is_legal(Move(f3, f4, 1))  # legal, but the same position with the piles swapped
    assert Move(f3, f4, 1) not in list(game.legal_moves())
    assert indexed_moves(game._plan, game) == checked_moves(game._plan, game)
    assert game._plan.twins == (0, 0, 2, 2, 4, 4)
