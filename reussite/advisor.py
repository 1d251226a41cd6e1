"""Advice for a player (solver layer): a hint that leads somewhere, and where to undo to after a loss.

:func:`advise` asks the solver for a winning line from the current position within a short budget. A found
line gives a "winning" hint (its first move keeps a win in reach); a proof that no line wins gives "lost"
(no move is proposed); otherwise the hint falls back on the game's own ranking of the moves, among the moves
that lead to a position not seen before in this game, so it never walks in circles, and leaving out while it can
those that send cards back along one of the last eight moves (Spider's t2→t6→t2→t6...), and those that a quick
check proves lead to a dead position while another move is not proved so. "Play it" (:func:`play_advice`)
searches deeper first where no winning line is known.

:func:`last_winnable` walks back along the history of a lost game to the last position from which the
solver proves a win, for an "undo N moves" offer. Winnability along a history only goes one way (a position
from which a winnable one can be reached is winnable), so the first proved win walking back is the last one
going forward, up to the positions the budget left undecided.

Front ends run these off their event loop (see ``reussite.web.worker``); everything here works on copies.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from reussite import solver  # its search loads on first use: the command line reads this module's settings
from reussite.game import AnyMove, Deal, Game, Move, Pair, Redeal
from reussite.messages import N_, Message, ngettext
from reussite.rules import NONE as NONE_TAKEN
from reussite.rules import PICK_NONE, Kind

if TYPE_CHECKING:
    from reussite.solver import Budget

WINNING = "winning"  # the first move of a line the solver has found and verified
HEURISTIC = "heuristic"  # the best-ranked move towards a position not seen before
LOST = "lost"  # the solver proved that no line wins from here
NONE = "none"  # nothing to propose: the game is won, or no move reaches a new position


M_HINT_MOVE = N_("Move {card.the} from {source} to {target}.")
# Said for two cards or more, but a plural entry all the same: languages that count 2 and 5 differently.
M_HINT_MOVE_MANY = ngettext("Move {count} card from {source} to {target}, starting with {card.the}.",
                            "Move {count} cards from {source} to {target}, starting with {card.the}.")
M_HINT_DEAL = N_("Deal from the stock.")
M_HINT_REDEAL = N_("Turn the waste over to redeal.")
M_HINT_PAIR = N_("Remove {card.the} and {other.the} together.")
#: "Winnable deals only": said once :data:`WINNABLE_RARE_AFTER` deals were tried in vain, and when it ends so.
M_WINNABLE_RARE = N_("This game's deals are rarely proved winnable in the time given: the search may end without "
                     "one.")
M_WINNABLE_NONE = ngettext("The solver proved none of the {count} deal it tried winnable ({seconds:g} s each at "
                           "most): this game's deals are rarely proved winnable in the time given.",
                           "The solver proved none of the {count} deals it tried winnable ({seconds:g} s each at "
                           "most): this game's deals are rarely proved winnable in the time given.")
#: Said after a suggestion (not from a winning line) in a game whose moves are final (:func:`moves_are_final`).
M_FINAL_GUESS = N_("No move of this game can be taken back by play: a suggestion may lose it for good.")


def describe_move(game: Game, move: AnyMove) -> Message:
    """``move`` in words, for a hint: which card goes from which stack to which."""
    if isinstance(move, Deal):
        return Message(M_HINT_DEAL)
    if isinstance(move, Redeal):
        return Message(M_HINT_REDEAL)
    if move.__class__ is Pair:
        pile, other = game.cards[move.src], game.cards[move.other]
        second = pile[-2] if move.other == move.src else other[-1]
        return Message(M_HINT_PAIR, {"card": pile[-1], "other": second, "source": game.specs[move.src].name,
                                     "target": game.specs[move.other].name})
    params = {"card": game.cards[move.src][-move.n], "source": game.specs[move.src].name,
              "target": game.specs[move.dst].name, "count": move.n}
    if move.n == 1:
        return Message(M_HINT_MOVE, params)
    del params["count"]
    return Message(M_HINT_MOVE_MANY[0], params, plural=M_HINT_MOVE_MANY[1], count=move.n)


@dataclass
class Advice:
    kind: str
    move: AnyMove | None = None
    line: list = field(default_factory=list)  # for WINNING: the whole line from the current position
    seconds: float = 0.0
    cancelled: bool = False  # the search was cancelled (the advice is the heuristic fallback)
    deep: bool = False  # as deep as "Play it" searches at this position (see play_advice)


def exact_key(game: Game) -> tuple:
    """The position exactly, stacks in place: a line found for it applies move for move (the canonical
    ``position_key`` folds swapped stacks, whose lines would name other stacks)."""
    return game.snapshot()


def _prefix(game: Game) -> tuple:
    return type(game), tuple(sorted((getattr(game, "option_values", None) or {}).items()))


class LineCache:
    """Winning lines already found, by the exact positions along them: following a winning hint, the next
    hint is the next move of the same line, with no new search. Bounded; the oldest lines go first."""

    def __init__(self, max_positions: int = 20000) -> None:
        self.max_positions = max_positions
        self._lines: OrderedDict[tuple, list] = OrderedDict()
        #: Positions (canonical keys) from which a search at "Play it"'s budget found no line (see play_advice).
        self._undecided: OrderedDict[tuple, None] = OrderedDict()

    def mark_undecided(self, game: Game) -> None:
        self._undecided[(_prefix(game), game.position_key())] = None
        while len(self._undecided) > 1000:
            self._undecided.popitem(last=False)

    def searched_deeply(self, game: Game) -> bool:
        """Whether a search at "Play it"'s budget already stayed undecided at this position or one before it
        in this game's history."""
        prefix = _prefix(game)
        return any((prefix, key) in self._undecided for key in game.seen_positions())

    def __len__(self) -> int:
        return len(self._lines)

    def store(self, game: Game, line: list) -> None:
        probe = game.copy(history=False)
        probe.track_positions = False
        prefix = _prefix(game)
        for k, move in enumerate(line):
            self._lines[(prefix, exact_key(probe))] = line[k:]
            probe.push(move, check=False)
        while len(self._lines) > self.max_positions:
            self._lines.popitem(last=False)

    def lookup(self, game: Game) -> list | None:
        prefix = _prefix(game)
        line = self._lines.get((prefix, exact_key(game)))
        if line and game.is_legal(line[0]):
            return line
        return None


def moves_are_final(game: Game) -> bool:
    """Whether no move of the game can be taken back by play, as its declarations say: every stack that takes
    cards is a foundation that gives none back, and the stock is never turned over again (Black Hole, Golf).
    A guess there may lose the game for good (the page and text mode ask before playing one)."""
    if game.redeals != 0:
        return False
    for spec in game.specs:
        rule = spec.rule
        takes = ((rule.own_rule or rule.build is not None or rule.empty != NONE_TAKEN)
                 and rule.accepts_from != frozenset())
        if takes and not (spec.kind is Kind.FOUNDATION and rule.pickup == PICK_NONE):
            return False
    return True


def rank_move(game: Game, move: AnyMove) -> int:
    """How good ``move`` looks at a glance, higher is better: a simple, predictable order (foundations first,
    then cards turned up and piles emptied) for the heuristic hint and for trying the winning lines."""
    if not isinstance(move, Move):
        return 1
    src, dst = game.specs[move.src], game.specs[move.dst]
    if src.kind is Kind.FOUNDATION:
        return 0
    score = 10
    if dst.kind is Kind.FOUNDATION:
        score += 100
    pile = game.cards[move.src]
    if len(pile) == move.n:
        score += 20 if src.kind is not Kind.TABLEAU or dst.kind is Kind.FOUNDATION else 5
    elif len(pile) - move.n <= game.face_down[move.src]:
        score += 30  # turns a card up
    if not game.cards[move.dst]:
        score -= 8  # spending an empty pile is a cost
    if src.kind in (Kind.WASTE, Kind.RESERVE):
        score += 6
    last = game.last_move
    if isinstance(last, Move) and last.src == move.dst and last.dst == move.src:
        score = 2  # undoing the previous move
    return score


#: How many of the last moves a hint that is not from a winning line never sends cards back along.
RECENT = 8


def goes_back(game: Game, move: AnyMove, recent: int = RECENT) -> bool:
    """Whether ``move`` sends cards back to a stack one of the last ``recent`` moves took cards from, onto it
    from the stack they went to (t2→t6, then t6→t2): undoing a recent move, often by another way round."""
    if not isinstance(move, Move) or move.__class__ is Pair:
        return False
    for past in game.history[-recent:]:
        if isinstance(past, Move) and past.__class__ is not Pair and past.src == move.dst and past.dst == move.src:
            return True
    return False


def heuristic_move(game: Game) -> AnyMove | None:
    """The game's own best-ranked move among those reaching a position not seen before in this game (the
    first in legal-move order on a tie), leaving out those that send cards back along one of the last
    :data:`RECENT` moves (:func:`goes_back`) while another move is left; None when there is none."""
    best, best_score, back, back_score = None, None, None, None
    for move in game.progress_moves():
        score = rank_move(game, move)
        if goes_back(game, move):
            if back_score is None or score > back_score:
                back, back_score = move, score
        elif best_score is None or score > best_score:
            best, best_score = move, score
    return best if best is not None else back


#: Positions a quick check searches after a guessed move, to leave out a move into a position proved dead, and
#: how many of the best-ranked moves are checked at most.
QUICK_NODES = 300
QUICK_MOVES = 6


def proved_dead(game: Game, move: AnyMove, cancel: Callable[[], bool] | None = None,
                nodes: int = QUICK_NODES) -> bool:
    """Whether the solver proves, within ``nodes`` positions, that no line wins after ``move``."""
    probe = game.copy(history=False)
    probe.track_positions = False
    probe.push(move, check=False)
    if probe.is_won():
        return False
    return solver.solve(probe, nodes=nodes, cancel=cancel).verdict is solver.Verdict.LOST


def guess_move(game: Game, cancel: Callable[[], bool] | None = None) -> AnyMove | None:
    """The hint that is not from a winning line: :func:`heuristic_move`'s choice, unless a quick check
    (:func:`proved_dead`) proves it leads to a dead position while another of the :data:`QUICK_MOVES` best is
    not proved so; then the best-ranked such move (Golf #7, second move: the best-ranked card onto the
    foundation left no win, dealing did)."""
    moves = game.progress_moves()
    # Best first, as heuristic_move ranks them (stable: the first in legal-move order on a tie).
    moves.sort(key=lambda m: (not goes_back(game, m), rank_move(game, m)), reverse=True)
    for move in moves[:QUICK_MOVES]:
        if cancel is not None and cancel():
            break
        if not proved_dead(game, move, cancel):
            return move
    return moves[0] if moves else None


def _returns(game: Game, move: AnyMove, seen: set[bytes]) -> bool:
    """Whether ``move`` leads back to a position already reached in this game."""
    probe = game.copy(history=False)
    probe.track_positions = False
    probe.push(move, check=False)
    return probe.position_key() in seen


def _winning_progress(game: Game, deadline: float, cancel: Callable[[], bool] | None,
                      cache: LineCache | None, nodes: int | None = None) -> list | None:
    """A winning line whose first move reaches a new position: the moves towards new positions are tried
    best-ranked first, each searched until ``deadline``; None if none is proved to win in time."""
    for move in sorted(game.progress_moves(), key=lambda m: rank_move(game, m), reverse=True):
        left = deadline - time.perf_counter()
        if left <= 0 or (cancel is not None and cancel()):
            return None
        probe = game.copy(history=False)
        probe.push(move, check=False)
        line = cache.lookup(probe) if cache is not None else None
        if line is None:
            result = solver.solve(probe, seconds=left, nodes=nodes, cancel=cancel)
            if result.verdict is not solver.Verdict.WON:
                continue
            line = result.line
        return [move, *line]
    return None


#: A hint's CPU time for a game the solver decides at once; :func:`hint_seconds` gives more to harder games.
BASE_HINT_SECONDS = 1.0
#: How many times :data:`BASE_HINT_SECONDS` a game whose measured deals the solver never decided gets.
HARDEST_HINT_FACTOR = 5.0
#: The ceiling a player sets on a hint's time by default: "Play it"'s deeper search takes this long too, as
#: long as the page's demo ("Solve").
DEFAULT_HINT_LIMIT = 10.0


def hint_seconds(game_class: type, limit: float = DEFAULT_HINT_LIMIT) -> float:
    """The default CPU time of a hint in ``game_class``, within ``limit`` (the player's ceiling): more for a
    game the solver needs more for, measured by its recorded winnability (``Game.winnability``: the share of
    deals its budget left undecided), from :data:`BASE_HINT_SECONDS` for a game it always decides to
    :data:`HARDEST_HINT_FACTOR` times that for one it never does (Black Hole: 166 of 200 deals undecided at 500
    positions, 4.3 s). A game never measured gets the base."""
    figures = getattr(game_class, "winnability", None) or {}
    counts = [figures.get(k) for k in ("won", "lost", "unknown")]
    share = 0.0
    if all(isinstance(c, int) and c >= 0 for c in counts) and sum(counts):
        share = counts[2] / sum(counts)
    seconds = BASE_HINT_SECONDS * (1 + (HARDEST_HINT_FACTOR - 1) * share)
    return round(min(seconds, max(0.0, limit)), 1)


#: A hint's wall-clock ceiling: its CPU budget plus this many seconds (a loaded machine slows the search down,
#: never the player by more than this).
WALL_GRACE = 2.0


class CpuBudget:
    """A search's budget in this thread's CPU time, polled as the solver's ``cancel``: however busy the machine
    (other processes, the child at nice 19), the search gets as much work done. ``cancel``: the caller's own
    cancellation, polled first; :attr:`spent` tells the two apart afterwards."""

    def __init__(self, seconds: float, cancel: Callable[[], bool] | None = None) -> None:
        self.seconds, self.cancel = seconds, cancel
        self.started = time.thread_time()
        self.spent = False

    def __call__(self) -> bool:
        if self.cancel is not None and self.cancel():
            return True
        self.spent = self.spent or time.thread_time() - self.started > self.seconds
        return self.spent

    def allow(self, more: float) -> None:
        """``more`` CPU seconds from now on, even when the budget is spent."""
        self.started, self.spent = time.thread_time() - max(0.0, self.seconds - more), False


def cpu_solve(game: Game, seconds: float, cancel: Callable[[], bool] | None = None,
              wall_seconds: float | None = None, nodes: int | None = None) -> solver.Result:
    """``solver.solve`` within ``seconds`` of this thread's CPU time (see :class:`CpuBudget`) and ``wall_seconds``
    on the clock (by default ``seconds`` plus :data:`WALL_GRACE`): the budget of the page's live check and demo,
    as of a hint. A search that ran out of CPU stops as "time"; "cancelled" is the caller's ``cancel`` only."""
    budget = CpuBudget(seconds, cancel)
    result = solver.solve(game, seconds=seconds + WALL_GRACE if wall_seconds is None else wall_seconds,
                          nodes=nodes, cancel=budget)
    if result.stopped_by == "cancelled" and budget.spent:
        result.stopped_by = "time"
    return result


def advise(game: Game, seconds: float = 1.0, cancel: Callable[[], bool] | None = None,
           cache: LineCache | None = None, wall_seconds: float | None = None, nodes: int | None = None) -> Advice:
    """The hint for ``game``'s current position (``game`` is not changed). See the module's docstring.

    ``seconds`` is the search's own CPU time (this thread's: however busy the machine, a hint searches as much),
    within ``wall_seconds`` on the clock (by default ``seconds`` plus :data:`WALL_GRACE`, so the player never
    waits much longer). A winning line may start by going back to a position the player has already reached
    (the solver does not know the game's history); then the moves towards new positions are searched first
    with the time left, so that a winning hint, too, avoids walking in circles when it can. ``nodes``: a
    budget in positions for each search as well (the same hint on any machine, for tests and benchmarks)."""
    start = time.perf_counter()
    wall = seconds + WALL_GRACE if wall_seconds is None else wall_seconds
    deadline = start + wall
    stop = CpuBudget(seconds, cancel)

    if game.is_won():
        return Advice(NONE)
    cached = line = cache.lookup(game) if cache is not None else None
    cancelled = False
    if line is None and seconds > 0:
        result = solver.solve(game, seconds=wall, nodes=nodes, cancel=stop)
        if result.verdict is solver.Verdict.WON and result.line:
            line = result.line
        elif result.verdict is solver.Verdict.LOST:
            return Advice(LOST, seconds=time.perf_counter() - start)
        cancelled = result.stopped_by == "cancelled" and not stop.spent
    if line and _returns(game, line[0], game.seen_positions()):
        # Some time for the alternatives even when the first search used it all.
        stop.allow(min(seconds, 0.5))
        line = _winning_progress(game, max(deadline, time.perf_counter() + min(wall, 0.5)), stop,
                                 cache, nodes) or line
    if line:
        if cache is not None and line is not cached:
            cache.store(game, line)
        return Advice(WINNING, line[0], list(line), time.perf_counter() - start)
    move = guess_move(game, cancel) if seconds > 0 else heuristic_move(game)  # 0: no search, no check
    return Advice(HEURISTIC if move is not None else NONE, move, seconds=time.perf_counter() - start,
                  cancelled=cancelled)


def play_advice(game: Game, seconds: float, deep_seconds: float, cache: LineCache,
                cancel: Callable[[], bool] | None = None, nodes: int | None = None,
                deep_nodes: int | None = None) -> Advice:
    """The move "Play it" plays: a winning line's next move when one is known; otherwise the hint searched at
    the deeper budget (``deep_seconds`` of CPU, ``deep_nodes`` positions), once along a line of play, so that
    a player pressing "Play it" from the deal on wins every deal the solver wins at that budget (a quick hint
    left Black Hole #11 to a guess that led to a dead end in 7 moves). Once such a search has found no line at
    this position or one before it, the guesses that follow cost only the hint's budget (``seconds``,
    ``nodes``): a deal the solver cannot decide is not searched for long at every press."""
    if game.is_won() or cache.lookup(game) is not None or cache.searched_deeply(game):
        advice = advise(game, seconds=seconds, cancel=cancel, cache=cache, nodes=nodes)
        advice.deep = True  # as deep as "Play it" searches here
        return advice
    advice = advise(game, seconds=deep_seconds, cancel=cancel, cache=cache, nodes=deep_nodes)
    advice.deep = True
    if advice.kind == HEURISTIC and not advice.cancelled:
        cache.mark_undecided(game)
    return advice


@dataclass
class Rewind:
    """Where to undo to: ``undo`` moves back, a position from which ``line`` wins."""

    undo: int
    line: list
    searched: int  # positions looked at (walking back)


def last_winnable(game: Game, budget: Budget | float = 1.0, *, total_seconds: float | None = 10.0,
                  cancel: Callable[[], bool] | None = None, start: int = 1) -> Rewind | None:
    """The last position along ``game``'s history from which the solver proves a win, as a number of moves
    to undo (``start`` or more); None if none is proved within the time given (``budget`` per position,
    ``total_seconds`` in all) or the deal itself cannot be won. Meant for a position that is lost (by the
    engine's rule or the solver's proof); ``game`` is not changed.

    Winnability only goes one way along a history, so the search gallops back (1, 2, 4, 8... moves) to a
    proved win, then halves the gap to the last lost position: a few searches even for a long game. A
    position the budget leaves undecided counts as not proved winnable, so the answer is always a proved win,
    though perhaps not the last one."""
    if not isinstance(budget, solver.Budget):
        budget = solver.Budget(seconds=float(budget))
    history = game.history
    total = len(history)
    if total < start:
        return None
    deadline = None if total_seconds is None else time.perf_counter() + total_seconds
    probe = game.copy(history=True)
    probe.track_positions = False
    searched = 0

    def goto(played: int) -> None:
        while probe.move_count > played:
            probe.pop()
        while probe.move_count < played:
            probe.push(history[probe.move_count], check=False)

    def winning(undo: int) -> list | None | bool:
        """The line from ``undo`` moves back if proved winnable; None if not; False if out of time."""
        nonlocal searched
        if cancel is not None and cancel():
            return False
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            return False
        goto(total - undo)
        seconds = budget.seconds if left is None else min(budget.seconds or left, left)
        result = solver.solve(probe, nodes=budget.nodes, seconds=seconds, memory_mb=budget.memory_mb, cancel=cancel)
        searched += 1
        if result.stopped_by == "cancelled":
            return False
        return list(result.line) if result.verdict is solver.Verdict.WON else None

    not_won, step = start - 1, 1  # not_won: the furthest undo known not to be a proved win
    found: tuple[int, list] | None = None
    while found is None:
        undo = min(not_won + step, total)
        line = winning(undo)
        if line is False:
            return None
        if line is not None:
            found = (undo, line)
        elif undo == total:
            return None
        else:
            not_won, step = undo, step * 2
    # The last proved win lies between not_won (exclusive) and found (inclusive).
    while found[0] - not_won > 1:
        mid = (found[0] + not_won) // 2
        line = winning(mid)
        if line is False:
            break
        if line is not None:
            found = (mid, line)
        else:
            not_won = mid
    return Rewind(found[0], found[1], searched)


@dataclass
class Found:
    """A deal the solver proves winnable: its number, the line that wins it, how many numbers were tried; or,
    with ``number`` None, how many were tried in vain."""

    number: int | None
    line: list
    tried: int


#: "Winnable deals only": the solver's CPU time for each deal, how many numbers to try at most, and its CPU
#: time for the whole search (then it says plainly that this game's deals are rarely proved winnable).
WINNABLE_SECONDS = 2.0
WINNABLE_TRIES = 200
WINNABLE_TOTAL_SECONDS = 30.0


#: After this many deals tried in vain, the search says that this game's deals are rarely proved winnable.
WINNABLE_RARE_AFTER = 5


def no_winnable_message(found: Found, seconds: float) -> Message:
    """What to say when a search for a winnable deal tried ``found.tried`` numbers in vain."""
    return Message(M_WINNABLE_NONE[0], {"seconds": seconds}, plural=M_WINNABLE_NONE[1], count=found.tried)


def next_winnable(make_game: Callable[[int], Game], first: int, seconds: float = WINNABLE_SECONDS, *,
                  tries: int = WINNABLE_TRIES, total_seconds: float | None = WINNABLE_TOTAL_SECONDS,
                  cancel: Callable[[], bool] | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Found | None:
    """The first game number from ``first`` on (``first``, ``first + 1``...) whose deal the solver proves
    winnable within ``seconds`` of its CPU time; a ``Found`` with no number after ``tries`` numbers or
    ``total_seconds`` of CPU time in all; None when cancelled. ``make_game(number)`` deals the game;
    ``progress(number, tried)`` is called before each deal is searched. The numbers stay the usual ones, so a
    deal found here is the same deal in any program that deals it by number."""
    from reussite.cards import MAX_GAME_NUMBER, MIN_GAME_NUMBER

    number = first
    started = time.thread_time()
    for tried in range(tries):
        if cancel is not None and cancel():
            return None
        left = None if total_seconds is None else total_seconds - (time.thread_time() - started)
        if left is not None and left <= 0:
            return Found(None, [], tried)
        if progress is not None:
            progress(number, tried)
        result = cpu_solve(make_game(number), seconds if left is None else min(seconds, left), cancel=cancel)
        if result.verdict is solver.Verdict.WON:
            return Found(number, list(result.line), tried + 1)
        if result.stopped_by == "cancelled":
            return None
        number = number + 1 if number < MAX_GAME_NUMBER else MIN_GAME_NUMBER
    return Found(None, [], tries)


__all__ = ["HEURISTIC", "LOST", "NONE", "RECENT", "WINNING", "Advice", "CpuBudget", "Found", "LineCache", "Rewind",
           "advise", "cpu_solve", "goes_back", "guess_move", "heuristic_move", "hint_seconds", "last_winnable",
           "moves_are_final", "next_winnable", "no_winnable_message", "play_advice", "proved_dead"]
