"""Black Hole: the Ace of spades alone in the hole, seventeen fans of three; the top card of a fan goes into
the hole one rank above or below its top card, Kings and Aces meeting. Won when all 52 are in the hole."""

from reussite.messages import N_, NP_
from reussite.rules import CARD_KEYS, NONE, PICK_NONE, PICK_TOP, Fan, Kind, StackRule, StackSpec
from reussite.variant import Variant

# The name after "of" where a language cannot build it from the name (French « du Trou noir »),
# for messages such as "the rules of {game}": see reussite.messages.OF_CONTEXT.
NP_("name after the preposition of", "Black Hole")

ACE_OF_SPADES = (1, 1)
#: What goes on a card of each rank: one rank up or down, the King and the Ace next to each other.
NEXT = {rank: frozenset(k for k in CARD_KEYS if (k >> 2) % 13 in ((rank + 1) % 13, (rank - 1) % 13))
        for rank in range(1, 14)}
FAN = StackRule(empty=NONE, pickup=PICK_TOP, flip_exposed=False)  # nothing is built on a fan
#: Where the 17 fans go, in PySolFC's order: a row of five, two rows of four with the hole in the middle,
#: then a row of four (x in card widths, a fan of three being about two cards wide).
PLACES = ([(2.2 * i, 0) for i in range(5)] + [(2.2 * i, 1 + row) for row in range(2) for i in (0, 1, 3, 4)]
          + [(2.2 * i, 3) for i in range(4)])


class BlackHole(Variant):
    id = "black-hole"
    name = N_("Black Hole")
    family = N_("Golf")
    domain = "reussite_classics"
    decks = 1
    stacks = (
        # The hole takes by its top card alone.
        StackSpec("foundation-1", Kind.FOUNDATION,
                  StackRule(own_rule=True, by_top=True, pickup=PICK_NONE, flip_exposed=False), 2.2 * 2 + 0.5, 1.5,
                  label=N_("the hole"),
                  text=N_("Takes a card one rank above or below its top card, the King and the Ace next to each "
                          "other; none comes back.")),
        *(StackSpec(f"tableau-{i + 1}", Kind.TABLEAU, FAN, x, y, Fan.RIGHT, label=N_("fan {number}"))
          for i, (x, y) in enumerate(PLACES)),
    )
    max_score = 52
    score_rule = N_("One point for each card in the hole.")

    def shuffle_hook(self, cards):
        # PySolFC puts the Ace of spades at the bottom of the pack: it is dealt last, into the hole.
        ace = next(c for c in cards if c[:2] == ACE_OF_SPADES)
        cards.remove(ace)
        return [ace, *cards]

    def deal(self, cards):
        for _ in range(3):
            self.deal_row(cards)
        self.place("foundation-1", [cards.pop()])

    def takes(self, stack):  # the hole, the one stack with its own rule
        return NEXT[self.cards[stack][-1].rank]


GAMES = (BlackHole,)
