"""The Forty Thieves family beyond the host's own Forty Thieves: Forty and Eight, two packs on eight piles of
four built down in suit, the stock turned one card at a time with one redeal."""

from reussite.messages import N_
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN_BY_SPACES,
    Build,
    BuildSuit,
    StackRule,
    foundations,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant


class FortyAndEight(Variant):
    id = "forty-and-eight"
    name = N_("Forty and Eight")
    family = N_("Forty Thieves")
    aliases = {"fortyeight": {}}  # KPatience's id
    domain = "reussite_classics"
    decks = 2
    #: The family's parameters: tableau piles and the face-up rows dealt onto them.
    piles = 8
    rows = 4
    deal_count = 1
    redeals = 1  # the waste is turned over once
    max_score = 104
    score_rule = N_("One point for each card on the foundations.")

    @classmethod
    def layout(cls):
        return (
            stock(0, 0),
            waste(1, 0),
            # Up in suit from the Ace, one card at a time; a card there stays there.
            *foundations(8, FOUNDATION_UP_IN_SUIT, x=2),
            # Down in suit; an empty pile takes any card; a run moves as far as the empty piles would let it go
            # one card at a time (2 ** empty piles).
            *tableau(cls.piles, StackRule(build=Build(BuildSuit.SAME, -1), empty=ANY, pickup=PICK_RUN_BY_SPACES),
                     x=0, y=1),
        )

    def deal(self, cards):
        # PySolFC's order (game 23): four face-up rows, then the next card turned onto the waste; the rest is
        # the stock.
        for _ in range(self.rows):
            self.deal_row(cards)
        self.place("waste", [cards.pop()])
        self.place("stock", cards)


GAMES = (FortyAndEight,)
