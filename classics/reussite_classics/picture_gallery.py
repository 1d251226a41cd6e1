"""The Picture Gallery family: Mod 3, two packs; three rows of eight piles built up in suit by threes from a
Two (2-5-8-J), a Three (3-6-9-Q) and a Four (4-7-10-K), the Aces on a pile of their own, and a row of eight
piles that the stock deals onto and refills."""

from reussite.cards import ACE
from reussite.game import Move, Reason
from reussite.messages import N_, Message
from reussite.rules import (
    ANY,
    CARD_KEYS,
    PICK_NONE,
    PICK_TOP,
    Build,
    BuildSuit,
    DealTo,
    Fan,
    Kind,
    StackRule,
    StackSpec,
    foundations,
    stock,
    tableau,
)
from reussite.variant import Variant

ACES = frozenset(k for k in CARD_KEYS if k >> 2 == ACE)
R_ACES_ONLY = Reason(N_("Only Aces go on {stack}."))
R_WRONG_BASE = Reason(N_("Nothing goes on {stack}: its bottom card is not {rank.a}."))
BY_THREES = N_("build up in suit by threes")
#: The base rank of each row of built piles, top to bottom (KPatience's rows).
BASES = (2, 3, 4)
#: What the piles of each row take, in words.
ROW_TEXTS = {
    2: N_("Takes a 2 when empty, then up in suit by threes (2, 5, 8, Jack), four cards at most; nothing while its "
          "bottom card is not a 2."),
    3: N_("Takes a 3 when empty, then up in suit by threes (3, 6, 9, Queen), four cards at most; nothing while its "
          "bottom card is not a 3."),
    4: N_("Takes a 4 when empty, then up in suit by threes (4, 7, 10, King), four cards at most; nothing while its "
          "bottom card is not a 4."),
}


def row_rule(base):
    """A pile of the rows: up in suit by threes from its base rank, four cards at most; its top card may move."""
    return StackRule(build=Build(BuildSuit.SAME, 3), empty=base, max_cards=4, pickup=PICK_TOP, flip_exposed=False)


class Mod3(Variant):
    id = "mod-3"
    name = N_("Mod 3")
    family = N_("Picture Gallery")
    aliases = {"mod3": {}}  # KPatience's id
    domain = "reussite_classics"
    decks = 2
    deal_to = DealTo.TABLEAU  # one card onto each of the eight lower piles
    redeals = 0
    stacks = (
        *(spec for row, base in enumerate(BASES)
          for spec in foundations(8, row_rule(base), x=0, y=row * 1.3, first=8 * row + 1, text=ROW_TEXTS[base])),
        # The Aces leave the game onto a pile of their own.
        StackSpec("foundation-25", Kind.FOUNDATION, StackRule(own_rule=True, by_top=True, pickup=PICK_NONE,
                                                              flip_exposed=False), 8.8, 0.5, Fan.DOWN,
                  N_("the pile of Aces"), N_("Takes any Ace; none leaves it.")),
        # Nothing is built on them; an empty one takes any card (the stock refills it while it lasts).
        *tableau(8, StackRule(empty=ANY, pickup=PICK_TOP), x=0, y=4, fan=Fan.DOWN, label=N_("reserve pile {number}")),
        stock(8.8, 4),
    )
    max_score = 104
    score_rule = N_("One point for each Ace on its pile and each card on a pile of the rows whose bottom card is "
                    "the row's rank.")

    def deal(self, cards):
        # PySolFC's order (Picture Gallery, game 7): a row onto its Fours (4-7-10-K), one onto its Threes, one
        # onto its Twos, then one onto the lower piles. Our rows are KPatience's, Twos on top: the same cards go
        # to the same bases.
        rows = [self.foundation_ix[8 * r: 8 * r + 8] for r in range(3)]
        for row in reversed(rows):
            self.deal_row(cards, row)
        self.deal_row(cards)
        self.place("stock", cards)

    def takes(self, stack):  # the pile of Aces
        return ACES

    def take_refusal(self, card, stack):
        return R_ACES_ONLY

    def base_of(self, stack):
        """The base rank of a pile of the rows (None for any other stack)."""
        position = self.foundation_ix.index(stack) if stack in self.foundation_ix else 24
        return BASES[position // 8] if position < 24 else None

    def extra_refusal(self, src, n, dst):
        pile = self.cards[dst]
        if pile and dst in self.foundation_ix:
            base = self.base_of(dst)
            if base is not None and pile[0].rank != base:
                return R_WRONG_BASE
        return None

    def explain_params(self, move, reason):
        # The rows' build has no name of the host's own.
        if isinstance(move, Move) and self.base_of(move.dst) is not None:
            return {"rule": Message(BY_THREES)}
        return {}

    def after_move(self, move):
        # A lower pile that a card leaves is refilled from the stock at once, while the stock lasts.
        if isinstance(move, Move) and move.src in self.tableau_ix and not self.cards[move.src] \
                and self.cards[self.stock_ix]:
            self.move_cards(self.stock_ix, move.src)
        super().after_move(move)

    def score(self):
        good = len(self.cards[self.foundation_ix[24]])
        for stack in self.foundation_ix[:24]:
            pile = self.cards[stack]
            if pile and pile[0].rank == self.base_of(stack):
                good += len(pile)
        return good


GAMES = (Mod3,)
