"""Games whose own code fails from the second move on (legal moves, score), and a help page whose path is a
str. Also installed as the distribution ``reussite-fault-play`` by tests/faults."""

from reussite.hookspecs import HelpPage, hookimpl
from reussite_plugins.forty_thieves import FortyThieves


class BadMoves(FortyThieves):
    id = "bad-moves"
    name = "Bad Moves"

    def legal_moves(self):
        if self.move_count >= 2:
            raise RuntimeError("the move generator lost its place")
        return super().legal_moves()


class BadScore(FortyThieves):
    id = "bad-score"
    name = "Bad Score"

    def score(self):
        if self.move_count >= 2:
            raise ZeroDivisionError("score per move")
        return super().score()


@hookimpl
def reussite_games():
    return [BadMoves, BadScore]


@hookimpl
def reussite_help_pages():
    return [HelpPage("bad-moves", "help/bad-moves.html", "html")]
