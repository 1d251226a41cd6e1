"""The Monte Carlo family: 25 cards in a grid of five by five, removed two at a time: touching pairs of a rank
(Monte Carlo), touching pairs making 13 and Kings alone (Neighbor), pairs making 14 in a row or a column
(Quatorze). The grid closes up and fills again from the stock."""

from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import DISCARD, DISCARD_TEXT, NONE, DealTo, Kind, Pairs, StackRule, StackSpec, foundations, stock
from reussite.variant import Variant

COLUMNS = 5
#: A place of the grid: one card, which only leaves in a pair (or alone); nothing is put on it.
PLACE = StackRule(build=None, empty=NONE)
GRID = tuple(StackSpec(f"tableau-{i + 1}", Kind.TABLEAU, PLACE, i % COLUMNS, i // COLUMNS) for i in range(25))

R_REFILLS_BY_ITSELF = Reason(N_("The grid closes up and fills from the stock by itself."))
R_NOTHING_TO_CLOSE = Reason(N_("The grid has no gap to close and nothing to fill."))


class _Grid(Variant):
    """What the family shares: the grid dealt row by row from the top of the pack, the stock beside it."""

    family = N_("Monte Carlo")
    domain = "reussite_classics"
    decks = 1
    deal_to = DealTo.TABLEAU  # the stock fills the grid's empty places (do_deal, _fill)
    stacks = (*GRID, stock(COLUMNS + 0.5, 2), *foundations(1, DISCARD, x=COLUMNS + 0.5, y=0,
                                                             label=N_("discard pile"), text=DISCARD_TEXT))
    max_score = 52
    score_rule = N_("One point for each card removed.")

    def deal(self, cards):
        self.deal_row(cards)  # PySolFC's order: one row of 25 places, left to right, top to bottom
        self.place("stock", cards)

    def _close_up(self):
        # Each card moves back to the first empty place before it, keeping the order of the grid.
        cards, gap = self.cards, None
        for place in self.tableau_ix:
            if not cards[place]:
                if gap is None:
                    gap = place
            elif gap is not None:
                self.move_cards(place, gap)
                gap += 1

    def _fill(self):
        # The empty places take the stock's top cards, in the order of the grid.
        stock = self.stock_ix
        for place in self.tableau_ix:
            if not self.cards[stock]:
                return
            if not self.cards[place]:
                self.move_cards(stock, place)

    def _has_gap(self):
        cards, seen_empty = self.cards, False
        for place in self.tableau_ix:
            if not cards[place]:
                seen_empty = True
            elif seen_empty:
                return True
        return False

    def do_deal(self):
        self._close_up()
        self._fill()


class MonteCarlo(_Grid):
    """Monte Carlo (Aisleriot; PySolFC's game 89): touching cards of a rank; a click on the stock closes up
    the grid and fills it."""

    id = "monte-carlo"
    name = N_("Monte Carlo")
    pairs = Pairs(by="rank", where="adjacent", columns=COLUMNS)

    def can_deal(self):  # cards to deal, or a gap to close once the stock is out
        return bool(self.cards[self.stock_ix]) or self._has_gap()

    def stock_refusal(self, move):
        if not self._has_gap() and all(self.cards[i] for i in self.tableau_ix):
            return R_NOTHING_TO_CLOSE  # a full grid: nothing to close up, nowhere to deal
        return None


class Neighbor(_Grid):
    """Neighbor (Aisleriot; PySolFC's Neighbour, game 92): touching cards making 13, Kings alone; the grid
    closes up and fills after each removal."""

    id = "neighbor"
    name = N_("Neighbor")
    pairs = Pairs(total=13, alone=(13,), where="adjacent", columns=COLUMNS)

    def stock_refusal(self, move):
        return R_REFILLS_BY_ITSELF

    def after_move(self, move):
        self._close_up()
        self._fill()
        super().after_move(move)


class Quatorze(_Grid):
    """Quatorze (Aisleriot; PySolFC's game 810): cards making 14 in one row or one column; the places emptied
    are filled from the stock, and the grid closes up once the stock cannot fill them."""

    id = "quatorze"
    name = N_("Quatorze")
    pairs = Pairs(total=14, where="line", columns=COLUMNS)

    def stock_refusal(self, move):
        return R_REFILLS_BY_ITSELF

    def after_move(self, move):
        self._fill()
        if not self.cards[self.stock_ix]:
            self._close_up()
        super().after_move(move)


GAMES = (MonteCarlo, Neighbor, Quatorze)
