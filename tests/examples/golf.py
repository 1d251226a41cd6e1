"""Golf: the foundation's rule is the game's own (one rank up or down), and the game is won when the tableau
is clear, stock or not."""

from reussite.cards import KING
from reussite.messages import N_
from reussite.rules import CARD_KEYS, NONE, PICK_NONE, PICK_TOP, Kind, StackRule, foundations, stock, tableau
from reussite.variant import Variant

#: The keys of the cards that go on a card of each rank: one rank up or down, none on a King.
NEXT = {rank: frozenset(k for k in CARD_KEYS if abs((k >> 2) - rank) == 1 and rank != KING) for rank in range(1, 14)}


class Golf(Variant):
    id = "golf"
    name = N_("Golf")
    decks = 1
    stacks = (
        stock(0, 0),
        # What it takes depends on its top card alone.
        *foundations(1, StackRule(own_rule=True, by_top=True, pickup=PICK_NONE,
                                  accepts_from=frozenset({Kind.TABLEAU}), flip_exposed=False), x=1),
        *tableau(7, StackRule(empty=NONE, pickup=PICK_TOP), y=1),  # nothing is built on the tableau
    )
    max_score = 35
    score_rule = N_("One point for each card cleared from the tableau.")

    def deal(self, cards):
        for _ in range(5):
            self.deal_row(cards)
        self.place("foundation-1", [cards.pop()])
        self.place("stock", cards)

    def takes(self, stack):  # the foundation, the one stack declared with own_rule
        pile = self.cards[stack]
        return NEXT[pile[-1].rank] if pile else frozenset()

    def do_deal(self):  # the stock turns its top card onto the foundation
        self.move_cards(self.stock_ix, self.foundation_ix[0])

    def is_won(self):
        return not any(self.cards[i] for i in self.tableau_ix)

    def score(self):
        return 35 - sum(len(self.cards[i]) for i in self.tableau_ix)
