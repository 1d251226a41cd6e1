"""Knowledge the solver works out from a game's declarations alone (its stack rules and its pack), so that a
game with no companion of its own is searched with it too: the defaults of
:class:`reussite.solver.companion.Companion`.

**Stock clicks as part of a play.** Where the stock turns cards onto a waste (``deal_to`` waste, the stock
and waste rules as declared, no override of :data:`OVERRIDES`, no stack with a rule of its own) and no stack
ever puts a card back on the waste, a deal or a redeal changes nothing but which card the waste shows, and no
other move depends on the stock or the waste except the play of the waste's top card. So in any winning line
the stock clicks can be moved later, each run of them to just before the next play from the waste (or left
out, when no play from the waste follows): the same moves stay legal, in the same positions but for the stock
and the waste, and the line ends in the same won position. The solver therefore tries the clicks only as the
start of a sequence "k clicks, then the waste's new top card to where it goes", for every k up to a whole
cycle of the stock, and never a click on its own; where the redeals are unlimited (elsewhere the long runs
of clicks cost more than they save).

**One turn of the stock folded in the key.** In the same games (clicks only as part of a play, redeals
unlimited), the positions one turn of the stock goes through from a redeal differ only in how many cards the
waste shows, and each reaches every other by clicks alone: so they have the same future, and the key gives
them all the redeal's stock (the waste's cards under the stock's, in the order a redeal leaves them, the
waste empty). With one card at a time that is every position of the stock and the waste; with three, those
whose waste holds a multiple of three cards, or the whole turn. A play from the waste can leave it out of
step (two cards, say): the clicks from there show cards a redeal's triples never show, so such a position
keeps its own key. ``tests/solver/test_derive.py`` has a position that a fold of every turn calls lost and
that wins.

**Buried cards folded out of the key.** In a game that plays by its declarations alone (no override of
:data:`OVERRIDES`, no stack whose own rule reads more than its top card, ``StackRule.by_top``), a stack that
lets no card be picked up (a foundation that keeps its cards, Golf's and Black Hole's single one) changes
only at its top, and nothing reads the cards under the top: what it takes depends on its top card, the win
on its size. Positions that differ only by those buried cards have the same future, so the key keeps of such
a stack its size, face-down count and top card. Black Hole, deals 1-20 at 30,000 positions: 7 decided
against 3 (the order in which cards went into the hole no longer tells positions apart).

**Stacks out of play keyed by their size.** A stack that lets no card be picked up and takes none from the
player (``pickup=PICK_NONE``, ``accepts_from=frozenset()``: Accordion's discard pile, the Spider family's
finished runs) is filled only by the game's own code, and its cards never come back: they are out of play, in
any game, whatever it overrides. What happens next depends on how many cards it holds (the win, the score,
"the first empty foundation"), never on which lie there in what order, as for the discard pile of a game with
``pairs`` (``Game.position_key``). So the key keeps of such a stack its size and face-down count alone: the
orders in which the same cards went out no longer tell positions apart. Accordion, deals 1-10 at 30,000
positions: 5 won against none (5,534 keys for 803 different rows after 5,000 positions of deal 4, before).
A game whose rules read the cards of such a stack must say so by extending ``position_key`` (its key is then
left whole);
``tests/solver/test_derive.py`` checks that no game of the catalogue does (each reads the same moves and win
with those cards shuffled), and the solver against an exhaustive search on small Accordion positions.

**The top card of a folded stack, by what it takes.** Of a folded stack's top card the key keeps only which
cards the stack then takes (the first card key that makes it take the same ones): nothing else reads that
card (``take_refusal`` only words a refusal). In Black Hole and Golf the hole's suit drops out of the key.
Deals 1-20 at 30,000 positions, with the walk below: Black Hole 9 decided against 7.

**Dead ends of a one-foundation walk.** Where every card can only go onto one foundation that lets none be
picked up (every other stack takes nothing; a stock, if any, deals onto that foundation), a win is a walk:
the cards left go there one at a time, each taken by the card then on top, the stock's cards at any time.
Two things no such walk survives, whatever order the piles allow (so they are dead ends): a card left that
no chain of cards left leads to from the top card (a dealt card may start a chain), and more cards of one
kind left than cards that take them could come just before them (each card is just before one card at most).
Cards are counted by kind, those alike in what they take and what takes them (ranks in Black Hole and Golf).
Deals 1-20 at 30,000 positions: Golf 11 decided against 1, Black Hole 9 against 7.

**Cards that wait for each other.** In a win every card leaves its pile for a foundation. A face-down card,
or the lowest face-up card of a pile whose runs move (any card of a pile whose cards move one at a time),
leaves it only as the bottom of what moves: to a foundation, onto a card that takes it, or to an empty stack
that takes it; and a card under it cannot leave before it. Take a set C of such cards, none of which an empty
stack ever takes, each either under another card of C or with both other ways shut until some card of C has
left: every copy of every card it may go onto lies under a card of C, and some lower card of its suit (which
its foundation needs first) has every copy in C or under a card of C. Then no card of C can be the first of
them to leave, so none ever leaves and the position is lost. The solver takes the largest such set (all the
candidates, then drops each one with a way out until none is left to drop) and calls the position a dead end
when it is not empty. Klondike deal 29: the Queen of hearts lies on the King of spades and on the Six of
hearts and Eight of diamonds, the Queen of diamonds on the King of clubs, so each Queen waits for the other.
Of Klondike's deals 1-1000, 16 are lost from the start this way, none of which the search had decided at
30,000 positions. The answer depends only on the cards at the bottom of the piles (face down, or the lowest
face up), which change seldom: it is kept by them.

**Safe foundation moves.** A face-up top card c goes to a foundation at once, without trying the other moves,
when no card still out of the foundations could ever want it as a base. ``need(x)``, read from the compiled
rules of every stack that is not a foundation, is the set of cards that may be placed on x. Two cases:

- Foundations never give a card back (no stack takes cards from them, or they let none be picked up): c is
  safe when every copy of every card of ``need(c)`` is on the foundations. Take a winning line and leave out
  c's own moves: nothing is ever placed on c in it (those cards stay on the foundations), so c only ever sat
  on top of other cards, and without it every other move stays legal (a shorter run moves where the longer
  one did; one card fewer on a pile only uncovers more). Where several foundations take c (several packs),
  they have the same rule, so one is as good as another: when the line plays a copy of c onto the
  foundation c took, another foundation that takes it is there, since each card of ``need(c)``'s level on
  the foundations means one foundation per copy still out.
- Foundations that give cards back (Klondike's usual rule): the cards under c on its foundation could be
  wanted back, and so could anything placed on them. So the test is the same over the closure: every copy of
  every card that may be placed, directly or not, on c or on a card of c's suit below it, is on the
  foundations. In a winning line such cards only ever come off the foundations to be built on each other
  (nothing else goes on them), which changes nothing: leave those moves out, and the argument above applies.

Both need the game to play by its declarations: standard foundations (up in suit from the Ace), none of the
methods that could make a move's legality or its consequences depend on more than the stacks' rules
overridden (the list is :data:`OVERRIDES`; ``run_length`` and ``max_movable`` may be, as they only bound how
many cards move), and the game won when every card is on the foundations. A waste card is taken only where
the stock turns one card at a time, or once it is empty (with three at a time, taking a card out of the waste
regroups every later triple). ``tests/solver/test_derive.py`` checks the rule against an exhaustive search on
small positions of every bundled, example and classic game it applies to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reussite.cards import Card
from reussite.game import DEAL, REDEAL, Deal, Game, Move, Redeal
from reussite.rules import CARD_KEYS, EMPTY_KEY, JOKER_KEYS, NONE, PICK_NONE, PICK_TOP, Build, CompiledRule, Kind

if TYPE_CHECKING:
    from reussite.game import AnyMove

#: Game methods whose override makes the derived rules stand aside: they can make what is legal, or what a
#: move does, depend on more than the declarations.
OVERRIDES = ("after_move", "do_deal", "do_redeal", "stock_refusal", "redeal_refusal", "can_deal", "pick_refusal",
             "drop_refusal", "extra_refusal", "refusal", "is_won", "on_foundations", "total_cards",
             "flip_exposed_cards", "move_cards", "deal_cards")

_UP_IN_SUIT = Build("same", 1)
_EMPTY_WASTE = bytes((0, 0))
#: How many answers ``Knowledge.safe_move`` and ``dead_end`` keep, each (by foundations, by pile bottoms).
_SAFE_KEPT = 1 << 14


def _by_top(rule) -> bool:
    """An own rule declared to read only its stack's top card (``StackRule.by_top``)."""
    return bool(getattr(rule, "by_top", False))


def out_of_play(specs) -> tuple[int, ...]:
    """The stacks out of play (the module's docstring): no card can be picked up from them and none put there
    by the player, so only the game's own code fills them (Accordion's discard pile, Spider's finished runs)."""
    return tuple(i for i, s in enumerate(specs) if s.kind is not Kind.STOCK
                 and s.rule.pickup == PICK_NONE and s.rule.accepts_from == frozenset())


def _overridden(game_class: type[Game]) -> list[str]:
    return [name for name in OVERRIDES if getattr(game_class, name, None) is not getattr(Game, name)]


class Knowledge:
    """What the declarations of one game class let the solver prove (see the module's docstring)."""

    def __init__(self, game_class: type[Game]) -> None:
        self.game_class = game_class
        specs = game_class.stacks
        self.plain = self._not_plain(game_class) is None
        self.stock_plays = self.plain and self._stock_plays(game_class)
        # The stacks a waste card may go to (the waste's top card alone moves: see _stock_plays).
        self.waste_targets = tuple(i for i, s in enumerate(specs) if s.kind not in (Kind.WASTE, Kind.STOCK)
                                   and s.rule.accepts_from != frozenset()
                                   and (s.rule.accepts_from is None or Kind.WASTE in s.rule.accepts_from))
        # Stacks nothing ever leaves whose rule reads only their top card: only that card and their size
        # matter for what can happen next (see key).
        # (A game that extends position_key says its future depends on more: its key is left whole.)
        self.out_of_play = out_of_play(specs) if game_class.position_key is Game.position_key else ()
        self.folded = tuple(i for i, s in enumerate(specs) if self.plain and s.kind is not Kind.STOCK
                            and s.rule.pickup == PICK_NONE and (not s.rule.own_rule or _by_top(s.rule))
                            and i not in self.out_of_play)
        self._sinks: dict[tuple, Sink | None] = {}  # per set of options (see dead_end)
        self._alike: dict[tuple, dict[int, list[int]]] = {}  # per set of options (see key)
        self._safe_now: dict[tuple, dict[int, tuple[int, ...]]] = {}  # by the foundations' keys (see safe_move)
        self.why_not = self._why_not(game_class)
        self.enabled = self.why_not is None
        if not self.enabled:
            return
        # need[key]: the keys of the cards that may be placed on the card ``key`` outside the foundations.
        need: list[frozenset[int]] = [frozenset()] * 56
        for spec in specs:
            if spec.kind is Kind.FOUNDATION or spec.rule.build is None:
                continue
            takes = CompiledRule(spec).takes
            for key in CARD_KEYS:
                need[key] = need[key] | takes[key]
        self.gives_back = self._gives_back(specs)
        # For each card key, the rank each suit must be complete to on the foundations (0: nothing needed).
        self.levels: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * 56
        for key in CARD_KEYS:
            wanted = set(need[key])
            if self.gives_back:  # the closure over c and the cards below it on its foundation
                rank, suit = key >> 2, key & 3
                todo = [*wanted, *(r * 4 + suit for r in range(1, rank))]
                while todo:
                    x = todo.pop()
                    for y in need[x]:
                        if y not in wanted:
                            wanted.add(y)
                            todo.append(y)
            level = [0, 0, 0, 0]
            for x in wanted:
                level[x & 3] = max(level[x & 3], x >> 2)
            self.levels[key] = tuple(level)
        self.foundations = tuple(i for i, s in enumerate(specs) if s.kind is Kind.FOUNDATION)
        self.sources = tuple(i for i, s in enumerate(specs)
                             if s.kind not in (Kind.FOUNDATION, Kind.STOCK) and s.rule.pickup != PICK_NONE)
        # For the cards that wait for each other (see _waiting): the piles, those whose every card moves
        # alone, and for each card key whether some stack takes it empty and the keys it may go onto.
        self.piles = tuple(i for i, s in enumerate(specs) if s.kind not in (Kind.FOUNDATION, Kind.STOCK, Kind.WASTE))
        self.alone = frozenset(i for i in self.piles if specs[i].rule.pickup in (PICK_TOP, PICK_NONE))
        to_empty = [False] * 56
        onto: list[set[int]] = [set() for _ in range(56)]
        for spec in specs:
            if spec.kind is Kind.FOUNDATION or spec.rule.accepts_from == frozenset():
                continue
            takes = CompiledRule(spec).takes
            for x in takes[EMPTY_KEY]:
                to_empty[x] = True
            for y in CARD_KEYS:
                for x in takes[y]:
                    onto[x].add(y)
        self.to_empty = to_empty
        self.onto = [tuple(sorted(keys)) for keys in onto]
        self.waits = bool(self.piles) and not all(to_empty[x] for x in CARD_KEYS)
        self._waiting: dict[tuple, bool] = {}  # by the cards at the bottom of the piles (see dead_end)

    @staticmethod
    def _not_plain(game_class: type[Game]) -> str | None:
        """Why the game may do more than its declarations say (None: it plays by them alone): an override of
        :data:`OVERRIDES`, or a stack whose own rule may read more than its top card."""
        overridden = _overridden(game_class)
        if overridden:
            return "overrides " + ", ".join(overridden)
        # Cards removed in pairs, or stacks covering others: moves the walks and the stock plays below do not
        # describe (a card leaves with another, or only once other stacks are empty).
        if getattr(game_class, "pairs", None) is not None:
            return "removes cards in pairs (pairs)"
        if getattr(game_class, "covered_by", None):
            return "has stacks covering others (covered_by)"
        # A refill moves cards the proofs below do not follow (a reserve's card onto an emptied pile).
        if getattr(game_class, "refill", None) is not None:
            return "refills emptied stacks (refill)"
        # Runs sent home by themselves, deals refused while a pile is empty: moves and refusals the proofs below
        # do not follow.
        if getattr(game_class, "finished_runs", False):
            return "sends finished runs home (finished_runs)"
        if getattr(game_class, "fill_before_deal", False):
            return "deals only onto filled piles (fill_before_deal)"
        if any(spec.kind is Kind.WASTE and spec.rule.max_cards is not None for spec in game_class.stacks):
            return "deals only onto a waste with room (max_cards)"
        # An empty stack that takes from fewer stacks than when it holds cards: the proofs below read only
        # accepts_from.
        if any(getattr(spec.rule, "empty_from", None) is not None for spec in game_class.stacks):
            return "an empty stack takes cards from some stacks only (empty_from)"
        for spec in game_class.stacks:
            if spec.rule.own_rule and not _by_top(spec.rule):
                return f"{spec.id} has a rule of its own"
        return None

    @classmethod
    def _why_not(cls, game_class: type[Game]) -> str | None:
        """Why the derived safe moves do not apply to this game (None: they do)."""
        why = cls._not_plain(game_class)
        if why:
            return why
        if getattr(game_class, "won_when_empty", None) is not None:
            return "won before every card is on the foundations (won_when_empty)"
        if game_class.deal_to == "foundation":
            return "the stock deals onto a foundation"
        foundations = [s for s in game_class.stacks if s.kind is Kind.FOUNDATION]
        if not foundations:
            return "no foundation"
        for spec in foundations:
            rule = spec.rule
            if rule.own_rule or rule.build != _UP_IN_SUIT or rule.empty != 1 or rule.max_cards is not None:
                return f"{spec.id} is not built up in suit from the Ace"
        for spec in game_class.stacks:
            if spec.kind is not Kind.FOUNDATION and spec.rule.own_rule:
                return f"{spec.id} has a rule of its own"
        return None

    def key(self, game: Game) -> bytes:
        """``position_key``, with each folded stack (nothing ever leaves it, its rule reads only its top)
        reduced to its size, face-down count and top card: the cards buried there can never move again, and
        no rule reads them (a plain game: no override, no own rule that reads more than its top); and where
        clicks come only as part of a play, one turn of the stock from a redeal as the redeal itself."""
        if not self.folded and not self.stock_plays:
            cards = game.cards
            for i in self.out_of_play:
                if cards[i]:
                    break
            else:  # nothing out of play yet: the engine's key is this one, and quicker
                return game.position_key()
        parts = game._stack_keys[:]
        if self.out_of_play:
            cards = game.cards
            for i in self.out_of_play:  # its size and face-down count, without the bytes of each card
                if cards[i]:  # (an empty stack's key is that already)
                    parts[i] = bytes((len(cards[i]), game.face_down[i]))
        if None in parts:
            for i, key in enumerate(parts):
                if key is None:
                    parts[i] = game.stack_key(i)
        if self.stock_plays:
            # One stock cycle's positions, folded (the module's docstring): the stock as a redeal leaves it.
            stock, waste = parts[game.stock_ix], parts[game.waste_ix]
            if len(stock) == 2 or waste[0] % max(1, game.deal_count) == 0:
                size = stock[0] + waste[0]
                parts[game.stock_ix] = bytes((size, size)) + stock[2:] + waste[:1:-1]
                parts[game.waste_ix] = _EMPTY_WASTE
        if not self.folded:
            return game._joined_key(parts)
        # Each folded stack's part by its stack key, kept with the game (its copies share it): a folded stack
        # goes through a few states only (a foundation's 14).
        cache = game.__dict__.get("_derived_folded")
        if cache is None:
            cache = game.__dict__["_derived_folded"] = {i: {} for i in self.folded}
        for i in self.folded:
            whole = parts[i]
            if whole[0]:  # not empty
                part = cache[i].get(whole)
                if part is None:
                    part = cache[i][whole] = self._folded_part(game, i)
                parts[i] = part
        return game._joined_key(parts)

    def _folded_part(self, game: Game, i: int) -> bytes:
        """Stack ``i``'s part of the key: its size, face-down count and the first card that takes the same."""
        # What a stack takes follows the options and the base rank (empty=Base(...)): kept by both.
        options = (*sorted(game.option_values.items()), game.base_rank)
        alike = self._alike.get(options)
        if alike is None:
            alike = self._alike[options] = {j: _alike_tops(game, j) for j in self.folded}
        pile = game.cards[i]
        top = pile[-1]
        return bytes((len(pile), game.face_down[i], alike[i][top[0] * 4 + top[1]]))

    @staticmethod
    def _stock_plays(game_class: type[Game]) -> bool:
        """Whether stock clicks are tried only as the start of a play from the waste (the module's docstring):
        the stock deals to a waste, and the waste takes no card from anywhere."""
        wastes = [s for s in game_class.stacks if s.kind is Kind.WASTE]
        # Sound with any number of redeals; with a limited number (Forty Thieves: none) a card far down the
        # stock costs a long run of clicks to reach, and those runs made Forty Thieves' search nine times
        # slower per position for no deal more won (deals 1-8 at 10,000 positions), so only unlimited ones.
        return game_class.deal_to == "waste" and game_class.redeals is None and len(wastes) == 1 and (
            wastes[0].rule.pickup == PICK_TOP) and all(
            s.rule.accepts_from == frozenset() or (s.rule.build is None and s.rule.empty == "none") for s in wastes)

    @staticmethod
    def _gives_back(specs) -> bool:
        """Whether a foundation card may ever leave: picked up, and some stack takes cards from foundations."""
        if all(s.rule.pickup == PICK_NONE for s in specs if s.kind is Kind.FOUNDATION):
            return False
        return any(s.kind is not Kind.FOUNDATION and (s.rule.accepts_from is None
                                                       or Kind.FOUNDATION in s.rule.accepts_from)
                   for s in specs)

    @staticmethod
    def copies(game: Game) -> tuple[tuple[int, int], ...] | None:
        """Per suit, how many copies of each card the game holds and its highest rank ((0, 0) for a suit it
        lacks), or None when a suit's ranks do not run from the Ace in equal numbers. Moves never add or take
        away cards, so it is counted once per game and kept with it (its copies share it)."""
        found = game.__dict__.get("_derived_copies", False)
        if found is not False:
            return found
        count = [[0] * 14 for _ in range(4)]
        for pile in game.cards:
            for card in pile:
                count[card[1]][card[0]] += 1
        per_suit: list[tuple[int, int]] | None = []
        for suit in range(4):
            row = count[suit]
            top = max((rank for rank in range(1, 14) if row[rank]), default=0)
            if any(row[rank] != row[1] for rank in range(1, top + 1)):
                per_suit = None
                break
            per_suit.append((row[1], top))
        result = None if per_suit is None else tuple(per_suit)
        game.__dict__["_derived_copies"] = result
        return result

    def complete(self, game: Game) -> list[int] | None:
        """Per suit, the highest rank up to which every copy is on the foundations (13 once all are)."""
        copies = self.copies(game)
        if copies is None:
            return None
        lengths: list[list[int]] = [[], [], [], []]
        cards = game.cards
        for f in self.foundations:
            pile = cards[f]
            if pile:
                lengths[pile[0][1]].append(len(pile))
        out = []
        for suit in range(4):
            count, top = copies[suit]
            if not count:
                out.append(13)
                continue
            held = sorted(lengths[suit], reverse=True)
            level = held[count - 1] if len(held) >= count else 0
            out.append(13 if level >= top else level)
        return out

    def safe_move(self, game: Game) -> AnyMove | None:
        if not self.enabled:
            return None
        cards, face_down = game.cards, game.face_down
        # The safe cards follow from the foundations and the copies of each card (which a pack option may
        # change: the rules are the class's).
        state = (self.copies(game), *map(game.stack_key, self.foundations))
        safe = _kept(self._safe_now, state, self._safe_cards, game)
        if not safe:
            return None
        waste_ok = game.deal_count == 1 or game.stock_ix is None or not cards[game.stock_ix]
        for src in self.sources:
            pile = cards[src]
            if not pile or face_down[src] >= len(pile):
                continue
            if src == game.waste_ix and not waste_ok:
                continue
            card = pile[-1]
            for f in safe.get(card[0] * 4 + card[1], ()):
                move = Move(src, f, 1)
                if game.refusal(move) is None:  # what the rules say beyond fitting (accepts_from...)
                    return move
        return None

    def _safe_cards(self, game: Game) -> dict[int, tuple[int, ...]]:
        """For the foundations as they are: each card key that is safe to play now (see the module's
        docstring), with the foundations that take it; empty if none is."""
        complete = self.complete(game)
        if complete is None:
            return {}
        cards, rules = game.cards, game._rules
        tops = [EMPTY_KEY if not cards[f] else cards[f][-1][0] * 4 + cards[f][-1][1] for f in self.foundations]
        out: dict[int, tuple[int, ...]] = {}
        for key in CARD_KEYS:
            level = self.levels[key]
            if (level[0] > complete[0] or level[1] > complete[1] or level[2] > complete[2]
                    or level[3] > complete[3]):
                continue
            takers = tuple(f for f, top in zip(self.foundations, tops, strict=True) if key in rules[f].takes[top])
            if takers:
                out[key] = takers
        return out

    def useful_moves(self, game: Game, moves: list) -> list:
        if not self.stock_plays:
            return moves
        out = [m for m in moves if m.__class__ is not Deal and m.__class__ is not Redeal]  # card moves, pairs too
        if len(out) == len(moves):  # no stock click to make
            return moves
        waste, cards = game.waste_ix, game.cards
        # Where each card could go from the waste now: the clicks change nothing but the stock and the waste,
        # so the targets' answers hold after any number of them.
        wanted: dict[int, list[int]] = {}
        rules = game._rules
        for t in self.waste_targets:
            rule = rules[t]
            pile = cards[t]
            if rule.max_cards is not None and len(pile) >= rule.max_cards:
                continue
            if rule.own:
                keys = game.takes(t)
            else:
                keys = rule.takes[pile[-1][0] * 4 + pile[-1][1] if pile else EMPTY_KEY]
            for key in keys:
                wanted.setdefault(key, []).append(t)
        if not wanted:
            return out
        # The stock and the waste after each click, as the declared deal and redeal make them (the stock's
        # top cards turned onto the waste, deal_count at a time; the waste turned over as the stock).
        stock, shown = list(cards[game.stock_ix]), list(cards[waste])
        count = max(1, game.deal_count)
        left = None if game.redeals is None else game.redeals - game.redeals_used
        seen = {id(shown[-1])} if shown else set()
        clicks: list = []
        while True:
            if stock:
                n = min(count, len(stock))
                shown.extend(stock[:-n - 1:-1])
                del stock[-n:]
                clicks.append(DEAL)
            elif shown and (left is None or left > 0):
                stock = shown[::-1]
                shown = []
                clicks.append(REDEAL)
                if left is not None:
                    left -= 1
                continue
            else:
                break
            top = shown[-1]
            if id(top) in seen:  # a card shown before: the cycle is complete
                break
            seen.add(id(top))
            for t in wanted.get(top[0] * 4 + top[1], ()):
                out.append((*clicks, Move(waste, t, 1)))
        return out

    def sink(self, game: Game) -> Sink | None:
        """The one-foundation walk of ``game``'s class and options, or None (see :class:`Sink`)."""
        options = (*sorted(game.option_values.items()), game.base_rank)  # as in _folded_part
        sink = self._sinks.get(options, False)
        if sink is False:  # worked out once per set of options, from the first position asked
            sink = self._sinks[options] = Sink.of(self, game)
        return sink

    def dead_end(self, game: Game) -> bool:
        sink = self.sink(game)
        if sink is not None and sink.dead(game):
            return True
        if not self.enabled or not self.waits:
            return False
        # What _waiting reads: the cards at the bottom of each pile (every card of a pile whose cards move
        # alone), and how many copies of each card there are.
        alone = self.alone
        parts: list = [self.copies(game)]
        for i in self.piles:
            key = game.stack_key(i)
            parts.append(key[2:] if i in alone else key[1:3 + key[1]])
        state = tuple(parts)
        return _kept(self._waiting, state, self._waits_for_each_other, game)

    def _waits_for_each_other(self, game: Game) -> bool:
        """Whether some cards at the bottom of the piles wait for each other (the module's docstring)."""
        copies = self.copies(game)
        if copies is None:
            return False
        cards, face_down, alone = game.cards, game.face_down, self.alone
        # The candidates: (pile, height, key), and where each card key lies among them.
        spots: list[tuple[int, int, int]] = []
        for i in self.piles:
            pile = cards[i]
            last = len(pile) - 1 if i in alone else min(face_down[i], len(pile) - 1)
            for j in range(last + 1):
                card = pile[j]
                spots.append((i, j, card[0] * 4 + card[1]))
        at: dict[int, list[int]] = {}
        for n, (_, _, key) in enumerate(spots):
            at.setdefault(key, []).append(n)
        count = [0] * 56
        for suit, (per, top) in enumerate(copies):
            for rank in range(1, top + 1):
                count[rank * 4 + suit] = per
        to_empty, onto = self.to_empty, self.onto
        kept = [not to_empty[key] for _, _, key in spots]
        while True:
            highest: dict[int, int] = {}  # per pile, the highest height of a card still in the set
            for n, (i, j, _) in enumerate(spots):
                if kept[n] and j > highest.get(i, -1):
                    highest[i] = j

            def under(n: int, highest: dict = highest) -> bool:  # this pass's set
                i, j, _ = spots[n]
                return j < highest.get(i, -1)

            def shut(key: int, held: bool) -> bool:
                """Every copy of ``key`` lies under a card of the set (or, with ``held``, is in it)."""
                places = at.get(key, ())
                if len(places) < count[key]:  # a copy elsewhere: free to move, or already home
                    return False
                return all(under(n) or (held and kept[n]) for n in places)

            dropped = False
            for n, (_, _, key) in enumerate(spots):
                if not kept[n] or under(n):
                    continue
                rank, suit = key >> 2, key & 3
                if all(shut(y, False) for y in onto[key]) and any(
                        shut(r * 4 + suit, True) for r in range(1, rank)):
                    continue
                kept[n] = False
                dropped = True
            if not dropped:
                return any(kept)


def streamlined(game: Game, moves: list) -> list:
    """``moves`` narrowed to those a player would try first: no card taken back from a foundation, and a
    move from one pile to another that leaves a face-up card on top only when that card can then go to a
    foundation (so that runs are not shuffled between equal cards). Not sound: a game may need what it leaves
    out, so a search over these moves alone may miss every win, and its "lost" proves nothing. It only gives
    a quick line through the moves that usually win (see ``reussite.solver.search``); Klondike by threes,
    deals 1-40 at 10,000 positions: 24 won by it alone, 21 by the complete search."""
    specs, cards, face_down = game.specs, game.cards, game.face_down
    out = []
    for move in moves:
        last = move[-1] if move.__class__ is tuple else move
        if last.__class__ is Move:
            kind = specs[last.src].kind
            if kind is Kind.FOUNDATION:
                continue
            if kind is Kind.TABLEAU and specs[last.dst].kind is Kind.TABLEAU:
                left = len(cards[last.src]) - last.n
                if left > face_down[last.src] and not _then_home(game, last):
                    continue
        out.append(move)
    return out


def _then_home(game: Game, move: Move) -> bool:
    """Whether, once ``move`` is played, the card it uncovers can go to a foundation."""
    game.push(move, False)
    home = any(game.refusal(Move(move.src, f, 1)) is None for f in game.foundation_ix)
    game.pop()
    return home


def _kept(cache: dict, state: tuple, work_out, game: Game):
    """``work_out(game)``, kept in ``cache`` by ``state`` (emptied once it holds _SAFE_KEPT answers)."""
    found = cache.get(state)
    if found is None:
        found = work_out(game)
        if len(cache) >= _SAFE_KEPT:
            cache.clear()
        cache[state] = found
    return found


def _takes_by_top(game: Game, stack: int) -> list[frozenset[int]]:
    """What ``stack`` takes with each card key on top (index: the key), from its compiled rule, or for an own
    rule declared ``by_top`` from ``takes()`` asked of a pile ending in that card (swapped in for a moment, on
    the search's own copy)."""
    rule = game._rules[stack]
    if not rule.own:
        return [frozenset(rule.takes[key]) for key in range(56)]
    out = [frozenset()] * 56
    saved = game.cards[stack]
    try:
        for key in pack_keys(game):
            game.cards[stack] = [Card(key >> 2, key & 3)]
            out[key] = frozenset(game.takes(stack))
    finally:
        game.cards[stack] = saved
    return out


def pack_keys(game: Game) -> tuple[int, ...]:
    """The keys of the cards ``game`` can hold: every card's, and the jokers' (keys 1 and 2) if it has any."""
    return JOKER_KEYS + CARD_KEYS if getattr(game, "jokers", 0) else CARD_KEYS


def _alike_tops(game: Game, stack: int) -> list[int]:
    """For each card key, the first key that makes ``stack`` take the same cards when on top: the one thing
    the top card of a folded stack changes (``take_refusal`` only words a refusal)."""
    first: dict[frozenset[int], int] = {}
    return [first.setdefault(taken, key) for key, taken in enumerate(_takes_by_top(game, stack))]


class Sink:
    """The one-foundation walk of a game whose every card can only go onto a single foundation that never
    gives one back (Black Hole, Golf): the cards reach it one at a time, each one taken by the card then on
    top. See the module's docstring, "Dead ends of a one-foundation walk"."""

    def __init__(self, foundation: int, sources: tuple[int, ...], stock: int | None,
                 succ: dict[int, frozenset[int]]) -> None:
        self.foundation, self.sources, self.stock = foundation, sources, stock
        # Classes: card keys alike in what they take and what takes them (ranks, in Black Hole and Golf).
        keys = tuple(succ)
        pred: dict[int, set[int]] = {key: set() for key in keys}
        for key, after in succ.items():
            for other in after:
                pred[other].add(key)
        kinds: dict[tuple, int] = {}
        self.cls = [0] * 56
        for key in keys:
            self.cls[key] = kinds.setdefault((succ[key], frozenset(pred[key])), len(kinds))
        count = len(kinds)
        self.succ = [frozenset() for _ in range(count)]
        self.pred = [frozenset() for _ in range(count)]
        for key in keys:
            k = self.cls[key]
            self.succ[k] = frozenset(self.cls[x] for x in succ[key])
            self.pred[k] = frozenset(self.cls[x] for x in pred[key])
        self.count = count
        self.memo: dict[bytes, bool] = {}

    @classmethod
    def of(cls, knowledge: Knowledge, game: Game) -> Sink | None:
        """The walk of ``game``'s class, or None when its declarations do not make it one: a plain game (see
        :class:`Knowledge`), one foundation that lets no card be picked up, every other stack taking nothing
        (no build, nothing on an empty one) and a stock, if any, that deals onto the foundation."""
        game_class = type(game)
        if not knowledge.plain:
            return None
        specs = game_class.stacks
        found = [i for i, s in enumerate(specs) if s.kind is Kind.FOUNDATION]
        if len(found) != 1 or specs[found[0]].rule.pickup != PICK_NONE:
            return None
        stock = None
        for i, spec in enumerate(specs):
            if spec.kind is Kind.STOCK:
                if game_class.deal_to != "foundation":
                    return None
                stock = i
            elif i != found[0]:
                rule = spec.rule
                if rule.own_rule or (rule.accepts_from != frozenset() and (rule.build is not None
                                                                           or rule.empty != NONE)):
                    return None
        f = found[0]
        taken = _takes_by_top(game, f)
        succ = {key: taken[key] for key in pack_keys(game)}
        sources = tuple(i for i, s in enumerate(specs) if i != f and i != stock)
        return cls(f, sources, stock, succ)

    def dead(self, game: Game) -> bool:
        """Whether no order of the cards left can reach the foundation one after another: a class of cards
        left that no walk from the foundation's top card reaches, or more cards of a class than cards that
        could be just before them."""
        cards, cls = game.cards, self.cls
        if not cards[self.foundation]:  # nothing on top yet: any card may start the walk
            return False
        counts = bytearray(2 * self.count + 1)
        for i in self.sources:
            for card in cards[i]:
                counts[cls[card[0] * 4 + card[1]]] += 1
        if self.stock is not None:
            base = self.count
            for card in cards[self.stock]:
                counts[base + cls[card[0] * 4 + card[1]]] += 1
        top = cards[self.foundation][-1]
        start = cls[top[0] * 4 + top[1]]
        counts[-1] = start
        return self.dead_counts(bytes(counts), start)

    def dead_counts(self, counts: bytes, start: int) -> bool:
        """:meth:`dead` from the counts: per kind the cards left on the piles, then those in the stock, then
        the kind on top (``start``)."""
        found = self.memo.get(counts)
        if found is None:
            found = self._dead(counts, start)
            if len(self.memo) >= _SINK_MEMO:
                self.memo.clear()
            self.memo[counts] = found
        return found

    def _dead(self, counts: bytes, start: int) -> bool:
        n = self.count
        left = [counts[k] for k in range(n)]
        dealt = [counts[n + k] for k in range(n)]
        if not any(left):
            return False
        # Each card left needs a card just before it that takes it: the top card now, a card left or one
        # the stock deals; each of those is just before one card at most.
        for k in range(n):
            if left[k]:
                before = sum(left[p] + dealt[p] for p in self.pred[k]) + (start in self.pred[k])
                if left[k] > before:
                    return True
        # Every class left must be reached from the top card through classes with cards still to come (a
        # dealt card may come at any time, whatever is on top).
        seen = {start}
        todo = [start, *(k for k in range(n) if dealt[k])]
        seen.update(todo)
        while todo:
            k = todo.pop()
            for x in self.succ[k]:
                if x not in seen and (left[x] or dealt[x]):
                    seen.add(x)
                    todo.append(x)
        return any(left[k] and k not in seen for k in range(n))


#: How many walk answers a search keeps (they are a few bytes each, keyed by the counts).
_SINK_MEMO = 50_000
