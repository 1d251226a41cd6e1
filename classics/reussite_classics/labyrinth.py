"""Labyrinth: the Aces start the foundations; eight columns hang below eight places, and both ends of each
column can go to the foundations: the card in the place above it, and the last card of the column. The stock
deals a card onto each column."""

from reussite.cards import ACE
from reussite.messages import N_
from reussite.rules import FOUNDATION_UP_IN_SUIT, NONE, DealTo, Fan, StackRule, foundations, reserves, stock, tableau
from reussite.variant import Variant

END = StackRule(empty=NONE, flip_exposed=False)  # takes nothing from the player; its top card goes home


class Labyrinth(Variant):
    id = "labyrinth"
    name = N_("Labyrinth")
    family = N_("Labyrinth")
    domain = "reussite_classics"
    decks = 1
    deal_to = DealTo.TABLEAU  # one card onto each column
    stacks = (
        stock(0, 0),
        *foundations(4, FOUNDATION_UP_IN_SUIT, x=2, y=0, suits=range(4)),
        # The top row: one card a place, the head of the column below it.
        *reserves(8, END, x=0, y=1, dx=1, dy=0, label=N_("place {number}")),
        *tableau(8, END, x=0, y=1.6, fan=Fan.DOWN, label=N_("column {number}")),
    )
    max_score = 48
    score_rule = N_("One point for each card played onto the foundations.")

    def shuffle_hook(self, cards):
        # PySolFC's (its Labyrinth, written but not offered): the Aces to the top, the clubs' topmost.
        aces = sorted((c for c in cards if c.rank == ACE), key=lambda c: -c.suit)
        return [c for c in cards if c.rank != ACE] + aces

    def deal(self, cards):
        self.deal_row(cards, self.foundation_ix)
        self.deal_row(cards, self.reserve_ix)
        self.place("stock", cards)

    def after_move(self, move):
        # A place left empty takes the first card of its column, or the stock's top card if the column is empty.
        cards = self.cards
        for place, column in zip(self.reserve_ix, self.tableau_ix, strict=True):
            if not cards[place]:
                if cards[column]:
                    self.move_bottom_card(column, place)
                elif cards[self.stock_ix]:
                    self.move_cards(self.stock_ix, place)
        super().after_move(move)

    def score(self):
        return self.on_foundations() - 4


GAMES = (Labyrinth,)
