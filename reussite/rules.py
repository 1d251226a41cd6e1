"""Stacks and their declarative rules (layer 2).

A stack is described, not coded: what it is (:class:`Kind`), how cards are built on it (:class:`Build`),
what an empty one takes, what may be picked up from it. A variant lists its stacks with the helpers at the
bottom of this module and overrides game methods only for what no rule here can say.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from reussite.cards import RANKS, Card
from reussite.messages import N_, Message


class Kind(StrEnum):
    STOCK = "stock"
    WASTE = "waste"
    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    RESERVE = "reserve"


#: What an empty stack takes, besides a rank number: anything, or nothing at all.
ANY = "any"
NONE = "none"

#: What may be picked up from a stack.
PICK_NONE = "none"  # nothing (stock: it is dealt, not picked)
PICK_TOP = "top"  # the top card only
PICK_RUN = "run"  # any run built by the stack's own rule
PICK_RUN_BY_SPACES = "run-by-spaces"  # a run only as long as empty piles allow single moves for it

_BUILD_TEXT = {
    ("same", -1): N_("build down in suit"),
    ("same", 1): N_("build up in suit"),
    ("same", -2): N_("build down in suit by twos"),
    ("same", 2): N_("build up in suit by twos"),
    ("alternate", -1): N_("build down in alternating colours"),
    ("alternate", 1): N_("build up in alternating colours"),
    ("any", -1): N_("build down regardless of suit"),
    ("any", 1): N_("build up regardless of suit"),
}


@dataclass(frozen=True, slots=True)
class Build:
    """How a card goes onto another: ``suit`` is ``same``, ``alternate`` (colour) or ``any``; ``step`` the
    rank difference (−1 down by one, +2 up by twos). Ranks never wrap."""

    suit: str = "same"
    step: int = -1

    def fits(self, card: Card, onto: Card) -> bool:
        if card.rank != onto.rank + self.step:
            return False
        if self.suit == "same":
            return card.suit == onto.suit
        if self.suit == "alternate":
            return card.is_red != onto.is_red
        return True

    @property
    def text(self) -> str:
        """The rule as a msgid, for refusal messages and stack descriptions."""
        return _BUILD_TEXT.get((self.suit, self.step), N_("build by the game's rule"))


@dataclass(frozen=True, slots=True)
class StackRule:
    build: Build | None = None  # how cards go onto a non-empty stack; None: never
    empty: str | int = ANY  # what an empty stack takes: ANY, NONE or a rank (1 = Ace)
    suit: int | None = None  # a fixed suit, if any
    max_cards: int | None = None
    pickup: str = PICK_TOP
    accepts_from: frozenset[Kind] | None = None  # None: from any stack
    flip_exposed: bool = True  # turn up a face-down card when it becomes the top card
    group_moves: bool = False  # foundations: a run may go on card by card (R-FT-8)


@dataclass(frozen=True, slots=True)
class StackSpec:
    """One stack of a layout. ``id`` is ``stock``, ``waste``, ``foundation-K``, ``tableau-K`` or ``reserve-K``.

    ``x``/``y`` place it on a grid of card widths and heights (front ends scale it); ``fan`` is how its
    cards spread: ``"down"``, ``"right"`` or ``"none"`` (squared).
    """

    id: str
    kind: Kind
    rule: StackRule
    x: float = 0.0
    y: float = 0.0
    fan: str = "none"

    @property
    def short(self) -> str:
        """Short name for typed moves: ``s``, ``w``, ``f3``, ``t10``, ``r2``."""
        if "-" in self.id:
            kind, number = self.id.split("-", 1)
            return kind[0] + number
        return self.id[0]

    @property
    def number(self) -> int:
        return int(self.id.split("-", 1)[1]) if "-" in self.id else 0

    @property
    def name(self) -> Message:
        """The stack's name for people, in any language."""
        if self.kind is Kind.STOCK:
            return Message(N_("the stock"))
        if self.kind is Kind.WASTE:
            return Message(N_("the waste"))
        template = {
            Kind.FOUNDATION: N_("foundation {number}"),
            Kind.TABLEAU: N_("tableau pile {number}"),
            Kind.RESERVE: N_("reserve {number}"),
        }[self.kind]
        return Message(template, {"number": self.number})

    def describe(self) -> Message:
        """One line saying what this stack takes."""
        rule = self.rule
        if self.kind is Kind.STOCK:
            return Message(N_("Deals cards; click it to deal."))
        if rule.build is None and rule.empty == NONE:
            return Message(N_("Takes no cards."))
        parts = {"rule": Message(rule.build.text) if rule.build else Message(N_("no building"))}
        if rule.empty == ANY:
            return Message(N_("{rule}; an empty one takes any card."), parts)
        if rule.empty == NONE:
            return Message(N_("{rule}; an empty one stays empty."), parts)
        return Message(N_("{rule}; an empty one takes a {rank}."), {**parts, "rank": rank_name(rule.empty)})


def rank_name(rank: int) -> Message:
    from reussite.messages import RANK_NAMES

    return Message(RANK_NAMES[rank - 1])


def _numbered(kind: Kind, count: int, rule: StackRule, x: float, y: float, dx: float, dy: float, fan: str):
    return [
        StackSpec(f"{kind.value}-{i + 1}", kind, rule, x + dx * i, y + dy * i, fan) for i in range(count)
    ]


def stock(x: float = 0, y: float = 0) -> StackSpec:
    return StackSpec("stock", Kind.STOCK, StackRule(empty=NONE, pickup=PICK_NONE, flip_exposed=False), x, y)


def waste(x: float = 1, y: float = 0, fan: str = "none") -> StackSpec:
    return StackSpec("waste", Kind.WASTE, StackRule(empty=NONE, accepts_from=frozenset()), x, y, fan)


def foundations(count: int, rule: StackRule, x: float = 0, y: float = 0, dx: float = 1, dy: float = 0):
    return _numbered(Kind.FOUNDATION, count, rule, x, y, dx, dy, "none")


def tableau(count: int, rule: StackRule, x: float = 0, y: float = 1, dx: float = 1, dy: float = 0,
            fan: str = "down"):
    return _numbered(Kind.TABLEAU, count, rule, x, y, dx, dy, fan)


def reserves(count: int, rule: StackRule, x: float = 0, y: float = 1, dx: float = 0, dy: float = 1,
             fan: str = "none"):
    return _numbered(Kind.RESERVE, count, rule, x, y, dx, dy, fan)


#: Foundations built up in suit from the Ace to the King, closed to picking up.
FOUNDATION_UP_IN_SUIT = StackRule(build=Build("same", 1), empty=1, pickup=PICK_NONE, flip_exposed=False)


def with_changes(rule: StackRule, **changes) -> StackRule:
    return replace(rule, **changes)


__all__ = [
    "ANY", "NONE", "PICK_NONE", "PICK_TOP", "PICK_RUN", "PICK_RUN_BY_SPACES", "RANKS", "Build", "Kind",
    "StackRule", "StackSpec", "stock", "waste", "foundations", "tableau", "reserves", "FOUNDATION_UP_IN_SUIT",
]
