"""Two games whose own code fails: one on every deal, one only on even game numbers."""

from reussite.hookspecs import hookimpl
from reussite.rules import FOUNDATION_UP_IN_SUIT, foundations, stock, waste
from reussite.variant import Variant


class NeverDeals(Variant):
    id = "never-deals"
    name = "Never Deals"
    stacks = (stock(), waste(), *foundations(4, FOUNDATION_UP_IN_SUIT, x=2))

    def deal(self, cards):
        raise KeyError("tableau-9")


class OddOnly(NeverDeals):
    id = "odd-only"
    name = "Odd Only"

    def deal(self, cards):
        if self.number % 2 == 0:
            raise IndexError("pop from empty list")
        self.place("stock", cards)


@hookimpl
def reussite_games():
    return [NeverDeals, OddOnly]
