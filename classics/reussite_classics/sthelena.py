"""The St. Helena games: King's Audience, where sixteen cards wait in the antechamber around the audience chamber;
a King and Queen of one suit go to their throne together, an Ace and Jack to their foundation, which is then
built down in suit from the Jack."""

from reussite.cards import ACE, JACK, KING, QUEEN
from reussite.game import Move, Reason
from reussite.messages import N_
from reussite.rules import (
    NONE,
    PICK_NONE,
    Build,
    BuildSuit,
    Kind,
    Refill,
    StackRule,
    StackSpec,
    foundations,
    stock,
)
from reussite.variant import Variant

#: The partner of each card: King and Queen, Ace and Jack, of the same suit.
PARTNER = {KING: QUEEN, QUEEN: KING, ACE: JACK, JACK: ACE}
PAIRS = {rank * 4 + suit: frozenset({PARTNER[rank] * 4 + suit}) for rank in PARTNER for suit in range(4)}

R_PAIR = Reason(N_("Only a King and a Queen, or an Ace and a Jack, of the same suit pair up."))

#: Reserves and the waste take the partner of their top card; the pair then leaves for the audience chamber.
PAIRING = StackRule(own_rule=True, by_top=True, flip_exposed=False)
T_PAIRING = N_("Takes the card that pairs with its top card, a King with a Queen or an Ace with a Jack of its suit; "
               "the pair leaves at once for its throne or foundation.")
T_THRONE = N_("Takes the King and the Queen of its suit together, the Queen on top; none leaves it.")
T_FOUNDATION = N_("Takes the Ace and the Jack of its suit together, the Jack on top, then down in suit from the "
                  "Jack to the 2; none leaves it.")

#: The antechamber, as PySolFC deals it: the top row from the left, the right column down, the bottom row from
#: the right, the left column down.
ANTECHAMBER = ([(x, 0) for x in range(1, 5)] + [(5, y) for y in range(1, 5)] + [(x, 5) for x in range(4, 0, -1)]
               + [(0, y) for y in range(1, 5)])


class KingsAudience(Variant):
    id = "kings-audience"
    name = N_("King's Audience")
    family = N_("St. Helena")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        stock(2, 2.5),
        StackSpec("waste", Kind.WASTE, PAIRING, x=3, y=2.5, text=T_PAIRING),
        # The thrones: a King and Queen of their suit, put there together.
        *foundations(4, StackRule(empty=NONE, pickup=PICK_NONE, accepts_from=frozenset(), flip_exposed=False),
                     x=1, y=1, suits=range(4), label=N_("throne {number}"), text=T_THRONE),
        # An Ace and Jack of their suit, the Jack on top, then down in suit from the Jack.
        *foundations(4, StackRule(build=Build(BuildSuit.SAME, -1), empty=NONE, pickup=PICK_NONE,
                                  accepts_from=frozenset({Kind.RESERVE, Kind.WASTE}), flip_exposed=False),
                     x=1, y=4, suits=range(4), first=5, text=T_FOUNDATION),
        *(StackSpec(f"reserve-{k + 1}", Kind.RESERVE, PAIRING, x=x, y=y, label=N_("antechamber place {number}"),
                    text=T_PAIRING)
          for k, (x, y) in enumerate(ANTECHAMBER)),
    )
    max_score = 52
    score_rule = N_("One point for each card in the audience chamber.")
    # The empty places of the antechamber are filled in turn from the waste, or the stock when it is empty,
    # once the pair has left (Game.after_move refills after the override's own moves).
    refill = Refill(Kind.RESERVE, ("waste", "stock"))

    def deal(self, cards):
        # PySolFC's order: one card on each place of the antechamber, then one turned onto the waste.
        self.deal_row(cards, self.reserve_ix)
        self.place("waste", [cards.pop()])
        self.place("stock", cards)

    def takes(self, stack):
        pile = self.cards[stack]
        return PAIRS.get(pile[-1][0] * 4 + pile[-1][1], frozenset()) if pile else frozenset()

    def take_refusal(self, card, stack):
        return R_PAIR

    def after_move(self, move):
        cards = self.cards
        if isinstance(move, Move) and self._kinds[move.dst] is not Kind.FOUNDATION:
            # The pair leaves: King and Queen to their throne (the Queen on top), Ace and Jack to their
            # foundation (the Jack on top).
            top, under = cards[move.dst][-1], cards[move.dst][-2]
            lower = min(top.rank, under.rank)
            home = self.foundation_ix[top.suit + (4 if lower == ACE else 0)]
            self.move_cards(move.dst, home, 2, reverse=top.rank != (JACK if lower == ACE else QUEEN))
        super().after_move(move)  # then the declared refill


GAMES = (KingsAudience,)
