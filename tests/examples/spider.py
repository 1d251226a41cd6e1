"""Spider and its one- and two-suit family: runs of one suit move, a finished run leaves by itself, all declared."""

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


class Spider(Variant):
    id = "spider"
    name = N_("Spider")
    decks = 2
    deal_to = DealTo.TABLEAU  # one card onto each pile
    fill_before_deal = True  # no deal while a pile is empty
    finished_runs = True  # a run from King to Ace of one suit goes to a foundation by itself, as part of the move
    stacks = (
        stock(0, 0),
        # Only the game puts cards there (a finished run), so they take nothing from the player.
        *foundations(8, StackRule(empty=NONE, pickup=PICK_NONE, accepts_from=frozenset(), flip_exposed=False), x=2),
        # Built regardless of suit, but only a run of one suit moves together.
        *tableau(10, StackRule(build=Build(BuildSuit.ANY, -1), run=Build(BuildSuit.SAME, -1), empty=ANY,
                               pickup=PICK_RUN), y=1),
    )
    max_score = 104

    def deal(self, cards):
        for row in range(5):  # 44 face down (six on the first four piles), then a face-up row
            self.deal_row(cards, self.tableau_ix[: 10 if row < 4 else 4], face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)


class SpiderTwoSuits(Spider):
    id = "spider-2-suits"
    name = N_("Spider (two suits)")
    pack_suits = (1, 2, 1, 2)  # spades and hearts, four copies of each card


class SpiderOneSuit(Spider):
    id = "spider-1-suit"
    name = N_("Spider (one suit)")
    pack_suits = (1, 1, 1, 1)  # spades only, eight copies of each card
