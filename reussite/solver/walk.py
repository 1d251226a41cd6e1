"""A compact depth-first search for the games that are a walk onto one foundation (Black Hole, Golf; see
:class:`reussite.solver.derive.Sink`), chosen by :func:`reussite.solver.search.solve` for a game with no
companion of its own whose declarations make it one.

In such a game a position is wholly given by how many cards each pile still holds, how many the stock holds
and the kind of card on the foundation (what it takes): every move plays a pile's top card or deals the
stock's onto the foundation, and no card ever comes back. So this search keeps only those numbers, plays a
move by changing two of them and stores a position as a few bytes, where the general search plays each move
through the engine (``push``, ``pop``, ``legal_moves``) and keys whole stacks. It searches the same
positions, with the same dead ends (:meth:`Sink.dead_counts`), about ten times as many a second, restarting
in another order now and then (:meth:`Walk.search`). A won line is turned back into the game's moves and
replayed through the rules like any other.

Figures: docs/winnability.md. ``tests/solver/test_derive.py`` checks its verdicts against the exhaustive
search and the general search on small positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from reussite.rules import PICK_NONE

if TYPE_CHECKING:
    from reussite.game import AnyMove, Game
    from reussite.solver.derive import Sink

#: What one stored position costs besides its key's bytes (as the general search counts it).
_ENTRY_OVERHEAD = 33 + 60
_CHECK_EVERY = 512
#: Positions the first run of the walk search gets before a restart (None: no restarts), and how much longer
#: each next run is. Black Hole deals 1-40 at 100,000 positions: 37 decided with restarts from 1,000 growing by
#: 1.3, 37 growing by 1, 34 from 300, 34 from 1,000 or 4,000 doubling, 25 without restarts; Golf: 33 against 34.
RESTART_FIRST: int | None = 1000
RESTART_GROWTH = 1.3


class Walk:
    """The walk of one position of a game (see the module's docstring); ``None`` from :meth:`of` when the
    position is not one this search models exactly."""

    def __init__(self, game: Game, sink: Sink, piles: tuple[int, ...], need_stock: bool) -> None:
        cls = sink.cls
        self.game, self.sink, self.piles = game, sink, piles
        self.pile_kinds = [[cls[c[0] * 4 + c[1]] for c in game.cards[i]] for i in piles]
        stock = sink.stock
        self.stock_kinds = [] if stock is None else [cls[c[0] * 4 + c[1]] for c in game.cards[stock]]
        self.need_stock = need_stock
        self.takes = [frozenset(s) for s in sink.succ]
        top = game.cards[sink.foundation][-1]
        self.top = cls[top[0] * 4 + top[1]]
        self.expanded = self.table = 0  # as of the last check (what a stopped search reports)

    @classmethod
    def of(cls, game: Game, sink: Sink) -> Walk | None:
        f = sink.foundation
        rule = game.specs[f].rule
        if rule.max_cards is not None or game.deal_count != 1 or not game.cards[f]:
            return None
        won_kinds = type(game).won_when_empty
        piles = []
        for i in sink.sources:
            spec = game.specs[i]
            if not game.cards[i]:
                continue
            if game.face_down[i] or spec.rule.pickup == PICK_NONE:
                return None  # a card that cannot be played as it lies
            if rule.accepts_from is not None and spec.kind not in rule.accepts_from:
                return None
            if won_kinds is not None and spec.kind not in won_kinds:
                return None  # cards the win does not ask for: not modelled
            piles.append(i)
        return cls(game, sink, tuple(piles), need_stock=won_kinds is None)

    def search(self, nodes: int | None, check: Callable[[], None]) -> tuple[bool | None, list[AnyMove], int, int]:
        """Depth-first: (True, the line, ...) when won, (False, [], ...) when every position was searched,
        (None, [], ...) when ``nodes`` positions were expanded first; then positions expanded and the bytes of
        the table. ``check`` is called now and then and raises to stop everything.

        The search restarts now and then with the piles tried in another order (a fixed shuffle per restart,
        each run a little longer than the one before, :data:`RESTART_GROWTH`): a depth-first search that went
        wrong near the root stays there, and another order often wins at once. The positions a run searched
        to the end stay in the table (their verdict holds in any order), so the runs together stay complete:
        with a node budget the last run is given the rest of it, and a run that ends without reaching its
        limit has searched every position, so the game is lost."""
        visited: set[bytes] = set()
        self.table = 0
        self.expanded = 0
        count = len(self.pile_kinds)
        order = sorted(range(count), key=lambda i: -len(self.pile_kinds[i]))  # taller piles first
        limit = RESTART_FIRST
        shuffler = random.Random(0)
        while True:
            until = None if limit is None or nodes is not None and self.expanded + limit >= nodes else (
                self.expanded + limit)
            final = until is None
            found, line = self._run(visited, order, nodes if final else until, check)
            if found is not None or final:
                return found, line, self.expanded, self.table
            if limit is not None:
                limit = int(limit * RESTART_GROWTH)
            order = order[:]
            shuffler.shuffle(order)

    def _run(self, visited: set[bytes], order: list[int], until: int | None,
             check: Callable[[], None]) -> tuple[bool | None, list[AnyMove]]:
        """One depth-first run from the start in ``order``, until ``until`` positions in all; the keys of the
        positions it leaves unfinished are taken out of ``visited``."""
        sink, takes = self.sink, self.takes
        n = sink.count
        kinds, stock_kinds = self.pile_kinds, self.stock_kinds
        heights = [len(k) for k in kinds]
        stock = len(stock_kinds)
        top = self.top
        counts = bytearray(2 * n + 1)
        for pile in kinds:
            for k in pile:
                counts[k] += 1
        for k in stock_kinds:
            counts[n + k] += 1
        need_stock = self.need_stock
        left = sum(heights) + (stock if need_stock else 0)
        if left == 0:
            return True, []
        dead = sink.dead_counts
        expanded, table = self.expanded, self.table
        path: list[tuple[int, int]] = []  # (pile index or -1 for a deal, the kind on top before it)

        def moves() -> list[int]:
            taken = takes[top]
            out = [i for i in order if heights[i] and kinds[i][heights[i] - 1] in taken]
            if stock:
                out.append(-1)
            return out

        counts[-1] = top
        root = bytes(heights) + bytes((stock, top))
        if root not in visited:
            visited.add(root)
            table += len(root) + _ENTRY_OVERHEAD
        expanded += 1
        if dead(bytes(counts), top):
            self.expanded, self.table = expanded, table
            return False, []
        frames = [[moves(), 0, root]]
        next_check = expanded + _CHECK_EVERY
        while frames:
            frame = frames[-1]
            todo, i = frame[0], frame[1]
            if i == len(todo):
                frames.pop()
                if path:  # take back the move that led here
                    pile, before = path.pop()
                    if pile < 0:
                        counts[n + top] += 1
                        stock += 1
                    else:
                        counts[top] += 1
                        heights[pile] += 1
                    left += 1 if pile >= 0 or need_stock else 0
                    top = before
                continue
            frame[1] = i + 1
            pile = todo[i]
            before = top
            if pile < 0:
                stock -= 1
                top = stock_kinds[stock]
                counts[n + top] -= 1
                if need_stock:
                    left -= 1
            else:
                heights[pile] -= 1
                top = kinds[pile][heights[pile]]
                counts[top] -= 1
                left -= 1
            if left == 0:
                path.append((pile, before))
                self.expanded, self.table = expanded, table
                return True, self._line(path)
            key = bytes(heights) + bytes((stock, top))
            fresh = key not in visited
            if fresh:
                visited.add(key)
                table += len(key) + _ENTRY_OVERHEAD
                expanded += 1
                counts[-1] = top
                if expanded >= next_check:
                    next_check = expanded + _CHECK_EVERY
                    self.expanded, self.table = expanded, table
                    check()
                fresh = not dead(bytes(counts), top)
            if fresh:
                path.append((pile, before))
                frames.append([moves(), 0, key])
                if until is not None and expanded >= until:
                    # Unfinished: the positions on the path may still win in another order.
                    for unfinished in frames:
                        visited.discard(unfinished[2])
                    self.expanded, self.table = expanded, table
                    return None, []
                continue
            # back out of a position seen before or dead
            if pile < 0:
                counts[n + top] += 1
                stock += 1
                if need_stock:
                    left += 1
            else:
                counts[top] += 1
                heights[pile] += 1
                left += 1
            top = before
        self.expanded, self.table = expanded, table
        return False, []

    def _line(self, path: list[tuple[int, int]]) -> list[AnyMove]:
        from reussite.game import Move

        probe = self.game.copy(history=False)
        probe.track_positions = False
        line: list[AnyMove] = []
        for pile, _ in path:
            move = probe.stock_move() if pile < 0 else Move(self.piles[pile], self.sink.foundation, 1)
            probe.push(move, check=False)
            line.append(move)
        return line
