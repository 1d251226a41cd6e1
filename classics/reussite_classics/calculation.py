"""The Calculation family: the stock turns one card at a time onto a waste that holds one card; the card goes to
a foundation or onto one of four piles, whose top cards go only to the foundations. Hopscotch builds its four
foundations by ones, twos, threes and fours regardless of suit; Sir Tommy builds them up from the Ace;
Doublets doubles the rank on its one foundation, fed by seven reserves."""

from functools import lru_cache

from reussite.cards import KING
from reussite.game import Move, Reason
from reussite.messages import N_
from reussite.rules import (
    CARD_KEYS,
    NONE,
    PICK_NONE,
    PICK_TOP,
    Build,
    BuildSuit,
    Kind,
    StackRule,
    foundations,
    reserves,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant

#: A pile of the tableau: any card from the waste goes on top, whatever lies there; its top card goes only to a
#: foundation.
PILE = StackRule(own_rule=True, by_top=True, pickup=PICK_TOP, accepts_from=frozenset({Kind.WASTE}))
#: What Hopscotch's foundations take, the first to the fourth.
T_BY_STEPS = (
    N_("Takes, regardless of suit, the card one rank above its top card; thirteen cards, up to a King."),
    N_("Takes, regardless of suit, the card two ranks above its top card, counting on from the Ace after the King; "
       "thirteen cards, up to a King."),
    N_("Takes, regardless of suit, the card three ranks above its top card, counting on from the Ace after the "
       "King; thirteen cards, up to a King."),
    N_("Takes, regardless of suit, the card four ranks above its top card, counting on from the Ace after the "
       "King; thirteen cards, up to a King."),
)
T_PILE = N_("Takes the waste's card, whatever lies on it, even when empty; its top card goes only to a foundation.")
ANY_CARD = frozenset(CARD_KEYS)


class _OneCardWaste(Variant):
    """What the family shares: a stock turned one card at a time onto a waste of one card (its layout's
    ``waste(..., max_cards=1)``: play its card before turning another), no redeal."""

    family = N_("Calculation")
    domain = "reussite_classics"
    decks = 1

    def takes(self, stack):  # a pile of the tableau, the one stack with its own rule here
        return ANY_CARD


class Hopscotch(_OneCardWaste):
    """Hopscotch (Aisleriot; PySolFC's game 94): Calculation with the Ace to the Four of clubs as bases."""

    id = "hopscotch"
    name = N_("Hopscotch")
    stacks = (
        stock(0, 1),
        waste(0, 2, max_cards=1),
        # Foundation K builds by K regardless of suit, round the corner, thirteen cards up to a King.
        *(spec for k in range(1, 5) for spec in foundations(
            1, StackRule(build=Build(BuildSuit.ANY, k, wrap=True), empty=NONE, max_cards=13, pickup=PICK_NONE,
                         flip_exposed=False), x=0.5 + k, y=0, first=k, text=T_BY_STEPS[k - 1])),
        *tableau(4, PILE, x=1.5, y=1, text=T_PILE),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def shuffle_hook(self, cards):
        # PySolFC's: the Ace, Two, Three and Four of clubs go to the top of the pack, the Ace last.
        bases = [next(c for c in cards if c[:2] == (rank, 0)) for rank in (4, 3, 2, 1)]
        return [c for c in cards if c not in bases] + bases

    def deal(self, cards):
        self.deal_row(cards, self.foundation_ix)  # the four bases
        self.place("waste", [cards.pop()])  # the stock turns its first card
        self.place("stock", cards)


class SirTommy(_OneCardWaste):
    """Sir Tommy (Aisleriot; PySolFC's Numerica, game 257, of which it is another name)."""

    id = "sir-tommy"
    name = N_("Sir Tommy")
    stacks = (
        stock(0, 1),
        waste(0, 2, max_cards=1),
        # Up from the Ace regardless of suit, to the King.
        *foundations(4, StackRule(build=Build(BuildSuit.ANY, 1), empty=1, pickup=PICK_NONE, flip_exposed=False),
                     x=1.5, y=0),
        *tableau(4, PILE, x=1.5, y=1, text=T_PILE),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def deal(self, cards):
        self.place("waste", [cards.pop()])  # PySolFC turns the first card at once
        self.place("stock", cards)


@lru_cache(maxsize=16)
def _doubled(rank: int) -> frozenset[int]:
    """The keys of the cards that go on a card of ``rank`` in Doublets: twice its rank, less 13 above a King."""
    return frozenset(key for key in CARD_KEYS if key >> 2 == 2 * rank % 13)


RESERVE = StackRule(empty=NONE, pickup=PICK_TOP, flip_exposed=False)
T_RESERVE = N_("Takes no card from the player: emptied, it is refilled with the waste's card, else the stock's. "
               "Its card goes to the foundation.")
T_DOUBLE = N_("Takes, from the waste or a reserve, the card of twice its top card's rank, less 13 above the King, "
              "regardless of suit; never a King, and none comes back.")
R_NOT_DOUBLE = Reason(N_("Only a card of twice the rank (less thirteen) goes on {target}."))
R_KING = Reason(N_("Kings never go to the foundation."))


class Doublets(Variant):
    """Doublets (Aisleriot; PySolFC's game 111)."""

    id = "doublets"
    name = N_("Doublets")
    family = N_("Calculation")
    domain = "reussite_classics"
    decks = 1
    redeals = 2  # three passes through the stock
    stacks = (
        stock(0, 1.5),
        waste(1, 1.5),
        # Seven reserves around the foundation; only the game refills them.
        *reserves(3, RESERVE, x=2.5, y=0, dx=1, dy=0, text=T_RESERVE),
        *(spec for k, (x, y) in enumerate(((2.5, 1), (4.5, 1), (2.5, 2), (4.5, 2)), 4)
          for spec in reserves(1, RESERVE, x=x, y=y, first=k, text=T_RESERVE)),
        # The foundation takes twice its top card's rank: its top card alone decides.
        *foundations(1, StackRule(own_rule=True, by_top=True, pickup=PICK_NONE, flip_exposed=False,
                                  accepts_from=frozenset({Kind.RESERVE, Kind.WASTE})), x=3.5, y=2,
                     text=T_DOUBLE),
    )
    max_score = 48
    score_rule = N_("One point for each card on the foundation.")

    def shuffle_hook(self, cards):
        # PySolFC's: from the bottom of the pack, the first eight cards that are not Kings go to the top, the
        # Kings met on the way to the bottom.
        kings, top, rest = [], [], list(cards)
        while len(top) < 8:
            card = rest.pop(0)
            (kings if card.rank == KING else top).append(card)
        return kings + rest + top

    def deal(self, cards):
        self.deal_row(cards, self.reserve_ix)
        self.place("foundation-1", [cards.pop()])
        self.place("waste", [cards.pop()])  # the stock turns its first card
        self.place("stock", cards)

    def takes(self, stack):
        return _doubled(self.cards[stack][-1].rank)

    def take_refusal(self, card, stack):
        return R_KING if card.rank == KING else R_NOT_DOUBLE

    def after_move(self, move):
        # A reserve emptied is refilled with the waste's card, else the stock's top card.
        if isinstance(move, Move) and self.specs[move.src].kind is Kind.RESERVE:
            source = self.waste_ix if self.cards[self.waste_ix] else self.stock_ix
            if self.cards[source]:
                self.move_cards(source, move.src)
        super().after_move(move)

    def is_won(self):
        return self.on_foundations() == 48  # every card but the four Kings


GAMES = (Hopscotch, SirTommy, Doublets)
