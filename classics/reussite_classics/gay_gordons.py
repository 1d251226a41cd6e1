"""Gay Gordons: the whole pack face up on eleven piles; two top cards are removed together when they make 11,
two Jacks, or a Queen and a King. Won when every card is removed."""

from reussite.cards import JACK, KING, QUEEN
from reussite.messages import N_
from reussite.rules import DISCARD, DISCARD_TEXT, NONE, Fan, Kind, Pairs, StackRule, StackSpec, foundations
from reussite.variant import Variant

PILE = StackRule(build=None, empty=NONE)  # nothing is put on a pile; its top card leaves in a pair


class CourtPairs(Pairs):
    """Pairs making 11, Jacks with each other (``same``), and a Queen with a King, which no total says."""

    def matches(self):
        table = list(super().matches())
        for rank, other in ((QUEEN, KING), (KING, QUEEN)):
            for suit in range(4):
                table[rank * 4 + suit] = frozenset(other * 4 + s for s in range(4))
        return tuple(table)


class GayGordons(Variant):
    """Gay Gordons (Aisleriot; not in PySolFC)."""

    id = "gay-gordons"
    name = N_("Gay Gordons")
    family = N_("Gay Gordons")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        # Aisleriot's first pile holds two cards, fanned to the right, above the ten others of five.
        StackSpec("tableau-1", Kind.TABLEAU, PILE, 0, 0, Fan.RIGHT),
        *(StackSpec(f"tableau-{i}", Kind.TABLEAU, PILE, i - 2, 1, Fan.DOWN) for i in range(2, 12)),
        *foundations(1, DISCARD, x=9, y=0, label=N_("discard pile"), text=DISCARD_TEXT),
    )
    pairs = CourtPairs(total=11, same=(JACK,))
    max_score = 52
    score_rule = N_("One point for each card removed.")

    def deal(self, cards):
        # Row by row from the top of the pack, left to right: two rows on the eleven piles, three on the ten
        # piles below the first.
        for _ in range(2):
            self.deal_row(cards)
        for _ in range(3):
            self.deal_row(cards, self.tableau_ix[1:])


GAMES = (GayGordons,)
