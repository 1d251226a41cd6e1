"""Moves as values, and the reasons a move is refused (layer 3, below the game).

A move is a value (:class:`Move`, :class:`Deal`, :class:`Redeal`), as a move is in python-chess: equal moves
are equal values, and the game plays them (``Game.push``). A refusal is a :class:`Reason`, a msgid whose
parameters ``Game.explain`` fills from the move.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from reussite import rules
from reussite.messages import N_, ngettext
from reussite.rules import Kind

__all__ = ["AnyMove", "DEAL", "Deal", "FROM_KIND", "KIND_NAMES", "M_FROM_NOWHERE", "M_TOO_MANY", "M_TOO_MANY_CELLS",
           "M_TOO_MANY_CELLS_ONLY",
           "Move", "Outcome", "Pair", "REDEAL", "R_BAD_COUNT", "R_BUILD", "R_EMPTY_RANK", "R_EMPTY_SOURCE",
           "R_FACE_DOWN", "R_FILL_PILES", "R_FILL_POSSIBLE", "R_REFILL_ONLY", "R_WASTE_FULL",
           "R_EMPTY_FROM", "R_FINISHED", "R_FROM_KIND", "R_FULL", "R_GROUP", "R_NOTHING_ON_EMPTY", "R_NOT_A_RUN",
           "R_NO_BUILD",
           "R_NO_DEAL", "R_NO_PICKUP", "R_NO_REDEAL", "R_ALONE_ONLY", "R_COVERED", "R_NOT_ALONE", "R_NO_PAIRS",
           "R_PAIR_APART", "R_PAIR_FROM", "R_PAIR_ITSELF", "R_PAIR_LINE", "R_PAIR_RANK", "R_PAIR_SAME",
           "R_PAIR_SUIT", "R_PAIR_TO", "R_PAIR_TOTAL", "R_SAME_STACK", "R_STOCK_NOT_EMPTY", "R_SUIT", "R_TOO_MANY",
           "R_TOP_ONLY", "Reason", "Redeal", "WHY_REASONS"]


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top ``n`` cards of stack ``src`` onto stack ``dst`` (stack indexes in the layout)."""

    src: int
    dst: int
    n: int = 1


@dataclass(frozen=True, slots=True)
class Pair(Move):
    """Remove the top cards of stacks ``src`` and ``other`` together onto the discard foundation ``dst`` (a
    game declaring :class:`reussite.rules.Pairs`): ``t3+t5``. ``other == src`` is the waste's top card with the
    card under it (``Pairs.below``). A :class:`Move` of one card from ``src`` onto ``dst`` that takes the
    other card along: what reads a move's source and target reads the pair's first card."""

    other: int = -1


class _One:
    """A move that takes no argument exists once: ``Deal()`` is ``DEAL`` wherever it was made (a typed move,
    a save replayed, the conformance harness, a copy sent to the solver's process), so a game may test
    ``move is DEAL`` as the plugin guide does."""

    __slots__ = ()
    _made: dict = {}

    def __new__(cls):
        one = _One._made.get(cls)
        if one is None:
            one = _One._made[cls] = super().__new__(cls)
        return one

    def __reduce__(self):
        return (type(self), ())

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Deal(_One):
    """Deal from the stock, as the variant deals (to the waste, or onto the tableau)."""

    __slots__ = ()


class Redeal(_One):
    """Gather the cards back into the stock for another pass, as the variant does it."""

    __slots__ = ()


AnyMove = Move | Pair | Deal | Redeal
DEAL = Deal()
REDEAL = Redeal()


class Outcome(StrEnum):
    """How a game has ended (see :meth:`Game.outcome`)."""

    WON = "won"
    LOST = "lost"


class Reason:
    """Why a move is refused: a msgid whose parameters are filled from the move (see ``Game.explain``)."""

    __slots__ = ("msgid",)

    def __init__(self, msgid: str) -> None:
        self.msgid = msgid

    def __repr__(self) -> str:
        return f"Reason({self.msgid!r})"


R_SAME_STACK = Reason(N_("A card cannot move onto the stack it comes from."))
R_EMPTY_SOURCE = Reason(N_("There is no card on {source}."))
R_BAD_COUNT = Reason(N_("{source.The} does not have that many cards to move."))
R_NO_PICKUP = Reason(N_("Cards on {source} cannot be moved."))
R_TOP_ONLY = Reason(N_("Only the top card of {source} can be moved."))
R_FACE_DOWN = Reason(N_("A face-down card cannot be moved."))
R_NOT_A_RUN = Reason(N_("These cards do not form a sequence, so they cannot move together ({rule})."))
M_TOO_MANY = ngettext("Only {count} card can move at once here: each empty pile doubles how many may move together.",
                      "Only {count} cards can move at once here: each empty pile doubles how many may move together.")
R_TOO_MANY = Reason(M_TOO_MANY[0])  # rendered with its plural by Game.explain
#: The same where the game has free cells (see reussite.movegen.Plan.cells).
M_TOO_MANY_CELLS = ngettext(
    "Only {count} card can move at once here: one, plus one for each empty free cell, doubled for each empty pile.",
    "Only {count} cards can move at once here: one, plus one for each empty free cell, doubled for each empty pile.")
#: The same where the empty piles take only some cards, so that only the free cells help (Eight Off).
M_TOO_MANY_CELLS_ONLY = ngettext(
    "Only {count} card can move at once here: one, plus one for each empty free cell.",
    "Only {count} cards can move at once here: one, plus one for each empty free cell.")
R_FROM_KIND = Reason(N_("{stack.The} takes no cards from {source}."))
R_EMPTY_FROM = Reason(N_("Once empty, {stack} takes no cards from {source}."))
R_FULL = Reason(N_("{stack.The} is full."))
R_NOTHING_ON_EMPTY = Reason(N_("Nothing can be placed on {stack} once it is empty."))
R_EMPTY_RANK = Reason(N_("{card.The} cannot start {stack}: it must start with {rank.a}."))
R_NO_BUILD = Reason(N_("Nothing can be built on {stack}."))
R_BUILD = Reason(N_("{card.The} cannot go on {target.the}: {rule}."))
R_SUIT = Reason(N_("{stack.The} takes only {suit}."))
R_GROUP = Reason(N_("Only one card at a time can go on {stack}."))
R_NO_DEAL = Reason(N_("There are no cards left to deal."))
R_REFILL_ONLY = Reason(N_("The stock is not dealt: its cards only refill the empty piles, by themselves."))
R_FILL_PILES = Reason(N_("Fill every empty pile before dealing."))
R_FILL_POSSIBLE = Reason(N_("Fill the empty piles that a card can move to before dealing."))
R_WASTE_FULL = Reason(N_("Play the card on the waste before turning another."))
R_NO_REDEAL = Reason(N_("No redeal is left."))
R_STOCK_NOT_EMPTY = Reason(N_("The stock is not empty yet: deal its cards first."))
R_FINISHED = Reason(N_("The game is over."))
# Cards removed together (reussite.rules.Pairs).
R_NO_PAIRS = Reason(N_("Cards are not removed in pairs in this game."))
R_PAIR_TO = Reason(N_("Pairs go to {stack}."))
R_PAIR_FROM = Reason(N_("The cards of {source} are not removed in pairs."))
R_PAIR_ITSELF = Reason(N_("A card cannot pair with itself."))
R_COVERED = Reason(N_("{card.The} is covered: only uncovered cards can be played."))
R_PAIR_TOTAL = Reason(N_("{card.The} and {other.the} make {sum}, not {total}."))
R_PAIR_SAME = Reason(N_("{card.The} pairs only with a card of its own rank."))
R_PAIR_RANK = Reason(N_("{card.The} and {other.the} are not of the same rank."))
R_PAIR_SUIT = Reason(N_("{card.The} and {other.the} are not of the same suit."))
R_PAIR_APART = Reason(N_("{card.The} and {other.the} do not touch."))
R_PAIR_LINE = Reason(N_("{card.The} and {other.the} are neither in the same row nor in the same column."))
R_ALONE_ONLY = Reason(N_("{card.The} is removed on its own, not with another card."))
R_NOT_ALONE = Reason(N_("{card.The} cannot be removed on its own: it must be paired with another card."))

#: The message for each reason a compiled stack rule gives (``reussite.rules.WHY_*``).
WHY_REASONS = {
    rules.WHY_COUNT: R_BAD_COUNT,
    rules.WHY_FROM_KIND: R_FROM_KIND,
    rules.WHY_EMPTY_FROM: R_EMPTY_FROM,
    rules.WHY_FULL: R_FULL,
    rules.WHY_GROUP: R_GROUP,
    rules.WHY_SUIT: R_SUIT,
    rules.WHY_NOTHING_ON_EMPTY: R_NOTHING_ON_EMPTY,
    rules.WHY_EMPTY_RANK: R_EMPTY_RANK,
    rules.WHY_NO_BUILD: R_NO_BUILD,
    rules.WHY_BUILD: R_BUILD,
}

KIND_NAMES = {
    Kind.STOCK: N_("stock"),
    Kind.WASTE: N_("waste"),
    Kind.FOUNDATION: N_("foundations"),
    Kind.TABLEAU: N_("tableau"),
    Kind.RESERVE: N_("reserve"),
}
# R_FROM_KIND in whole sentences, one per kind, so that each language puts its own article and preposition
# ("du tableau", "de la pioche"); a stack that takes from several kinds or none gets a sentence of its own.
FROM_KIND = {
    Kind.STOCK: N_("{stack.The} takes cards only from the stock."),
    Kind.WASTE: N_("{stack.The} takes cards only from the waste."),
    Kind.FOUNDATION: N_("{stack.The} takes cards only from the foundations."),
    Kind.TABLEAU: N_("{stack.The} takes cards only from the tableau."),
    Kind.RESERVE: N_("{stack.The} takes cards only from the reserves."),
}
M_FROM_NOWHERE = N_("{stack.The} takes no cards from other stacks.")
