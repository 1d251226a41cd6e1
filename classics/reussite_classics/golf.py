"""Golf: the top card of a pile goes onto the foundation one rank above or below its top card, never onto a
King; the stock turns one card onto the foundation. Won when the seven piles are clear.

Thieves (Aisleriot's): Golf with two jokers in the pack, which go on any card and take any card; a Queen goes
on a King; each card cleared scores by its rank."""

from reussite.cards import JOKER, KING
from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import (
    CARD_KEYS,
    JOKER_KEYS,
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
#: Thieves: what goes on each top card: one rank up or down (a Queen on a King too), or a joker; anything on a
#: joker.
THIEVES_NEXT = {rank: frozenset(k for k in CARD_KEYS if abs((k >> 2) - rank) == 1) | frozenset(JOKER_KEYS)
                for rank in range(1, 14)}
THIEVES_NEXT[JOKER] = frozenset(CARD_KEYS + JOKER_KEYS)
#: Aisleriot's points for each card cleared, by rank (a joker scores nothing): the farther from the middle of
#: the ranks, the harder the card is to play, the more it is worth.
THIEVES_POINTS = (0, 8, 6, 6, 4, 4, 2, 2, 2, 4, 4, 6, 6, 8)
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


class Thieves(Golf):
    id = "thieves"
    name = N_("Thieves")
    jokers = 2
    stacks = (
        stock(0, 0),
        *foundations(1, StackRule(own_rule=True, by_top=True, pickup=PICK_NONE,
                                  accepts_from=frozenset({Kind.TABLEAU}), flip_exposed=False), x=1, y=0,
                     label=N_("waste"),
                     text=N_("Takes a card from the piles one rank above or below its top card, or a joker; a "
                             "joker on top takes any card. The stock turns its cards onto it.")),
        *tableau(7, StackRule(empty=NONE, pickup=PICK_TOP), y=1),
    )
    max_score = None  # the cleared cards' points: a won game scores what its 35 cards are worth
    score_rule = N_("Each card cleared from the piles scores by its rank: 8 for an Ace or a King, 6 for a 2, 3, "
                    "Jack or Queen, 4 for a 4, 5, 9 or 10, 2 for a 6, 7 or 8; a joker scores nothing.")

    def takes(self, stack):
        pile = self.cards[stack]
        return THIEVES_NEXT[pile[-1].rank] if pile else frozenset()

    def take_refusal(self, card, stack):
        return R_THIEVES

    def deal(self, cards):
        super().deal(cards)
        self.dealt_points = self.pile_points()

    @classmethod
    def from_layout(cls, data):
        game = super().from_layout(data)
        game.dealt_points = game.pile_points()  # a position no deal gives scores from where it starts
        return game

    def pile_points(self):
        return sum(THIEVES_POINTS[c.rank] for i in self.tableau_ix for c in self.cards[i])

    def score(self):
        return self.dealt_points - self.pile_points()


R_THIEVES = Reason(N_("A card goes on the waste only one rank above or below its top card, or if one of the "
                      "two is a joker."))

GAMES = (Golf, Thieves)
