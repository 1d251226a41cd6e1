"""Klondike and its family: piles built down on the tableau, foundations built up in suit from the Ace, a stock
turned onto a waste (or dealt onto the piles). Each game changes a few class parameters of Klondike: how many
piles, how they build, what an empty pile takes, how the stock turns and how often, and the deal."""

from reussite.game import Reason
from reussite.messages import N_, NP_
from reussite.rules import (
    ANY,
    CARD_KEYS,
    FOUNDATION_UP_IN_SUIT,
    NONE,
    PICK_NONE,
    PICK_RUN,
    PICK_TOP,
    Build,
    BuildSuit,
    DealTo,
    Fan,
    Kind,
    Refill,
    StackRule,
    foundations,
    reserves,
    stock,
    tableau,
    waste,
    with_changes,
)
from reussite.variant import Option, Variant

# The names after "of" where a language cannot build them from the name (French « de la Mine d’or »), for
# messages such as "the rules of {game}": see reussite.messages.OF_CONTEXT.
NP_("name after the preposition of", "Gold Mine")
NP_("name after the preposition of", "Easthaven")
NP_("name after the preposition of", "Westhaven")
NP_("name after the preposition of", "King Albert")
NP_("name after the preposition of", "Zebra")

KING = 13

#: The draw option of Klondike, Saratoga and Athena: one card or three at a time.
DRAW = Option("draw", ("1", "3"), "1", N_("cards turned from the stock at a time"), label=N_("Stock"),
              choice_labels=(N_("1 card at a time"), N_("3 cards at a time")))

#: Foundations up in suit from the Ace whose top card may come back onto a pile.
FOUNDATION_GIVES_BACK = with_changes(FOUNDATION_UP_IN_SUIT, pickup=PICK_TOP)

#: Lady Jane's tables, by card key (rank * 4 + suit): the cards of each rank; the cards one rank below in the
#: other colour, the King below the Ace; the next card of the suit, the Ace after the King.
RANK_KEYS = {rank: frozenset(k for k in CARD_KEYS if k >> 2 == rank) for rank in range(1, 14)}
BELOW_OTHER_COLOUR = {k: frozenset(j for j in RANK_KEYS[(k >> 2) - 1 or 13] if ((j & 3) >= 2) != ((k & 3) >= 2))
                      for k in CARD_KEYS}
NEXT_IN_SUIT = {k: frozenset({(k >> 2) % 13 * 4 + 4 + (k & 3)}) for k in CARD_KEYS}

R_TOP_OR_ALL = Reason(N_("Only the top card or all the face-up cards of a pile move."))
R_ON_BASE = Reason(N_("Nothing goes on a card of the base rank."))
R_EMPTY_BELOW_BASE = Reason(N_("An empty pile takes only a card one rank below the base card."))
R_FOUNDATION_BASE = Reason(N_("A foundation starts with a card of the base card's rank, in its own suit."))


class Klondike(Variant):
    id = "klondike"
    name = N_("Klondike")
    family = N_("Klondike")
    domain = "reussite_classics"
    decks = 1
    redeals = None  # the waste is turned over as often as you like
    options = (DRAW,)
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    #: The family's parameters: the piles and how they build, what an empty pile takes, what moves.
    piles = 7
    build = Build(BuildSuit.ALTERNATE, -1)
    empty_pile = KING
    pile_pickup = PICK_RUN
    pile_run = None  # what moves together, where it is not the build (StackRule.run)
    foundation_rule = FOUNDATION_GIVES_BACK  # up in suit from the Ace; the top card may come back
    has_waste = True

    @classmethod
    def layout(cls):
        top = [stock(0, 0)]
        if cls.has_waste:
            top.append(waste(1, 0, fan=Fan.RIGHT))
        count = 4 * cls.decks
        return (
            *top,
            *foundations(count, cls.foundation_rule, x=max(cls.piles - count, len(top) + 1)),
            *tableau(cls.piles, StackRule(build=cls.build, empty=cls.empty_pile, pickup=cls.pile_pickup,
                                                 run=cls.pile_run), y=1),
        )

    def configure(self):
        if "draw" in self.option_values:
            self.deal_count = int(self.option_values["draw"])

    def deal(self, cards):
        # PySolFC's order: a triangle of face-down cards row by row, each row dealt from the right, then a
        # face-up row from the right. (PySolFC then turns the stock once by itself; here the first click does.)
        self.deal_triangle(cards, face_down=True)
        self.place("stock", cards)

    def deal_triangle(self, cards, face_down):
        """Klondike's triangle in PySolFC's order: row K onto piles K+1 to the last, each row from the right,
        then the top row on every pile from the right; every card but the top ones face down if asked."""
        for row in range(1, self.piles):
            self.deal_row(cards, self.tableau_ix[:row - 1:-1], face_down=face_down)
        self.deal_row(cards, self.tableau_ix[::-1])


class ThumbAndPouch(Klondike):
    """Built down in any suit but the card's own; any card fills an empty pile; two redeals (Aisleriot's)."""

    id = "thumb-and-pouch"
    name = N_("Thumb and Pouch")
    options = ()
    redeals = 2
    build = Build(BuildSuit.OTHER, -1)
    empty_pile = ANY


class Whitehead(Klondike):
    """Open: built down in the same colour, but only a run of one suit moves; any card fills an empty pile;
    no redeal."""

    id = "whitehead"
    name = N_("Whitehead")
    options = ()
    redeals = 0
    build = Build(BuildSuit.COLOUR, -1)
    pile_run = Build(BuildSuit.SAME, -1)  # built in the same colour, but only a run of one suit moves together
    empty_pile = ANY

    def deal(self, cards):
        self.deal_triangle(cards, face_down=False)  # PySolFC's order, every card face up
        self.place("stock", cards)


class Saratoga(Klondike):
    """Klondike dealt face up."""

    id = "saratoga"
    name = N_("Saratoga")

    def deal(self, cards):
        self.deal_triangle(cards, face_down=False)
        self.place("stock", cards)


class Athena(Klondike):
    """Four rows on the seven piles, the even ones face up; two redeals (Aisleriot's)."""

    id = "athena"
    name = N_("Athena")
    redeals = 2

    def deal(self, cards):
        # PySolFC's order, four rows from the left: face down, face up, face down, face up. A pile's face-down
        # cards are counted from the bottom, so the second row stays hidden under the third (rules-notes).
        for row in range(4):
            for pile in self.tableau_ix:
                self.place(pile, [cards.pop()], face_down=1 if row < 3 else 0)
        self.place("stock", cards)


class AuntMary(Klondike):
    """Six piles of six, fewer cards face down from left to right; two redeals (Aisleriot's)."""

    id = "aunt-mary"
    name = N_("Aunt Mary")
    options = ()
    redeals = 2
    piles = 6

    def deal(self, cards):
        # PySolFC's order, rows from the left: on row K the first K piles get a face-up card and the others a
        # face-down one, five rows; then a face-up row. Pile K holds K - 1 face-down cards under 7 - K face up.
        for row in range(1, 6):
            self.deal_row(cards, self.tableau_ix[:row])
            self.deal_row(cards, self.tableau_ix[row:], face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)


class GoldMine(Klondike):
    """No tableau to start: the whole pack is the stock, turned three at a time, once; any card fills an
    empty pile."""

    id = "gold-mine"
    name = N_("Gold Mine")
    options = ()
    redeals = 0
    deal_count = 3
    empty_pile = ANY

    def deal(self, cards):
        self.place("stock", cards)


class Jumbo(Klondike):
    """Klondike with two packs and nine piles; one redeal."""

    id = "jumbo"
    name = N_("Jumbo")
    decks = 2
    options = ()
    redeals = 1
    piles = 9
    max_score = 104

    def deal(self, cards):
        # PySolFC's Gargantua (its Jumbo): row K onto piles K+1 to 9 face down, each row from the left, then a
        # face-up row.
        for row in range(1, self.piles):
            self.deal_row(cards, self.tableau_ix[row:], face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)


class Easthaven(Klondike):
    """Seven piles of three, the top card face up; the stock deals a card onto every pile; no redeal."""

    id = "easthaven"
    name = N_("Easthaven")
    options = ()
    redeals = 0
    has_waste = False
    deal_to = DealTo.TABLEAU
    foundation_rule = FOUNDATION_UP_IN_SUIT  # a card there stays there
    # Aisleriot's rule: an empty pile is filled with a King, where one can move there, before a deal.
    fill_before_deal = "when-possible"

    def deal(self, cards):
        # PySolFC's order: two face-down rows, then a face-up row, each from the left.
        self.deal_row(cards, face_down=True)
        self.deal_row(cards, face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)


class Westhaven(Klondike):
    """Ten piles of three, the top card face up; any card fills an empty pile; the top card or all the
    face-up cards of a pile move; the stock turns one card, once."""

    id = "westhaven"
    name = N_("Westhaven")
    options = ()
    redeals = 0
    piles = 10
    empty_pile = ANY
    foundation_rule = FOUNDATION_UP_IN_SUIT  # a card there stays there

    def deal(self, cards):
        # PySolFC's order (games 33 and 225): two face-down rows, then a face-up row, each from the left.
        self.deal_row(cards, face_down=True)
        self.deal_row(cards, face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)

    def pick_refusal(self, src, n, dst):
        reason = super().pick_refusal(src, n, dst)
        if reason is None and n > 1 and n != len(self.cards[src]) - self.face_down[src]:
            return R_TOP_OR_ALL  # a part of a pile's face-up cards, more than one (from a pile: nothing else runs)
        return reason


class KingAlbert(Klondike):
    """Open: nine piles of one to nine cards, seven reserve cards; one card moves at a time; any card fills an
    empty pile; no stock."""

    id = "king-albert"
    name = N_("King Albert")
    options = ()
    piles = 9
    empty_pile = ANY
    pile_pickup = PICK_TOP

    @classmethod
    def layout(cls):
        reserve = StackRule(empty=NONE, pickup=PICK_TOP, accepts_from=frozenset(), flip_exposed=False)
        return (
            *foundations(4, cls.foundation_rule, x=2.5),
            *tableau(cls.piles, StackRule(build=cls.build, empty=cls.empty_pile, pickup=cls.pile_pickup), y=1),
            *reserves(4, reserve, x=9.5, y=1, dy=1),
            *reserves(3, reserve, x=10.5, y=1, dy=1, first=5),
        )

    def deal(self, cards):
        # PySolFC's order, every row from the left and face up: row K onto piles K+1 to 9, then a row on every
        # pile, then one card onto each reserve.
        for row in range(1, self.piles):
            self.deal_row(cards, self.tableau_ix[row:])
        self.deal_row(cards)
        self.deal_row(cards, self.reserve_ix)


class Zebra(Klondike):
    """Two packs; the eight Aces start the foundations, built up in alternating colours; eight piles of one
    card, built down in alternating colours, the top card alone moving; an empty pile is filled at once from
    the waste, else the stock; one redeal."""

    id = "zebra"
    name = N_("Zebra")
    decks = 2
    options = ()
    redeals = 1
    piles = 8
    empty_pile = NONE  # refilled at once; empty only when the waste and the stock are, and then for good
    pile_pickup = PICK_TOP
    # An Ace of its own suit starts each (dealt there); up in alternating colours; a card there stays there.
    foundation_rule = StackRule(build=Build(BuildSuit.ALTERNATE, 1), empty=NONE, pickup=PICK_NONE,
                                flip_exposed=False)
    max_score = 96
    score_rule = N_("One point for each card on the foundations besides the Aces.")
    # An empty pile is filled at once from the waste, or from the stock when the waste is empty.
    refill = Refill(Kind.TABLEAU, ("waste", "stock"))

    def shuffle_hook(self, cards):
        # PySolFC's _shuffleHookMoveToTop: the Aces to the top of the pack, so that they are dealt first, the
        # clubs first, and of two Aces of a suit the one nearer the top first.
        aces = sorted(((c.suit, len(cards) - i, c) for i, c in enumerate(cards) if c.rank == 1), reverse=True)
        return [c for c in cards if c.rank != 1] + [c for _, _, c in aces]

    def deal(self, cards):
        self.deal_row(cards, self.foundation_ix)
        self.deal_row(cards)
        self.place("stock", cards)

    def score(self):  # the Aces were dealt there
        return sum(card.rank != 1 for f in self.foundation_ix for card in self.cards[f])



T_JANE_RESERVE = N_("Takes a card from the stock at each deal, nothing else; its top card may be played.")


class LadyJane(Klondike):
    """Aisleriot's Lady Jane, PySolFC's Jane: Klondike's triangle, seven reserve piles the stock deals onto, and
    a base card: the foundations start from its rank, built up in suit round the corner; the piles build down
    in alternating colours round the corner, an empty one taking the rank below the base."""

    id = "lady-jane"
    name = N_("Lady Jane")
    options = ()
    redeals = 0
    deal_to = DealTo.TABLEAU  # the stock deals onto the reserves: do_deal()

    @classmethod
    def layout(cls):
        # Each foundation takes its own suit from the base rank up, round the corner; its top card may come back.
        foundation = StackRule(own_rule=True, by_top=True, pickup=PICK_TOP, flip_exposed=False)
        pile = StackRule(own_rule=True, by_top=True, pickup=PICK_RUN)
        reserve = StackRule(empty=NONE, pickup=PICK_TOP, accepts_from=frozenset(), flip_exposed=False)
        return (
            stock(0, 0),
            *foundations(4, foundation, x=3, text=N_(
                "Takes the card of its suit of the base card's rank, then up in suit, the Ace on the King; its top "
                "card may come back to a pile.")),
            *tableau(cls.piles, pile, y=1, text=N_(
                "Takes the next rank down in alternating colours, a King on an Ace, nothing on a card of the base "
                "rank; an empty one takes only the rank below the base. A run so built moves as one.")),
            *reserves(4, reserve, x=7.5, y=0, dy=1, text=T_JANE_RESERVE),
            *reserves(3, reserve, x=8.5, y=0.5, dy=1, first=5, text=T_JANE_RESERVE),
        )

    def deal(self, cards):
        # PySolFC's Jane: Klondike's triangle (face down, rows from the right), a row onto the reserves from the
        # left, then the base card onto the foundation of its suit.
        self.deal_triangle(cards, face_down=True)
        self.deal_row(cards, self.reserve_ix)
        base = cards.pop()
        self.place(self.foundation_ix[base.suit], [base])
        self.place("stock", cards)
        self.dealt_base = base.rank

    def base_card_rank(self):
        """The rank of the base card: the first card of every foundation; when every foundation has given its
        cards back, the rank dealt (a position set up with no foundation card has that of its number's deal)."""
        for f in self.foundation_ix:
            if self.cards[f]:
                return self.cards[f][0].rank
        return self.dealt_base

    def takes(self, stack):
        pile = self.cards[stack]
        base = self.base_card_rank()
        if stack in self.foundation_ix:
            if not pile:
                suit = self.foundation_ix.index(stack)
                return frozenset({base * 4 + suit})
            top = pile[-1]
            return NEXT_IN_SUIT[top.rank * 4 + top.suit]
        if not pile:
            return RANK_KEYS[base - 1 or 13]
        top = pile[-1]
        return frozenset() if top.rank == base else BELOW_OTHER_COLOUR[top.rank * 4 + top.suit]

    def take_refusal(self, card, stack):
        pile = self.cards[stack]
        if stack in self.foundation_ix:
            return None if pile else R_FOUNDATION_BASE
        if not pile:
            return R_EMPTY_BELOW_BASE
        return R_ON_BASE if pile[-1].rank == self.base_card_rank() else None

    def run_length(self, stack):
        # Down in alternating colours, the King on the Ace, never across a card of the base rank.
        pile, up = self.cards[stack], len(self.cards[stack]) - self.face_down[stack]
        base = self.base_card_rank()
        n = min(1, up)
        while n < up:
            lower, upper = pile[-n - 1], pile[-n]
            if lower.rank == base or upper.is_red == lower.is_red or (upper.rank % 13) + 1 != lower.rank:
                break
            n += 1
        return n

    def do_deal(self):
        # One card onto each reserve while the stock lasts (the last deal: two cards, on the first two).
        self.deal_cards(self.stock_ix, self.reserve_ix)


GAMES = (Klondike, ThumbAndPouch, Whitehead, Saratoga, Athena, AuntMary, GoldMine, Jumbo, Easthaven, Westhaven,
         KingAlbert, Zebra, LadyJane)
