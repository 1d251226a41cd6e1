"""Accordion: the 52 cards in one long row; a card goes onto its neighbour on the left, or the third card to its
left, of its suit or rank, and the row closes up. Won when a single card is left."""

from functools import lru_cache

from reussite.game import Move, Reason
from reussite.messages import N_, NP_
from reussite.rules import NONE, PICK_NONE, PICK_TOP, Kind, StackRule, StackSpec, card_key, foundations
from reussite.variant import Variant

# The name after "of" where a language cannot build it from the name (French « de l’Accordéon »),
# for messages such as "the rules of {game}": see reussite.messages.OF_CONTEXT.
NP_("name after the preposition of", "Accordion")

R_NOT_NEXT = Reason(N_("A card goes only onto the card just to its left or the third card to its left."))
R_NO_MATCH = Reason(N_("{card} goes only onto a card of its suit or of its rank."))

#: Where the 52 places lie: nine to a row, left to right, six rows (Aisleriot's layout).
COLUMNS = 9
#: A place holds one card; what it takes depends on its neighbours on the right (Accordion.takes).
PLACE = StackRule(own_rule=True, pickup=PICK_TOP, accepts_from=frozenset({Kind.TABLEAU}), flip_exposed=False)
T_PLACE = N_("Takes the card of the place just right of it or three places right, of its suit or rank; the card "
             "covered goes out of play and the row closes up.")
T_DISCARD = N_("Takes each card covered, out of play; none comes back.")


@lru_cache(maxsize=65536)
def _takes(top: int, first: int, third: int) -> frozenset[int]:
    """The keys among ``first`` and ``third`` (0: no card) that match ``top`` by suit or rank."""
    return frozenset(key for key in (first, third)
                     if key and top and (key & 3 == top & 3 or key >> 2 == top >> 2))


class Accordion(Variant):
    """Accordion (Aisleriot; PySolFC's game 772)."""

    id = "accordion"
    name = N_("Accordion")
    family = N_("Accordion")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        *(StackSpec(f"tableau-{i + 1}", Kind.TABLEAU, PLACE, i % COLUMNS, i // COLUMNS, label=N_("place {number}"),
                    text=T_PLACE) for i in range(52)),
        # The cards covered go out of play.
        *foundations(1, StackRule(empty=NONE, pickup=PICK_NONE, accepts_from=frozenset(), flip_exposed=False),
                     x=COLUMNS + 0.5, y=0, label=N_("discard pile"), text=T_DISCARD),
    )
    max_score = 51
    score_rule = N_("One point for each card covered and put out of play.")

    def deal(self, cards):
        self.deal_row(cards)  # the whole pack, one card on each place from left to right

    def _key(self, place):
        if place > self.tableau_ix[-1]:
            return 0
        pile = self.cards[place]
        return card_key(pile[-1]) if pile else 0

    def takes(self, stack):  # a place: the card just to its right or three places to its right, if they match
        return _takes(self._key(stack), self._key(stack + 1), self._key(stack + 3))

    def take_refusal(self, card, stack):
        if card in (self.cards[i][-1] for i in (stack + 1, stack + 3) if i in self.tableau_ix and self.cards[i]):
            return R_NO_MATCH
        return R_NOT_NEXT

    def after_move(self, move):
        if isinstance(move, Move):
            # The card covered goes out of play, and the places to the right of the one left empty move one
            # place to the left.
            self.move_cards(move.dst, move.src)
            self.move_cards(move.dst, self.foundation_ix[0])
            self.move_cards(move.src, move.dst)
            cards = self.cards
            for place in range(move.src + 1, self.tableau_ix[-1] + 1):
                if not cards[place]:
                    break
                self.move_cards(place, place - 1)
        super().after_move(move)

    def is_won(self):
        return self.on_foundations() == 51  # one card left


GAMES = (Accordion,)
