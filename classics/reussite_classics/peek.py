"""Peek: Osmosis with every reserve card face up (Aisleriot's Peek, PySolFC's game 716). The bundled Osmosis
is the game; this variant only lays the reserves open."""

from reussite.messages import N_, NP_
from reussite_plugins.osmosis import Osmosis

NP_("name after the preposition of", "Peek")


class Peek(Osmosis):
    id = "peek"
    name = N_("Peek")
    alt_names = ()
    family = N_("Osmosis")
    domain = "reussite_classics"

    def deal(self, cards):
        # PySolFC's Osmosis order (four rows on the reserves, then the base card), every card face up.
        for _ in range(4):
            self.deal_row(cards, self.reserve_ix)
        self.place("foundation-1", [cards.pop()])
        self.place("stock", cards)


GAMES = (Peek,)
