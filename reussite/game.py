"""The game (layer 3): the rules on top of the position, moves played with exact undo, won and lost.

The model is python-chess's ``Board``: a :class:`Game` holds the position, ``push(move)`` plays a move and
``pop()`` takes it back exactly. What a move does to the stacks, automatic refills and flips included, is
recorded as primitive operations (:mod:`reussite.position`) so ``pop`` reverses them one by one. Variants
(:mod:`reussite.variant`) subclass :class:`Game` and override only what their rules change.

Beside it, each in a module of its own: moves as values and the reasons for a refusal (:mod:`reussite.moves`,
re-exported here), the move generator behind :meth:`Game.legal_moves` (:mod:`reussite.movegen`), moves as text
(:mod:`reussite.notation`), and the deprecated methods (:mod:`reussite.deprecated`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any, ClassVar

from reussite import notation as _notation
from reussite import rules
from reussite.cards import Card
from reussite.deprecated import DeprecatedMethods
from reussite.errors import IllegalMove, UserError
from reussite.messages import N_, Message
from reussite.movegen import Plan, Wants, checked_moves, indexed_moves, is_covered, pair_moves
from reussite.moves import *  # noqa: F403  (the moves and reasons, where plugins have always imported them)
from reussite.moves import (
    DEAL,
    FROM_KIND,
    M_FROM_NOWHERE,
    M_TOO_MANY,
    M_TOO_MANY_CELLS,
    M_TOO_MANY_CELLS_ONLY,
    R_ALONE_ONLY,
    R_BAD_COUNT,
    R_BUILD,
    R_COVERED,
    R_EMPTY_SOURCE,
    R_FACE_DOWN,
    R_FILL_PILES,
    R_FILL_POSSIBLE,
    R_FROM_KIND,
    R_NO_DEAL,
    R_NO_PAIRS,
    R_NO_PICKUP,
    R_NO_REDEAL,
    R_NOT_A_RUN,
    R_NOT_ALONE,
    R_PAIR_APART,
    R_PAIR_FROM,
    R_PAIR_ITSELF,
    R_PAIR_LINE,
    R_PAIR_RANK,
    R_PAIR_SAME,
    R_PAIR_SUIT,
    R_PAIR_TO,
    R_PAIR_TOTAL,
    R_REFILL_ONLY,
    R_SAME_STACK,
    R_STOCK_NOT_EMPTY,
    R_TOO_MANY,
    R_TOP_ONLY,
    R_WASTE_FULL,
    REDEAL,
    WHY_REASONS,
    AnyMove,
    Deal,
    Move,
    Outcome,
    Pair,
    Reason,
    Redeal,
)
from reussite.position import OP_BASE, OP_DEAL, Position
from reussite.rules import PICK_FACE_UP, PICK_NONE, PICK_RUN, PICK_TOP, DealTo, Kind, Pairs, Refill, rank_name

# Looked up once: an enum member read through its class costs an attribute lookup each time.
_FOUNDATION = Kind.FOUNDATION
# The pickups as plain strings, as CompiledRule holds them: the interpreter compares two plain strings on its
# fast path, a string with an enum member on its slow one.
_PICK_NONE, _PICK_TOP, _PICK_RUN, _PICK_FACE_UP = (p.value for p in (PICK_NONE, PICK_TOP, PICK_RUN, PICK_FACE_UP))
#: The methods whose override may make a stack's place matter (see Game.interchangeable_stacks).
_PLACE_METHODS = ("do_deal", "do_redeal", "after_move", "drop_refusal", "pick_refusal", "extra_refusal",
                  "max_movable", "run_length", "stock_refusal", "takes")


class Game(Position, DeprecatedMethods):
    """A game in progress. Subclasses declare ``stacks`` and the stock's behaviour; see ``Variant``."""

    #: What the stock does when clicked: deal to the waste, onto the tableau or onto the first foundation (a
    #: :class:`DealTo`, or its string value).
    deal_to: ClassVar[DealTo | str] = DealTo.WASTE
    #: Cards per deal: to the waste or the foundation, how many are turned; onto the tableau, how many go on
    #: each pile.
    deal_count: ClassVar[int] = 1
    #: Redeals allowed after the first pass; None for unlimited.
    redeals: ClassVar[int | None] = 0
    #: When the game is won: None, every card on the foundations; a tuple of kinds of stack, when every stack
    #: of those kinds is empty (Golf: ``(Kind.TABLEAU,)``, whatever is left in the stock).
    won_when_empty: ClassVar[tuple[Kind, ...] | None] = None
    #: Keep the key of every position along the history (for "no new position left", see ``is_lost``).
    #: Searches turn it off on their own copies.
    track_positions: ClassVar[bool] = True
    #: The kinds of stack an overridden :meth:`drop_refusal` decides for; None: any stack. A variant whose
    #: override only rules its foundations, say, and hands every other stack to ``super().drop_refusal``,
    #: declares ``frozenset({Kind.FOUNDATION})``: the move generator then asks the override about those stacks
    #: only and looks the others up in their declared rules, which is much faster. The declaration is a
    #: promise: for a stack of another kind the override must give exactly what the declared rule gives.
    custom_drop_kinds: ClassVar[frozenset[Kind] | None] = None
    #: Cards removed together onto a discard foundation (:class:`reussite.rules.Pairs`): by total, rank or
    #: suit, some ranks alone, where on the table. None: cards move one stack at a time only.
    pairs: ClassVar[Pairs | None] = None
    #: Which stacks cover which: ``{stack id: ids of the stacks lying over it}`` (a pyramid, Triple Peaks'
    #: peaks; :func:`reussite.rules.pyramid` makes it). A covered stack's cards cannot be picked up or
    #: paired while one of those has a card; its face-down top card is turned up when the last one empties
    #: (where its rule turns cards up).
    covered_by: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: Stacks refilled at once when a move leaves them empty (:class:`reussite.rules.Refill`: Canfield's piles
    #: from the reserve), done by the default :meth:`after_move`. None: none.
    refill: ClassVar[Refill | None] = None
    #: A run from King to Ace of one suit, face up on top of a pile, goes by itself to the first empty
    #: foundation, as part of the move that finished it: the pile a move put cards on, every pile after a deal
    #: (Spider). Done by the default :meth:`after_move`.
    finished_runs: ClassVar[bool] = False
    #: The stock deals only when no tableau pile is empty (``True``: Spider), or only when no empty pile could
    #: take a card now (``"when-possible"``: Easthaven fills its empty piles with a King first, where one can
    #: move there). A whole pile moved onto an empty one fills nothing.
    fill_before_deal: ClassVar[bool | str] = False

    def __init__(self) -> None:
        super().__init__()
        # The layout's lookups are worked out once per class (a search deals many games) and shared, as copies
        # share them.
        plan = Plan.of(type(self), Game)
        self.index, self.by_short = plan.index, plan.by_short
        (self.foundation_ix, self.tableau_ix, self.reserve_ix, self.stock_ix, self.waste_ix,
         self._off_foundations) = plan.places
        # The discard foundation that cards removed together go to (a game with ``pairs``; None without).
        self.discard_ix: int | None = plan.sink if plan.pairs is not None else None
        self._done: list[tuple[AnyMove, list[tuple]]] = []
        self._undone: list[AnyMove] = []
        # Position keys after 0, 1, ... moves, as far as computed: see _path_keys.
        self._path_cache: list[bytes] = []
        self._path_counts: dict[bytes, int] = {}  # how many times each key is in _path_cache
        self._wants: Wants | None = None  # the move generator's table (reussite.movegen.Wants), made when first used
        # Each stack's rule compiled once per class; sources worth trying and targets that could take something.
        self._plan = plan
        self._rules = plan.rules
        self._kinds = plan.kinds
        self._sources = plan.sources
        self._targets = plan.targets
        # The discard foundation of a game with pairs: its cards never come back, so only how many it holds
        # matters to what can happen next (position_key reads its count, not its order).
        if plan.pairs is not None and self._rules[plan.sink].pickup == _PICK_NONE:
            self._blind = (plan.sink,)

    @property
    def history(self) -> list[AnyMove]:
        return [m for m, _ in self._done]

    @property
    def last_move(self) -> AnyMove | None:
        """The last move played (None at the start): what :attr:`history` ends with, without building it."""
        return self._done[-1][0] if self._done else None

    @property
    def move_count(self) -> int:
        return len(self._done)

    def empty_count(self, exclude: tuple[int, ...] = ()) -> int:
        return sum(1 for i in self.tableau_ix if not self.cards[i] and i not in exclude)

    def set_base_rank(self, rank: int) -> None:
        """Set the base rank (1 = Ace to 13 = King) that the stacks declared ``empty=Base(offset)`` take,
        moved by their offset: Canfield calls it in ``deal()`` with the rank of the card dealt to the
        foundations. Called while a move is played (``after_move``: Chessboard's first foundation card), it
        is recorded with the move, so undo puts the base back. The rules then read tables compiled for that
        rank, once per class and rank, as fast as a declared rank; copies, snapshots and position keys keep it,
        and a save gets it back by dealing the game again."""
        if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= 13:
            raise ValueError(f"{type(self).__name__}.set_base_rank: {rank!r} is not a rank from 1 (Ace) to 13 "
                             "(King)")
        if self._ops is not None:
            self._ops.append((OP_BASE, self.base_rank))
        self._use_base(rank)

    def _use_base(self, rank: int | None) -> None:
        if rank == self.base_rank:
            return
        plan = Plan.of(type(self), Game, rank)
        self.base_rank = rank
        self._plan, self.specs = plan, plan.stacks
        self._rules, self._kinds, self._sources, self._targets = plan.rules, plan.kinds, plan.sources, plan.targets

    # -- rules: what may be picked up and where it may go ----------------------------------------------

    def run_length(self, stack: int) -> int:
        """How many face-up cards on top of ``stack`` form a sequence by the stack's own build (what
        :data:`PICK_RUN` may pick up). A variant may override it ("moves only same-suit runs"); the checks and
        the generator both ask it then."""
        return self._rules[stack].run(self.cards[stack], self.face_down[stack])

    def max_movable(self, src: int, dst: int) -> int:
        """Longest run the pickup rule allows from ``src`` to ``dst`` (ignoring what ``dst`` takes)."""
        pickup = self._rules[src].pickup
        if pickup == _PICK_NONE:
            return 0
        if pickup == _PICK_TOP:
            return 1
        if pickup == _PICK_RUN or pickup == _PICK_FACE_UP:
            return self.run_length(src)
        # PICK_RUN_BY_SPACES: the run stands for single moves through the empty piles (R-FT-7) and the free
        # cells: one card more for each empty cell, doubled for each empty pile other than the two stacks that
        # takes any card (Plan.spaces: a pile that takes only a King passes no run along).
        if self.specs[dst].kind is Kind.FOUNDATION:
            return self.run_length(src)
        cards, plan = self.cards, self._plan
        cells = sum(1 for i in plan.cells if not cards[i])
        spaces = sum(1 for i in plan.spaces if not cards[i] and i != src and i != dst)
        return min(self.run_length(src), (1 + cells) << spaces)

    def pick_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        """Why the top ``n`` cards of ``src`` cannot be picked up to go to ``dst``; None if they can."""
        cards = self.cards[src]
        if not cards:
            return R_EMPTY_SOURCE
        if n < 1 or n > len(cards):
            return R_BAD_COUNT
        pickup = self._rules[src].pickup
        if pickup == _PICK_NONE:
            return R_NO_PICKUP
        if len(cards) - n < self.face_down[src]:
            return R_FACE_DOWN
        if self._plan.covered is not None and is_covered(self._plan, self.cards, src):
            return R_COVERED
        if n > 1:
            if pickup == _PICK_TOP:
                return R_TOP_ONLY
            if n > self.run_length(src):
                return R_NOT_A_RUN
            if n > self.max_movable(src, dst):
                return R_TOO_MANY
        return None

    def drop_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        """Why ``dst`` refuses the top ``n`` cards of ``src``; None if it takes them. Onto a foundation,
        several cards go on one at a time, the top card first, and only where the rule has ``group_moves``."""
        rule = self._rules[dst]
        if rule.own:
            found = rule.drop_refusal(self.specs[src].kind, self.cards[src], n, self.cards[dst], self.takes(dst))
            if found is not None and found[0] == rules.WHY_OWN:
                return self.take_refusal(found[1], dst) or R_BUILD
        else:
            found = rule.drop_refusal(self.specs[src].kind, self.cards[src], n, self.cards[dst])
        return None if found is None else WHY_REASONS[found[0]]

    def takes(self, stack: int) -> Collection[int]:
        """For a stack declared with ``own_rule``: the keys (:func:`reussite.rules.card_key`) of the cards it
        takes now, one at a time (or, if not a foundation, the bottom cards of the runs it takes). The one
        definition of that rule: the checks, the move generator and the explanations all ask it, so what the
        game lists, accepts and explains agree. Asked at every listing: return a frozenset kept for the same
        situation (the generator skips a stack whose answer is the same object as last time), never one
        changed later. The stack's other declarations (``accepts_from``, ``max_cards``, ``pickup``) apply."""
        raise NotImplementedError(f"{type(self).__name__} declares stack {self.specs[stack].id} with own_rule "
                                  "but does not define takes()")

    def take_refusal(self, card: Card, stack: int) -> Reason | None:
        """Why a stack with ``own_rule`` does not take ``card``, for the message (asked only when
        :meth:`takes` leaves the card out, so it cannot change what is legal). Default: None, which gives the
        generic "cannot go on ...: build by the game's rule"."""
        return None

    def extra_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        """A variant's own condition on a card move, beyond the declared rules; :meth:`refusal` asks it
        after the pick and drop rules, so what it forbids is neither listed nor accepted. Default: none."""
        return None

    def _move_refusal(self, src: int, n: int, dst: int) -> Reason | None:
        """Why moving the top ``n`` cards of ``src`` onto ``dst`` is refused, or None: the pick rule, the drop
        rule, then the variant's own condition: the one definition of a legal card move."""
        if src == dst:
            return R_SAME_STACK
        return (self.pick_refusal(src, n, dst) or self.drop_refusal(src, n, dst)
                or self.extra_refusal(src, n, dst))

    def refusal(self, move: AnyMove) -> Reason | None:
        """None if ``move`` is legal now, else the reason it is refused."""
        if move.__class__ is Move:  # the common case first: a card move in a game without pairs
            pairs = self._plan.pairs
            if pairs is None or move.dst != self._plan.sink:
                return self._move_refusal(move.src, move.n, move.dst)
        if isinstance(move, Move):
            plan = self._plan
            if plan.pairs is not None:
                if move.__class__ is Pair:
                    return self._pair_check(move)[0]
                if move.dst == plan.sink:
                    return self._alone_check(move)
            elif move.__class__ is Pair:
                return R_NO_PAIRS
            return self._move_refusal(move.src, move.n, move.dst)
        if isinstance(move, Deal):
            if self.deal_to == "refill":
                return R_REFILL_ONLY
            if not self.can_deal():
                return R_NO_DEAL
            fill = self.fill_before_deal
            if fill and not all(self.cards[i] for i in self.tableau_ix):
                if fill != "when-possible":
                    return R_FILL_PILES
                if self._can_fill():
                    return R_FILL_POSSIBLE
            if self.deal_to == "waste" and self.waste_ix is not None:  # a waste of max_cards (Sir Tommy's one)
                room = self._rules[self.waste_ix].max_cards
                stock, waste = self.cards[self.stock_ix], self.cards[self.waste_ix]
                if room is not None and len(waste) + min(self.deal_count, len(stock)) > room:
                    return R_WASTE_FULL
            return self.stock_refusal(move)
        if isinstance(move, Redeal):
            return self.redeal_refusal() or self.stock_refusal(move)
        raise TypeError(f"not a move: {move!r}")

    # -- cards removed together (Game.pairs) ----------------------------------------------------------

    def _free_refusal(self, stack: int, depth: int = 1) -> Reason | None:
        """Why the card ``depth`` from the top of ``stack`` cannot be removed (paired or alone), or None."""
        plan = self._plan
        if stack not in plan.pair_stacks:
            return R_PAIR_FROM
        pile = self.cards[stack]
        if len(pile) < depth:
            return R_EMPTY_SOURCE
        if self.face_down[stack] > len(pile) - depth:
            return R_FACE_DOWN
        if plan.covered is not None and is_covered(plan, self.cards, stack):
            return R_COVERED
        return None

    def _alone_check(self, move: Move) -> Reason | None:
        """Why a card cannot be removed alone onto the discard foundation (``Pairs.alone``), or None."""
        if move.src == move.dst:
            return R_SAME_STACK
        reason = self._free_refusal(move.src)
        if reason is not None:
            return reason
        if move.n != 1:
            return R_TOP_ONLY
        card = self.cards[move.src][-1]
        return None if card[0] * 4 + card[1] in self._plan.alone else R_NOT_ALONE

    def _pair_check(self, move: Pair) -> tuple[Reason | None, int]:
        """Why ``move`` is refused, with the stack the reason is about (None, -1: it is legal)."""
        plan = self._plan
        src, other = move.src, move.other
        if move.dst != plan.sink:
            return R_PAIR_TO, src
        if move.n != 1:
            return R_BAD_COUNT, src
        if not 0 <= other < len(self.cards):
            return R_PAIR_FROM, src
        if src == other:
            if src != plan.below:
                return R_PAIR_ITSELF, src
            reason = self._free_refusal(src, 2)
            if reason is not None:
                return reason, src
            pile = self.cards[src]
            cards = pile[-1], pile[-2]
        else:
            for stack, partner in ((src, other), (other, src)):
                reason = self._free_refusal(stack)
                if reason is R_COVERED and plan.over and self._free_refusal(partner) is None and all(
                        j == partner or not self.cards[j] for j in plan.covered[stack]):
                    continue  # covered only by its partner (Pairs.over)
                if reason is not None:
                    return reason, stack
            cards = self.cards[src][-1], self.cards[other][-1]
        key, other_key = cards[0][0] * 4 + cards[0][1], cards[1][0] * 4 + cards[1][1]
        pairs = plan.pairs
        if other_key not in plan.match[key]:
            if key in plan.alone:
                return R_ALONE_ONLY, src
            if other_key in plan.alone:
                return R_ALONE_ONLY, other
            if pairs.by == "suit":
                return R_PAIR_SUIT, src
            if pairs.by == "rank":
                return R_PAIR_RANK, src
            if cards[0][0] in pairs.same:
                return R_PAIR_SAME, src
            if cards[1][0] in pairs.same:
                return R_PAIR_SAME, other
            return R_PAIR_TOTAL, src
        if src != other and plan.near is not None and other not in plan.near[src]:
            return (R_PAIR_APART if pairs.where == "adjacent" else R_PAIR_LINE), src
        return None, -1

    def pair_for(self, src: int, dst: int, n: int = 1) -> Move:
        """The move a player means by putting the top ``n`` cards of ``src`` onto ``dst``: in a game with
        :attr:`pairs`, a card dropped onto another card that pairs with it removes the two (the page's drag
        and its two clicks, the text mode's ``t3 t5``) unless the plain move is legal; else the plain move."""
        move = Move(src, dst, n)
        plan = self._plan
        if (plan.pairs is None or n != 1 or dst == plan.sink or src not in plan.pair_stacks
                or dst not in plan.pair_stacks or self.refusal(move) is None):
            return move
        return Pair(src, plan.sink, 1, dst)

    def is_legal(self, move: AnyMove) -> bool:
        return self.refusal(move) is None

    def explain(self, move: AnyMove, reason: Reason | None = None) -> Message | None:
        """The refusal as a message for people, parameters filled from the move; None if legal."""
        reason = reason or self.refusal(move)
        if reason is None:
            return None
        params: dict[str, Any] = {}
        if isinstance(move, Move):
            src, dst = self.specs[move.src], self.specs[move.dst]
            cards = self.cards[move.src]
            params["source"] = src.name
            params["stack"] = dst.name
            target = self.cards[move.dst]
            params["target"] = target[-1] if target else dst.name
            if cards and 0 < move.n <= len(cards):
                params["card"] = cards[-move.n]
                # The compiled rule says which card does not fit and onto what (a run onto a foundation
                # goes on top card first, so it may be a card in the middle of the run).
                compiled = self._rules[move.dst]
                found = compiled.drop_refusal(src.kind, cards, move.n, target,
                                              self.takes(move.dst) if compiled.own else ())
                if found is not None and found[1] is not None and (
                        found[0] == rules.WHY_OWN or WHY_REASONS[found[0]] is reason):
                    params["card"] = found[1]
                    params["target"] = found[2] if found[2] is not None else dst.name
            rule = src.rule if reason in (R_NOT_A_RUN,) else dst.rule
            build = rule.run if reason is R_NOT_A_RUN and rule.run is not None else rule.build  # what moves
            if rule.own_rule:
                params["rule"] = Message(rules.OWN_RULE_TEXT)
            else:
                params["rule"] = Message(build.text) if build else Message(N_("no building"))
            if isinstance(dst.rule.empty, int):
                params["rank"] = rank_name(dst.rule.empty)
            if dst.rule.suit is not None:
                from reussite.messages import SUIT_NAMES

                params["suit"] = Message(SUIT_NAMES[dst.rule.suit])
            params["max"] = self.max_movable(move.src, move.dst)
        if move.__class__ is Pair and self._plan.pairs is not None:
            params.update(self._pair_params(move, reason))
        params.update(self.explain_params(move, reason))
        msgid = reason.msgid
        if reason is R_FROM_KIND and dst.rule.accepts_from is not None:
            kinds = dst.rule.accepts_from
            msgid = FROM_KIND[next(iter(kinds))] if len(kinds) == 1 else msgid if kinds else M_FROM_NOWHERE
        if reason is R_TOO_MANY:
            plan = self._plan
            text = (M_TOO_MANY if not plan.cells else M_TOO_MANY_CELLS if plan.spaces else M_TOO_MANY_CELLS_ONLY)
            return Message(text[0], params, plural=text[1], count=params["max"])
        return Message(msgid, params)

    def _pair_params(self, move: Pair, reason: Reason) -> dict[str, Any]:
        """The parameters of a refused pair: its two cards (``card``, ``other``), their ``sum`` and the
        ``total`` they should make, the stack the reason is about (``source``)."""
        _, stack = self._pair_check(move)
        stack = move.src if stack < 0 else stack
        params: dict[str, Any] = {"source": self.specs[stack].name, "total": self._plan.pairs.total}
        first, second = self.cards[move.src], self.cards[move.other]
        if move.src == move.other:
            cards = (first[-1], first[-2]) if len(first) >= 2 else ()
        else:
            cards = (first[-1], second[-1]) if first and second else ()
        if stack == move.other and move.src != move.other:
            cards = cards[::-1]
        if cards:
            params.update(card=cards[0], other=cards[1], sum=cards[0][0] + cards[1][0])
        elif self.cards[stack]:
            params["card"] = self.cards[stack][-1]
        return params

    def explain_params(self, move: AnyMove, reason: Reason) -> dict[str, Any]:
        """Extra parameters for a variant's own reasons."""
        return {}

    # -- the stock ------------------------------------------------------------------------------------

    def can_deal(self) -> bool:
        return self.stock_ix is not None and bool(self.cards[self.stock_ix])

    def stock_move(self) -> Deal | Redeal:
        """What a click on the stock (or a typed ``deal``) plays: a deal while the stock has cards, else a
        redeal where the stock's own rule allows one (the one place the front ends ask)."""
        return REDEAL if not self.can_deal() and self.redeal_refusal() is None else DEAL

    def stock_refusal(self, move: Deal | Redeal) -> Reason | None:
        """A variant's own condition on a deal or a redeal (``move`` is :data:`DEAL` or :data:`REDEAL`),
        asked after the stock's own rules (cards left, redeals left), so what it forbids is neither listed
        nor accepted (Spider's rule, no deal while a pile is empty, is declared: :attr:`fill_before_deal`).
        Default: none."""
        return None

    def redeal_refusal(self) -> Reason | None:
        """The stock's own rule for a redeal (the stock is empty, a redeal is left, there is a waste to turn
        over; dealing onto the foundation, only a redeal of the variant's own, :meth:`do_redeal`); a variant's
        condition goes in :meth:`stock_refusal`."""
        if self.stock_ix is None or self.cards[self.stock_ix]:
            return R_STOCK_NOT_EMPTY
        if self.redeals is not None and self.redeals_used >= self.redeals:
            return R_NO_REDEAL
        if self.deal_to == "waste" and not self.cards[self.waste_ix]:
            return R_NO_DEAL
        if self.deal_to == "foundation" and type(self).do_redeal is Game.do_redeal:
            return R_NO_REDEAL  # no waste to turn over (declaration_problems refuses the redeals)
        return None

    @property
    def redeals_left(self) -> int | None:
        return None if self.redeals is None else self.redeals - self.redeals_used

    def do_deal(self) -> None:
        """Deal from the stock. Default: turn ``deal_count`` cards onto the waste (or the first foundation),
        or put ``deal_count`` cards on each tableau pile from left to right while the stock lasts."""
        stock = self.stock_ix
        deal_to = self.deal_to
        if deal_to == "waste" or deal_to == "foundation":
            n = min(self.deal_count, len(self.cards[stock]))
            self.move_cards(stock, self.waste_ix if deal_to == "waste" else self.foundation_ix[0], n, reverse=True)
            return
        piles = self.reserve_ix if deal_to == "reserve" else self.tableau_ix
        for _ in range(self.deal_count):
            self.deal_cards(stock, piles)

    def do_redeal(self) -> None:
        """Default: turn the waste over as the new stock (order kept, as a player turns it)."""
        self.count_redeal()
        waste = self.waste_ix
        self.move_cards(waste, self.stock_ix, len(self.cards[waste]), reverse=True)

    # -- playing --------------------------------------------------------------------------------------

    def push(self, move: AnyMove, check: bool = True) -> None:
        """Play ``move``. Raises :class:`IllegalMove` (position unchanged) if the rules refuse it."""
        if check:
            reason = self.refusal(move)
            if reason is not None:
                raise IllegalMove(self.explain(move, reason))
        self._ops = ops = []
        try:
            if move.__class__ is Move:  # the class first: cheaper, and most moves
                # Several cards go onto a foundation one at a time, top card first: they end up reversed.
                n = move.n
                self.move_cards(move.src, move.dst, n, n > 1 and self._kinds[move.dst] is _FOUNDATION)
            elif move.__class__ is Pair:  # the two cards, the first one first
                self.move_cards(move.src, move.dst)
                self.move_cards(move.other, move.dst)
            elif isinstance(move, Move):
                n = move.n
                self.move_cards(move.src, move.dst, n, n > 1 and self._kinds[move.dst] is _FOUNDATION)
            elif isinstance(move, Deal):
                self.do_deal()
            else:
                self.do_redeal()
            self.after_move(move)
        except BaseException:
            self._undo_ops(ops)
            raise
        finally:
            self._ops = None
        self._done.append((move, ops))
        undone = self._undone
        if undone:
            last = undone[-1]
            # Moves of different classes are never equal: the dataclass __eq__, a Python call, only for the same.
            if last is move or (last.__class__ is move.__class__ and last == move):
                undone.pop()
            else:
                undone.clear()

    def after_move(self, move: AnyMove) -> None:
        """Automatic consequences of a move (refills, flips). Default: the declared ``finished_runs``, then
        the declared ``refill``, then turn up exposed face-down cards."""
        if self.finished_runs:
            self._leave_finished_runs(move)
        refill = self._plan.refill
        if refill is not None:
            cards = self.cards
            for i in refill[0]:
                if not cards[i]:
                    for source in refill[1]:
                        if cards[source]:
                            self.move_cards(source, i)
                            break
        self.flip_exposed_cards()

    def _leave_finished_runs(self, move: AnyMove) -> None:
        """:attr:`finished_runs`: a pile that cards went onto, topped by King to Ace of one suit face up,
        sends those thirteen to the first empty foundation."""
        if isinstance(move, Move):
            piles = (move.dst,) if self._kinds[move.dst] is Kind.TABLEAU else ()
        else:
            piles = self.tableau_ix
        cards = self.cards
        for pile in piles:
            cards_ = cards[pile]
            if len(cards_) - self.face_down[pile] < 13:
                continue
            for n in range(1, 13):
                upper, lower = cards_[-n], cards_[-n - 1]
                if lower[1] != upper[1] or lower[0] != upper[0] + 1:
                    break
            else:
                self.move_cards(pile, next(f for f in self.foundation_ix if not cards[f]), 13)

    def flip_exposed_cards(self) -> None:
        """Turn up the top card of every stack this move took cards from, where its rule says so."""
        flips = self._plan.flips
        if not flips:  # no stack of this game turns cards up (most of them): nothing to look at
            return
        cards, face_down = self.cards, self.face_down
        uncovers = self._plan.uncovers
        if uncovers:  # a stack emptied uncovers those it lay on: their top cards turn up once nothing covers them
            for op in list(self._ops):
                if op[0] <= OP_DEAL and not cards[op[1]]:
                    for i in uncovers.get(op[1], ()):
                        pile = cards[i]
                        if i in flips and pile and face_down[i] >= len(pile) and not is_covered(self._plan, cards, i):
                            self._flip(i)
        # A flip appended to the operations while they are read is not a card move, so it is passed over;
        # a stack flipped once is not flipped again (its top card is then face up).
        for op in self._ops:
            if op[0] <= OP_DEAL:  # a card move from stack op[1]
                i = op[1]
                if i in flips:
                    pile = cards[i]
                    if pile and face_down[i] >= len(pile):
                        self._flip(i)

    def pop(self) -> AnyMove:
        """Take back the last move exactly; it can be redone with :meth:`redo`."""
        done = self._done
        if not done:
            raise UserError(N_("There is no move to undo."))
        move, ops = done.pop()
        self._undo_ops(ops)
        cache = self._path_cache
        if len(cache) > len(done) + 1:
            counts = self._path_counts
            for key in cache[len(done) + 1:]:
                left = counts[key] - 1
                if left:
                    counts[key] = left
                else:
                    del counts[key]
            del cache[len(done) + 1:]
        self._undone.append(move)
        return move

    def redo(self) -> AnyMove:
        if not self._undone:
            raise UserError(N_("There is no move to redo."))
        move = self._undone[-1]
        self.push(move)
        return move

    @property
    def redo_moves(self) -> list[AnyMove]:
        """The moves :meth:`redo` would play, the next one first."""
        return self._undone[::-1]

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    # -- generating moves -----------------------------------------------------------------------------

    def legal_moves(self) -> Iterator[AnyMove]:
        """Every useful legal move: card moves (by source, then target, then count), then the deal or
        redeal. Moving a whole pile onto an empty pile of the same kind and the same rule is legal but changes
        nothing, so it is not listed, unless the empty pile is declared ``positional`` (where a card stands
        matters)."""
        plan = self._plan
        moves = self._card_moves()
        if plan.custom_deal:
            if self.can_deal():
                if self.refusal(DEAL) is None:
                    moves.append(DEAL)
            elif self.refusal(REDEAL) is None:
                moves.append(REDEAL)
        elif self.stock_ix is not None:  # can_deal and redeal_refusal as Game defines them, inlined
            if self.cards[self.stock_ix]:
                moves.append(DEAL)
            elif ((self.redeals is None or self.redeals_used < self.redeals)
                  and (self.deal_to != "waste" or self.cards[self.waste_ix])
                  and (self.deal_to != "foundation" or type(self).do_redeal is not Game.do_redeal)):
                moves.append(REDEAL)
        return iter(moves)

    def _card_moves(self) -> list[AnyMove]:
        """The legal card moves and pairs, in :meth:`legal_moves`'s order (no deal nor redeal)."""
        plan = self._plan
        if plan.checked:
            moves: list[AnyMove] = checked_moves(plan, self)
        else:
            wants = self._wants
            if wants is None or wants.plan is not plan or wants.owner != id(self):
                wants = self._wants = Wants(id(self), plan)
            moves = indexed_moves(plan, self, wants)
        if plan.pairs is not None:
            moves += pair_moves(plan, self)
        return moves

    def _can_fill(self) -> bool:
        """Whether a card can move onto an empty tableau pile now (``fill_before_deal = "when-possible"``): not
        a pile's bottom card, which would leave its own pile empty."""
        cards, tableau = self.cards, self.tableau_ix
        for move in self._card_moves():
            if (move.__class__ is Move and not cards[move.dst] and move.dst in tableau
                    and (move.src not in tableau or move.n < len(cards[move.src]))):
                return True
        return False

    @property
    def _indexable(self) -> bool:
        # A variant that overrides the whole legality test, or where any stack may take cards, is asked about
        # every candidate; otherwise targets are looked up by the card they want in the compiled rules.
        return not self._plan.checked

    # -- derived results ------------------------------------------------------------------------------

    @property
    def total_cards(self) -> int:
        return sum(len(c) for c in self.cards)

    def on_foundations(self) -> int:
        return sum(map(len, map(self.cards.__getitem__, self.foundation_ix)))

    def is_won(self) -> bool:
        """Every card on the foundations, or, with ``won_when_empty``, every stack of those kinds empty."""
        stacks = self._plan.won_stacks  # worked out once per class: the solver asks at every node
        if stacks is None:
            return self.on_foundations() == self.total_cards
        cards = self.cards
        for i in stacks:
            if cards[i]:
                return False
        return True

    def is_lost(self) -> bool:
        """Not won, and no move leads to a position not already reached in this game: back-and-forth moves
        and redeals that change nothing do not keep a game alive (positions compare by
        :meth:`position_key`). Without position tracking: no legal move, no deal, no redeal."""
        if self.is_won():
            return False
        if not self.track_positions:
            return next(iter(self.legal_moves()), None) is None
        return not self.progress_moves(first_only=True)

    def progress_moves(self, first_only: bool = False) -> list[AnyMove]:
        """The legal moves that lead to a position not reached before in this game (by the history's
        positions, the current one included), in ``legal_moves`` order."""
        probe = self.copy(history=False)
        found: list[AnyMove] = []
        for move in self.legal_moves():
            probe.push(move, check=False)
            key = probe.position_key()
            probe.pop()
            if not self._seen(key):
                found.append(move)
                if first_only:
                    break
        return found

    @property
    def _path_keys(self) -> list[bytes]:
        """The keys of the positions after 0, 1, ... moves of the history (when positions are tracked).
        Computed when first asked, by taking the moves back on a copy, and kept until undone: a key costs far
        more than a move, and only :meth:`is_lost` needs them."""
        if not self.track_positions:
            return []
        cache = self._path_cache
        missing = len(self._done) + 1 - len(cache)
        if missing == 1:  # the usual case, one move since the last time: no copy of the history
            keys = [self.position_key()]
        elif missing > 0:
            probe = self.copy()
            probe.track_positions = False
            keys = [probe.position_key()]
            for _ in range(missing - 1):
                probe.pop()
                keys.append(probe.position_key())
            keys.reverse()
        else:
            return cache
        cache.extend(keys)
        counts = self._path_counts
        for key in keys:
            counts[key] = counts.get(key, 0) + 1
        return cache

    def seen_positions(self) -> set[bytes]:
        """Keys of the positions reached along the history, the current one included."""
        return {*self._path_keys, self.position_key()}

    def _seen(self, key: bytes) -> bool:
        """Whether the position ``key`` was reached along the history (the current one included): what
        :meth:`seen_positions` contains, without building the set (the cost of a move stays the same on move
        10,000 as on move 1)."""
        if not self.track_positions:
            return key == self.position_key()
        _ = self._path_keys  # brings the kept counts up to the current position
        return key in self._path_counts

    def outcome(self) -> Outcome | None:
        """``Outcome.WON``, ``Outcome.LOST`` (see :meth:`is_lost`), or None while the game goes on."""
        if self.is_won():
            return Outcome.WON
        if self.is_lost():
            return Outcome.LOST
        return None

    # -- search support: cheap copies and a canonical position key -----------------------------------

    def copy(self, history: bool = True) -> Game:
        """An independent game at the same position (with the move history, or without it). Like
        python-chess's ``Board.copy``; cheap enough to take inside a search. Variants that keep their own
        mutable state outside the stacks must extend this."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.cards = [list(pile) for pile in self.cards]
        new.face_down = list(self.face_down)
        new._stack_keys = list(self._stack_keys)
        new._ops = None
        new._wants = None
        if history:
            new._done, new._undone, new._path_cache = list(self._done), list(self._undone), list(self._path_cache)
            new._path_counts = dict(self._path_counts)
        else:
            new._done, new._undone, new._path_cache, new._path_counts = [], [], [], {}
        return new

    def restore(self, saved: Game) -> None:
        """Go back, in place, to ``saved``: a :meth:`copy` of this game taken earlier, not used since (front
        ends take one before each command, to undo a command that a variant's own code broke halfway)."""
        self.__dict__.clear()
        self.__dict__.update(saved.__dict__)

    def interchangeable_stacks(self) -> tuple[tuple[int, ...], ...]:
        """Groups of stacks whose contents could be swapped without changing anything that can happen next
        (empty piles of one kind, Forty Thieves' foundations). Positions that differ only by such a swap get
        the same :meth:`position_key`.

        The default is cautious: stacks of one kind (foundation, tableau, reserve) with equal rules, unless
        the variant overrides a method whose result could depend on a stack's place (dealing onto the
        tableau or the reserves, the redeal, what happens after a move, its own refusals), and never a stack
        declared ``positional`` (where a card stands matters). Override to say more (the groups may depend on
        the position, as the default's do: the piles a stock deals onto join once it is empty); a wrong group
        makes the solver wrong, so leave a stack out when unsure. ``reussite check`` swaps two stacks of a
        group now and then and fails the game if the position then has another future."""
        cls = type(self)
        cached = cls.__dict__.get("_default_groups")
        if cached is None:
            cached = cls._default_groups = {}
        dealing = self._deals_onto_piles()
        found = cached.get(dealing)
        if found is None:
            found = cached[dealing] = self._place_groups() if not self._place_overrides() - {"do_deal"} else ()
        return found

    def _deals_onto_piles(self) -> bool:
        """Whether the stock may still deal onto the tableau piles, or the reserves, in order (their place
        matters until then): it deals there, and holds cards or has a waste to be turned over into it."""
        stock = self.stock_ix
        return (self.deal_to in ("tableau", "reserve") and stock is not None
                and bool(self.cards[stock] or self.waste_ix is not None))

    def _place_overrides(self) -> set[str]:
        """Which of the methods whose override may make a stack's place matter the variant overrides."""
        cls = type(self)
        return {name for name in _PLACE_METHODS if getattr(cls, name) is not getattr(Game, name)}

    def _place_groups(self) -> tuple[tuple[int, ...], ...]:
        """The groups :meth:`interchangeable_stacks` gives by default when no override of a method that could
        read a stack's place stands in the way (``reussite check`` tries them on a variant that has some)."""
        overridden = self._place_overrides()
        groups: dict[tuple, list[int]] = {}
        # A stack's place matters where some stacks cover others, or where pairs are made on a grid.
        placed = {i for i, spec in enumerate(self.specs) if spec.id in self.covered_by
                  or any(spec.id in ids for ids in self.covered_by.values())}
        if self._plan.near is not None:
            placed.update(self._plan.pair_stacks)
        if self._plan.refill is not None:  # refilled in layout order
            placed.update(self._plan.refill[0])
        # The first foundation is the one the stock may deal onto (DealTo.FOUNDATION).
        dealt_onto = self.foundation_ix[:1] if self.deal_to == "foundation" else ()
        for i, spec in enumerate(self.specs):
            if spec.kind in (Kind.FOUNDATION, Kind.TABLEAU, Kind.RESERVE) and not spec.rule.positional:
                if spec.kind.value == self.deal_to and self._deals_onto_piles():
                    continue
                # A deal of the variant's own may put cards onto the piles or the reserves in order (Bristol's
                # stock, one card onto each reserve): their place matters then.
                if spec.kind in (Kind.TABLEAU, Kind.RESERVE) and "do_deal" in overridden:
                    continue
                if i in dealt_onto or i in placed:
                    continue
                groups.setdefault((spec.kind, spec.rule), []).append(i)
        return tuple(tuple(g) for g in groups.values() if len(g) > 1)

    #: How :meth:`score` counts, in a sentence the page shows beside the score (a msgid).
    score_rule: ClassVar[str] = N_("One point for each card on the foundations.")

    def score(self) -> int:
        """Default: one point a card on the foundations."""
        return self.on_foundations()

    # -- helpers for front ends: hints, double-click, autoplay ---------------------------------------

    def best_move_from(self, stack: int, n: int = 1) -> Move | None:
        """Where a double-click sends the top ``n`` cards of ``stack`` (R-FT-9): a foundation if one takes
        them, else the best tableau or reserve move, else None. In a game with :attr:`pairs`: the card removed
        alone, else removed with the first card it pairs with."""
        plan = self._plan
        if plan.pairs is not None and n == 1:
            found = [move for move in pair_moves(plan, self)
                     if move.src == stack or (move.__class__ is Pair and move.other == stack)]
            if found:  # alone first, then the waste's two cards, then the first pair in the listing
                return min(found, key=lambda m: (m.__class__ is Pair, m.__class__ is Pair and m.other != m.src))
        candidates = [
            Move(stack, dst, n)
            for dst in self._targets
            if dst != stack and self.refusal(Move(stack, dst, n)) is None
        ]
        if not candidates:
            return None
        return max(candidates, key=lambda m: (self.specs[m.dst].kind is Kind.FOUNDATION,
                                             bool(self.cards[m.dst]), -m.dst))

    def foundation_moves(self) -> Iterator[Move]:
        for move in self.legal_moves():
            if (move.__class__ is Move and self.specs[move.dst].kind is Kind.FOUNDATION
                    and self.specs[move.src].kind is not Kind.FOUNDATION and move.n == 1):
                yield move

    def autoplay(self) -> list[Move]:
        """Play everything possible to the foundations (R-FT-9); returns the moves played."""
        played: list[Move] = []
        while True:
            move = next(self.foundation_moves(), None)
            if move is None:
                return played
            self.push(move, check=False)
            played.append(move)

    # -- notation (reussite.notation) ----------------------------------------------------------------

    def notation(self, move: AnyMove) -> str:
        """``t3-f1``, ``t3-t5x2`` (two cards), ``deal``, ``redeal``."""
        return _notation.notation(self, move)

    def parse_move(self, text: str) -> AnyMove:
        """Read a move typed by a person or stored in a save (see :func:`reussite.notation.parse_move`); raises
        ``UserError`` naming what is wrong."""
        return _notation.parse_move(self, text)
