"""The clock games: Clock, a game of patience with no choice (each card turned goes to its hour, the card at the
bottom of that hour comes up in its place), and Grandfather's Clock, twelve foundations around a dial built up in
suit from their hour cards, fed from eight piles built down."""

import math

from reussite.cards import KING
from reussite.game import Move, Reason
from reussite.messages import N_
from reussite.rules import (
    ANY,
    NONE,
    PICK_NONE,
    PICK_TOP,
    Build,
    BuildSuit,
    Fan,
    Kind,
    StackRule,
    StackSpec,
    tableau,
)
from reussite.variant import Variant

#: The keys of the four cards of each rank.
OF_RANK = {rank: frozenset(rank * 4 + suit for suit in range(4)) for rank in range(1, 14)}

R_OWN_HOUR = Reason(N_("{card.The} goes on the pile of its own hour."))


def dial(hour, x=4.0, y=2.0, rx=4.0, ry=2.0):
    """Where the pile of ``hour`` lies on a dial centred on (x, y), in card widths and heights."""
    angle = math.radians(30 * hour)
    return round(x + rx * math.sin(angle), 2), round(y - ry * math.cos(angle), 2)


HOUR = StackRule(own_rule=True, by_top=True, pickup=PICK_NONE, accepts_from=frozenset({Kind.TABLEAU}),
                 flip_exposed=False)
T_HOUR = N_("Takes the middle pile's top card when it is of the hour's rank (the Ace at one o'clock to the Queen "
            "at twelve), face up on top; the hour's bottom card then comes up on the middle pile.")
T_MIDDLE = N_("Takes the bottom card of the hour a card went to, face up on top; while a King shows, its own bottom "
              "card comes up on it. Its top card goes to the hour of its rank.")


class Clock(Variant):
    id = "clock"
    name = N_("Clock")
    family = N_("Clock")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        # The twelve hours, the Ace at one o'clock to the Queen at twelve; each takes the cards of its rank.
        *(StackSpec(f"foundation-{h}", Kind.FOUNDATION, HOUR, *dial(h), fan=Fan.RIGHT, label=N_("hour {number}"),
                    text=T_HOUR)
          for h in range(1, 13)),
        # The middle pile, the Kings' hour: its top card is the one to play.
        *tableau(1, StackRule(empty=NONE, pickup=PICK_TOP, flip_exposed=False), x=4, y=2, fan=Fan.RIGHT,
                 label=N_("the middle pile"), text=T_MIDDLE),
    )
    max_score = 48
    score_rule = N_("One point for each card turned up on its hour.")

    def deal(self, cards):
        # PySolFC's order: four face-down rows onto the twelve hours and the middle, whose top card turns up.
        piles = [[] for _ in range(13)]
        for _ in range(4):
            for pile in piles:
                pile.append(cards.pop())
        for h in range(12):
            self.place(self.foundation_ix[h], piles[h], face_down=4)
        middle, down = piles[12], 3
        while middle[-1].rank == KING and down:  # a King shown: the bottom card comes up (as after a move)
            middle.append(middle.pop(0))
            down -= 1
        self.place(self.tableau_ix[0], middle, face_down=down)

    def takes(self, stack):
        return OF_RANK[self.foundation_ix.index(stack) + 1]

    def take_refusal(self, card, stack):
        return R_OWN_HOUR

    def after_move(self, move):
        # The card played lies face up on its hour; the bottom card of that hour comes up on the middle pile,
        # and while a King shows there, the middle pile's own bottom card comes up on top of it.
        if isinstance(move, Move):
            middle = self.tableau_ix[0]
            self.move_bottom_card(move.dst, middle)
            pile = self.cards[middle]
            while pile[-1].rank == KING and self.face_down[middle]:
                self.move_bottom_card(middle, middle)
        super().after_move(move)

    def is_won(self):
        return not any(self.face_down)

    def score(self):
        return sum(len(self.cards[i]) - self.face_down[i] for i in self.foundation_ix)


#: Grandfather's Clock: the base card of each foundation, from the 2 of spades to the King of diamonds
#: (PySolFC's order), and the hour where it lies on the dial (the 9 at twelve o'clock, as KPatience has it).
CLOCK_CARDS = tuple((rank, (1, 2, 0, 3)[(rank - 2) % 4]) for rank in range(2, 14))


class GrandfathersClock(Variant):
    id = "grandfathers-clock"
    name = N_("Grandfather's Clock")
    family = N_("Clock")
    domain = "reussite_classics"
    aliases = {"grandfathersclock": {}}
    decks = 1
    stacks = (
        *(StackSpec(f"foundation-{k + 1}", Kind.FOUNDATION,
                    StackRule(build=Build(BuildSuit.SAME, 1, wrap=True), empty=NONE, pickup=PICK_NONE),
                    *dial((rank + 2) % 12 + 1, x=3.5, y=2.7, rx=3.0, ry=2.6))
          for k, (rank, _suit) in enumerate(CLOCK_CARDS)),
        # Down regardless of suit, one card at a time; an empty pile takes any card. One row of eight under
        # the dial, so that the fans have room and the whole fits a phone's width.
        *tableau(8, StackRule(build=Build(BuildSuit.ANY, -1), empty=ANY, pickup=PICK_TOP), x=0, y=6.3),
    )
    max_score = 52
    score_rule = N_("One point for each card on the foundations.")

    def shuffle_hook(self, cards):
        # PySolFC's: the twelve clock cards go to the bottom of the pack, the King lowest, to be dealt last.
        clock = sorted((c for c in cards if (c.rank, c.suit) in CLOCK_CARDS), key=lambda c: -c.rank)
        return clock + [c for c in cards if (c.rank, c.suit) not in CLOCK_CARDS]

    def deal(self, cards):
        for _ in range(5):  # five face-up rows onto the eight piles, then the clock cards onto the dial
            self.deal_row(cards)
        self.deal_row(cards, self.foundation_ix)


GAMES = (Clock, GrandfathersClock)
