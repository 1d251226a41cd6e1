"""Spider and its one- and two-suit family: runs of one suit move, a finished run leaves by itself."""

from reussite.game import DEAL, Reason
from reussite.messages import N_
from reussite.rules import (
    ANY,
    NONE,
    PICK_NONE,
    PICK_RUN,
    Build,
    BuildSuit,
    DealTo,
    StackRule,
    foundations,
    stock,
    tableau,
)
from reussite.variant import Variant

R_EMPTY_PILE = Reason(N_("Fill every empty pile before dealing."))


class Spider(Variant):
    id = "spider"
    name = N_("Spider")
    decks = 2
    deal_to = DealTo.TABLEAU  # one card onto each pile
    stacks = (
        stock(0, 0),
        # Only the game puts cards there (a finished run), so they take nothing from the player.
        *foundations(8, StackRule(empty=NONE, pickup=PICK_NONE, accepts_from=frozenset(), flip_exposed=False), x=2),
        *tableau(10, StackRule(build=Build(BuildSuit.ANY, -1), empty=ANY, pickup=PICK_RUN), y=1),
    )
    max_score = 104

    def deal(self, cards):
        for row in range(5):  # 44 face down (six on the first four piles), then a face-up row
            self.deal_row(cards, self.tableau_ix[: 10 if row < 4 else 4], face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)

    def run_length(self, stack):
        # Cards are built regardless of suit, but only a run of one suit moves together.
        pile, up = self.cards[stack], len(self.cards[stack]) - self.face_down[stack]
        n = min(1, up)
        while n < up and pile[-n - 1].suit == pile[-n].suit and pile[-n - 1].rank == pile[-n].rank + 1:
            n += 1
        return n

    def stock_refusal(self, move):
        if move is DEAL and not all(self.cards[i] for i in self.tableau_ix):
            return R_EMPTY_PILE
        return None

    def after_move(self, move):
        # A run from King to Ace of one suit goes to a foundation by itself, as part of the move (undone with it).
        for pile in self.tableau_ix:
            if self.run_length(pile) == 13:
                self.move_cards(pile, next(f for f in self.foundation_ix if not self.cards[f]), 13)
        super().after_move(move)  # turn up the cards it uncovered


class SpiderTwoSuits(Spider):
    id = "spider-2-suits"
    name = N_("Spider (two suits)")
    pack_suits = (1, 2, 1, 2)  # spades and hearts, four copies of each card


class SpiderOneSuit(Spider):
    id = "spider-1-suit"
    name = N_("Spider (one suit)")
    pack_suits = (1, 1, 1, 1)  # spades only, eight copies of each card
