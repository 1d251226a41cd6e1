"""Klondike, declared: every rule is a stack declaration; only the deal is code."""

from reussite.messages import N_
from reussite.rules import (
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN,
    Build,
    BuildSuit,
    StackRule,
    foundations,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant


class Klondike(Variant):
    id = "klondike"
    name = N_("Klondike")
    decks = 1
    redeals = None  # turn the waste over as often as you like
    stacks = (
        stock(0, 0),
        waste(1, 0),
        *foundations(4, FOUNDATION_UP_IN_SUIT, x=3),
        # Down in alternating colours, any run moves, an empty pile takes a King.
        *tableau(7, StackRule(build=Build(BuildSuit.ALTERNATE, -1), empty=13, pickup=PICK_RUN), y=1),
    )
    max_score = 52

    def deal(self, cards):
        for row in range(1, 7):  # a triangle of face-down cards, then one face-up card on every pile
            self.deal_row(cards, self.tableau_ix[row:], face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)
