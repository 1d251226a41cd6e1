"""Pileon: fifteen piles of at most four cards, thirteen dealt with four each; cards of one rank pile on each
other until each rank lies in a pile of its own."""

from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import CARD_KEYS, PICK_RUN, StackRule, tableau
from reussite.variant import Variant

#: What a pile takes on a card of each rank: the other cards of that rank.
SAME_RANK = {rank: frozenset(k for k in CARD_KEYS if k >> 2 == rank) for rank in range(1, 14)}
EVERY_CARD = frozenset(CARD_KEYS)

R_SAME_RANK = Reason(N_("Only a card of the same rank goes on {target.the}."))
R_FINISHED = Reason(N_("{source.The} holds the four cards of its rank: it is finished."))

PILE = StackRule(own_rule=True, by_top=True, max_cards=4, pickup=PICK_RUN)
T_PILE = N_("Takes a card of its top card's rank, whatever the suit, four cards at most; an empty one takes any "
            "card. The cards of one rank on top move together, and a pile holding the four of a rank is finished.")


class Pileon(Variant):
    id = "pileon"
    name = N_("Pileon")
    family = N_("Pileon")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        # Four rows of four, three and the last row; a pile holds four cards at most.
        *tableau(4, PILE, x=0, y=0, dx=2, fan="right", text=T_PILE),
        *tableau(4, PILE, x=0, y=1, dx=2, fan="right", first=5, text=T_PILE),
        *tableau(4, PILE, x=0, y=2, dx=2, fan="right", first=9, text=T_PILE),
        *tableau(3, PILE, x=0, y=3, dx=2, fan="right", first=13, text=T_PILE),
    )
    max_score = 52
    score_rule = N_("Four points for each pile holding the four cards of a rank.")

    def deal(self, cards):
        for _ in range(4):  # PySolFC's order: four rows onto the first thirteen piles, the last two empty
            self.deal_row(cards, self.tableau_ix[:13])

    def takes(self, stack):
        pile = self.cards[stack]
        return SAME_RANK[pile[-1].rank] if pile else EVERY_CARD

    def take_refusal(self, card, stack):
        return R_SAME_RANK

    def run_length(self, stack):
        pile = self.cards[stack]
        n = min(1, len(pile))
        while n < len(pile) and pile[-n - 1].rank == pile[-1].rank:
            n += 1
        return n

    def finished(self, stack):
        pile = self.cards[stack]
        return len(pile) == 4 and pile[0].rank == pile[-1].rank == pile[1].rank == pile[2].rank

    def extra_refusal(self, src, n, dst):
        return R_FINISHED if self.finished(src) else None

    def interchangeable_stacks(self):
        # Every pile has the same rule, which reads only the piles a move takes from and puts onto.
        return (tuple(self.tableau_ix),)

    def is_won(self):
        return all(self.finished(i) or not self.cards[i] for i in self.tableau_ix)

    def score(self):
        return 4 * sum(1 for i in self.tableau_ix if self.finished(i))


GAMES = (Pileon,)
