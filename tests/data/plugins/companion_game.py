"""A tiny plugin game that attaches a solver companion the way any plugin can: by one declaration naming
a class in another module (companion_game_solver), which the solver imports when it first runs.

The game: the stock is dealt one card at a time to the waste, with no redeal; four tableau piles take
nothing; every card goes to the foundations, up in suit from the Ace. This module knows nothing of the solver.
"""

from reussite.hookspecs import hookimpl
from reussite.rules import FOUNDATION_UP_IN_SUIT, NONE, PICK_TOP, StackRule, foundations, stock, tableau, waste
from reussite.variant import Variant

PILES = 4
PILE_RULE = StackRule(build=None, empty=NONE, pickup=PICK_TOP, flip_exposed=False)


class Sentinel(Variant):
    id = "test-companion"
    name = "Test Companion"
    solver_companion = "companion_game_solver:ItsSolver"
    stacks = (stock(), waste(), *foundations(4, FOUNDATION_UP_IN_SUIT, x=2),
              *tableau(PILES, PILE_RULE, y=1))

    def deal(self, cards):
        for i in range(PILES):
            self.place(f"tableau-{i + 1}", cards[4 * i:4 * i + 4])
        self.place("stock", cards[4 * PILES:])


@hookimpl
def reussite_games():
    return [Sentinel]
