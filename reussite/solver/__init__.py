"""The solver (a layer between the variants and the front ends): does a deal or a position win, with which
line, or is it proved lost? See :func:`solve` and ``docs/winnability.md``."""

from reussite.solver.search import Budget, Result, SolverError, Verdict, order_moves, solve

__all__ = ["Budget", "Result", "SolverError", "Verdict", "order_moves", "solve"]
