"""The Auld Lang Syne family: one pack, four foundations built up regardless of suit, fed only from four
reserve piles on which the stock deals a card each, with no redeal. In Auld Lang Syne the four Aces start the
foundations; Tam O'Shanter is the same game with the Aces left in the pack. (Scuffle, of the same family,
lives in ``scuffle.py``.)"""

from reussite.cards import ACE
from reussite.messages import N_
from reussite.rules import NONE, PICK_NONE, PICK_TOP, Build, BuildSuit, DealTo, StackRule, foundations, stock, tableau
from reussite.variant import Variant

#: What a reserve pile takes, in the rules' words: its cards come from the stock alone.
T_RESERVE = N_("Takes a card from the stock at each deal, nothing else; its top card goes only to a foundation.")


def _reserve_piles():
    # Nothing goes on them but the stock's cards; their top cards go to the foundations only.
    return tableau(4, StackRule(empty=NONE, pickup=PICK_TOP, accepts_from=frozenset()), x=2, y=1,
                   label=N_("reserve pile {number}"), text=T_RESERVE)


class AuldLangSyne(Variant):
    """Auld Lang Syne (Aisleriot; PySolFC's game 95)."""

    id = "auld-lang-syne"
    name = N_("Auld Lang Syne")
    family = N_("Auld Lang Syne")
    domain = "reussite_classics"
    decks = 1
    deal_to = DealTo.TABLEAU  # a card onto each reserve pile
    redeals = 0
    stacks = (
        stock(0, 0),
        # Up regardless of suit, from the Ace dealt there to the King; a card there stays there.
        *foundations(4, StackRule(build=Build(BuildSuit.ANY, 1), empty=NONE, pickup=PICK_NONE, flip_exposed=False),
                     x=2, y=0),
        *_reserve_piles(),
    )
    max_score = 48
    score_rule = N_("One point for each card put on the foundations (48 when every card is home).")

    def shuffle_hook(self, cards):
        # PySolFC's _shuffleHookMoveToTop: the Aces to the top of the pack, the Ace of clubs dealt first.
        aces = sorted((c for c in cards if c.rank == ACE), key=lambda c: c.suit, reverse=True)
        return [c for c in cards if c.rank != ACE] + aces

    def deal(self, cards):
        # PySolFC's order (game 95): the Aces onto the foundations (clubs, spades, hearts, diamonds), then a row
        # onto the reserve piles; the rest is the stock.
        self.deal_row(cards, self.foundation_ix)
        self.deal_row(cards)
        self.place("stock", cards)

    def score(self):
        return self.on_foundations() - 4  # the Aces were dealt there


class TamOShanter(AuldLangSyne):
    """Tam O'Shanter (PySolFC's game 172): the Aces are not set apart; an empty foundation takes an Ace."""

    id = "tam-o-shanter"
    name = N_("Tam O'Shanter")
    stacks = (
        stock(0, 0),
        *foundations(4, StackRule(build=Build(BuildSuit.ANY, 1), empty=ACE, pickup=PICK_NONE, flip_exposed=False),
                     x=2, y=0),
        *_reserve_piles(),
    )
    max_score = 52
    score_rule = N_("One point for each card put on the foundations.")

    shuffle_hook = Variant.shuffle_hook  # the pack as shuffled
    score = Variant.score  # every card on the foundations was put there

    def deal(self, cards):
        # PySolFC's order (game 172): a row onto the reserve piles; the rest is the stock.
        self.deal_row(cards)
        self.place("stock", cards)


GAMES = (AuldLangSyne, TamOShanter)
