"""FreeCell and Baker's Game: eight open piles, four free cells of one card each, four foundations up in
suit. A run moves as a unit as long as the free cells and empty piles would let it go one card at a time."""

from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN,
    PICK_TOP,
    Build,
    BuildSuit,
    Kind,
    StackRule,
    foundations,
    reserves,
    tableau,
)
from reussite.variant import Variant

R_SUPERMOVE = Reason(N_("Only {most} cards can move together now: one, plus one for each empty free cell, "
                        "doubled for each empty pile other than the target."))


class FreeCell(Variant):
    id = "freecell"
    name = N_("FreeCell")
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
            # Down by the build suit; an empty pile takes any card or run.
            *tableau(8, StackRule(build=Build(cls.build_suit, -1), empty=ANY, pickup=PICK_RUN), y=1),
        )

    def deal(self, cards):
        while cards:  # row by row, left to right: 7, 7, 7, 7, 6, 6, 6, 6
            self.deal_row(cards, self.tableau_ix[: len(cards)])

    def extra_refusal(self, src, n, dst):
        # The "supermove": a run stands for single moves through the free cells and the empty piles.
        if n > 1 and self.specs[dst].kind is Kind.TABLEAU and n > self.most_movable(dst):
            return R_SUPERMOVE
        return None

    def most_movable(self, dst):
        cells = sum(1 for i in self.reserve_ix if not self.cards[i])
        return (1 + cells) << self.empty_count((dst,))

    def explain_params(self, move, reason):
        if reason is R_SUPERMOVE:
            return {"most": self.most_movable(move.dst)}
        return super().explain_params(move, reason)


class BakersGame(FreeCell):
    id = "bakers-game"
    name = N_("Baker's Game")
    build_suit = BuildSuit.SAME
