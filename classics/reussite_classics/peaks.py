"""Golf on peaks and pyramids (PySolFC's golf.py and threepeaks.py): an uncovered card goes onto the one
foundation when it is one rank above or below its top card, the Ace and the King next to each other; the
stock turns a card onto the foundation. Won when the peaks or the pyramid are clear."""

from reussite.messages import N_
from reussite.rules import (
    NONE,
    PICK_NONE,
    Build,
    BuildSuit,
    DealTo,
    Fan,
    Kind,
    StackRule,
    StackSpec,
    foundations,
    pyramid,
    stock,
)
from reussite.variant import Variant

#: The foundation (the rules' waste): one rank up or down regardless of suit, round the corner, from the
#: tableau only; the stock turns its cards onto it whatever lies there.
UP_OR_DOWN_ROUND = StackRule(build=Build(BuildSuit.ANY, 1, either=True, wrap=True), empty=NONE,
                             pickup=PICK_NONE, accepts_from=frozenset({Kind.TABLEAU}), flip_exposed=False)
#: A card of the peaks or the pyramid: it leaves for the foundation, nothing comes onto it.
ONE_CARD = StackRule(build=None, empty=NONE)

PYRAMID, COVERED = pyramid(7, x=5, y=0, rule=ONE_CARD)


class Elevator(Variant):
    """Aisleriot's Elevator (PySolFC game 40): Golf on a pyramid of 28 cards, face down but for its base, each
    card turned up once the two cards over it are gone; one pass through the stock."""

    id = "elevator"
    name = N_("Elevator")
    family = N_("Golf")
    domain = "reussite_classics"
    decks = 1
    stacks = (stock(0, 0), *foundations(1, UP_OR_DOWN_ROUND, x=1, y=0), *PYRAMID)
    covered_by = COVERED
    deal_to = DealTo.FOUNDATION
    won_when_empty = (Kind.TABLEAU,)
    max_score = 28
    score_rule = N_("One point for each card cleared from the tableau.")
    #: How many cards of the pyramid, from its apex, are dealt face down.
    face_down_cards = 21

    def deal(self, cards):
        # PySolFC's order: the pyramid row by row from the apex, then the stock's first card onto the
        # foundation.
        down = self.tableau_ix[:self.face_down_cards]
        self.deal_row(cards, down, face_down=True)
        self.deal_row(cards, self.tableau_ix[len(down):])
        self.place("foundation-1", [cards.pop()])
        self.place("stock", cards)

    def score(self):
        return self.max_score - sum(len(self.cards[i]) for i in self.tableau_ix)


class Escalator(Elevator):
    """Aisleriot's Escalator (PySolFC game 281): Elevator with every card of the pyramid face up."""

    id = "escalator"
    name = N_("Escalator")
    face_down_cards = 0


def three_peaks() -> tuple[list[StackSpec], dict[str, tuple[str, ...]]]:
    """Three peaks of three rows (1, 2, 3 cards) joined by a base row of ten, as PySolFC lays them out, and
    which cards cover which (PySolFC's ``ThreePeaks_RowStack.STEP``: card k is covered by cards k + step and
    k + step + 1)."""
    # Rows one card height apart: the page would spread out rows half a card apart (see rules.pyramid).
    places = [(1.5 + 3 * k, 0) for k in range(3)]
    places += [(x, 1) for k in range(3) for x in (1 + 3 * k, 2 + 3 * k)]
    places += [(0.5 + k, 2) for k in range(9)]
    places += [(k, 3) for k in range(10)]
    specs = [StackSpec(f"tableau-{k + 1}", Kind.TABLEAU, ONE_CARD, x, y, Fan.NONE) for k, (x, y) in enumerate(places)]
    step = (3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9)
    covered = {f"tableau-{k + 1}": (f"tableau-{k + step[k] + 1}", f"tableau-{k + step[k] + 2}") for k in range(18)}
    return specs, covered


PEAKS, PEAKS_COVERED = three_peaks()


class TriplePeaks(Elevator):
    """Aisleriot's Triple Peaks (PySolFC's Three Peaks, game 22231): Golf on three peaks of 18 face-down cards
    over a face-up row of ten."""

    id = "triple-peaks"
    name = N_("Triple Peaks")
    stacks = (stock(0, 4.2), *foundations(1, UP_OR_DOWN_ROUND, x=1, y=4.2), *PEAKS)
    covered_by = PEAKS_COVERED
    face_down_cards = 18


GAMES = (TriplePeaks, Escalator, Elevator)
