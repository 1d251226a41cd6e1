"""FreeCell and Baker's Game: eight open piles, four free cells of one card each, four foundations up in
suit. A run moves as a unit as long as the free cells and empty piles would let it go one card at a time."""

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
            *reserves(4, StackRule(empty=ANY, max_cards=1, pickup=PICK_TOP), x=0, y=0, dx=1, dy=0),
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


GAMES = (FreeCell, BakersGame)
