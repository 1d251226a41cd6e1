"""The Aces Up family: four piles fed a row at a time from the stock, cards discarded by comparing the piles'
top cards. Aces Up and Fortunes discard a card when a higher one of its suit tops another pile; First Law
discards four cards of a rank together; Cover discards two cards of a suit; Valentine builds the four piles
down in suit."""

from functools import lru_cache

from reussite.cards import ACE
from reussite.game import Move, Reason
from reussite.messages import N_, NP_
from reussite.rules import (
    ANY,
    DISCARD_TEXT,
    NONE,
    PICK_NONE,
    PICK_RUN,
    PICK_TOP,
    Build,
    DealTo,
    Kind,
    Pairs,
    Refill,
    StackRule,
    card_key,
    foundations,
    stock,
    tableau,
    waste,
)
from reussite.rules import DISCARD as PAIR_DISCARD
from reussite.variant import Variant

# The names after "of" where a language cannot build them from the name (French « de la Première loi »),
# for messages such as "the rules of {game}": see reussite.messages.OF_CONTEXT.
NP_("name after the preposition of", "First Law")
NP_("name after the preposition of", "Cover")

R_NO_HIGHER = Reason(N_("{card} can be discarded only while a higher card of its suit tops another pile."))
R_NOT_FOUR = Reason(N_("Cards go to the foundation four at a time, when the four piles show the same rank."))
R_LEFT_ONLY = Reason(N_("A card moves only onto a pile to its left."))
R_SAME_RANK = Reason(N_("{card} goes only onto a card of its rank."))
R_NOTHING_TO_GATHER = Reason(N_("There are no cards to gather."))

#: The discard pile, which takes cards from the piles only and gives none back.
T_DISCARD = N_("Takes the top card of a pile while a higher card of its suit tops another pile; none comes back.")
DISCARD = StackRule(own_rule=True, pickup=PICK_NONE, accepts_from=frozenset({Kind.TABLEAU}), flip_exposed=False)


#: First Law's: the piles take a card of their top card's rank from a pile on their right; the discard pile takes
#: the four cards of a rank together.
T_SAME_RANK = N_("Takes the top card of a pile to its right of the same rank, whatever the suit; an empty one takes "
                 "none. The stock deals a card onto each.")
T_FOUR_OF_A_RANK = N_("Takes the four top cards of the piles together when they are of the same rank; none comes "
                      "back.")


def _high(rank: int) -> int:
    return 14 if rank == ACE else rank  # the Ace ranks above the King


@lru_cache(maxsize=4096)
def _discardable(tops: tuple[int, ...]) -> frozenset[int]:
    """The keys among the piles' top cards ``tops`` (0: an empty pile) with a higher card of their suit
    (Aces high) on top of another pile."""
    return frozenset(low for low in tops if low and any(
        high and high & 3 == low & 3 and _high(high >> 2) > _high(low >> 2) for high in tops))


class AcesUp(Variant):
    """Aces Up (KPatience's Aces Up, PySolFC's game 903)."""

    id = "aces-up"
    name = N_("Aces Up")
    family = N_("Aces Up")
    aliases = {"acesup": {}}  # KPatience's id
    domain = "reussite_classics"
    decks = 1
    deal_to = DealTo.TABLEAU  # one card onto each pile
    stacks = (
        stock(0, 0),
        *tableau(4, StackRule(empty=ANY, pickup=PICK_TOP, accepts_from=frozenset({Kind.TABLEAU})), x=1.5, y=0),
        *foundations(1, DISCARD, x=6, y=0, label=N_("discard pile"), text=T_DISCARD),
    )
    max_score = 48
    score_rule = N_("One point for each card discarded.")

    def deal(self, cards):
        self.deal_row(cards)  # PySolFC's order: one row, left to right
        self.place("stock", cards)

    def _tops(self) -> tuple[int, ...]:
        cards = self.cards
        return tuple(card_key(cards[i][-1]) if cards[i] else 0 for i in self.tableau_ix)

    def takes(self, stack):  # the discard pile, the one stack with its own rule
        return _discardable(self._tops())

    def take_refusal(self, card, stack):
        return R_NO_HIGHER

    def is_won(self):
        return self.on_foundations() == 48  # the four Aces alone are left, one on each pile


class Fortunes(AcesUp):
    """Fortunes (Aisleriot, PySolFC's game 206): a pile's cards move together into an empty pile."""

    id = "fortunes"
    name = N_("Fortunes")
    aliases = {}
    stacks = (
        stock(0, 0),
        *tableau(4, StackRule(empty=ANY, pickup=PICK_RUN, accepts_from=frozenset({Kind.TABLEAU})), x=1.5, y=0),
        *foundations(1, DISCARD, x=6, y=0, label=N_("discard pile"), text=T_DISCARD),
    )

    def run_length(self, stack):  # any number of cards from the top of a pile, in whatever order
        return len(self.cards[stack]) - self.face_down[stack]


@lru_cache(maxsize=64)
def _rank_keys(rank: int) -> frozenset[int]:
    return frozenset(rank * 4 + suit for suit in range(4))


class FirstLaw(Variant):
    """First Law (Aisleriot; PySolFC's Perpetual Motion, game 130, deals the same way)."""

    id = "first-law"
    name = N_("First Law")
    family = N_("Aces Up")
    domain = "reussite_classics"
    decks = 1
    deal_to = DealTo.TABLEAU
    redeals = None  # the piles are gathered into the stock as often as needed
    stacks = (
        stock(0, 0),
        # A card goes onto a card of its rank: the pile's top card alone decides (its left side: extra_refusal).
        *tableau(4, StackRule(own_rule=True, by_top=True, pickup=PICK_TOP,
                              accepts_from=frozenset({Kind.TABLEAU})), x=1.5, y=0, text=T_SAME_RANK),
        *foundations(1, DISCARD, x=6, y=0, label=N_("discard pile"), text=T_FOUR_OF_A_RANK),
    )
    max_score = 52
    score_rule = N_("One point for each card discarded.")

    def deal(self, cards):
        self.deal_row(cards)
        self.place("stock", cards)

    def takes(self, stack):
        pile = self.cards[stack]
        if stack in self.tableau_ix:
            return _rank_keys(pile[-1].rank) if pile else frozenset()
        # The foundation: a top card, when the four piles show the same rank.
        tops = [self.cards[i][-1].rank if self.cards[i] else 0 for i in self.tableau_ix]
        return _rank_keys(tops[0]) if tops[0] and tops.count(tops[0]) == 4 else frozenset()

    def take_refusal(self, card, stack):
        return R_SAME_RANK if stack in self.tableau_ix else R_NOT_FOUR

    def extra_refusal(self, src, n, dst):
        if dst in self.tableau_ix and dst > src:
            return R_LEFT_ONLY
        return None

    def after_move(self, move):
        # The four cards of a rank leave together: the three others follow the one moved.
        if isinstance(move, Move) and move.dst in self.foundation_ix:
            for pile in self.tableau_ix:
                if pile != move.src:
                    self.move_cards(pile, move.dst)
        super().after_move(move)

    def do_redeal(self):
        # The piles go back into the stock, the fourth first and each turned over, so that the first pile's
        # bottom card ends on top of the stock.
        self.count_redeal()
        for pile in reversed(self.tableau_ix):
            if self.cards[pile]:
                self.move_cards(pile, self.stock_ix, len(self.cards[pile]), reverse=True)

    def redeal_refusal(self):
        reason = super().redeal_refusal()
        if reason is None and not any(self.cards[i] for i in self.tableau_ix):
            return R_NOTHING_TO_GATHER
        return reason


class Valentine(Variant):
    """Valentine (Aisleriot, PySolFC's game 934)."""

    id = "valentine"
    name = N_("Valentine")
    family = N_("Aces Up")
    domain = "reussite_classics"
    decks = 1
    redeals = None
    stacks = (
        stock(0, 0),
        waste(1, 0),
        # Down in suit; an empty pile is refilled by the game, never by the player. The piles are where the
        # game is won (every card on them: four runs from King to Ace), so they are its foundations.
        *foundations(4, StackRule(build=Build("same", -1), empty=NONE, pickup=PICK_TOP), x=2.5, y=0,
                     label=N_("pile {number}")),
    )
    max_score = 52
    score_rule = N_("One point for each card on the four piles.")

    def deal(self, cards):
        # PySolFC's order: a row on the piles, then the stock turns one card onto the waste.
        self.deal_row(cards, self.foundation_ix)
        self.place("waste", [cards.pop()])
        self.place("stock", cards)

    def can_deal(self):  # the stock turns a card only onto an empty waste
        return bool(self.cards[self.stock_ix]) and not self.cards[self.waste_ix]

    def redeal_refusal(self):
        if self.cards[self.waste_ix]:
            return None  # with a card on the waste, a click on the stock gathers the piles
        return R_NOTHING_TO_GATHER if not self.cards[self.stock_ix] else super().redeal_refusal()

    def _fill(self):
        # An empty pile takes the waste's card, else the stock's top card.
        for pile in self.foundation_ix:
            if not self.cards[pile]:
                if self.cards[self.waste_ix]:
                    self.move_cards(self.waste_ix, pile)
                elif self.cards[self.stock_ix]:
                    self.move_cards(self.stock_ix, pile)

    def do_deal(self):
        self.move_cards(self.stock_ix, self.waste_ix)

    def do_redeal(self):
        # PySolFC's gathering: the piles, the fourth first, each from its top card, go under the stock; the
        # waste's card starts the first pile, the stock's next cards the others, and one card is turned.
        self.count_redeal()
        stock, waste_ix = self.stock_ix, self.waste_ix
        kept = len(self.cards[stock])
        if kept:
            self.move_cards(stock, waste_ix, kept)  # set aside on the waste, above its card
        for pile in reversed(self.foundation_ix):
            self.move_cards(pile, stock, len(self.cards[pile]), reverse=True)
        if kept:
            self.move_cards(waste_ix, stock, kept)
        self._fill()
        if self.cards[stock]:
            self.move_cards(stock, waste_ix)

    def after_move(self, move):
        if isinstance(move, Move):
            self._fill()
        super().after_move(move)


class Cover(Variant):
    """Cover (Aisleriot, PySolFC's game 552): two top cards of a suit are discarded together (a pair by suit)."""

    id = "cover"
    name = N_("Cover")
    family = N_("Aces Up")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        stock(0, 0),
        # Nothing is put on a pile: its card leaves in a pair, and the stock fills it again at once.
        *tableau(4, StackRule(empty=NONE), x=1.5, y=0,
                 text=N_("Holds one card, which leaves with another of its suit; the stock refills it at once.")),
        *foundations(1, PAIR_DISCARD, x=6, y=0, label=N_("discard pile"), text=DISCARD_TEXT),
    )
    pairs = Pairs(by="suit")
    deal_to = DealTo.REFILL  # no deal: the stock only refills the piles
    won_when_empty = (Kind.STOCK,)
    max_score = 48
    score_rule = N_("One point for each card discarded.")
    # The two emptied piles are refilled from the stock, in order.
    refill = Refill(Kind.TABLEAU, ("stock",))

    def deal(self, cards):
        self.deal_row(cards)
        self.place("stock", cards)




GAMES = (AcesUp, Fortunes, FirstLaw, Valentine, Cover)
