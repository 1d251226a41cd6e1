"""Osmosis (Osmose): rules R-OS-1 to R-OS-11, from Aisleriot's French page (see docs/rules.md).
The three-card deal of R-OS-9 is an option of this game: ``--option deal=3``."""

from __future__ import annotations

from typing import Any

from reussite.cards import Card
from reussite.game import AnyMove, Move, Reason
from reussite.messages import N_, SUIT_NAMES, Message
from reussite.rules import (
    CARD_KEYS,
    NONE,
    PICK_NONE,
    PICK_TOP,
    Kind,
    StackRule,
    StackSpec,
    rank_name,
    stock,
    waste,
)
from reussite.variant import Option, Variant

R_OS_SUIT = Reason(N_("{card.The} cannot go on {stack}: it takes only {suit}."))
R_OS_START = Reason(N_("{card.The} cannot start {stack}: a new foundation starts with {rank.a}, the base card's "
                       "rank."))
R_OS_ORDER = Reason(N_("{card.The} cannot start {stack}: the foundation above it has not been started yet."))
R_OS_RANK_ABOVE = Reason(N_("{card.The} cannot go on {stack}: there is no {rank} on the foundation above it yet."))

RESERVES = 4
_EVERY = frozenset(CARD_KEYS)
_NOTHING: frozenset[int] = frozenset()
_SUIT_KEYS = tuple(frozenset(k for k in CARD_KEYS if k & 3 == suit) for suit in range(4))
_RANK_KEYS = (_NOTHING, *(frozenset(k for k in CARD_KEYS if k >> 2 == rank) for rank in range(1, 14)))
#: (suit, the foundation above's stack key) -> what a started foundation of that suit takes (R-OS-7).
_RANKS_ABOVE: dict[tuple[int, bytes], frozenset[int]] = {}
#: The foundations take cards by Osmosis.takes (R-OS-5 to R-OS-7), one at a time; their cards stay there.
FOUNDATION_RULE = StackRule(own_rule=True, pickup=PICK_NONE, flip_exposed=False)
#: R-OS-2: a fanned reserve; only its top card moves, nothing is built on it, an exposed card turns up.
RESERVE_RULE = StackRule(build=None, empty=NONE, pickup=PICK_TOP, accepts_from=frozenset(), flip_exposed=True)


class FoundationSpec(StackSpec):
    """An Osmosis foundation: described by its own rule, which no declarative build can say."""

    __slots__ = ()

    def describe(self) -> Message:
        if self.number == 1:
            return Message(N_("Takes any card of the base card's suit, in any order."))
        return Message(N_("Starts with a card of the base card's rank once the foundation above is started; "
                          "then takes its own suit, in any order, but only ranks already on the foundation above."))


class Osmosis(Variant):
    id = "osmosis"
    solver_companion = "reussite_plugins.osmosis_solver:OsmosisSolver"
    name = N_("Osmosis")
    family = N_("Osmosis")
    alt_names = (N_("Treasure Trove"),)
    decks = 1  # R-OS-1
    options = (
        Option("deal", ("1", "3"), "1",
               N_("cards turned from the stock at a time: 1 with two redeals, or 3 with unlimited redeals"),
               label=N_("Stock"),
               choice_labels=(N_("1 card at a time, 2 redeals"), N_("3 cards at a time, unlimited redeals"))),
    )
    stacks = (
        # R-OS-2, R-OS-3: four fanned reserves on the left, four foundations on the right (fanned, so that
        # the ranks that R-OS-7 depends on stay visible); the stock and the waste beyond them.
        stock(7, 0),
        waste(7, 1),
        *(FoundationSpec(f"foundation-{i + 1}", Kind.FOUNDATION, FOUNDATION_RULE, 2.5, i, "right") for i in range(4)),
        *(StackSpec(f"reserve-{i + 1}", Kind.RESERVE, RESERVE_RULE, 0, i, "right") for i in range(RESERVES)),
    )
    deal_to = "waste"

    def configure(self) -> None:
        # R-OS-4: one card at a time, two redeals; R-OS-9: three at a time, unlimited redeals.
        three = self.option_values["deal"] == "3"
        self.deal_count = 3 if three else 1
        self.redeals = None if three else 2

    def deal(self, cards: list[Card]) -> None:
        # PySolFC's order: three face-down rows on the reserves, one face-up row, then the base card.
        for _ in range(3):
            self.deal_row(cards, self.reserve_ix, face_down=True)
        self.deal_row(cards, self.reserve_ix)
        self.place("foundation-1", [cards.pop()])
        self.place("stock", cards)

    # -- the foundations (R-OS-5 to R-OS-7) -----------------------------------------------------------

    def takes(self, dst: int) -> frozenset[int]:
        """The cards foundation ``dst`` takes now (R-OS-5 to R-OS-7), as keys: the one definition of the rule
        (the foundations' places are consecutive in the layout above)."""
        foundations = self.foundation_ix
        pile = self.cards[dst]
        if dst == foundations[0]:  # R-OS-5: any card of the base card's suit, at any time
            return _SUIT_KEYS[pile[0][1]] if pile else _EVERY
        if not pile:
            if not self.cards[dst - 1]:  # R-OS-7: the foundation above must be started first
                return _NOTHING
            first = self.cards[foundations[0]]
            return _RANK_KEYS[first[0][0]] if first else _EVERY  # R-OS-6: the base card's rank
        # R-OS-7: its own suit, only ranks already on the foundation above (read from its cached key).
        above = self.stack_key(dst - 1)
        found = _RANKS_ABOVE.get((pile[0][1], above))
        if found is None:
            if len(_RANKS_ABOVE) > 50_000:
                _RANKS_ABOVE.clear()
            suit = pile[0][1]
            found = _RANKS_ABOVE[suit, above] = frozenset(key & ~3 | suit for key in above[2:])
        return found

    def take_refusal(self, card: Card, dst: int) -> Reason | None:
        """Why foundation ``dst`` refuses ``card``, for the message (``takes`` decides)."""
        foundations = self.foundation_ix
        pile = self.cards[dst]
        if dst == foundations[0] or (pile and card[1] != pile[0][1]):
            return R_OS_SUIT
        if not pile:
            first = self.cards[foundations[0]]
            return R_OS_START if first and card[0] != first[0][0] else R_OS_ORDER
        return R_OS_RANK_ABOVE

    def explain_params(self, move: AnyMove, reason: Reason) -> dict[str, Any]:
        if not isinstance(move, Move) or move.dst not in self.foundation_ix or not self.cards[move.src]:
            return {}
        card = self.cards[move.src][-1]
        pile = self.cards[move.dst]
        first = self.cards[self.foundation_ix[0]]
        params: dict[str, Any] = {"card": card}
        if reason is R_OS_SUIT and pile:
            params["suit"] = Message(SUIT_NAMES[pile[0].suit])
        elif reason is R_OS_START and first:
            params["rank"] = rank_name(first[0].rank)
        elif reason is R_OS_RANK_ABOVE:
            params["rank"] = rank_name(card.rank)
        return params

    def interchangeable_stacks(self) -> tuple[tuple[int, ...], ...]:
        # The reserves are alike (only their top cards move, nothing goes on them); foundations are ordered.
        return (self.reserve_ix,)

    # R-OS-10: the default score, one point a card on the foundations.
    max_score = 52
