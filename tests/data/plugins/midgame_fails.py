"""A game whose legal moves raise from the second move on, and a help page whose path is a str."""

from reussite.hookspecs import HelpPage, hookimpl
from reussite_plugins.forty_thieves import FortyThieves


class MidgameFails(FortyThieves):
    id = "midgame-fails"
    name = "Midgame Fails"

    def legal_moves(self):
        if self.move_count >= 2:
            raise RuntimeError("the move generator lost its place")
        return super().legal_moves()


@hookimpl
def reussite_games():
    return [MidgameFails]


@hookimpl
def reussite_help_pages():
    return [HelpPage("midgame-fails", "help/midgame-fails.html", "html")]
