"""Tournament: rules R-TO-1 to R-TO-12, from PySolFC's French page (see docs/rules.md)."""

from __future__ import annotations

from dataclasses import replace

from reussite.cards import ACE, KING, Card, generator_for, new_pack, shuffle
from reussite.game import AnyMove, Deal, Move, Reason, Redeal
from reussite.messages import N_
from reussite.rules import (
    ANY,
    NONE,
    PICK_TOP,
    Build,
    Kind,
    StackRule,
    StackSpec,
    stock,
    tableau,
)
from reussite.variant import Variant

COLUMNS = 6
RESERVES = 8
CARDS_PER_COLUMN = 4
#: After this many fruitless reshuffles (never reached in practice) the deal falls back to PySolFC's way.
MAX_RESHUFFLES = 1000

# No card outside the stock is ever face down (the deal and the refills lay them face up): nothing to turn up.
RESERVE_RULE = StackRule(build=None, empty=ANY, max_cards=1, pickup=PICK_TOP, accepts_from=frozenset({Kind.TABLEAU}),
                         flip_exposed=False)


R_NOTHING_TO_GATHER = Reason(N_("The tableau is empty: there is nothing to gather for a redeal."))


def _foundation(number: int, suit: int, up: bool) -> StackSpec:
    # R-TO-4: per suit, one foundation up from the Ace and one down from the King. R-TO-9: the top card may
    # be picked up; reserves take only tableau cards and columns take nothing, so it can only go to a foundation.
    rule = StackRule(build=Build("same", 1 if up else -1), empty=ACE if up else KING, suit=suit,
                     pickup=PICK_TOP, flip_exposed=False)
    return StackSpec(f"foundation-{number}", Kind.FOUNDATION, rule, 2 + number - 1, 0)


def has_king_or_ace(cards: list[Card]) -> bool:
    return any(c.rank in (ACE, KING) for c in cards)


class Tournament(Variant):
    id = "tournament"
    solver_companion = "reussite_plugins.tournament_solver:TournamentSolver"
    name = N_("Tournament")
    family = N_("Tournament")
    decks = 2  # R-TO-1
    stacks = (
        stock(0, 0),
        *(_foundation(i + 1, i, up=True) for i in range(4)),
        *(_foundation(i + 5, i, up=False) for i in range(4)),
        # R-TO-5, R-TO-7: the top card of a column is playable; nothing is built on the tableau.
        # Named as the rules name them: "column 3", « la colonne 3 ».
        *(replace(s, label=N_("column {number}"))
          for s in tableau(COLUMNS, StackRule(build=None, empty=NONE, pickup=PICK_TOP, flip_exposed=False), x=2, y=1)),
        # R-TO-2, R-TO-6: two columns of four "Kibitzers"; one card each, filled only from the tableau.
        # Numbered column by column, top to bottom, in the order PySolFC deals them.
        *(StackSpec(f"reserve-{i + 1}", Kind.RESERVE, RESERVE_RULE, i // 4, 1 + i % 4) for i in range(RESERVES)),
    )
    deal_to = "tableau"
    deal_count = CARDS_PER_COLUMN  # R-TO-10
    redeals = 2  # R-TO-11: two redeals, three passes
    max_score = 104  # the page gives no score: the host's one point a card on the foundations
    score_rule = N_("One point for each card on the foundations (104 when both packs are home).")

    # -- the deal -------------------------------------------------------------------------------------

    def shuffle(self) -> list[Card]:
        """R-TO-2: the 8 reserve cards are the top 8 of the shuffled pack; while none of them is a King or an
        Ace, gather the pack and shuffle it again with the same game-number generator. The first shuffle is
        PySolFC's, so a deal that needs no reshuffle equals PySolFC's."""
        rng = generator_for(self.number)
        cards = new_pack(self.decks)  # two packs: no Microsoft FreeCell reordering, so this is shuffled_pack
        shuffle(cards, rng)
        for _ in range(MAX_RESHUFFLES):
            if has_king_or_ace(cards[-RESERVES:]):
                return cards
            shuffle(cards, rng)
        return pysolfc_king_or_ace_to_top(cards)

    def deal(self, cards: list[Card]) -> None:
        self.deal_row(cards, self.reserve_ix)  # R-TO-2, in PySolFC's order: left column, then right
        for column in self.tableau_ix:  # R-TO-3: a column of 4 at a time, as PySolFC deals
            self.place(column, [cards.pop() for _ in range(min(CARDS_PER_COLUMN, len(cards)))])
        self.place("stock", cards)

    # -- the stock ------------------------------------------------------------------------------------

    def _fill_column(self, column: int) -> None:
        # Up to 4 cards, one after the other from the top of the stock: the first one dealt is at the bottom.
        self.deal_cards(self.stock_ix, (column,), CARDS_PER_COLUMN, reverse=True)

    def do_deal(self) -> None:
        # R-TO-10: 4 cards onto each column, column after column, while the stock lasts, each column's first
        # card at its bottom.
        self.deal_cards(self.stock_ix, self.tableau_ix, CARDS_PER_COLUMN, reverse=True)

    def stock_refusal(self, move: Deal | Redeal) -> Reason | None:
        if isinstance(move, Redeal) and not any(self.cards[i] for i in self.tableau_ix):
            return R_NOTHING_TO_GATHER
        return None

    def do_redeal(self) -> None:
        # R-TO-11: the rightmost column goes onto the one at its left, and so on; the gathered pile, turned
        # over without shuffling, is the stock, so the leftmost column's bottom card is dealt first.
        self.count_redeal()
        for column in reversed(self.tableau_ix):
            if self.cards[column]:
                self.move_cards(column, self.stock_ix, len(self.cards[column]), reverse=True)
        self.do_deal()

    def is_lost(self) -> bool:
        """Lost when no move reaches a new position (the host's rule), or sooner: R-TO-9 lets the top cards of
        a suit's two foundations go back and forth for ever once they meet, so those moves alone do not keep a
        game alive when nothing else can be played and no waiting card belongs to a suit whose foundations meet
        (shifting cards between them can then take any rank)."""
        if self.is_won():
            return False
        foundations = set(self.foundation_ix)
        for move in self.legal_moves():
            if not (isinstance(move, Move) and move.src in foundations and move.dst in foundations):
                return super().is_lost()
        waiting = [self.cards[i][-1] for i in (*self.tableau_ix, *self.reserve_ix) if self.cards[i]]
        return not any(self.foundations_meet(card.suit) for card in waiting) or super().is_lost()

    def interchangeable_stacks(self) -> tuple[tuple[int, ...], ...]:
        # The eight reserves hold one card each and are used alike; columns are dealt and gathered in order.
        return (self.reserve_ix,)












    def foundations_meet(self, suit: int) -> bool:
        # Up from the Ace to a and down from the King to a + 1: together one card of each rank.
        up, down = self.foundation_ix[suit], self.foundation_ix[4 + suit]
        return len(self.cards[up]) + len(self.cards[down]) == 13

    def after_move(self, move: AnyMove) -> None:
        # R-TO-8: a column left empty at once receives 4 cards from the stock (while it lasts).
        cards = self.cards
        if cards[self.stock_ix]:
            for column in self.tableau_ix:
                if not cards[column]:
                    self._fill_column(column)
        super().after_move(move)



def pysolfc_king_or_ace_to_top(cards: list[Card]) -> list[Card]:
    """PySolFC's own fix (game 303): the first King or Ace of the list goes to the top of the stock."""
    for i, card in enumerate(cards):
        if card.rank in (ACE, KING):
            return cards[:i] + cards[i + 1:] + [card]
    return cards
