"""Forty Thieves (Les quarante voleurs): rules R-FT-1 to R-FT-11, from Aisleriot's French page."""

from __future__ import annotations

from reussite.cards import KING
from reussite.messages import N_
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN_BY_SPACES,
    Build,
    StackRule,
    foundations,
    stock,
    tableau,
    waste,
    with_changes,
)
from reussite.variant import Variant


class FortyThieves(Variant):
    id = "forty-thieves"
    solver_companion = "reussite_plugins.forty_thieves_solver:FortyThievesSolver"
    name = N_("Forty Thieves")
    family = N_("Forty Thieves")
    alt_names = (N_("Napoleon at St Helena"), N_("Big Forty"))
    decks = 2  # R-FT-1
    #: The family's parameters: tableau piles and the rows dealt onto them (R-FT-4). A member such as
    #: PySolFC's Forty and Eight is a subclass changing them (``piles = 8``, ``rows = 5``, ``redeals = 1``).
    piles = 10
    rows = 4
    deal_to = "waste"
    deal_count = 1
    redeals = 0  # R-FT-2: no redeal

    @classmethod
    def layout(cls):
        return (
            stock(0, 0),  # R-FT-2: top left
            waste(1, 0),
            # R-FT-3, R-FT-8: up in suit from the Ace; runs may go on card by card.
            *foundations(8, with_changes(FOUNDATION_UP_IN_SUIT, group_moves=True), x=2),
            # R-FT-4..7: down in suit, one card at a time or runs as long as the empty piles allow.
            *tableau(cls.piles, StackRule(build=Build("same", -1), empty=ANY, pickup=PICK_RUN_BY_SPACES), x=0, y=1),
        )

    def deal(self, cards):
        for _ in range(self.rows):  # R-FT-4: four rows face up, row by row as PySolFC deals them
            self.deal_row(cards)
        self.place("stock", cards)
        # PySolFC turns the first stock card onto the waste as part of the deal.
        self.place("waste", [self.cards[self.stock_ix].pop()])
        self.face_down[self.stock_ix] = len(self.cards[self.stock_ix])

    def score(self) -> int:
        # R-FT-10: 5 a card on the foundations, 60 more for each complete foundation; 1000 at most.
        complete = sum(1 for i in self.foundation_ix if self.cards[i] and self.cards[i][-1].rank == KING)
        return 5 * self.on_foundations() + 60 * complete

    max_score = 1000
    score_rule = N_("5 points for each card on the foundations, and 60 more for each foundation completed up "
                    "to the King (1000 when every card is home).")
