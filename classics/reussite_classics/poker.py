"""Poker (Poker Square): twenty-five cards, turned one at a time, go into a five-by-five grid; its five rows,
five columns and two diagonals score as poker hands, counted the British way."""

from collections import Counter

from reussite.game import Move, Reason
from reussite.messages import N_
from reussite.rules import CARD_KEYS, Kind, StackRule, StackSpec, stock, waste
from reussite.variant import Option, Variant

EVERY_CARD = frozenset(CARD_KEYS)
#: The twelve hands, as places 0 to 24 (row by row): the rows, the columns, the two diagonals.
HANDS = (tuple(tuple(range(r * 5, r * 5 + 5)) for r in range(5)) + tuple(tuple(range(c, 25, 5)) for c in range(5))
         + ((0, 6, 12, 18, 24), (4, 8, 12, 16, 20)))

R_PLACED = Reason(N_("A card placed in the grid stays there (unless the game is played in shuffle mode)."))
R_INTO_EMPTY = Reason(N_("The card turned goes into an empty place."))
R_AUTOMATIC = Reason(N_("The stock turns its next card by itself once the card turned is placed."))

PLACE = StackRule(own_rule=True, by_top=True, max_cards=2, positional=True, flip_exposed=False)
T_PLACE = N_("When empty, takes the card turned, which stays there; in shuffle mode a card of the grid may also move "
             "into an empty place, or onto another card, the two swapping places.")


def hand_score(cards) -> int:
    """A hand of five cards in British points: straight flush 30, four of a kind 16, straight 12, full house 10,
    three of a kind 6, flush 5, two pairs 3, one pair 1 (the Ace low, or high after a King)."""
    ranks = sorted(c.rank for c in cards)
    flush = len({c.suit for c in cards}) == 1
    straight = ranks == list(range(ranks[0], ranks[0] + 5)) or ranks == [1, 10, 11, 12, 13]
    if straight:
        return 30 if flush else 12
    counts = sorted(Counter(ranks).values(), reverse=True)
    if counts[0] == 4:
        return 16
    if counts[:2] == [3, 2]:
        return 10
    if counts[0] == 3:
        return 6
    if flush:
        return 5
    if counts[:2] == [2, 2]:
        return 3
    return 1 if counts[0] == 2 else 0


class Poker(Variant):
    id = "poker"
    name = N_("Poker")
    alt_names = (N_("Poker Square"),)
    family = N_("Poker")
    domain = "reussite_classics"
    decks = 1
    options = (
        Option("mode", ("place", "shuffle"), "place", N_("whether the cards placed may move again"),
               label=N_("Shuffle mode"),
               choice_labels=(N_("cards stay where placed (75 points win)"),
                              N_("cards may move and swap places (120 points win)"))),
    )
    stacks = (
        stock(0, 0),
        waste(0, 1),
        *(StackSpec(f"tableau-{k + 1}", Kind.TABLEAU, PLACE, x=1.5 + k % 5, y=k // 5, label=N_("place {number}"),
                    text=T_PLACE) for k in range(25)),
    )
    max_score = 276
    score_rule = N_("Each row, column and diagonal of five scores as a poker hand: straight flush 30, four of a "
                    "kind 16, straight 12, full house 10, three of a kind 6, flush 5, two pairs 3, one pair 1.")

    def configure(self):
        self.shuffle_mode = self.option_values["mode"] == "shuffle"
        self.target = 120 if self.shuffle_mode else 75

    def deal(self, cards):
        # PySolFC's Poker Square plays the bottom 25 cards of its pack, the 25th turned up: the other 27 lie at
        # the bottom of the stock here, never reached.
        unused, played = cards[25:], cards[:25]
        self.place("waste", [played.pop()])
        self.place("stock", unused + played)

    def grid(self):
        return [self.cards[i] for i in self.tableau_ix]

    def takes(self, stack):
        if self.cards[stack] and not self.shuffle_mode:
            return frozenset()
        return EVERY_CARD

    def take_refusal(self, card, stack):
        return R_INTO_EMPTY

    def extra_refusal(self, src, n, dst):
        if src == self.waste_ix:
            return R_INTO_EMPTY if self.cards[dst] else None
        return None if self.shuffle_mode else R_PLACED

    def stock_refusal(self, move):
        return R_AUTOMATIC

    def after_move(self, move):
        cards = self.cards
        if isinstance(move, Move):
            if len(cards[move.dst]) == 2:  # shuffle mode: the two cards swap places
                self.move_bottom_card(move.dst, move.src)
            if (not cards[self.waste_ix] and cards[self.stock_ix]
                    and sum(1 for pile in self.grid() if pile) < 25):
                self.move_cards(self.stock_ix, self.waste_ix)
        super().after_move(move)

    def score(self):
        grid = self.grid()
        return sum(hand_score([grid[p][-1] for p in hand]) for hand in HANDS if all(grid[p] for p in hand))

    def is_won(self):
        return self.score() >= self.target


GAMES = (Poker,)
