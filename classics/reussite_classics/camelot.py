"""Camelot: the picture cards hold court on the edges of a four-by-four grid (Kings in the corners, Queens on the
top and bottom rows, Jacks on the sides), while the other cards, turned one at a time from the stock, fill the
grid and leave it alone (a 10) or in pairs adding up to 10, once the grid has been filled."""

from reussite.cards import JACK, KING, QUEEN
from reussite.game import Move, Reason
from reussite.messages import N_
from reussite.rules import (
    CARD_KEYS,
    NONE,
    PICK_NONE,
    Kind,
    StackRule,
    StackSpec,
    foundations,
    stock,
    waste,
)
from reussite.variant import Variant

CORNERS, TOP_BOTTOM, SIDES = (0, 3, 12, 15), (1, 2, 13, 14), (4, 7, 8, 11)
PICTURES = (JACK, QUEEN, KING)
PLAIN = frozenset(k for k in CARD_KEYS if k >> 2 not in PICTURES)


def _rank(rank):
    return frozenset(k for k in CARD_KEYS if k >> 2 == rank)


#: What an empty place takes, by place (0 to 15, row by row): any card but a picture, and the picture of its edge.
EMPTY_TAKES = tuple(PLAIN | (_rank(KING) if p in CORNERS else _rank(QUEEN) if p in TOP_BOTTOM
                             else _rank(JACK) if p in SIDES else frozenset()) for p in range(16))
#: What a place holding a card of each rank takes: the card that adds up to 10 with it (Ace 1 to 9).
PAIR = {rank: (_rank(10 - rank) if 1 <= rank <= 9 else frozenset()) for rank in range(1, 14)}
TENS = _rank(10)

R_WRONG_PLACE = Reason(N_("Kings go in the corners, Queens in the middle of the top and bottom rows, Jacks in "
                          "the middle of the left and right columns."))
R_NOT_A_PAIR = Reason(N_("Only two cards adding up to 10 leave the grid together (an Ace counts one)."))
R_TEN_ALONE = Reason(N_("Only a 10 leaves the grid alone."))
R_INTO_A_PLACE = Reason(N_("The card turned goes into an empty place."))
R_FILL_FIRST = Reason(N_("Fill every place of the grid before taking cards out of it."))
R_STAYS = Reason(N_("A card in the grid does not move to another place."))
R_PLACE_FIRST = Reason(N_("Put the card turned into the grid first."))
R_GRID_FULL = Reason(N_("Every place is filled: take cards out of the grid first."))

T_TAKEN = N_("Takes a 10 of the grid, alone, and each pair adding up to 10; they join the cards out of the grid "
             "when a card is turned.")
T_OUT = N_("Takes the cards taken out before the last card turned; none comes back.")
T_PLACE = N_("When empty, takes the card turned: a King only in a corner, a Queen only in the middle of the top or "
             "bottom row, a Jack only in the middle of the left or right column. Then it takes only a card of the "
             "grid adding up to 10 with its own (an Ace counts one), and the pair leaves the grid.")


class Camelot(Variant):
    id = "camelot"
    name = N_("Camelot")
    family = N_("Camelot")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        stock(0, 0),
        waste(1, 0),
        # The cards taken out since the last card turned, and those taken out before: the grid may be emptied
        # further only while the first pile holds a card, or once the grid is full again.
        *foundations(1, StackRule(own_rule=True, by_top=True, pickup=PICK_NONE,
                                  accepts_from=frozenset({Kind.TABLEAU}), flip_exposed=False),
                     x=7.5, y=0, label=N_("the cards taken out since the last card turned"), text=T_TAKEN),
        *foundations(1, StackRule(empty=NONE, pickup=PICK_NONE, accepts_from=frozenset(), flip_exposed=False),
                     x=7.5, y=1, first=2, label=N_("the cards out of the grid"), text=T_OUT),
        *(StackSpec(f"tableau-{p + 1}", Kind.TABLEAU,
                    StackRule(own_rule=True, by_top=True, flip_exposed=False), x=2.5 + p % 4, y=p // 4,
                    label=N_("place {number}"), text=T_PLACE) for p in range(16)),
    )
    max_score = 40
    score_rule = N_("One point for each card taken out of the grid.")

    def deal(self, cards):
        self.place("stock", cards)

    # -- the rules ----------------------------------------------------------------------------------------

    def places_full(self):
        return all(self.cards[i] for i in self.tableau_ix)

    def clearing(self):
        """Whether cards may leave the grid: no card waits on the waste, and the grid has been filled since
        the last card turned (cards have left it since, or it is full), or the stock is out."""
        cards = self.cards
        if cards[self.waste_ix]:
            return False
        return bool(cards[self.foundation_ix[0]]) or not cards[self.stock_ix] or self.places_full()

    def takes(self, stack):
        pile = self.cards[stack]
        if stack == self.foundation_ix[0]:
            return TENS
        if not pile:
            return EMPTY_TAKES[stack - self.tableau_ix[0]]
        return PAIR[pile[-1].rank]

    def take_refusal(self, card, stack):
        if stack == self.foundation_ix[0]:
            return R_TEN_ALONE
        return R_NOT_A_PAIR if self.cards[stack] else R_WRONG_PLACE

    def extra_refusal(self, src, n, dst):
        if src == self.waste_ix:
            return R_INTO_A_PLACE if self.cards[dst] else None
        if not self.cards[dst] and dst != self.foundation_ix[0]:
            return R_STAYS
        return None if self.clearing() else R_FILL_FIRST

    def stock_refusal(self, move):
        if self.cards[self.waste_ix]:
            return R_PLACE_FIRST
        if self.places_full():
            return R_GRID_FULL
        return None

    def do_deal(self):
        taken = self.foundation_ix[0]
        if self.cards[taken]:  # they join the cards out of the grid
            self.move_cards(taken, self.foundation_ix[1], len(self.cards[taken]))
        self.move_cards(self.stock_ix, self.waste_ix)

    def after_move(self, move):
        # A card dropped onto its pair: the two leave the grid together.
        if isinstance(move, Move) and len(self.cards[move.dst]) == 2 and move.dst in self.tableau_ix:
            self.move_cards(move.dst, self.foundation_ix[0], 2)
        super().after_move(move)

    def is_won(self):
        return self.on_foundations() == 40


GAMES = (Camelot,)
