"""Union Square: two packs, sixteen piles each built up or down in suit, one way only; four foundations that
go up in suit from the Ace to the King, then down from a second King to the Ace (26 cards each)."""

from reussite.cards import KING
from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import (
    CARD_KEYS,
    PICK_NONE,
    PICK_TOP,
    Fan,
    StackRule,
    foundations,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant

ALL_CARDS = frozenset(CARD_KEYS)
T_PILE = N_("Takes a card of its suit one rank above or below its top card, then only the way its first two cards "
            "set, never from King to Ace; an empty one takes any card.")
T_FOUNDATION = N_("Takes the Ace of its suit, then up to the King, the second King and down to the second Ace: 26 "
                  "cards; none comes back.")
R_PILE = Reason(N_("{card.The} cannot go on {target.the}: a pile goes up or down in suit by one rank, the way "
                   "its first two cards set."))
R_FOUNDATION = Reason(N_("{card.The} cannot go on {stack}: it goes up in its suit from the Ace to the King, then "
                         "down from a second King to the Ace."))


def key(rank, suit):
    return rank * 4 + suit


class UnionSquare(Variant):
    id = "union-square"
    name = N_("Union Square")
    family = N_("Union Square")
    domain = "reussite_classics"
    decks = 2
    deal_count = 1
    redeals = 0
    stacks = (
        stock(0, 0),
        waste(1, 0),
        # Four rows of four; what a pile takes depends on its top two cards (the way it goes).
        *(spec for row in range(4) for spec in tableau(
            4, StackRule(own_rule=True, pickup=PICK_TOP), x=3, y=row, dx=2.2, fan=Fan.RIGHT, first=4 * row + 1,
            text=T_PILE)),
        # One suit each, up from the Ace to the King then down from the second King: by the game's rule.
        *foundations(4, StackRule(own_rule=True, pickup=PICK_NONE, flip_exposed=False), x=12, y=0, dx=0, dy=1,
                     text=T_FOUNDATION),
    )
    max_score = 104
    score_rule = N_("One point for each card on the foundations.")

    def deal(self, cards):
        # PySolFC's order (game 35): one face-up row onto the 16 piles, then the next card onto the waste.
        self.deal_row(cards)
        self.place("waste", [cards.pop()])
        self.place("stock", cards)

    def takes(self, stack):
        pile = self.cards[stack]
        if stack in self.foundation_ix:
            suit, count = self.foundation_ix.index(stack), len(pile)
            if count < 13:
                return frozenset((key(count + 1, suit),))
            if count == 13:
                return frozenset((key(KING, suit),))
            return frozenset((key(26 - count, suit),)) if count < 26 else frozenset()
        if not pile:
            return ALL_CARDS
        top = pile[-1]
        if len(pile) == 1:
            steps = (1, -1)
        else:
            steps = (top.rank - pile[-2].rank,)
        return frozenset(key(top.rank + step, top.suit) for step in steps if 1 <= top.rank + step <= KING)

    def take_refusal(self, card, stack):
        return R_FOUNDATION if stack in self.foundation_ix else R_PILE


GAMES = (UnionSquare,)
