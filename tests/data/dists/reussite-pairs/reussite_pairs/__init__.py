"""A third-party game with its own gettext domain: its words come from its catalog, shared ones from the host's."""

from pathlib import Path

from reussite.hookspecs import Catalog, hookimpl
from reussite.messages import N_
from reussite.rules import ANY, FOUNDATION_UP_IN_SUIT, Build, StackRule, foundations, stock, tableau, waste
from reussite.variant import Variant


class PairUp(Variant):
    id = "pairs-demo"
    name = N_("Pair Up")
    alt_names = (N_("Two by Two"),)
    domain = "reussite_pairs"
    decks = 1
    stacks = (stock(), waste(), *foundations(4, FOUNDATION_UP_IN_SUIT, x=2),
              *tableau(2, StackRule(build=Build("same", -1), empty=ANY), y=1))

    def deal(self, cards):
        self.deal_row(cards)
        self.place("stock", cards)


@hookimpl
def reussite_games():
    return [PairUp]


@hookimpl
def reussite_catalogs():
    return [Catalog("reussite_pairs", Path(__file__).parent / "locale", "ui")]
