"""The solver (a layer between the variants and the front ends): does a deal or a position win, with which
line, or is it proved lost? See :func:`solve`, ``reussite solve``, ``reussite winnability`` and
``docs/winnability.md``.

Public API: ``solve(game, budget=None, *, nodes, seconds, memory_mb, cancel) -> Result``, :class:`Budget`,
:class:`Result` (``verdict``, ``line``, ``nodes``, ``positions``, ``seconds``, ``stopped_by``, ``memory_mb``,
``decided``, ``notation()``), :class:`Verdict` (WON, LOST, UNKNOWN), :class:`SolverError`. Bulk solving
(a range of deals, results files, statistics) is in :mod:`reussite.solver.batch`.

What a game may tell the solver beyond its rules lives in a *companion* beside it, never in the game class:
a :class:`reussite.solver.companion.Companion` subclass named by the variant's ``solver_companion``
declaration (``"module:Class"``, imported only when the solver runs), whose methods take the game at the
position asked about: ``safe_move``, ``dead_end``, ``useful_moves``, ``key`` (may make "lost" wrong if wrong,
so prove them), and ``progress``, ``estimates``, ``phase`` and the tuning attributes ``first_slice``,
``beam_width``, ``complete_share``, ``best_first_share`` (only change how soon a verdict comes). Each is
documented on :class:`~reussite.solver.companion.Companion`. A game with no companion gets the base class,
whose defaults are what the solver derives from the declarations (:mod:`reussite.solver.derive`: safe
foundation moves wherever the foundations are the standard ones). ``plugins/*_solver.py`` are the bundled
games' companions. Hints still written as ``Game`` methods (the API before companions) keep working with a
``DeprecationWarning``.

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
