"""Knowledge the solver works out from a game's declarations alone (its stack rules and its pack), so that a
game with no companion of its own is searched with it too: the defaults of
:class:`reussite.solver.companion.Companion`.

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

from reussite.game import Game, Move
from reussite.rules import CARD_KEYS, EMPTY_KEY, PICK_NONE, Build, Kind

if TYPE_CHECKING:
    from reussite.game import AnyMove

#: Game methods whose override makes the derived rules stand aside: they can make what is legal, or what a
#: move does, depend on more than the declarations.
OVERRIDES = ("after_move", "do_deal", "do_redeal", "stock_refusal", "redeal_refusal", "can_deal", "pick_refusal",
             "drop_refusal", "extra_refusal", "refusal", "is_won", "on_foundations", "total_cards",
             "flip_exposed_cards", "move_cards", "deal_cards")

_UP_IN_SUIT = Build("same", 1)


def _overridden(game_class: type[Game]) -> list[str]:
    return [name for name in OVERRIDES if getattr(game_class, name, None) is not getattr(Game, name)]


class Knowledge:
    """What the declarations of one game class let the solver prove (see the module's docstring)."""

    def __init__(self, game_class: type[Game]) -> None:
        self.game_class = game_class
        self.why_not = self._why_not(game_class)
        self.enabled = self.why_not is None
        if not self.enabled:
            return
        specs = game_class.stacks
        # need[key]: the keys of the cards that may be placed on the card ``key`` outside the foundations.
        need: list[frozenset[int]] = [frozenset()] * 56
        from reussite.rules import CompiledRule

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

    @staticmethod
    def _why_not(game_class: type[Game]) -> str | None:
        """Why the derived rules do not apply to this game (None: they do)."""
        overridden = _overridden(game_class)
        if overridden:
            return "overrides " + ", ".join(overridden)
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
        complete = None
        cards, face_down = game.cards, game.face_down
        waste_ok = game.deal_count == 1 or game.stock_ix is None or not cards[game.stock_ix]
        levels = self.levels
        for src in self.sources:
            pile = cards[src]
            if not pile or face_down[src] >= len(pile):
                continue
            if src == game.waste_ix and not waste_ok:
                continue
            card = pile[-1]
            key = card[0] * 4 + card[1]
            level = levels[key]
            if complete is None:
                complete = self.complete(game)
                if complete is None:
                    return None
            if (level[0] > complete[0] or level[1] > complete[1] or level[2] > complete[2]
                    or level[3] > complete[3]):
                continue
            for f in self.foundations:
                target = cards[f]
                top = target[-1] if target else None
                if key in game._rules[f].takes[EMPTY_KEY if top is None else top[0] * 4 + top[1]]:
                    move = Move(src, f, 1)
                    if game.refusal(move) is None:  # what the rules say beyond fitting (accepts_from...)
                        return move
        return None

    def dead_end(self, game: Game) -> bool:
        return False
