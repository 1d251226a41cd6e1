"""Beleaguered Castle, Streets and Alleys and Fortress: two wings of piles on either side of the foundations,
every card in sight, no stock and no free cell: the empty piles are the only room to move.

Beleaguered Castle and Streets and Alleys build down regardless of suit, and a foundation's top card may come
back onto a pile; Beleaguered Castle starts with the Aces on the foundations. Fortress builds up or down in
suit, one card at a time, and its foundations keep what they get."""

from reussite.cards import ACE
from reussite.messages import N_
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN_BY_SPACES,
    PICK_TOP,
    Build,
    BuildSuit,
    Fan,
    StackRule,
    foundations,
    tableau,
    with_changes,
)
from reussite.variant import Variant


class StreetsAndAlleys(Variant):
    id = "streets-and-alleys"
    name = N_("Streets and Alleys")
    family = N_("Beleaguered Castle")
    domain = "reussite_classics"
    decks = 1
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    @classmethod
    def layout(cls):
        # Down regardless of suit; an empty pile takes any card. One card moves at a time: a run goes as a
        # unit only where the empty piles would let it go card by card (no free cells here, so 2 ** empty).
        pile = StackRule(build=Build(BuildSuit.ANY, -1), empty=ANY, pickup=PICK_RUN_BY_SPACES)
        return (
            # The left wing, piles 1 to 4 from the top, fanned to the right; the foundations in the middle
            # column, their top card free to come back onto a pile; the right wing, piles 5 to 8.
            *tableau(4, pile, x=0, y=0, dx=0, dy=1, fan=Fan.RIGHT),
            *foundations(4, with_changes(FOUNDATION_UP_IN_SUIT, pickup=PICK_TOP), x=4.5, y=0, dx=0, dy=1),
            *tableau(4, pile, x=5.5, y=0, dx=0, dy=1, fan=Fan.RIGHT, first=5),
        )

    def deal(self, cards):
        while cards:  # row by row, left wing then right wing, until the pack is out: 7 cards left, 6 right
            self.deal_row(cards, self.tableau_ix[: len(cards)])


class BeleagueredCastle(StreetsAndAlleys):
    id = "beleaguered-castle"
    name = N_("Beleaguered Castle")
    max_score = 48
    score_rule = N_("One point for each card on the foundations besides the four Aces.")

    def shuffle_hook(self, cards):
        # PySolFC puts the Aces at the bottom of the pack, clubs last: they are dealt last, one on each
        # foundation, clubs first.
        aces = sorted((c for c in cards if c.rank == ACE), key=lambda c: c.suit, reverse=True)
        return [*aces, *(c for c in cards if c.rank != ACE)]

    def deal(self, cards):
        for _ in range(6):
            self.deal_row(cards)
        self.deal_row(cards, self.foundation_ix)

    def score(self):
        return self.on_foundations() - 4


class Fortress(Variant):
    id = "fortress"
    name = N_("Fortress")
    family = N_("Beleaguered Castle")
    domain = "reussite_classics"
    decks = 1
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    @classmethod
    def layout(cls):
        # Up or down in suit, the top card alone moves, an empty pile takes any card. Five piles on either
        # side of the foundations, numbered row by row: piles 1 and 2 are the top ones, dealt a sixth card.
        pile = StackRule(build=Build(BuildSuit.SAME, -1, either=True), empty=ANY, pickup=PICK_TOP)
        return (
            *foundations(4, FOUNDATION_UP_IN_SUIT, x=4.5, y=0.5, dx=0, dy=1),
            *(spec for row in range(5) for spec in (
                *tableau(1, pile, x=0, y=row, fan=Fan.RIGHT, first=2 * row + 1),
                *tableau(1, pile, x=5.5, y=row, fan=Fan.RIGHT, first=2 * row + 2))),
        )

    def deal(self, cards):
        while cards:  # row by row until the pack is out: 6 cards on piles 1 and 2, 5 on the others
            self.deal_row(cards, self.tableau_ix[: len(cards)])


GAMES = (BeleagueredCastle, StreetsAndAlleys, Fortress)
