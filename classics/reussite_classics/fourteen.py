"""Pairing games on open piles (PySolFC's montecarlo.py): the top cards of any two piles are removed together
when they make fourteen (Fourteen) or are of one rank (Isabel); or a few single cards, each empty place
filled at once from the stock, are paired off (Jamestown, Block Ten)."""

from reussite.game import Deal, Reason
from reussite.messages import N_, Message
from reussite.rules import DISCARD, DISCARD_TEXT, NONE, DealTo, Fan, Pairs, StackRule, foundations, stock, tableau
from reussite.variant import Variant

#: A pile of these games: nothing is ever put on it; its top card leaves only in a pair.
PILE = StackRule(build=None, empty=NONE)
R_STOCK_BY_ITSELF = Reason(N_("The stock deals by itself: each place emptied takes its next card."))


class Fourteen(Variant):
    """Fourteen (PySolFC game 96, Aisleriot's Fourteen): twelve open piles, pairs making fourteen."""

    id = "fourteen"
    name = N_("Fourteen")
    family = N_("Fourteen")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        *tableau(6, PILE, x=0, y=0),
        *tableau(6, PILE, x=0, y=2.5, first=7),
        *foundations(1, DISCARD, x=6.5, y=0, label=N_("removed cards"), text=DISCARD_TEXT),
    )
    pairs = Pairs(total=14)
    max_score = 52
    score_rule = N_("One point for each card removed.")

    def deal(self, cards):
        # PySolFC's order: four rows onto the twelve piles, then a fifth card on piles 1 to 4.
        for _ in range(4):
            self.deal_row(cards)
        self.deal_row(cards, self.tableau_ix[:4])


class Isabel(Variant):
    """Aisleriot's Isabel (PySolFC's Patient Pairs, game 874): thirteen piles of three face-down cards under
    a face-up one, pairs of one rank."""

    id = "isabel"
    name = N_("Isabel")
    family = N_("Isabel")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        *tableau(7, PILE, x=0, y=0),
        *tableau(6, PILE, x=0, y=2, first=8),
        *foundations(1, DISCARD, x=7.5, y=0, label=N_("removed cards"), text=DISCARD_TEXT),
    )
    pairs = Pairs(by="rank")
    max_score = 52
    score_rule = N_("One point for each card removed.")

    def deal(self, cards):
        for _ in range(3):
            self.deal_row(cards, face_down=True)
        self.deal_row(cards)


class RefilledPlaces(Variant):
    """A few single cards; each place a pair empties takes the stock's next card at once, the first card's
    place first (Aisleriot's and PySolFC's order). The stock is never clicked."""

    decks = 1
    deal_to = DealTo.TABLEAU  # never clicked: the refills are part of the move (after_move)
    max_score = 52
    score_rule = N_("One point for each card removed.")

    def deal(self, cards):
        self.deal_row(cards)
        self.place("stock", cards)

    def can_deal(self):
        return False  # the stock is never clicked: it deals by itself (after_move)

    def explain(self, move, reason=None):
        if isinstance(move, Deal) and self.cards[self.stock_ix]:
            return Message(R_STOCK_BY_ITSELF.msgid)  # rather than "no cards left to deal"
        return super().explain(move, reason)

    def after_move(self, move):
        super().after_move(move)
        stock, cards = self.stock_ix, self.cards
        for i in (move.src, getattr(move, "other", move.src)):
            if not cards[stock]:
                return
            if i in self.tableau_ix and not cards[i]:
                self.move_cards(stock, i)


def grid3(first_y=0.5):
    """Nine places in three rows of three, right of the stock."""
    return [spec for row in range(3) for spec in tableau(3, StackRule(build=None, empty=NONE, max_cards=1),
                                                         x=1.5, y=first_y + row, first=3 * row + 1,
                                                         fan=Fan.NONE)]


class Jamestown(RefilledPlaces):
    """Aisleriot's Jamestown (PySolFC's Simple Pairs, game 91): nine places, pairs of one rank."""

    id = "jamestown"
    name = N_("Jamestown")
    family = N_("Simple Pairs")
    domain = "reussite_classics"
    stacks = (stock(0, 1.5), *grid3(),
              *foundations(1, DISCARD, x=5, y=1.5, label=N_("removed cards"), text=DISCARD_TEXT))
    pairs = Pairs(by="rank")


class BlockTen(RefilledPlaces):
    """Aisleriot's Block Ten (PySolFC game 829): nine places, pairs making ten, or two Jacks, two Queens,
    two Kings; the Tens block their places and stay."""

    id = "block-ten"
    name = N_("Block Ten")
    family = N_("Simple Pairs")
    domain = "reussite_classics"
    stacks = Jamestown.stacks
    pairs = Pairs(total=10, same=(11, 12, 13))
    max_score = 48
    score_rule = N_("One point for each card removed; the four Tens stay.")

    def is_won(self):
        return self.on_foundations() == 48  # every card but the four Tens


GAMES = (Fourteen, Isabel, Jamestown, BlockTen)
