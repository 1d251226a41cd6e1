"""Wall: two packs less nothing; the two Kings of spades sit on the throne behind a wall of 45 cards, four low
and three high guard posts. Waste cards attack: an attack whose values add up to more than the health of an
exposed card or post removes both. Won when the throne falls."""

from reussite.cards import KING
from reussite.game import Move, Reason
from reussite.messages import N_, NP_
from reussite.rules import (
    CARD_KEYS,
    NONE,
    PICK_NONE,
    PICK_RUN,
    Fan,
    Kind,
    StackRule,
    StackSpec,
    stock,
)
from reussite.variant import Variant

# The name after "of" where French cannot build it from the name (« du Mur »).
NP_("name after the preposition of", "Wall")

SPADES = 1
ALL_CARDS = frozenset(CARD_KEYS)
R_FROM_WASTE = Reason(N_("Only waste cards attack."))
R_GONE = Reason(N_("There is nothing left to attack on {stack}."))
R_NOT_EXPOSED = Reason(N_("{stack.The} cannot be attacked yet: clear the way to it first."))
R_TOO_WEAK = Reason(N_("The attack ({attack}) must be stronger than the health of {stack} ({health})."))

# Aisleriot's slot numbers, which the rules below follow: 0 the throne, 1-3 the high guard posts, 4-7 the low
# guard posts, 8-52 the wall (rows of 8, 7, 8, 7, 8, 7 from the top). Slot s is tableau pile s + 1.
THRONE, HIGH, LOW = 0, (1, 2, 3), (4, 5, 6, 7)
FIRST_WALL, LAST_WALL = 8, 52
WALL = tuple(range(FIRST_WALL, LAST_WALL + 1))


def _column(slot):
    return (slot - FIRST_WALL) % 15  # 0-7 in a row of eight, 8-14 in a row of seven


def left_child(slot):
    return None if slot > LAST_WALL - 7 or _column(slot) == 0 else slot + 7


def right_child(slot):
    return None if slot > LAST_WALL - 7 or _column(slot) == 7 else slot + 8


def left_parent(slot):
    return None if slot < FIRST_WALL + 8 or _column(slot) == 0 else slot - 8


def right_parent(slot):
    return None if slot < FIRST_WALL + 8 or _column(slot) == 7 else slot - 7


def left_sibling(slot):
    return None if _column(slot) in (0, 8) else slot - 1


def right_sibling(slot):
    return None if _column(slot) in (7, 14) else slot + 1


def _places():
    """Each slot's place, in card widths and heights, as Aisleriot lays them out."""
    places = {THRONE: (3.5, 0)}
    places.update({s: (1.5 + 2 * i, 1) for i, s in enumerate(HIGH)})
    places.update({s: (0.5 + 2 * i, 2) for i, s in enumerate(LOW)})
    slot = FIRST_WALL
    for row in range(6):
        for i in range(8 if row % 2 == 0 else 7):
            places[slot] = ((0 if row % 2 == 0 else 0.5) + i, 3 + 0.5 * row)
            slot += 1
    return places


def _labels():
    labels = {THRONE: N_("the throne"), 1: N_("the left high guard post"), 2: N_("the middle high guard post"),
              3: N_("the right high guard post"), 4: N_("the first low guard post"),
              5: N_("the second low guard post"), 6: N_("the third low guard post"),
              7: N_("the fourth low guard post")}
    return {**labels, **{s: N_("wall card {number}") for s in WALL}}


PLACES, LABELS = _places(), _labels()
#: A target of attacks: takes only waste cards (whether an attack wins is the game's drop_refusal), gives none.
TARGET = StackRule(own_rule=True, pickup=PICK_NONE, accepts_from=frozenset({Kind.RESERVE}), flip_exposed=False)
#: A waste pile: any of its cards and those above them move together, onto another waste pile or a target.
WASTE = StackRule(own_rule=True, by_top=True, pickup=PICK_RUN, accepts_from=frozenset({Kind.RESERVE}))
T_TARGET = N_("Takes an attack of waste cards once exposed: if their values add up to more than its health, it "
              "leaves the game with them. A face-down low guard post turns up at the first attack, even a weak one.")
T_WASTE = N_("Takes any card of another waste pile with those above it; the stock deals a card onto each.")
T_DISCARD = N_("Takes the attack cards and the cards they beat, and at each deal the cards left on the waste piles; "
               "none comes back.")


class Wall(Variant):
    id = "wall"
    name = N_("Wall")
    family = N_("Wall")
    domain = "reussite_classics"
    decks = 2
    redeals = 0
    custom_drop_kinds = frozenset({Kind.TABLEAU})
    stacks = (
        *(StackSpec(f"tableau-{s + 1}", Kind.TABLEAU, TARGET, *PLACES[s], Fan.RIGHT if s < 8 else Fan.NONE,
                    LABELS[s], T_TARGET) for s in range(LAST_WALL + 1)),
        stock(1.5, 7),
        *(StackSpec(f"reserve-{i + 1}", Kind.RESERVE, WASTE, 2.7 + 1.3 * i, 7, Fan.DOWN, N_("waste pile {number}"),
                    T_WASTE) for i in range(3)),
        # Where attack cards and the cards they beat go: out of the game.
        StackSpec("foundation-1", Kind.FOUNDATION, StackRule(empty=NONE, pickup=PICK_NONE, accepts_from=frozenset(),
                                                             flip_exposed=False), 7, 7, Fan.NONE,
                  N_("the discard pile"), T_DISCARD),
    )
    max_score = 65
    score_rule = N_("One point for each card of the wall, the guard posts and the throne that an attack removed.")

    def shuffle_hook(self, cards):
        # The two Kings of spades go to the top of the pack, to be dealt first, onto the throne.
        kings = [c for c in cards if c.rank == KING and c.suit == SPADES]
        return [c for c in cards if not (c.rank == KING and c.suit == SPADES)] + kings

    def deal(self, cards):
        # Aisleriot's order (PySolFC has no Wall): the throne, two rows onto the high guard posts, three
        # face-down rows onto the low ones, the wall row by row from the top, then a card onto each waste pile.
        slot = self.tableau_ix
        self.place("tableau-1", [cards.pop(), cards.pop()])
        for _ in range(2):
            self.deal_row(cards, [slot[s] for s in HIGH])
        for _ in range(3):
            self.deal_row(cards, [slot[s] for s in LOW], face_down=True)
        self.deal_row(cards, [slot[s] for s in WALL])
        self.deal_row(cards, self.reserve_ix)
        self.place("stock", cards)

    # -- the rules of attack (Aisleriot's wall.scm) -----------------------------------------------------

    def cards_at(self, slot):
        return self.cards[self.tableau_ix[slot]] if slot is not None else []

    def health(self, slot, pile=None):
        """What an attack must beat: a post's or the throne's card values; a wall card's value with those of the
        cards touching its top corners (at the edges, the one above it and the one above that)."""
        own = self.cards_at(slot) if pile is None else pile
        value = sum(c.rank for c in own)
        if slot < FIRST_WALL:
            return value
        left, right = left_parent(slot), right_parent(slot)
        if _column(slot) == 0:
            above = [right, left_parent(right) if right is not None else None]
        elif _column(slot) == 7:
            above = [left, right_parent(left) if left is not None else None]
        else:
            above = [left, right]
        return value + sum(c.rank for s in above if s is not None for c in self.cards_at(s))

    def exposed(self, slot):
        empty = self.empty_slot
        if slot >= FIRST_WALL:
            lc, rc, ls, rs = left_child(slot), right_child(slot), left_sibling(slot), right_sibling(slot)
            return (lc is None and rc is None) or any(s is not None and empty(s) for s in (lc, rc, ls, rs))
        if slot == THRONE:
            return all(empty(s) for s in HIGH)
        if slot in LOW:
            i = slot - LOW[0]
            return (empty(FIRST_WALL + 2 * i) or empty(FIRST_WALL + 2 * i + 1)
                    or (slot != LOW[0] and empty(slot - 1)) or (slot != LOW[-1] and empty(slot + 1)))
        return empty(slot + 3) or empty(slot + 4) or empty(HIGH[1]) or (
            slot == HIGH[1] and (empty(HIGH[0]) or empty(HIGH[2])))

    def empty_slot(self, slot):
        return not self.cards[self.tableau_ix[slot]]

    def hidden(self, slot):
        """An exposed low guard post still face down: the first attack on it turns it up, won or lost."""
        stack = self.tableau_ix[slot]
        return slot in LOW and bool(self.cards[stack]) and self.face_down[stack] > 0 and self.exposed(slot)

    def takes(self, stack):  # the waste piles take any card; the targets are ruled by drop_refusal
        return ALL_CARDS if stack in self.reserve_ix else frozenset()

    def run_length(self, stack):
        # On a waste pile, any card moves with those above it.
        return len(self.cards[stack]) - self.face_down[stack] if stack in self.reserve_ix else min(
            1, len(self.cards[stack]) - self.face_down[stack])

    def drop_refusal(self, src, n, dst):
        if dst not in self.tableau_ix:
            return super().drop_refusal(src, n, dst)
        if src not in self.reserve_ix:
            return R_FROM_WASTE
        slot = self.tableau_ix.index(dst)
        if not self.cards[dst]:
            return R_GONE
        if not self.exposed(slot):
            return R_NOT_EXPOSED
        if sum(c.rank for c in self.cards[src][-n:]) > self.health(slot) or self.hidden(slot):
            return None
        return R_TOO_WEAK

    def explain_params(self, move, reason):
        if reason is R_TOO_WEAK and isinstance(move, Move):
            slot = self.tableau_ix.index(move.dst)
            return {"attack": sum(c.rank for c in self.cards[move.src][-move.n:]), "health": self.health(slot)}
        return {}

    def do_deal(self):
        # The waste's cards are discarded, then a card goes onto each waste pile.
        for pile in self.reserve_ix:
            if self.cards[pile]:
                self.move_cards(pile, self.foundation_ix[0], len(self.cards[pile]))
        self.deal_cards(self.stock_ix, self.reserve_ix)

    def after_move(self, move):
        discard = self.foundation_ix[0]
        if isinstance(move, Move) and move.dst in self.tableau_ix:
            target, n = move.dst, move.n
            slot = self.tableau_ix.index(target)
            attacked = self.cards[target][:-n]
            attack = sum(c.rank for c in self.cards[target][-n:])
            won = attack > self.health(slot, attacked)
            self.move_cards(target, discard, n)  # the attack cards are spent either way
            size = len(self.cards[target])
            self.move_cards(target, discard, size)
            if not won:  # a face-down guard post that held: it comes back face up
                self.move_cards(discard, target, size)
            if not any(self.cards[p] for p in self.reserve_ix) and self.cards[self.stock_ix]:
                self.deal_cards(self.stock_ix, self.reserve_ix)
        super().after_move(move)

    def is_won(self):
        return not self.cards[self.tableau_ix[THRONE]]

    def score(self):
        return 65 - sum(len(self.cards[i]) for i in self.tableau_ix)


GAMES = (Wall,)
