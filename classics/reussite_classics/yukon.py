"""Yukon and its family: seven piles built down, Kings on empty piles, and any face-up card moves with the
cards above it, in sequence or not. Yukon, Odessa, Australian Patience, Ten Across and Grandfather."""

from reussite.messages import N_, NP_
from reussite.rules import (
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN,
    Build,
    BuildSuit,
    Fan,
    StackRule,
    foundations,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant
from reussite_classics.spider import face_up_count

# The name after "of" where a language cannot build it from the name (French « du Yukon »): see
# reussite.messages.OF_CONTEXT.
NP_("name after the preposition of", "Yukon")
NP_("name after the preposition of", "Australian Patience")


class Yukon(Variant):
    id = "yukon"
    name = N_("Yukon")
    family = N_("Yukon")
    domain = "reussite_classics"
    decks = 1
    #: How the piles build: the parameter between Yukon (alternating colours) and its relatives in suit.
    build = Build(BuildSuit.ALTERNATE, -1)
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    @classmethod
    def layout(cls):
        return (
            # Up in suit from the Ace; a card there stays there.
            *foundations(4, FOUNDATION_UP_IN_SUIT, x=3, y=0),
            # Down by the build; an empty pile takes a King, with whatever lies on it.
            *tableau(7, StackRule(build=cls.build, empty=13, pickup=PICK_RUN), y=1),
        )

    def deal(self, cards):
        # PySolFC's order: a triangle of face-down cards row by row (row K onto piles K+1 to 7), four face-up
        # rows onto piles 2 to 7, then a face-up row onto all seven.
        for row in range(1, 7):
            self.deal_row(cards, self.tableau_ix[row:], face_down=True)
        for _ in range(4):
            self.deal_row(cards, self.tableau_ix[1:])
        self.deal_row(cards)

    def run_length(self, stack):
        # Any face-up card moves with the cards above it, whether they follow it or not.
        return face_up_count(self, stack)


class Odessa(Yukon):
    """Yukon built down in suit, dealt in another pattern."""

    id = "odessa"
    name = N_("Odessa")
    build = Build(BuildSuit.SAME, -1)

    def deal(self, cards):
        # PySolFC's order: three face-down rows, two face-up rows, two face-up rows onto piles 2 to 6, then a
        # last face-up row.
        for row in range(5):
            self.deal_row(cards, face_down=row < 3)
        for _ in range(2):
            self.deal_row(cards, self.tableau_ix[1:6])
        self.deal_row(cards)


class AustralianPatience(Yukon):
    """Yukon built in suit on four face-up rows, with a stock turned one card at a time, once through."""

    id = "australian-patience"
    name = N_("Australian Patience")
    build = Build(BuildSuit.SAME, -1)
    redeals = 0  # the stock goes through once

    @classmethod
    def layout(cls):
        return (
            stock(0, 0),
            waste(1, 0, fan=Fan.RIGHT),
            *foundations(4, FOUNDATION_UP_IN_SUIT, x=3, y=0),
            *tableau(7, StackRule(build=cls.build, empty=13, pickup=PICK_RUN), y=1),
        )

    def deal(self, cards):
        # PySolFC's order: four face-up rows; the rest is the stock. (PySolFC then turns the first card onto
        # the waste by itself; here the first click does, as in the classics' Klondike.)
        for _ in range(4):
            self.deal_row(cards)
        self.place("stock", cards)


GAMES = (Yukon, Odessa, AustralianPatience)
