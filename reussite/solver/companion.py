"""What a game tells the solver beyond its rules, kept beside the game and never inside it.

A :class:`Companion` is to a variant what PySolFC's ``Solver_Class`` is to a game: the search asks it about
every position (which move is safe to play at once, whether the position is a dead end, which moves are worth
trying, how far the position has got). The base class answers from the game's declarations alone, so a game
that declares no companion is searched with everything the rules let the solver work out for itself (see
:mod:`reussite.solver.derive`). A game with knowledge of its own attaches a subclass by one declaration on
the variant class, a ``"module:Class"`` string imported only when the solver first runs::

    class Tournament(Variant):
        solver_companion = "reussite_plugins.tournament_solver:TournamentSolver"

Each method takes the game at the position asked about (a private copy the search plays on) and must keep
the promise its docstring states: a wrong ``safe_move``, ``dead_end``, ``useful_moves`` or ``key`` makes
"lost" verdicts wrong; ``progress``, ``estimates``, ``phase`` and the tuning attributes only change how soon
a verdict comes, never which. ``tests/solver`` checks every bundled and example game against an exhaustive
search on small positions.

Variants written before companions existed overrode ``Game.safe_move``, ``dead_end``, ``useful_moves``,
``solver_key``, ``solver_progress``, ``solver_phase``, ``solver_estimates`` and the ``solver_*`` tuning
attributes: those still work through :class:`LegacyHints`, with a :class:`DeprecationWarning` naming the
class, and will be dropped in a later release.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from reussite.rules import EMPTY_KEY, PICK_RUN, PICK_RUN_BY_SPACES
from reussite.solver import derive

if TYPE_CHECKING:
    from reussite.game import AnyMove, Game


#: How many piles' disorder terms ``Companion.progress`` keeps (by stack and stack key), about 20 MB at most.
_DISORDER_KEPT = 1 << 17
#: A foundation that takes more cards than this at once says nothing about which card is wanted next.
_WANTED_MOST = 8
#: How many states of the foundations ``Companion._wanted`` keeps a table for (about 5 MB at most).
_WANTED_KEPT = 1 << 14


class Companion:
    """The solver's knowledge of one game class; one instance per class, shared by every search of it."""

    #: How many positions the depth-first search gets alone before the first beam searches (half of it is
    #: also the least the complete searches get at each turn).
    first_slice: int = 2000
    #: How many positions the first beam searches keep at each move (twice as many at each turn).
    beam_width: int = 20
    #: How many positions the depth-first search gets at each turn for each one a beam search took.
    complete_share: float = 1.0
    #: How many positions each best-first search gets at each turn for each one the depth-first search gets.
    best_first_share: int = 1
    #: What an empty reserve that takes a card counts for in ``progress`` (an empty tableau pile counts 1).
    reserve_weight: float = 1.0
    #: What each card above the deepest card of a pile that a foundation takes now costs in ``progress``.
    #: With these two terms (against both 0), at 9,000 positions a deal: FreeCell 1-200, 198 won against
    #: 188; Baker's Game 1-40, 32 won against 30; Klondike by ones 1-40, 31 against 30 (at 10,000). At 30,000
    #: on deals 1-200: FreeCell 200 won against 197, Klondike by ones 163 against 158, Baker's Game 192
    #: decided against 188, Klondike by threes 144 against 145; Spider, Mount Olympus and Osmosis the same.
    blocked_weight: float = 0.5

    def __init__(self, game_class: type[Game]) -> None:
        self.game_class = game_class
        self.derived = derive.Knowledge(game_class)
        self._disorder: dict[tuple[int, bytes], int] = {}  # see progress
        self._wanted_tables: dict[tuple[bytes, ...], bytes | None] = {}  # see _wanted
        self._never_wanted: dict[tuple, bool] = {}  # per set of options (see _wanted)
        self._runs: dict[tuple, tuple | None] = {}  # per set of options (see _run_tables)

    def safe_move(self, game: Game) -> AnyMove | None:
        """A move to play at once without trying the others: if any line wins from here, one starting with
        this move wins too. Default: a card to a foundation that no card left in play could ever need as a
        base (worked out from the declarations, :mod:`reussite.solver.derive`), or None."""
        return self.derived.safe_move(game)

    def dead_end(self, game: Game) -> bool:
        """True only when no line can win from here (the position is stored and not expanded); asked once
        per new position with no safe move, so keep it cheap. Default: what the declarations prove."""
        return self.derived.dead_end(game)

    def useful_moves(self, game: Game, moves: list) -> list:
        """The moves worth searching, out of the legal ``moves``: some may be left out and move sequences
        (tuples of moves, each legal in turn) added, as long as a win, if any, stays reachable through them;
        it must depend on the position only. Default: where the stock only ever turns cards onto a waste
        that takes none back, the stock clicks come only as the start of a sequence that then plays the card
        they bring to the top of the waste (see :mod:`reussite.solver.derive`); otherwise ``moves``."""
        return self.derived.useful_moves(game, moves)

    def key(self, game: Game) -> bytes:
        """The transposition table's key: equal only for positions with the same future as far as winning
        goes (with :meth:`useful_moves`). Default: ``game.position_key()``, where the game plays by its
        declarations alone with the cards buried in stacks nothing leaves folded (:mod:`reussite.solver.derive`)."""
        return self.derived.key(game)

    def progress(self, game: Game) -> float:
        """How far the position has got, higher is better: it orders the moves and leads the beam and
        best-first searches. Default, all of it read from the declarations so every game gets it: 4 a card
        on the foundations, 1 an empty tableau pile and ``reserve_weight`` an empty reserve that takes a
        card; less half a point for each tableau card that is face down or does not follow the card under it
        by its pile's build, or does not move with it where the variant's own ``run_length`` or ``max_movable``
        says which cards move together (it must move before the cards under it can; see ``_run_tables``: Spider
        with two suits, deals 1-10 at 30,000 positions, 2 won against 0; Spiderette deals 1-20 at 10,000, 2
        against 0; Simple Simon deals 1-20 at 5,000, 14 against 0), and
        ``blocked_weight`` for each
        card above the deepest card of a pile that a foundation takes now (what must move first to play it).
        Deals 1-20 at 30,000 positions: FreeCell 19 won against 16 without the disorder term, Klondike by
        threes 15 decided against 13; for the other two terms see ``blocked_weight``."""
        cards, face_down = game.cards, game.face_down
        rules, kept = game._rules, self._disorder
        runs = self._runs.get(tuple(game.option_values.items()), False)
        if runs is False:
            runs = self._run_tables(game)
        score = 4.0 * game.on_foundations()
        reserve_weight, blocked_weight = self.reserve_weight, self.blocked_weight
        if reserve_weight:
            for i in game.reserve_ix:
                if not cards[i] and rules[i].may_take:
                    score += reserve_weight
        wanted = self._wanted(game) if blocked_weight else None
        for i in game.tableau_ix:
            pile = cards[i]
            if not pile:
                score += 1
                continue
            key = game.stack_key(i)
            out = kept.get((i, key))
            if out is None:
                on, down = (rules[i].runs_on if runs is None else runs[i]), face_down[i]
                out = down
                for j in range(max(1, down), len(pile)):
                    lower, upper = pile[j - 1], pile[j]
                    if upper[0] * 4 + upper[1] not in on[lower[0] * 4 + lower[1]]:
                        out += 1
                if len(kept) >= _DISORDER_KEPT:
                    kept.clear()
                kept[i, key] = out
            score -= 0.5 * out
            if wanted is not None:
                # The stack key is its length, its face-down count, then its cards' keys from the bottom:
                # marked, the first wanted one found is the deepest.
                j = key.translate(wanted).find(1, 2)
                if j >= 0:
                    score -= blocked_weight * (len(key) - 1 - j)
        return score

    def _run_tables(self, game: Game) -> tuple | None:
        """Where the variant says which cards move together (its own ``run_length`` or ``max_movable``: Spider's
        runs of one suit, Simple Simon's sequences of one suit with no empty pile, on piles built in any
        suit): per stack, which cards follow each card both by the build and as a run that moves, read by
        asking ``max_movable`` (which asks ``run_length``) about a pile of two cards, each pair in turn, every
        other pile holding a card; None where every answer is the build's (and if the answers cannot be read
        so). The disorder term then counts a card that can go on the one under it but not move with it: it
        must move before the cards under it can go anywhere together."""
        from reussite.game import Game

        options = tuple(game.option_values.items())
        found = None
        cls = type(game)
        if (cls.run_length is not Game.run_length or cls.max_movable is not Game.max_movable) and \
                len(game.tableau_ix) > 1:
            try:
                found = self._read_runs(game)
            except Exception:  # the override needs more than two cards to answer: the build alone, then
                found = None
        self._runs[options] = found
        return found

    @staticmethod
    def _read_runs(game: Game) -> tuple | None:
        probe = game.copy(history=False)
        firsts: dict[int, object] = {}
        for card in probe.pack():
            firsts.setdefault(card[0] * 4 + card[1], card)
        filler = next(iter(firsts.values()))
        piles = probe.tableau_ix
        for i in piles:  # no empty pile: the run that moves by itself, not through spaces
            probe.cards[i], probe.face_down[i] = [filler], 0
            probe._stack_keys[i] = None
        tables: list = list(probe._rules[i].on for i in range(len(probe.cards)))
        read: dict = {}
        differs = False
        for i in piles:
            rule = probe._rules[i]
            on = rule.on
            if rule.pickup not in (PICK_RUN, PICK_RUN_BY_SPACES):  # the top card alone moves: the build says all
                continue
            if id(on) in read:
                tables[i] = read[id(on)]
                continue
            dst = piles[1] if i == piles[0] else piles[0]
            table = {}
            for low, lower in firsts.items():
                takes = on[low] if low < len(on) else frozenset()
                kept = set()
                for up in takes:
                    upper = firsts.get(up)
                    if upper is None:
                        continue
                    probe.cards[i] = [lower, upper]
                    probe._stack_keys[i] = None
                    if probe.max_movable(i, dst) >= 2:
                        kept.add(up)
                table[low] = frozenset(kept)
            probe.cards[i] = [filler]
            probe._stack_keys[i] = None
            full = [table.get(k, frozenset()) for k in range(len(on))]
            differs = differs or full != list(on)
            tables[i] = read[id(on)] = full
        return tuple(tables) if differs else None

    def _wanted(self, game: Game) -> bytes | None:
        """The cards the foundations take now, as a table for ``bytes.translate`` that marks their keys 1 and
        every other byte 0; None if there are none (a foundation that would take more than a few, or whose
        rule the variant answers itself, tells nothing and is left out). Kept by the foundations' keys."""
        # The foundations' tables follow the options and the base rank (empty=Base(...)): kept by both.
        options = (*game.option_values.items(), game.base_rank)
        never = self._never_wanted.get(options)
        if never is None:
            never = self._never_wanted[options] = not any(
                0 < len(takes) <= _WANTED_MOST for f in game.foundation_ix if not game._rules[f].own
                for takes in game._rules[f].takes)
        if never:  # no foundation ever tells which card it wants (Spider's take whole runs by themselves)
            return None
        found = (game.base_rank, *map(game.stack_key, game.foundation_ix))
        table = self._wanted_tables.get(found, False)
        if table is not False:
            return table
        wanted: set[int] = set()
        cards, rules = game.cards, game._rules
        for f in game.foundation_ix:
            rule = rules[f]
            if rule.own:
                continue
            pile = cards[f]
            takes = rule.takes[EMPTY_KEY if not pile else pile[-1][0] * 4 + pile[-1][1]]
            if len(takes) <= _WANTED_MOST:
                wanted |= takes
        table = bytes(k in wanted for k in range(256)) if wanted else None
        if len(self._wanted_tables) >= _WANTED_KEPT:
            self._wanted_tables.clear()
        self._wanted_tables[found] = table
        return table

    def estimates(self, game: Game) -> tuple[Callable[[Game], float], ...]:
        """The progress estimates the beam and best-first searches follow from ``game`` (the position the
        search starts from), one search of each per estimate, each a function of a game scored like
        :meth:`progress`. Default: :meth:`progress` alone."""
        return (self.progress,)

    def phase(self, game: Game) -> Hashable | None:
        """Which stage of the game the position is at, or None (no phases). With phases, each turn runs a
        phased beam per estimate first, keeping a few positions of each phase (Tournament: the redeals used
        and the cards left in the stock). Default: None."""
        return None


#: The ``Game`` methods and attributes that held solver hints before companions (see :class:`LegacyHints`).
LEGACY_METHODS = ("safe_move", "dead_end", "useful_moves", "solver_key", "solver_progress", "solver_phase",
                  "solver_estimates")
LEGACY_ATTRIBUTES = {"solver_first_slice": "first_slice", "solver_beam_width": "beam_width",
                     "solver_complete_share": "complete_share", "solver_best_first_share": "best_first_share"}


def legacy_hints(game_class: type[Game]) -> list[str]:
    """The old-style hint names a variant class (or a class between it and ``Game``) defines itself."""
    from reussite.game import Game

    return [name for name in (*LEGACY_METHODS, *LEGACY_ATTRIBUTES)
            if getattr(game_class, name, None) is not getattr(Game, name, None)]


class LegacyHints(Companion):
    """A companion that forwards to the hint methods a variant class still defines itself (deprecated), over
    the companion the class declares, if any (``legacy_companion``)."""

    def __init__(self, game_class: type[Game]) -> None:
        super().__init__(game_class)
        own = set(legacy_hints(game_class))
        for old, new in LEGACY_ATTRIBUTES.items():
            if old in own:
                setattr(self, new, getattr(game_class, old))
        for name, method in (("safe_move", "safe_move"), ("dead_end", "dead_end"), ("solver_key", "key"),
                             ("solver_progress", "progress"), ("solver_phase", "phase"),
                             ("useful_moves", "useful_moves")):
            if name in own:
                setattr(self, method, getattr(game_class, name))
        self._estimates = game_class.solver_estimates if "solver_estimates" in own else None

    def estimates(self, game: Game) -> tuple[Callable[[Game], float], ...]:
        own = self._estimates
        return super().estimates(game) if own is None else own(game)


def legacy_companion(base: type[Companion]) -> type[Companion]:
    """LegacyHints over ``base``: the old-style hints first, ``base`` for the rest."""
    if base is Companion:
        return LegacyHints
    return type(f"Legacy{base.__name__}", (LegacyHints, base), {})


_COMPANIONS: dict[type, Companion] = {}


class CompanionError(TypeError):
    """A variant's ``solver_companion`` declaration does not name a Companion subclass."""


def _resolve(game_class: type[Game]) -> type[Companion]:
    declared = getattr(game_class, "solver_companion", None)
    found = Companion if declared is None else _declared(game_class, declared)
    legacy = legacy_hints(game_class)
    if legacy:
        warnings.warn(f"{game_class.__module__}.{game_class.__qualname__} defines solver hints on the game "
                      f"({', '.join(legacy)}): move them to a reussite.solver.companion.Companion subclass "
                      "named by solver_companion (docs/plugin-guide.md)", DeprecationWarning, stacklevel=3)
        return legacy_companion(found)
    return found


def _declared(game_class: type[Game], declared) -> type[Companion]:
    if isinstance(declared, str):
        module, _, name = declared.partition(":")
        try:
            found = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError) as exc:
            raise CompanionError(f"{game_class.__qualname__}.solver_companion = {declared!r}: cannot import it "
                                 f"({exc})") from exc
    else:
        found = declared
    if not (isinstance(found, type) and issubclass(found, Companion)):
        raise CompanionError(f"{game_class.__qualname__}.solver_companion = {declared!r} is not a subclass of "
                             "reussite.solver.companion.Companion")
    return found


def companion_for(game: Game | type[Game]) -> Companion:
    """The companion of a game (or game class), made once per class."""
    game_class = game if isinstance(game, type) else type(game)
    companion = _COMPANIONS.get(game_class)
    if companion is None:
        companion = _COMPANIONS[game_class] = _resolve(game_class)(game_class)
    return companion
