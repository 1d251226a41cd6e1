"""What Mount Olympus tells the solver beyond its rules (R-MO-1 to R-MO-9, docs/rules.md): which foundation
moves are safe. Attached by ``MountOlympus.solver_companion``."""

from __future__ import annotations

from reussite.game import Move
from reussite.solver.companion import Companion


class MountOlympusSolver(Companion):
    def safe_move(self, game) -> Move | None:
        """A pile's top card to a foundation when nothing can ever need it in the tableau (for the solver).

        R-MO-4: a card c of rank r only takes, in the tableau, the card of rank r-2 of its suit. When both
        copies of that card are on the foundations (always so for r = 3 or 4: the bases, R-MO-1), c is of no
        use outside a foundation, and foundations never give a card back. Playing it at once loses nothing,
        except when it empties a pile while the stock lasts: the refill (R-MO-5) would then change which card
        goes where in every later deal (R-MO-8), so that move is left to the search. The two foundations of a
        suit on the same base are alike (R-MO-3)."""
        cards = game.cards
        stock_left = bool(cards[game.stock_ix])
        # On a foundation from base b (b, b+2, ...), rank k is there when the pile holds (k - b) // 2 + 1 cards.
        for src in game.tableau_ix:
            pile = cards[src]
            if not pile or (stock_left and len(pile) == 1):
                continue
            card = pile[-1]
            rank, suit = card.rank, card.suit
            if rank < 3:
                continue
            below = rank - 2
            copies = 0
            target = None
            for f in game.foundation_ix:
                rule = game.specs[f].rule
                if rule.suit != suit or (rule.empty - rank) % 2:
                    continue
                fpile = cards[f]
                if len(fpile) >= (below - rule.empty) // 2 + 1:
                    copies += 1
                if fpile and fpile[-1].rank == below and target is None:
                    target = f
            if copies == 2 and target is not None:
                return Move(src, target, 1)
        return None
