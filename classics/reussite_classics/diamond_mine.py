"""Diamond Mine: thirteen piles built down regardless of suit, where the diamonds take no part but go, one by
one, onto their foundation, started from any diamond; the other suits are then sorted, Ace to King, on the
piles."""

from reussite.cards import KING
from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import (
    ANY,
    CARD_KEYS,
    PICK_NONE,
    PICK_RUN,
    Build,
    BuildSuit,
    StackRule,
    foundations,
    tableau,
)
from reussite.variant import Variant

DIAMONDS = 3
PLAIN = frozenset(k for k in CARD_KEYS if k & 3 != DIAMONDS)
#: What a pile takes on each top card: the rank below, not a diamond; nothing on a diamond.
BELOW = {key: (frozenset() if key & 3 == DIAMONDS else frozenset(k for k in PLAIN if k >> 2 == (key >> 2) - 1))
         for key in CARD_KEYS}

R_DIAMOND = Reason(N_("Diamonds go only onto the foundation, and nothing goes on a diamond."))


PILE = StackRule(own_rule=True, by_top=True, pickup=PICK_RUN)
T_PILE = N_("Takes the next rank down regardless of suit, never a diamond and nothing on a diamond; an empty one "
            "takes any card but a diamond. Any face-up run in sequence moves as one.")


class DiamondMine(Variant):
    id = "diamond-mine"
    name = N_("Diamond Mine")
    family = N_("Diamond Mine")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        # The diamonds, from any one, up and round the corner.
        *foundations(1, StackRule(build=Build(BuildSuit.SAME, 1, wrap=True), empty=ANY, suit=DIAMONDS,
                                  pickup=PICK_NONE), x=6, y=0),
        # Down regardless of suit, any face-up run moving; the diamonds take no part.
        # In two rows of seven and six, so that the cards stay readable on a phone.
        *tableau(7, PILE, y=1, text=T_PILE),
        *tableau(6, PILE, x=0.5, y=3.5, first=8, text=T_PILE),
    )
    max_score = 100
    score_rule = N_("Each diamond on the foundation scores its value (Ace 1 to King 13), and each pile holding "
                    "one suit from King to Ace three points.")

    def deal(self, cards):
        for _ in range(3):  # PySolFC's order: three face-down rows, then a face-up row
            self.deal_row(cards, face_down=True)
        self.deal_row(cards)

    def takes(self, stack):
        pile = self.cards[stack]
        return BELOW[pile[-1][0] * 4 + pile[-1][1]] if pile else PLAIN

    def take_refusal(self, card, stack):
        pile = self.cards[stack]
        if card.suit == DIAMONDS or (pile and pile[-1].suit == DIAMONDS):
            return R_DIAMOND
        return None

    def run_length(self, stack):
        pile, up = self.cards[stack], len(self.cards[stack]) - self.face_down[stack]
        n = min(1, up)
        while n < up and pile[-n - 1].rank == pile[-n].rank + 1:
            n += 1
        return n

    def sorted_pile(self, stack):
        pile = self.cards[stack]
        return (len(pile) == 13 and not self.face_down[stack]
                and all(c.suit == pile[0].suit and c.rank == KING - k for k, c in enumerate(pile)))

    def is_won(self):
        return (len(self.cards[self.foundation_ix[0]]) == 13
                and all(not self.cards[i] or self.sorted_pile(i) for i in self.tableau_ix))

    def score(self):
        return (sum(c.rank for c in self.cards[self.foundation_ix[0]])
                + 3 * sum(1 for i in self.tableau_ix if self.sorted_pile(i)))


GAMES = (DiamondMine,)
