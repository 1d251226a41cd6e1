"""A game with no foundation (Pileon, Poker, Maze) is valid when it says how it is won: ``won_when_empty`` or
its own ``is_won()``; without either, the host refuses it, saying so."""

from __future__ import annotations

import pytest

from reussite.rules import StackRule, tableau
from reussite.testing import check_game
from reussite.variant import Variant, VariantError


class Piles(Variant):
    id = "piles"
    name = "Piles"
    pack_suits = (0,)
    pack_ranks = (1, 2, 3, 4)
    stacks = tuple(tableau(4, StackRule(max_cards=1)))

    def deal(self, cards):
        self.deal_row(cards)


def test_no_foundation_and_no_word_on_the_win_is_refused():
    with pytest.raises(VariantError, match="no foundation.*won_when_empty or override is_won"):
        Piles.validate()


def test_no_foundation_with_its_own_win_is_a_game():
    class Sorted(Piles):
        id = "sorted-piles"

        def is_won(self):
            return [p[0].rank for p in self.cards] == [1, 2, 3, 4]

    Sorted.validate()
    game = Sorted(1)
    assert game.score() == 0 and not game.is_won()
    assert check_game(Sorted, deals=3).ok
