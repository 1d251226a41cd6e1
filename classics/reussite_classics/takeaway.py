"""Eliminator (PySolFC's Take Away): four open piles of thirteen; any card starts a foundation, and each
foundation is built one rank up or down regardless of suit, the King and the Ace next to each other."""

from reussite.game import Reason
from reussite.messages import N_
from reussite.rules import ANY, NONE, PICK_NONE, Build, BuildSuit, Fan, Kind, StackRule, foundations, tableau
from reussite.variant import Option, Variant

R_NOT_IN_PLAY = Reason(N_("This game is played with fewer foundations: {stack} is not in play."))


class Eliminator(Variant):
    """Aisleriot's Eliminator (PySolFC's Take Away, game 334): four piles of thirteen face-up cards, six
    foundations (five or four by option) that any card starts."""

    id = "eliminator"
    name = N_("Eliminator")
    family = N_("Golf")
    domain = "reussite_classics"
    decks = 1
    options = (
        Option("foundations", ("6", "5", "4"), "6", N_("how many foundations are in play"),
               label=N_("Foundations"),
               choice_labels=(N_("Six foundations"), N_("Five foundations"), N_("Four foundations"))),
    )
    stacks = (
        # Any card starts one; then one rank up or down, any suit, round the corner; fanned so all show.
        *foundations(6, StackRule(build=Build(BuildSuit.ANY, 1, either=True, wrap=True), empty=ANY,
                                  pickup=PICK_NONE, accepts_from=frozenset({Kind.TABLEAU}), flip_exposed=False),
                     x=4.5, y=0),
        *tableau(4, StackRule(build=None, empty=NONE), x=0, y=0, fan=Fan.DOWN),
    )
    max_score = 51
    score_rule = N_("One point for each card played onto another card on the foundations.")

    def configure(self):
        self.in_play = self.foundation_ix[:int(self.option_values["foundations"])]

    def deal(self, cards):
        for _ in range(13):  # PySolFC's order: thirteen rows onto the four piles
            self.deal_row(cards)

    def extra_refusal(self, src, n, dst):
        if dst in self.foundation_ix and dst not in self.in_play:
            return R_NOT_IN_PLAY
        return None

    def score(self):
        cards = self.cards
        return sum(len(cards[f]) - 1 for f in self.foundation_ix if cards[f])


GAMES = (Eliminator,)
