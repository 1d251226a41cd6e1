"""The native search core's Python side: which games it can search, the tables it reads, its answers as moves.

The core (``reussite/solver/_native.pyx``, typed Cython, compiled when the package is installed where a C
compiler is at hand) searches a game whose every rule is a declaration: the move generator's tables
(:class:`reussite.movegen.Plan`) say all that a move may be and does. A game with code of its own in the rules
(an own ``refusal``, ``after_move``, ``do_deal``...) gets the Python search, which runs its code; so does every
game when the core is not built. :func:`why_not` says why a game is not searched natively, in a sentence.

What the core searches is the same game: the differential tests (tests/solver/test_native.py) compare its
legal moves, positions after each move, key equalities and safe moves with the Python engine's on random
positions of every game it takes, and every won line is replayed through the Python rules before it is
reported (``search.solve``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from reussite.cards import Card
from reussite.game import DEAL, REDEAL, Game
from reussite.moves import Move, Pair
from reussite.rules import CARD_KEYS, Kind, has_base
from reussite.solver.companion import _WANTED_MOST, Companion, companion_for
from reussite.solver.derive import OVERRIDES, Knowledge, _alike_tops

if TYPE_CHECKING:
    from reussite.moves import AnyMove

try:  # built by setup.py where a C compiler is at hand; the pure-Python search otherwise
    import reussite.solver._native as _native
except ImportError:  # pragma: no cover - depends on the install
    _native = None

#: Game methods whose override puts the game's own code in the rules or the key: the Python search runs it.
_OWN_CODE = (*OVERRIDES, "position_key", "_joined_key", "stack_key", "interchangeable_stacks", "legal_moves",
             "push", "pop", "set_base_rank", "_use_base")

_KINDS = {Kind.STOCK: 0, Kind.WASTE: 1, Kind.FOUNDATION: 2, Kind.TABLEAU: 3, Kind.RESERVE: 4}
_PICKUPS = {"none": 0, "top": 1, "run": 2, "run-by-spaces": 3, "face-up": 4}
_KEYS = 56
#: Game.fill_before_deal as the core reads it: 0 no rule, 1 every pile filled, 2 those a card can move to.
_FILL = {False: 0, True: 1, "when-possible": 2}
#: In a core's move (kind, src, dst, n): n with this bit is a pair (Game.pairs), the other stack in its low byte.
PAIR = 0x2000
#: Moves tried per move of a won line to make it shorter (as search._SHORTEN_WORK).
SHORTEN_WORK = 60
#: The complete search's first turn, alone (as Companion.first_slice).
FIRST_SLICE = 2000
#: Whether the streamlined search takes turns with the complete one (as search.STREAMLINE).
STREAMLINE = True
#: Whether the core orders the children by the estimate of where they lead (Companion.progress's default).
ESTIMATE = True
#: The core's beams (as the Python schedule's): the first one's width, doubled each turn, and the positions a
#: beam may expand per unit of its width (search._BEAM_STEPS). 0: no beams.
BEAM_WIDTH = 20
BEAM_STEPS = 400


def built() -> bool:
    """Whether the native core is compiled in this install."""
    return _native is not None


def enabled() -> bool:
    """Whether searches use it where they can: built, and not turned off (``REUSSITE_NATIVE=0``)."""
    return _native is not None and os.environ.get("REUSSITE_NATIVE", "1") != "0"


def only() -> bool:
    """Whether the native core alone searches the games it takes (``REUSSITE_NATIVE=only``: benchmarks
    measure it so); otherwise the Python searches follow where it decided nothing."""
    return os.environ.get("REUSSITE_NATIVE") == "only"


def why_not(game: Game) -> str | None:
    """Why the native core cannot search ``game`` as it stands (None: it can)."""
    if _native is None:
        return "the native core is not built in this install"
    cls = type(game)
    own = [name for name in _OWN_CODE if getattr(cls, name, None) is not getattr(Game, name, None)]
    if own:
        return "its rules run code of its own (" + ", ".join(own) + ")"
    if type(companion_for(game)) is not Companion:  # its author's knowledge needs the Python search
        return "it has a solver companion of its own"
    plan = game._plan
    if plan.custom_run or plan.custom_max or plan.custom_pick or plan.custom_drop or plan.custom_extra:
        return "its rules run code of its own (run_length, max_movable or a refusal)"
    if plan.pairs is not None and (plan.near is not None or plan.over):
        return "its pairs are made on a grid, or with the card covering them"
    if any(rule.own and not rule.by_top for rule in plan.rules):
        return "a stack has a rule of its own that reads more than its top card"
    for s, rule in enumerate(plan.rules):
        if rule.own and (not game.cards[s] or rule.pickup != "none") and not _says_empty(game, s):
            return f"its own rule does not say what an empty {game.specs[s].id} takes"
    if plan.won_stacks is None:
        return "it counts its cards its own way"
    if game.stock_ix is not None and game.deal_to == "waste" and game.waste_ix is None:
        return "the stock deals onto a waste the layout does not have"
    if has_base(cls.stacks) and game.base_rank is None:
        return "the base rank is set by the first card played"
    if len(game.specs) > 250 or sum(map(len, game.cards)) > 250:
        return "more stacks or cards than the core's positions hold"
    if any(c[0] * 4 + c[1] not in _CARD_KEY_SET for pile in game.cards for c in pile):
        return "the pack has jokers"
    return None


_CARD_KEY_SET = frozenset(CARD_KEYS)


#: The tables worked out, by game class, options, base rank, groups and pack (few per process).
_TABLES: dict[tuple, dict[str, Any]] = {}


def tables(game: Game) -> dict[str, Any]:
    """What the core reads of ``game``: its plan's tables as bytes and integers (see ``_native.Core``), worked
    out once per class, options, base rank and pack."""
    knowledge = companion_for(game).derived
    copies = Knowledge.copies(game) if knowledge.enabled else None
    found = (type(game), tuple(sorted(game.option_values.items())), game.base_rank, copies,
             game.interchangeable_stacks(), sum(map(len, game.cards)), ESTIMATE)
    known = _TABLES.get(found)
    if known is None:
        if len(_TABLES) >= 256:
            _TABLES.clear()
        known = _TABLES[found] = _tables(game, knowledge, copies)
    return known


def _tables(game: Game, knowledge: Knowledge, copies) -> dict[str, Any]:
    plan = game._plan
    specs = plan.stacks
    count = len(specs)
    takes = bytearray(count * _KEYS * _KEYS)
    on = bytearray(count * _KEYS * _KEYS)  # what may be picked up together (CompiledRule.lift)
    disorder = bytearray(count * _KEYS * _KEYS)  # what the estimate counts as in order (CompiledRule.runs_on)
    accepts = bytearray(count * 5)
    empty_accepts = bytearray(count * 5)  # what an empty stack takes from (StackRule.empty_from)
    probe = game.copy(history=False) if any(rule.own for rule in plan.rules) else None  # see _takes_by_top
    for s, rule in enumerate(plan.rules):
        base = s * _KEYS * _KEYS
        # An own rule read by its top card alone (StackRule.by_top): asked once per top card, as the generator does.
        own = _takes_by_top(probe, s) if rule.own else None
        for top in range(_KEYS):
            row = base + top * _KEYS
            for key in (rule.takes[top] if own is None else own[top]):
                takes[row + key] = 1
            for key in rule.lift[top]:
                on[row + key] = 1
            for key in rule.runs_on[top]:
                disorder[row + key] = 1
        for kind, code in _KINDS.items():
            accepts[s * 5 + code] = rule.accepts_from is None or kind in rule.accepts_from
            empty_accepts[s * 5 + code] = accepts[s * 5 + code] and (rule.empty_from is None or kind in rule.empty_from)
    # The groups once the stock is empty; those it still deals onto are apart until then (``late``).
    now = {s for members in game.interchangeable_stacks() for s in members}
    emptied = game
    if game.stock_ix is not None and game.cards[game.stock_ix]:
        emptied = game.copy(history=False)
        emptied.cards[game.stock_ix] = []
    group, late = [-1] * count, bytearray(count)
    for g, members in enumerate(emptied.interchangeable_stacks()):
        for s in members:
            group[s] = g
            late[s] = s not in now
    levels = bytearray(_KEYS * 4)
    if copies is not None:
        for key in CARD_KEYS:
            levels[key * 4:key * 4 + 4] = bytes(knowledge.levels[key])
    # The estimate's tables (Companion.progress): which foundation tops tell the cards they want.
    foundations = [s for s, spec in enumerate(specs) if spec.kind is Kind.FOUNDATION]
    telling = bytearray(count * _KEYS)
    for s in foundations:
        for top in range(_KEYS):
            telling[s * _KEYS + top] = 0 < len(plan.rules[s].takes[top]) <= _WANTED_MOST
    if not any(telling):  # no foundation ever tells (Companion._wanted): no blocked cards counted
        telling = bytearray(count * _KEYS)
    # derive's stock plays, for one pack (a card shown again ends the turn; two packs' twins would end it early)
    plays = knowledge.stock_plays and copies is not None and all(n <= 1 for n, _ in copies)
    fold, alike = bytearray(count), bytearray(count * _KEYS)
    for s in knowledge.folded:
        fold[s] = 1
        alike[s * _KEYS:(s + 1) * _KEYS] = bytes(_alike_tops(game, s))
    for s in (*knowledge.out_of_play, *game._blind):  # keyed by their size and face-down count alone
        fold[s] = 2
    refill_into, refill_sources = plan.refill or ((), ())
    covered = plan.covered or ((),) * count
    uncovers = [plan.uncovers.get(s, ()) for s in range(count)]
    match, alone = bytearray(_KEYS * _KEYS), bytearray(_KEYS)
    if plan.pairs is not None:
        for key in CARD_KEYS:
            for other in plan.match[key]:
                match[key * _KEYS + other] = 1
            alone[key] = key in plan.alone
    return {
        "cover_at": _offsets(covered), "covers": [j for cover in covered for j in cover],
        "uncover_at": _offsets(uncovers), "uncovers": [j for under in uncovers for j in under],
        "pair_stacks": list(plan.pair_stacks), "sink": plan.sink, "below": plan.below,
        "match": bytes(match), "alone": bytes(alone),
        "deal_to_found": game.foundation_ix[0] if game.stock_ix is not None and game.deal_to == "foundation" else -1,
        "refill_into": list(refill_into), "refill_sources": list(refill_sources),
        "fold": bytes(fold), "alike": bytes(alike),
        "stock_plays": int(plays),
        "waste_targets": list(knowledge.waste_targets) if plays else [],
        "all_foundations": foundations,
        "open_reserves": [s for s, spec in enumerate(specs) if spec.kind is Kind.RESERVE and plan.rules[s].may_take],
        "telling": bytes(telling),
        "estimate": int(ESTIMATE),
        "stacks": count,
        "cap": max(1, sum(map(len, game.cards))),
        "kind": bytes(_KINDS[spec.kind] for spec in specs),
        "pickup": bytes(_PICKUPS[rule.pickup] for rule in plan.rules),
        "takes": bytes(takes), "on": bytes(on), "disorder": bytes(disorder), "accepts": bytes(accepts),
        "empty_accepts": bytes(empty_accepts),
        "late": bytes(late), "fill": _FILL[game.fill_before_deal], "finished": int(bool(game.finished_runs)),
        "flips": bytes(s in plan.flips for s in range(count)),
        "group_moves": bytes(bool(rule.group_moves) and not rule.own for rule in plan.rules),
        "room": [min(rule.max_cards if rule.max_cards is not None else 1 << 30, 1 << 30) for rule in plan.rules],
        "twin": list(plan.twins),
        "group": group,
        "sources": list(plan.sources),
        "tableau": list(plan.places[1]),
        # The stacks a deal puts a card on each of, in order (DealTo.TABLEAU or RESERVE).
        "dealt": list(plan.places[2] if game.deal_to == "reserve" else plan.places[1]),
        "cells": list(plan.cells), "spaces": list(plan.spaces),
        "won": list(plan.won_stacks),
        # A stock that only refills (DealTo.REFILL) is dealt by no move: to the core, a stack like any other.
        "stock": -1 if game.stock_ix is None or game.deal_to == "refill" else game.stock_ix,
        "waste": -1 if game.waste_ix is None else game.waste_ix,
        "deal_to_waste": int(game.deal_to == "waste"),
        "deal_count": game.deal_count,
        "redeals": -1 if game.redeals is None else game.redeals,
        "safe": int(copies is not None),
        "levels": bytes(levels),
        "foundations": list(knowledge.foundations) if copies is not None else [],
        "safe_sources": list(knowledge.sources) if copies is not None else [],
        "copies": list(copies) if copies is not None else [(0, 0)] * 4,
    }


def _offsets(lists) -> list[int]:
    """Where each list starts in their concatenation, and where the last ends."""
    out = [0]
    for items in lists:
        out.append(out[-1] + len(items))
    return out


def _says_empty(game: Game, stack: int) -> bool:
    """Whether ``game.takes(stack)`` answers for the stack empty (asked of a copy)."""
    probe = game.copy(history=False)
    probe.cards[stack] = []
    try:
        probe.takes(stack)
    except Exception:
        return False
    return True


def _takes_by_top(game: Game, stack: int) -> list[frozenset[int]]:
    """What a stack whose own rule reads only its top card takes, by top card key (0: empty), asked of
    ``game.takes()`` with the stack holding that card alone for a moment (``game``: a copy of the game searched,
    which nothing else reads meanwhile)."""
    saved = game.cards[stack]
    out: list[frozenset[int]] = [frozenset()] * _KEYS
    try:
        for key in CARD_KEYS:
            game.cards[stack] = [Card(key >> 2, key & 3)]
            out[key] = frozenset(game.takes(stack))
        # A stack nothing leaves that holds cards (Black Hole's hole) is never empty, and its rule need not say
        # what it takes then (why_not checks that the others' does).
        game.cards[stack] = []
        try:
            out[0] = frozenset(game.takes(stack))
        except Exception:
            out[0] = frozenset()
    finally:
        game.cards[stack] = saved
    return out


def _state(game: Game) -> tuple:
    """A position as the core's ``unpack`` gives it: the card keys, the face-down counts, the redeals used."""
    return ([[c[0] * 4 + c[1] for c in pile] for pile in game.cards], list(game.face_down), game.redeals_used)


class NativeSearch:
    """The core set up for one game's class and options, with its position now."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.tables = tables(game)
        self.core = _native.Core(self.tables)
        # Where cards are dealt face down on the piles, the streamlined search takes turns with the complete one,
        # as in the Python schedule (search.solve): a core of its own, with its own table.
        self.lean = None
        if STREAMLINE and any(game.face_down[i] for i in game.tableau_ix):
            self.lean = _native.Core(self.tables)
            self.lean.lean = 1

    def block(self, game: Game | None = None) -> bytes:
        """``game``'s position (by default the one searched) as the core's block."""
        g = self.game if game is None else game
        return self.core.position([len(p) for p in g.cards], list(g.face_down), g.redeals_used,
                                  [[c[0] * 4 + c[1] for c in p] for p in g.cards])

    @staticmethod
    def as_tuple(move: AnyMove) -> tuple[int, int, int, int]:
        """The engine's move as the core lists it: (kind, src, dst, n), a pair's other stack in n (PAIR)."""
        if move is DEAL:
            return (1, 0, 0, 0)
        if move is REDEAL:
            return (2, 0, 0, 0)
        if isinstance(move, Pair):
            return (0, move.src, move.dst, PAIR | move.other)
        return (0, move.src, move.dst, move.n)

    def difference(self, game: Game, keys: dict[Any, bytes]) -> str | None:
        """What the core does otherwise than the Python engine at ``game``'s position (None: nothing): the
        position, the legal moves and their order, the position after each move and whether it is won, one
        core key for one Python key (``keys`` keeps them from call to call, for one game class and options),
        the safe move and the stock plays. ``reussite check`` and the core's tests ask it."""
        core, companion = self.core, companion_for(game)
        block = self.block(game)
        if core.unpack(block) != _state(game):
            return "the position reads otherwise"
        moves = list(game.legal_moves())
        listed = [self.as_tuple(m) for m in moves]
        found = core.legal(block)
        if found != listed:
            return (f"the legal moves differ: {', '.join(map(game.notation, moves))} by the rules, "
                    f"{', '.join(game.notation(self.move(m)) for m in found)} by the core")
        for move, as_tuple in zip(moves, listed, strict=True):
            game.push(move)
            try:
                after = core.after(block, *as_tuple)
                if core.unpack(after) != _state(game):
                    return f"{game.notation(move)} plays otherwise"
                if core.won_at(after) != game.is_won():
                    return f"after {game.notation(move)}, won is {core.won_at(after)} by the core"
                key, python_key = core.key_of(after), companion.key(game)
                if keys.setdefault(key, python_key) != python_key:
                    return f"after {game.notation(move)}, one core key stands for two positions"
            finally:
                game.pop()
        safe = Knowledge(type(game)).safe_move(game)
        if core.safe(block) != (None if safe is None else self.as_tuple(safe)):
            return "the safe move differs"
        if self.tables["stock_plays"]:  # the clicks only as the start of a play from the waste
            useful = companion.useful_moves(game, moves)
            if core.plays(block) != [(3, len(m) - 1, m[-1].dst, 1) if isinstance(m, tuple) else self.as_tuple(m)
                                     for m in useful]:
                return "the stock plays differ"
        return None

    def move(self, move: tuple[int, int, int, int]) -> AnyMove:
        """A core's move as the engine's."""
        kind, src, dst, n = move
        if kind == 1:
            return DEAL
        if kind == 2:
            return REDEAL
        plan = self.game._plan
        if n & PAIR:
            other = n & 0xFF
            found = plan.pair_of.get((src, other))
            if found is None:
                found = plan.pair_of[src, other] = Pair(src, dst, 1, other)
            return found
        if n == 1:
            found = plan.single[src][dst]
            if found is None:
                found = plan.single[src][dst] = Move(src, dst, 1)
            return found
        found = plan.move_of.get((src, dst, n))
        if found is None:
            found = plan.move_of[src, dst, n] = Move(src, dst, n)
        return found

    def run(self, nodes: int | None, check, max_bytes: int | None) -> tuple[str | None, list, list]:
        """Search from the game's position: ("won", line, shorter) with the line found and the same with its
        cycles and detours cut (reussite.solver.shorten's way, at most ``SHORTEN_WORK`` moves tried per move of
        the line), ("lost", [], []) or (None, [], []) with ``stopped`` set.

        The complete search runs alone for ``FIRST_SLICE`` positions, then takes turns with the streamlined
        one (if any), each turn twice as long as the last, and a beam after each turn, twice as wide as the
        last (``BEAM_WIDTH``): the Python schedule's two depth-first searches and its unphased beam. A beam
        that wins gives the line; one that dies out proves nothing."""
        start = self.block()
        core, lean = self.core, self.lean
        share = (max_bytes or 0) // (2 if lean is not None else 1)
        verdict, line = core.begin(start, share), []
        if lean is not None and verdict is None and lean.begin(start, share) is not None:
            lean = None
        self._searching = (core, lean)
        total = nodes or 0
        turn, width = FIRST_SLICE, BEAM_WIDTH
        while verdict is None:
            verdict, line = core.resume(self._cap(core, turn, total), check)
            if verdict is not None or core.stopped != "nodes" or self._spent(total):
                break
            if lean is not None:
                found, lean_line = lean.resume(self._cap(lean, turn, total), check)
                if found == "won":
                    verdict, line = found, lean_line
                    break
                if found == "lost":  # its moves were narrowed: it proved nothing
                    lean = self.lean = None
                    self._searching = (core, None)
                elif lean.stopped != "nodes":
                    core.stopped = lean.stopped
                    break
                if self._spent(total):
                    break
            turn *= 2
            if width and ESTIMATE:
                most = width * BEAM_STEPS if not total else min(width * BEAM_STEPS, total - self.expanded)
                beamed = core.beamed
                try:
                    found, beam_line = core.beam(start, width, most, check)
                except BaseException as stop:  # what check raised: stop as the depth-first search does
                    core.stopped = stop
                    break
                if found == "won":
                    verdict, line = found, beam_line
                    break
                if self._spent(total):
                    core.stopped = "nodes"
                    break
                width *= 2
                # The depth-first turns keep up with the beams, as in the Python schedule.
                turn = max(turn, core.beamed - beamed)
        self.stopped = core.stopped if verdict is None else None
        shorter = core.shorten(start, line, SHORTEN_WORK * len(line)) if line else []
        return verdict, [self.move(m) for m in line], [self.move(m) for m in shorter]

    def _cap(self, search, turn: int, total: int) -> int:
        """Where a search's turn ends: ``turn`` more positions, within the budget of ``total`` for both."""
        end = search.expanded + turn
        if total:
            end = min(end, search.expanded + total - self.expanded)
        return end

    def _spent(self, total: int) -> bool:
        return bool(total) and self.expanded >= total

    @property
    def expanded(self) -> int:
        return sum(c.expanded + c.beamed for c in getattr(self, "_searching", (self.core,)) if c is not None)

    @property
    def table_bytes(self) -> int:
        return sum(c.table_bytes for c in getattr(self, "_searching", (self.core,)) if c is not None)

    @property
    def positions(self) -> int:
        return self.core.positions
