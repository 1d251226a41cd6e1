"""The companion of companion_game's Sentinel: what the game tells the solver beyond its rules, kept beside
the game. It also notes every question the solver asks it (``asked``), so the tests can see it is used."""

from reussite.game import Move
from reussite.solver.companion import Companion


class ItsSolver(Companion):
    #: A tuning number of its own, read by the search (``solve``) from the companion.
    first_slice = 64

    def __init__(self, game_class):
        super().__init__(game_class)
        #: (hint, position key, answer) for each question asked, in order.
        self.asked = []

    def _note(self, hint, game, answer):
        self.asked.append((hint, game.position_key(), answer))
        return answer

    def safe_move(self, game):
        """Any top card a foundation takes: nothing is ever built on the piles or the waste, so a card on a
        foundation is needed by nothing else, and taking it off its stack only uncovers another."""
        for src in (game.waste_ix, *game.tableau_ix):
            if game.cards[src]:
                for f in game.foundation_ix:
                    if game.drop_refusal(src, 1, f) is None:
                        return self._note("safe_move", game, Move(src, f))
        return self._note("safe_move", game, None)

    def dead_end(self, game):
        """A card above a lower card of its own suit in a pile or in the waste: either can leave only to a
        foundation (piles and waste take nothing), the lower one first, and it is under the other one."""
        cards = game.cards
        for i in (game.waste_ix, *game.tableau_ix):
            lowest = {}
            for card in cards[i]:
                if card.rank > lowest.get(card.suit, 99):
                    return self._note("dead_end", game, True)
                lowest[card.suit] = min(card.rank, lowest.get(card.suit, 99))
        return self._note("dead_end", game, False)

    def useful_moves(self, game, moves):
        return self._note("useful_moves", game, moves)

    def key(self, game):
        return self._note("key", game, game.position_key())

    def progress(self, game):
        return self._note("progress", game, float(game.on_foundations()))

    def estimates(self, game):
        return self._note("estimates", game, (self.progress,))

    def phase(self, game):
        return self._note("phase", game, None)
