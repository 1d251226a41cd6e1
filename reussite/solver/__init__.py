"""The solver (a layer between the variants and the front ends): does a deal or a position win, with which
line, or is it proved lost? See :func:`solve`, ``reussite solve``, ``reussite winnability`` and
``docs/winnability.md``.

Public API: ``solve(game, budget=None, *, nodes, seconds, memory_mb, cancel) -> Result``, :class:`Budget`,
:class:`Result` (``verdict``, ``line``, ``nodes``, ``positions``, ``seconds``, ``stopped_by``, ``memory_mb``,
``decided``, ``notation()``), :class:`Verdict` (WON, LOST, UNKNOWN), :class:`SolverError`. Bulk solving
(a range of deals, results files, statistics) is in :mod:`reussite.solver.batch`.

What a variant may tell the solver: methods of ``Game`` ("Search hints — optional overrides" in
:mod:`reussite.game`) whose defaults say nothing beyond the rules, so a third-party game that overrides none
of them is solved all the same. A variant overrides those its rules let it argue:

``safe_move() -> Move | None`` (default None)
    A move that can be played at once without losing anything: if any line wins from the position, one
    starting with this move wins too. The solver plays it without trying the others. Return None when unsure:
    a wrong answer makes "lost" verdicts wrong.

``dead_end() -> bool`` (default False: never says)
    True only when no line can win from the position (for example a card that can never reach a foundation).
    The solver stores the position and does not expand it. Called once per new position that has no safe
    move, so it must be cheap (cache what you can). A wrong True makes "lost" verdicts wrong; when unsure
    return False.

``useful_moves(moves) -> list`` (default ``moves`` unchanged: every legal move)
    The moves worth searching from the position, out of ``moves`` (the legal ones). It may leave moves out
    and add move sequences (a tuple of moves played one after the other, each legal in turn) as long as,
    whenever some line wins from the position, one made of the returned moves wins too. It must depend on
    the position only (not on how it was reached), since the transposition table stores positions.

``solver_key() -> bytes`` (default ``position_key()``)
    The transposition table's key, when the solver may fold more than ``position_key`` does: positions
    with equal keys must have the same future as far as winning goes (with ``useful_moves``).

``solver_progress() -> float`` (default 4 a card on the foundations and 1 an empty tableau pile)
    How far the position has got, higher is better. It orders the moves of the depth-first search and is
    the best-first search's estimate (less a little for each move played), so it decides how soon a win is
    found, never whether a verdict is right.

``solver_estimates() -> tuple`` (default ``(type(self).solver_progress,)``)
    The progress estimates, each a function of a game scored like ``solver_progress``: one beam search and
    one best-first search per estimate, all taking turns within the one budget. Two estimates that win
    different deals win more together than either alone (Tournament: without its reserve term and with a
    light one). Like
    ``solver_progress`` they decide how soon a verdict comes, never which.

``solver_phase() -> Hashable | None`` (default None: no phases)
    Which stage of the game the position is at. With phases, each turn runs, per estimate, a phased beam
    search before the usual one: it first keeps a few positions of each phase (a quarter of its width
    at most), then fills its width by progress, so positions that have just dealt, behind for a while, are
    not all crowded out (Tournament: the redeals used and the cards left in the stock). It decides how soon
    a verdict comes, never which.

``solver_best_first_share`` (a class attribute, default 1)
    How many positions each best-first search gets at each turn for each one the depth-first search gets
    (see :func:`solve`): more where the variant's progress estimates are good enough to lead it. Like
    ``solver_progress`` it decides how soon a verdict comes, never which.

``solver_complete_share`` (a class attribute, default 1)
    How many positions the depth-first search gets at each turn for each one a beam search took (the
    best-first searches get ``solver_best_first_share`` times that): less where the beams win most deals
    (Tournament: an eighth). It too decides how soon a verdict comes, never which.

``solver_beam_width`` (a class attribute, default 20)
    How many positions the first beam searches keep at each move; the width doubles at each turn. Wider
    where the narrow beams rarely win (Tournament: 40). It decides how soon a verdict comes, never which.

``interchangeable_stacks()`` and ``position_key()`` (on ``Game``)
    What the transposition table folds (see their docstrings in :mod:`reussite.game`).

The bundled games argue each hint in a comment that cites the rule clauses; ``tests/solver`` checks every
game's verdicts against an independent brute force on small positions.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Budget", "Result", "SolverError", "Verdict", "order_moves", "solve"]


def __getattr__(name: str) -> Any:
    # Loaded on first use: every command registers `reussite solve`'s arguments, few of them solve.
    if name in __all__:
        from reussite.solver import search

        return getattr(search, name)
    raise AttributeError(f"module 'reussite.solver' has no attribute {name!r}")
