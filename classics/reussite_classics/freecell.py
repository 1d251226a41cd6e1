"""FreeCell and Baker's Game: eight open piles, four free cells of one card each, four foundations up in
suit. A run moves as a unit as long as the free cells and empty piles would let it go one card at a time.

Eight Off and Seahaven Towers: more free cells, some dealt a card, piles built down in suit, Kings alone on
an empty pile, so that a run moves only as far as the free cells let it: one card more than the empty ones."""

from reussite.messages import N_
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN_BY_SPACES,
    PICK_TOP,
    Build,
    BuildSuit,
    StackRule,
    foundations,
    reserves,
    tableau,
)
from reussite.variant import Variant

#: A free cell holds any one card, and gives it back to a pile or a foundation.
FREE_CELL = StackRule(empty=ANY, max_cards=1, pickup=PICK_TOP)


class FreeCell(Variant):
    id = "freecell"
    name = N_("FreeCell")
    family = N_("FreeCell")
    domain = "reussite_classics"
    decks = 1
    #: How the piles build: the one parameter between FreeCell and Baker's Game.
    build_suit = BuildSuit.ALTERNATE
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    @classmethod
    def layout(cls):
        return (
            # A free cell holds any one card.
            *reserves(4, FREE_CELL, x=0, y=0, dx=1, dy=0, label=N_("free cell {number}")),
            # Up in suit from the Ace; a card there stays there.
            *foundations(4, FOUNDATION_UP_IN_SUIT, x=4),
            # Down by the build suit; an empty pile takes any card or run. A run moves as far as the free
            # cells and empty piles would let it go one card at a time: (1 + free cells) x 2 ** empty piles.
            *tableau(8, StackRule(build=Build(cls.build_suit, -1), empty=ANY, pickup=PICK_RUN_BY_SPACES), y=1),
        )

    def deal(self, cards):
        while cards:  # row by row, left to right: 7, 7, 7, 7, 6, 6, 6, 6
            self.deal_row(cards, self.tableau_ix[: len(cards)])


class BakersGame(FreeCell):
    id = "bakers-game"
    name = N_("Baker's Game")
    build_suit = BuildSuit.SAME


class EightOff(Variant):
    id = "eight-off"
    name = N_("Eight Off")
    family = N_("FreeCell")
    domain = "reussite_classics"
    decks = 1
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")
    #: How many piles and free cells, and which free cells the deal fills (PySolFC's places, from 0).
    piles = 8
    cells = 8
    dealt_cells = (0, 2, 4, 6)

    @classmethod
    def layout(cls):
        return (
            *reserves(cls.cells, FREE_CELL, x=0, y=0, dx=1, dy=0, label=N_("free cell {number}")),
            *foundations(4, FOUNDATION_UP_IN_SUIT, x=cls.piles + 0.5, y=0, dx=0, dy=1),
            # Down in suit; an empty pile takes a King or a run from a King. Empty piles take no other card,
            # so they never help a run along: a run has one card more than the empty free cells at most.
            *tableau(cls.piles, StackRule(build=Build(BuildSuit.SAME, -1), empty=13, pickup=PICK_RUN_BY_SPACES),
                     y=1),
        )

    def deal(self, cards):
        rows = (52 - len(self.dealt_cells)) // self.piles
        for _ in range(rows):
            self.deal_row(cards)
        self.deal_row(cards, [self.reserve_ix[i] for i in self.dealt_cells])



class Seahaven(EightOff):
    id = "seahaven"
    name = N_("Seahaven Towers")
    piles = 10
    cells = 4
    dealt_cells = (1, 2)  # the two middle ones

    @classmethod
    def layout(cls):
        return (
            # Two foundations on each side of the four free cells, as in PySolFC and Aisleriot.
            *foundations(2, FOUNDATION_UP_IN_SUIT, x=0, y=0),
            *reserves(4, FREE_CELL, x=3, y=0, dx=1, dy=0, label=N_("free cell {number}")),
            *foundations(2, FOUNDATION_UP_IN_SUIT, x=8, y=0, first=3),
            *tableau(10, StackRule(build=Build(BuildSuit.SAME, -1), empty=13, pickup=PICK_RUN_BY_SPACES), y=1),
        )


GAMES = (FreeCell, BakersGame, EightOff, Seahaven)
