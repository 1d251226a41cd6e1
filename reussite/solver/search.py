"""Depth-first, best-first and beam search with transposition tables over any variant's own rules.

The search plays moves on a private copy of the game through the engine (``push``/``pop``), so every rule of
a variant, third-party ones included, is the rule searched. It sees every card, face-down ones and the stock's
order included: what Blake and Gent call the "thoughtful" game.

Why it is sound: a position is expanded once (positions compare by ``Game.position_key``, which folds
identical cards, interchangeable stacks and unlimited redeals). Winning is reaching a goal, so a search that
has tried every move of every reachable position and found no win has proved the game lost. Moves the variant
calls safe (``Companion.safe_move``) are played without trying the others, positions the variant calls dead
(``Companion.dead_end``) are not expanded, and a variant may narrow the moves searched or fold more positions
together (``Companion.useful_moves`` and ``Companion.key``); see :mod:`reussite.solver` for what each must
guarantee. A variant may also say how far a position has got (``Companion.progress``, higher is better,
or several estimates, ``Companion.estimates``): it only orders the children (and chooses which ones a beam
search keeps, but a beam search never gives "lost"), so it cannot make a verdict wrong. The companion
(:mod:`reussite.solver.companion`) answers each of these; its defaults are what the declarations prove
(:mod:`reussite.solver.derive`), so the search asks them of every game alike.
A "won" line is replayed through the rules from the starting position before it is reported.

What keeps it small: moves that differ only by which empty stack of an interchangeable group they go to are
tried once; a move that only undoes the last one (or reaches any position already stored) is dropped when the
children are generated, before it gets a frame; children are tried in order of progress (cards on the
foundations, then empty piles, or the companion's ``progress``), ties by a fixed order of move kinds.
"""

from __future__ import annotations

import gc
import heapq
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial

import reussite.solver.native as native
from reussite.game import Deal, Game, Move, Redeal
from reussite.rules import Kind
from reussite.solver.companion import Companion, companion_for
from reussite.solver.derive import streamlined
from reussite.solver.walk import Walk

#: How often (in positions) the clock, the memory and the cancel flag are looked at.
_CHECK_EVERY = 512
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes() -> int | None:
    """This process's resident memory now (Linux's /proc/self/statm: a read of a few microseconds); None
    where it cannot be read (the memory budget then bounds the searches' own count of their tables)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


#: What one stored position costs besides its key's bytes: the bytes object and its slot in the set.
_ENTRY_OVERHEAD = 33 + 60


class Verdict(StrEnum):
    WON = "won"  # a line of moves wins; it has been replayed through the rules
    LOST = "lost"  # every reachable position was searched: no line wins
    UNKNOWN = "unknown"  # the budget ran out (or the search was cancelled) first


class SolverError(RuntimeError):
    """The solver found a line that the rules refuse or that does not win: a bug in a variant or the solver."""


@dataclass(frozen=True)
class Budget:
    """Limits on one search; None means no limit. A budget in ``nodes`` gives the same answer everywhere."""

    nodes: int | None = None
    seconds: float | None = None
    memory_mb: float | None = None


@dataclass
class Result:
    verdict: Verdict
    line: list = field(default_factory=list)  # the moves, from the position given, when won
    nodes: int = 0  # positions expanded
    positions: int = 0  # distinct positions stored in the transposition table
    seconds: float = 0.0
    stopped_by: str | None = None  # for UNKNOWN: "nodes", "time", "memory", "cancelled" or "interrupted"
    memory_mb: float = 0.0  # the transposition table's estimated size at the end
    #: Positions expanded by each kind of search ("depth-first", "beam", "best-first", "streamlined"; empty for
    #: the walk).
    searched: dict[str, int] = field(default_factory=dict)
    #: How often the progress estimate told the children of a position apart in the depth-first search
    #: (see :func:`solve`); None when it was not measured.
    separation: float | None = None

    @property
    def decided(self) -> bool:
        return self.verdict is not Verdict.UNKNOWN

    def notation(self, game: Game) -> list[str]:
        """The line in the game's move notation, played out on a copy of ``game`` (its start)."""
        probe = _private_copy(game)
        out = []
        for move in self.line:
            out.append(probe.notation(move))
            probe.push(move, check=False)
        return out


def _private_copy(game: Game) -> Game:
    """A copy of ``game`` for a search to play on: no move history, and positions not recorded (the search
    keeps its own table)."""
    copy = game.copy(history=False)
    copy.track_positions = False
    return copy


def _order_key(game: Game, move) -> int:
    """Try first what usually helps: foundations, freeing cards from the waste and reserves, turning cards;
    the stock last. A sequence of moves (from ``useful_moves``) counts as its last move."""
    if isinstance(move, tuple):
        move = move[-1]
    if isinstance(move, Deal):
        return 8
    if isinstance(move, Redeal):
        return 9
    src, dst = game.specs[move.src].kind, game.specs[move.dst].kind
    if dst is Kind.FOUNDATION:
        return 5 if src is Kind.FOUNDATION else 0
    pile = game.cards[move.src]
    if len(pile) - move.n <= game.face_down[move.src] and len(pile) > move.n:
        return 1  # turns a card up
    if src in (Kind.WASTE, Kind.RESERVE):
        return 2
    if not game.cards[move.dst]:
        return 4 if len(pile) > move.n else 7  # onto an empty pile; moving a whole pile there changes little
    return 3


def _distinct(game: Game, moves, groups) -> list:
    """``moves`` without those that only differ by which empty stack of an interchangeable group they go to:
    they lead to positions with the same key, so one of them is enough."""
    groups = [group for group in groups if len(group) > 1]
    if not groups:
        return list(moves)
    cards = game.cards
    out = []
    seen: set[tuple] = set()
    for move in moves:
        if move.__class__ is Move and not cards[move.dst]:  # a Pair's target is not chosen, its cards are
            for group in groups:
                if move.dst in group:
                    mark = (move.src, move.n, group)
                    if mark in seen:
                        break
                    seen.add(mark)
                    out.append(move)
                    break
            else:
                out.append(move)
        else:
            out.append(move)
    return out


LOOKAHEAD = True
#: Whether the best-first search takes its turns (see :func:`solve`).
BEST_FIRST = True
#: Whether the beams' and best-first searches' turns follow how well the estimate separates children.
SEPARATION = True


def _store(search, key: bytes) -> bool:
    """Put a position in a search's table (and count it as expanded); False if it was there already."""
    visited = search.visited
    if key in visited:
        return False
    visited.add(key)
    search.key_bytes += len(key) + _ENTRY_OVERHEAD
    search.expanded += 1
    return True


def _each_child(game: Game, moves: list):
    """Each ``(k, moves[k])`` with ``game`` at the position it reaches, ``game`` as it was once all are done.
    Sequences come shortest first, each played on from the moves of the last one it starts with, still on
    the board (Klondike's "k clicks, then the waste's card" share their clicks: about two moves played in
    five fewer); callers that need the moves' own order use k."""
    push, pop = game.push, game.pop
    if not any(isinstance(move, tuple) for move in moves):
        for k, move in enumerate(moves):
            push(move, False)
            yield k, move
            pop()
        return
    prefix: list = []  # the moves on the board before the last one of the sequence tried
    for k in sorted(range(len(moves)), key=lambda k: len(moves[k]) if isinstance(moves[k], tuple) else 1):
        move = moves[k]
        seq = move if isinstance(move, tuple) else (move,)
        same = 0
        for a, b in zip(prefix, seq[:-1], strict=False):  # seq may be the longer
            if a is not b:
                break
            same += 1
        while len(prefix) > same:
            prefix.pop()
            pop()
        for m in seq[same:-1]:
            push(m, False)
            prefix.append(m)
        push(seq[-1], False)
        yield k, move
        pop()
    for _ in prefix:
        pop()


def _lookahead(game: Game, moves: list, visited, comp: Companion) -> tuple[list, list, bool | None]:
    """The moves that reach a position not stored yet, best progress first, the key of each one's position
    (the search uses it when it gets there, rather than computing it again), and whether their progress
    differs at all (None with fewer than two moves)."""
    scored = []
    key_of, progress = comp.key, comp.progress
    for k, move in _each_child(game, moves):
        key = key_of(game)
        if key not in visited:
            scored.append((-progress(game), k, move, key))
    scored.sort()
    apart = scored[0][0] != scored[-1][0] if len(scored) > 1 else None
    return [m for _, _, m, _ in scored], [key for _, _, _, key in scored], apart


def _play(game: Game, move, line: list | None = None) -> None:
    """Play a move, or each move of a sequence."""
    for m in move if isinstance(move, tuple) else (move,):
        game.push(m, check=False)
        if line is not None:
            line.append(m)


def _unplay(game: Game, move, line: list | None = None) -> None:
    for _ in range(len(move) if isinstance(move, tuple) else 1):
        game.pop()
        if line is not None:
            line.pop()


def order_moves(game: Game, moves: list) -> list:
    """``moves`` in the order the search tries them (see ``_order_key``; a stable sort), as a new list."""
    if len(moves) < 2:
        return list(moves)
    return sorted(moves, key=partial(_order_key, game))


#: A beam search's turn ends after width times this many positions at most (a beam of width w that goes the
#: whole way expands about w positions per move of the line: 150 moves for Tournament).
_BEAM_STEPS = 400
#: A phased beam first keeps up to this fraction of its width from each phase of the game (see
#: ``_Beam._choose``).
_PHASE_SHARE = 4


def _no_phase(game: Game) -> None:
    """Every position in one phase: what an unphased beam asks (see ``_Beam._choose``)."""
    return None


class _Stop(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason


class _DFS:
    """A depth-first search on its own copy of the game, that can be run a slice at a time."""

    def __init__(self, game: Game, comp: Companion, narrow: Callable[[Game, list], list] | None = None) -> None:
        g = _private_copy(game)
        self.g = g
        self.comp = comp
        # What narrows the moves further (``derive.streamlined``): a search that then ends without a win has
        # proved nothing.
        self.narrow = narrow
        self.visited: set[bytes] = set()
        self.key_bytes = 0
        self.line: list = []
        # One frame per branching position (see enter).
        self.frames: list[list] = []
        self.expanded = 0
        self.started = False
        # Positions with two new children or more, and those of them whose children's progress differ.
        self.branching = 0
        self.told_apart = 0

    @property
    def separation(self) -> float | None:
        """The share of branching positions whose children the progress estimate tells apart (None before
        any): how far the estimate can lead a search that trusts it."""
        return self.told_apart / self.branching if self.branching else None

    def enter(self, key: bytes | None = None) -> bool | None:
        """Expand the position just reached (``key``: its key, when known already): True if won, None if
        already seen or dead, else False (frame pushed)."""
        g, line, comp = self.g, self.line, self.comp
        forced = 0
        while True:
            if g.is_won():
                return True
            if not _store(self, comp.key(g) if key is None else key):
                break
            key = None
            safe = comp.safe_move(g)
            if safe is None:
                if comp.dead_end(g):
                    break
                moves = comp.useful_moves(g, _distinct(g, g.legal_moves(), g.interchangeable_stacks()))
                if self.narrow is not None:
                    moves = self.narrow(g, moves)
                keys = None
                if LOOKAHEAD:
                    moves, keys, apart = _lookahead(g, order_moves(g, moves), self.visited, comp)
                    if apart is not None:
                        self.branching += 1
                        self.told_apart += apart
                else:
                    moves = order_moves(g, moves)
                # A frame: moves to try, the next one's index, safe moves played on entering it, and the key
                # each move reaches (None when not computed).
                self.frames.append([moves, 0, forced, keys])
                return False
            g.push(safe, check=False)
            line.append(safe)
            forced += 1
        for _ in range(forced):
            g.pop()
            line.pop()
        return None

    def run(self, until: int, check: Callable[[], None]) -> Verdict | None:
        """Search until ``until`` positions are expanded (WON, LOST, or None when paused); ``check`` is called
        every few hundred positions and raises :class:`_Stop` to end everything."""
        g, line, frames = self.g, self.line, self.frames
        if not self.started:
            self.started = True
            if self.enter():
                return Verdict.WON
        next_check = self.expanded + _CHECK_EVERY
        while frames:
            if self.expanded >= next_check:
                next_check = self.expanded + _CHECK_EVERY
                check()
            if self.expanded >= until:
                return None
            frame = frames[-1]
            moves, i = frame[0], frame[1]
            if i == len(moves):
                frames.pop()
                for _ in range(frame[2]):
                    g.pop()
                    line.pop()
                if frames:  # the branching move that led here
                    parent = frames[-1]
                    _unplay(g, parent[0][parent[1] - 1], line)
                continue
            frame[1] = i + 1
            move = moves[i]
            _play(g, move, line)
            keys = frame[3]
            found = self.enter(None if keys is None else keys[i])
            if found:
                return Verdict.WON
            if found is None:
                _unplay(g, move, line)
        return Verdict.LOST


#: In the best-first search, what one move played costs against the progress made (a card on a foundation
#: counts 4 in the default progress): a little, so that of two positions as far on the shorter line wins.
_DEPTH_COST = 0.3


class _BestFirst:
    """A best-first search: it always expands, of the positions it has seen, the one that looks furthest on
    (the variant's progress, less a little for each move played to reach it). Unlike a depth-first search it
    comes back at once to a choice made early when the line below it stalls. It expands each position once
    and plays the same safe moves and prunes the same way, so when nothing is left to expand it has proved
    the game lost, as the depth-first search does. What it costs is memory: a copy of each expanded position
    whose children are still waiting, and the waiting moves."""

    def __init__(self, game: Game, comp: Companion, progress: Callable[[Game], float]) -> None:
        g = _private_copy(game)
        self.root = g
        self.visited: set[bytes] = set()
        self.key_bytes = 0
        self.expanded = 0
        self.heap: list = []
        self.serial = 0
        self.line: list = []
        # The variant's hints, as functions of a game (each copy is a new game); ``progress`` is one of its
        # estimates (Companion.estimates).
        self.comp = comp
        self.key_of, self.progress = comp.key, progress
        self.copy_bytes = self.copy_size(g)
        self.live = 0  # stored copies
        self.started = False

    @property
    def memory(self) -> int:
        return self.key_bytes + self.live * self.copy_bytes + len(self.heap) * _HEAP_ENTRY

    @staticmethod
    def copy_size(g: Game) -> int:
        """What a stored copy costs, roughly (its lists and its attributes), for the memory budget."""
        return sys.getsizeof(g.__dict__) + sum(sys.getsizeof(p) for p in g.cards) + 3 * sys.getsizeof(g.cards)

    def run(self, until: int, check: Callable[[], None]) -> Verdict | None:
        heap, key_of = self.heap, self.key_of
        if not self.started:
            self.started = True
            heapq.heappush(heap, (0.0, 0, None, None))
        next_check = self.expanded + _CHECK_EVERY
        while heap:
            if self.expanded >= next_check:
                next_check = self.expanded + _CHECK_EVERY
                check()
            if self.expanded >= until:
                return None
            _, _, parent, move = heapq.heappop(heap)
            if parent is None:
                g, depth, played = _private_copy(self.root), 0, []
            else:
                g = _private_copy(parent[0])
                parent[3] -= 1
                if not parent[3]:  # its last waiting child: the copy is no longer needed
                    parent[0] = None
                    self.live -= 1
                _play(g, move)
                played = list(move) if isinstance(move, tuple) else [move]
                depth = parent[2] + len(played)
            while True:
                if g.is_won():
                    self.line = self._line_to(parent, played)
                    return Verdict.WON
                if not _store(self, key_of(g)):
                    break
                safe = self.comp.safe_move(g)
                if safe is None:
                    self._expand(g, parent, played, depth)
                    break
                g.push(safe, check=False)
                played.append(safe)
                depth += 1
        return Verdict.LOST

    def _expand(self, g: Game, parent, played: list, depth: int) -> None:
        comp = self.comp
        if comp.dead_end(g):
            return
        moves = comp.useful_moves(g, _distinct(g, g.legal_moves(), g.interchangeable_stacks()))
        node = [g, parent, depth, 0, played]  # copy, parent, moves from the start, waiting children, moves
        visited, key_of, progress, heap, heappush = self.visited, self.key_of, self.progress, self.heap, heapq.heappush
        serial = self.serial
        waiting = 0
        for k, move in _each_child(g, moves):
            if key_of(g) not in visited:
                # Ties go to the moves' own order, whatever order they were tried in.
                played_now = len(move) if isinstance(move, tuple) else 1
                heappush(heap, (_DEPTH_COST * (depth + played_now) - progress(g), serial + k + 1, node, move))
                waiting += 1
        self.serial = serial + len(moves)
        node[3] = waiting
        if waiting:
            self.live += 1
            # The move generator's table of wanted cards (reussite.movegen.indexed_moves) is rebuilt by any copy,
            # so a stored copy need not keep it: it is bigger than the position and not counted in copy_bytes.
            g._wants = None
        else:
            node[0] = None

    @staticmethod
    def _line_to(parent, played: list) -> list:
        parts = [played]
        while parent is not None:
            parts.append(parent[4])
            parent = parent[1]
        # Each node's moves are those played to reach it (its branching move, then its safe moves).
        line: list = []
        for part in reversed(parts):
            line.extend(part)
        return line


class _Beam:
    """A beam search: it moves forward one move at a time, keeping at each step only the ``width`` positions
    that look furthest on (the variant's progress) among the children of the positions kept at the step
    before. It never comes back, so it cannot prove a loss and is thrown away when its turn ends, like a
    probe; what it gives is a quick line through a game where a best-first search keeps turning back to the
    many near-equal positions of its first moves. Each position is still expanded once (its own table).
    A ``phased`` beam gives each phase of the game (``Companion.phase``) a share of its width first."""

    def __init__(self, game: Game, comp: Companion, progress: Callable[[Game], float], width: int,
                 phased: bool = False) -> None:
        g = _private_copy(game)
        self.root = g
        self.comp = comp
        self.progress = progress
        self.width = width
        self.phased = phased
        self.visited: set[bytes] = set()
        self.key_bytes = 0
        self.expanded = 0
        self.line: list = []
        self.copy_bytes = _BestFirst.copy_size(g)

    @property
    def memory(self) -> int:
        return self.key_bytes + 2 * self.width * self.copy_bytes  # the table, the kept copies and their children

    def run(self, until: int, check: Callable[[], None]) -> Verdict | None:
        """WON, or None when the beam died out or ``until`` positions were expanded."""
        comp = self.comp
        key_of, progress, visited = comp.key, self.progress, self.visited
        safe_move, dead_end, useful_moves = comp.safe_move, comp.dead_end, comp.useful_moves
        phase_of = comp.phase if self.phased else _no_phase
        # A node: [its copy (dropped once its children are chosen), the node it came from, the moves from there,
        # its key (None once a safe move is played: computed again)].
        level = [[self.root, None, [], None]]
        next_check = self.expanded + _CHECK_EVERY
        while level:
            children = []
            serial = 0
            for node in level:
                g, played, key = node[0], node[2], node[3]
                while True:
                    if g.is_won():
                        self.line = self._line_to(node)
                        return Verdict.WON
                    safe = safe_move(g)
                    if safe is None:
                        break
                    g.push(safe, check=False)
                    played.append(safe)
                    key = None
                if not _store(self, key_of(g) if key is None else key):
                    continue
                if self.expanded >= next_check:
                    next_check = self.expanded + _CHECK_EVERY
                    check()
                if self.expanded >= until:
                    return None
                if dead_end(g):
                    continue
                moves = useful_moves(g, _distinct(g, g.legal_moves(), g.interchangeable_stacks()))
                for k, move in _each_child(g, moves):
                    key = key_of(g)
                    if key not in visited:
                        children.append((-progress(g), serial + k + 1, node, move, key, phase_of(g)))
                serial += len(moves)
            chosen = []
            for _, _, node, move, key, _ in self._choose(children):
                g = _private_copy(node[0])
                _play(g, move)
                chosen.append([g, node, list(move) if isinstance(move, tuple) else [move], key])
            for node in level:
                node[0] = None
            level = chosen
        return None

    def _choose(self, children: list) -> list:
        """The children the beam keeps: by progress, but in a phased beam each phase (``Companion.phase``)
        first gets up to its quota of the width, then the rest is filled by progress alone. Without the quota,
        positions that have just dealt, which look worse for a while, are crowded out by those that have not."""
        children.sort()  # by progress, then the order found (serials are unique: nothing else compared)
        width = self.width
        quota = max(1, width // _PHASE_SHARE) if self.phased else width
        chosen = []
        passed = []
        kept: set[bytes] = set()
        taken: dict = {}
        for child in children:
            if len(chosen) == width:
                return chosen
            key = child[4]
            if key in kept:  # two parents reach it: one copy is enough
                continue
            count = taken.get(child[5], 0)
            if count == quota:
                passed.append(child)
                continue
            taken[child[5]] = count + 1
            kept.add(key)
            chosen.append(child)
        for child in passed:
            if len(chosen) == width:
                break
            if child[4] not in kept:
                kept.add(child[4])
                chosen.append(child)
        return chosen

    @staticmethod
    def _line_to(node) -> list:
        parts = []
        while node is not None:
            parts.append(node[2])
            node = node[1]
        return [move for part in reversed(parts) for move in part]


#: What one waiting move costs in the heap (the tuple and its slot), for the memory budget.
_HEAP_ENTRY = 72 + 8
#: The least trust in an estimate that still gives beams a turn: below it the complete search gets at most
#: this many times more than the beams (an estimate that never tells children apart gets no beams at all).
_LEAST_TRUST = 1 / 64


def solve(game: Game, budget: Budget | None = None, *, nodes: int | None = None, seconds: float | None = None,
          memory_mb: float | None = None, cancel: Callable[[], bool] | None = None) -> Result:
    """Search for a winning line from ``game``'s current position; ``game`` itself is not changed.

    The budget is ``budget`` or the keyword limits. ``cancel`` is polled now and then (a
    ``threading.Event().is_set`` will do); when it answers true the search ends as UNKNOWN ("cancelled").
    Ctrl+C (KeyboardInterrupt) ends it as UNKNOWN ("interrupted").

    Three kinds of search take turns, each with its own table, so that the whole budget is never spent on one way
    of looking. A depth-first search runs first and alone for a few thousand positions (the variant's
    ``Companion.first_slice``, 2,000 by default; most easy deals end there). Then, turn after turn: a beam
    search per progress estimate of the variant (``Companion.estimates``: one by default), which keeps only the
    best few positions at each move and so goes a long way fast (``Companion.beam_width`` of them at first, 20
    by default), twice as wide at each turn, each one after a phased one if the variant tells phases apart
    (``Companion.phase``); the depth-first search again, for about as long as a beam took (times
    the companion's ``complete_share``, 1 by default); and a best-first search per estimate, which
    comes back at once to an early choice when the line below it stalls (each one's turn is the variant's
    ``Companion.best_first_share`` times the depth-first search's, 1 by default). The depth-first and
    best-first searches are complete: any one that runs out of positions has proved the game lost. A beam
    search is not, and is thrown away when its turn ends. Nothing is random, so a node budget gives the
    same answer everywhere.

    The beams and best-first searches follow the estimate, so they get budget as far as it leads: the share
    of the positions the depth-first search branched at whose children the estimate told apart, measured as
    it goes (``Result.separation``). The depth-first search's turn is divided by that share (at most 64
    times longer) and the best-first searches' multiplied by it; an estimate that has never told children
    apart gets no beam nor best-first turn at all, so a game with no estimate is searched depth-first with
    the whole budget, as a general solver searches it.

    Where cards are dealt face down on the piles, a fourth search takes a turn after the depth-first one, as
    long as it: a depth-first search over the moves a player tries first (``derive.streamlined``: no card back
    from a foundation, no run moved between piles unless that turns a card, empties a pile or sends the card
    it uncovers home). It is not complete, so when it runs out of moves it has proved nothing and is dropped.
    Klondike by threes, deals 1-200 at 30,000 positions: 133 won against 128 without it.
    """
    budget = budget or Budget(nodes, seconds, memory_mb)
    start = time.perf_counter()
    deadline = None if budget.seconds is None else start + budget.seconds
    max_bytes = None if budget.memory_mb is None else budget.memory_mb * 1024 * 1024
    # The budget bounds the process's memory as the system counts it, the growth from now on (garbage and
    # the allocator's overhead included), and the searches' own count of their tables, whichever ends first.
    resident = None if max_bytes is None else resident_bytes()
    comp = companion_for(game)
    main = _DFS(game, comp)
    estimates = comp.estimates(game)
    bests = [_BestFirst(game, comp, progress) for progress in estimates] if BEST_FIRST else []
    beam: _Beam | None = None
    beams_expanded = 0
    # The streamlined search (derive.streamlined), where cards are dealt face down on the piles (what it keeps
    # is how a player uncovers them; elsewhere it prunes too much to find wins): dropped once it has tried
    # every move it keeps.
    lean = (_DFS(game, comp, streamlined)
            if STREAMLINE and any(game.face_down[i] for i in game.tableau_ix) else None)
    lean_expanded = 0

    natively = native_bytes = 0  # positions the native core expanded first (see _native_first), its table

    def total() -> int:
        return (natively + main.expanded + beams_expanded + (beam.expanded if beam is not None else 0)
                + lean_expanded + (lean.expanded if lean is not None else 0)
                + sum(best.expanded for best in bests))

    def used() -> int:
        return (native_bytes + main.key_bytes + (beam.memory if beam is not None else 0)
                + (lean.key_bytes if lean is not None else 0) + sum(best.memory for best in bests))

    def check() -> None:
        if deadline is not None and time.perf_counter() > deadline:
            raise _Stop("time")
        if max_bytes is not None and (used() > max_bytes
                                      or resident is not None and (resident_bytes() or 0) - resident > max_bytes):
            raise _Stop("memory")
        if cancel is not None and cancel():
            raise _Stop("cancelled")

    def finish(verdict: Verdict, stopped_by: str | None = None, winner=None) -> Result:
        searched = {"depth-first": main.expanded,
                    "beam": beams_expanded + (beam.expanded if beam is not None else 0),
                    "best-first": sum(best.expanded for best in bests),
                    "streamlined": lean_expanded + (lean.expanded if lean is not None else 0)}
        if natively:
            searched["native"] = natively
        return Result(verdict, list(winner.line) if winner is not None else [], total(), len(main.visited),
                      time.perf_counter() - start, stopped_by, used() / (1024 * 1024), searched,
                      main.separation)

    def cap(share: int) -> int:
        """A search's own limit for this turn, within the node budget."""
        if budget.nodes is None:
            return share
        return max(0, min(share, budget.nodes - total()))

    def spent() -> bool:
        return budget.nodes is not None and total() >= budget.nodes

    # A one-foundation game the walk models exactly gets the walk, before the native core: Black Hole deals
    # 1-60 at 1 s, 56 decided by the walk, 52 by the core alone (Golf the other way, 50 and 58).
    if WALK and type(comp) is Companion:  # no companion: the declarations may make it a walk
        sink = comp.derived.sink(game)
        walk = None if sink is None else Walk.of(game, sink)
        if walk is not None:
            return _walked(game, walk, budget, start, check)
    # The native core first where it can search the game, unless the declarations prove the deal lost at once
    # (it knows no dead ends).
    if native.enabled() and native.why_not(game) is None and not comp.dead_end(game):
        core = native.NativeSearch(game)
        try:
            verdict, line, shorter = _native_first(core, budget, start, check)
        except _Stop as stop:
            natively, native_bytes = core.expanded, core.table_bytes
            return finish(Verdict.UNKNOWN, stop.reason)
        except KeyboardInterrupt:
            natively, native_bytes = core.expanded, core.table_bytes
            return finish(Verdict.UNKNOWN, "interrupted")
        natively = core.expanded
        searched = {"native": natively}
        if verdict == "won":  # shortened by the core already; replayed through the rules as any line
            won = Result(Verdict.WON, shorter, natively, core.core.positions, time.perf_counter() - start, None,
                         core.table_bytes / 2**20, searched)
            try:
                return _replayed(game, won)
            except SolverError:
                won.line = line
                return _replayed(game, won)
        if verdict == "lost":
            return Result(Verdict.LOST, [], natively, core.core.positions, time.perf_counter() - start, None,
                          core.table_bytes / 2**20, searched)
        if native.only():
            return Result(Verdict.UNKNOWN, [], natively, core.core.positions, time.perf_counter() - start,
                          core.stopped if isinstance(core.stopped, str) else "time", core.table_bytes / 2**20, searched)
        del core  # its table: the Python searches' budget of memory is theirs alone
    # The searches build many objects and no reference cycles; the cyclic collector's passes over the
    # stored positions cost about a sixth of the time (best-first, Tournament), so it waits until the end.
    collecting = gc.isenabled()
    gc.disable()
    try:
        first = comp.first_slice
        verdict, winner = main.run(cap(first), check), main
        width = comp.beam_width
        best_share, complete_share = comp.best_first_share, comp.complete_share
        # A variant that tells phases apart gets, per estimate, a phased beam and then an unphased one: they
        # win different deals (see Companion.phase).
        phasings = [True, False] if comp.phase(game) is not None else [False]
        beams = [(progress, phased) for progress in estimates for phased in phasings]
        while True:
            if verdict is Verdict.WON:
                return _verified(game, finish(Verdict.WON, winner=winner))
            if verdict is Verdict.LOST:
                return finish(Verdict.LOST)
            if spent():
                return finish(Verdict.UNKNOWN, "nodes")
            # The estimate leads the beams and best-first searches only as far as it tells children apart:
            # where it never does they would search blindly, so the complete search gets their budget.
            separation = main.separation if SEPARATION else None
            trust = 1.0 if separation is None else separation
            beamed = 0
            for progress, phased in beams if trust > 0 else ():
                beam = _Beam(game, comp, progress, width, phased)
                if beam.run(cap(width * _BEAM_STEPS), check) is Verdict.WON:
                    return _verified(game, finish(Verdict.WON, winner=beam))
                # A beam that ends without a win proved nothing the complete searches may use: dropped.
                beams_expanded += beam.expanded
                beamed += beam.expanded
                beam = None
                if spent():
                    return finish(Verdict.UNKNOWN, "nodes")
            width *= 2
            slice_ = (max(first // 2, beamed // len(beams) if beams else 0) * complete_share
                      / max(trust, _LEAST_TRUST))
            turns = ((main, 1.0), *(((lean, STREAMLINED_SHARE),) if lean is not None else ()),
                     *((best, best_share * trust) for best in bests))
            for search, share in turns:
                if not share:
                    continue
                verdict, winner = search.run(search.expanded + cap(max(1, int(slice_ * share))), check), search
                if search is lean and verdict is Verdict.LOST:  # its moves were narrowed: it proved nothing
                    lean_expanded, lean, verdict = lean.expanded, None, None
                if verdict is not None or spent():
                    break
    except _Stop as stop:
        return finish(Verdict.UNKNOWN, stop.reason)
    except KeyboardInterrupt:
        return finish(Verdict.UNKNOWN, "interrupted")
    finally:
        if collecting:
            gc.enable()


#: The native core's share of a budget in seconds when the Python searches may follow it (see _native_first).
#: Klondike by threes, deals 1-200 at 2 s: 176 decided by the core alone, 172 with half the time each.
NATIVE_SHARE = 0.8


class _NativeTime(Exception):
    """The native core's share of the time is spent: the Python searches take over."""


def _native_first(core: native.NativeSearch, budget: Budget, start: float, check: Callable[[], None]):
    """Run the native core (reussite.solver.native) first, on a game it can search: ("won", line, shorter),
    ("lost", [], []) or (None, [], []) when its budget ran out. Its complete and streamlined depth-first
    searches take turns as in the Python schedule, children ordered by the default estimate one move ahead,
    at many more positions a second, with no knowledge but the declarations' safe moves, stock plays and
    folds. Where it decides nothing the Python schedule runs next with the whole budget in positions (each
    engine has its own) and the time left: NATIVE_SHARE of a budget in seconds is the core's. A stop asked
    for (cancel, memory, the whole time) is raised as _Stop."""
    mine = None
    if budget.seconds is not None and not native.only():
        mine = start + budget.seconds * NATIVE_SHARE

    def native_check() -> None:
        check()
        if mine is not None and time.perf_counter() > mine:
            raise _NativeTime

    max_bytes = None if budget.memory_mb is None else int(budget.memory_mb * 1024 * 1024)
    verdict, line, shorter = core.run(budget.nodes, native_check, max_bytes)
    stopped = core.stopped
    if isinstance(stopped, BaseException) and not isinstance(stopped, _NativeTime):
        raise stopped
    return verdict, line, shorter


#: Whether the streamlined depth-first search takes its turns (see :func:`solve`).
STREAMLINE = True
#: Its turn against the complete depth-first search's.
STREAMLINED_SHARE = 1.0

#: Whether a game that is a walk onto one foundation gets the compact search (reussite.solver.walk).
WALK = True


def _walked(game: Game, walk: Walk, budget: Budget, start: float, check: Callable[[], None]) -> Result:
    """The compact walk search's answer as a Result (a won line replayed through the rules)."""
    max_bytes = None if budget.memory_mb is None else budget.memory_mb * 1024 * 1024

    def checked() -> None:
        check()
        if max_bytes is not None and walk.table > max_bytes:
            raise _Stop("memory")

    try:
        won, line, expanded, table = walk.search(budget.nodes, checked)
    except (_Stop, KeyboardInterrupt) as stop:
        reason = stop.reason if isinstance(stop, _Stop) else "interrupted"
        return Result(Verdict.UNKNOWN, [], walk.expanded, walk.expanded, time.perf_counter() - start, reason,
                      walk.table / (1024 * 1024))
    seconds = time.perf_counter() - start
    memory = table / (1024 * 1024)
    if won is None:
        return Result(Verdict.UNKNOWN, [], expanded, expanded, seconds, "nodes", memory)
    if not won:
        return Result(Verdict.LOST, [], expanded, expanded, seconds, None, memory)
    return _verified(game, Result(Verdict.WON, line, expanded, expanded, seconds, None, memory))


#: How many moves the line shortening may play, per move of the line (see reussite.solver.shorten).
_SHORTEN_WORK = 60


def _verified(game: Game, result: Result) -> Result:
    """The won line, shortened (cycles and detours cut, :mod:`reussite.solver.shorten`), replayed through the
    rules (``push`` with checks) on a fresh copy; raise if the line the search found fails."""
    from reussite.solver.shorten import shorten

    if SHORTEN and result.line:
        original = result.line
        result.line = shorten(game, original, _SHORTEN_WORK * len(original))
        try:
            return _replayed(game, result)
        except SolverError:  # a variant whose state the exact keys miss: the line as found, checked as ever
            result.line = original
    return _replayed(game, result)


#: Whether won lines are shortened before they are returned.
SHORTEN = True


def _replayed(game: Game, result: Result) -> Result:
    from reussite.errors import IllegalMove

    probe = _private_copy(game)

    for k, move in enumerate(result.line):
        try:
            probe.push(move)
        except IllegalMove as exc:
            raise SolverError(f"{getattr(game, 'id', type(game).__name__)}: move {k + 1} of the winning line "
                              f"({probe.notation(move)}) is refused by the rules: {exc}") from None
    if not probe.is_won():
        raise SolverError(f"{getattr(game, 'id', type(game).__name__)}: the winning line does not win")
    return result


__all__ = ["Budget", "Result", "SolverError", "Verdict", "order_moves", "solve"]

