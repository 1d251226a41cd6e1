"""Game state and moves (layer 3): push/pop with exact undo, legal-move generation, won and lost.

The model is python-chess's ``Board``: a :class:`Game` holds the position, ``push(move)`` plays a move and
``pop()`` takes it back exactly. A move is a value (:class:`Move`, :class:`Deal`, :class:`Redeal`); what it
does to the stacks, automatic refills and flips included, is recorded as primitive operations so ``pop``
reverses them one by one. Variants (:mod:`reussite.variant`) subclass :class:`Game` and override only
what their rules change.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Hashable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from reussite import rules
from reussite.cards import Card
from reussite.errors import IllegalMove, UserError
from reussite.messages import N_, Message, ngettext
from reussite.rules import (
    PICK_NONE,
    PICK_RUN,
    PICK_RUN_BY_SPACES,
    PICK_TOP,
    CompiledRule,
    DealTo,
    Kind,
    StackSpec,
    rank_name,
)


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top ``n`` cards of stack ``src`` onto stack ``dst`` (stack indexes in the layout)."""

    src: int
    dst: int
    n: int = 1


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal from the stock, as the variant deals (to the waste, or onto the tableau)."""


@dataclass(frozen=True, slots=True)
class Redeal:
    """Gather the cards back into the stock for another pass, as the variant does it."""


AnyMove = Move | Deal | Redeal
DEAL = Deal()
REDEAL = Redeal()


class Outcome(StrEnum):
    """How a game has ended (see :meth:`Game.outcome`)."""

    WON = "won"
    LOST = "lost"

# Primitive operations recorded by a move, undone in reverse order. The card moves (a move, a deal onto several
# stacks) come first and hold their source stack second.
_OP_MOVE, _OP_DEAL, _OP_FLIP, _OP_REDEALS = 0, 1, 2, 3

# A top card never seen (a stack's top is a card or None).
_UNSEEN = object()

# Looked up once: an enum member read through its class costs an attribute lookup each time.
_STOCK, _FOUNDATION, _TABLEAU = Kind.STOCK, Kind.FOUNDATION, Kind.TABLEAU
# The pickups as plain strings, as CompiledRule holds them: the interpreter compares two plain strings on its
# fast path, a string with an enum member on its slow one.
_PICK_NONE, _PICK_TOP, _PICK_RUN, _PICK_RUN_BY_SPACES = (
    p.value for p in (PICK_NONE, PICK_TOP, PICK_RUN, PICK_RUN_BY_SPACES))


#: Interchangeable stack groups (see Game.interchangeable_stacks) -> how position_key sorts each group; a few
#: per variant, capped for variants whose groups vary.
_SORTS: dict[tuple, tuple] = {}


#: The last groups looked up and their sorts: most variants return the same tuple every time.
_LAST_SORTS: list = [None, ()]


def _sorts(groups) -> tuple:
    """Each group as a slice when it is the stacks from first to last in order (sorted as one slice, the same
    result, faster), else as itself."""
    if groups is _LAST_SORTS[0]:
        return _LAST_SORTS[1]
    try:
        sorts = _SORTS[groups]
    except (KeyError, TypeError):  # not seen yet, or not hashable (lists, which may change): worked out
        sorts = tuple(slice(g[0], g[-1] + 1) if isinstance(g, tuple | list) and g
                      and tuple(g) == tuple(range(g[0], g[-1] + 1)) else g for g in groups)
        try:
            if len(_SORTS) < 256:
                _SORTS[groups] = sorts
        except TypeError:
            return sorts
    _LAST_SORTS[:] = groups, sorts  # hashable, so made of tuples: it cannot change
    return sorts


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
#: The same where the game has free cells (see _Plan.cells).
M_TOO_MANY_CELLS = ngettext(
    "Only {count} card can move at once here: one, plus one for each empty free cell, doubled for each empty pile.",
    "Only {count} cards can move at once here: one, plus one for each empty free cell, doubled for each empty pile.")
R_FROM_KIND = Reason(N_("{stack.The} takes no cards from {source}."))
R_FULL = Reason(N_("{stack.The} is full."))
R_NOTHING_ON_EMPTY = Reason(N_("Nothing can be placed on {stack} once it is empty."))
R_EMPTY_RANK = Reason(N_("{card.The} cannot start {stack}: it must start with {rank.a}."))
R_NO_BUILD = Reason(N_("Nothing can be built on {stack}."))
R_BUILD = Reason(N_("{card.The} cannot go on {target.the}: {rule}."))
R_SUIT = Reason(N_("{stack.The} takes only {suit}."))
R_GROUP = Reason(N_("Only one card at a time can go on {stack}."))
R_NO_DEAL = Reason(N_("There are no cards left to deal."))
R_NO_REDEAL = Reason(N_("No redeal is left."))
R_STOCK_NOT_EMPTY = Reason(N_("The stock is not empty yet: deal its cards first."))
R_FINISHED = Reason(N_("The game is over."))

#: The message for each reason a compiled stack rule gives (``reussite.rules.WHY_*``).
_WHY = {
    rules.WHY_COUNT: R_BAD_COUNT,
    rules.WHY_FROM_KIND: R_FROM_KIND,
    rules.WHY_FULL: R_FULL,
    rules.WHY_GROUP: R_GROUP,
    rules.WHY_SUIT: R_SUIT,
    rules.WHY_NOTHING_ON_EMPTY: R_NOTHING_ON_EMPTY,
    rules.WHY_EMPTY_RANK: R_EMPTY_RANK,
    rules.WHY_NO_BUILD: R_NO_BUILD,
    rules.WHY_BUILD: R_BUILD,
}

_KIND_NAMES = {
    Kind.STOCK: N_("stock"),
    Kind.WASTE: N_("waste"),
    Kind.FOUNDATION: N_("foundations"),
    Kind.TABLEAU: N_("tableau"),
    Kind.RESERVE: N_("reserve"),
}
# R_FROM_KIND in whole sentences, one per kind, so that each language puts its own article and preposition
# ("du tableau", "de la pioche"); a stack that takes from several kinds or none gets a sentence of its own.
_FROM_KIND = {
    Kind.STOCK: N_("{stack.The} takes cards only from the stock."),
    Kind.WASTE: N_("{stack.The} takes cards only from the waste."),
    Kind.FOUNDATION: N_("{stack.The} takes cards only from the foundations."),
    Kind.TABLEAU: N_("{stack.The} takes cards only from the tableau."),
    Kind.RESERVE: N_("{stack.The} takes cards only from the reserves."),
}
M_FROM_NOWHERE = N_("{stack.The} takes no cards from other stacks.")


class _Plan:
    """What move checking and generation need to know about a variant class, computed once per class: the
    compiled rule of each stack, and which rule methods the variant overrides (each override makes the
    generator ask the overridden method instead of reading the tables)."""

    __slots__ = ("stacks", "rules", "sources", "targets", "custom_pick", "custom_drop", "custom_extra",
                 "custom_run", "custom_max", "custom_refusal", "custom_deal", "checked", "source_rules",
                 "target_wants", "kinds", "picky", "top_first", "groupable", "limited", "asked", "flips", "move_of",
                 "own_wants", "ask_drop", "accepts", "room", "single", "index", "by_short", "places", "cells",
                 "top_wants", "won_kinds", "won_stacks")

    def __init__(self, cls: type[Game]) -> None:
        self.stacks = specs = cls.stacks
        self.index = {spec.id: i for i, spec in enumerate(specs)}
        self.by_short = {spec.short: i for i, spec in enumerate(specs)}
        # Game's foundation_ix, tableau_ix, reserve_ix, stock_ix, waste_ix and _off_foundations.
        kinds: dict[Kind, list[int]] = {k: [] for k in Kind}
        for i, spec in enumerate(specs):
            kinds[spec.kind].append(i)
        self.places = (tuple(kinds[Kind.FOUNDATION]), tuple(kinds[Kind.TABLEAU]), tuple(kinds[Kind.RESERVE]),
                       kinds[Kind.STOCK][0] if kinds[Kind.STOCK] else None,
                       kinds[Kind.WASTE][0] if kinds[Kind.WASTE] else None,
                       tuple(i for i in range(len(specs)) if specs[i].kind is not Kind.FOUNDATION))
        self.rules = compiled = tuple(CompiledRule(spec) for spec in cls.stacks)
        # Free cells: reserves of one card that take any card from the tableau. A run picked up by spaces
        # stands for single moves through them as well as through the empty piles (FreeCell's supermove).
        self.cells = tuple(i for i, spec in enumerate(specs) if spec.kind is Kind.RESERVE
                           and spec.rule.max_cards == 1 and spec.rule.empty == rules.ANY
                           and (spec.rule.accepts_from is None or Kind.TABLEAU in spec.rule.accepts_from))

        def overridden(name: str) -> bool:
            return getattr(cls, name) is not getattr(Game, name)

        self.custom_pick = overridden("pick_refusal")
        self.custom_drop = overridden("drop_refusal")
        self.custom_extra = overridden("extra_refusal")
        self.custom_run = overridden("run_length")
        self.custom_max = overridden("max_movable")
        self.custom_refusal = overridden("refusal")
        self.custom_deal = overridden("can_deal") or overridden("redeal_refusal") or overridden("stock_refusal")
        # With its own pick or drop rule, a variant may move cards the declarations cannot predict, so every
        # stack is a candidate source or target and every candidate is asked. A drop rule declared to concern
        # only some kinds of stack (``Game.custom_drop_kinds``) is asked about those stacks alone; the others
        # are looked up in their compiled rules like any stack.
        every = tuple(range(len(compiled)))
        drop_kinds = cls.custom_drop_kinds if self.custom_drop else None
        self.asked = () if drop_kinds is None else tuple(i for i, r in enumerate(compiled) if r.kind in drop_kinds)
        anything_goes = self.custom_pick or self.custom_refusal
        self.sources = every if anything_goes else tuple(i for i, r in enumerate(compiled) if r.pickup != _PICK_NONE)
        self.targets = every if anything_goes or self.custom_drop else tuple(
            i for i, r in enumerate(compiled) if r.may_take)
        self.checked = (self.custom_pick or (self.custom_drop and drop_kinds is None) or self.custom_max
                        or self.custom_refusal)
        # Each source with what the generator asks of it: its kind, whether only its top card moves, whether
        # its runs are limited by the empty piles, its rule.
        self.source_rules = tuple((i, r.kind, r.pickup == _PICK_TOP, r.pickup == _PICK_RUN_BY_SPACES, r)
                                  for i, r in ((i, compiled[i]) for i in self.sources))
        self.target_wants = tuple((k, i, compiled[i].wants) for k, i in enumerate(
            i for i, r in enumerate(compiled) if r.may_take and i not in self.asked and not r.own))
        # Stacks with an own rule: what they take is asked of Game.takes() once per listing, then indexed by
        # card like the others (their places in the generator's tables follow the declared rules' ones).
        self.own_wants = tuple((len(self.target_wants) + k, i) for k, i in enumerate(
            i for i, r in enumerate(compiled) if r.may_take and r.own and not r.by_top and i not in self.asked))
        # Those declared by_top: asked once per top card in a game, the answer kept (see _indexed_moves).
        self.top_wants = tuple((len(self.target_wants) + len(self.own_wants) + j, j, i) for j, i in enumerate(
            i for i, r in enumerate(compiled) if r.may_take and r.by_top and i not in self.asked))
        self.kinds = tuple(r.kind for r in compiled)
        # The kinds of stack each stack takes cards from (None: any), when some stack is so restricted.
        self.picky = (tuple(r.accepts_from for r in compiled)
                      if any(r.accepts_from is not None for r in compiled) else None)
        self.flips = frozenset(i for i, spec in enumerate(cls.stacks) if spec.rule.flip_exposed)
        self.top_first = frozenset(i for i, r in enumerate(compiled) if r.top_first)
        self.groupable = frozenset(i for i, r in enumerate(compiled) if r.top_first and r.group_moves)
        # Stacks whose declared rule says more than which card goes on which, and those whose drop rule the
        # variant decides (asked about each candidate).
        self.limited = frozenset(i for i, r in enumerate(compiled) if r.limited or i in self.asked)
        # Of those, the ones Game.drop_refusal must decide (not the compiled rule alone). A by_top stack's
        # candidates come from the answer kept for its top card, so only its other declarations are left.
        self.ask_drop = frozenset(i for i in self.limited
                                  if i in self.asked or (compiled[i].own and not compiled[i].by_top))
        # Moves are values: the generator hands out one object per (src, dst, n), as creating one costs more
        # than finding it.
        self.move_of: dict[tuple[int, int, int], Move] = {}
        # The single-card moves, the most frequent, in a table by source and target (filled as found); the
        # others by (source, target, count).
        self.single: list[list[Move | None]] = [[None] * len(compiled) for _ in compiled]
        # What each stack's declared rule says beyond fitting, as the generator checks it: the kinds of stack
        # it takes cards from, and how many cards it holds at most.
        every_kind = frozenset(Kind)
        self.accepts = tuple(every_kind if r.accepts_from is None else r.accepts_from for r in compiled)
        self.room = tuple(r.max_cards if r.max_cards is not None else 1 << 30 for r in compiled)
        # The stacks Game.is_won finds empty in a won game: those of the kinds won_when_empty names, else those
        # off the foundations; None when the variant counts its cards its own way (on_foundations, total_cards).
        self.won_kinds = kinds = cls.won_when_empty
        if kinds is not None:
            self.won_stacks: tuple[int, ...] | None = tuple(i for i, r in enumerate(compiled) if r.kind in kinds)
        elif cls.on_foundations is Game.on_foundations and cls.total_cards is Game.total_cards:
            self.won_stacks = self.places[5]
        else:
            self.won_stacks = None

    @staticmethod
    def of(cls: type[Game]) -> _Plan:
        plan = cls.__dict__.get("_plan")
        if plan is None or plan.stacks is not cls.stacks or plan.won_kinds is not cls.won_when_empty:
            plan = _Plan(cls)
            cls._plan = plan
        return plan


class Game:
    """A game in progress. Subclasses declare ``stacks`` and the stock's behaviour; see ``Variant``."""

    #: The layout, in display order (stock and waste, foundations, tableau, reserves).
    stacks: ClassVar[tuple[StackSpec, ...]] = ()
    #: What the stock does when clicked: deal to the waste, onto the tableau or onto the first foundation (a
    #: :class:`DealTo`, or its string value).
    deal_to: ClassVar[DealTo | str] = DealTo.WASTE
    #: Cards per deal: to the waste or the foundation, how many are turned; onto the tableau, how many go on
    #: each pile.
    deal_count: ClassVar[int] = 1
    #: Redeals allowed after the first pass; None for unlimited.
    redeals: ClassVar[int | None] = 0
    #: When the game is won: None, every card on the foundations; a tuple of kinds of stack, when every stack
    #: of those kinds is empty (Golf: ``(Kind.TABLEAU,)``, whatever is left in the stock).
    won_when_empty: ClassVar[tuple[Kind, ...] | None] = None
    #: Keep the key of every position along the history (for "no new position left", see ``is_lost``).
    #: Searches turn it off on their own copies.
    track_positions: ClassVar[bool] = True
    #: The kinds of stack an overridden :meth:`drop_refusal` decides for; None: any stack. A variant whose
    #: override only rules its foundations, say, and hands every other stack to ``super().drop_refusal``,
    #: declares ``frozenset({Kind.FOUNDATION})``: the move generator then asks the override about those stacks
    #: only and looks the others up in their declared rules, which is much faster. The declaration is a
    #: promise: for a stack of another kind the override must give exactly what the declared rule gives.
    custom_drop_kinds: ClassVar[frozenset[Kind] | None] = None

    def __init__(self) -> None:
        specs = self.stacks
        self.specs = specs
        # The layout's lookups are worked out once per class (a search deals many games) and shared, as copies
        # share them.
        plan = _Plan.of(type(self))
        self.index, self.by_short = plan.index, plan.by_short
        (self.foundation_ix, self.tableau_ix, self.reserve_ix, self.stock_ix, self.waste_ix,
         self._off_foundations) = plan.places
        self.cards: list[list[Card]] = [[] for _ in specs]
        self.face_down: list[int] = [0] * len(specs)
        self.redeals_used = 0
        self._done: list[tuple[AnyMove, list[tuple]]] = []
        self._undone: list[AnyMove] = []
        self._ops: list[tuple] | None = None
        self._stack_keys: list[bytes | None] = [None] * len(specs)
        # Position keys after 0, 1, ... moves, as far as computed: see _path_keys.
        self._path_cache: list[bytes] = []
        self._path_counts: dict[bytes, int] = {}  # how many times each key is in _path_cache
        self._want_cache: tuple | None = None  # see _indexed_moves
        # Each stack's rule compiled once per class; sources worth trying and targets that could take something.
        self._plan = plan
        self._rules = plan.rules
        self._kinds = plan.kinds
        self._sources = plan.sources
        self._targets = plan.targets

    # -- primitive operations (the only code that changes the stacks after the deal) -----------------

    def move_cards(self, src: int, dst: int, n: int = 1, reverse: bool = False) -> None:
        """Move the top ``n`` cards of stack ``src`` onto ``dst`` as part of the move being played, with no
        check: the way a variant makes its own moves (Spider putting a completed run on a foundation, a pile
        refilled from the stock) from :meth:`after_move`, :meth:`do_deal` or :meth:`do_redeal`. Recorded with
        the move, so undo and redo take it back and play it again exactly. ``reverse`` turns the cards over
        (the cards dealt one at a time from a stock end up in the other order). Face-down cards uncovered on
        ``src`` are turned up afterwards by :meth:`flip_exposed_cards`, as for any move."""
        ops = self._ops
        if ops is None:
            raise RuntimeError("move_cards() is for a move being played (after_move, do_deal, do_redeal); "
                               "to set up a position use place()")
        cards = self.cards
        cards_src, cards_dst = cards[src], cards[dst]
        if n == 1 and cards_src:
            cards_dst.append(cards_src.pop())
        else:
            cards_dst.extend(cards_src[-1:-n - 1:-1] if reverse else cards_src[-n:])
            del cards_src[-n:]
        face_down = self.face_down
        fd_src, fd_dst = face_down[src], face_down[dst]
        if fd_src > len(cards_src):
            face_down[src] = len(cards_src)
        if self._kinds[dst] is _STOCK:
            face_down[dst] = len(cards_dst)
        # The stacks' cached keys go with the operation: undoing it puts them back, so a search that plays a
        # move and takes it back does not compute its stacks' keys again. Known keys are updated rather than
        # dropped (a search keys nearly every position it plays): the new length and face-down count, then
        # the cards, which only lose or gain some at the top (see stack_key).
        keys = self._stack_keys
        key_src, key_dst = keys[src], keys[dst]
        ops.append((_OP_MOVE, src, dst, n, reverse, fd_src, fd_dst, key_src, key_dst))
        if key_src is None or key_dst is None:
            keys[src] = keys[dst] = None
        else:
            size = len(cards_src)
            keys[src] = bytes((size, face_down[src])) + key_src[2:2 + size]
            keys[dst] = (bytes((len(cards_dst), face_down[dst])) + key_dst[2:]
                         + bytes([c[0] * 4 + c[1] for c in cards_dst[key_dst[0]:]]))  # past its old length

    def deal_cards(self, src: int, piles: tuple[int, ...], n: int = 1, reverse: bool = False) -> None:
        """Move ``n`` cards of stack ``src`` onto each stack of ``piles`` in turn, fewer onto the last one
        when ``src`` runs short, none once it is empty: a deal onto the tableau, as part of the move being
        played, from :meth:`do_deal`, :meth:`do_redeal` or :meth:`after_move`. The same as one
        :meth:`move_cards` per pile (``src`` must not be one of ``piles``), recorded as one operation: a deal
        is played and taken back at almost every position a search visits."""
        ops = self._ops
        if ops is None:
            raise RuntimeError("deal_cards() is for a move being played (after_move, do_deal, do_redeal); "
                               "to set up a position use place()")
        cards_src = self.cards[src]
        total = len(cards_src)
        if total > n * len(piles):
            total = n * len(piles)
        if total <= 0:
            return
        dealt = piles[:(total + n - 1) // n]
        taken = cards_src[-total:]  # what goes back on src when the deal is undone
        del cards_src[-total:]
        # The top card is dealt first: pile k gets the k-th n cards from the top.
        order = taken[::-1] if reverse else taken
        cards, face_down, keys, kinds = self.cards, self.face_down, self._stack_keys, self._kinds
        old_keys, old_down = [], []  # each pile's cached key and face-down count, put back on undo
        start = 0
        for dst in dealt:
            key = keys[dst]
            old_keys.append(key)
            old_down.append(face_down[dst])
            added = order[start:start + n] if reverse else order[max(0, total - start - n):total - start]
            pile = cards[dst]
            pile.extend(added)
            start += n
            if kinds[dst] is _STOCK:
                face_down[dst] = len(pile)
            if key is not None:  # updated, as in move_cards
                key = bytes((len(pile), face_down[dst])) + key[2:] + bytes([c[0] * 4 + c[1] for c in added])
            keys[dst] = key
        fd_src = face_down[src]
        if fd_src > len(cards_src):
            face_down[src] = len(cards_src)
        key = keys[src]
        ops.append((_OP_DEAL, src, fd_src, key, n, taken, dealt, old_keys, old_down))
        if key is not None:
            size = len(cards_src)
            keys[src] = bytes((size, face_down[src])) + key[2:2 + size]

    def _flip(self, stack: int) -> None:
        """Turn the top card of ``stack`` face up."""
        old = self.face_down[stack]
        self.face_down[stack] = len(self.cards[stack]) - 1
        self._ops.append((_OP_FLIP, stack, old, self._stack_keys[stack]))
        self._stack_keys[stack] = None

    def count_redeal(self) -> None:
        """Count one redeal used, as part of the move being played (a variant's own :meth:`do_redeal`)."""
        self._ops.append((_OP_REDEALS, self.redeals_used))
        self.redeals_used += 1

    def _undo_ops(self, ops: list[tuple]) -> None:
        keys, cards, face_down = self._stack_keys, self.cards, self.face_down
        for op in reversed(ops):
            if op[0] == _OP_MOVE:
                _, src, dst, n, reverse, fd_src, fd_dst, key_src, key_dst = op
                cards_dst = cards[dst]
                if n == 1:
                    cards[src].append(cards_dst.pop())
                else:
                    moving = cards_dst[-n:]
                    del cards_dst[-n:]
                    if reverse:
                        moving.reverse()
                    cards[src].extend(moving)
                face_down[src], face_down[dst] = fd_src, fd_dst
                keys[src], keys[dst] = key_src, key_dst
            elif op[0] == _OP_DEAL:
                _, src, fd_src, key_src, n, taken, dealt, old_keys, old_down = op
                count = len(taken) - n * (len(dealt) - 1)  # the last pile's share, maybe short
                for k in range(len(dealt) - 1, -1, -1):
                    dst = dealt[k]
                    del cards[dst][-count:]
                    keys[dst], face_down[dst] = old_keys[k], old_down[k]
                    count = n
                cards[src].extend(taken)
                face_down[src], keys[src] = fd_src, key_src
            elif op[0] == _OP_FLIP:
                face_down[op[1]] = op[2]
                keys[op[1]] = op[3]
            else:
                self.redeals_used = op[1]

    # -- the deal (not a move: it builds the starting position) ---------------------------------------

    def place(self, stack: int | str, cards: list[Card], face_down: int = 0) -> None:
        """Put cards on a stack while setting up the game (bottom to top)."""
        i = self.index[stack] if isinstance(stack, str) else stack
        self._stack_keys[i] = None
        self.cards[i].extend(cards)
        if self.specs[i].kind is Kind.STOCK:
            self.face_down[i] = len(self.cards[i])
        else:
            self.face_down[i] += face_down

    # -- reading the position -------------------------------------------------------------------------

    def stack(self, stack_id: str) -> list[Card]:
        return self.cards[self.index[stack_id]]

    def is_face_up(self, stack: int, position: int) -> bool:
        return position >= self.face_down[stack]

    def snapshot(self) -> tuple:
        """The whole position as a hashable value (for equality and the save digest)."""
        return (tuple(tuple(c) for c in self.cards), tuple(self.face_down), self.redeals_used)

    def digest(self) -> str:
        text = repr(self.snapshot()).encode()
        return hashlib.sha256(text).hexdigest()[:16]

    @property
    def history(self) -> list[AnyMove]:
        return [m for m, _ in self._done]

    @property
    def move_count(self) -> int:
        return len(self._done)

    def empty_count(self, exclude: tuple[int, ...] = ()) -> int:
        return sum(1 for i in self.tableau_ix if not self.cards[i] and i not in exclude)

    # -- rules: what may be picked up and where it may go ----------------------------------------------

    def run_length(self, stack: int) -> int:
        """How many face-up cards on top of ``stack`` form a sequence by the stack's own build (what
        :data:`PICK_RUN` may pick up). A variant may override it ("moves only same-suit runs"); the checks and
        the generator both ask it then."""
        return self._rules[stack].run(self.cards[stack], self.face_down[stack])

    def max_movable(self, src: int, dst: int) -> int:
        """Longest run the pickup rule allows from ``src`` to ``dst`` (ignoring what ``dst`` takes)."""
        pickup = self._rules[src].pickup
        if pickup == _PICK_NONE:
            return 0
        if pickup == _PICK_TOP:
            return 1
        if pickup == _PICK_RUN:
            return self.run_length(src)
        # PICK_RUN_BY_SPACES: the run stands for single moves through the empty piles (R-FT-7) and the free
        # cells: one card more for each empty cell, doubled for each empty pile other than the two stacks.
        if self.specs[dst].kind is Kind.FOUNDATION:
            return self.run_length(src)
        cards = self.cards
        cells = sum(1 for i in self._plan.cells if not cards[i])
        return min(self.run_length(src), (1 + cells) << self.empty_count((src, dst)))

    def pick_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        """Why the top ``n`` cards of ``src`` cannot be picked up to go to ``dst``; None if they can."""
        cards = self.cards[src]
        if not cards:
            return R_EMPTY_SOURCE
        if n < 1 or n > len(cards):
            return R_BAD_COUNT
        pickup = self._rules[src].pickup
        if pickup == _PICK_NONE:
            return R_NO_PICKUP
        if len(cards) - n < self.face_down[src]:
            return R_FACE_DOWN
        if n > 1:
            if pickup == _PICK_TOP:
                return R_TOP_ONLY
            if n > self.run_length(src):
                return R_NOT_A_RUN
            if n > self.max_movable(src, dst):
                return R_TOO_MANY
        return None

    def drop_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        """Why ``dst`` refuses the top ``n`` cards of ``src``; None if it takes them. Onto a foundation,
        several cards go on one at a time, the top card first, and only where the rule has ``group_moves``."""
        rule = self._rules[dst]
        if rule.own:
            found = rule.drop_refusal(self.specs[src].kind, self.cards[src], n, self.cards[dst], self.takes(dst))
            if found is not None and found[0] == rules.WHY_OWN:
                return self.take_refusal(found[1], dst) or R_BUILD
        else:
            found = rule.drop_refusal(self.specs[src].kind, self.cards[src], n, self.cards[dst])
        return None if found is None else _WHY[found[0]]

    def takes(self, stack: int) -> Collection[int]:
        """For a stack declared with ``own_rule``: the keys (:func:`reussite.rules.card_key`) of the cards it
        takes now, one at a time (or, if not a foundation, the bottom cards of the runs it takes). The one
        definition of that rule: the checks, the move generator and the explanations all ask it, so what the
        game lists, accepts and explains agree. Asked at every listing: return a frozenset kept for the same
        situation (the generator skips a stack whose answer is the same object as last time), never one
        changed later. The stack's other declarations (``accepts_from``, ``max_cards``, ``pickup``) apply."""
        raise NotImplementedError(f"{type(self).__name__} declares stack {self.specs[stack].id} with own_rule "
                                  "but does not define takes()")

    def take_refusal(self, card: Card, stack: int) -> Reason | None:
        """Why a stack with ``own_rule`` does not take ``card``, for the message (asked only when
        :meth:`takes` leaves the card out, so it cannot change what is legal). Default: None, which gives the
        generic "cannot go on ...: build by the game's rule"."""
        return None

    def extra_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        """A variant's own condition on a card move, beyond the declared rules; :meth:`refusal` asks it
        after the pick and drop rules, so what it forbids is neither listed nor accepted. Default: none."""
        return None

    def _move_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        """Why moving the top ``n`` cards of ``src`` onto ``dst`` is refused, or None: the pick rule, the drop
        rule, then the variant's own condition: the one definition of a legal card move."""
        if src == dst:
            return R_SAME_STACK
        return (self.pick_refusal(src, n, dst) or self.drop_refusal(src, n, dst)
                or self.extra_refusal(src, n, dst))

    def refusal(self, move: AnyMove) -> Reason | None:
        """None if ``move`` is legal now, else the reason it is refused."""
        if isinstance(move, Move):
            return self._move_refusal(move.src, move.n, move.dst)
        if isinstance(move, Deal):
            return self.stock_refusal(move) if self.can_deal() else R_NO_DEAL
        if isinstance(move, Redeal):
            return self.redeal_refusal() or self.stock_refusal(move)
        raise TypeError(f"not a move: {move!r}")

    def is_legal(self, move: AnyMove) -> bool:
        return self.refusal(move) is None

    def explain(self, move: AnyMove, reason: Reason | None = None) -> Message | None:
        """The refusal as a message for people, parameters filled from the move; None if legal."""
        reason = reason or self.refusal(move)
        if reason is None:
            return None
        params: dict[str, Any] = {}
        if isinstance(move, Move):
            src, dst = self.specs[move.src], self.specs[move.dst]
            cards = self.cards[move.src]
            params["source"] = src.name
            params["stack"] = dst.name
            target = self.cards[move.dst]
            params["target"] = target[-1] if target else dst.name
            if cards and 0 < move.n <= len(cards):
                params["card"] = cards[-move.n]
                # The compiled rule says which card does not fit and onto what (a run onto a foundation
                # goes on top card first, so it may be a card in the middle of the run).
                compiled = self._rules[move.dst]
                found = compiled.drop_refusal(src.kind, cards, move.n, target,
                                              self.takes(move.dst) if compiled.own else ())
                if found is not None and found[1] is not None and (
                        found[0] == rules.WHY_OWN or _WHY[found[0]] is reason):
                    params["card"] = found[1]
                    params["target"] = found[2] if found[2] is not None else dst.name
            rule = src.rule if reason in (R_NOT_A_RUN,) else dst.rule
            if rule.own_rule:
                params["rule"] = Message(rules.OWN_RULE_TEXT)
            else:
                params["rule"] = Message(rule.build.text) if rule.build else Message(N_("no building"))
            if isinstance(dst.rule.empty, int):
                params["rank"] = rank_name(dst.rule.empty)
            if dst.rule.suit is not None:
                from reussite.messages import SUIT_NAMES

                params["suit"] = Message(SUIT_NAMES[dst.rule.suit])
            params["max"] = self.max_movable(move.src, move.dst)
        params.update(self.explain_params(move, reason))
        msgid = reason.msgid
        if reason is R_FROM_KIND and dst.rule.accepts_from is not None:
            kinds = dst.rule.accepts_from
            msgid = _FROM_KIND[next(iter(kinds))] if len(kinds) == 1 else msgid if kinds else M_FROM_NOWHERE
        if reason is R_TOO_MANY:
            text = M_TOO_MANY_CELLS if self._plan.cells else M_TOO_MANY
            return Message(text[0], params, plural=text[1], count=params["max"])
        return Message(msgid, params)

    def explain_params(self, move: AnyMove, reason: Reason) -> dict[str, Any]:
        """Extra parameters for a variant's own reasons."""
        return {}

    # -- the stock ------------------------------------------------------------------------------------

    def can_deal(self) -> bool:
        return self.stock_ix is not None and bool(self.cards[self.stock_ix])

    def stock_move(self) -> Deal | Redeal:
        """What a click on the stock (or a typed ``deal``) plays: a deal while the stock has cards, else a
        redeal where the stock's own rule allows one (the one place the front ends ask)."""
        return REDEAL if not self.can_deal() and self.redeal_refusal() is None else DEAL

    def stock_refusal(self, move: Deal | Redeal) -> Reason | None:
        """A variant's own condition on a deal or a redeal (``move`` is :data:`DEAL` or :data:`REDEAL`),
        asked after the stock's own rules (cards left, redeals left), so what it forbids is neither listed
        nor accepted: Spider deals only when no pile is empty. Default: none."""
        return None

    def redeal_refusal(self) -> Reason | None:
        """The stock's own rule for a redeal (the stock is empty, a redeal is left, there is a waste to turn
        over; dealing onto the foundation, only a redeal of the variant's own, :meth:`do_redeal`); a variant's
        condition goes in :meth:`stock_refusal`."""
        if self.stock_ix is None or self.cards[self.stock_ix]:
            return R_STOCK_NOT_EMPTY
        if self.redeals is not None and self.redeals_used >= self.redeals:
            return R_NO_REDEAL
        if self.deal_to == "waste" and not self.cards[self.waste_ix]:
            return R_NO_DEAL
        if self.deal_to == "foundation" and type(self).do_redeal is Game.do_redeal:
            return R_NO_REDEAL  # no waste to turn over (declaration_problems refuses the redeals)
        return None

    @property
    def redeals_left(self) -> int | None:
        return None if self.redeals is None else self.redeals - self.redeals_used

    def do_deal(self) -> None:
        """Deal from the stock. Default: turn ``deal_count`` cards onto the waste (or the first foundation),
        or put ``deal_count`` cards on each tableau pile from left to right while the stock lasts."""
        stock = self.stock_ix
        deal_to = self.deal_to
        if deal_to == "waste" or deal_to == "foundation":
            n = min(self.deal_count, len(self.cards[stock]))
            self.move_cards(stock, self.waste_ix if deal_to == "waste" else self.foundation_ix[0], n, reverse=True)
            return
        for _ in range(self.deal_count):
            self.deal_cards(stock, self.tableau_ix)

    def do_redeal(self) -> None:
        """Default: turn the waste over as the new stock (order kept, as a player turns it)."""
        self.count_redeal()
        waste = self.waste_ix
        self.move_cards(waste, self.stock_ix, len(self.cards[waste]), reverse=True)

    # -- playing --------------------------------------------------------------------------------------

    def push(self, move: AnyMove, check: bool = True) -> None:
        """Play ``move``. Raises :class:`IllegalMove` (position unchanged) if the rules refuse it."""
        if check:
            reason = self.refusal(move)
            if reason is not None:
                raise IllegalMove(self.explain(move, reason))
        self._ops = ops = []
        try:
            if move.__class__ is Move or isinstance(move, Move):  # the class first: cheaper, and most moves
                # Several cards go onto a foundation one at a time, top card first: they end up reversed.
                n = move.n
                self.move_cards(move.src, move.dst, n, n > 1 and self._kinds[move.dst] is _FOUNDATION)
            elif isinstance(move, Deal):
                self.do_deal()
            else:
                self.do_redeal()
            self.after_move(move)
        except BaseException:
            self._undo_ops(ops)
            raise
        finally:
            self._ops = None
        self._done.append((move, ops))
        undone = self._undone
        if undone:
            last = undone[-1]
            # Moves of different classes are never equal: the dataclass __eq__, a Python call, only for the same.
            if last is move or (last.__class__ is move.__class__ and last == move):
                undone.pop()
            else:
                undone.clear()

    def after_move(self, move: AnyMove) -> None:
        """Automatic consequences of a move (refills, flips). Default: turn up exposed face-down cards."""
        self.flip_exposed_cards()

    def flip_exposed_cards(self) -> None:
        """Turn up the top card of every stack this move took cards from, where its rule says so."""
        flips = self._plan.flips
        if not flips:  # no stack of this game turns cards up (most of them): nothing to look at
            return
        cards, face_down = self.cards, self.face_down
        # A flip appended to the operations while they are read is not a card move, so it is passed over;
        # a stack flipped once is not flipped again (its top card is then face up).
        for op in self._ops:
            if op[0] <= _OP_DEAL:  # a card move from stack op[1]
                i = op[1]
                if i in flips:
                    pile = cards[i]
                    if pile and face_down[i] >= len(pile):
                        self._flip(i)

    def pop(self) -> AnyMove:
        """Take back the last move exactly; it can be redone with :meth:`redo`."""
        done = self._done
        if not done:
            raise UserError(N_("There is no move to undo."))
        move, ops = done.pop()
        self._undo_ops(ops)
        cache = self._path_cache
        if len(cache) > len(done) + 1:
            counts = self._path_counts
            for key in cache[len(done) + 1:]:
                left = counts[key] - 1
                if left:
                    counts[key] = left
                else:
                    del counts[key]
            del cache[len(done) + 1:]
        self._undone.append(move)
        return move

    def redo(self) -> AnyMove:
        if not self._undone:
            raise UserError(N_("There is no move to redo."))
        move = self._undone[-1]
        self.push(move)
        return move

    @property
    def redo_moves(self) -> list[AnyMove]:
        """The moves :meth:`redo` would play, the next one first."""
        return self._undone[::-1]

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    # -- generating moves -----------------------------------------------------------------------------

    def legal_moves(self) -> Iterator[AnyMove]:
        """Every useful legal move: card moves (by source, then target, then count), then the deal or
        redeal. Moving a whole pile onto an empty pile of the same kind is legal but changes nothing, so it
        is not listed."""
        plan = self._plan
        moves: list[AnyMove] = self._checked_moves() if plan.checked else self._indexed_moves()
        if plan.custom_deal:
            if self.can_deal():
                if self.refusal(DEAL) is None:
                    moves.append(DEAL)
            elif self.refusal(REDEAL) is None:
                moves.append(REDEAL)
        elif self.stock_ix is not None:  # can_deal and redeal_refusal as Game defines them, inlined
            if self.cards[self.stock_ix]:
                moves.append(DEAL)
            elif ((self.redeals is None or self.redeals_used < self.redeals)
                  and (self.deal_to != "waste" or self.cards[self.waste_ix])
                  and (self.deal_to != "foundation" or type(self).do_redeal is not Game.do_redeal)):
                moves.append(REDEAL)
        return iter(moves)

    @property
    def _indexable(self) -> bool:
        # A variant that overrides what may be picked up or where it may go is asked about every candidate;
        # otherwise targets are looked up by the card they want in the compiled rules.
        return not self._plan.checked

    def _useful(self, src: int, n: int, dst: int) -> bool:
        return not (n == len(self.cards[src]) and not self.cards[dst]
                    and self.specs[dst].kind is self.specs[src].kind)

    def _longest_pick(self, src: int) -> int:
        """How many cards of ``src`` are worth trying to move: every card if the variant has its own pick
        rule, else the face-up ones its pickup rule could take."""
        pile = self.cards[src]
        if self._plan.custom_pick or self._plan.custom_refusal:
            return len(pile)
        up = len(pile) - self.face_down[src]
        if up <= 0:
            return 0
        if self._rules[src].pickup == _PICK_TOP:
            return 1
        # A single face-up card may always be picked up (pick_refusal checks runs only for two or more).
        return max(1, min(up, self.run_length(src)))

    def _checked_moves_from(self, src: int) -> list[Move]:
        """Moves from ``src`` found by asking :meth:`refusal`'s checks about every candidate (any variant)."""
        longest = self._longest_pick(src)
        if not longest:
            return []
        cards, specs = self.cards, self.specs
        size, kind = len(cards[src]), specs[src].kind
        pick, drop, extra = self.pick_refusal, self.drop_refusal, self.extra_refusal
        plan = self._plan
        # With the declared pick rule, one face-up card that the pickup rule lets go is always picked up.
        single_ok = not plan.custom_pick
        custom_extra, custom_refusal = plan.custom_extra, plan.custom_refusal
        moves = []
        if longest == 1 and single_ok and not custom_refusal:
            # One card (the top card rule, often): only the drop rule and the variant's condition to ask.
            kinds = plan.kinds
            for dst in self._targets:
                if dst == src or (size == 1 and kinds[dst] is kind and not cards[dst]):
                    continue
                if drop(src, 1, dst) is None and (not custom_extra or extra(src, 1, dst) is None):
                    moves.append(Move(src, dst, 1))
            return moves
        for dst in self._targets:
            if dst == src:
                continue
            same_empty = not cards[dst] and specs[dst].kind is kind
            for n in range(1, longest + 1):
                if n == size and same_empty:
                    continue  # a whole pile onto an empty one of its kind changes nothing
                if custom_refusal:
                    if self.refusal(Move(src, dst, n)) is None:
                        moves.append(Move(src, dst, n))
                elif ((n == 1 and single_ok) or pick(src, n, dst) is None) and drop(src, n, dst) is None and (
                        not custom_extra or extra(src, n, dst) is None):
                    moves.append(Move(src, dst, n))
        return moves

    def _checked_moves(self) -> list[Move]:
        """The card moves, by asking every candidate: the reference the indexed generator must equal."""
        return [move for src in self._sources for move in self._checked_moves_from(src)]

    def _indexed_moves(self) -> list[Move]:
        """The same moves as :meth:`_checked_moves`, asking only the targets whose compiled rule wants each
        card. Used when the variant keeps the declared pick rule (it may override ``run_length`` and
        ``extra_refusal``, which are asked, and ``drop_refusal`` for the kinds of stack it declares in
        ``custom_drop_kinds``: those stacks are asked about every card that could be picked up)."""
        plan = self._plan
        cards, face_down = self.cards, self.face_down
        # What each target takes depends only on its top card, and a move changes few of them: the table of
        # wanted cards is kept from one call to the next and updated for the targets whose top card is not
        # the same object as last time (a card is an immutable value, so the same object means the same
        # card, however the stacks were changed). A copy of the game starts its own table. With it, for each
        # by_top stack, what takes() answered for each top card key (None: not asked yet in this game).
        cache = self._want_cache
        if cache is None or cache[0] != id(self) or cache[1] is not plan:
            count = len(plan.target_wants) + len(plan.own_wants) + len(plan.top_wants)
            cache = self._want_cache = (id(self), plan, [_UNSEEN] * count, [()] * count,
                                        [[] for _ in range(56)], [], [[None] * 56 for _ in plan.top_wants])
        _, _, tops, held, wanted, anything, answers = cache
        # wanted: card key -> targets that take that card now; anything: targets that take any card now.
        any_card = rules.ANY_CARD
        for k, dst, wants in plan.target_wants:
            pile = cards[dst]
            top = pile[-1] if pile else None
            if top is tops[k]:
                continue
            tops[k] = top
            keys = wants[0] if top is None else wants[top[0] * 4 + top[1]]
            old = held[k]
            if keys is old:
                continue
            held[k] = keys
            if old is any_card:
                anything.remove(dst)
            else:
                for key in old:
                    wanted[key].remove(dst)
            if keys is any_card:
                anything.append(dst)
            else:
                for key in keys:
                    wanted[key].append(dst)
        for k, dst in plan.own_wants:
            keys = self.takes(dst)
            old = held[k]
            if keys is old:
                continue
            held[k] = keys
            for key in old:
                wanted[key].remove(dst)
            for key in keys:
                wanted[key].append(dst)
        for k, j, dst in plan.top_wants:  # as the declared rules above, with takes() asked once per top card
            pile = cards[dst]
            top = pile[-1] if pile else None
            if top is tops[k]:
                continue
            tops[k] = top
            known = answers[j]
            top_key = rules.EMPTY_KEY if top is None else top[0] * 4 + top[1]
            keys = known[top_key]
            if keys is None:
                keys = known[top_key] = self.takes(dst)
            old = held[k]
            if keys is old:
                continue
            held[k] = keys
            for key in old:
                wanted[key].remove(dst)
            for key in keys:
                wanted[key].append(dst)
        asked = plan.asked  # targets whose drop rule is the variant's own: candidates for every card
        if not anything and not asked and not any(wanted):
            return []
        free = -1  # empty tableau piles, counted when a run by spaces first needs them
        cells = 0  # and empty free cells
        custom_run, extra = plan.custom_run, plan.custom_extra
        top_first, groupable, limited, ask_drop = plan.top_first, plan.groupable, plan.limited, plan.ask_drop
        kinds, compiled, move_of, single = plan.kinds, plan.rules, plan.move_of, plan.single
        accepts, room = plan.accepts, plan.room
        drop = self.drop_refusal
        moves: list[Move] = []
        picky = plan.picky if anything else None
        open_to: dict[Kind, list[int]] = {}
        for src, kind, top_only, by_spaces, rule in plan.source_rules:
            pile = cards[src]
            size = len(pile)
            up = size - face_down[src]
            if up <= 0:
                continue
            if picky:  # the targets that take any card, less those that take nothing from this kind of stack
                here = open_to.get(kind)
                if here is None:
                    here = open_to[kind] = [d for d in anything if picky[d] is None or kind in picky[d]]
            else:
                here = anything
            top = pile[-1]
            top_key = top[0] * 4 + top[1]
            # One card, or a run whose bottom card fits (onto a foundation only one card goes this way).
            top_wanted = wanted[top_key]
            if top_only:
                # The top card alone: the candidates are targets in order, each for one card (the checks of
                # the loop below for n = 1, without building and sorting pairs: most sources are like this).
                if not (top_wanted or here or asked):
                    continue
                row = single[src]
                for dst in sorted([*top_wanted, *here, *asked]):
                    if dst == src:
                        continue
                    target = cards[dst]
                    if size == 1 and not target and kinds[dst] is kind:
                        continue  # a whole pile onto an empty one of its kind changes nothing
                    if dst in limited and (drop(src, 1, dst) is not None if dst in ask_drop
                                           else kind not in accepts[dst] or len(target) >= room[dst]):
                        continue
                    if extra and self.extra_refusal(src, 1, dst) is not None:
                        continue
                    move = row[dst]
                    if move is None:
                        move = row[dst] = Move(src, dst, 1)
                    moves.append(move)
                continue
            candidates = [(dst, 1) for dst in top_wanted] if top_wanted else []
            if here:
                candidates += [(dst, 1) for dst in here]
            if custom_run:
                longest = max(1, min(up, self.run_length(src)))
                for n in range(2, longest + 1):
                    card = pile[-n]
                    found = wanted[card[0] * 4 + card[1]]
                    if found:
                        candidates += [(dst, n) for dst in found if dst not in top_first]
                    if here:
                        candidates += [(dst, n) for dst in here if dst not in top_first]
            else:
                # Down the run (CompiledRule.run, inlined): each card that continues it is a candidate.
                on, upper, n = rule.on, top_key, 1
                while n < up:
                    card = pile[-n - 1]
                    key = card[0] * 4 + card[1]
                    if upper not in on[key]:
                        break
                    n += 1
                    found = wanted[key]
                    if found:
                        candidates += [(dst, n) for dst in found if dst not in top_first]
                    if here:
                        candidates += [(dst, n) for dst in here if dst not in top_first]
                    upper = key
                longest = n
            # A run onto a foundation goes on top card first, each card onto the one before (group moves).
            if longest > 1 and groupable and (top_wanted or here):
                for dst in (*(top_wanted or ()), *here):
                    if dst in groupable:
                        takes, below = compiled[dst].takes, top_key
                        for n in range(2, longest + 1):
                            card = pile[-n]
                            key = card[0] * 4 + card[1]
                            if key not in takes[below]:
                                break
                            candidates.append((dst, n))
                            below = key
            if asked:
                candidates += [(dst, n) for dst in asked for n in range(1, longest + 1)]
            if not candidates:
                continue
            if len(candidates) > 1:
                candidates.sort()
            for dst, n in candidates:
                if dst == src:
                    continue
                target = cards[dst]
                if n == size and not target and kinds[dst] is kind:
                    continue  # a whole pile onto an empty one of its kind changes nothing
                if n > 1 and by_spaces and dst not in top_first:
                    if free < 0:
                        free = sum(1 for i in self.tableau_ix if not cards[i])
                        cells = sum(1 for i in plan.cells if not cards[i])
                    spaces = free - (1 if not target and kinds[dst] is _TABLEAU else 0)
                    if n > (1 + cells) << spaces:
                        continue
                # The candidate fits by the tables it came from (a run onto a foundation was followed card by
                # card above): only what the rule says beyond fitting is left to check, as
                # CompiledRule.drop_refusal checks it, or the variant's drop rule to ask.
                if dst in limited and (drop(src, n, dst) is not None if dst in ask_drop
                                       else kind not in accepts[dst] or len(target) + n > room[dst]):
                    continue
                if extra and self.extra_refusal(src, n, dst) is not None:
                    continue
                if n == 1:
                    move = single[src][dst]
                    if move is None:
                        move = single[src][dst] = Move(src, dst, 1)
                else:
                    move = move_of.get((src, dst, n))
                    if move is None:
                        move = move_of[src, dst, n] = Move(src, dst, n)
                moves.append(move)
        return moves

    # -- derived results ------------------------------------------------------------------------------

    @property
    def total_cards(self) -> int:
        return sum(len(c) for c in self.cards)

    def on_foundations(self) -> int:
        return sum(map(len, map(self.cards.__getitem__, self.foundation_ix)))

    def is_won(self) -> bool:
        """Every card on the foundations, or, with ``won_when_empty``, every stack of those kinds empty."""
        stacks = self._plan.won_stacks  # worked out once per class: the solver asks at every node
        if stacks is None:
            return self.on_foundations() == self.total_cards
        cards = self.cards
        for i in stacks:
            if cards[i]:
                return False
        return True

    def is_lost(self) -> bool:
        """Not won, and no move leads to a position not already reached in this game: back-and-forth moves
        and redeals that change nothing do not keep a game alive (positions compare by
        :meth:`position_key`). Without position tracking: no legal move, no deal, no redeal."""
        if self.is_won():
            return False
        if not self.track_positions:
            return next(iter(self.legal_moves()), None) is None
        return not self.progress_moves(first_only=True)

    def progress_moves(self, first_only: bool = False) -> list[AnyMove]:
        """The legal moves that lead to a position not reached before in this game (by the history's
        positions, the current one included), in ``legal_moves`` order."""
        probe = self.copy(history=False)
        found: list[AnyMove] = []
        for move in self.legal_moves():
            probe.push(move, check=False)
            key = probe.position_key()
            probe.pop()
            if not self._seen(key):
                found.append(move)
                if first_only:
                    break
        return found

    @property
    def _path_keys(self) -> list[bytes]:
        """The keys of the positions after 0, 1, ... moves of the history (when positions are tracked).
        Computed when first asked, by taking the moves back on a copy, and kept until undone: a key costs far
        more than a move, and only :meth:`is_lost` needs them."""
        if not self.track_positions:
            return []
        cache = self._path_cache
        missing = len(self._done) + 1 - len(cache)
        if missing == 1:  # the usual case, one move since the last time: no copy of the history
            keys = [self.position_key()]
        elif missing > 0:
            probe = self.copy()
            probe.track_positions = False
            keys = [probe.position_key()]
            for _ in range(missing - 1):
                probe.pop()
                keys.append(probe.position_key())
            keys.reverse()
        else:
            return cache
        cache.extend(keys)
        counts = self._path_counts
        for key in keys:
            counts[key] = counts.get(key, 0) + 1
        return cache

    def seen_positions(self) -> set[bytes]:
        """Keys of the positions reached along the history, the current one included."""
        return {*self._path_keys, self.position_key()}

    def _seen(self, key: bytes) -> bool:
        """Whether the position ``key`` was reached along the history (the current one included): what
        :meth:`seen_positions` contains, without building the set (the cost of a move stays the same on move
        10,000 as on move 1)."""
        if not self.track_positions:
            return key == self.position_key()
        _ = self._path_keys  # brings the kept counts up to the current position
        return key in self._path_counts

    def outcome(self) -> Outcome | None:
        """``Outcome.WON``, ``Outcome.LOST`` (see :meth:`is_lost`), or None while the game goes on."""
        if self.is_won():
            return Outcome.WON
        if self.is_lost():
            return Outcome.LOST
        return None

    # -- deprecated: the solver's hints before companions (reussite.solver.companion) -----------------
    # The defaults old-style hints were written against (``super().safe_move()``, ``type(self).solver_progress``),
    # unchanged; the solver asks a variant's own overrides of them through a LegacyHints companion, with a
    # DeprecationWarning. New code names a Companion in ``solver_companion``.

    def safe_move(self) -> AnyMove | None:
        """Deprecated (see :class:`reussite.solver.companion.Companion`). Default: None."""
        return None

    def dead_end(self) -> bool:
        """Deprecated (see :class:`reussite.solver.companion.Companion`). Default: False."""
        return False

    def useful_moves(self, moves: list) -> list:
        """Deprecated (see :class:`reussite.solver.companion.Companion`). Default: ``moves``."""
        return moves

    def solver_key(self) -> bytes:
        """Deprecated (see :class:`reussite.solver.companion.Companion`). Default: :meth:`position_key`."""
        return self.position_key()

    def solver_progress(self) -> float:
        """Deprecated (see :class:`reussite.solver.companion.Companion`). Default: 4 a card on the foundations,
        1 an empty tableau pile."""
        cards = self.cards
        return 4 * self.on_foundations() + sum(1 for i in self.tableau_ix if not cards[i])

    def solver_phase(self) -> Hashable | None:
        """Deprecated (see :class:`reussite.solver.companion.Companion`). Default: None."""
        return None

    def solver_estimates(self) -> tuple:
        """Deprecated (see :class:`reussite.solver.companion.Companion`). Default: ``solver_progress`` alone."""
        return (type(self).solver_progress,)

    # -- search support: cheap copies and a canonical position key -----------------------------------

    def copy(self, history: bool = True) -> Game:
        """An independent game at the same position (with the move history, or without it). Like
        python-chess's ``Board.copy``; cheap enough to take inside a search. Variants that keep their own
        mutable state outside the stacks must extend this."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.cards = [list(pile) for pile in self.cards]
        new.face_down = list(self.face_down)
        new._stack_keys = list(self._stack_keys)
        new._ops = None
        new._want_cache = None
        if history:
            new._done, new._undone, new._path_cache = list(self._done), list(self._undone), list(self._path_cache)
            new._path_counts = dict(self._path_counts)
        else:
            new._done, new._undone, new._path_cache, new._path_counts = [], [], [], {}
        return new

    def restore(self, saved: Game) -> None:
        """Go back, in place, to ``saved``: a :meth:`copy` of this game taken earlier, not used since (front
        ends take one before each command, to undo a command that a variant's own code broke halfway)."""
        self.__dict__.clear()
        self.__dict__.update(saved.__dict__)

    def interchangeable_stacks(self) -> tuple[tuple[int, ...], ...]:
        """Groups of stacks whose contents could be swapped without changing anything that can happen next
        (empty piles of one kind, Forty Thieves' foundations). Positions that differ only by such a swap get
        the same :meth:`position_key`.

        The default is cautious: stacks of one kind (foundation, tableau, reserve) with equal rules, unless
        the variant overrides a method whose result could depend on a stack's place (dealing onto the
        tableau, the redeal, what happens after a move, its own refusals). Override to say more; a wrong
        group makes the solver wrong, so leave a stack out when unsure."""
        cls = type(self)
        cached = cls.__dict__.get("_default_groups")
        if cached is not None:
            return cached
        overridden = {name for name in ("do_deal", "do_redeal", "after_move", "drop_refusal", "pick_refusal",
                                        "extra_refusal", "max_movable", "run_length", "stock_refusal", "takes")
                      if getattr(cls, name) is not getattr(Game, name)}
        groups: dict[tuple, list[int]] = {}
        if not overridden - {"do_deal"}:
            # The first foundation is the one the stock may deal onto (DealTo.FOUNDATION).
            dealt_onto = self.foundation_ix[:1] if self.deal_to == "foundation" else ()
            for i, spec in enumerate(self.specs):
                if spec.kind in (Kind.FOUNDATION, Kind.TABLEAU, Kind.RESERVE):
                    if spec.kind is Kind.TABLEAU and (self.deal_to == "tableau" or "do_deal" in overridden):
                        continue
                    if i in dealt_onto:
                        continue
                    groups.setdefault((spec.kind, spec.rule), []).append(i)
        result = tuple(tuple(g) for g in groups.values() if len(g) > 1)
        cls._default_groups = result
        return result

    def stack_key(self, stack: int) -> bytes:
        """One stack as bytes: its length, its face-down count, then each card as ``rank * 4 + suit`` (the
        two packs' identical cards are the same card). Cached until the stack changes."""
        key = self._stack_keys[stack]
        if key is None:
            pile = self.cards[stack]
            key = bytes((len(pile), self.face_down[stack], *[c[0] * 4 + c[1] for c in pile]))
            self._stack_keys[stack] = key
        return key

    def position_key(self) -> bytes:
        """The position as a canonical key: equal for positions with the same future (identical cards of
        two packs, interchangeable stacks swapped, redeals used when they are unlimited). Used by the solver's
        transposition table and by :meth:`is_lost`. Variants whose future depends on more than the stacks
        and the redeals used must extend it."""
        keys = self._stack_keys
        if not all(keys):  # the stack keys that moves have invalidated (inlined: this runs for every node)
            cards, face_down = self.cards, self.face_down
            for i, key in enumerate(keys):
                if key is None:
                    pile = cards[i]
                    keys[i] = bytes((len(pile), face_down[i], *[c[0] * 4 + c[1] for c in pile]))
        return self._joined_key(keys[:])

    def _joined_key(self, parts: list[bytes]) -> bytes:
        """The stacks' keys ``parts`` (a list of its own, sorted in place) as one key: interchangeable stacks
        sorted, the redeals used added where they are limited. Shared by :meth:`position_key` and the
        solver's folded key (reussite.solver.derive)."""
        for group in _sorts(self.interchangeable_stacks()):
            if group.__class__ is slice:  # stacks side by side (see _sorts)
                parts[group] = sorted(parts[group])
                continue
            ordered = sorted([parts[i] for i in group])
            for i, part in zip(group, ordered, strict=True):
                parts[i] = part
        if self.redeals is not None:
            parts.append(bytes((255, self.redeals_used)))
        return b"".join(parts)

    #: How :meth:`score` counts, in a sentence the page shows beside the score (a msgid).
    score_rule: ClassVar[str] = N_("One point for each card on the foundations.")

    def score(self) -> int:
        """Default: one point a card on the foundations."""
        return self.on_foundations()

    # -- helpers for front ends: hints, double-click, autoplay ---------------------------------------

    def _rank_move(self, move: AnyMove) -> int:
        """Higher is better: a simple, predictable hint order."""
        if not isinstance(move, Move):
            return 1
        src, dst = self.specs[move.src], self.specs[move.dst]
        if src.kind is Kind.FOUNDATION:
            return 0
        score = 10
        if dst.kind is Kind.FOUNDATION:
            score += 100
        pile = self.cards[move.src]
        if len(pile) == move.n:
            score += 20 if src.kind is not Kind.TABLEAU or dst.kind is Kind.FOUNDATION else 5
        elif len(pile) - move.n <= self.face_down[move.src]:
            score += 30  # turns a card up
        if not self.cards[move.dst]:
            score -= 8  # spending an empty pile is a cost
        if src.kind in (Kind.WASTE, Kind.RESERVE):
            score += 6
        if self._done and isinstance(self._done[-1][0], Move):
            last = self._done[-1][0]
            if last.src == move.dst and last.dst == move.src:
                score = 2  # undoing the previous move
        return score

    def hint(self) -> AnyMove | None:
        """The move a helpful neighbour would suggest, or None when there is none."""
        best, best_score = None, -1
        for move in self.legal_moves():
            s = self._rank_move(move)
            if s > best_score:
                best, best_score = move, s
        return best

    def best_move_from(self, stack: int, n: int = 1) -> Move | None:
        """Where a double-click sends the top ``n`` cards of ``stack`` (R-FT-9): a foundation if one takes
        them, else the best tableau or reserve move, else None."""
        candidates = [
            Move(stack, dst, n)
            for dst in self._targets
            if dst != stack and self.refusal(Move(stack, dst, n)) is None
        ]
        if not candidates:
            return None
        return max(candidates, key=lambda m: (self.specs[m.dst].kind is Kind.FOUNDATION,
                                             bool(self.cards[m.dst]), -m.dst))

    def foundation_moves(self) -> Iterator[Move]:
        for move in self.legal_moves():
            if (isinstance(move, Move) and self.specs[move.dst].kind is Kind.FOUNDATION
                    and self.specs[move.src].kind is not Kind.FOUNDATION and move.n == 1):
                yield move

    def autoplay(self) -> list[Move]:
        """Play everything possible to the foundations (R-FT-9); returns the moves played."""
        played: list[Move] = []
        while True:
            move = next(self.foundation_moves(), None)
            if move is None:
                return played
            self.push(move, check=False)
            played.append(move)

    # -- notation -------------------------------------------------------------------------------------

    def notation(self, move: AnyMove) -> str:
        """``t3-f1``, ``t3-t5x2`` (two cards), ``deal``, ``redeal``."""
        if isinstance(move, Deal):
            return "deal"
        if isinstance(move, Redeal):
            return "redeal"
        text = f"{self.specs[move.src].short}-{self.specs[move.dst].short}"
        return text + (f"x{move.n}" if move.n > 1 else "")

    _NOTATION = re.compile(r"^\s*([a-z]+\d*)\s*[- >]?\s*([a-z]+\d*)\s*(?:x?\s*(\d+))?\s*$")

    def parse_move(self, text: str) -> AnyMove:
        """Read a move typed by a person or stored in a save.

        Accepts ``deal``/``d``, ``redeal``, and ``SRC DST [N]`` or ``SRC-DST[xN]`` where stacks are
        ``s``, ``w``, ``f3``, ``t10``, ``r2`` or full ids. A bare ``f`` (or ``t``, ``r``) means "the first
        such stack that takes the cards". Raises ``UserError`` naming what is wrong.
        """
        raw = text.strip().lower()
        if raw in ("d", "deal", "s"):
            return self.stock_move()
        if raw == "redeal":
            return REDEAL
        match = self._NOTATION.match(raw.replace("tableau-", "t").replace("foundation-", "f")
                                     .replace("reserve-", "r").replace("waste", "w").replace("stock", "s"))
        if not match:
            raise UserError(N_("Cannot read the move {move!r}: write it like 't3 f', 'w t5', 't2 t7 3' or 'd'."),
                            move=text)
        src_name, dst_name, count = match.groups()
        src = self._stack_from_name(src_name, text)
        n = int(count) if count else 1
        if dst_name in ("f", "t", "r"):
            kind = {"f": Kind.FOUNDATION, "t": Kind.TABLEAU, "r": Kind.RESERVE}[dst_name]
            options = [i for i, s in enumerate(self.specs) if s.kind is kind and i != src]
            for dst in options:
                if self.refusal(Move(src, dst, n)) is None:
                    return Move(src, dst, n)
            if not options:
                raise UserError(N_("This game has no {kind} to move to."), kind=Message(_KIND_NAMES[kind]))
            return Move(src, options[0], n)  # illegal; push() will say why
        return Move(src, self._stack_from_name(dst_name, text), n)

    def _stack_from_name(self, name: str, text: str) -> int:
        if name in self.by_short:
            return self.by_short[name]
        known = ", ".join(s.short for s in self.specs)
        raise UserError(N_("There is no stack {stack!r} in the move {move!r} (stacks here: {known})."),
                        stack=name, move=text, known=known)
