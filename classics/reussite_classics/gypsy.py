"""The Gypsy family: two packs, eight piles built down in alternating colours, any run moves, the stock deals
a card onto each pile; eight foundations up in suit whose top cards stay in play. Gypsy deals three rows
(two face down); Giant one row, with a one-card reserve and a choice of build."""

from reussite.cards import KING, Card
from reussite.game import R_NOT_A_RUN, Move
from reussite.messages import N_, NP_, Message
from reussite.rules import (
    ANY,
    CARD_KEYS,
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN,
    PICK_TOP,
    Build,
    BuildSuit,
    DealTo,
    StackRule,
    foundations,
    reserves,
    stock,
    tableau,
    with_changes,
)
from reussite.variant import Option, Variant

# The names after "of" where French cannot build them from the name (« du Bohémien », « du Géant »).
NP_("name after the preposition of", "Gypsy")
NP_("name after the preposition of", "Giant")

#: Up in suit from the Ace; the top card may come back into play.
FOUNDATION = with_changes(FOUNDATION_UP_IN_SUIT, pickup=PICK_TOP)


class Gypsy(Variant):
    id = "gypsy"
    name = N_("Gypsy")
    family = N_("Gypsy")
    domain = "reussite_classics"
    decks = 2
    deal_to = DealTo.TABLEAU  # one card onto each pile, empty or not
    redeals = 0
    #: How the piles build: down in alternating colours, any run moves, an empty pile takes any card or run.
    pile_rule = StackRule(build=Build(BuildSuit.ALTERNATE, -1), empty=ANY, pickup=PICK_RUN)
    #: What the piles take, in words, where ``pile_rule`` cannot say it (None: worked out from the rule).
    pile_text = None
    #: Up in suit from the Ace, one card at a time; the top card may come back into play.
    foundation_rule = FOUNDATION
    #: Free cells beside the piles (Giant has one).
    cells = 0
    max_score = 1000
    score_rule = N_("5 points for each card on the foundations, 60 more for each foundation completed up to "
                    "the King, and 2 for each card on a pile resting on the next rank up in the other colour "
                    "(1000 when every card is home).")

    @classmethod
    def layout(cls):
        return (
            stock(0, 0),
            *foundations(8, cls.foundation_rule, x=2),
            *tableau(8, cls.pile_rule, x=1, y=1, text=cls.pile_text),
            *reserves(cls.cells, StackRule(empty=ANY, max_cards=1, pickup=PICK_TOP), x=9.5, y=1),
        )

    def deal(self, cards):
        # PySolFC's order (game 1): two face-down rows, then a face-up row; the rest is the stock.
        for _ in range(2):
            self.deal_row(cards, face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)

    def score(self):
        # Aisleriot's count: 5 a card home, 60 a finished foundation, 2 a face-up pair in build order.
        home = sum(len(self.cards[i]) for i in self.foundation_ix)
        done = sum(1 for i in self.foundation_ix if len(self.cards[i]) == 13 and self.cards[i][-1].rank == KING)
        pairs = 0
        for i in self.tableau_ix:
            pile = self.cards[i]
            for j in range(max(self.face_down[i], 0), len(pile) - 1):
                below, above = pile[j], pile[j + 1]
                if above.rank == below.rank - 1 and above.is_red != below.is_red:
                    pairs += 1
        return 5 * home + 60 * done + 2 * pairs


#: Giant's builds by option: for each rank and build, the keys of the cards that go on a card of that key.
GIANT_BUILDS = {suit: Build(suit, -1) for suit in (BuildSuit.ALTERNATE, BuildSuit.SAME)}
ALL_CARDS = frozenset(CARD_KEYS)
GIANT_TAKES = {suit: {top: frozenset(k for k in CARD_KEYS if build.fits(Card(k >> 2, k & 3), Card(top >> 2, top & 3)))
                      for top in CARD_KEYS} for suit, build in GIANT_BUILDS.items()}


class Giant(Gypsy):
    id = "giant"
    name = N_("Giant")
    cells = 1
    options = (
        Option("build", ("alternate", "same"), "alternate", N_("how the piles are built"), label=N_("Build"),
               choice_labels=(N_("Alternating colours"), N_("Same suit"))),
    )
    # The build is the option's, so the piles' rule is the game's own (takes() and run_length() below); what
    # a pile takes depends on its top card alone.
    pile_rule = StackRule(own_rule=True, by_top=True, pickup=PICK_RUN)
    pile_text = N_("Takes the next rank down, in alternating colours or in the same suit as the Build option says; a "
                   "run so built moves as one, and an empty pile takes any card or run.")
    # A run of one suit goes onto a foundation too, one card at a time, its top card first.
    foundation_rule = with_changes(FOUNDATION, group_moves=True)
    max_score = 104
    score_rule = N_("One point for each card on the foundations.")

    def configure(self):
        self.build = GIANT_BUILDS[BuildSuit(self.option_values["build"])]
        self.fits = GIANT_TAKES[self.build.suit]

    def deal(self, cards):
        # PySolFC's order (game 65): one face-up row; the rest is the stock.
        self.deal_row(cards)
        self.place("stock", cards)

    def takes(self, stack):  # the piles, the stacks with their own rule
        pile = self.cards[stack]
        return self.fits[pile[-1].rank * 4 + pile[-1].suit] if pile else ALL_CARDS

    def run_length(self, stack):
        pile, up = self.cards[stack], len(self.cards[stack]) - self.face_down[stack]
        n = min(1, up)
        while n < up and self.build.fits(pile[-n], pile[-n - 1]):
            n += 1
        return n

    def explain_params(self, move, reason):
        # A refusal about a pile names the build the option chose, not "the game's rule".
        if isinstance(move, Move):
            about = move.src if reason is R_NOT_A_RUN else move.dst
            if about in self.tableau_ix:
                return {"rule": Message(self.build.text)}
        return {}

    def score(self):
        return self.on_foundations()


GAMES = (Gypsy, Giant)
