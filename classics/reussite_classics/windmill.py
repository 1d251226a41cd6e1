"""The Windmill games: Napoleon's Tomb, where the Sixes go down to the Aces on the tomb in the middle, again and
again, and the Sevens up to the Kings on the four corners, regardless of suit, from a stock turned through four
cells of one card."""

from reussite.cards import ACE
from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import (
    ANY,
    CARD_KEYS,
    PICK_NONE,
    Build,
    BuildSuit,
    Fan,
    Kind,
    StackRule,
    StackSpec,
    stock,
    waste,
)
from reussite.variant import Option, Variant

SIXES = frozenset(k for k in CARD_KEYS if k >> 2 == 6)
#: What the tomb takes on each rank: the rank below, a Six on an Ace (and when empty).
DOWN = {rank: SIXES if rank == ACE else frozenset(k for k in CARD_KEYS if k >> 2 == rank - 1 and rank <= 6)
        for rank in range(1, 14)}

R_TOMB = Reason(N_("The tomb takes a 6 when empty or on an Ace, else the rank below its top card."))

FROM_PLAY = frozenset({Kind.WASTE, Kind.RESERVE})
CORNER = StackRule(build=Build(BuildSuit.ANY, 1), empty=7, pickup=PICK_NONE, accepts_from=FROM_PLAY,
                   flip_exposed=False)


class NapoleonsTomb(Variant):
    id = "napoleons-tomb"
    name = N_("Napoleon's Tomb")
    family = N_("Windmill")
    domain = "reussite_classics"
    decks = 1
    options = (
        Option("draw", ("1", "3"), "1", N_("cards turned from the stock at a time"), label=N_("Stock"),
               choice_labels=(N_("1 card at a time, no redeal"), N_("3 cards at a time, two redeals"))),
    )
    stacks = (
        stock(0, 0),
        waste(1, 0, fan=Fan.RIGHT),
        # The tomb in the middle of the grid, and the four corners.
        StackSpec("foundation-1", Kind.FOUNDATION, StackRule(own_rule=True, by_top=True, pickup=PICK_NONE,
                                                             accepts_from=FROM_PLAY, flip_exposed=False),
                  x=4, y=1, label=N_("the tomb"),
                  text=N_("Takes a 6 when empty or on an Ace, else the rank below its top card, regardless of suit, "
                          "from the waste or a cell; none leaves it.")),
        *(StackSpec(f"foundation-{k + 2}", Kind.FOUNDATION, CORNER, x=x, y=y, label=N_("corner {number}"))
          for k, (x, y) in enumerate(((3, 0), (5, 0), (3, 2), (5, 2)))),
        # Four cells of one card between the corners.
        *(StackSpec(f"reserve-{k + 1}", Kind.RESERVE, StackRule(max_cards=1, empty=ANY, accepts_from=FROM_PLAY),
                    x=x, y=y, label=N_("cell {number}"))
          for k, (x, y) in enumerate(((4, 0), (3, 1), (5, 1), (4, 2)))),
    )
    max_score = 52
    score_rule = N_("One point for each card on the tomb and the corners.")

    def configure(self):
        self.deal_count = int(self.option_values["draw"])
        self.redeals = 2 if self.deal_count == 3 else 0

    def deal(self, cards):
        # PySolFC's: the stock turns its first card at once (three with the option).
        turned = [cards.pop() for _ in range(self.deal_count)]
        self.place("waste", turned)
        self.place("stock", cards)

    def takes(self, stack):  # the tomb
        pile = self.cards[stack]
        return DOWN[pile[-1].rank] if pile else SIXES

    def take_refusal(self, card, stack):
        return R_TOMB


GAMES = (NapoleonsTomb,)
