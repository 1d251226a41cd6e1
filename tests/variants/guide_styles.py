"""Classic games written as a third-party author would write them from the plugin guide, each with an override
point where the classics use a declaration (issue 37: no slow path for a documented way of writing a game).
tests/variants/test_guide_styles.py compares each with the classics' declared form; tools/bench_guide_styles.py
measures their speed side by side."""

from __future__ import annotations

from dataclasses import replace

from reussite_classics.black_hole import PLACES, BlackHole
from reussite_classics.freecell import FREE_CELL, FreeCell
from reussite_classics.klondike import KingAlbert, Klondike

from reussite.moves import R_BUILD, R_NO_PICKUP, R_TOO_MANY, R_TOP_ONLY, Move
from reussite.rules import (
    ANY,
    CARD_KEYS,
    FOUNDATION_UP_IN_SUIT,
    NONE,
    PICK_NONE,
    PICK_RUN,
    PICK_TOP,
    Build,
    Kind,
    StackRule,
    StackSpec,
    foundations,
    reserves,
    tableau,
)
from reussite.variant import Variant


class FreeCellMaxMovable(Variant):
    """FreeCell with runs picked up by their build (``PICK_RUN``) and the supermove written as the guide's
    ``max_movable()`` override, where the classics declare ``PICK_RUN_BY_SPACES``."""

    id = "freecell-max-movable"
    name = "FreeCell (max_movable)"
    decks = 1
    stacks = (
        *reserves(4, FREE_CELL, x=0, y=0, dx=1, dy=0),
        *foundations(4, FOUNDATION_UP_IN_SUIT, x=4),
        *tableau(8, StackRule(build=Build("alternate", -1), empty=ANY, pickup=PICK_RUN), y=1),
    )

    deal = FreeCell.deal

    def max_movable(self, src, dst):
        if self.specs[dst].kind is Kind.FOUNDATION:
            return super().max_movable(src, dst)
        cells = sum(1 for i in self.reserve_ix if not self.cards[i])
        piles = sum(1 for i in self.tableau_ix if not self.cards[i] and i not in (src, dst))
        return min(self.run_length(src), (1 + cells) * 2 ** piles)


#: What goes on a card of each rank: one rank up or down, the King and the Ace next to each other.
NEXT = {rank: frozenset(k for k in CARD_KEYS if (k >> 2) % 13 in ((rank + 1) % 13, (rank - 1) % 13))
        for rank in range(1, 14)}


class BlackHoleOwnRule(Variant):
    """Black Hole with the hole's own rule not declared ``by_top`` (the guide's pattern before ``by_top``)."""

    id = "black-hole-own-rule"
    name = "Black Hole (own rule)"
    decks = 1
    stacks = (
        StackSpec("foundation-1", Kind.FOUNDATION, StackRule(own_rule=True, pickup=PICK_NONE, flip_exposed=False),
                  2.2 * 2 + 0.5, 1.5),
        *(StackSpec(f"tableau-{i + 1}", Kind.TABLEAU, StackRule(empty=NONE, pickup=PICK_TOP, flip_exposed=False),
                    x, y) for i, (x, y) in enumerate(PLACES)),
    )
    shuffle_hook = BlackHole.shuffle_hook
    deal = BlackHole.deal

    def takes(self, stack):
        return NEXT[self.cards[stack][-1].rank]


class FreeCellMaxMovableGrouped(FreeCellMaxMovable):
    """FreeCellMaxMovable with the groups of stacks ``reussite check`` advises it to declare."""

    id = "freecell-max-movable-grouped"

    def interchangeable_stacks(self):
        return (0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15)


class BlackHoleByTop(BlackHoleOwnRule):
    """BlackHoleOwnRule with the hole declared ``by_top``, as ``reussite check`` advises."""

    id = "black-hole-by-top"
    stacks = (replace(BlackHoleOwnRule.stacks[0], rule=replace(BlackHoleOwnRule.stacks[0].rule, by_top=True)),
              *BlackHoleOwnRule.stacks[1:])


class BlackHoleDropRefusal(BlackHoleOwnRule):
    """Black Hole with the hole's rule written as a ``drop_refusal()`` override (the guide's general override
    point) without ``custom_drop_kinds``."""

    id = "black-hole-drop-refusal"
    stacks = (replace(BlackHoleOwnRule.stacks[0], rule=StackRule(pickup=PICK_NONE, flip_exposed=False)),
              *BlackHoleOwnRule.stacks[1:])

    def drop_refusal(self, src, n, dst):
        if self.specs[dst].kind is Kind.FOUNDATION:
            top = self.cards[dst][-1]
            card = self.cards[src][-1]
            return None if n == 1 and card[0] * 4 + card[1] in NEXT[top.rank] else R_BUILD
        return super().drop_refusal(src, n, dst)




class KingAlbertPickRefusal(KingAlbert):
    """King Albert with its piles' runs declared (``PICK_RUN``) and "one card at a time" written as the guide's
    ``pick_refusal()`` override, where the classics declare ``PICK_TOP``."""

    id = "king-albert-pick-refusal"
    name = "King Albert (pick_refusal)"
    pile_pickup = PICK_RUN

    def pick_refusal(self, src, n, dst):
        if n > 1:
            return R_TOP_ONLY
        return super().pick_refusal(src, n, dst)


class FreeCellRefusal(Variant):
    """FreeCell with runs picked up by their build and the supermove written as a ``refusal()`` override (the
    guide's last resort), where the classics declare ``PICK_RUN_BY_SPACES``."""

    id = "freecell-refusal"
    name = "FreeCell (refusal)"
    decks = 1
    stacks = FreeCellMaxMovable.stacks
    deal = FreeCell.deal

    def refusal(self, move):
        if isinstance(move, Move) and move.n > 1 and self.specs[move.dst].kind is Kind.TABLEAU:
            cells = sum(1 for i in self.reserve_ix if not self.cards[i])
            piles = sum(1 for i in self.tableau_ix if not self.cards[i] and i not in (move.src, move.dst))
            if move.n > (1 + cells) * 2 ** piles:
                return R_TOO_MANY
        return super().refusal(move)


class KlondikeKept(Klondike):
    """Klondike whose foundations keep their cards, declared: ``FOUNDATION_UP_IN_SUIT`` (nothing picked up)."""

    id = "klondike-kept"
    foundation_rule = FOUNDATION_UP_IN_SUIT


class KlondikeExtraRefusal(Klondike):
    """KlondikeKept's rule written as the guide's ``extra_refusal()``: the classic Klondike's foundations, and no
    card taken from them."""

    id = "klondike-extra-refusal"

    def extra_refusal(self, src, n, dst):
        return R_NO_PICKUP if self.specs[src].kind is Kind.FOUNDATION else None


class KlondikeAfterMove(Klondike):
    """Klondike whose piles turn up their top card in the guide's ``after_move()`` (with ``turn_face_down()``),
    where the classics declare ``flip_exposed`` (the default)."""

    id = "klondike-after-move"
    stacks = (*Klondike.stacks[:6], *(replace(spec, rule=replace(spec.rule, flip_exposed=False))
                                      for spec in Klondike.stacks[6:]))

    def after_move(self, move):
        for pile in self.tableau_ix:
            size = len(self.cards[pile])
            if size and self.face_down[pile] >= size:
                self.turn_face_down(pile, size - 1)
        super().after_move(move)



class FreeCellNoKingInACell(Variant):
    """FreeCell with the supermove and a rule no declaration says (no King goes to a free cell) in the guide's
    ``extra_refusal()``: no declared form, but it reads no stack's place, so the groups of stacks can be
    declared."""

    id = "freecell-no-king-in-a-cell"
    name = "FreeCell (no King in a cell)"
    decks = 1
    stacks = FreeCellMaxMovable.stacks
    deal = FreeCell.deal

    def extra_refusal(self, src, n, dst):
        kind = self.specs[dst].kind
        if kind is Kind.RESERVE and self.cards[src][-1].rank == 13:
            return R_BUILD
        if n > 1 and kind is Kind.TABLEAU:
            cells = sum(1 for i in self.reserve_ix if not self.cards[i])
            piles = sum(1 for i in self.tableau_ix if not self.cards[i] and i not in (src, dst))
            if n > (1 + cells) * 2 ** piles:
                return R_TOO_MANY
        return None


GAMES = (FreeCellMaxMovable, BlackHoleOwnRule, FreeCellMaxMovableGrouped, BlackHoleByTop, BlackHoleDropRefusal,
         KingAlbertPickRefusal, FreeCellRefusal, KlondikeKept, KlondikeExtraRefusal, KlondikeAfterMove,
         FreeCellNoKingInACell)
