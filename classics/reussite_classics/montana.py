"""Gaps (Montana): 52 places in four rows of thirteen; the Aces leave, and each gap takes the card that follows
its left neighbour in suit (a 2 in the first column). Every move is a card into an empty place, so the places
are declared positional. Two redeals (or, as an option, one or none) gather the cards out of sequence and deal
them again, shuffled.

Maze, of the same kind: 54 places in six rows of nine read as one line, the Kings out; a gap takes the card
that follows its left neighbour or comes before its right one, a Queen and an Ace following each other."""

from reussite.cards import ACE, KING, QUEEN, generator_for, shuffle, shuffled_pack
from reussite.game import Reason, Redeal
from reussite.messages import N_
from reussite.rules import CARD_KEYS, NONE, PICK_NONE, DealTo, Kind, StackRule, StackSpec, foundations, stock
from reussite.variant import Option, Variant

COLUMNS = 13
#: What a gap takes after a card of each key: the next card of its suit, nothing after a King.
AFTER = {key: (frozenset() if key >> 2 == KING else frozenset({key + 4})) for key in CARD_KEYS}
TWOS = frozenset(2 * 4 + suit for suit in range(4))

R_IN_SEQUENCE = Reason(N_("{card.The} is in sequence from the 2 at the left of its row: it stays there."))
R_NOT_BLOCKED = Reason(N_("A redeal is allowed only when no gap can be filled."))
R_WON = Reason(N_("Every card is already in sequence."))

PLACE = StackRule(own_rule=True, max_cards=1, positional=True, accepts_from=frozenset({Kind.TABLEAU}),
                  flip_exposed=False)
T_PLACE = N_("When empty, takes the card that follows its left neighbour's in its suit, or any 2 in the first "
             "column; nothing after a King or a gap. A card in sequence from a 2 in the first column stays.")
T_ACES = N_("Holds the four Aces, set aside at the deal; no card goes there during the game, and none leaves it.")


class Gaps(Variant):
    id = "gaps"
    name = N_("Gaps")
    family = N_("Montana")
    domain = "reussite_classics"
    decks = 1
    redeals = 2
    deal_to = DealTo.TABLEAU  # the stock only holds the cards of a redeal, on their way back
    options = (
        Option("gaps", ("after-sequence", "random"), "after-sequence",
               N_("where the gaps are after a redeal"), label=N_("Gaps on redeal"),
               choice_labels=(N_("after each row's sequence"), N_("anywhere"))),
        # Solvitaire's "gaps-one-deal" and PySolFC's harder ways of playing: fewer redeals, or none.
        Option("redeals", ("2", "1", "0"), "2", N_("how many times the cards out of sequence are dealt again"),
               label=N_("Redeals"), choice_labels=(N_("two"), N_("one"), N_("none"))),
    )
    stacks = (
        stock(6, 4.2),
        # The four Aces, taken out of the game at the deal.
        *foundations(1, StackRule(empty=NONE, pickup=PICK_NONE, accepts_from=frozenset(), flip_exposed=False),
                     x=0, y=4.2, label=N_("the Aces"), text=T_ACES),
        *(StackSpec(f"tableau-{k + 1}", Kind.TABLEAU, PLACE, x=k % COLUMNS, y=k // COLUMNS,
                    label=N_("place {number}"), text=T_PLACE) for k in range(4 * COLUMNS)),
    )
    max_score = 48
    score_rule = N_("One point for each card in sequence from the 2 at the left of its row.")

    def configure(self):
        if "redeals" in self.option_values:
            self.redeals = int(self.option_values["redeals"])

    def deal(self, cards):
        # PySolFC's order: each place in turn takes the top card; an Ace leaves a gap there.
        for i in self.tableau_ix:
            card = cards.pop()
            self.place("foundation-1" if card.rank == 1 else i, [card])

    # -- the rules ----------------------------------------------------------------------------------------

    def in_sequence(self, row):
        """How many places at the left of ``row`` (0 to 3) hold the 2 onwards of one suit."""
        cards, places = self.cards, self.tableau_ix[row * COLUMNS:(row + 1) * COLUMNS]
        first = cards[places[0]]
        if not first or first[-1].rank != 2:
            return 0
        suit, n = first[-1].suit, 1
        while n < COLUMNS - 1:
            pile = cards[places[n]]
            if not pile or pile[-1].suit != suit or pile[-1].rank != n + 2:
                break
            n += 1
        return n

    def takes(self, stack):
        if self.cards[stack]:
            return frozenset()
        k = stack - self.tableau_ix[0]
        if k % COLUMNS == 0:
            return TWOS
        left = self.cards[stack - 1]
        return AFTER[left[-1][0] * 4 + left[-1][1]] if left else frozenset()

    def extra_refusal(self, src, n, dst):
        k = src - self.tableau_ix[0]
        if k >= 0 and k % COLUMNS < self.in_sequence(k // COLUMNS):
            return R_IN_SEQUENCE
        return None

    def blocked(self):
        """Whether no gap can be filled: each one is after a King or another gap."""
        cards, first = self.cards, self.tableau_ix[0]
        for i in self.tableau_ix:
            if not cards[i]:
                if (i - first) % COLUMNS == 0:
                    return False
                left = cards[i - 1]
                if left and left[-1].rank != KING:
                    return False
        return True

    def stock_refusal(self, move):
        if isinstance(move, Redeal):
            if self.is_won():
                return R_WON
            if not self.blocked():
                return R_NOT_BLOCKED
        return None

    def do_redeal(self):
        """The cards out of sequence are gathered row by row, shuffled and dealt back, row by row, into the
        places out of sequence; the first place after each row's sequence stays empty (or, with the option,
        four places anywhere among them). The shuffle is the game number's generator, drawn on past the deal
        and the redeals before, so the same game replays the same redeal."""
        rng = generator_for(self.number)
        for _ in range(self.redeals_used + 1):
            shuffle(list(range(52)), rng)
        self.count_redeal()
        places, gathered, gaps = [], [], []
        for row in range(4):
            row_places = self.tableau_ix[row * COLUMNS:(row + 1) * COLUMNS][self.in_sequence(row):]
            gaps.append(row_places[0])
            places += row_places
            gathered += [i for i in row_places if self.cards[i]]
        cards = self.cards
        if self.option_values["gaps"] == "random":
            order = [cards[i][-1] for i in gathered] + [None] * 4
            shuffle(order, rng)
            targets = [place for place, card in zip(places, reversed(order), strict=True) if card is not None]
            order = [card for card in order if card is not None]
        else:
            order = [cards[i][-1] for i in gathered]
            shuffle(order, rng)
            targets = [place for place in places if place not in gaps]
        where = {cards[i][-1]: i for i in gathered}
        for card in order:  # onto the stock in the shuffled order, its last card on top
            self.move_cards(where[card], self.stock_ix)
        for place in targets:  # the top card first, into each place in turn
            self.move_cards(self.stock_ix, place)

    # -- the end --------------------------------------------------------------------------------------------

    def is_won(self):
        return all(self.in_sequence(row) == COLUMNS - 1 for row in range(4))

    def score(self):
        return sum(self.in_sequence(row) for row in range(4))


#: Maze: what follows a card (the next of its suit; any Ace after a Queen), and what comes before one.
FOLLOWS = {key: (frozenset(4 + s for s in range(4)) if key >> 2 == QUEEN else frozenset({key + 4}))
           for key in CARD_KEYS if key >> 2 != KING}
PRECEDES = {key: (frozenset(QUEEN * 4 + s for s in range(4)) if key >> 2 == ACE else frozenset({key - 4}))
            for key in CARD_KEYS if key >> 2 != KING}
ACES = frozenset(ACE * 4 + s for s in range(4))
QUEENS = frozenset(QUEEN * 4 + s for s in range(4))

MAZE_PLACE = StackRule(own_rule=True, max_cards=1, positional=True, flip_exposed=False)
T_MAZE_PLACE = N_("When empty, takes the card of the same suit just above its left neighbour or just below its "
                  "right one, any Ace after a Queen and any Queen before an Ace. The first place takes any Ace, the "
                  "last any Queen.")
R_NEIGHBOURS = Reason(N_("A gap takes only the card after its left neighbour or before its right one."))


def follows(lower, higher):
    """Whether ``higher`` comes right after ``lower`` in the maze: the next of its suit, or any Ace after a
    Queen."""
    return (higher.rank == ACE and lower.rank == QUEEN) or (
        higher.suit == lower.suit and higher.rank == lower.rank + 1)


class Maze(Variant):
    id = "maze"
    name = N_("Maze")
    family = N_("Montana")
    domain = "reussite_classics"
    decks = 1
    pack_ranks = tuple(range(1, 13))  # the Kings take no part
    stacks = tuple(StackSpec(f"tableau-{k + 1}", Kind.TABLEAU, MAZE_PLACE, x=k % 9, y=k // 9,
                             label=N_("place {number}"), text=T_MAZE_PLACE) for k in range(54))
    max_score = 48
    score_rule = N_("One point for each card that follows the card before it, gaps aside (an Ace first).")

    def shuffle(self):
        # PySolFC's shuffle of the whole pack: the Kings are dealt, and leave gaps where they fall.
        return shuffled_pack(1, self.number)

    def deal(self, cards):
        for i in self.tableau_ix[:52]:  # PySolFC's order: place by place; the last two stay empty
            card = cards.pop()
            if card.rank != KING:
                self.place(i, [card])

    def takes(self, stack):
        cards, k = self.cards, stack - self.tableau_ix[0]
        if cards[stack]:
            return frozenset()
        found = frozenset()
        if k == 0:
            found = ACES
        elif cards[stack - 1]:
            found = FOLLOWS[cards[stack - 1][-1][0] * 4 + cards[stack - 1][-1][1]]
        if k == 53:
            found = found | QUEENS
        elif cards[stack + 1]:
            found = found | PRECEDES[cards[stack + 1][-1][0] * 4 + cards[stack + 1][-1][1]]
        return found

    def take_refusal(self, card, stack):
        return R_NEIGHBOURS

    def score(self):
        # Aisleriot's count: the cards in order, gaps skipped; the first scores if it is an Ace, each other one
        # if it follows the card before it.
        line = [self.cards[i][-1] for i in self.tableau_ix if self.cards[i]]
        if not line:
            return 0
        return (line[0].rank == ACE) + sum(follows(a, b) for a, b in zip(line, line[1:], strict=False))

    def is_won(self):
        return self.score() == 48


GAMES = (Gaps, Maze)
