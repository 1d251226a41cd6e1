"""The move generator (layer 3, below the game): ``Game.legal_moves()`` lists its card moves from here.

The seam between the two is narrow (docs/architecture.md, "The move generator's seam"): the generator reads a
:class:`Plan` (what it knows of a variant class, worked out once per class from its declarations and kept here,
never on the class), a :class:`Wants` (its table of what each stack takes, one per game), and asks the game
only what :class:`Rules` lists: the cards, and the rule methods a variant may override. It never imports the
game nor reads its private attributes.

:func:`indexed_moves` looks targets up by the card they want in the compiled rules (most games);
:func:`checked_moves` asks the game's refusal checks about every candidate (a variant with its own ``refusal``, or a
drop rule of its own for every kind of stack) and is the reference the indexed generator must equal
(tests/test_generators.py).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Protocol
from weakref import WeakKeyDictionary

from reussite import rules
from reussite.moves import Move, Pair
from reussite.rules import PICK_NONE, PICK_RUN_BY_SPACES, PICK_TOP, CompiledRule, Kind

if TYPE_CHECKING:
    from reussite.cards import Card
    from reussite.moves import AnyMove, Reason


class Rules(Protocol):
    """What the move generator asks of the game above it: the cards where they lie, and the override points
    of the rules (``reussite.game.Game`` defines each; a variant may override them, and :class:`Plan` says
    which it did). Nothing else: the rest comes from the :class:`Plan`."""

    cards: list[list[Card]]
    face_down: list[int]

    def run_length(self, stack: int) -> int: ...
    def max_movable(self, src: int, dst: int) -> int: ...
    def pick_refusal(self, src: int, n: int, dst: int) -> Reason | None: ...
    def drop_refusal(self, src: int, n: int, dst: int) -> Reason | None: ...
    def extra_refusal(self, src: int, n: int, dst: int) -> Reason | None: ...
    def refusal(self, move: AnyMove) -> Reason | None: ...
    def takes(self, stack: int) -> Collection[int]: ...
    def stack_key(self, stack: int) -> bytes: ...

# A top card never seen (a stack's top is a card or None).
_UNSEEN = object()

# The pickups as plain strings, as CompiledRule holds them: the interpreter compares two plain strings on its
# fast path, a string with an enum member on its slow one.
_PICK_NONE, _PICK_TOP, _PICK_RUN_BY_SPACES = (p.value for p in (PICK_NONE, PICK_TOP, PICK_RUN_BY_SPACES))


class Plan:
    """What move checking and generation need to know about a variant class, computed once per class: the
    compiled rule of each stack, and which rule methods the variant overrides (each override makes the
    generator ask the overridden method instead of reading the tables)."""

    __slots__ = ("stacks", "rules", "sources", "targets", "custom_pick", "custom_drop", "custom_extra",
                 "custom_run", "custom_max", "custom_refusal", "custom_deal", "checked", "source_rules",
                 "target_wants", "kinds", "picky", "top_first", "groupable", "limited", "asked", "flips", "move_of",
                 "own_wants", "ask_drop", "accepts", "room", "single", "index", "by_short", "places", "cells", "spaces",
                 "empty_accepts",
                 "top_wants", "won_kinds", "won_stacks", "twins", "declared", "base_rank", "covered", "uncovers",
                 "pairs", "sink", "pair_stacks", "match", "alone", "near", "below", "pair_of", "over",
                 "refill", "refill_declared")

    def __init__(self, cls: type[Any], base: type[Any], base_rank: int | None = None) -> None:
        # The class's layout, or, once the game has set its base rank, the same with each empty=Base(...)
        # turned into the rank it names: compiled like any fixed rank, so the generator reads tables alike.
        self.declared = cls.stacks
        self.base_rank = base_rank
        self.stacks = specs = cls.stacks if base_rank is None else rules.resolve_base(cls.stacks, base_rank)
        self.index = {spec.id: i for i, spec in enumerate(specs)}
        self.by_short = {spec.short: i for i, spec in enumerate(specs)}
        # Game's foundation_ix, tableau_ix, reserve_ix, stock_ix, waste_ix and _off_foundations.
        kinds: dict[Kind, list[int]] = {k: [] for k in Kind}
        for i, spec in enumerate(specs):
            kinds[spec.kind].append(i)
        self.places = (tuple(kinds[Kind.FOUNDATION]), tuple(kinds[Kind.TABLEAU]), tuple(kinds[Kind.RESERVE]),
                       kinds[Kind.STOCK][0] if kinds[Kind.STOCK] else None,
                       kinds[Kind.WASTE][0] if kinds[Kind.WASTE] else None,
                       tuple(i for i in range(len(specs)) if specs[i].kind is not Kind.FOUNDATION))
        self.rules = compiled = tuple(CompiledRule(spec) for spec in specs)
        # Free cells: reserves of one card that take any card from the tableau. A run picked up by spaces
        # stands for single moves through them as well as through the empty piles (FreeCell's supermove).
        self.cells = tuple(i for i, spec in enumerate(specs) if spec.kind is Kind.RESERVE
                           and spec.rule.max_cards == 1 and spec.rule.empty == rules.ANY
                           and (spec.rule.accepts_from is None or Kind.TABLEAU in spec.rule.accepts_from))
        # Spaces: the tableau piles that take any card from the tableau once empty. Only they double a run
        # picked up by spaces; an empty pile that takes a King alone passes no other card along (Eight Off).
        self.spaces = tuple(i for i, spec in enumerate(specs) if spec.kind is Kind.TABLEAU
                            and spec.rule.empty == rules.ANY
                            and (spec.rule.accepts_from is None or Kind.TABLEAU in spec.rule.accepts_from)
                            and (spec.rule.empty_from is None or Kind.TABLEAU in spec.rule.empty_from))

        def overridden(name: str) -> bool:
            return getattr(cls, name) is not getattr(base, name)

        self.custom_pick = overridden("pick_refusal")
        self.custom_drop = overridden("drop_refusal")
        self.custom_extra = overridden("extra_refusal")
        self.custom_run = overridden("run_length")
        self.custom_max = overridden("max_movable")
        self.custom_refusal = overridden("refusal")
        # A declared condition on the deal (Game.fill_before_deal, a waste of max_cards) is asked as an override
        # is (Game.refusal).
        self.custom_deal = (overridden("can_deal") or overridden("redeal_refusal") or overridden("stock_refusal")
                            or bool(getattr(cls, "fill_before_deal", False)) or cls.deal_to == "refill"
                            or any(spec.kind is Kind.WASTE and spec.rule.max_cards is not None for spec in specs))
        # With its own pick or drop rule, a variant may move cards the declarations cannot predict, so every
        # stack is a candidate source or target (an own drop rule, or refusal, is asked about every candidate). A
        # drop rule declared to concern only some kinds of stack (``Game.custom_drop_kinds``) is asked about those
        # stacks alone; the others are looked up in their compiled rules like any stack.
        every = tuple(range(len(compiled)))
        drop_kinds = cls.custom_drop_kinds if self.custom_drop else None
        self.asked = () if drop_kinds is None else tuple(i for i, r in enumerate(compiled) if r.kind in drop_kinds)
        anything_goes = self.custom_pick or self.custom_refusal
        self.sources = every if anything_goes else tuple(i for i, r in enumerate(compiled) if r.pickup != _PICK_NONE)
        self.targets = every if anything_goes or self.custom_drop else tuple(
            i for i, r in enumerate(compiled) if r.may_take)
        # An own max_movable only shortens the runs the pickup rule lets go: the indexed generator asks it about
        # each run of two cards or more it lists, as pick_refusal would. An own pick_refusal may let any card go,
        # but the drop rules still say where each card fits: the indexed generator asks it only about the
        # (source, count, target) whose bottom card the target's table wants (see indexed_moves).
        self.checked = (self.custom_drop and drop_kinds is None) or self.custom_refusal
        # Each source with what the generator asks of it: its kind, whether only its top card moves, whether
        # its runs are limited by the empty piles, its rule.
        self.source_rules = tuple((i, r.kind, r.pickup == _PICK_TOP, r.pickup == _PICK_RUN_BY_SPACES, r)
                                  for i, r in ((i, compiled[i]) for i in self.sources))
        self.target_wants = tuple((k, i, compiled[i].wants) for k, i in enumerate(
            i for i, r in enumerate(compiled) if r.may_take and i not in self.asked and not r.own))
        # Stacks with an own rule: what they take is asked of Game.takes() once per listing, then indexed by
        # card like the others (their places in the generator's tables follow the declared rules' ones).
        self.own_wants = tuple((len(self.target_wants) + k, i) for k, i in enumerate(
            i for i, r in enumerate(compiled) if r.may_take and r.own and not r.by_top and i not in self.asked))
        # Those declared by_top: asked once per top card in a game, the answer kept (see indexed_moves).
        self.top_wants = tuple((len(self.target_wants) + len(self.own_wants) + j, j, i) for j, i in enumerate(
            i for i, r in enumerate(compiled) if r.may_take and r.by_top and i not in self.asked))
        self.kinds = tuple(r.kind for r in compiled)
        # Stacks of one kind with equal rules share a number: a whole pile onto an empty twin changes nothing,
        # so it is not listed. (Stacks of one kind with other rules are no twins: Mod 3's rows of Twos and of
        # Threes are all foundations, and a lone Three must be able to leave the Twos for the Threes.) A stack
        # where a card's place matters (``positional``: Gaps, Maze) is nobody's twin, so such moves are listed
        # at no cost to the other games.
        first_of: dict[tuple, int] = {}
        self.twins = tuple(-1 - i if r.rule.positional else first_of.setdefault((r.kind, r.rule), i)
                           for i, r in enumerate(compiled))
        # The kinds of stack each stack takes cards from (None: any), when some stack is so restricted.
        self.picky = (tuple(r.accepts_from for r in compiled)
                      if any(r.accepts_from is not None for r in compiled) else None)
        self.flips = frozenset(i for i, spec in enumerate(specs) if spec.rule.flip_exposed)
        self.top_first = frozenset(i for i, r in enumerate(compiled) if r.top_first)
        self.groupable = frozenset(i for i, r in enumerate(compiled) if r.top_first and r.group_moves)
        # Stacks whose declared rule says more than which card goes on which, and those whose drop rule the
        # variant decides (asked about each candidate).
        self.limited = frozenset(i for i, r in enumerate(compiled) if r.limited or i in self.asked)
        # Of those, the ones Game.drop_refusal must decide (not the compiled rule alone). A by_top stack's
        # candidates come from the answer kept for its top card, so only its other declarations are left.
        self.ask_drop = frozenset(i for i in self.limited
                                  if i in self.asked or (compiled[i].own and not compiled[i].by_top))
        # Moves are values: the generator hands out one object per (src, dst, n), as creating one costs more
        # than finding it.
        self.move_of: dict[tuple[int, int, int], Move] = {}
        # The single-card moves, the most frequent, in a table by source and target (filled as found); the
        # others by (source, target, count).
        self.single: list[list[Move | None]] = [[None] * len(compiled) for _ in compiled]
        # What each stack's declared rule says beyond fitting, as the generator checks it: the kinds of stack
        # it takes cards from, and how many cards it holds at most.
        every_kind = frozenset(Kind)
        self.accepts = tuple(every_kind if r.accepts_from is None else r.accepts_from for r in compiled)
        # ... and once empty (StackRule.empty_from).
        self.empty_accepts = tuple(a if r.empty_from is None else a & r.empty_from
                                   for a, r in zip(self.accepts, compiled, strict=True))
        self.room = tuple(r.max_cards if r.max_cards is not None else 1 << 30 for r in compiled)
        # The stacks Game.is_won finds empty in a won game: those of the kinds won_when_empty names, else those
        # off the foundations; None when the variant counts its cards its own way (on_foundations, total_cards).
        self.won_kinds = kinds = cls.won_when_empty
        if kinds is not None:
            self.won_stacks: tuple[int, ...] | None = tuple(i for i, r in enumerate(compiled) if r.kind in kinds)
        elif cls.on_foundations is base.on_foundations and cls.total_cards is base.total_cards:
            self.won_stacks = self.places[5]
        else:
            self.won_stacks = None

        # Stacks covered by others (Game.covered_by): for each stack, the stacks covering it (None: no stack is
        # covered); for each stack, those it covers (turned up when it empties).
        covered_by = cls.covered_by
        if covered_by:
            index = self.index
            self.covered: tuple[tuple[int, ...], ...] | None = tuple(
                tuple(index[c] for c in covered_by.get(spec.id, ())) for spec in specs)
            uncovers: dict[int, list[int]] = {}
            for i, cover in enumerate(self.covered):
                for j in cover:
                    uncovers.setdefault(j, []).append(i)
            self.uncovers = {j: tuple(v) for j, v in uncovers.items()}
        else:
            self.covered, self.uncovers = None, {}
        # Stacks refilled when emptied (Game.refill): those refilled and the sources, as indexes; None: none.
        self.refill_declared = declared_refill = getattr(cls, "refill", None)
        self.refill = declared_refill.stacks(specs) if declared_refill is not None else None
        # Cards removed together (Game.pairs): the discard foundation, the stacks whose top cards pair, what
        # pairs with what, the ranks removed alone, which stacks may pair (None: any two).
        self.pairs = pairs = cls.pairs
        self.pair_of: dict[tuple[int, int], Move] = {}
        self.over = pairs is not None and pairs.over
        if pairs is None:
            self.sink, self.pair_stacks, self.match, self.alone, self.near, self.below = -1, (), (), frozenset(), \
                None, -1
        else:
            self.sink = self.index[pairs.to] if pairs.to is not None else self.places[0][0]
            self.pair_stacks = grid = tuple(i for i, spec in enumerate(specs) if spec.kind in pairs.kinds)
            self.match = pairs.matches()
            self.alone = frozenset(k for k in rules.CARD_KEYS if k >> 2 in pairs.alone)
            self.below = self.places[4] if pairs.below and self.places[4] is not None else -1
            if pairs.where in ("adjacent", "line"):
                width = pairs.columns
                cells = {i: divmod(k, width) for k, i in enumerate(grid)}

                def near(a: tuple[int, int], b: tuple[int, int]) -> bool:
                    if pairs.where == "adjacent":
                        return abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
                    return a[0] == b[0] or a[1] == b[1]

                self.near = {i: frozenset(j for j in grid if j != i and near(cells[i], cells[j])) for i in grid}
            else:
                self.near = None

    #: The plans worked out, by variant class and base rank (None: no base rank set): kept here rather than on
    #: the classes, and let go with a class.
    _known: WeakKeyDictionary[type, dict[int | None, Plan]] = WeakKeyDictionary()

    @staticmethod
    def of(cls: type[Any], base: type[Any], base_rank: int | None = None) -> Plan:
        """The plan of variant class ``cls`` (a subclass of ``base``, :class:`reussite.game.Game`, whose methods
        an override is told from), worked out once and kept. With ``base_rank``: the plan of the class once a
        game has set that base rank (``Game.set_base_rank``), one per rank. A class whose declarations were
        changed since (a test's, a variant's options) gets a new plan."""
        plans = Plan._known.get(cls)
        if plans is None:
            plans = Plan._known[cls] = {}
        plan = plans.get(base_rank)
        if (plan is None or plan.declared is not cls.stacks or plan.won_kinds is not cls.won_when_empty
                or plan.pairs is not cls.pairs or plan.refill_declared is not getattr(cls, "refill", None)):
            plan = plans[base_rank] = Plan(cls, base, base_rank)
        return plan


class Wants:
    """The indexed generator's table of what each target takes now, one per game (a copy starts its own): kept
    from one listing to the next and brought up to date for the stacks whose top card changed."""

    __slots__ = ("owner", "plan", "tops", "held", "wanted", "anything", "answers")

    def __init__(self, owner: int, plan: Plan) -> None:
        count = len(plan.target_wants) + len(plan.own_wants) + len(plan.top_wants)
        self.owner = owner  # id() of the game the table is for
        self.plan = plan
        # Per target: the top card last seen, and the keys it took then.
        self.tops: list[Any] = [_UNSEEN] * count
        self.held: list[Collection[int]] = [()] * count
        # Card key -> the targets that take that card now; the targets that take any card now.
        self.wanted: list[list[int]] = [[] for _ in range(56)]
        self.anything: list[int] = []
        # For each by_top stack, what takes() answered for each top card key (None: not asked yet).
        self.answers: list[list[Collection[int] | None]] = [[None] * 56 for _ in plan.top_wants]


def longest_pick(plan: Plan, game: Rules, src: int) -> int:
    """How many cards of ``src`` are worth trying to move: every card if the variant has its own pick
    rule, else the face-up ones its pickup rule could take."""
    pile = game.cards[src]
    if plan.custom_pick or plan.custom_refusal:
        return len(pile)
    if is_covered(plan, game.cards, src):
        return 0
    up = len(pile) - game.face_down[src]
    if up <= 0:
        return 0
    if plan.rules[src].pickup == _PICK_TOP:
        return 1
    # A single face-up card may always be picked up (pick_refusal checks runs only for two or more).
    return max(1, min(up, game.run_length(src)))

def is_covered(plan: Plan, cards: list[list[Card]], stack: int) -> bool:
    """Whether a stack that ``Game.covered_by`` says is covered still has a card on one of those covering it."""
    covered = plan.covered
    if covered is None:
        return False
    for j in covered[stack]:
        if cards[j]:
            return True
    return False


def pair_moves(plan: Plan, game: Rules) -> list[Move]:
    """The removals a game declaring ``pairs`` allows now: each free card of a rank removed alone (a
    :class:`Move` onto the discard foundation), then each two free cards that pair (a :class:`Pair`, the
    first stack first), then the waste's top card with the card under it (``Pairs.below``). A card is free
    when it is the face-up top card of a pairing stack that nothing covers."""
    cards, face_down, covered = game.cards, game.face_down, plan.covered
    free: list[tuple[int, int]] = []
    for i in plan.pair_stacks:
        pile = cards[i]
        if not pile or face_down[i] >= len(pile):
            continue
        if covered is not None and covered[i]:
            for j in covered[i]:
                if cards[j]:
                    break
            else:
                card = pile[-1]
                free.append((i, card[0] * 4 + card[1]))
            continue
        card = pile[-1]
        free.append((i, card[0] * 4 + card[1]))
    moves: list[Move] = []
    match, alone, near, sink, pair_of, single = plan.match, plan.alone, plan.near, plan.sink, plan.pair_of, plan.single
    for k, (i, key) in enumerate(free):
        if key in alone:
            move = single[i][sink]
            if move is None:
                move = single[i][sink] = Move(i, sink, 1)
            moves.append(move)
        partners = match[key]
        for j, other in free[k + 1:]:
            if other in partners and (near is None or j in near[i]):
                move = pair_of.get((i, j))
                if move is None:
                    move = pair_of[i, j] = Pair(i, sink, 1, j)
                moves.append(move)
    if plan.over:  # a covered card with the one card still covering it (Pairs.over)
        free_stacks = {i for i, _ in free}
        for i in plan.pair_stacks:
            pile = cards[i]
            if not pile or face_down[i] >= len(pile) or i in free_stacks:
                continue
            left = [j for j in covered[i] if cards[j]]
            if len(left) != 1 or left[0] not in free_stacks:
                continue
            j, top = left[0], cards[left[0]][-1]
            card = pile[-1]
            if top[0] * 4 + top[1] in match[card[0] * 4 + card[1]]:
                a, b = (i, j) if i < j else (j, i)
                move = pair_of.get((a, b))
                if move is None:
                    move = pair_of[a, b] = Pair(a, sink, 1, b)
                moves.append(move)
    w = plan.below
    if w >= 0:
        pile = cards[w]
        if len(pile) >= 2 and face_down[w] <= len(pile) - 2 and not (
                covered is not None and is_covered(plan, cards, w)):
            top, under = pile[-1], pile[-2]
            if under[0] * 4 + under[1] in match[top[0] * 4 + top[1]]:
                move = pair_of.get((w, w))
                if move is None:
                    move = pair_of[w, w] = Pair(w, sink, 1, w)
                moves.append(move)
    return moves


def checked_moves_from(plan: Plan, game: Rules, src: int) -> list[Move]:
    """Moves from ``src`` found by asking :meth:`refusal`'s checks about every candidate (any variant)."""
    longest = longest_pick(plan, game, src)
    if not longest:
        return []
    cards = game.cards
    size = len(cards[src])
    pick, drop, extra = game.pick_refusal, game.drop_refusal, game.extra_refusal
    twins, twin = plan.twins, plan.twins[src]
    # With the declared pick rule, one face-up card that the pickup rule lets go is always picked up.
    single_ok = not plan.custom_pick
    custom_extra, custom_refusal = plan.custom_extra, plan.custom_refusal
    moves = []
    if longest == 1 and single_ok and not custom_refusal:
        # One card (the top card rule, often): only the drop rule and the variant's condition to ask.
        for dst in plan.targets:
            if dst == src or (size == 1 and twins[dst] == twin and not cards[dst]):
                continue
            if drop(src, 1, dst) is None and (not custom_extra or extra(src, 1, dst) is None):
                moves.append(Move(src, dst, 1))
        return moves
    for dst in plan.targets:
        if dst == src:
            continue
        same_empty = not cards[dst] and twins[dst] == twin
        for n in range(1, longest + 1):
            if n == size and same_empty:
                continue  # a whole pile onto an empty twin (same kind, same rule) changes nothing
            if custom_refusal:
                if game.refusal(Move(src, dst, n)) is None:
                    moves.append(Move(src, dst, n))
            elif ((n == 1 and single_ok) or pick(src, n, dst) is None) and drop(src, n, dst) is None and (
                    not custom_extra or extra(src, n, dst) is None):
                moves.append(Move(src, dst, n))
    return moves

def checked_moves(plan: Plan, game: Rules) -> list[Move]:
    """The card moves, by asking every candidate: the reference the indexed generator must equal."""
    return [move for src in plan.sources for move in checked_moves_from(plan, game, src)]

def _runs_onto_foundations(compiled, groupable, targets, pile, top_key: int, longest: int, candidates: list) -> None:
    """Add to ``candidates`` each run of ``pile`` (2 to ``longest`` cards) that a foundation of ``targets``
    among ``groupable`` takes top card first, each card onto the one before (group moves)."""
    for dst in targets:
        if dst in groupable:
            takes, below = compiled[dst].takes, top_key
            for n in range(2, longest + 1):
                card = pile[-n]
                key = card[0] * 4 + card[1]
                if key not in takes[below]:
                    break
                candidates.append((dst, n))
                below = key


def indexed_moves(plan: Plan, game: Rules, wants: Wants | None = None) -> list[Move]:
    """The same moves as :func:`checked_moves`, asking only the targets whose compiled rule wants each
    card. Used unless the variant overrides ``refusal``, or ``drop_refusal`` without ``custom_drop_kinds`` (it may
    override ``run_length``, ``max_movable`` and ``extra_refusal``, which are asked, ``pick_refusal``, asked about
    what the drop rules allow (:func:`_picked_moves`), and ``drop_refusal`` for the kinds of stack it declares in
    ``custom_drop_kinds``: those stacks are asked about every card that could be picked up)."""
    cards, face_down = game.cards, game.face_down
    # What each target takes depends only on its top card, and a move changes few of them: the table of
    # wanted cards is kept from one call to the next and updated for the targets whose top card is not
    # the same object as last time (a card is an immutable value, so the same object means the same
    # card, however the stacks were changed): ``wants``, the game's own (without it, a table made for this call).
    if wants is None:
        wants = Wants(id(game), plan)
    tops, held, wanted, anything, answers = wants.tops, wants.held, wants.wanted, wants.anything, wants.answers
    # wanted: card key -> targets that take that card now; anything: targets that take any card now.
    any_card = rules.ANY_CARD
    for k, dst, wants in plan.target_wants:
        pile = cards[dst]
        top = pile[-1] if pile else None
        if top is tops[k]:
            continue
        tops[k] = top
        keys = wants[0] if top is None else wants[top[0] * 4 + top[1]]
        old = held[k]
        if keys is old:
            continue
        held[k] = keys
        if old is any_card:
            anything.remove(dst)
        else:
            for key in old:
                wanted[key].remove(dst)
        if keys is any_card:
            anything.append(dst)
        else:
            for key in keys:
                wanted[key].append(dst)
    for k, dst in plan.own_wants:
        keys = game.takes(dst)
        old = held[k]
        if keys is old:
            continue
        held[k] = keys
        for key in old:
            wanted[key].remove(dst)
        for key in keys:
            wanted[key].append(dst)
    for k, j, dst in plan.top_wants:  # as the declared rules above, with takes() asked once per top card
        pile = cards[dst]
        top = pile[-1] if pile else None
        if top is tops[k]:
            continue
        tops[k] = top
        known = answers[j]
        top_key = rules.EMPTY_KEY if top is None else top[0] * 4 + top[1]
        keys = known[top_key]
        if keys is None:
            keys = known[top_key] = game.takes(dst)
        old = held[k]
        if keys is old:
            continue
        held[k] = keys
        for key in old:
            wanted[key].remove(dst)
        for key in keys:
            wanted[key].append(dst)
    asked = plan.asked  # targets whose drop rule is the variant's own: candidates for every card
    if not anything and not asked and not any(wanted):
        return []
    if plan.custom_pick:
        return _picked_moves(plan, game, wanted, anything, asked)
    free = -1  # empty tableau piles, counted when a run by spaces first needs them
    cells = 0  # and empty free cells
    custom_run, extra, custom_max = plan.custom_run, plan.custom_extra, plan.custom_max
    top_first, groupable, limited, ask_drop = plan.top_first, plan.groupable, plan.limited, plan.ask_drop
    compiled, move_of, single, twins = plan.rules, plan.move_of, plan.single, plan.twins
    accepts, empty_accepts, room, spaces_at = plan.accepts, plan.empty_accepts, plan.room, plan.spaces
    drop = game.drop_refusal
    moves: list[Move] = []
    picky = plan.picky if anything else None
    open_to: dict[Kind, list[int]] = {}
    covered = plan.covered
    for src, kind, top_only, by_spaces, rule in plan.source_rules:
        pile = cards[src]
        size = len(pile)
        up = size - face_down[src]
        if up <= 0:
            continue
        if covered is not None and covered[src] and is_covered(plan, cards, src):
            continue
        if picky:  # the targets that take any card, less those that take nothing from this kind of stack
            here = open_to.get(kind)
            if here is None:
                here = open_to[kind] = [d for d in anything if picky[d] is None or kind in picky[d]]
        else:
            here = anything
        top = pile[-1]
        top_key = top[0] * 4 + top[1]
        # One card, or a run whose bottom card fits (onto a foundation only one card goes this way).
        top_wanted = wanted[top_key]
        if top_only:
            # The top card alone: the candidates are targets in order, each for one card (the checks of
            # the loop below for n = 1, without building and sorting pairs: most sources are like this).
            if not (top_wanted or here or asked):
                continue
            row = single[src]
            for dst in sorted([*top_wanted, *here, *asked]):
                if dst == src:
                    continue
                target = cards[dst]
                if size == 1 and not target and twins[dst] == twins[src]:
                    continue  # a whole pile onto an empty twin (same kind, same rule) changes nothing
                if dst in limited and (drop(src, 1, dst) is not None if dst in ask_drop
                                       else kind not in (accepts if target else empty_accepts)[dst]
                                       or len(target) >= room[dst]):
                    continue
                if extra and game.extra_refusal(src, 1, dst) is not None:
                    continue
                move = row[dst]
                if move is None:
                    move = row[dst] = Move(src, dst, 1)
                moves.append(move)
            continue
        candidates = [(dst, 1) for dst in top_wanted] if top_wanted else []
        if here:
            candidates += [(dst, 1) for dst in here]
        if custom_run:
            longest = max(1, min(up, game.run_length(src)))
            for n in range(2, longest + 1):
                card = pile[-n]
                found = wanted[card[0] * 4 + card[1]]
                if found:
                    candidates += [(dst, n) for dst in found if dst not in top_first]
                if here:
                    candidates += [(dst, n) for dst in here if dst not in top_first]
        else:
            # Down the run (CompiledRule.run, inlined): each card that continues it is a candidate.
            on, upper, n = rule.lift, top_key, 1
            while n < up:
                card = pile[-n - 1]
                key = card[0] * 4 + card[1]
                if upper not in on[key]:
                    break
                n += 1
                found = wanted[key]
                if found:
                    candidates += [(dst, n) for dst in found if dst not in top_first]
                if here:
                    candidates += [(dst, n) for dst in here if dst not in top_first]
                upper = key
            longest = n
        if longest > 1 and groupable and (top_wanted or here):
            _runs_onto_foundations(compiled, groupable, (*(top_wanted or ()), *here), pile, top_key, longest,
                                   candidates)
        if asked:
            candidates += [(dst, n) for dst in asked for n in range(1, longest + 1)]
        if not candidates:
            continue
        if len(candidates) > 1:
            candidates.sort()
        for dst, n in candidates:
            if dst == src:
                continue
            target = cards[dst]
            if n == size and not target and twins[dst] == twins[src]:
                continue  # a whole pile onto an empty twin (same kind, same rule) changes nothing
            if n > 1 and custom_max:
                if n > game.max_movable(src, dst):
                    continue
            elif n > 1 and by_spaces and dst not in top_first:
                if free < 0:
                    free = sum(1 for i in spaces_at if not cards[i])
                    cells = sum(1 for i in plan.cells if not cards[i])
                spaces = free - (1 if not target and dst in spaces_at else 0)
                if n > (1 + cells) << spaces:
                    continue
            # The candidate fits by the tables it came from (a run onto a foundation was followed card by
            # card above): only what the rule says beyond fitting is left to check, as
            # CompiledRule.drop_refusal checks it, or the variant's drop rule to ask.
            if dst in limited and (drop(src, n, dst) is not None if dst in ask_drop
                                   else kind not in (accepts if target else empty_accepts)[dst]
                                   or len(target) + n > room[dst]):
                continue
            if extra and game.extra_refusal(src, n, dst) is not None:
                continue
            if n == 1:
                move = single[src][dst]
                if move is None:
                    move = single[src][dst] = Move(src, dst, 1)
            else:
                move = move_of.get((src, dst, n))
                if move is None:
                    move = move_of[src, dst, n] = Move(src, dst, n)
            moves.append(move)
    return moves


def _picked_moves(plan: Plan, game: Rules, wanted: list[list[int]], anything: list[int],
                  asked: tuple[int, ...]) -> list[Move]:
    """:func:`indexed_moves` for a variant with its own ``pick_refusal``: it may let any card of any stack go
    (face down, covered, under a card that does not continue a run), so every count of every stack is a
    candidate, but only onto the targets whose declared table wants the bottom card moved (as for any game),
    and ``pick_refusal`` is asked about those alone: what ``checked_moves`` lists, without asking every target
    about every count."""
    cards = game.cards
    pick, drop, extra = game.pick_refusal, game.drop_refusal, plan.custom_extra
    top_first, groupable, limited, ask_drop = plan.top_first, plan.groupable, plan.limited, plan.ask_drop
    compiled, move_of, single, twins = plan.rules, plan.move_of, plan.single, plan.twins
    accepts, empty_accepts, room, kinds = plan.accepts, plan.empty_accepts, plan.room, plan.kinds
    picky = plan.picky if anything else None
    stack_key = game.stack_key
    # Card keys some target wants now, as a translation table: the cards under each top card that some target
    # wants are found by scanning the stack's key (bytes, cached by the game) rather than card by card.
    mask = bytes(map(bool, wanted)).ljust(256, b"\0")
    moves: list[Move] = []
    for src in plan.sources:
        pile = cards[src]
        size = len(pile)
        if not size:
            continue
        kind = kinds[src]
        here = anything if not picky else [d for d in anything if picky[d] is None or kind in picky[d]]
        top = pile[-1]
        top_key = top[0] * 4 + top[1]
        top_wanted = wanted[top_key]
        candidates = [(dst, 1) for dst in top_wanted] if top_wanted else []
        if here:
            candidates += [(dst, 1) for dst in here]
        if size > 1:
            body = stack_key(src)[2:]  # the card keys, bottom to top
            marks = body.translate(mask)
            i = marks.rfind(1, 0, size - 1)
            while i >= 0:
                candidates += [(dst, size - i) for dst in wanted[body[i]] if dst not in top_first]
                i = marks.rfind(1, 0, i)
            if here:
                far = [dst for dst in here if dst not in top_first]
                if far:
                    candidates += [(dst, n) for n in range(2, size + 1) for dst in far]
        if groupable and size > 1 and (top_wanted or here):
            _runs_onto_foundations(compiled, groupable, (*(top_wanted or ()), *here), pile, top_key, size,
                                   candidates)
        if asked:
            candidates += [(dst, n) for dst in asked for n in range(1, size + 1)]
        if not candidates:
            continue
        if len(candidates) > 1:
            candidates.sort()
        for dst, n in candidates:
            if dst == src:
                continue
            target = cards[dst]
            if n == size and not target and twins[dst] == twins[src]:
                continue  # a whole pile onto an empty twin (same kind, same rule) changes nothing
            if dst in limited and (drop(src, n, dst) is not None if dst in ask_drop
                                   else kind not in (accepts if target else empty_accepts)[dst]
                                   or len(target) + n > room[dst]):
                continue
            if pick(src, n, dst) is not None:
                continue
            if extra and game.extra_refusal(src, n, dst) is not None:
                continue
            if n == 1:
                move = single[src][dst]
                if move is None:
                    move = single[src][dst] = Move(src, dst, 1)
            else:
                move = move_of.get((src, dst, n))
                if move is None:
                    move = move_of[src, dst, n] = Move(src, dst, n)
            moves.append(move)
    return moves
