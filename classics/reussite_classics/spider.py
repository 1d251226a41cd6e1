"""Spider and its family: piles built down, runs of one suit, a run from King to Ace of one suit leaving for a
foundation by itself. Spider (one, two or four suits), Spider with three decks, Spiderette, Will o' the
Wisp, Scorpion and Simple Simon."""

from reussite.cards import new_pack
from reussite.messages import N_, NP_
from reussite.rules import (
    ANY,
    NONE,
    PICK_FACE_UP,
    PICK_NONE,
    PICK_RUN,
    Build,
    BuildSuit,
    DealTo,
    Kind,
    StackRule,
    foundations,
    stock,
    tableau,
)
from reussite.variant import Option, Variant

# The name after "of" where a language cannot build it from the name (French « de l’Araignée »),
# for messages such as "the rules of {game}": see reussite.messages.OF_CONTEXT.
NP_("name after the preposition of", "Spider")
NP_("name after the preposition of", "Spider Three Decks")
NP_("name after the preposition of", "Scorpion")
NP_("name after the preposition of", "Will o' the Wisp")

#: The suits of each pack by option: spades only, spades and hearts, or all four. PySolFC's one- and two-suit
#: packs are in the same places (its clubs are our spades), so a number deals the same cards as PySolFC's.
PACK_SUITS = {"1": (1, 1, 1, 1), "2": (1, 1, 2, 2), "4": (0, 1, 2, 3)}

#: A foundation of the family: only the game puts cards there (a finished run); it takes nothing from the
#: player and keeps them.
CLOSED_FOUNDATION = StackRule(empty=NONE, pickup=PICK_NONE, accepts_from=frozenset(), flip_exposed=False)
#: The place of a finished run, as the pages name it.
FINISHED_RUN = {"label": N_("finished run {number}"),
                "text": N_("Takes a finished run, King to Ace in one suit, which leaves its pile by itself.")}


class Spider(Variant):
    id = "spider"
    name = N_("Spider")
    family = N_("Spider")
    domain = "reussite_classics"
    decks = 2
    deal_to = DealTo.TABLEAU  # one card onto each pile
    options = (
        Option("suits", ("1", "2", "4"), "4", N_("how many suits the two packs hold"), label=N_("Suits"),
               choice_labels=(N_("1 suit (spades)"), N_("2 suits (spades and hearts)"), N_("4 suits"))),
    )
    #: The family's parameters: how many piles, how the piles build, what an empty pile takes.
    piles = 10
    build = Build(BuildSuit.ANY, -1)
    #: What moves together: built regardless of suit, but only a run of one suit moves.
    run = Build(BuildSuit.SAME, -1)
    pickup = PICK_RUN
    empty = ANY
    max_score = 104
    score_rule = N_("One point for each card on the foundations.")
    # A finished run, King to Ace of one suit, goes to a foundation by itself as part of the move; the stock
    # deals only when no pile is empty. (Once the stock is empty nothing reads a pile's place: the engine keys
    # the piles as a set from then on.)
    finished_runs = True
    fill_before_deal = True

    @classmethod
    def layout(cls):
        return (
            stock(0, 0),
            *foundations(4 * cls.decks, CLOSED_FOUNDATION, x=2, **FINISHED_RUN),
            *tableau(cls.piles, StackRule(build=cls.build, empty=cls.empty, pickup=cls.pickup, run=cls.run), y=1),
        )

    def pack(self):
        return new_pack(self.decks, PACK_SUITS[self.option_values.get("suits", "4")])

    def deal(self, cards):
        # PySolFC's order: four face-down rows, a fifth on piles 1, 4, 7 and 10, then a face-up row.
        for _ in range(4):
            self.deal_row(cards, face_down=True)
        self.deal_row(cards, self.tableau_ix[::3], face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)



class Spiderette(Spider):
    """Spider with one pack on seven piles."""

    id = "spiderette"
    name = N_("Spiderette")
    decks = 1
    piles = 7
    options = ()  # four suits, as in Aisleriot and PySolFC
    max_score = 52

    def deal(self, cards):
        # PySolFC's order: a triangle of face-down cards row by row (row K onto piles K+1 to 7), then a
        # face-up row onto all seven.
        for row in range(1, 7):
            self.deal_row(cards, self.tableau_ix[row:], face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)


class WillOTheWisp(Spiderette):
    """Spiderette dealt in three rows of seven."""

    id = "will-o-the-wisp"
    name = N_("Will o' the Wisp")

    def deal(self, cards):
        # PySolFC's order: two face-down rows, then a face-up row.
        for _ in range(2):
            self.deal_row(cards, face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)


class Scorpion(Spider):
    """Seven piles built down in suit, Kings on empty piles, and any face-up card moves with the cards above
    it, as in Yukon; a stock of three cards."""

    id = "scorpion"
    name = N_("Scorpion")
    decks = 1
    piles = 7
    build = Build(BuildSuit.SAME, -1)
    # Any face-up card moves with the cards above it, whether they follow it or not; the stock deals its three
    # cards onto piles 1 to 3, empty or not.
    run = None
    pickup = PICK_FACE_UP
    fill_before_deal = False
    empty = 13
    options = ()
    max_score = 52

    def deal(self, cards):
        # PySolFC's order: three rows face down on piles 1 to 4 and face up on piles 5 to 7, then four face-up
        # rows; the three cards left are the stock.
        for row in range(7):
            if row < 3:
                self.deal_row(cards, self.tableau_ix[:4], face_down=True)
                self.deal_row(cards, self.tableau_ix[4:])
            else:
                self.deal_row(cards)
        self.place("stock", cards)



class SimpleSimon(Spider):
    """One pack dealt face up on ten piles, no stock. Built down regardless of suit; a sequence moves as a
    unit as far as the empty piles would let its runs of one suit go one at a time."""

    id = "simple-simon"
    name = N_("Simple Simon")
    aliases = {"simplesimon": {}}  # KPatience's name for it
    decks = 1
    options = ()
    max_score = 52

    @classmethod
    def layout(cls):
        return (
            *foundations(4, CLOSED_FOUNDATION, x=3, **FINISHED_RUN),
            *tableau(cls.piles, StackRule(build=cls.build, empty=cls.empty, pickup=PICK_RUN), y=1),
        )

    def deal(self, cards):
        # PySolFC's and KPatience's order: rows of 9, 8, ..., 3 cards from the left, then a row of ten.
        for count in range(9, 2, -1):
            self.deal_row(cards, self.tableau_ix[:count])
        self.deal_row(cards)

    def interchangeable_stacks(self):
        # Its own max_movable reads only the piles a move names and how many piles are empty, so the piles are
        # a group, and so are the foundations, which only finished runs fill.
        cls = type(self)
        groups = cls.__dict__.get("_groups")
        if groups is None:
            cls._groups = groups = (tuple(self.foundation_ix), tuple(self.tableau_ix))
        return groups

    def max_movable(self, src, dst):
        # A sequence of k runs of one suit moves when k <= 2 ** (empty piles, the target aside): each empty
        # pile doubles what single runs could move through it (KPatience's and PySolFC's rule).
        longest = self.run_length(src)
        if self.specs[dst].kind is Kind.FOUNDATION:
            return longest
        allowed = 1 << self.empty_count((src, dst))
        pile, runs, n = self.cards[src], 1, 1
        while n < longest:
            if pile[-n - 1].suit != pile[-n].suit:
                runs += 1
                if runs > allowed:
                    break
            n += 1
        return n


class SpiderThreeDecks(Spider):
    """Aisleriot's Spider with three packs on twelve piles, dealt even with empty piles. Not an option of
    Spider: the layout, the deal and the stock's rule all change."""

    id = "spider-three-decks"
    name = N_("Spider Three Decks")
    decks = 3
    piles = 12
    options = ()  # four suits: Aisleriot offers no choice
    max_score = 156
    fill_before_deal = False  # unlike Spider, a deal is allowed with empty piles

    def deal(self, cards):
        # Aisleriot's layout, dealt row by row from the left (PySolFC has no such game): four rows onto the
        # twelve piles and a fifth onto piles 1 to 6, the last card of each pile face up.
        for _ in range(3):
            self.deal_row(cards, face_down=True)
        self.deal_row(cards, self.tableau_ix[:6], face_down=True)
        self.deal_row(cards, self.tableau_ix[6:])
        self.deal_row(cards, self.tableau_ix[:6])
        self.place("stock", cards)


GAMES = (Spider, Spiderette, Scorpion, SimpleSimon, SpiderThreeDecks, WillOTheWisp)
