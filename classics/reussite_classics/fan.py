"""Baker's Dozen, Cruel, Bristol, Fan and Carpet: the open games where every card is dealt at once (or turned from
the stock) in short piles and the top card alone moves.

Baker's Dozen: thirteen piles of four, Kings put at the bottom of theirs, built down regardless of suit.
Cruel: the Aces dealt home, twelve piles of four built down in suit; a redeal gathers the piles in order and
deals them again in fours, as often as you like. Bristol: eight piles of three, Kings at the bottom, and three
reserves the stock deals onto. Fan: eighteen piles of three (the last of one) built down in suit, Kings on
empty piles. Carpet: twenty cards in four rows, nothing built on them; a card that leaves
the carpet is replaced from the waste or the stock."""

from reussite.cards import ACE, KING
from reussite.game import Reason, Redeal
from reussite.messages import N_, NP_
from reussite.rules import (
    FOUNDATION_UP_IN_SUIT,
    NONE,
    PICK_TOP,
    Build,
    BuildSuit,
    DealTo,
    Fan,
    Kind,
    Refill,
    StackRule,
    foundations,
    reserves,
    stock,
    tableau,
    waste,
    with_changes,
)
from reussite.variant import Variant

# French « de l’Éventail » (see reussite.messages.OF_CONTEXT).
NP_("name after the preposition of", "Fan")

R_SAME_DEAL = Reason(N_("A redeal now would deal the same piles again: move a card first."))


def kings_to_the_bottom(cards, piles, searched=None):
    """PySolFC's hook for Baker's Dozen and Bristol: each King among the first ``searched`` cards of the list
    (bottom of the stock first) changes places with the first card below it, dealt to the same pile, that is
    not a King; then the list is turned over, so that the row dealt first is the bottom of the piles."""
    cards = list(cards)
    kings = [i for i, c in enumerate(cards[:searched]) if c.rank == KING]
    for i in kings:
        for j in range(i % piles, i, piles):
            if cards[j].rank != KING:
                cards[i], cards[j] = cards[j], cards[i]
                break
    cards.reverse()
    return cards


def aces_last(cards):
    """PySolFC's hook moving the Aces to the bottom of the stock, clubs at the very bottom: dealt after the
    rest, clubs first."""
    aces = sorted((c for c in cards if c.rank == ACE), key=lambda c: c.suit, reverse=True)
    return [*aces, *(c for c in cards if c.rank != ACE)]


class BakersDozen(Variant):
    id = "bakers-dozen"
    name = N_("Baker's Dozen")
    family = N_("Baker's Dozen")
    domain = "reussite_classics"
    decks = 1
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    @classmethod
    def layout(cls):
        # Down regardless of suit, the top card alone; an empty pile stays empty. Seven piles above, six
        # below, the foundations beside them, their top card free to come back onto a pile.
        pile = StackRule(build=Build(BuildSuit.ANY, -1), empty=NONE, pickup=PICK_TOP)
        return (
            *tableau(7, pile, x=0, y=0),
            *tableau(6, pile, x=0, y=2.5, first=8),
            *foundations(4, with_changes(FOUNDATION_UP_IN_SUIT, pickup=PICK_TOP), x=7.5, y=0, dx=0, dy=1),
        )

    def shuffle_hook(self, cards):
        return kings_to_the_bottom(cards, 13)

    def deal(self, cards):
        for _ in range(4):
            self.deal_row(cards)


class Bristol(Variant):
    id = "bristol"
    name = N_("Bristol")
    family = N_("Fan")
    domain = "reussite_classics"
    decks = 1
    redeals = 0
    deal_to = DealTo.RESERVE  # one card onto each reserve, the first from the top of the stock; the last deal one
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")
    stacks = (
        stock(0, 0),
        # The three reserves take cards from the stock alone; their top card is free.
        *reserves(3, StackRule(empty=NONE, pickup=PICK_TOP), x=1.25, y=0, dx=1, dy=0),
        # Up regardless of suit from the Ace; a card there stays there.
        *foundations(4, with_changes(FOUNDATION_UP_IN_SUIT, build=Build(BuildSuit.ANY, 1)), x=5, y=0),
        # Down regardless of suit, the top card alone; an empty pile stays empty. Two rows of four, fanned.
        *(spec for row in range(2) for spec in tableau(
            4, StackRule(build=Build(BuildSuit.ANY, -1), empty=NONE, pickup=PICK_TOP),
            x=0, y=1 + row, dx=2.5, fan=Fan.RIGHT, first=1 + 4 * row)),
    )

    def shuffle_hook(self, cards):
        return kings_to_the_bottom(cards, 8, searched=24)

    def deal(self, cards):
        # PySolFC's order: three rows onto the eight piles; the rest is the stock. (PySolFC then deals the
        # first three cards onto the reserves by itself; here, as in Aisleriot, the first click does.)
        for _ in range(3):
            self.deal_row(cards)
        self.place("stock", cards)



#: Fan's piles in rows, as PySolFC lays them out: five, five, five and three.
FAN_ROWS = (5, 5, 5, 3)


class FanGame(Variant):
    """Fan: eighteen fans of three cards (the last one of one), built down in suit one card at a time, a King on
    an empty pile; the foundations give their top card back, as in PySolFC."""

    id = "fan"
    name = N_("Fan")
    family = N_("Fan")
    domain = "reussite_classics"
    decks = 1
    redeals = 0
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")
    stacks = (
        # Up in suit from the Ace; the top card may come back onto a pile that takes it.
        *foundations(4, with_changes(FOUNDATION_UP_IN_SUIT, pickup=PICK_TOP), x=3.5, y=0),
        *(spec for row, count in enumerate(FAN_ROWS) for spec in tableau(
            count, StackRule(build=Build(BuildSuit.SAME, -1), empty=KING, pickup=PICK_TOP),
            x=0, y=1 + row, dx=2.5, fan=Fan.RIGHT, first=1 + sum(FAN_ROWS[:row]))),
    )

    def deal(self, cards):
        # PySolFC's order: two rows onto the first seventeen piles, then a row onto all eighteen.
        for _ in range(2):
            self.deal_row(cards, self.tableau_ix[:17])
        self.deal_row(cards)


class Cruel(Variant):
    id = "cruel"
    name = N_("Cruel")
    family = N_("Baker's Dozen")
    domain = "reussite_classics"
    decks = 1
    redeals = None  # as often as you like
    deal_to = DealTo.TABLEAU  # the stock is always empty: a click on it is the redeal
    max_score = 48
    score_rule = N_("One point for each card on the foundations besides the four Aces.")

    @classmethod
    def layout(cls):
        # Down in suit, the top card alone; an empty pile stays empty. Two rows of six, the foundations
        # (which keep their cards) beside them and the empty stock below.
        pile = StackRule(build=Build(BuildSuit.SAME, -1), empty=NONE, pickup=PICK_TOP)
        return (
            *tableau(6, pile, x=0, y=0),
            *tableau(6, pile, x=0, y=2.5, first=7),
            *foundations(4, FOUNDATION_UP_IN_SUIT, x=6.5, y=0, dx=0, dy=1),
            stock(6.5, 4),
        )

    def shuffle_hook(self, cards):
        return aces_last(cards)

    def deal(self, cards):
        for _ in range(4):
            self.deal_row(cards)
        self.deal_row(cards, self.foundation_ix)  # the Aces, clubs first

    def in_dealt_order(self):
        """Whether the piles are as a redeal leaves them (fours from the first pile on): a redeal would then
        deal them again the same."""
        sizes = [len(self.cards[i]) for i in self.tableau_ix]
        last = max((k for k, n in enumerate(sizes) if n), default=-1)
        return all(n == 4 for n in sizes[:last]) and (last < 0 or sizes[last] <= 4)

    def stock_refusal(self, move):
        if isinstance(move, Redeal) and self.in_dealt_order():
            return R_SAME_DEAL
        return None

    def do_redeal(self):
        # The piles go onto the stock from the last to the first, each turned over, so that the stock's top
        # card is the bottom card of the first pile; then fours go back onto the piles from the first, the
        # first card taken at the bottom: the cards keep their order, cut into fours.
        self.count_redeal()
        for pile in reversed(self.tableau_ix):
            if self.cards[pile]:
                self.move_cards(pile, self.stock_ix, len(self.cards[pile]), reverse=True)
        self.deal_cards(self.stock_ix, self.tableau_ix, 4, reverse=True)

    def score(self):
        return self.on_foundations() - 4


class Carpet(Variant):
    id = "carpet"
    name = N_("Carpet")
    family = N_("Carpet")
    domain = "reussite_classics"
    decks = 1
    deal_to = DealTo.WASTE  # one card at a time
    redeals = 0
    max_score = 48
    score_rule = N_("One point for each card on the foundations besides the four Aces.")
    stacks = (
        stock(0, 0),
        waste(0, 1),
        # The carpet: four rows of five single cards, numbered row by row; nothing is built on them, their
        # card goes to a foundation, and the game refills a place it leaves (refill).
        *(spec for row in range(4) for spec in tableau(
            5, StackRule(empty=NONE, pickup=PICK_TOP), x=3, y=row, fan=Fan.NONE, first=1 + 5 * row)),
        # Up in suit from the Aces dealt there, two on each side of the carpet; a card there stays there.
        *(spec for k, (x, y) in enumerate(((2, 1), (8, 1), (2, 2), (8, 2)))
          for spec in foundations(1, FOUNDATION_UP_IN_SUIT, x=x, y=y, first=k + 1)),
    )
    # A place left empty takes the waste's top card, or the stock's when the waste is empty, as part of the
    # move. Refilling every empty place is the same: nothing else goes on a place (empty=NONE), and one stays
    # empty only once the waste and the stock are, for good (no redeal).
    refill = Refill(Kind.TABLEAU, ("waste", "stock"))

    def shuffle_hook(self, cards):
        # PySolFC puts the Aces on top of the pack, clubs on the very top: they are dealt first, clubs first.
        aces = sorted((c for c in cards if c.rank == ACE), key=lambda c: c.suit, reverse=True)
        return [*(c for c in cards if c.rank != ACE), *aces]

    def deal(self, cards):
        # PySolFC's order: the Aces onto the foundations, then a row onto the twenty places; the rest is the
        # stock. (PySolFC then turns its first card onto the waste; here, as in Aisleriot, the first click does.)
        self.deal_row(cards, self.foundation_ix)
        self.deal_row(cards)
        self.place("stock", cards)

    def score(self):
        return self.on_foundations() - 4


GAMES = (BakersDozen, Bristol, Cruel, Carpet, FanGame)
