"""The position (layer 3, below the game): the stacks' cards, which are face down, the redeals used, and the
primitive operations that change them, each recorded so that it can be taken back exactly.

:class:`Position` is to :class:`reussite.game.Game` what python-chess's ``BaseBoard`` is to its ``Board``: the
cards where they lie, without the rules. ``Game`` adds the rules, the moves and their history; the layout's
lookups that these operations read (``index``, ``_kinds``) and the rules' ``redeals`` and
``interchangeable_stacks()`` come from it.
"""

from __future__ import annotations

import hashlib
from typing import ClassVar

from reussite.cards import Card
from reussite.rules import Kind, StackSpec

# Primitive operations recorded by a move, undone in reverse order. The card moves (a move, a deal onto several
# stacks) come first and hold their source stack second.
OP_MOVE, OP_DEAL, OP_FLIP, OP_REDEALS, OP_BASE, OP_BOTTOM = 0, 1, 2, 3, 4, 5

_STOCK = Kind.STOCK  # looked up once: an enum member read through its class costs a lookup each time


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


class Position:
    """The cards of each stack (bottom to top), how many of them are face down, the redeals used."""

    #: The layout, in display order (stock and waste, foundations, tableau, reserves).
    stacks: ClassVar[tuple[StackSpec, ...]] = ()
    #: The base rank the game has set (``Game.set_base_rank``), what ``empty=Base(...)`` stacks take; None:
    #: not set (most games have none).
    base_rank: int | None = None
    #: Stacks whose cards never leave and whose order changes nothing (a discard pile): the position key
    #: reads only how many cards each holds.
    _blind: tuple[int, ...] = ()

    def __init__(self) -> None:
        specs = self.stacks
        self.specs = specs
        self.cards: list[list[Card]] = [[] for _ in specs]
        self.face_down: list[int] = [0] * len(specs)
        self.redeals_used = 0
        self._ops: list[tuple] | None = None  # the operations of the move being played (see move_cards)
        self._stack_keys: list[bytes | None] = [None] * len(specs)

    def interchangeable_stacks(self) -> tuple[tuple[int, ...], ...]:
        """Groups of stacks whose contents could be swapped without changing the future (see Game's)."""
        return ()

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
        ops.append((OP_MOVE, src, dst, n, reverse, fd_src, fd_dst, key_src, key_dst))
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
        ops.append((OP_DEAL, src, fd_src, key, n, taken, dealt, old_keys, old_down))
        if key is not None:
            size = len(cards_src)
            keys[src] = bytes((size, face_down[src])) + key[2:2 + size]

    def move_bottom_card(self, src: int, dst: int) -> None:
        """Move the bottom card of ``src`` onto the top of ``dst``, face up (face down onto a stock), as part
        of the move being played: Clock, where the card played goes on top of its pile and the pile's bottom
        card, face down, comes up on the middle pile (``src`` may be ``dst``: the bottom card comes up on its
        own pile). Face-down counts run from the bottom of a stack, so a face-up card never lies under
        face-down ones; the games that turn a card "under" a pile take the bottom card this way instead.
        Recorded with the move, so undo and redo take it back and play it again exactly."""
        ops = self._ops
        if ops is None:
            raise RuntimeError("move_bottom_card() is for a move being played (after_move, do_deal, do_redeal)")
        cards, face_down, keys = self.cards, self.face_down, self._stack_keys
        if not cards[src]:
            raise ValueError(f"move_bottom_card(): stack {self.specs[src].id} is empty")
        ops.append((OP_BOTTOM, src, dst, face_down[src], face_down[dst], keys[src], keys[dst]))
        card = cards[src].pop(0)
        if face_down[src]:
            face_down[src] -= 1
        cards[dst].append(card)
        if self._kinds[dst] is _STOCK:
            face_down[dst] = len(cards[dst])
        keys[src] = keys[dst] = None

    def turn_face_down(self, stack: int, count: int) -> None:
        """Lay the bottom ``count`` cards of ``stack`` face down and the others face up, as part of the move
        being played: a redeal that deals piles again with hidden cards (KPatience's Grandfather). Recorded
        with the move, so undo and redo take it back and play it again exactly."""
        if self._ops is None:
            raise RuntimeError("turn_face_down() is for a move being played (after_move, do_deal, do_redeal)")
        if not 0 <= count <= len(self.cards[stack]):
            raise ValueError(f"turn_face_down(): {count} face-down cards on {self.specs[stack].id}, which "
                             f"holds {len(self.cards[stack])}")
        self._ops.append((OP_FLIP, stack, self.face_down[stack], self._stack_keys[stack]))
        self.face_down[stack] = count
        self._stack_keys[stack] = None

    def _flip(self, stack: int) -> None:
        """Turn the top card of ``stack`` face up."""
        old = self.face_down[stack]
        self.face_down[stack] = len(self.cards[stack]) - 1
        self._ops.append((OP_FLIP, stack, old, self._stack_keys[stack]))
        self._stack_keys[stack] = None

    def count_redeal(self) -> None:
        """Count one redeal used, as part of the move being played (a variant's own :meth:`do_redeal`)."""
        self._ops.append((OP_REDEALS, self.redeals_used))
        self.redeals_used += 1

    def _undo_ops(self, ops: list[tuple]) -> None:
        keys, cards, face_down = self._stack_keys, self.cards, self.face_down
        for op in reversed(ops):
            if op[0] == OP_MOVE:
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
            elif op[0] == OP_DEAL:
                _, src, fd_src, key_src, n, taken, dealt, old_keys, old_down = op
                count = len(taken) - n * (len(dealt) - 1)  # the last pile's share, maybe short
                for k in range(len(dealt) - 1, -1, -1):
                    dst = dealt[k]
                    del cards[dst][-count:]
                    keys[dst], face_down[dst] = old_keys[k], old_down[k]
                    count = n
                cards[src].extend(taken)
                face_down[src], keys[src] = fd_src, key_src
            elif op[0] == OP_FLIP:
                face_down[op[1]] = op[2]
                keys[op[1]] = op[3]
            elif op[0] == OP_BASE:
                self._use_base(op[1])
            elif op[0] == OP_BOTTOM:
                _, src, dst, fd_src, fd_dst, key_src, key_dst = op
                cards[src].insert(0, cards[dst].pop())
                face_down[src], face_down[dst] = fd_src, fd_dst
                keys[src], keys[dst] = key_src, key_dst
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

    def _use_base(self, rank: int | None) -> None:
        """Make ``rank`` the base rank (None: not set); the game's rules follow it (see ``Game``)."""
        self.base_rank = rank

    def snapshot(self) -> tuple:
        """The whole position as a hashable value (for equality and the save digest), the base rank last
        where the game has set one."""
        found = (tuple(tuple(c) for c in self.cards), tuple(self.face_down), self.redeals_used)
        return found if self.base_rank is None else (*found, self.base_rank)

    def digest(self) -> str:
        text = repr(self.snapshot()).encode()
        return hashlib.sha256(text).hexdigest()[:16]

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
        for i in self._blind:
            parts[i] = parts[i][:2]
        for group in _sorts(self.interchangeable_stacks()):
            if group.__class__ is slice:  # stacks side by side (see _sorts)
                parts[group] = sorted(parts[group])
                continue
            ordered = sorted([parts[i] for i in group])
            for i, part in zip(group, ordered, strict=True):
                parts[i] = part
        if self.redeals is not None:
            parts.append(bytes((255, self.redeals_used)))
        if self.base_rank is not None:  # what empty=Base(...) stacks take (see Game.set_base_rank)
            parts.append(bytes((254, self.base_rank)))
        return b"".join(parts)
