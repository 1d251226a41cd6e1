"""Terrace: two packs; the player picks the base card from four, then eight foundations go up from the base
rank in alternating colours round the corner, nine piles go down in alternating colours, and an eleven-card
reserve plays only to the foundations. Empty piles fill from the waste, the waste from the stock."""

from reussite.game import DEAL, REDEAL, Move, Reason
from reussite.messages import N_, NP_
from reussite.rules import (
    ANY,
    CARD_KEYS,
    NONE,
    PICK_NONE,
    PICK_TOP,
    Build,
    BuildSuit,
    Fan,
    Kind,
    StackRule,
    StackSpec,
    foundations,
    rank_name,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant

# The name after "of" where French cannot build it from the name (« de la Terrasse »).
NP_("name after the preposition of", "Terrace")

ALL_CARDS = frozenset(CARD_KEYS)
NONE_TAKEN = frozenset()
R_CHOOSE_BASE = Reason(N_("Choose the base card first: move one of the four cards on the piles to a foundation."))
R_ON_BASE = Reason(N_("Nothing is built on {target.the}: its rank is the base rank."))
R_FOUNDATION = Reason(N_("{card.The} cannot go on {stack}: a foundation starts with {rank.a} and goes up in "
                         "alternating colours, the Ace after the King."))
#: Down in alternating colours, the King on the Ace; one card at a time; from the waste and the piles only.
PILE = StackRule(build=Build(BuildSuit.ALTERNATE, -1, wrap=True), empty=ANY, pickup=PICK_TOP,
                 accepts_from=frozenset({Kind.WASTE, Kind.TABLEAU}))
T_PILE = N_("Takes one card at a time from the waste or another pile, down in alternating colours, the King on the "
            "Ace; nothing goes on a card of the base rank. An empty pile is filled at once from the waste.")


def next_up(rank):
    return rank % 13 + 1


class Terrace(Variant):
    id = "terrace"
    name = N_("Terrace")
    family = N_("Terrace")
    domain = "reussite_classics"
    decks = 2
    deal_count = 1
    redeals = 0
    #: Cards in the reserve, and piles dealt before the base card is chosen.
    reserve_cards = 11
    choices = 4
    stacks = (
        stock(0, 0),
        waste(1, 0),
        # All visible; only the top card plays, and only to a foundation.
        StackSpec("reserve-1", Kind.RESERVE, StackRule(empty=NONE, pickup=PICK_TOP, accepts_from=frozenset(),
                                                       flip_exposed=False), 3, 0, Fan.RIGHT,
                  text=N_("Takes no cards; its top card goes only to a foundation.")),
        # What they take depends on the base rank, chosen by the first move: the game's rule.
        *foundations(8, StackRule(own_rule=True, pickup=PICK_NONE, flip_exposed=False), x=0, y=1, text=N_(
            "Takes the base rank, set by the first card played to a foundation (one of the four on the piles), then "
            "up in alternating colours, the Ace after the King, to the rank below the base; none comes back.")),
        *tableau(9, PILE, x=0, y=2, text=T_PILE),
    )
    max_score = 104
    score_rule = N_("One point for each card on the foundations.")

    def deal(self, cards):
        # PySolFC's order (game 135): eleven cards onto the reserve, then one onto each of the first four piles;
        # the rest is the stock. The piles left empty are dealt when the base card is chosen.
        reserve = [self.index["reserve-1"]]
        for _ in range(self.reserve_cards):
            self.deal_row(cards, reserve)
        self.deal_row(cards, self.tableau_ix[:self.choices])
        self.place("stock", cards)

    def base(self):
        """The base rank: the first card of any foundation that has one; None before it is chosen."""
        for stack in self.foundation_ix:
            if self.cards[stack]:
                return self.cards[stack][0].rank
        return None

    def takes(self, stack):  # the foundations
        base = self.base()
        pile = self.cards[stack]
        if base is None:
            return ALL_CARDS  # the base card, whatever it is (from the piles: see extra_refusal)
        if not pile:
            return frozenset(k for k in CARD_KEYS if k >> 2 == base)
        top = pile[-1]
        rank = next_up(top.rank)
        if rank == base:
            return NONE_TAKEN  # the foundation is complete
        return frozenset(k for k in CARD_KEYS if k >> 2 == rank and (k & 3 in (2, 3)) != top.is_red)

    def take_refusal(self, card, stack):
        return R_FOUNDATION

    def extra_refusal(self, src, n, dst):
        base = self.base()
        if base is None:
            if not (src in self.tableau_ix and dst in self.foundation_ix):
                return R_CHOOSE_BASE
            return None
        if dst in self.tableau_ix and self.cards[dst] and self.cards[dst][-1].rank == base:
            return R_ON_BASE
        return None

    def stock_refusal(self, move):
        return R_CHOOSE_BASE if move in (DEAL, REDEAL) and self.base() is None else None

    def explain_params(self, move, reason):
        base = self.base()
        if reason is R_FOUNDATION and base is not None:
            return {"rank": rank_name(base)}
        return {}

    def after_move(self, move):
        stock_ix, waste_ix = self.stock_ix, self.waste_ix
        if isinstance(move, Move) and move.dst in self.foundation_ix and self.on_foundations() == 1:
            # The base card is chosen: a card onto each empty pile, then one onto the waste.
            for pile in self.tableau_ix:
                if not self.cards[pile] and self.cards[stock_ix]:
                    self.move_cards(stock_ix, pile)
            if self.cards[stock_ix]:
                self.move_cards(stock_ix, waste_ix)
        elif self.base() is not None:
            # An empty pile takes the waste's top card, and an empty waste the stock's, at once (PySolFC's
            # fillStack).
            for pile in self.tableau_ix:
                if not self.cards[pile] and not self.cards[waste_ix] and self.cards[stock_ix]:
                    self.move_cards(stock_ix, waste_ix)
                if not self.cards[pile] and self.cards[waste_ix]:
                    self.move_cards(waste_ix, pile)
            if not self.cards[waste_ix] and self.cards[stock_ix]:
                self.move_cards(stock_ix, waste_ix)
        super().after_move(move)


GAMES = (Terrace,)
