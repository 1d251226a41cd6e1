"""Mount Olympus: rules R-MO-1 to R-MO-9, from PySolFC's French page (see docs/rules.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reussite.cards import ACE, Card
from reussite.game import AnyMove
from reussite.messages import N_, NP_
from reussite.rules import ANY, PICK_NONE, PICK_RUN, Build, Kind, StackRule, StackSpec, stock, tableau
from reussite.variant import Variant

# The name after "of" where a language cannot build it from the name (French « du Mont Olympe »),
# for messages such as "the rules of {game}": see reussite.messages.OF_CONTEXT.
NP_("name after the preposition of", "Mount Olympus")

TWO = 2
PILES = 9
BASES = 16  # R-MO-1: the eight Aces and eight Twos of two packs


def _foundation(number: int, base: int, suit: int) -> StackSpec:
    # R-MO-3: up in suit by twos from its base; full at its top card (King on an Ace, Queen on a Two).
    rule = StackRule(build=Build("same", 2), empty=base, suit=suit, max_cards=7 if base == ACE else 6,
                     pickup=PICK_NONE, flip_exposed=False)
    column = (number - 1) % 8
    return StackSpec(f"foundation-{number}", Kind.FOUNDATION, rule, 1 + column, 0 if base == ACE else 1)


def move_to_top(cards: list[Card], key: Callable[[Card], Any]) -> list[Card]:
    """PySolFC's "move to top" shuffle hook: the cards with a ``key`` (not None) leave their places and go on
    top of the stock, the smallest key topmost; equal keys keep the later card of the list topmost."""
    chosen, rest = [], []
    for position, card in enumerate(cards):
        k = key(card)
        if k is None:
            rest.append(card)
        else:
            chosen.append((k, -position, card))
    chosen.sort(key=lambda item: item[:2], reverse=True)
    return rest + [card for *_, card in chosen]


class MountOlympus(Variant):
    id = "mount-olympus"
    solver_companion = "reussite_plugins.mount_olympus_solver:MountOlympusSolver"
    name = N_("Mount Olympus")
    family = N_("Mount Olympus")
    decks = 2
    stacks = (
        stock(0, 0),
        # Two rows of eight above the piles: the Aces' foundations (two per suit), then the Twos'.
        *(_foundation(i + 1, ACE, i // 2) for i in range(8)),
        *(_foundation(i + 9, TWO, i // 2) for i in range(8)),
        # R-MO-4, R-MO-6: down in suit by twos, any sequence moves; an empty pile takes any card or
        # sequence once the stock is gone (before that it is refilled at once, R-MO-5).
        *tableau(PILES, StackRule(build=Build("same", -2), empty=ANY, pickup=PICK_RUN), x=0, y=2),
    )
    deal_to = "tableau"
    deal_count = 1  # R-MO-8: one card on each pile
    redeals = 0

    def shuffle_hook(self, cards: list[Card]) -> list[Card]:
        # R-MO-1: the Aces and Twos are taken out, in PySolFC's order, so they can be laid out first.
        return move_to_top(cards, lambda c: (c.rank, c.suit) if c.rank in (ACE, TWO) else None)

    def deal(self, cards: list[Card]) -> None:
        for foundation in self.foundation_ix:
            self.place(foundation, [cards.pop()])
        self.deal_row(cards)  # R-MO-2: nine cards in a row
        self.place("stock", cards)

    def after_move(self, move: AnyMove) -> None:
        # R-MO-5, R-MO-8: an empty pile takes a card from the stock at once, while the stock lasts.
        for pile in self.tableau_ix:
            if not self.cards[pile] and self.cards[self.stock_ix]:
                self.move_cards(self.stock_ix, pile, 1)
        super().after_move(move)

    def interchangeable_stacks(self) -> tuple[tuple[int, ...], ...]:
        # A suit's two foundations on the same base are alike. Piles are refilled and dealt to in order while
        # the stock lasts (R-MO-5, R-MO-8); once it is gone they are alike too.
        pairs = tuple(self.foundation_ix[i:i + 2] for i in range(0, len(self.foundation_ix), 2))
        return pairs if self.cards[self.stock_ix] else (*pairs, self.tableau_ix)

    def score(self) -> int:
        # The page gives no score: one point a card played onto the foundations (the bases are dealt).
        return self.on_foundations() - BASES

    max_score = 104 - BASES
    score_rule = N_("One point for each card played onto the foundations (the Aces and Twos dealt there do not "
                    "count).")
