"""The Canfield family: the foundations start with a base rank that the deal sets (Canfield's first card) or
the player's first card home sets (Glenwood, Chessboard, Hamilton), and are built up in suit round the
corner, the Ace on the King (``empty=Base()``, ``set_base_rank``). In several of them a reserve refills the
tableau's empty piles while it lasts."""

from dataclasses import replace

from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import (
    ANY,
    NONE,
    PICK_NONE,
    PICK_RUN,
    PICK_TOP,
    Base,
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
from reussite.variant import Variant

#: Up in suit from the base rank, the Ace on the King; an empty foundation takes a card of the base rank.
FOUNDATION_FROM_BASE = StackRule(build=Build(BuildSuit.SAME, 1, wrap=True), empty=Base(), pickup=PICK_TOP,
                                 flip_exposed=False)
#: The reserve: its top card plays, nothing goes on it, the card under turns up.
RESERVE = StackRule(empty=NONE, pickup=PICK_TOP, accepts_from=frozenset())
#: Eagle Wing's piles ("wings"): down in suit round the corner, three cards at most, one card at a time.
WING = StackRule(build=Build(BuildSuit.SAME, -1, wrap=True), empty=ANY, max_cards=3, pickup=PICK_TOP)


class Canfield(Variant):
    id = "canfield"
    name = N_("Canfield")
    family = N_("Canfield")
    domain = "reussite_classics"
    decks = 1
    redeals = None  # the waste is turned over as often as you like
    deal_count = 3
    stacks = (
        stock(0, 0),
        waste(1, 0, fan=Fan.RIGHT),
        # Each foundation keeps to one suit (PySolFC's places); the top card may come back into play.
        *foundations(4, FOUNDATION_FROM_BASE, x=3, suits=range(4)),
        # Down in alternating colours, the King on the Ace; any run moves; an empty pile takes any card (the
        # reserve's top card goes there by itself while the reserve lasts).
        *tableau(4, StackRule(build=Build(BuildSuit.ALTERNATE, -1, wrap=True), empty=ANY, pickup=PICK_RUN),
                 x=3, y=1),
        *reserves(1, RESERVE, x=0, y=1, fan=Fan.DOWN),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")
    #: How many cards the reserve gets, how many of them are face up at the deal (the top ones).
    reserve_cards = 13
    reserve_up = 1
    # An empty pile is refilled at once from the reserve while it has cards, face up; the card the refill
    # uncovers turns up. A declaration, so the solver's native core searches the game.
    refill = Refill(Kind.TABLEAU, ("reserve-1",))

    def deal(self, cards):
        # PySolFC's order: the top card to the foundation of its suit (it sets the base), thirteen cards to
        # the reserve, the top one turned up, then one card on each pile from the right. (PySolFC then turns
        # the stock once by itself; here the first click does.)
        base = cards.pop()
        self.place(self.foundation_ix[base.suit], [base])
        self.set_base_rank(base.rank)
        count = self.reserve_cards
        self.place("reserve-1", [cards.pop() for _ in range(count)], face_down=count - self.reserve_up)
        self.deal_row(cards, self.tableau_ix[::-1])
        self.place("stock", cards)


class EagleWing(Canfield):
    id = "eagle-wing"
    name = N_("Eagle Wing")
    redeals = 2  # three passes through the stock
    deal_count = 1
    stacks = (
        stock(0, 0),
        waste(1, 0),
        # The foundations keep their cards.
        *foundations(4, with_changes(FOUNDATION_FROM_BASE, pickup=PICK_NONE), x=3, suits=range(4)),
        # Eight piles, the reserve between the fourth and the fifth: down in suit, the King on the Ace, three
        # cards at most, the top card alone moves; an empty pile takes any card once the reserve is out.
        *tableau(4, WING, x=0, y=1.5),
        *tableau(4, WING, x=5, y=1.5, first=5),
        *reserves(1, RESERVE, x=4, y=1.5),
    )
    reserve_up = 0  # face down, the last card alone turns up
    refill = None  # its own: the reserve's cards stay face down until the last one

    def after_move(self, move):
        # An empty pile is refilled at once from the face-down reserve while it has cards, face up; the
        # player's move uncovers nothing in the reserve, and its last card turns up when it is alone.
        super().after_move(move)
        reserve = self.reserve_ix[0]
        filled = False
        for i in self.tableau_ix:
            if not self.cards[i] and self.cards[reserve]:
                self.move_cards(reserve, i)
                filled = True
        if filled and len(self.cards[reserve]) == 1:
            self.flip_exposed_cards()  # the reserve's last card turns up and comes into play




class Kansas(Canfield):
    id = "kansas"
    name = N_("Kansas")
    redeals = 0
    deal_count = 1
    reserve_cards = 12
    stacks = (
        stock(0, 0),
        waste(1, 0),
        *foundations(4, with_changes(FOUNDATION_FROM_BASE, pickup=PICK_NONE), x=3, suits=range(4)),
        # Down regardless of suit, the King on the Ace, any run moves; an empty pile (once the reserve is out)
        # takes the waste's top card only.
        *tableau(3, StackRule(build=Build(BuildSuit.ANY, -1, wrap=True), empty=ANY, pickup=PICK_RUN,
                              empty_from=frozenset({Kind.WASTE})), x=3, y=1),
        *reserves(1, RESERVE, x=0, y=1, fan=Fan.DOWN),
    )


def _placed(specs, places):
    """The stacks of ``specs`` moved to the grid ``places`` ((x, y) each, in order)."""
    return [replace(spec, x=x, y=y) for spec, (x, y) in zip(specs, places, strict=True)]


class RoyalEast(Variant):
    id = "royal-east"
    name = N_("Royal East")
    family = N_("Canfield")
    domain = "reussite_classics"
    decks = 1
    redeals = 0
    stacks = (
        stock(0, 1),
        waste(1, 1),
        # A three-by-three grid: the foundations at the corners, the five piles in a cross between them.
        *_placed(foundations(4, with_changes(FOUNDATION_FROM_BASE, pickup=PICK_NONE), suits=range(4)),
                 ((3, 0), (5, 0), (3, 2), (5, 2))),
        # Down regardless of suit, the King on the Ace, one card at a time; an empty pile takes any card.
        *_placed(tableau(5, StackRule(build=Build(BuildSuit.ANY, -1, wrap=True), empty=ANY, pickup=PICK_TOP),
                         fan=Fan.NONE), ((4, 0), (3, 1), (4, 1), (5, 1), (4, 2))),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def deal(self, cards):
        # PySolFC's order (game 93): the top card to the foundation of its suit (the base), then one card on
        # each pile, top, left, centre, right, bottom. (PySolFC then turns the stock once; here the first
        # click does.)
        base = cards.pop()
        self.place(self.foundation_ix[base.suit], [base])
        self.set_base_rank(base.rank)
        self.deal_row(cards)
        self.place("stock", cards)


class Agnes(Variant):
    id = "agnes"
    name = N_("Agnes Sorel")
    family = N_("Canfield")
    domain = "reussite_classics"
    decks = 1
    redeals = 0
    deal_to = DealTo.TABLEAU  # one card onto each pile, from the first, while the stock lasts
    stacks = (
        stock(0, 0),
        # The top card of a foundation may come back into play.
        *foundations(4, FOUNDATION_FROM_BASE, x=3, suits=range(4)),
        # Down in the same colour, the King on the Ace; an empty pile is filled only by the stock's deals.
        *tableau(7, StackRule(build=Build(BuildSuit.COLOUR, -1, wrap=True), empty=NONE, pickup=PICK_RUN), y=1),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def deal(self, cards):
        # PySolFC's places (game 229): Klondike's triangle, each row dealt from the right, then the top card to
        # the foundation of its suit (the base). Aisleriot's faces: only each pile's top card is up.
        for row in range(1, 7):
            self.deal_row(cards, self.tableau_ix[:row - 1:-1], face_down=True)
        self.deal_row(cards, self.tableau_ix[::-1])
        base = cards.pop()
        self.place(self.foundation_ix[base.suit], [base])
        self.set_base_rank(base.rank)
        self.place("stock", cards)

    def run_length(self, stack):
        # A run moves as one only above a card of the base rank: the foundations' sequence ends below it, so
        # a card resting on a base-rank card leaves it alone.
        n = super().run_length(stack)
        pile = self.cards[stack]
        for k in range(2, n + 1):
            if pile[-k].rank == self.base_rank:
                return k - 1
        return n


#: Bear River's piles: up or down in suit round the corner, three cards at most, the top card alone moves.
RIVER = StackRule(build=Build(BuildSuit.SAME, 1, either=True, wrap=True), empty=NONE, max_cards=3, pickup=PICK_TOP)


class BearRiver(Variant):
    id = "bear-river"
    name = N_("Bear River")
    family = N_("Canfield")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        *foundations(4, with_changes(FOUNDATION_FROM_BASE, pickup=PICK_NONE), x=1, dx=2, suits=range(4)),
        # Three rows of six fans; the last of each row, the hole, takes any card when empty, the others nothing.
        *(spec for row in range(3) for spec in (
            *tableau(5, RIVER, x=0, y=1 + row, dx=2, fan=Fan.RIGHT, first=6 * row + 1),
            *tableau(1, with_changes(RIVER, empty=ANY), x=10.5, y=1 + row, fan=Fan.RIGHT, first=6 * row + 6),
        )),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def deal(self, cards):
        # PySolFC's order (game 819): two rows onto the 18 piles, a third onto all but the holes, then the
        # last card onto the foundation of its suit (the base).
        for _ in range(2):
            self.deal_row(cards)
        holes = self.tableau_ix[5::6]
        self.deal_row(cards, [i for i in self.tableau_ix if i not in holes])
        base = cards.pop()
        self.place(self.foundation_ix[base.suit], [base])
        self.set_base_rank(base.rank)


class Chessboard(Variant):
    id = "chessboard"
    name = N_("Chessboard")
    family = N_("Canfield")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        # The foundations down the middle, five fans on either side of them. No base at the deal: the first
        # card played to a foundation, any card, sets it.
        *foundations(4, with_changes(FOUNDATION_FROM_BASE, pickup=PICK_NONE), x=5, y=0.5, dx=0, dy=1,
                     suits=range(4)),
        *tableau(5, with_changes(RIVER, max_cards=None, empty=ANY), x=0, y=0, dx=0, dy=1, fan=Fan.RIGHT),
        *tableau(5, with_changes(RIVER, max_cards=None, empty=ANY), x=6.5, y=0, dx=0, dy=1, fan=Fan.RIGHT, first=6),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def deal(self, cards):
        # PySolFC's order (game 148, Fortress.startGame): three rows onto the ten piles, then rows while cards
        # last: the first two piles get six cards, the others five.
        for _ in range(6):
            for i in self.tableau_ix:
                if cards:
                    self.place(i, [cards.pop()])

    def after_move(self, move):
        if self.base_rank is None:
            home = [self.cards[f][0] for f in self.foundation_ix if self.cards[f]]
            if home:
                self.set_base_rank(home[0].rank)
        super().after_move(move)


R_NO_CHOICE_LEFT = Reason(N_("Three cards were offered: choose the one in the chooser or the game is over."))
R_CHOOSE_FIRST = Reason(N_("First move the chooser's card to a foundation: it sets the start rank."))
R_ON_START_RANK = Reason(N_("Nothing goes on a card of the start rank."))


class Hamilton(Variant):
    id = "hamilton"
    name = N_("Hamilton")
    family = N_("Canfield")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        stock(0, 0),
        # The chooser shows the card offered as the start card; nothing else goes there.
        *reserves(1, RESERVE, x=1, y=0, label=N_("the chooser")),
        # The top card of a foundation may come back into play.
        *foundations(4, FOUNDATION_FROM_BASE, x=3, suits=range(4)),
        # Down in the same colour, the King on the Ace; runs in suit move (see run_length); an empty pile takes
        # any card or run.
        *tableau(7, StackRule(build=Build(BuildSuit.COLOUR, -1, wrap=True), empty=ANY, pickup=PICK_RUN), y=1),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def deal(self, cards):
        # Not in PySolFC: Aisleriot's order, a row onto the seven piles, then a row onto piles 2 to 7, and so
        # on, all face up.
        for row in range(7):
            self.deal_row(cards, self.tableau_ix[row:])
        self.place("stock", cards)
        # The three cards the stock may offer as the start card, in turn (the chooser's card tells how many
        # were offered; see stock_refusal).
        self.offered = tuple(cards[-3:][::-1])

    def _choices_used(self):
        chooser = self.cards[self.reserve_ix[0]]
        if not chooser:
            return 0
        card = chooser[-1]
        return next((k + 1 for k, c in enumerate(self.offered) if c == card), 3)

    def stock_refusal(self, move):
        if self.base_rank is None and self._choices_used() >= 3:
            return R_NO_CHOICE_LEFT
        return None

    def do_deal(self):
        stock, chooser = self.stock_ix, self.reserve_ix[0]
        if self.base_rank is not None:
            # One card face up onto each pile, from the first, while the stock lasts.
            self.deal_cards(stock, self.tableau_ix)
            return
        # The start card is being chosen: the chooser's card goes face down under the stock, and the stock's
        # top card is offered instead. (The stock is lifted onto the chooser and put back over that card.)
        size = len(self.cards[stock])
        if self.cards[chooser]:
            self.move_cards(stock, chooser, size)
            self.move_cards(chooser, stock, size + 1)
        self.move_cards(stock, chooser, 1)

    def extra_refusal(self, src, n, dst):
        kind = self.specs[dst].kind
        if self.base_rank is None:
            return None if src == self.reserve_ix[0] and kind is Kind.FOUNDATION else R_CHOOSE_FIRST
        target = self.cards[dst]
        if kind is Kind.TABLEAU and target and target[-1].rank == self.base_rank:
            return R_ON_START_RANK
        return None

    def run_length(self, stack):
        # What moves together is a run in suit, down one rank at a time (the King on the Ace), ending above a
        # card of the start rank.
        pile = self.cards[stack]
        n = 1
        while n < len(pile):
            upper, lower = pile[-n], pile[-n - 1]
            if lower.suit != upper.suit or lower.rank != upper.rank % 13 + 1 or lower.rank == self.base_rank:
                break
            n += 1
        return n

    def after_move(self, move):
        if self.base_rank is None:
            home = [self.cards[f][0] for f in self.foundation_ix if self.cards[f]]
            if home:
                self.set_base_rank(home[0].rank)
        super().after_move(move)




class StraightUp(Canfield):
    id = "straight-up"
    name = N_("Straight Up")
    redeals = 2  # three passes through the stock
    deal_count = 1
    stacks = (
        stock(0, 0),
        waste(1, 0),
        # Each foundation starts with its Two, dealt, and goes up in suit to the King, then the Ace.
        *foundations(4, with_changes(FOUNDATION_FROM_BASE, empty=2, pickup=PICK_NONE), x=3, suits=range(4)),
        # Down in suit, the King on the Ace (never the Ace on a Two: the Ace is high), any run moves; an empty
        # pile, once the reserve is out, takes the waste's top card only.
        *tableau(4, StackRule(build=Build(BuildSuit.SAME, -1, ace_high=True), empty=ANY, pickup=PICK_RUN,
                              empty_from=frozenset({Kind.WASTE})), x=3, y=1),
        *reserves(1, RESERVE, x=0, y=1, fan=Fan.DOWN),
    )
    max_score = 48
    score_rule = N_("One point for each card on the foundations besides the Twos.")

    def shuffle_hook(self, cards):
        # PySolFC's (game 100, Storehouse): the Twos go on top of the pack, the clubs' topmost, then spades,
        # hearts, diamonds.
        twos = sorted((c for c in cards if c.rank == 2), key=lambda c: c.suit, reverse=True)
        return [c for c in cards if c.rank != 2] + twos

    def deal(self, cards):
        # PySolFC's order: the four Twos onto their foundations, thirteen cards to the reserve (the top one
        # up), one card on each pile from the right. (PySolFC then turns the stock once; here the first click
        # does.)
        for f in self.foundation_ix:
            self.place(f, [cards.pop()])
        self.place("reserve-1", [cards.pop() for _ in range(13)], face_down=12)
        self.deal_row(cards, self.tableau_ix[::-1])
        self.place("stock", cards)

    def score(self):
        return self.on_foundations() - 4


#: Plait's foundation answers, by (suit, top rank or 0 when empty, direction, base rank): see Plait.takes.
_PLAIT_TAKES: dict[tuple[int, int, int, int], frozenset[int]] = {}


class Plait(Variant):
    id = "plait"
    name = N_("Plait")
    family = N_("Canfield")
    domain = "reussite_classics"
    decks = 2
    redeals = 2  # three passes through the stock
    stacks = (
        stock(7, 1.5),
        waste(6, 1.5),
        # Two foundations a suit, clubs, spades, hearts, diamonds (PySolFC's places); what they take is the
        # game's own rule (see takes()): the base rank on an empty one, then all of them up, or all of them
        # down, as the first card built on one decides.
        *_placed(foundations(8, StackRule(own_rule=True, pickup=PICK_NONE, flip_exposed=False), text=N_(
            "Takes the card of its suit of the base card's rank, then up or down in suit as the first card built on "
            "a foundation sets for all, the King and the Ace next to each other; thirteen cards at most, and none "
            "comes back.")),
                 [(8 + i % 2, i // 2) for i in range(8)]),
        # The plait: its top card alone plays, nothing goes on it.
        *tableau(1, StackRule(empty=NONE, pickup=PICK_TOP, accepts_from=frozenset()), x=3, y=0,
                 label=N_("the plait")),
        # The four corners round the plait (Aisleriot's edges), refilled from it; one card each.
        *_placed(reserves(4, StackRule(empty=ANY, max_cards=1, pickup=PICK_TOP), label=N_("corner {number}")),
                 ((1.5, 0), (4.5, 0), (1.5, 3), (4.5, 3))),
        # Eight free cells beside it, one card each, none from the plait.
        *_placed(reserves(8, StackRule(empty=ANY, max_cards=1, pickup=PICK_TOP,
                                       accepts_from=frozenset({Kind.WASTE, Kind.RESERVE})),
                          first=5, label=N_("free cell {number}")),
                 ((0, 1), (1, 1), (0, 2), (1, 2), (5, 1), (6, 1), (5, 2), (6, 2))),
    )
    max_score = 104
    score_rule = N_("One point for each card on the foundations.")
    # An empty corner is refilled at once from the plait while it has cards.
    refill = Refill(("reserve-1", "reserve-2", "reserve-3", "reserve-4"), ("tableau-1",))

    def deal(self, cards):
        # PySolFC's order (game 12, Braid): twenty cards onto the plait, one onto each edge and each free
        # cell, then the next card onto the first foundation of its suit (the base). (PySolFC then turns the
        # stock once; here the first click does.)
        self.place(self.tableau_ix[0], [cards.pop() for _ in range(20)])
        self.deal_row(cards, self.reserve_ix)
        base = cards.pop()
        self.place(self.foundation_ix[2 * base.suit], [base])
        self.set_base_rank(base.rank)
        self.place("stock", cards)

    def direction(self):
        """+1 when the foundations go up, -1 down, 0 while no card is built on a foundation yet."""
        for f in self.foundation_ix:
            pile = self.cards[f]
            if len(pile) > 1:
                return 1 if pile[1].rank == pile[0].rank % 13 + 1 else -1
        return 0

    def takes(self, stack):
        pile = self.cards[stack]
        suit = self.foundation_ix.index(stack) // 2
        top = pile[-1].rank if pile and len(pile) < 13 else (0 if not pile else -1)
        key = (suit, top, self.direction() if pile else 0, self.base_rank)
        found = _PLAIT_TAKES.get(key)
        if found is None:
            if top < 0:
                ranks = ()
            elif top == 0:
                ranks = (self.base_rank,)
            else:
                ranks = tuple({(top - 1 + d) % 13 + 1 for d in ((1, -1) if key[2] == 0 else (key[2],))})
            found = _PLAIT_TAKES[key] = frozenset(rank * 4 + suit for rank in ranks)
        return found


R_BASE_FIRST = Reason(N_("First start a foundation with a reserve card: it sets the base rank."))
R_WHOLE_PILE = Reason(N_("Between tableau piles, only a whole pile moves."))
R_RESERVES_FIRST = Reason(N_("An empty pile takes a card from the waste only once the reserves are empty."))


class Glenwood(Variant):
    id = "glenwood"
    name = N_("Glenwood")
    family = N_("Canfield")
    domain = "reussite_classics"
    decks = 1
    redeals = 1
    stacks = (
        stock(0, 0),
        waste(1, 0),
        # No base at the deal: the first card the player puts on a foundation, from a reserve, sets it.
        *foundations(4, with_changes(FOUNDATION_FROM_BASE, pickup=PICK_NONE), x=3, suits=range(4)),
        *tableau(4, StackRule(build=Build(BuildSuit.ALTERNATE, -1, wrap=True), empty=ANY, pickup=PICK_RUN),
                 x=3, y=1),
        *reserves(4, with_changes(RESERVE, flip_exposed=False), x=0, y=1, fan=Fan.RIGHT),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def deal(self, cards):
        # PySolFC's order (game 282): three rows onto the four reserves, then one onto the four piles.
        for _ in range(3):
            self.deal_row(cards, self.reserve_ix)
        self.deal_row(cards)
        self.place("stock", cards)

    def extra_refusal(self, src, n, dst):
        spec_src, spec_dst = self.specs[src], self.specs[dst]
        if self.base_rank is None and spec_src.kind is not Kind.RESERVE:
            return R_BASE_FIRST
        if spec_src.kind is Kind.TABLEAU and spec_dst.kind is Kind.TABLEAU and n != len(self.cards[src]):
            return R_WHOLE_PILE
        if (spec_src.kind is Kind.WASTE and spec_dst.kind is Kind.TABLEAU and not self.cards[dst]
                and any(self.cards[i] for i in self.reserve_ix)):
            return R_RESERVES_FIRST
        return None

    def stock_refusal(self, move):
        return R_BASE_FIRST if self.base_rank is None else None

    def after_move(self, move):
        if self.base_rank is None:
            home = [self.cards[f][0] for f in self.foundation_ix if self.cards[f]]
            if home:
                self.set_base_rank(home[0].rank)
        super().after_move(move)


GAMES = (Canfield, EagleWing, Glenwood, Kansas, RoyalEast, Agnes, BearRiver, Chessboard, Hamilton, StraightUp,
         Plait)
