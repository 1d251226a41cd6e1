"""Golf: the top card of a pile goes onto the foundation one rank above or below its top card, never onto a
King; the stock turns one card onto the foundation. Won when the seven piles are clear."""

from reussite.cards import KING
from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import (
    CARD_KEYS,
    NONE,
    PICK_NONE,
    PICK_TOP,
    DealTo,
    Kind,
    StackRule,
    foundations,
    stock,
    tableau,
)
from reussite.variant import Variant

#: What goes on a card of each rank: one rank up or down, no wrap; nothing on a King.
NEXT = {rank: frozenset(k for k in CARD_KEYS if abs((k >> 2) - rank) == 1 and rank != KING) for rank in range(1, 14)}
R_ON_KING = Reason(N_("Nothing goes on a King."))


class Golf(Variant):
    id = "golf"
    name = N_("Golf")
    family = N_("Golf")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        stock(0, 0),
        # The "waste" of the rules is the game's one foundation: it takes cards from the piles only, by its
        # top card alone.
        *foundations(1, StackRule(own_rule=True, by_top=True, pickup=PICK_NONE,
                                  accepts_from=frozenset({Kind.TABLEAU}), flip_exposed=False), x=1, y=0,
                      text=N_("Takes a card from the piles one rank above or below its top card, nothing on a "
                              "King; the stock turns its cards onto it.")),
        *tableau(7, StackRule(empty=NONE, pickup=PICK_TOP), y=1),  # nothing is built on the piles
    )
    deal_to = DealTo.FOUNDATION  # the stock turns its top card onto the foundation, whatever lies there
    won_when_empty = (Kind.TABLEAU,)  # the piles clear, stock or not
    max_score = 35
    score_rule = N_("One point for each card cleared from the piles.")

    def deal(self, cards):
        for _ in range(5):
            self.deal_row(cards)
        self.place("foundation-1", [cards.pop()])  # the stock's first card starts the foundation
        self.place("stock", cards)

    def takes(self, stack):  # the foundation, the one stack with its own rule
        pile = self.cards[stack]
        return NEXT[pile[-1].rank] if pile else frozenset()

    def take_refusal(self, card, stack):
        pile = self.cards[stack]
        return R_ON_KING if pile and pile[-1].rank == KING else None

    def score(self):
        return 35 - sum(len(self.cards[i]) for i in self.tableau_ix)


GAMES = (Golf,)
