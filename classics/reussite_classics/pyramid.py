"""The Pyramid family: cards removed in pairs that make thirteen (Kings alone), from a pyramid of 28 cards
where a card is free once the two cards overlapping it are gone, and from the stock turned onto the waste."""

from reussite.cards import KING
from reussite.messages import N_
from reussite.rules import (
    DISCARD,
    DISCARD_TEXT,
    NONE,
    Fan,
    Pairs,
    StackRule,
    foundations,
    pyramid,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant
from reussite_classics.fourteen import RefilledPlaces

#: Seven rows of one to seven cards; each card covered by the two overlapping it in the row below.
PYRAMID, COVERED = pyramid(7, x=5, y=0)


class Thirteen(Variant):
    """Aisleriot's Thirteen (PySolFC's Pyramid Thirteen, game 44): the pyramid face down but for its bottom
    row, each card turned up once uncovered; the waste's top card pairs with the pyramid or with the card
    under it; one pass through the stock."""

    id = "thirteen"
    name = N_("Thirteen")
    family = N_("Pyramid")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        stock(0, 0),
        waste(1, 0, fan=Fan.RIGHT),  # fanned: the card under the top one pairs with it
        *foundations(1, DISCARD, x=9, y=0, label=N_("removed cards"), text=DISCARD_TEXT),  # where the removed cards go
        *PYRAMID,
    )
    covered_by = COVERED
    pairs = Pairs(total=13, alone=(KING,), where="uncovered", below=True)
    redeals = 0
    max_score = 52
    score_rule = N_("One point for each card removed.")

    def deal(self, cards):
        # PySolFC's order: the first 21 cards face down row by row, the bottom row face up, then the stock's
        # first card onto the waste.
        self.deal_row(cards, self.tableau_ix[:21], face_down=True)
        self.deal_row(cards, self.tableau_ix[21:])
        self.place("waste", [cards.pop()])
        self.place("stock", cards)


class Helsinki(RefilledPlaces):
    """Aisleriot's Helsinki (PySolFC's Thirteens, game 593): ten single places in two rows of five, pairs
    making thirteen and Kings alone, each place emptied refilled at once from the stock."""

    id = "helsinki"
    name = N_("Helsinki")
    family = N_("Simple Pairs")
    domain = "reussite_classics"
    stacks = (
        stock(0, 2.2),
        *tableau(5, StackRule(build=None, empty=NONE, max_cards=1), x=0, y=0, fan=Fan.NONE),
        *tableau(5, StackRule(build=None, empty=NONE, max_cards=1), x=0, y=1, first=6, fan=Fan.NONE),
        *foundations(1, DISCARD, x=4, y=2.2, label=N_("removed cards"), text=DISCARD_TEXT),
    )
    pairs = Pairs(total=13, alone=(KING,))


GAMES = (Thirteen, Helsinki)
