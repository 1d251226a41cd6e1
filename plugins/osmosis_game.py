"""Osmosis (Osmose): rules R-OS-1 to R-OS-11, from Aisleriot's French page (see docs/rules.md).
The three-card deal of R-OS-9 is an option of this game: ``--option deal=3``."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from reussite.cards import Card
from reussite.game import AnyMove, Move, Reason
from reussite.messages import N_, SUIT_NAMES, Message
from reussite.rules import (
    CARD_KEYS,
    NONE,
    PICK_NONE,
    PICK_TOP,
    Kind,
    StackRule,
    StackSpec,
    card_key,
    rank_name,
    stock,
    waste,
)
from reussite.variant import Option, Variant

R_OS_SUIT = Reason(N_("{card.The} cannot go on {stack}: it takes only {suit}."))
R_OS_START = Reason(N_("{card.The} cannot start {stack}: a new foundation starts with {rank.a}, the base card's "
                       "rank."))
R_OS_ORDER = Reason(N_("{card.The} cannot start {stack}: the foundation above it has not been started yet."))
R_OS_RANK_ABOVE = Reason(N_("{card.The} cannot go on {stack}: there is no {rank} on the foundation above it yet."))

RESERVES = 4
_EVERY = frozenset(CARD_KEYS)
_NOTHING: frozenset[int] = frozenset()
_SUIT_KEYS = tuple(frozenset(k for k in CARD_KEYS if k & 3 == suit) for suit in range(4))
_RANK_KEYS = (_NOTHING, *(frozenset(k for k in CARD_KEYS if k >> 2 == rank) for rank in range(1, 14)))
#: (suit, the foundation above's stack key) -> what a started foundation of that suit takes (R-OS-7).
_RANKS_ABOVE: dict[tuple[int, bytes], frozenset[int]] = {}
#: The foundations take cards by Osmosis.takes (R-OS-5 to R-OS-7), one at a time; their cards stay there.
FOUNDATION_RULE = StackRule(own_rule=True, pickup=PICK_NONE, flip_exposed=False)
#: R-OS-2: a fanned reserve; only its top card moves, nothing is built on it, an exposed card turns up.
RESERVE_RULE = StackRule(build=None, empty=NONE, pickup=PICK_TOP, accepts_from=frozenset(), flip_exposed=True)


class FoundationSpec(StackSpec):
    """An Osmosis foundation: described by its own rule, which no declarative build can say."""

    __slots__ = ()

    def describe(self) -> Message:
        if self.number == 1:
            return Message(N_("Takes any card of the base card's suit, in any order."))
        return Message(N_("Starts with a card of the base card's rank once the foundation above is started; "
                          "then takes its own suit, in any order, but only ranks already on the foundation above."))


class Osmosis(Variant):
    id = "osmosis"
    name = N_("Osmosis")
    alt_names = (N_("Treasure Trove"),)
    decks = 1  # R-OS-1
    options = (
        Option("deal", ("1", "3"), "1",
               N_("cards turned from the stock at a time: 1 with two redeals, or 3 with unlimited redeals"),
               label=N_("Stock"),
               choice_labels=(N_("1 card at a time, 2 redeals"), N_("3 cards at a time, unlimited redeals"))),
    )
    stacks = (
        # R-OS-2, R-OS-3: four fanned reserves on the left, four foundations on the right (fanned, so that
        # the ranks that R-OS-7 depends on stay visible); the stock and the waste beyond them.
        stock(7, 0),
        waste(7, 1),
        *(FoundationSpec(f"foundation-{i + 1}", Kind.FOUNDATION, FOUNDATION_RULE, 2.5, i, "right") for i in range(4)),
        *(StackSpec(f"reserve-{i + 1}", Kind.RESERVE, RESERVE_RULE, 0, i, "right") for i in range(RESERVES)),
    )
    deal_to = "waste"

    def configure(self) -> None:
        # R-OS-4: one card at a time, two redeals; R-OS-9: three at a time, unlimited redeals.
        three = self.option_values["deal"] == "3"
        self.deal_count = 3 if three else 1
        self.redeals = None if three else 2

    def deal(self, cards: list[Card]) -> None:
        # PySolFC's order: three face-down rows on the reserves, one face-up row, then the base card.
        for _ in range(3):
            self.deal_row(cards, self.reserve_ix, face_down=True)
        self.deal_row(cards, self.reserve_ix)
        self.place("foundation-1", [cards.pop()])
        self.place("stock", cards)

    # -- the foundations (R-OS-5 to R-OS-7) -----------------------------------------------------------

    def takes(self, dst: int) -> frozenset[int]:
        """The cards foundation ``dst`` takes now (R-OS-5 to R-OS-7), as keys: the one definition of the rule
        (the foundations' places are consecutive in the layout above)."""
        foundations = self.foundation_ix
        pile = self.cards[dst]
        if dst == foundations[0]:  # R-OS-5: any card of the base card's suit, at any time
            return _SUIT_KEYS[pile[0][1]] if pile else _EVERY
        if not pile:
            if not self.cards[dst - 1]:  # R-OS-7: the foundation above must be started first
                return _NOTHING
            first = self.cards[foundations[0]]
            return _RANK_KEYS[first[0][0]] if first else _EVERY  # R-OS-6: the base card's rank
        # R-OS-7: its own suit, only ranks already on the foundation above (read from its cached key).
        above = self.stack_key(dst - 1)
        found = _RANKS_ABOVE.get((pile[0][1], above))
        if found is None:
            if len(_RANKS_ABOVE) > 50_000:
                _RANKS_ABOVE.clear()
            suit = pile[0][1]
            found = _RANKS_ABOVE[suit, above] = frozenset(key & ~3 | suit for key in above[2:])
        return found

    def take_refusal(self, card: Card, dst: int) -> Reason | None:
        """Why foundation ``dst`` refuses ``card``, for the message (``takes`` decides)."""
        foundations = self.foundation_ix
        pile = self.cards[dst]
        if dst == foundations[0] or (pile and card[1] != pile[0][1]):
            return R_OS_SUIT
        if not pile:
            first = self.cards[foundations[0]]
            return R_OS_START if first and card[0] != first[0][0] else R_OS_ORDER
        return R_OS_RANK_ABOVE

    def explain_params(self, move: AnyMove, reason: Reason) -> dict[str, Any]:
        if not isinstance(move, Move) or move.dst not in self.foundation_ix or not self.cards[move.src]:
            return {}
        card = self.cards[move.src][-1]
        pile = self.cards[move.dst]
        first = self.cards[self.foundation_ix[0]]
        params: dict[str, Any] = {"card": card}
        if reason is R_OS_SUIT and pile:
            params["suit"] = Message(SUIT_NAMES[pile[0].suit])
        elif reason is R_OS_START and first:
            params["rank"] = rank_name(first[0].rank)
        elif reason is R_OS_RANK_ABOVE:
            params["rank"] = rank_name(card.rank)
        return params

    def safe_move(self) -> Move | None:
        """A reserve's top card (and with one-card deals the waste's) onto a started foundation (for the solver).

        R-OS-5 to R-OS-7: a started foundation takes one suit, and the four foundations have four different
        suits (one pack), so such a card has one place to go; what a foundation takes later depends only on
        the ranks already on the foundation above, which one more card can only widen. R-OS-2: reserve cards
        go nowhere else, and playing one uncovers the next (R-OS-8). With one-card deals (R-OS-4) a waste card
        played early only drops out of the turn order, the other cards keep theirs, and a pass can only need
        fewer redeals. With three-card deals (R-OS-9) removing a waste card regroups every later triple, so
        only the last card of a pass (the stock is empty) is safe: it is the last card of every later pass
        too, so it comes to the top at the end of each, and taking it out moves no other card to another
        place in the triples (the one before it becomes the last, which only uncovers more).
        Starting a foundation is never forced: which suit goes where decides what the ones below may take."""
        cards = self.cards
        sources = list(self.reserve_ix)
        if self.deal_count == 1 or not cards[self.stock_ix]:
            sources.append(self.waste_ix)
        for src in sources:
            pile = cards[src]
            if not pile or self.face_down[src] >= len(pile):
                continue
            card = pile[-1]
            for f in self.foundation_ix:
                if cards[f] and cards[f][0].suit == card.suit:
                    if card_key(card) in self.takes(f):
                        return Move(src, f, 1)
                    break
        return None

    def dead_end(self) -> bool:
        """True when no line can win from here (for the solver; see ``reussite.solver``).

        The test is a relaxed game in which a card, once it may be played, stays playable: the reserves keep
        their order (R-OS-2, R-OS-8) and the foundations their rules (R-OS-5 to R-OS-7), and if even that game
        leaves a card that can never be played, the real one does too. It is solved exactly by playing
        greedily: once the suits of the foundations are fixed (each way the unstarted ones could be given the
        remaining suits is tried), a card played never stops another from being played, since foundations
        only gain ranks, reserves only uncover cards and the set of free stock and waste cards only grows.

        With one-card deals (R-OS-4) every stock and waste card is free in the relaxed game. With three-card
        deals (R-OS-9) only the cards that can come to the top of the waste are: see ``_free_cards``."""
        cards = self.cards
        foundations = [cards[f] for f in self.foundation_ix]
        reserves = [cards[r] for r in self.reserve_ix]
        cache = self.__dict__.setdefault("_dead_cache", {})
        if len(cache) > 200_000:
            cache.clear()
        key = (tuple(self.stack_key(f) for f in self.foundation_ix), tuple(len(r) for r in reserves))
        dead = cache.get(key)
        if dead is None:
            order = [c for i in (self.waste_ix, self.stock_ix) for c in cards[i]]
            dead = cache[key] = self._relaxed_dead(foundations, reserves, order, None)
        if dead or self.deal_count != 3:
            return dead
        key = (key, self.stack_key(self.stock_ix), self.stack_key(self.waste_ix))
        dead = cache.get(key)
        if dead is None:
            waste, stock = cards[self.waste_ix], cards[self.stock_ix]
            order = waste + stock[::-1]  # the order in which every pass turns them
            dead = cache[key] = self._relaxed_dead(foundations, reserves, order, self._top_places(len(waste),
                                                                                                 len(order)))
        return dead

    @staticmethod
    def _top_places(turned: int, count: int) -> list[bool]:
        """With three-card deals: which places of the turning order (the waste's cards from the bottom, then
        the stock's in the order they are dealt) come to the top of the waste while no stock or waste card
        is played: the waste's top card, the third of each later triple of this pass and of every later pass,
        and the last card (R-OS-4, R-OS-9)."""
        top = [False] * count
        if turned:
            top[turned - 1] = True
        for k in range(turned, count):
            top[k] = (k - turned) % 3 == 2
        for k in range(count):
            top[k] = top[k] or k % 3 == 2
        if count:
            top[-1] = True
        return top

    def _relaxed_dead(self, foundations, reserves, order, free) -> bool:
        if not foundations[0]:
            return False
        base = foundations[0][0].rank
        started = [pile[0].suit for pile in foundations if pile]
        if len(started) != len({*started}) or any(not p for p in foundations[:len(started)]):
            return False  # not a position the rules lead to: no claim
        for rest in permutations([s for s in range(4) if s not in started]):
            if _relaxed_win(base, [*started, *rest], foundations, reserves, order, free):
                return False
        return True

    def solver_key(self) -> bytes:
        """``position_key`` with each foundation's cards above its first one in a fixed order (for the
        solver): R-OS-5 and R-OS-7 ask only which suit a foundation has (its first card's), which ranks the
        one above holds and, for R-OS-6, the base card's rank (the first card of the first foundation), never
        in which order the cards came, so positions that differ only by that order have the same future."""
        folded = self.__dict__.setdefault("_folded_keys", {})
        if len(folded) > 100_000:
            folded.clear()
        parts = [self.stack_key(i) for i in range(len(self.specs))]
        for f in self.foundation_ix:
            fixed = folded.get(parts[f])
            if fixed is None:
                fixed = folded[parts[f]] = parts[f][:3] + bytes(sorted(parts[f][3:]))
            parts[f] = fixed
        parts[self.reserve_ix[0]:self.reserve_ix[-1] + 1] = sorted(parts[i] for i in self.reserve_ix)
        if self.redeals is not None:
            parts.append(bytes((255, self.redeals_used)))
        return b"".join(parts)

    def interchangeable_stacks(self) -> tuple[tuple[int, ...], ...]:
        # The reserves are alike (only their top cards move, nothing goes on them); foundations are ordered.
        return (self.reserve_ix,)

    # R-OS-10: the default score, one point a card on the foundations.
    max_score = 52


def _relaxed_win(base: int, suits: list[int], foundations, reserves, order, free) -> bool:
    """The relaxed game of ``Osmosis.dead_end`` with foundation k given suit ``suits[k]``: can every card be
    played? ``order`` holds the stock and waste cards in turning order; ``free`` says which of them may be
    played (None: all of them, always).

    With three-card deals, a card comes to the top of the waste only in one of three ways: it is a top place
    while no card is played (``Osmosis._top_places``); a card before it in the turning order was played, so it
    moved to another place in the triples (every later card is then counted free); or the cards above it in
    the waste were played, the last of them with nothing left between them. So playing a card frees every
    later card and the nearest earlier card not played yet. Whatever order a winning line plays its cards
    in, each of them is free in this game by the time the greedy play has stopped."""
    where = {suit: k for k, suit in enumerate(suits)}
    ranks = [{c.rank for c in pile} for pile in foundations]
    started = [bool(pile) for pile in foundations]
    tops = [len(r) for r in reserves]
    count = len(order)
    played = [False] * count
    left = count
    free = [True] * count if free is None else list(free)
    changed = True
    while changed:
        changed = False
        for k in range(count):
            if free[k] and not played[k] and _play(order[k], where, ranks, started, base):
                played[k] = True
                left -= 1
                changed = True
                for j in range(k + 1, count):
                    free[j] = True
                j = k - 1
                while j >= 0 and played[j]:
                    j -= 1
                if j >= 0:
                    free[j] = True
        for i, pile in enumerate(reserves):
            while tops[i] and _play(pile[tops[i] - 1], where, ranks, started, base):
                tops[i] -= 1
                changed = True
    return not left and not any(tops)


def _play(card: Card, where, ranks, started, base) -> bool:
    k = where[card.suit]
    if not started[k]:
        if card.rank != base or (k and not started[k - 1]):
            return False
        started[k] = True
    elif k and card.rank not in ranks[k - 1]:
        return False
    ranks[k].add(card.rank)
    return True
