"""Backbone: two packs; a backbone of two columns of nine cards joined by one card at their foot, eight piles
built down in suit one card at a time, the stock turned one card at a time with one redeal."""

from reussite.messages import N_, NP_
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    NONE,
    PICK_TOP,
    Build,
    BuildSuit,
    Fan,
    Kind,
    StackRule,
    StackSpec,
    foundations,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant

# The name after "of" where French cannot build it from the name (« de la Colonne vertébrale »).
NP_("name after the preposition of", "Backbone")


#: Down in suit, one card at a time; an empty pile takes any card but one from the backbone.
PILE = StackRule(build=Build(BuildSuit.SAME, -1), empty=ANY, pickup=PICK_TOP,
                 empty_from=frozenset({Kind.WASTE, Kind.TABLEAU}))
#: The backbone takes nothing; only its top cards leave it.
BACKBONE = StackRule(empty=NONE, pickup=PICK_TOP, accepts_from=frozenset(), flip_exposed=False)


class Backbone(Variant):
    id = "backbone"
    name = N_("Backbone")
    family = N_("Backbone")
    domain = "reussite_classics"
    decks = 2
    #: Cards in each column of the backbone, the joining card included (PySolFC's RESERVE_CARDS).
    column = 9
    deal_count = 1
    redeals = 1  # the waste is turned over once
    stacks = (
        *foundations(4, FOUNDATION_UP_IN_SUIT, x=0, y=0),
        *foundations(4, FOUNDATION_UP_IN_SUIT, x=6, y=0, first=5),
        *tableau(4, PILE, x=0, y=1),
        *tableau(4, PILE, x=6, y=1, first=5),
        StackSpec("reserve-1", Kind.RESERVE, BACKBONE, 4, 0, Fan.DOWN, N_("backbone column {number}")),
        StackSpec("reserve-2", Kind.RESERVE, BACKBONE, 5, 0, Fan.DOWN, N_("backbone column {number}")),
        StackSpec("reserve-3", Kind.RESERVE, BACKBONE, 4.5, 3.5, Fan.NONE, N_("the foot of the backbone")),
        stock(4, 4.7),
        waste(5, 4.7),
    )
    max_score = 104
    score_rule = N_("One point for each card on the foundations.")
    # The card at the foot covers both columns: they play only once it is gone.
    covered_by = {"reserve-1": ("reserve-3",), "reserve-2": ("reserve-3",)}

    def deal(self, cards):
        # PySolFC's order (Small Backbone, game 824): rows of two onto the columns, then a row onto the columns
        # and the foot, then a face-up row onto the piles and the next card onto the waste.
        columns = [self.index["reserve-1"], self.index["reserve-2"]]
        for _ in range(self.column - 1):
            self.deal_row(cards, columns)
        self.deal_row(cards, [*columns, self.index["reserve-3"]])
        self.deal_row(cards)
        self.place("waste", [cards.pop()])
        self.place("stock", cards)


GAMES = (Backbone,)
