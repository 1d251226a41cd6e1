"""Scuffle, of the Auld Lang Syne family: one pack, the four Aces start the foundations, which go up
regardless of suit; the stock deals a card onto each of four piles, whose top cards go only to the
foundations; the piles are gathered and shuffled into the stock twice."""

import random

from reussite.cards import ACE
from reussite.messages import N_
from reussite.rules import NONE, PICK_NONE, PICK_TOP, Build, BuildSuit, DealTo, StackRule, foundations, stock, tableau
from reussite.variant import Variant


class Scuffle(Variant):
    id = "scuffle"
    name = N_("Scuffle")
    family = N_("Auld Lang Syne")
    domain = "reussite_classics"
    decks = 1
    deal_to = DealTo.TABLEAU  # a card onto each pile
    redeals = 2  # the piles gathered and shuffled into the stock, twice
    stacks = (
        stock(0, 0),
        # Up regardless of suit, from the Ace dealt there to the King; a card there stays there.
        *foundations(4, StackRule(build=Build(BuildSuit.ANY, 1), empty=NONE, pickup=PICK_NONE, flip_exposed=False),
                     x=2, y=0),
        # Nothing goes on them; their top cards go to the foundations only.
        *tableau(4, StackRule(empty=NONE, pickup=PICK_TOP, accepts_from=frozenset()), x=2, y=1,
                 label=N_("reserve pile {number}")),
    )
    max_score = 48
    score_rule = N_("One point for each card put on the foundations (48 when every card is home).")

    def shuffle_hook(self, cards):
        # PySolFC's _shuffleHookMoveToTop: the Aces to the top of the pack, the Ace of clubs dealt first.
        aces = sorted((c for c in cards if c.rank == ACE), key=lambda c: c.suit, reverse=True)
        return [c for c in cards if c.rank != ACE] + aces

    def deal(self, cards):
        # PySolFC's order (game 553): the Aces onto the foundations (clubs, spades, hearts, diamonds), then a
        # row onto the piles; the rest is the stock.
        self.deal_row(cards, self.foundation_ix)
        self.deal_row(cards)
        self.place("stock", cards)

    def do_redeal(self):
        # The piles' cards are gathered and shuffled into the stock: the order is drawn from the game number and
        # the redeal, so that a number always plays the same. The cards reach the stock one at a time, each
        # dug out from its pile by moving the cards above it onto another pile (recorded moves, undone exactly).
        piles = self.tableau_ix
        where = {}
        for pile in piles:
            for card in self.cards[pile]:
                where[card] = pile
        order = sorted(where, key=lambda c: (c.rank, c.suit))
        random.Random(self.number * 4 + self.redeals_used).shuffle(order)
        for card in order:
            pile = where[card]
            while self.cards[pile][-1] != card:
                other = next(p for p in piles if p != pile)
                where[self.cards[pile][-1]] = other
                self.move_cards(pile, other)
            self.move_cards(pile, self.stock_ix)
        self.count_redeal()

    def score(self):
        return self.on_foundations() - 4


GAMES = (Scuffle,)
