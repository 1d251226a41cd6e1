"""Klondike: seven piles built down in alternating colours, Kings on empty piles, the stock turned one or
three cards at a time as often as you like."""

from reussite.messages import N_
from reussite.rules import (
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN,
    PICK_TOP,
    Build,
    BuildSuit,
    Fan,
    StackRule,
    foundations,
    stock,
    tableau,
    waste,
    with_changes,
)
from reussite.variant import Option, Variant


class Klondike(Variant):
    id = "klondike"
    name = N_("Klondike")
    family = N_("Klondike")
    domain = "reussite_classics"
    decks = 1
    redeals = None  # the waste is turned over as often as you like
    options = (
        Option("draw", ("1", "3"), "1", N_("cards turned from the stock at a time"), label=N_("Stock"),
               choice_labels=(N_("1 card at a time"), N_("3 cards at a time"))),
    )
    stacks = (
        stock(0, 0),
        waste(1, 0, fan=Fan.RIGHT),
        # Up in suit from the Ace; the top card may come back onto a pile where it fits.
        *foundations(4, with_changes(FOUNDATION_UP_IN_SUIT, pickup=PICK_TOP), x=3),
        # Down in alternating colours, any face-up run moves, an empty pile takes a King.
        *tableau(7, StackRule(build=Build(BuildSuit.ALTERNATE, -1), empty=13, pickup=PICK_RUN), y=1),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def configure(self):
        self.deal_count = int(self.option_values["draw"])

    def deal(self, cards):
        # PySolFC's order: a triangle of face-down cards row by row, each row dealt from the right, then a
        # face-up row from the right. (PySolFC then turns the stock once by itself; here the first click does.)
        for row in range(1, 7):
            self.deal_row(cards, self.tableau_ix[:row - 1:-1], face_down=True)
        self.deal_row(cards, self.tableau_ix[::-1])
        self.place("stock", cards)


GAMES = (Klondike,)
