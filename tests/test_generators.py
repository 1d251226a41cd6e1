"""Move generation agrees with the rules, for any variant: made-up variants over every combination of the
declared rules and of the methods a variant may override, and the bundled games over many deals.

For every position reached, and every (source, target, count):

- every listed move is accepted by ``refusal()`` and by ``push()``, and ``pop()`` restores the position;
- every move that ``refusal()`` accepts is listed, in order, except a whole pile onto an empty pile of its kind and rule
  (legal, but it changes nothing: see ``Game.legal_moves``);
- ``explain()`` is None exactly for the legal moves, and says why in a message that renders.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reussite.advisor import heuristic_move
from reussite.cards import RED_SUITS, Card, new_pack
from reussite.errors import IllegalMove
from reussite.game import R_BUILD, Deal, Game, Move, Reason, Redeal
from reussite.messages import N_
from reussite.movegen import checked_moves, indexed_moves
from reussite.rules import (
    ANY,
    CARD_KEYS,
    FOUNDATION_UP_IN_SUIT,
    NONE,
    PICK_NONE,
    PICK_RUN,
    PICK_RUN_BY_SPACES,
    PICK_TOP,
    Build,
    Kind,
    StackRule,
    StackSpec,
    foundations,
    reserves,
    stock,
    tableau,
    waste,
)
from reussite.testing import accepted_moves
from reussite.variant import Variant, VariantError

# -- the rules a made-up variant draws from ---------------------------------------------------------------

BUILDS = [None, *(Build(suit, step) for suit in ("same", "alternate", "any") for step in (-1, 1, -2, 2))]
EMPTIES = [ANY, NONE, 1, 13, 7]
PICKUPS = [PICK_TOP, PICK_RUN, PICK_RUN_BY_SPACES, PICK_NONE]
SOURCE_KINDS = [None, frozenset(), frozenset({Kind.TABLEAU}), frozenset({Kind.WASTE, Kind.RESERVE}),
                frozenset({Kind.TABLEAU, Kind.WASTE, Kind.FOUNDATION})]

rules = st.builds(
    StackRule,
    build=st.sampled_from(BUILDS),
    empty=st.sampled_from(EMPTIES),
    suit=st.one_of(st.none(), st.integers(0, 3)),
    max_cards=st.one_of(st.none(), st.integers(1, 8)),
    pickup=st.sampled_from(PICKUPS),
    accepts_from=st.sampled_from(SOURCE_KINDS),
    flip_exposed=st.booleans(),
    group_moves=st.booleans(),
)

R_NO_KINGS = Reason(N_("A King stays where it is."))
R_GOLF = Reason(N_("{card} cannot go on {target}: one rank up or down."))
R_OWN_FOUNDATION = Reason(N_("{card} cannot go on {stack}."))


class _Base(Variant):
    """A made-up variant: no deal (the test lays the position out), two packs."""

    id = "made-up"
    name = "Made up"
    decks = 2
    redeals = 1

    def deal(self, cards):
        pass


class SpiderLike(_Base):
    """Builds down regardless of suit, but moves only runs in one suit: the run_length override alone says it."""

    def run_length(self, stack: int) -> int:
        pile, n = self.cards[stack], 1
        limit = len(pile) - self.face_down[stack]
        if limit <= 0:
            return 0
        while n < limit and pile[-n].suit == pile[-n - 1].suit and pile[-n].rank + 1 == pile[-n - 1].rank:
            n += 1
        return n


class GolfLike(_Base):
    """The waste takes nothing by its declared rule; drop_refusal lets it take a tableau card one rank up or
    down from its top card (what Golf does)."""

    def drop_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        if dst != self.waste_ix:
            return super().drop_refusal(src, n, dst)
        waste_pile, moving = self.cards[dst], self.cards[src]
        if n != 1 or self.specs[src].kind is not Kind.TABLEAU or not waste_pile:
            return R_GOLF
        return None if abs(moving[-1].rank - waste_pile[-1].rank) == 1 else R_GOLF


class NoKingsMove(_Base):
    """extra_refusal: a King leaves its stack only for a foundation."""

    def extra_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        if self.specs[dst].kind is not Kind.FOUNDATION and any(c.rank == 13 for c in self.cards[src][-n:]):
            return R_NO_KINGS
        return None


class BackFromFoundations(_Base):
    """pick_refusal: the top card of a foundation may come back, whatever the foundation's pickup says."""

    def pick_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        if self.specs[src].kind is Kind.FOUNDATION and self.cards[src] and n == 1:
            return None
        return super().pick_refusal(src, n, dst)


class FreeCellLike(_Base):
    """max_movable: as many cards as (1 + empty reserves) times two per empty pile."""

    def max_movable(self, src: int, dst: int) -> int:
        free = sum(1 for i in self.reserve_ix if not self.cards[i])
        return min(self.run_length(src), (1 + free) * 2 ** self.empty_count((src, dst)))


class GolfDeclared(GolfLike):
    """GolfLike, declaring that its drop_refusal decides for the waste alone (``Game.custom_drop_kinds``)."""

    custom_drop_kinds = frozenset({Kind.WASTE})


class OwnFoundations(_Base):
    """drop_refusal decides for the foundations alone, and says so: a foundation takes one or two cards whose
    bottom card (the last to go on) has the colour of its top card, a King or a Queen when it is empty. The
    declared foundation rule is ignored, every other stack keeps its own."""

    custom_drop_kinds = frozenset({Kind.FOUNDATION})

    def drop_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        if self.specs[dst].kind is not Kind.FOUNDATION:
            return super().drop_refusal(src, n, dst)
        moving, pile = self.cards[src], self.cards[dst]
        if not 1 <= n <= min(2, len(moving)):
            return R_OWN_FOUNDATION
        card = moving[-n]
        if not pile:
            return None if card.rank >= 12 else R_OWN_FOUNDATION
        return None if card.is_red == pile[-1].is_red else R_OWN_FOUNDATION


class RefusalOverride(_Base):
    """refusal() itself: nothing leaves the waste for a foundation (the variant wants it played elsewhere)."""

    def refusal(self, move):
        if isinstance(move, Move) and move.src == self.waste_ix and move.dst in self.foundation_ix:
            return R_NO_KINGS
        return super().refusal(move)


class OwnRule(_Base):
    """Stacks declared with ``own_rule`` (the foundations, and some drawn piles) take what ``takes()`` says, a
    rule that depends on other stacks: an empty one a card whose rank is one more than the number of cards on
    the stack before it; another one a card of the other colour from its top card, no higher than the first
    stack's size plus five. ``take_refusal`` explains odd ranks only: the others get the generic message."""

    def takes(self, stack: int) -> frozenset[int]:
        pile = self.cards[stack]
        if not pile:
            rank = len(self.cards[stack - 1]) % 13 + 1 if stack else 1
            return frozenset(k for k in CARD_KEYS if k >> 2 == rank)
        red, limit = pile[-1].is_red, len(self.cards[0]) + 5
        return frozenset(k for k in CARD_KEYS if ((k & 3) in RED_SUITS) != red and k >> 2 <= limit)

    def take_refusal(self, card: Card, stack: int) -> Reason | None:
        return R_OWN_FOUNDATION if card.rank % 2 else None


def own(rule: StackRule) -> StackRule:
    """``rule`` turned into an own rule: what the stack takes is the variant's ``takes()``."""
    return replace(rule, own_rule=True, build=None, empty=ANY, suit=None, group_moves=False)


BASES = [_Base, SpiderLike, GolfLike, GolfDeclared, OwnFoundations, NoKingsMove, BackFromFoundations, FreeCellLike,
         RefusalOverride, OwnRule]


@st.composite
def variants(draw) -> type[Variant]:
    """A variant class: stock and waste (sometimes), foundations, tableau and reserves with drawn rules, and
    one of the overriding bases."""
    base = draw(st.sampled_from(BASES))
    stacks: list[StackSpec] = []
    if issubclass(base, GolfLike) or draw(st.booleans()):
        stacks += [stock(), waste()]
    f_rule = draw(st.one_of(rules, st.just(FOUNDATION_UP_IN_SUIT), st.builds(
        lambda group: StackRule(build=Build("same", 1), empty=1, pickup=PICK_NONE, group_moves=group),
        st.booleans())))
    ours = own if base is OwnRule else (lambda rule: rule)
    stacks += foundations(draw(st.integers(1, 3)), ours(f_rule))
    piles = draw(st.integers(1, 5))
    stacks += tableau(piles, draw(rules))
    if draw(st.booleans()):  # one more pile with a rule of its own
        stacks.append(StackSpec(f"tableau-{piles + 1}", Kind.TABLEAU, ours(draw(rules))))
    if draw(st.booleans()):
        stacks += reserves(draw(st.integers(1, 2)), draw(rules))
    deal_to = draw(st.sampled_from(["waste", "tableau"])) if any(s.kind is Kind.WASTE for s in stacks) else "tableau"
    return type(base.__name__, (base,), {"stacks": tuple(stacks), "deal_to": deal_to,
                                          "deal_count": draw(st.integers(1, 3))})


def lay_out(game: Game, rng: random.Random) -> Game:
    """A random position for ``game``: cards from two packs, piles often built as runs by their own rule (so
    runs, fits and group moves come up), some face down."""
    pool = new_pack(2)
    rng.shuffle(pool)
    game.cards = [[] for _ in game.specs]
    game.face_down = [0] * len(game.specs)
    game._stack_keys = [None] * len(game.specs)
    for i, spec in enumerate(game.specs):
        size = rng.choice([0, 0, 1, 2, 3, 4, 6]) if spec.kind is not Kind.STOCK else rng.randint(0, 8)
        pile: list[Card] = []
        build = spec.rule.build or Build(rng.choice(["same", "alternate", "any"]), rng.choice([-1, 1, -2, 2]))
        for _ in range(size):
            fitting = [c for c in pool[:40] if pile and build.fits(c, pile[-1])]
            card = rng.choice(fitting) if fitting and rng.random() < 0.7 else pool[0]
            pool.remove(card)
            pile.append(card)
        game.cards[i] = pile
    # Plant, on some piles, cards that another stack takes: a run whose bottom card fits it, or one that goes
    # on it top card first (a foundation's group move).
    for i, spec in enumerate(game.specs):
        j = rng.randrange(len(game.specs))
        if spec.kind is Kind.STOCK or i == j or rng.random() < 0.4:
            continue
        rule, below = game.specs[j].rule, (game.cards[j][-1] if game.cards[j] else None)
        planted: list[Card] = []
        for _ in range(rng.randint(1, 3)):
            fits = [c for c in pool if _takes(rule, c, below)]
            if not fits:
                break
            card = rng.choice(fits)
            pool.remove(card)
            planted.append(card)
            below = card
        if rng.random() < 0.5 and planted:
            # The first card fits, the others run above it by the pile's own build where they can.
            build = spec.rule.build or Build("any", -1)
            planted = planted[:1]
            for _ in range(rng.randint(0, 2)):
                fits = [c for c in pool if build.fits(c, planted[-1])]
                if fits:
                    planted.append(fits[0])
                    pool.remove(fits[0])
            game.cards[i].extend(planted)
        else:
            game.cards[i].extend(reversed(planted))  # top card first onto the other stack
    for i, spec in enumerate(game.specs):
        pile = game.cards[i]
        if spec.kind is Kind.STOCK:
            game.face_down[i] = len(pile)
        elif pile and spec.kind in (Kind.TABLEAU, Kind.RESERVE) and rng.random() < 0.3:
            game.face_down[i] = rng.randint(0, len(pile))
    return game


def _takes(rule: StackRule, card: Card, top: Card | None) -> bool:
    """Whether a stack with ``rule`` takes ``card`` on ``top``, by the declaration (to lay out positions)."""
    if rule.suit is not None and card.suit != rule.suit:
        return False
    if top is None:
        return rule.empty == ANY or rule.empty == card.rank
    return rule.build is not None and rule.build.fits(card, top)


def brute_force(game: Game) -> list[Move]:
    """Every useful legal card move, by asking refusal() about every (source, target, count): the harness's."""
    return [m for m in accepted_moves(game) if isinstance(m, Move)]


def check_position(game: Game) -> list:
    """Listing, accepting and explaining agree at this position; returns the listed moves."""
    listed = list(game.legal_moves())
    cards = [m for m in listed if isinstance(m, Move)]
    assert cards == brute_force(game), (
        f"listed {[game.notation(m) for m in cards]}, legal {[game.notation(m) for m in brute_force(game)]}")
    before = game.snapshot()
    for move in listed:
        assert game.refusal(move) is None and game.explain(move) is None, game.notation(move)
        game.push(move)
        game.pop()
        assert game.snapshot() == before, game.notation(move)
    # Refused moves: explained, and refused by push. Counts past the face-up cards (a stock holds dozens) are
    # all refused alike, so one past them is enough. Rendering is slow: once per kind of refusal.
    rendered = set()
    for src, pile in enumerate(game.cards):
        for dst in range(len(game.specs)):
            for n in range(1, min(len(pile), len(pile) - game.face_down[src] + 1) + 2):
                move = Move(src, dst, n)
                reason = game.refusal(move)
                if reason is None:
                    assert game.explain(move) is None
                    continue
                message = game.explain(move)
                assert message is not None
                kind = (reason, game.specs[src].kind, game.specs[dst].kind, n > 1)
                if kind not in rendered:
                    rendered.add(kind)
                    assert str(message), game.notation(move)  # renders: every parameter is filled
                    with pytest.raises(IllegalMove):
                        game.push(move)
                    assert game.snapshot() == before
    if game._indexable:
        assert indexed_moves(game._plan, game) == checked_moves(game._plan, game)
    return listed


# Made-up variants are where rule combinations meet: three times the profile's examples (75, or 750 in CI).
@settings(max_examples=settings().max_examples * 3)
@given(cls=variants(), seed=st.integers(0, 2**32 - 1))
def test_made_up_variants_list_accept_and_explain_alike(cls, seed):
    rng = random.Random(seed)
    game = lay_out(cls(1), rng)
    for _ in range(6):
        listed = check_position(game)
        if not listed:
            break
        move = rng.choice(listed)
        game.push(move)


@given(seed=st.integers(0, 2**32 - 1), group=st.booleans(), base=st.sampled_from(BASES),
       build=st.sampled_from([Build("alternate", -1), Build("same", -1), Build("any", -1)]),
       pickup=st.sampled_from([PICK_RUN, PICK_RUN_BY_SPACES]))
def test_klondike_tableau_with_the_readme_foundations(seed, group, base, build, pickup):
    """The README's FOUNDATION_UP_IN_SUIT (no group moves) under a Klondike tableau (or a Forty Thieves one),
    and the same with group moves: runs go onto a foundation only with group_moves, top card first."""
    foundation = FOUNDATION_UP_IN_SUIT if not group else StackRule(
        build=Build("same", 1), empty=1, pickup=PICK_NONE, group_moves=True)
    cls = type("Klondike", (base,), {"stacks": (
        stock(), waste(), *foundations(4, foundation, x=3),
        *tableau(7, StackRule(build=build, empty=13, pickup=pickup)))})
    rng = random.Random(seed)
    game = lay_out(cls(1), rng)
    for _ in range(4):
        listed = check_position(game)
        for move in listed:
            if isinstance(move, Move) and move.dst in game.foundation_ix and move.n > 1:
                assert group or base is OwnFoundations  # whose foundations follow its own rule
        if not listed:
            break
        game.push(rng.choice(listed))


def test_a_golf_waste_taken_only_by_drop_refusal_gets_moves():
    cls = type("Golf", (GolfLike,), {"stacks": (
        stock(), waste(), *foundations(1, FOUNDATION_UP_IN_SUIT), *tableau(3, StackRule(pickup=PICK_TOP)))})
    game = cls(1)
    game.cards = [[Card(9, 0)], [Card(5, 2)], [], [Card(4, 1)], [Card(6, 3)], [Card(9, 1)]]
    game.face_down = [1, 0, 0, 0, 0, 0]
    moves = [m for m in game.legal_moves() if isinstance(m, Move)]
    assert moves == [Move(3, 1), Move(4, 1)]
    assert check_position(game)


def test_a_declared_drop_rule_is_asked_about_its_stacks_and_only_them():
    """custom_drop_kinds: the generator looks targets up in their compiled rules, except the stacks of the
    declared kinds, which it asks about every card that could be picked up (runs included)."""
    cls = type("Own", (OwnFoundations,), {"stacks": (
        *foundations(2, FOUNDATION_UP_IN_SUIT),
        *tableau(3, StackRule(build=Build("alternate", -1), empty=ANY, pickup=PICK_RUN)),
        *reserves(1, StackRule(empty=ANY, max_cards=1)))})
    game = cls(1)
    f1, f2, t1, t2, t3, r1 = range(6)
    assert game._indexable and game._plan.asked == (f1, f2)
    # f1 holds 5♥ (red): by its declared rule it takes only 6♥; by the variant's, any red card. f2 is empty:
    # a King or a Queen. t1: 9♠ 8♥ 7♣, t2: Q♦ J♣, t3: empty, the reserve: 3♦.
    game.cards = [[Card(5, 2)], [], [Card(9, 1), Card(8, 2), Card(7, 0)], [Card(12, 3), Card(11, 0)], [],
                  [Card(3, 3)]]
    game.face_down = [0] * 6
    moves = [m for m in game.legal_moves() if isinstance(m, Move)]
    assert Move(t1, f1, 2) in moves  # 8♥ is red: two cards go on, though f1 declares "6♥ only"
    assert Move(t2, f2, 2) in moves and Move(r1, f1) in moves  # Q♦ on the empty f2; 3♦ on 5♥
    assert Move(t1, f1) not in moves and Move(t1, f1, 3) not in moves  # 7♣ is black; three is too many
    assert Move(t2, t1) not in moves and Move(t1, t3, 2) in moves  # the tableau keeps its declared rule
    assert Move(t1, r1) not in moves  # the reserve is full
    check_position(game)


def test_an_own_rule_is_listed_accepted_and_explained_by_takes_alone():
    """Stacks with ``own_rule`` are indexed by the cards ``takes()`` names (no per-candidate asking): an own
    foundation takes one card at a time, an own pile a run whose bottom card it takes; their other
    declarations (here the reserve's one card) still hold."""
    cls = type("Own", (OwnRule,), {"stacks": (
        *foundations(2, own(FOUNDATION_UP_IN_SUIT)),
        *tableau(2, StackRule(build=Build("alternate", -1), empty=ANY, pickup=PICK_RUN)),
        StackSpec("tableau-3", Kind.TABLEAU, own(StackRule(pickup=PICK_RUN))),
        *reserves(1, own(StackRule(max_cards=1))))})
    game = cls(1)
    f1, f2, t1, t2, t3, r1 = range(6)
    assert game._indexable and game._plan.asked == ()
    assert [i for _, i in game._plan.own_wants] == [f1, f2, t3, r1] and game._plan.ask_drop == {r1}
    # f1: 5♥ (takes black cards up to 6); f2 empty (a Two: f1 holds one card); t1: 9♠ 6♥ 5♣; t2: Q♦ 2♣;
    # t3: 4♠ (red cards up to 6, or a run on one); the reserve is empty (a Two: t3 holds one card).
    game.cards = [[Card(5, 2)], [], [Card(9, 1), Card(6, 2), Card(5, 0)], [Card(12, 3), Card(2, 0)],
                  [Card(4, 1)], []]
    game.face_down = [0] * 6
    moves = [m for m in game.legal_moves() if isinstance(m, Move)]
    assert Move(t2, f1) in moves and Move(t2, f2) in moves and Move(t2, r1) in moves
    assert Move(t1, f1) in moves and Move(t1, f1, 2) not in moves  # one card at a time onto a foundation
    assert Move(t1, t3, 2) in moves and Move(t1, t3) not in moves  # the run's bottom card, 6♥, is taken
    assert str(game.explain(Move(t1, t3))) == "5 of clubs cannot go on tableau pile 3."  # take_refusal
    assert str(game.explain(Move(t2, t3))) == (  # an even rank: take_refusal says nothing, the engine does
        "The 2 of clubs cannot go on the 4 of spades: build by the game's rule.")
    game.cards[r1] = [Card(3, 3)]
    assert Move(t2, r1) not in list(game.legal_moves()) and str(game.explain(Move(t2, r1))) == "Reserve 1 is full."
    check_position(game)


def test_an_own_rule_without_takes_says_what_is_missing():
    with pytest.raises(VariantError, match="foundation-1 declare own_rule, but the class does not define takes"):
        type("NoTakes", (_Base,), {"stacks": (*foundations(1, own(FOUNDATION_UP_IN_SUIT)), *tableau(1, StackRule()))})


def test_a_drop_rule_declared_without_an_override_changes_nothing():
    cls = type("Plain", (_Base,), {"custom_drop_kinds": frozenset({Kind.FOUNDATION}), "stacks": (
        *foundations(1, FOUNDATION_UP_IN_SUIT), *tableau(2, StackRule(build=Build("any", -1), empty=ANY)))})
    game = cls(1)
    assert game._plan.asked == () and game._indexable
    game.cards = [[], [Card(1, 0)], [Card(2, 1)]]
    assert [m for m in game.legal_moves() if isinstance(m, Move)] == [Move(1, 0), Move(1, 2)]
    check_position(game)


def test_extra_refusal_is_refused_when_typed_not_only_left_out():
    cls = type("NoKings", (NoKingsMove,), {"stacks": (
        *foundations(1, FOUNDATION_UP_IN_SUIT), *tableau(2, StackRule(build=Build("any", -1), empty=ANY)))})
    game = cls(1)
    game.cards = [[], [Card(5, 1), Card(13, 0)], []]
    assert game.refusal(Move(1, 2)) is R_NO_KINGS
    with pytest.raises(IllegalMove, match="A King stays where it is"):
        game.push(Move(1, 2))
    assert Move(1, 2) not in list(game.legal_moves())


def test_a_spider_run_is_one_suit_with_the_run_length_override_alone():
    cls = type("Spider", (SpiderLike,), {"stacks": (
        *foundations(1, FOUNDATION_UP_IN_SUIT),
        *tableau(3, StackRule(build=Build("any", -1), empty=ANY, pickup=PICK_RUN)))})
    game = cls(1)
    # 2♣ 9♠ 8♥ 7♥ on pile 1: by rank the run is three cards, by suit two; 9♣ on pile 2 takes an 8 of any suit.
    game.cards = [[], [Card(2, 0), Card(9, 1), Card(8, 2), Card(7, 2)], [Card(9, 0)], []]
    game.face_down = [0, 0, 0, 0]
    moves = [m for m in game.legal_moves() if isinstance(m, Move)]
    assert Move(1, 2, 2) in moves and Move(1, 3, 2) in moves
    assert not any(m.n == 3 for m in moves)
    assert game.refusal(Move(1, 3, 3)) is not None
    check_position(game)


def test_a_run_goes_onto_a_foundation_top_card_first():
    """Forty Thieves' case (game 20980, hint t4-f1x2): 4♥ 3♥ on a pile, a foundation at 3♥. The bottom card
    fits the foundation, the top card does not: no move."""
    from reussite_plugins.forty_thieves import FortyThieves

    game = FortyThieves(1)
    f1, t4 = game.index["foundation-1"], game.index["tableau-4"]
    game.cards = [[] for _ in game.specs]
    game.face_down = [0] * len(game.specs)
    game.cards[f1] = [Card(1, 2), Card(2, 2), Card(3, 2)]
    game.cards[t4] = [Card(4, 2), Card(3, 2, 1)]
    assert Move(t4, f1, 2) not in list(game.legal_moves())
    message = str(game.explain(Move(t4, f1, 2)))
    assert game.refusal(Move(t4, f1, 2)) is R_BUILD and message == (
        "The 3 of hearts cannot go on the 3 of hearts: build up in suit.")
    game.cards[t4] = [Card(5, 2), Card(4, 2)]
    assert Move(t4, f1, 2) in list(game.legal_moves())
    check_position(game)


# -- the bundled games over many deals ------------------------------------------------------------------------

BUNDLED = [
    ("forty-thieves", {}, range(1, 201)),
    ("tournament", {}, range(1, 201)),
    ("mount-olympus", {}, range(1, 201)),
    ("osmosis", {}, range(1, 201)),
    ("osmosis", {"deal": "3"}, range(1, 201)),
]
#: Moves played per deal (random, the deal or redeal preferred one time in eight, so passes get used).
STEPS = 60


def play_and_check(game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        listed = list(game.legal_moves())
        if not listed:
            return
        before = game.snapshot()
        for move in listed:
            game.push(move)  # push checks the rules: a listed move it refuses raises IllegalMove
            game.pop()
        assert game.snapshot() == before
        hint = heuristic_move(game)
        assert hint is None or game.refusal(hint) is None
        stock_moves = [m for m in listed if isinstance(m, Deal | Redeal)]
        game.push(stock_moves[0] if stock_moves and rng.random() < 0.125 else rng.choice(listed))


@pytest.mark.parametrize(("game_id", "options", "numbers"), BUNDLED, ids=[f"{g}{o}" for g, o, _ in BUNDLED])
def test_every_listed_move_is_accepted_over_many_deals(host, game_id, options, numbers):
    cls = host.game(game_id)
    for number in numbers:
        game = cls(number, options)
        game.track_positions = False
        play_and_check(game, random.Random(number), STEPS)


def test_forty_thieves_20980_hints_and_moves_are_accepted(host):
    """The deal of the report: every listed move and hint is accepted along many random games from it."""
    cls = host.game("forty-thieves")
    for seed in range(40):
        game = cls(20980)
        game.track_positions = False
        play_and_check(game, random.Random(seed), 80)


def test_bundled_games_generate_exactly_the_legal_moves(host):
    """Completeness on the bundled games: brute force over every (source, target, count) along random play."""
    for game_id, options in [("forty-thieves", {}), ("tournament", {}), ("mount-olympus", {}),
                             ("osmosis", {}), ("osmosis", {"deal": "3"})]:
        cls = host.game(game_id)
        for number in (3, 20980):
            game = cls(number, options)
            game.track_positions = False
            rng = random.Random(number)
            for _ in range(15):
                listed = check_position(game)
                if not listed:
                    break
                game.push(rng.choice(listed))


@settings(max_examples=settings().max_examples * 4)
@given(rule=rules, kind=st.sampled_from(list(Kind)), top=st.one_of(st.none(), st.tuples(st.integers(1, 13),
       st.integers(0, 3))), card=st.tuples(st.integers(1, 13), st.integers(0, 3)))
def test_a_compiled_rule_takes_what_its_declaration_says(rule, kind, top, card):
    from reussite.rules import CompiledRule

    compiled = CompiledRule(StackSpec("x-1", kind, rule))
    top_card = None if top is None else Card(*top)
    assert (compiled.fit_refusal(Card(*card), top_card) is None) == _takes(rule, Card(*card), top_card)
