"""The Pyramid family: cards removed in pairs that make thirteen (Kings alone), from a pyramid of 28 cards
where a card is free once the two cards overlapping it are gone, and from the stock turned onto the waste."""

from reussite.cards import KING
from reussite.messages import N_
from reussite.rules import (
    DISCARD,
    DISCARD_TEXT,
    NONE,
    Fan,
    Kind,
    Pairs,
    StackRule,
    StackSpec,
    foundations,
    pyramid,
    reserves,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant
from reussite_classics.fourteen import RefilledPlaces

#: Seven rows of one to seven cards; each card covered by the two overlapping it in the row below.
PYRAMID, COVERED = pyramid(7, x=5, y=0)


class Thirteen(Variant):
    """Aisleriot's Thirteen (PySolFC's Pyramid Thirteen, game 44): the pyramid face down but for its bottom
    row, each card turned up once uncovered; the waste's top card pairs with the pyramid or with the card
    under it; one pass through the stock."""

    id = "thirteen"
    name = N_("Thirteen")
    family = N_("Pyramid")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        stock(0, 0),
        waste(1, 0, fan=Fan.RIGHT),  # fanned: the card under the top one pairs with it
        *foundations(1, DISCARD, x=9, y=0, label=N_("removed cards"), text=DISCARD_TEXT),  # where the removed cards go
        *PYRAMID,
    )
    covered_by = COVERED
    pairs = Pairs(total=13, alone=(KING,), where="uncovered", below=True)
    redeals = 0
    max_score = 52
    score_rule = N_("One point for each card removed.")

    def deal(self, cards):
        # PySolFC's order: the first 21 cards face down row by row, the bottom row face up, then the stock's
        # first card onto the waste.
        self.deal_row(cards, self.tableau_ix[:21], face_down=True)
        self.deal_row(cards, self.tableau_ix[21:])
        self.place("waste", [cards.pop()])
        self.place("stock", cards)


class Treize(Variant):
    """Aisleriot's Treize: the pyramid face up; the stock turns its first card onto a single place (the
    rules' "bottom" card), the next ones onto the waste; that card and the waste's top card are free, the
    waste's top card pairs with the one under it, a card pairs with the one card still covering it; when the
    single place empties it takes the waste's oldest card. One pass."""

    id = "treize"
    name = N_("Treize")
    family = N_("Pyramid")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        stock(0, 0),
        *reserves(1, StackRule(build=None, empty=NONE, max_cards=1), x=1, y=0, label=N_("bottom card")),
        waste(2, 0, fan=Fan.RIGHT),
        *foundations(1, DISCARD, x=9, y=0, label=N_("removed cards"), text=DISCARD_TEXT),
        *pyramid(7, x=5, y=1)[0],
    )
    covered_by = COVERED
    pairs = Pairs(total=13, alone=(KING,), where="uncovered", below=True, over=True)
    deal_to = "waste"
    redeals = 0
    max_score = 52
    score_rule = N_("One point for each card removed.")

    def deal(self, cards):
        # No PySolFC game: the pyramid row by row from the apex, face up, as Aisleriot deals it; the rest is
        # the stock.
        self.deal_row(cards, self.tableau_ix)
        self.place("stock", cards)

    def do_deal(self):
        """The first card onto the single place while it is empty, the others onto the waste."""
        bottom = self.reserve_ix[0]
        self.move_cards(self.stock_ix, bottom if not self.cards[bottom] else self.waste_ix)

    def after_move(self, move):
        super().after_move(move)
        bottom, waste = self.reserve_ix[0], self.waste_ix
        n = len(self.cards[waste])
        if not self.cards[bottom] and n:
            # The waste's oldest card moves to the single place: the whole waste across, all but it back.
            self.move_cards(waste, bottom, n)
            self.move_cards(bottom, waste, n - 1)


def inverted_pyramid(rows: int, x: float, y: float) -> tuple[list[StackSpec], dict[str, tuple[str, ...]]]:
    """A pyramid upside down (PySolFC's ``_createInvertedPyramid``): rows of ``rows``, ``rows - 1``, ... 1
    cards, each card covered by the cards of the row below that overlap it (one at each end of a row)."""
    specs, covered, number, first = [], {}, 1, []
    for row in range(rows):
        first.append(number)
        for col in range(rows - row):
            specs.append(StackSpec(f"tableau-{number}", Kind.TABLEAU, StackRule(build=None, empty=NONE),
                                   x + col + row / 2, y + row, Fan.NONE))
            number += 1
    for row in range(rows - 1):
        size = rows - row
        for col in range(size):
            below = [first[row + 1] + c for c in (col - 1, col) if 0 <= c < size - 1]
            covered[f"tableau-{first[row] + col}"] = tuple(f"tableau-{k}" for k in below)
    return specs, covered


INVERTED, INVERTED_COVERED = inverted_pyramid(7, x=2, y=1)


class Yield(Treize):
    """Aisleriot's Yield (PySolFC's Triangle, game 700, for the deal): Treize on a pyramid upside down."""

    id = "yield"
    name = N_("Yield")
    stacks = (*Treize.stacks[:4], *INVERTED)
    covered_by = INVERTED_COVERED

    def deal(self, cards):
        # PySolFC's order: the 28 cards row by row from the widest row, face up, then the talon's first card
        # (onto the single place, where Aisleriot's first turn of the stock puts it).
        self.deal_row(cards, self.tableau_ix)
        self.place(self.reserve_ix[0], [cards.pop()])
        self.place("stock", cards)


class Helsinki(RefilledPlaces):
    """Aisleriot's Helsinki (PySolFC's Thirteens, game 593): ten single places in two rows of five, pairs
    making thirteen and Kings alone, each place emptied refilled at once from the stock."""

    id = "helsinki"
    name = N_("Helsinki")
    family = N_("Simple Pairs")
    domain = "reussite_classics"
    stacks = (
        stock(0, 2.2),
        *tableau(5, StackRule(build=None, empty=NONE, max_cards=1), x=0, y=0, fan=Fan.NONE),
        *tableau(5, StackRule(build=None, empty=NONE, max_cards=1), x=0, y=1, first=6, fan=Fan.NONE),
        *foundations(1, DISCARD, x=4, y=2.2, label=N_("removed cards"), text=DISCARD_TEXT),
    )
    pairs = Pairs(total=13, alone=(KING,))


GAMES = (Thirteen, Helsinki, Treize, Yield)
