"""Yukon and its family: seven piles built down, Kings on empty piles, and any face-up card moves with the
cards above it, in sequence or not. Yukon, Odessa, Australian Patience, Ten Across and Grandfather."""

from reussite.game import Reason
from reussite.messages import N_, NP_
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    PICK_FACE_UP,
    PICK_TOP,
    Build,
    BuildSuit,
    DealTo,
    Fan,
    StackRule,
    foundations,
    reserves,
    stock,
    tableau,
    waste,
)
from reussite.variant import Option, Variant
from reussite_classics.spider import CLOSED_FOUNDATION, FINISHED_RUN

# The name after "of" where a language cannot build it from the name (French « du Yukon »): see
# reussite.messages.OF_CONTEXT.
NP_("name after the preposition of", "Yukon")
NP_("name after the preposition of", "Australian Patience")
NP_("name after the preposition of", "Grandfather")

R_CELLS_CLOSED = Reason(N_("The free cells are closed in this game: nothing goes on them."))


class Yukon(Variant):
    id = "yukon"
    name = N_("Yukon")
    family = N_("Yukon")
    domain = "reussite_classics"
    decks = 1
    #: How the piles build: the parameter between Yukon (alternating colours) and its relatives in suit.
    build = Build(BuildSuit.ALTERNATE, -1)
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    @classmethod
    def layout(cls):
        return (
            # Up in suit from the Ace; a card there stays there.
            *foundations(4, FOUNDATION_UP_IN_SUIT, x=3, y=0),
            # Down by the build; any face-up card moves with the cards above it, whether they follow it or not;
            # an empty pile takes a King, with whatever lies on it.
            *tableau(7, StackRule(build=cls.build, empty=13, pickup=PICK_FACE_UP), y=1),
        )

    def deal(self, cards):
        # PySolFC's order: a triangle of face-down cards row by row (row K onto piles K+1 to 7), four face-up
        # rows onto piles 2 to 7, then a face-up row onto all seven.
        for row in range(1, 7):
            self.deal_row(cards, self.tableau_ix[row:], face_down=True)
        for _ in range(4):
            self.deal_row(cards, self.tableau_ix[1:])
        self.deal_row(cards)


class Odessa(Yukon):
    """Yukon built down in suit, dealt in another pattern."""

    id = "odessa"
    name = N_("Odessa")
    build = Build(BuildSuit.SAME, -1)

    def deal(self, cards):
        # PySolFC's order: three face-down rows, two face-up rows, two face-up rows onto piles 2 to 6, then a
        # last face-up row.
        for row in range(5):
            self.deal_row(cards, face_down=row < 3)
        for _ in range(2):
            self.deal_row(cards, self.tableau_ix[1:6])
        self.deal_row(cards)


class AustralianPatience(Yukon):
    """Yukon built in suit on four face-up rows, with a stock turned one card at a time, once through."""

    id = "australian-patience"
    name = N_("Australian Patience")
    build = Build(BuildSuit.SAME, -1)
    redeals = 0  # the stock goes through once

    @classmethod
    def layout(cls):
        return (
            stock(0, 0),
            waste(1, 0, fan=Fan.RIGHT),
            *foundations(4, FOUNDATION_UP_IN_SUIT, x=3, y=0),
            *tableau(7, StackRule(build=cls.build, empty=13, pickup=PICK_FACE_UP), y=1),
        )

    def deal(self, cards):
        # PySolFC's order: four face-up rows; the rest is the stock. (PySolFC then turns the first card onto
        # the waste by itself; here the first click does, as in the classics' Klondike.)
        for _ in range(4):
            self.deal_row(cards)
        self.place("stock", cards)


class TenAcross(Yukon):
    """Ten piles built down in suit, Yukon's moves, two free cells; the suits are rebuilt on the piles from
    King to Ace, and each finished run leaves for a foundation by itself, as in Spider."""

    id = "ten-across"
    name = N_("Ten Across")
    build = Build(BuildSuit.SAME, -1)
    finished_runs = True
    options = (
        Option("cells", ("open", "closed"), "open", N_("whether cards may be put on the two free cells"),
               label=N_("Free cells"), choice_labels=(N_("Open"), N_("Closed: only their first cards play"))),
    )

    @classmethod
    def layout(cls):
        return (
            # A free cell holds any one card.
            *reserves(2, StackRule(empty=ANY, max_cards=1, pickup=PICK_TOP), x=0, y=0, dx=1, dy=0,
                      label=N_("free cell {number}")),
            *foundations(4, CLOSED_FOUNDATION, x=6, y=0, **FINISHED_RUN),
            *tableau(10, StackRule(build=cls.build, empty=13, pickup=PICK_FACE_UP), y=1),
        )

    def deal(self, cards):
        # PySolFC's order: four rows, row K face up on the first K and the last K piles and face down between
        # them, then a face-up row, then one card onto each free cell.
        for n in range(1, 5):
            self.deal_row(cards, self.tableau_ix[:n])
            self.deal_row(cards, self.tableau_ix[n:-n], face_down=True)
            self.deal_row(cards, self.tableau_ix[-n:])
        self.deal_row(cards)
        self.deal_row(cards, self.reserve_ix)

    def extra_refusal(self, src, n, dst):
        # Aisleriot's option: with the free cells closed, their dealt cards still play, but nothing goes there.
        if dst in self.reserve_ix and self.option_values.get("cells") == "closed":
            return R_CELLS_CLOSED
        return None


#: Grandfather's pattern (PySolFC's Tvete's Grandfather, game 278): face-down rows onto piles 2-7, 2-6, 3-6,
#: 3-5, 4-5 and 4 (a peak), a face-up row onto all seven, then four face-up rows onto piles 2 to 7.
GRANDFATHER_ROWS = ([(range(i, j), True) for i, j in ((1, 7), (1, 6), (2, 6), (2, 5), (3, 5), (3, 4))]
                    + [(range(7), False)] + [(range(1, 7), False)] * 4)


def grandfather_order(count):
    """Where each of ``count`` cards goes in Grandfather's pattern, and whether face down: each row stops
    where the cards run out."""
    order = []
    for piles, face_down in GRANDFATHER_ROWS:
        for pile in piles:
            if len(order) < count:
                order.append((pile, face_down))
    return order


class Grandfather(Yukon):
    """KPatience's Grandfather: Yukon built in suit on a peak of face-down cards, and two redeals of the
    piles, not shuffled, in the same pattern."""

    id = "grandfather"
    name = N_("Grandfather")
    build = Build(BuildSuit.SAME, -1)
    deal_to = DealTo.TABLEAU  # the stock only holds the cards while they are redealt
    redeals = 2

    @classmethod
    def layout(cls):
        return (
            stock(0, 0),  # empty: a click on it redeals
            *foundations(4, FOUNDATION_UP_IN_SUIT, x=3, y=0),
            *tableau(7, StackRule(build=cls.build, empty=13, pickup=PICK_FACE_UP), y=1),
        )

    def deal(self, cards):
        # PySolFC's order for its game 278, the same layout as KPatience's (which deals the peak zig-zagging).
        for pile, face_down in grandfather_order(len(cards)):
            self.place(self.tableau_ix[pile], [cards.pop()], face_down=int(face_down))

    def do_redeal(self):
        # KPatience's redeal: the piles gathered from the last to the first, each from bottom to top, so that
        # the first pile's top card is dealt first; not shuffled; dealt again in the starting pattern.
        self.count_redeal()
        stock = self.stock_ix
        for pile in reversed(self.tableau_ix):
            if self.cards[pile]:
                self.move_cards(pile, stock, len(self.cards[pile]))
        hidden = [0] * len(self.tableau_ix)
        for pile, face_down in grandfather_order(len(self.cards[stock])):
            self.move_cards(stock, self.tableau_ix[pile])
            hidden[pile] += face_down
        # The peak face down again, as at the start (the face-down rows come first, so at each pile's bottom).
        for pile, count in enumerate(hidden):
            if self.cards[self.tableau_ix[pile]]:
                self.turn_face_down(self.tableau_ix[pile], min(count, len(self.cards[self.tableau_ix[pile]]) - 1))


GAMES = (Yukon, Odessa, AustralianPatience, TenAcross, Grandfather)
