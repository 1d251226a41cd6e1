"""Game methods kept for code written against older releases, each deprecated: the solver's hints from before
companions (reussite.solver.companion), and the game's own hint (reussite.advisor has the one hint).

The defaults old-style hints were written against (``super().safe_move()``, ``type(self).solver_progress``),
unchanged, in a base class of ``Game`` so that the game's own module reads without them. The solver asks a
variant's own overrides of them through a legacy companion, with a DeprecationWarning
(``reussite.solver.companion.legacy_hints``); new code names a Companion in ``solver_companion``.
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable

from reussite.moves import AnyMove


class DeprecatedMethods:
    """Mixed into :class:`reussite.game.Game`; each method is deprecated."""

    def hint(self) -> AnyMove | None:
        """Deprecated: ask :func:`reussite.advisor.advise` (or ``heuristic_move``), the hint that never walks in
        circles. Kept for callers of older releases: the first move to a position not seen before, or None."""
        warnings.warn("Game.hint() is deprecated: use reussite.advisor.advise() or reussite.advisor.heuristic_move()",
                      DeprecationWarning, stacklevel=2)
        found = self.progress_moves(first_only=True)
        return found[0] if found else None

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
