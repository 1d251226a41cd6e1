"""Stacks and their declarative rules (layer 2).

A stack is described, not coded: what it is (:class:`Kind`), how cards are built on it (:class:`Build`),
what an empty one takes, what may be picked up from it. A variant lists its stacks with the helpers at the
bottom of this module and overrides game methods only for what no rule here can say.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from reussite.cards import RANKS, Card
from reussite.messages import N_, Message


class Kind(StrEnum):
    STOCK = "stock"
    WASTE = "waste"
    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    RESERVE = "reserve"


class Empty(StrEnum):
    """What an empty stack takes, besides a rank number (1 = Ace to 13 = King)."""

    ANY = "any"  # any card
    NONE = "none"  # nothing at all


@dataclass(frozen=True, slots=True)
class Base:
    """What an empty stack takes when the deal decides it: the game's base rank (``Game.set_base_rank``,
    Canfield's first foundation card), moved by ``offset`` and going round King–Ace (``Base(-1)``: the rank
    below the base, a King when the base is an Ace). Until the game sets the base an empty stack so declared
    takes any card (Chessboard: the first card played to a foundation sets it).

    Compiled per (class, base rank) into the same lookup tables as a fixed rank, so as fast."""

    offset: int = 0

    def rank(self, base: int) -> int:
        """The rank an empty stack takes when the base rank is ``base``."""
        return (base - 1 + self.offset) % 13 + 1


class Pickup(StrEnum):
    """What may be picked up from a stack."""

    NONE = "none"  # nothing (stock: it is dealt, not picked)
    TOP = "top"  # the top card only
    RUN = "run"  # any run built by the stack's own rule
    #: a run only as long as the empty piles and free cells (reserves of one card that take any tableau card)
    #: allow single moves for it: (1 + empty cells) x 2 ** empty piles, the piles it leaves and enters aside
    RUN_BY_SPACES = "run-by-spaces"
    #: any face-up cards with those above them, whether they follow each other or not (Yukon)
    FACE_UP = "face-up"


class BuildSuit(StrEnum):
    """Which suit a card built on another must have."""

    SAME = "same"  # the same suit
    ALTERNATE = "alternate"  # the other colour
    ANY = "any"  # any suit
    COLOUR = "colour"  # the same colour (Whitehead, Agnes Sorel)
    OTHER = "other"  # any suit but its own (Thumb and Pouch)


class Fan(StrEnum):
    """How a stack's cards spread on the table."""

    NONE = "none"  # squared: only the top card shows
    DOWN = "down"
    RIGHT = "right"


class DealTo(StrEnum):
    """Where the stock deals (``Game.deal_to``)."""

    WASTE = "waste"  # turn ``deal_count`` cards onto the waste
    TABLEAU = "tableau"  # ``deal_count`` cards onto each tableau pile
    #: turn ``deal_count`` cards onto the first foundation, the top card first, whatever lies there (Golf)
    FOUNDATION = "foundation"
    #: ``deal_count`` cards onto each reserve, in layout order, while the stock lasts (Bristol)
    RESERVE = "reserve"
    #: no deal: the stock's cards leave it only by the game's ``refill`` (Cover's piles, refilled at once)
    REFILL = "refill"


# The names the declarations have always used; each is the enum member, equal to its string.
ANY, NONE = Empty.ANY, Empty.NONE
PICK_NONE, PICK_TOP, PICK_RUN, PICK_RUN_BY_SPACES, PICK_FACE_UP = (
    Pickup.NONE, Pickup.TOP, Pickup.RUN, Pickup.RUN_BY_SPACES, Pickup.FACE_UP)

#: How a refusal names a rule no declaration states (an unusual build, a stack's ``own_rule``).
OWN_RULE_TEXT = N_("build by the game's rule")

_BUILD_TEXT = {
    ("same", -1): N_("build down in suit"),
    ("same", 1): N_("build up in suit"),
    ("same", -2): N_("build down in suit by twos"),
    ("same", 2): N_("build up in suit by twos"),
    ("alternate", -1): N_("build down in alternating colours"),
    ("alternate", 1): N_("build up in alternating colours"),
    ("any", -1): N_("build down regardless of suit"),
    ("any", 1): N_("build up regardless of suit"),
    ("colour", -1): N_("build down in the same colour"),
    ("colour", 1): N_("build up in the same colour"),
    ("other", -1): N_("build down in any other suit"),
    ("other", 1): N_("build up in any other suit"),
    ("same", "either"): N_("build up or down in suit"),
    ("alternate", "either"): N_("build up or down in alternating colours"),
    ("any", "either"): N_("build up or down regardless of suit"),
    ("colour", "either"): N_("build up or down in the same colour"),
    ("other", "either"): N_("build up or down in any other suit"),
}
#: The same rules where the ranks wrap (the Ace follows the King, the King the Ace).
_WRAP_TEXT = {
    ("same", -1): N_("build down in suit, the King on the Ace"),
    ("same", 1): N_("build up in suit, the Ace on the King"),
    ("alternate", -1): N_("build down in alternating colours, the King on the Ace"),
    ("alternate", 1): N_("build up in alternating colours, the Ace on the King"),
    ("any", -1): N_("build down regardless of suit, the King on the Ace"),
    ("any", 1): N_("build up regardless of suit, the Ace on the King"),
    ("colour", -1): N_("build down in the same colour, the King on the Ace"),
    ("other", -1): N_("build down in any other suit, the King on the Ace"),
    ("same", "either"): N_("build up or down in suit, the King and the Ace next to each other"),
    ("alternate", "either"): N_("build up or down in alternating colours, the King and the Ace next to each other"),
    ("any", "either"): N_("build up or down regardless of suit, the King and the Ace next to each other"),
}
#: The same rules where the Ace ranks above the King (and never below the Two).
_ACE_HIGH_TEXT = {
    ("same", -1): N_("build down in suit, the Ace above the King"),
    ("alternate", -1): N_("build down in alternating colours, the Ace above the King"),
    ("any", -1): N_("build down regardless of suit, the Ace above the King"),
    ("same", 1): N_("build up in suit, the Ace above the King"),
    ("any", 1): N_("build up regardless of suit, the Ace above the King"),
}


@dataclass(frozen=True, slots=True)
class Build:
    """How a card goes onto another: ``suit`` is ``same``, ``alternate`` (colour), ``any``, ``colour`` (the
    same colour) or ``other`` (any suit but its own); ``step`` the rank difference (−1 down by one, +2 up by
    twos). ``either``: up or down by ``abs(step)``. ``wrap``: the ranks go round, the Ace after the King
    going up and the King after the Ace going down (Canfield's foundations, Black Hole). ``ace_high``: the Ace
    ranks above the King and below nothing, the ranks going from the Two up to the Ace (Straight Up's piles,
    down in suit: the King on the Ace, nothing on a Two).

    Every form is compiled into the stack's lookup tables, so each is as fast as any other in the move
    generator and the solver."""

    suit: BuildSuit | str = BuildSuit.SAME
    step: int = -1
    either: bool = False
    wrap: bool = False
    ace_high: bool = False

    def fits(self, card: Card, onto: Card) -> bool:
        steps = (self.step, -self.step) if self.either else (self.step,)
        if self.ace_high:
            if not any((card.rank - 2) % 13 == (onto.rank - 2) % 13 + step for step in steps):
                return False
        elif self.wrap:
            if not any((onto.rank - 1 + step) % 13 + 1 == card.rank for step in steps):
                return False
        elif not any(card.rank == onto.rank + step for step in steps):
            return False
        if self.suit == "same":
            return card.suit == onto.suit
        if self.suit == "alternate":
            return card.is_red != onto.is_red
        if self.suit == "colour":
            return card.is_red == onto.is_red
        if self.suit == "other":
            return card.suit != onto.suit
        return True

    @property
    def text(self) -> str:
        """The rule as a msgid, for refusal messages and stack descriptions."""
        key = (self.suit, "either" if self.either and abs(self.step) == 1 else self.step)
        return (_ACE_HIGH_TEXT if self.ace_high else _WRAP_TEXT if self.wrap else _BUILD_TEXT).get(key, OWN_RULE_TEXT)


@dataclass(frozen=True, slots=True)
class StackRule:
    build: Build | None = None  # how cards go onto a non-empty stack; None: never
    empty: Empty | int | Base = ANY  # what an empty stack takes: ANY, NONE, a rank (1 = Ace) or Base()
    suit: int | None = None  # a fixed suit, if any
    max_cards: int | None = None
    pickup: Pickup | str = PICK_TOP
    accepts_from: frozenset[Kind] | None = None  # None: from any stack
    flip_exposed: bool = True  # turn up a face-down card when it becomes the top card
    group_moves: bool = False  # foundations: a run may go on card by card (R-FT-8)
    #: What the stack takes is the variant's own rule, :meth:`Game.takes`, instead of ``build``, ``empty`` and
    #: ``suit`` (which must be left out): Osmosis' foundations, Golf's waste.
    own_rule: bool = False
    #: With ``own_rule``: what the stack takes depends only on its own top card (None when empty), identical
    #: cards of two packs alike. The engine may then ask ``takes()`` once per top card and keep the answer,
    #: and the solver may read it (nothing else on the stack, or elsewhere, changes what it takes).
    by_top: bool = False
    #: Where a card stands matters (Gaps, Maze: each stack is a place in a grid, and every move is a card into an
    #: empty place): moving a whole pile onto an empty stack of the same kind is then a move like any other,
    #: listed and played, and the stack is never swapped with another in the position key. By default such a
    #: move changes nothing that matters, so it is not listed.
    positional: bool = False
    #: What moves together, where it is not the build (``pickup=PICK_RUN`` or ``PICK_RUN_BY_SPACES``): Spider's
    #: piles build down regardless of suit, but only a run down in one suit moves, ``run=Build("same", -1)``.
    run: Build | None = None
    #: Where an empty stack takes cards from, where that is less than ``accepts_from`` says (None: the same):
    #: Kansas's empty piles take only the waste's card, Backbone's any card but the backbone's.
    empty_from: frozenset[Kind] | None = None


@dataclass(frozen=True, slots=True)
class StackSpec:
    """One stack of a layout. ``id`` is ``stock``, ``waste``, ``foundation-K``, ``tableau-K`` or ``reserve-K``.

    ``x``/``y`` place it on a grid of card widths and heights (front ends scale it); ``fan`` is how its
    cards spread: ``"down"``, ``"right"`` or ``"none"`` (squared).
    """

    id: str
    kind: Kind
    rule: StackRule
    x: float = 0.0
    y: float = 0.0
    fan: Fan | str = Fan.NONE
    #: The stack's name as its game's rules call it, a msgid with ``{number}`` ("column {number}" for
    #: Tournament's tableau piles); None: the kind's own name ("tableau pile {number}").
    label: str | None = None
    #: What the stack takes, in the words of the game's rules, a msgid (tooltips, the text mode's legend):
    #: for a rule of the game's own, or one the declarations say too little of (Spider's finished runs).
    #: None: worked out from the rule.
    text: str | None = None

    @property
    def short(self) -> str:
        """Short name for typed moves: ``s``, ``w``, ``f3``, ``t10``, ``r2``."""
        if "-" in self.id:
            kind, number = self.id.split("-", 1)
            return kind[0] + number
        return self.id[0]

    @property
    def number(self) -> int:
        return int(self.id.split("-", 1)[1]) if "-" in self.id else 0

    @property
    def name(self) -> Message:
        """The stack's name for people, in any language."""
        if self.kind is Kind.STOCK:
            return Message(N_("the stock"))
        if self.kind is Kind.WASTE:
            return Message(N_("the waste"))
        template = self.label or {
            Kind.FOUNDATION: N_("foundation {number}"),
            Kind.TABLEAU: N_("tableau pile {number}"),
            Kind.RESERVE: N_("reserve {number}"),
        }[self.kind]
        return Message(template, {"number": self.number})

    def describe(self) -> Message:
        """One line saying what this stack takes."""
        rule = self.rule
        if self.text:
            return Message(self.text)
        if self.kind is Kind.STOCK:
            return Message(N_("Deals cards; click it to deal."))
        if rule.own_rule:  # a StackSpec subclass may say more (Osmosis' foundations), or its text
            return Message(N_("Takes cards by the game's own rule."))
        if self.kind is Kind.WASTE and rule.accepts_from == frozenset():
            return Message(N_("Takes the cards turned from the stock; its top card may be played."))
        if rule.build is None and rule.empty == NONE:
            if rule.pickup == PICK_NONE:
                return Message(N_("Takes no cards, and none leaves it."))
            return Message(N_("Takes no cards; its top card may be played."))
        parts = {"rule": Message(rule.build.text) if rule.build else Message(N_("no building"))}
        if rule.empty == ANY:
            return Message(N_("{rule}; an empty one takes any card."), parts)
        if rule.empty == NONE:
            return Message(N_("{rule}; an empty one stays empty."), parts)
        if isinstance(rule.empty, Base):  # the base rank not set yet (see resolve_base)
            if rule.empty.offset == 0:
                return Message(N_("{rule}; an empty one takes the base rank (any card until it is set)."), parts)
            if rule.empty.offset == -1:
                return Message(N_("{rule}; an empty one takes the rank below the base (any card until it is "
                                  "set)."), parts)
            return Message(N_("{rule}; an empty one takes the base rank moved by {offset} (any card until it "
                              "is set)."), {**parts, "offset": rule.empty.offset})
        return Message(N_("{rule}; an empty one takes {rank.a}."), {**parts, "rank": rank_name(rule.empty)})



def _choices(enum: type[StrEnum]) -> str:
    return ", ".join(repr(m.value) for m in enum)


def _valid(value: object, enum: type[StrEnum]) -> bool:
    return isinstance(value, str) and value in enum._value2member_map_


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def spec_problems(spec: object) -> list[str]:
    """What is wrong in one stack's declaration, each as "field: bad value, what is valid" (empty: nothing).
    ``Variant`` asks this of every stack when its class is defined, so a typo fails at once with its name."""
    if not isinstance(spec, StackSpec):
        return [f"{spec!r} is not a StackSpec (use stock(), waste(), foundations(), tableau(), reserves())"]
    found = []
    if not isinstance(spec.kind, Kind):
        found.append(f"kind: {spec.kind!r} is not a Kind (one of {_choices(Kind)})")
    elif spec.kind in (Kind.STOCK, Kind.WASTE):
        if spec.id != spec.kind.value:
            found.append(f"id: {spec.id!r} is not valid for the {spec.kind.value} (its id is {spec.kind.value!r})")
    else:
        prefix, _, number = str(spec.id).partition("-")
        if prefix != spec.kind.value or not number.isdigit() or int(number) < 1 or number != str(int(number)):
            found.append(f"id: {spec.id!r} is not valid for a {spec.kind.value} stack "
                         f"(valid: '{spec.kind.value}-1', '{spec.kind.value}-2', ...)")
    if not _valid(spec.fan, Fan):
        found.append(f"fan: {spec.fan!r} is not one of {_choices(Fan)}")
    if spec.text is not None and not (isinstance(spec.text, str) and spec.text):
        found.append(f"text: {spec.text!r} is not None or a msgid saying what the stack takes")
    for axis in ("x", "y"):
        if not isinstance(getattr(spec, axis), int | float) or isinstance(getattr(spec, axis), bool):
            found.append(f"{axis}: {getattr(spec, axis)!r} is not a number")
    rule = spec.rule
    if not isinstance(rule, StackRule):
        return [*found, f"rule: {rule!r} is not a StackRule"]
    for field in ("build", "run"):
        build = getattr(rule, field)
        if build is not None and not isinstance(build, Build):
            found.append(f"rule.{field}: {build!r} is not a Build or None")
        elif build is not None:
            if not _valid(build.suit, BuildSuit):
                found.append(f"rule.{field}.suit: {build.suit!r} is not one of {_choices(BuildSuit)}")
            if not _is_int(build.step) or not 0 < abs(build.step) < 13:
                found.append(f"rule.{field}.step: {build.step!r} is not a whole number from -12 to 12 other than 0")
            for flag in ("either", "wrap", "ace_high"):
                if not isinstance(getattr(build, flag), bool):
                    found.append(f"rule.{field}.{flag}: {getattr(build, flag)!r} is not True or False")
            if build.wrap is True and build.ace_high is True:
                found.append(f"rule.{field}: wrap and ace_high both set; the ranks either go round or rank the "
                             "Ace above the King, not both")
    build = rule.build
    if rule.run is not None and rule.pickup not in (Pickup.RUN, Pickup.RUN_BY_SPACES):
        found.append(f"rule.run: {rule.run!r} says what moves together, but pickup={str(rule.pickup)!r} moves no "
                     "run; use pickup=PICK_RUN or PICK_RUN_BY_SPACES, or leave out run")
    if isinstance(rule.empty, Base):
        if not _is_int(rule.empty.offset) or not -12 <= rule.empty.offset <= 12:
            found.append(f"rule.empty: Base(offset={rule.empty.offset!r}): the offset is not a whole number "
                         f"from -12 to 12")
    elif not (_valid(rule.empty, Empty) or (_is_int(rule.empty) and 1 <= rule.empty <= 13)):
        found.append(f"rule.empty: {rule.empty!r} is not one of {_choices(Empty)}, a rank from 1 (Ace) "
                     f"to 13 (King) or Base(offset)")
    if rule.suit is not None and not (_is_int(rule.suit) and 0 <= rule.suit <= 3):
        found.append(f"rule.suit: {rule.suit!r} is not None or a suit from 0 to 3 (clubs, spades, hearts, "
                     f"diamonds)")
    if rule.max_cards is not None and not (_is_int(rule.max_cards) and rule.max_cards >= 1):
        found.append(f"rule.max_cards: {rule.max_cards!r} is not None or a whole number from 1")
    if not _valid(rule.pickup, Pickup):
        found.append(f"rule.pickup: {rule.pickup!r} is not one of {_choices(Pickup)}")
    if rule.accepts_from is not None and not (
            isinstance(rule.accepts_from, frozenset) and all(isinstance(k, Kind) for k in rule.accepts_from)):
        found.append(f"rule.accepts_from: {rule.accepts_from!r} is not None or a frozenset of Kind "
                     f"(of {_choices(Kind)})")
    if rule.empty_from is not None and not (
            isinstance(rule.empty_from, frozenset) and all(isinstance(k, Kind) for k in rule.empty_from)):
        found.append(f"rule.empty_from: {rule.empty_from!r} is not None or a frozenset of Kind "
                     f"(of {_choices(Kind)})")
    if rule.own_rule is True and (build is not None or rule.empty != ANY or rule.suit is not None
                                  or rule.group_moves):
        found.append("rule.own_rule: True, so the variant's takes() decides what the stack takes; leave out "
                     "build, empty, suit and group_moves")
    for flag in ("flip_exposed", "group_moves", "own_rule", "by_top", "positional"):
        if not isinstance(getattr(rule, flag), bool):
            found.append(f"rule.{flag}: {getattr(rule, flag)!r} is not True or False")
    if rule.by_top is True and rule.own_rule is not True:
        found.append("rule.by_top: True, but only a stack with own_rule=True has a takes() whose answer it "
                     "describes; add own_rule=True or leave out by_top")
    return found


# Why a stack's declared rule refuses cards; the engine turns each into a message (``reussite.game``).
WHY_COUNT = "count"  # not that many cards to move
WHY_FROM_KIND = "from-kind"  # not from that kind of stack
WHY_EMPTY_FROM = "empty-from"  # not from that kind of stack while it is empty
WHY_FULL = "full"  # no room for so many cards
WHY_GROUP = "group"  # only one card at a time goes on
WHY_SUIT = "suit"  # not its fixed suit
WHY_NOTHING_ON_EMPTY = "nothing-on-empty"  # an empty one takes nothing
WHY_EMPTY_RANK = "empty-rank"  # an empty one takes another rank
WHY_NO_BUILD = "no-build"  # nothing is built on it
WHY_BUILD = "build"  # the card does not follow the build
WHY_OWN = "own"  # the variant's own rule (``Game.takes``) does not take the card

#: The key of "no card", what an empty stack shows on top; a card's key is ``card_key(card)``.
EMPTY_KEY = 0
#: Every card key, Ace of clubs to King of diamonds.
CARD_KEYS = tuple(rank * 4 + suit for rank in range(1, 14) for suit in range(4))
#: The jokers' keys (``cards.JOKER`` is rank 0): the black one's 1, the red one's 2. No declared rule takes them.
JOKER_KEYS = (1, 2)
#: ``CompiledRule.wants`` entry for a stack that takes any card at all.
ANY_CARD = ("any",)


def card_key(card: Card) -> int:
    """A card as a small integer, ``rank * 4 + suit`` (4 to 55; a joker 1 or 2): the two packs' identical cards
    share it."""
    return card[0] * 4 + card[1]


def _card_of(key: int) -> Card:
    return Card(key >> 2, key & 3)


_TABLES: dict[StackRule, tuple[tuple, tuple, tuple]] = {}
_RUNS: dict[Build, tuple[frozenset[int], ...]] = {}


def _runs(build: Build | None, cards: dict[int, Card]) -> tuple[frozenset[int], ...]:
    """``CompiledRule.on`` for ``build``: a game's many rules share a few builds."""
    try:
        found = _RUNS.get(build)  # type: ignore[arg-type]
    except TypeError:
        found = None
    if found is not None:
        return found
    on: list[frozenset[int]] = [frozenset()] * 56
    if build is not None:
        for lower in CARD_KEYS:
            on[lower] = frozenset(k for k in CARD_KEYS if build.fits(cards[k], cards[lower]))
    found = tuple(on)
    try:
        _RUNS[build] = found  # type: ignore[index]
    except TypeError:
        pass
    return found


def _tables(rule: StackRule) -> tuple[tuple, tuple, tuple]:
    """``on``, ``takes`` and ``wants`` of :class:`CompiledRule` for ``rule``, worked out once per rule: the
    stacks of a game mostly share a few rules (ten tableau piles, eight foundations), and start-up pays
    for every distinct one only."""
    try:
        found = _TABLES.get(rule)
    except TypeError:  # a plugin's rule holding something unhashable: worked out for each stack
        found, rule_key = None, None
    else:
        rule_key = rule
    if found is not None:
        return found
    cards = {key: _card_of(key) for key in CARD_KEYS}
    on = _runs(rule.build, cards)
    if rule.empty == ANY or isinstance(rule.empty, Base):  # a base not set yet: any card (see Base)
        start = frozenset(CARD_KEYS)
    elif rule.empty == NONE:
        start = frozenset()
    else:
        start = frozenset(k for k in CARD_KEYS if cards[k].rank == rule.empty)
    takes = [start, *on[1:]]
    if rule.suit is not None:
        takes = [frozenset(k for k in keys if k & 3 == rule.suit) for keys in takes]
    every = frozenset(CARD_KEYS)
    wants = tuple(ANY_CARD if keys == every else tuple(sorted(keys)) for keys in takes)
    found = (on, tuple(takes), wants)
    if rule_key is not None:
        _TABLES[rule_key] = found
    return found


#: ``CompiledRule.lift`` for a ``face-up`` pickup: any card goes up with any card.
_EVERY_CARD_ON: list[frozenset[int]] = [frozenset((*CARD_KEYS, *JOKER_KEYS))] * 56


class CompiledRule:
    """A stack's declared rule compiled once per variant into lookup tables, which are its only meaning:
    the refusal checks, the move generator and the explanations all read them, so what a game lists, accepts
    and explains cannot disagree.

    - ``takes[top]``: the keys of the cards the stack takes on a top card of key ``top`` (``EMPTY_KEY`` when
      it is empty), fixed suit and what an empty stack takes included;
    - ``wants[top]``: the same as a sorted tuple for the generator, or ``ANY_CARD`` when every card fits;
    - ``on[lower]``: the keys of the cards that continue a run above ``lower`` by the stack's own build;
    - ``lift[lower]``: those that may be picked up with the cards above them when ``lower`` is picked up:
      ``on``, the declared ``run``'s, or every card where the pickup is ``face-up``; ``runs_on[lower]``: those
      that both follow the build and move with it (what the solver's estimate counts as in order);
    - what the cards come from (``accepts_from``), how many it holds (``max_cards``) and, for foundations,
      that several cards go on one at a time, top card first (``top_first``, allowed only with
      ``group_moves``).
    """

    __slots__ = ("spec", "rule", "kind", "pickup", "takes", "wants", "on", "accepts_from", "max_cards",
                 "top_first", "group_moves", "may_take", "limited", "own", "by_top", "lift", "runs_on",
                 "empty_from")

    def __init__(self, spec: StackSpec) -> None:
        rule = spec.rule
        self.spec, self.rule, self.kind = spec, rule, spec.kind
        self.pickup = str(rule.pickup)  # a plain string: compared on every listing (see reussite.game)
        self.on, self.takes, self.wants = _tables(rule)
        if self.pickup == Pickup.FACE_UP.value:
            self.lift, self.runs_on = _EVERY_CARD_ON, self.on
        elif rule.run is not None:
            self.lift = _runs(rule.run, {key: _card_of(key) for key in CARD_KEYS})
            self.runs_on = tuple(a & b for a, b in zip(self.on, self.lift, strict=True))
        else:
            self.lift = self.runs_on = self.on
        self.accepts_from = rule.accepts_from
        self.empty_from = rule.empty_from
        self.max_cards = rule.max_cards
        self.top_first = spec.kind is Kind.FOUNDATION
        self.group_moves = rule.group_moves
        self.own = rule.own_rule  # what it takes is Game.takes(), asked each time
        self.by_top = rule.own_rule and rule.by_top  # ... or once per top card
        # Could it ever take a card? (A stack that cannot is never worth asking.)
        self.may_take = rule.accepts_from != frozenset() and (self.own or any(self.takes))
        # Does it say more than which card goes on which?
        self.limited = rule.accepts_from is not None or rule.max_cards is not None or rule.empty_from is not None

    def run(self, pile: list[Card], face_down: int) -> int:
        """How many face-up cards on top of ``pile`` form a run by this stack's build, or may be picked up
        together (``lift``: a ``face-up`` pickup takes them all); 0 if none is up."""
        limit = len(pile) - face_down
        if limit <= 0:
            return 0
        on = self.lift
        card = pile[-1]
        upper = card[0] * 4 + card[1]
        n = 1
        while n < limit:
            card = pile[-n - 1]
            lower = card[0] * 4 + card[1]
            if upper not in on[lower]:
                break
            upper = lower
            n += 1
        return n

    def fit_refusal(self, card: Card, top: Card | None) -> str | None:
        """Why ``card`` cannot go on ``top`` (None: an empty stack), or None if it can."""
        if card[0] * 4 + card[1] in self.takes[EMPTY_KEY if top is None else top[0] * 4 + top[1]]:
            return None
        rule = self.rule
        if rule.suit is not None and card.suit != rule.suit:
            return WHY_SUIT
        if top is None:
            return WHY_NOTHING_ON_EMPTY if rule.empty == NONE else WHY_EMPTY_RANK
        return WHY_NO_BUILD if rule.build is None else WHY_BUILD

    def drop_refusal(self, src_kind: Kind, moving: list[Card], n: int, target: list[Card],
                     own_keys: Collection[int] = ()) -> tuple[str, Card | None, Card | None] | None:
        """Why this stack refuses the top ``n`` cards of ``moving`` (coming from a ``src_kind`` stack), with
        the card refused and what it was to go on (None: the empty stack); None if it takes them. With
        ``own_rule``, ``own_keys`` are the keys of the cards the variant's rule takes now: a foundation takes
        one card at a time, another stack a run whose bottom card is one of them."""
        if n < 1 or n > len(moving):
            return WHY_COUNT, None, None
        if self.accepts_from is not None and src_kind not in self.accepts_from:
            return WHY_FROM_KIND, None, None
        if not target and self.empty_from is not None and src_kind not in self.empty_from:
            return WHY_EMPTY_FROM, None, None
        if self.max_cards is not None and len(target) + n > self.max_cards:
            return WHY_FULL, None, None
        top = target[-1] if target else None
        if self.own:
            if n > 1 and self.top_first:
                return WHY_GROUP, None, None
            card = moving[-n]
            return None if card[0] * 4 + card[1] in own_keys else (WHY_OWN, card, top)
        if n > 1 and self.top_first:
            if not self.group_moves:
                return WHY_GROUP, None, None
            # The cards go on one at a time, the top card first, each onto the one before.
            for k in range(1, n + 1):
                card = moving[-k]
                reason = self.fit_refusal(card, top)
                if reason is not None:
                    return reason, card, top
                top = card
            return None
        card = moving[-n]
        reason = self.fit_refusal(card, top)
        return None if reason is None else (reason, card, top)


def rank_name(rank: int) -> Message:
    from reussite.messages import RANK_NAMES

    return Message(RANK_NAMES[rank - 1])


def _numbered(kind: Kind, count: int, rule: StackRule, x: float, y: float, dx: float, dy: float, fan: Fan | str,
              first: int = 1, label: str | None = None, text: str | None = None):
    if not _is_int(first) or first < 1:
        raise ValueError(f"{kind.value}s: first={first!r} is not a whole number from 1")
    return [
        StackSpec(f"{kind.value}-{first + i}", kind, rule, x + dx * i, y + dy * i, fan, label, text)
        for i in range(count)
    ]


def stock(x: float = 0, y: float = 0) -> StackSpec:
    return StackSpec("stock", Kind.STOCK, StackRule(empty=NONE, pickup=PICK_NONE, flip_exposed=False), x, y)


def waste(x: float = 1, y: float = 0, fan: Fan | str = Fan.NONE, max_cards: int | None = None) -> StackSpec:
    """The waste; with ``max_cards``, the stock turns no cards that would pass it (Sir Tommy's waste of one
    card: play it before turning another)."""
    return StackSpec("waste", Kind.WASTE, StackRule(empty=NONE, accepts_from=frozenset(), max_cards=max_cards),
                     x, y, fan)


def foundations(count: int, rule: StackRule, x: float = 0, y: float = 0, dx: float = 1, dy: float = 0,
                suits: Sequence[int] | None = None, first: int = 1, label: str | None = None,
                text: str | None = None):
    """``count`` foundations in a row. With ``suits``, foundation K takes only suit ``suits[K - 1]`` (0 clubs,
    1 spades, 2 hearts, 3 diamonds): ``suits=range(4)``, or ``(0, 1, 2, 3) * 2`` for eight.

    Every helper below numbers its stacks from ``first`` (a layout in two groups: ``tableau(4, ..., y=1)``
    then ``tableau(4, ..., y=3, first=5)``) and names them with ``label`` (a msgid with ``{number}``, as the
    game's rules call them: ``N_("free cell {number}")``), saying what they take with ``text`` where the
    rule alone says too little (``N_("Takes a finished run, King to Ace in one suit.")``)."""
    stacks = _numbered(Kind.FOUNDATION, count, rule, x, y, dx, dy, Fan.NONE, first, label, text)
    if suits is None:
        return stacks
    suits = tuple(suits)
    if len(suits) != count:
        raise ValueError(f"foundations(): {len(suits)} suits {suits} for {count} foundations")
    return [replace(spec, rule=replace(rule, suit=suit)) for spec, suit in zip(stacks, suits, strict=True)]


def tableau(count: int, rule: StackRule, x: float = 0, y: float = 1, dx: float = 1, dy: float = 0,
            fan: Fan | str = Fan.DOWN, first: int = 1, label: str | None = None, text: str | None = None):
    return _numbered(Kind.TABLEAU, count, rule, x, y, dx, dy, fan, first, label, text)


def reserves(count: int, rule: StackRule, x: float = 0, y: float = 1, dx: float = 0, dy: float = 1,
             fan: Fan | str = Fan.NONE, first: int = 1, label: str | None = None, text: str | None = None):
    return _numbered(Kind.RESERVE, count, rule, x, y, dx, dy, fan, first, label, text)


#: A foundation that takes no card by a build: the discard pile where a game's :class:`Pairs` go.
DISCARD = StackRule(build=None, empty=NONE, pickup=PICK_NONE, flip_exposed=False)
#: What a discard pile takes, in words (``foundations(1, DISCARD, text=DISCARD_TEXT)``).
DISCARD_TEXT = N_("Takes the cards removed together; none comes back.")


class PairBy(StrEnum):
    """What makes two cards a pair (:class:`Pairs`)."""

    TOTAL = "total"  # their ranks add up to the total (Ace 1, Jack 11, Queen 12, King 13)
    RANK = "rank"  # the same rank
    SUIT = "suit"  # the same suit


class PairWhere(StrEnum):
    """Which two cards may pair (:class:`Pairs`)."""

    #: any two top cards of the pairing stacks (Fourteen, Isabel): with ``Game.covered_by``, those uncovered
    TOP = "top"
    #: the same, saying that the game's ``covered_by`` decides which are free (a pyramid: Thirteen)
    UNCOVERED = "uncovered"
    #: two cards touching on the grid, side by side, one above the other or corner to corner (Monte Carlo)
    ADJACENT = "adjacent"
    #: two cards in the same row or the same column of the grid (Aisleriot's Quatorze)
    LINE = "line"


@dataclass(frozen=True)
class Pairs:
    """Cards removed together, two at a time, onto a discard foundation (a ``Game.pairs`` declaration).

    - ``by``: what makes a pair: ranks adding up to ``total`` (:attr:`PairBy.TOTAL`), the same rank or the
      same suit;
    - ``total``: with ``by="total"``, the sum (13 for Pyramid, 14 for Fourteen, 10 for Block Ten);
    - ``same``: with ``by="total"``, ranks that pair with their own rank instead (Block Ten's Jacks, Queens and
      Kings);
    - ``alone``: ranks removed on their own (Pyramid's Kings), as a plain move onto the discard foundation;
    - ``where``: which two cards may pair (:class:`PairWhere`): any two free top cards; or cards touching on
      the grid, or in one row or column (``columns``: the grid's width, the pairing stacks in their layout
      order, row by row);
    - ``below``: the waste's top card also pairs with the card under it (Aisleriot's Thirteen);
    - ``over``: a card also pairs with the card covering it when that is the only card still covering it
      (Aisleriot's Treize and Yield);
    - ``kinds``: the kinds of stack whose top cards pair (the stock never does: its cards are dealt);
    - ``to``: the id of the foundation the cards go to; None: the first foundation.

    The pair's two stacks are played as one move, :class:`reussite.moves.Pair` (``t3+t5``), listed by the
    move generator from the free cards' keys; a card that is covered (``Game.covered_by``) or face down never
    pairs."""

    total: int | None = None
    by: PairBy | str = PairBy.TOTAL
    same: tuple[int, ...] = ()
    alone: tuple[int, ...] = ()
    where: PairWhere | str = PairWhere.TOP
    columns: int | None = None
    below: bool = False
    over: bool = False
    kinds: tuple[Kind, ...] = (Kind.TABLEAU, Kind.WASTE, Kind.RESERVE)
    to: str | None = None

    def problems(self) -> list[str]:
        """What is wrong in the declaration, each naming the field, the bad value and what is valid."""
        found = []
        if not _valid(self.by, PairBy):
            found.append(f"pairs.by: {self.by!r} is not one of {_choices(PairBy)}")
        elif self.by == PairBy.TOTAL:
            if not _is_int(self.total) or not 2 <= self.total <= 26:
                found.append(f"pairs.total: {self.total!r} is not a whole number from 2 to 26 (the ranks two "
                             "cards add up to)")
        elif self.total is not None:
            found.append(f"pairs.total: {self.total!r} with by={str(self.by)!r}: leave it out (None), or pair "
                         "by 'total'")
        for field in ("same", "alone"):
            ranks = getattr(self, field)
            if not isinstance(ranks, tuple) or not all(_is_int(r) and 1 <= r <= 13 for r in ranks):
                found.append(f"pairs.{field}: {ranks!r} is not a tuple of ranks from 1 (Ace) to 13 (King)")
        if self.same and self.by != PairBy.TOTAL:
            found.append(f"pairs.same: {self.same!r} only means something with by='total'")
        if not _valid(self.where, PairWhere):
            found.append(f"pairs.where: {self.where!r} is not one of {_choices(PairWhere)}")
        elif self.where in (PairWhere.ADJACENT, PairWhere.LINE):
            if not _is_int(self.columns) or self.columns < 1:
                found.append(f"pairs.columns: {self.columns!r} is not a whole number from 1 (the width of the "
                             f"grid where={str(self.where)!r} reads)")
        elif self.columns is not None:
            found.append(f"pairs.columns: {self.columns!r} with where={str(self.where)!r}: only 'adjacent' and "
                         "'line' read a grid; leave it out")
        for flag in ("below", "over"):
            if not isinstance(getattr(self, flag), bool):
                found.append(f"pairs.{flag}: {getattr(self, flag)!r} is not True or False")
        if (not isinstance(self.kinds, tuple) or not self.kinds
                or not all(isinstance(k, Kind) and k not in (Kind.STOCK, Kind.FOUNDATION) for k in self.kinds)):
            found.append(f"pairs.kinds: {self.kinds!r} is not a tuple of the kinds whose cards pair "
                         "(Kind.TABLEAU, Kind.WASTE, Kind.RESERVE)")
        if self.to is not None and not isinstance(self.to, str):
            found.append(f"pairs.to: {self.to!r} is not None or a foundation's id")
        return found

    def matches(self) -> tuple[frozenset[int], ...]:
        """For each card key (4 to 55), the keys of the cards it pairs with; computed once per declaration."""
        found = _PAIR_TABLES.get(self)
        if found is not None:
            return found
        table: list[frozenset[int]] = [frozenset()] * 56
        for a in CARD_KEYS:
            ra, sa = a >> 2, a & 3
            if self.by == PairBy.SUIT:
                keys = [b for b in CARD_KEYS if b & 3 == sa]
            elif self.by == PairBy.RANK or ra in self.same:
                keys = [b for b in CARD_KEYS if b >> 2 == ra]
            else:
                keys = [b for b in CARD_KEYS if (b >> 2) + ra == self.total and (b >> 2) not in self.same]
            table[a] = frozenset(keys)
        found = tuple(table)
        _PAIR_TABLES[self] = found
        return found


_PAIR_TABLES: dict[Pairs, tuple[frozenset[int], ...]] = {}


def pyramid(rows: int, x: float = 0, y: float = 0, dx: float = 1, dy: float = 1, first: int = 1,
            kind: Kind = Kind.TABLEAU, rule: StackRule | None = None, label: str | None = None,
            ) -> tuple[list[StackSpec], dict[str, tuple[str, ...]]]:
    """A pyramid of ``rows`` rows, one card a stack (1 + 2 + ... + ``rows`` stacks, numbered from ``first``
    row by row, left to right), centred on ``x``: the stacks and the ``Game.covered_by`` saying that each card
    is covered by the two cards overlapping it in the row below. ``rule``: the stacks' rule (default: the top
    card picked up, nothing put on). Rows one card height apart by default (``dy``): the page spreads out
    stacks closer than a card, and rows half a card apart and half a card aside would double its pitch."""
    rule = rule or StackRule(build=None, empty=NONE)
    specs: list[StackSpec] = []
    covered: dict[str, tuple[str, ...]] = {}
    number = first
    for row in range(rows):
        for col in range(row + 1):
            spec = StackSpec(f"{kind.value}-{number}", kind, rule, x + dx * (col - row / 2), y + dy * row,
                             Fan.NONE, label)
            specs.append(spec)
            if row + 1 < rows:
                below = number + row + 1
                covered[spec.id] = (f"{kind.value}-{below}", f"{kind.value}-{below + 1}")
            number += 1
    return specs, covered


#: Foundations built up in suit from the Ace to the King, closed to picking up.
FOUNDATION_UP_IN_SUIT = StackRule(build=Build("same", 1), empty=1, pickup=PICK_NONE, flip_exposed=False)


def has_base(specs: Sequence[StackSpec]) -> bool:
    """Whether some stack of ``specs`` declares ``empty=Base(...)``."""
    return any(isinstance(spec.rule.empty, Base) for spec in specs)


def resolve_base(specs: Sequence[StackSpec], base: int) -> tuple[StackSpec, ...]:
    """``specs`` with each ``empty=Base(offset)`` replaced by the rank it names when the base rank is
    ``base``: the layout a game uses once its base is set (``Game.set_base_rank``), compiled like any other."""
    return tuple(replace(spec, rule=replace(spec.rule, empty=spec.rule.empty.rank(base)))
                 if isinstance(spec.rule.empty, Base) else spec for spec in specs)


def with_changes(rule: StackRule, **changes) -> StackRule:
    return replace(rule, **changes)


@dataclass(frozen=True)
class Refill:
    """Stacks refilled at once when a move leaves them empty (``Game.refill``): after every move, each empty
    stack of ``into`` (a kind of stack, or stack ids), in layout order, takes the top card of the first stack
    of ``sources`` (ids, in order) that has one, face up. Canfield: ``Refill(Kind.TABLEAU, ("reserve-1",))``.
    Part of the move: undone with it, and searched by the native core like any declaration."""

    into: Kind | tuple[str, ...]
    sources: tuple[str, ...]

    def problems(self, stacks) -> list[str]:
        """What is wrong in it for the layout ``stacks``."""
        ids = {getattr(s, "id", None) for s in stacks}
        found = []
        if isinstance(self.into, Kind):
            if not any(getattr(s, "kind", None) is self.into for s in stacks):
                found.append(f"refill.into: the layout has no {self.into.value} stack")
        elif not isinstance(self.into, tuple) or not all(isinstance(i, str) for i in self.into):
            found.append(f"refill.into: {self.into!r} is not a Kind or a tuple of stack ids")
        else:
            found += [f"refill.into: {i!r} is not a stack of the layout" for i in self.into if i not in ids]
        if not isinstance(self.sources, tuple) or not self.sources or not all(
                isinstance(i, str) for i in self.sources):
            return [*found, f"refill.sources: {self.sources!r} is not a tuple of stack ids"]
        found += [f"refill.sources: {i!r} is not a stack of the layout" for i in self.sources if i not in ids]
        return found

    def stacks(self, specs) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The indexes of the stacks refilled and of the sources, in order."""
        index = {spec.id: i for i, spec in enumerate(specs)}
        into = (tuple(i for i, spec in enumerate(specs) if spec.kind is self.into) if isinstance(self.into, Kind)
                else tuple(index[i] for i in self.into))
        return into, tuple(index[i] for i in self.sources)


__all__ = [
    "ANY", "NONE", "PICK_NONE", "PICK_TOP", "PICK_RUN", "PICK_RUN_BY_SPACES", "PICK_FACE_UP", "RANKS", "Build", "Kind",
    "Empty", "Base", "Pickup", "BuildSuit", "Fan", "DealTo", "spec_problems",
    "StackRule", "StackSpec", "CompiledRule", "card_key",
    "stock", "waste", "foundations", "tableau", "reserves", "FOUNDATION_UP_IN_SUIT",
    "DISCARD", "PairBy", "PairWhere", "Pairs", "pyramid", "Refill",
]
