"""A real, tiny plugin used by the host tests: a game with an option, named two more ways by aliases, and a
second game whose alias is already taken."""

from reussite.hookspecs import hookimpl
from reussite.rules import FOUNDATION_UP_IN_SUIT, foundations, stock, waste
from reussite.variant import Option, Variant


class Draws(Variant):
    id = "test-draws"
    name = "Test Draws"
    options = (Option("draw", ("1", "3"), "1", "cards turned at a time"),)
    aliases = {"test-draws-three": {"draw": "3"}, "testdraws": {}}
    stacks = (stock(), waste(), *foundations(4, FOUNDATION_UP_IN_SUIT, x=2))

    def configure(self):
        self.deal_count = int(self.option_values["draw"])


class Greedy(Draws):
    id = "test-greedy"
    aliases = {"testdraws": {}, "forty-thieves": {}}


@hookimpl
def reussite_games():
    return [Draws, Greedy]
